//! The support console's API: search orders, read an order's history replayed to any event,
//! and the staff actions (each answers the fresh history). Support and admin roles; only
//! admins extend trials, refund hardware orders and cancel subscriptions (support propose
//! those, for an admin to carry out).

use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::Json;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::admin::calls::{order_calls, OrderCalls};
use crate::app::admin::search::{search, SearchCursor, SearchPage, MAX_QUERY_CHARS};
use crate::app::admin::{self, OrderHistory, OrderKind};
use crate::app::auth::{Admin, Staff};
use crate::app::state::AppState;
use crate::app::transfers::StaffStep;
use crate::platform::error::{ApiError, Refusal};
use crate::platform::json::ApiJson;
use crate::platform::refusals::{
    HISTORY_QUERY, INVALID_WHEN, LOST_NUMBER_TO_REPLACE, NO_SUCH_ORDER_FOR_STAFF, NUMBER_FOR_PLACEHOLDER,
    NUMBER_TO_RELEASE, ORDER_SEARCH_PAGE_UNKNOWN, ORDER_SEARCH_QUERY, ORDER_SEARCH_TOO_LONG, PORT_STEP_EXTRA,
    TRANSFER_DATE_MISSING, TRANSFER_DATE_NOT_A_DATE, TRANSFER_TO_PICK, UNKNOWN_TRANSFER_STEP,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(find))
        .routes(routes!(history))
        .routes(routes!(calls))
        .routes(routes!(resend_confirmation))
        .routes(routes!(reset_sip_password))
        .routes(routes!(release_number))
        .routes(routes!(replace_number))
        .routes(routes!(fill_placeholder))
        .routes(routes!(extend_trial))
        .routes(routes!(move_transfer))
        .routes(routes!(open_transfers))
        .routes(routes!(refund))
        .routes(routes!(propose_refund))
        .routes(routes!(cancel_subscription))
        .routes(routes!(propose_cancellation))
        .routes(routes!(suspend_calls_out))
        .routes(routes!(restore_calls_out))
}

#[derive(serde::Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
struct OrderPath {
    /// `service`, `trial` or `hardware`.
    kind: String,
    /// The order's id (a UUID).
    id: String,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields)]
struct SearchQuery {
    /// An order number (SB-, HW-, TR-), an e-mail address or part of one, a phone number
    /// in any spacing, or a payment reference; empty for every order.
    #[serde(default)]
    query: String,
    /// The `next` of the page before (older orders); none for the newest page.
    before: Option<String>,
}

/// Orders of every kind matching the search, newest first, 20 a page (support and admins).
/// Pages go from the newest order back by keyset (`before`), so a page stays the same while
/// orders are placed; matches are counted up to 1,000.
#[utoipa::path(
    get,
    path = "/admin/orders",
    tag = "staff",
    params(SearchQuery),
    security(("staff_session" = [])),
    responses(
        (status = 200, body = SearchPage),
        (status = 400, description = "A before that is not a page's next, an unknown parameter or a query over 254 characters (invalid_query)", body = Refusal),
    )
)]
async fn find(
    State(state): State<AppState>,
    _staff: Staff,
    query: Result<Query<SearchQuery>, QueryRejection>,
) -> Result<Json<SearchPage>, ApiError> {
    let Query(query) = query.map_err(|_| ApiError::refused(&ORDER_SEARCH_QUERY))?;
    let before = query.checked()?;
    Ok(Json(search(&state.pool, &query.query, before.as_ref()).await?))
}

impl SearchQuery {
    /// The page to start after, once the query's length is checked.
    fn checked(&self) -> Result<Option<SearchCursor>, ApiError> {
        if self.query.chars().count() > MAX_QUERY_CHARS {
            return Err(ApiError::refused_with(&ORDER_SEARCH_TOO_LONG, MAX_QUERY_CHARS));
        }
        match self.before.as_deref().filter(|b| !b.is_empty()) {
            None => Ok(None),
            Some(text) => {
                SearchCursor::decode(text).map(Some).ok_or_else(|| ApiError::refused(&ORDER_SEARCH_PAGE_UNKNOWN))
            }
        }
    }
}

