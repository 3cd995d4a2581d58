//! `voip-shop [serve|migrate|rebuild-views]`: configuration from the environment (README).

use std::process::ExitCode;

use api::config::Config;
use api::startup::{connect, migrate, shutdown_signal, Application};
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
            tracing::info!(port = app.port(), "listening");
            app.run_until(shutdown_signal()).await?;
        }
        "migrate" => {
            let pool = connect(&config).await?;
            migrate(&pool).await?;
            tracing::info!("migrations applied");
        }
        "rebuild-views" => {
            let pool = connect(&config).await?;
            migrate(&pool).await?;
            let carts = api::rebuild::rebuild_cart_views(&api::state::AppState::new(pool)).await?;
            tracing::info!(carts, "views rebuilt from the event store");
        }
        other => return Err(format!("unknown command {other:?}: use serve, migrate or rebuild-views").into()),
    }
    Ok(())
}
