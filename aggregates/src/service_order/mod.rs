//! The ServiceOrder aggregate (spec 2): an order placed from a cart with the amounts the
//! server priced, then paid by card (a subscription, a one-time top-up, or both), then
//! given an account with extensions and its numbers, then completed. Steps out of order are
//! refused; a payment confirmed twice (the browser and a webhook) is recorded once.

mod aggregate;
mod events;

pub use aggregate::{is_order_number, PartState, ServiceOrder, ServiceOrderServices, Status};
pub use events::*;

#[cfg(test)]
mod tests;
