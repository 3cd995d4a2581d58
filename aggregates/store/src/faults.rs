//! Crashes on purpose at named points (`FAULT_INJECTION`, development only: the api's
//! configuration refuses it in production), for the tests that prove a workflow resumes
//! after a crash at any step.

/// Aborts the process (as `kill -9` would: no destructor, no flush) when `point` is the
/// `configured` one.
pub fn point(configured: Option<&str>, point: &str) {
    if configured == Some(point) {
        tracing::error!(point, "FAULT_INJECTION: stopping here");
        std::process::abort();
    }
}
