//! Staff sign-in: argon2 password hashes, server-side sessions behind an HttpOnly cookie,
//! a CSRF token per session for every state-changing call, and a limit on failed sign-ins
//! (per e-mail and per client address, in the shared `limits`).

use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use axum::extract::{FromRef, FromRequestParts, State};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, HeaderValue, Method};
use axum::response::{IntoResponse, Response};
use axum::Json;
use chrono::{Duration, Utc};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use sqlx::PgPool;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::app::accounts;
use crate::app::state::AppState;
use crate::platform::client::ClientAddress;
use crate::platform::error::{ApiError, Refusal};
use crate::platform::json::{ApiJson, Data, Done};
use crate::platform::limits;
use crate::platform::refusals::{CSRF, FORBIDDEN, INVALID_CREDENTIALS, NOT_SIGNED_IN, TOO_MANY_SIGN_IN_ATTEMPTS};

pub const SESSION_COOKIE: &str = "voip_session";
pub const CSRF_HEADER: &str = "x-csrf-token";
const SESSION_HOURS: i64 = 8;

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

/// 256 random bits as hex.
pub(crate) fn random_token() -> String {
    format!("{}{}", Uuid::new_v4().simple(), Uuid::new_v4().simple())
}

pub(crate) fn token_hash(token: &str) -> String {
    Sha256::digest(token.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// Adds a staff user; answers the password to show once (the given one or a generated one).
pub async fn add_user(pool: &PgPool, email: &str, role: Role, password: Option<String>) -> Result<String, String> {
    let email = email.trim().to_lowercase();
    if !email.contains('@') || email.len() > 254 {
        return Err(format!("{email:?} is not an e-mail address"));
    }
    let password = password.unwrap_or_else(|| random_token()[..20].to_string());
    if password.chars().count() < 12 {
        return Err("a staff password needs at least 12 characters".to_string());
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

/// The signed-in staff member behind a request's session cookie (401 otherwise).
#[derive(Debug, Clone)]
pub struct Staff {
    pub email: String,
    pub role: Role,
    pub csrf_token: String,
    token_hash: String,
}

pub(crate) fn cookie(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(key, _)| *key == name)
        .map(|(_, value)| value.to_string())
}

fn not_signed_in() -> ApiError {
    ApiError::refused(&NOT_SIGNED_IN)
}

impl<S> FromRequestParts<S> for Staff
where
    AppState: FromRef<S>,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let state = AppState::from_ref(state);
        let token = cookie(&parts.headers, SESSION_COOKIE).ok_or_else(not_signed_in)?;
        let hash = token_hash(&token);
        let row = sqlx::query!(
            "SELECT u.email, u.role, s.csrf_token FROM staff_sessions s JOIN staff_users u ON u.id = s.user_id
             WHERE s.token_hash = $1 AND s.expires_at > now()",
            &hash
        )
        .fetch_optional(&state.pool)
        .await?;
        let (email, role, csrf_token) = row.map(|r| (r.email, r.role, r.csrf_token)).ok_or_else(not_signed_in)?;
        let role = Role::parse(&role).ok_or_else(not_signed_in)?;
        let staff = Staff { email, role, csrf_token, token_hash: hash };
        if !matches!(parts.method, Method::GET | Method::HEAD | Method::OPTIONS) {
            staff.check_csrf(&parts.headers)?;
        }
        Ok(staff)
    }
}

impl Staff {
    fn check_csrf(&self, headers: &HeaderMap) -> Result<(), ApiError> {
        let sent = headers.get(CSRF_HEADER).and_then(|v| v.to_str().ok()).unwrap_or_default();
        // Both are our own random hex; a plain comparison leaks nothing useful over a network.
        if sent.is_empty() || sent != self.csrf_token {
            return Err(ApiError::refused(&CSRF));
        }
        Ok(())
    }
}

/// A signed-in admin (support staff get 403).
#[derive(Debug, Clone)]
pub struct Admin(pub Staff);

impl<S> FromRequestParts<S> for Admin
where
    AppState: FromRef<S>,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let staff = Staff::from_request_parts(parts, state).await?;
        if staff.role != Role::Admin {
            return Err(ApiError::refused(&FORBIDDEN));
        }
        Ok(Admin(staff))
    }
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(login)).routes(routes!(logout)).routes(routes!(me))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct LoginBody {
    email: String,
    password: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Me {
    email: String,
    role: Role,
    csrf_token: String,
}

/// A Secure cookie always in production (served over HTTPS only), and in development when
/// the site is reached over HTTPS (behind a proxy that says so).
pub(crate) fn is_https(state: &AppState, headers: &HeaderMap) -> bool {
    state.services.config.is_production()
        || headers
            .get("x-forwarded-proto")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|p| p.eq_ignore_ascii_case("https"))
}

