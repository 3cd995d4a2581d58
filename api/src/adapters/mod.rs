//! The outside services the use cases talk to, each behind a type of its own: Stripe's API
//! (the payment gateway) and the web app's page renderer (a Node process).

pub mod renderer;
pub mod stripe;