/// The order an address names: a known kind and an id as the shop makes them.
fn order(kind: &str, id: &str) -> Result<OrderKind, ApiError> {
    let not_found = || ApiError::refused(&NO_SUCH_ORDER_FOR_STAFF);
    let kind = OrderKind::parse(kind).ok_or_else(not_found)?;
    uuid::Uuid::parse_str(id).map_err(|_| not_found())?;
    Ok(kind)
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct HistoryQuery {
    /// The sequence of the event to replay the order to (default: its last event).
    #[param(rename = "upTo")]
    up_to: Option<usize>,
}

/// An order's stored events with their actors and sentences, the aggregate replayed to
/// `upTo`, the current view and the order's e-mails.
#[utoipa::path(
    get,
    path = "/admin/orders/{kind}/{id}/history",
    tag = "staff",
    params(OrderPath, HistoryQuery),
    security(("staff_session" = [])),
    responses(
        (status = 200, body = OrderHistory),
        (status = 400, description = "upTo is not a whole number, or an unknown parameter (invalid_query)", body = Refusal),
        (status = 404, description = "No such order (order_not_found)", body = Refusal),
        (status = 422, description = "upTo is not one of the order's events (invalid_up_to)", body = Refusal),
    )
)]
async fn history(
    State(state): State<AppState>,
    staff: Staff,
    Path(OrderPath { kind, id }): Path<OrderPath>,
    query: Result<Query<HistoryQuery>, QueryRejection>,
) -> Result<Json<OrderHistory>, ApiError> {
    let kind = order(&kind, &id)?;
    let Query(query) = query.map_err(|_| ApiError::refused(&HISTORY_QUERY))?;
    Ok(Json(admin::order_history(&state, &staff, kind, &id, query.up_to).await?))
}

/// The order's calls (support and admins): every call made from or to its extensions and
/// numbers, as the SIP registrar recorded it, newest first (at most 200), with how many of
/// them ended each way.
#[utoipa::path(
    get,
    path = "/admin/orders/{kind}/{id}/calls",
    tag = "staff",
    params(OrderPath),
    security(("staff_session" = [])),
    responses(
        (status = 200, body = OrderCalls),
        (status = 401, description = "Not signed in (not_signed_in)", body = Refusal),
        (status = 404, description = "No such order (order_not_found), or a hardware order, which has no calls (no_calls)", body = Refusal),
    )
)]
async fn calls(
    State(state): State<AppState>,
    _staff: Staff,
    Path(OrderPath { kind, id }): Path<OrderPath>,
) -> Result<Json<OrderCalls>, ApiError> {
    let kind = order(&kind, &id)?;
    Ok(Json(order_calls(&state, kind, &id).await?))
}

/// No fields: `{}`.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct Empty {}

