//! The servers and job runs of the crash tests (crash_matrix.rs, top_up_crashes.rs), in one of
//! two modes (issue 45):
//!
//! - [`Mode::Binary`]: the real `voip-shop` binary, aborted by `FAULT_INJECTION` at the point,
//!   as `kill -9` would stop it; a second binary resumes. Some 6-10 s a point.
//! - [`Mode::InProcess`]: the same app (`Application::build` and `serve`, `scheduled::run_job`:
//!   the code the binary runs, from the configuration the binary's environment gives) on a
//!   thread and a tokio runtime of its own inside the test process, stopped at the same point
//!   (store::faults::Stop::Unwind); a second app on the same database resumes with the same
//!   code the binary runs at start.
//!
//! What `kill -9` does that an unwinding task alone does not, and how the in-process stop does
//! it too:
//! - Nothing of the process runs after the point. Here the task at the point unwinds, and the
//!   app's runtime is shut down at once ([`tokio::runtime::Runtime::shutdown_background`]):
//!   every other task of the app (the other requests, the workflow runner, the scheduler and
//!   its jobs, the page-view writer, the listener of the public reads) is dropped where it
//!   stands, none polled again.
//! - PostgreSQL sees the connections go: it rolls back their open transactions and ends their
//!   sessions, with any lock they held (a session lock too). Here no connection goes back to a
//!   pool anyone uses: the dropped tasks drop theirs, and the app's pool, whose last handle
//!   went with them, drops its idle ones, each closing its socket, as the exiting process's
//!   sockets close. [`CrashServer::crashed`] then waits until PostgreSQL has no session of
//!   the app left (each is named, `application_name`), and fails if one stays.
//!
//! Each test has a default mode: one point per workflow with the real binary, the others in
//! process. `CRASH_MATRIX=binary` runs every point with the real binary (the full matrix),
//! `CRASH_MATRIX=in-process` every point in process:
//!
//! ```text
//! CRASH_MATRIX=binary cargo nextest run -p api --test api -E 'test(/^(crash_matrix|top_up_crashes)::/)'
//! ```

use std::time::{Duration, Instant};

use api::platform::config::Config;
use api::startup::Application;
use sqlx::{Connection, PgPool};
use store::faults::{Crash, Stop, Stopped};

use crate::helpers::{admin_url, server_env, Server, TestApp};

/// How a crash test runs its servers and jobs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Binary,
    InProcess,
}

impl Mode {
    /// The test's `default`, unless `CRASH_MATRIX` (`binary` or `in-process`) says otherwise.
    pub fn chosen(default: Mode) -> Mode {
        match std::env::var("CRASH_MATRIX").as_deref() {
            Ok("binary") => Mode::Binary,
            Ok("in-process") => Mode::InProcess,
            Ok("") | Err(_) => default,
            Ok(other) => panic!("CRASH_MATRIX is `binary`, `in-process` or unset, not {other:?}"),
        }
    }
}

/// A server of a crash test: the real binary or the app in process; stopped when dropped.
pub enum CrashServer {
    Binary(Server),
    InProcess(InProcessServer),
}

impl CrashServer {
    /// A server on `database_url` with `env` added to the binary's environment (or read into
    /// the in-process app's configuration); ready to answer.
    pub async fn start(mode: Mode, database_url: &str, env: &[(&str, &str)]) -> CrashServer {
        match mode {
            Mode::Binary => CrashServer::Binary(Server::start(database_url, env).await),
            Mode::InProcess => CrashServer::InProcess(InProcessServer::start(database_url, env).await),
        }
    }

    /// Waits for the server to stop at its fault point, and checks it did.
    pub async fn crashed(self) {
        match self {
            CrashServer::Binary(server) => server.crashed(),
            CrashServer::InProcess(server) => server.crashed().await,
        }
    }

    /// This server as a TestApp, reading the database through `pool`.
    pub fn app(&self, pool: &PgPool) -> TestApp {
        let base = match self {
            CrashServer::Binary(server) => &server.base,
            CrashServer::InProcess(server) => &server.base,
        };
        TestApp {
            address: base.clone(),
            pool: pool.clone(),
            client: reqwest::Client::new(),
            account_cookie: Default::default(),
        }
    }
}

