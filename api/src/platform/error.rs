//! One error type for the whole API: every failure becomes `{ "error", "code" }` with the
//! right status. Details of unexpected failures go to the log only.

use aggregates::call_credit::CallCreditError;
use aggregates::cart::CartError;
use aggregates::hardware_item::HardwareError;
use aggregates::hardware_order::HardwareOrderError;
use aggregates::phone_number::PhoneNumberError;
use aggregates::quote_request::QuoteRequestError;
use aggregates::refusal::{Declared, Refusal as DomainRefusal};
use aggregates::service_order::ServiceOrderError;
use aggregates::transfer::TransferError;
use aggregates::trial::TrialError;
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::http::header::RETRY_AFTER;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use cqrs_es::AggregateError;
use serde::Serialize;

use crate::platform::limits::Wait;

/// The refusals the API answers itself, not a domain's: each code with its status and its
/// message (or, where the message names the detail, what it says). A code answered with two
/// statuses is declared twice. With the domain errors' declarations (aggregates::refusal)
/// they make api/API.md's table of codes and are what the OpenAPI answers may name.
pub const API_REFUSALS: &[Declared] = &[
    MALFORMED_JSON,
    api_refusal("invalid_query", 400, "The query string names a filter the operation does not know."),
    api_refusal("bad_signature", 400, "The Stripe-Signature header does not match the body."),
    BAD_REQUEST,
    api_refusal("reset_link_invalid", 400, "This password link is not valid. Ask for a new link with \"Forgot password\"."),
    api_refusal("invalid_credentials", 401, "The e-mail or password is not right."),
    NOT_SIGNED_IN,
    CUSTOMER_NOT_SIGNED_IN,
    api_refusal("google_sign_in_failed", 401, "Google sign-in did not work for an account of this shop. Try again, or sign in with your password."),
    api_refusal("lookup_unavailable", 401, "The postcode lookup service is not set up: enter the address by hand."),
    api_refusal("lookup_limit", 402, "Address lookup limit reached. Please enter address manually."),
    api_refusal("setup_intent_failed", 402, "The card could not be saved: {detail}"),
    api_refusal("card_declined", 402, "The bank declined the card: {detail}"),
    CSRF,
    api_refusal("forbidden", 403, "Only admins may do this."),
    api_refusal("order_secret_mismatch", 403, "This link is not for that order."),
    NOT_YOUR_ORDER,
    api_refusal("not_found", 404, "No such /api route."),
    api_refusal("order_not_found", 404, "Order not found."),
    api_refusal("subscription_not_found", 404, "No such subscription on this order."),
    api_refusal("payment_not_found", 404, "No such payment on this order."),
    api_refusal("postcode_not_found", 404, "No addresses found for that postcode."),
    api_refusal("mail_not_found", 404, "No such e-mail in the outbox."),
    api_refusal("no_calls", 404, "A hardware order has no phone service, so no calls: open the service order."),
    api_refusal("not_a_trial", 404, "No such free trial."),
    api_refusal("verification_link_unknown", 404, "This confirmation link is not known."),
    api_refusal("payment_processing", 202, "Payment processing completed but status is unclear. Please contact support to verify your order."),
    CONFLICT,
    api_refusal("busy", 409, "Another request is working on this right now: try again in a moment."),
    api_refusal("payment_processing", 409, "Your bank is still processing the payment. Please wait a moment and try again."),
    api_refusal("payment_refunded", 409, "This payment was refunded."),
    api_refusal("order_already_paid", 409, "This order is already paid."),
    api_refusal("no_call_credit", 409, "This plan includes its calls: it has no Pay As You Go credit to top up."),
    api_refusal("calls_abroad_need_credit", 409, "Calls abroad are paid from Pay As You Go credit: this plan has none. Contact us to move to Pay As You Go."),
    api_refusal("no_spend_cap_on_trials", 409, "A free trial has no daily spend cap to change: end the trial to stop its calls."),
    api_refusal("not_a_free_number", 409, "{number} is not a free number of that area code any more."),
    RECEIPT_NOT_AVAILABLE,
    api_refusal("no_number_in_area", 409, "No free number of that area code is left."),
    api_refusal("not_owner", 409, "That number is not this order's."),
    api_refusal("nothing_to_release", 409, "There is nothing to release."),
    api_refusal("not_refundable", 409, "That payment cannot be refunded."),
    api_refusal("trial_already_used", 409, "A free trial has already been used with this email address. To carry on, choose a plan on our Plans and Pricing page, or contact support."),
    api_refusal("verification_link_used", 409, "This confirmation link has been used already."),
    api_refusal("webhook_in_progress", 409, "The same Stripe event is being handled: Stripe retries it."),
    api_refusal("abandoned", 409, "The payment was abandoned: {detail}"),
    api_refusal("price_changed", 409, "A price changed since the quote: review the new total."),
    api_refusal("verification_link_expired", 410, "This confirmation link has expired."),
    api_refusal("reset_link_used", 410, "This password link has been used already. Ask for a new link with \"Forgot password\"."),
    api_refusal("reset_link_expired", 410, "This password link has expired (links work for one hour). Ask for a new link with \"Forgot password\"."),
    PAYLOAD_TOO_LARGE,
    UNSUPPORTED_MEDIA_TYPE,
    INVALID_BODY,
    api_refusal("invalid_query", 422, "The query string is invalid: {detail}"),
    api_refusal("invalid_fields", 422, "Please correct the errors below and try again."),
    api_refusal("authority_not_given", 422, "Confirm the letter of authority to transfer a number."),
    api_refusal("hardware_unavailable", 422, "That desk phone is not available."),
    api_refusal("invalid_image", 422, "That file is not an image the shop takes."),
    api_refusal("invalid_number", 422, "That is not a phone number."),
    api_refusal("invalid_payment_method", 422, "That card is not usable: {detail}"),
    api_refusal("invalid_transfer_step", 422, "That is not a step of a transfer."),
    api_refusal("invalid_postcode", 422, "Please enter a valid UK postcode."),
    api_refusal("invalid_shipping_option", 422, "That is not a shipping option."),
    api_refusal("invalid_up_to", 422, "upTo is not a time."),
    api_refusal("invalid_when", 422, "That is not a time."),
    api_refusal("legacy_payment_type", 422, "That payment type is no longer taken."),
    api_refusal("no_payment_method", 422, "No card is saved for this."),
    api_refusal("not_a_free_number", 422, "That is not a free-trial number."),
    api_refusal("unknown_add_on", 422, "That is not an add-on."),
    api_refusal("unknown_payment_method", 422, "That card is not known."),
    api_refusal("unknown_setup_intent", 422, "That card setup is not known."),
    TOO_MANY_ATTEMPTS,
    api_refusal("too_many_carts", 429, "Too many carts hold numbers from this address."),
    INTERNAL,
    api_refusal("lookup_failed", 502, "The postcode lookup failed: enter the address by hand."),
    api_refusal("payment_provider_error", 502, "The payment provider did not answer: {detail}"),
    api_refusal("refund_refused", 502, "Stripe refused the refund: {detail}"),
    api_refusal("refund_not_confirmed", 502, "Stripe has not confirmed the refund yet."),
    api_refusal("cancellation_not_confirmed", 502, "Stripe has not confirmed the cancellation yet."),
    api_refusal("webhooks_not_configured", 503, "STRIPE_WEBHOOK_SECRET is not set."),
];

