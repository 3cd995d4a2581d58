//! Per-request locks: one step of one order, cart or trial at a time across every server.
//!
//! A lock is transaction-scoped (`pg_try_advisory_xact_lock`) on a connection held for the
//! step: it ends with that transaction. A step whose future is dropped (a timeout, a
//! shutdown, a panic) drops the transaction, which rolls back when its connection goes back
//! to the pool, and the lock goes with it; a session lock would have stayed on the pooled
//! connection, held by nobody, until that connection closed.
//!
//! A waiting request must not hold a pooled connection: with a blocking
//! `pg_advisory_lock`, fifty clicks on one order held fifty connections while they waited,
//! the pool ran dry and every other page of the shop timed out. So a request first waits for
//! one of a few step slots (a semaphore sized to a third of the pool, since a step may use
//! its lock's connection, a transaction and an event write at once), holding no connection;
//! then tries the lock (`pg_try_advisory_xact_lock`), and when another server holds it gives its
//! connection back, sleeps a little and tries again, until a deadline; then it answers 409
//! "busy, try again".

use std::time::Duration;

use tokio::time::Instant;

use crate::app::state::AppState;
use crate::platform::error::ApiError;
use crate::platform::refusals::BUSY;

/// How long a request waits for a step of the same order in flight before giving up.
pub const LOCK_DEADLINE: Duration = Duration::from_secs(15);
/// The pause between tries, doubled up to `MAX_PAUSE`.
const FIRST_PAUSE: Duration = Duration::from_millis(10);
const MAX_PAUSE: Duration = Duration::from_millis(200);

/// Runs `step` under the advisory lock named `key` (an order, a cart, a trial), after a
/// step of the same name in flight on any server has finished; 409 `busy` after
/// `LOCK_DEADLINE` of waiting.
pub async fn locked<T>(
    state: &AppState,
    key: String,
    step: impl std::future::Future<Output = Result<T, ApiError>>,
) -> Result<T, ApiError> {
    let lock = store::lock_key(&key);
    let deadline = Instant::now() + LOCK_DEADLINE;
    // A slot first, waited for without any connection: the holders of slots never use more
    // of the pool than is theirs, however many requests queue behind them.
    let _slot = match tokio::time::timeout_at(deadline, state.services.step_slots.acquire()).await {
        Ok(Ok(permit)) => permit,
        _ => {
            tracing::warn!(key, "gave up waiting for a free step slot");
            return Err(busy());
        }
    };
    let mut pause = FIRST_PAUSE;
    let lock_holder = loop {
        let mut transaction = state.pool.begin().await?;
        let taken: bool = sqlx::query_scalar!(r#"SELECT pg_try_advisory_xact_lock($1) AS "locked!""#, lock)
            .fetch_one(&mut *transaction)
            .await?;
        if taken {
            break transaction;
        }
        drop(transaction);
        if Instant::now() + pause > deadline {
            tracing::warn!(key, "gave up waiting for a step in flight");
            return Err(busy());
        }
        tokio::time::sleep(pause).await;
        pause = (pause * 2).min(MAX_PAUSE);
    };
    let result = step.await;
    // The lock ends with the transaction (nothing was written in it).
    if let Err(error) = lock_holder.rollback().await {
        tracing::warn!(key, %error, "ending the lock's transaction failed; its connection is closed");
    }
    result
}

fn busy() -> ApiError {
    ApiError::refused(&BUSY)
}
