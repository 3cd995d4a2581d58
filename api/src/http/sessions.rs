//! Sessions at the HTTP edge (the sessions themselves: crate::app::sessions; whose they are:
//! crate::app::auth for staff, crate::app::customer_sessions for customers): reading the
//! session cookie and the CSRF header, the extractors `Staff`, `Admin` and
//! `SignedInCustomer`, and the `Set-Cookie` values (HttpOnly, Path=/, Secure in production
//! and over HTTPS, the kind's SameSite).

use axum::extract::{FromRef, FromRequestParts};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, HeaderValue, Method};

use crate::app::auth::{self, Admin, Staff};
use crate::app::customer_account::SignedIn;
use crate::app::customer_sessions::{self, SignedInCustomer};
use crate::app::order_access::{Presented, ORDER_LINK_HEADER, ORDER_SECRET_HEADER};
use crate::app::sessions::{SessionKind, CSRF_HEADER};
use crate::app::state::AppState;
use crate::platform::error::ApiError;

/// The value of the request's cookie `name`, if any.
pub fn cookie(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(key, _)| *key == name)
        .map(|(_, value)| value.to_string())
}

/// The request's `X-CSRF-Token` ("" without one).
fn csrf_header(headers: &HeaderMap) -> &str {
    headers.get(CSRF_HEADER).and_then(|v| v.to_str().ok()).unwrap_or_default()
}

fn is_write(method: &Method) -> bool {
    !matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS)
}

impl<S> FromRequestParts<S> for Staff
where
    AppState: FromRef<S>,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let state = AppState::from_ref(state);
        let token = cookie(&parts.headers, SessionKind::Staff.cookie_name()).ok_or_else(auth::not_signed_in)?;
        let staff = auth::by_token(&state.pool, &token).await?.ok_or_else(auth::not_signed_in)?;
        if is_write(&parts.method) {
            staff.check_csrf(csrf_header(&parts.headers))?;
        }
        Ok(staff)
    }
}

impl<S> FromRequestParts<S> for Admin
where
    AppState: FromRef<S>,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let staff = Staff::from_request_parts(parts, state).await?;
        staff.require_admin()?;
        Ok(Admin(staff))
    }
}

impl<S> FromRequestParts<S> for SignedInCustomer
where
    AppState: FromRef<S>,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let state = AppState::from_ref(state);
        let token =
            cookie(&parts.headers, SessionKind::Customer.cookie_name()).ok_or_else(customer_sessions::not_signed_in)?;
        let customer =
            customer_sessions::by_token(&state.pool, &token).await?.ok_or_else(customer_sessions::not_signed_in)?;
        if is_write(&parts.method) {
            customer.check_csrf(csrf_header(&parts.headers))?;
        }
        Ok(customer)
    }
}

/// A Secure cookie always in production (served over HTTPS only), and in development when
/// the site is reached over HTTPS (behind a proxy that says so).
pub fn is_https(state: &AppState, headers: &HeaderMap) -> bool {
    state.services.config.is_production()
        || headers
            .get("x-forwarded-proto")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|p| p.eq_ignore_ascii_case("https"))
}

fn session_cookie(kind: SessionKind, value: &str, max_age: i64, secure: bool) -> HeaderValue {
    let (name, same_site) = (kind.cookie_name(), kind.same_site());
    let secure = if secure { "; Secure" } else { "" };
    HeaderValue::from_str(&format!("{name}={value}; Path=/; HttpOnly; SameSite={same_site}; Max-Age={max_age}{secure}"))
        .unwrap_or_else(|_| HeaderValue::from_static(""))
}

/// The `Set-Cookie` value of a started session of `kind` (its token; Max-Age its lifetime).
pub fn started_cookie(state: &AppState, headers: &HeaderMap, kind: SessionKind, token: &str) -> HeaderValue {
    session_cookie(kind, token, kind.hours() * 3600, is_https(state, headers))
}

/// The `Set-Cookie` value that clears the session cookie of `kind` (sign-out).
pub fn cleared_cookie(state: &AppState, headers: &HeaderMap, kind: SessionKind) -> HeaderValue {
    session_cookie(kind, "", 0, is_https(state, headers))
}

/// The `Set-Cookie` value of a started customer session.
pub fn signed_in_customer_cookie(state: &AppState, headers: &HeaderMap, signed_in: &SignedIn) -> HeaderValue {
    started_cookie(state, headers, SessionKind::Customer, &signed_in.token)
}

fn header<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers.get(name).and_then(|v| v.to_str().ok()).map(str::trim).filter(|v| !v.is_empty())
}

/// The cookies' tokens of a request, kept while its [`Presented`] is read.
pub struct Tokens {
    staff: Option<String>,
    customer: Option<String>,
}

impl Tokens {
    pub fn of(headers: &HeaderMap) -> Tokens {
        Tokens {
            staff: cookie(headers, SessionKind::Staff.cookie_name()),
            customer: cookie(headers, SessionKind::Customer.cookie_name()),
        }
    }
}

/// What a request presents to read an order's personal data (crate::app::order_access).
pub fn presented<'a>(headers: &'a HeaderMap, tokens: &'a Tokens) -> Presented<'a> {
    Presented {
        link: header(headers, ORDER_LINK_HEADER),
        secret: header(headers, ORDER_SECRET_HEADER),
        staff_token: tokens.staff.as_deref(),
        customer_token: tokens.customer.as_deref(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cookies_are_http_only_and_secure_when_asked() {
        let cookie = session_cookie(SessionKind::Customer, "abc", 60, true);
        let text = cookie.to_str().unwrap();
        assert!(text.starts_with("talkbridge_account=abc; Path=/; HttpOnly; SameSite=Lax; Max-Age=60"));
        assert!(text.ends_with("; Secure"));
        assert!(!session_cookie(SessionKind::Customer, "", 0, false).to_str().unwrap().contains("Secure"));
        let staff = session_cookie(SessionKind::Staff, "abc", 60, false);
        assert_eq!(staff.to_str().unwrap(), "voip_session=abc; Path=/; HttpOnly; SameSite=Strict; Max-Age=60");
    }
}
