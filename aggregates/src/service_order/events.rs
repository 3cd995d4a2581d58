use chrono::{DateTime, NaiveDate, Utc};
use cqrs_es::DomainEvent;
use serde::{Deserialize, Serialize};

use crate::pricing::Pence;

use super::lines::{OrderLines, PaymentPart, PaymentType};
use super::suspension::SuspensionCause;
use crate::customer::{Customer, Extension};
use crate::transfer::TransferDetails;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
// Placing or starting carries the whole order or contact; the others are small. Each value
// lives for one command and is not stored in bulk, so boxing would only add noise.
#[allow(clippy::large_enum_variant)]
pub enum ServiceOrderEvent {
    OrderPlaced {
        order_number: String,
        cart_id: String,
        cart_version: i64,
        customer: Customer,
        lines: OrderLines,
        payment_type: PaymentType,
        placed_at: DateTime<Utc>,
    },
    PaymentCustomerRegistered {
        customer_id: String,
    },
    SetupIntentCreated {
        setup_intent_id: String,
    },
    PaymentMethodRecorded {
        payment_method_id: String,
    },
    PaymentAttemptStarted {
        part: PaymentPart,
        attempt_key: String,
        started_at: DateTime<Utc>,
    },
    SubscriptionCreated {
        subscription_id: String,
    },
    TopUpIntentCreated {
        payment_intent_id: String,
    },
    PaymentSucceeded {
        part: PaymentPart,
        reference: String,
    },
    /// Every part the order needs is paid.
    PaymentConfirmed {
        confirmed_at: DateTime<Utc>,
    },
    PaymentFailed {
        part: PaymentPart,
        reference: String,
        code: String,
        message: String,
    },
    AccountCreated {
        account_id: String,
        extensions: Vec<Extension>,
    },
    NumbersAssigned {
        numbers: Vec<String>,
    },
    OrderCompleted {
        completed_at: DateTime<Utc>,
    },
    ConfirmationResent {
        at: DateTime<Utc>,
    },
    /// Closed unpaid after 24 hours (a top-up it took refunded by `refund_id`).
    OrderExpired {
        refund_id: Option<String>,
        at: DateTime<Utc>,
    },
    /// Replaced by a newer order from the same cart before it was paid.
    OrderSuperseded {
        by: String,
        at: DateTime<Utc>,
    },
    /// Money this order did not take (see `RecordStrayPayment`); it is refunded.
    StrayPaymentReceived {
        payment_intent_id: String,
        amount: Pence,
        at: DateTime<Utc>,
    },
    StrayPaymentRefunded {
        payment_intent_id: String,
        refund_id: String,
        amount: Pence,
        at: DateTime<Utc>,
    },
    /// An extension's SIP password was replaced by staff (the password is never in an event).
    SipPasswordReset {
        number: String,
        at: DateTime<Utc>,
    },
    NumberLost {
        number: String,
    },
    NumberReplaced {
        lost: String,
        replacement: String,
        at: DateTime<Utc>,
    },
    PlaceholderFilled {
        placeholder: String,
        number: String,
        at: DateTime<Utc>,
    },
    NumberReleased {
        number: String,
        at: DateTime<Utc>,
    },
    // Legacy: the steps of a number transfer, stored here before transfers became their own
    // aggregate (crate::transfer). Older orders' streams hold them, so they still read; none is
    // stored any more, and the order itself ignores them: the Transfer aggregate opens from
    // them (crate::transfer::opening), and the views and history read them as before.
    /// The buyer's transfer details and their letter of authority, signed at `signed_at`.
    PortDetailsConfirmed {
        number: String,
        details: TransferDetails,
        signed_at: DateTime<Utc>,
    },
    /// A new PAC code for a mobile's port, given by the buyer: its details are in again.
    PortPacGiven {
        number: String,
        pac: String,
        at: DateTime<Utc>,
    },
    PortSubmitted {
        number: String,
        at: DateTime<Utc>,
    },
    PortDateSet {
        number: String,
        date: NaiveDate,
        at: DateTime<Utc>,
    },
    PortCompleted {
        number: String,
        at: DateTime<Utc>,
    },
    PortRejected {
        number: String,
        reason: String,
        at: DateTime<Utc>,
    },
    /// Support proposed cancelling the subscription (nothing was cancelled).
    CancellationProposed {
        at_period_end: bool,
        reason: String,
        at: DateTime<Utc>,
    },
    /// The subscription was cancelled at the card provider: at once, or from the end of the
    /// period paid for (`ends_at`, when the provider said).
    SubscriptionCancelled {
        subscription_id: String,
        at_period_end: bool,
        ends_at: Option<DateTime<Utc>>,
        reason: String,
        at: DateTime<Utc>,
    },
    /// The buyer gave notice: the subscription ends on `effective_on` (the provider ends it
    /// then).
    CancellationScheduled {
        subscription_id: String,
        effective_on: DateTime<Utc>,
        at: DateTime<Utc>,
    },
    /// A cancellation at a period's end was undone before it took effect.
    CancellationUndone {
        subscription_id: String,
        at: DateTime<Utc>,
    },
    /// The buyer opened a card setup to change the card on file.
    CardChangeStarted {
        setup_intent_id: String,
        at: DateTime<Utc>,
    },
    /// The card on file changed (the provider's payment method; only its brand and last four
    /// digits, never more of the card).
    CardChanged {
        payment_method_id: String,
        brand: String,
        last4: String,
        at: DateTime<Utc>,
    },
    /// Calls out suspended for `cause`: the registrar refuses them with `reason` as its 403's
    /// phrase. `detail` is what the card provider said (empty for staff, whose words are the
    /// reason).
    CallsOutSuspended {
        cause: SuspensionCause,
        reason: String,
        detail: String,
        at: DateTime<Utc>,
    },
    /// The suspension for `lifted` ended: calls out go again. `reason` says why.
    CallsOutRestored {
        lifted: SuspensionCause,
        reason: String,
        at: DateTime<Utc>,
    },
    /// The daily spend cap on calls out is now `cap` (the admin who set it is in the
    /// metadata).
    DailySpendCapSet {
        cap: Pence,
        at: DateTime<Utc>,
    },
}

