//! The service checkout's routes: each takes its request, makes one call to the checkout
//! service (crate::checkout) and answers in the shape the web app reads. The time spent
//! waiting for the payment provider is reported in `Server-Timing`.

use aggregates::pricing::Plan;
use aggregates::service_order::{PaymentType, ServiceOrder, ServiceOrderError};
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use axum::routing::{get, post};
use axum::{Json, Router};
use cqrs_es::persist::ViewRepository;
use projections::orders::OrderView;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::account_form::CustomerInfo;
use crate::auth::Staff;
use crate::checkout::failures::payment_failure;
use crate::checkout::gateway::GatewayError;
use crate::checkout::{self, order_id, PayOrder, Payment, PlaceOrder};
use crate::client::ClientAddress;
use crate::error::ApiError;
use crate::json::ApiJson;
use crate::state::AppState;
use crate::timing::{measured, respond};

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/checkout/config", get(checkout_config))
        .route("/create-payment-intent/", post(place_order))
        .route("/create-setup-intent/", post(set_up_card))
        .route("/create-subscription/", post(pay_order))
        .route("/create-user-account/", post(create_account))
        .route("/debug-subscription/", post(debug_subscription))
        .route("/orders/{id}", get(get_order))
}

async fn checkout_config(State(state): State<AppState>) -> Json<Value> {
    let config = &state.services.config;
    Json(json!({
        "stripePublishableKey": config.payments.publishable_key,
        "stripeJsUrl": config.payments.js_url,
        "googleClientId": config.google_client_id,
    }))
}

/// The service's answer with its timing, or its refusal.
fn timed(result: (Result<Value, ApiError>, std::time::Duration, std::time::Duration)) -> Result<Response, ApiError> {
    let (body, total, provider) = result;
    Ok(respond(StatusCode::OK, body?, total, provider))
}

// ---------------------------------------------------------------------------------------
// Place the order (`/api/create-payment-intent/`, the name the web app has always called)

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct PlaceOrderBody {
    cart_id: String,
    #[serde(default)]
    customer_info: CustomerInfo,
    /// The secret of the order this browser placed from the cart before, if any.
    #[serde(default)]
    order_secret: Option<String>,
}

fn package_type(plan: Plan) -> &'static str {
    match plan {
        Plan::SingleUser => "singleUser",
        Plan::MultiUser => "multiUser",
        Plan::PayAsYouGo => "payg",
    }
}

fn placed_answer(placed: &checkout::PlacedOrder) -> Value {
    let order = &placed.order;
    let lines = order.lines.as_ref().expect("a placed order has lines");
    let a = &lines.amounts;
    let kind = order.payment_type.unwrap_or(PaymentType::Subscription);
    json!({
        "orderId": placed.id,
        "orderSecret": placed.secret,
        "orderNumber": order.order_number,
        "paymentType": kind.as_str(),
        "useSubscription": kind.needs_subscription(),
        "splitPayment": kind == PaymentType::PaygSplitPayment,
        "clientSecret": null,
        "customerId": order.payment_customer_id,
        "subscriptionAmount": if kind.needs_subscription() { a.subscription_total.0 } else { 0 },
        "oneTimeAmount": if kind.needs_top_up() { a.top_up_total.0 } else { 0 },
        "status": order.status,
        "calculatedAmounts": {
            "packageType": package_type(lines.plan),
            "quantity": lines.quantity,
            "billingCycle": lines.billing_cycle,
            "subscriptionSubtotal": a.subscription_subtotal.0,
            "subscriptionVAT": a.subscription_vat.0,
            "subscriptionTotalIncVAT": a.subscription_total.0,
            "topUpSubtotal": a.top_up_subtotal.0,
            "topUpVAT": a.top_up_vat.0,
            "topUpTotalIncVAT": a.top_up_total.0,
            "totalVAT": a.total_vat.0,
            "grandTotalIncVAT": a.due_today.0,
        },
    })
}

async fn place_order(
    State(state): State<AppState>,
    address: ClientAddress,
    ApiJson(body): ApiJson<PlaceOrderBody>,
) -> Result<Response, ApiError> {
    let gateway = state.services.gateway.clone();
    let request = PlaceOrder {
        cart_id: &body.cart_id,
        customer: &body.customer_info,
        secret: body.order_secret.as_deref(),
        address: &address,
    };
    timed(
        measured(async { checkout::place_order(&state, gateway.as_ref(), request).await.map(|p| placed_answer(&p)) })
            .await,
    )
}

// ---------------------------------------------------------------------------------------
// Save the card (`/api/create-setup-intent/`)

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct OrderBody {
    order_id: String,
}

async fn set_up_card(State(state): State<AppState>, ApiJson(body): ApiJson<OrderBody>) -> Result<Response, ApiError> {
    let id = order_id(&body.order_id)?;
    let gateway = state.services.gateway.clone();
    timed(
        measured(async {
            let setup = checkout::set_up_card(&state, gateway.as_ref(), &id).await?;
            Ok(json!({ "client_secret": setup.client_secret, "setup_intent_id": setup.id, "status": setup.status }))
        })
        .await,
    )
}

