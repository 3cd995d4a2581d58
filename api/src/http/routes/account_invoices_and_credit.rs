//! A signed-in buyer's invoices, card and credit on one of their service orders,
//! `/api/account/orders/{id}/...`, the two money sections of the order's page: "Invoices and
//! card" (invoices, the card on file and its change, notice of cancellation and "Keep my
//! service": crate::app::invoices_and_card) and "Pay As You Go credit" (the balance, calls
//! abroad, top-ups: crate::app::call_credit); each module names the Stripe calls it makes. Every route takes the session (401 without one) and checks the order is the
//! customer's (404 `order_not_found`, 403 `not_your_order`) before anything else.

use aggregates::pricing::Pence;
use aggregates::service_order::ServiceOrderError;
use axum::extract::{Path, State};
use axum::Json;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::call_credit::{self, CreditOut, TopUpOut, MAX_TOP_UP};
use crate::app::customer_sessions::{require_order_owner, SignedInCustomer};
use crate::app::ids::{uuid_id, StripeId, StripeKind};
use crate::app::invoices_and_card::{self, CancellationOut, CardChangeOut, CardOut, InvoiceOut};
use crate::app::state::AppState;
use crate::platform::client::ClientAddress;
use crate::platform::error::{ApiError, Refusal};
use crate::platform::json::ApiJson;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(invoices))
        .routes(routes!(card_on_file, change_card))
        .routes(routes!(start_card_change))
        .routes(routes!(cancellation, give_notice, keep_service))
        .routes(routes!(credit))
        .routes(routes!(top_up))
        .routes(routes!(international_calls))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
struct OrderPath {
    /// The service order's id (a UUID).
    id: String,
}

/// The order's id, once the signed-in customer is its owner.
async fn owned(state: &AppState, customer: &SignedInCustomer, raw: &str) -> Result<String, ApiError> {
    let id = uuid_id(raw, ServiceOrderError::NotFound)?;
    require_order_owner(state, customer, &id).await?;
    Ok(id)
}

/// The subscription's invoices, newest first (none for Pay As You Go with only a top-up).
#[utoipa::path(
    get,
    path = "/account/orders/{id}/invoices",
    operation_id = "account_order_invoices",
    tag = "account",
    params(OrderPath),
    security(("customer_session" = [])),
    responses(
        (status = 200, body = InvoicesOut),
        (status = 401, description = "Not signed in (not_signed_in)", body = Refusal),
        (status = 403, description = "Another account's order (not_your_order)", body = Refusal),
        (status = 404, description = "No such order (order_not_found)", body = Refusal),
        (status = 502, description = "Stripe did not answer (payment_provider_error)", body = Refusal),
    )
)]
async fn invoices(
    State(state): State<AppState>,
    customer: SignedInCustomer,
    Path(OrderPath { id: raw }): Path<OrderPath>,
) -> Result<Json<InvoicesOut>, ApiError> {
    let id = owned(&state, &customer, &raw).await?;
    Ok(Json(InvoicesOut { invoices: invoices_and_card::invoices(&state, &id).await? }))
}

/// The subscription's invoices.
#[derive(Serialize, ToSchema)]
struct InvoicesOut {
    /// Newest first.
    invoices: Vec<InvoiceOut>,
}

/// The card on file, when the order has one.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct CardOnFile {
    card: Option<CardOut>,
}

/// The card the subscription and top-ups are charged to: brand, last four digits, expiry.
#[utoipa::path(
    get,
    path = "/account/orders/{id}/card",
    operation_id = "account_order_card",
    tag = "account",
    params(OrderPath),
    security(("customer_session" = [])),
    responses(
        (status = 200, body = CardOnFile),
        (status = 401, description = "Not signed in (not_signed_in)", body = Refusal),
        (status = 403, description = "Another account's order (not_your_order)", body = Refusal),
        (status = 404, description = "No such order (order_not_found)", body = Refusal),
        (status = 502, description = "Stripe did not answer (payment_provider_error)", body = Refusal),
    )
)]
async fn card_on_file(
    State(state): State<AppState>,
    customer: SignedInCustomer,
    Path(OrderPath { id: raw }): Path<OrderPath>,
) -> Result<Json<CardOnFile>, ApiError> {
    let id = owned(&state, &customer, &raw).await?;
    Ok(Json(CardOnFile { card: invoices_and_card::card_on_file(&state, &id).await? }))
}