/// Sends the confirmation (a trial's welcome) e-mail again; the order records who asked.
#[utoipa::path(
    post,
    path = "/admin/orders/{kind}/{id}/resend-confirmation",
    tag = "staff",
    params(OrderPath),
    security(("staff_session" = [], "staff_csrf" = [])),
    request_body = Empty,
    responses(
        (status = 200, description = "The fresh history", body = OrderHistory),
        (status = 404, description = "No such order (order_not_found)", body = Refusal),
        (status = 409, description = "The order is not complete yet (not_complete), or changed at the same time (conflict)", body = Refusal),
    )
)]
async fn resend_confirmation(
    State(state): State<AppState>,
    staff: Staff,
    Path(OrderPath { kind, id }): Path<OrderPath>,
    ApiJson(Empty {}): ApiJson<Empty>,
) -> Result<Json<OrderHistory>, ApiError> {
    let kind = order(&kind, &id)?;
    Ok(Json(admin::resend_confirmation(&state, &staff, kind, &id).await?))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct ResetSipBody {
    /// The extension (101, 102, ...), as the history lists the account's extensions.
    number: String,
}

/// The new SIP password, shown to staff once (it is stored only as digests).
#[derive(Serialize, ToSchema)]
struct SipPasswordOut {
    number: String,
    username: String,
    password: String,
}

/// Gives an extension of a service order or trial a new SIP password (the buyer lost it, or
/// it leaked): the old one stops registering at once; the order records who reset it.
#[utoipa::path(
    post,
    path = "/admin/orders/{kind}/{id}/reset-sip-password",
    tag = "staff",
    params(OrderPath),
    security(("staff_session" = [], "staff_csrf" = [])),
    request_body = ResetSipBody,
    responses(
        (status = 200, description = "The new password, shown once", body = SipPasswordOut),
        (status = 404, description = "No such order (order_not_found)", body = Refusal),
        (status = 409, description = "Not one of the order's extensions (extension_not_found), no account yet (no_account), the trial ended (trial_over), or changed at the same time (conflict)", body = Refusal),
    )
)]
async fn reset_sip_password(
    State(state): State<AppState>,
    staff: Staff,
    Path(OrderPath { kind, id }): Path<OrderPath>,
    ApiJson(body): ApiJson<ResetSipBody>,
) -> Result<Json<SipPasswordOut>, ApiError> {
    let kind = order(&kind, &id)?;
    let number = body.number.trim();
    let (username, password) = admin::reset_sip_password(&state, &staff, kind, &id, number).await?;
    Ok(Json(SipPasswordOut { number: number.to_string(), username, password }))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct ReleaseBody {
    /// One of the order's numbers, as the history lists it.
    number: String,
}

/// Gives one of a service order's numbers back to the free stock.
#[utoipa::path(
    post,
    path = "/admin/orders/{kind}/{id}/release-number",
    tag = "staff",
    params(OrderPath),
    security(("staff_session" = [], "staff_csrf" = [])),
    request_body = ReleaseBody,
    responses(
        (status = 200, description = "The fresh history", body = OrderHistory),
        (status = 404, description = "No such order (order_not_found)", body = Refusal),
        (status = 409, description = "Not the order's number (not_the_orders_number), released already (number_already_released), no longer the order's (not_owner), or not a service order (nothing_to_release)", body = Refusal),
    )
)]
async fn release_number(
    State(state): State<AppState>,
    staff: Staff,
    Path(OrderPath { kind, id }): Path<OrderPath>,
    ApiJson(body): ApiJson<ReleaseBody>,
) -> Result<Json<OrderHistory>, ApiError> {
    let kind = order(&kind, &id)?;
    let number = body.number.trim();
    if number.is_empty() || number.len() > 20 {
        return Err(ApiError::refused(&NUMBER_TO_RELEASE));
    }
    Ok(Json(admin::release_number(&state, &staff, kind, &id, number).await?))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct ReplaceBody {
    /// The lost number, as `actions.replaceableNumbers` lists it.
    lost: String,
}

/// Replaces a paid number the order could not be given with a free one from the same
/// area code, and e-mails the buyer the new number.
#[utoipa::path(
    post,
    path = "/admin/orders/{kind}/{id}/replace-number",
    tag = "staff",
    params(OrderPath),
    security(("staff_session" = [], "staff_csrf" = [])),
    request_body = ReplaceBody,
    responses(
        (status = 200, description = "The fresh history", body = OrderHistory),
        (status = 404, description = "No such order (order_not_found)", body = Refusal),
        (status = 409, description = "The number is not waiting for a replacement (number_not_lost), or no free number in its area code (no_number_in_area)", body = Refusal),
    )
)]
async fn replace_number(
    State(state): State<AppState>,
    staff: Staff,
    Path(OrderPath { kind, id }): Path<OrderPath>,
    ApiJson(body): ApiJson<ReplaceBody>,
) -> Result<Json<OrderHistory>, ApiError> {
    let kind = order(&kind, &id)?;
    let lost = body.lost.trim();
    if lost.is_empty() || lost.len() > 20 {
        return Err(ApiError::refused(&LOST_NUMBER_TO_REPLACE));
    }
    Ok(Json(admin::replace_lost_number(&state, &staff, kind, &id, lost).await?))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct FillBody {
    /// As `actions.openPlaceholders` names it: `placeholder-020`.
    placeholder: String,
    /// One of its `candidates`.
    number: String,
}

/// Gives a paid area-code placeholder one of the free numbers of its code; the buyer is e-mailed it.
#[utoipa::path(
    post,
    path = "/admin/orders/{kind}/{id}/fill-placeholder",
    tag = "staff",
    params(OrderPath),
    security(("staff_session" = [], "staff_csrf" = [])),
    request_body = FillBody,
    responses(
        (status = 200, description = "The fresh history", body = OrderHistory),
        (status = 404, description = "No such order (order_not_found)", body = Refusal),
        (status = 409, description = "The area code is not waiting for a number (placeholder_not_open), or the number is not a free one of it (not_a_free_number)", body = Refusal),
        (status = 422, description = "An empty or overlong field (invalid_number)", body = Refusal),
    )
)]
async fn fill_placeholder(
    State(state): State<AppState>,
    staff: Staff,
    Path(OrderPath { kind, id }): Path<OrderPath>,
    ApiJson(body): ApiJson<FillBody>,
) -> Result<Json<OrderHistory>, ApiError> {
    let kind = order(&kind, &id)?;
    let (placeholder, number) = (body.placeholder.trim(), body.number.trim());
    if placeholder.is_empty() || placeholder.len() > 40 || number.is_empty() || number.len() > 20 {
        return Err(ApiError::refused(&NUMBER_FOR_PLACEHOLDER));
    }
    Ok(Json(admin::fill_placeholder(&state, &staff, kind, &id, placeholder, number).await?))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct ExtendBody {
    /// 1 to 7; at most 7 days in all per trial.
    days: u32,
}

/// Gives a running free trial more days (admins only).
#[utoipa::path(
    post,
    path = "/admin/orders/{kind}/{id}/extend",
    tag = "staff",
    params(OrderPath),
    security(("staff_session" = [], "staff_csrf" = [])),
    request_body = ExtendBody,
    responses(
        (status = 200, description = "The fresh history", body = OrderHistory),
        (status = 403, description = "Only admins may do this (forbidden)", body = Refusal),
        (status = 404, description = "No such order, or not a trial (order_not_found, not_a_trial)", body = Refusal),
        (status = 409, description = "The trial has ended (trial_over)", body = Refusal),
        (status = 422, description = "Days outside what is left of the 7 (extension_too_long)", body = Refusal),
    )
)]
async fn extend_trial(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(OrderPath { kind, id }): Path<OrderPath>,
    ApiJson(body): ApiJson<ExtendBody>,
) -> Result<Json<OrderHistory>, ApiError> {
    let kind = order(&kind, &id)?;
    Ok(Json(admin::extend_trial(&state, &admin, kind, &id, body.days).await?))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct TransferBody {
    /// The number being transferred, as `actions.ports` lists it.
    number: String,
    /// `submit`, `setDate`, `complete` or `reject`.
    step: String,
    /// For `setDate`: the day the losing provider set, `YYYY-MM-DD`, today or later.
    date: Option<String>,
    /// For `reject`: why, in words the buyer can act on (at most 500 characters).
    reason: Option<String>,
}

/// Moves a number transfer along: submitted to the losing provider, its date set (or moved),
/// completed, or rejected with a reason. Each step is an event naming the staff member, and
/// the buyer is e-mailed.
#[utoipa::path(
    post,
    path = "/admin/orders/{kind}/{id}/port",
    // The web app's generated types name the operation: kept while the path keeps "port".
    operation_id = "move_port",
    tag = "staff",
    params(OrderPath),
    security(("staff_session" = [], "staff_csrf" = [])),
    request_body = TransferBody,
    responses(
        (status = 200, description = "The fresh history", body = OrderHistory),
        (status = 404, description = "No such order (order_not_found)", body = Refusal),
        (status = 409, description = "The order does not transfer that number (not_a_transfer), or the step does not follow from the transfer's state (transfer_step_not_allowed)", body = Refusal),
        (status = 422, description = "An unknown step, a missing or past date, or a missing reason (invalid_transfer_step, transfer_date_in_the_past, rejection_reason_missing)", body = Refusal),
    )
)]
async fn move_transfer(
    State(state): State<AppState>,
    staff: Staff,
    Path(OrderPath { kind, id }): Path<OrderPath>,
    ApiJson(body): ApiJson<TransferBody>,
) -> Result<Json<OrderHistory>, ApiError> {
    // Only a service order transfers numbers: that is answered before the step is read.
    if order(&kind, &id)? != OrderKind::Service {
        return Err(aggregates::transfer::TransferError::NotATransfer.into());
    }
    let (number, step) = body.into_step()?;
    Ok(Json(admin::move_transfer(&state, &staff, &id, &number, step).await?))
}

