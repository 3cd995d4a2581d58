use chrono::{DateTime, NaiveDate, Utc};
use cqrs_es::DomainEvent;
use serde::{Deserialize, Serialize};

use super::aggregate::{TransferDetails, TransferState};

/// A port's events. Apart from [`TransferEvent::PortOpened`] they have the names and shapes the
/// same steps had in the ServiceOrder stream (where older transfers still hold them), so the
/// history, the e-mails and the views read both alike. None names who acted: the actor is
/// in the metadata.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum TransferEvent {
    /// The transfer exists, in `state` (requested, a mobile's with its PAC given, or where a transfer
    /// begun in the order's stream stood: `carried_over`).
    PortOpened {
        order_id: String,
        number: String,
        requested_at: DateTime<Utc>,
        /// When its state last changed (later than `requested_at` for a transfer carried over).
        #[serde(default)]
        updated_at: Option<DateTime<Utc>>,
        state: TransferState,
        #[serde(default)]
        details: Option<TransferDetails>,
        #[serde(default)]
        signed_at: Option<DateTime<Utc>>,
        #[serde(default)]
        date: Option<NaiveDate>,
        #[serde(default)]
        rejection_reason: Option<String>,
        #[serde(default)]
        pac: Option<String>,
        #[serde(default)]
        carried_over: bool,
    },
    /// The buyer's transfer details and their letter of authority, signed at `signed_at`.
    PortDetailsConfirmed {
        number: String,
        details: TransferDetails,
        signed_at: DateTime<Utc>,
    },
    /// A new PAC code for a mobile's transfer, given by the buyer: its details are in again.
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
}

impl TransferEvent {
    /// The number the event is about.
    pub fn number(&self) -> &str {
        match self {
            TransferEvent::PortOpened { number, .. }
            | TransferEvent::PortDetailsConfirmed { number, .. }
            | TransferEvent::PortPacGiven { number, .. }
            | TransferEvent::PortSubmitted { number, .. }
            | TransferEvent::PortDateSet { number, .. }
            | TransferEvent::PortCompleted { number, .. }
            | TransferEvent::PortRejected { number, .. } => number,
        }
    }
}

impl DomainEvent for TransferEvent {
    fn event_type(&self) -> String {
        match self {
            TransferEvent::PortOpened { .. } => "PortOpened",
            TransferEvent::PortDetailsConfirmed { .. } => "PortDetailsConfirmed",
            TransferEvent::PortPacGiven { .. } => "PortPacGiven",
            TransferEvent::PortSubmitted { .. } => "PortSubmitted",
            TransferEvent::PortDateSet { .. } => "PortDateSet",
            TransferEvent::PortCompleted { .. } => "PortCompleted",
            TransferEvent::PortRejected { .. } => "PortRejected",
        }
        .to_string()
    }

    fn event_version(&self) -> String {
        "1.0".to_string()
    }
}
