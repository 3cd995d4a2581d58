//! The call credit view: a Pay As You Go order's credit as its events make it (bought, and
//! later spent by calls), one row per CallCredit aggregate (keyed by the order's id), written
//! in the statement that stores its events (a [`DerivedView`]). The balance is never edited
//! in place: it is the fold of the events, and a rebuild gives the same row.
//!
//! Also the rows the charge-calls job decides on (jobs/src/call_charges.rs), each written in
//! the statement of the event it follows from ([`derived_rows`], a
//! [`DerivedRow`](crate::catch_up::DerivedRow) per event): `call_credit_calls`, each call
//! charged or refused (whose key makes a call charged once), and `call_credit_notices`, each
//! time the credit or the included minutes ran out (what the buyer is e-mailed about).

use aggregates::call_credit::{CallCredit, CallCreditError, CallCreditEvent};
use chrono::{DateTime, Utc};
use cqrs_es::{Aggregate, EventEnvelope, View};
use serde::{Deserialize, Serialize};

use crate::catch_up::{DerivedRow, DerivedView, SequencedView};

pub const CALL_CREDIT_VIEW_TABLE: &str = "call_credit_view";
/// Each call charged or refused, once (owner, call_id, kind `charged` or `refused`, sequence).
pub const CALL_CREDIT_CALLS_TABLE: &str = "call_credit_calls";
/// Each time an owner's credit or included minutes ran out (owner, sequence, kind
/// `credit_ran_out` or `included_minutes_ran_out`, and the latter's period and minutes).
pub const CALL_CREDIT_NOTICES_TABLE: &str = "call_credit_notices";

/// The rows a CallCredit event writes with it (store::commands::Cqrs::with_rows): a call
/// charged or refused, keyed by owner, call and kind, so a second one is refused
/// (`CallAlreadyRecorded`) and nothing of it stored; a notice for the credit or the included
/// minutes running out. The other events write none.
pub fn derived_rows(event: &EventEnvelope<CallCredit>) -> Vec<DerivedRow<CallCreditError>> {
    use serde_json::Value;
    let (owner, sequence) = (Value::from(event.aggregate_id.as_str()), Value::from(event.sequence));
    let row = |table, columns: Vec<(&str, Value)>, taken| DerivedRow {
        table,
        columns: columns.into_iter().map(|(name, value)| (name.to_string(), value)).collect(),
        taken,
    };
    let call = |call_id: &str, kind: &str| {
        let columns = vec![
            ("owner", owner.clone()),
            ("call_id", call_id.into()),
            ("kind", kind.into()),
            ("sequence", sequence.clone()),
        ];
        row(CALL_CREDIT_CALLS_TABLE, columns, Some(CallCreditError::CallAlreadyRecorded))
    };
    let notice = |kind: &str, more: Vec<(&'static str, Value)>| {
        let mut columns = vec![("owner", owner.clone()), ("sequence", sequence.clone()), ("kind", kind.into())];
        columns.extend(more);
        row(CALL_CREDIT_NOTICES_TABLE, columns, None)
    };
    match &event.payload {
        CallCreditEvent::CallCharged { call_id, .. } => vec![call(call_id, "charged")],
        CallCreditEvent::CallRefused { call_id, .. } => vec![call(call_id, "refused")],
        CallCreditEvent::CreditRanOut { .. } => vec![notice("credit_ran_out", vec![])],
        CallCreditEvent::IncludedMinutesRanOut { period, minutes, .. } => vec![notice(
            "included_minutes_ran_out",
            vec![("period", period.as_str().into()), ("minutes", (*minutes).into())],
        )],
        CallCreditEvent::CreditBought { .. }
        | CallCreditEvent::TopUpStarted { .. }
        | CallCreditEvent::TopUpPaymentMade { .. }
        | CallCreditEvent::TopUpDeclined { .. }
        | CallCreditEvent::CreditFrozen { .. }
        | CallCreditEvent::CreditUnfrozen { .. }
        | CallCreditEvent::InternationalCallsSet { .. } => vec![],
    }
}

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
    fn a_charged_or_refused_call_writes_its_keyed_row_and_running_out_a_notice() {
        use aggregates::call_credit::CallCreditError;
        let at = Utc.with_ymd_and_hms(2026, 11, 27, 10, 0, 0).unwrap();
        let charged = CallCreditEvent::CallCharged {
            call_id: "call-1".into(),
            to: "+447700900123".into(),
            seconds: 61,
            minutes: 2,
            rate_tenths: 83,
            tenths: 166,
            at,
        };
        let rows = derived_rows(&envelope(4, charged));
        assert_eq!(rows.len(), 1);
        assert_eq!(rows[0].table, CALL_CREDIT_CALLS_TABLE);
        assert_eq!(
            serde_json::Value::Object(rows[0].columns.clone()),
            serde_json::json!({ "owner": "order-1", "call_id": "call-1", "kind": "charged", "sequence": 4 })
        );
        assert_eq!(rows[0].taken, Some(CallCreditError::CallAlreadyRecorded));
        let refused =
            derived_rows(&envelope(5, CallCreditEvent::CallRefused { call_id: "c2".into(), to: "+44".into(), at }));
        assert_eq!(refused[0].columns["kind"], "refused");
        let ran_out = derived_rows(&envelope(6, CallCreditEvent::CreditRanOut { at }));
        assert_eq!((ran_out[0].table, ran_out[0].taken.clone()), (CALL_CREDIT_NOTICES_TABLE, None));
        let minutes = CallCreditEvent::IncludedMinutesRanOut { period: "2026-11".into(), minutes: 500, at };
        let minutes = derived_rows(&envelope(7, minutes));
        assert_eq!(
            serde_json::Value::Object(minutes[0].columns.clone()),
            serde_json::json!({
                "owner": "order-1", "sequence": 7, "kind": "included_minutes_ran_out", "period": "2026-11", "minutes": 500
            })
        );
        let bought = CallCreditEvent::CreditBought {
            tenths: 1,
            payment_reference: "pi".into(),
            source: CreditSource::Checkout,
            at,
        };
        assert!(derived_rows(&envelope(1, bought)).is_empty());
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