/// Opens a card setup for a new card: the browser confirms it with Stripe.js, then sends
/// its id to `POST .../card`.
#[utoipa::path(
    post,
    path = "/account/orders/{id}/card/setup",
    operation_id = "account_order_card_setup",
    tag = "account",
    params(OrderPath),
    security(("customer_session" = [], "customer_csrf" = [])),
    responses(
        (status = 200, body = CardChangeOut),
        (status = 401, description = "Not signed in (not_signed_in)", body = Refusal),
        (status = 403, description = "Another account's order (not_your_order), or no CSRF token (csrf)", body = Refusal),
        (status = 404, description = "No such order (order_not_found)", body = Refusal),
        (status = 409, description = "The order is not paid yet (payment_not_confirmed) or has no payment customer (no_payment_customer)", body = Refusal),
        (status = 429, description = "Ten card changes on this order, or too many card setups from this address (too_many_attempts)", body = Refusal),
        (status = 502, description = "Stripe did not answer (payment_provider_error)", body = Refusal),
    )
)]
async fn start_card_change(
    State(state): State<AppState>,
    customer: SignedInCustomer,
    address: ClientAddress,
    Path(OrderPath { id: raw }): Path<OrderPath>,
) -> Result<Json<CardChangeOut>, ApiError> {
    let id = owned(&state, &customer, &raw).await?;
    Ok(Json(invoices_and_card::start_card_change(&state, &customer.actor(), &id, &address).await?))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ChangeCardBody {
    /// The card setup `POST .../card/setup` opened, once the browser confirmed it.
    #[schema(max_length = 255, pattern = "^seti_[A-Za-z0-9]+$")]
    setup_intent_id: String,
}

/// Makes the confirmed card setup's card the card on file (the customer's default for the
/// subscription's invoices and for top-ups).
#[utoipa::path(
    post,
    path = "/account/orders/{id}/card",
    operation_id = "account_order_change_card",
    tag = "account",
    params(OrderPath),
    request_body = ChangeCardBody,
    security(("customer_session" = [], "customer_csrf" = [])),
    responses(
        (status = 200, description = "The new card on file", body = CardOut),
        (status = 401, description = "Not signed in (not_signed_in)", body = Refusal),
        (status = 402, description = "The card setup did not succeed (setup_intent_failed)", body = Refusal),
        (status = 403, description = "Another account's order (not_your_order), or no CSRF token (csrf)", body = Refusal),
        (status = 404, description = "No such order (order_not_found)", body = Refusal),
        (status = 409, description = "The order is not paid yet (payment_not_confirmed) or has no payment customer (no_payment_customer)", body = Refusal),
        (status = 422, description = "Not a card setup of this order (unknown_setup_intent, invalid_fields), or it has no card (no_payment_method)", body = Refusal),
        (status = 502, description = "Stripe did not answer (payment_provider_error)", body = Refusal),
    )
)]
async fn change_card(
    State(state): State<AppState>,
    customer: SignedInCustomer,
    Path(OrderPath { id: raw }): Path<OrderPath>,
    ApiJson(body): ApiJson<ChangeCardBody>,
) -> Result<Json<CardOut>, ApiError> {
    let id = owned(&state, &customer, &raw).await?;
    let setup = StripeId::field(StripeKind::SetupIntent, "setupIntentId", &body.setup_intent_id)?;
    Ok(Json(invoices_and_card::finish_card_change(&state, &customer.actor(), &id, &setup).await?))
}

/// Where the order's cancellation stands: whether notice may be given, when the service
/// ends once it is, and whether "Keep my service" undoes it.
#[utoipa::path(
    get,
    path = "/account/orders/{id}/cancellation",
    operation_id = "account_order_cancellation",
    tag = "account",
    params(OrderPath),
    security(("customer_session" = [])),
    responses(
        (status = 200, body = CancellationOut),
        (status = 401, description = "Not signed in (not_signed_in)", body = Refusal),
        (status = 403, description = "Another account's order (not_your_order)", body = Refusal),
        (status = 404, description = "No such order (order_not_found)", body = Refusal),
    )
)]
async fn cancellation(
    State(state): State<AppState>,
    customer: SignedInCustomer,
    Path(OrderPath { id: raw }): Path<OrderPath>,
) -> Result<Json<CancellationOut>, ApiError> {
    let id = owned(&state, &customer, &raw).await?;
    Ok(Json(invoices_and_card::cancellation(&state, &id).await?))
}

