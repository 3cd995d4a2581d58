//! The server's log: one line per request and whatever else is worth an operator's eye,
//! written off the request path.
//!
//! A request's handler only formats its line into a bounded queue in memory; a thread of its
//! own writes the queue to standard output (tracing-appender's non-blocking writer). When the
//! output cannot keep up and the queue is full, lines are dropped rather than the request
//! waiting, and `talkbridge_log_lines_dropped_total` counts them.
//!
//! `LOG_FORMAT`: `json` (one JSON object a line, for a log collector: the default when
//! `APP_ENV` is production) or `text` (for people: the default in development).
//! `LOG_BUFFER_LINES`: the queue's bound, 10,000 lines unless set. `RUST_LOG` chooses what
//! is logged (`info,sqlx=warn` unless set).

use std::sync::OnceLock;

use tracing_appender::non_blocking::{ErrorCounter, NonBlockingBuilder, WorkerGuard};
use tracing_subscriber::EnvFilter;

/// The queue's bound when `LOG_BUFFER_LINES` is unset.
pub const DEFAULT_BUFFER_LINES: usize = 10_000;

static DROPPED: OnceLock<ErrorCounter> = OnceLock::new();

/// Lines dropped so far because the queue was full (0 before `init`).
pub fn dropped_lines() -> u64 {
    DROPPED.get().map_or(0, |counter| counter.dropped_lines() as u64)
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

/// Installs the process's logger. Keep the guard until the process ends: dropping it
/// writes out what is queued.
pub fn init(settings: &Settings) -> Result<WorkerGuard, String> {
    let filter = EnvFilter::try_new(&settings.filter).map_err(|e| format!("RUST_LOG {:?}: {e}", settings.filter))?;
    let (writer, guard) =
        NonBlockingBuilder::default().lossy(true).buffered_lines_limit(settings.buffer_lines).finish(std::io::stdout());
    let _ = DROPPED.set(writer.error_counter());
    let builder = tracing_subscriber::fmt().with_env_filter(filter).with_writer(writer);
    match settings.format {
        Format::Json => builder.json().with_current_span(true).with_span_list(false).init(),
        Format::Text => builder.with_ansi(std::env::var_os("NO_COLOR").is_none()).init(),
    }
    Ok(guard)
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