impl TransferBody {
    /// The transfer's number and the step, as the port's use case takes them.
    fn into_step(self) -> Result<(String, StaffStep), ApiError> {
        let step = match (self.step.as_str(), self.date.as_deref(), self.reason) {
            ("submit", None, None) => StaffStep::Submit,
            ("complete", None, None) => StaffStep::Complete,
            ("setDate", Some(date), None) => StaffStep::SetDate(
                chrono::NaiveDate::parse_from_str(date.trim(), "%Y-%m-%d")
                    .map_err(|_| ApiError::refused(&TRANSFER_DATE_NOT_A_DATE))?,
            ),
            ("setDate", None, _) => return Err(ApiError::refused(&TRANSFER_DATE_MISSING)),
            ("reject", None, Some(reason)) => StaffStep::Reject(reason),
            ("reject", None, None) => return Err(aggregates::transfer::TransferError::RejectionReasonMissing.into()),
            ("submit" | "complete" | "setDate" | "reject", _, _) => return Err(ApiError::refused(&PORT_STEP_EXTRA)),
            _ => return Err(ApiError::refused(&UNKNOWN_TRANSFER_STEP)),
        };
        let number = self.number.trim();
        if number.is_empty() || number.len() > 20 {
            return Err(ApiError::refused(&TRANSFER_TO_PICK));
        }
        Ok((number.to_string(), step))
    }
}

