use std::sync::Arc;

use chrono::{DateTime, Utc};
use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use serde::{Deserialize, Serialize};

use super::commands::{CheckoutStep, ServiceOrderCommand};
use super::errors::ServiceOrderError;
use super::events::ServiceOrderEvent;
use super::lines::{check_lines, OrderLines, OrderedNumber, PaymentPart, PaymentType};
use super::spend_cap::{check_spend_cap, DEFAULT_DAILY_SPEND_CAP};
use super::suspension::{
    check_staff_reason, CallsOutSuspension, SuspensionCause, ACCOUNT_SUSPENDED_REASON, PAYMENT_FAILED_REASON,
};
use crate::clock::Clock;
use crate::customer::{Customer, Extension};
use crate::payment_attempt::PaymentAttempt;
use crate::payments::MAX_CARD_SETUPS;
use crate::pricing::Pence;

pub struct ServiceOrderServices {
    pub clock: Arc<dyn Clock>,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum OrderStatus {
    #[default]
    New,
    Placed,
    Paid,
    Completed,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ServiceOrder {
    pub status: OrderStatus,
    pub order_number: String,
    pub cart_id: String,
    pub cart_version: i64,
    pub customer: Customer,
    pub lines: Option<OrderLines>,
    pub payment_type: Option<PaymentType>,
    pub payment_customer_id: Option<String>,
    pub setup_intent_id: Option<String>,
    /// Card setups started so far (`SetupIntentCreated`), declined or not: at most
    /// `MAX_CARD_SETUPS`.
    #[serde(default)]
    pub card_setups: u32,
    pub payment_method_id: Option<String>,
    /// The subscription's payment attempt, and the top-up's (crate::payment_attempt). Boxed:
    /// the order is held across many awaits, and debug builds keep every copy on the stack.
    #[serde(default)]
    pub subscription: Box<PaymentAttempt>,
    #[serde(default)]
    pub top_up: Box<PaymentAttempt>,
    /// Failed payment attempts so far: each new attempt gets new idempotency keys.
    pub failed_attempts: u32,
    pub account_id: Option<String>,
    pub extensions: Vec<Extension>,
    pub numbers_assigned: bool,
    /// The stock numbers the order was given, and those staff released since.
    #[serde(default)]
    pub assigned_numbers: Vec<String>,
    #[serde(default)]
    pub released_numbers: Vec<String>,
    /// Paid stock numbers the order could not be given, waiting for a replacement.
    #[serde(default)]
    pub lost_numbers: Vec<String>,
    /// Area-code placeholders given their number so far.
    #[serde(default)]
    pub filled_placeholders: Vec<String>,
    /// The newer order from the same cart that replaced this one before it was paid.
    #[serde(default)]
    pub superseded_by: Option<String>,
    #[serde(default)]
    pub placed_at: Option<DateTime<Utc>>,
    /// Closed unpaid after 24 hours.
    #[serde(default)]
    pub expired_at: Option<DateTime<Utc>>,
    /// Top-ups that succeeded although the order did not take them: refunded.
    #[serde(default)]
    pub strays: Vec<crate::payments::StrayPayment>,
    /// The subscription's cancellation, once an admin cancelled it or the buyer gave notice.
    #[serde(default)]
    pub cancellation: Option<Cancellation>,
    /// Card setups the signed-in buyer opened to change the card on file.
    #[serde(default)]
    pub card_change_setups: Vec<String>,
    /// The card on file since the buyer last changed it (the provider's payment method).
    #[serde(default)]
    pub card_on_file: Option<String>,
    /// Calls out suspended, and why (crate::service_order::suspension).
    #[serde(default)]
    pub suspension: Option<CallsOutSuspension>,
    /// The daily spend cap on calls out staff set (none: the default).
    #[serde(default)]
    pub daily_spend_cap: Option<Pence>,
}

/// How a subscription was cancelled.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cancellation {
    pub at_period_end: bool,
    /// When the service stops: the end of the period paid for, when the provider said.
    pub ends_at: Option<DateTime<Utc>>,
    pub reason: String,
}

/// The reason a cancellation by the buyer's notice is recorded with.
pub const CUSTOMER_NOTICE: &str = "Notice given by the customer from their account.";

/// The most card changes one order may open (a mistyped card or two, not a card-testing tool).
pub const MAX_CARD_CHANGES: usize = 10;

/// The longest reason a cancellation takes.
pub const MAX_CANCELLATION_REASON: usize = 500;

/// How long an order is kept open unpaid before the reconcile job expires it.
pub const UNPAID_ORDER_LIFETIME: chrono::TimeDelta = chrono::TimeDelta::hours(24);

/// `SB-` and six digits.
pub fn is_order_number(text: &str) -> bool {
    text.strip_prefix("SB-").is_some_and(|digits| digits.len() == 6 && digits.bytes().all(|b| b.is_ascii_digit()))
}

impl ServiceOrder {
    /// Whether another card setup may start: fewer than `MAX_CARD_SETUPS` so far. Asked
    /// before the provider makes one, so a refused order costs the provider nothing.
    pub fn may_start_card_setup(&self) -> bool {
        self.card_setups < MAX_CARD_SETUPS
    }

