use chrono::{DateTime, Utc};
use cqrs_es::DomainEvent;
use serde::{Deserialize, Serialize};

use crate::customer::{Customer, Extension};
use crate::pricing::Pence;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum EndReason {
    Expired,
    ConversionFailed,
    /// The buyer did not follow the e-mail's confirmation link within
    /// `VERIFY_WITHIN_HOURS` of the start: the number went back to the pool at once.
    Unverified,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
// Placing or starting carries the whole order or contact; the others are small. Each value
// lives for one command and is not stored in bulk, so boxing would only add noise.
#[allow(clippy::large_enum_variant)]
pub enum TrialEvent {
    TrialStarted {
        number: String,
        contact: Customer,
        account_id: String,
        extension: Extension,
        package: String,
        price: Pence,
        minutes: u32,
        started_at: DateTime<Utc>,
        ends_at: DateTime<Utc>,
        /// By when the buyer must follow the confirmation link the e-mail carries, or the
        /// trial ends and its number goes back to the pool. None: a trial started before
        /// e-mail confirmation existed, which needs none (and is written without the field).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        verify_by: Option<DateTime<Utc>>,
    },
    /// The buyer followed the confirmation link sent to `email`: the trial may call out and
    /// keeps its number for the seven days.
    EmailVerified {
        email: String,
        at: DateTime<Utc>,
    },
    PaymentCustomerRegistered {
        customer_id: String,
    },
    CardSetupStarted {
        setup_intent_id: String,
    },
    PaymentMethodAttached {
        customer_id: String,
        payment_method_id: String,
    },
    ReminderSent {
        at: DateTime<Utc>,
    },
    TrialEnded {
        reason: EndReason,
        detail: Option<String>,
        at: DateTime<Utc>,
    },
    TrialConverted {
        subscription_id: String,
        at: DateTime<Utc>,
    },
    ConfirmationResent {
        at: DateTime<Utc>,
    },
    /// Extension 101's SIP password was replaced by staff (the password is never in an event).
    SipPasswordReset {
        at: DateTime<Utc>,
    },
    TrialExtended {
        days: u32,
        ends_at: DateTime<Utc>,
    },
}

impl DomainEvent for TrialEvent {
    fn event_type(&self) -> String {
        match self {
            TrialEvent::TrialStarted { .. } => "TrialStarted",
            TrialEvent::EmailVerified { .. } => "EmailVerified",
            TrialEvent::PaymentCustomerRegistered { .. } => "PaymentCustomerRegistered",
            TrialEvent::CardSetupStarted { .. } => "CardSetupStarted",
            TrialEvent::PaymentMethodAttached { .. } => "PaymentMethodAttached",
            TrialEvent::ReminderSent { .. } => "ReminderSent",
            TrialEvent::TrialEnded { .. } => "TrialEnded",
            TrialEvent::TrialConverted { .. } => "TrialConverted",
            TrialEvent::ConfirmationResent { .. } => "ConfirmationResent",
            TrialEvent::SipPasswordReset { .. } => "SipPasswordReset",
            TrialEvent::TrialExtended { .. } => "TrialExtended",
        }
        .to_string()
    }

    fn event_version(&self) -> String {
        match self {
            // 1.1: the staff member who acted is in the metadata only, no longer `by`
            // (crate::upcasting).
            TrialEvent::ConfirmationResent { .. }
            | TrialEvent::SipPasswordReset { .. }
            | TrialEvent::TrialExtended { .. } => "1.1".to_string(),
            _ => "1.0".to_string(),
        }
    }
}
