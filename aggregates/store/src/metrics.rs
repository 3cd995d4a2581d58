//! The commands' series for GET /metrics (the api crate installs the recorder and describes
//! every series; README, Operations, lists them). One call at the place it counts, so the
//! command runner stays as it was.

use cqrs_es::AggregateError;

pub const COMMANDS: &str = "talkbridge_commands_total";

/// Counts a command by its aggregate type and outcome: `ok`, `conflict_retried` (stored
/// after losing at least one race with another writer), `refused` (the aggregate said no:
/// the user's error) or `failed` (conflicts past the last attempt, the database). Answers
/// `result` unchanged.
pub fn command<T, E>(
    aggregate: &'static str,
    attempts: u32,
    result: Result<T, AggregateError<E>>,
) -> Result<T, AggregateError<E>>
where
    E: std::error::Error,
{
    let outcome = match &result {
        Ok(_) if attempts > 1 => "conflict_retried",
        Ok(_) => "ok",
        Err(AggregateError::UserError(_)) => "refused",
        Err(_) => "failed",
    };
    metrics::counter!(COMMANDS, "aggregate" => aggregate, "outcome" => outcome).increment(1);
    result
}
