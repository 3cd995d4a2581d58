//! The ordering platform's server: routes, configuration, errors and start-up.

pub mod account_form;
pub mod accounts;
pub mod analytics;
pub mod auth;
pub mod cart_holds;
pub mod carts;
pub mod checkout;
pub mod client;
/// Running commands with their conflict retry (shared with the scheduled jobs).
pub use jobs::commands;
pub mod config;
pub mod error;
pub mod hardware_checkout;
pub mod hardware_items;
pub mod ids;
pub mod import;
pub mod json;
pub mod limits;
pub mod locks;
pub mod metrics;
pub mod openapi;
pub mod order_secrets;
pub mod payments;
pub mod ports;
pub mod progress;
pub mod public_reads;
pub mod rebuild;
pub mod routes;
pub mod scheduled;
pub mod seed;
pub mod sip;
pub mod startup;
pub mod state;
pub mod support;
pub mod timing;
pub mod trial_mail;
