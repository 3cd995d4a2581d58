//! The payment provider as the shop sees it: customers, cards, subscriptions and one-time
//! payments, and what became of each, in the shop's own words. A port of the domain: Stripe
//! is one implementation (api/src/adapters/stripe.rs, the only place that knows Stripe's shapes),
//! tests use fakes. It lives here, below both the API and the jobs, because the checkout,
//! the trial conversion and the reconcile job all speak to it.
//!
//! `owner` is the order or trial an object is made for and `key` the attempt it belongs to:
//! both are stored with the object at the provider (its metadata), so a retry after a crash
//! can find what an attempt already made, and every creating call is idempotent by `key`.

use async_trait::async_trait;

use crate::pricing::Pence;
/// The most card setups (the forms a buyer types a card into) one order or trial may start:
/// enough for a mistyped number and a declined card or two, too few for a card-testing tool
/// running down a list. Declined setups count; the last one reused while it still waits for
/// a card does not.
pub const MAX_CARD_SETUPS: u32 = 5;

/// Why a payment call failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PaymentError {
    /// The card or the bank said no (HTTP 402 or a card error): the buyer may try another card.
    Declined { code: String, decline_code: Option<String>, message: String },
    /// No such object.
    NotFound,
    /// Anything else: our request, the network, the provider.
    Provider(String),
}

impl std::fmt::Display for PaymentError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PaymentError::Declined { code, message, .. } => write!(f, "declined ({code}): {message}"),
            PaymentError::NotFound => write!(f, "payment provider: not found"),
            PaymentError::Provider(detail) => write!(f, "payment provider: {detail}"),
        }
    }
}

/// Why the bank or the card said no.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub code: String,
    pub decline_code: Option<String>,
    pub message: String,
}

impl From<PaymentError> for Refusal {
    /// A failed call as a refusal to show: the card's own words, or a generic payment error.
    fn from(error: PaymentError) -> Refusal {
        match error {
            PaymentError::Declined { code, decline_code, message } => Refusal { code, decline_code, message },
            other => Refusal { code: "payment_error".into(), decline_code: None, message: other.to_string() },
        }
    }
}

/// What became of a payment (a one-time payment, or a subscription's first invoice).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    Succeeded,
    /// The bank asks the buyer to authenticate (3-D Secure) in the browser with this secret.
    NeedsAction {
        client_secret: String,
    },
    Declined(Refusal),
    /// The provider has not decided yet.
    Processing,
    /// Made but never charged (a one-time payment created and not yet confirmed).
    NotConfirmed,
}

/// A card being saved: the browser confirms it with `client_secret`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardSetup {
    pub id: String,
    pub client_secret: Option<String>,
    pub state: SetupState,
    /// The card the setup saved, once it succeeded.
    pub card: Option<String>,
    /// The provider's own word for the state, shown in refusals.
    pub status: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SetupState {
    /// Waiting for the buyer's card (or its 3-D Secure).
    AwaitingCard,
    Succeeded,
    /// Used, cancelled or failed: a new setup is needed.
    Over,
}

/// A one-time payment as the provider holds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaymentRecord {
    pub id: String,
    pub owner: Option<String>,
    pub amount: i64,
    pub currency: String,
    pub outcome: Outcome,
}

/// A subscription's invoice as the provider holds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvoiceRecord {
    pub paid: bool,
    pub status: String,
    pub amount_paid: i64,
    pub currency: String,
    pub subscription: Option<String>,
}

/// A subscription as the provider holds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SubscriptionRecord {
    pub id: String,
    pub owner: Option<String>,
    /// Paid and running (active or trialing).
    pub active: bool,
    pub status: String,
}

/// A charge (the money a payment or an invoice took), as the provider holds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChargeRecord {
    pub id: String,
    pub amount: i64,
    pub currency: String,
    /// The provider's word: `succeeded`, `pending` or `failed`.
    pub status: String,
    /// The order it was taken for, when the charge or its payment says (their metadata).
    pub owner: Option<String>,
    /// The payment it belongs to, and the subscription whose invoice it paid, when known.
    pub payment_intent: Option<String>,
    pub subscription: Option<String>,
}

/// A dispute (a chargeback) of a charge, as the provider holds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DisputeRecord {
    pub id: String,
    pub charge: String,
    pub amount: i64,
    pub currency: String,
    /// `warning_needs_response`, `needs_response`, `under_review`, `won`, `lost`...
    pub status: String,
}

/// Money given back on a one-time payment, as the provider holds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefundRecord {
    pub id: String,
    pub amount: Pence,
    /// The provider's word: `succeeded`, `pending` (the bank has not confirmed yet),
    /// `requires_action`, `failed` or `canceled`.
    pub status: String,
}

