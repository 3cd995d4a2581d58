//! Placing a service order from the cart as the server priced it, and finding it again.
//!
//! A placed order answers a secret that only the placing browser holds (a SHA-256 digest is
//! kept, never an event): continuing the order and collecting its account need it, so a
//! cart id alone is never a key to someone else's order. The order takes over the cart's
//! number reservations, so nobody else can be given them while the buyer pays.

use aggregates::phone_number::PhoneNumberCommand;
use aggregates::pricing::{AddOn, Pence};
use aggregates::service_order::CheckoutStep;
use aggregates::service_order::{
    Customer, OrderLines, OrderStatus, OrderedAddOn, OrderedNumber, ServiceOrder, ServiceOrderCommand,
    ServiceOrderError,
};
use cqrs_es::persist::ViewRepository;
use jobs::mail::MailKind;
use jobs::outbox::MailStatus;
use projections::cart::CartSummary;
use projections::orders::OrderView;
use rand::Rng;
use uuid::Uuid;

use super::gateway::PaymentGateway;
use crate::app::account_form::{CustomerInfo, FieldErrors};
use crate::app::accounts::checked_customer;
use crate::app::locks::locked;
use crate::app::order_secrets;
use crate::app::payments::failures::payment_failure;
use crate::app::state::AppState;
use crate::platform::client::ClientAddress;
use crate::platform::error::ApiError;
use crate::platform::refusals::{ORDER_ALREADY_PAID, PRICE_CHANGED, PROVIDER_DOWN};
use store::commands::{Context, BUYER};

/// A service order's id from a request: a UUID, or no such order.
pub fn order_id(raw: &str) -> Result<String, ApiError> {
    crate::app::ids::uuid_id(raw, ServiceOrderError::NotFound)
}

/// The order (404 when it was never placed).
pub async fn load(state: &AppState, id: &str) -> Result<ServiceOrder, ApiError> {
    Ok(load_at(state, id).await?.0)
}

/// The order and the sequence of its last event (a new value after every step).
pub(super) async fn load_at(state: &AppState, id: &str) -> Result<(ServiceOrder, usize), ApiError> {
    let (order, sequence) = crate::app::state::load::<ServiceOrder>(&state.pool, id).await?;
    if order.status == OrderStatus::New {
        return Err(ServiceOrderError::NotFound.into());
    }
    Ok((order, sequence))
}

pub(super) async fn run(
    state: &AppState,
    context: &Context,
    id: &str,
    command: ServiceOrderCommand,
) -> Result<ServiceOrder, ApiError> {
    Ok(state.orders.cqrs.execute(context, id, command).await?.state)
}

/// The order placed (or continued) by this browser, with the secret it keeps.
pub struct PlacedOrder {
    pub id: String,
    pub order: ServiceOrder,
    pub secret: String,
}

/// What the buyer sends to place an order.
pub struct PlaceOrder<'a> {
    pub cart_id: &'a str,
    pub customer: &'a CustomerInfo,
    /// The secret of the order this browser placed from the cart before, if any.
    pub secret: Option<&'a str>,
    pub address: &'a ClientAddress,
    /// The cart's `quoteVersion` as the buyer's page showed it, if it names one.
    pub quote_version: Option<&'a str>,
}

/// Places the order from the cart (or continues this browser's open one) and makes its
/// payment customer. The cart comes first: no password is checked without a real cart.
pub async fn place_order(
    state: &AppState,
    gateway: &dyn PaymentGateway,
    request: PlaceOrder<'_>,
) -> Result<PlacedOrder, ApiError> {
    let cart = crate::app::carts::summary(state, &crate::app::carts::cart_id(request.cart_id)?).await?;
    if request.quote_version.is_some_and(|v| v.trim() != cart.quote_version) {
        return Err(price_changed(cart));
    }
    let lines = order_lines(&cart)?;
    let customer = checked_customer(state, request.customer, true, FieldErrors::new(), request.address).await?;
    let presented = request.secret.map(str::to_string);
    let cart_id = cart.id.clone();
    let placed = locked(state, format!("cart-{}", cart.id), async move {
        if let Some((id, order)) = open_order(state, &cart, &customer.email, presented.as_deref()).await? {
            let order = with_payment_customer(state, gateway, &id, order).await?;
            return Ok(PlacedOrder { id, order, secret: presented.unwrap_or_default() });
        }
        let id = Uuid::new_v4().to_string();
        let secret = order_secrets::new_secret();
        let number = claim_order_number(state, &id, &cart, &secret).await?;
        hold_numbers(state, &id, &cart, &lines).await?;
        let command = ServiceOrderCommand::PlaceOrder {
            order_number: number,
            cart_id: cart.id.clone(),
            cart_version: cart.version,
            customer: customer.clone(),
            lines,
        };
        run(state, &BUYER, &id, command).await?;
        let order = with_payment_customer(state, gateway, &id, load(state, &id).await?).await?;
        Ok(PlacedOrder { id, order, secret })
    })
    .await?;
    supersede_older(state, gateway, &cart_id, &placed.id).await;
    Ok(placed)
}

