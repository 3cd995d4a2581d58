use std::path::PathBuf;

use api::platform::config::{Config, Secret};
use api::startup::Application;
use reqwest::{Response, StatusCode};
use serde_json::Value;
use sqlx::{Connection, Executor, PgConnection, PgPool};
use uuid::Uuid;

pub struct TestApp {
    pub address: String,
    pub pool: PgPool,
    pub client: reqwest::Client,
    /// The customer's session cookie (`talkbridge_account`), kept as the buyer's browser keeps
    /// it: set by an answer that signs in (a finished checkout, a started trial, a sign-in),
    /// sent with every later request of this app's helpers, cleared by a sign-out.
    pub account_cookie: AccountCookie,
}

/// The one cookie a [`TestApp`] keeps, like a browser's jar.
#[derive(Clone, Default)]
pub struct AccountCookie(std::sync::Arc<std::sync::Mutex<Option<String>>>);

impl AccountCookie {
    pub fn get(&self) -> Option<String> {
        self.0.lock().unwrap().clone()
    }

    pub fn forget(&self) {
        *self.0.lock().unwrap() = None;
    }

    fn with(&self, request: reqwest::RequestBuilder) -> reqwest::RequestBuilder {
        match self.get() {
            Some(value) => request.header("cookie", format!("talkbridge_account={value}")),
            None => request,
        }
    }

    fn keep(&self, response: &Response) {
        for set in response.headers().get_all("set-cookie") {
            let Some(rest) = set.to_str().ok().and_then(|s| s.strip_prefix("talkbridge_account=")) else { continue };
            let value = rest.split(';').next().unwrap_or_default();
            *self.0.lock().unwrap() = (!value.is_empty()).then(|| value.to_string());
        }
    }
}

pub(crate) fn admin_url() -> String {
    std::env::var("TEST_DATABASE_URL").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".to_string())
}

/// A URL naming another database on the same server as `url`.
pub(crate) fn with_database(url: &str, database: &str) -> String {
    let (base, query) = url.split_once('?').map_or((url, None), |(b, q)| (b, Some(q)));
    let server = base.rsplit_once('/').map_or(base, |(server, _)| server);
    match query {
        Some(q) => format!("{server}/{database}?{q}"),
        None => format!("{server}/{database}"),
    }
}

/// A new database on the server of TEST_DATABASE_URL with the migrations applied, named
/// TEST_DATABASE_PREFIX (default `voip_test_`) and a random id: .ci/test gives each run its own
/// prefix and drops only the databases that carry it, never another run's or a site's. It is a
/// copy of this test process's template ([`migrated_template`]): copying takes a tenth of what
/// applying the migrations took (0.1 s against 1 s), for each of some two hundred databases.
pub async fn fresh_database() -> String {
    new_database(Some(migrated_template().await)).await
}

/// A new database with nothing in it, not even the migrations (a test of the first start).
pub async fn empty_database() -> String {
    new_database(None).await
}

fn database_prefix() -> String {
    let prefix = std::env::var("TEST_DATABASE_PREFIX").unwrap_or_else(|_| "voip_test_".to_string());
    assert!(
        prefix.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_'),
        "TEST_DATABASE_PREFIX may hold only a-z, 0-9 and _: {prefix:?}"
    );
    prefix
}

