//! Confirming paid desk-phone orders, and the `confirm-hardware-orders` job.
//!
//! Confirming a paid order is three steps: the confirmation e-mail goes into the outbox
//! (one per order: the outbox keeps one of each kind and reference, so a retry never sends
//! two), the phones leave the cart they were bought from, and `Confirm` records it (stock
//! noted). The API confirms as soon as the buyer's payment succeeds; when that fails the
//! order is marked payment-only or error-handled, and this job confirms it on its next run.
//! The job also expires orders left unpaid for 24 hours, after asking the payment provider
//! about any payment still under way (a payment that did go through is recorded, never lost),
//! and records payments whose browser went away before it told us (3-D Secure finished,
//! then the page closed, and no webhook came).
//!
//! Each order is handled under its request lock (`hardware-order-{id}`), skipped while a
//! request holds it; every step is a command that changes nothing the second time.

use aggregates::cart::{Cart, CartCommand, CartError};
use aggregates::hardware_order::{
    HardwareOrder, HardwareOrderCommand, HardwareOrderError, HardwareOrderStatus, UNPAID_ORDER_LIFETIME,
};
use aggregates::payments::{Outcome, PaymentGateway};
use chrono::{DateTime, Duration, Utc};
use cqrs_es::AggregateError;
use sqlx::PgPool;
use store::commands::{Context, Cqrs};

use crate::outbox::{queue_on, Mail};
use store::commands;
use store::{under_lock, RunOutcome};

pub const CONFIRM_HARDWARE_ORDERS: &str = "confirm-hardware-orders";

/// A payment under way this long is looked up at the provider.
pub const STALE_PAYMENT: Duration = Duration::minutes(10);

/// What confirming works with.
pub struct HardwareOrders<'a> {
    pub pool: &'a PgPool,
    pub orders: &'a Cqrs<HardwareOrder>,
    pub carts: &'a Cqrs<Cart>,
    /// Who confirms: the buyer's browser, the webhook or this job.
    pub context: Context,
    /// `FAULT_INJECTION` (development only): where to crash on purpose.
    pub fault_injection: Option<String>,
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

/// The lock a request or the job takes to work on one hardware order.
pub fn lock_name(id: &str) -> String {
    format!("hardware-order-{id}")
}

pub async fn load(pool: &PgPool, id: &str) -> Result<HardwareOrder, String> {
    Ok(commands::load::<HardwareOrder>(pool, id).await.map_err(|e| e.to_string())?.0)
}

/// The workflow a recorded payment starts (api/src/workflows): confirming the order.
pub const CONFIRM_HARDWARE_ORDER: &str = "confirm-hardware-order";

/// The steps its row records, in order.
const STEPS: [&str; 3] = ["started", "cart-updated", "mail-queued"];

/// The fault points of confirming (FAULT_INJECTION, development only), in the order a run
/// meets them: each between two durable writes.
pub const FAULT_POINTS: [&str; 3] =
    ["after-hardware-cart-updated", "after-hardware-mail-queued", "after-hardware-confirmed"];

/// The workflow a payment the order did not take starts (api/src/app/workflows/stray_payment.rs):
/// refunding it and telling the buyer.
pub const REFUND_STRAY_PAYMENT: &str = "refund-stray-payment";

/// Cancels a payment the order moved past (declined, replaced or expired) at the provider, so
/// it cannot be completed later through its client secret. A cancel that fails is logged: a
/// payment that then succeeds all the same is a stray, and is refunded.
pub async fn cancel_at_provider(gateway: &dyn PaymentGateway, order: &str, payment_intent_id: &str) {
    let key = format!("hw-{order}-{payment_intent_id}-cancel");
    if let Err(error) = gateway.cancel_payment(payment_intent_id, &key).await {
        tracing::warn!(order, payment = payment_intent_id, %error, "a payment the order moved past was not cancelled");
    }
}

