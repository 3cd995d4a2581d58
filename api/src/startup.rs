//! Builds the application: pool, migrations, state and router, bound to its port.

use std::path::Path;
use std::time::Duration;

use axum::serve::ListenerExt;
use sqlx::postgres::PgPoolOptions;
use sqlx::PgPool;
use tokio::net::TcpListener;

use crate::app::state::AppState;
use crate::http::routes;
use crate::platform::config::{Config, DatabaseSettings};

pub struct Application {
    listener: TcpListener,
    router: axum::Router,
    pub pool: PgPool,
    /// The state the routes use; the scheduled jobs share it (same services, same clock).
    pub state: AppState,
    /// Writes the queued page views in batches (crate::app::analytics::collector).
    page_view_writer: crate::app::analytics::PageViewWriter,
}

pub async fn connect(database: &DatabaseSettings) -> Result<PgPool, sqlx::Error> {
    PgPoolOptions::new()
        .max_connections(database.max_connections)
        .acquire_timeout(Duration::from_secs(5))
        .connect(database.url.expose())
        .await
}

/// Applies the migrations, then writes the dial plan the SIP registrar reads.
pub async fn migrate(pool: &PgPool) -> Result<(), sqlx::migrate::MigrateError> {
    sqlx::migrate!("../migrations").run(pool).await?;
    sync_dial_plan(pool).await.map_err(sqlx::migrate::MigrateError::Execute)
}

/// Writes aggregates::dial_plan into `dial_prefixes` and `dial_rates`
/// (migrations/*_call_controls.sql), so the registrar's calls-out function decides from the
/// same table as the charges: one source. Under a lock, so servers starting together write it
/// one after the other.
pub async fn sync_dial_plan(pool: &PgPool) -> Result<(), sqlx::Error> {
    use aggregates::dial_plan::{rate, NumberClass, Tariff, PREFIXES};
    let mut tx = pool.begin().await?;
    sqlx::query("SELECT pg_advisory_xact_lock(hashtext('sync_dial_plan'))").execute(&mut *tx).await?;
    sqlx::query("DELETE FROM dial_prefixes").execute(&mut *tx).await?;
    sqlx::query("DELETE FROM dial_rates").execute(&mut *tx).await?;
    let (prefixes, classes): (Vec<&str>, Vec<&str>) = PREFIXES.iter().map(|(p, c)| (*p, c.code())).unzip();
    sqlx::query("INSERT INTO dial_prefixes (prefix, class) SELECT * FROM unnest($1::text[], $2::text[])")
        .bind(&prefixes)
        .bind(&classes)
        .execute(&mut *tx)
        .await?;
    let mut tariffs = Vec::new();
    let mut classes = Vec::new();
    let mut rates = Vec::new();
    let mut refusals = Vec::new();
    for tariff in Tariff::ALL {
        for class in NumberClass::ALL {
            tariffs.push(tariff.code());
            classes.push(class.code());
            rates.push(rate(tariff, class).map(|tenths| tenths as i32));
            refusals.push(class.refusal(tariff));
        }
    }
    sqlx::query(
        "INSERT INTO dial_rates (tariff, class, tenths_per_minute, refusal)
         SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::text[])",
    )
    .bind(&tariffs)
    .bind(&classes)
    .bind(&rates)
    .bind(&refusals)
    .execute(&mut *tx)
    .await?;
    tx.commit().await
}

impl Application {
    pub async fn build(config: Config) -> Result<Application, Box<dyn std::error::Error + Send + Sync>> {
        // Before anything counts: series recorded with no recorder are lost.
        crate::platform::metrics::handle();
        let pool = connect(&config.database()).await.map_err(|e| format!("cannot connect to the database: {e}"))?;
        migrate(&pool).await.map_err(|e| format!("cannot apply the migrations: {e}"))?;
        let listener = TcpListener::bind(config.address())
            .await
            .map_err(|e| format!("cannot listen on {}: {e}", config.address()))?;
        let mut state = AppState::with_clock(pool.clone(), config.clock())
            .with_services(crate::app::state::Services::from_config(&config)?);
        seed_first_start(&state, &config.seed_dir).await?;
        let (page_views, page_view_writer) = crate::app::analytics::start(pool.clone(), state.clock.clone());
        state.parts_mut().page_views = page_views;
        state.public_reads.listen(config.database_url.expose().to_string());
        state.parts_mut().renderer = start_renderer(&config).await?;
        let router = routes::app(state.clone(), &config);
        Ok(Application { listener, router, pool, state, page_view_writer })
    }

