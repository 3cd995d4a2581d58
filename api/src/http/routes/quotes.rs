//! Quote requests' routes (docs/product-rules.md, Quote requests): the /quote form's POST and
//! the sales team's list and "answered" in the console. The use cases (the checks, the rate
//! limit, the honeypot, the mails and the promise) are crate::app::quotes.

use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::Json;
use chrono::{DateTime, Utc};
use projections::quotes::QuoteRequestView;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::auth::Staff;
use crate::app::quotes::{self, QuoteForm, QuoteList, QuoteReceipt, QuoteStatus};
use crate::app::state::AppState;
use crate::platform::client::ClientAddress;
use crate::platform::error::{ApiError, Refusal};
use crate::platform::json::ApiJson;
use crate::platform::refusals::QUOTES_QUERY;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(request_quote)).routes(routes!(list_requests)).routes(routes!(mark_answered))
}

// The checks themselves are `crate::app::quotes::QuoteForm::check`; the description below is
// part of the published document, so it keeps its wording.
/// The /quote form. The schema states the checks of `QuoteBody::check` (texts are trimmed
/// and their inner spaces collapsed first); `speed` and `sites` go with a leased line only,
/// `numbers` with phone numbers only.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", default, deny_unknown_fields)]
struct QuoteBody {
    #[schema(required = true, max_length = 200, pattern = r"^[^\x00]*([^\s\x00\x85]|[\x1c-\x1f])[^\x00]*$")]
    name: String,
    #[schema(required = true, max_length = 200, pattern = r"^[^\x00]*([^\s\x00\x85]|[\x1c-\x1f])[^\x00]*$")]
    company: String,
    /// An e-mail address (at most 200 characters).
    #[schema(
        required = true,
        max_length = 200,
        pattern = r"^[ \t\n\r]*[^@\s\x00\x85\x1c-\x1f]+@[^@\s.\x00\x85\x1c-\x1f][^@\s\x00\x85\x1c-\x1f]*\.[^@\s\x00\x85\x1c-\x1f]*[^@\s.\x00\x85\x1c-\x1f][ \t\n\r]*$"
    )]
    email: String,
    /// An optional leading +, then 10 to 40 digits, spaces, hyphens or brackets (the account
    /// form's rule).
    #[schema(
        required = true,
        pattern = r"^[ \t\n\r]*(\+[0-9 ()-]{9,38}[0-9()-]|[0-9()-][0-9 ()-]{8,38}[0-9()-])[ \t\n\r]*$"
    )]
    phone: String,
    /// A UK postcode, like SW1A 1AA.
    #[schema(
        required = true,
        pattern = r"^[ \t\n\r]*[A-Za-z]([0-9]|[0-9][0-9]|[A-Za-z][0-9]|[A-Za-z][0-9][0-9]|[0-9][A-Za-z]|[A-Za-z][0-9][A-Za-z]) ?[0-9][A-Za-z]{2}[ \t\n\r]*$"
    )]
    postcode: String,
    /// `leasedLine`, `broadband`, `cloudPbx`, `largeTeam`, `phoneNumbers` or `internationalPorting`.
    #[schema(
        required = true,
        pattern = r"^[ \t\n\r]*(leasedLine|broadband|cloudPbx|largeTeam|phoneNumbers|internationalPorting)[ \t\n\r]*$"
    )]
    product: String,
    /// Leased lines: `100mbps`, `1gbps` or `10gbps`.
    #[schema(pattern = r"^[ \t\n\r]*(100mbps|1gbps|10gbps)?[ \t\n\r]*$")]
    speed: Option<String>,
    /// Leased lines: how many sites, 1 to 50.
    #[schema(minimum = 1, maximum = 50)]
    sites: Option<u32>,
    /// Phone numbers: how many new numbers, 11 to 1000 (the cart holds 10).
    #[schema(minimum = 11, maximum = 1000)]
    numbers: Option<u32>,
    /// Anything else the sales team should know (optional, at most 2,000 characters).
    #[schema(max_length = 2000)]
    message: String,
    /// Hidden from people; a form that fills it in is a robot's.
    website: String,
}