/// Gives notice: Stripe ends the subscription at the end of the period in which the terms'
/// thirty days' notice runs out (`cancel_at_period_end`, or `cancel_at` a later period's end).
#[utoipa::path(
    post,
    path = "/account/orders/{id}/cancellation",
    operation_id = "account_order_give_notice",
    tag = "account",
    params(OrderPath),
    security(("customer_session" = [], "customer_csrf" = [])),
    responses(
        (status = 200, description = "Notice given: when the service ends", body = CancellationOut),
        (status = 401, description = "Not signed in (not_signed_in)", body = Refusal),
        (status = 403, description = "Another account's order (not_your_order), or no CSRF token (csrf)", body = Refusal),
        (status = 404, description = "No such order (order_not_found)", body = Refusal),
        (status = 409, description = "Nothing to cancel (no_subscription), cancelled already (subscription_already_cancelled), still in a trial (cancellation_in_trial)", body = Refusal),
        (status = 502, description = "Stripe did not answer (payment_provider_error)", body = Refusal),
    )
)]
async fn give_notice(
    State(state): State<AppState>,
    customer: SignedInCustomer,
    Path(OrderPath { id: raw }): Path<OrderPath>,
) -> Result<Json<CancellationOut>, ApiError> {
    let id = owned(&state, &customer, &raw).await?;
    Ok(Json(invoices_and_card::schedule_cancellation(&state, &customer.actor(), &id).await?))
}

/// "Keep my service": undoes the notice until the day it takes effect (Stripe's
/// `cancel_at_period_end` back to false).
#[utoipa::path(
    delete,
    path = "/account/orders/{id}/cancellation",
    operation_id = "account_order_keep_service",
    tag = "account",
    params(OrderPath),
    security(("customer_session" = [], "customer_csrf" = [])),
    responses(
        (status = 200, description = "The service carries on", body = CancellationOut),
        (status = 401, description = "Not signed in (not_signed_in)", body = Refusal),
        (status = 403, description = "Another account's order (not_your_order), or no CSRF token (csrf)", body = Refusal),
        (status = 404, description = "No such order (order_not_found)", body = Refusal),
        (status = 409, description = "No cancellation to undo (no_cancellation), cancelled at once (subscription_already_cancelled), or past the date it took effect (cancellation_in_effect)", body = Refusal),
        (status = 502, description = "Stripe did not answer (payment_provider_error)", body = Refusal),
    )
)]
async fn keep_service(
    State(state): State<AppState>,
    customer: SignedInCustomer,
    Path(OrderPath { id: raw }): Path<OrderPath>,
) -> Result<Json<CancellationOut>, ApiError> {
    let id = owned(&state, &customer, &raw).await?;
    Ok(Json(invoices_and_card::undo_cancellation(&state, &customer.actor(), &id).await?))
}

