//! Customers' own account: signing in with the password set at checkout or with the Google
//! account of the address, signing out (sessions: crate::app::customer_sessions).
//!
//! Signing in to an account whose address is not confirmed yet (`verified_at` null) is allowed
//! with its password: whoever set it at checkout bought what the account holds. What needs the
//! address confirmed is listed in crate::app::customer_sessions (hardware orders). A Google
//! sign-in or a followed "Forgot password" link proves the address and claims an unconfirmed
//! account (crate::app::accounts::claim): it becomes confirmed, a password set by whoever typed
//! the address stops working (with their sessions), and the SIP passwords they could read are
//! replaced. Checkout and trial start with Google claim it the same way.

use aggregates::actor::Actor;
use jobs::mail::Email;
use store::commands::Context;
use uuid::Uuid;

use crate::app::accounts;
use crate::app::customer_sessions;
use crate::app::password_guesses::{self, Whose};
use crate::app::state::AppState;
use crate::platform::client::ClientAddress;
use crate::platform::error::ApiError;
use crate::platform::limits;
use crate::platform::refusals::{
    GOOGLE_SIGN_IN_FAILED, INVALID_CREDENTIALS, RESET_LINK_EXPIRED, RESET_LINK_INVALID, RESET_LINK_USED,
    TOO_MANY_SIGN_IN_ATTEMPTS,
};

/// How a customer proves who they are.
pub enum Credentials {
    Password(String),
    /// A Google ID token (the sign-in button's credential).
    Google(String),
}

/// A started session: the cookie's token and what `/api/account/me` answers.
pub struct SignedIn {
    pub token: String,
    pub csrf_token: String,
    pub email: String,
    pub verified: bool,
}

pub fn invalid_credentials() -> ApiError {
    ApiError::refused(&INVALID_CREDENTIALS)
}

fn google_failed() -> ApiError {
    ApiError::refused(&GOOGLE_SIGN_IN_FAILED)
}

pub fn too_many_sign_ins() -> ApiError {
    ApiError::refused(&TOO_MANY_SIGN_IN_ATTEMPTS)
}

/// Normalised e-mail: trimmed, lower case.
pub fn normal_email(email: &str) -> String {
    email.trim().to_lowercase()
}

/// Signs a customer in. Failed attempts are limited (counted before the argon2 work, given
/// back when the sign-in succeeds): per e-mail from one client address, per client address,
/// and per e-mail from anywhere with a higher ceiling (limits::CUSTOMER_SIGN_IN_*).
pub async fn sign_in(
    state: &AppState,
    address: &ClientAddress,
    email: &str,
    credentials: Credentials,
) -> Result<SignedIn, ApiError> {
    let email = normal_email(email);
    let pair = limits::email_and_address(&email, address.as_str());
    let buckets = [
        (&limits::CUSTOMER_SIGN_IN_PER_EMAIL_AND_ADDRESS, pair.as_str()),
        (&limits::CUSTOMER_SIGN_IN_PER_ADDRESS, address.as_str()),
        (&limits::CUSTOMER_SIGN_IN_PER_EMAIL, email.as_str()),
    ];
    let Some(attempt) = limits::attempt(&state.pool, state.clock.now(), &buckets).await? else {
        return Err(too_many_sign_ins());
    };
    let account = sqlx::query!(
        "SELECT id, password_hash, google_subject, verified_at FROM customer_accounts WHERE email = $1",
        &email
    )
    .fetch_optional(&state.pool)
    .await?;
    let account_id: Uuid = match credentials {
        Credentials::Password(password) => {
            let check = password_guesses::begin(&state.pool, state.clock.as_ref(), Whose::Customer, &email).await?;
            // Unknown addresses are checked against a dummy hash so both answers take as long.
            let hash = account.as_ref().and_then(|a| a.password_hash.clone());
            let valid = accounts::verify(password, hash).await?;
            match account {
                Some(account) if valid => {
                    check.right(&state.pool).await?;
                    account.id
                }
                _ => {
                    tracing::warn!(%address, "failed customer sign-in");
                    return Err(invalid_credentials());
                }
            }
        }
        Credentials::Google(token) => {
            let config = &state.services.config;
            let Some(client_id) = &config.google_client_id else { return Err(google_failed()) };
            let subject = crate::adapters::google::verified_subject(
                &state.services.http,
                &config.google_tokeninfo_url,
                client_id,
                &token,
                &email,
            )
            .await
            .ok_or_else(google_failed)?;
            let Some(account) = account else { return Err(google_failed()) };
            if account.google_subject.as_ref().is_some_and(|known| *known != subject) {
                return Err(google_failed());
            }
            let mut tx = state.pool.begin().await?;
            // Google vouches for the address: an account nobody had proven is now its owner's,
            // and a password typed by someone else at checkout no longer opens it.
            let context = Context::new(Actor::Customer(email.clone()));
            let rotated = Box::pin(accounts::claim(state, &mut tx, &context, account.id, None)).await?;
            sqlx::query!(
                "UPDATE customer_accounts SET google_subject = COALESCE(google_subject, $2) WHERE id = $1",
                account.id,
                &subject
            )
            .execute(&mut *tx)
            .await?;
            tx.commit().await?;
            rotated.publish(state).await;
            account.id
        }
    };
    attempt.forget(&state.pool).await?;
    start_session(state, account_id).await
}

