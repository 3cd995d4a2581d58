//! The service checkout's routes: each takes its request, makes one call to the checkout
//! service (crate::app::checkout) and answers in the shape the web app reads. The time spent
//! waiting for the payment provider is reported in `Server-Timing`.

use aggregates::pricing::{BillingCycle, Plan};
use aggregates::service_order::{OrderStatus, PaymentType, ServiceOrder};
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::Response;
use axum::Json;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::account_form::CustomerInfo;
use crate::app::auth::Staff;
use crate::app::card_setups::TOO_MANY_CARD_SETUPS;
use crate::app::checkout::{self, order_id, PayOrder, Payment, PlaceOrder};
use crate::app::customer_account;
use crate::app::ids::{StripeId, StripeKind};
use crate::app::order_access;
use crate::app::order_links::LinkKind;
use crate::app::state::AppState;
use crate::http::answers::{order_out, ExtensionOut, OrderOut, SetupOut};
use crate::http::sessions;
use crate::platform::client::ClientAddress;
use crate::platform::error::{ApiError, Refusal};
use crate::platform::json::ApiJson;
use crate::platform::refusals::LEGACY_PAYMENT_TYPE;
use crate::platform::timing::timed;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(checkout_config))
        .routes(routes!(place_order))
        .routes(routes!(set_up_card))
        .routes(routes!(pay_order))
        .routes(routes!(create_account))
        .routes(routes!(debug_subscription))
        .routes(routes!(get_order))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct CheckoutConfig {
    stripe_publishable_key: String,
    /// The Stripe.js the checkout page loads.
    stripe_js_url: String,
    /// Shown: 'Sign up with Google'.
    google_client_id: Option<String>,
}

/// What the checkout page needs to load Stripe.js (and Google sign-up).
#[utoipa::path(get, path = "/checkout/config", tag = "checkout", responses((status = 200, body = CheckoutConfig)))]
async fn checkout_config(State(state): State<AppState>) -> Json<CheckoutConfig> {
    let config = &state.services.config;
    Json(CheckoutConfig {
        stripe_publishable_key: config.payments.publishable_key.clone(),
        stripe_js_url: config.payments.js_url.clone(),
        google_client_id: config.google_client_id.clone(),
    })
}

const PROVIDER_FAILED: &str = "The payment provider failed (payment_provider_error)";

// ---------------------------------------------------------------------------------------
// Place the order (`/api/create-payment-intent/`, the name the web app has always called)

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct PlaceOrderBody {
    cart_id: String,
    /// The account form (missing fields read as empty).
    #[serde(default)]
    customer_info: CustomerInfo,
    /// The secret of the order this browser placed from the cart before, if any.
    #[serde(default)]
    order_secret: Option<String>,
    /// The cart's `quoteVersion` the page showed: on a cart priced otherwise now, nothing is
    /// placed and the answer is 409 `price_changed` with the cart as priced now.
    #[serde(default)]
    quote_version: Option<String>,
}

fn package_type(plan: Plan) -> &'static str {
    match plan {
        Plan::SingleUser => "singleUser",
        Plan::MultiUser => "multiUser",
        Plan::PayAsYouGo => "payg",
    }
}

/// The order placed (or the open order of this cart and browser), as the payment page reads it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct PlacedOrderOut {
    order_id: String,
    /// Only this browser gets it: needed to continue the order.
    order_secret: String,
    order_number: String,
    /// subscription, payg_topup_only or payg_split_payment.
    payment_type: projections::orders::OrderPaymentType,
    use_subscription: bool,
    split_payment: bool,
    /// Always null: the card is confirmed through create-setup-intent.
    client_secret: Option<String>,
    customer_id: Option<String>,
    /// Pence, VAT included, 0 without a subscription.
    subscription_amount: i64,
    /// Pence, VAT included, 0 without a top-up.
    one_time_amount: i64,
    status: OrderStatus,
    calculated_amounts: CalculatedAmounts,
}

