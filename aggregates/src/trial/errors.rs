use thiserror::Error;

#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum TrialError {
    #[error("Trial not found.")]
    NotFound,
    #[error("This trial has already started.")]
    AlreadyStarted,
    #[error("This free trial has already ended.")]
    AlreadyOver,
    #[error("The trial has not ended yet.")]
    NotOver,
    #[error("A card is already saved for this trial.")]
    PaymentMethodAlreadyAttached,
    #[error("The trial already has a payment customer.")]
    PaymentCustomerAlreadyRegistered,
    #[error("No card is saved for this trial.")]
    NoPaymentMethod,
    #[error("The reminder has already been sent.")]
    ReminderAlreadySent,
    #[error("It is too early for the reminder.")]
    ReminderTooEarly,
    #[error("A trial can be extended by 1 to 7 days in all; this one has {0} days left to give.")]
    ExtensionTooLong(u32),
    #[error("Too many card attempts on this trial. Please contact support to add your card.")]
    TooManyCardSetups,
    #[error("This confirmation link has expired: the email address was not confirmed within 24 hours and the trial's number was released. Start a new free trial to get a new link.")]
    VerificationExpired,
    #[error("This email address is already confirmed. There is nothing more to do.")]
    EmailAlreadyVerified,
    #[error("The trial still has time to confirm its email address.")]
    VerificationNotDue,
    #[error("This trial started before email confirmation and needs none.")]
    NoVerificationNeeded,
}

impl TrialError {
    pub fn code(&self) -> &'static str {
        match self {
            TrialError::NotFound => "trial_not_found",
            TrialError::AlreadyStarted => "trial_already_started",
            TrialError::AlreadyOver => "trial_over",
            TrialError::NotOver => "trial_not_over",
            TrialError::PaymentMethodAlreadyAttached => "payment_method_already_attached",
            TrialError::PaymentCustomerAlreadyRegistered => "payment_customer_exists",
            TrialError::NoPaymentMethod => "no_payment_method",
            TrialError::ReminderAlreadySent => "reminder_already_sent",
            TrialError::ReminderTooEarly => "reminder_too_early",
            TrialError::ExtensionTooLong(_) => "extension_too_long",
            TrialError::TooManyCardSetups => "too_many_attempts",
            TrialError::VerificationExpired => "verification_link_expired",
            TrialError::EmailAlreadyVerified => "email_already_verified",
            TrialError::VerificationNotDue => "verification_not_due",
            TrialError::NoVerificationNeeded => "no_verification_needed",
        }
    }
}