/// A new session for the account, with what `/api/account/me` answers.
pub async fn start_session(state: &AppState, account_id: Uuid) -> Result<SignedIn, ApiError> {
    let crate::app::sessions::Started { token, csrf_token } = customer_sessions::start(&state.pool, account_id).await?;
    let account = sqlx::query!("SELECT email, verified_at FROM customer_accounts WHERE id = $1", account_id)
        .fetch_one(&state.pool)
        .await?;
    Ok(SignedIn { token, csrf_token, email: account.email, verified: account.verified_at.is_some() })
}

/// Signs in the buyer who just finished a checkout or started a trial (their password or
/// Google account was proven, or the account made with it): the thank-you page then reads
/// the order as its owner, reloads included.
pub async fn sign_in_buyer(state: &AppState, email: &str) -> Result<Option<SignedIn>, ApiError> {
    let account: Option<Uuid> =
        sqlx::query_scalar!("SELECT id FROM customer_accounts WHERE email = $1", normal_email(email))
            .fetch_optional(&state.pool)
            .await?;
    match account {
        Some(id) => Ok(Some(start_session(state, id).await?)),
        None => Ok(None),
    }
}

// ---------------------------------------------------------------------------------------
// "Forgot password": a one-time link, an hour to live, that sets a new password and
// confirms the address (the claim of an account nobody has confirmed yet).

/// How long a link works.
pub const RESET_MINUTES: i64 = 60;

/// Asks for a link: limited per client address and per e-mail (429 above), and otherwise the
/// same answer whether or not the address has an account. Only an account's address gets mail.
pub async fn request_reset(state: &AppState, address: &ClientAddress, email: &str) -> Result<(), ApiError> {
    let email = normal_email(email);
    limits::require(
        &state.pool,
        state.clock.now(),
        &[(&limits::PASSWORD_RESET_PER_ADDRESS, address.as_str()), (&limits::PASSWORD_RESET_PER_EMAIL, email.as_str())],
    )
    .await?;
    let account: Option<Uuid> = sqlx::query_scalar!("SELECT id FROM customer_accounts WHERE email = $1", &email)
        .fetch_optional(&state.pool)
        .await?;
    let Some(account_id) = account else { return Ok(()) };
    let token = crate::app::order_secrets::new_secret();
    let digest = crate::app::order_secrets::digest(&token);
    let mut tx = state.pool.begin().await?;
    sqlx::query!(
        "INSERT INTO customer_password_resets (token_hash, account_id, expires_at) VALUES ($1, $2, $3)",
        &digest,
        account_id,
        chrono::Utc::now() + chrono::Duration::minutes(RESET_MINUTES)
    )
    .execute(&mut *tx)
    .await?;
    let link = Email::AccountPasswordReset { site_url: &state.services.config.site_url, token: &token };
    // One e-mail per link: the reference is the link's digest (never the token).
    jobs::outbox::queue_on(&mut tx, &email, &digest, &link).await?;
    tx.commit().await?;
    Ok(())
}

fn link_invalid() -> ApiError {
    ApiError::refused(&RESET_LINK_INVALID)
}

fn link_used() -> ApiError {
    ApiError::refused(&RESET_LINK_USED)
}

fn link_expired() -> ApiError {
    ApiError::refused(&RESET_LINK_EXPIRED)
}

/// Whether a link's row can still be used at `now`.
pub fn link_state(
    used: bool,
    expires_at: chrono::DateTime<chrono::Utc>,
    now: chrono::DateTime<chrono::Utc>,
) -> Result<(), ApiError> {
    if used {
        return Err(link_used());
    }
    if expires_at <= now {
        return Err(link_expired());
    }
    Ok(())
}

/// The rules of a new password (crate::app::password_rules), as the form's message.
pub fn check_password(password: &str) -> Result<(), ApiError> {
    accounts::check_new_password(password, &[])
}

