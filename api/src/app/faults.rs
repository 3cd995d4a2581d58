//! Crashes on purpose at named points, for the tests that prove a workflow resumes after a
//! crash at any step (`FAULT_INJECTION`, refused in production: crate::platform::config). Each point
//! sits between two durable writes; docs/architecture.md lists them by workflow.

use crate::app::state::AppState;

/// Aborts the process (as `kill -9` would: no destructor, no flush) when `point` is the one
/// configured, or stops the in-process test app there (store::faults::Stop).
pub fn point(state: &AppState, point: &str) {
    store::faults::point(state.services.config.fault_injection.as_ref(), point);
}
