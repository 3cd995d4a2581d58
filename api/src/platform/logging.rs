//! The server's log: one line per request and whatever else is worth an operator's eye,
//! written off the request path.
//!
//! Lines are written to standard output by a thread of their own (tracing-appender's
//! non-blocking writer, lossy, its queue bounded by `LOG_BUFFER_LINES`). Request lines, the
//! bulk of the log, are gathered first: a request appends its line to a shared batch (a
//! copy under a short lock) and a flusher thread hands the batch to the writer every 50 ms,
//! so the writer wakes 20 times a second rather than once a line. A batch over 1 MiB (the
//! writer far behind) drops further request lines. Dropped lines of either kind are counted
//! in `talkbridge_log_lines_dropped_total`: a request never waits for the log.
//!
//! `LOG_FORMAT`: `json` (one JSON object a line, for a log collector: the default when
//! `APP_ENV` is production) or `text` (for people: the default in development).
//! `RUST_LOG` chooses what is logged (`info,sqlx=warn` unless set); request lines are INFO
//! of `talkbridge::http`.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::os::fd::AsFd;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::Duration;

use chrono::Utc;
use serde::Serialize;
use tracing::Level;

/// The header that carries a request's id: set by the router's outer layer, read for its log line.
pub const REQUEST_ID: axum::http::HeaderName = axum::http::HeaderName::from_static("x-request-id");

tokio::task_local! {
    /// The id of the request this task serves (crate::platform::metrics::track_http sets it).
    static CURRENT_REQUEST: String;
}

/// Runs `serve` as the request `id`: every line it logs carries the id (a `request` span), and
/// a failure's answer can name it ([`current_request`]).
pub async fn serving<F: std::future::Future>(id: &str, serve: F) -> F::Output {
    use tracing::Instrument;
    let span = tracing::info_span!("request", id);
    CURRENT_REQUEST.scope(id.to_string(), serve.instrument(span)).await
}

/// The id of the request being served, when this task serves one.
pub fn current_request() -> Option<String> {
    CURRENT_REQUEST.try_with(Clone::clone).ok().filter(|id| !id.is_empty())
}
use tracing_appender::non_blocking::{ErrorCounter, NonBlocking, NonBlockingBuilder, WorkerGuard};
use tracing_subscriber::EnvFilter;

/// The queue's bound when `LOG_BUFFER_LINES` is unset.
pub const DEFAULT_BUFFER_LINES: usize = 10_000;

static DROPPED: OnceLock<ErrorCounter> = OnceLock::new();
/// Request lines dropped because the batch was full.
static DROPPED_REQUESTS: AtomicU64 = AtomicU64::new(0);
/// The request lines' batch, and the format they are written in (set by `init`).
static REQUESTS: OnceLock<(Mutex<Vec<u8>>, Format)> = OnceLock::new();

/// How often the batch of request lines goes to the writer.
const FLUSH_EVERY: Duration = Duration::from_millis(50);
/// The most the batch holds; lines beyond it are dropped and counted.
const MAX_BATCH_BYTES: usize = 1024 * 1024;

/// The target whose INFO level turns request lines on (`RUST_LOG=info,talkbridge::http=warn`
/// turns them off alone).
pub const REQUEST_TARGET: &str = "talkbridge::http";

/// Lines dropped so far because the writer was behind (0 before `init`).
pub fn dropped_lines() -> u64 {
    DROPPED.get().map_or(0, |counter| counter.dropped_lines() as u64) + DROPPED_REQUESTS.load(Ordering::Relaxed)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Json,
    Text,
}

/// The log's settings, read from the environment by `settings`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settings {
    pub format: Format,
    pub buffer_lines: usize,
    pub filter: String,
}

