//! API tests: the real server on a random port against a fresh PostgreSQL database each.
//! The server is found through TEST_DATABASE_URL (a URL of any database on the server
//! that may create databases), by default postgres://postgres@127.0.0.1:5432/postgres.

mod account;
pub(crate) mod account_invoices_and_credit;
mod account_services;
mod address;
pub(crate) mod admin;
mod analytics;
pub(crate) mod calls;
mod card_setups;
mod cart;
pub(crate) mod checkout;
mod checkout_service;
mod crash_matrix;
mod crashes;
mod event_store;
mod fraud;
mod fraud_panel;
pub(crate) mod hardening;
mod hardware;
pub(crate) mod hardware_checkout;
pub(crate) mod hardware_routes;
mod helpers;
mod jobs;
pub(crate) mod live_pages;
mod metrics;
mod nginx;
mod numbers;
mod openapi;
mod prerender;
mod public_reads;
mod quotes;
mod rebuild;
mod refunds;
mod server;
mod service_money;
pub(crate) mod sip;
mod top_up_crashes;
pub(crate) mod transfers;
mod trial;
mod two_servers;
