//! One error type for the whole API: every failure becomes `{ "error", "code" }` with the
//! status its declaration gives (a domain error's beside its enum, aggregates::refusal; the
//! API's own in crate::platform::refusals). Details of unexpected failures go to the log only.

use std::fmt;

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
use serde_json::{Map, Value};

use crate::platform::limits::Wait;
use crate::platform::refusals::{
    fill, ApiRefusal, API_REFUSALS, BAD_REQUEST, CONFLICT, INTERNAL, INVALID_BODY, INVALID_QUERY, MALFORMED_JSON,
    PAYLOAD_TOO_LARGE, UNSUPPORTED_MEDIA_TYPE,
};

/// Every domain error the API answers, by its enum's name: each converts into an [`ApiError`]
/// as declared (its code, status, message and extra fields), and its declarations join the
/// API's own in api/API.md's table.
macro_rules! domain_errors {
    ($($error:ident),* $(,)?) => {
        $(
            impl From<$error> for ApiError {
                fn from(error: $error) -> Self {
                    ApiError::domain(error)
                }
            }
        )*

        const DOMAIN_ERRORS: &[(&str, &[Declared])] =
            &[$((stringify!($error), <$error as DomainRefusal>::DECLARED)),*];
    };
}

domain_errors!(
    CartError,
    PhoneNumberError,
    HardwareError,
    ServiceOrderError,
    TransferError,
    HardwareOrderError,
    TrialError,
    QuoteRequestError,
    CallCreditError,
);

