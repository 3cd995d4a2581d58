//! The hardware (desk-phone) checkout as a service, beside the service checkout and on the
//! same payment gateway: the route handlers translate requests and answers; everything that
//! happens to a hardware order and its money happens here.
//!
//! | step | function | file |
//! |---|---|---|
//! | price the cart's phones (with a shipping option) | `quote` | order.rs |
//! | place the order ('Complete Order') | `place_hardware_order` | order.rs |
//! | save the card (the browser confirms it) | `set_up_card` (crate::app::payments) | payment.rs |
//! | charge it (3-D Secure in the browser) | `pay` (crate::app::payments::charge) | payment.rs |
//! | confirm it once paid | `confirm_payment` (then the `confirm-hardware-order` workflow, app/workflows/hardware_order.rs) | payment.rs |
//!
//! The confirm-hardware-orders job (jobs/src/hardware_orders.rs) confirms what a failed
//! confirmation left and expires orders unpaid for 24 hours.

mod order;
mod payment;

pub use order::{
    buyer_order, check_secret, load, order_id, order_quote, order_view, place_hardware_order, quote, shipping_option,
    PlaceHardwareOrder, PlacedHardwareOrder, Placing, Quote, QuotedLine,
};
pub use payment::{confirm_payment, pay, set_up_card, Confirmation, HardwarePayment};
