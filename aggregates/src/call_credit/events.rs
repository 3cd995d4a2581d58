use chrono::{DateTime, Utc};
use cqrs_es::DomainEvent;
use serde::{Deserialize, Serialize};

use crate::pricing::Pence;

/// Where bought credit came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum CreditSource {
    /// The top-up paid with the order at the checkout.
    Checkout,
    /// A top-up from the buyer's account, paid by the card on file.
    TopUp,
}

impl CreditSource {
    pub fn label(self) -> &'static str {
        match self {
            CreditSource::Checkout => "checkout",
            CreditSource::TopUp => "top-up",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum CallCreditEvent {
    /// Credit bought: `tenths` of a penny, paid by `payment_reference` (a payment intent).
    CreditBought { tenths: i64, payment_reference: String, source: CreditSource, at: DateTime<Utc> },
    /// A top-up from the account began: `amount` is the credit it buys (pence, before VAT),
    /// `charged` what the card pays (with VAT); `attempt_key` tags what the provider makes.
    TopUpStarted { amount: Pence, charged: Pence, request_id: String, attempt_key: String, at: DateTime<Utc> },
    /// The provider made the top-up's payment, not charged yet.
    TopUpPaymentMade { payment_intent_id: String, card: String, at: DateTime<Utc> },
    /// The bank refused the top-up: no credit, the attempt is over.
    TopUpDeclined { payment_intent_id: String, code: String, at: DateTime<Utc> },
    /// An answered call out (`call_id`, the registrar's record) to `to` (E.164) spent
    /// `tenths`: `minutes` started minutes of its `seconds` at `rate_tenths` a minute.
    CallCharged {
        call_id: String,
        to: String,
        seconds: i64,
        minutes: i64,
        rate_tenths: i64,
        tenths: i64,
        at: DateTime<Utc>,
    },
    /// The credit was spent (nothing left, or less): calls out are refused until a top-up,
    /// and the buyer is told once.
    CreditRanOut { at: DateTime<Utc> },
    /// A call out (`call_id`) the registrar refused because no credit was left.
    CallRefused { call_id: String, to: String, at: DateTime<Utc> },
    /// The `minutes` the plan includes for `period` (a UK calendar month, `2026-12`, or
    /// `trial`) are spoken: calls out are refused until they renew (a month's on the 1st),
    /// and the buyer is told once.
    IncludedMinutesRanOut { period: String, minutes: i64, at: DateTime<Utc> },
    /// The credit is frozen while a payment is disputed (`reason`): none of it may be spent.
    CreditFrozen { reason: String, at: DateTime<Utc> },
    /// The credit may be spent again (`reason`).
    CreditUnfrozen { reason: String, at: DateTime<Utc> },
}

impl DomainEvent for CallCreditEvent {
    fn event_type(&self) -> String {
        match self {
            CallCreditEvent::CreditBought { .. } => "CreditBought",
            CallCreditEvent::TopUpStarted { .. } => "TopUpStarted",
            CallCreditEvent::TopUpPaymentMade { .. } => "TopUpPaymentMade",
            CallCreditEvent::TopUpDeclined { .. } => "TopUpDeclined",
            CallCreditEvent::CallCharged { .. } => "CallCharged",
            CallCreditEvent::CreditRanOut { .. } => "CreditRanOut",
            CallCreditEvent::CallRefused { .. } => "CallRefused",
            CallCreditEvent::IncludedMinutesRanOut { .. } => "IncludedMinutesRanOut",
            CallCreditEvent::CreditFrozen { .. } => "CreditFrozen",
            CallCreditEvent::CreditUnfrozen { .. } => "CreditUnfrozen",
        }
        .to_string()
    }

    fn event_version(&self) -> String {
        "1.0".to_string()
    }
}
