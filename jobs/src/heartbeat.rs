//! `heartbeat`: a job for tests only (`HEARTBEAT_JOB=1`, refused in production) that runs
//! every second and leaves one row in `job_heartbeats` per run. The two-server test counts
//! those rows against the claimed ticks in `job_runs`: a tick run twice, or by nobody,
//! shows at once. Rows older than an hour are deleted as new ones come.

use sqlx::PgPool;

pub const HEARTBEAT: &str = "heartbeat";
/// Every second.
pub const HEARTBEAT_SCHEDULE: &str = "* * * * * *";

/// Records one beat of this server (crate::ticks::runner).
pub async fn beat(pool: &PgPool) -> Result<String, String> {
    sqlx::query!("INSERT INTO job_heartbeats (runner) VALUES ($1)", crate::ticks::runner())
        .execute(pool)
        .await
        .map_err(|e| e.to_string())?;
    sqlx::query!("DELETE FROM job_heartbeats WHERE ran_at < now() - interval '1 hour'")
        .execute(pool)
        .await
        .map_err(|e| e.to_string())?;
    Ok("beat".into())
}