    fn part(&self, part: PaymentPart) -> &PaymentAttempt {
        match part {
            PaymentPart::Subscription => &self.subscription,
            PaymentPart::TopUp => &self.top_up,
        }
    }

    fn part_mut(&mut self, part: PaymentPart) -> &mut PaymentAttempt {
        match part {
            PaymentPart::Subscription => &mut self.subscription,
            PaymentPart::TopUp => &mut self.top_up,
        }
    }

    /// The numbers the order takes from our stock (not ported in, not placeholders).
    /// Area-code placeholders paid for (completed orders) still waiting for their number.
    pub fn open_placeholders(&self) -> Vec<String> {
        if self.status != OrderStatus::Completed {
            return vec![];
        }
        self.lines
            .iter()
            .flat_map(|l| &l.numbers)
            .filter(|n| n.is_placeholder && !self.filled_placeholders.contains(&n.value))
            .map(|n| n.value.clone())
            .collect()
    }

    /// The numbers the order transfers in (each becomes a Transfer once the order completes:
    /// crate::transfer), with the PAC code a mobile came with.
    pub fn transfers(&self) -> impl Iterator<Item = &OrderedNumber> {
        self.lines.iter().flat_map(|l| &l.numbers).filter(|n| n.is_transfer && !n.is_placeholder)
    }

    /// A staff step names who took it.
    fn staff(by: &str) -> Result<(), ServiceOrderError> {
        if by.trim().is_empty() {
            return Err(ServiceOrderError::StaffRequired);
        }
        Ok(())
    }

    pub fn stock_numbers(&self) -> Vec<String> {
        self.lines
            .iter()
            .flat_map(|l| &l.numbers)
            .filter(|n| !n.is_transfer && !n.is_placeholder)
            .map(|n| n.value.clone())
            .collect()
    }

    /// Whether the subscription may be cancelled (now, or at the end of its period) with
    /// `reason`: the trimmed reason, or why not. Checked before the card provider is asked.
    pub fn check_cancellation(&self, at_period_end: bool, reason: &str) -> Result<String, ServiceOrderError> {
        if self.status == OrderStatus::New {
            return Err(ServiceOrderError::NotFound);
        }
        let paid = matches!(self.status, OrderStatus::Paid | OrderStatus::Completed);
        if !paid || !self.subscription.is_paid() {
            return Err(ServiceOrderError::NoSubscriptionToCancel);
        }
        match &self.cancellation {
            // Cancelled at once: over. Cancelled at the period's end: may still be ended now.
            Some(c) if !c.at_period_end || at_period_end => {
                return Err(ServiceOrderError::SubscriptionAlreadyCancelled)
            }
            _ => {}
        }
        let reason = reason.trim().to_string();
        if reason.is_empty() || reason.chars().count() > MAX_CANCELLATION_REASON {
            return Err(ServiceOrderError::CancellationReasonMissing);
        }
        Ok(reason)
    }

    /// Whether the buyer may give notice: a paid subscription not cancelled already.
    pub fn check_notice(&self) -> Result<(), ServiceOrderError> {
        if self.status == OrderStatus::New {
            return Err(ServiceOrderError::NotFound);
        }
        let paid = matches!(self.status, OrderStatus::Paid | OrderStatus::Completed);
        if !paid || !self.subscription.is_paid() {
            return Err(ServiceOrderError::NoSubscriptionToCancel);
        }
        if self.cancellation.is_some() {
            return Err(ServiceOrderError::SubscriptionAlreadyCancelled);
        }
        Ok(())
    }

