//! The jobs' and commands' series for GET /metrics (the api crate installs the recorder and
//! describes every series; README, Operations, lists them). Each helper is one call at the
//! place it counts, so the code it watches stays as it was.

use std::time::Duration;

use cqrs_es::AggregateError;

use crate::RunOutcome;

pub const COMMANDS: &str = "talkbridge_commands_total";
pub const JOB_RUNS: &str = "talkbridge_job_runs_total";
pub const JOB_RUN_SECONDS: &str = "talkbridge_job_run_duration_seconds";

/// Counts a command by its aggregate type and outcome: `ok`, `conflict_retried` (stored
/// after losing at least one race with another writer), `refused` (the aggregate said no:
/// the user's error) or `failed` (conflicts past the last attempt, the database). Answers
/// `result` unchanged.
pub fn command<T, E>(
    aggregate: &'static str,
    attempts: u32,
    result: Result<T, AggregateError<E>>,
) -> Result<T, AggregateError<E>>
where
    E: std::error::Error,
{
    let outcome = match &result {
        Ok(_) if attempts > 1 => "conflict_retried",
        Ok(_) => "ok",
        Err(AggregateError::UserError(_)) => "refused",
        Err(_) => "failed",
    };
    metrics::counter!(COMMANDS, "aggregate" => aggregate, "outcome" => outcome).increment(1);
    result
}

/// Counts one scheduled or operator's run of `job`: `ok`, `failed` (the job's error, or
/// its lock could not be asked for) or `skipped` (another runner had it); ran runs are
/// timed too.
pub fn job_run<T>(job: &'static str, took: Duration, outcome: &Result<RunOutcome<Result<T, String>>, sqlx::Error>) {
    let label = match outcome {
        Ok(RunOutcome::Ran(Ok(_))) => "ok",
        Ok(RunOutcome::Ran(Err(_))) | Err(_) => "failed",
        Ok(RunOutcome::Skipped) => "skipped",
    };
    metrics::counter!(JOB_RUNS, "job" => job, "outcome" => label).increment(1);
    if matches!(outcome, Ok(RunOutcome::Ran(_))) {
        metrics::histogram!(JOB_RUN_SECONDS, "job" => job).record(took.as_secs_f64());
    }
}

/// Counts a tick another server had already claimed.
pub fn tick_taken(job: &'static str) {
    metrics::counter!(JOB_RUNS, "job" => job, "outcome" => "skipped").increment(1);
}
