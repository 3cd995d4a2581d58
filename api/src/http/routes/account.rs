//! The customer's own account, `/api/account/...`: sign-in (the checkout password or Google),
//! sign-out, the session, "Forgot password", and what the account bought. Other account
//! routes live beside this file (account_services.rs, account_invoices_and_credit.rs); every one takes a
//! `SignedInCustomer` (crate::app::customer_sessions) and checks the owner of what it names.

use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use cqrs_es::persist::ViewRepository;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::account_form::{field_errors, FieldErrors};
use crate::app::customer_account::{self, Credentials};
use crate::app::customer_sessions::{self, SignedInCustomer};
use crate::app::sessions::SessionKind;
use crate::app::state::AppState;
use crate::http::sessions::{cleared_cookie, started_cookie};
use crate::platform::client::ClientAddress;
use crate::platform::config::SipServer;
use crate::platform::error::{ApiError, Refusal};
use crate::platform::json::ApiJson;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(sign_in))
        .routes(routes!(sign_out))
        .routes(routes!(me))
        .routes(routes!(request_password_reset))
        .routes(routes!(set_password))
        .routes(routes!(orders))
        .routes(routes!(order))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct SignInBody {
    /// The account's e-mail address.
    #[schema(max_length = 254, pattern = r"^[^\x00]*([^\s\x00\x85]|[\x1c-\x1f])[^\x00]*$")]
    email: String,
    /// The password set at checkout (or through "Forgot password"); or send `googleCredential`.
    /// Exactly one of the two is sent (not empty).
    #[schema(min_length = 1, max_length = 256, pattern = r"^[^\x00]*$")]
    password: Option<String>,
    /// A Google ID token of the account's address, instead of the password.
    #[schema(min_length = 1, max_length = 4096, pattern = r"^[^\x00]*$")]
    google_credential: Option<String>,
}

/// What `POST /account/sign-in` takes, as the document states it: the e-mail address with
/// exactly one of `password` and `googleCredential` (the other absent or null), one schema
/// for each (`oneOf`). The handler reads it as one struct; these types only describe it.
#[derive(Deserialize, ToSchema)]
#[serde(untagged)]
#[expect(dead_code, reason = "describes the sign-in body for the OpenAPI document; the handler reads it as one struct")]
enum SignInForm {
    Password(PasswordSignIn),
    Google(GoogleSignIn),
}

/// Signing in with the password.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[expect(dead_code, reason = "describes the sign-in body for the OpenAPI document; the handler reads it as one struct")]
struct PasswordSignIn {
    /// The account's e-mail address.
    #[schema(max_length = 254, pattern = r"^[^\x00]*([^\s\x00\x85]|[\x1c-\x1f])[^\x00]*$")]
    email: String,
    /// The password set at checkout (or through "Forgot password").
    #[schema(min_length = 1, max_length = 256, pattern = r"^[^\x00]*$")]
    password: String,
    /// Absent or null: the password is the credential.
    #[schema(schema_with = null_only)]
    google_credential: Option<String>,
}

/// Signing in with Google.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[expect(dead_code, reason = "describes the sign-in body for the OpenAPI document; the handler reads it as one struct")]
struct GoogleSignIn {
    /// The account's e-mail address.
    #[schema(max_length = 254, pattern = r"^[^\x00]*([^\s\x00\x85]|[\x1c-\x1f])[^\x00]*$")]
    email: String,
    /// Absent or null: the Google token is the credential.
    #[schema(schema_with = null_only)]
    password: Option<String>,
    /// A Google ID token of the account's address.
    #[schema(min_length = 1, max_length = 4096, pattern = r"^[^\x00]*$")]
    google_credential: String,
}

/// A field that may only be null (or left out).
fn null_only() -> utoipa::openapi::schema::Object {
    utoipa::openapi::schema::ObjectBuilder::new().schema_type(utoipa::openapi::schema::Type::Null).build()
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
    let cookie = started_cookie(state, headers, SessionKind::Customer, &signed_in.token);
    let body =
        Json(AccountMe { email: signed_in.email, csrf_token: signed_in.csrf_token, verified: signed_in.verified });
    ([(header::SET_COOKIE, cookie)], body).into_response()
}