impl RefundRecord {
    /// Whether the money is on its way back (succeeded, or pending at the bank): a refund
    /// in any other state gave nothing back.
    pub fn is_under_way(&self) -> bool {
        matches!(self.status.as_str(), "succeeded" | "pending")
    }
}

/// One of a subscription's invoices, as the account's billing lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InvoiceSummary {
    pub id: String,
    /// The invoice's number, when the provider gave it one.
    pub number: Option<String>,
    pub created: chrono::DateTime<chrono::Utc>,
    /// What it asks (with VAT) and what was paid of it, in pence.
    pub amount_due: Pence,
    pub amount_paid: Pence,
    pub currency: String,
    /// draft, open, paid, uncollectible or void.
    pub status: String,
    /// The provider's page of the invoice, and its PDF, when it has them.
    pub hosted_invoice_url: Option<String>,
    pub invoice_pdf: Option<String>,
}

/// A saved card as the buyer recognises it (never its number).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardDetails {
    pub id: String,
    pub brand: String,
    pub last4: String,
    pub exp_month: u32,
    pub exp_year: u32,
}

/// A subscription's period and cancellation, as the provider holds them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SubscriptionTerms {
    pub id: String,
    /// active, trialing, past_due, canceled, incomplete...
    pub status: String,
    /// Whether it ends at the end of the current period, and when a cancellation takes
    /// effect (`cancel_at`) when the provider says.
    pub cancel_at_period_end: bool,
    pub cancel_at: Option<chrono::DateTime<chrono::Utc>>,
    pub current_period_end: Option<chrono::DateTime<chrono::Utc>>,
}

/// A recurring price: pence per month or per year.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlanSpec<'a> {
    pub id: &'a str,
    pub amount: i64,
    pub interval: &'a str,
    pub product_name: &'a str,
}