/// One open order per cart: the cart's unpaid orders placed before `newer` are superseded
/// (each under its own lock, so never in the middle of a payment step; their number holds
/// already passed to the newer order) and what they started at the provider is cancelled: the
/// top-up payment and the subscription. A paid order is never superseded. A failure is
/// logged; such an order stays unpaid.
async fn supersede_older(state: &AppState, gateway: &dyn PaymentGateway, cart_id: &str, newer: &str) {
    let older: Result<Vec<String>, sqlx::Error> = sqlx::query_scalar!(
        "SELECT order_id FROM service_orders WHERE cart_id = $1 AND order_id <> $2
           AND created_at < (SELECT created_at FROM service_orders WHERE order_id = $2)",
        cart_id,
        newer
    )
    .fetch_all(&state.pool)
    .await;
    for old in older.unwrap_or_default() {
        let superseding = locked(state, format!("order-{old}"), async {
            let order = load(state, &old).await?;
            if order.status != OrderStatus::Placed || order.superseded_by.is_some() || order.expired_at.is_some() {
                return Ok(());
            }
            run(state, &BUYER, &old, ServiceOrderCommand::Supersede { by: newer.to_string() }).await?;
            if let Some(payment) = order.top_up.under_way() {
                let key = format!("order-{old}-{payment}-cancel");
                if let Err(error) = gateway.cancel_payment(payment, &key).await {
                    tracing::warn!(order = %old, payment, %error, "a superseded order's top-up was not cancelled");
                }
            }
            if let Some(subscription) = order.subscription.under_way() {
                if let Err(error) = gateway.cancel_subscription(subscription).await {
                    tracing::warn!(order = %old, subscription, %error, "a superseded order's subscription was not cancelled");
                }
            }
            Ok(())
        });
        if let Err(error) = superseding.await {
            tracing::warn!(order = %old, newer, ?error, "an older order of the cart was not superseded");
        }
    }
}

/// 409 `price_changed`: the cart the buyer's page showed is not priced as it is now; `cart`
/// is the cart as priced now, to show before the buyer tries again.
fn price_changed(cart: CartSummary) -> ApiError {
    let change = match cart.price_changes.first() {
        Some(change) => change.message(),
        None => "The prices changed since this page was loaded".into(),
    };
    let mut extra = serde_json::Map::new();
    extra.insert("cart".into(), serde_json::to_value(&cart).unwrap_or_default());
    ApiError::refused_with(&PRICE_CHANGED, change).with_extra(extra)
}