/// Every refusal the API may answer, as declared: each domain error's (by its enum's name)
/// and the API's own.
pub fn declared_refusals() -> Vec<(&'static str, Declared)> {
    DOMAIN_ERRORS
        .iter()
        .flat_map(|(name, declared)| declared.iter().map(move |declared| (*name, *declared)))
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

pub enum ApiError {
    /// A refusal as declared, a domain error's or the API's own: the message its declaration
    /// gives (with its values filled in), and the fields some refusals add beside `error` and
    /// `code` (a form's `fieldErrors`; a declined card's codes, its `code` the provider's).
    Refused { declared: &'static Declared, message: String, extra: Option<Map<String, Value>> },
    /// A limit reached (429 `too_many_attempts`) with a known wait, sent as `Retry-After`.
    Limited { declared: &'static Declared, message: String, retry_after: Wait },
    /// Anything unexpected: logged with its sources, answered with a generic 500.
    Internal(Box<dyn std::error::Error + Send + Sync + 'static>),
}

/// `success: false`, as the older site's refusals had it: the checkout's payment answer still
/// carries a `success` of its own (false while the bank asks the buyer), and its readers look for it.
#[derive(Serialize)]
struct ErrorBody<'a> {
    success: bool,
    error: &'a str,
    code: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    errors: Option<&'a Value>,
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
    /// The API's refusal, answered with its declared message.
    pub fn refused(refusal: &'static ApiRefusal) -> Self {
        ApiError::Refused { declared: refusal, message: refusal.message.to_string(), extra: None }
    }

    /// The API's refusal whose message names one value: `detail` fills it in.
    pub fn refused_with(refusal: &'static ApiRefusal<1>, detail: impl fmt::Display) -> Self {
        ApiError::refused_with_all(refusal, [&detail])
    }

    /// The API's refusal whose message names `N` values: `details` fill them in, in order.
    pub fn refused_with_all<const N: usize>(refusal: &'static ApiRefusal<N>, details: [&dyn fmt::Display; N]) -> Self {
        ApiError::Refused { declared: refusal, message: fill(refusal.message, &details), extra: None }
    }

    /// A limit reached: the refusal's `{wait}` says how long, as does `Retry-After`.
    pub fn limited(refusal: &'static ApiRefusal<1>, wait: Wait) -> Self {
        let minutes = wait.minutes();
        let unit = if minutes == 1 { "minute" } else { "minutes" };
        let message = fill(refusal.message, &[&format!("{minutes} {unit}")]);
        ApiError::Limited { declared: refusal, message, retry_after: wait }
    }

    /// This refusal with fields beside `error` and `code` (they are added to any it has).
    pub fn with_extra(self, fields: Map<String, Value>) -> Self {
        match self {
            ApiError::Refused { declared, message, extra } => {
                let mut extra = extra.unwrap_or_default();
                extra.extend(fields);
                ApiError::Refused { declared, message, extra: Some(extra) }
            }
            other => other,
        }
    }

    /// A domain error's refusal, as declared beside its enum.
    pub fn domain<E: DomainRefusal>(error: E) -> Self {
        ApiError::Refused { declared: error.declared(), message: error.to_string(), extra: error.extra_fields() }
    }

    /// An unexpected failure: `error` (an error, or a sentence saying what went wrong) is
    /// logged with its sources, the answer says only that it failed.
    pub fn internal(error: impl Into<Box<dyn std::error::Error + Send + Sync + 'static>>) -> Self {
        ApiError::Internal(error.into())
    }

    /// An event store's failure where no refusal is expected (loading an aggregate): the
    /// store's own error, with its sources.
    pub fn unexpected<E: std::error::Error>(error: AggregateError<E>) -> Self {
        match error {
            AggregateError::DatabaseConnectionError(error)
            | AggregateError::DeserializationError(error)
            | AggregateError::UnexpectedError(error) => ApiError::Internal(error),
            other => ApiError::internal(other.to_string()),
        }
    }

    /// The refusal's declaration (none for an unexpected failure).
    pub fn declared(&self) -> Option<&'static Declared> {
        match self {
            ApiError::Refused { declared, .. } | ApiError::Limited { declared, .. } => Some(declared),
            ApiError::Internal(_) => None,
        }
    }

    /// Whether this is the refusal `declared` (a domain error's: `error.declared()`).
    pub fn is(&self, declared: &Declared) -> bool {
        self.declared() == Some(declared)
    }

    pub fn status(&self) -> StatusCode {
        let status = self.declared().map_or(500, |declared| declared.status);
        StatusCode::from_u16(status).expect("a declared status is an HTTP status")
    }

    /// The code the answer sends: the declared one, or a declined card's own.
    pub fn code(&self) -> &str {
        match self {
            ApiError::Refused { declared, extra, .. } => {
                extra.as_ref().and_then(|extra| extra.get("code")?.as_str()).unwrap_or(declared.code)
            }
            ApiError::Limited { declared, .. } => declared.code,
            ApiError::Internal(_) => INTERNAL.code,
        }
    }

    /// The message a refusal answers (an unexpected failure's is its error, for the log).
    pub fn message(&self) -> String {
        match self {
            ApiError::Refused { message, .. } | ApiError::Limited { message, .. } => message.clone(),
            ApiError::Internal(error) => with_sources(error.as_ref()),
        }
    }
}

/// An error and the errors it came from: "a: b: c".
fn with_sources(error: &(dyn std::error::Error + 'static)) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(error) = source {
        text.push_str(": ");
        text.push_str(&error.to_string());
        source = error.source();
    }
    text
}

/// The status, code and message (an unexpected failure's error and its sources): what a
/// workflow records of a failed run and a test prints.
impl fmt::Debug for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ApiError::Internal(_) => write!(f, "Internal({:?})", self.message()),
            _ => write!(f, "{} {}: {:?}", self.status().as_u16(), self.code(), self.message()),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let status = self.status();
        match &self {
            ApiError::Refused { declared, message, extra: None } => {
                let body = ErrorBody { success: false, error: message, code: declared.code, errors: None };
                (status, Json(body)).into_response()
            }
            // An invalid item's list of problems follows `code`, as ErrorBody writes it.
            ApiError::Refused { declared, message, extra: Some(extra) }
                if extra.len() == 1 && extra.contains_key("errors") =>
            {
                let body =
                    ErrorBody { success: false, error: message, code: declared.code, errors: extra.get("errors") };
                (status, Json(body)).into_response()
            }
            // Other extra fields make one object with the three, in the order of their names.
            ApiError::Refused { declared, message, extra: Some(extra) } => {
                let mut body = Map::new();
                body.insert("success".into(), false.into());
                body.insert("error".into(), message.clone().into());
                body.insert("code".into(), declared.code.into());
                body.extend(extra.clone());
                (status, Json(Value::Object(body))).into_response()
            }
            ApiError::Limited { declared, message, retry_after } => {
                let body = ErrorBody { success: false, error: message, code: declared.code, errors: None };
                (status, [(RETRY_AFTER, retry_after.seconds.to_string())], Json(body)).into_response()
            }
            ApiError::Internal(error) => {
                // Logged in the request's span (its id); the buyer is shown the id's first
                // eight characters, which find the line in the log.
                match error.source() {
                    Some(source) => tracing::error!(%error, source = %with_sources(source), "request failed"),
                    None => tracing::error!(%error, "request failed"),
                }
                let message = match crate::platform::logging::current_request() {
                    Some(id) => fill(INTERNAL.message, &[&id.get(..8).unwrap_or(&id)]),
                    None => "Something went wrong on our side. Please try again.".to_string(),
                };
                let body = ErrorBody { success: false, error: &message, code: INTERNAL.code, errors: None };
                (status, Json(body)).into_response()
            }
        }
    }
}

