//! The service checkout (docs/product-rules.md, Service checkout): the order is placed from the server's cart
//! and prices, paid through Stripe, then given its account, extensions and numbers.
//!
//! Each step of one order runs under a PostgreSQL advisory lock named after the order, so
//! a double click or a replayed request waits for the first and then finds its result in
//! the order's events: Stripe is called once per step. Every Stripe call that creates
//! something also carries an idempotency key of the order and the step.

use std::time::Instant;

use aggregates::cart::CartCommand;
use aggregates::phone_number::{PhoneNumberCommand, PhoneNumberError};
use aggregates::pricing::{AddOn, Pence, Plan};
use aggregates::service_order::{
    OrderLines, OrderedAddOn, OrderedNumber, PaymentPart, PaymentType, ServiceOrder,
    ServiceOrderCommand, ServiceOrderError, Status,
};
use axum::extract::{Path, State};
use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use cqrs_es::persist::ViewRepository;
use cqrs_es::{AggregateError, EventStore};
use projections::cart::CartSummary;
use projections::orders::OrderView;
use rand::Rng;
use sha2::Digest;
use serde::Deserialize;
use serde_json::{json, Value};
use uuid::Uuid;

use crate::account_form::{field_errors, CustomerInfo, FieldErrors};
use crate::accounts;
use jobs::outbox::{queue, Mail};
use crate::commands;
use crate::error::ApiError;
use crate::json::ApiJson;
use crate::accounts::checked_customer;
use crate::auth::Staff;
use crate::locks::locked;
use crate::payments::{declined, stripe_failure, PaymentError, PaymentIntent, PlanSpec};
use crate::state::{store, AppState};

use super::cart;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/checkout/config", get(checkout_config))
        .route("/create-payment-intent/", post(create_payment_intent))
        .route("/create-setup-intent/", post(create_setup_intent))
        .route("/create-subscription/", post(create_subscription))
        .route("/create-user-account/", post(create_user_account))
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

// ---------------------------------------------------------------------------------------
// Shared pieces

/// Time spent waiting for Stripe in this request, reported in `Server-Timing` so a
/// benchmark can take it out of the server's own time.
struct Timing {
    started: Instant,
    stripe: std::time::Duration,
}

impl Timing {
    fn new() -> Timing {
        Timing { started: Instant::now(), stripe: std::time::Duration::ZERO }
    }

    async fn stripe<T>(&mut self, call: impl std::future::Future<Output = T>) -> T {
        let start = Instant::now();
        let result = call.await;
        self.stripe += start.elapsed();
        result
    }

    fn respond(&self, status: StatusCode, body: Value) -> Response {
        let total = self.started.elapsed().as_secs_f64() * 1000.0;
        let stripe = self.stripe.as_secs_f64() * 1000.0;
        let header = format!("total;dur={total:.2}, stripe;dur={stripe:.2}");
        let mut response = (status, Json(body)).into_response();
        if let Ok(value) = HeaderValue::from_str(&header) {
            response.headers_mut().insert("server-timing", value);
        }
        response
    }
}

fn order_id(raw: &str) -> Result<String, ApiError> {
    super::uuid_id(raw, ServiceOrderError::NotFound)
}

async fn load_order(state: &AppState, id: &str) -> Result<ServiceOrder, ApiError> {
    Ok(load_order_at(state, id).await?.0)
}

/// The order and the sequence of its last event (a new value after every step).
async fn load_order_at(state: &AppState, id: &str) -> Result<(ServiceOrder, usize), ApiError> {
    let context = store::<ServiceOrder>(&state.pool).load_aggregate(id).await.map_err(ApiError::internal)?;
    if context.aggregate.status == Status::New {
        return Err(ServiceOrderError::NotFound.into());
    }
    Ok((context.aggregate, context.current_sequence))
}

async fn run(state: &AppState, id: &str, command: ServiceOrderCommand) -> Result<(), ApiError> {
    commands::execute(&state.orders, id, command).await.map_err(ApiError::from)
}

// ---------------------------------------------------------------------------------------
// Step 1: place the order

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct PaymentIntentBody {
    cart_id: String,
    #[serde(default)]
    customer_info: CustomerInfo,
    /// The secret of the order this browser placed from the cart before, if any.
    #[serde(default)]
    order_secret: Option<String>,
}

/// The cart named by the page, as the cart routes price it.
async fn cart_summary(state: &AppState, raw: &str) -> Result<CartSummary, ApiError> {
    cart::summary(state, &cart::cart_id(raw)?).await
}

