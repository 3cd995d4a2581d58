//! The hardware checkout's routes: the shipping options, the cart's phones priced, placing
//! the order, the card, the two payment calls of the spec (`create-hardware-payment`,
//! `confirm-hardware-payment`) and the thank-you view. DTO in, one call to the hardware
//! checkout service, answer out. Amounts the browser sends are accepted and ignored.

use aggregates::hardware_order::{
    HardwareCustomer, ShippingAddress, ShippingOption, BILLING_COUNTRIES, SHIPPING_COUNTRIES,
};
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use axum::routing::{get, post};
use axum::{Json, Router};
use cqrs_es::persist::ViewRepository;
use projections::hardware_orders::HardwareOrderView;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::error::ApiError;
use crate::hardware_checkout::{self as service, HardwarePayment, PlaceHardwareOrder};
use crate::json::ApiJson;
use crate::state::AppState;
use crate::timing::{measured, respond};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/hardware-checkout/options", get(options))
        .route("/hardware-checkout/quote", get(quote))
        .route("/hardware-orders", post(place_order))
        .route("/hardware-orders/{id}", get(get_order))
        .route("/hardware-orders/{id}/card-setup", post(card_setup))
        .route("/create-hardware-payment", post(create_payment))
        .route("/create-hardware-payment/", post(create_payment))
        .route("/confirm-hardware-payment", post(confirm_payment))
        .route("/confirm-hardware-payment/", post(confirm_payment))
}

fn shipping_json(option: ShippingOption) -> Value {
    json!({
        "id": option.id(),
        "name": option.name(),
        "description": option.description(),
        "carrier": option.carrier(),
        "pricePence": option.price(),
    })
}