impl<E: std::error::Error + Into<ApiError>> From<AggregateError<E>> for ApiError {
    fn from(error: AggregateError<E>) -> Self {
        match error {
            AggregateError::UserError(error) => error.into(),
            AggregateError::AggregateConflict => ApiError::refused(&CONFLICT),
            other => ApiError::unexpected(other),
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
        match rejection.status() {
            StatusCode::PAYLOAD_TOO_LARGE => ApiError::refused(&PAYLOAD_TOO_LARGE),
            StatusCode::UNSUPPORTED_MEDIA_TYPE => ApiError::refused(&UNSUPPORTED_MEDIA_TYPE),
            StatusCode::UNPROCESSABLE_ENTITY => ApiError::refused_with(&INVALID_BODY, detail(&rejection)),
            StatusCode::BAD_REQUEST => ApiError::refused_with(&MALFORMED_JSON, detail(&rejection)),
            _ => ApiError::refused_with(&BAD_REQUEST, rejection.body_text()),
        }
    }
}

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> Self {
        ApiError::refused_with(&INVALID_QUERY, rejection.body_text())
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

    /// The answer's status, `Retry-After` and body, as sent.
    async fn answer(error: super::ApiError) -> (u16, Option<String>, String) {
        let response = axum::response::IntoResponse::into_response(error);
        let status = response.status().as_u16();
        let retry_after = response.headers().get("retry-after").map(|v| v.to_str().unwrap().to_string());
        let body = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap();
        (status, retry_after, String::from_utf8(body.to_vec()).unwrap())
    }

    /// Each shape of answer, byte for byte: `success`, `error` and `code` in that order (an
    /// item's `errors` after them); a refusal with other extra fields one object in the order
    /// of its names (a declined card's `code` the provider's).
    #[tokio::test]
    async fn every_kind_of_refusal_answers_its_json_byte_for_byte() {
        use aggregates::cart::CartError;
        use aggregates::hardware_item::HardwareError;
        use aggregates::hardware_order::HardwareOrderError;
        use aggregates::payments::Refusal as CardRefusal;

        use super::ApiError;
        use crate::platform::limits::Wait;
        use crate::platform::refusals::{NOT_A_FREE_NUMBER, TOO_MANY_LOOKUPS};

        let plain = r#"{"success":false,"error":"Cart not found.","code":"cart_not_found"}"#;
        assert_eq!(answer(CartError::NotFound.into()).await, (404, None, plain.into()));
        let filled = r#"{"success":false,"error":"01632 960001 is not a free number of that area code any more: pick another from the list.","code":"not_a_free_number"}"#;
        assert_eq!(
            answer(ApiError::refused_with(&NOT_A_FREE_NUMBER, "01632 960001")).await,
            (409, None, filled.into())
        );
        let item = HardwareError::Invalid(vec!["Brand is required".into(), "Model is required".into()]);
        let errors = r#"{"success":false,"error":"Please fix the following errors: Brand is required, Model is required","code":"invalid_hardware","errors":["Brand is required","Model is required"]}"#;
        assert_eq!(answer(item.into()).await, (422, None, errors.into()));
        let form = HardwareOrderError::InvalidDetails([("country", "Please choose United Kingdom or Ireland.")].into());
        let fields = r#"{"code":"invalid_fields","error":"Please correct the errors below and try again.","fieldErrors":{"country":"Please choose United Kingdom or Ireland."},"success":false}"#;
        assert_eq!(answer(form.into()).await, (422, None, fields.into()));
        let card =
            CardRefusal { code: "expired_card".into(), decline_code: None, message: "Your card has expired.".into() };
        let declined = r#"{"card_error":true,"code":"expired_card","decline_code":null,"error":"Your card has expired.","status":"failed","success":false}"#;
        assert_eq!(answer(crate::app::payments::failures::declined(&card)).await, (402, None, declined.into()));
        let limited = r#"{"success":false,"error":"Too many address lookups from your connection. Please try again in 2 minutes, or enter your address by hand.","code":"too_many_attempts"}"#;
        let wait = Wait { seconds: 90 };
        assert_eq!(answer(ApiError::limited(&TOO_MANY_LOOKUPS, wait)).await, (429, Some("90".into()), limited.into()));
        let internal =
            r#"{"success":false,"error":"Something went wrong on our side. Please try again.","code":"internal"}"#;
        let failed = ApiError::internal(std::io::Error::other("disk full"));
        assert_eq!(answer(failed).await, (500, None, internal.into()));
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
