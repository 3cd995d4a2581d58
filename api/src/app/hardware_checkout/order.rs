//! Pricing the cart's desk phones and placing a hardware order from them.

use aggregates::hardware_item::ItemStatus;
use aggregates::hardware_order::{
    quote_version, HardwareAmounts, HardwareCustomer, HardwareLine, HardwareOrder, HardwareOrderCommand,
    HardwareOrderError, HardwareOrderStatus, ShippingAddress, ShippingOption,
};
use cqrs_es::persist::ViewRepository;
use jobs::mail::MailKind;
use jobs::outbox::MailStatus;
use projections::cart::{CartSummary, PriceChange};
use projections::hardware_orders::HardwareOrderView;
use rand::Rng;
use uuid::Uuid;

use crate::app::hardware_items::live_item;
use crate::app::locks::locked;
use crate::app::order_secrets;
use crate::app::state::AppState;
use crate::platform::error::ApiError;
use crate::platform::refusals::{INVALID_SHIPPING_OPTION, PHONE_NO_LONGER_SOLD};
use store::commands::{Context, BUYER};

/// A hardware order's id from a request: a UUID, or no such order.
pub fn order_id(raw: &str) -> Result<String, ApiError> {
    crate::app::ids::uuid_id(raw, HardwareOrderError::NotPlaced)
}

/// The order (404 when it was never placed).
pub async fn load(state: &AppState, id: &str) -> Result<HardwareOrder, ApiError> {
    let (order, _) = crate::app::state::load::<HardwareOrder>(&state.pool, id).await?;
    if order.status == HardwareOrderStatus::New {
        return Err(HardwareOrderError::NotPlaced.into());
    }
    Ok(order)
}

pub(super) async fn run(
    state: &AppState,
    context: &Context,
    id: &str,
    command: HardwareOrderCommand,
) -> Result<(), ApiError> {
    state.hardware_orders.cqrs.execute(context, id, command).await?;
    Ok(())
}

/// A shipping option by its id: 422 for anything else.
pub fn shipping_option(id: &str) -> Result<ShippingOption, ApiError> {
    ShippingOption::from_id(aggregates::text::trim_blanks(id))
        .ok_or_else(|| ApiError::refused(&INVALID_SHIPPING_OPTION))
}

/// One of the cart's desk phones as the checkout shows it: the line (at the catalogue's
/// price today), with the picture and short description of the catalogue.
pub struct QuotedLine {
    pub line: HardwareLine,
    pub short_desc: Option<String>,
    pub image_url: Option<String>,
}

pub struct Quote {
    pub lines: Vec<QuotedLine>,
    pub shipping: Option<ShippingOption>,
    pub amounts: HardwareAmounts,
    /// Placing or paying names this version; on another one the answer is 409 `price_changed`.
    pub version: String,
    /// The phones whose price changed since they went into the cart.
    pub price_changes: Vec<PriceChange>,
}

/// The cart's desk phones priced by the server at today's catalogue prices: VAT on the
/// items only until a shipping option is chosen, then on the items and the shipping. 422
/// `no_hardware` without any.
pub async fn quote(state: &AppState, cart_id: &str, shipping: Option<ShippingOption>) -> Result<Quote, ApiError> {
    let cart = crate::app::carts::summary(state, &crate::app::carts::cart_id(cart_id)?).await?;
    let lines = hardware_lines(&cart)?;
    quote_of(state, lines, shipping, cart.price_changes.clone()).await
}

/// The quote of an order as placed (its own lines and prices).
pub async fn order_quote(state: &AppState, order: &HardwareOrder) -> Result<Quote, ApiError> {
    quote_of(state, order.lines.clone(), order.shipping, vec![]).await
}