#[async_trait]
pub trait PaymentGateway: Send + Sync {
    async fn create_customer(&self, email: &str, name: &str, owner: &str, key: &str) -> Result<String, PaymentError>;
    async fn create_card_setup(&self, customer: &str, owner: &str, key: &str) -> Result<CardSetup, PaymentError>;
    async fn card_setup(&self, id: &str) -> Result<CardSetup, PaymentError>;
    /// The customer the card belongs to, if any.
    async fn card_owner(&self, card: &str) -> Result<Option<String>, PaymentError>;
    /// Attaches the card to the customer (when its setup did not) and makes it the one the
    /// customer's subscriptions are charged to.
    async fn use_card(&self, customer: &str, card: &str, key: &str) -> Result<(), PaymentError>;
    /// Makes the plan when it does not exist yet.
    /// Makes the plan unless it exists. A plan of that id with another amount, currency or
    /// interval is refused (`Provider`), never used: it would charge what we do not ask.
    async fn ensure_plan(&self, plan: &PlanSpec<'_>, key: &str) -> Result<(), PaymentError>;
    /// Subscribes the customer; the first invoice is charged at once.
    async fn start_subscription(
        &self,
        customer: &str,
        plan: &str,
        owner: &str,
        key: &str,
    ) -> Result<String, PaymentError>;
    /// The live subscription an earlier try of attempt `key` made for `owner`, if any.
    async fn subscription_made_by(
        &self,
        customer: &str,
        owner: &str,
        key: &str,
    ) -> Result<Option<String>, PaymentError>;
    async fn subscription(&self, id: &str) -> Result<SubscriptionRecord, PaymentError>;
    /// Whether the subscription's first invoice was paid, or why not.
    async fn subscription_outcome(&self, id: &str) -> Result<Outcome, PaymentError>;
    async fn cancel_subscription(&self, id: &str) -> Result<(), PaymentError>;
    /// Cancels the subscription from the end of the period paid for (it runs until then);
    /// answers when that is, when the provider says. Asking again changes nothing.
    async fn cancel_subscription_at_period_end(
        &self,
        id: &str,
        key: &str,
    ) -> Result<Option<chrono::DateTime<chrono::Utc>>, PaymentError>;
    async fn invoice(&self, id: &str) -> Result<InvoiceRecord, PaymentError>;
    /// The subscription's invoices, newest first (at most `limit`). A gateway without them
    /// refuses (`Provider`).
    async fn invoices(
        &self,
        _customer: &str,
        _subscription: &str,
        _limit: u32,
    ) -> Result<Vec<InvoiceSummary>, PaymentError> {
        Err(PaymentError::Provider("this payment provider does not list invoices".into()))
    }
    /// The customer's default card for its invoices and subscriptions, if any.
    async fn default_card(&self, _customer: &str) -> Result<Option<String>, PaymentError> {
        Err(PaymentError::Provider("this payment provider does not say the default card".into()))
    }
    /// What the buyer recognises of a saved card.
    async fn card_details(&self, _card: &str) -> Result<CardDetails, PaymentError> {
        Err(PaymentError::Provider("this payment provider does not describe cards".into()))
    }
    /// The subscription's period and cancellation.
    async fn subscription_terms(&self, _id: &str) -> Result<SubscriptionTerms, PaymentError> {
        Err(PaymentError::Provider("this payment provider does not describe subscriptions".into()))
    }
    /// Ends the subscription at the end of its current period (`Some(true)`), at `cancel_at`
    /// (a later period's end), or undoes a scheduled end (`cancel_at_period_end` false and
    /// no `cancel_at`); answers the terms after it. Idempotent by `key`.
    async fn schedule_cancellation(
        &self,
        _id: &str,
        _at_period_end: bool,
        _cancel_at: Option<chrono::DateTime<chrono::Utc>>,
        _key: &str,
    ) -> Result<SubscriptionTerms, PaymentError> {
        Err(PaymentError::Provider("this payment provider does not schedule cancellations".into()))
    }
    /// A charge, with the order and subscription it was taken for when the provider says.
    async fn charge(&self, _id: &str) -> Result<ChargeRecord, PaymentError> {
        Err(PaymentError::Provider("this payment provider does not describe charges".into()))
    }
    /// A dispute of a charge. A provider without disputes refuses (`Provider`).
    async fn dispute(&self, _id: &str) -> Result<DisputeRecord, PaymentError> {
        Err(PaymentError::Provider("this payment provider does not describe disputes".into()))
    }
    /// A one-time payment with the card, made without charging it (`confirm_payment` does).
    async fn create_payment(
        &self,
        amount: i64,
        customer: &str,
        card: &str,
        owner: &str,
        key: &str,
    ) -> Result<PaymentRecord, PaymentError>;
    async fn confirm_payment(&self, id: &str, key: &str) -> Result<Outcome, PaymentError>;
    /// Cancels a one-time payment that has not been charged (not confirmed yet, or waiting
    /// for the buyer's 3-D Secure), so it never can be; an error when it already was.
    async fn cancel_payment(&self, id: &str, key: &str) -> Result<(), PaymentError>;
    async fn payment(&self, id: &str) -> Result<PaymentRecord, PaymentError>;
    /// Gives money back on a one-time payment that was charged: `amount` of it, or all of it
    /// when `None`. `reason` is stored with the refund at the provider (its metadata: the
    /// provider's own `reason` is a short list of codes), with `key`. Idempotent by `key`: a
    /// retry with the same key answers the refund the first try made rather than refunding
    /// twice. Stripe refuses (`Provider`) more than is left to refund; the caller must not
    /// rely on that (the stand-in does not check).
    async fn refund_payment(
        &self,
        payment_intent_id: &str,
        amount: Option<Pence>,
        reason: &str,
        key: &str,
    ) -> Result<RefundRecord, PaymentError>;
}

/// A payment that succeeded for an order although the order did not take it (an earlier
/// attempt completed in another tab, or a payment of an order a newer one replaced): it is
/// refunded.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct StrayPayment {
    pub payment_intent_id: String,
    pub amount: Pence,
    /// The provider's refund, once made.
    pub refund_id: Option<String>,
}

/// Why a stray's refund cannot be recorded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StrayRefusal {
    /// No stray of that payment.
    Unknown,
    /// Not the amount the stray took.
    WrongAmount,
}

/// Whether the refund of stray `payment_intent_id` for `amount` is new to record (`false`:
/// recorded already, a retry), or why it is refused. Shared by the orders that take strays.
pub fn stray_refund_is_new(
    strays: &[StrayPayment],
    payment_intent_id: &str,
    amount: Pence,
) -> Result<bool, StrayRefusal> {
    let stray = strays.iter().find(|s| s.payment_intent_id == payment_intent_id).ok_or(StrayRefusal::Unknown)?;
    if stray.refund_id.is_some() {
        return Ok(false);
    }
    if amount != stray.amount {
        return Err(StrayRefusal::WrongAmount);
    }
    Ok(true)
}

/// Applies a stray's refund: the stray of `payment_intent_id` now has `refund_id`.
pub fn note_stray_refund(strays: &mut [StrayPayment], payment_intent_id: &str, refund_id: String) {
    if let Some(stray) = strays.iter_mut().find(|s| s.payment_intent_id == payment_intent_id) {
        stray.refund_id = Some(refund_id);
    }
}
