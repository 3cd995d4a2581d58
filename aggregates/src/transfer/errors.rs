use thiserror::Error;

use crate::refusals;

refusals! {
    #[derive(Debug, Error, Clone, PartialEq, Eq)]
    pub enum TransferError {
        #[error("That number is not being transferred in on this order.")]
        #[refusal("not_a_port", 409)]
        NotAPort,
        #[error("A transfer starts once the order is complete.")]
        #[refusal("port_not_started", 409)]
        PortNotStarted,
        #[error("Please check the transfer details: {}", port_field_message(.0))]
        #[refusal("invalid_port_details", 422)]
        InvalidPortDetails(&'static str),
        #[error("A mobile number moves with its PAC code: there is no letter of authority to sign for it.")]
        #[refusal("port_moves_with_pac", 409)]
        PortMovesWithPac,
        #[error(
            "Only a mobile number moves with a PAC code: confirm this number's details and sign the letter of authority."
        )]
        #[refusal("port_needs_letter", 409)]
        PortNeedsLetter,
        #[error("A PAC code is 3 letters then 6 digits, like ABC123456.")]
        #[refusal("invalid_pac", 422)]
        InvalidPac,
        #[error("This transfer is {state}: that step does not follow from here.")]
        #[refusal("port_step_not_allowed", 409)]
        PortStepNotAllowed { state: &'static str },
        #[error("The transfer date cannot be in the past: pick today or a later day.")]
        #[refusal("port_date_in_the_past", 422)]
        PortDateInThePast,
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
fn port_field_message(field: &str) -> &'static str {
    match field {
        "account_holder" => "enter the account holder's name exactly as your current provider has it.",
        "current_provider" => "enter the name of your current phone provider.",
        "billing_postcode" => "enter the billing postcode of the current account as a UK postcode, like SW1A 1AA.",
        "signed_name" => "type your full name to sign the letter of authority.",
        _ => "every field is needed.",
    }
}