/// Signs a customer in with the password set at checkout, or with a Google ID token of the
/// account's address; sets the `talkbridge_account` session cookie and answers the CSRF token.
#[utoipa::path(
    post,
    path = "/account/sign-in",
    operation_id = "account_sign_in",
    tag = "account",
    request_body = SignInForm,
    responses(
        (status = 200, description = "Signed in; the session cookie is set", body = AccountMe,
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
    // Characters, as the document's maxLength counts them (not UTF-8 bytes).
    if body.email.trim().is_empty() || body.email.chars().count() > 254 {
        errors.insert("email", "Enter the e-mail address you bought with.");
    }
    let credentials = match (body.password, body.google_credential) {
        (Some(password), None) if !password.is_empty() && password.chars().count() <= 256 => {
            Some(Credentials::Password(password))
        }
        (None, Some(token)) if !token.is_empty() && token.chars().count() <= 4096 => Some(Credentials::Google(token)),
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
    responses((status = 204, description = "Signed out; the cookie is cleared"))
)]
async fn sign_out(
    State(state): State<AppState>,
    headers: HeaderMap,
    customer: SignedInCustomer,
) -> Result<Response, ApiError> {
    customer.end(&state.pool).await?;
    let cookie = cleared_cookie(&state, &headers, SessionKind::Customer);
    Ok((StatusCode::NO_CONTENT, [(header::SET_COOKIE, cookie)]).into_response())
}

/// The signed-in customer and the session's CSRF token.
#[utoipa::path(
    get,
    path = "/account/me",
    operation_id = "account_me",
    tag = "account",
    security(("customer_session" = [])),
    responses((status = 200, body = AccountMe))
)]
async fn me(customer: SignedInCustomer) -> Json<AccountMe> {
    let verified = customer.is_verified();
    Json(AccountMe { email: customer.email, csrf_token: customer.csrf_token, verified })
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ResetRequestBody {
    /// The account's e-mail address.
    #[schema(max_length = 254, pattern = r"^[^\x00]*@[^\x00]*$")]
    email: String,
}

#[derive(Serialize, ToSchema)]
struct ResetRequested {
    /// The same words whether or not the address has an account.
    message: &'static str,
}

const RESET_REQUESTED: &str = "If an account uses this e-mail address, we have sent it a link to set a new password. \
     The link works for one hour. Check your inbox (and spam folder).";

/// "Forgot password": e-mails the account's address a one-time link (an hour to live) that sets
/// a new password. Answers 202 the same whether or not the address has an account.
#[utoipa::path(
    post,
    path = "/account/password-reset",
    operation_id = "account_password_reset",
    tag = "account",
    request_body = ResetRequestBody,
    responses(
        (status = 202, description = "Asked: a link is e-mailed if the address has an account", body = ResetRequested),
        (status = 422, description = "No e-mail address (invalid_fields)", body = Refusal),
        (status = 429, description = "Too many links asked for: 10 an hour from this address, or 3 an hour for this e-mail (too_many_attempts)", body = Refusal),
    )
)]
async fn request_password_reset(
    State(state): State<AppState>,
    address: ClientAddress,
    ApiJson(body): ApiJson<ResetRequestBody>,
) -> Result<Response, ApiError> {
    if !body.email.contains('@') || body.email.chars().count() > 254 {
        let mut errors = FieldErrors::new();
        errors.insert("email", "Enter the e-mail address of your account.");
        return Err(field_errors(errors));
    }
    customer_account::request_reset(&state, &address, &body.email).await?;
    Ok((StatusCode::ACCEPTED, Json(ResetRequested { message: RESET_REQUESTED })).into_response())
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct SetPasswordBody {
    /// The `token` of the e-mailed link (`/account/reset-password?token=...`): 64
    /// hexadecimal digits (anything else is no link we sent: 400 reset_link_invalid).
    #[schema(min_length = 64, max_length = 64, pattern = "^[0-9a-fA-F]{64}$")]
    token: String,
    /// The new password: 12 to 256 characters, not on the list of passwords from breaches nor
    /// easy to guess (zxcvbn, which no schema can state: api/src/app/password_rules.rs).
    #[schema(min_length = 12, max_length = 256)]
    password: String,
}

/// Follows a "Forgot password" link: sets the new password, confirms the address (the account
/// is now its owner's), signs out every other session of the account and signs this browser in.
#[utoipa::path(
    post,
    path = "/account/password",
    operation_id = "account_set_password",
    tag = "account",
    request_body = SetPasswordBody,
    responses(
        (status = 200, description = "The password is set and this browser signed in", body = AccountMe,
            headers(("set-cookie" = String, description = "The HttpOnly session cookie"))),
        (status = 400, description = "Not a link we sent (reset_link_invalid)", body = Refusal),
        (status = 410, description = "The link was used already (reset_link_used) or is over an hour old (reset_link_expired)", body = Refusal),
        (status = 422, description = "A password that is not good enough (invalid_fields)", body = Refusal),
    )
)]
async fn set_password(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiJson(body): ApiJson<SetPasswordBody>,
) -> Result<Response, ApiError> {
    let signed_in = customer_account::reset_password(&state, &body.token, body.password).await?;
    Ok(signed_in_answer(&state, &headers, signed_in))
}

