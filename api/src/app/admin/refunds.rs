//! Refunds of hardware orders and cancellations of service subscriptions, by staff.
//!
//! Admins carry them out; support staff propose them (an event in the order's history that
//! an admin then acts on) and cannot carry them out (the routes ask for `Admin`).
//!
//! A refund is recorded before the card provider is asked (`RefundRequested`, with the
//! amount the order's own lines make) and after it answered (`HardwareRefunded`, or
//! `RefundFailed` when it said no). The provider is asked with a key naming the order and
//! the refund's number, so a server that dies between the provider's refund and the event
//! leaves the request recorded: the next refund of the order asks for it again first, with
//! the same key, and the provider answers the refund it made instead of making a second
//! one (the gateway also finds it by the key stored with it). The buyer's e-mail is queued
//! in the transaction that records the refund.
//!
//! A cancellation is asked of the provider first (cancelling is idempotent there: asking
//! again changes nothing), then recorded (`SubscriptionCancelled`); its e-mail follows from
//! the event (the `tell-buyer` workflow).

use aggregates::hardware_order::{refund_key, HardwareOrder, HardwareOrderCommand, RefundState};
use aggregates::payments::PaymentError;
use aggregates::pricing::Pence;
use aggregates::service_order::{ServiceOrder, ServiceOrderCommand, ServiceOrderError};
use jobs::mail::Email;
use jobs::outbox::queue_on;

use super::{existing, order_history, OrderHistory, OrderKind};
use crate::app::auth::Staff;
use crate::app::state::AppState;
use crate::platform::error::ApiError;
use crate::platform::refusals::{CANCELLATION_NOT_CONFIRMED, NOT_REFUNDABLE, REFUND_NOT_CONFIRMED, REFUND_REFUSED};
use store::commands::Context;

/// What to refund: some phones as (product id, quantity), or the whole order.
pub type RefundLines = Option<Vec<(String, u32)>>;

fn only_hardware(kind: OrderKind) -> Result<(), ApiError> {
    if kind != OrderKind::Hardware {
        return Err(ApiError::refused(&NOT_REFUNDABLE));
    }
    Ok(())
}

fn only_service(kind: OrderKind) -> Result<(), ApiError> {
    if kind != OrderKind::Service {
        return Err(aggregates::service_order::ServiceOrderError::NoSubscriptionToCancel.into());
    }
    Ok(())
}

/// Support propose a refund for an admin to carry out (checked as a refund is).
pub async fn propose_refund(
    state: &AppState,
    staff: &Staff,
    kind: OrderKind,
    id: &str,
    lines: RefundLines,
    reason: String,
) -> Result<OrderHistory, ApiError> {
    only_hardware(kind)?;
    existing::<HardwareOrder>(state, id).await?;
    let command = HardwareOrderCommand::ProposeRefund { lines, reason };
    state.hardware_orders.cqrs.execute(&Context::staff(&staff.email), id, command).await?;
    order_history(state, staff, kind, id, None).await
}

/// An admin refunds some phones of a paid hardware order, or all of it (what the provider
/// gave back is recorded); answers the fresh history.
pub async fn refund_hardware(
    state: &AppState,
    admin: &Staff,
    kind: OrderKind,
    id: &str,
    lines: RefundLines,
    reason: String,
) -> Result<OrderHistory, ApiError> {
    only_hardware(kind)?;
    let (order, _) = existing::<HardwareOrder>(state, id).await?;
    let context = Context::staff(&admin.email);
    // A refund an earlier try left unanswered is asked for again first (the same key), as
    // this admin's step: the events name who acted in their metadata only.
    if let Some(pending) = order.pending_refund.clone() {
        tracing::warn!(order = %order.order_number, number = pending.number, "finishing a refund left unanswered");
        finish_refund(state, &context, id, &order, &pending).await?;
    }
    let command = HardwareOrderCommand::RequestRefund { lines, reason };
    let committed = state.hardware_orders.cqrs.execute(&context, id, command).await?;
    let pending = committed.state.pending_refund.clone().ok_or_else(|| ApiError::internal("no refund requested"))?;
    finish_refund(state, &context, id, &committed.state, &pending).await?;
    order_history(state, admin, kind, id, None).await
}

