use crate::customer::{Customer, Extension};

#[derive(Debug, Clone, PartialEq, Eq)]
// Placing or starting carries the whole order or contact; the others are small. Each value
// lives for one command and is not stored in bulk, so boxing would only add noise.
#[allow(clippy::large_enum_variant)]
pub enum TrialCommand {
    StartTrial {
        number: String,
        contact: Customer,
        account_id: String,
        extension: Extension,
    },
    /// Staff send the welcome e-mail again; who asked is the context's actor.
    ResendConfirmation,
    /// Staff or the owner gave extension 101 a new SIP password (its digests are stored by
    /// the API, never in an event); who did is the context's actor. Refused once the trial
    /// ended unconverted.
    ResetSipPassword,
    /// A step of the trial while it runs (TrialStep).
    Running(TrialStep),
}

/// The steps of a trial while it runs (started, not ended or converted): the card, the
/// e-mail confirmation, the reminder, the end or the conversion, and staff's extension.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TrialStep {
    /// The payment provider's customer for the trial's optional card (made once).
    RegisterPaymentCustomer {
        customer_id: String,
    },
    /// A card setup (the form the buyer types a card into) was made at the provider.
    StartCardSetup {
        setup_intent_id: String,
    },
    AttachPaymentMethod {
        customer_id: String,
        payment_method_id: String,
    },
    /// The buyer followed the confirmation link of the e-mail (before `verify_by`).
    VerifyEmail,
    /// `verify_by` has passed without the link followed: the trial ends (`Unverified`).
    EndUnverified,
    SendReminder,
    /// The seven days are over and there is no card (or its charge failed: `failure`).
    EndTrial {
        failure: Option<String>,
    },
    /// The seven days are over and the saved card now pays a subscription.
    ConvertTrial {
        subscription_id: String,
    },
    /// An admin gives a running trial more days (`MAX_EXTENSION_DAYS` in all).
    Extend {
        days: u32,
    },
}