async fn new_database(template: Option<&str>) -> String {
    let name = format!("{}{}", database_prefix(), Uuid::new_v4().simple());
    let mut admin = PgConnection::connect(&admin_url()).await.expect("TEST_DATABASE_URL must reach PostgreSQL");
    let create = match template {
        Some(template) => format!(r#"CREATE DATABASE "{name}" TEMPLATE "{template}""#),
        None => format!(r#"CREATE DATABASE "{name}""#),
    };
    admin.execute(create.as_str()).await.expect("create test database");
    with_database(&admin_url(), &name)
}

/// The run's migrated and seeded database, made once and only copied after that, by whichever
/// test process gets to it first (nextest runs each test in a process of its own): an advisory
/// lock orders the processes, and the name carries the run's prefix (dropped with the run's
/// databases) and the test binary's identity (a rebuilt binary, new migrations: a new template).
/// It holds the demo number stock and hardware catalogue a first start seeds, so no test's
/// server seeds them again. PostgreSQL copies a template only while nobody is connected to it,
/// so its pool is closed before the lock is let go.
async fn migrated_template() -> &'static str {
    static TEMPLATE: tokio::sync::OnceCell<String> = tokio::sync::OnceCell::const_new();
    TEMPLATE
        .get_or_init(|| async {
            let name = format!("{}template_{:016x}", database_prefix(), binary_identity());
            let mut admin = PgConnection::connect(&admin_url()).await.expect("TEST_DATABASE_URL must reach PostgreSQL");
            let key = i64::from_ne_bytes(binary_identity().to_ne_bytes());
            admin.execute(format!("SELECT pg_advisory_lock({key})").as_str()).await.unwrap();
            let exists: bool = sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)")
                .bind(&name)
                .fetch_one(&mut admin)
                .await
                .unwrap();
            if !exists {
                // Made aside and renamed, so a process that died half-way leaves no half-made template.
                let aside = format!("{name}_making");
                admin.execute(format!(r#"DROP DATABASE IF EXISTS "{aside}""#).as_str()).await.unwrap();
                admin.execute(format!(r#"CREATE DATABASE "{aside}""#).as_str()).await.expect("create the template");
                let pool = PgPool::connect(&with_database(&admin_url(), &aside)).await.unwrap();
                api::startup::migrate(&pool).await.expect("the migrations apply to the template");
                let state = api::app::state::AppState::with_clock(
                    pool.clone(),
                    std::sync::Arc::new(aggregates::clock::SystemClock),
                );
                api::startup::seed_first_start(
                    &state,
                    std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/seed")),
                )
                .await
                .expect("the demo stock and catalogue seed the template");
                drop(state);
                pool.close().await;
                // A closed connection's server process may still be ending (a loaded machine):
                // nobody else uses this database, so any session left on it is ended.
                let ended = format!(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{aside}' AND pid <> pg_backend_pid()"
                );
                admin.execute(ended.as_str()).await.unwrap();
                let rename = format!(r#"ALTER DATABASE "{aside}" RENAME TO "{name}""#);
                admin.execute(rename.as_str()).await.expect("the template made aside takes its name");
            }
            admin.execute(format!("SELECT pg_advisory_unlock({key})").as_str()).await.unwrap();
            name
        })
        .await
}

/// The test binary's identity: its path, size and modification time, hashed (FNV-1a).
fn binary_identity() -> u64 {
    let exe = std::env::current_exe().expect("the test binary's path");
    let meta = std::fs::metadata(&exe).expect("the test binary's metadata");
    let modified = meta.modified().ok().and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok()).unwrap_or_default();
    let identity = format!("{}|{}|{}", exe.display(), meta.len(), modified.as_nanos());
    identity
        .bytes()
        .fold(0xcbf2_9ce4_8422_2325_u64, |hash, byte| (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3))
}

/// The files of the folder standing in for the built web app (webapp/dist): the shell, an
/// asset, two prerendered pages, and precompressed copies of some (their bytes only mark
/// which file was served).
pub const WEBAPP_FILES: [(&str, &str); 8] = [
    ("index.html", "<!doctype html><title>shop</title><div id=root></div>"),
    ("index.html.br", "brotli shell"),
    ("assets/app-1234.js", "console.log('app')"),
    ("assets/app-1234.js.gz", "gzip app"),
    ("prerendered/index.html", "<!doctype html><title>Home</title><div id=root><h1>Home page</h1></div>"),
    ("prerendered/about/index.html", "<!doctype html><title>About</title><div id=root><h1>About us</h1></div>"),
    ("prerendered/about/index.html.br", "brotli about"),
    ("prerendered/about/index.html.gz", "gzip about"),
];

/// A folder standing in for the built web app, written once per test run. Each file is
/// written aside and renamed into place, so a server of another test run reading the same
/// folder never sees one half-written.
pub fn webapp_dir() -> PathBuf {
    static DIR: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join("voip-shop-test-webapp");
        for (path, content) in WEBAPP_FILES {
            let file = dir.join(path);
            std::fs::create_dir_all(file.parent().unwrap()).unwrap();
            let aside = dir.join(format!(".{}-{}", std::process::id(), path.replace('/', "-")));
            std::fs::write(&aside, content).unwrap();
            std::fs::rename(&aside, &file).unwrap();
        }
        dir
    })
    .clone()
}

pub async fn spawn_app() -> TestApp {
    spawn_app_with(|_| {}).await
}

/// The app with some configuration changed.
pub async fn spawn_app_with(customise: impl FnOnce(&mut Config)) -> TestApp {
    let database_url = fresh_database().await;
    let mut config = Config::from_lookup(|key| match key {
        // The Stripe stand-in started by .ci/test (or by hand: see README).
        "STRIPE_API_BASE" | "STRIPE_WEBHOOK_SECRET" => std::env::var(key).ok(),
        "APP_ENV" => Some("development".to_string()),
        _ => None,
    })
    .expect("test configuration");
    config.host = [127, 0, 0, 1].into();
    config.port = 0;
    config.database_url = Secret::new(database_url);
    config.database_max_connections = 5;
    config.webapp_dir = webapp_dir();
    config.seed_dir = concat!(env!("CARGO_MANIFEST_DIR"), "/seed").into();
    customise(&mut config);
    let app = Application::build(config).await.expect("the application starts");
    let address = format!("http://127.0.0.1:{}", app.port());
    let pool = app.pool.clone();
    tokio::spawn(app.run_until(std::future::pending()));
    TestApp { address, pool, client: reqwest::Client::new(), account_cookie: AccountCookie::default() }
}

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.address, path)
    }

    pub async fn get(&self, path: &str) -> Response {
        let response = self.account_cookie.with(self.client.get(self.url(path))).send().await.unwrap();
        self.account_cookie.keep(&response);
        response
    }

    pub async fn send(&self, method: reqwest::Method, path: &str, body: Option<Value>) -> Response {
        let mut request = self.account_cookie.with(self.client.request(method, self.url(path)));
        if let Some(body) = body {
            request = request.json(&body);
        }
        let response = request.send().await.unwrap();
        self.account_cookie.keep(&response);
        response
    }

    /// Sends raw bytes as JSON, for bodies serde_json would never produce.
    pub async fn send_raw(&self, method: reqwest::Method, path: &str, body: impl Into<reqwest::Body>) -> Response {
        let request = self.client.request(method, self.url(path)).header("content-type", "application/json").body(body);
        let response = self.account_cookie.with(request).send().await.unwrap();
        self.account_cookie.keep(&response);
        response
    }

    pub async fn create_cart(&self) -> String {
        let response = self.send(reqwest::Method::POST, "/api/carts", None).await;
        assert_eq!(response.status(), StatusCode::CREATED);
        let cart: Value = response.json().await.unwrap();
        cart["id"].as_str().unwrap().to_string()
    }

    pub async fn event_count(&self) -> i64 {
        sqlx::query_scalar("SELECT count(*) FROM events").fetch_one(&self.pool).await.unwrap()
    }
}

