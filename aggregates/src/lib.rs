//! The domain of the ordering platform: aggregates (commands, events, refusals) and the
//! price list. No I/O: outside calls are traits in each aggregate's services.

pub mod actor;
pub mod call_credit;
pub mod cart;
pub mod clock;
pub mod customer;
pub mod dial_plan;
pub mod hardware_item;
pub mod hardware_order;
pub mod numbers;
pub mod payment_attempt;
pub mod payments;
pub mod phone_number;
pub mod pricing;
pub mod quote_request;
pub mod refusal;
pub mod service_order;
pub mod text;
pub mod transfer;
pub mod trial;
pub mod upcasting;