    /// Whether a cancellation at a period's end may be undone at `now`.
    pub fn check_undo(&self, now: DateTime<Utc>) -> Result<(), ServiceOrderError> {
        if self.status == OrderStatus::New {
            return Err(ServiceOrderError::NotFound);
        }
        match &self.cancellation {
            None => Err(ServiceOrderError::NoCancellationToUndo),
            Some(c) if !c.at_period_end => Err(ServiceOrderError::SubscriptionAlreadyCancelled),
            Some(c) if c.ends_at.is_some_and(|end| now >= end) => Err(ServiceOrderError::CancellationInEffect),
            Some(_) => Ok(()),
        }
    }

    /// Whether the buyer may change the card on file: a paid order with a payment customer.
    pub fn check_card_change(&self) -> Result<(), ServiceOrderError> {
        if self.status == OrderStatus::New {
            return Err(ServiceOrderError::NotFound);
        }
        if !matches!(self.status, OrderStatus::Paid | OrderStatus::Completed) {
            return Err(ServiceOrderError::PaymentNotConfirmed);
        }
        if self.payment_customer_id.is_none() {
            return Err(ServiceOrderError::NoPaymentCustomer);
        }
        Ok(())
    }

    fn payment_type(&self) -> PaymentType {
        self.payment_type.unwrap_or(PaymentType::Subscription)
    }

    fn start_part(&self, part: PaymentPart, needed: bool) -> Result<(), ServiceOrderError> {
        if !needed {
            return Err(match part {
                PaymentPart::Subscription => ServiceOrderError::NoSubscriptionNeeded,
                PaymentPart::TopUp => ServiceOrderError::NoTopUpNeeded,
            });
        }
        if self.payment_customer_id.is_none() {
            return Err(ServiceOrderError::NoPaymentCustomer);
        }
        if self.part(part).reference().is_some() {
            return Err(ServiceOrderError::PaymentAlreadyStarted);
        }
        Ok(())
    }

