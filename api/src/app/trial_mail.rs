//! The free trial's e-mail with the link that confirms the buyer's e-mail address
//! (`trial_verification`), queued by the `start-trial` workflow with the digest of its token.
//! Its text, and the welcome's, are jobs::mail's.

use jobs::mail::{Email, MailKind};
use projections::trials::TrialView;

use crate::app::state::AppState;
use crate::platform::error::ApiError;

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
        MailKind::TrialVerification.as_str(),
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
    let email = Email::TrialVerification { view, number, site_url: &state.services.config.site_url, token: &token };
    jobs::outbox::queue_on(&mut tx, &view.email, id, &email).await?;
    tx.commit().await?;
    Ok(())
}
