//! One error type for the whole API: every failure becomes `{ "error", "code" }` with the
//! right status. Details of unexpected failures go to the log only.

use aggregates::cart::CartError;
use aggregates::hardware::HardwareError;
use aggregates::hardware_order::HardwareOrderError;
use aggregates::phone_number::PhoneNumberError;
use aggregates::quote_request::QuoteRequestError;
use aggregates::service_order::ServiceOrderError;
use aggregates::trial::TrialError;
use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::http::header::RETRY_AFTER;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use cqrs_es::AggregateError;
use serde::Serialize;

use crate::platform::limits::Wait;

#[derive(Debug)]
pub enum ApiError {
    /// A domain refusal.
    Cart(CartError),
    Number(PhoneNumberError),
    Hardware(HardwareError),
    Order(ServiceOrderError),
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
#[allow(dead_code)]
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

    pub fn payload_too_large() -> Self {
        ApiError::refused(StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large", "The request body is too large.")
    }

    pub fn internal(detail: impl ToString) -> Self {
        ApiError::Internal(detail.to_string())
    }

    fn status(&self) -> StatusCode {
        match self {
            ApiError::Cart(error) => match error {
                CartError::NotFound
                | CartError::ItemNotFound
                | CartError::AddOnNotInCart
                | CartError::NumberNotInCart => StatusCode::NOT_FOUND,
                CartError::AlreadyExists => StatusCode::CONFLICT,
                _ => StatusCode::UNPROCESSABLE_ENTITY,
            },
            ApiError::Number(error) => match error {
                PhoneNumberError::NotInStock => StatusCode::UNPROCESSABLE_ENTITY,
                _ => StatusCode::CONFLICT,
            },
            ApiError::Hardware(error) => match error {
                HardwareError::NotFound | HardwareError::ImageNotFound => StatusCode::NOT_FOUND,
                HardwareError::AlreadyExists => StatusCode::CONFLICT,
                HardwareError::Invalid(_) | HardwareError::TooManyImages => StatusCode::UNPROCESSABLE_ENTITY,
            },
            ApiError::Order(error) => match error {
                ServiceOrderError::NotFound | ServiceOrderError::UnknownPayment => StatusCode::NOT_FOUND,
                ServiceOrderError::InvalidLines
                | ServiceOrderError::AmountsDoNotAddUp
                | ServiceOrderError::InvalidOrderNumber
                | ServiceOrderError::NoExtensions
                | ServiceOrderError::WrongNumbers
                | ServiceOrderError::NoSubscriptionNeeded
                | ServiceOrderError::NoTopUpNeeded
                | ServiceOrderError::InvalidPortDetails(_)
                | ServiceOrderError::InvalidPac
                | ServiceOrderError::PortDateInThePast
                | ServiceOrderError::RejectionReasonMissing
                | ServiceOrderError::CancellationReasonMissing => StatusCode::UNPROCESSABLE_ENTITY,
                ServiceOrderError::StaffRequired => StatusCode::UNAUTHORIZED,
                ServiceOrderError::TooManyCardSetups => StatusCode::TOO_MANY_REQUESTS,
                _ => StatusCode::CONFLICT,
            },
            ApiError::HardwareOrder(error) => match error {
                HardwareOrderError::NotPlaced | HardwareOrderError::UnknownPayment => StatusCode::NOT_FOUND,
                HardwareOrderError::AlreadyPlaced
                | HardwareOrderError::AlreadyPaid
                | HardwareOrderError::Cancelled
                | HardwareOrderError::PaymentNotSucceeded
                | HardwareOrderError::NotPaid
                | HardwareOrderError::AlreadyConfirmed
                | HardwareOrderError::TooEarlyToCancel
                | HardwareOrderError::NotConfirmed
                | HardwareOrderError::Superseded
                | HardwareOrderError::NotAStrayPayment
                | HardwareOrderError::RefundExceedsPayment { .. }
                | HardwareOrderError::AlreadyRefunded
                | HardwareOrderError::RefundPending
                | HardwareOrderError::UnknownRefund => StatusCode::CONFLICT,
                HardwareOrderError::TooManyCardSetups => StatusCode::TOO_MANY_REQUESTS,
                _ => StatusCode::UNPROCESSABLE_ENTITY,
            },
            ApiError::Trial(error) => match error {
                TrialError::NotFound => StatusCode::NOT_FOUND,
                TrialError::ExtensionTooLong(_) => StatusCode::UNPROCESSABLE_ENTITY,
                TrialError::TooManyCardSetups => StatusCode::TOO_MANY_REQUESTS,
                TrialError::VerificationExpired => StatusCode::GONE,
                _ => StatusCode::CONFLICT,
            },
            ApiError::Quote(error) => match error {
                QuoteRequestError::NotFound => StatusCode::NOT_FOUND,
                QuoteRequestError::LineDetailsMissing | QuoteRequestError::LineDetailsNotForProduct => {
                    StatusCode::UNPROCESSABLE_ENTITY
                }
                QuoteRequestError::StaffRequired => StatusCode::UNAUTHORIZED,
                _ => StatusCode::CONFLICT,
            },
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
            ApiError::HardwareOrder(HardwareOrderError::InvalidDetails(fields)) => {
                let body = serde_json::json!({
                    "success": false,
                    "error": "Please correct the errors below and try again.",
                    "code": "invalid_fields",
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
                let body = ErrorBody { success: false, error: message, code: "too_many_attempts", errors: None };
                return (status, [(RETRY_AFTER, retry_after.seconds.to_string())], Json(body)).into_response();
            }
            ApiError::Internal(detail) => {
                tracing::error!(%detail, "request failed");
                ("Something went wrong on our side. Please try again.".to_string(), "internal")
            }
        };
        let errors = match &self {
            ApiError::Hardware(HardwareError::Invalid(list)) => Some(list.as_slice()),
            _ => None,
        };
        (status, Json(ErrorBody { success: false, error: &message, code, errors })).into_response()
    }
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

impl From<PhoneNumberError> for ApiError {
    fn from(error: PhoneNumberError) -> Self {
        ApiError::Number(error)
    }
}

impl<E: std::error::Error + Into<ApiError>> From<AggregateError<E>> for ApiError {
    fn from(error: AggregateError<E>) -> Self {
        match error {
            AggregateError::UserError(error) => error.into(),
            AggregateError::AggregateConflict => ApiError::refused(
                StatusCode::CONFLICT,
                "conflict",
                "This was changed by another request at the same time. Please try again.",
            ),
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
            StatusCode::UNSUPPORTED_MEDIA_TYPE => ApiError::refused(
                status,
                "unsupported_media_type",
                "Send the request body as JSON with Content-Type: application/json.",
            ),
            StatusCode::BAD_REQUEST => ApiError::refused(
                status,
                "malformed_json",
                format!("The request body is not valid JSON: {}", detail(&rejection)),
            ),
            StatusCode::UNPROCESSABLE_ENTITY => ApiError::refused(
                status,
                "invalid_body",
                format!("The request body has a wrong or missing field: {}", detail(&rejection)),
            ),
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
