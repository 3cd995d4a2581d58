//! The Trial aggregate (docs/product-rules.md, Free trial): seven days of Single User VoIP with one free
//! number, one extension and 50 minutes, started without a card. A card may be attached;
//! when the seven days are over the trial ends, or with a card it converts to a paid
//! Single User subscription (or ends if that charge fails). The buyer confirms the e-mail
//! address through a link within 24 hours (`VerifyEmail`), or the trial ends at once
//! (`EndUnverified`). Time comes from the clock.

mod aggregate;
mod commands;
mod errors;
mod events;

pub use aggregate::{
    Trial, TrialServices, TrialStatus, MAX_EXTENSION_DAYS, NUMBER_KEPT_DAYS, REMINDER_DAYS_BEFORE_END, TRIAL_DAYS,
    TRIAL_MINUTES, TRIAL_PACKAGE, VERIFY_WITHIN_HOURS,
};
pub use commands::{TrialCommand, TrialStep};
pub use errors::TrialError;
pub use events::{EndReason, TrialEvent};

#[cfg(test)]
mod tests;
