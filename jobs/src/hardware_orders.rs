//! The `confirm-hardware-orders` job. The API confirms a paid desk-phone order as soon as
//! the buyer's payment succeeds (the `confirm-hardware-order` workflow,
//! api/src/app/workflows/hardware_order.rs); when that fails the order is marked
//! payment-only or error-handled, and this job confirms it on its next run, through the
//! same workflow ([`ConfirmHardwareOrder`]). The job also expires orders left unpaid for 24 hours, after asking the payment provider
//! about any payment still under way (a payment that did go through is recorded, never lost),
//! and records payments whose browser went away before it told us (3-D Secure finished,
//! then the page closed, and no webhook came).
//!
//! Each order is handled under its request lock (`hardware-order-{id}`), skipped while a
//! request holds it; every step is a command that changes nothing the second time.

use aggregates::hardware_order::{
    HardwareOrder, HardwareOrderCommand, HardwareOrderError, HardwareOrderStatus, UNPAID_ORDER_LIFETIME,
};
use aggregates::payments::{Outcome, PaymentGateway};
use async_trait::async_trait;
use chrono::{DateTime, Duration, Utc};
use cqrs_es::AggregateError;
use sqlx::PgPool;
use store::commands::{self, Context, Cqrs};
use store::{under_lock, RunOutcome};

pub const CONFIRM_HARDWARE_ORDERS: &str = "confirm-hardware-orders";

/// A payment under way this long is looked up at the provider.
pub const STALE_PAYMENT: Duration = Duration::minutes(10);

/// The lock a request or the job takes to work on one hardware order.
pub fn lock_name(id: &str) -> String {
    format!("hardware-order-{id}")
}

pub async fn load(pool: &PgPool, id: &str) -> Result<HardwareOrder, String> {
    Ok(commands::load::<HardwareOrder>(pool, id).await.map_err(|e| e.to_string())?.0)
}

/// Cancels a payment the order moved past (declined, replaced or expired) at the provider, so
/// it cannot be completed later through its client secret. A cancel that fails is logged: a
/// payment that then succeeds all the same is a stray, and is refunded.
pub async fn cancel_at_provider(gateway: &dyn PaymentGateway, order: &str, payment_intent_id: &str) {
    let key = format!("hw-{order}-{payment_intent_id}-cancel");
    if let Err(error) = gateway.cancel_payment(payment_intent_id, &key).await {
        tracing::warn!(order, payment = payment_intent_id, %error, "a payment the order moved past was not cancelled");
    }
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

/// Confirms one paid order unless another runner is confirming it now (answers whether it
/// confirmed it here). The workflow owns the steps (the API implements this); the job only
/// decides which orders and when.
#[async_trait]
pub trait ConfirmHardwareOrder: Send + Sync {
    async fn confirm_once(&self, order_id: &str) -> Result<bool, String>;
}

/// What the job works with.
pub struct ConfirmJob<'a> {
    pub pool: &'a PgPool,
    pub orders: &'a Cqrs<HardwareOrder>,
    /// Who settles unpaid orders: this job.
    pub context: Context,
    pub gateway: &'a dyn PaymentGateway,
    pub confirmer: &'a dyn ConfirmHardwareOrder,
}

/// One run of `confirm-hardware-orders` at `now`.
pub async fn confirm_hardware_orders(job: &ConfirmJob<'_>, now: DateTime<Utc>) -> Result<Report, String> {
    let pool = job.pool;
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
        match under_lock(pool, &lock_name(&id), || job.confirmer.confirm_once(&id)).await {
            Ok(RunOutcome::Ran(Ok(true))) => report.confirmed += 1,
            Ok(RunOutcome::Ran(Ok(false))) | Ok(RunOutcome::Skipped) => {}
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
    let order = load(job.pool, id).await?;
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
            job.orders.execute(&job.context, id, command).await.map_err(|e| e.to_string())?;
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
    match job.orders.execute(&job.context, id, HardwareOrderCommand::Cancel).await {
        Ok(_) => Ok(Settled::Expired),
        Err(AggregateError::UserError(HardwareOrderError::TooEarlyToCancel | HardwareOrderError::AlreadyPaid)) => {
            Ok(Settled::Open)
        }
        Err(error) => Err(error.to_string()),
    }
}
