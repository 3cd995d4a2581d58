//! The reconcile-payments job: orders whose payment began but never finished, because the
//! server died mid-payment or the buyer's browser went away (and no webhook came).
//!
//! An order still unpaid 24 hours after it was placed is expired: its top-up payment and
//! subscription are cancelled at Stripe (a top-up already taken is refunded), then
//! `OrderExpired` closes it.
//!
//! For an order whose payment attempt started more than `STALE_ATTEMPT` ago it asks Stripe
//! what the attempt made: a subscription tagged with the attempt is adopted, and a
//! subscription or payment Stripe says is paid is recorded. It never charges anything
//! itself. An order paid more than `STALE_PAID` ago whose buyer never came back for the
//! account is then completed without them (an account with no password yet, extensions
//! whose SIP passwords are set later with support, the numbers, the confirmation e-mail), so
//! nobody is left paid but unserved. Each order is handled under its own lock, skipped when
//! a request holds it; every step is a command that refuses to happen twice.

use aggregates::payments::{Outcome, PaymentGateway};
use aggregates::service_order::CheckoutStep;
use aggregates::service_order::{
    OrderStatus, PaymentPart, PaymentType, ServiceOrder, ServiceOrderCommand, ServiceOrderError, UNPAID_ORDER_LIFETIME,
};
use async_trait::async_trait;
use chrono::{DateTime, Duration, Utc};
use cqrs_es::AggregateError;
use sqlx::PgPool;
use store::commands::{Context, Cqrs};

use store::commands;
use store::{under_lock, RunOutcome};

/// Completes a paid order whose buyer never came back for the account: the account, the
/// extensions and numbers, and the confirmation e-mail. The checkout service owns that
/// (the API implements this); the job only decides when.
#[async_trait]
pub trait CompleteUnattended: Send + Sync {
    async fn complete_unattended(&self, order_id: &str) -> Result<(), String>;
}

/// What the job works with.
pub struct ReconcileJob<'a> {
    pub pool: &'a PgPool,
    pub orders: &'a Cqrs<ServiceOrder>,
    pub gateway: &'a dyn PaymentGateway,
    pub completion: &'a dyn CompleteUnattended,
    pub context: Context,
}

pub const RECONCILE_PAYMENTS: &str = "reconcile-payments";

/// A payment attempt this old with no outcome is looked up at Stripe.
pub const STALE_ATTEMPT: Duration = Duration::minutes(10);
/// A paid order this old whose buyer never collected the account is completed without them.
pub const STALE_PAID: Duration = Duration::minutes(30);

#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Report {
    pub looked_at: usize,
    pub paid: usize,
    pub completed: usize,
    /// Unpaid after 24 hours: closed, what they started at Stripe cancelled.
    pub expired: usize,
}

impl std::fmt::Display for Report {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} orders looked at, {} found paid, {} completed, {} expired",
            self.looked_at, self.paid, self.completed, self.expired
        )
    }
}

pub async fn reconcile_payments(state: &ReconcileJob<'_>, now: DateTime<Utc>) -> Result<Report, String> {
    let stale_attempt = now - STALE_ATTEMPT;
    let stale_paid = now - STALE_PAID;
    let unpaid_too_long = now - UNPAID_ORDER_LIFETIME;
    // Each order with whether it is one paid long ago (to complete) or an attempt to look up,
    // and whether it is unpaid too long (to expire). Closed orders are left alone.
    let due: Vec<(String, bool, bool)> = sqlx::query!(
        r#"SELECT view_id, payload ->> 'status' = 'paid' AS "paid!",
                payload ->> 'status' IN ('placed', 'failed') AND (payload ->> 'placedAt')::timestamptz < $3 AS "expire!"
           FROM order_view
          WHERE payload ->> 'closedAt' IS NULL
            AND ((payload ->> 'status' IN ('placed', 'failed')
                  AND ((payload ->> 'paymentStartedAt')::timestamptz < $1 OR (payload ->> 'placedAt')::timestamptz < $3))
                 OR (payload ->> 'status' = 'paid' AND (payload ->> 'paidAt')::timestamptz < $2))
          ORDER BY view_id LIMIT 200"#,
        stale_attempt,
        stale_paid,
        unpaid_too_long
    )
    .fetch_all(state.pool)
    .await
    .map_err(|e| e.to_string())?
    .into_iter()
    .map(|r| (r.view_id, r.paid, r.expire))
    .collect();
    let mut report = Report::default();
    for (id, paid_long_ago, too_long) in due {
        report.looked_at += 1;
        // The order's request lock: skipped while a request is paying or completing it.
        let outcome = under_lock(state.pool, &format!("order-{id}"), || async {
            let (paid, completed) = reconcile(state, &id, paid_long_ago).await?;
            let expired = !paid && too_long && expire(state, &id, now).await?;
            Ok::<_, String>((paid, completed, expired))
        })
        .await;
        match outcome {
            Ok(RunOutcome::Ran(Ok((paid, completed, expired)))) => {
                report.paid += usize::from(paid);
                report.completed += usize::from(completed);
                report.expired += usize::from(expired);
            }
            Ok(RunOutcome::Skipped) => {}
            Ok(RunOutcome::Ran(Err(error))) => {
                tracing::warn!(order = %id, %error, "order not reconciled; the next run tries again")
            }
            Err(error) => tracing::warn!(order = %id, %error, "order not reconciled; the next run tries again"),
        }
    }
    Ok(report)
}

