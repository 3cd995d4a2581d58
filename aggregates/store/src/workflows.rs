//! The durable side of the process managers (api/src/workflows): which workflows are owed,
//! who runs one now, and how far each got.
//!
//! A workflow owed to an aggregate is a row of `workflows`, inserted by the statement that
//! stores the event starting it (crate::commands, `Cqrs::starting`): the event and the
//! record that its side effects are owed commit together. A runner claims a row with a
//! transaction-scoped advisory lock (`pg_try_advisory_xact_lock`) on a connection of its
//! own, held for the run: it ends with that transaction, so a runner that crashes, panics
//! or is dropped mid-run (a timeout, a shutdown) leaves nothing held, and the next runner
//! resumes where the stored events and `step` say it stopped. Each step of a workflow is
//! idempotent (a command that changes nothing stores nothing, an e-mail is queued once per
//! kind and reference), so a step done just before a crash is done again harmlessly.

use sqlx::{PgPool, Postgres, Transaction};

/// A workflow this runner holds until it is dropped or [`Claim::finish`]ed.
pub struct Claim {
    /// The transaction whose advisory lock says this runner has it.
    lock: Transaction<'static, Postgres>,
    pub workflow: String,
    pub aggregate_id: String,
    /// The last step recorded ([`record_step_on`]); `started` at first.
    pub step: String,
    /// The sequence of the event that started it.
    pub sequence: usize,
    /// The latest event that asked for it, when it was claimed.
    pub latest: usize,
}

/// What asking to run a workflow found.
pub enum Claimed {
    /// This runner has it.
    Run(Claim),
    /// It is not owed (never started, or done).
    NotOwed,
    /// Another runner has it now.
    Busy,
}

/// The advisory lock key of one workflow of one aggregate.
fn key(workflow: &str, aggregate_id: &str) -> i64 {
    crate::lock_key(&format!("workflow:{workflow}:{aggregate_id}"))
}

/// Claims workflow `workflow` of `aggregate_id` if it is owed and nobody runs it.
pub async fn claim(pool: &PgPool, workflow: &str, aggregate_id: &str) -> Result<Claimed, sqlx::Error> {
    let mut lock = pool.begin().await?;
    let taken: bool =
        sqlx::query_scalar!(r#"SELECT pg_try_advisory_xact_lock($1) AS "locked!""#, key(workflow, aggregate_id))
            .fetch_one(&mut *lock)
            .await?;
    if !taken {
        return Ok(Claimed::Busy);
    }
    // Read after the lock: a runner that finished just before deleted the row.
    let row: Option<(String, i64, i64)> = sqlx::query!(
        "UPDATE workflows SET attempts = attempts + 1, updated_at = now()
          WHERE workflow = $1 AND aggregate_id = $2 RETURNING step, sequence, latest",
        workflow,
        aggregate_id
    )
    .fetch_optional(pool)
    .await?
    .map(|r| (r.step, r.sequence, r.latest));
    Ok(match row {
        Some((step, sequence, latest)) => Claimed::Run(Claim {
            lock,
            workflow: workflow.to_string(),
            aggregate_id: aggregate_id.to_string(),
            step,
            sequence: sequence as usize,
            latest: latest as usize,
        }),
        None => Claimed::NotOwed,
    })
}

impl Claim {
    /// Whether `step` (one of `steps`, in order) is done already.
    pub fn done(&self, steps: &[&str], step: &str) -> bool {
        let at = |s: &str| steps.iter().position(|x| *x == s);
        match (at(&self.step), at(step)) {
            (Some(now), Some(asked)) => now >= asked,
            _ => false,
        }
    }

    /// The workflow is over: its row goes, then the lock. An event that asked for it again
    /// while it ran keeps the row, for a run at once.
    pub async fn finish(self, pool: &PgPool) -> Result<(), sqlx::Error> {
        let gone = sqlx::query!(
            "DELETE FROM workflows WHERE workflow = $1 AND aggregate_id = $2 AND latest <= $3",
            &self.workflow,
            &self.aggregate_id,
            self.latest as i64
        )
        .execute(pool)
        .await?;
        if gone.rows_affected() == 0 {
            sqlx::query!(
                "UPDATE workflows SET attempts = 0, last_error = NULL, updated_at = now()
                  WHERE workflow = $1 AND aggregate_id = $2",
                &self.workflow,
                &self.aggregate_id
            )
            .execute(pool)
            .await?;
        }
        self.lock.commit().await
    }

    /// The run failed: the error is kept for staff (`workflows.last_error`), the row stays
    /// for the next run.
    pub async fn fail(self, pool: &PgPool, error: &str) -> Result<(), sqlx::Error> {
        sqlx::query!(
            "UPDATE workflows SET last_error = $3, updated_at = now() WHERE workflow = $1 AND aggregate_id = $2",
            &self.workflow,
            &self.aggregate_id,
            error
        )
        .execute(pool)
        .await?;
        self.lock.commit().await
    }
}

/// Records that `step` of a workflow is done, on the transaction of the step's own write
/// (so the step and its record commit together).
pub async fn record_step_on(
    connection: &mut sqlx::PgConnection,
    workflow: &str,
    aggregate_id: &str,
    step: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "UPDATE workflows SET step = $3, updated_at = now() WHERE workflow = $1 AND aggregate_id = $2",
        workflow,
        aggregate_id,
        step
    )
    .execute(connection)
    .await?;
    Ok(())
}

/// The owed workflows, oldest first, at most `limit`: those not tried for `pause` seconds
/// times their attempts so far (up to 60 times), so one that keeps failing is tried less
/// and less often, and one a request is running right now is left to it.
pub async fn pending(pool: &PgPool, limit: i64, pause: f64) -> Result<Vec<(String, String)>, sqlx::Error> {
    let rows = sqlx::query!(
        "SELECT workflow, aggregate_id FROM workflows
          WHERE updated_at <= now() - make_interval(secs => $2::float8 * least(attempts, 60))
          ORDER BY created_at LIMIT $1",
        limit,
        pause
    )
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().map(|r| (r.workflow, r.aggregate_id)).collect())
}
