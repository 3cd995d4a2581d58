//! The HardwareItem aggregate: one desk phone of the catalogue, maintained by admins.
//! Every event records the acting user and the time, so the audit log can say who changed
//! what, from what, to what.

mod aggregate;
mod fields;

pub use aggregate::{
    HardwareCommand, HardwareError, HardwareEvent, HardwareItem, HardwareServices, Image, Stamp, Status,
};
pub use fields::{Brand, FieldChange, HardwareFields, MAX_IMAGES};

#[cfg(test)]
mod tests;
