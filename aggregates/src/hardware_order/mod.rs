//! The HardwareOrder aggregate (docs/product-rules.md, Hardware checkout): desk phones bought
//! from the cart. This first part is its price list: the shipping options, the delivery
//! estimate and the amounts.

mod lines;
mod shipping;

pub use lines::{HardwareAmounts, HardwareLine, MAX_LINES, MAX_QUANTITY, MAX_UNIT_PRICE};
pub use shipping::{ShippingOption, BILLING_COUNTRIES, SHIPPING_COUNTRIES};
