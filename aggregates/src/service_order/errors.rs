use thiserror::Error;

#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum ServiceOrderError {
    #[error("Order not found.")]
    NotFound,
    #[error("This order has already been placed.")]
    AlreadyPlaced,
    #[error("Invalid order number.")]
    InvalidOrderNumber,
    #[error("Invalid cart data. Please try again.")]
    InvalidLines,
    #[error("The order's amounts do not add up.")]
    AmountsDoNotAddUp,
    #[error("The payment has already been confirmed.")]
    AlreadyPaid,
    #[error("This order was replaced by a newer one from the same cart. Please continue with the newer order.")]
    Superseded,
    #[error("This order has expired unpaid. Please check out again.")]
    Expired,
    #[error("An unpaid order can only be expired 24 hours after it was placed.")]
    TooEarlyToExpire,
    #[error("That payment is this order's own, not one to refund.")]
    NotAStrayPayment,
    #[error("The order has no payment customer yet.")]
    NoPaymentCustomer,
    #[error("The order already has a payment customer.")]
    PaymentCustomerAlreadyRegistered,
    #[error("This order is not paid by subscription.")]
    NoSubscriptionNeeded,
    #[error("This order has no top-up to pay.")]
    NoTopUpNeeded,
    #[error("A payment for this part is already under way.")]
    PaymentAlreadyStarted,
    #[error("A payment attempt needs a key.")]
    InvalidAttemptKey,
    #[error("That payment does not belong to this order.")]
    UnknownPayment,
    #[error("The payment has not been confirmed yet.")]
    PaymentNotConfirmed,
    #[error("The account has already been created.")]
    AccountAlreadyCreated,
    #[error("An account needs at least one extension.")]
    NoExtensions,
    #[error("The account has not been created yet.")]
    NoAccount,
    #[error("The numbers have already been assigned.")]
    NumbersAlreadyAssigned,
    #[error("Those are not the order's numbers.")]
    WrongNumbers,
    #[error("The numbers have not been assigned yet.")]
    NumbersNotAssigned,
    #[error("This order has already been completed.")]
    AlreadyCompleted,
    #[error("There is no confirmation to resend until the order is complete.")]
    NotComplete,
    #[error("That number is not one of this order's numbers: pick one from the order's list.")]
    NotTheOrdersNumber,
    #[error("That number has already been released.")]
    NumberAlreadyReleased,
    #[error("That number is not waiting for a replacement.")]
    NotLost,
    #[error("That area code is not waiting for a number on this order.")]
    NotAnOpenPlaceholder,
    #[error("That number is not being transferred in on this order.")]
    NotAPort,
    #[error("A transfer starts once the order is complete.")]
    PortNotStarted,
    #[error("Please check the transfer details: {}", port_field_message(.0))]
    InvalidPortDetails(&'static str),
    #[error("A mobile number moves with its PAC code: there is no letter of authority to sign for it.")]
    PortMovesWithPac,
    #[error(
        "Only a mobile number moves with a PAC code: confirm this number's details and sign the letter of authority."
    )]
    PortNeedsLetter,
    #[error("A PAC code is 3 letters then 6 digits, like ABC123456.")]
    InvalidPac,
    #[error("This transfer is {state}: that step does not follow from here.")]
    PortStepNotAllowed { state: &'static str },
    #[error("The transfer date cannot be in the past: pick today or a later day.")]
    PortDateInThePast,
    #[error("Say why the transfer was rejected, so the buyer knows what to correct.")]
    RejectionReasonMissing,
    #[error("Only a signed-in staff member can move a transfer along.")]
    StaffRequired,
    #[error("That extension is not one of this order's: pick one from the order's list.")]
    ExtensionNotFound,
    #[error("Too many card attempts on this order. Please contact support to finish it.")]
    TooManyCardSetups,
    #[error("This order has no subscription to cancel (it is not paid yet, or pays as it goes).")]
    NoSubscriptionToCancel,
    #[error("This subscription is cancelled already: there is nothing more to cancel.")]
    SubscriptionAlreadyCancelled,
    #[error("Give the reason for the cancellation (at most 500 characters): the buyer's e-mail quotes it.")]
    CancellationReasonMissing,
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

impl ServiceOrderError {
    pub fn code(&self) -> &'static str {
        match self {
            ServiceOrderError::NotFound => "order_not_found",
            ServiceOrderError::AlreadyPlaced => "order_already_placed",
            ServiceOrderError::InvalidOrderNumber => "invalid_order_number",
            ServiceOrderError::InvalidLines => "empty_cart",
            ServiceOrderError::AmountsDoNotAddUp => "amounts_do_not_add_up",
            ServiceOrderError::AlreadyPaid => "payment_already_confirmed",
            ServiceOrderError::NoPaymentCustomer => "no_payment_customer",
            ServiceOrderError::PaymentCustomerAlreadyRegistered => "payment_customer_exists",
            ServiceOrderError::NoSubscriptionNeeded => "no_subscription_needed",
            ServiceOrderError::NoTopUpNeeded => "no_top_up_needed",
            ServiceOrderError::PaymentAlreadyStarted => "payment_already_started",
            ServiceOrderError::InvalidAttemptKey => "invalid_attempt_key",
            ServiceOrderError::UnknownPayment => "unknown_payment",
            ServiceOrderError::PaymentNotConfirmed => "payment_not_confirmed",
            ServiceOrderError::AccountAlreadyCreated => "account_already_created",
            ServiceOrderError::NoExtensions => "no_extensions",
            ServiceOrderError::NoAccount => "no_account",
            ServiceOrderError::NumbersAlreadyAssigned => "numbers_already_assigned",
            ServiceOrderError::WrongNumbers => "wrong_numbers",
            ServiceOrderError::NumbersNotAssigned => "numbers_not_assigned",
            ServiceOrderError::AlreadyCompleted => "order_already_completed",
            ServiceOrderError::NotComplete => "not_complete",
            ServiceOrderError::ExtensionNotFound => "extension_not_found",
            ServiceOrderError::NotTheOrdersNumber => "not_the_orders_number",
            ServiceOrderError::NumberAlreadyReleased => "number_already_released",
            ServiceOrderError::NotLost => "number_not_lost",
            ServiceOrderError::NotAnOpenPlaceholder => "placeholder_not_open",
            ServiceOrderError::NotAPort => "not_a_port",
            ServiceOrderError::PortNotStarted => "port_not_started",
            ServiceOrderError::InvalidPortDetails(_) => "invalid_port_details",
            ServiceOrderError::PortStepNotAllowed { .. } => "port_step_not_allowed",
            ServiceOrderError::PortMovesWithPac => "port_moves_with_pac",
            ServiceOrderError::PortNeedsLetter => "port_needs_letter",
            ServiceOrderError::InvalidPac => "invalid_pac",
            ServiceOrderError::PortDateInThePast => "port_date_in_the_past",
            ServiceOrderError::RejectionReasonMissing => "rejection_reason_missing",
            ServiceOrderError::StaffRequired => "staff_required",
            ServiceOrderError::Superseded => "order_superseded",
            ServiceOrderError::Expired => "order_expired",
            ServiceOrderError::TooEarlyToExpire => "too_early_to_expire",
            ServiceOrderError::NotAStrayPayment => "not_a_stray_payment",
            ServiceOrderError::TooManyCardSetups => "too_many_attempts",
            ServiceOrderError::NoSubscriptionToCancel => "no_subscription",
            ServiceOrderError::SubscriptionAlreadyCancelled => "subscription_already_cancelled",
            ServiceOrderError::CancellationReasonMissing => "cancellation_reason_missing",
        }
    }
}
