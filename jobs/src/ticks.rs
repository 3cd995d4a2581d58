//! One run per scheduled time, however many servers run the scheduler.
//!
//! The advisory lock (store::under_lock) stops two runs overlapping, but not a second
//! run of the same tick: a quick job finishes on one server before another server's clock
//! reaches the same tick, takes the free lock and runs it again. So each tick is claimed
//! first: a row `(job, tick)` in `job_runs`, whose primary key lets exactly one server's
//! insert succeed; the others find it taken and skip. The tick is the scheduled time the
//! scheduler fired for (the latest time the job's cron schedule matches at or before now),
//! so servers whose timers fire a little apart still name the same tick. The row then
//! records who ran it and how it went; rows older than a week are deleted as new ones come.

use std::sync::OnceLock;

use chrono::{DateTime, SubsecRound, Utc};
use croner::parser::{CronParser, Seconds};
use sqlx::PgPool;

use crate::scheduler::{run_once, Job};
use store::RunOutcome;

/// The scheduled time a firing at `now` is for: the latest time at or before `now` that
/// `schedule` matches (read as tokio-cron-scheduler reads it: six fields, seconds first).
pub fn tick_of(schedule: &str, now: DateTime<Utc>) -> Result<DateTime<Utc>, String> {
    let cron = CronParser::builder()
        .seconds(Seconds::Required)
        .dom_and_dow(true)
        .build()
        .parse(schedule)
        .map_err(|e| format!("invalid schedule {schedule:?}: {e}"))?;
    // Whole seconds: croner answers a matching start time as it is, fractions included.
    cron.find_previous_occurrence(&now.trunc_subsecs(0), true)
        .map_err(|e| format!("no tick of {schedule:?} before {now}: {e}"))
}

/// This server in `job_runs.runner`: host name and process id.
pub fn runner() -> &'static str {
    static RUNNER: OnceLock<String> = OnceLock::new();
    RUNNER.get_or_init(|| {
        let host = std::env::var("HOSTNAME")
            .ok()
            .or_else(|| std::fs::read_to_string("/proc/sys/kernel/hostname").ok())
            .map(|h| h.trim().to_string())
            .filter(|h| !h.is_empty())
            .unwrap_or_else(|| "unknown-host".into());
        format!("{host}:{}", std::process::id())
    })
}

/// Claims `tick` of `job` for this server: true when no server had it.
pub async fn claim(pool: &PgPool, job: &str, tick: DateTime<Utc>) -> Result<bool, sqlx::Error> {
    let claimed = sqlx::query!(
        "INSERT INTO job_runs (job, tick, runner) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
        job,
        tick,
        runner()
    )
    .execute(pool)
    .await?
    .rows_affected()
        == 1;
    if claimed {
        sqlx::query!("DELETE FROM job_runs WHERE job = $1 AND tick < $2::timestamptz - interval '7 days'", job, tick)
            .execute(pool)
            .await?;
    }
    Ok(claimed)
}

/// One firing of the scheduler: claims the tick, then runs the job under its lock (and
/// answers Skipped when another server has the tick or is still running the job).
pub async fn run_tick(pool: &PgPool, job: &Job) -> Result<RunOutcome<Result<String, String>>, sqlx::Error> {
    let tick = match tick_of(job.schedule, Utc::now()) {
        Ok(tick) => tick,
        // A schedule the scheduler accepted always has a tick; if not, run as before.
        Err(error) => {
            tracing::warn!(job = job.name, %error, "no tick to claim; running under the lock alone");
            return run_once(pool, job).await;
        }
    };
    if !claim(pool, job.name, tick).await? {
        crate::metrics::tick_taken(job.name);
        return Ok(RunOutcome::Skipped);
    }
    let outcome = run_once(pool, job).await;
    let recorded = match &outcome {
        Ok(RunOutcome::Ran(Ok(_))) => "ok",
        Ok(RunOutcome::Ran(Err(_))) | Err(_) => "failed",
        Ok(RunOutcome::Skipped) => "skipped",
    };
    let finished = sqlx::query!(
        "UPDATE job_runs SET finished_at = now(), outcome = $3 WHERE job = $1 AND tick = $2",
        job.name,
        tick,
        recorded
    )
    .execute(pool)
    .await;
    if let Err(error) = finished {
        tracing::warn!(job = job.name, %tick, %error, "the run's outcome was not recorded");
    }
    outcome
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    fn at(h: u32, m: u32, s: u32, ms: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 25, h, m, s).unwrap() + chrono::Duration::milliseconds(ms.into())
    }

    #[test]
    fn a_tick_is_the_scheduled_time_a_late_firing_was_for() {
        // Every minute at second 15: fired 300 ms late, or 20 s late on a busy server.
        assert_eq!(tick_of("15 * * * * *", at(10, 4, 15, 300)).unwrap(), at(10, 4, 15, 0));
        assert_eq!(tick_of("15 * * * * *", at(10, 4, 35, 0)).unwrap(), at(10, 4, 15, 0));
        // Every five minutes at second 45; daily at 03:20; every second.
        assert_eq!(tick_of("45 */5 * * * *", at(10, 5, 45, 900)).unwrap(), at(10, 5, 45, 0));
        assert_eq!(tick_of("45 */5 * * * *", at(10, 9, 59, 0)).unwrap(), at(10, 5, 45, 0));
        assert_eq!(tick_of("0 20 3 * * *", at(3, 20, 0, 10)).unwrap(), at(3, 20, 0, 0));
        assert_eq!(tick_of("* * * * * *", at(10, 0, 7, 499)).unwrap(), at(10, 0, 7, 0));
        assert!(tick_of("not a schedule", at(10, 0, 0, 0)).is_err());
    }
}
