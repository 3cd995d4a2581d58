//! The use cases: what a buyer, a staff member or a job asks of the shop, each a function over
//! [`state::AppState`] that runs aggregate commands and reads projections. Routes call these;
//! these never call routes.

pub mod account_form;
pub mod account_services;
pub mod accounts;
pub mod admin;
pub mod analytics;
pub mod auth;
pub mod billing;
pub mod card_setups;
pub mod cart_holds;
pub mod carts;
pub mod catalogue;
pub mod checkout;
pub mod customer_account;
pub mod customer_sessions;
pub mod faults;
pub mod hardware_checkout;
pub mod hardware_items;
pub mod ids;
pub mod locks;
pub mod order_access;
pub mod order_links;
pub mod order_secrets;
pub mod payments;
pub mod public_reads;
pub mod quotes;
pub mod service_money;
pub mod shop;
pub mod sip_extensions;
pub mod sip_passwords;
pub mod state;
pub mod stripe_events;
pub mod transfers;
pub mod trial;
pub mod trial_mail;
pub mod workflows;
