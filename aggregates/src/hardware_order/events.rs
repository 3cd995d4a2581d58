use chrono::{DateTime, Utc};
use cqrs_es::DomainEvent;
use serde::{Deserialize, Serialize};

use super::details::{HardwareCustomer, ShippingAddress};
use super::lines::{HardwareAmounts, HardwareLine};
use super::shipping::ShippingOption;
use crate::pricing::Pence;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
// Placing carries the whole order; the others are small. Events are stored as JSON, so
// boxing would only add noise.
#[allow(clippy::large_enum_variant)]
pub enum HardwareOrderEvent {
    OrderPlaced {
        order_number: String,
        cart_id: String,
        lines: Vec<HardwareLine>,
        shipping: ShippingOption,
        customer: HardwareCustomer,
        /// Trimmed, the postcode in its standard form.
        address: ShippingAddress,
        amounts: HardwareAmounts,
        placed_at: DateTime<Utc>,
    },
    PaymentCustomerRegistered {
        customer_id: String,
    },
    CardSetupStarted {
        setup_intent_id: String,
    },
    PaymentStarted {
        payment_intent_id: String,
        /// The payment method (`pm_...`).
        card: String,
        amount: Pence,
        /// 1 for the first card, one more after each decline.
        attempt: u32,
    },
    PaymentDeclined {
        payment_intent_id: String,
        code: String,
        decline_code: Option<String>,
    },
    PaymentRecorded {
        payment_intent_id: String,
        amount: Pence,
        status: String,
        paid_at: DateTime<Utc>,
    },
    OrderConfirmed {
        /// (product id, quantity) of every line: the stock this order takes.
        stock: Vec<(String, u32)>,
        email_queued: bool,
        confirmed_at: DateTime<Utc>,
        /// Confirmed by a retry after being marked payment-only or error-handled.
        retried: bool,
    },
    MarkedPaymentOnly {
        reference: String,
    },
    MarkedErrorHandled {
        reference: String,
    },
    OrderCancelled {
        reason: String,
        cancelled_at: DateTime<Utc>,
    },
    ConfirmationResent {
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
    /// Support proposed a refund for an admin to carry out (nothing was paid back).
    RefundProposed {
        /// (product id, quantity): for a whole-order refund, every phone not refunded yet.
        lines: Vec<(String, u32)>,
        /// The whole order (shipping included), not some of its phones.
        full: bool,
        amount: Pence,
        reason: String,
        at: DateTime<Utc>,
    },
    /// An admin asked for refund `number` (1, 2, ...); the card provider is asked next.
    RefundRequested {
        number: u32,
        lines: Vec<(String, u32)>,
        full: bool,
        amount: Pence,
        reason: String,
        at: DateTime<Utc>,
    },
    /// The card provider gave the money back.
    HardwareRefunded {
        number: u32,
        /// The provider's refund (`re_...`).
        refund_id: String,
        amount: Pence,
        lines: Vec<(String, u32)>,
        full: bool,
        reason: String,
        at: DateTime<Utc>,
    },
    /// The card provider refused refund `number`: nothing was given back.
    RefundFailed {
        number: u32,
        message: String,
        at: DateTime<Utc>,
    },
}

impl DomainEvent for HardwareOrderEvent {
    fn event_type(&self) -> String {
        match self {
            HardwareOrderEvent::OrderPlaced { .. } => "OrderPlaced",
            HardwareOrderEvent::PaymentCustomerRegistered { .. } => "PaymentCustomerRegistered",
            HardwareOrderEvent::CardSetupStarted { .. } => "CardSetupStarted",
            HardwareOrderEvent::PaymentStarted { .. } => "PaymentStarted",
            HardwareOrderEvent::PaymentDeclined { .. } => "PaymentDeclined",
            HardwareOrderEvent::PaymentRecorded { .. } => "PaymentRecorded",
            HardwareOrderEvent::OrderConfirmed { .. } => "OrderConfirmed",
            HardwareOrderEvent::MarkedPaymentOnly { .. } => "MarkedPaymentOnly",
            HardwareOrderEvent::MarkedErrorHandled { .. } => "MarkedErrorHandled",
            HardwareOrderEvent::OrderCancelled { .. } => "OrderCancelled",
            HardwareOrderEvent::ConfirmationResent { .. } => "ConfirmationResent",
            HardwareOrderEvent::OrderSuperseded { .. } => "OrderSuperseded",
            HardwareOrderEvent::StrayPaymentReceived { .. } => "StrayPaymentReceived",
            HardwareOrderEvent::StrayPaymentRefunded { .. } => "StrayPaymentRefunded",
            HardwareOrderEvent::RefundProposed { .. } => "RefundProposed",
            HardwareOrderEvent::RefundRequested { .. } => "RefundRequested",
            HardwareOrderEvent::HardwareRefunded { .. } => "HardwareRefunded",
            HardwareOrderEvent::RefundFailed { .. } => "RefundFailed",
        }
        .to_string()
    }

    fn event_version(&self) -> String {
        match self {
            // 1.1: the staff member who acted is in the metadata only, no longer `by`
            // (crate::upcasting).
            HardwareOrderEvent::ConfirmationResent { .. }
            | HardwareOrderEvent::RefundProposed { .. }
            | HardwareOrderEvent::RefundRequested { .. }
            | HardwareOrderEvent::HardwareRefunded { .. } => "1.1".to_string(),
            _ => "1.0".to_string(),
        }
    }
}