    pub fn port(&self) -> u16 {
        self.listener.local_addr().map(|a| a.port()).unwrap_or_default()
    }

    /// What `voip-shop serve` does once built: serves until `shutdown` completes, runs the
    /// scheduled jobs, and resumes the workflows a crashed server left owed (at once) and any
    /// owed later. The in-process crash tests run this too, so they resume as the binary does.
    pub async fn serve(
        self,
        shutdown: impl std::future::Future<Output = ()> + Send + 'static,
    ) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
        let mut scheduler = jobs::scheduler::start(self.pool.clone(), crate::scheduled::jobs(&self.state)).await?;
        let workflows = crate::app::workflows::spawn_runner(self.state.clone());
        tracing::info!(port = self.port(), "listening");
        self.run_until(shutdown).await?;
        workflows.abort();
        scheduler.shutdown().await?;
        Ok(())
    }

    /// Serves until `shutdown` completes, then finishes the requests in flight and writes
    /// the page views they queued.
    pub async fn run_until(
        self,
        shutdown: impl std::future::Future<Output = ()> + Send + 'static,
    ) -> std::io::Result<()> {
        let service = self.router.into_make_service_with_connect_info::<std::net::SocketAddr>();
        // TCP_NODELAY: a streamed answer (a page, a file) goes out as its headers and then its
        // body; with Nagle's algorithm the body waited for the client's delayed ACK of the
        // headers, 40 ms on every prerendered page (api/bench/soak.sh found it).
        let listener = self.listener.tap_io(|stream| {
            if let Err(error) = stream.set_nodelay(true) {
                tracing::debug!(%error, "could not set TCP_NODELAY on a connection");
            }
        });
        let served = axum::serve(listener, service).with_graceful_shutdown(shutdown).await;
        self.page_view_writer.finish().await;
        served
    }
}

/// The renderer of the live pages (crate::http::live_pages). In production the server does not start
/// without it: its pages would show the catalogue as it was at build time. Elsewhere the
/// build's pages are served, with a warning.
async fn start_renderer(
    config: &Config,
) -> Result<Option<crate::adapters::renderer::Renderer>, Box<dyn std::error::Error + Send + Sync>> {
    let renderer_config = crate::adapters::renderer::RendererConfig {
        dir: config.renderer_dir.clone(),
        webapp_dir: config.webapp_dir.clone(),
        node: config.node_bin.clone(),
    };
    let problem = match crate::adapters::renderer::Renderer::start(renderer_config).await {
        Ok(Some(renderer)) => return Ok(Some(renderer)),
        Ok(None) => format!(
            "{} has no live-pages.json (the web app's server bundle, built by `npm run build`)",
            config.renderer_dir.display()
        ),
        Err(error) => error,
    };
    if config.is_production() {
        return Err(format!(
            "the live pages cannot be rendered: {problem}. Build the web app (npm run build) and set RENDERER_DIR to \
             its dist-ssr and NODE_BIN to Node 20 or later"
        )
        .into());
    }
    tracing::warn!("the live pages are served as built, without live data: {problem}");
    Ok(None)
}

/// The demo number stock and hardware catalogue of a first start, made once however many
/// servers start at once on an empty database: each waits for the others' seeding (a
/// transaction's advisory lock, held while seeding and released at its end), then finds
/// the stock and catalogue there and adds nothing.
pub async fn seed_first_start(
    state: &AppState,
    seed_dir: &Path,
) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let mut lock = state.pool.begin().await?;
    sqlx::query!(r#"SELECT pg_advisory_xact_lock($1) AS "locked: ()""#, store::lock_key("first-start-seed"))
        .fetch_one(&mut *lock)
        .await?;
    let seeded = projections::inventory::seed_if_empty(&state.pool).await?;
    if seeded > 0 {
        tracing::info!(numbers = seeded, "seeded the demo number stock (fiction ranges)");
    }
    match crate::tools::seed::seed_hardware(state, seed_dir).await {
        Ok(0) => {}
        Ok(items) => tracing::info!(items, "seeded the demo hardware catalogue"),
        Err(error) => tracing::warn!(%error, "the demo hardware catalogue was not seeded"),
    }
    lock.commit().await?;
    Ok(())
}

/// Ctrl-C or SIGTERM.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
    tracing::info!("shutting down: finishing requests in flight");
}
