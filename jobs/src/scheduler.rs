//! The scheduler every server starts: each job on its cron schedule (six fields, seconds
//! first); each tick is claimed once across servers (crate::ticks) and run under the job's
//! advisory lock, so one server runs it, once, and never while a previous run goes on.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use sqlx::PgPool;
use tokio_cron_scheduler::{Job as CronJob, JobScheduler, JobSchedulerError};

use store::{under_lock, RunOutcome};

pub type JobFuture = Pin<Box<dyn Future<Output = Result<String, String>> + Send>>;

/// A named job: what to run and when. `run` answers a short report for the log.
#[derive(Clone)]
pub struct Job {
    pub name: &'static str,
    pub schedule: &'static str,
    pub run: Arc<dyn Fn() -> JobFuture + Send + Sync>,
}

/// Runs one job once under its lock (the scheduler's ticks and the operators' command).
pub async fn run_once(pool: &PgPool, job: &Job) -> Result<RunOutcome<Result<String, String>>, sqlx::Error> {
    let (run, started) = (job.run.clone(), std::time::Instant::now());
    let outcome = under_lock(pool, job.name, move || run()).await;
    crate::metrics::job_run(job.name, started.elapsed(), &outcome);
    outcome
}

pub async fn start(pool: PgPool, jobs: Vec<Job>) -> Result<JobScheduler, JobSchedulerError> {
    let scheduler = JobScheduler::new().await?;
    for job in jobs {
        let pool = pool.clone();
        let schedule = job.schedule;
        scheduler
            .add(CronJob::new_async(schedule, move |_, _| {
                let (pool, job) = (pool.clone(), job.clone());
                Box::pin(async move {
                    match crate::ticks::run_tick(&pool, &job).await {
                        Ok(RunOutcome::Ran(Ok(report))) => tracing::info!(job = job.name, %report, "job ran"),
                        Ok(RunOutcome::Ran(Err(error))) => tracing::error!(job = job.name, %error, "job failed"),
                        Ok(RunOutcome::Skipped) => {
                            tracing::debug!(job = job.name, "another server has this tick or is running the job")
                        }
                        Err(error) => tracing::error!(job = job.name, %error, "job lock failed"),
                    }
                })
            })?)
            .await?;
    }
    scheduler.start().await?;
    Ok(scheduler)
}