async fn options() -> Json<Value> {
    let countries = |list: &[(&str, &str)]| {
        list.iter().map(|(code, name)| json!({ "code": code, "name": name })).collect::<Vec<_>>()
    };
    Json(json!({
        "shippingOptions": ShippingOption::ALL.iter().map(|o| shipping_json(*o)).collect::<Vec<_>>(),
        "shippingCountries": countries(&SHIPPING_COUNTRIES),
        "billingCountries": countries(&BILLING_COUNTRIES),
    }))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct QuoteQuery {
    cart_id: String,
    #[serde(default)]
    shipping_option: Option<String>,
}

async fn quote(
    State(state): State<AppState>,
    query: Result<Query<QuoteQuery>, QueryRejection>,
) -> Result<Json<Value>, ApiError> {
    let Query(query) = query?;
    let shipping =
        query.shipping_option.as_deref().filter(|s| !s.is_empty()).map(service::shipping_option).transpose()?;
    let quote = service::quote(&state, &query.cart_id, shipping).await?;
    let lines: Vec<Value> = quote
        .lines
        .iter()
        .map(|l| {
            json!({
                "productId": l.line.product_id,
                "name": l.line.name,
                "shortDesc": l.short_desc,
                "imageUrl": l.image_url,
                "unitPricePence": l.line.unit_price,
                "quantity": l.line.quantity,
                "linePence": l.line.line_total(),
            })
        })
        .collect();
    let a = quote.amounts;
    Ok(Json(json!({
        "lines": lines,
        "shipping": quote.shipping.map(shipping_json),
        "amounts": { "itemsPence": a.items, "shippingPence": a.shipping, "vatPence": a.vat, "totalPence": a.total },
    })))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct AddressBody {
    #[serde(default)]
    line1: String,
    #[serde(default)]
    line2: String,
    #[serde(default)]
    city: String,
    #[serde(default)]
    postal_code: String,
    #[serde(default)]
    country: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct CustomerBody {
    #[serde(default)]
    email: String,
    #[serde(default)]
    first_name: String,
    #[serde(default)]
    last_name: String,
    #[serde(default)]
    phone: String,
    address: AddressBody,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct PlaceBody {
    cart_id: String,
    shipping_option: String,
    customer_info: CustomerBody,
}

/// The view as the buyer's pages read it (the cart id and bookkeeping left out).
fn view_answer(view: &HardwareOrderView) -> Value {
    json!({
        "orderId": view.order_id,
        "orderNumber": view.order_number,
        "status": view.status,
        "lines": view.lines,
        "shipping": view.shipping,
        "customer": view.customer,
        "address": view.address,
        "amounts": view.amounts,
        "paymentReference": view.payment_reference,
        "placedAt": view.placed_at,
        "paidAt": view.paid_at,
        "confirmedAt": view.confirmed_at,
        "estimatedDelivery": view.estimated_delivery,
        "emailQueued": view.email_queued,
    })
}

async fn view(state: &AppState, id: &str) -> Result<HardwareOrderView, ApiError> {
    let view = state.hardware_order_views.load(id).await.map_err(ApiError::internal)?;
    view.ok_or_else(|| aggregates::hardware_order::HardwareOrderError::NotPlaced.into())
}

async fn place_order(State(state): State<AppState>, ApiJson(body): ApiJson<PlaceBody>) -> Result<Response, ApiError> {
    let c = body.customer_info;
    let request = PlaceHardwareOrder {
        cart_id: body.cart_id,
        shipping_option: body.shipping_option,
        customer: HardwareCustomer { email: c.email, first_name: c.first_name, last_name: c.last_name, phone: c.phone },
        address: ShippingAddress {
            line1: c.address.line1,
            line2: c.address.line2,
            city: c.address.city,
            postal_code: c.address.postal_code,
            country: c.address.country,
        },
    };
    let (result, total, provider) = measured(async {
        let placed = service::place_hardware_order(&state, request).await?;
        let mut answer = view_answer(&view(&state, &placed.id).await?);
        answer["orderSecret"] = json!(placed.secret);
        Ok::<_, ApiError>(answer)
    })
    .await;
    Ok(respond(StatusCode::CREATED, result?, total, provider))
}

async fn get_order(
    State(state): State<AppState>,
    Path(raw): Path<String>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let id = service::order_id(&raw)?;
    let secret = headers.get("x-order-secret").and_then(|v| v.to_str().ok());
    service::check_secret(&state, &id, secret).await?;
    Ok(Json(view_answer(&view(&state, &id).await?)))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SecretBody {
    #[serde(default)]
    order_secret: Option<String>,
}

async fn card_setup(
    State(state): State<AppState>,
    Path(raw): Path<String>,
    ApiJson(body): ApiJson<SecretBody>,
) -> Result<Response, ApiError> {
    let id = service::order_id(&raw)?;
    let gateway = state.services.gateway.clone();
    let (result, total, provider) =
        measured(service::set_up_card(&state, gateway.as_ref(), &id, body.order_secret.as_deref())).await;
    let setup = result?;
    let body = json!({ "clientSecret": setup.client_secret, "setupIntentId": setup.id });
    Ok(respond(StatusCode::OK, body, total, provider))
}

/// The payment call with the older site's field names. `amount`, `hardware_items`, `shipping_option`, `shipping_address`
/// and the `customer_*` fields are accepted and ignored: the order already holds them, and
/// the server charges its own total.
#[derive(Deserialize)]
struct PaymentBody {
    order_id: String,
    #[serde(default)]
    order_secret: Option<String>,
    payment_method_id: String,
}

async fn create_payment(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<PaymentBody>,
) -> Result<Response, ApiError> {
    let id = service::order_id(&body.order_id)?;
    let gateway = state.services.gateway.clone();
    let secret = body.order_secret.as_deref();
    let (result, total, provider) =
        measured(service::pay(&state, gateway.as_ref(), &id, secret, &body.payment_method_id)).await;
    let body = match result? {
        HardwarePayment::Paid { payment_intent_id, amount } => json!({
            "status": "succeeded",
            "payment_intent_id": payment_intent_id,
            "order_id": id,
            "amount": amount,
        }),
        HardwarePayment::NeedsAction { payment_intent_id, client_secret } => json!({
            "status": "requires_action",
            "requires_action": true,
            "client_secret": client_secret,
            "payment_intent_id": payment_intent_id,
        }),
    };
    Ok(respond(StatusCode::OK, body, total, provider))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ConfirmBody {
    payment_intent_id: String,
    #[serde(default)]
    order_id: Option<String>,
    #[serde(default)]
    order_secret: Option<String>,
}

async fn confirm_payment(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<ConfirmBody>,
) -> Result<Response, ApiError> {
    let order_id = body.order_id.as_deref().map(service::order_id).transpose()?;
    let gateway = state.services.gateway.clone();
    let secret = body.order_secret.as_deref();
    let confirming =
        service::confirm_payment(&state, gateway.as_ref(), &body.payment_intent_id, order_id.as_deref(), secret);
    let (result, total, provider) = measured(confirming).await;
    let confirmation = result?;
    let order = &confirmation.order;
    let status = order.status.as_str();
    // The order's details go only to the browser that placed it; the thank-you page's
    // background call (the payment reference alone) learns whether it is confirmed.
    let body = if confirmation.for_buyer {
        json!({
            "orderId": confirmation.id,
            "orderNumber": order.order_number,
            "status": status,
            "reference": order.reference,
        })
    } else {
        json!({ "status": status })
    };
    Ok(respond(StatusCode::OK, body, total, provider))
}
