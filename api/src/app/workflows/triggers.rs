//! Which workflow a stored event starts, and the workflows' names: read when the event is
//! stored (store::commands, `Cqrs::starting`), so the state that builds the command handlers
//! needs only this file, not the workflows that run on it.

use aggregates::service_order::{PaymentPart, ServiceOrderEvent};
use aggregates::transfer::TransferEvent;
use aggregates::trial::TrialEvent;

pub const COMPLETE_SERVICE_ORDER: &str = "complete-service-order";
pub const TELL_BUYER: &str = "tell-buyer";
/// Stored in `workflows` rows (persisted data): the name kept from when a transfer was
/// called a port.
pub const OPEN_TRANSFERS: &str = "open-ports";
pub const TELL_TRANSFER: &str = "tell-transfer";
pub const START_TRIAL: &str = "start-trial";
pub const REMIND_TRIAL: &str = "remind-trial";
pub const END_TRIAL: &str = "end-trial";
pub const BUY_CREDIT: &str = "buy-credit";
/// The workflow a recorded payment starts: confirming the order (hardware_order.rs).
pub const CONFIRM_HARDWARE_ORDER: &str = "confirm-hardware-order";
/// The workflow a payment the order did not take starts (stray_payment.rs): refunding it and
/// telling the buyer.
pub const REFUND_STRAY_PAYMENT: &str = "refund-stray-payment";

/// Which workflow an order's event starts.
pub fn service_order_started_by(event: &ServiceOrderEvent) -> Option<&'static str> {
    if tells_buyer(event) {
        return Some(TELL_BUYER);
    }
    if matches!(event, ServiceOrderEvent::StrayPaymentReceived { .. }) {
        return Some(REFUND_STRAY_PAYMENT);
    }
    match event {
        ServiceOrderEvent::AccountCreated { .. } => Some(COMPLETE_SERVICE_ORDER),
        ServiceOrderEvent::OrderCompleted { .. } => Some(OPEN_TRANSFERS),
        ServiceOrderEvent::PaymentSucceeded { part: PaymentPart::TopUp, .. } => Some(BUY_CREDIT),
        _ => None,
    }
}

/// Which workflow a port's event starts: each step of a transfer is e-mailed to the buyer.
pub fn transfer_started_by(event: &TransferEvent) -> Option<&'static str> {
    (!matches!(event, TransferEvent::PortOpened { .. })).then_some(TELL_TRANSFER)
}

/// Which workflow a trial's event starts.
pub fn trial_started_by(event: &TrialEvent) -> Option<&'static str> {
    match event {
        TrialEvent::TrialStarted { .. } => Some(START_TRIAL),
        TrialEvent::ReminderSent { .. } => Some(REMIND_TRIAL),
        TrialEvent::TrialEnded { .. } => Some(END_TRIAL),
        _ => None,
    }
}

/// Whether an order's event has an e-mail for the buyer (the `tell-buyer` workflow). The
/// transfer steps are legacy here (a port's own stream stores them now: `tell-transfer`),
/// kept so that one stored just before the upgrade still gets its e-mail.
pub fn tells_buyer(event: &ServiceOrderEvent) -> bool {
    matches!(
        event,
        ServiceOrderEvent::PlaceholderFilled { .. }
            | ServiceOrderEvent::NumberReplaced { .. }
            | ServiceOrderEvent::PortDetailsConfirmed { .. }
            | ServiceOrderEvent::PortPacGiven { .. }
            | ServiceOrderEvent::PortSubmitted { .. }
            | ServiceOrderEvent::PortDateSet { .. }
            | ServiceOrderEvent::PortCompleted { .. }
            | ServiceOrderEvent::PortRejected { .. }
            | ServiceOrderEvent::SubscriptionCancelled { .. }
            | ServiceOrderEvent::CancellationScheduled { .. }
    )
}

/// Which workflow a hardware order's event starts.
pub fn hardware_order_started_by(event: &aggregates::hardware_order::HardwareOrderEvent) -> Option<&'static str> {
    use aggregates::hardware_order::HardwareOrderEvent as Ev;
    match event {
        Ev::PaymentRecorded { .. } => Some(CONFIRM_HARDWARE_ORDER),
        Ev::StrayPaymentReceived { .. } => Some(REFUND_STRAY_PAYMENT),
        _ => None,
    }
}
