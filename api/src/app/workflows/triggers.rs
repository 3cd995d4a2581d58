//! Which workflow a stored event starts, and the workflows' names: read when the event is
//! stored (jobs::commands, `Cqrs::starting`), so the state that builds the command handlers
//! needs only this file, not the workflows that run on it.

use aggregates::service_order::ServiceOrderEvent;
use aggregates::trial::TrialEvent;

pub use jobs::hardware_orders::REFUND_STRAY_PAYMENT;

pub const COMPLETE_SERVICE_ORDER: &str = "complete-service-order";
pub const TELL_BUYER: &str = "tell-buyer";
pub const START_TRIAL: &str = "start-trial";
pub const REMIND_TRIAL: &str = "remind-trial";
pub const END_TRIAL: &str = "end-trial";

/// Which workflow an order's event starts.
pub fn service_order_started_by(event: &ServiceOrderEvent) -> Option<&'static str> {
    if tells_buyer(event) {
        return Some(TELL_BUYER);
    }
    if matches!(event, ServiceOrderEvent::StrayPaymentReceived { .. }) {
        return Some(REFUND_STRAY_PAYMENT);
    }
    matches!(event, ServiceOrderEvent::AccountCreated { .. }).then_some(COMPLETE_SERVICE_ORDER)
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

/// Whether an order's event has an e-mail for the buyer (the `tell-buyer` workflow).
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
    )
}
