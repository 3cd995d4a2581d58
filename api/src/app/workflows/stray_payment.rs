//! `refund-stray-payment`: money an order did not take (`StrayPaymentReceived` of a hardware
//! order, or of a service order's top-up: an earlier attempt completed in another tab, or a
//! payment of an order a newer one replaced) goes back to the buyer, who is told by e-mail.
//!
//! Each stray is refunded in full at the provider under a key of its own (a second run
//! adopts the refund the first made), `StrayPaymentRefunded` records it, and the e-mail is
//! queued once (the outbox keeps one per kind and reference: the payment's id).

use aggregates::hardware_order::{HardwareOrder, HardwareOrderCommand, HardwareOrderStatus};
use aggregates::payments::StrayPayment;
use aggregates::service_order::{OrderStatus, ServiceOrder, ServiceOrderCommand};
use jobs::mail::{Email, StrayReason};
use store::workflows::Claim;

use crate::app::faults;
use crate::app::payments::failures::payment_failure;
use crate::app::state::AppState;
use crate::platform::error::ApiError;
use crate::platform::refusals::STRAY_REFUND_NOT_DONE;
use store::commands::{self, Context};

pub use super::triggers::REFUND_STRAY_PAYMENT;

/// Its fault point (FAULT_INJECTION): after the provider refunded, before the event.
pub const FAULT_POINTS: [&str; 1] = ["after-stray-refunded-at-provider"];

pub async fn run(state: &AppState, claim: Claim) -> Result<(), ApiError> {
    match refund_all(state, &claim.aggregate_id).await {
        Ok(()) => Ok(claim.finish(&state.pool).await?),
        Err(error) => super::failed(state, claim, error).await,
    }
}

/// The order's strays and how to tell its buyer, whichever kind of order it is.
struct Owner {
    strays: Vec<StrayPayment>,
    email: String,
    first_name: String,
    order_number: String,
    why: StrayReason,
    hardware: bool,
}

async fn owner(state: &AppState, id: &str) -> Result<Owner, ApiError> {
    let (hardware, _) = commands::load::<HardwareOrder>(&state.pool, id).await?;
    if hardware.status != HardwareOrderStatus::New {
        return Ok(Owner {
            why: StrayReason::of(hardware.superseded_by.is_some(), hardware.status.is_paid()),
            strays: hardware.strays,
            email: hardware.customer.email,
            first_name: hardware.customer.first_name,
            order_number: hardware.order_number,
            hardware: true,
        });
    }
    let (service, _) = commands::load::<ServiceOrder>(&state.pool, id).await?;
    let paid = matches!(service.status, OrderStatus::Paid | OrderStatus::Completed);
    Ok(Owner {
        why: StrayReason::of(service.superseded_by.is_some(), paid),
        strays: service.strays,
        email: service.customer.email,
        first_name: service.customer.first_name,
        order_number: service.order_number,
        hardware: false,
    })
}

async fn refund_all(state: &AppState, id: &str) -> Result<(), ApiError> {
    let context = Context::job(REFUND_STRAY_PAYMENT);
    let order = owner(state, id).await?;
    for stray in &order.strays {
        if stray.refund_id.is_none() {
            let key = format!("order-{id}-stray-{}-refund", stray.payment_intent_id);
            let reason = "a payment the order did not need";
            let refund = state
                .services
                .gateway
                .refund_payment(&stray.payment_intent_id, None, reason, &key)
                .await
                .map_err(|e| payment_failure(e, &STRAY_REFUND_NOT_DONE))?;
            faults::point(state, "after-stray-refunded-at-provider");
            let (payment_intent_id, refund_id, amount) = (stray.payment_intent_id.clone(), refund.id, refund.amount);
            if order.hardware {
                let command = HardwareOrderCommand::RecordStrayRefund { payment_intent_id, refund_id, amount };
                state.hardware_orders.cqrs.execute(&context, id, command).await?;
            } else {
                let command = ServiceOrderCommand::RecordStrayRefund { payment_intent_id, refund_id, amount };
                state.orders.cqrs.execute(&context, id, command).await?;
            }
        }
        let email = Email::StrayPaymentRefunded {
            first_name: &order.first_name,
            order_number: &order.order_number,
            why: order.why,
            payment_intent_id: &stray.payment_intent_id,
            amount: stray.amount,
        };
        jobs::outbox::queue(&state.pool, &order.email, &stray.payment_intent_id, &email).await?;
    }
    Ok(())
}
