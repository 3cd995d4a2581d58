//! One payment attempt, as both orders hold it: the key that tags what the provider makes
//! for it, the provider's reference once made, and where it stands.
//!
//! It is state, folded from the orders' own events (which keep their shapes): the service
//! order holds one for its subscription and one for its top-up, the hardware order one for
//! its single payment. The transitions below are the only way the orders change it, so both
//! read the same answers to "is a payment under way, and which?", "is it paid?" and "did
//! this key already make something?" (the question a retry after a crash asks).
//!
//! ```text
//! NotStarted --start(key)--> Started --made(reference)--> Made --paid(reference)--> Paid
//!      \                        \                           \
//!       `------------------------`------------------------- declined(code) --> Declined
//! ```
//! A declined attempt is over: it keeps the refusal's code, no key and no reference, so the
//! next card starts a new attempt (with a new key).

use serde::{Deserialize, Serialize};

/// Where a payment attempt stands.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "status")]
pub enum AttemptStatus {
    /// Nothing asked of the provider yet.
    #[default]
    NotStarted,
    /// The attempt's key is recorded; the provider may or may not have made something for
    /// it (a crash in between leaves this: a retry asks the provider what the key made).
    Started,
    /// The provider made the payment (its reference recorded); its outcome is not known yet
    /// (not charged, 3-D Secure with the buyer, or the bank still processing).
    Made,
    /// The money is taken.
    Paid,
    /// The card or the bank refused it: the attempt is over.
    Declined { code: String },
}

/// One payment attempt (see the module's header).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PaymentAttempt {
    /// The idempotency key of the attempt, when the order records one before asking the
    /// provider (it tags what the provider makes).
    #[serde(default)]
    pub key: Option<String>,
    /// The provider's reference (a payment intent or a subscription), once made.
    #[serde(default)]
    pub reference: Option<String>,
    /// The card (payment method) charged, when the order records it with the attempt.
    #[serde(default)]
    pub card: Option<String>,
    /// The attempt's number on its order (1 for the first), when the order counts them.
    #[serde(default)]
    pub number: u32,
    #[serde(flatten)]
    pub status: AttemptStatus,
}

impl PaymentAttempt {
    // ---- transitions (called from the orders' `apply`) ----

    /// The key is recorded before the provider is asked (`PaymentAttemptStarted`).
    pub fn start(&mut self, key: String) {
        *self = PaymentAttempt { key: Some(key), status: AttemptStatus::Started, ..PaymentAttempt::default() };
    }

    /// The provider made the payment (`SubscriptionCreated`, `TopUpIntentCreated`): its
    /// reference joins the key the attempt started with.
    pub fn made(&mut self, reference: String) {
        self.reference = Some(reference);
        self.status = AttemptStatus::Made;
    }

    /// A new attempt whose payment is made at once, with its card and number
    /// (`PaymentStarted`): it replaces the attempt before.
    pub fn made_with_card(&mut self, reference: String, card: String, number: u32) {
        *self = PaymentAttempt {
            key: None,
            reference: Some(reference),
            card: Some(card),
            number,
            status: AttemptStatus::Made,
        };
    }

    /// The money is taken (`PaymentSucceeded`, `PaymentRecorded`), by the payment `reference`.
    pub fn paid(&mut self, reference: String) {
        self.reference = Some(reference);
        self.status = AttemptStatus::Paid;
    }

    /// Refused (`PaymentFailed`, `PaymentDeclined`): the attempt is over, its code kept.
    pub fn declined(&mut self, code: String) {
        *self = PaymentAttempt { status: AttemptStatus::Declined { code }, ..PaymentAttempt::default() };
    }

    // ---- questions ----

    pub fn is_paid(&self) -> bool {
        self.status == AttemptStatus::Paid
    }

    /// The provider's reference, made or paid.
    pub fn reference(&self) -> Option<&str> {
        self.reference.as_deref()
    }

    /// The payment made and not yet paid (nor refused): the one a retry resumes.
    pub fn under_way(&self) -> Option<&str> {
        match self.status {
            AttemptStatus::Made => self.reference.as_deref(),
            _ => None,
        }
    }

    /// Whether `reference` is the payment under way.
    pub fn is_under_way(&self, reference: &str) -> bool {
        self.under_way() == Some(reference)
    }

