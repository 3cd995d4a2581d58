use chrono::{DateTime, Utc};

use super::lines::{OrderLines, PaymentPart};
use super::suspension::SuspensionCause;
use crate::customer::{Customer, Extension};
use crate::pricing::Pence;

#[derive(Debug, Clone, PartialEq, Eq)]
// Placing or starting carries the whole order or contact; the others are small. Each value
// lives for one command and is not stored in bulk, so boxing would only add noise.
#[allow(clippy::large_enum_variant)]
pub enum ServiceOrderCommand {
    PlaceOrder {
        order_number: String,
        cart_id: String,
        cart_version: i64,
        customer: Customer,
        lines: OrderLines,
    },
    /// An order still unpaid 24 hours after it was placed closes; what it started at the
    /// provider was cancelled first, and a top-up it took refunded (`refund_id`).
    Expire {
        refund_id: Option<String>,
    },
    /// A newer order from the same cart replaces this unpaid one (`by`: its id); it takes no
    /// payment step after.
    Supersede {
        by: String,
    },
    /// A top-up made for this order succeeded although the order did not take it (an attempt
    /// it moved past, completed later through its client secret): it is refunded.
    RecordStrayPayment {
        payment_intent_id: String,
        amount: Pence,
    },
    /// The provider refunded that payment.
    RecordStrayRefund {
        payment_intent_id: String,
        refund_id: String,
        amount: Pence,
    },
    /// Staff send the confirmation e-mail again (the buyer lost it); who asked is the
    /// context's actor.
    ResendConfirmation,
    /// Staff or the owner gave an extension a new SIP password (its digests are stored by the
    /// API, never in an event); who did is the context's actor.
    ResetSipPassword {
        number: String,
    },
    /// Staff (or a job) give a lost number's replacement, already assigned to the order.
    ReplaceLostNumber {
        lost: String,
        replacement: String,
    },
    /// An area-code placeholder the buyer paid for gets its number (already assigned to
    /// the order): by the job once stock in that code exists, or by staff picking one.
    FillPlaceholder {
        placeholder: String,
        number: String,
    },
    /// Staff give one of the order's numbers back to the free stock.
    ReleaseNumber {
        number: String,
    },
    /// Support staff propose cancelling the subscription, for an admin to carry out.
    ProposeCancellation {
        at_period_end: bool,
        reason: String,
        by: String,
    },
    /// An admin cancelled the subscription at the card provider (now, or at the end of the
    /// period paid for, `ends_at` when the provider said): the order records it.
    CancelSubscription {
        at_period_end: bool,
        ends_at: Option<DateTime<Utc>>,
        reason: String,
        by: String,
    },
    /// The signed-in buyer gives notice: the subscription ends on `effective_on` (the end
    /// of the period in which the notice the terms state runs out), which the card provider
    /// was told first. `in_trial`: the provider says the subscription is still in its trial.
    ScheduleCancellation {
        effective_on: DateTime<Utc>,
        in_trial: bool,
    },
    /// The buyer keeps the service after all, before the cancellation takes effect (the
    /// provider was told first).
    UndoCancellation,
    /// A card setup the signed-in buyer opened to change the card on file.
    StartCardChange {
        setup_intent_id: String,
    },
    /// That setup succeeded: its card is now the customer's default for the subscription
    /// (set at the provider first). Only the brand and last four digits are kept.
    ChangeCard {
        setup_intent_id: String,
        payment_method_id: String,
        brand: String,
        last4: String,
    },
    /// Calls out are suspended (crate::service_order::suspension): the card provider says
    /// the subscription's payment failed (`PaymentFailed`, from the webhook or the
    /// reconciliation job, `reason` what it said), a payment was disputed (`Dispute`), or an
    /// admin decided (`Staff`, `reason` their words and the registrar's 403 phrase, `by` their
    /// e-mail). Suspended already for that, or for a weightier cause: nothing changes.
    SuspendCallsOut {
        cause: SuspensionCause,
        reason: String,
        by: String,
    },
    /// Calls out are restored: `PaymentFailed` (the provider says paid again) lifts only a
    /// suspension for a failed payment, and nothing when there is none; `Staff` (an admin,
    /// with `reason`) lifts any.
    RestoreCallsOut {
        cause: SuspensionCause,
        reason: String,
        by: String,
    },
    /// The card provider ended the subscription `subscription_id` (deleted: unpaid, or
    /// cancelled at the provider): the service ends at once, as an admin's cancellation does.
    /// Ended already (at once, or at a period's end that has come): nothing changes.
    EndSubscription {
        subscription_id: String,
        reason: String,
    },
    /// An admin sets the order's daily spend cap on calls out (crate::service_order's
    /// spend_cap: 0 to £1,000); `by` is their e-mail. The cap it has already: nothing changes.
    SetDailySpendCap {
        cap: Pence,
        by: String,
    },
    /// The checkout's steps, from the card to the completed order (CheckoutStep).
    Checkout(CheckoutStep),
}

/// The steps of an order's checkout, from the buyer's card to the account and numbers of a
/// completed order: every one needs a placed order still open (not replaced or expired, and
/// only a late payment success once it is complete), checked once before the step is decided.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CheckoutStep {
    /// The card provider's customer for this order.
    RegisterPaymentCustomer {
        customer_id: String,
    },
    RecordSetupIntent {
        setup_intent_id: String,
    },
    RecordPaymentMethod {
        payment_method_id: String,
    },
    /// Written before the provider is asked to create a subscription or a charge, so that a
    /// server that dies between the provider's answer and the next event finds, on a retry,
    /// what this attempt already made (tagged with `attempt_key`) instead of paying twice.
    StartPaymentAttempt {
        part: PaymentPart,
        attempt_key: String,
    },
    RecordSubscription {
        subscription_id: String,
    },
    RecordTopUpIntent {
        payment_intent_id: String,
    },
    /// A part was paid (from the browser's step or a webhook; once is enough).
    RecordPaymentSuccess {
        part: PaymentPart,
        reference: String,
    },
    RecordPaymentFailure {
        part: PaymentPart,
        reference: String,
        code: String,
        message: String,
    },
    CreateAccount {
        account_id: String,
        extensions: Vec<Extension>,
    },
    AssignNumbers {
        numbers: Vec<String>,
    },
    Complete,
    /// A paid stock number could not be assigned (its hold ran out and another order took
    /// it): the order needs a replacement, which staff give from the same area code.
    RecordLostNumber {
        number: String,
    },
}