    /// The events a command leads to (none when it would change nothing: a payment method
    /// or an attempt recorded again, a payment confirmed twice), or why it is refused.
    fn decide(
        &self,
        command: ServiceOrderCommand,
        now: DateTime<Utc>,
    ) -> Result<Vec<ServiceOrderEvent>, ServiceOrderError> {
        use ServiceOrderCommand as C;
        use ServiceOrderError as E;
        use ServiceOrderEvent as Ev;
        match command {
            C::PlaceOrder { order_number, cart_id, cart_version, customer, lines } => {
                if self.status != OrderStatus::New {
                    return Err(E::AlreadyPlaced);
                }
                if !is_order_number(&order_number) {
                    return Err(E::InvalidOrderNumber);
                }
                check_lines(&lines)?;
                let payment_type = PaymentType::decide(lines.plan, lines.amounts.subscription_subtotal);
                Ok(vec![Ev::OrderPlaced {
                    order_number,
                    cart_id,
                    cart_version,
                    customer,
                    lines,
                    payment_type,
                    placed_at: now,
                }])
            }
            C::RecordStrayPayment { payment_intent_id, amount } => {
                if self.status == OrderStatus::New {
                    return Err(E::NotFound);
                }
                if self.strays.iter().any(|s| s.payment_intent_id == payment_intent_id) {
                    return Ok(vec![]);
                }
                // The order's own top-up (under way or taken) is never a stray.
                let own = self.top_up.reference() == Some(payment_intent_id.as_str());
                let closed = self.superseded_by.is_some() || self.expired_at.is_some();
                if own && (self.top_up.is_paid() || !closed) {
                    return Err(E::NotAStrayPayment);
                }
                if amount <= Pence::ZERO {
                    return Err(E::AmountsDoNotAddUp);
                }
                Ok(vec![Ev::StrayPaymentReceived { payment_intent_id, amount, at: now }])
            }
            C::RecordStrayRefund { payment_intent_id, refund_id, amount } => {
                match crate::payments::stray_refund_is_new(&self.strays, &payment_intent_id, amount) {
                    Ok(true) => Ok(vec![Ev::StrayPaymentRefunded { payment_intent_id, refund_id, amount, at: now }]),
                    Ok(false) => Ok(vec![]),
                    Err(crate::payments::StrayRefusal::Unknown) => Err(E::UnknownPayment),
                    Err(crate::payments::StrayRefusal::WrongAmount) => Err(E::AmountsDoNotAddUp),
                }
            }
            C::Expire { refund_id } => match self.status {
                OrderStatus::New => Err(E::NotFound),
                OrderStatus::Paid | OrderStatus::Completed => Err(E::AlreadyPaid),
                OrderStatus::Placed if self.expired_at.is_some() => Ok(vec![]),
                OrderStatus::Placed if self.superseded_by.is_some() => Err(E::Superseded),
                OrderStatus::Placed => {
                    if self.placed_at.is_some_and(|placed| now < placed + UNPAID_ORDER_LIFETIME) {
                        return Err(E::TooEarlyToExpire);
                    }
                    Ok(vec![Ev::OrderExpired { refund_id, at: now }])
                }
            },
            C::Supersede { by } => match self.status {
                OrderStatus::New => Err(E::NotFound),
                // A paid order is never replaced.
                OrderStatus::Paid | OrderStatus::Completed => Err(E::AlreadyPaid),
                OrderStatus::Placed => match &self.superseded_by {
                    Some(done) if *done == by => Ok(vec![]),
                    Some(_) => Err(E::Superseded),
                    None => Ok(vec![Ev::OrderSuperseded { by, at: now }]),
                },
            },
            C::ResendConfirmation => match self.status {
                OrderStatus::New => Err(E::NotFound),
                OrderStatus::Completed => Ok(vec![Ev::ConfirmationResent { at: now }]),
                _ => Err(E::NotComplete),
            },
            C::ResetSipPassword { number } => {
                if self.status == OrderStatus::New {
                    return Err(E::NotFound);
                }
                if self.account_id.is_none() {
                    return Err(E::NoAccount);
                }
                if !self.extensions.iter().any(|e| e.number == number) {
                    return Err(E::ExtensionNotFound);
                }
                Ok(vec![Ev::SipPasswordReset { number, at: now }])
            }
            C::ReplaceLostNumber { lost, replacement } => {
                if !self.lost_numbers.contains(&lost) {
                    return Err(E::NotLost);
                }
                Ok(vec![Ev::NumberReplaced { lost, replacement, at: now }])
            }
            C::FillPlaceholder { placeholder, number } => {
                if !self.open_placeholders().contains(&placeholder) {
                    return Err(E::NotAnOpenPlaceholder);
                }
                Ok(vec![Ev::PlaceholderFilled { placeholder, number, at: now }])
            }
            C::ReleaseNumber { number } => {
                if self.released_numbers.contains(&number) {
                    return Err(E::NumberAlreadyReleased);
                }
                if !self.assigned_numbers.contains(&number) {
                    return Err(E::NotTheOrdersNumber);
                }
                Ok(vec![Ev::NumberReleased { number, at: now }])
            }
            C::ProposeCancellation { at_period_end, reason, by } => {
                Self::staff(&by)?;
                let reason = self.check_cancellation(at_period_end, &reason)?;
                Ok(vec![Ev::CancellationProposed { at_period_end, reason, at: now }])
            }
            C::CancelSubscription { at_period_end, ends_at, reason, by } => {
                Self::staff(&by)?;
                let reason = self.check_cancellation(at_period_end, &reason)?;
                let subscription_id = self.subscription.reference().unwrap_or_default().to_string();
                Ok(vec![Ev::SubscriptionCancelled { subscription_id, at_period_end, ends_at, reason, at: now }])
            }
            C::ScheduleCancellation { effective_on, in_trial } => {
                self.check_notice()?;
                if in_trial {
                    return Err(E::CancellationInTrial);
                }
                if effective_on <= now {
                    return Err(E::CancellationInEffect);
                }
                let subscription_id = self.subscription.reference().unwrap_or_default().to_string();
                Ok(vec![Ev::CancellationScheduled { subscription_id, effective_on, at: now }])
            }
            C::UndoCancellation => {
                self.check_undo(now)?;
                let subscription_id = self.subscription.reference().unwrap_or_default().to_string();
                Ok(vec![Ev::CancellationUndone { subscription_id, at: now }])
            }
            C::StartCardChange { setup_intent_id } => {
                self.check_card_change()?;
                if self.card_change_setups.contains(&setup_intent_id) {
                    return Ok(vec![]);
                }
                if self.card_change_setups.len() >= MAX_CARD_CHANGES {
                    return Err(E::TooManyCardSetups);
                }
                Ok(vec![Ev::CardChangeStarted { setup_intent_id, at: now }])
            }
            C::ChangeCard { setup_intent_id, payment_method_id, brand, last4 } => {
                self.check_card_change()?;
                if !self.card_change_setups.contains(&setup_intent_id) {
                    return Err(E::UnknownCardSetup);
                }
                if self.card_on_file.as_deref() == Some(payment_method_id.as_str()) {
                    return Ok(vec![]);
                }
                Ok(vec![Ev::CardChanged { payment_method_id, brand, last4, at: now }])
            }
            C::SuspendCallsOut { cause, reason, by } => self.decide_suspension(cause, &reason, &by, now),
            C::RestoreCallsOut { cause, reason, by } => self.decide_restore(cause, &reason, &by, now),
            C::EndSubscription { subscription_id, reason } => {
                if self.status == OrderStatus::New {
                    return Err(E::NotFound);
                }
                if self.subscription.reference() != Some(subscription_id.as_str()) {
                    return Err(E::UnknownPayment);
                }
                if !matches!(self.status, OrderStatus::Paid | OrderStatus::Completed) || !self.subscription.is_paid() {
                    return Err(E::NoSubscriptionToCancel);
                }
                match &self.cancellation {
                    // Ended already: at once, or at a period's end that has come.
                    Some(c) if !c.at_period_end => Ok(vec![]),
                    Some(c) if c.ends_at.is_some_and(|end| end <= now) => Ok(vec![]),
                    _ => Ok(vec![Ev::SubscriptionCancelled {
                        subscription_id,
                        at_period_end: false,
                        ends_at: None,
                        reason: reason.trim().to_string(),
                        at: now,
                    }]),
                }
            }
            C::SetDailySpendCap { cap, by } => {
                if self.status == OrderStatus::New {
                    return Err(E::NotFound);
                }
                Self::staff(&by)?;
                let cap = check_spend_cap(cap)?;
                if self.account_id.is_none() {
                    return Err(E::NoAccount);
                }
                if self.spend_cap() == cap {
                    return Ok(vec![]);
                }
                Ok(vec![Ev::DailySpendCapSet { cap, at: now }])
            }
            C::Checkout(step) => self.decide_checkout_step(step, now),
        }
    }

