use thiserror::Error;

use crate::refusals;

refusals! {
    #[derive(Debug, Error, Clone, PartialEq, Eq)]
    pub enum TrialError {
        #[error("Trial not found.")]
        #[refusal("trial_not_found", 404)]
        NotFound,
        #[error("This trial has already started.")]
        #[refusal("trial_already_started", 409)]
        AlreadyStarted,
        #[error("This free trial has already ended.")]
        #[refusal("trial_over", 409)]
        AlreadyOver,
        #[error("The trial has not ended yet.")]
        #[refusal("trial_not_over", 409)]
        NotOver,
        #[error("A card is already saved for this trial.")]
        #[refusal("payment_method_already_attached", 409)]
        PaymentMethodAlreadyAttached,
        #[error("The trial already has a payment customer.")]
        #[refusal("payment_customer_exists", 409)]
        PaymentCustomerAlreadyRegistered,
        #[error("No card is saved for this trial.")]
        #[refusal("no_payment_method", 409)]
        NoPaymentMethod,
        #[error("The reminder has already been sent.")]
        #[refusal("reminder_already_sent", 409)]
        ReminderAlreadySent,
        #[error("It is too early for the reminder.")]
        #[refusal("reminder_too_early", 409)]
        ReminderTooEarly,
        #[error("A trial can be extended by 1 to 7 days in all; this one has {0} days left to give.")]
        #[refusal("extension_too_long", 422)]
        ExtensionTooLong(u32),
        #[error("Too many card attempts on this trial. Please contact support to add your card.")]
        #[refusal("too_many_attempts", 429)]
        TooManyCardSetups,
        #[error("This confirmation link has expired: the email address was not confirmed within 24 hours and the trial's number was released. Start a new free trial to get a new link.")]
        #[refusal("verification_link_expired", 410)]
        VerificationExpired,
        #[error("This email address is already confirmed. There is nothing more to do.")]
        #[refusal("email_already_verified", 409)]
        EmailAlreadyVerified,
        #[error("The trial still has time to confirm its email address.")]
        #[refusal("verification_not_due", 409)]
        VerificationNotDue,
        #[error("This trial started before email confirmation and needs none.")]
        #[refusal("no_verification_needed", 409)]
        NoVerificationNeeded,
    }
}
