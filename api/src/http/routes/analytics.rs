//! Page-view analytics (docs/product-rules.md, Analytics): the web app's beacon, and the
//! staff report behind /admin/analytics.

use axum::extract::rejection::QueryRejection;
use axum::extract::{DefaultBodyLimit, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::Json;
use chrono::NaiveDate;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::account_form::field_errors;
use crate::app::analytics::collector::QueuedView;
use crate::app::analytics::report::{self, AnalyticsReport};
use crate::app::analytics::view::{host_name, PageViewBody};
use crate::app::auth::Staff;
use crate::app::state::AppState;
use crate::platform::client::ClientAddress;
use crate::platform::error::{ApiError, Refusal};
use crate::platform::json::ApiJson;
use crate::platform::limits::{self, Limit, PAGE_VIEWS_PER_ADDRESS};
use crate::platform::metrics::PAGE_VIEWS;
use crate::platform::refusals::{ANALYTICS_NOT_A_DATE, ANALYTICS_QUERY};

/// A page view's body is small: anything bigger is not the web app's. 16 KB holds any body
/// the document's lengths allow, however it is written: `path` 600 characters, `referrer`
/// 1000, three UTM values of 100, each character escaped as JSON may (`\ud83d\ude00`, 12
/// bytes): at most about 12.9 KB. (2 KB refused bodies the document allows.)
pub const MAX_BODY: usize = 16 * 1024;

pub fn router() -> OpenApiRouter<AppState> {
    let collecting = OpenApiRouter::new().routes(routes!(record_page_view)).layer(DefaultBodyLimit::max(MAX_BODY));
    collecting.routes(routes!(read_analytics))
}

/// Whether the browser asks not to be tracked: Do Not Track or Global Privacy Control.
fn asks_not_to_be_tracked(headers: &HeaderMap) -> bool {
    ["dnt", "sec-gpc"].iter().any(|name| headers.get(*name).is_some_and(|value| value.as_bytes().trim_ascii() == b"1"))
}

/// Records one page view, without waiting for it to be written: it is queued and written
/// in a batch within a second. No cookie is read or set; the address and user agent are
/// only hashed (with the day's salt) into a visitor that cannot be traced back. A browser
/// sending `DNT: 1` or `Sec-GPC: 1` is answered the same and nothing is kept. At most
/// `PAGE_VIEWS_PER_ADDRESS` (default 120) views a minute are kept per client address: the
/// rest are answered the same and dropped, neither queued nor written.
#[utoipa::path(
    post,
    path = "/page-views",
    tag = "analytics",
    request_body = PageViewBody,
    responses(
        (status = 204, description = "Accepted (or, for Do Not Track, Global Privacy Control, over 120 a minute from one client address or a full queue, dropped)"),
        (status = 413, description = "The body is over 16 KB, which no body within the schema's lengths reaches (payload_too_large)", body = Refusal),
        (status = 422, description = "A wrong field, each in fieldErrors (invalid_fields)", body = Refusal),
    )
)]
async fn record_page_view(
    State(state): State<AppState>,
    address: ClientAddress,
    headers: HeaderMap,
    body: Result<ApiJson<PageViewBody>, ApiError>,
) -> Result<StatusCode, ApiError> {
    if asks_not_to_be_tracked(&headers) {
        return Ok(StatusCode::NO_CONTENT);
    }
    let ApiJson(body) = body?;
    let mut own_hosts = vec![];
    if let Some(host) = headers.get(header::HOST).and_then(|h| h.to_str().ok()) {
        own_hosts.push(host_name(host));
    }
    if let Some(host) =
        reqwest::Url::parse(&state.services.config.site_url).ok().and_then(|u| u.host_str().map(host_name))
    {
        own_hosts.push(host);
    }
    let view = body.check(&own_hosts).map_err(field_errors)?;
    if !kept_for(&state, &address).await {
        metrics::counter!(PAGE_VIEWS, "outcome" => "dropped_rate_limited").increment(1);
        return Ok(StatusCode::NO_CONTENT);
    }
    let user_agent = headers.get(header::USER_AGENT).and_then(|v| v.to_str().ok()).unwrap_or_default();
    state.page_views.offer(QueuedView {
        viewed_at: state.clock.now(),
        view,
        address: address.0,
        user_agent: user_agent.to_string(),
    });
    Ok(StatusCode::NO_CONTENT)
}

/// Whether the address is still under its page views a minute (counted in the shared
/// limiter, crate::platform::limits). When the count cannot be made the view is kept: analytics never
/// fails a page, and the writer meets the same database.
async fn kept_for(state: &AppState, address: &ClientAddress) -> bool {
    let limit = Limit { max: state.services.config.page_views_per_address, ..PAGE_VIEWS_PER_ADDRESS };
    match limits::attempt(&state.pool, state.clock.now(), &[(&limit, address.as_str())]).await {
        Ok(attempt) => attempt.is_some(),
        Err(error) => {
            tracing::warn!(%error, "the page-view limit could not be counted; the view is kept");
            true
        }
    }
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
struct PeriodQuery {
    /// The first day, `YYYY-MM-DD` (UTC). Default: 29 days before `to`.
    from: Option<String>,
    /// The last day, `YYYY-MM-DD` (UTC), included. Default: today.
    to: Option<String>,
}

/// Page views for a period (the last 30 days unless asked): per day, the top pages and
/// referrers, and the order funnel with the service orders completed in the period.
#[utoipa::path(
    get,
    path = "/admin/analytics",
    tag = "staff",
    params(PeriodQuery),
    security(("staff_session" = [])),
    responses(
        (status = 200, body = AnalyticsReport),
        (status = 400, description = "Not a date, from after to, or over 366 days (invalid_query)", body = Refusal),
    )
)]
async fn read_analytics(
    State(state): State<AppState>,
    _staff: Staff,
    query: Result<Query<PeriodQuery>, QueryRejection>,
) -> Result<Json<AnalyticsReport>, ApiError> {
    let Query(query) = query.map_err(|_| ApiError::refused(&ANALYTICS_QUERY))?;
    let day = |text: Option<String>| -> Result<Option<NaiveDate>, ApiError> {
        match text.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
            None => Ok(None),
            Some(text) => NaiveDate::parse_from_str(text, "%Y-%m-%d")
                .map(Some)
                .map_err(|_| ApiError::refused_with(&ANALYTICS_NOT_A_DATE, format!("{text:?}"))),
        }
    };
    let (from, to) = (day(query.from)?, day(query.to)?);
    let (from, to) = report::period(from, to, state.clock.now().date_naive())?;
    Ok(Json(report::report(&state.pool, from, to).await?))
}