/// The order's amounts in pence (the older site's names).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct CalculatedAmounts {
    /// singleUser, multiUser or payg.
    package_type: &'static str,
    quantity: u32,
    billing_cycle: BillingCycle,
    subscription_subtotal: i64,
    #[serde(rename = "subscriptionVAT")]
    subscription_vat: i64,
    #[serde(rename = "subscriptionTotalIncVAT")]
    subscription_total_inc_vat: i64,
    top_up_subtotal: i64,
    #[serde(rename = "topUpVAT")]
    top_up_vat: i64,
    #[serde(rename = "topUpTotalIncVAT")]
    top_up_total_inc_vat: i64,
    #[serde(rename = "totalVAT")]
    total_vat: i64,
    #[serde(rename = "grandTotalIncVAT")]
    grand_total_inc_vat: i64,
}

fn placed_answer(placed: checkout::PlacedOrder) -> PlacedOrderOut {
    let order = &placed.order;
    let lines = order.lines.as_ref().expect("a placed order has lines");
    let a = &lines.amounts;
    let kind = order.payment_type.unwrap_or(PaymentType::Subscription);
    PlacedOrderOut {
        order_number: order.order_number.clone(),
        payment_type: kind.into(),
        use_subscription: kind.needs_subscription(),
        split_payment: kind == PaymentType::PaygSplitPayment,
        client_secret: None,
        customer_id: order.payment_customer_id.clone(),
        subscription_amount: if kind.needs_subscription() { a.subscription_total.0 } else { 0 },
        one_time_amount: if kind.needs_top_up() { a.top_up_total.0 } else { 0 },
        status: order.status,
        calculated_amounts: CalculatedAmounts {
            package_type: package_type(lines.plan),
            quantity: lines.quantity,
            billing_cycle: lines.billing_cycle,
            subscription_subtotal: a.subscription_subtotal.0,
            subscription_vat: a.subscription_vat.0,
            subscription_total_inc_vat: a.subscription_total.0,
            top_up_subtotal: a.top_up_subtotal.0,
            top_up_vat: a.top_up_vat.0,
            top_up_total_inc_vat: a.top_up_total.0,
            total_vat: a.total_vat.0,
            grand_total_inc_vat: a.due_today.0,
        },
        order_id: placed.id,
        order_secret: placed.secret,
    }
}

/// Places the order from the cart (or answers the open order this browser placed from it), with its payment customer.
#[utoipa::path(
    post,
    path = "/create-payment-intent/",
    operation_id = "place_order",
    tag = "checkout",
    request_body = PlaceOrderBody,
    responses(
        (status = 200, body = PlacedOrderOut, headers(("server-timing" = String))),
        (status = 404, description = "No such cart (cart_not_found)", body = Refusal),
        (status = 409, description = "The cart is priced otherwise than the page's quoteVersion (price_changed, with the `cart` as priced now), this cart's order is already paid (order_already_paid), a number is taken, or the order is being placed by another request (busy, conflict)", body = Refusal),
        (status = 422, description = "Invalid account details, each in fieldErrors (invalid_fields), or nothing to order in the cart (empty_cart)", body = Refusal),
        (status = 429, description = "Too many password checks a minute: 5 for this e-mail from this address, 20 from this address, or 50 for this e-mail from anywhere (too_many_attempts)", body = Refusal),
        (status = 502, description = "The payment provider or Google sign-in failed", body = Refusal),
    )
)]
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
        quote_version: body.quote_version.as_deref(),
    };
    timed(StatusCode::OK, async { checkout::place_order(&state, gateway.as_ref(), request).await.map(placed_answer) })
        .await
}

// ---------------------------------------------------------------------------------------
// Save the card (`/api/create-setup-intent/`)

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct OrderBody {
    order_id: String,
}

/// Saves the card for the order: a setup intent on its payment customer.
#[utoipa::path(
    post,
    path = "/create-setup-intent/",
    tag = "checkout",
    request_body = OrderBody,
    responses(
        (status = 200, body = SetupOut, headers(("server-timing" = String))),
        (status = 404, description = "No such order (order_not_found)", body = Refusal),
        (status = 409, description = "The order is paid already or has no payment customer, or another step is under way (busy, conflict)", body = Refusal),
        (status = 429, description = TOO_MANY_CARD_SETUPS, body = Refusal, headers(("retry-after" = u32, description = "Seconds to wait (the hourly cap per address only)"))),
        (status = 502, description = PROVIDER_FAILED, body = Refusal),
    )
)]
async fn set_up_card(
    State(state): State<AppState>,
    address: ClientAddress,
    ApiJson(body): ApiJson<OrderBody>,
) -> Result<Response, ApiError> {
    let id = order_id(&body.order_id)?;
    let gateway = state.services.gateway.clone();
    timed(StatusCode::OK, async {
        Ok(SetupOut::from(checkout::set_up_card(&state, gateway.as_ref(), &id, &address).await?))
    })
    .await
}