/// How a job run ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JobEnd {
    /// It ran to its end and exited cleanly.
    Finished,
    /// It stopped at its fault point (the binary by SIGABRT).
    Crashed,
    /// It failed otherwise.
    Failed(String),
}

/// `voip-shop run-job JOB` (the real binary, or its code in process) on `database_url`, with
/// `env` added.
pub async fn run_job(mode: Mode, database_url: &str, env: &[(&str, &str)], job: &str) -> JobEnd {
    match mode {
        Mode::Binary => {
            use std::os::unix::process::ExitStatusExt;
            let status = crate::helpers::run_job_status(database_url, env, job).await;
            // SIGABRT (6): what `std::process::abort` ends the binary with.
            match (status.success(), status.signal()) {
                (true, _) => JobEnd::Finished,
                (false, Some(6)) => JobEnd::Crashed,
                (false, _) => JobEnd::Failed(format!("{status}")),
            }
        }
        Mode::InProcess => {
            let name = session_name();
            let (config, crash) = config(database_url, &name, env);
            let job = job.to_string();
            let ended = on_a_runtime_of_its_own(crash, move |crash| async move {
                tokio::select! {
                    point = crash.stopped() => Ended::Crashed(point),
                    ran = api::scheduled::run_job(&config, &job) => match ran {
                        Ok(()) => Ended::Finished,
                        Err(error) => Ended::Failed(error.to_string()),
                    },
                }
            });
            let ended =
                tokio::task::spawn_blocking(move || ended.join().expect("the job's thread ends")).await.unwrap();
            sessions_ended(&name).await;
            match ended {
                Ended::Finished => JobEnd::Finished,
                Ended::Crashed(point) => {
                    assert_eq!(Some(point.as_str()), fault_point(env), "stopped at its own point");
                    JobEnd::Crashed
                }
                Ended::Failed(error) => JobEnd::Failed(error),
            }
        }
    }
}

/// The app in process: built and served (`Application::serve`, as `voip-shop serve`) on a
/// thread and a current-thread runtime of its own, until its fault point or its drop stops
/// it.
pub struct InProcessServer {
    pub base: String,
    /// Its `FAULT_INJECTION` point.
    point: Option<String>,
    session_name: String,
    /// Tells the app to stop (a drop: as the binary's `Server` is killed when dropped).
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<Ended>>,
}

/// How the app's thread ended.
#[derive(Debug)]
enum Ended {
    Crashed(String),
    Finished,
    Failed(String),
}

impl InProcessServer {
    pub async fn start(database_url: &str, env: &[(&str, &str)]) -> InProcessServer {
        let session_name = session_name();
        let (config, crash) = config(database_url, &session_name, env);
        let (ready, port) = tokio::sync::oneshot::channel();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let thread = on_a_runtime_of_its_own(crash, move |crash| async move {
            let app = match Application::build(config).await {
                Ok(app) => app,
                Err(error) => return Ended::Failed(error.to_string()),
            };
            let _ = ready.send(app.port());
            // Its stop is an abort's too, never a graceful shutdown: the runtime is shut
            // down once this returns.
            tokio::select! {
                point = crash.stopped() => Ended::Crashed(point),
                _ = stopped => Ended::Finished,
                served = app.serve(std::future::pending()) => match served {
                    Ok(()) => Ended::Finished,
                    Err(error) => Ended::Failed(error.to_string()),
                },
            }
        });
        let Ok(port) = port.await else {
            let ended = thread.join().expect("the app's thread ends");
            panic!("the in-process app did not start: {ended:?}");
        };
        // Its sessions carry its name (else the check after a crash would prove nothing).
        assert!(sessions_named(&session_name).await > 0, "the in-process app's sessions are named");
        InProcessServer {
            base: format!("http://127.0.0.1:{port}"),
            point: fault_point(env).map(str::to_string),
            session_name,
            stop: Some(stop),
            thread: Some(thread),
        }
    }

