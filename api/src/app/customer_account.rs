//! Customers' own account: signing in with the password set at checkout or with the Google
//! account of the address, signing out (sessions: crate::app::customer_sessions).
//!
//! Signing in to an account whose address is not confirmed yet (`verified_at` null) is allowed
//! with its password: whoever set it at checkout bought what the account holds. What needs the
//! address confirmed is listed in crate::app::customer_sessions (hardware orders). A Google
//! sign-in proves the address: an unconfirmed account becomes confirmed, and a password set by
//! whoever typed the address stops working (with their sessions); "Forgot password" sets a new one.

use axum::http::StatusCode;
use uuid::Uuid;

use crate::app::accounts;
use crate::app::customer_sessions;
use crate::app::state::AppState;
use crate::platform::client::ClientAddress;
use crate::platform::error::ApiError;
use crate::platform::limits;

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
    ApiError::refused(StatusCode::UNAUTHORIZED, "invalid_credentials", "The e-mail or password is not right.")
}

fn google_failed() -> ApiError {
    ApiError::refused(
        StatusCode::UNAUTHORIZED,
        "google_sign_in_failed",
        "Google sign-in did not work for an account of this shop. Try again, or sign in with your password.",
    )
}

pub fn too_many_sign_ins() -> ApiError {
    ApiError::refused(
        StatusCode::TOO_MANY_REQUESTS,
        "too_many_attempts",
        "Too many sign-in attempts. Please wait a minute and try again.",
    )
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
    let Some(attempt) = limits::attempt(&state.pool, &buckets).await? else {
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
            // Unknown addresses are checked against a dummy hash so both answers take as long.
            let hash = account.as_ref().and_then(|a| a.password_hash.clone());
            let valid = accounts::verify(password, hash).await?;
            match account {
                Some(account) if valid => account.id,
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
            if account.verified_at.is_none() {
                // Google vouches for the address: the account is now its owner's, and a
                // password typed by someone else at checkout no longer opens it.
                sqlx::query!(
                    "UPDATE customer_accounts SET verified_at = now(), password_hash = NULL WHERE id = $1",
                    account.id
                )
                .execute(&mut *tx)
                .await?;
                customer_sessions::end_all(&mut *tx, account.id).await?;
            }
            sqlx::query!(
                "UPDATE customer_accounts SET google_subject = COALESCE(google_subject, $2) WHERE id = $1",
                account.id,
                &subject
            )
            .execute(&mut *tx)
            .await?;
            tx.commit().await?;
            account.id
        }
    };
    attempt.forget(&state.pool).await?;
    start_session(state, account_id).await
}

/// A new session for the account, with what `/api/account/me` answers.
pub async fn start_session(state: &AppState, account_id: Uuid) -> Result<SignedIn, ApiError> {
    let (token, csrf_token) = customer_sessions::start(&state.pool, account_id).await?;
    let account = sqlx::query!("SELECT email, verified_at FROM customer_accounts WHERE id = $1", account_id)
        .fetch_one(&state.pool)
        .await?;
    Ok(SignedIn { token, csrf_token, email: account.email, verified: account.verified_at.is_some() })
}