/// The API's own refusals that the error type, the JSON extractor and the OpenAPI document
/// name in code.
pub const MALFORMED_JSON: Declared = api_refusal("malformed_json", 400, "The request body is not valid JSON: {detail}");
pub const UNSUPPORTED_MEDIA_TYPE: Declared =
    api_refusal("unsupported_media_type", 415, "Send the request body as JSON with Content-Type: application/json.");
pub const INVALID_BODY: Declared =
    api_refusal("invalid_body", 422, "The request body has a wrong or missing field: {detail}");
pub const PAYLOAD_TOO_LARGE: Declared = api_refusal("payload_too_large", 413, "The request body is too large.");
pub const CONFLICT: Declared =
    api_refusal("conflict", 409, "This was changed by another request at the same time. Please try again.");
pub const INTERNAL: Declared = api_refusal(
    "internal",
    500,
    "Something went wrong on our side. Please try again, and if it happens again contact us quoting reference {reference}.",
);
pub const TOO_MANY_ATTEMPTS: Declared =
    api_refusal("too_many_attempts", 429, "Too many attempts: the message says when to try again (Retry-After).");
pub const NOT_SIGNED_IN: Declared = api_refusal("not_signed_in", 401, "Please sign in.");
/// A customer's account route without a (live) customer session (crate::app::customer_sessions).
pub const CUSTOMER_NOT_SIGNED_IN: Declared = api_refusal("not_signed_in", 401, "Please sign in to your account.");
/// A signed-in customer asking for an order, hardware order or trial of another account.
pub const NOT_YOUR_ORDER: Declared = api_refusal(
    "not_your_order",
    403,
    "This order belongs to another account. Sign in with the e-mail it was bought with.",
);
pub const CSRF: Declared =
    api_refusal("csrf", 403, "This request is missing its security token. Please reload the page.");