/// The settings from the environment's values (`lookup`); an unreadable value is an error
/// naming the setting, so a typo never silently logs otherwise than asked.
pub fn settings(lookup: impl Fn(&str) -> Option<String>) -> Result<Settings, String> {
    let set = |key: &str| lookup(key).map(|v| v.trim().to_string()).filter(|v| !v.is_empty());
    let production = set("APP_ENV").is_none_or(|env| env == "production");
    let format = match set("LOG_FORMAT").as_deref() {
        None if production => Format::Json,
        None => Format::Text,
        Some("json") => Format::Json,
        Some("text") => Format::Text,
        Some(other) => return Err(format!("LOG_FORMAT must be json or text, not {other:?}")),
    };
    let buffer_lines = match set("LOG_BUFFER_LINES") {
        None => DEFAULT_BUFFER_LINES,
        Some(value) => value
            .parse::<usize>()
            .ok()
            .filter(|n| (100..=1_000_000).contains(n))
            .ok_or_else(|| format!("LOG_BUFFER_LINES must be a whole number from 100 to 1000000, not {value:?}"))?,
    };
    let filter = set("RUST_LOG").unwrap_or_else(|| "info,sqlx=warn".to_string());
    Ok(Settings { format, buffer_lines, filter })
}

/// One request's line.
#[derive(Serialize)]
struct RequestLine<'a> {
    timestamp: &'a str,
    level: &'static str,
    target: &'static str,
    fields: RequestFields<'a>,
}

#[derive(Serialize)]
struct RequestFields<'a> {
    message: &'static str,
    id: &'a str,
    method: &'a str,
    route: &'a str,
    status: u16,
    latency_ms: f64,
}

/// Logs one answered request: its id, method, route (the matched template), status and
/// latency, in the shape of the other lines but formatted here, without tracing's per-event
/// machinery, and batched (see the module's comment): at INFO, a line through tracing cost a
/// tenth of the cheapest route's throughput (api/bench/logging.sh). Nothing is done unless
/// INFO is on for `REQUEST_TARGET`.
pub fn request(id: &str, method: &str, route: &str, status: u16, latency: Duration) {
    if !tracing::enabled!(target: REQUEST_TARGET, Level::INFO) {
        return;
    }
    let latency_ms = (latency.as_secs_f64() * 1e5).round() / 100.0;
    let Some((batch, format)) = REQUESTS.get() else {
        tracing::info!(target: REQUEST_TARGET, id, method, route, status, latency_ms, "answered");
        return;
    };
    thread_local! {
        static LINE: std::cell::RefCell<Vec<u8>> = std::cell::RefCell::new(Vec::with_capacity(256));
    }
    LINE.with_borrow_mut(|line| {
        line.clear();
        let timestamp = now_rfc3339();
        let fields = RequestFields { message: "answered", id, method, route, status, latency_ms };
        let written = match format {
            Format::Json => {
                let record = RequestLine { timestamp: &timestamp, level: "INFO", target: REQUEST_TARGET, fields };
                serde_json::to_writer(&mut *line, &record).map_err(std::io::Error::from)
            }
            Format::Text => write!(
                line,
                "{}  INFO {REQUEST_TARGET}: answered id={id} method={method} route={route} status={status} latency_ms={latency_ms}",
                timestamp
            ),
        };
        if written.is_err() {
            return;
        }
        line.push(b'\n');
        let mut batch = batch.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if batch.len() + line.len() > MAX_BATCH_BYTES {
            DROPPED_REQUESTS.fetch_add(1, Ordering::Relaxed);
        } else {
            batch.extend_from_slice(line);
        }
    });
}

/// The time as tracing's JSON lines write it (RFC 3339, microseconds, UTC). The date and
/// time to the second are formatted once a second per thread; only the microseconds each time.
fn now_rfc3339() -> String {
    thread_local! {
        static SECOND: std::cell::RefCell<(i64, String)> = const { std::cell::RefCell::new((i64::MIN, String::new())) };
    }
    let now = Utc::now();
    SECOND.with_borrow_mut(|(second, prefix)| {
        if *second != now.timestamp() {
            *second = now.timestamp();
            *prefix = now.format("%Y-%m-%dT%H:%M:%S").to_string();
        }
        format!("{prefix}.{:06}Z", now.timestamp_subsec_micros().min(999_999))
    })
}