    /// SuspendCallsOut: needs the order's account (its extensions); the phrase is the
    /// product's for a failed payment or a dispute, the admin's own words otherwise.
    fn decide_suspension(
        &self,
        cause: SuspensionCause,
        reason: &str,
        by: &str,
        now: DateTime<Utc>,
    ) -> Result<Vec<ServiceOrderEvent>, ServiceOrderError> {
        if self.status == OrderStatus::New {
            return Err(ServiceOrderError::NotFound);
        }
        if self.account_id.is_none() {
            return Err(ServiceOrderError::NoAccount);
        }
        let (phrase, detail) = match cause {
            SuspensionCause::Staff => {
                Self::staff(by)?;
                (check_staff_reason(reason)?, String::new())
            }
            SuspensionCause::PaymentFailed => (PAYMENT_FAILED_REASON.to_string(), reason.trim().to_string()),
            SuspensionCause::Dispute => (ACCOUNT_SUSPENDED_REASON.to_string(), reason.trim().to_string()),
        };
        match &self.suspension {
            Some(s) if s.cause == cause && s.reason == phrase => return Ok(vec![]),
            Some(s) if s.cause == SuspensionCause::Dispute && cause == SuspensionCause::Staff => {
                return Err(ServiceOrderError::SuspendedForDispute)
            }
            Some(s) if !s.cause.yields_to(cause) => return Ok(vec![]),
            _ => {}
        }
        Ok(vec![ServiceOrderEvent::CallsOutSuspended { cause, reason: phrase, detail, at: now }])
    }