pub const RECEIPT_NOT_AVAILABLE: Declared = api_refusal(
    "receipt_not_available",
    409,
    "This order has not been paid, so it has no VAT receipt. If you paid for it, contact support with its order number.",
);
pub const BAD_REQUEST: Declared = api_refusal("bad_request", 400, "The request could not be read: {detail}");

const fn api_refusal(code: &'static str, status: u16, message: &'static str) -> Declared {
    Declared { variant: "api", code, status, message }
}

/// Every refusal the API may answer, as declared: each domain error's (by its enum's name)
/// and the API's own.
pub fn declared_refusals() -> Vec<(&'static str, Declared)> {
    fn all<E: DomainRefusal>(name: &'static str) -> impl Iterator<Item = (&'static str, Declared)> {
        E::DECLARED.iter().map(move |declared| (name, *declared))
    }
    all::<CartError>("CartError")
        .chain(all::<PhoneNumberError>("PhoneNumberError"))
        .chain(all::<HardwareError>("HardwareError"))
        .chain(all::<ServiceOrderError>("ServiceOrderError"))
        .chain(all::<TransferError>("TransferError"))
        .chain(all::<HardwareOrderError>("HardwareOrderError"))
        .chain(all::<TrialError>("TrialError"))
        .chain(all::<QuoteRequestError>("QuoteRequestError"))
        .chain(all::<CallCreditError>("CallCreditError"))
        .chain(API_REFUSALS.iter().map(|declared| ("API", *declared)))
        .collect()
}

/// api/API.md's table of codes, one row per code and status, from the declarations.
pub fn error_table() -> String {
    let mut rows: std::collections::BTreeMap<(u16, &str), Vec<String>> = Default::default();
    for (source, declared) in declared_refusals() {
        let from = if source == "API" { String::new() } else { format!(" ({source}::{})", declared.variant) };
        let message = declared.message.replace('|', "\\|");
        rows.entry((declared.status, declared.code)).or_default().push(format!("{message}{from}"));
    }
    let mut table = String::from("| status | code | message |\n|---|---|---|\n");
    for ((status, code), messages) in rows {
        table.push_str(&format!("| {status} | `{code}` | {} |\n", messages.join("<br>")));
    }
    table
}

#[derive(Debug)]
pub enum ApiError {
    /// A domain refusal.
    Cart(CartError),
    Number(PhoneNumberError),
    Hardware(HardwareError),
    Order(ServiceOrderError),
    Transfer(TransferError),
    HardwareOrder(HardwareOrderError),
    Trial(TrialError),
    Quote(QuoteRequestError),
    /// A refusal with more fields than `error` and `code` (field errors, card decline details).
    Detailed {
        status: StatusCode,
        code: String,
        message: String,
        extra: serde_json::Map<String, serde_json::Value>,
    },
    /// A request the API itself refuses, with its status and stable code.
    Refused {
        status: StatusCode,
        code: &'static str,
        message: String,
    },
    /// A limit reached (429 `too_many_attempts`) with a known wait, sent as `Retry-After`.
    Limited {
        message: String,
        retry_after: Wait,
    },
    /// Anything unexpected: logged, answered with a generic 500.
    Internal(String),
}

/// `success: false` lets the shop's `{ success, data }` routes share this shape.
#[derive(Serialize)]
struct ErrorBody<'a> {
    success: bool,
    error: &'a str,
    code: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    errors: Option<&'a [String]>,
}

