//! The outside services the use cases talk to, each in a file of its own: Stripe's API (the
//! payment gateway), Google sign-in, the postcode lookup and the web app's page renderer (a
//! Node process). E-mail goes out through the outbox (jobs/src/outbox.rs, SMTP with lettre).

pub mod google;
pub mod postcode;
pub mod renderer;
pub mod stripe;
pub mod stripe_signature;