impl DomainEvent for ServiceOrderEvent {
    fn event_type(&self) -> String {
        match self {
            ServiceOrderEvent::OrderPlaced { .. } => "OrderPlaced",
            ServiceOrderEvent::PaymentCustomerRegistered { .. } => "PaymentCustomerRegistered",
            ServiceOrderEvent::SetupIntentCreated { .. } => "SetupIntentCreated",
            ServiceOrderEvent::PaymentMethodRecorded { .. } => "PaymentMethodRecorded",
            ServiceOrderEvent::PaymentAttemptStarted { .. } => "PaymentAttemptStarted",
            ServiceOrderEvent::SubscriptionCreated { .. } => "SubscriptionCreated",
            ServiceOrderEvent::TopUpIntentCreated { .. } => "TopUpIntentCreated",
            ServiceOrderEvent::PaymentSucceeded { .. } => "PaymentSucceeded",
            ServiceOrderEvent::PaymentConfirmed { .. } => "PaymentConfirmed",
            ServiceOrderEvent::PaymentFailed { .. } => "PaymentFailed",
            ServiceOrderEvent::AccountCreated { .. } => "AccountCreated",
            ServiceOrderEvent::NumbersAssigned { .. } => "NumbersAssigned",
            ServiceOrderEvent::OrderCompleted { .. } => "OrderCompleted",
            ServiceOrderEvent::ConfirmationResent { .. } => "ConfirmationResent",
            ServiceOrderEvent::OrderSuperseded { .. } => "OrderSuperseded",
            ServiceOrderEvent::OrderExpired { .. } => "OrderExpired",
            ServiceOrderEvent::StrayPaymentReceived { .. } => "StrayPaymentReceived",
            ServiceOrderEvent::StrayPaymentRefunded { .. } => "StrayPaymentRefunded",
            ServiceOrderEvent::SipPasswordReset { .. } => "SipPasswordReset",
            ServiceOrderEvent::NumberLost { .. } => "NumberLost",
            ServiceOrderEvent::NumberReplaced { .. } => "NumberReplaced",
            ServiceOrderEvent::PlaceholderFilled { .. } => "PlaceholderFilled",
            ServiceOrderEvent::NumberReleased { .. } => "NumberReleased",
            ServiceOrderEvent::PortDetailsConfirmed { .. } => "PortDetailsConfirmed",
            ServiceOrderEvent::PortPacGiven { .. } => "PortPacGiven",
            ServiceOrderEvent::PortSubmitted { .. } => "PortSubmitted",
            ServiceOrderEvent::PortDateSet { .. } => "PortDateSet",
            ServiceOrderEvent::PortCompleted { .. } => "PortCompleted",
            ServiceOrderEvent::PortRejected { .. } => "PortRejected",
            ServiceOrderEvent::CancellationProposed { .. } => "CancellationProposed",
            ServiceOrderEvent::SubscriptionCancelled { .. } => "SubscriptionCancelled",
            ServiceOrderEvent::CancellationScheduled { .. } => "CancellationScheduled",
            ServiceOrderEvent::CancellationUndone { .. } => "CancellationUndone",
            ServiceOrderEvent::CardChangeStarted { .. } => "CardChangeStarted",
            ServiceOrderEvent::CardChanged { .. } => "CardChanged",
            ServiceOrderEvent::CallsOutSuspended { .. } => "CallsOutSuspended",
            ServiceOrderEvent::CallsOutRestored { .. } => "CallsOutRestored",
            ServiceOrderEvent::DailySpendCapSet { .. } => "DailySpendCapSet",
        }
        .to_string()
    }

    fn event_version(&self) -> String {
        match self {
            // 1.1: the amounts' `grand_total` became `due_today` (crate::upcasting).
            ServiceOrderEvent::OrderPlaced { .. } => "1.1".to_string(),
            // 1.1: the staff member or job who acted is in the metadata only, no longer `by`
            // (crate::upcasting).
            ServiceOrderEvent::ConfirmationResent { .. }
            | ServiceOrderEvent::SipPasswordReset { .. }
            | ServiceOrderEvent::NumberReplaced { .. }
            | ServiceOrderEvent::PlaceholderFilled { .. }
            | ServiceOrderEvent::NumberReleased { .. }
            | ServiceOrderEvent::PortSubmitted { .. }
            | ServiceOrderEvent::PortDateSet { .. }
            | ServiceOrderEvent::PortCompleted { .. }
            | ServiceOrderEvent::PortRejected { .. }
            | ServiceOrderEvent::CancellationProposed { .. }
            | ServiceOrderEvent::SubscriptionCancelled { .. } => "1.1".to_string(),
            _ => "1.0".to_string(),
        }
    }
}