/// Follows a link: sets the password, uses the link (and every other of the account's), confirms
/// the address, ends every session of the account, and signs this browser in.
pub async fn reset_password(state: &AppState, token: &str, password: String) -> Result<SignedIn, ApiError> {
    let token = token.trim();
    if token.len() != 64 || !token.chars().all(|c| c.is_ascii_hexdigit()) {
        return Err(link_invalid());
    }
    check_password(&password)?;
    let digest = crate::app::order_secrets::digest(token);
    let found = sqlx::query!(
        "SELECT account_id, expires_at, used_at IS NOT NULL AS \"used!\" FROM customer_password_resets WHERE token_hash = $1",
        &digest
    )
    .fetch_optional(&state.pool)
    .await?
    .ok_or_else(link_invalid)?;
    link_state(found.used, found.expires_at, chrono::Utc::now())?;
    // The argon2 work outside the transaction; the link is checked again under its lock.
    let hash = accounts::hash(password).await?;
    let mut tx = state.pool.begin().await?;
    let locked = sqlx::query!(
        "SELECT expires_at, used_at IS NOT NULL AS \"used!\" FROM customer_password_resets WHERE token_hash = $1 FOR UPDATE",
        &digest
    )
    .fetch_one(&mut *tx)
    .await?;
    link_state(locked.used, locked.expires_at, chrono::Utc::now())?;
    sqlx::query!(
        "UPDATE customer_password_resets SET used_at = now() WHERE account_id = $1 AND used_at IS NULL",
        found.account_id
    )
    .execute(&mut *tx)
    .await?;
    // Following the link proves the address: an account nobody had proven is claimed (its
    // SIP passwords replaced); a proven one gets the new password. Every session ends either way.
    let email: String = sqlx::query_scalar!("SELECT email FROM customer_accounts WHERE id = $1", found.account_id)
        .fetch_one(&mut *tx)
        .await?;
    let context = Context::new(Actor::Customer(email));
    let rotated = Box::pin(accounts::claim(state, &mut tx, &context, found.account_id, Some(&hash))).await?;
    sqlx::query!("UPDATE customer_accounts SET password_hash = $2 WHERE id = $1", found.account_id, hash)
        .execute(&mut *tx)
        .await?;
    customer_sessions::end_all(&mut *tx, found.account_id).await?;
    tx.commit().await?;
    rotated.publish(state).await;
    start_session(state, found.account_id).await
}

// ---------------------------------------------------------------------------------------
// What the account bought.

/// One row of the account's orders.
pub struct Listed {
    pub kind: String,
    pub id: String,
    pub order_number: String,
    pub status: String,
    pub placed_at: Option<chrono::DateTime<chrono::Utc>>,
}

/// The account's service orders, hardware orders and trials, newest first: by the account's
/// e-mail once the address is confirmed; before, only the orders and trials the account's
/// password made join it (no hardware order: crate::app::customer_sessions).
pub async fn orders(state: &AppState, customer: &customer_sessions::SignedInCustomer) -> Result<Vec<Listed>, ApiError> {
    let rows = sqlx::query!(
        r#"SELECT kind, id, order_number, status, placed_at FROM order_search
            WHERE lower(email) = $1
              AND ($2 OR kind <> 'hardware' AND (CASE kind WHEN 'trial' THEN 'trial:' || id ELSE id END)
                    IN (SELECT owner FROM account_orders WHERE account_id = $3 AND by_password))
              AND placed_at > '-infinity'
            ORDER BY placed_at DESC, id"#,
        &customer.email,
        customer.is_verified(),
        customer.account_id
    )
    .fetch_all(&state.pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|r| Listed {
            kind: r.kind,
            id: r.id,
            order_number: r.order_number,
            status: r.status,
            placed_at: Some(r.placed_at),
        })
        .collect())
}

/// One extension of an order, with whether a phone is registered with it now (what
/// `GET /api/orders/{id}/registrations` reads).
pub struct ExtensionState {
    pub number: String,
    pub username: String,
    pub registered: bool,
}

pub async fn extensions(state: &AppState, owner: &str) -> Result<Vec<ExtensionState>, ApiError> {
    let listed = crate::app::sip_extensions::listed(&state.pool, owner).await?;
    Ok(listed
        .into_iter()
        .map(|e| ExtensionState { registered: e.registered, number: e.number, username: e.username })
        .collect())
}

/// Why `owner`'s calls out are suspended (the reason the registrar refuses them with), if
/// they are: the row the registrar itself reads (`sip_call_suspensions`).
pub async fn calls_out_suspension(state: &AppState, owner: &str) -> Result<Option<String>, ApiError> {
    Ok(sqlx::query_scalar!("SELECT reason FROM sip_call_suspensions WHERE owner = $1", owner)
        .fetch_optional(&state.pool)
        .await?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{Duration, Utc};

    #[test]
    fn a_link_works_once_and_for_an_hour() {
        let now = Utc::now();
        assert!(link_state(false, now + Duration::minutes(RESET_MINUTES), now).is_ok());
        let code = |r: Result<(), ApiError>| match r {
            Err(refused) => refused.declared().map(|declared| (declared.status, declared.code)).unwrap(),
            other => panic!("{other:?}"),
        };
        assert_eq!(code(link_state(true, now + Duration::minutes(5), now)), (410, "reset_link_used"));
        assert_eq!(code(link_state(false, now - Duration::seconds(1), now)), (410, "reset_link_expired"));
        assert_eq!(code(link_state(false, now, now)), (410, "reset_link_expired"));
    }

    #[test]
    fn passwords_follow_the_checkout_rules() {
        assert!(check_password("correct horse battery").is_ok());
        assert!(check_password("short").is_err());
        assert!(check_password("password1234").is_err());
        assert!(check_password("").is_err());
        assert!(check_password(&"x".repeat(257)).is_err());
    }
}
