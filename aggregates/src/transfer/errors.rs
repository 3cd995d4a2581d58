use thiserror::Error;

use crate::refusals;

refusals! {
    #[derive(Debug, Error, Clone, PartialEq, Eq)]
    pub enum TransferError {
        #[error("That number is not being transferred in on this order.")]
        #[refusal("not_a_transfer", 409)]
        NotATransfer,
        #[error("A transfer starts once the order is complete.")]
        #[refusal("transfer_not_started", 409)]
        NotStarted,
        #[error("Please check the transfer details: {}", field_message(.0))]
        #[refusal("invalid_transfer_details", 422)]
        InvalidDetails(&'static str),
        #[error("A mobile number moves with its PAC code: there is no letter of authority to sign for it.")]
        #[refusal("transfer_moves_with_pac", 409)]
        MovesWithPac,
        #[error(
            "Only a mobile number moves with a PAC code: confirm this number's details and sign the letter of authority."
        )]
        #[refusal("transfer_needs_letter", 409)]
        NeedsLetter,
        #[error("A PAC code is 3 letters then 6 digits, like ABC123456.")]
        #[refusal("invalid_pac", 422)]
        InvalidPac,
        #[error("This transfer is {state}: that step does not follow from here.")]
        #[refusal("transfer_step_not_allowed", 409)]
        StepNotAllowed { state: &'static str },
        #[error("The transfer date cannot be in the past: pick today or a later day.")]
        #[refusal("transfer_date_in_the_past", 422)]
        DateInThePast,
        #[error("Say why the transfer was rejected, so the buyer knows what to correct.")]
        #[refusal("rejection_reason_missing", 422)]
        RejectionReasonMissing,
        #[error(
            "This letter of authority has been signed 5 times already: contact support to correct the details, and we will update the transfer for you."
        )]
        #[refusal("too_many_signatures", 429)]
        TooManySignatures,
        #[error("Only a signed-in staff member can move a transfer along.")]
        #[refusal("staff_required", 401)]
        StaffRequired,
    }
}

/// What to correct in a transfer's details, by field.
fn field_message(field: &str) -> &'static str {
    match field {
        "account_holder" => "enter the account holder's name exactly as your current provider has it.",
        "current_provider" => "enter the name of your current phone provider.",
        "billing_postcode" => "enter the billing postcode of the current account as a UK postcode, like SW1A 1AA.",
        "signed_name" => "type your full name to sign the letter of authority.",
        _ => "every field is needed.",
    }
}