    /// RestoreCallsOut: an admin lifts any suspension (and is refused when there is none);
    /// the provider's word lifts only a suspension of its own cause.
    fn decide_restore(
        &self,
        cause: SuspensionCause,
        reason: &str,
        by: &str,
        now: DateTime<Utc>,
    ) -> Result<Vec<ServiceOrderEvent>, ServiceOrderError> {
        if self.status == OrderStatus::New {
            return Err(ServiceOrderError::NotFound);
        }
        if cause == SuspensionCause::Staff {
            Self::staff(by)?;
            let reason = check_staff_reason(reason)?;
            let Some(suspension) = &self.suspension else { return Err(ServiceOrderError::CallsOutNotSuspended) };
            return Ok(vec![ServiceOrderEvent::CallsOutRestored { lifted: suspension.cause, reason, at: now }]);
        }
        match &self.suspension {
            Some(s) if s.cause == cause => Ok(vec![ServiceOrderEvent::CallsOutRestored {
                lifted: cause,
                reason: reason.trim().to_string(),
                at: now,
            }]),
            _ => Ok(vec![]),
        }
    }

    /// The daily spend cap on calls out: staff's, or the default.
    pub fn spend_cap(&self) -> Pence {
        self.daily_spend_cap.unwrap_or(DEFAULT_DAILY_SPEND_CAP)
    }

