//! Where a transfer starts: from the order it belongs to. A transfer is opened once the order is
//! complete, for a number the order transfers in, in the state the order's own stream left
//! it: transfers used to live there, and their events (`PortDetailsConfirmed` and the rest) are
//! still stored in the ServiceOrder streams of older orders. Those are read here, once, when
//! the transfer is opened; from then on its steps are stored in its own stream.

use cqrs_es::Aggregate;

use super::aggregate::{Transfer, TransferState};
use super::commands::TransferCommand;
use super::errors::TransferError;
use super::events::TransferEvent;
use crate::service_order::{ServiceOrder, ServiceOrderEvent};

/// The transfer of `number` on order `order_id`: the same id whoever asks, so that a retry (or a
/// second opener) finds the transfer the first one opened.
pub fn transfer_id(order_id: &str, number: &str) -> String {
    format!("{order_id}:{number}")
}

/// A transfer step an older order stored in its own stream, as the Transfer's event of that step.
pub fn legacy_event(event: &ServiceOrderEvent) -> Option<TransferEvent> {
    use ServiceOrderEvent as Ev;
    Some(match event.clone() {
        Ev::PortDetailsConfirmed { number, details, signed_at } => {
            TransferEvent::PortDetailsConfirmed { number, details, signed_at }
        }
        Ev::PortPacGiven { number, pac, at } => TransferEvent::PortPacGiven { number, pac, at },
        Ev::PortSubmitted { number, at } => TransferEvent::PortSubmitted { number, at },
        Ev::PortDateSet { number, date, at } => TransferEvent::PortDateSet { number, date, at },
        Ev::PortCompleted { number, at } => TransferEvent::PortCompleted { number, at },
        Ev::PortRejected { number, reason, at } => TransferEvent::PortRejected { number, reason, at },
        _ => return None,
    })
}

/// The transfer of `number` as the order's stored events make it (`order_id` is their
/// stream's): where it starts once the order completed, moved along by the steps the
/// order's own stream holds for it (older orders). Refused when the order does not transfer
/// that number in, or is not complete yet.
pub fn from_order(order_id: &str, number: &str, events: &[ServiceOrderEvent]) -> Result<Transfer, TransferError> {
    let mut order = ServiceOrder::default();
    let mut completed_at = None;
    for event in events {
        if let ServiceOrderEvent::OrderCompleted { completed_at: at } = event {
            completed_at = Some(*at);
        }
        order.apply(event.clone());
    }
    let line = order.transfers().find(|n| n.value == number).ok_or(TransferError::NotATransfer)?;
    let requested_at = completed_at.ok_or(TransferError::NotStarted)?;
    // A mobile's transfer starts with its PAC code: its details are in.
    let state = if line.pac.is_some() { TransferState::DetailsConfirmed } else { TransferState::Requested };
    let mut transfer = Transfer::default();
    transfer.apply(TransferEvent::PortOpened {
        order_id: order_id.to_string(),
        number: number.to_string(),
        requested_at,
        updated_at: None,
        state,
        details: None,
        signed_at: None,
        date: None,
        rejection_reason: None,
        pac: line.pac.clone(),
        carried_over: false,
    });
    for event in events.iter().filter_map(legacy_event).filter(|e| e.number() == number) {
        transfer.apply(event);
    }
    Ok(transfer)
}

/// The command that opens the transfer of `number`, in the state [`from_order`] finds it.
pub fn opening(order_id: &str, number: &str, events: &[ServiceOrderEvent]) -> Result<TransferCommand, TransferError> {
    let transfer = from_order(order_id, number, events)?;
    Ok(TransferCommand::Open {
        order_id: transfer.order_id,
        number: transfer.number,
        requested_at: transfer.requested_at,
        updated_at: (transfer.updated_at != transfer.requested_at).then_some(transfer.updated_at),
        state: transfer.state,
        details: transfer.details,
        signed_at: transfer.signed_at,
        date: transfer.date,
        rejection_reason: transfer.rejection_reason,
        pac: transfer.pac,
    })
}