    /// The payment that took the money.
    pub fn paid_reference(&self) -> Option<&str> {
        match self.status {
            AttemptStatus::Paid => self.reference.as_deref(),
            _ => None,
        }
    }

    /// Whether the attempt started with `key` and has no reference yet: what a retry after a
    /// crash asks before making anything again (the provider may hold what the key made).
    pub fn started_without_reference(&self, key: &str) -> bool {
        self.key.as_deref() == Some(key) && self.reference.is_none()
    }

    /// The key the attempt started with.
    pub fn key(&self) -> Option<&str> {
        self.key.as_deref()
    }

    /// The refusal's code when the last attempt was refused.
    pub fn refusal(&self) -> Option<&str> {
        match &self.status {
            AttemptStatus::Declined { code } => Some(code),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn made() -> PaymentAttempt {
        let mut attempt = PaymentAttempt::default();
        attempt.start("order-1-top-up-0".into());
        attempt.made("pi_1".into());
        attempt
    }

    #[test]
    fn a_new_attempt_has_nothing_under_way_nor_paid() {
        let attempt = PaymentAttempt::default();
        assert_eq!((attempt.under_way(), attempt.paid_reference(), attempt.is_paid()), (None, None, false));
        assert_eq!(attempt.status, AttemptStatus::NotStarted);
    }

    #[test]
    fn a_started_attempt_keeps_its_key_for_the_retry_to_ask_about() {
        let mut attempt = PaymentAttempt::default();
        attempt.start("order-1-subscription-0".into());
        assert_eq!(attempt.status, AttemptStatus::Started);
        assert!(attempt.started_without_reference("order-1-subscription-0"));
        assert!(!attempt.started_without_reference("order-1-subscription-1"));
        assert_eq!(attempt.under_way(), None);
    }

    #[test]
    fn a_made_attempt_is_under_way_by_its_reference_and_keeps_its_key() {
        let attempt = made();
        assert_eq!(attempt.status, AttemptStatus::Made);
        assert_eq!((attempt.under_way(), attempt.key()), (Some("pi_1"), Some("order-1-top-up-0")));
        assert!(attempt.is_under_way("pi_1") && !attempt.is_under_way("pi_2"));
        assert!(!attempt.started_without_reference("order-1-top-up-0"));
    }

    #[test]
    fn a_paid_attempt_is_no_longer_under_way_and_names_what_paid() {
        let mut attempt = made();
        attempt.paid("pi_1".into());
        assert!(attempt.is_paid());
        assert_eq!(
            (attempt.under_way(), attempt.paid_reference(), attempt.reference()),
            (None, Some("pi_1"), Some("pi_1"))
        );
    }

    #[test]
    fn a_declined_attempt_is_over_keeping_only_its_code() {
        let mut attempt = made();
        attempt.declined("card_declined".into());
        assert_eq!(attempt.status, AttemptStatus::Declined { code: "card_declined".into() });
        assert_eq!((attempt.key(), attempt.reference(), attempt.under_way()), (None, None, None));
        assert_eq!(attempt.refusal(), Some("card_declined"));
    }

    #[test]
    fn a_payment_made_with_its_card_replaces_the_attempt_before() {
        let mut attempt = made();
        attempt.declined("card_declined".into());
        attempt.made_with_card("pi_2".into(), "pm_2".into(), 2);
        assert_eq!(attempt.status, AttemptStatus::Made);
        assert_eq!((attempt.under_way(), attempt.card.as_deref(), attempt.number), (Some("pi_2"), Some("pm_2"), 2));
        assert_eq!(attempt.refusal(), None);
    }

    #[test]
    fn it_reads_back_as_it_was_written() {
        let mut attempt = made();
        attempt.declined("expired_card".into());
        let json = serde_json::to_value(&attempt).unwrap();
        assert_eq!(json["status"], "declined");
        assert_eq!(json["code"], "expired_card");
        assert_eq!(serde_json::from_value::<PaymentAttempt>(json).unwrap(), attempt);
        let paid = serde_json::to_value(made()).unwrap();
        assert_eq!(serde_json::from_value::<PaymentAttempt>(paid).unwrap(), made());
    }
}