fn session_cookie(value: &str, max_age: i64, secure: bool) -> HeaderValue {
    let secure = if secure { "; Secure" } else { "" };
    HeaderValue::from_str(&format!(
        "{SESSION_COOKIE}={value}; Path=/; HttpOnly; SameSite=Strict; Max-Age={max_age}{secure}"
    ))
    .unwrap_or_else(|_| HeaderValue::from_static(""))
}

/// Signs a staff member in: sets the session cookie and answers the CSRF token.
#[utoipa::path(
    post,
    path = "/admin/login",
    tag = "staff",
    request_body = LoginBody,
    responses(
        (status = 200, description = "Signed in; the session cookie is set", body = Data<Me>,
            headers(("set-cookie" = String, description = "The HttpOnly session cookie"))),
        (status = 401, description = "Wrong e-mail or password (invalid_credentials)", body = Refusal),
        (status = 429, description = "Too many failed sign-ins a minute: 5 for this e-mail from this address, 5 from this address, or 50 for this e-mail from anywhere (too_many_attempts)", body = Refusal),
    )
)]
async fn login(
    State(state): State<AppState>,
    address: ClientAddress,
    headers: HeaderMap,
    ApiJson(body): ApiJson<LoginBody>,
) -> Result<Response, ApiError> {
    let email = body.email.trim().to_lowercase();
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
    let user: Option<(Uuid, String, String)> =
        sqlx::query!("SELECT id, role, password_hash FROM staff_users WHERE email = $1", &email)
            .fetch_optional(&state.pool)
            .await?
            .map(|r| (r.id, r.role, r.password_hash));
    // Unknown addresses are checked against a dummy hash so both answers take as long.
    let valid = accounts::verify(body.password, user.as_ref().map(|(_, _, hash)| hash.clone())).await?;
    let (Some((user_id, role, _)), true) = (user, valid) else {
        tracing::warn!(%address, "failed staff sign-in");
        return Err(ApiError::refused(&INVALID_CREDENTIALS));
    };
    attempt.forget(&state.pool).await?;
    let token = random_token();
    let csrf_token = random_token();
    sqlx::query!(
        "INSERT INTO staff_sessions (token_hash, user_id, csrf_token, expires_at) VALUES ($1, $2, $3, $4)",
        token_hash(&token),
        user_id,
        &csrf_token,
        Utc::now() + Duration::hours(SESSION_HOURS)
    )
    .execute(&state.pool)
    .await?;
    let role = Role::parse(&role).ok_or_else(|| ApiError::internal("unknown role"))?;
    let cookie = session_cookie(&token, SESSION_HOURS * 3600, is_https(&state, &headers));
    let body = Data::json(Me { email, role, csrf_token });
    Ok(([(header::SET_COOKIE, cookie)], body).into_response())
}

/// Ends the staff session.
#[utoipa::path(
    post,
    path = "/admin/logout",
    tag = "staff",
    security(("staff_session" = [], "staff_csrf" = [])),
    responses((status = 200, description = "Signed out; the cookie is cleared", body = Done))
)]
async fn logout(State(state): State<AppState>, headers: HeaderMap, staff: Staff) -> Result<Response, ApiError> {
    sqlx::query!("DELETE FROM staff_sessions WHERE token_hash = $1", &staff.token_hash).execute(&state.pool).await?;
    let cookie = session_cookie("", 0, is_https(&state, &headers));
    Ok(([(header::SET_COOKIE, cookie)], Done::json()).into_response())
}

/// The signed-in staff member and the session's CSRF token.
#[utoipa::path(
    get,
    path = "/admin/me",
    tag = "staff",
    security(("staff_session" = [])),
    responses((status = 200, body = Data<Me>))
)]
async fn me(staff: Staff) -> Json<Data<Me>> {
    Data::json(Me { email: staff.email, role: staff.role, csrf_token: staff.csrf_token })
}