/// The order's lines from the cart as the server priced it (desk phones have their own checkout).
fn order_lines(cart: &CartSummary) -> Result<OrderLines, ApiError> {
    let empty = || ApiError::from(ServiceOrderError::InvalidLines);
    let plan = cart.package.ok_or_else(empty)?;
    let package = cart.items.iter().find(|i| i.kind == projections::cart::ItemKind::Package).ok_or_else(empty)?;
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
            pac: n.pac.clone(),
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

fn new_order_number() -> String {
    format!("SB-{:06}", rand::thread_rng().gen_range(0..1_000_000))
}

/// A free order number, written with the order's cart and secret digest.
async fn claim_order_number(state: &AppState, id: &str, cart: &CartSummary, secret: &str) -> Result<String, ApiError> {
    for _ in 0..20 {
        let number = new_order_number();
        let inserted = sqlx::query!(
            "INSERT INTO service_orders (order_id, order_number, cart_id, cart_version, secret_hash) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (order_number) DO NOTHING",
            id,
            &number,
            &cart.id,
            cart.version,
            order_secrets::digest(secret)
        )
        .execute(&state.pool)
        .await?;
        if inserted.rows_affected() == 1 {
            return Ok(number);
        }
    }
    Err(ApiError::internal("no free order number after 20 tries"))
}

/// The cart's stock numbers are held for the order from now on (the cart's 30 minutes no
/// longer apply); a number another cart or order holds cannot be ordered.
async fn hold_numbers(state: &AppState, id: &str, cart: &CartSummary, lines: &OrderLines) -> Result<(), ApiError> {
    for number in lines.numbers.iter().filter(|n| !n.is_transfer && !n.is_placeholder) {
        let owner = format!("order:{id}");
        let hold = PhoneNumberCommand::HoldForOrder { number: number.value.clone(), cart_id: cart.id.clone(), owner };
        state.numbers.cqrs.execute(&BUYER, &number.value, hold).await?;
    }
    Ok(())
}

/// The cart's latest order, when the same browser (its secret) and the same customer come
/// back to it: paid (finish it), or placed from this very version of the cart. Another
/// browser holding the cart id gets a new order of its own, or, when the cart's order is
/// already paid, a refusal.
async fn open_order(
    state: &AppState,
    cart: &CartSummary,
    email: &str,
    secret: Option<&str>,
) -> Result<Option<(String, ServiceOrder)>, ApiError> {
    let row = sqlx::query!(
        "SELECT order_id, secret_hash FROM service_orders WHERE cart_id = $1 ORDER BY created_at DESC LIMIT 1",
        &cart.id
    )
    .fetch_optional(&state.pool)
    .await?;
    let Some((id, secret_hash)) = row.map(|r| (r.order_id, r.secret_hash)) else { return Ok(None) };
    let order = match load(state, &id).await {
        Ok(order) => order,
        Err(_) => return Ok(None),
    };
    let same_browser = secret.is_some_and(|s| secret_hash.as_deref() == Some(order_secrets::digest(s).as_str()));
    let same_customer = order.customer.email == email;
    match order.status {
        OrderStatus::Paid if same_browser && same_customer => Ok(Some((id, order))),
        OrderStatus::Paid => Err(ApiError::refused(&ORDER_ALREADY_PAID)),
        OrderStatus::Placed if same_browser && same_customer && order.cart_version == cart.version => {
            Ok(Some((id, order)))
        }
        _ => Ok(None),
    }
}

/// 403 unless `secret` is the one the order was placed with.
pub async fn check_order_secret(state: &AppState, id: &str, secret: Option<&str>) -> Result<(), ApiError> {
    let stored: Option<Option<String>> =
        sqlx::query_scalar!("SELECT secret_hash FROM service_orders WHERE order_id = $1", id)
            .fetch_optional(&state.pool)
            .await?;
    if !order_secrets::matches(stored.flatten().as_deref(), secret) {
        return Err(order_secrets::mismatch(id));
    }
    Ok(())
}

/// The order's payment customer, made once (under the cart's lock, like the order itself).
async fn with_payment_customer(
    state: &AppState,
    gateway: &dyn PaymentGateway,
    id: &str,
    order: ServiceOrder,
) -> Result<ServiceOrder, ApiError> {
    if order.payment_customer_id.is_some() {
        return Ok(order);
    }
    let Customer { email, first_name, last_name, .. } = &order.customer;
    let name = format!("{first_name} {last_name}");
    let customer = gateway
        .create_customer(email, &name, id, &format!("order-{id}-customer"))
        .await
        .map_err(|e| payment_failure(e, &PROVIDER_DOWN))?;
    run(
        state,
        &BUYER,
        id,
        ServiceOrderCommand::Checkout(CheckoutStep::RegisterPaymentCustomer { customer_id: customer }),
    )
    .await?;
    load(state, id).await
}

/// The order as its thank-you page reads it.
pub struct OrderPage {
    /// Its view, each port as the port's own view has it.
    pub view: OrderView,
    /// The confirmation e-mail is queued.
    pub email_sent: bool,
    /// Where the confirmation e-mail stands; None before it is queued.
    pub email_status: Option<MailStatus>,
}

/// The order as its thank-you page (and every buyer step that answers the order) reads it;
/// 404 when it was never placed.
pub async fn order_page(state: &AppState, id: &str) -> Result<OrderPage, ApiError> {
    let view: OrderView =
        state.orders.views.load(id).await.map_err(ApiError::internal)?.ok_or(ServiceOrderError::NotFound)?;
    let view = crate::app::transfers::with_transfers(state, view).await?;
    let email_status = jobs::outbox::status_of(&state.pool, MailKind::OrderConfirmation, id).await?;
    Ok(OrderPage { view, email_sent: email_status.is_some(), email_status })
}
