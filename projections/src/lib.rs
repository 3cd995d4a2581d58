//! Read models built from the stored events (read through the store's one reader: crate::events).
//! Each can be rebuilt by replaying the store.

pub mod call_credit;
pub mod cart;
pub mod catch_up;
pub mod events;
pub mod hardware;
pub mod hardware_orders;
pub mod history;
pub mod inventory;
pub mod lines;
pub mod orders;
pub mod quotes;
pub mod rebuild;
pub mod sip;
pub mod sip_numbers;
pub mod transfers;
pub mod trials;
