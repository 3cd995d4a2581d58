//! Quote requests (docs/product-rules.md, Quote requests): the /quote form's POST, checked
//! field by field, rate limited and guarded by a honeypot; a mail to the sales mailbox and
//! an acknowledgement to the buyer; and the sales team's list in the console.

use aggregates::quote_request::{
    within_the_hour, LineSpeed, QuoteDetails, QuoteProduct, QuoteRequestCommand, QuoteRequestError, MAX_QUOTE_NUMBERS,
    MAX_SITES, MIN_QUOTE_NUMBERS,
};
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::Json;
use chrono::{DateTime, Utc};
use chrono_tz::Europe::London;
use cqrs_es::persist::ViewRepository;
use jobs::outbox::{queue, Mail};
use projections::quotes::QuoteRequestView;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::account_form::{field_errors, is_email, is_phone, is_uk_postcode, FieldErrors};
use crate::app::auth::Staff;
use crate::app::checkout::mail::SUPPORT_HOURS;
use crate::app::state::AppState;
use crate::commands::{self, Context, BUYER};
use crate::platform::client::ClientAddress;
use crate::platform::error::{ApiError, Refusal};
use crate::platform::json::ApiJson;
use crate::platform::limits::{self, Limit};

/// Quote requests per e-mail address.
pub const QUOTES_PER_EMAIL: Limit = Limit { name: "quote-email", max: 3, window_seconds: 3600 };
/// Quote requests per client address (an office may send a few for different sites).
pub const QUOTES_PER_ADDRESS: Limit = Limit { name: "quote-address", max: 10, window_seconds: 3600 };

const MAX_FIELD: usize = 200;
const MAX_MESSAGE: usize = 2000;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(request_quote)).routes(routes!(list_requests)).routes(routes!(mark_answered))
}

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
        pattern = r"^[ \t\n\r]*[^@\s\x00\x85]+@[^@\s.\x00\x85][^@\s\x00\x85]*\.[^@\s\x00\x85]*[^@\s.\x00\x85][ \t\n\r]*$"
    )]
    email: String,
    /// An optional leading +, then 10 to 40 digits, single spaces, hyphens or brackets.
    #[schema(required = true, pattern = r"^[ \t\n\r]*\+?([0-9()-] ?){9,19}[0-9()-][ \t\n\r]*$")]
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

fn product(text: &str) -> Option<QuoteProduct> {
    serde_json::from_value(serde_json::Value::String(text.to_string())).ok()
}

fn speed(text: &str) -> Option<LineSpeed> {
    serde_json::from_value(serde_json::Value::String(text.to_string())).ok()
}