#[derive(serde::Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct OpenTransfers {
    /// The longest waiting first.
    transfers: Vec<crate::app::transfers::OpenTransfer>,
    /// How many are past the 2-3 business days promised.
    overdue: usize,
}

/// Every number transfer not yet completed or rejected, the longest waiting first, those
/// open more than 3 business days flagged.
#[utoipa::path(
    get,
    path = "/admin/transfers",
    tag = "staff",
    security(("staff_session" = [])),
    responses((status = 200, body = OpenTransfers))
)]
async fn open_transfers(State(state): State<AppState>, _staff: Staff) -> Result<Json<OpenTransfers>, ApiError> {
    let transfers = crate::app::transfers::open_transfers(&state).await?;
    let overdue = transfers.iter().filter(|t| t.overdue).count();
    Ok(Json(OpenTransfers { transfers, overdue }))
}

/// One desk phone of the order to refund.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct RefundLineBody {
    /// As the order's lines name it (`actions.refund.lines`).
    product_id: String,
    /// 1 up to what is left of the line to refund.
    quantity: u32,
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct RefundBody {
    /// The phones to refund (a returned phone: its line and a quantity); leave it out to
    /// refund the whole order, delivery included (what is left of what was paid).
    lines: Option<Vec<RefundLineBody>>,
    /// Why, in words the buyer may read (their e-mail quotes it): 1 to 500 characters.
    reason: String,
}