// ---------------------------------------------------------------------------------------
// Charge the order (`/api/create-subscription/`)

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct PayOrderBody {
    order_id: String,
    /// The card the setup confirmed (Stripe's payment method id).
    #[serde(default)]
    #[schema(pattern = "^pm_[A-Za-z0-9]+$", max_length = 255)]
    payment_method_id: Option<String>,
    /// The order's card setup (Stripe's setup intent id).
    #[serde(default)]
    #[schema(pattern = "^seti_[A-Za-z0-9]+$", max_length = 255)]
    setup_intent_id: Option<String>,
    #[serde(default, rename = "payment_type", alias = "paymentType")]
    payment_type: Option<String>,
}

/// Paid, or the bank asks the buyer to confirm (3-D Secure) before asking again.
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
enum PaymentOut {
    #[serde(rename_all = "camelCase")]
    Paid {
        /// Always true.
        success: bool,
        /// `active` (a subscription) or `succeeded` (a top-up alone).
        status: &'static str,
        #[schema(required = true)]
        subscription_id: Option<String>,
        #[schema(required = true)]
        customer_id: Option<String>,
        #[schema(required = true)]
        top_up_payment_intent_id: Option<String>,
    },
    #[serde(rename_all = "camelCase")]
    NeedsAction {
        /// Always false.
        success: bool,
        /// `requires_action`.
        status: &'static str,
        /// Always true.
        requires_action: bool,
        /// For Stripe.js to show the bank's check.
        client_secret: String,
        #[schema(required = true)]
        subscription_id: Option<String>,
        #[schema(required = true)]
        customer_id: Option<String>,
    },
}

fn paid_answer(order: &ServiceOrder) -> PaymentOut {
    let kind = order.payment_type.unwrap_or(PaymentType::Subscription);
    PaymentOut::Paid {
        success: true,
        status: if kind.needs_subscription() { "active" } else { "succeeded" },
        subscription_id: order.subscription.reference.clone(),
        customer_id: order.payment_customer_id.clone(),
        top_up_payment_intent_id: order.top_up.reference.clone(),
    }
}

/// Charges the order with the card its setup saved: the subscription and/or the top-up.
#[utoipa::path(
    post,
    path = "/create-subscription/",
    operation_id = "pay_order",
    tag = "checkout",
    request_body = PayOrderBody,
    responses(
        (status = 200, body = PaymentOut, headers(("server-timing" = String))),
        (status = 202, description = "The payment finished but its outcome is unclear: contact support (payment_processing)", body = Refusal),
        (status = 402, description = "The card was declined (the card's code, with decline_code, status and a flag) or its setup did not succeed (setup_intent_failed)", body = Refusal),
        (status = 404, description = "No such order (order_not_found)", body = Refusal),
        (status = 409, description = "Already paid or completed, no payment customer, or another step is under way (busy, conflict)", body = Refusal),
        (status = 422, description = "A payment type of the older site (legacy_payment_type), a card or setup not of this order (unknown_setup_intent, unknown_payment_method, no_payment_method), or paymentMethodId or setupIntentId not of its shape (invalid_fields, naming it: nothing reaches Stripe)", body = Refusal),
        (status = 502, description = PROVIDER_FAILED, body = Refusal),
    )
)]
async fn pay_order(State(state): State<AppState>, ApiJson(body): ApiJson<PayOrderBody>) -> Result<Response, ApiError> {
    // The older site's pay-as-you-go call: a page that old must reload first.
    if body.payment_type.as_deref() == Some("payg_upfront_payment") {
        return Err(ApiError::refused(&LEGACY_PAYMENT_TYPE));
    }
    let stripe_id = |kind, field, id: Option<String>| id.map(|id| StripeId::field(kind, field, &id)).transpose();
    let request = PayOrder {
        payment_method_id: stripe_id(StripeKind::PaymentMethod, "paymentMethodId", body.payment_method_id)?,
        setup_intent_id: stripe_id(StripeKind::SetupIntent, "setupIntentId", body.setup_intent_id)?,
    };
    let id = order_id(&body.order_id)?;
    let gateway = state.services.gateway.clone();
    timed(StatusCode::OK, async {
        Ok(match checkout::pay_order(&state, gateway.as_ref(), &id, request).await? {
            Payment::Paid(order) => paid_answer(&order),
            Payment::NeedsAction { client_secret, order } => PaymentOut::NeedsAction {
                success: false,
                status: "requires_action",
                requires_action: true,
                client_secret,
                subscription_id: order.subscription.reference,
                customer_id: order.payment_customer_id,
            },
        })
    })
    .await
}

