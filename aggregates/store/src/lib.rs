//! The aggregates' store: events appended, and read by the one reader every read of stored
//! events goes through, which applies the upcasters (event_store); commands run against
//! their aggregate, by `Cqrs::execute` (commands); the claims of the workflows those events
//! start (workflows); and the points a test may crash the process at (faults). The API and
//! the scheduled jobs (the jobs crate) both run their commands through it.
//!
//! Also the advisory locks every runner takes ([`under_lock`]): a scheduled job's run, a
//! step two servers must not take at once.

pub mod commands;
pub mod event_store;
pub mod faults;
pub mod metrics;
pub mod workflows;

use std::future::Future;

use sqlx::PgPool;

/// The outcome of asking to run something under an advisory lock (a job, a step).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RunOutcome<T> {
    /// This process held the lock and ran the job.
    Ran(T),
    /// Another runner holds the job's lock; nothing was done.
    Skipped,
}

/// A stable 64-bit advisory-lock key for a name (FNV-1a, so every server agrees).
pub fn lock_key(job: &str) -> i64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in job.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    i64::from_ne_bytes(hash.to_ne_bytes())
}

/// Runs `run` holding the advisory lock named `name`, or skips when another holder has it
/// (never waits while holding a pooled connection: see api/src/app/locks.rs). The lock is
/// transaction-scoped (`pg_try_advisory_xact_lock`) on a connection held for the run, so it
/// ends with the run, and with a run that is dropped or panics: a session lock would stay on
/// the pooled connection, held by nobody.
pub async fn under_lock<T, F, Fut>(pool: &PgPool, name: &str, run: F) -> Result<RunOutcome<T>, sqlx::Error>
where
    F: FnOnce() -> Fut,
    Fut: Future<Output = T>,
{
    let key = lock_key(name);
    let mut lock_holder = pool.begin().await?;
    let locked: bool = sqlx::query_scalar!(r#"SELECT pg_try_advisory_xact_lock($1) AS "locked!""#, key)
        .fetch_one(&mut *lock_holder)
        .await?;
    if !locked {
        tracing::debug!(name, "another runner holds the lock; skipped");
        return Ok(RunOutcome::Skipped);
    }
    let output = run().await;
    if let Err(error) = lock_holder.rollback().await {
        tracing::warn!(name, %error, "ending the lock's transaction failed; its connection is closed");
    }
    Ok(RunOutcome::Ran(output))
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;
    use std::time::Duration;

    use sqlx::postgres::PgPoolOptions;

    use super::*;

    async fn pool() -> PgPool {
        let url =
            std::env::var("TEST_DATABASE_URL").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".into());
        PgPoolOptions::new().max_connections(8).connect(&url).await.expect("TEST_DATABASE_URL must reach PostgreSQL")
    }

    #[tokio::test]
    async fn two_runners_at_once_run_a_job_once() {
        // Two separate pools stand for two servers.
        let (first, second) = (pool().await, pool().await);
        // A name unique to this test run.
        let job = format!("two-runners-test-{}", std::process::id());
        let runs = Arc::new(AtomicUsize::new(0));
        let holding = Arc::new(tokio::sync::Notify::new());
        let slow_job = |runs: Arc<AtomicUsize>, holding: Arc<tokio::sync::Notify>| async move {
            runs.fetch_add(1, Ordering::SeqCst);
            // The second runner starts only once this one holds the lock (no timing guess).
            holding.notify_one();
            tokio::time::sleep(Duration::from_millis(300)).await;
        };
        let (a, b) = tokio::join!(under_lock(&first, &job, || slow_job(runs.clone(), holding.clone())), async {
            holding.notified().await;
            under_lock(&second, &job, || slow_job(runs.clone(), holding.clone())).await
        });
        assert_eq!(runs.load(Ordering::SeqCst), 1);
        assert_eq!(a.unwrap(), RunOutcome::Ran(()));
        assert_eq!(b.unwrap(), RunOutcome::Skipped);

        // The lock is released afterwards: the next run goes ahead.
        let again = under_lock(&second, &job, || async { 7 }).await.unwrap();
        assert_eq!(again, RunOutcome::Ran(7));
    }
}