/// At most this many lines in a refund (an order holds at most 20 desk phones).
const MAX_REFUND_LINES: usize = 20;

impl RefundBody {
    fn into_parts(self) -> Result<(admin::refunds::RefundLines, String), ApiError> {
        let lines = match self.lines {
            None => None,
            Some(lines) => {
                if lines.len() > MAX_REFUND_LINES || lines.iter().any(|l| l.product_id.len() > 100) {
                    return Err(aggregates::hardware_order::HardwareOrderError::UnknownRefundLine.into());
                }
                Some(lines.into_iter().map(|l| (l.product_id, l.quantity)).collect())
            }
        };
        Ok((lines, self.reason))
    }
}

/// Refunds a paid hardware order (admins only): some of its phones (each line's unit price
/// times the quantity plus the VAT on that) or, without `lines`, the whole order. The card
/// provider gives the money back to the buyer's card; the order records the refund and who
/// made it, and the buyer is e-mailed.
#[utoipa::path(
    post,
    path = "/admin/orders/{kind}/{id}/refund",
    tag = "staff",
    params(OrderPath),
    security(("staff_session" = [], "staff_csrf" = [])),
    request_body = RefundBody,
    responses(
        (status = 200, description = "Refunded: the fresh history", body = OrderHistory),
        (status = 400, description = "A body that is not the JSON described (bad_request)", body = Refusal),
        (status = 401, description = "Not signed in (not_signed_in)", body = Refusal),
        (status = 403, description = "Support staff, who may only propose it (forbidden), or no security token (csrf)", body = Refusal),
        (status = 404, description = "No such order (order_not_found, hardware_order_not_found)", body = Refusal),
        (status = 409, description = "Not a hardware order (not_refundable), not paid (order_not_paid), refunded in full already (already_refunded), more than is left of what was paid (refund_exceeds_payment), another refund being made (refund_pending), or changed at the same time (conflict)", body = Refusal),
        (status = 422, description = "No reason or one over 500 characters (refund_reason_missing), no phones or a quantity of 0 (no_refund_lines), a phone not on the order (unknown_refund_line), or more of a phone than is left to refund (refund_beyond_quantity)", body = Refusal),
        (status = 502, description = "The card provider refused the refund, nothing refunded (refund_refused), or did not confirm it: try again, the same refund is asked for (refund_not_confirmed)", body = Refusal),
    )
)]
async fn refund(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(OrderPath { kind, id }): Path<OrderPath>,
    ApiJson(body): ApiJson<RefundBody>,
) -> Result<Json<OrderHistory>, ApiError> {
    let kind = order(&kind, &id)?;
    let (lines, reason) = body.into_parts()?;
    Ok(Json(admin::refunds::refund_hardware(&state, &admin, kind, &id, lines, reason).await?))
}