    /// Waits for the app to stop at its fault point, checks it did, and that PostgreSQL has
    /// ended every session of it (as it ends a killed process's).
    pub async fn crashed(mut self) {
        let thread = self.thread.take().expect("not stopped yet");
        let ended = tokio::task::spawn_blocking(move || thread.join().expect("the app's thread ends")).await.unwrap();
        match ended {
            Ended::Crashed(point) => assert_eq!(Some(point), self.point, "stopped at its own point"),
            other => panic!("the app was not stopped by its fault: {other:?}"),
        }
        sessions_ended(&self.session_name).await;
    }
}

impl Drop for InProcessServer {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        // Gone before the test goes on, as the binary's `Server` is (it waits for the
        // process): the runtime's shutdown drops every task at once, so this is quick.
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn fault_point<'a>(env: &[(&str, &'a str)]) -> Option<&'a str> {
    env.iter().find(|(key, _)| *key == "FAULT_INJECTION").map(|(_, point)| *point)
}

/// A name for the sessions of one in-process app or job run.
fn session_name() -> String {
    format!("crash-test-{}", uuid::Uuid::new_v4().simple())
}

/// The configuration the binary would read from [`server_env`] and `env` (on a free port), its
/// database sessions named `session_name`; a `FAULT_INJECTION` point stops the app in process
/// (told through the answered `Crash`) instead of aborting the test process.
fn config(database_url: &str, session_name: &str, env: &[(&str, &str)]) -> (Config, Crash) {
    let named = {
        let separator = if database_url.contains('?') { '&' } else { '?' };
        format!("{database_url}{separator}application_name={session_name}")
    };
    let mut lookup: Vec<(String, String)> =
        server_env(&named, 0).into_iter().map(|(key, value)| (key.to_string(), value)).collect();
    lookup.extend(env.iter().map(|(key, value)| (key.to_string(), value.to_string())));
    let mut config = Config::from_lookup(|key| lookup.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v.clone()))
        .expect("the crash tests' configuration");
    let crash = Crash::default();
    if let Some(fault) = config.fault_injection.as_mut() {
        fault.stop = Stop::Unwind(crash.clone());
    }
    (config, crash)
}

/// Runs `work` on a thread with a current-thread runtime of its own, and shuts that runtime
/// down the moment `work` ends (at the fault point, or stopped): every task it spawned is
/// dropped where it stands, as a killed process's threads stop. A point met in a task the app
/// spawned (a request, the workflow runner, a scheduled job) ends that task, and `work` hears
/// of it through `crash`; one met in `work` itself (`run-job`'s run) unwinds through here.
fn on_a_runtime_of_its_own<F>(
    crash: Crash,
    work: impl FnOnce(Crash) -> F + Send + 'static,
) -> std::thread::JoinHandle<Ended>
where
    F: std::future::Future<Output = Ended>,
{
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a runtime");
        let ended = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| runtime.block_on(work(crash))));
        runtime.shutdown_background();
        match ended {
            Ok(ended) => ended,
            Err(payload) => match payload.downcast::<Stopped>() {
                Ok(stopped) => Ended::Crashed(stopped.0),
                Err(payload) => std::panic::resume_unwind(payload),
            },
        }
    })
}

/// How many sessions PostgreSQL has named `name`.
async fn sessions_named(name: &str) -> i64 {
    let mut admin = sqlx::PgConnection::connect(&admin_url()).await.unwrap();
    let count = sqlx::query_scalar("SELECT count(*) FROM pg_stat_activity WHERE application_name = $1")
        .bind(name)
        .fetch_one(&mut admin)
        .await
        .unwrap();
    let _ = admin.close().await;
    count
}

/// Waits (up to 10 s) until PostgreSQL has no session named `name`: a stopped app's open
/// transactions rolled back and its locks released, as a killed process's are.
async fn sessions_ended(name: &str) {
    let started = Instant::now();
    loop {
        let left = sessions_named(name).await;
        if left == 0 {
            return;
        }
        assert!(started.elapsed() < Duration::from_secs(10), "{left} sessions of the stopped app stay open");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}
