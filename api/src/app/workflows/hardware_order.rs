//! `confirm-hardware-order`: confirming a paid desk-phone order, started by its
//! `PaymentRecorded`. Three steps: the phones leave the cart they were bought from, the
//! confirmation e-mail goes into the outbox (one per order: the outbox keeps one of each kind
//! and reference, so a retry never sends two), and `Confirm` records it (stock noted). The
//! buyer's request confirms as soon as the payment succeeds (crate::app::hardware_checkout);
//! when that fails the order is marked payment-only or error-handled, and the
//! `confirm-hardware-orders` job (jobs::hardware_orders) confirms it through
//! [`confirm_once`] on its next run. Each step changes nothing the second time.

use aggregates::cart::{Cart, CartCommand, CartError};
use aggregates::hardware_order::{HardwareOrder, HardwareOrderCommand, HardwareOrderStatus};
use async_trait::async_trait;
use cqrs_es::AggregateError;
use jobs::hardware_orders::{load, ConfirmHardwareOrder};
use jobs::mail::Email;
use jobs::outbox::queue_on;
use sqlx::PgPool;
use store::commands::{self, Context, Cqrs};
use store::workflows::Claim;

use crate::app::state::AppState;
use crate::platform::error::ApiError;

pub use crate::app::workflows::triggers::CONFIRM_HARDWARE_ORDER;

/// The steps its row records, in order.
const STEPS: [&str; 3] = ["started", "cart-updated", "mail-queued"];

/// The fault points of confirming (FAULT_INJECTION, development only), in the order a run
/// meets them: each between two durable writes.
pub const FAULT_POINTS: [&str; 3] =
    ["after-hardware-cart-updated", "after-hardware-mail-queued", "after-hardware-confirmed"];

/// What confirming works with.
pub struct HardwareOrders<'a> {
    pub pool: &'a PgPool,
    pub orders: &'a Cqrs<HardwareOrder>,
    pub carts: &'a Cqrs<Cart>,
    /// Who confirms: the buyer's browser, the webhook or this job.
    pub context: Context,
    /// `FAULT_INJECTION` (development only): where to crash on purpose.
    pub fault_injection: Option<store::faults::Fault>,
}

/// Why confirming a paid order failed, which decides how the order is marked.
#[derive(Debug)]
pub enum ConfirmError {
    /// The e-mail could not be queued or the confirmation recorded (the database): the
    /// order is left payment-only, and a retry will do.
    Storage(String),
    /// Anything else (the order or its cart not as expected): error-handled.
    Unexpected(String),
}

impl std::fmt::Display for ConfirmError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ConfirmError::Storage(detail) => write!(f, "storage: {detail}"),
            ConfirmError::Unexpected(detail) => write!(f, "unexpected: {detail}"),
        }
    }
}

impl<'a> HardwareOrders<'a> {
    /// Confirming with the state's handles, as `context`'s actor.
    pub fn of(state: &'a AppState, context: Context) -> HardwareOrders<'a> {
        HardwareOrders {
            pool: &state.pool,
            orders: &state.hardware_orders.cqrs,
            carts: &state.carts.cqrs,
            context,
            fault_injection: state.services.config.fault_injection.clone(),
        }
    }
}

/// The runner's step: the claimed workflow confirms its order.
pub async fn run(state: &AppState, claim: Claim) -> Result<(), ApiError> {
    let ctx = HardwareOrders::of(state, Context::job(CONFIRM_HARDWARE_ORDER));
    match confirm(&ctx, &claim.aggregate_id).await {
        Ok(_) => Ok(claim.finish(&state.pool).await?),
        Err(error) => super::failed(state, claim, ApiError::internal(error.to_string())).await,
    }
}

/// The `confirm-hardware-orders` job confirms an order left unconfirmed through this.
pub struct Confirmer<'a>(pub HardwareOrders<'a>);

#[async_trait]
impl ConfirmHardwareOrder for Confirmer<'_> {
    async fn confirm_once(&self, order_id: &str) -> Result<bool, String> {
        confirm_once(&self.0, order_id).await.map(|confirmed| confirmed.is_some()).map_err(|e| e.to_string())
    }
}

/// Confirms a paid order (see the module's header), resuming where a crashed run stopped:
/// the phones leave the cart once (the workflow's row records it in the same transaction),
/// the e-mail is queued once, then `Confirm`. A confirmed order stays as it is.
pub async fn confirm(ctx: &HardwareOrders<'_>, id: &str) -> Result<HardwareOrder, ConfirmError> {
    let storage = |e: sqlx::Error| ConfirmError::Storage(e.to_string());
    let order = load(ctx.pool, id).await.map_err(ConfirmError::Storage)?;
    if order.status == HardwareOrderStatus::Confirmed {
        // Its views as the events make them (a crash may have come before they heard).
        ctx.orders.republish(id).await.map_err(|e| ConfirmError::Storage(e.to_string()))?;
        done(ctx.pool, id).await.map_err(storage)?;
        return Ok(order);
    }
    if !order.status.is_paid() {
        return Err(ConfirmError::Unexpected(format!(
            "order {id} is {} and cannot be confirmed",
            order.status.as_str()
        )));
    }
    take_phones_out_of_cart(ctx, id, &order).await?;
    store::faults::point(ctx.fault_injection.as_ref(), "after-hardware-cart-updated");
    let email = Email::HardwareConfirmation { order: &order };
    let mut tx = ctx.pool.begin().await.map_err(storage)?;
    queue_on(&mut tx, &order.customer.email, id, &email).await.map_err(storage)?;
    store::workflows::record_step_on(&mut tx, CONFIRM_HARDWARE_ORDER, id, "mail-queued").await.map_err(storage)?;
    tx.commit().await.map_err(storage)?;
    store::faults::point(ctx.fault_injection.as_ref(), "after-hardware-mail-queued");
    let retry = order.status != HardwareOrderStatus::Paid;
    let command = if retry {
        HardwareOrderCommand::RetryConfirmation { email_queued: true }
    } else {
        HardwareOrderCommand::Confirm { email_queued: true }
    };
    let confirmed = ctx.orders.execute(&ctx.context, id, command).await.map_err(|e| match e {
        AggregateError::UserError(refusal) => ConfirmError::Unexpected(refusal.to_string()),
        other => ConfirmError::Storage(other.to_string()),
    })?;
    store::faults::point(ctx.fault_injection.as_ref(), "after-hardware-confirmed");
    done(ctx.pool, id).await.map_err(storage)?;
    Ok(confirmed.state)
}

