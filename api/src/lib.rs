//! The ordering platform's server, in layers that import one way (docs/architecture.md):
//!
//! - [`http`]: the routes (request DTO in, one use case, answer DTO out), the OpenAPI
//!   document and the served pages;
//! - [`app`]: the use cases (checkouts, trial, ports, quotes, support, analytics), the
//!   workflows that finish orders from their events, and the state they run with;
//! - [`adapters`]: the outside services behind the use cases (Stripe, the page renderer);
//! - [`platform`]: what every layer stands on (settings, errors, limits, locks, metrics, logs);
//! - [`tools`]: the operator's commands (rebuild-views, import-numbers, seed);
//! - [`startup`] and [`scheduled`] put them together into the server and its jobs.
//!
//! Commands run through the store crate (`store::commands`), as the scheduled jobs' do.

pub mod adapters;
pub mod app;
pub mod http;
pub mod platform;
pub mod scheduled;
pub mod startup;
pub mod tools;
