//! What an order is placed with (the cart's lines and amounts, fixed when it is placed)
//! and how it is paid.

use serde::{Deserialize, Serialize};

use super::errors::ServiceOrderError;
use crate::pricing::{vat, AddOn, BillingCycle, Pence, Plan, MAX_QUANTITY, TOP_UP_MINIMUM};

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
    /// A mobile transferred in: its PAC code, the authority to move it (no letter of
    /// authority is signed for it). Staff see it; never logged.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pac: Option<String>,
}

impl OrderedNumber {
    /// A UK mobile (07) transferred in: it moves with its PAC code.
    pub fn is_mobile_transfer(&self) -> bool {
        self.is_transfer && !self.is_placeholder && self.value.starts_with("07")
    }
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
    /// The service total due today (`grand_total` in `OrderPlaced` 1.0: see
    /// crate::upcasting).
    pub due_today: Pence,
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
            due_today: t.service_due_today(),
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

impl OrderLines {
    /// Whether the order's numbers ring all its extensions at once (the first to answer
    /// takes the call) rather than only the first: Multi User, or the Ring Groups add-on.
    pub fn rings_all_extensions(&self) -> bool {
        self.plan == Plan::MultiUser || self.add_ons.iter().any(|a| a.add_on == AddOn::RingGroups)
    }
}

/// Lines the plan allows, with amounts that add up (the server priced them; this checks).
pub(super) fn check_lines(lines: &OrderLines) -> Result<(), ServiceOrderError> {
    let plan = lines.plan;
    if lines.quantity < plan.min_users() || lines.quantity > MAX_QUANTITY {
        return Err(ServiceOrderError::InvalidLines);
    }
    if lines.add_ons.iter().any(|a| !plan.offers(a.add_on)) {
        return Err(ServiceOrderError::InvalidLines);
    }
    // A mobile transferred in has its PAC code, and nothing else has one.
    let pac_ok = |n: &OrderedNumber| match &n.pac {
        Some(pac) => n.is_mobile_transfer() && crate::cart::pac_code(pac).as_ref() == Some(pac),
        None => !n.is_mobile_transfer(),
    };
    if !lines.numbers.iter().all(pac_ok) {
        return Err(ServiceOrderError::InvalidLines);
    }
    let a = &lines.amounts;
    let add_ons: Pence = lines.add_ons.iter().map(|x| x.price).sum();
    let numbers: Pence = lines.numbers.iter().map(|x| x.price).sum();
    let adds_up = a.add_ons == add_ons
        && a.numbers == numbers
        && a.subscription_subtotal == a.package + a.add_ons + a.numbers
        && a.subscription_vat == vat(a.subscription_subtotal)
        && a.subscription_total == a.subscription_subtotal + a.subscription_vat
        && a.top_up_vat == vat(a.top_up_subtotal)
        && a.top_up_total == a.top_up_subtotal + a.top_up_vat
        && a.total_vat == a.subscription_vat + a.top_up_vat
        && a.due_today == a.subscription_total + a.top_up_total
        && [a.package, add_ons, numbers, a.top_up_subtotal].iter().all(|p| p.0 >= 0);
    if !adds_up {
        return Err(ServiceOrderError::AmountsDoNotAddUp);
    }
    let top_up_ok =
        if plan.takes_top_up() { a.top_up_subtotal >= TOP_UP_MINIMUM } else { a.top_up_subtotal == Pence::ZERO };
    if !top_up_ok || (!plan.takes_top_up() && a.package == Pence::ZERO) {
        return Err(ServiceOrderError::InvalidLines);
    }
    Ok(())
}