/// Confirms the order unless another runner is confirming it now (`None`): under the
/// workflow's claim when one is owed (the usual case: `PaymentRecorded` made it), directly
/// for an order paid before workflows were recorded.
pub async fn confirm_once(ctx: &HardwareOrders<'_>, id: &str) -> Result<Option<HardwareOrder>, ConfirmError> {
    let claimed = store::workflows::claim(ctx.pool, CONFIRM_HARDWARE_ORDER, id)
        .await
        .map_err(|e| ConfirmError::Storage(e.to_string()))?;
    match claimed {
        store::workflows::Claimed::Busy => Ok(None),
        store::workflows::Claimed::NotOwed => confirm(ctx, id).await.map(Some),
        store::workflows::Claimed::Run(claim) => {
            let confirmed = confirm(ctx, id).await;
            let ended = match &confirmed {
                Ok(_) => claim.finish(ctx.pool).await,
                Err(error) => claim.fail(ctx.pool, &error.to_string()).await,
            };
            if let Err(error) = ended {
                tracing::warn!(order = id, %error, "the confirmation's workflow row was not updated");
            }
            confirmed.map(Some)
        }
    }
}

/// The confirmation is over: nothing more is owed.
async fn done(pool: &PgPool, id: &str) -> Result<(), sqlx::Error> {
    sqlx::query!("DELETE FROM workflows WHERE workflow = $1 AND aggregate_id = $2", CONFIRM_HARDWARE_ORDER, id)
        .execute(pool)
        .await?;
    Ok(())
}

/// The bought phones leave the cart (a line the buyer has since raised keeps the rest);
/// services and anything else in the cart stay. Once: the cart's events and the step that
/// records them commit together, and the step is read under the row's lock, so a second
/// run, concurrent or after a crash, finds it done.
async fn take_phones_out_of_cart(
    ctx: &HardwareOrders<'_>,
    id: &str,
    order: &HardwareOrder,
) -> Result<(), ConfirmError> {
    let storage = |e: sqlx::Error| ConfirmError::Storage(e.to_string());
    let mut tx = ctx.pool.begin().await.map_err(storage)?;
    // An order paid before workflows were recorded has no row yet.
    sqlx::query!(
        "INSERT INTO workflows (workflow, aggregate_id, sequence, latest) VALUES ($1, $2, 0, 0)
         ON CONFLICT (workflow, aggregate_id) DO NOTHING",
        CONFIRM_HARDWARE_ORDER,
        id
    )
    .execute(&mut *tx)
    .await
    .map_err(storage)?;
    let step: String = sqlx::query_scalar!(
        "SELECT step FROM workflows WHERE workflow = $1 AND aggregate_id = $2 FOR UPDATE",
        CONFIRM_HARDWARE_ORDER,
        id
    )
    .fetch_one(&mut *tx)
    .await
    .map_err(storage)?;
    let at = |s: &str| STEPS.iter().position(|x| *x == s);
    if at(&step) >= at("cart-updated") {
        return Ok(());
    }
    let (cart, _) =
        commands::load_on::<Cart>(&mut tx, &order.cart_id).await.map_err(|e| ConfirmError::Storage(e.to_string()))?;
    let mut changes = vec![];
    for line in &order.lines {
        let item_id = aggregates::cart::CartItem::hardware_id(&line.product_id);
        let Some(in_cart) = cart.contents().items.iter().find(|i| i.id() == item_id) else { continue };
        let left = in_cart.quantity().saturating_sub(line.quantity);
        let command = if left == 0 {
            CartCommand::RemoveItem { item_id }
        } else {
            CartCommand::SetItemQuantity { item_id, quantity: left }
        };
        match ctx.carts.execute_in(&mut tx, &ctx.context, &order.cart_id, command).await {
            Ok(committed) => changes.push(committed),
            Err(AggregateError::UserError(CartError::ItemNotFound | CartError::NotFound)) => {}
            Err(AggregateError::UserError(refusal)) => return Err(ConfirmError::Unexpected(refusal.to_string())),
            Err(other) => return Err(ConfirmError::Storage(other.to_string())),
        }
    }
    store::workflows::record_step_on(&mut tx, CONFIRM_HARDWARE_ORDER, id, "cart-updated").await.map_err(storage)?;
    tx.commit().await.map_err(storage)?;
    for committed in &changes {
        ctx.carts.publish(&order.cart_id, committed).await;
    }
    Ok(())
}
