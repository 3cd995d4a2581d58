//! Rebuilding the SIP registrar's list of extensions (`sip_accounts`) from the order and trial
//! events, for `rebuild-views`.

use std::time::Instant;

use aggregates::service_order::ServiceOrder;
use aggregates::trial::Trial;
use cqrs_es::{Aggregate, EventEnvelope, EventStore};
use projections::sip::{SipAccountsQuery, SIP_ACCOUNTS_TABLE};
use sqlx::PgPool;

use crate::app::state::AppState;
use crate::tools::rebuild::{RebuildError, Rebuilt};

/// Replays every order's and trial's events through the projection into the live table (each
/// step is idempotent, so the registrar keeps answering meanwhile), then removes the rows no
/// event accounts for.
pub async fn rebuild_sip_accounts(state: &AppState) -> Result<Rebuilt, RebuildError> {
    let started = Instant::now();
    let since: chrono::DateTime<chrono::Utc> =
        sqlx::query_scalar("SELECT clock_timestamp()").fetch_one(&state.pool).await?;
    let before = rows(&state.pool).await?;
    let query = SipAccountsQuery::new(state.pool.clone());
    let (mut aggregates, mut events) = (0, 0);
    for id in ids::<ServiceOrder>(&state.pool).await? {
        let stored = events_of::<ServiceOrder>(&state.pool, &id).await?;
        for event in &stored {
            query.apply_order(&id, &event.payload).await?;
        }
        (aggregates, events) = (aggregates + 1, events + stored.len());
    }
    for id in ids::<Trial>(&state.pool).await? {
        let stored = events_of::<Trial>(&state.pool, &id).await?;
        for event in &stored {
            query.apply_trial(&id, &event.payload).await?;
        }
        (aggregates, events) = (aggregates + 1, events + stored.len());
    }
    let deleted = query.sweep(since).await?;
    // Rows the replay added (a lost update repaired): what is there now, less what was kept.
    let inserted = (rows(&state.pool).await? + deleted).saturating_sub(before);
    Ok(Rebuilt {
        table: SIP_ACCOUNTS_TABLE,
        aggregates,
        events,
        caught_up: 0,
        deleted,
        updated: 0,
        inserted,
        elapsed_ms: started.elapsed().as_millis(),
        locked_ms: 0,
    })
}

async fn rows(pool: &PgPool) -> Result<u64, RebuildError> {
    let count: i64 = sqlx::query_scalar("SELECT count(*) FROM sip_accounts").fetch_one(pool).await?;
    Ok(count as u64)
}

async fn ids<A: Aggregate>(pool: &PgPool) -> Result<Vec<String>, RebuildError> {
    Ok(sqlx::query_scalar("SELECT DISTINCT aggregate_id FROM events WHERE aggregate_type = $1 ORDER BY 1")
        .bind(A::TYPE)
        .fetch_all(pool)
        .await?)
}

/// One aggregate's events, older shapes read through their upcasters.
async fn events_of<A: Aggregate>(pool: &PgPool, id: &str) -> Result<Vec<EventEnvelope<A>>, RebuildError> {
    jobs::commands::store::<A>(pool).load_events(id).await.map_err(|error| RebuildError::Event {
        aggregate_type: A::TYPE.to_string(),
        aggregate_id: id.to_string(),
        sequence: 0,
        detail: error.to_string(),
    })
}
