//! The support console's API: search orders, read an order's history replayed to any event,
//! and the staff actions (each answers the fresh history). Support and admin roles; only
//! admins extend trials.

use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;

use crate::auth::{Admin, Staff};
use crate::error::ApiError;
use crate::json::ApiJson;
use crate::state::AppState;
use crate::support::search::{search, SearchPage, MAX_QUERY_CHARS};
use crate::support::{self, OrderHistory, OrderKind};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/admin/orders", get(find))
        .route("/admin/orders/{kind}/{id}/history", get(history))
        .route("/admin/orders/{kind}/{id}/resend-confirmation", post(resend_confirmation))
        .route("/admin/orders/{kind}/{id}/release-number", post(release_number))
        .route("/admin/orders/{kind}/{id}/replace-number", post(replace_number))
        .route("/admin/orders/{kind}/{id}/extend", post(extend_trial))
}

/// The most pages anyone pages through; past it, a narrower search is the way.
const MAX_PAGE: i64 = 10_000;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SearchQuery {
    #[serde(default)]
    query: String,
    page: Option<i64>,
}

fn bad_query(message: impl Into<String>) -> ApiError {
    ApiError::refused(StatusCode::BAD_REQUEST, "invalid_query", message)
}

async fn find(
    State(state): State<AppState>,
    _staff: Staff,
    query: Result<Query<SearchQuery>, QueryRejection>,
) -> Result<Json<SearchPage>, ApiError> {
    let Query(query) = query.map_err(|_| bad_query("Search with ?query= (text) and &page= (a page number from 1)."))?;
    if query.query.chars().count() > MAX_QUERY_CHARS {
        return Err(bad_query(format!("Search with at most {MAX_QUERY_CHARS} characters.")));
    }
    let page = query.page.unwrap_or(1);
    if !(1..=MAX_PAGE).contains(&page) {
        return Err(bad_query(format!("The page must be from 1 to {MAX_PAGE}.")));
    }
    Ok(Json(search(&state.pool, &query.query, page).await?))
}

/// The order an address names: a known kind and an id as the shop makes them.
fn order(kind: &str, id: &str) -> Result<OrderKind, ApiError> {
    let not_found = || {
        ApiError::not_found(
            "order_not_found",
            "There is no such order. Search for it by number, e-mail or phone number.",
        )
    };
    let kind = OrderKind::parse(kind).ok_or_else(not_found)?;
    uuid::Uuid::parse_str(id).map_err(|_| not_found())?;
    Ok(kind)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct HistoryQuery {
    up_to: Option<usize>,
}

async fn history(
    State(state): State<AppState>,
    staff: Staff,
    Path((kind, id)): Path<(String, String)>,
    query: Result<Query<HistoryQuery>, QueryRejection>,
) -> Result<Json<OrderHistory>, ApiError> {
    let kind = order(&kind, &id)?;
    let Query(query) = query.map_err(|_| bad_query("upTo must be the number of one of the order's events, from 1."))?;
    Ok(Json(support::order_history(&state, &staff, kind, &id, query.up_to).await?))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Empty {}

async fn resend_confirmation(
    State(state): State<AppState>,
    staff: Staff,
    Path((kind, id)): Path<(String, String)>,
    ApiJson(Empty {}): ApiJson<Empty>,
) -> Result<Json<OrderHistory>, ApiError> {
    let kind = order(&kind, &id)?;
    support::resend_confirmation(&state, &staff, kind, &id).await?;
    Ok(Json(support::order_history(&state, &staff, kind, &id, None).await?))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ReleaseBody {
    number: String,
}

async fn release_number(
    State(state): State<AppState>,
    staff: Staff,
    Path((kind, id)): Path<(String, String)>,
    ApiJson(body): ApiJson<ReleaseBody>,
) -> Result<Json<OrderHistory>, ApiError> {
    let kind = order(&kind, &id)?;
    let number = body.number.trim();
    if number.is_empty() || number.len() > 20 {
        return Err(ApiError::unprocessable("invalid_number", "Pick one of the order's numbers to release."));
    }
    support::release_number(&state, &staff, kind, &id, number).await?;
    Ok(Json(support::order_history(&state, &staff, kind, &id, None).await?))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ReplaceBody {
    lost: String,
}

async fn replace_number(
    State(state): State<AppState>,
    staff: Staff,
    Path((kind, id)): Path<(String, String)>,
    ApiJson(body): ApiJson<ReplaceBody>,
) -> Result<Json<OrderHistory>, ApiError> {
    let kind = order(&kind, &id)?;
    let lost = body.lost.trim();
    if lost.is_empty() || lost.len() > 20 {
        return Err(ApiError::unprocessable("invalid_number", "Pick one of the order's lost numbers to replace."));
    }
    support::replace_lost_number(&state, &staff, kind, &id, lost).await?;
    Ok(Json(support::order_history(&state, &staff, kind, &id, None).await?))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ExtendBody {
    days: u32,
}

async fn extend_trial(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path((kind, id)): Path<(String, String)>,
    ApiJson(body): ApiJson<ExtendBody>,
) -> Result<Json<OrderHistory>, ApiError> {
    if order(&kind, &id)? != OrderKind::Trial {
        return Err(ApiError::not_found("not_a_trial", "Only a free trial can be extended."));
    }
    support::extend_trial(&state, &admin, &id, body.days).await?;
    Ok(Json(support::order_history(&state, &admin, OrderKind::Trial, &id, None).await?))
}
