//! Crashes on purpose at named points (`FAULT_INJECTION`, development only: the api's
//! configuration refuses it in production), for the tests that prove a workflow resumes
//! after a crash at any step.

use std::sync::Arc;

/// A crash asked for: where, and how the program stops there.
#[derive(Debug, Clone)]
pub struct Fault {
    pub point: String,
    pub stop: Stop,
}

#[derive(Debug, Clone)]
pub enum Stop {
    /// The process aborts, as `kill -9` would: no destructor, no flush. What the real binary
    /// does (`FAULT_INJECTION`).
    Abort,
    /// The task that meets the point unwinds (with [`Stopped`]), after telling `Crash`. Only
    /// code sets this, never a variable: the crash tests that run the app inside the test
    /// process (api/tests/api/crashes.rs), whose harness then stops the rest of the app as
    /// an abort would. An unwind alone is not a crash: the app's other tasks would go on, and
    /// its pooled connections would go back to the pool with whatever they held.
    Unwind(Crash),
}

impl Fault {
    /// `FAULT_INJECTION=point`: the process aborts there.
    pub fn abort(point: impl Into<String>) -> Fault {
        Fault { point: point.into(), stop: Stop::Abort }
    }
}

/// Says which point an in-process app stopped at, to whoever waits for it.
#[derive(Debug, Clone)]
pub struct Crash(Arc<tokio::sync::watch::Sender<Option<String>>>);

impl Default for Crash {
    fn default() -> Self {
        Crash(Arc::new(tokio::sync::watch::Sender::new(None)))
    }
}

impl Crash {
    /// The point met, once one has been.
    pub fn met(&self) -> Option<String> {
        self.0.borrow().clone()
    }

    /// Waits until a point is met; answers it.
    pub async fn stopped(&self) -> String {
        let mut told = self.0.subscribe();
        let met = told.wait_for(Option::is_some).await.expect("the sender lives in self");
        met.clone().unwrap_or_default()
    }
}

/// What a task unwinds with at an in-process fault point: the point's name.
#[derive(Debug)]
pub struct Stopped(pub String);

/// Stops here (as [`Stop`] says) when `point` is the `configured` one.
pub fn point(configured: Option<&Fault>, point: &str) {
    let Some(fault) = configured.filter(|fault| fault.point == point) else { return };
    tracing::error!(point, "FAULT_INJECTION: stopping here");
    match &fault.stop {
        Stop::Abort => std::process::abort(),
        Stop::Unwind(crash) => {
            crash.0.send_replace(Some(point.to_string()));
            // Not `panic!`: the panic hook would print a backtrace for a stop asked for.
            std::panic::resume_unwind(Box::new(Stopped(point.to_string())))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn another_point_or_none_goes_on() {
        point(None, "after-a");
        point(Some(&Fault::abort("after-b")), "after-a");
    }

    #[tokio::test]
    async fn an_in_process_point_unwinds_its_task_and_says_where() {
        let crash = Crash::default();
        let fault = Fault { point: "after-a".into(), stop: Stop::Unwind(crash.clone()) };
        let task = tokio::spawn(async move {
            point(Some(&fault), "before-a");
            point(Some(&fault), "after-a");
            "went on past the point"
        });
        let ended = task.await.expect_err("the task stopped at the point");
        let payload = ended.into_panic();
        assert_eq!(payload.downcast_ref::<Stopped>().map(|s| s.0.as_str()), Some("after-a"));
        assert_eq!(crash.met().as_deref(), Some("after-a"));
        assert_eq!(crash.stopped().await, "after-a");
    }
}
