//! Progress of the operator's bulk tools (`import-numbers`, `rebuild-views`): a bar with
//! the count done, the rate and the time left when stderr is a terminal, otherwise a log
//! line every few seconds (a cron job or a deploy script keeps a readable log).

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// How often a log line is written when there is no terminal.
const LOG_EVERY: Duration = Duration::from_secs(3);

pub struct Progress {
    what: &'static str,
    unit: &'static str,
    total: u64,
    done: u64,
    bar: Option<ProgressBar>,
    started: Instant,
    logged: Instant,
}

impl Progress {
    /// `total` of `unit` (events, bytes) to go through; the bar only on a terminal.
    pub fn new(what: &'static str, unit: &'static str, total: u64) -> Progress {
        let bar = std::io::stderr().is_terminal().then(|| {
            let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
            let template =
                format!("{what} [{{bar:40}}] {{human_pos}}/{{human_len}} {unit} {{per_sec}} {{eta}} left {{msg}}");
            bar.set_style(ProgressStyle::with_template(&template).expect("a valid template").progress_chars("=> "));
            bar
        });
        Progress { what, unit, total, done: 0, bar, started: Instant::now(), logged: Instant::now() }
    }

    /// `done` of the total so far; `note` says what else is worth knowing (lines read).
    pub fn set(&mut self, done: u64, note: impl FnOnce() -> String) {
        self.done = done;
        if let Some(bar) = &self.bar {
            bar.set_position(done);
            bar.set_message(note());
        } else if self.logged.elapsed() >= LOG_EVERY {
            self.logged = Instant::now();
            let seconds = self.started.elapsed().as_secs_f64().max(0.001);
            let rate = done as f64 / seconds;
            let left = if rate > 0.0 { self.total.saturating_sub(done) as f64 / rate } else { 0.0 };
            tracing::info!(
                "{}: {} of {} {} ({}%), {:.0} {}/s, about {:.0} s left{}",
                self.what,
                done,
                self.total,
                self.unit,
                done.saturating_mul(100) / self.total.max(1),
                rate,
                self.unit,
                left,
                Some(note()).filter(|n| !n.is_empty()).map(|n| format!(", {n}")).unwrap_or_default()
            );
        }
    }

    pub fn add(&mut self, more: u64) {
        self.set(self.done + more, String::new);
    }

    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }

    /// Clears the bar; the caller logs the outcome.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}
