//! The signed-in customer's services, `/api/account/...` (crate::app::account_services): a new
//! SIP password for one of their extensions, their number transfers and the letter of
//! authority signed from the account, and a desk-phone order's VAT receipt. Every route takes
//! the customer's session and answers 401 without one, 403 for another customer's order.

use axum::extract::{Path, State};
use axum::Json;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::account_services::{self, HardwareReceipt};
use crate::app::customer_sessions::SignedInCustomer;
use crate::app::state::AppState;
use crate::platform::error::{ApiError, Refusal};
use crate::platform::json::ApiJson;
use crate::platform::refusals::{AUTHORITY_NOT_GIVEN, NOT_A_TRIAL};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(reset_order_sip_password))
        .routes(routes!(reset_trial_sip_password))
        .routes(routes!(order_transfers))
        .routes(routes!(sign_letter_of_authority))
        .routes(routes!(hardware_receipt))
}

/// An extension of an order (or trial).
#[derive(serde::Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
struct ExtensionPath {
    /// The order's (or trial's) id, a UUID.
    id: String,
    /// The extension's number, as the order lists it (`101`).
    number: String,
}

/// A service order or hardware order of the account.
#[derive(serde::Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
struct OrderPath {
    /// The order's id, a UUID.
    id: String,
}

/// A number an order transfers in.
#[derive(serde::Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
struct TransferPath {
    /// The order's id, a UUID.
    id: String,
    /// The number being transferred, as the order's transfers list it.
    number: String,
}

/// An extension's new SIP password: shown this once, kept nowhere.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct NewSipPassword {
    number: String,
    /// The SIP username the phone registers with (unchanged).
    username: String,
    password: String,
}

fn order_id(raw: &str) -> Result<String, ApiError> {
    crate::app::checkout::order_id(raw)
}

/// Gives one of the customer's extensions a new SIP password: the old one stops registering at
/// once (and the phones registered with it are forgotten). Answers the new password once.
#[utoipa::path(
    post,
    path = "/account/orders/{id}/extensions/{number}/sip-password",
    tag = "account",
    params(ExtensionPath),
    security(("customer_session" = [], "customer_csrf" = [])),
    responses(
        (status = 200, description = "The new password, shown once", body = NewSipPassword),
        (status = 403, description = "Another account's order (not_your_order)", body = Refusal),
        (status = 404, description = "No such order (order_not_found)", body = Refusal),
        (status = 409, description = "Not one of the order's extensions (extension_not_found), no account yet (no_account), or changed at the same time (conflict)", body = Refusal),
    )
)]
async fn reset_order_sip_password(
    State(state): State<AppState>,
    customer: SignedInCustomer,
    Path(ExtensionPath { id: raw, number }): Path<ExtensionPath>,
) -> Result<Json<NewSipPassword>, ApiError> {
    let id = order_id(&raw)?;
    let number = number.trim();
    let (username, password) = account_services::reset_order_sip_password(&state, &customer, &id, number).await?;
    Ok(Json(NewSipPassword { number: number.to_string(), username, password }))
}

/// Gives the extension of the customer's free trial a new SIP password, as for an order.
#[utoipa::path(
    post,
    path = "/account/trials/{id}/extensions/{number}/sip-password",
    tag = "account",
    params(ExtensionPath),
    security(("customer_session" = [], "customer_csrf" = [])),
    responses(
        (status = 200, description = "The new password, shown once", body = NewSipPassword),
        (status = 403, description = "Another account's trial (not_your_order)", body = Refusal),
        (status = 404, description = "No such trial (not_a_trial)", body = Refusal),
        (status = 409, description = "Not the trial's extension (extension_not_found), the trial ended (trial_over), or changed at the same time (conflict)", body = Refusal),
    )
)]
async fn reset_trial_sip_password(
    State(state): State<AppState>,
    customer: SignedInCustomer,
    Path(ExtensionPath { id: raw, number }): Path<ExtensionPath>,
) -> Result<Json<NewSipPassword>, ApiError> {
    let id = crate::app::ids::uuid_id(&raw, ApiError::refused(&NOT_A_TRIAL))?;
    let number = number.trim();
    let (username, password) = account_services::reset_trial_sip_password(&state, &customer, &id, number).await?;
    Ok(Json(NewSipPassword { number: number.to_string(), username, password }))
}

/// The order's number transfers, each with its state and dates.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Transfers {
    ports: Vec<projections::orders::TransferLine>,
}

