//! The customer's own account, `/api/account/...`: sign-in (the checkout password or Google),
//! sign-out, the session, "Forgot password", and what the account bought. Other account
//! routes live beside this file (account_services.rs, account_billing.rs); every one takes a
//! `SignedInCustomer` (crate::app::customer_sessions) and checks the owner of what it names.

use axum::extract::State;
use axum::http::{header, HeaderMap};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::account_form::{field_errors, FieldErrors};
use crate::app::auth::is_https;
use crate::app::customer_account::{self, Credentials};
use crate::app::customer_sessions::{self, SignedInCustomer, SESSION_HOURS};
use crate::app::state::AppState;
use crate::platform::client::ClientAddress;
use crate::platform::error::{ApiError, Refusal};
use crate::platform::json::{ApiJson, Data, Done};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(sign_in)).routes(routes!(sign_out)).routes(routes!(me))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct SignInBody {
    /// The account's e-mail address.
    #[schema(max_length = 254)]
    email: String,
    /// The password set at checkout (or through "Forgot password"); or send `googleCredential`.
    #[schema(max_length = 256)]
    password: Option<String>,
    /// A Google ID token of the account's address, instead of the password.
    #[schema(max_length = 4096)]
    google_credential: Option<String>,
}

/// The signed-in customer and the session's CSRF token (sent back in `X-CSRF-Token` on every
/// state-changing account call).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountMe {
    email: String,
    csrf_token: String,
    /// Whether the account's address is confirmed (a link sent to it was followed, or Google
    /// vouched for it). Hardware orders are listed only once it is.
    verified: bool,
}

fn signed_in_answer(state: &AppState, headers: &HeaderMap, signed_in: customer_account::SignedIn) -> Response {
    let cookie = customer_sessions::session_cookie(&signed_in.token, SESSION_HOURS * 3600, is_https(state, headers));
    let body = Data::json(AccountMe {
        email: signed_in.email,
        csrf_token: signed_in.csrf_token,
        verified: signed_in.verified,
    });
    ([(header::SET_COOKIE, cookie)], body).into_response()
}

/// Signs a customer in with the password set at checkout, or with a Google ID token of the
/// account's address; sets the `talkbridge_account` session cookie and answers the CSRF token.
#[utoipa::path(
    post,
    path = "/account/sign-in",
    operation_id = "account_sign_in",
    tag = "account",
    request_body = SignInBody,
    responses(
        (status = 200, description = "Signed in; the session cookie is set", body = Data<AccountMe>,
            headers(("set-cookie" = String, description = "The HttpOnly session cookie"))),
        (status = 401, description = "Wrong e-mail or password (invalid_credentials), or a Google token not of this account's address (google_sign_in_failed)", body = Refusal),
        (status = 422, description = "Neither or both of password and googleCredential, or an empty e-mail (invalid_fields)", body = Refusal),
        (status = 429, description = "Too many failed sign-ins a minute: 5 for this e-mail from this address, 20 from this address, or 50 for this e-mail from anywhere (too_many_attempts)", body = Refusal),
    )
)]
async fn sign_in(
    State(state): State<AppState>,
    address: ClientAddress,
    headers: HeaderMap,
    ApiJson(body): ApiJson<SignInBody>,
) -> Result<Response, ApiError> {
    let mut errors = FieldErrors::new();
    if body.email.trim().is_empty() || body.email.len() > 254 {
        errors.insert("email", "Enter the e-mail address you bought with.");
    }
    let credentials = match (body.password, body.google_credential) {
        (Some(password), None) if !password.is_empty() && password.chars().count() <= 256 => {
            Some(Credentials::Password(password))
        }
        (None, Some(token)) if !token.is_empty() && token.len() <= 4096 => Some(Credentials::Google(token)),
        _ => {
            errors.insert("password", "Enter your password.");
            None
        }
    };
    let (Some(credentials), true) = (credentials, errors.is_empty()) else {
        return Err(field_errors(errors));
    };
    let signed_in = customer_account::sign_in(&state, &address, &body.email, credentials).await?;
    Ok(signed_in_answer(&state, &headers, signed_in))
}

/// Ends the customer's session and clears its cookie.
#[utoipa::path(
    post,
    path = "/account/sign-out",
    operation_id = "account_sign_out",
    tag = "account",
    security(("customer_session" = [], "customer_csrf" = [])),
    responses((status = 200, description = "Signed out; the cookie is cleared", body = Done))
)]
async fn sign_out(
    State(state): State<AppState>,
    headers: HeaderMap,
    customer: SignedInCustomer,
) -> Result<Response, ApiError> {
    customer.end(&state.pool).await?;
    let cookie = customer_sessions::session_cookie("", 0, is_https(&state, &headers));
    Ok(([(header::SET_COOKIE, cookie)], Done::json()).into_response())
}

/// The signed-in customer and the session's CSRF token.
#[utoipa::path(
    get,
    path = "/account/me",
    operation_id = "account_me",
    tag = "account",
    security(("customer_session" = [])),
    responses((status = 200, body = Data<AccountMe>))
)]
async fn me(customer: SignedInCustomer) -> Json<Data<AccountMe>> {
    let verified = customer.is_verified();
    Data::json(AccountMe { email: customer.email, csrf_token: customer.csrf_token, verified })
}