/// The order's lines from the cart as the server priced it (hardware has its own checkout).
fn order_lines(cart: &CartSummary) -> Result<OrderLines, ApiError> {
    let empty = || ApiError::from(ServiceOrderError::InvalidLines);
    let plan = cart.package.ok_or_else(empty)?;
    let package = cart.items.iter().find(|i| i.kind == "package").ok_or_else(empty)?;
    let t = &cart.totals;
    let add_ons = cart
        .add_ons
        .iter()
        .map(|a| Ok(OrderedAddOn { add_on: AddOn::from_id(a.id).ok_or_else(empty)?, price: a.price_pence }))
        .collect::<Result<Vec<_>, ApiError>>()?;
    let numbers = cart
        .phone_numbers
        .iter()
        .map(|n| OrderedNumber {
            value: n.value.clone(),
            display_value: n.display_value.clone(),
            is_transfer: n.is_transfer,
            is_placeholder: n.is_placeholder,
            free: n.free,
            price: n.price_pence,
        })
        .collect();
    let totals = aggregates::pricing::Totals::new(
        t.package_pence,
        t.add_ons_pence,
        t.numbers_pence,
        t.top_up_subtotal_pence,
        Pence::ZERO,
    );
    Ok(OrderLines {
        plan,
        billing_cycle: t.billing_cycle,
        quantity: package.quantity,
        add_ons,
        numbers,
        amounts: totals.into(),
    })
}

fn package_type(plan: Plan) -> &'static str {
    match plan {
        Plan::SingleUser => "singleUser",
        Plan::MultiUser => "multiUser",
        Plan::PayAsYouGo => "payg",
    }
}

fn intent_answer(id: &str, order: &ServiceOrder) -> Value {
    let lines = order.lines.as_ref().expect("a placed order has lines");
    let a = &lines.amounts;
    let kind = order.payment_type.unwrap_or(PaymentType::Subscription);
    json!({
        "orderId": id,
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
            "grandTotalIncVAT": a.grand_total.0,
        },
    })
}

fn new_order_number() -> String {
    format!("SB-{:06}", rand::thread_rng().gen_range(0..1_000_000))
}

/// The cart's latest order, when the same browser (its secret) and the same customer come
/// back to it: paid (finish it), or placed from this very version of the cart. Another
/// browser holding the cart id gets a new order of its own, or, when the cart's order is
/// already paid, a refusal: a cart id is never a key to someone else's order.
async fn open_order(
    state: &AppState,
    cart: &CartSummary,
    email: &str,
    secret: Option<&str>,
) -> Result<Option<(String, ServiceOrder)>, ApiError> {
    let row: Option<(String, Option<String>)> = sqlx::query_as(
        "SELECT order_id, secret_hash FROM service_orders WHERE cart_id = $1 ORDER BY created_at DESC LIMIT 1",
    )
    .bind(&cart.id)
    .fetch_optional(&state.pool)
    .await?;
    let Some((id, secret_hash)) = row else { return Ok(None) };
    let order = match load_order(state, &id).await {
        Ok(order) => order,
        Err(_) => return Ok(None),
    };
    let same_browser = secret.is_some_and(|s| secret_hash.as_deref() == Some(secret_digest(s).as_str()));
    let same_customer = order.customer.email == email;
    match order.status {
        Status::Paid if same_browser && same_customer => Ok(Some((id, order))),
        Status::Paid => Err(ApiError::refused(
            StatusCode::CONFLICT,
            "order_already_paid",
            "This cart's order has already been paid. Your confirmation e-mail has the details; for help, contact support.",
        )),
        Status::Placed if same_browser && same_customer && order.cart_version == cart.version => Ok(Some((id, order))),
        _ => Ok(None),
    }
}

/// A new order secret: 256 random bits as hex.
fn new_order_secret() -> String {
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.fill(&mut bytes);
    hex::encode(bytes)
}

fn secret_digest(secret: &str) -> String {
    hex::encode(sha2::Sha256::digest(secret.trim().as_bytes()))
}

/// 403 unless `secret` is the one the order was placed with.
async fn check_order_secret(state: &AppState, id: &str, secret: Option<&str>) -> Result<(), ApiError> {
    let stored: Option<Option<String>> = sqlx::query_scalar("SELECT secret_hash FROM service_orders WHERE order_id = $1")
        .bind(id)
        .fetch_optional(&state.pool)
        .await?;
    let matches = match (stored.flatten(), secret) {
        (Some(hash), Some(secret)) => hash == secret_digest(secret),
        _ => false,
    };
    if !matches {
        tracing::warn!(order = id, "order secret missing or wrong");
        return Err(ApiError::refused(
            StatusCode::FORBIDDEN,
            "order_secret_mismatch",
            "This order was placed from another browser. Please sign in or contact support.",
        ));
    }
    Ok(())
}