/// The signed token of a link in an e-mail about order or trial `id` (30 days, the development
/// key the test servers sign with): what the e-mail's reader's page sends in `X-Order-Link`.
pub fn email_link(kind: api::app::order_links::LinkKind, id: &str) -> String {
    let key = Config::development().link_secret;
    api::app::order_links::sign(key.expose(), kind, id, chrono::Utc::now() + chrono::Duration::days(30))
}

/// Asserts a status and an error body with the given code; returns the body.
pub async fn expect_error(response: Response, status: StatusCode, code: &str) -> Value {
    assert_eq!(response.status(), status, "status for code {code}");
    let body: Value = response.json().await.expect("a JSON error body");
    assert_eq!(body["code"], code, "{body}");
    assert!(body["error"].as_str().is_some_and(|e| !e.is_empty()), "{body}");
    body
}

/// The refusal of a customer form whose e-mail has an account the request could not open.
pub async fn expect_existing_account_refusal(response: Response) -> Value {
    let refused = expect_error(response, StatusCode::UNPROCESSABLE_ENTITY, "invalid_fields").await;
    assert_eq!(
        refused["fieldErrors"]["password"],
        "An account already exists with this email address. Enter its password to add to it."
    );
    refused
}

pub async fn expect_ok(response: Response) -> Value {
    let status = response.status();
    let body: Value = response.json().await.unwrap();
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

/// A change with nothing to tell: 204 and no body.
pub async fn expect_no_content(response: Response) {
    let status = response.status();
    let body = response.text().await.unwrap();
    assert_eq!((status, body.as_str()), (StatusCode::NO_CONTENT, ""));
}

/// The Stripe stand-in started by .ci/test (its address in STRIPE_API_BASE).
pub fn stand_in() -> String {
    std::env::var("STRIPE_API_BASE").expect("STRIPE_API_BASE: run through `bash .ci/test`, which starts localstripe")
}

/// A call to the stand-in as Stripe.js or the dashboard would make it (form-encoded).
pub async fn stripe(method: reqwest::Method, path: &str, form: &str) -> Value {
    let client = reqwest::Client::new();
    let mut request =
        client.request(method.clone(), format!("{}v1{path}", stand_in())).bearer_auth("sk_test_localstripe");
    if method == reqwest::Method::POST {
        request = request.header("content-type", "application/x-www-form-urlencoded").body(form.to_string());
    }
    request.send().await.unwrap().json().await.unwrap()
}

/// The real server binary (`voip-shop serve`) on a free port of this machine, in
/// development mode against the Stripe stand-in, with `env` added. Stopped when dropped.
/// Its log (warnings and errors, unless `env` sets RUST_LOG) goes to a file in the
/// temporary folder named after its port.
pub struct Server {
    child: std::process::Child,
    pub base: String,
}

/// `voip-shop run-job JOB` (the real binary, as an operator or cron runs it) against
/// `database_url` in development mode, with `env` added; answers how it exited.
pub async fn run_job_status(database_url: &str, env: &[(&str, &str)], job: &str) -> std::process::ExitStatus {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_voip-shop"));
    command
        .args(["run-job", job])
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("APP_ENV", "development")
        .env("DATABASE_URL", database_url)
        .env("STRIPE_API_BASE", stand_in())
        .env("SEED_DIR", concat!(env!("CARGO_MANIFEST_DIR"), "/seed"))
        .env("RUST_LOG", "warn")
        .env("NO_COLOR", "1")
        .envs(env.iter().map(|(k, v)| (k.to_string(), v.to_string())))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null());
    tokio::task::spawn_blocking(move || command.status().expect("the server binary runs")).await.unwrap()
}

