//! The service checkout as a service: the route handlers translate requests and answers;
//! everything that happens to an order and its money happens here.
//!
//! | step | function | file |
//! |---|---|---|
//! | place the order from the cart | `place_order` | order.rs |
//! | save the card (the browser confirms it) | `set_up_card` (crate::app::payments) | payment.rs |
//! | charge it (3-D Secure in the browser, then again): the top-up through crate::app::payments, then the subscription | `pay_order` | payment.rs |
//! | the account and extensions, then the completion workflow (crate::app::workflows) | `create_account`, `complete_unattended` | account.rs |
//! | read it back for its thank-you page | `order_page` | order.rs |
//!
//! The payment provider sits behind `gateway::PaymentGateway` (Stripe in crate::adapters::stripe).

mod account;
pub mod gateway;
mod order;
mod payment;

pub use account::{complete_unattended, create_account, Completed, Shown, FAULT_POINTS};
pub use order::{check_order_secret, load, order_id, order_page, place_order, OrderPage, PlaceOrder, PlacedOrder};
pub use payment::{order_subscription, pay_order, set_up_card, PayOrder, PayableServiceOrder, Payment};