async fn create_payment_intent(
    State(state): State<AppState>,
    address: crate::client::ClientAddress,
    ApiJson(body): ApiJson<PaymentIntentBody>,
) -> Result<Response, ApiError> {
    let mut timing = Timing::new();
    // The cart first: no password is checked for a request without a real cart behind it.
    let cart = cart_summary(&state, &body.cart_id).await?;
    let lines = order_lines(&cart)?;
    let customer = checked_customer(&state, &body.customer_info, true, FieldErrors::new(), &address).await?;
    let presented = body.order_secret.clone();
    let key = format!("cart-{}", cart.id);
    let state2 = state.clone();
    let timing_ref = &mut timing;
    let (id, order, secret) = locked(&state, key, async move {
        let (state, timing) = (state2, timing_ref);
        if let Some((id, order)) = open_order(&state, &cart, &customer.email, presented.as_deref()).await? {
            let secret = presented.unwrap_or_default();
            let (id, order) = with_payment_customer(&state, id, order, timing).await?;
            return Ok((id, order, secret));
        }
        let id = Uuid::new_v4().to_string();
        let secret = new_order_secret();
        let mut number = new_order_number();
        for _ in 0..20 {
            let inserted = sqlx::query(
                "INSERT INTO service_orders (order_id, order_number, cart_id, cart_version, secret_hash) VALUES ($1, $2, $3, $4, $5)
                 ON CONFLICT (order_number) DO NOTHING",
            )
            .bind(&id)
            .bind(&number)
            .bind(&cart.id)
            .bind(cart.version)
            .bind(secret_digest(&secret))
            .execute(&state.pool)
            .await?;
            if inserted.rows_affected() == 1 {
                break;
            }
            number = new_order_number();
        }
        // The cart's numbers are held for the order from now on (the cart's 30 minutes no
        // longer apply); a number another cart or order holds cannot be ordered.
        for number in lines.numbers.iter().filter(|n| !n.is_transfer && !n.is_placeholder) {
            let owner = format!("order:{id}");
            let hold = PhoneNumberCommand::HoldForOrder { number: number.value.clone(), cart_id: cart.id.clone(), owner };
            commands::execute(&state.numbers, &number.value, hold).await.map_err(ApiError::from)?;
        }
        let command = ServiceOrderCommand::PlaceOrder {
            order_number: number,
            cart_id: cart.id.clone(),
            cart_version: cart.version,
            customer: customer.clone(),
            lines,
        };
        run(&state, &id, command).await?;
        let order = load_order(&state, &id).await?;
        let (id, order) = with_payment_customer(&state, id, order, timing).await?;
        Ok((id, order, secret))
    })
    .await?;
    let mut answer = intent_answer(&id, &order);
    answer["orderSecret"] = json!(secret);
    Ok(timing.respond(StatusCode::OK, answer))
}

/// The order's Stripe customer, made once (under the cart's lock, like the order itself).
async fn with_payment_customer(
    state: &AppState,
    id: String,
    order: ServiceOrder,
    timing: &mut Timing,
) -> Result<(String, ServiceOrder), ApiError> {
    if order.payment_customer_id.is_some() {
        return Ok((id, order));
    }
    let name = format!("{} {}", order.customer.first_name, order.customer.last_name);
    let created = timing
        .stripe(state.services.stripe.create_customer(&order.customer.email, &name, &id, &format!("order-{id}-customer")))
        .await
        .map_err(|e| stripe_failure(e, "Failed to create payment intent"))?;
    run(state, &id, ServiceOrderCommand::RegisterPaymentCustomer { customer_id: created.id }).await?;
    let order = load_order(state, &id).await?;
    Ok((id, order))
}

// ---------------------------------------------------------------------------------------
// Step 2: the card (a setup intent confirmed in the browser)

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct OrderBody {
    order_id: String,
}

/// An order that may still be paid.
fn payable(order: &ServiceOrder) -> Result<(), ApiError> {
    match order.status {
        Status::Completed => Err(ServiceOrderError::AlreadyCompleted.into()),
        Status::Paid => Err(ServiceOrderError::AlreadyPaid.into()),
        _ => Ok(()),
    }
}

