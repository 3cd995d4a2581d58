//! Per-request locks: one step of one order, cart or trial at a time across every server.

use crate::error::ApiError;
use crate::state::AppState;

/// Runs `step` under the advisory lock named `key` (an order, a cart, a trial), waiting for
/// a step of the same name in flight on any server to finish first.
pub async fn locked<T>(
    state: &AppState,
    key: String,
    step: impl std::future::Future<Output = Result<T, ApiError>>,
) -> Result<T, ApiError> {
    match jobs::under_lock(&state.pool, &key, true, || step).await? {
        jobs::RunOutcome::Ran(result) => result,
        jobs::RunOutcome::Skipped => unreachable!("a waiting lock is never skipped"),
    }
}

