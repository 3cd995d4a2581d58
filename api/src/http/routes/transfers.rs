//! The buyer's steps of a number transfer (aggregates::transfer), on their order page: the
//! details and signed letter of authority of a landline, a new PAC code for a mobile. Only
//! the browser that placed the order (its order secret, in `X-Order-Secret`) or the
//! signed-in customer who owns it may take them: the order id alone is in every e-mail and
//! link. Each answers the order as GET /orders/{id} does.

use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::Json;
use serde::Deserialize;
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::account_services::transfer_signer;
use crate::app::checkout::order_id;
use crate::app::customer_sessions::SignedInCustomer;
use crate::app::state::AppState;
use crate::http::answers::{order_out, OrderOut};
use crate::platform::error::{ApiError, Refusal};
use crate::platform::json::ApiJson;
use crate::platform::refusals::AUTHORITY_NOT_GIVEN;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(confirm_port_details)).routes(routes!(give_port_pac))
}

/// The buyer's details of a number transfer and their letter of authority, signed online.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct TransferDetailsBody {
    /// The name on the account with the current provider.
    account_holder: String,
    current_provider: String,
    /// The billing postcode of that account (a UK postcode).
    billing_postcode: String,
    /// The buyer's full name, typed as their signature.
    signed_name: String,
    /// The buyer ticked "I authorise Talkbridge to transfer this number".
    authorised: bool,
}

/// A transferred number of an order and the order.
#[derive(serde::Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
struct TransferPath {
    /// The order's id (a UUID).
    id: String,
    /// The number being transferred, as the order's `ports` list it.
    number: String,
}

/// The order secret a request carries, if any.
fn order_secret(headers: &HeaderMap) -> Option<&str> {
    headers.get("x-order-secret").and_then(|v| v.to_str().ok()).map(str::trim).filter(|s| !s.is_empty())
}

/// Confirms a number transfer's details and signs its letter of authority (again, to
/// correct them before they are submitted, or after a rejection). Answers the order.
#[utoipa::path(
    post,
    path = "/orders/{id}/transfers/{number}",
    tag = "checkout",
    params(TransferPath, ("X-Order-Secret" = Option<String>, Header, description = "The orderSecret the order was placed with (else the signed-in owner's session)")),
    request_body = TransferDetailsBody,
    responses(
        (status = 200, description = "The order, with the port's new state", body = OrderOut),
        (status = 403, description = "Neither the order's secret nor its signed-in owner (order_secret_mismatch)", body = Refusal),
        (status = 404, description = "No such order (order_not_found)", body = Refusal),
        (status = 409, description = "The order does not transfer that number (not_a_transfer), its transfer has not started (transfer_not_started), is past the buyer's step (transfer_step_not_allowed), or is a mobile's, which moves with its PAC code (transfer_moves_with_pac)", body = Refusal),
        (status = 422, description = "A missing or invalid detail (invalid_transfer_details), or the authority not given (authority_not_given)", body = Refusal),
        (status = 429, description = "Signed too many times before staff acted on it (too_many_signatures)", body = Refusal),
    )
)]
async fn confirm_port_details(
    State(state): State<AppState>,
    Path(TransferPath { id: raw, number }): Path<TransferPath>,
    headers: HeaderMap,
    customer: Result<SignedInCustomer, ApiError>,
    ApiJson(body): ApiJson<TransferDetailsBody>,
) -> Result<Json<Value>, ApiError> {
    let id = order_id(&raw)?;
    let signer = transfer_signer(&state, &id, order_secret(&headers), customer.ok().as_ref()).await?;
    if !body.authorised {
        return Err(ApiError::refused(&AUTHORITY_NOT_GIVEN));
    }
    let details = aggregates::transfer::TransferDetails {
        account_holder: body.account_holder,
        current_provider: body.current_provider,
        billing_postcode: body.billing_postcode,
        signed_name: body.signed_name,
    };
    crate::app::transfers::confirm_details(&state, &signer, &id, number.trim(), details).await?;
    Ok(Json(order_out(&state, &id).await?))
}

/// A new PAC code for a mobile's transfer.
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
struct TransferPacBody {
    /// 3 letters then 6 digits, as the network texted it (`ABC123456`; lower case and spaces accepted).
    pac: String,
}

/// Gives a mobile's transfer a new PAC code (the one given with the number expired, or the
/// network refused it): the transfer's details are in again. Answers the order (which never
/// shows the PAC).
#[utoipa::path(
    post,
    path = "/orders/{id}/transfers/{number}/pac",
    tag = "checkout",
    params(TransferPath, ("X-Order-Secret" = Option<String>, Header, description = "The orderSecret the order was placed with (else the signed-in owner's session)")),
    request_body = TransferPacBody,
    responses(
        (status = 200, description = "The order, with the port's details confirmed", body = OrderOut),
        (status = 403, description = "Neither the order's secret nor its signed-in owner (order_secret_mismatch)", body = Refusal),
        (status = 404, description = "No such order (order_not_found)", body = Refusal),
        (status = 409, description = "The order does not transfer that number (not_a_transfer), its transfer has not started (transfer_not_started), is past the buyer's step (transfer_step_not_allowed), or is a landline's, which moves with a letter of authority (transfer_needs_letter)", body = Refusal),
        (status = 422, description = "Not a PAC code (invalid_pac)", body = Refusal),
    )
)]
async fn give_port_pac(
    State(state): State<AppState>,
    Path(TransferPath { id: raw, number }): Path<TransferPath>,
    headers: HeaderMap,
    customer: Result<SignedInCustomer, ApiError>,
    ApiJson(body): ApiJson<TransferPacBody>,
) -> Result<Json<Value>, ApiError> {
    let id = order_id(&raw)?;
    let signer = transfer_signer(&state, &id, order_secret(&headers), customer.ok().as_ref()).await?;
    crate::app::transfers::give_pac(&state, &signer, &id, number.trim(), body.pac).await?;
    Ok(Json(order_out(&state, &id).await?))
}
