//! First-party, cookieless page-view analytics (docs/product-rules.md, Analytics).
//!
//! - `view`: what a page view may hold, checked field by field (no query string, the
//!   referrer reduced to its host and dropped when it is our own).
//! - `collector`: the queue the `POST /api/page-views` handler hands views to, and the one
//!   background task that hashes each view's visitor with the day's salt and writes them in
//!   batches. The handler never waits for the write, so a burst of views cannot slow the
//!   pages: when the queue is full a view is dropped and counted. It does count each client
//!   address's views (one upsert in the shared limiter): over 120 a minute they are dropped.
//! - `report`: what staff read at /admin/analytics: views and visitors per day, top pages
//!   and referrers, and the order funnel.

pub mod collector;
pub mod report;
pub mod view;

pub use collector::{start, PageViewQueue, PageViewWriter};
