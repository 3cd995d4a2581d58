//! Staff's fraud panel (issue 44, item 8): the accounts nearest their daily spend caps, one
//! account's calls out, usage and refusals (support and admins), and the daily cap, which only
//! admins change (crate::app::admin::fraud).

use axum::extract::{Path, State};
use axum::Json;
use serde::Deserialize;
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::admin::fraud::{self, FraudAccount, FraudOverview};
use crate::app::admin::OrderKind;
use crate::app::auth::{Admin, Staff};
use crate::app::state::AppState;
use crate::platform::error::{ApiError, Refusal};
use crate::platform::json::ApiJson;
use crate::platform::refusals::NO_SUCH_ORDER_FOR_STAFF;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(overview)).routes(routes!(account)).routes(routes!(set_daily_cap))
}

#[derive(serde::Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
struct AccountPath {
    /// `service` or `trial`.
    kind: String,
    /// The order's or trial's id (a UUID).
    id: String,
}

/// The account an address names: a service order or a trial, by an id as the shop makes them.
fn account_of(kind: &str, id: &str) -> Result<OrderKind, ApiError> {
    let not_found = || ApiError::refused(&NO_SUCH_ORDER_FOR_STAFF);
    let kind = OrderKind::parse(kind).ok_or_else(not_found)?;
    uuid::Uuid::parse_str(id).map_err(|_| not_found())?;
    Ok(kind)
}

/// Calls out across accounts (support and admins): every account with calls out today or in
/// the last hour, refusals today, calls in progress or a suspension, the nearest their daily
/// spend cap first (at most 50), with the totals of them all. Money in tenths of a penny.
#[utoipa::path(
    get,
    path = "/admin/fraud",
    tag = "staff",
    security(("staff_session" = [])),
    responses(
        (status = 200, body = FraudOverview),
        (status = 401, description = "Not signed in (not_signed_in)", body = Refusal),
    )
)]
async fn overview(State(state): State<AppState>, _staff: Staff) -> Result<Json<FraudOverview>, ApiError> {
    Ok(Json(fraud::overview(&state).await?))
}

/// One account's calls out (support and admins): its figures as the overview lists them,
/// its calls in progress, its last 7 days of usage and its refusals by reason.
#[utoipa::path(
    get,
    path = "/admin/fraud/{kind}/{id}",
    tag = "staff",
    params(AccountPath),
    security(("staff_session" = [])),
    responses(
        (status = 200, body = FraudAccount),
        (status = 401, description = "Not signed in (not_signed_in)", body = Refusal),
        (status = 404, description = "No such order (order_not_found), or a hardware order, which has no calls (no_calls)", body = Refusal),
    )
)]
async fn account(
    State(state): State<AppState>,
    _staff: Staff,
    Path(AccountPath { kind, id }): Path<AccountPath>,
) -> Result<Json<FraudAccount>, ApiError> {
    let kind = account_of(&kind, &id)?;
    Ok(Json(fraud::account(&state, kind, &id).await?))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct DailyCapBody {
    /// The daily spend cap on calls out in whole pence, 0 (no call out that costs money) to
    /// 100000 (£1,000); the default is 2000 (£20).
    #[schema(value_type = i64, minimum = 0, maximum = 100000)]
    pence: Value,
}

impl DailyCapBody {
    /// Whole pence, however the number was written (`5000`, `5000.0`); anything else is the
    /// cap's own refusal, with what to send.
    fn pence(&self) -> Result<i64, ApiError> {
        match &self.pence {
            Value::Number(n) => n
                .as_i64()
                .or_else(|| n.as_f64().filter(|f| f.fract() == 0.0 && f.abs() < 9.0e15).map(|f| f as i64))
                .ok_or_else(fraud::invalid_cap),
            _ => Err(fraud::invalid_cap()),
        }
    }
}

/// Sets a service order's daily spend cap on calls out (admins only): an event naming the
/// admin in the order's history, which the registrar reads from then on. Answers the
/// account's panel afresh. The cap it has already changes nothing.
#[utoipa::path(
    post,
    path = "/admin/fraud/{kind}/{id}/daily-cap",
    tag = "staff",
    params(AccountPath),
    security(("staff_session" = [], "staff_csrf" = [])),
    request_body = DailyCapBody,
    responses(
        (status = 200, description = "The account's panel afresh", body = FraudAccount),
        (status = 400, description = "A body that is not the JSON described (bad_request)", body = Refusal),
        (status = 401, description = "Not signed in (not_signed_in)", body = Refusal),
        (status = 403, description = "Support staff, who may only read the panel (forbidden), or no security token (csrf)", body = Refusal),
        (status = 404, description = "No such order (order_not_found), or a hardware order (no_calls)", body = Refusal),
        (status = 409, description = "A trial, which has no cap to change (no_spend_cap_on_trials), the order has no account yet (no_account), or changed at the same time (conflict)", body = Refusal),
        (status = 422, description = "Not whole pence from 0 to 100000 (spend_cap_out_of_range)", body = Refusal),
    )
)]
async fn set_daily_cap(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(AccountPath { kind, id }): Path<AccountPath>,
    ApiJson(body): ApiJson<DailyCapBody>,
) -> Result<Json<FraudAccount>, ApiError> {
    let kind = account_of(&kind, &id)?;
    let pence = body.pence()?;
    Ok(Json(fraud::set_daily_cap(&state, &admin, kind, &id, pence).await?))
}
