//! Sessions, of staff (`staff_sessions`, per staff user) and of customers
//! (`customer_sessions`, per customer account), made one way: a random token (256 bits) in
//! an HttpOnly cookie of which only the SHA-256 digest is stored, a CSRF token per session
//! that every state-changing call echoes in `X-CSRF-Token`, and an expiry fixed at sign-in.
//! What differs is the [`SessionKind`]: its table, cookie name, lifetime and SameSite.
//! Whose session it is (a staff user and role, a customer account) is read by
//! crate::app::auth and crate::app::customer_sessions; the cookie and the extractors are
//! at the HTTP edge (crate::http::sessions).

use chrono::{Duration, Utc};
use sha2::{Digest, Sha256};
use sqlx::PgPool;
use uuid::Uuid;

use crate::platform::error::ApiError;
use crate::platform::refusals::CSRF;

/// The header a state-changing call echoes the session's CSRF token in.
pub const CSRF_HEADER: &str = "x-csrf-token";

/// Whose sessions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SessionKind {
    /// Staff users' (`staff_sessions.user_id`).
    Staff,
    /// Customer accounts' (`customer_sessions.account_id`).
    Customer,
}

impl SessionKind {
    /// The session cookie's name.
    pub const fn cookie_name(self) -> &'static str {
        match self {
            SessionKind::Staff => "voip_session",
            SessionKind::Customer => "talkbridge_account",
        }
    }

    /// How long a session lasts from sign-in, in hours.
    pub const fn hours(self) -> i64 {
        match self {
            SessionKind::Staff => 8,
            SessionKind::Customer => 12,
        }
    }

    /// The cookie's SameSite: Strict for staff; Lax for customers, so that the links in
    /// e-mails open the account signed in.
    pub const fn same_site(self) -> &'static str {
        match self {
            SessionKind::Staff => "Strict",
            SessionKind::Customer => "Lax",
        }
    }

    /// The table its sessions are stored in.
    pub const fn table(self) -> &'static str {
        match self {
            SessionKind::Staff => "staff_sessions",
            SessionKind::Customer => "customer_sessions",
        }
    }
}

/// 256 random bits as hex.
pub fn random_token() -> String {
    format!("{}{}", Uuid::new_v4().simple(), Uuid::new_v4().simple())
}

/// The stored digest of a token (hex SHA-256).
pub fn token_hash(token: &str) -> String {
    Sha256::digest(token.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// 403 `csrf` unless `sent` (the request's `X-CSRF-Token`) is the session's token.
pub fn check_csrf(sent: &str, csrf_token: &str) -> Result<(), ApiError> {
    // Both are our own random hex; a plain comparison leaks nothing useful over a network.
    if sent.is_empty() || sent != csrf_token {
        return Err(ApiError::refused(&CSRF));
    }
    Ok(())
}

/// A started session: the cookie's token and the CSRF token.
pub struct Started {
    pub token: String,
    pub csrf_token: String,
}

/// A new session of `kind` for `owner` (a staff user's or a customer account's id).
pub async fn start(pool: &PgPool, kind: SessionKind, owner: Uuid) -> Result<Started, ApiError> {
    let token = random_token();
    let csrf_token = random_token();
    let hash = token_hash(&token);
    let expires_at = Utc::now() + Duration::hours(kind.hours());
    match kind {
        SessionKind::Staff => {
            sqlx::query!(
                "INSERT INTO staff_sessions (token_hash, user_id, csrf_token, expires_at) VALUES ($1, $2, $3, $4)",
                hash,
                owner,
                &csrf_token,
                expires_at
            )
            .execute(pool)
            .await?
        }
        SessionKind::Customer => {
            sqlx::query!(
            "INSERT INTO customer_sessions (token_hash, account_id, csrf_token, expires_at) VALUES ($1, $2, $3, $4)",
            hash,
            owner,
            &csrf_token,
            expires_at
        )
            .execute(pool)
            .await?
        }
    };
    Ok(Started { token, csrf_token })
}

/// Ends the session whose token has digest `token_hash` (sign-out).
pub async fn end(pool: &PgPool, kind: SessionKind, token_hash: &str) -> Result<(), ApiError> {
    match kind {
        SessionKind::Staff => {
            sqlx::query!("DELETE FROM staff_sessions WHERE token_hash = $1", token_hash).execute(pool).await?
        }
        SessionKind::Customer => {
            sqlx::query!("DELETE FROM customer_sessions WHERE token_hash = $1", token_hash).execute(pool).await?
        }
    };
    Ok(())
}

/// Ends every session of a customer account (a password reset, a claim). Staff sessions
/// end one at a time (sign-out) or at their expiry.
pub async fn end_all_of_account<'e>(executor: impl sqlx::PgExecutor<'e>, account_id: Uuid) -> Result<(), ApiError> {
    sqlx::query!("DELETE FROM customer_sessions WHERE account_id = $1", account_id).execute(executor).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_kind_keeps_its_cookie_lifetime_and_same_site() {
        assert_eq!(
            (SessionKind::Staff.cookie_name(), SessionKind::Staff.hours(), SessionKind::Staff.same_site()),
            ("voip_session", 8, "Strict")
        );
        assert_eq!(
            (SessionKind::Customer.cookie_name(), SessionKind::Customer.hours(), SessionKind::Customer.same_site()),
            ("talkbridge_account", 12, "Lax")
        );
    }

    #[test]
    fn a_token_is_256_bits_of_hex_and_its_digest_sha256() {
        let token = random_token();
        assert_eq!(token.len(), 64);
        assert!(token.chars().all(|c| c.is_ascii_hexdigit()));
        assert_eq!(token_hash("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        assert!(check_csrf("", "").is_err() && check_csrf("a", "b").is_err() && check_csrf("a", "a").is_ok());
    }
}
