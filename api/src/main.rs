//! `voip-shop [serve|migrate|rebuild-views|run-job NAME|import-numbers FILE]`: configuration from the environment (README).

use std::process::ExitCode;

use api::config::Config;
use api::startup::{connect, migrate, shutdown_signal, Application};
use api::state::AppState;
use tracing_subscriber::EnvFilter;

#[tokio::main]
async fn main() -> ExitCode {
    tracing_subscriber::fmt()
        .with_env_filter(EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn")))
        .init();
    match run().await {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            tracing::error!(%error, "stopped");
            ExitCode::FAILURE
        }
    }
}

async fn run() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let config = Config::from_env()?;
    let command = std::env::args().nth(1).unwrap_or_else(|| "serve".to_string());
    match command.as_str() {
        "serve" => {
            let app = Application::build(config).await?;
            let state = AppState::new(app.pool.clone());
            let mut scheduler = jobs::scheduler::start(app.pool.clone(), api::scheduled::jobs(&state)).await?;
            tracing::info!(port = app.port(), "listening");
            app.run_until(shutdown_signal()).await?;
            scheduler.shutdown().await?;
        }
        "run-job" => {
            let name = std::env::args().nth(2).unwrap_or_default();
            let pool = connect(&config).await?;
            migrate(&pool).await?;
            let jobs = api::scheduled::jobs(&AppState::new(pool.clone()));
            let names: Vec<&str> = jobs.iter().map(|j| j.name).collect();
            let job = jobs
                .iter()
                .find(|j| j.name == name)
                .ok_or_else(|| format!("unknown job {name:?}: one of {names:?}"))?;
            match jobs::scheduler::run_once(&pool, job).await? {
                jobs::RunOutcome::Ran(Ok(report)) => tracing::info!(job = job.name, %report, "job ran"),
                jobs::RunOutcome::Ran(Err(error)) => return Err(error.into()),
                jobs::RunOutcome::Skipped => {
                    tracing::warn!(job = job.name, "another runner holds the job's lock; skipped")
                }
            }
        }
        "import-numbers" => {
            let path = std::env::args().nth(2).ok_or("usage: voip-shop import-numbers FILE.csv")?;
            let csv = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {path}: {e}"))?;
            let pool = connect(&config).await?;
            migrate(&pool).await?;
            let report = api::import::import_numbers(&pool, &csv).await?;
            for (line, reason) in &report.rejected {
                println!("line {line}: rejected: {reason}");
            }
            println!(
                "{} added, {} already in stock, {} rejected",
                report.added,
                report.already_there,
                report.rejected.len()
            );
        }
        "migrate" => {
            let pool = connect(&config).await?;
            migrate(&pool).await?;
            tracing::info!("migrations applied");
        }
        "rebuild-views" => {
            let pool = connect(&config).await?;
            migrate(&pool).await?;
            let carts = api::rebuild::rebuild_cart_views(&AppState::new(pool)).await?;
            tracing::info!(carts, "views rebuilt from the event store");
        }
        other => {
            return Err(format!(
                "unknown command {other:?}: use serve, migrate, rebuild-views, run-job NAME or import-numbers FILE"
            )
            .into())
        }
    }
    Ok(())
}
