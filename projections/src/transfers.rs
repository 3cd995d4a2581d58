//! The transfer view (`transfer_view`): where each number transfer stands, one row per
//! Transfer aggregate, written in the statement that stores its events (a [`DerivedView`]).
//! The order view lists an order's ports as they started (and as older orders' own streams
//! moved them along); readers lay each port's row over its line with [`overlay`].

use aggregates::transfer::{Transfer, TransferState};
use chrono::{DateTime, NaiveDate, Utc};
use cqrs_es::{Aggregate, EventEnvelope, View};
use serde::{Deserialize, Serialize};

use crate::catch_up::{DerivedView, SequencedView};
use crate::orders::{OrderView, TransferLine};

pub const TRANSFER_VIEW_TABLE: &str = "transfer_view";

/// One port as the buyer's page and the staff queue read it (never its PAC code).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TransferView {
    pub order_id: String,
    pub number: String,
    pub state: TransferState,
    pub state_label: String,
    pub requested_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub account_holder: Option<String>,
    pub current_provider: Option<String>,
    pub signed_name: Option<String>,
    pub signed_at: Option<DateTime<Utc>>,
    pub date: Option<NaiveDate>,
    pub rejection_reason: Option<String>,
    pub moves_with_pac: bool,
    #[serde(default)]
    pub last_sequence: usize,
    /// The aggregate folded so far, while the view is rebuilt from events (not stored).
    #[serde(skip)]
    port: Transfer,
}

impl DerivedView<Transfer> for TransferView {
    const TABLE: &'static str = TRANSFER_VIEW_TABLE;

    fn of(port: &Transfer, sequence: usize) -> TransferView {
        let details = port.details.as_ref();
        TransferView {
            order_id: port.order_id.clone(),
            number: port.number.clone(),
            state: port.state,
            state_label: port.state.label().to_string(),
            requested_at: port.requested_at,
            updated_at: port.updated_at,
            account_holder: details.map(|d| d.account_holder.clone()),
            current_provider: details.map(|d| d.current_provider.clone()),
            signed_name: details.map(|d| d.signed_name.clone()),
            signed_at: port.signed_at,
            date: port.date,
            rejection_reason: port.rejection_reason.clone(),
            moves_with_pac: port.moves_with_pac(),
            last_sequence: sequence,
            port: port.clone(),
        }
    }
}

impl View<Transfer> for TransferView {
    fn update(&mut self, event: &EventEnvelope<Transfer>) {
        let mut port = std::mem::take(&mut self.port);
        port.apply(event.payload.clone());
        *self = TransferView::of(&port, event.sequence);
    }
}

impl SequencedView<Transfer> for TransferView {
    fn last_sequence(&self) -> usize {
        self.last_sequence
    }
}

impl TransferView {
    /// The order view's line of this port, brought to where the port stands.
    pub fn lay_over(&self, line: &mut TransferLine) {
        line.state = self.state;
        line.state_label = self.state_label.clone();
        line.requested_at = self.requested_at;
        line.updated_at = self.updated_at;
        line.account_holder = self.account_holder.clone();
        line.current_provider = self.current_provider.clone();
        line.signed_name = self.signed_name.clone();
        line.signed_at = self.signed_at;
        line.date = self.date;
        line.rejection_reason = self.rejection_reason.clone();
        line.moves_with_pac = self.moves_with_pac;
    }
}

/// The order view with each of its ports as its own view has it (a port not opened yet
/// keeps its line: as the order started it, or as the order's stream moved it along).
pub fn overlay(order: &mut OrderView, ports: &[TransferView]) {
    for line in &mut order.ports {
        if let Some(port) = ports.iter().find(|p| p.number == line.number) {
            port.lay_over(line);
        }
    }
}

/// Rebuilds the transfer view from the event store while the live table keeps answering
/// (crate::rebuild).
pub async fn rebuild(
    pool: &sqlx::PgPool,
    reader: &impl crate::events::EventReader,
    watch: &mut dyn crate::rebuild::Watch,
) -> Result<crate::rebuild::Rebuilt, crate::rebuild::RebuildError> {
    crate::rebuild::rebuild(
        pool,
        reader,
        &crate::rebuild::ViewTable::<Transfer, TransferView>::new(TRANSFER_VIEW_TABLE),
        watch,
    )
    .await
}

#[cfg(test)]
mod tests {
    use aggregates::transfer::TransferEvent;

    use super::*;
    use chrono::TimeZone;

    fn at(hour: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 23, hour, 0, 0).unwrap()
    }

    fn envelope(sequence: usize, payload: TransferEvent) -> EventEnvelope<Transfer> {
        EventEnvelope { aggregate_id: "o:0207".into(), sequence, payload, metadata: Default::default() }
    }

    #[test]
    fn the_view_folded_from_events_is_the_view_of_the_port_they_make() {
        let events = vec![
            TransferEvent::PortOpened {
                order_id: "o".into(),
                number: "0207".into(),
                requested_at: at(10),
                updated_at: None,
                state: TransferState::Requested,
                details: None,
                signed_at: None,
                date: None,
                rejection_reason: None,
                pac: None,
                carried_over: false,
            },
            TransferEvent::PortSubmitted { number: "0207".into(), at: at(11) },
            TransferEvent::PortRejected { number: "0207".into(), reason: "No".into(), at: at(12) },
        ];
        let mut view = TransferView::default();
        let mut port = Transfer::default();
        for (i, event) in events.into_iter().enumerate() {
            view.update(&envelope(i + 1, event.clone()));
            port.apply(event);
        }
        assert_eq!(view, TransferView::of(&port, 3));
        assert_eq!((view.state, view.updated_at, view.requested_at), (TransferState::Rejected, at(12), at(10)));
        // Stored, it reads back the same (the folded aggregate is not stored).
        let stored: TransferView = serde_json::from_str(&serde_json::to_string(&view).unwrap()).unwrap();
        assert_eq!(stored.rejection_reason.as_deref(), Some("No"));
        assert!(!serde_json::to_string(&view).unwrap().contains("pac"));
    }
}