/// The environment [`Server`] starts the binary with (besides PATH and the test's own), on
/// `port`; the in-process crash tests make their app's configuration from the same
/// (crate::crashes).
pub fn server_env(database_url: &str, port: u16) -> Vec<(&'static str, String)> {
    vec![
        ("APP_ENV", "development".to_string()),
        ("DATABASE_URL", database_url.to_string()),
        ("DATABASE_MAX_CONNECTIONS", "5".to_string()),
        ("HOST", "127.0.0.1".to_string()),
        ("PORT", port.to_string()),
        ("STRIPE_API_BASE", stand_in()),
        ("WEBAPP_DIR", webapp_dir().display().to_string()),
        ("SEED_DIR", concat!(env!("CARGO_MANIFEST_DIR"), "/seed").to_string()),
        ("RUST_LOG", "warn".to_string()),
        ("NO_COLOR", "1".to_string()),
    ]
}

impl Server {
    pub async fn start(database_url: &str, env: &[(&str, &str)]) -> Server {
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let log = std::fs::File::create(std::env::temp_dir().join(format!("voip-shop-test-{port}.log"))).unwrap();
        let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_voip-shop"));
        command
            .arg("serve")
            .env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .envs(server_env(database_url, port))
            .envs(env.iter().copied())
            .stdout(log.try_clone().unwrap())
            .stderr(log);
        // Owned by `Server` at once: its Drop stops the process whatever happens next.
        let server = Server {
            child: command.spawn().expect("the server binary starts"),
            base: format!("http://127.0.0.1:{port}"),
        };
        for _ in 0..300 {
            if reqwest::get(format!("{}/readyz", server.base)).await.is_ok_and(|r| r.status().is_success()) {
                return server;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        panic!("the server did not become ready");
    }

    pub async fn post(&self, path: &str, body: Value) -> reqwest::Result<reqwest::Response> {
        reqwest::Client::new().post(format!("{}{path}", self.base)).json(&body).send().await
    }

    /// Waits for the server to die (a fault) and checks it did.
    pub fn crashed(mut self) {
        let status = self.child.wait().unwrap();
        assert!(!status.success(), "the server was stopped by the fault");
    }

    /// This server as a TestApp (the other tests' helpers), reading the database through `pool`.
    pub fn app(&self, pool: &PgPool) -> TestApp {
        TestApp {
            address: self.base.clone(),
            pool: pool.clone(),
            client: reqwest::Client::new(),
            account_cookie: AccountCookie::default(),
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Stops the app's clock at this moment: the rate limiter (api/src/platform/limits.rs) counts in
/// windows of the clock's time, so a test filling a per-minute limit to its edge stays inside
/// one window however long it takes.
pub fn stop_the_clock(config: &mut Config) {
    config.stopped_clock = Some(chrono::Utc::now());
}
