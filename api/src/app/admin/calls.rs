//! An order's calls as support sees them: the records the SIP registrar leaves of every call
//! made from or to its extensions and numbers (the `call_records` view over the registrar's
//! `sip_acc`; docs/architecture.md, Call records), newest first, with how many ended each way.

use aggregates::hardware_order::HardwareOrder;
use aggregates::service_order::ServiceOrder;
use aggregates::trial::Trial;
use chrono::{DateTime, Utc};
use cqrs_es::Aggregate;
use serde::Serialize;

use super::{no_such_order, OrderKind};
use crate::app::state::AppState;
use crate::platform::error::ApiError;
use crate::platform::refusals::NO_CALLS;

/// The most records a page of an order's calls shows (the counts are of all of them).
pub const MAX_CALLS_SHOWN: i64 = 200;

/// The outcomes a call ends with, in the order the console shows them.
pub const OUTCOMES: [&str; 5] = ["answered", "busy", "no answer", "refused", "failed"];

/// One call, as the registrar recorded it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CallRecord {
    /// The call's SIP Call-ID.
    pub call_id: String,
    /// `internal` (extension to extension), `inbound` (from the carrier to one of the
    /// order's numbers), `outbound` (from an extension out through the carrier) or
    /// `emergency` (999 or 112 from an extension, out through the carrier, never charged).
    pub direction: String,
    /// Who called: an extension's username, or the outside caller's number.
    pub from: String,
    /// What was dialled: an extension (102, a username) or a number (E.164 out, the
    /// order's number in).
    pub to: String,
    /// The order's number used: the caller ID of a call out, the number called in; null for
    /// an internal call.
    pub number: Option<String>,
    /// The order's extension (username) the call was made from, or the first it rang.
    pub extension: Option<String>,
    pub started_at: DateTime<Utc>,
    /// When it was answered; null when it was not.
    pub answered_at: Option<DateTime<Utc>>,
    /// When it ended (hung up, or refused or failed); null while an answered call goes on.
    pub ended_at: Option<DateTime<Utc>>,
    /// Seconds from answer to hang-up, each started second counted; 0 when not answered,
    /// null while it goes on.
    pub duration_seconds: Option<i32>,
    /// `answered`, `busy`, `no answer`, `refused` or `failed`.
    pub outcome: String,
    /// The SIP answer the call ended with (200, 403, 404, 480, 486, 487...).
    pub sip_code: i32,
    /// That answer's reason phrase ("Trial ended", "No number to call from").
    pub reason: String,
}

/// How many of the order's calls ended one way.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OutcomeCount {
    pub outcome: String,
    pub calls: i64,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderCalls {
    /// Newest first, at most 200.
    pub calls: Vec<CallRecord>,
    /// Every outcome (answered, busy, no answer, refused, failed), with how many of all
    /// the order's calls ended so, zeros included.
    pub outcomes: Vec<OutcomeCount>,
    /// All the order's calls (more than `calls` holds when over 200).
    pub total: i64,
}

/// The calls of order `id` of `kind` (a service order's or a trial's extensions; a hardware
/// order has none). 404 when there is no such order.
pub async fn order_calls(state: &AppState, kind: OrderKind, id: &str) -> Result<OrderCalls, ApiError> {
    let (aggregate_type, owner) = match kind {
        OrderKind::Service => (ServiceOrder::TYPE, id.to_string()),
        OrderKind::Trial => (Trial::TYPE, projections::sip::trial_owner(id)),
        OrderKind::Hardware => (HardwareOrder::TYPE, String::new()),
    };
    let exists = store::event_store::exists(&state.pool, aggregate_type, id).await.map_err(ApiError::internal)?;
    if !exists || kind == OrderKind::Hardware {
        return Err(no_such_order_with_calls(kind, exists));
    }
    let calls = sqlx::query_as!(
        CallRecord,
        r#"SELECT call_id AS "call_id!", direction AS "direction!", caller AS "from!", callee AS "to!", number,
                  extension, started_at AS "started_at!", answered_at, ended_at, duration_seconds,
                  outcome AS "outcome!", sip_code AS "sip_code!", coalesce(sip_reason, '') AS "reason!"
           FROM call_records WHERE owner = $1 ORDER BY started_at DESC, call_id LIMIT $2"#,
        owner,
        MAX_CALLS_SHOWN
    )
    .fetch_all(&state.pool)
    .await
    .map_err(ApiError::internal)?;
    let counted = sqlx::query!(
        r#"SELECT outcome AS "outcome!", count(*) AS "calls!" FROM call_records WHERE owner = $1 GROUP BY outcome"#,
        owner
    )
    .fetch_all(&state.pool)
    .await
    .map_err(ApiError::internal)?;
    let outcomes: Vec<OutcomeCount> = OUTCOMES
        .iter()
        .map(|outcome| OutcomeCount {
            outcome: outcome.to_string(),
            calls: counted.iter().filter(|c| c.outcome == *outcome).map(|c| c.calls).sum(),
        })
        .collect();
    let total = counted.iter().map(|c| c.calls).sum();
    Ok(OrderCalls { calls, outcomes, total })
}

/// A hardware order is an order, but makes no calls: said so, rather than "no such order".
fn no_such_order_with_calls(kind: OrderKind, exists: bool) -> ApiError {
    if kind == OrderKind::Hardware && exists {
        ApiError::refused(&NO_CALLS)
    } else {
        no_such_order()
    }
}