/// Which workflow a hardware order's event starts (store::commands, `Cqrs::starting`).
pub fn started_by(event: &aggregates::hardware_order::HardwareOrderEvent) -> Option<&'static str> {
    use aggregates::hardware_order::HardwareOrderEvent as Ev;
    match event {
        Ev::PaymentRecorded { .. } => Some(CONFIRM_HARDWARE_ORDER),
        Ev::StrayPaymentReceived { .. } => Some(REFUND_STRAY_PAYMENT),
        _ => None,
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
    store::faults::point(ctx.fault_injection.as_deref(), "after-hardware-cart-updated");
    let (subject, body) = confirmation_mail(&order);
    let mail = Mail {
        recipient: &order.customer.email,
        subject: &subject,
        body: &body,
        kind: "hardware_confirmation",
        reference: id,
    };
    let mut tx = ctx.pool.begin().await.map_err(storage)?;
    queue_on(&mut tx, mail).await.map_err(storage)?;
    store::workflows::record_step_on(&mut tx, CONFIRM_HARDWARE_ORDER, id, "mail-queued").await.map_err(storage)?;
    tx.commit().await.map_err(storage)?;
    store::faults::point(ctx.fault_injection.as_deref(), "after-hardware-mail-queued");
    let retry = order.status != HardwareOrderStatus::Paid;
    let command = if retry {
        HardwareOrderCommand::RetryConfirmation { email_queued: true }
    } else {
        HardwareOrderCommand::Confirm { email_queued: true }
    };
    let confirmed = commands::execute(ctx.orders, &ctx.context, id, command).await.map_err(|e| match e {
        AggregateError::UserError(refusal) => ConfirmError::Unexpected(refusal.to_string()),
        other => ConfirmError::Storage(other.to_string()),
    })?;
    store::faults::point(ctx.fault_injection.as_deref(), "after-hardware-confirmed");
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

/// The confirmation e-mail's subject and body (no card data; the payment reference only).
pub fn confirmation_mail(order: &HardwareOrder) -> (String, String) {
    let pounds = |p: aggregates::pricing::Pence| format!("£{}.{:02}", p.0 / 100, p.0 % 100);
    let mut body =
        format!("Hello {},\n\nThank you for your order {}.\n\n", order.customer.first_name, order.order_number);
    for line in &order.lines {
        body.push_str(&format!("{} x{}: {}\n", line.name, line.quantity, pounds(line.line_total())));
    }
    let a = &order.amounts;
    let shipping = order.shipping.map(|s| s.name()).unwrap_or_default();
    body.push_str(&format!(
        "\nItems: {}\nShipping ({shipping}): {}\nVAT (20%): {}\nTotal paid: {}\n",
        pounds(a.items),
        pounds(a.shipping),
        pounds(a.vat),
        pounds(a.total)
    ));
    let address = &order.address;
    let mut lines = vec![address.line1.as_str()];
    if !address.line2.is_empty() {
        lines.push(&address.line2);
    }
    lines.extend([address.city.as_str(), address.postal_code.as_str(), address.country.as_str()]);
    body.push_str(&format!("\nDelivering to:\n{}\n", lines.join("\n")));
    if let (Some(option), Some(paid_at)) = (order.shipping, order.paid_at) {
        let date = option.estimated_delivery(paid_at.date_naive());
        body.push_str(&format!("Estimated delivery: {} ({})\n", date.format("%A %-d %B %Y"), option.carrier()));
    }
    if let Some(reference) = order.payment.paid_reference() {
        body.push_str(&format!("Payment reference: {reference}\n"));
    }
    body.push_str(
        "\nWe will e-mail you the tracking details when your phones are on their way.\nSet-up guides: /support\n",
    );
    (format!("Your desk phone order {}", order.order_number), body)
}

#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Report {
    pub confirmed: usize,
    /// Payments found paid at the provider (the browser went away).
    pub found_paid: usize,
    pub expired: usize,
    pub failed: usize,
}

impl std::fmt::Display for Report {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} hardware orders confirmed, {} found paid, {} expired, {} failed (tried again next run)",
            self.confirmed, self.found_paid, self.expired, self.failed
        )
    }
}

/// What the job works with.
pub struct ConfirmJob<'a> {
    pub orders: HardwareOrders<'a>,
    pub gateway: &'a dyn PaymentGateway,
}

