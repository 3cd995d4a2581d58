//! The ServiceOrder aggregate (docs/product-rules.md, Service checkout): an order placed
//! from a cart with the amounts the server priced, then paid by card (a subscription, a one-time top-up, or both), then
//! given an account with extensions and its numbers, then completed. Steps out of order are
//! refused; a payment confirmed twice (the browser and a webhook) is recorded once.

mod aggregate;
mod commands;
mod errors;
mod events;
mod lines;
mod spend_cap;
mod suspension;

/// Shared with the trial; their home is [`crate::customer`].
pub use crate::customer::{Customer, Extension};
pub use aggregate::{
    is_order_number, Cancellation, OrderStatus, ServiceOrder, ServiceOrderServices, CUSTOMER_NOTICE,
    MAX_CANCELLATION_REASON, MAX_CARD_CHANGES, UNPAID_ORDER_LIFETIME,
};
pub use commands::{CheckoutStep, ServiceOrderCommand};
pub use errors::ServiceOrderError;
pub use events::ServiceOrderEvent;
pub use lines::{OrderAmounts, OrderLines, OrderedAddOn, OrderedNumber, PaymentPart, PaymentType};
pub use spend_cap::{cap_tenths, check_spend_cap, DEFAULT_DAILY_SPEND_CAP, MAX_DAILY_SPEND_CAP};
pub use suspension::{
    check_staff_reason, CallsOutSuspension, SuspensionCause, ACCOUNT_SUSPENDED_REASON, MAX_SUSPENSION_REASON,
    PAYMENT_FAILED_REASON,
};

#[cfg(test)]
mod tests;