/// Every refusal as the OpenAPI document describes it (api/src/http/openapi.rs): what
/// `ErrorBody` writes, and the fields a refusal with details adds.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Refusal {
    /// Always false.
    success: bool,
    /// What went wrong and what to do next, for a person.
    error: String,
    /// A stable machine code (api/API.md, Errors).
    code: String,
    /// An invalid hardware item: every problem found.
    #[serde(skip_serializing_if = "Option::is_none")]
    errors: Option<Vec<String>>,
    /// A form refused (`invalid_fields`): one message per field, by the field's name.
    #[serde(rename = "fieldErrors", skip_serializing_if = "Option::is_none")]
    field_errors: Option<std::collections::BTreeMap<String, String>>,
    /// A declined card (402): the bank's reason, if it gave one.
    #[serde(skip_serializing_if = "Option::is_none")]
    decline_code: Option<String>,
    /// A declined card (402): `failed`.
    #[serde(skip_serializing_if = "Option::is_none")]
    status: Option<String>,
    /// A declined card (402): which of the page's messages to show.
    #[serde(skip_serializing_if = "Option::is_none")]
    card_declined: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    card_error: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    payment_error: Option<bool>,
}

impl ApiError {
    pub fn refused(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        ApiError::Refused { status, code, message: message.into() }
    }

    pub fn not_found(code: &'static str, message: impl Into<String>) -> Self {
        ApiError::refused(StatusCode::NOT_FOUND, code, message)
    }

    pub fn unprocessable(code: &'static str, message: impl Into<String>) -> Self {
        ApiError::refused(StatusCode::UNPROCESSABLE_ENTITY, code, message)
    }

    /// A refusal as declared: its code and status, and a message (the declared one, or one
    /// that fills in its detail).
    pub fn declared(declared: &'static Declared, message: impl Into<String>) -> Self {
        let status = StatusCode::from_u16(declared.status).expect("a declared status is an HTTP status");
        ApiError::refused(status, declared.code, message)
    }

    pub fn payload_too_large() -> Self {
        ApiError::declared(&PAYLOAD_TOO_LARGE, PAYLOAD_TOO_LARGE.message)
    }

    pub fn internal(detail: impl ToString) -> Self {
        ApiError::Internal(detail.to_string())
    }

