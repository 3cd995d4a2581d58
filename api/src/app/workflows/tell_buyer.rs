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
use jobs::mail::Email;
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
        let port;
        let account_page;
        let (reference, email) = match &event.payload {
            ServiceOrderEvent::PlaceholderFilled { placeholder, number, .. } => {
                (format!("{id}#{placeholder}"), Email::PlaceholderFilled { order: &order, placeholder, number })
            }
            ServiceOrderEvent::NumberReplaced { lost, replacement, .. } => (
                format!("{id}#replaced-{}", event.sequence),
                Email::NumberReplaced { order: &order, lost, replacement },
            ),
            ServiceOrderEvent::PortDetailsConfirmed { number, .. }
            | ServiceOrderEvent::PortPacGiven { number, .. }
            | ServiceOrderEvent::PortSubmitted { number, .. }
            | ServiceOrderEvent::PortDateSet { number, .. }
            | ServiceOrderEvent::PortCompleted { number, .. }
            | ServiceOrderEvent::PortRejected { number, .. } => {
                let Ok(as_it_stood) = aggregates::transfer::from_order(id, number, &so_far) else { continue };
                port = as_it_stood;
                let Some(email) = Email::transfer_update(&order, &port, &page) else { continue };
                // One e-mail per change: the event's sequence names it.
                (format!("{id}#port-{}", event.sequence), email)
            }
            ServiceOrderEvent::SubscriptionCancelled { at_period_end, ends_at, reason, .. } => (
                format!("{id}#cancelled-{}", event.sequence),
                Email::SubscriptionCancelled {
                    order: &order,
                    at_period_end: *at_period_end,
                    ends_at: ends_at.as_ref(),
                    reason,
                },
            ),
            ServiceOrderEvent::CancellationScheduled { effective_on, .. } => {
                account_page = format!("{}/account/orders/{id}", state.services.config.site_url);
                (
                    format!("{id}#notice-{}", event.sequence),
                    Email::NoticeGiven { order: &order, effective_on, page: &account_page },
                )
            }
            _ => continue,
        };
        jobs::outbox::queue(&state.pool, &order.customer.email, &reference, &email).await?;
    }
    Ok(())
}