async fn quote_of(
    state: &AppState,
    lines: Vec<HardwareLine>,
    shipping: Option<ShippingOption>,
    price_changes: Vec<PriceChange>,
) -> Result<Quote, ApiError> {
    let version = quote_version(&lines, shipping);
    let amounts = HardwareAmounts::compute(&lines, shipping);
    let mut quoted = vec![];
    for line in lines {
        let view = live_item(&state.pool, &line.product_id).await?;
        let fields = view.as_ref().and_then(|v| v.item.fields.as_ref());
        let short_desc = fields.map(|f| f.short_desc.clone()).filter(|d| !d.trim().is_empty());
        let image_url = view.as_ref().and_then(|v| v.item.images.first()).map(|i| i.url.clone());
        quoted.push(QuotedLine { line, short_desc, image_url });
    }
    Ok(Quote { lines: quoted, shipping, amounts, version, price_changes })
}

/// The cart's hardware lines, at today's catalogue price.
fn hardware_lines(cart: &CartSummary) -> Result<Vec<HardwareLine>, ApiError> {
    let lines: Vec<HardwareLine> = cart
        .items
        .iter()
        .filter(|i| i.kind == projections::cart::ItemKind::Hardware)
        .filter_map(|i| {
            Some(HardwareLine {
                product_id: i.product_id.clone()?,
                name: i.name.clone(),
                unit_price: i.unit_pence,
                quantity: i.quantity,
            })
        })
        .collect();
    if lines.is_empty() {
        return Err(HardwareOrderError::NoItems.into());
    }
    Ok(lines)
}

/// 422 unless every phone can still be sold: published, in stock, not deleted.
async fn check_available(state: &AppState, lines: &[HardwareLine]) -> Result<(), ApiError> {
    for line in lines {
        let view = live_item(&state.pool, &line.product_id).await?;
        let sellable = view.is_some_and(|v| {
            v.item.status == ItemStatus::Published && v.item.fields.as_ref().is_some_and(|f| f.in_stock)
        });
        if !sellable {
            return Err(ApiError::refused_with(&PHONE_NO_LONGER_SOLD, &line.name));
        }
    }
    Ok(())
}

pub struct PlaceHardwareOrder {
    pub cart_id: String,
    pub shipping_option: String,
    /// The version of the quote the buyer saw (its `version`).
    pub quote_version: String,
    pub customer: HardwareCustomer,
    pub address: ShippingAddress,
}

pub struct PlacedHardwareOrder {
    pub id: String,
    pub secret: String,
}

/// What placing did.
pub enum Placing {
    Placed(PlacedHardwareOrder),
    /// The quote the buyer saw is not today's: nothing was placed; this is the new one.
    PriceChanged(Quote),
}

/// Places a new order from the cart's desk phones at today's prices, when they are the
/// prices of the quote the buyer saw. Each 'Complete Order' places a new order: one the
/// buyer went back from is never paid and expires after 24 hours.
pub async fn place_hardware_order(state: &AppState, request: PlaceHardwareOrder) -> Result<Placing, ApiError> {
    let cart = crate::app::carts::summary(state, &crate::app::carts::cart_id(&request.cart_id)?).await?;
    let shipping = shipping_option(&request.shipping_option)?;
    let lines = hardware_lines(&cart)?;
    // The fields first: a buyer fixing a typo should not meet a stock refusal before it.
    aggregates::hardware_order::check_details(&request.customer, &request.address)
        .map_err(HardwareOrderError::InvalidDetails)?;
    check_available(state, &lines).await?;
    if quote_version(&lines, Some(shipping)) != request.quote_version.trim() {
        let changes = cart.price_changes.clone();
        return Ok(Placing::PriceChanged(quote_of(state, lines, Some(shipping), changes).await?));
    }
    let cart_id = cart.id.clone();
    let placed = locked(state, format!("cart-{}", cart.id), async move {
        let id = Uuid::new_v4().to_string();
        let secret = order_secrets::new_secret();
        let number = claim_order_number(state, &id, &cart.id, &secret).await?;
        let command = HardwareOrderCommand::PlaceOrder {
            order_number: number,
            cart_id: cart.id.clone(),
            lines,
            shipping,
            customer: request.customer,
            address: request.address,
        };
        if let Err(error) = run(state, &BUYER, &id, command).await {
            // Nothing was stored: the number goes back.
            sqlx::query!("DELETE FROM hardware_orders WHERE order_id = $1", &id).execute(&state.pool).await?;
            return Err(error);
        }
        Ok(PlacedHardwareOrder { id, secret })
    })
    .await?;
    supersede_older(state, &cart_id, &placed.id).await;
    Ok(Placing::Placed(placed))
}