impl QuoteBody {
    /// The request, or one message per field in the account form's style.
    fn check(&self) -> Result<QuoteDetails, FieldErrors> {
        let trim = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
        let (name, company, email, phone, postcode) = (
            trim(&self.name),
            trim(&self.company),
            self.email.trim().to_string(),
            trim(&self.phone),
            trim(&self.postcode),
        );
        let mut errors = FieldErrors::new();
        for (field, value, message) in
            [("name", &name, "Name is required"), ("company", &company, "Company name is required")]
        {
            if value.is_empty() {
                errors.insert(field, message);
            } else if value.chars().count() > MAX_FIELD {
                errors.insert(field, "This is too long");
            }
        }
        if email.is_empty() {
            errors.insert("email", "Email is required");
        } else if !is_email(&email) || email.chars().count() > MAX_FIELD {
            errors.insert("email", "Please enter a valid email address");
        }
        if phone.is_empty() {
            errors.insert("phone", "Phone number is required");
        } else if !is_phone(&phone) || phone.len() > 40 {
            errors.insert("phone", "Please enter a valid phone number");
        }
        if postcode.is_empty() {
            errors.insert("postcode", "Postcode is required");
        } else if !is_uk_postcode(&postcode) {
            errors.insert("postcode", "Please enter a valid UK postcode (e.g., SW1A 1AA)");
        }
        let product = product(self.product.trim());
        if product.is_none() {
            errors.insert("product", "Please choose what you would like a quote for");
        }
        let is_line = product == Some(QuoteProduct::LeasedLine);
        let speed = self.speed.as_deref().map(str::trim).filter(|s| !s.is_empty());
        let parsed_speed = speed.and_then(self::speed);
        if is_line && parsed_speed.is_none() {
            errors.insert("speed", "Please choose the line speed");
        }
        if is_line && !self.sites.is_some_and(|n| (1..=MAX_SITES).contains(&n)) {
            errors.insert("sites", "Please enter the number of sites, from 1 to 50");
        }
        let for_numbers = product == Some(QuoteProduct::PhoneNumbers);
        if for_numbers && !self.numbers.is_some_and(|n| (MIN_QUOTE_NUMBERS..=MAX_QUOTE_NUMBERS).contains(&n)) {
            errors.insert("numbers", "Please enter how many numbers you need, from 11 to 1,000");
        }
        let message = self.message.trim().to_string();
        if message.chars().count() > MAX_MESSAGE {
            errors.insert("message", "Please keep the message under 2,000 characters");
        }
        let (Some(product), true) = (product, errors.is_empty()) else { return Err(errors) };
        Ok(QuoteDetails {
            name,
            company,
            email: email.to_lowercase(),
            phone,
            postcode: aggregates::customer::uk_postcode(&postcode).unwrap_or(postcode),
            product,
            speed: if is_line { parsed_speed } else { None },
            sites: if is_line { self.sites } else { None },
            numbers: if for_numbers { self.numbers } else { None },
            message,
        })
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

/// The promise as the buyer reads it, in UK time.
fn promise(received_at: DateTime<Utc>, reply_by: DateTime<Utc>) -> String {
    let local = reply_by.with_timezone(&London);
    if within_the_hour(received_at, reply_by) {
        format!("within the hour (by {})", local.format("%-I:%M%P").to_string().replace(":00", ""))
    } else {
        format!("by {} on {}", local.format("%-I%P"), local.format("%A %-d %B"))
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
    let details = body.check().map_err(field_errors)?;
    let now = state.clock.now();
    let reply_by = aggregates::quote_request::reply_by(now);
    let request_id = uuid::Uuid::new_v4().to_string();
    let received = QuoteReceived { request_id: request_id.clone(), reply_by, reply_promise: promise(now, reply_by) };
    if !body.website.trim().is_empty() {
        // A robot filled in the hidden field: it is answered as a person would be, and
        // nothing is stored or sent.
        tracing::info!("a quote request with the honeypot filled in was dropped");
        return Ok((StatusCode::CREATED, Json(received)));
    }
    limits::require(
        &state.pool,
        &[(&QUOTES_PER_EMAIL, details.email.as_str()), (&QUOTES_PER_ADDRESS, address.as_str())],
    )
    .await?;
    commands::execute(
        &state.quote_requests,
        &BUYER,
        &request_id,
        QuoteRequestCommand::Submit { details: details.clone() },
    )
    .await?;
    queue_mails(&state, &request_id, &details, &received).await?;
    Ok((StatusCode::CREATED, Json(received)))
}

async fn queue_mails(
    state: &AppState,
    id: &str,
    details: &QuoteDetails,
    received: &QuoteReceived,
) -> Result<(), ApiError> {
    let line = match (details.speed, details.sites, details.numbers) {
        (Some(speed), Some(sites), _) => format!("Speed: {}\nSites: {sites}\n", speed.label()),
        (_, _, Some(numbers)) => format!("Numbers: {numbers}\n"),
        _ => String::new(),
    };
    let summary = format!(
        "Product: {}\n{line}Name: {}\nCompany: {}\nE-mail: {}\nPhone: {}\nPostcode: {}\n{}",
        details.product.label(),
        details.name,
        details.company,
        details.email,
        details.phone,
        details.postcode,
        if details.message.is_empty() { String::new() } else { format!("\nMessage:\n{}\n", details.message) }
    );
    let sales_subject = format!("Quote request: {} for {}", details.product.label(), details.company);
    let sales_body = format!(
        "A quote request came in; the buyer was promised a reply {}.\n\n{summary}\nMark it answered in the console: {}/admin/quotes\n",
        received.reply_promise, state.services.config.site_url
    );
    let sales = Mail {
        recipient: &state.services.config.sales_email,
        subject: &sales_subject,
        body: &sales_body,
        kind: "quote_request",
        reference: id,
    };
    queue(&state.pool, sales).await?;
    let buyer_subject = format!("We have your quote request: {}", details.product.label());
    let buyer_body = format!(
        "Hello {},\n\nThank you for asking about {}. Our sales team will reply {} by e-mail, with a quote for {}.\n\n\
         What you sent us:\n{summary}\nOur office hours are {SUPPORT_HOURS}, Monday to Friday (UK time). If anything \
         changes before we reply, just reply to this e-mail.\n",
        details.name,
        details.product.label().to_lowercase(),
        received.reply_promise,
        details.company
    );
    let buyer = Mail {
        recipient: &details.email,
        subject: &buyer_subject,
        body: &buyer_body,
        kind: "quote_acknowledgement",
        reference: id,
    };
    queue(&state.pool, buyer).await?;
    Ok(())
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
    let bad = || ApiError::refused(StatusCode::BAD_REQUEST, "invalid_query", "Use ?status=open or ?status=answered.");
    let Query(query) = query.map_err(|_| bad())?;
    let answered = match query.status.as_deref() {
        None | Some("open") => false,
        Some("answered") => true,
        Some(_) => return Err(bad()),
    };
    let order = if answered { "payload->>'answeredAt' DESC" } else { "payload->>'receivedAt' ASC" };
    let rows: Vec<sqlx::types::Json<QuoteRequestView>> = sqlx::query_scalar(&format!(
        "SELECT payload::jsonb FROM quote_request_view
          WHERE (payload->>'answeredBy' IS NOT NULL) = $1 ORDER BY {order}, view_id LIMIT 200"
    ))
    .bind(answered)
    .fetch_all(&state.pool)
    .await?;
    let now = state.clock.now();
    let (open, late): (i64, i64) = sqlx::query_as(
        "SELECT count(*), count(*) FILTER (WHERE (payload->>'replyBy')::timestamptz < $1)
           FROM quote_request_view WHERE payload->>'answeredBy' IS NULL",
    )
    .bind(now)
    .fetch_one(&state.pool)
    .await?;
    let requests = rows
        .into_iter()
        .map(|row| {
            let view = row.0;
            let age_minutes = view.received_at.map_or(0, |at| (now - at).num_minutes());
            let late = view.answered_by.is_none() && view.reply_by.is_some_and(|by| by < now);
            QuoteRequestLine { view, age_minutes, late }
        })
        .collect();
    Ok(Json(QuoteRequests { requests, open, late }))
}

#[derive(IntoParams)]
#[into_params(parameter_in = Path)]
#[allow(dead_code)]
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
    Path(id): Path<String>,
) -> Result<Json<QuoteRequestView>, ApiError> {
    let id = uuid::Uuid::parse_str(&id).map_err(|_| QuoteRequestError::NotFound)?.to_string();
    if state.quote_request_views.load(&id).await.map_err(ApiError::internal)?.is_none() {
        return Err(QuoteRequestError::NotFound.into());
    }
    commands::execute(
        &state.quote_requests,
        &Context::staff(&staff.email),
        &id,
        QuoteRequestCommand::MarkAnswered { by: staff.email.clone() },
    )
    .await?;
    let view =
        state.quote_request_views.load(&id).await.map_err(ApiError::internal)?.ok_or(QuoteRequestError::NotFound)?;
    Ok(Json(view))
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

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
        let errors = QuoteBody::default().check().unwrap_err();
        for field in errors.keys() {
            assert!(required.contains(field), "{field} is required by check but not by the schema");
        }
    }

    #[test]
    fn the_promise_reads_in_uk_time() {
        let at = Utc.with_ymd_and_hms(2026, 11, 23, 14, 5, 0).unwrap();
        assert_eq!(promise(at, aggregates::quote_request::reply_by(at)), "within the hour (by 3:05pm)");
        let friday_night = Utc.with_ymd_and_hms(2026, 11, 27, 19, 0, 0).unwrap();
        assert_eq!(
            promise(friday_night, aggregates::quote_request::reply_by(friday_night)),
            "by 10am on Monday 30 November"
        );
    }
}