// ---------------------------------------------------------------------------------------
// The account, its extensions and the numbers (`/api/create-user-account/`)

#[derive(Deserialize, ToSchema)]
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

/// The account made for the paid order.
#[derive(Serialize, ToSchema)]
struct AccountOut {
    /// The order number.
    unique_identifier: String,
    #[serde(rename = "orderId")]
    order_id: String,
    #[serde(rename = "customerId")]
    customer_id: Option<String>,
    extensions: Vec<ExtensionOut>,
}

fn account_answer(id: &str, completed: &checkout::Completed) -> AccountOut {
    let order = &completed.order;
    let extensions = order
        .extensions
        .iter()
        .map(|e| ExtensionOut {
            number: e.number.clone(),
            username: e.username.clone(),
            password: completed.passwords.iter().find(|(n, _)| *n == e.number).map(|(_, p)| p.clone()),
        })
        .collect();
    AccountOut {
        unique_identifier: order.order_number.clone(),
        order_id: id.to_string(),
        customer_id: order.account_id.clone(),
        extensions,
    }
}

/// Makes the paid order's account, its extensions and its numbers (the browser that placed it),
/// and signs that browser in to the account (the `talkbridge_account` cookie).
#[utoipa::path(
    post,
    path = "/create-user-account/",
    tag = "checkout",
    request_body = AccountBody,
    responses(
        (status = 200, body = AccountOut, headers(("server-timing" = String), ("set-cookie" = String, description = "The account's session (HttpOnly)"))),
        (status = 403, description = "The order was placed from another browser (order_secret_mismatch)", body = Refusal),
        (status = 404, description = "No such order (order_not_found)", body = Refusal),
        (status = 409, description = "The payment is not confirmed yet, a number was taken, or another step is under way (payment_not_confirmed, busy, conflict)", body = Refusal),
        (status = 422, description = "A password that is not good enough (invalid_fields)", body = Refusal),
    )
)]
async fn create_account(
    State(state): State<AppState>,
    headers: HeaderMap,
    ApiJson(body): ApiJson<AccountBody>,
) -> Result<Response, ApiError> {
    let id = order_id(&body.order_id)?;
    let password = body.password.or_else(|| body.customer_info.map(|c| c.password)).unwrap_or_default();
    let mut email = None;
    let mut response = timed(StatusCode::OK, async {
        let completed = checkout::create_account(&state, &id, body.order_secret.as_deref(), password).await?;
        email = Some(completed.order.customer.email.clone());
        Ok(account_answer(&id, &completed))
    })
    .await?;
    if let Some(signed_in) = customer_account::sign_in_buyer(&state, &email.unwrap_or_default()).await? {
        let cookie = sessions::signed_in_customer_cookie(&state, &headers, &signed_in);
        response.headers_mut().append(header::SET_COOKIE, cookie);
    }
    Ok(response)
}

// ---------------------------------------------------------------------------------------
// Reading orders

/// An order of a path.
#[derive(serde::Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
struct OrderPath {
    /// The order's id (a UUID; anything else names no order).
    id: String,
}

