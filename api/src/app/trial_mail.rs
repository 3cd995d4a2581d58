//! The free trial's e-mails written to the outbox by the `start-trial` workflow: the one
//! with the link that confirms the buyer's e-mail address (`trial_verification`), and the
//! welcome (`trial_welcome`; no passwords in either, ever). The reminder before the end is
//! the end-trials job's (jobs::trials).

use chrono::{DateTime, Utc};
use projections::trials::TrialView;

use crate::app::checkout::mail::sip_server_line;
use crate::app::state::AppState;
use crate::platform::config::SipServer;
use crate::platform::error::ApiError;

/// The outbox kind of the e-mail with the confirmation link.
pub const VERIFICATION_KIND: &str = "trial_verification";

/// The web app's page the confirmation link opens (it sends the token to
/// `POST /api/trial-email-verifications`).
pub const VERIFY_PATH: &str = "/trial/verify";

fn when(at: Option<DateTime<Utc>>) -> String {
    at.map(|t| t.format("%A %-d %B %Y, %H:%M UTC").to_string()).unwrap_or_default()
}

/// The welcome e-mail's subject and body (no passwords in it).
pub fn welcome(view: &TrialView, number: &str, sip: &SipServer) -> (&'static str, String) {
    let ends = when(view.ends_at);
    let username = view.extension.as_ref().map(|e| e.username.clone()).unwrap_or_default();
    let confirm = if view.verify_by.is_some() && !view.email_verified {
        format!(
            "Please confirm your email address with the link in our email \"Confirm your email address to keep your \
             free trial\", by {}. Until then your trial cannot make outgoing calls, and if it is not confirmed by then \
             the trial ends and your number is released.\n\n",
            when(view.verify_by)
        )
    } else {
        String::new()
    };
    let body = format!(
        "Hello {},\n\nYour 7-day free trial has started successfully.\n\n{confirm}Your number: {number}\nExtension: 101 (username {username}, {})\n\
         Minutes included: {}\nYour trial ends: {ends}\n\nSet up any SIP phone or softphone with the username, its SIP password \
         and this server. Log in with your e-mail address and the password you chose.\n",
        view.first_name,
        sip_server_line(sip),
        view.minutes
    );
    ("Your 7-day free trial has started", body)
}

/// The confirmation e-mail's subject and body, with the link that carries `token`.
pub fn verification(view: &TrialView, number: &str, site_url: &str, token: &str) -> (&'static str, String) {
    let body = format!(
        "Hello {},\n\nPlease confirm your email address to keep your Talkbridge free trial:\n\n\
         {}{VERIFY_PATH}?token={token}\n\n\
         Until you confirm it, your trial cannot make outgoing calls. If the link is not followed within 24 hours \
         (by {}), the trial ends and your number {number} is released.\n\n\
         The link works once. If you did not start a free trial with us, ignore this email: the trial ends by itself.\n",
        view.first_name,
        site_url.trim_end_matches('/'),
        when(view.verify_by),
    );
    ("Confirm your email address to keep your free trial", body)
}

/// Queues the confirmation e-mail once: a new random token, whose digest only is kept
/// (`trials.verify_digest`), written in one transaction with the e-mail that carries it. A
/// trial whose e-mail is queued already keeps its token (a resumed workflow makes no second
/// link, so the first stays good).
pub async fn queue_verification(state: &AppState, id: &str, view: &TrialView, number: &str) -> Result<(), ApiError> {
    let mut tx = state.pool.begin().await?;
    // The trial's row, locked: one writer of its token at a time.
    sqlx::query!("SELECT trial_id FROM trials WHERE trial_id = $1 FOR UPDATE", id).fetch_optional(&mut *tx).await?;
    let queued: bool = sqlx::query_scalar!(
        r#"SELECT EXISTS (SELECT 1 FROM outbox WHERE kind = $1 AND reference = $2) AS "exists!""#,
        VERIFICATION_KIND,
        id
    )
    .fetch_one(&mut *tx)
    .await?;
    if queued {
        return Ok(());
    }
    let token = crate::app::order_secrets::new_secret();
    sqlx::query!(
        "UPDATE trials SET verify_digest = $2 WHERE trial_id = $1",
        id,
        crate::app::order_secrets::digest(&token)
    )
    .execute(&mut *tx)
    .await?;
    let (subject, body) = verification(view, number, &state.services.config.site_url, &token);
    let mail =
        jobs::outbox::Mail { recipient: &view.email, subject, body: &body, kind: VERIFICATION_KIND, reference: id };
    jobs::outbox::queue_on(&mut tx, mail).await?;
    tx.commit().await?;
    Ok(())
}
