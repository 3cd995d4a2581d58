//! `voip-shop [serve|migrate|rebuild-views|run-job NAME|import-numbers FILE|users add ...|openapi|catalogue]`: configuration from the environment (README).

use std::process::ExitCode;

use api::app::state::AppState;
use api::platform::config::Config;
use api::startup::{connect, migrate, shutdown_signal, Application};

/// glibc serves a large allocation with its own mapping and, once one is freed, raises that
/// threshold to the freed size (up to 32 MiB). After the first argon2 run (about 20 MiB) every
/// later one came from a thread's arena, and each arena kept its freed 20 MiB: under the soak
/// (api/bench/soak.sh) the server grew from 40 MB to 986 MB in 10 minutes while its live heap
/// stayed near 20 MB (heaptrack). A fixed threshold (glibc's default, 128 KiB) maps and unmaps
/// every large buffer: the same soak held 43-46 MB. `MALLOC_MMAP_THRESHOLD_`, when set, wins.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn fix_mmap_threshold() {
    if std::env::var_os("MALLOC_MMAP_THRESHOLD_").is_none() {
        // SAFETY: mallopt only changes the allocator's tuning; it is called once, first thing
        // in main, before any other thread exists.
        unsafe {
            libc::mallopt(libc::M_MMAP_THRESHOLD, 128 * 1024);
        }
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn fix_mmap_threshold() {}

fn main() -> ExitCode {
    fix_mmap_threshold();
    serve_main()
}

#[tokio::main]
async fn serve_main() -> ExitCode {
    // Lines are written by a thread of their own; the guard writes out what is queued when
    // `main` returns.
    let _log = match api::platform::logging::settings(|key| std::env::var(key).ok())
        .and_then(|s| api::platform::logging::init(&s))
    {
        Ok(guard) => guard,
        Err(error) => {
            eprintln!("{error}");
            return ExitCode::FAILURE;
        }
    };
    match run().await {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            tracing::error!(%error, "stopped");
            ExitCode::FAILURE
        }
    }
}

async fn run() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let command = std::env::args().nth(1).unwrap_or_else(|| "serve".to_string());
    if command == "openapi" {
        // Needs no configuration: the document is the code's.
        println!("{}", api::http::openapi::document().to_pretty_json()?);
        return Ok(());
    }
    if command == "catalogue" {
        // The price list as GET /api/catalogue serves it, for the web app's build:
        // cargo run --bin voip-shop catalogue > webapp/src/generated/catalogue.json
        println!("{}", serde_json::to_string_pretty(&api::http::routes::catalogue::document().await)?);
        return Ok(());
    }
    let config = Config::from_env()?;
    match command.as_str() {
        "serve" => {
            let app = Application::build(config).await?;
            let mut scheduler = jobs::scheduler::start(app.pool.clone(), api::scheduled::jobs(&app.state)).await?;
            // What a crashed server left owed is resumed now, and anything owed later.
            let workflows = api::app::workflows::spawn_runner(app.state.clone());
            tracing::info!(port = app.port(), "listening");
            app.run_until(shutdown_signal()).await?;
            workflows.abort();
            scheduler.shutdown().await?;
        }
        "run-job" => {
            let name = std::env::args().nth(2).unwrap_or_default();
            let pool = connect(&config).await?;
            migrate(&pool).await?;
            let state =
                AppState::with_clock(pool.clone(), config.clock()).with_services(api::app::state::Services::from_config(&config)?);
            let jobs = api::scheduled::jobs(&state);
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
        "users" => {
            // users add --role admin|support EMAIL [--password PASSWORD]
            let args: Vec<String> = std::env::args().skip(2).collect();
            let usage = "usage: voip-shop users add --role admin|support EMAIL [--password PASSWORD]";
            let value_of = |flag: &str| args.iter().position(|a| a == flag).and_then(|i| args.get(i + 1)).cloned();
            let role = value_of("--role").and_then(|r| api::app::auth::Role::parse(&r)).ok_or(usage)?;
            let password = value_of("--password");
            let flags = ["--role", "--password"];
            let email = args
                .iter()
                .enumerate()
                .skip(1)
                .find(|(i, a)| !a.starts_with("--") && !flags.contains(&args[i - 1].as_str()))
                .map(|(_, a)| a.clone());
            let (Some("add"), Some(email)) = (args.first().map(String::as_str), email) else { return Err(usage.into()) };
            let pool = connect(&config).await?;
            migrate(&pool).await?;
            let generated = password.is_none();
            let password = api::app::auth::add_user(&pool, &email, role, password).await?;
            if generated {
                println!("{} {email} added. Password (shown once): {password}", role.as_str());
            } else {
                println!("{} {email} added.", role.as_str());
            }
        }
        "import-numbers" => {
            let path = std::env::args().nth(2).ok_or("usage: voip-shop import-numbers FILE.csv")?;
            let pool = connect(&config).await?;
            migrate(&pool).await?;
            let started = std::time::Instant::now();
            let report = api::tools::import::import_file(&pool, std::path::Path::new(&path)).await?;
            tracing::info!(seconds = started.elapsed().as_secs_f64(), "import finished");
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
        "history" => {
            let wanted = std::env::args().nth(2).ok_or("usage: voip-shop history ORDER-NUMBER (SB-, HW- or TR-)")?;
            let pool = connect(&config).await?;
            migrate(&pool).await?;
            let state = AppState::new(pool);
            let Some((kind, id)) = api::app::support::find_order(&state, &wanted).await.map_err(|e| format!("{e:?}"))? else {
                return Err(format!("no order {wanted:?}: give an SB-, HW- or TR- number, or an order id").into());
            };
            print!("{}", api::app::support::timeline(&state, kind, &id).await.map_err(|e| format!("{e:?}"))?);
        }
        "migrate" => {
            let pool = connect(&config).await?;
            migrate(&pool).await?;
            tracing::info!("migrations applied");
        }
        "rebuild-views" => {
            let pool = connect(&config).await?;
            migrate(&pool).await?;
            let state = AppState::new(pool);
            // Each read model is built aside and swapped in; the site keeps serving meanwhile.
            let rebuilt = api::tools::rebuild::rebuild_all(&state).await?;
            let events: usize = rebuilt.iter().map(|r| r.events).sum();
            tracing::info!(read_models = rebuilt.len(), events, "every read model rebuilt from the event store");
        }
        other => {
            return Err(format!(
                "unknown command {other:?}: use serve, migrate, rebuild-views, run-job NAME, import-numbers FILE, history ORDER-NUMBER, users add, openapi or catalogue"
            )
            .into())
        }
    }
    Ok(())
}
