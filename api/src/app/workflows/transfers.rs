//! The workflows of number transfers (aggregates::transfer).
//!
//! - `open-ports`, started by an order's `OrderCompleted`: a Transfer for each number the order
//!   transfers in (`Open`, which stores nothing for a transfer open already; the buyer's or
//!   staff's first step opens it too, so an order completed before transfers had their own
//!   aggregate is covered as well). A rerun after a crash between two transfers opens only the
//!   ones still missing.
//! - `tell-transfer`, started by each step of a transfer: the buyer's e-mail of each step, read
//!   from the transfer's events from the one that started it, with the transfer as it stood right
//!   after that event. The outbox keeps one e-mail per kind and reference, and the reference
//!   names the order and the transfer's event, so a rerun queues nothing twice.

use aggregates::service_order::ServiceOrder;
use aggregates::transfer::{Transfer, TransferEvent};
use cqrs_es::Aggregate;
use jobs::mail::Email;
use store::commands::Context;
use store::workflows::Claim;

use crate::app::faults;
use crate::app::state::{load, AppState};
use crate::platform::error::ApiError;

pub use super::triggers::{OPEN_TRANSFERS, TELL_TRANSFER};

/// The fault point of `open-ports` (FAULT_INJECTION): after each transfer is opened, before the
/// next one or the row's deletion, so that an order transferring two numbers stops with one
/// transfer open and one not.
pub const FAULT_POINTS: [&str; 1] = ["after-transfer-opened"];

/// `open-ports` of the claimed order.
pub async fn open(state: &AppState, claim: Claim) -> Result<(), ApiError> {
    match open_each(state, &claim.aggregate_id).await {
        Ok(()) => Ok(claim.finish(&state.pool).await?),
        Err(error) => super::failed(state, claim, error).await,
    }
}

/// Opens the transfer of each number order `id` transfers in. The loop is the workflow's own
/// (crate::app::transfers opens one transfer) so that its fault point sits between two transfers.
async fn open_each(state: &AppState, id: &str) -> Result<(), ApiError> {
    let context = Context::job(OPEN_TRANSFERS);
    let (order, _) = load::<ServiceOrder>(&state.pool, id).await?;
    for number in order.transfers() {
        crate::app::transfers::open(state, &context, id, &number.value).await?;
        faults::point(state, "after-transfer-opened");
    }
    Ok(())
}

/// `tell-transfer` of the claimed transfer. Its fault point is `tell-buyer`'s
/// (super::tell_buyer::FAULT_POINTS), whose e-mails these were.
pub async fn tell(state: &AppState, claim: Claim) -> Result<(), ApiError> {
    match queue_mails(state, &claim).await {
        Ok(()) => {
            faults::point(state, "after-buyer-told");
            Ok(claim.finish(&state.pool).await?)
        }
        Err(error) => super::failed(state, claim, error).await,
    }
}

async fn queue_mails(state: &AppState, claim: &Claim) -> Result<(), ApiError> {
    let mut transfer = Transfer::default();
    let mut order = None;
    for event in store::commands::history::<Transfer>(&state.pool, &claim.aggregate_id).await? {
        transfer.apply(event.payload.clone());
        if event.sequence < claim.sequence || matches!(event.payload, TransferEvent::PortOpened { .. }) {
            continue;
        }
        if order.is_none() {
            order = Some(load::<ServiceOrder>(&state.pool, &transfer.order_id).await?.0);
        }
        let Some(order) = &order else { continue };
        let page = crate::app::transfers::order_page(state, &transfer.order_id);
        let Some(email) = Email::transfer_update(order, &transfer, &page) else { continue };
        // One e-mail per change: the order and the transfer's event name it.
        let reference = format!("{}#port-{}-{}", transfer.order_id, transfer.number, event.sequence);
        jobs::outbox::queue(&state.pool, &order.customer.email, &reference, &email).await?;
    }
    Ok(())
}