/// Hands the batch of request lines to the writer.
fn flush_requests(writer: &mut NonBlocking) {
    let Some((batch, _)) = REQUESTS.get() else { return };
    let lines = std::mem::take(&mut *batch.lock().unwrap_or_else(std::sync::PoisonError::into_inner));
    if !lines.is_empty() {
        let _ = writer.write_all(&lines);
    }
}

/// Keep it until the process ends: dropping it writes out the request lines gathered and
/// then everything queued.
pub struct LogGuard {
    writer: NonBlocking,
    _worker: WorkerGuard,
}

impl Drop for LogGuard {
    fn drop(&mut self) {
        flush_requests(&mut self.writer);
    }
}

/// Standard output, written in blocks: the writer thread takes every line queued, then
/// flushes, so a busy server makes one write per batch rather than one per line (Rust's
/// `Stdout` writes at each newline).
fn output() -> Box<dyn Write + Send> {
    match std::io::stdout().as_fd().try_clone_to_owned() {
        Ok(fd) => Box::new(BufWriter::with_capacity(64 * 1024, File::from(fd))),
        Err(_) => Box::new(std::io::stdout()),
    }
}

/// Installs the process's logger and starts the flusher of request lines.
pub fn init(settings: &Settings) -> Result<LogGuard, String> {
    let filter = EnvFilter::try_new(&settings.filter).map_err(|e| format!("RUST_LOG {:?}: {e}", settings.filter))?;
    let (writer, guard) =
        NonBlockingBuilder::default().lossy(true).buffered_lines_limit(settings.buffer_lines).finish(output());
    let _ = DROPPED.set(writer.error_counter());
    let _ = REQUESTS.set((Mutex::new(Vec::with_capacity(64 * 1024)), settings.format));
    let mut flusher = writer.clone();
    std::thread::Builder::new()
        .name("log-flusher".into())
        .spawn(move || loop {
            std::thread::sleep(FLUSH_EVERY);
            flush_requests(&mut flusher);
        })
        .map_err(|e| format!("could not start the log's flusher thread: {e}"))?;
    let guard_writer = writer.clone();
    let builder = tracing_subscriber::fmt().with_env_filter(filter).with_writer(writer);
    match settings.format {
        Format::Json => builder.json().with_current_span(true).with_span_list(false).init(),
        Format::Text => builder.with_ansi(std::env::var_os("NO_COLOR").is_none()).init(),
    }
    Ok(LogGuard { writer: guard_writer, _worker: guard })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn from(pairs: &[(&str, &str)]) -> Result<Settings, String> {
        settings(|key| pairs.iter().find(|(k, _)| *k == key).map(|(_, v)| v.to_string()))
    }

    #[test]
    fn production_logs_json_and_development_text_unless_told() {
        assert_eq!(from(&[]).unwrap().format, Format::Json, "APP_ENV defaults to production");
        assert_eq!(from(&[("APP_ENV", "production")]).unwrap().format, Format::Json);
        assert_eq!(from(&[("APP_ENV", "development")]).unwrap().format, Format::Text);
        assert_eq!(from(&[("APP_ENV", "development"), ("LOG_FORMAT", "json")]).unwrap().format, Format::Json);
        assert_eq!(from(&[("LOG_FORMAT", "text")]).unwrap().format, Format::Text);
        assert!(from(&[("LOG_FORMAT", "xml")]).unwrap_err().contains("LOG_FORMAT"));
    }

    #[test]
    fn the_queue_is_bounded_by_a_sane_number() {
        assert_eq!(from(&[]).unwrap().buffer_lines, DEFAULT_BUFFER_LINES);
        assert_eq!(from(&[("LOG_BUFFER_LINES", "500")]).unwrap().buffer_lines, 500);
        for bad in ["0", "-1", "lots", "99", "1000001"] {
            assert!(from(&[("LOG_BUFFER_LINES", bad)]).unwrap_err().contains("LOG_BUFFER_LINES"), "{bad}");
        }
        assert_eq!(from(&[]).unwrap().filter, "info,sqlx=warn");
        assert_eq!(from(&[("RUST_LOG", "warn")]).unwrap().filter, "warn");
    }
}
