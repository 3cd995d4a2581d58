//! The Transfer aggregate: one number a paid order transfers in (transfer-in), from the order's
//! completion to the day it rings on our network (docs/product-rules.md, Number transfers):
//!
//! requested → details confirmed → submitted → date set → completed
//!
//! The buyer confirms the details and signs the letter of authority online (which is also
//! how a rejected transfer is tried again, with corrected details); staff move it along; a transfer
//! can be rejected, with a reason, at any step after the details are in.
//!
//! A UK mobile moves with its PAC code instead (Ofcom's scheme: the network texts it to the
//! account holder): the PAC is the authority, given with the number in the cart, so its transfer
//! starts with its details confirmed and nothing to sign. After a rejection (an expired or
//! mistyped PAC) the buyer gives a new PAC.
//!
//! Its id is derived from the order's id and the number ([`transfer_id`]), so whoever opens it
//! (the `open-ports` workflow, or the buyer's or staff's first step) finds the same one.
//! Ports used to live in the ServiceOrder stream: [`opening`] reads those older events
//! (still stored there, as legacy) so that a transfer half-way through carries on here from
//! where it stood.

mod aggregate;
mod commands;
mod errors;
mod events;
mod opening;

pub use aggregate::{
    business_days_between, Transfer, TransferDetails, TransferServices, TransferState, TransferStep,
    MAX_REJECTION_REASON, MAX_SIGNATURES, MAX_TRANSFER_TEXT, TRANSFER_PROMISE_BUSINESS_DAYS,
};
pub use commands::TransferCommand;
pub use errors::TransferError;
pub use events::TransferEvent;
pub use opening::{from_order, legacy_event, opening, transfer_id};

#[cfg(test)]
mod tests;
