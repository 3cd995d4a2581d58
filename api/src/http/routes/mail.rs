//! The mailbox staff read at /admin/mail: every e-mail the shop queued, newest first, with
//! where it stands (queued, retrying, sent, kept in the local mailbox, failed) and why.

use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::Json;
use chrono::{DateTime, Utc};
use jobs::outbox::{MailStatus, MAX_ATTEMPTS, STATUS_SQL};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::auth::Staff;
use crate::app::state::AppState;
use crate::platform::error::{ApiError, Refusal};
use crate::platform::refusals::{MAIL_NOT_FOUND, MAIL_QUERY};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list)).routes(routes!(one))
}

const PER_PAGE: i64 = 25;

#[derive(Debug, Serialize, sqlx::FromRow, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MailRow {
    pub id: i64,
    pub kind: String,
    pub reference: String,
    pub recipient: String,
    pub subject: String,
    /// queued, retrying, sent, kept (the local mailbox) or failed (outbox::STATUS_SQL).
    #[schema(value_type = jobs::outbox::MailStatus)]
    pub status: String,
    pub attempts: i32,
    pub last_error: Option<String>,
    pub created_at: DateTime<Utc>,
    pub sent_at: Option<DateTime<Utc>>,
    pub next_attempt_at: Option<DateTime<Utc>>,
    pub failed_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Mailbox {
    pub mails: Vec<MailRow>,
    /// How many e-mails stand at each status (all of them, not only this page).
    pub counts: Counts,
    pub page: i64,
    pub page_count: i64,
    pub max_attempts: i32,
    /// Whether a relay is set up: without one, mail is kept here instead of sent.
    pub relay_configured: bool,
}

#[derive(Debug, Default, Serialize, ToSchema)]
pub struct Counts {
    pub queued: i64,
    pub retrying: i64,
    pub sent: i64,
    pub kept: i64,
    pub failed: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MailDetail {
    #[serde(flatten)]
    pub row: MailRow,
    pub body: String,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
struct MailQuery {
    /// queued, retrying, sent, kept or failed (default: all).
    status: Option<String>,
    /// From 1 (default 1), 25 e-mails a page.
    page: Option<i64>,
}

#[derive(serde::Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
struct MailPath {
    /// The e-mail's id.
    id: String,
}

const COLUMNS: &str = "id, kind, reference, recipient, subject, attempts, last_error, created_at, sent_at, \
     CASE WHEN sent_at IS NULL AND failed_at IS NULL THEN next_attempt_at END AS next_attempt_at, failed_at";

/// Every e-mail the shop queued, newest first, with counts by status (support and admins).
#[utoipa::path(
    get,
    path = "/admin/mail",
    tag = "staff",
    params(MailQuery),
    security(("staff_session" = [])),
    responses(
        (status = 200, body = Mailbox),
        (status = 400, description = "An unknown status or parameter, or a page outside 1 to 10000 (invalid_query)", body = Refusal),
    )
)]
async fn list(
    State(state): State<AppState>,
    _staff: Staff,
    query: Result<Query<MailQuery>, QueryRejection>,
) -> Result<Json<Mailbox>, ApiError> {
    let bad = || ApiError::refused(&MAIL_QUERY);
    let Query(query) = query.map_err(|_| bad())?;
    let status = match query.status.as_deref().filter(|s| !s.is_empty()) {
        None => None,
        Some(text) => Some(MailStatus::parse(text).ok_or_else(bad)?),
    };
    let page = query.page.unwrap_or(1);
    if !(1..=10_000).contains(&page) {
        return Err(bad());
    }
    // Runtime SQL: STATUS_SQL is one definition shared by every reader (the macros take only a literal).
    let mails: Vec<MailRow> = sqlx::query_as(&format!(
        "SELECT {COLUMNS}, {STATUS_SQL} AS status FROM outbox
          WHERE $1::text IS NULL OR {STATUS_SQL} = $1
          ORDER BY id DESC LIMIT $2 OFFSET $3"
    ))
    .bind(status.map(MailStatus::as_str))
    .bind(PER_PAGE)
    .bind((page - 1) * PER_PAGE)
    .fetch_all(&state.pool)
    .await?;
    // Runtime SQL: as above.
    let by_status: Vec<(String, i64)> =
        sqlx::query_as(&format!("SELECT {STATUS_SQL} AS status, count(*) FROM outbox GROUP BY 1"))
            .fetch_all(&state.pool)
            .await?;
    let mut counts = Counts::default();
    for (status, count) in by_status {
        match MailStatus::parse(&status) {
            Some(MailStatus::Queued) => counts.queued = count,
            Some(MailStatus::Retrying) => counts.retrying = count,
            Some(MailStatus::Sent) => counts.sent = count,
            Some(MailStatus::Kept) => counts.kept = count,
            Some(MailStatus::Failed) => counts.failed = count,
            None => {}
        }
    }
    let total = match status {
        None => counts.queued + counts.retrying + counts.sent + counts.kept + counts.failed,
        Some(MailStatus::Queued) => counts.queued,
        Some(MailStatus::Retrying) => counts.retrying,
        Some(MailStatus::Sent) => counts.sent,
        Some(MailStatus::Kept) => counts.kept,
        Some(MailStatus::Failed) => counts.failed,
    };
    Ok(Json(Mailbox {
        mails,
        counts,
        page,
        page_count: (total + PER_PAGE - 1) / PER_PAGE,
        max_attempts: MAX_ATTEMPTS,
        relay_configured: state.services.config.smtp.is_some(),
    }))
}

/// One e-mail with its body.
#[utoipa::path(
    get,
    path = "/admin/mail/{id}",
    tag = "staff",
    params(MailPath),
    security(("staff_session" = [])),
    responses(
        (status = 200, body = MailDetail),
        (status = 404, description = "No such e-mail (mail_not_found)", body = Refusal),
    )
)]
async fn one(
    State(state): State<AppState>,
    _staff: Staff,
    Path(MailPath { id }): Path<MailPath>,
) -> Result<Json<MailDetail>, ApiError> {
    let missing = || ApiError::refused(&MAIL_NOT_FOUND);
    let id: i64 = id.parse().map_err(|_| missing())?;
    let body: Option<String> =
        sqlx::query_scalar!("SELECT body FROM outbox WHERE id = $1", id).fetch_optional(&state.pool).await?;
    let body = body.ok_or_else(missing)?;
    // Runtime SQL: as the list's, STATUS_SQL is spliced in.
    let row: MailRow = sqlx::query_as(&format!("SELECT {COLUMNS}, {STATUS_SQL} AS status FROM outbox WHERE id = $1"))
        .bind(id)
        .fetch_one(&state.pool)
        .await?;
    Ok(Json(MailDetail { row, body }))
}