/// The order's Pay As You Go credit: balance (tenths of a penny), what bought it, and the
/// top-up rules of the price list.
#[utoipa::path(
    get,
    path = "/account/orders/{id}/credit",
    operation_id = "account_order_credit",
    tag = "account",
    params(OrderPath),
    security(("customer_session" = [])),
    responses(
        (status = 200, body = CreditOut),
        (status = 401, description = "Not signed in (not_signed_in)", body = Refusal),
        (status = 403, description = "Another account's order (not_your_order)", body = Refusal),
        (status = 404, description = "No such order (order_not_found)", body = Refusal),
    )
)]
async fn credit(
    State(state): State<AppState>,
    customer: SignedInCustomer,
    Path(OrderPath { id: raw }): Path<OrderPath>,
) -> Result<Json<CreditOut>, ApiError> {
    let id = owned(&state, &customer, &raw).await?;
    Ok(Json(call_credit::credit(&state, &id).await?))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct TopUpBody {
    /// The credit to buy in pence before VAT: whole pounds, £10 to £5,000 (VAT is added).
    #[schema(minimum = 1000, maximum = 500000)]
    amount_pence: i64,
    /// The browser's id of this top-up (1 to 64 letters, digits or dashes): the same for a
    /// retry, which charges once.
    #[schema(min_length = 1, max_length = 64, pattern = "^[A-Za-z0-9-]+$")]
    request_id: String,
}

/// Buys credit with the card on file: the amount is priced by the server (VAT added), and a
/// replay of the same `requestId` charges once.
#[utoipa::path(
    post,
    path = "/account/orders/{id}/credit/top-ups",
    operation_id = "account_order_top_up",
    tag = "account",
    params(OrderPath),
    request_body = TopUpBody,
    security(("customer_session" = [], "customer_csrf" = [])),
    responses(
        (status = 200, description = "Paid (the credit is bought), or needsAction: the bank asks the buyer to confirm (Stripe.js with clientSecret, then the same request again)", body = TopUpOut),
        (status = 401, description = "Not signed in (not_signed_in)", body = Refusal),
        (status = 402, description = "The bank declined the card (card_declined and the card's codes)", body = Refusal),
        (status = 403, description = "Another account's order (not_your_order), or no CSRF token (csrf)", body = Refusal),
        (status = 404, description = "No such order (order_not_found)", body = Refusal),
        (status = 409, description = "Not a Pay As You Go order (no_call_credit), not paid yet (payment_not_confirmed), another top-up still being paid (top_up_under_way), an earlier top-up still at the bank's check for a few minutes (top_up_with_bank), this request's top-up already ended with nothing charged (top_up_request_ended), or the bank still processing (payment_processing)", body = Refusal),
        (status = 422, description = "An amount outside the rules (top_up_below_minimum, top_up_not_whole_pounds, top_up_above_maximum), a bad request id (invalid_request_id), or no card on file (no_payment_method)", body = Refusal),
        (status = 502, description = "Stripe did not answer (payment_provider_error)", body = Refusal),
    )
)]
async fn top_up(
    State(state): State<AppState>,
    customer: SignedInCustomer,
    Path(OrderPath { id: raw }): Path<OrderPath>,
    ApiJson(body): ApiJson<TopUpBody>,
) -> Result<Json<TopUpOut>, ApiError> {
    let id = owned(&state, &customer, &raw).await?;
    // Far outside the rules: refused as the aggregate would, without overflowing on the way.
    let amount = Pence(body.amount_pence.clamp(-1, MAX_TOP_UP.0 + 1));
    Ok(Json(call_credit::top_up(&state, &customer.actor(), &id, amount, &body.request_id).await?))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct InternationalCallsBody {
    /// The most calls abroad may spend in a UK calendar month, in whole pence, £1 to £500;
    /// null turns calls abroad off.
    #[schema(minimum = 100, maximum = 50000)]
    monthly_cap_pence: Option<i64>,
}

/// Turns calls abroad (Western Europe, from the Pay As You Go credit) on with a monthly cap,
/// or off: the registrar refuses calls abroad while they are off, and once a month's calls
/// abroad reach the cap. The order's credit as it is then.
#[utoipa::path(
    put,
    path = "/account/orders/{id}/credit/international-calls",
    operation_id = "account_order_international_calls",
    tag = "account",
    params(OrderPath),
    request_body = InternationalCallsBody,
    security(("customer_session" = [], "customer_csrf" = [])),
    responses(
        (status = 200, body = CreditOut),
        (status = 401, description = "Not signed in (not_signed_in)", body = Refusal),
        (status = 403, description = "Another account's order (not_your_order), or no CSRF token (csrf)", body = Refusal),
        (status = 404, description = "No such order (order_not_found)", body = Refusal),
        (status = 409, description = "Not a Pay As You Go order (calls_abroad_need_credit)", body = Refusal),
        (status = 422, description = "A cap outside £1 to £500 (international_cap_out_of_range)", body = Refusal),
    )
)]
async fn international_calls(
    State(state): State<AppState>,
    customer: SignedInCustomer,
    Path(OrderPath { id: raw }): Path<OrderPath>,
    ApiJson(body): ApiJson<InternationalCallsBody>,
) -> Result<Json<CreditOut>, ApiError> {
    let id = owned(&state, &customer, &raw).await?;
    Ok(Json(call_credit::set_international_calls(&state, &customer.actor(), &id, body.monthly_cap_pence).await?))
}