impl From<QuoteBody> for QuoteForm {
    fn from(body: QuoteBody) -> QuoteForm {
        let QuoteBody { name, company, email, phone, postcode, product, speed, sites, numbers, message, website } =
            body;
        QuoteForm { name, company, email, phone, postcode, product, speed, sites, numbers, message, website }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct QuoteReceived {
    /// The request's reference.
    request_id: String,
    /// When the buyer can expect the reply.
    reply_by: DateTime<Utc>,
    /// The promise in words ("within the hour", "by 10am on Monday 30 November").
    reply_promise: String,
}

impl From<QuoteReceipt> for QuoteReceived {
    fn from(receipt: QuoteReceipt) -> QuoteReceived {
        let QuoteReceipt { request_id, reply_by, reply_promise } = receipt;
        QuoteReceived { request_id, reply_by, reply_promise }
    }
}

/// Asks for a quote. The sales team is e-mailed and the buyer gets an acknowledgement with
/// when to expect the reply. A refused request (bad fields, the limit) stores nothing.
#[utoipa::path(
    post,
    path = "/quote-requests",
    tag = "quotes",
    request_body = QuoteBody,
    responses(
        (status = 201, body = QuoteReceived),
        (status = 422, description = "Invalid details, each in fieldErrors (invalid_fields)", body = Refusal),
        (status = 429, description = "Too many requests from this e-mail or address (too_many_attempts)", body = Refusal),
    )
)]
async fn request_quote(
    State(state): State<AppState>,
    address: ClientAddress,
    ApiJson(body): ApiJson<QuoteBody>,
) -> Result<(StatusCode, Json<QuoteReceived>), ApiError> {
    let receipt = quotes::request_quote(&state, &address, body.into()).await?;
    Ok((StatusCode::CREATED, Json(receipt.into())))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
struct ListQuery {
    /// `open` (the default: oldest first) or `answered` (newest answered first).
    status: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct QuoteRequestLine {
    #[serde(flatten)]
    view: QuoteRequestView,
    /// Minutes since it came in.
    age_minutes: i64,
    /// Open past the reply it promised.
    late: bool,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct QuoteRequests {
    requests: Vec<QuoteRequestLine>,
    /// How many are open, and of those past their promise.
    open: i64,
    late: i64,
}

/// The quote requests for the sales team: open ones oldest first, with their age.
#[utoipa::path(
    get,
    path = "/admin/quote-requests",
    tag = "staff",
    params(ListQuery),
    security(("staff_session" = [])),
    responses(
        (status = 200, body = QuoteRequests),
        (status = 400, description = "An unknown status (invalid_query)", body = Refusal),
    )
)]
async fn list_requests(
    State(state): State<AppState>,
    _staff: Staff,
    query: Result<Query<ListQuery>, QueryRejection>,
) -> Result<Json<QuoteRequests>, ApiError> {
    let bad = || ApiError::refused(&QUOTES_QUERY);
    let Query(query) = query.map_err(|_| bad())?;
    let status = match query.status.as_deref() {
        None | Some("open") => QuoteStatus::Open,
        Some("answered") => QuoteStatus::Answered,
        Some(_) => return Err(bad()),
    };
    Ok(Json(quotes::list_requests(&state, status).await?.into()))
}

impl From<QuoteList> for QuoteRequests {
    fn from(list: QuoteList) -> QuoteRequests {
        let requests = list
            .requests
            .into_iter()
            .map(|line| QuoteRequestLine { view: line.view, age_minutes: line.age_minutes, late: line.late })
            .collect();
        QuoteRequests { requests, open: list.open, late: list.late }
    }
}

#[derive(serde::Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
struct RequestPath {
    /// The request's id (a UUID).
    id: String,
}

/// Marks a quote request answered; the event names the staff member.
#[utoipa::path(
    post,
    path = "/admin/quote-requests/{id}/answered",
    tag = "staff",
    params(RequestPath),
    security(("staff_session" = [], "staff_csrf" = [])),
    responses(
        (status = 200, body = QuoteRequestView),
        (status = 404, description = "No such request (quote_request_not_found)", body = Refusal),
        (status = 409, description = "Already marked answered (quote_request_answered)", body = Refusal),
    )
)]
async fn mark_answered(
    State(state): State<AppState>,
    staff: Staff,
    Path(RequestPath { id }): Path<RequestPath>,
) -> Result<Json<QuoteRequestView>, ApiError> {
    Ok(Json(quotes::mark_answered(&state, &staff, &id).await?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::quotes::{MAX_FIELD, MAX_MESSAGE};

    /// The OpenAPI schema states the limits `check` applies, from the same constants.
    #[test]
    fn the_schema_states_the_checks_limits() {
        use aggregates::quote_request::{MAX_QUOTE_NUMBERS, MAX_SITES, MIN_QUOTE_NUMBERS};
        use utoipa::PartialSchema;
        let schema = serde_json::to_value(QuoteBody::schema()).unwrap();
        let properties = &schema["properties"];
        for field in ["name", "company", "email"] {
            assert_eq!(properties[field]["maxLength"], MAX_FIELD, "{field}");
        }
        assert_eq!(properties["message"]["maxLength"], MAX_MESSAGE);
        assert_eq!(properties["sites"]["minimum"], 1);
        assert_eq!(properties["sites"]["maximum"], MAX_SITES);
        assert_eq!(properties["numbers"]["minimum"], MIN_QUOTE_NUMBERS);
        assert_eq!(properties["numbers"]["maximum"], MAX_QUOTE_NUMBERS);
        let required: Vec<&str> = schema["required"].as_array().unwrap().iter().filter_map(|v| v.as_str()).collect();
        let errors = QuoteForm::from(QuoteBody::default()).check().unwrap_err();
        for field in errors.keys() {
            assert!(required.contains(field), "{field} is required by check but not by the schema");
        }
    }
}