async fn record(state: &ReconcileJob<'_>, id: &str, command: ServiceOrderCommand) -> Result<(), String> {
    match state.orders.execute(&state.context, id, command).await {
        Ok(_) | Err(AggregateError::UserError(ServiceOrderError::AlreadyPaid)) => Ok(()),
        Err(error) => Err(error.to_string()),
    }
}

async fn load(state: &ReconcileJob<'_>, id: &str) -> Result<ServiceOrder, String> {
    Ok(commands::load::<ServiceOrder>(state.pool, id).await.map_err(|e| e.to_string())?.0)
}

/// Closes an order still unpaid after 24 hours (true when it did): what it started at the
/// provider is cancelled first (the top-up payment, the subscription), and a top-up it took
/// (pay as you go whose subscription never succeeded) refunded, then `Expire` records it.
/// Each provider call is safe to repeat, so a run cut short is finished by the next.
async fn expire(state: &ReconcileJob<'_>, id: &str, now: DateTime<Utc>) -> Result<bool, String> {
    let order = load(state, id).await?;
    let open = order.status == OrderStatus::Placed && order.superseded_by.is_none() && order.expired_at.is_none();
    if !open || order.placed_at.is_some_and(|placed| now < placed + UNPAID_ORDER_LIFETIME) {
        return Ok(false);
    }
    let gateway = state.gateway;
    let failed = |e| format!("payment provider: {e}");
    let mut refund_id = None;
    if let Some(payment) = order.top_up.reference() {
        if order.top_up.is_paid() {
            let key = format!("order-{id}-expired-refund");
            let refund =
                gateway.refund_payment(payment, None, "the order expired unpaid", &key).await.map_err(failed)?;
            refund_id = Some(refund.id);
        } else if let Err(error) = gateway.cancel_payment(payment, &format!("order-{id}-{payment}-cancel")).await {
            tracing::warn!(order = id, payment, %error, "an expiring order's top-up was not cancelled");
        }
    }
    if let Some(subscription) = order.subscription.under_way() {
        if let Err(error) = gateway.cancel_subscription(subscription).await {
            tracing::warn!(order = id, subscription, %error, "an expiring order's subscription was not cancelled");
        }
    }
    match state.orders.execute(&state.context, id, ServiceOrderCommand::Expire { refund_id }).await {
        Ok(_) => Ok(true),
        Err(AggregateError::UserError(ServiceOrderError::AlreadyPaid | ServiceOrderError::TooEarlyToExpire)) => {
            Ok(false)
        }
        Err(error) => Err(error.to_string()),
    }
}

/// (found paid now, completed now)
async fn reconcile(state: &ReconcileJob<'_>, id: &str, paid_long_ago: bool) -> Result<(bool, bool), String> {
    let gateway = state.gateway;
    let order = load(state, id).await?;
    let failed = |e| format!("payment provider: {e}");
    let mut found_paid = false;
    if order.status == OrderStatus::Placed {
        let kind = order.payment_type.unwrap_or(PaymentType::Subscription);
        let customer = order.payment_customer_id.clone().unwrap_or_default();
        if kind.needs_subscription() && !order.subscription.is_paid() {
            let mut reference = order.subscription.reference().map(str::to_string);
            if let (None, Some(key)) = (&reference, order.subscription.key()) {
                if let Some(subscription) = gateway.subscription_made_by(&customer, id, key).await.map_err(failed)? {
                    record(
                        state,
                        id,
                        ServiceOrderCommand::Checkout(CheckoutStep::RecordSubscription {
                            subscription_id: subscription.clone(),
                        }),
                    )
                    .await?;
                    reference = Some(subscription);
                }
            }
            if let Some(reference) = reference {
                if gateway.subscription(&reference).await.map_err(failed)?.active {
                    let part = PaymentPart::Subscription;
                    record(
                        state,
                        id,
                        ServiceOrderCommand::Checkout(CheckoutStep::RecordPaymentSuccess { part, reference }),
                    )
                    .await?;
                }
            }
        }
        if kind.needs_top_up() && !order.top_up.is_paid() {
            if let Some(reference) = order.top_up.reference().map(str::to_string) {
                if gateway.payment(&reference).await.map_err(failed)?.outcome == Outcome::Succeeded {
                    let part = PaymentPart::TopUp;
                    record(
                        state,
                        id,
                        ServiceOrderCommand::Checkout(CheckoutStep::RecordPaymentSuccess { part, reference }),
                    )
                    .await?;
                }
            }
        }
        found_paid = load(state, id).await?.status == OrderStatus::Paid;
        if found_paid {
            tracing::info!(order = id, "a payment whose browser went away was found paid at Stripe");
        }
    }
    // Found paid just now: the buyer may still come back for the account.
    if found_paid || !paid_long_ago || order.status != OrderStatus::Paid {
        return Ok((found_paid, false));
    }
    state.completion.complete_unattended(id).await?;
    tracing::info!(order = id, "a paid order whose buyer never came back was completed");
    Ok((found_paid, true))
}
