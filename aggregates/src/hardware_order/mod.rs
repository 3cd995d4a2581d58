//! The HardwareOrder aggregate (docs/product-rules.md, Hardware checkout): desk phones bought
//! from the cart. Placed with the cart's lines, a shipping option and the buyer's details
//! (the server prices it all), then paid by card (a declined card may be followed by
//! another), then confirmed: stock noted and the confirmation e-mail queued. A paid order
//! whose confirming fails is marked payment-only or error-handled and confirmed by a retry;
//! an order left unpaid for 24 hours expires. Steps out of order are refused; a step
//! repeated (the browser and a job both confirming) changes nothing.

mod aggregate;
mod commands;
mod details;
mod errors;
mod events;
mod lines;
mod refunds;
mod shipping;

pub use crate::payments::StrayPayment;
pub use aggregate::{
    is_order_number, HardwareOrder, HardwareOrderServices, HardwareOrderStatus, UNPAID_ORDER_LIFETIME,
};
pub use commands::HardwareOrderCommand;
pub use details::{check_details, uk_postcode, FieldErrors, HardwareCustomer, ShippingAddress};
pub use errors::HardwareOrderError;
pub use events::HardwareOrderEvent;
pub use lines::{quote_version, HardwareAmounts, HardwareLine, MAX_LINES, MAX_QUANTITY, MAX_UNIT_PRICE};
pub use refunds::{refund_key, RefundPlan, RefundState, MAX_REFUND_REASON};
pub use shipping::{ShippingOption, BILLING_COUNTRIES, SHIPPING_COUNTRIES};

#[cfg(test)]
mod tests;