/// An order's status alone: what `GET /orders/{id}` answers a caller who has not shown the
/// order is theirs (no e-mail, names, numbers, extensions, payment references or transfers).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct OrderStatusOut {
    order_id: String,
    order_number: String,
    status: projections::orders::OrderViewStatus,
    placed_at: Option<chrono::DateTime<chrono::Utc>>,
    paid_at: Option<chrono::DateTime<chrono::Utc>>,
    completed_at: Option<chrono::DateTime<chrono::Utc>>,
    email_sent: bool,
    email_status: Option<jobs::outbox::MailStatus>,
    /// Always true: the answer holds the status alone.
    restricted: bool,
}

/// What `GET /orders/{id}` answers: the whole order to its owner, else its status alone.
#[derive(ToSchema)]
#[serde(untagged)]
#[allow(dead_code, clippy::large_enum_variant)]
enum OrderAnswer {
    Whole(OrderOut),
    StatusOnly(OrderStatusOut),
}

/// The fields of [`OrderStatusOut`].
const ORDER_STATUS_FIELDS: &[&str] =
    &["orderId", "orderNumber", "status", "placedAt", "paidAt", "completedAt", "emailSent", "emailStatus"];

/// The order, as its thank-you page reads it. The whole order (with its personal data) only to
/// the browser that placed it (`X-Order-Secret`), the reader of a signed link from an e-mail
/// (`X-Order-Link`: the page's `link` parameter), the signed-in owner (the account's cookie) or
/// staff; anyone else gets its status alone (`restricted: true`).
#[utoipa::path(
    get,
    path = "/orders/{id}",
    operation_id = "get_order",
    tag = "checkout",
    params(
        OrderPath,
        ("x-order-secret" = Option<String>, Header, description = "The order's secret, as create-payment-intent gave it"),
        ("x-order-link" = Option<String>, Header, description = "The signed token of a link in an e-mail about the order (30 days)"),
    ),
    responses(
        (status = 200, body = OrderAnswer, description = "The whole order (OrderOut) to its owner; else the status alone (OrderStatusOut, restricted: true)"),
        (status = 404, description = "No such order (order_not_found)", body = Refusal),
    )
)]
async fn get_order(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(OrderPath { id: raw }): Path<OrderPath>,
) -> Result<Json<Value>, ApiError> {
    let id = order_id(&raw)?;
    let body = order_out(&state, &id).await?;
    let tokens = sessions::Tokens::of(&headers);
    if order_access::may_read_personal(&state, sessions::presented(&headers, &tokens), LinkKind::Order, &id).await? {
        return Ok(Json(body));
    }
    Ok(Json(order_access::status_only(body, ORDER_STATUS_FIELDS)))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct DebugBody {
    /// Stripe's subscription id.
    #[schema(pattern = "^sub_[A-Za-z0-9]+$", max_length = 255)]
    subscription_id: String,
}

#[derive(Serialize, ToSchema)]
struct DebugOut {
    subscription: SubscriptionOut,
}

#[derive(Serialize, ToSchema)]
struct SubscriptionOut {
    id: String,
    /// Stripe's status of the subscription.
    status: String,
}

/// Staff only: the subscription's status at the provider, for one of our orders (found
/// through the subscription's own metadata, read back from the provider).
#[utoipa::path(
    post,
    path = "/debug-subscription/",
    tag = "staff",
    security(("staff_session" = [], "staff_csrf" = [])),
    request_body = DebugBody,
    responses(
        (status = 200, body = DebugOut),
        (status = 404, description = "No order of ours has this subscription (subscription_not_found)", body = Refusal),
        (status = 422, description = "subscriptionId not of its shape (invalid_fields, naming it: nothing reaches Stripe)", body = Refusal),
        (status = 502, description = PROVIDER_FAILED, body = Refusal),
    )
)]
async fn debug_subscription(
    State(state): State<AppState>,
    _staff: Staff,
    ApiJson(body): ApiJson<DebugBody>,
) -> Result<Json<DebugOut>, ApiError> {
    let id = StripeId::field(StripeKind::Subscription, "subscriptionId", &body.subscription_id)?;
    let subscription = checkout::order_subscription(&state, &id).await?;
    Ok(Json(DebugOut { subscription: SubscriptionOut { id: subscription.id, status: subscription.status } }))
}