// ---------------------------------------------------------------------------------------
// Charge the order (`/api/create-subscription/`)

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct PayOrderBody {
    order_id: String,
    #[serde(default)]
    payment_method_id: Option<String>,
    #[serde(default)]
    setup_intent_id: Option<String>,
    #[serde(default, rename = "payment_type", alias = "paymentType")]
    payment_type: Option<String>,
}

fn paid_answer(order: &ServiceOrder) -> Value {
    let kind = order.payment_type.unwrap_or(PaymentType::Subscription);
    json!({
        "success": true,
        "status": if kind.needs_subscription() { "active" } else { "succeeded" },
        "subscriptionId": order.subscription.reference,
        "customerId": order.payment_customer_id,
        "topUpPaymentIntentId": order.top_up.reference,
    })
}

async fn pay_order(State(state): State<AppState>, ApiJson(body): ApiJson<PayOrderBody>) -> Result<Response, ApiError> {
    if body.payment_type.as_deref() == Some("payg_upfront_payment") {
        return Err(ApiError::unprocessable(
            "legacy_payment_type",
            "Legacy payment type detected. Please refresh and try again.",
        ));
    }
    let id = order_id(&body.order_id)?;
    let gateway = state.services.gateway.clone();
    let request = PayOrder { payment_method_id: body.payment_method_id, setup_intent_id: body.setup_intent_id };
    timed(
        measured(async {
            Ok(match checkout::pay_order(&state, gateway.as_ref(), &id, request).await? {
                Payment::Paid(order) => paid_answer(&order),
                Payment::NeedsAction { client_secret, order } => json!({
                    "success": false,
                    "status": "requires_action",
                    "requiresAction": true,
                    "clientSecret": client_secret,
                    "subscriptionId": order.subscription.reference,
                    "customerId": order.payment_customer_id,
                }),
            })
        })
        .await,
    )
}

// ---------------------------------------------------------------------------------------
// The account, its extensions and the numbers (`/api/create-user-account/`)

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct AccountBody {
    order_id: String,
    /// The secret create-payment-intent gave the browser that placed the order.
    #[serde(default)]
    order_secret: Option<String>,
    #[serde(default)]
    password: Option<String>,
    #[serde(default)]
    customer_info: Option<CustomerInfo>,
}

fn account_answer(id: &str, completed: &checkout::Completed) -> Value {
    let order = &completed.order;
    let extensions: Vec<Value> = order
        .extensions
        .iter()
        .map(|e| {
            let password = completed.passwords.iter().find(|(n, _)| *n == e.number).map(|(_, p)| p.clone());
            json!({ "number": e.number, "username": e.username, "password": password })
        })
        .collect();
    json!({
        "success": true,
        "unique_identifier": order.order_number,
        "orderId": id,
        "customerId": order.account_id,
        "extensions": extensions,
    })
}

async fn create_account(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<AccountBody>,
) -> Result<Response, ApiError> {
    let id = order_id(&body.order_id)?;
    let password = body.password.or_else(|| body.customer_info.map(|c| c.password)).unwrap_or_default();
    timed(
        measured(async {
            let completed = checkout::create_account(&state, &id, body.order_secret.as_deref(), password).await?;
            Ok(account_answer(&id, &completed))
        })
        .await,
    )
}

// ---------------------------------------------------------------------------------------
// Reading orders

async fn get_order(State(state): State<AppState>, Path(raw): Path<String>) -> Result<Json<Value>, ApiError> {
    let id = order_id(&raw)?;
    let view: OrderView =
        state.order_views.load(&id).await.map_err(ApiError::internal)?.ok_or(ServiceOrderError::NotFound)?;
    let email_sent: bool =
        sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM outbox WHERE kind = 'order_confirmation' AND reference = $1)")
            .bind(&id)
            .fetch_one(&state.pool)
            .await?;
    let mut body = serde_json::to_value(&view).map_err(ApiError::internal)?;
    if let Value::Object(map) = &mut body {
        map.remove("lastSequence");
        map.insert("emailSent".into(), email_sent.into());
    }
    Ok(Json(body))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct DebugBody {
    subscription_id: String,
}

/// Staff only: the subscription's status at the provider, for one of our orders (found
/// through the subscription's own metadata, read back from the provider).
async fn debug_subscription(
    State(state): State<AppState>,
    _staff: Staff,
    ApiJson(body): ApiJson<DebugBody>,
) -> Result<Json<Value>, ApiError> {
    let id = body.subscription_id.trim();
    let missing = || ApiError::not_found("subscription_not_found", "No order has this subscription.");
    if !id.starts_with("sub_") || id.len() > 100 {
        return Err(missing());
    }
    let subscription = match state.services.gateway.subscription(id).await {
        Ok(subscription) => subscription,
        Err(GatewayError::NotFound) => return Err(missing()),
        Err(error) => {
            return Err(payment_failure(
                error,
                "Payment status could not be verified. Please try again or contact support.",
            ))
        }
    };
    let ours = match &subscription.owner {
        Some(order) => checkout::load(&state, &order_id(order)?)
            .await
            .is_ok_and(|o| o.subscription.reference.as_deref() == Some(id)),
        None => false,
    };
    if !ours {
        return Err(missing());
    }
    Ok(Json(json!({ "subscription": { "id": subscription.id, "status": subscription.status } })))
}