/// Proposes a refund of a paid hardware order for an admin to carry out (support and
/// admins): checked as a refund is and recorded in the order's history; nothing is
/// refunded and the buyer is not e-mailed.
#[utoipa::path(
    post,
    path = "/admin/orders/{kind}/{id}/propose-refund",
    tag = "staff",
    params(OrderPath),
    security(("staff_session" = [], "staff_csrf" = [])),
    request_body = RefundBody,
    responses(
        (status = 200, description = "Proposed: the fresh history", body = OrderHistory),
        (status = 400, description = "A body that is not the JSON described (bad_request)", body = Refusal),
        (status = 401, description = "Not signed in (not_signed_in)", body = Refusal),
        (status = 403, description = "No security token (csrf)", body = Refusal),
        (status = 404, description = "No such order (order_not_found, hardware_order_not_found)", body = Refusal),
        (status = 409, description = "Not a hardware order (not_refundable), not paid (order_not_paid), refunded in full already (already_refunded), more than is left of what was paid (refund_exceeds_payment), or changed at the same time (conflict)", body = Refusal),
        (status = 422, description = "No reason or one over 500 characters (refund_reason_missing), no phones or a quantity of 0 (no_refund_lines), a phone not on the order (unknown_refund_line), or more of a phone than is left to refund (refund_beyond_quantity)", body = Refusal),
    )
)]
async fn propose_refund(
    State(state): State<AppState>,
    staff: Staff,
    Path(OrderPath { kind, id }): Path<OrderPath>,
    ApiJson(body): ApiJson<RefundBody>,
) -> Result<Json<OrderHistory>, ApiError> {
    let kind = order(&kind, &id)?;
    let (lines, reason) = body.into_parts()?;
    Ok(Json(admin::refunds::propose_refund(&state, &staff, kind, &id, lines, reason).await?))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct CancelBody {
    /// `now`, or `periodEnd`: the subscription runs to the end of the period paid for.
    when: String,
    /// Why, in words the buyer may read (their e-mail quotes it): 1 to 500 characters.
    reason: String,
}

impl CancelBody {
    fn at_period_end(&self) -> Result<bool, ApiError> {
        match self.when.as_str() {
            "now" => Ok(false),
            "periodEnd" => Ok(true),
            _ => Err(ApiError::refused(&INVALID_WHEN)),
        }
    }
}

/// Cancels a service order's subscription (admins only), now or from the end of the
/// period paid for: the card provider stops charging it; the order records the
/// cancellation and who made it, and the buyer is e-mailed.
#[utoipa::path(
    post,
    path = "/admin/orders/{kind}/{id}/cancel-subscription",
    tag = "staff",
    params(OrderPath),
    security(("staff_session" = [], "staff_csrf" = [])),
    request_body = CancelBody,
    responses(
        (status = 200, description = "Cancelled: the fresh history", body = OrderHistory),
        (status = 400, description = "A body that is not the JSON described (bad_request)", body = Refusal),
        (status = 401, description = "Not signed in (not_signed_in)", body = Refusal),
        (status = 403, description = "Support staff, who may only propose it (forbidden), or no security token (csrf)", body = Refusal),
        (status = 404, description = "No such order (order_not_found)", body = Refusal),
        (status = 409, description = "No paid subscription on the order (no_subscription), cancelled already (subscription_already_cancelled), or changed at the same time (conflict)", body = Refusal),
        (status = 422, description = "When is not now or periodEnd (invalid_when), or no reason or one over 500 characters (cancellation_reason_missing)", body = Refusal),
        (status = 502, description = "The card provider did not confirm the cancellation; nothing recorded, try again (cancellation_not_confirmed)", body = Refusal),
    )
)]
async fn cancel_subscription(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(OrderPath { kind, id }): Path<OrderPath>,
    ApiJson(body): ApiJson<CancelBody>,
) -> Result<Json<OrderHistory>, ApiError> {
    let kind = order(&kind, &id)?;
    let at_period_end = body.at_period_end()?;
    Ok(Json(admin::refunds::cancel_subscription(&state, &admin, kind, &id, at_period_end, body.reason).await?))
}

