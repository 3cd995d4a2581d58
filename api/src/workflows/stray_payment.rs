//! `refund-stray-payment`: money a hardware order did not take (`StrayPaymentReceived`: an
//! earlier attempt completed in another tab, or a payment of an order a newer one replaced)
//! goes back to the buyer, who is told by e-mail.
//!
//! Each stray is refunded in full at the provider under a key of its own (a second run
//! adopts the refund the first made), `StrayPaymentRefunded` records it, and the e-mail is
//! queued once (the outbox keeps one per kind and reference: the payment's id).

use aggregates::hardware_order::{HardwareOrder, HardwareOrderCommand};
use jobs::outbox::Mail;
use jobs::workflows::Claim;

use crate::checkout::failures::payment_failure;
use crate::commands::{self, Context};
use crate::error::ApiError;
use crate::faults;
use crate::state::AppState;

pub use jobs::hardware_orders::REFUND_STRAY_PAYMENT;

/// Its fault point (FAULT_INJECTION): after the provider refunded, before the event.
pub const FAULT_POINTS: [&str; 1] = ["after-stray-refunded-at-provider"];

pub async fn run(state: &AppState, claim: Claim) -> Result<(), ApiError> {
    match refund_all(state, &claim.aggregate_id).await {
        Ok(()) => Ok(claim.finish(&state.pool).await?),
        Err(error) => super::failed(state, claim, error).await,
    }
}

async fn refund_all(state: &AppState, id: &str) -> Result<(), ApiError> {
    let context = Context::job(REFUND_STRAY_PAYMENT);
    let (order, _) = commands::load::<HardwareOrder>(&state.pool, id).await?;
    for stray in &order.strays {
        if stray.refund_id.is_none() {
            let key = format!("hw-{id}-stray-{}-refund", stray.payment_intent_id);
            let reason = "a payment the order did not need";
            let refund =
                state.services.gateway.refund_payment(&stray.payment_intent_id, None, reason, &key).await.map_err(
                    |e| payment_failure(e, "The payment provider did not answer; the refund is tried again."),
                )?;
            faults::point(state, "after-stray-refunded-at-provider");
            let command = HardwareOrderCommand::RecordStrayRefund {
                payment_intent_id: stray.payment_intent_id.clone(),
                refund_id: refund.id,
                amount: refund.amount,
            };
            commands::execute(&state.hardware_orders, &context, id, command).await?;
        }
        let (subject, body) = refund_mail(&order, &stray.payment_intent_id, stray.amount);
        let mail = Mail {
            recipient: &order.customer.email,
            subject: &subject,
            body: &body,
            kind: "stray_payment_refunded",
            reference: &stray.payment_intent_id,
        };
        jobs::outbox::queue(&state.pool, mail).await?;
    }
    Ok(())
}

/// The e-mail telling the buyer the money came back: subject and body.
pub fn refund_mail(
    order: &HardwareOrder,
    payment_intent_id: &str,
    amount: aggregates::pricing::Pence,
) -> (String, String) {
    let why = if order.superseded_by.is_some() {
        "was made for an order you replaced with a newer one from the same cart"
    } else if order.status.is_paid() {
        "came after your order had already been paid"
    } else {
        "was not the payment your order was waiting for"
    };
    let body = format!(
        "Hello {},\n\nA card payment of {amount} (reference {payment_intent_id}) {why} ({}). We have refunded it in \
         full: your bank usually shows the money back within 5 to 10 working days.\n\nYou do not need to do \
         anything. If you have a question, reply to this e-mail or call support ({}).\n",
        order.customer.first_name,
        order.order_number,
        crate::checkout::mail::SUPPORT_HOURS
    );
    (format!("We have refunded a payment for order {}", order.order_number), body)
}