    fn status(&self) -> StatusCode {
        match self {
            ApiError::Cart(error) => declared_status(error),
            ApiError::Number(error) => declared_status(error),
            ApiError::Hardware(error) => declared_status(error),
            ApiError::Order(error) => declared_status(error),
            ApiError::Transfer(error) => declared_status(error),
            ApiError::HardwareOrder(error) => declared_status(error),
            ApiError::Trial(error) => declared_status(error),
            ApiError::Quote(error) => declared_status(error),
            ApiError::Detailed { status, .. } => *status,
            ApiError::Refused { status, .. } => *status,
            ApiError::Limited { .. } => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = self.status();
        let (message, code) = match &self {
            ApiError::Cart(error) => (error.to_string(), error.code()),
            ApiError::Number(error) => (error.to_string(), error.code()),
            ApiError::Hardware(error) => (error.to_string(), error.code()),
            ApiError::Order(error) => (error.to_string(), error.code()),
            ApiError::Transfer(error) => (error.to_string(), error.code()),
            ApiError::HardwareOrder(error @ HardwareOrderError::InvalidDetails(fields)) => {
                let body = serde_json::json!({
                    "success": false,
                    "error": error.to_string(),
                    "code": error.code(),
                    "fieldErrors": fields,
                });
                return (status, Json(body)).into_response();
            }
            ApiError::HardwareOrder(error) => (error.to_string(), error.code()),
            ApiError::Trial(error) => (error.to_string(), error.code()),
            ApiError::Quote(error) => (error.to_string(), error.code()),
            ApiError::Detailed { code, message, extra, .. } => {
                let mut body = extra.clone();
                body.insert("success".into(), false.into());
                body.insert("error".into(), message.clone().into());
                body.insert("code".into(), code.clone().into());
                return (status, Json(serde_json::Value::Object(body))).into_response();
            }
            ApiError::Refused { code, message, .. } => (message.clone(), *code),
            ApiError::Limited { message, retry_after } => {
                let body = ErrorBody { success: false, error: message, code: TOO_MANY_ATTEMPTS.code, errors: None };
                return (status, [(RETRY_AFTER, retry_after.seconds.to_string())], Json(body)).into_response();
            }
            ApiError::Internal(detail) => {
                // Logged in the request's span (its id); the buyer is shown the id's first
                // eight characters, which find the line in the log.
                tracing::error!(%detail, "request failed");
                let message = match crate::platform::logging::current_request() {
                    Some(id) => INTERNAL.message.replace("{reference}", id.get(..8).unwrap_or(&id)),
                    None => "Something went wrong on our side. Please try again.".to_string(),
                };
                (message, INTERNAL.code)
            }
        };
        let errors = match &self {
            ApiError::Hardware(HardwareError::Invalid(list)) => Some(list.as_slice()),
            _ => None,
        };
        (status, Json(ErrorBody { success: false, error: &message, code, errors })).into_response()
    }
}

/// A domain refusal's status, as declared beside it (aggregates::refusal).
fn declared_status(error: &impl DomainRefusal) -> StatusCode {
    StatusCode::from_u16(DomainRefusal::status(error)).expect("a declared status is an HTTP status")
}

impl From<CartError> for ApiError {
    fn from(error: CartError) -> Self {
        ApiError::Cart(error)
    }
}

impl From<ServiceOrderError> for ApiError {
    fn from(error: ServiceOrderError) -> Self {
        ApiError::Order(error)
    }
}

impl From<TransferError> for ApiError {
    fn from(error: TransferError) -> Self {
        ApiError::Transfer(error)
    }
}

impl From<HardwareOrderError> for ApiError {
    fn from(error: HardwareOrderError) -> Self {
        ApiError::HardwareOrder(error)
    }
}

impl From<TrialError> for ApiError {
    fn from(error: TrialError) -> Self {
        ApiError::Trial(error)
    }
}

impl From<QuoteRequestError> for ApiError {
    fn from(error: QuoteRequestError) -> Self {
        ApiError::Quote(error)
    }
}

impl From<HardwareError> for ApiError {
    fn from(error: HardwareError) -> Self {
        ApiError::Hardware(error)
    }
}

/// Call credit's refusals, answered with their declared code, status and message.
impl From<CallCreditError> for ApiError {
    fn from(error: CallCreditError) -> Self {
        ApiError::Refused { status: declared_status(&error), code: error.code(), message: error.to_string() }
    }
}

impl From<PhoneNumberError> for ApiError {
    fn from(error: PhoneNumberError) -> Self {
        ApiError::Number(error)
    }
}

impl<E: std::error::Error + Into<ApiError>> From<AggregateError<E>> for ApiError {
    fn from(error: AggregateError<E>) -> Self {
        match error {
            AggregateError::UserError(error) => error.into(),
            AggregateError::AggregateConflict => ApiError::declared(&CONFLICT, CONFLICT.message),
            other => ApiError::internal(other),
        }
    }
}

impl From<sqlx::Error> for ApiError {
    fn from(error: sqlx::Error) -> Self {
        ApiError::internal(error)
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> Self {
        let status = rejection.status();
        match status {
            StatusCode::PAYLOAD_TOO_LARGE => ApiError::payload_too_large(),
            StatusCode::UNSUPPORTED_MEDIA_TYPE => {
                ApiError::declared(&UNSUPPORTED_MEDIA_TYPE, UNSUPPORTED_MEDIA_TYPE.message)
            }
            StatusCode::BAD_REQUEST => {
                ApiError::declared(&MALFORMED_JSON, MALFORMED_JSON.message.replace("{detail}", &detail(&rejection)))
            }
            StatusCode::UNPROCESSABLE_ENTITY => {
                ApiError::declared(&INVALID_BODY, INVALID_BODY.message.replace("{detail}", &detail(&rejection)))
            }
            _ => ApiError::refused(status, "bad_request", rejection.body_text()),
        }
    }
}

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> Self {
        ApiError::unprocessable("invalid_query", format!("The query string is invalid: {}", rejection.body_text()))
    }
}

/// serde's own words on what is wrong, without axum's generic prefix.
fn detail(rejection: &JsonRejection) -> String {
    let text = rejection.body_text();
    text.split_once(": ").map_or(text.clone(), |(_, d)| d.to_string())
}

#[cfg(test)]
mod tests {
    use std::collections::{BTreeMap, BTreeSet};

