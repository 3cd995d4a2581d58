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

use crate::commands::{Context, Cqrs};
use aggregates::cart::{Cart, CartCommand, CartError};
use aggregates::hardware_order::{
    HardwareOrder, HardwareOrderCommand, HardwareOrderError, HardwareOrderStatus, UNPAID_ORDER_LIFETIME,
};
use aggregates::payments::{Outcome, PaymentGateway};
use chrono::{DateTime, Duration, Utc};
use cqrs_es::AggregateError;
use sqlx::PgPool;

use crate::commands;
use crate::outbox::{queue, Mail};
use crate::{under_lock, RunOutcome};

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

/// Confirms a paid order (see the module's header). A confirmed order stays as it is.
pub async fn confirm(ctx: &HardwareOrders<'_>, id: &str) -> Result<HardwareOrder, ConfirmError> {
    let order = load(ctx.pool, id).await.map_err(ConfirmError::Storage)?;
    if order.status == HardwareOrderStatus::Confirmed {
        return Ok(order);
    }
    if !order.status.is_paid() {
        return Err(ConfirmError::Unexpected(format!(
            "order {id} is {} and cannot be confirmed",
            order.status.as_str()
        )));
    }
    let (subject, body) = confirmation_mail(&order);
    let mail = Mail {
        recipient: &order.customer.email,
        subject: &subject,
        body: &body,
        kind: "hardware_confirmation",
        reference: id,
    };
    queue(ctx.pool, mail).await.map_err(|e| ConfirmError::Storage(e.to_string()))?;
    take_phones_out_of_cart(ctx, &order).await?;
    let retry = order.status != HardwareOrderStatus::Paid;
    let command = if retry {
        HardwareOrderCommand::RetryConfirmation { email_queued: true }
    } else {
        HardwareOrderCommand::Confirm { email_queued: true }
    };
    commands::execute(ctx.orders, &ctx.context, id, command).await.map_err(|e| match e {
        AggregateError::UserError(refusal) => ConfirmError::Unexpected(refusal.to_string()),
        other => ConfirmError::Storage(other.to_string()),
    })?;
    load(ctx.pool, id).await.map_err(ConfirmError::Storage)
}

/// The bought phones leave the cart (a line the buyer has since raised keeps the rest);
/// services and anything else in the cart stay.
async fn take_phones_out_of_cart(ctx: &HardwareOrders<'_>, order: &HardwareOrder) -> Result<(), ConfirmError> {
    let (cart, _) =
        commands::load::<Cart>(ctx.pool, &order.cart_id).await.map_err(|e| ConfirmError::Storage(e.to_string()))?;
    for line in &order.lines {
        let item_id = aggregates::cart::CartItem::hardware_id(&line.product_id);
        let Some(in_cart) = cart.contents().items.iter().find(|i| i.id() == item_id) else { continue };
        let left = in_cart.quantity().saturating_sub(line.quantity);
        let command = if left == 0 {
            CartCommand::RemoveItem { item_id }
        } else {
            CartCommand::SetItemQuantity { item_id, quantity: left }
        };
        match commands::execute(ctx.carts, &ctx.context, &order.cart_id, command).await {
            Ok(_) | Err(AggregateError::UserError(CartError::ItemNotFound | CartError::NotFound)) => {}
            Err(AggregateError::UserError(refusal)) => return Err(ConfirmError::Unexpected(refusal.to_string())),
            Err(other) => return Err(ConfirmError::Storage(other.to_string())),
        }
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
    if let Some(reference) = &order.paid_payment_intent_id {
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
        match under_lock(pool, &lock_name(&id), || confirm(&job.orders, &id)).await {
            Ok(RunOutcome::Ran(Ok(_))) => report.confirmed += 1,
            Ok(RunOutcome::Skipped) => {}
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
    if let Some(payment) = &order.payment {
        let record = job.gateway.payment(&payment.payment_intent_id).await.map_err(|e| e.to_string())?;
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
        if !matches!(command, HardwareOrderCommand::Cancel) {
            commands::execute(job.orders.orders, &job.orders.context, id, command).await.map_err(|e| e.to_string())?;
            if paid {
                return Ok(Settled::Paid);
            }
        }
    }
    let expired = order.placed_at.is_some_and(|placed| now >= placed + UNPAID_ORDER_LIFETIME);
    if !expired {
        return Ok(Settled::Open);
    }
    match commands::execute(job.orders.orders, &job.orders.context, id, HardwareOrderCommand::Cancel).await {
        Ok(_) => Ok(Settled::Expired),
        Err(AggregateError::UserError(HardwareOrderError::TooEarlyToCancel | HardwareOrderError::AlreadyPaid)) => {
            Ok(Settled::Open)
        }
        Err(error) => Err(error.to_string()),
    }
}