/// Asks the provider for the recorded refund and records its answer.
async fn finish_refund(
    state: &AppState,
    context: &Context,
    id: &str,
    order: &HardwareOrder,
    pending: &RefundState,
) -> Result<Pence, ApiError> {
    let payment =
        order.payment.paid_reference().ok_or_else(|| ApiError::internal("a paid order without its payment"))?;
    let key = refund_key(id, pending.number);
    match state.services.gateway.refund_payment(payment, Some(pending.amount), &pending.reason, &key).await {
        Ok(refund) if refund.is_under_way() => {
            let command = HardwareOrderCommand::RecordRefund {
                number: pending.number,
                refund_id: refund.id,
                amount: refund.amount,
            };
            let mut tx = state.pool.begin().await?;
            let committed = state.hardware_orders.cqrs.execute_in(&mut tx, context, id, command).await?;
            if !committed.events.is_empty() {
                let order = &committed.state;
                let email = Email::HardwareRefund { order, refund: pending, amount: refund.amount };
                let reference = format!("{id}#refund-{}", pending.number);
                queue_on(&mut tx, &order.customer.email, &reference, &email).await?;
            }
            tx.commit().await?;
            state.hardware_orders.cqrs.publish(id, &committed).await;
            Ok(refund.amount)
        }
        Ok(refund) => {
            refused(state, context, id, pending, format!("the card provider answered {}", refund.status)).await
        }
        Err(PaymentError::Declined { message, .. }) => refused(state, context, id, pending, message).await,
        // No answer, or one we cannot read: the refund may have been made. It stays
        // recorded as asked; the next try asks again with the same key.
        Err(error) => {
            tracing::error!(order = id, number = pending.number, %error, "a refund was not confirmed by the card provider");
            Err(ApiError::refused(&REFUND_NOT_CONFIRMED))
        }
    }
}

/// The provider said no: recorded, and the phones and money are free to refund again.
async fn refused(
    state: &AppState,
    context: &Context,
    id: &str,
    pending: &RefundState,
    message: String,
) -> Result<Pence, ApiError> {
    let command = HardwareOrderCommand::RecordRefundFailure { number: pending.number, message: message.clone() };
    state.hardware_orders.cqrs.execute(context, id, command).await?;
    Err(ApiError::refused_with(&REFUND_REFUSED, message))
}

/// Support propose cancelling a service order's subscription (checked as a cancellation is).
pub async fn propose_cancellation(
    state: &AppState,
    staff: &Staff,
    kind: OrderKind,
    id: &str,
    at_period_end: bool,
    reason: String,
) -> Result<OrderHistory, ApiError> {
    only_service(kind)?;
    existing::<ServiceOrder>(state, id).await?;
    let command = ServiceOrderCommand::ProposeCancellation { at_period_end, reason, by: staff.email.clone() };
    state.orders.cqrs.execute(&Context::staff(&staff.email), id, command).await?;
    order_history(state, staff, kind, id, None).await
}

/// An admin cancels a service order's subscription now or from the end of its period.
pub async fn cancel_subscription(
    state: &AppState,
    admin: &Staff,
    kind: OrderKind,
    id: &str,
    at_period_end: bool,
    reason: String,
) -> Result<OrderHistory, ApiError> {
    only_service(kind)?;
    let (order, _) = existing::<ServiceOrder>(state, id).await?;
    // Refused here before the provider is asked; checked again by the command.
    order.check_cancellation(at_period_end, &reason)?;
    let subscription = order.subscription.reference().unwrap_or_default().to_string();
    let not_confirmed = |error: PaymentError| {
        tracing::error!(order = id, %error, "the card provider did not cancel the subscription");
        ApiError::refused(&CANCELLATION_NOT_CONFIRMED)
    };
    let ends_at = if at_period_end {
        let key = format!("service-{id}-cancel-at-period-end");
        state.services.gateway.cancel_subscription_at_period_end(&subscription, &key).await.map_err(not_confirmed)?
    } else {
        if let Err(error) = state.services.gateway.cancel_subscription(&subscription).await {
            // Cancelled by an earlier try whose event was never stored: done already.
            let cancelled =
                state.services.gateway.subscription(&subscription).await.is_ok_and(|s| s.status == "canceled");
            if !cancelled {
                return Err(not_confirmed(error));
            }
        }
        None
    };
    let command = ServiceOrderCommand::CancelSubscription { at_period_end, ends_at, reason, by: admin.email.clone() };
    match state.orders.cqrs.execute(&Context::staff(&admin.email), id, command).await {
        Ok(_) => {}
        // Stripe's `customer.subscription.deleted` for this very cancellation was recorded
        // first (crate::app::service_money): the service has ended, as the admin asked.
        Err(cqrs_es::AggregateError::UserError(ServiceOrderError::SubscriptionAlreadyCancelled)) if !at_period_end => {}
        Err(error) => return Err(error.into()),
    }
    if let Err(error) = crate::app::workflows::run(state, crate::app::workflows::TELL_BUYER, id).await {
        tracing::warn!(order = id, ?error, "the buyer's e-mail is owed; the runner sends it");
    }
    order_history(state, admin, kind, id, None).await
}