/// One run of `confirm-hardware-orders` at `now`.
pub async fn confirm_hardware_orders(job: &ConfirmJob<'_>, now: DateTime<Utc>) -> Result<Report, String> {
    let pool = job.orders.pool;
    let mut report = Report::default();
    // Payments under way for a while, and orders unpaid for a day: ask the provider first.
    let stale =
        projections::hardware_orders::unpaid_since(pool, now - STALE_PAYMENT).await.map_err(|e| e.to_string())?;
    for id in stale {
        let outcome = under_lock(pool, &lock_name(&id), || settle_unpaid(job, &id, now)).await;
        match outcome {
            Ok(RunOutcome::Ran(Ok(Settled::Paid))) => report.found_paid += 1,
            Ok(RunOutcome::Ran(Ok(Settled::Expired))) => report.expired += 1,
            Ok(RunOutcome::Ran(Ok(Settled::Open))) | Ok(RunOutcome::Skipped) => {}
            Ok(RunOutcome::Ran(Err(error))) => {
                report.failed += 1;
                tracing::warn!(order = %id, %error, "unpaid hardware order not settled; the next run tries again");
            }
            Err(error) => return Err(error.to_string()),
        }
    }
    let awaiting = projections::hardware_orders::awaiting_confirmation(pool).await.map_err(|e| e.to_string())?;
    for id in awaiting {
        match under_lock(pool, &lock_name(&id), || confirm_once(&job.orders, &id)).await {
            Ok(RunOutcome::Ran(Ok(Some(_)))) => report.confirmed += 1,
            Ok(RunOutcome::Ran(Ok(None))) | Ok(RunOutcome::Skipped) => {}
            Ok(RunOutcome::Ran(Err(error))) => {
                report.failed += 1;
                tracing::warn!(order = %id, %error, "hardware order not confirmed; the next run tries again");
            }
            Err(error) => return Err(error.to_string()),
        }
    }
    Ok(report)
}

enum Settled {
    Paid,
    Expired,
    Open,
}

/// An unpaid order: its payment under way recorded when the provider says it succeeded (or
/// closed when declined), and the order expired once its 24 hours are over.
async fn settle_unpaid(job: &ConfirmJob<'_>, id: &str, now: DateTime<Utc>) -> Result<Settled, String> {
    let order = load(job.orders.pool, id).await?;
    if order.status != HardwareOrderStatus::Placed {
        return Ok(Settled::Open);
    }
    if let Some(payment) = order.payment.under_way() {
        let record = job.gateway.payment(payment).await.map_err(|e| e.to_string())?;
        let command = match record.outcome {
            Outcome::Succeeded
                if record.amount == order.amounts.total.0 && record.currency.eq_ignore_ascii_case("gbp") =>
            {
                HardwareOrderCommand::RecordPayment {
                    payment_intent_id: record.id,
                    amount: order.amounts.total,
                    status: "succeeded".into(),
                }
            }
            Outcome::Declined(refusal) => HardwareOrderCommand::RecordDecline {
                payment_intent_id: record.id,
                code: refusal.code,
                decline_code: refusal.decline_code,
            },
            // Still with the buyer (3-D Secure) or the bank: left open until it expires.
            _ => HardwareOrderCommand::Cancel,
        };
        let paid = matches!(command, HardwareOrderCommand::RecordPayment { .. });
        let declined = matches!(command, HardwareOrderCommand::RecordDecline { .. });
        if !matches!(command, HardwareOrderCommand::Cancel) {
            commands::execute(job.orders.orders, &job.orders.context, id, command).await.map_err(|e| e.to_string())?;
            if paid {
                return Ok(Settled::Paid);
            }
            if declined {
                cancel_at_provider(job.gateway, id, payment).await;
            }
        }
    }
    let expired = order.placed_at.is_some_and(|placed| now >= placed + UNPAID_ORDER_LIFETIME);
    if !expired {
        return Ok(Settled::Open);
    }
    // Expiring: the payment under way is cancelled at the provider first. One it will not
    // cancel may have just succeeded: asked again, a success is recorded and served.
    if let Some(payment) = order.payment.under_way() {
        let key = format!("hw-{id}-{payment}-cancel");
        if job.gateway.cancel_payment(payment, &key).await.is_err() {
            let record = job.gateway.payment(payment).await.map_err(|e| e.to_string())?;
            if record.outcome == Outcome::Succeeded {
                return Ok(Settled::Open);
            }
        }
    }
    match commands::execute(job.orders.orders, &job.orders.context, id, HardwareOrderCommand::Cancel).await {
        Ok(_) => Ok(Settled::Expired),
        Err(AggregateError::UserError(HardwareOrderError::TooEarlyToCancel | HardwareOrderError::AlreadyPaid)) => {
            Ok(Settled::Open)
        }
        Err(error) => Err(error.to_string()),
    }
}