    /// The checkout's steps, once the order is open for them (see [`CheckoutStep`]).
    fn decide_checkout_step(
        &self,
        step: CheckoutStep,
        now: DateTime<Utc>,
    ) -> Result<Vec<ServiceOrderEvent>, ServiceOrderError> {
        use CheckoutStep as C;
        use ServiceOrderError as E;
        use ServiceOrderEvent as Ev;
        match self.status {
            OrderStatus::New => return Err(E::NotFound),
            OrderStatus::Completed if !matches!(step, C::RecordPaymentSuccess { .. }) => {
                return Err(E::AlreadyCompleted)
            }
            // Replaced or expired before it was paid: no step of the buyer's goes on with it.
            OrderStatus::Placed if self.superseded_by.is_some() => return Err(E::Superseded),
            OrderStatus::Placed if self.expired_at.is_some() => return Err(E::Expired),
            _ => {}
        }
        let paid = matches!(self.status, OrderStatus::Paid | OrderStatus::Completed);
        let kind = self.payment_type();
        match step {
            C::RegisterPaymentCustomer { customer_id } => {
                if self.payment_customer_id.is_some() {
                    return Err(E::PaymentCustomerAlreadyRegistered);
                }
                Ok(vec![Ev::PaymentCustomerRegistered { customer_id }])
            }
            C::RecordSetupIntent { setup_intent_id } => {
                if paid {
                    return Err(E::AlreadyPaid);
                }
                if self.payment_customer_id.is_none() {
                    return Err(E::NoPaymentCustomer);
                }
                if !self.may_start_card_setup() {
                    return Err(E::TooManyCardSetups);
                }
                Ok(vec![Ev::SetupIntentCreated { setup_intent_id }])
            }
            C::RecordPaymentMethod { payment_method_id } => {
                if paid {
                    return Err(E::AlreadyPaid);
                }
                if self.payment_method_id.as_deref() == Some(payment_method_id.as_str()) {
                    return Ok(vec![]);
                }
                Ok(vec![Ev::PaymentMethodRecorded { payment_method_id }])
            }
            C::StartPaymentAttempt { part, attempt_key } => {
                if paid {
                    return Err(E::AlreadyPaid);
                }
                let needed = match part {
                    PaymentPart::Subscription => kind.needs_subscription(),
                    PaymentPart::TopUp => kind.needs_top_up(),
                };
                if self.part(part).key() == Some(attempt_key.as_str()) {
                    return Ok(vec![]);
                }
                self.start_part(part, needed)?;
                if attempt_key.trim().is_empty() {
                    return Err(E::InvalidAttemptKey);
                }
                Ok(vec![Ev::PaymentAttemptStarted { part, attempt_key, started_at: now }])
            }
            C::RecordSubscription { subscription_id } => {
                if paid {
                    return Err(E::AlreadyPaid);
                }
                self.start_part(PaymentPart::Subscription, kind.needs_subscription())?;
                Ok(vec![Ev::SubscriptionCreated { subscription_id }])
            }
            C::RecordTopUpIntent { payment_intent_id } => {
                if paid {
                    return Err(E::AlreadyPaid);
                }
                self.start_part(PaymentPart::TopUp, kind.needs_top_up())?;
                Ok(vec![Ev::TopUpIntentCreated { payment_intent_id }])
            }
            C::RecordPaymentSuccess { part, reference } => {
                let attempt = self.part(part);
                if attempt.reference() != Some(reference.as_str()) {
                    return Err(E::UnknownPayment);
                }
                if attempt.is_paid() {
                    return Ok(vec![]);
                }
                let mut events = vec![Ev::PaymentSucceeded { part, reference }];
                let other_paid = match part {
                    PaymentPart::Subscription => !kind.needs_top_up() || self.top_up.is_paid(),
                    PaymentPart::TopUp => !kind.needs_subscription() || self.subscription.is_paid(),
                };
                if other_paid {
                    events.push(Ev::PaymentConfirmed { confirmed_at: now });
                }
                Ok(events)
            }
            C::RecordPaymentFailure { part, reference, code, message } => {
                let attempt = self.part(part);
                // A card refused while the payment was being created leaves no reference yet.
                if attempt.reference().is_some_and(|r| r != reference) {
                    return Err(E::UnknownPayment);
                }
                if attempt.is_paid() || paid {
                    return Err(E::AlreadyPaid);
                }
                Ok(vec![Ev::PaymentFailed { part, reference, code, message }])
            }
            C::CreateAccount { account_id, extensions } => {
                if !paid {
                    return Err(E::PaymentNotConfirmed);
                }
                if self.account_id.is_some() {
                    return Err(E::AccountAlreadyCreated);
                }
                if extensions.is_empty() {
                    return Err(E::NoExtensions);
                }
                Ok(vec![Ev::AccountCreated { account_id, extensions }])
            }
            C::RecordLostNumber { number } => {
                if self.account_id.is_none() {
                    return Err(E::NoAccount);
                }
                if self.numbers_assigned {
                    return Err(E::NumbersAlreadyAssigned);
                }
                if !self.stock_numbers().contains(&number) {
                    return Err(E::WrongNumbers);
                }
                if self.lost_numbers.contains(&number) {
                    return Ok(vec![]);
                }
                Ok(vec![Ev::NumberLost { number }])
            }
            C::AssignNumbers { mut numbers } => {
                if self.account_id.is_none() {
                    return Err(E::NoAccount);
                }
                if self.numbers_assigned {
                    return Err(E::NumbersAlreadyAssigned);
                }
                // The numbers given and the ones lost are the order's stock numbers.
                let mut expected = self.stock_numbers();
                expected.sort();
                let mut accounted: Vec<String> = numbers.iter().chain(&self.lost_numbers).cloned().collect();
                accounted.sort();
                if accounted != expected {
                    return Err(E::WrongNumbers);
                }
                numbers.sort();
                Ok(vec![Ev::NumbersAssigned { numbers }])
            }
            C::Complete => {
                if self.account_id.is_none() {
                    return Err(E::NoAccount);
                }
                if !self.numbers_assigned {
                    return Err(E::NumbersNotAssigned);
                }
                Ok(vec![Ev::OrderCompleted { completed_at: now }])
            }
        }
    }
}

impl Aggregate for ServiceOrder {
    const TYPE: &'static str = "ServiceOrder";
    type Command = ServiceOrderCommand;
    type Event = ServiceOrderEvent;
    type Error = ServiceOrderError;
    type Services = ServiceOrderServices;

    async fn handle(
        &mut self,
        command: ServiceOrderCommand,
        services: &ServiceOrderServices,
        sink: &EventSink<Self>,
    ) -> Result<(), ServiceOrderError> {
        for event in self.decide(command, services.clock.now())? {
            sink.write(event, self).await;
        }
        Ok(())
    }

