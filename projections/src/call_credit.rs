//! The call credit view: a Pay As You Go order's credit as its events make it (bought, and
//! later spent by calls), one row per CallCredit aggregate (keyed by the order's id), written
//! in the statement that stores its events (a [`DerivedView`]). The balance is never edited
//! in place: it is the fold of the events, and a rebuild gives the same row.

use aggregates::call_credit::CallCredit;
use chrono::{DateTime, Utc};
use cqrs_es::{Aggregate, EventEnvelope, View};
use serde::{Deserialize, Serialize};

use crate::catch_up::{DerivedView, SequencedView};

pub const CALL_CREDIT_VIEW_TABLE: &str = "call_credit_view";

/// One order's credit as the account page and the call router read it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CallCreditView {
    /// Credit left and bought so far, in tenths of a penny.
    pub balance_tenths: i64,
    pub bought_tenths: i64,
    /// The request id of a top-up from the account still being paid, if any.
    pub top_up_under_way: Option<String>,
    /// Frozen while a payment is disputed: the registrar reads it as no credit left
    /// (migrations/20261206100001_service_follows_money.sql).
    #[serde(default)]
    pub frozen: bool,
    /// Calls abroad: their monthly cap in tenths of a penny, or none (off); the registrar
    /// reads it (migrations/*_call_controls.sql, sip_call_out).
    #[serde(default)]
    pub international_cap_tenths: Option<i64>,
    pub updated_at: Option<DateTime<Utc>>,
    #[serde(default)]
    pub last_sequence: usize,
    /// The aggregate folded so far, while the view is rebuilt from events (not stored).
    #[serde(skip)]
    credit: CallCredit,
}

impl DerivedView<CallCredit> for CallCreditView {
    const TABLE: &'static str = CALL_CREDIT_VIEW_TABLE;

    fn of(credit: &CallCredit, sequence: usize) -> CallCreditView {
        CallCreditView {
            balance_tenths: credit.balance_tenths,
            bought_tenths: credit.bought_tenths,
            top_up_under_way: credit.top_up_under_way().map(|t| t.request_id.clone()),
            frozen: credit.frozen,
            international_cap_tenths: credit.international_cap_tenths,
            updated_at: credit.updated_at,
            last_sequence: sequence,
            credit: credit.clone(),
        }
    }
}

impl View<CallCredit> for CallCreditView {
    fn update(&mut self, event: &EventEnvelope<CallCredit>) {
        let mut credit = std::mem::take(&mut self.credit);
        credit.apply(event.payload.clone());
        *self = CallCreditView::of(&credit, event.sequence);
    }
}

impl SequencedView<CallCredit> for CallCreditView {
    fn last_sequence(&self) -> usize {
        self.last_sequence
    }
}

/// Rebuilds the call credit view from the event store while the live table keeps answering
/// (crate::rebuild).
pub async fn rebuild(
    pool: &sqlx::PgPool,
    reader: &impl crate::events::EventReader,
    watch: &mut dyn crate::rebuild::Watch,
) -> Result<crate::rebuild::Rebuilt, crate::rebuild::RebuildError> {
    crate::rebuild::rebuild(
        pool,
        reader,
        &crate::rebuild::ViewTable::<CallCredit, CallCreditView>::new(CALL_CREDIT_VIEW_TABLE),
        watch,
    )
    .await
}

#[cfg(test)]
mod tests {
    use aggregates::call_credit::{CallCreditEvent, CreditSource};
    use aggregates::pricing::Pence;
    use chrono::TimeZone;

    use super::*;

    fn envelope(sequence: usize, payload: CallCreditEvent) -> EventEnvelope<CallCredit> {
        EventEnvelope { aggregate_id: "order-1".into(), sequence, payload, metadata: Default::default() }
    }

    #[test]
    fn the_balance_is_the_fold_of_the_events_whether_derived_or_rebuilt() {
        let at = Utc.with_ymd_and_hms(2026, 11, 27, 10, 0, 0).unwrap();
        let events = vec![
            CallCreditEvent::CreditBought {
                tenths: 10_000,
                payment_reference: "pi_1".into(),
                source: CreditSource::Checkout,
                at,
            },
            CallCreditEvent::TopUpStarted {
                amount: Pence(2000),
                charged: Pence(2400),
                request_id: "req-1".into(),
                attempt_key: "k".into(),
                at,
            },
        ];
        let mut rebuilt = CallCreditView::default();
        let mut credit = CallCredit::default();
        for (index, event) in events.into_iter().enumerate() {
            rebuilt.update(&envelope(index + 1, event.clone()));
            credit.apply(event);
        }
        let derived = CallCreditView::of(&credit, 2);
        assert_eq!(rebuilt, derived);
        assert_eq!((derived.balance_tenths, derived.top_up_under_way.as_deref()), (10_000, Some("req-1")));
        let json = serde_json::to_value(&derived).unwrap();
        assert_eq!(json["balanceTenths"], 10_000);
        assert!(json.get("credit").is_none());
    }
}
