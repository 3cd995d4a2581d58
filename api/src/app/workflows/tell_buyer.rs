//! `tell-buyer`: the e-mails that follow a service order's changes after completion, each
//! from its own stored event: a placeholder's number (`PlaceholderFilled`), a lost number's
//! replacement (`NumberReplaced`), the subscription's cancellation by an admin
//! (`SubscriptionCancelled`), the buyer's own notice (`CancellationScheduled`), and the transfer steps an order's own stream still held when
//! transfers became their own aggregate (their e-mails are `tell-transfer`'s now:
//! super::ports).
//!
//! A run reads the order's events from the one that started the workflow and queues the
//! e-mail of each with the order as it stood right after that event; each e-mail is queued
//! once whatever happens (the outbox keeps one per kind and reference, and the reference
//! names the event). An event stored while a run goes on keeps the workflow owed.

use aggregates::service_order::{ServiceOrder, ServiceOrderEvent};
use cqrs_es::Aggregate;
use jobs::outbox::Mail;
use store::workflows::Claim;

use crate::app::faults;
use crate::app::state::AppState;
use crate::platform::error::ApiError;

pub use super::triggers::TELL_BUYER;

/// Its fault point (FAULT_INJECTION): after the e-mails are queued, before the row goes.
pub const FAULT_POINTS: [&str; 1] = ["after-buyer-told"];

pub use super::triggers::tells_buyer;

/// Queues the e-mail of each event from the one that started the workflow.
pub async fn run(state: &AppState, claim: Claim) -> Result<(), ApiError> {
    match tell(state, &claim).await {
        Ok(()) => {
            faults::point(state, "after-buyer-told");
            Ok(claim.finish(&state.pool).await?)
        }
        Err(error) => super::failed(state, claim, error).await,
    }
}

async fn tell(state: &AppState, claim: &Claim) -> Result<(), ApiError> {
    let id = &claim.aggregate_id;
    let page = crate::app::transfers::order_page(state, id);
    let mut order = ServiceOrder::default();
    let mut so_far = Vec::new();
    for event in store::commands::history::<ServiceOrder>(&state.pool, id).await? {
        order.apply(event.payload.clone());
        so_far.push(event.payload.clone());
        if event.sequence < claim.sequence {
            continue;
        }
        let (kind, reference, (subject, body)) = match &event.payload {
            ServiceOrderEvent::PlaceholderFilled { placeholder, number, .. } => (
                "placeholder_filled",
                format!("{id}#{placeholder}"),
                jobs::placeholders::filled_mail(&order, placeholder, number),
            ),
            ServiceOrderEvent::NumberReplaced { lost, replacement, .. } => (
                "number_replaced",
                format!("{id}#replaced-{}", event.sequence),
                replaced_mail(&order, lost, replacement),
            ),
            ServiceOrderEvent::PortDetailsConfirmed { number, .. }
            | ServiceOrderEvent::PortPacGiven { number, .. }
            | ServiceOrderEvent::PortSubmitted { number, .. }
            | ServiceOrderEvent::PortDateSet { number, .. }
            | ServiceOrderEvent::PortCompleted { number, .. }
            | ServiceOrderEvent::PortRejected { number, .. } => {
                let Ok(port) = aggregates::transfer::from_order(id, number, &so_far) else { continue };
                let Some(mail) = crate::app::transfers::transfer_mail(&order, &port, &page) else { continue };
                // One e-mail per change: the event's sequence names it.
                ("port_update", format!("{id}#port-{}", event.sequence), mail)
            }
            ServiceOrderEvent::SubscriptionCancelled { at_period_end, ends_at, reason, .. } => (
                "subscription_cancelled",
                format!("{id}#cancelled-{}", event.sequence),
                cancelled_mail(&order, *at_period_end, ends_at.as_ref(), reason),
            ),
            ServiceOrderEvent::CancellationScheduled { effective_on, .. } => (
                "notice_given",
                format!("{id}#notice-{}", event.sequence),
                notice_mail(&order, effective_on, &format!("{}/account/orders/{id}", state.services.config.site_url)),
            ),
            _ => continue,
        };
        let mail =
            Mail { recipient: &order.customer.email, subject: &subject, body: &body, kind, reference: &reference };
        jobs::outbox::queue(&state.pool, mail).await?;
    }
    Ok(())
}

/// The e-mail that tells the buyer their subscription was cancelled: subject and body.
pub fn cancelled_mail(
    order: &ServiceOrder,
    at_period_end: bool,
    ends_at: Option<&chrono::DateTime<chrono::Utc>>,
    reason: &str,
) -> (String, String) {
    let when = match (at_period_end, ends_at) {
        (false, _) => "It has ended today: you will not be charged for it again.".to_string(),
        (true, Some(end)) => format!(
            "It ends at the end of the period you have paid for, on {}: you will not be charged for it again.",
            end.format("%-d %B %Y")
        ),
        (true, None) => {
            "It ends at the end of the period you have paid for: you will not be charged for it again.".to_string()
        }
    };
    let body = format!(
        "Hello {},

We have cancelled the subscription of your order {}.

{when}

Reason: {reason}

If this is          not what you expected, reply to this e-mail or call support ({}).
",
        order.customer.first_name,
        order.order_number,
        crate::app::checkout::mail::SUPPORT_HOURS
    );
    (format!("Your subscription for order {} is cancelled", order.order_number), body)
}

/// The e-mail that confirms the buyer's notice: when the service ends, and how to keep it.
pub fn notice_mail(order: &ServiceOrder, effective_on: &chrono::DateTime<chrono::Utc>, page: &str) -> (String, String) {
    let body = format!(
        "Hello {},\n\nWe have your notice to cancel order {}. Your service keeps working, and is charged, until the \
         end of its billing period on {}; then it ends and you will not be charged again.\n\nChanged your mind? Sign in \
         to your account and choose Keep my service on the order's page before that day: {page}\n\nQuestions: reply \
         to this e-mail or call support ({}).\n",
        order.customer.first_name,
        order.order_number,
        effective_on.format("%-d %B %Y"),
        crate::app::checkout::mail::SUPPORT_HOURS
    );
    (format!("Your notice to cancel order {} is received", order.order_number), body)
}

/// The e-mail that tells the buyer a lost number's replacement: subject and body.
pub fn replaced_mail(order: &ServiceOrder, lost: &str, replacement: &str) -> (String, String) {
    let body = format!(
        "Hello {},\n\nThe number {lost} you chose for your order {} was taken before your order completed, so we have \
         given you {replacement} in the same area code instead, at the same price.\n\nIf you would rather have another \
         number, reply to this e-mail or call support ({}).\n",
        order.customer.first_name,
        order.order_number,
        crate::app::checkout::mail::SUPPORT_HOURS
    );
    (format!("Your new number for order {}", order.order_number), body)
}
