//! The payment gateway port, as the checkout names it: the trait and its types live in
//! `aggregates::payments`, below the API and the jobs that both use it.

pub use aggregates::payments::PaymentError as GatewayError;
pub use aggregates::payments::*;
