use chrono::{DateTime, Utc};
use cqrs_es::DomainEvent;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::pricing::{AddOn, BillingCycle, Pence, Plan};

/// How the order is paid, decided by the server from the plan and its lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PaymentType {
    /// Single and Multi User: a subscription per month or year.
    Subscription,
    /// Pay as you go with only its top-up: one card payment.
    PaygTopupOnly,
    /// Pay as you go with monthly extras: a subscription for the extras and a one-time top-up.
    PaygSplitPayment,
}

impl PaymentType {
    pub fn decide(plan: Plan, subscription_subtotal: Pence) -> PaymentType {
        match plan {
            Plan::PayAsYouGo if subscription_subtotal == Pence::ZERO => PaymentType::PaygTopupOnly,
            Plan::PayAsYouGo => PaymentType::PaygSplitPayment,
            _ => PaymentType::Subscription,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            PaymentType::Subscription => "subscription",
            PaymentType::PaygTopupOnly => "payg_topup_only",
            PaymentType::PaygSplitPayment => "payg_split_payment",
        }
    }

    pub fn needs_subscription(self) -> bool {
        self != PaymentType::PaygTopupOnly
    }

    pub fn needs_top_up(self) -> bool {
        self != PaymentType::Subscription
    }
}

/// The two things a card pays for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PaymentPart {
    Subscription,
    TopUp,
}

/// Who the order is for, as typed in account setup (no password: that never enters an event).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Customer {
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub company_name: String,
    pub phone: String,
    pub address_line1: String,
    pub address_line2: String,
    pub city: String,
    pub postcode: String,
    pub country: String,
    pub google_sign_in: bool,
    /// The Google account (`sub` of its verified ID token) of a Google sign-in: an
    /// identifier, not a secret. Absent from events stored before it was recorded.
    #[serde(default)]
    pub google_subject: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrderedAddOn {
    pub add_on: AddOn,
    pub price: Pence,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrderedNumber {
    pub value: String,
    pub display_value: String,
    pub is_transfer: bool,
    pub is_placeholder: bool,
    /// One of the plan's included numbers.
    pub free: bool,
    pub price: Pence,
}

/// The order's amounts, fixed when it is placed (per month or per year by its cycle).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrderAmounts {
    pub package: Pence,
    pub add_ons: Pence,
    pub numbers: Pence,
    pub subscription_subtotal: Pence,
    pub subscription_vat: Pence,
    pub subscription_total: Pence,
    pub top_up_subtotal: Pence,
    pub top_up_vat: Pence,
    pub top_up_total: Pence,
    pub total_vat: Pence,
    pub grand_total: Pence,
}

impl From<crate::pricing::Totals> for OrderAmounts {
    fn from(t: crate::pricing::Totals) -> Self {
        OrderAmounts {
            package: t.package,
            add_ons: t.add_ons,
            numbers: t.numbers,
            subscription_subtotal: t.subscription_subtotal,
            subscription_vat: t.subscription_vat,
            subscription_total: t.subscription_total(),
            top_up_subtotal: t.top_up_subtotal,
            top_up_vat: t.top_up_vat,
            top_up_total: t.top_up_total(),
            total_vat: t.total_vat(),
            grand_total: t.grand_total(),
        }
    }
}

/// What an order is placed with: the cart's lines as the server priced them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrderLines {
    pub plan: Plan,
    pub billing_cycle: BillingCycle,
    pub quantity: u32,
    pub add_ons: Vec<OrderedAddOn>,
    pub numbers: Vec<OrderedNumber>,
    pub amounts: OrderAmounts,
}

/// An extension as events keep it: its number and SIP username, never its password.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Extension {
    pub number: String,
    pub username: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ServiceOrderCommand {
    PlaceOrder { order_number: String, cart_id: String, cart_version: i64, customer: Customer, lines: OrderLines },
    /// The card provider's customer for this order.
    RegisterPaymentCustomer { customer_id: String },
    RecordSetupIntent { setup_intent_id: String },
    RecordPaymentMethod { payment_method_id: String },
    /// Written before the provider is asked to create a subscription or a charge, so that a
    /// server that dies between the provider's answer and the next event finds, on a retry,
    /// what this attempt already made (tagged with `attempt_key`) instead of paying twice.
    StartPaymentAttempt { part: PaymentPart, attempt_key: String },
    RecordSubscription { subscription_id: String },
    RecordTopUpIntent { payment_intent_id: String },
    /// A part was paid (from the browser's step or a webhook; once is enough).
    RecordPaymentSuccess { part: PaymentPart, reference: String },
    RecordPaymentFailure { part: PaymentPart, reference: String, code: String, message: String },
    CreateAccount { account_id: String, extensions: Vec<Extension> },
    AssignNumbers { numbers: Vec<String> },
    Complete,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum ServiceOrderEvent {
    OrderPlaced {
        order_number: String,
        cart_id: String,
        cart_version: i64,
        customer: Customer,
        lines: OrderLines,
        payment_type: PaymentType,
        placed_at: DateTime<Utc>,
    },
    PaymentCustomerRegistered { customer_id: String },
    SetupIntentCreated { setup_intent_id: String },
    PaymentMethodRecorded { payment_method_id: String },
    PaymentAttemptStarted { part: PaymentPart, attempt_key: String, started_at: DateTime<Utc> },
    SubscriptionCreated { subscription_id: String },
    TopUpIntentCreated { payment_intent_id: String },
    PaymentSucceeded { part: PaymentPart, reference: String },
    /// Every part the order needs is paid.
    PaymentConfirmed { confirmed_at: DateTime<Utc> },
    PaymentFailed { part: PaymentPart, reference: String, code: String, message: String },
    AccountCreated { account_id: String, extensions: Vec<Extension> },
    NumbersAssigned { numbers: Vec<String> },
    OrderCompleted { completed_at: DateTime<Utc> },
}

impl DomainEvent for ServiceOrderEvent {
    fn event_type(&self) -> String {
        match self {
            ServiceOrderEvent::OrderPlaced { .. } => "OrderPlaced",
            ServiceOrderEvent::PaymentCustomerRegistered { .. } => "PaymentCustomerRegistered",
            ServiceOrderEvent::SetupIntentCreated { .. } => "SetupIntentCreated",
            ServiceOrderEvent::PaymentMethodRecorded { .. } => "PaymentMethodRecorded",
            ServiceOrderEvent::PaymentAttemptStarted { .. } => "PaymentAttemptStarted",
            ServiceOrderEvent::SubscriptionCreated { .. } => "SubscriptionCreated",
            ServiceOrderEvent::TopUpIntentCreated { .. } => "TopUpIntentCreated",
            ServiceOrderEvent::PaymentSucceeded { .. } => "PaymentSucceeded",
            ServiceOrderEvent::PaymentConfirmed { .. } => "PaymentConfirmed",
            ServiceOrderEvent::PaymentFailed { .. } => "PaymentFailed",
            ServiceOrderEvent::AccountCreated { .. } => "AccountCreated",
            ServiceOrderEvent::NumbersAssigned { .. } => "NumbersAssigned",
            ServiceOrderEvent::OrderCompleted { .. } => "OrderCompleted",
        }
        .to_string()
    }

    fn event_version(&self) -> String {
        "1.0".to_string()
    }
}

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
        }
    }
}
