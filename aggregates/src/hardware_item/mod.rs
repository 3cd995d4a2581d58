//! The HardwareItem aggregate: one desk phone of the catalogue, maintained by admins.
//! Every event records the acting user and the time, so the audit log can say who changed
//! what, from what, to what.

mod aggregate;
mod commands;
mod errors;
mod events;
mod fields;

pub use aggregate::{HardwareItem, HardwareServices};
pub use commands::HardwareCommand;
pub use errors::HardwareError;
pub use events::{HardwareEvent, Image, ItemStatus, Stamp};
pub use fields::{Brand, FieldChange, HardwareFields, MAX_IMAGES};

#[cfg(test)]
mod tests;