async fn create_setup_intent(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<OrderBody>,
) -> Result<Response, ApiError> {
    let mut timing = Timing::new();
    let id = order_id(&body.order_id)?;
    let timing_ref = &mut timing;
    let state2 = state.clone();
    let id2 = id.clone();
    let intent = locked(&state, format!("order-{id}"), async move {
        let (state, id, timing) = (state2, id2, timing_ref);
        let (order, version) = load_order_at(&state, &id).await?;
        payable(&order)?;
        let customer = order.payment_customer_id.clone().ok_or(ServiceOrderError::NoPaymentCustomer)?;
        let stripe = &state.services.stripe;
        if let Some(existing) = &order.setup_intent_id {
            let intent = timing.stripe(stripe.setup_intent(existing)).await.map_err(|e| stripe_failure(e, "Failed to create setup intent"))?;
            if matches!(intent.status.as_str(), "requires_payment_method" | "requires_confirmation" | "requires_action") {
                return Ok(intent);
            }
        }
        let intent = timing
            .stripe(stripe.create_setup_intent(&customer, &id, &format!("order-{id}-setup-{version}")))
            .await
            .map_err(|e| stripe_failure(e, "Failed to create setup intent"))?;
        run(&state, &id, ServiceOrderCommand::RecordSetupIntent { setup_intent_id: intent.id.clone() }).await?;
        Ok(intent)
    })
    .await?;
    Ok(timing.respond(
        StatusCode::OK,
        json!({
            "client_secret": intent.client_secret,
            "setup_intent_id": intent.id,
            "status": intent.status,
        }),
    ))
}


// ---------------------------------------------------------------------------------------
// Step 3: the charge (subscription and/or top-up)

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SubscriptionBody {
    order_id: String,
    #[serde(default)]
    payment_method_id: Option<String>,
    #[serde(default)]
    setup_intent_id: Option<String>,
    #[serde(default, rename = "payment_type", alias = "paymentType")]
    payment_type: Option<String>,
}

