//! The jobs' series for GET /metrics (the commands' are in store::metrics; the api crate
//! installs the recorder and describes every series; README, Operations, lists them). Each
//! helper is one call at the place it counts, so the code it watches stays as it was.

use std::time::Duration;

use store::RunOutcome;

pub const JOB_RUNS: &str = "talkbridge_job_runs_total";
pub const JOB_RUN_SECONDS: &str = "talkbridge_job_run_duration_seconds";

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