    use super::{declared_refusals, error_table};

    const TABLE_START: &str =
        "<!-- error codes: generated from their declarations by api/src/platform/error.rs (error_table) -->\n";
    const TABLE_END: &str = "<!-- end of error codes -->";

    /// api/API.md's table of codes is the declarations' (UPDATE_API_MD=1 writes it).
    #[test]
    fn api_md_error_table_is_the_declarations() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("API.md");
        let text = std::fs::read_to_string(&path).unwrap();
        let start = text.find(TABLE_START).expect("API.md has the error codes' start marker") + TABLE_START.len();
        let end = text[start..].find(TABLE_END).expect("API.md has the error codes' end marker") + start;
        let table = error_table();
        if std::env::var_os("UPDATE_API_MD").is_some() {
            std::fs::write(&path, format!("{}{table}{}", &text[..start], &text[end..])).unwrap();
            return;
        }
        assert_eq!(&text[start..end], table, "api/API.md's error codes differ: run with UPDATE_API_MD=1");
    }

    /// Every declared status is a refusal's (4xx or 5xx) but for the one exception named here,
    /// and every code is snake_case.
    #[test]
    fn every_declared_status_is_an_http_refusal_status() {
        // The one refusal answered with a success status: checkout's payment whose outcome
        // the provider left unclear (202: the payment went through, the order may not have).
        const SUCCESS_STATUS_REFUSALS: [(&str, u16); 1] = [("payment_processing", 202)];
        for (source, declared) in declared_refusals() {
            let excepted = SUCCESS_STATUS_REFUSALS.contains(&(declared.code, declared.status));
            assert!(
                (400..600).contains(&declared.status) || excepted,
                "{source}::{} {} is not a refusal status (4xx or 5xx)",
                declared.variant,
                declared.status
            );
            assert!(declared.code.chars().all(|c| c.is_ascii_lowercase() || c == '_'), "{}", declared.code);
        }
    }

    /// Every code an OpenAPI answer names (in brackets in its description) is declared, with
    /// that answer's status.
    #[test]
    fn the_openapi_answers_name_declared_codes_with_their_status() {
        let mut declared: BTreeMap<&str, BTreeSet<u16>> = BTreeMap::new();
        for (_, refusal) in declared_refusals() {
            declared.entry(refusal.code).or_default().insert(refusal.status);
        }
        let doc = serde_json::to_value(crate::http::openapi::document()).unwrap();
        let mut wrong = Vec::new();
        let mut named = 0;
        for (path, item) in doc["paths"].as_object().unwrap() {
            for (method, operation) in item.as_object().unwrap() {
                let Some(answers) = operation["responses"].as_object() else { continue };
                for (status, answer) in answers {
                    let Ok(status) = status.parse::<u16>() else { continue };
                    let description = answer["description"].as_str().unwrap_or_default();
                    for code in codes_in(description) {
                        named += 1;
                        match declared.get(code) {
                            Some(statuses) if statuses.contains(&status) => {}
                            Some(statuses) => {
                                wrong.push(format!("{method} {path} {status}: {code} is declared {statuses:?}"))
                            }
                            None => wrong.push(format!("{method} {path} {status}: {code} is not declared")),
                        }
                    }
                }
            }
        }
        assert!(named > 100, "the answers name codes ({named})");
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }

    /// The snake_case words in brackets: `(cart_not_found)`, `(invalid_quantity, below_plan_minimum)`.
    fn codes_in(description: &str) -> Vec<&str> {
        description
            .split('(')
            .skip(1)
            .filter_map(|rest| rest.split_once(')').map(|(inside, _)| inside))
            .flat_map(|inside| inside.split([',', ' ', ';', '/']))
            .map(|word| word.trim_matches(|c: char| !c.is_ascii_alphanumeric() && c != '_'))
            .filter(|word| word.contains('_') && word.chars().all(|c| c.is_ascii_lowercase() || c == '_'))
            // Field names, not codes.
            .filter(|word| !["decline_code", "per_page", "next_after"].contains(word))
            .collect()
    }
}