enum Charged {
    Paid,
    NeedsAction(String),
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

async fn create_subscription(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<SubscriptionBody>,
) -> Result<Response, ApiError> {
    let mut timing = Timing::new();
    if body.payment_type.as_deref() == Some("payg_upfront_payment") {
        return Err(ApiError::unprocessable("legacy_payment_type", "Legacy payment type detected. Please refresh and try again."));
    }
    let id = order_id(&body.order_id)?;
    let order = load_order(&state, &id).await?;
    if matches!(order.status, Status::Paid | Status::Completed) {
        return Ok(timing.respond(StatusCode::OK, paid_answer(&order)));
    }
    let timing_ref = &mut timing;
    let state2 = state.clone();
    let id2 = id.clone();
    let outcome = locked(&state, format!("order-{id}"), async move {
        let (state, id, timing) = (state2, id2, timing_ref);
        let order = load_order(&state, &id).await?;
        if matches!(order.status, Status::Paid | Status::Completed) {
            return Ok((Charged::Paid, order));
        }
        let charged = charge(&state, &id, &order, &body, timing).await?;
        Ok((charged, load_order(&state, &id).await?))
    })
    .await?;
    match outcome {
        (Charged::Paid, order) => Ok(timing.respond(StatusCode::OK, paid_answer(&order))),
        (Charged::NeedsAction(secret), order) => Ok(timing.respond(
            StatusCode::OK,
            json!({
                "success": false,
                "status": "requires_action",
                "requiresAction": true,
                "clientSecret": secret,
                "subscriptionId": order.subscription.reference,
                "customerId": order.payment_customer_id,
            }),
        )),
    }
}

async fn charge(
    state: &AppState,
    id: &str,
    order: &ServiceOrder,
    body: &SubscriptionBody,
    timing: &mut Timing,
) -> Result<Charged, ApiError> {
    let stripe = &state.services.stripe;
    let fail = |e| stripe_failure(e, "Failed to create subscription");
    let customer = order.payment_customer_id.clone().ok_or(ServiceOrderError::NoPaymentCustomer)?;
    let kind = order.payment_type.unwrap_or(PaymentType::Subscription);
    let lines = order.lines.as_ref().ok_or(ServiceOrderError::NotFound)?;
    let attempt = order.failed_attempts;

    // The card: a setup intent of this order that succeeded (3-D Secure done in the browser).
    let awaiting_payment = order.subscription.reference.is_none() && order.top_up.reference.is_none()
        || order.payment_method_id.is_none();
    let payment_method = if awaiting_payment {
        let setup_id = body.setup_intent_id.as_deref().or(order.setup_intent_id.as_deref()).unwrap_or_default();
        if order.setup_intent_id.as_deref() != Some(setup_id) {
            return Err(ApiError::unprocessable("unknown_setup_intent", "That card setup does not belong to this order."));
        }
        let setup = timing.stripe(stripe.setup_intent(setup_id)).await.map_err(fail)?;
        if setup.status != "succeeded" {
            return Err(ApiError::refused(
                StatusCode::PAYMENT_REQUIRED,
                "setup_intent_failed",
                format!("Setup intent not successful: {}", setup.status),
            ));
        }
        let method = setup.payment_method.ok_or_else(|| ApiError::unprocessable("no_payment_method", "The card setup has no card."))?;
        if body.payment_method_id.as_deref().is_some_and(|pm| pm != method) {
            return Err(ApiError::unprocessable("unknown_payment_method", "That card does not belong to this order."));
        }
        if order.payment_method_id.as_deref() != Some(method.as_str()) {
            timing
                .stripe(stripe.make_default_card(&customer, &method, &format!("order-{id}-card-{attempt}")))
                .await
                .map_err(fail)?;
            run(state, id, ServiceOrderCommand::RecordPaymentMethod { payment_method_id: method.clone() }).await?;
        }
        method
    } else {
        order.payment_method_id.clone().unwrap_or_default()
    };

    if kind.needs_subscription() && !order.subscription.paid {
        let subscription_id = match &order.subscription.reference {
            Some(existing) => existing.clone(),
            None => {
                let key = format!("order-{id}-subscription-{attempt}");
                // A retry of an attempt that already reached Stripe (the server died before
                // storing the answer) adopts what it made instead of subscribing again.
                let found = if order.subscription.attempt.as_deref() == Some(key.as_str()) {
                    timing.stripe(stripe.made_by_attempt(&customer, id, &key)).await.map_err(fail)?.map(|s| s.id)
                } else {
                    None
                };
                let subscription_id = match found {
                    Some(found) => found,
                    None => {
                        let plan_id = format!("plan_{}", id.replace('-', ""));
                        let interval = match lines.billing_cycle {
                            aggregates::pricing::BillingCycle::Monthly => "month",
                            aggregates::pricing::BillingCycle::Yearly => "year",
                        };
                        if !timing.stripe(stripe.plan_exists(&plan_id)).await.map_err(fail)? {
                            let product_name = format!("{} {} ({})", order.order_number, lines.plan.name(), interval);
                            let spec = PlanSpec {
                                id: &plan_id,
                                amount: lines.amounts.subscription_total.0,
                                interval,
                                product_name: &product_name,
                            };
                            timing.stripe(stripe.create_plan(&spec, &format!("order-{id}-plan"))).await.map_err(fail)?;
                        }
                        let start = ServiceOrderCommand::StartPaymentAttempt { part: PaymentPart::Subscription, attempt_key: key.clone() };
                        run(state, id, start).await?;
                        let created = timing.stripe(stripe.create_subscription(&customer, &plan_id, id, &key)).await;
                        match created {
                            Ok(created) => {
                                fault_point(state, "after-subscription-created");
                                created.id
                            }
                            Err(PaymentError::Declined { code, decline_code, message }) => {
                                record_failure(state, id, PaymentPart::Subscription, "", &code, &message).await?;
                                return Err(declined(&code, decline_code.as_deref(), &message));
                            }
                            Err(other) => return Err(fail(other)),
                        }
                    }
                };
                run(state, id, ServiceOrderCommand::RecordSubscription { subscription_id: subscription_id.clone() }).await?;
                subscription_id
            }
        };
        let subscription = timing.stripe(stripe.subscription(&subscription_id)).await.map_err(fail)?;
        match subscription.status.as_str() {
            "active" | "trialing" => {
                run(
                    state,
                    id,
                    ServiceOrderCommand::RecordPaymentSuccess { part: PaymentPart::Subscription, reference: subscription_id },
                )
                .await?;
            }
            status => {
                // The first invoice's payment tells whether the bank wants 3-D Secure or said no.
                let invoice = match &subscription.latest_invoice {
                    Some(invoice) => Some(timing.stripe(stripe.invoice(invoice)).await.map_err(fail)?),
                    None => None,
                };
                let intent = match invoice.as_ref().and_then(|i| i.payment_intent.clone()) {
                    Some(pi) => Some(timing.stripe(stripe.payment_intent(&pi)).await.map_err(fail)?),
                    None => None,
                };
                let secret = intent
                    .as_ref()
                    .filter(|pi| pi.status == "requires_action" || pi.status == "requires_confirmation")
                    .and_then(|pi| pi.client_secret.clone())
                    .or_else(|| invoice.as_ref().and_then(|i| i.confirmation_secret.as_ref()).map(|c| c.client_secret.clone()));
                if let (Some(secret), true) = (secret, intent.as_ref().is_none_or(|pi| pi.status != "requires_payment_method")) {
                    return Ok(Charged::NeedsAction(secret));
                }
                let (code, decline_code, message) = refusal(intent.as_ref(), status);
                let _ = timing.stripe(stripe.cancel_subscription(&subscription_id)).await;
                record_failure(state, id, PaymentPart::Subscription, &subscription_id, &code, &message).await?;
                return Err(declined(&code, decline_code.as_deref(), &message));
            }
        }
    }

    if kind.needs_top_up() && !order.top_up.paid {
        let intent = match &order.top_up.reference {
            Some(existing) => timing.stripe(stripe.payment_intent(existing)).await.map_err(fail)?,
            None => {
                // Created unconfirmed and charged only once its id is stored: a server that
                // dies in between leaves an intent that never charged, and the retry makes a
                // new one.
                let key = format!("order-{id}-top-up-{attempt}");
                let start = ServiceOrderCommand::StartPaymentAttempt { part: PaymentPart::TopUp, attempt_key: key.clone() };
                run(state, id, start).await?;
                let amount = lines.amounts.top_up_total.0;
                let created = timing.stripe(stripe.create_payment(amount, &customer, &payment_method, id, &key)).await.map_err(fail)?;
                fault_point(state, "after-top-up-created");
                run(state, id, ServiceOrderCommand::RecordTopUpIntent { payment_intent_id: created.id.clone() }).await?;
                created
            }
        };
        // Not charged yet (just created, or the server died before confirming): charge it now.
        let intent = if intent.status == "requires_confirmation" {
            let key = format!("order-{id}-top-up-{attempt}");
            match timing.stripe(stripe.confirm_payment(&intent.id, &key)).await {
                Ok(confirmed) => confirmed,
                Err(PaymentError::Declined { code, decline_code, message }) => {
                    record_failure(state, id, PaymentPart::TopUp, &intent.id, &code, &message).await?;
                    return Err(declined(&code, decline_code.as_deref(), &message));
                }
                Err(other) => return Err(fail(other)),
            }
        } else {
            intent
        };
        match intent.status.as_str() {
            "succeeded" => {
                run(state, id, ServiceOrderCommand::RecordPaymentSuccess { part: PaymentPart::TopUp, reference: intent.id }).await?;
            }
            "requires_action" => {
                let secret = intent.client_secret.clone().unwrap_or_default();
                return Ok(Charged::NeedsAction(secret));
            }
            "processing" => {
                return Err(ApiError::refused(
                    StatusCode::ACCEPTED,
                    "payment_processing",
                    "Payment processing completed but status is unclear. Please contact support to verify your order.",
                ));
            }
            status => {
                let (code, decline_code, message) = refusal(Some(&intent), status);
                record_failure(state, id, PaymentPart::TopUp, &intent.id, &code, &message).await?;
                return Err(declined(&code, decline_code.as_deref(), &message));
            }
        }
    }
    Ok(Charged::Paid)
}

/// A crash on purpose at a named point, for the tests that prove a retry after a crash pays
/// once (`FAULT_INJECTION`, development only).
fn fault_point(state: &AppState, point: &str) {
    if state.services.config.fault_injection.as_deref() == Some(point) {
        tracing::error!(point, "FAULT_INJECTION: stopping the server here");
        std::process::abort();
    }
}

/// The code and message of a refused payment intent.
fn refusal(intent: Option<&PaymentIntent>, status: &str) -> (String, Option<String>, String) {
    let error = intent.and_then(|pi| pi.last_payment_error.clone()).unwrap_or_default();
    let code = error.code.unwrap_or_else(|| "card_declined".into());
    let message = error.message.unwrap_or_else(|| format!("Payment was not successful. Status: {status}"));
    (code, error.decline_code, message)
}

async fn record_failure(
    state: &AppState,
    id: &str,
    part: PaymentPart,
    reference: &str,
    code: &str,
    message: &str,
) -> Result<(), ApiError> {
    let command = ServiceOrderCommand::RecordPaymentFailure {
        part,
        reference: reference.to_string(),
        code: code.to_string(),
        message: message.to_string(),
    };
    match commands::execute(&state.orders, id, command).await {
        Ok(()) | Err(AggregateError::UserError(ServiceOrderError::AlreadyPaid)) => Ok(()),
        Err(error) => Err(error.into()),
    }
}

// ---------------------------------------------------------------------------------------
// Step 4: the account, its extensions and the numbers

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

fn account_answer(order: &ServiceOrder, id: &str, passwords: &[(String, String)]) -> Value {
    let extensions: Vec<Value> = order
        .extensions
        .iter()
        .map(|e| {
            let password = passwords.iter().find(|(n, _)| *n == e.number).map(|(_, p)| p.clone());
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

async fn create_user_account(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<AccountBody>,
) -> Result<Response, ApiError> {
    let timing = Timing::new();
    let id = order_id(&body.order_id)?;
    let order = load_order(&state, &id).await?;
    check_order_secret(&state, &id, body.order_secret.as_deref()).await?;
    if order.status == Status::Completed {
        return Ok(timing.respond(StatusCode::OK, account_answer(&order, &id, &[])));
    }
    if order.status != Status::Paid {
        return Err(ServiceOrderError::PaymentNotConfirmed.into());
    }
    let google = order.customer.google_sign_in;
    let password = body.password.clone().or_else(|| body.customer_info.as_ref().map(|c| c.password.clone())).unwrap_or_default();
    if !google {
        let mut errors = FieldErrors::new();
        if password.is_empty() {
            errors.insert("password", "Password is required");
        } else if password.chars().count() < 8 {
            errors.insert("password", "Password must be at least 8 characters");
        } else if password.len() > 256 {
            errors.insert("password", "Password must be at most 256 characters");
        }
        if !errors.is_empty() {
            return Err(field_errors(errors));
        }
    }
    let state2 = state.clone();
    let id2 = id.clone();
    let (order, passwords) = locked(&state, format!("order-{id}"), async move {
        complete_order(&state2, &id2, (!google).then_some(password), true).await
    })
    .await?;
    Ok(timing.respond(StatusCode::OK, account_answer(&order, &id, &passwords)))
}

/// A paid order's account (with `password`, or none: Google sign-in, or the buyer is not
/// there to choose one), its extensions and numbers, then completion, the cart and the
/// e-mail. Run under the order's lock. Answers the order and the SIP passwords to show once
/// (to the buyer's browser when `buyer_present`; otherwise nobody sees them).
pub(crate) async fn complete_order(
    state: &AppState,
    id: &str,
    password: Option<String>,
    buyer_present: bool,
) -> Result<(ServiceOrder, Vec<(String, String)>), ApiError> {
    let order = load_order(state, id).await?;
    if order.status == Status::Completed {
        return Ok((order, vec![]));
    }
    let mut passwords = vec![];
    if order.account_id.is_none() {
        passwords = create_account(state, id, &order, password).await?;
    }
    let order = load_order(state, id).await?;
    if !order.numbers_assigned {
        assign_numbers(state, id, &order).await?;
    }
    run(state, id, ServiceOrderCommand::Complete).await?;
    let order = load_order(state, id).await?;
    finish(state, id, &order, buyer_present).await;
    Ok((order, if buyer_present { passwords } else { vec![] }))
}

/// The customer account (found by e-mail, or made with an argon2 hash of the password) and
/// one extension per user from 101; answers each extension's SIP password, once.
async fn create_account(
    state: &AppState,
    id: &str,
    order: &ServiceOrder,
    password: Option<String>,
) -> Result<Vec<(String, String)>, ApiError> {
    let customer = &order.customer;
    let hash = match password {
        Some(password) => Some(accounts::hash(password).await?),
        None => None,
    };
    let mut tx = state.pool.begin().await?;
    let account_id = accounts::upsert_account(&mut tx, customer, hash.as_deref()).await?;
    let users = match order.lines.as_ref().map(|l| (l.plan, l.quantity)) {
        Some((Plan::PayAsYouGo, _)) | None => 1,
        Some((_, quantity)) => quantity,
    };
    let digits = order.order_number.trim_start_matches("SB-");
    let (extensions, passwords) = accounts::add_extensions(&mut tx, id, account_id, &customer.email, users, digits).await?;
    run(state, id, ServiceOrderCommand::CreateAccount { account_id: account_id.to_string(), extensions }).await?;
    tx.commit().await?;
    Ok(passwords)
}

/// Each stock number becomes the order's for good; ported numbers and area-code
/// placeholders are provisioned later by the team.
async fn assign_numbers(state: &AppState, id: &str, order: &ServiceOrder) -> Result<(), ApiError> {
    let numbers = order.stock_numbers();
    for number in &numbers {
        let command = PhoneNumberCommand::Assign { number: number.clone(), owner: format!("order:{id}") };
        match commands::execute(&state.numbers, number, command).await {
            Ok(()) => {}
            Err(AggregateError::UserError(error @ (PhoneNumberError::Taken | PhoneNumberError::NotInStock))) => {
                // Paid for but gone (its reservation ran out and another order took it):
                // support replaces it; the order still completes.
                tracing::error!(order = %order.order_number, %number, %error, "a paid number could not be assigned");
            }
            Err(error) => return Err(error.into()),
        }
    }
    run(state, id, ServiceOrderCommand::AssignNumbers { numbers }).await
}

/// The cart's commands once the service is bought: all of it goes, except desk phones,
/// which the hardware checkout sells and which stay for it.
fn emptying(cart: Option<&CartSummary>) -> Vec<CartCommand> {
    match cart {
        Some(cart) if cart.has_hardware => {
            let mut commands: Vec<CartCommand> = cart
                .items
                .iter()
                .filter(|item| item.kind == "package")
                .map(|item| CartCommand::RemoveItem { item_id: item.id.clone() })
                .collect();
            commands.push(CartCommand::ReplaceNumbers { numbers: vec![] });
            commands
        }
        _ => vec![CartCommand::ClearCart],
    }
}

/// After completion: the service leaves the cart and the confirmation e-mail goes to the outbox.
async fn finish(state: &AppState, id: &str, order: &ServiceOrder, passwords_shown: bool) {
    let cart = cart_summary(state, &order.cart_id).await.ok();
    for command in emptying(cart.as_ref()) {
        if let Err(error) = commands::execute(&state.carts, &order.cart_id, command).await {
            tracing::warn!(order = %order.order_number, %error, "the cart was not emptied of the service");
        }
    }
    let Some(lines) = &order.lines else { return };
    let per = match lines.billing_cycle {
        aggregates::pricing::BillingCycle::Monthly => "month",
        aggregates::pricing::BillingCycle::Yearly => "year",
    };
    let a = &lines.amounts;
    let mut body = format!(
        "Hello {},\n\nThank you for your order {}.\n\nPackage: {} x{}\nSubtotal: {} per {per}\nVAT (20%): {}\nTotal: {} per {per}\n",
        order.customer.first_name,
        order.order_number,
        lines.plan.name(),
        lines.quantity,
        a.subscription_subtotal,
        a.subscription_vat,
        a.subscription_total,
    );
    if a.top_up_subtotal > Pence::ZERO {
        body.push_str(&format!("Top-up credit (one-time): {} + VAT {} = {}\n", a.top_up_subtotal, a.top_up_vat, a.top_up_total));
    }
    body.push_str("\nExtensions:\n");
    for extension in &order.extensions {
        body.push_str(&format!("  {} (username {})\n", extension.number, extension.username));
    }
    if passwords_shown {
        body.push_str("\nYour SIP passwords were shown once on the confirmation page; our team will be in touch to help you set up.\n");
    } else {
        body.push_str(
            "\nYour payment was confirmed after you left the checkout, so your SIP passwords and account password have not been \
             set yet. Please contact support (9am to 5:30pm) and we will set them with you.\n",
        );
    }
    let subject = format!("Your order {} is confirmed", order.order_number);
    let mail = Mail { recipient: &order.customer.email, subject: &subject, body: &body, kind: "order_confirmation", reference: id };
    if let Err(error) = queue(&state.pool, mail).await {
        tracing::error!(order = %order.order_number, %error, "the confirmation e-mail was not queued");
    }
}

// ---------------------------------------------------------------------------------------
// Reading orders

async fn get_order(State(state): State<AppState>, Path(raw): Path<String>) -> Result<Json<Value>, ApiError> {
    let id = order_id(&raw)?;
    let view: OrderView = state.order_views.load(&id).await.map_err(ApiError::internal)?.ok_or(ServiceOrderError::NotFound)?;
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

/// Staff only: the subscription's status at Stripe, for one of our orders (found through
/// the subscription's own metadata, read back from Stripe).
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
    let subscription = match state.services.stripe.subscription(id).await {
        Ok(subscription) => subscription,
        Err(PaymentError::NotFound) => return Err(missing()),
        Err(error) => {
            return Err(stripe_failure(error, "Payment status could not be verified. Please try again or contact support."))
        }
    };
    let ours = match subscription.metadata.get("order_id") {
        Some(order) => load_order(&state, &order_id(order)?).await.is_ok_and(|o| o.subscription.reference.as_deref() == Some(id)),
        None => false,
    };
    if !ours {
        return Err(missing());
    }
    Ok(Json(json!({ "subscription": { "id": subscription.id, "status": subscription.status } })))
}
