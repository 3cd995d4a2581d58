use chrono::{DateTime, NaiveDate, Utc};

use super::aggregate::{TransferDetails, TransferState};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TransferCommand {
    /// The order completed with this number to transfer in (the `open-ports` workflow), or
    /// a first step found the transfer not opened yet. Opening an open transfer changes nothing.
    /// Built by [`super::opening`] from the order's events: the state is where the transfer
    /// stood in the order's stream (a transfer that began there), else where a new one starts.
    Open {
        order_id: String,
        number: String,
        requested_at: DateTime<Utc>,
        updated_at: Option<DateTime<Utc>>,
        state: TransferState,
        details: Option<TransferDetails>,
        signed_at: Option<DateTime<Utc>>,
        date: Option<NaiveDate>,
        rejection_reason: Option<String>,
        pac: Option<String>,
    },
    /// The buyer confirms the transfer's details and signs the letter of authority online
    /// (again, to correct them before staff submit, or after a rejection).
    ConfirmDetails { details: TransferDetails },
    /// A new PAC code for a mobile's transfer (after a rejection: the one given expired or was wrong).
    GivePac { pac: String },
    /// Staff sent the transfer to the losing provider; `by` is their e-mail.
    Submit { by: String },
    /// The losing provider gave (or moved) the transfer date.
    SetDate { date: NaiveDate, by: String },
    /// The number now rings on our network.
    Complete { by: String },
    /// The losing provider refused the transfer, for `reason`.
    Reject { reason: String, by: String },
}