/// One open order per cart: the cart's unpaid orders placed before `newer` are superseded
/// (each under its own lock, so not in the middle of a payment step) and their payment under
/// way is cancelled at the provider. A paid order is never superseded. A failure here is
/// logged: the older order then simply expires after its 24 hours.
async fn supersede_older(state: &AppState, cart_id: &str, newer: &str) {
    let older: Result<Vec<String>, sqlx::Error> = sqlx::query_scalar!(
        "SELECT order_id FROM hardware_orders WHERE cart_id = $1 AND order_id <> $2
           AND created_at < (SELECT created_at FROM hardware_orders WHERE order_id = $2)",
        cart_id,
        newer
    )
    .fetch_all(&state.pool)
    .await;
    for old in older.unwrap_or_default() {
        let superseding = locked(state, jobs::hardware_orders::lock_name(&old), async {
            let order = load(state, &old).await?;
            if order.status != HardwareOrderStatus::Placed {
                return Ok(());
            }
            run(state, &BUYER, &old, HardwareOrderCommand::Supersede { by: newer.to_string() }).await?;
            if let Some(payment) = order.payment.under_way() {
                let gateway = state.services.gateway.clone();
                jobs::hardware_orders::cancel_at_provider(gateway.as_ref(), &old, payment).await;
            }
            Ok(())
        });
        if let Err(error) = superseding.await {
            tracing::warn!(order = %old, newer, ?error, "an older order of the cart was not superseded; it expires instead");
        }
    }
}

/// A free `HW-` order number, written with the order's cart and secret digest.
async fn claim_order_number(state: &AppState, id: &str, cart_id: &str, secret: &str) -> Result<String, ApiError> {
    for _ in 0..20 {
        let number = format!("HW-{:06}", rand::thread_rng().gen_range(0..1_000_000));
        let inserted = sqlx::query!(
            "INSERT INTO hardware_orders (order_id, order_number, cart_id, secret_hash) VALUES ($1, $2, $3, $4)
             ON CONFLICT (order_number) DO NOTHING",
            id,
            &number,
            cart_id,
            order_secrets::digest(secret)
        )
        .execute(&state.pool)
        .await?;
        if inserted.rows_affected() == 1 {
            return Ok(number);
        }
    }
    Err(ApiError::internal("no free hardware order number after 20 tries"))
}

/// 403 unless `secret` is the one the order was placed with (404 for no such order).
pub async fn check_secret(state: &AppState, id: &str, secret: Option<&str>) -> Result<(), ApiError> {
    match holds_secret(state, id, secret).await? {
        Some(true) => Ok(()),
        Some(false) => Err(order_secrets::mismatch(id)),
        None => Err(HardwareOrderError::NotPlaced.into()),
    }
}

/// Whether `secret` is the order's (`None`: no such order).
pub async fn holds_secret(state: &AppState, id: &str, secret: Option<&str>) -> Result<Option<bool>, ApiError> {
    let stored: Option<String> = sqlx::query_scalar!("SELECT secret_hash FROM hardware_orders WHERE order_id = $1", id)
        .fetch_optional(&state.pool)
        .await?;
    Ok(stored.map(|hash| order_secrets::matches(Some(&hash), secret)))
}

/// The order as its pages read it (404 when it was never placed).
pub async fn order_view(state: &AppState, id: &str) -> Result<HardwareOrderView, ApiError> {
    let view = state.hardware_orders.views.load(id).await.map_err(ApiError::internal)?;
    view.ok_or_else(|| HardwareOrderError::NotPlaced.into())
}

/// The order for the browser that placed it (403 for any other), with where its
/// confirmation e-mail stands.
pub async fn buyer_order(
    state: &AppState,
    id: &str,
    secret: Option<&str>,
) -> Result<(HardwareOrderView, Option<MailStatus>), ApiError> {
    check_secret(state, id, secret).await?;
    let view = order_view(state, id).await?;
    Ok((view, jobs::outbox::status_of(&state.pool, MailKind::HardwareConfirmation, id).await?))
}