/// The number transfers of one of the customer's service orders (an empty list: none).
#[utoipa::path(
    get,
    path = "/account/orders/{id}/transfers",
    tag = "account",
    params(OrderPath),
    security(("customer_session" = [])),
    responses(
        (status = 200, body = Transfers),
        (status = 403, description = "Another account's order (not_your_order)", body = Refusal),
        (status = 404, description = "No such order (order_not_found)", body = Refusal),
    )
)]
async fn order_transfers(
    State(state): State<AppState>,
    customer: SignedInCustomer,
    Path(OrderPath { id: raw }): Path<OrderPath>,
) -> Result<Json<Transfers>, ApiError> {
    let id = order_id(&raw)?;
    Ok(Json(Transfers { ports: account_services::transfers(&state, &customer, &id).await? }))
}

/// The details of a number transfer and the letter of authority, signed from the account.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct LetterOfAuthorityBody {
    /// The name on the account with the current provider.
    #[schema(max_length = 200)]
    account_holder: String,
    #[schema(max_length = 200)]
    current_provider: String,
    /// The billing postcode of that account (a UK postcode).
    #[schema(max_length = 10)]
    billing_postcode: String,
    /// The customer's full name, typed as their signature.
    #[schema(max_length = 200)]
    signed_name: String,
    /// The customer ticked "I authorise Talkbridge to transfer this number".
    authorised: bool,
}

/// Signs the letter of authority of one of the order's transfers (again, to correct the
/// details before they are submitted, or after a rejection). Answers the order's transfers.
#[utoipa::path(
    post,
    path = "/account/orders/{id}/transfers/{number}/letter-of-authority",
    tag = "account",
    params(TransferPath),
    security(("customer_session" = [], "customer_csrf" = [])),
    request_body = LetterOfAuthorityBody,
    responses(
        (status = 200, description = "The order's transfers, this one with its new state", body = Transfers),
        (status = 403, description = "Another account's order (not_your_order)", body = Refusal),
        (status = 404, description = "No such order (order_not_found)", body = Refusal),
        (status = 409, description = "The order does not transfer that number (not_a_transfer), its transfer has not started (transfer_not_started), is past the buyer's step (transfer_step_not_allowed), or is a mobile's, which moves with its PAC code (transfer_moves_with_pac)", body = Refusal),
        (status = 422, description = "A missing or invalid detail (invalid_transfer_details), or the authority not given (authority_not_given)", body = Refusal),
        (status = 429, description = "Signed too many times before staff acted on it (too_many_signatures)", body = Refusal),
    )
)]
async fn sign_letter_of_authority(
    State(state): State<AppState>,
    customer: SignedInCustomer,
    Path(TransferPath { id: raw, number }): Path<TransferPath>,
    ApiJson(body): ApiJson<LetterOfAuthorityBody>,
) -> Result<Json<Transfers>, ApiError> {
    let id = order_id(&raw)?;
    if !body.authorised {
        return Err(ApiError::refused(&AUTHORITY_NOT_GIVEN));
    }
    let details = aggregates::transfer::TransferDetails {
        account_holder: body.account_holder,
        current_provider: body.current_provider,
        billing_postcode: body.billing_postcode,
        signed_name: body.signed_name,
    };
    let ports = account_services::sign_letter_of_authority(&state, &customer, &id, number.trim(), details).await?;
    Ok(Json(Transfers { ports }))
}

/// The VAT receipt of one of the customer's paid desk-phone orders, computed from the order as
/// it was charged (integer pence; net + VAT = total).
#[utoipa::path(
    get,
    path = "/account/hardware-orders/{id}/receipt",
    tag = "account",
    params(OrderPath),
    security(("customer_session" = [])),
    responses(
        (status = 200, body = HardwareReceipt),
        (status = 403, description = "Another account's order, or the account's address is not confirmed yet (not_your_order)", body = Refusal),
        (status = 404, description = "No such order (order_not_found, hardware_order_not_found)", body = Refusal),
        (status = 409, description = "The order was not paid (receipt_not_available)", body = Refusal),
    )
)]
async fn hardware_receipt(
    State(state): State<AppState>,
    customer: SignedInCustomer,
    Path(OrderPath { id: raw }): Path<OrderPath>,
) -> Result<Json<HardwareReceipt>, ApiError> {
    let id = crate::app::hardware_checkout::order_id(&raw)?;
    Ok(Json(account_services::hardware_receipt(&state, &customer, &id).await?))
}