/// Proposes cancelling a service order's subscription for an admin to carry out (support
/// and admins): checked as a cancellation is and recorded in the order's history; nothing
/// is cancelled and the buyer is not e-mailed.
#[utoipa::path(
    post,
    path = "/admin/orders/{kind}/{id}/propose-cancellation",
    tag = "staff",
    params(OrderPath),
    security(("staff_session" = [], "staff_csrf" = [])),
    request_body = CancelBody,
    responses(
        (status = 200, description = "Proposed: the fresh history", body = OrderHistory),
        (status = 400, description = "A body that is not the JSON described (bad_request)", body = Refusal),
        (status = 401, description = "Not signed in (not_signed_in)", body = Refusal),
        (status = 403, description = "No security token (csrf)", body = Refusal),
        (status = 404, description = "No such order (order_not_found)", body = Refusal),
        (status = 409, description = "No paid subscription on the order (no_subscription), cancelled already (subscription_already_cancelled), or changed at the same time (conflict)", body = Refusal),
        (status = 422, description = "When is not now or periodEnd (invalid_when), or no reason or one over 500 characters (cancellation_reason_missing)", body = Refusal),
    )
)]
async fn propose_cancellation(
    State(state): State<AppState>,
    staff: Staff,
    Path(OrderPath { kind, id }): Path<OrderPath>,
    ApiJson(body): ApiJson<CancelBody>,
) -> Result<Json<OrderHistory>, ApiError> {
    let kind = order(&kind, &id)?;
    let at_period_end = body.at_period_end()?;
    Ok(Json(admin::refunds::propose_cancellation(&state, &staff, kind, &id, at_period_end, body.reason).await?))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct CallsOutBody {
    /// Why, on one line (1 to 100 characters). Suspending: the buyer's phones show it when a
    /// call out is refused (the SIP 403's reason phrase) and the buyer reads it in their
    /// account. Restoring: kept in the order's history.
    reason: String,
}

/// Suspends a service order's calls out (admins only): the registrar refuses them with the
/// reason as its 403's phrase; calls in, between extensions and to the emergency services
/// go on. Recorded in the order's history with the admin's name; the same again changes
/// nothing.
#[utoipa::path(
    post,
    path = "/admin/orders/{kind}/{id}/suspend-calls-out",
    tag = "staff",
    params(OrderPath),
    security(("staff_session" = [], "staff_csrf" = [])),
    request_body = CallsOutBody,
    responses(
        (status = 200, description = "Suspended: the fresh history", body = OrderHistory),
        (status = 400, description = "A body that is not the JSON described (bad_request)", body = Refusal),
        (status = 401, description = "Not signed in (not_signed_in)", body = Refusal),
        (status = 403, description = "Support staff (forbidden), or no security token (csrf)", body = Refusal),
        (status = 404, description = "No such order (order_not_found)", body = Refusal),
        (status = 409, description = "Not a service order with an account yet (no_account), suspended for a disputed payment (calls_out_suspended_for_dispute), or changed at the same time (conflict)", body = Refusal),
        (status = 422, description = "No reason, one over 100 characters or on more than one line (suspension_reason_invalid)", body = Refusal),
    )
)]
async fn suspend_calls_out(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(OrderPath { kind, id }): Path<OrderPath>,
    ApiJson(body): ApiJson<CallsOutBody>,
) -> Result<Json<OrderHistory>, ApiError> {
    let kind = order(&kind, &id)?;
    Ok(Json(admin::calls_out::suspend(&state, &admin, kind, &id, body.reason).await?))
}

/// Restores a service order's calls out (admins only), whatever suspended them: a failed
/// payment, a disputed one (the Pay As You Go credit it froze is unfrozen) or staff.
#[utoipa::path(
    post,
    path = "/admin/orders/{kind}/{id}/restore-calls-out",
    tag = "staff",
    params(OrderPath),
    security(("staff_session" = [], "staff_csrf" = [])),
    request_body = CallsOutBody,
    responses(
        (status = 200, description = "Restored: the fresh history", body = OrderHistory),
        (status = 400, description = "A body that is not the JSON described (bad_request)", body = Refusal),
        (status = 401, description = "Not signed in (not_signed_in)", body = Refusal),
        (status = 403, description = "Support staff (forbidden), or no security token (csrf)", body = Refusal),
        (status = 404, description = "No such order (order_not_found)", body = Refusal),
        (status = 409, description = "Not a service order with an account (no_account), calls out not suspended (calls_out_not_suspended), or changed at the same time (conflict)", body = Refusal),
        (status = 422, description = "No reason, one over 100 characters or on more than one line (suspension_reason_invalid)", body = Refusal),
    )
)]
async fn restore_calls_out(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(OrderPath { kind, id }): Path<OrderPath>,
    ApiJson(body): ApiJson<CallsOutBody>,
) -> Result<Json<OrderHistory>, ApiError> {
    let kind = order(&kind, &id)?;
    Ok(Json(admin::calls_out::restore(&state, &admin, kind, &id, body.reason).await?))
}
