//! What every layer stands on: settings, the API's errors, the caller's address, rate limits,
//! locks, timing, logs, metrics and the crash points of the fault tests. Imports nothing from
//! the layers above.

pub mod client;
pub mod config;
pub mod error;
pub mod json;
pub mod limits;
pub mod logging;
pub mod metrics;
pub mod refusals;
pub mod timing;