/// What the account holds.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountOrders {
    service_orders: Vec<AccountServiceOrder>,
    /// Listed once the account's address is confirmed (`verified` of /api/account/me).
    hardware_orders: Vec<AccountHardwareOrder>,
    trials: Vec<AccountTrial>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountServiceOrder {
    id: String,
    order_number: String,
    /// placed, paid, failed, completed or "needs replacement".
    status: String,
    placed_at: Option<chrono::DateTime<chrono::Utc>>,
    /// The plan's name.
    package_name: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountHardwareOrder {
    id: String,
    order_number: String,
    status: String,
    placed_at: Option<chrono::DateTime<chrono::Utc>>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountTrial {
    id: String,
    /// active, ended or converted.
    status: String,
    /// The trial's number as people write it.
    number: String,
    started_at: Option<chrono::DateTime<chrono::Utc>>,
    ends_at: Option<chrono::DateTime<chrono::Utc>>,
}

/// The signed-in customer's service orders, hardware orders and free trials, newest first,
/// each with its status.
#[utoipa::path(
    get,
    path = "/account/orders",
    operation_id = "account_orders",
    tag = "account",
    security(("customer_session" = [])),
    responses((status = 200, body = AccountOrders))
)]
async fn orders(State(state): State<AppState>, customer: SignedInCustomer) -> Result<Json<AccountOrders>, ApiError> {
    let mut answer = AccountOrders { service_orders: vec![], hardware_orders: vec![], trials: vec![] };
    for listed in customer_account::orders(&state, &customer).await? {
        match listed.kind.as_str() {
            "service" => {
                let package_name = state
                    .orders
                    .views
                    .load(&listed.id)
                    .await
                    .map_err(ApiError::internal)?
                    .map(|view| view.package_name)
                    .unwrap_or_default();
                answer.service_orders.push(AccountServiceOrder {
                    id: listed.id,
                    order_number: listed.order_number,
                    status: listed.status,
                    placed_at: listed.placed_at,
                    package_name,
                });
            }
            "trial" => {
                let view = state.trials.views.load(&listed.id).await.map_err(ApiError::internal)?;
                let (number, started_at, ends_at) =
                    view.map(|v| (v.number, v.started_at, v.ends_at)).unwrap_or_default();
                answer.trials.push(AccountTrial { id: listed.id, status: listed.status, number, started_at, ends_at });
            }
            _ => answer.hardware_orders.push(AccountHardwareOrder {
                id: listed.id,
                order_number: listed.order_number,
                status: listed.status,
                placed_at: listed.placed_at,
            }),
        }
    }
    Ok(Json(answer))
}

/// One service order's page.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountOrderDetail {
    id: String,
    order_number: String,
    status: projections::orders::OrderViewStatus,
    placed_at: Option<chrono::DateTime<chrono::Utc>>,
    /// The plan's name.
    package_name: String,
    /// How many users (extensions) the plan has.
    quantity: u32,
    billing_cycle: Option<aggregates::pricing::BillingCycle>,
    /// The order's phone numbers as people write them.
    numbers: Vec<String>,
    /// Where phones connect.
    sip_server: SipServer,
    extensions: Vec<AccountExtension>,
    /// Why calls out are suspended, when they are (the phrase the phones show): "Payment
    /// failed: update your card in your account", "Account suspended: contact support", or
    /// staff's reason; null while they go.
    calls_out_suspended: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountExtension {
    /// 101, 102, ...
    number: String,
    /// The SIP username a phone registers with.
    username: String,
    /// A phone is registered with it now ("Registered"; else "Not registered yet").
    registered: bool,
}

#[derive(serde::Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
struct AccountOrderPath {
    /// The service order's id (a UUID).
    id: String,
}

/// One of the signed-in customer's service orders: plan, numbers and extensions, each with
/// whether a phone is registered with it now.
#[utoipa::path(
    get,
    path = "/account/orders/{id}",
    operation_id = "account_order",
    tag = "account",
    params(AccountOrderPath),
    security(("customer_session" = [])),
    responses(
        (status = 200, body = AccountOrderDetail),
        (status = 403, description = "The order is another account's (not_your_order)", body = Refusal),
        (status = 404, description = "No such order (order_not_found)", body = Refusal),
    )
)]
async fn order(
    State(state): State<AppState>,
    customer: SignedInCustomer,
    Path(AccountOrderPath { id: raw }): Path<AccountOrderPath>,
) -> Result<Json<AccountOrderDetail>, ApiError> {
    let id = crate::app::checkout::order_id(&raw)?;
    customer_sessions::require_order_owner(&state, &customer, &id).await?;
    let view = state
        .orders
        .views
        .load(&id)
        .await
        .map_err(ApiError::internal)?
        .ok_or(aggregates::service_order::ServiceOrderError::NotFound)?;
    let extensions = customer_account::extensions(&state, &id)
        .await?
        .into_iter()
        .map(|e| AccountExtension { number: e.number, username: e.username, registered: e.registered })
        .collect();
    let calls_out_suspended = customer_account::calls_out_suspension(&state, &id).await?;
    Ok(Json(AccountOrderDetail {
        id,
        order_number: view.order_number,
        status: view.status,
        placed_at: view.placed_at,
        package_name: view.package_name,
        quantity: view.quantity,
        billing_cycle: view.billing_cycle,
        numbers: view.phone_numbers.into_iter().map(|n| n.display_value).collect(),
        sip_server: state.services.config.sip.clone(),
        extensions,
        calls_out_suspended,
    }))
}
