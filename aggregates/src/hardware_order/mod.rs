//! The HardwareOrder aggregate (docs/product-rules.md, Hardware checkout): desk phones bought
//! from the cart. So far its price list (shipping options, delivery estimate, amounts) and
//! the buyer's details with the checkout form's checks.

mod details;
mod lines;
mod shipping;

pub use details::{check_details, uk_postcode, FieldErrors, HardwareCustomer, ShippingAddress};
pub use lines::{HardwareAmounts, HardwareLine, MAX_LINES, MAX_QUANTITY, MAX_UNIT_PRICE};
pub use shipping::{ShippingOption, BILLING_COUNTRIES, SHIPPING_COUNTRIES};
