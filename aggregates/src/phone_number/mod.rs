//! The PhoneNumber aggregate: one number of the stock (keyed by its E.164 digits), reserved
//! for a cart while the visitor checks out, released, or assigned for good (an order's,
//! or a free trial's until the number is returned to the stock after the trial).

mod aggregate;
mod commands;
mod errors;
mod events;

pub use aggregate::{Holder, NumberStock, PhoneNumber, PhoneNumberServices, ORDER_HOLD_MINUTES, RESERVATION_MINUTES};
pub use commands::PhoneNumberCommand;
pub use errors::PhoneNumberError;
pub use events::{PhoneNumberEvent, ReleaseReason};

#[cfg(test)]
mod tests;