    fn apply(&mut self, event: ServiceOrderEvent) {
        use ServiceOrderEvent as Ev;
        match event {
            Ev::OrderPlaced { order_number, cart_id, cart_version, customer, lines, payment_type, placed_at } => {
                self.status = OrderStatus::Placed;
                self.placed_at = Some(placed_at);
                self.order_number = order_number;
                self.cart_id = cart_id;
                self.cart_version = cart_version;
                self.customer = customer;
                self.lines = Some(lines);
                self.payment_type = Some(payment_type);
            }
            Ev::PaymentCustomerRegistered { customer_id } => self.payment_customer_id = Some(customer_id),
            Ev::SetupIntentCreated { setup_intent_id } => {
                self.setup_intent_id = Some(setup_intent_id);
                self.card_setups += 1;
            }
            Ev::PaymentMethodRecorded { payment_method_id } => self.payment_method_id = Some(payment_method_id),
            Ev::PaymentAttemptStarted { part, attempt_key, .. } => self.part_mut(part).start(attempt_key),
            Ev::SubscriptionCreated { subscription_id } => self.subscription.made(subscription_id),
            Ev::TopUpIntentCreated { payment_intent_id } => self.top_up.made(payment_intent_id),
            Ev::PaymentSucceeded { part, reference } => self.part_mut(part).paid(reference),
            Ev::PaymentConfirmed { .. } => self.status = OrderStatus::Paid,
            Ev::PaymentFailed { part, code, .. } => {
                // The attempt is over: the next card starts this part again.
                self.part_mut(part).declined(code);
                self.setup_intent_id = None;
                self.payment_method_id = None;
                self.failed_attempts += 1;
            }
            Ev::AccountCreated { account_id, extensions } => {
                self.account_id = Some(account_id);
                self.extensions = extensions;
            }
            Ev::NumbersAssigned { numbers } => {
                self.numbers_assigned = true;
                self.assigned_numbers = numbers;
            }
            Ev::OrderCompleted { .. } => self.status = OrderStatus::Completed,
            Ev::ConfirmationResent { .. } | Ev::SipPasswordReset { .. } => {}
            Ev::OrderSuperseded { by, .. } => self.superseded_by = Some(by),
            Ev::OrderExpired { at, .. } => self.expired_at = Some(at),
            Ev::StrayPaymentReceived { payment_intent_id, amount, .. } => {
                self.strays.push(crate::payments::StrayPayment { payment_intent_id, amount, refund_id: None });
            }
            Ev::StrayPaymentRefunded { payment_intent_id, refund_id, .. } => {
                crate::payments::note_stray_refund(&mut self.strays, &payment_intent_id, refund_id);
            }
            Ev::NumberReleased { number, .. } => self.released_numbers.push(number),
            Ev::NumberLost { number } => self.lost_numbers.push(number),
            Ev::NumberReplaced { lost, replacement, .. } => {
                self.lost_numbers.retain(|n| *n != lost);
                self.assigned_numbers.push(replacement);
            }
            Ev::PlaceholderFilled { placeholder, number, .. } => {
                self.filled_placeholders.push(placeholder);
                self.assigned_numbers.push(number);
            }
            // Legacy transfer steps: the port's own stream carries them on (crate::transfer::opening).
            Ev::PortDetailsConfirmed { .. }
            | Ev::PortPacGiven { .. }
            | Ev::PortSubmitted { .. }
            | Ev::PortDateSet { .. }
            | Ev::PortCompleted { .. }
            | Ev::PortRejected { .. } => {}
            Ev::CancellationProposed { .. } => {}
            Ev::SubscriptionCancelled { at_period_end, ends_at, reason, .. } => {
                self.cancellation = Some(Cancellation { at_period_end, ends_at, reason });
            }
            Ev::CancellationScheduled { effective_on, .. } => {
                self.cancellation = Some(Cancellation {
                    at_period_end: true,
                    ends_at: Some(effective_on),
                    reason: CUSTOMER_NOTICE.to_string(),
                });
            }
            Ev::CancellationUndone { .. } => self.cancellation = None,
            Ev::CardChangeStarted { setup_intent_id, .. } => self.card_change_setups.push(setup_intent_id),
            Ev::CardChanged { payment_method_id, .. } => self.card_on_file = Some(payment_method_id),
            Ev::CallsOutSuspended { cause, reason, .. } => {
                self.suspension = Some(CallsOutSuspension { cause, reason });
            }
            Ev::CallsOutRestored { .. } => self.suspension = None,
            Ev::DailySpendCapSet { cap, .. } => self.daily_spend_cap = Some(cap),
        }
    }
}
