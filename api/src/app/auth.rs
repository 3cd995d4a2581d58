//! Staff users and their sign-in: argon2 password hashes, roles, and a limit on failed
//! sign-ins (per e-mail and per client address, in the shared `limits`). The sessions
//! (HttpOnly cookie, CSRF token) are crate::app::sessions's, of SessionKind::Staff. The extractors (`Staff`,
//! `Admin`) and the cookie are in crate::http::sessions; the routes in
//! crate::http::routes::staff_sessions.

use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use serde::{Deserialize, Serialize};
use sqlx::PgPool;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::app::accounts;
use crate::app::password_guesses::{self, Whose};
use crate::app::sessions::{self, SessionKind, Started};
use crate::app::state::AppState;
use crate::platform::client::ClientAddress;
use crate::platform::error::ApiError;
use crate::platform::limits;
use crate::platform::refusals::{FORBIDDEN, INVALID_CREDENTIALS, NOT_SIGNED_IN, TOO_MANY_SIGN_IN_ATTEMPTS};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    Admin,
    Support,
}

impl Role {
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Admin => "admin",
            Role::Support => "support",
        }
    }

    pub fn parse(text: &str) -> Option<Role> {
        match text {
            "admin" => Some(Role::Admin),
            "support" => Some(Role::Support),
            _ => None,
        }
    }
}

pub fn hash_password(password: &str) -> Result<String, String> {
    Argon2::default()
        .hash_password(password.as_bytes(), &SaltString::generate(&mut OsRng))
        .map(|hash| hash.to_string())
        .map_err(|e| e.to_string())
}

pub fn verify_password(password: &str, hash: &str) -> bool {
    PasswordHash::new(hash).is_ok_and(|parsed| Argon2::default().verify_password(password.as_bytes(), &parsed).is_ok())
}

/// Adds a staff user; answers the password to show once (the given one or a generated one).
pub async fn add_user(pool: &PgPool, email: &str, role: Role, password: Option<String>) -> Result<String, String> {
    let email = email.trim().to_lowercase();
    if !email.contains('@') || email.len() > 254 {
        return Err(format!("{email:?} is not an e-mail address"));
    }
    let password = password.unwrap_or_else(|| sessions::random_token()[..20].to_string());
    if let Some(problem) = crate::app::password_rules::problem(&password, &[&email]) {
        return Err(format!("that staff password will not do: {problem}"));
    }
    let hash = accounts::hash(password.clone()).await.map_err(|e| e.message())?;
    sqlx::query!(
        "INSERT INTO staff_users (id, email, role, password_hash) VALUES ($1, $2, $3, $4)",
        Uuid::new_v4(),
        &email,
        role.as_str(),
        hash
    )
    .execute(pool)
    .await
    .map_err(|e| match e {
        sqlx::Error::Database(db) if db.is_unique_violation() => format!("{email} already exists"),
        other => other.to_string(),
    })?;
    Ok(password)
}

/// The signed-in staff member behind a request's session cookie (401 otherwise; the
/// extractor is in crate::http::sessions).
#[derive(Debug, Clone)]
pub struct Staff {
    pub email: String,
    pub role: Role,
    pub csrf_token: String,
    token_hash: String,
}

pub fn not_signed_in() -> ApiError {
    ApiError::refused(&NOT_SIGNED_IN)
}

/// The staff member of a live session's cookie token, if any.
pub async fn by_token(pool: &PgPool, token: &str) -> Result<Option<Staff>, ApiError> {
    let hash = sessions::token_hash(token);
    let row = sqlx::query!(
        "SELECT u.email, u.role, s.csrf_token FROM staff_sessions s JOIN staff_users u ON u.id = s.user_id
             WHERE s.token_hash = $1 AND s.expires_at > now()",
        &hash
    )
    .fetch_optional(pool)
    .await?;
    let Some(row) = row else { return Ok(None) };
    let role = Role::parse(&row.role).ok_or_else(not_signed_in)?;
    Ok(Some(Staff { email: row.email, role, csrf_token: row.csrf_token, token_hash: hash }))
}

impl Staff {
    /// 403 `csrf` unless `sent` is this session's token.
    pub fn check_csrf(&self, sent: &str) -> Result<(), ApiError> {
        sessions::check_csrf(sent, &self.csrf_token)
    }

    /// 403 `forbidden` unless an admin.
    pub fn require_admin(&self) -> Result<(), ApiError> {
        if self.role != Role::Admin {
            return Err(ApiError::refused(&FORBIDDEN));
        }
        Ok(())
    }

    /// Ends this session (sign-out).
    pub async fn end(&self, pool: &PgPool) -> Result<(), ApiError> {
        sessions::end(pool, SessionKind::Staff, &self.token_hash).await
    }
}

/// A signed-in admin (support staff get 403).
#[derive(Debug, Clone)]
pub struct Admin(pub Staff);

/// A started staff session: the cookie's token, and who signed in.
pub struct SignedIn {
    pub token: String,
    pub email: String,
    pub role: Role,
    pub csrf_token: String,
}

/// Signs a staff member in (with the limit on failed sign-ins): a new session.
pub async fn sign_in(
    state: &AppState,
    address: &ClientAddress,
    email: &str,
    password: String,
) -> Result<SignedIn, ApiError> {
    let email = email.trim().to_lowercase();
    // Counted before the argon2 work; a successful sign-in gives its count back, so the
    // limit is on failures: per e-mail from this address, per address, and per e-mail from
    // anywhere with a much higher ceiling (failures elsewhere cannot lock the member out).
    let pair = limits::email_and_address(&email, address.as_str());
    let buckets = [
        (&limits::STAFF_FAILURES_PER_EMAIL_AND_ADDRESS, pair.as_str()),
        (&limits::STAFF_FAILURES_PER_ADDRESS, address.as_str()),
        (&limits::STAFF_FAILURES_PER_EMAIL, email.as_str()),
    ];
    let Some(attempt) = limits::attempt(&state.pool, state.clock.now(), &buckets).await? else {
        return Err(ApiError::refused(&TOO_MANY_SIGN_IN_ATTEMPTS));
    };
    // One count per staff member, wherever the guesses come from (crate::app::password_guesses).
    let check = password_guesses::begin(&state.pool, state.clock.as_ref(), Whose::Staff, &email).await?;
    let user: Option<(Uuid, String, String)> =
        sqlx::query!("SELECT id, role, password_hash FROM staff_users WHERE email = $1", &email)
            .fetch_optional(&state.pool)
            .await?
            .map(|r| (r.id, r.role, r.password_hash));
    // Unknown addresses are checked against a dummy hash so both answers take as long.
    let valid = accounts::verify(password, user.as_ref().map(|(_, _, hash)| hash.clone())).await?;
    let (Some((user_id, role, _)), true) = (user, valid) else {
        tracing::warn!(%address, "failed staff sign-in");
        return Err(ApiError::refused(&INVALID_CREDENTIALS));
    };
    attempt.forget(&state.pool).await?;
    check.right(&state.pool).await?;
    let Started { token, csrf_token } = sessions::start(&state.pool, SessionKind::Staff, user_id).await?;
    let role = Role::parse(&role).ok_or_else(|| ApiError::internal("unknown role"))?;
    Ok(SignedIn { token, email, role, csrf_token })
}
