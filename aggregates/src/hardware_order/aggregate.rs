use std::sync::Arc;

use chrono::{DateTime, TimeDelta, Utc};
use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use serde::{Deserialize, Serialize};

use super::commands::HardwareOrderCommand;
use super::details::{check_details, HardwareCustomer, ShippingAddress};
use super::errors::HardwareOrderError;
use super::events::HardwareOrderEvent;
use super::lines::{HardwareAmounts, HardwareLine, MAX_LINES, MAX_QUANTITY, MAX_UNIT_PRICE};
use super::refunds::RefundState;
use super::shipping::ShippingOption;
use crate::clock::Clock;
use crate::payment_attempt::PaymentAttempt;
use crate::payments::StrayPayment;
use crate::payments::MAX_CARD_SETUPS;
use crate::pricing::Pence;

/// How long an unpaid order is kept open before it may be cancelled as expired.
pub const UNPAID_ORDER_LIFETIME: TimeDelta = TimeDelta::hours(24);

pub struct HardwareOrderServices {
    pub clock: Arc<dyn Clock>,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum HardwareOrderStatus {
    #[default]
    New,
    Placed,
    Paid,
    Confirmed,
    /// Paid, but confirming failed; a job confirms it later.
    PaymentOnly,
    /// Paid, but something unexpected failed; a person follows it up.
    ErrorHandled,
    Cancelled,
}

impl HardwareOrderStatus {
    /// The wire name (the same as the serde name).
    pub fn as_str(self) -> &'static str {
        match self {
            HardwareOrderStatus::New => "new",
            HardwareOrderStatus::Placed => "placed",
            HardwareOrderStatus::Paid => "paid",
            HardwareOrderStatus::Confirmed => "confirmed",
            HardwareOrderStatus::PaymentOnly => "payment-only",
            HardwareOrderStatus::ErrorHandled => "error-handled",
            HardwareOrderStatus::Cancelled => "cancelled",
        }
    }

    /// The money is taken (whatever happened after).
    pub fn is_paid(self) -> bool {
        matches!(
            self,
            HardwareOrderStatus::Paid
                | HardwareOrderStatus::Confirmed
                | HardwareOrderStatus::PaymentOnly
                | HardwareOrderStatus::ErrorHandled
        )
    }
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct HardwareOrder {
    pub status: HardwareOrderStatus,
    pub order_number: String,
    pub cart_id: String,
    pub lines: Vec<HardwareLine>,
    pub shipping: Option<ShippingOption>,
    pub customer: HardwareCustomer,
    pub address: ShippingAddress,
    pub amounts: HardwareAmounts,
    pub placed_at: Option<DateTime<Utc>>,
    pub payment_customer_id: Option<String>,
    /// The last setup intent made for a card.
    pub card_setup_id: Option<String>,
    /// Card setups started so far (`CardSetupStarted`), declined or not: at most
    /// `MAX_CARD_SETUPS`.
    #[serde(default)]
    pub card_setups: u32,
    /// The card payment: under way (with its card and number), paid, or the last declined
    /// (crate::payment_attempt).
    #[serde(default)]
    pub payment: PaymentAttempt,
    pub declined_attempts: u32,
    pub paid_at: Option<DateTime<Utc>>,
    pub confirmed_at: Option<DateTime<Utc>>,
    /// `temp-...` or `error-...` while the order is marked payment-only or error-handled.
    pub reference: Option<String>,
    pub email_queued: bool,
    pub cancelled_at: Option<DateTime<Utc>>,
    /// The newer order from the same cart that replaced this one.
    #[serde(default)]
    pub superseded_by: Option<String>,
    #[serde(default)]
    pub strays: Vec<StrayPayment>,
    /// The refunds the card provider made.
    #[serde(default)]
    pub refunds: Vec<RefundState>,
    /// The refund recorded and not yet answered by the provider (a crash in between leaves
    /// it here: the next refund of the order asks for it again first, with its own key).
    #[serde(default)]
    pub pending_refund: Option<RefundState>,
    /// Refunds asked for so far (made, failed or under way): the next one's number.
    #[serde(default)]
    pub refunds_requested: u32,
    /// The last refund support proposed, until an admin refunds.
    #[serde(default)]
    pub refund_proposal: Option<RefundState>,
}

/// `HW-` and six digits.
pub fn is_order_number(text: &str) -> bool {
    text.strip_prefix("HW-").is_some_and(|digits| digits.len() == 6 && digits.bytes().all(|b| b.is_ascii_digit()))
}

fn check_lines(lines: &[HardwareLine]) -> Result<(), HardwareOrderError> {
    if lines.is_empty() {
        return Err(HardwareOrderError::NoItems);
    }
    if lines.len() > MAX_LINES {
        return Err(HardwareOrderError::TooManyLines);
    }
    if lines.iter().any(|l| l.quantity == 0 || l.quantity > MAX_QUANTITY) {
        return Err(HardwareOrderError::InvalidQuantity);
    }
    if lines.iter().any(|l| l.unit_price <= Pence::ZERO || l.unit_price > MAX_UNIT_PRICE) {
        return Err(HardwareOrderError::InvalidPrice);
    }
    Ok(())
}

impl HardwareOrder {
    /// The version of the quote this order was placed on (its lines and shipping as priced).
    pub fn quote_version(&self) -> String {
        super::lines::quote_version(&self.lines, self.shipping)
    }

    /// Whether another card setup may start: fewer than `MAX_CARD_SETUPS` so far. Asked
    /// before the provider makes one, so a refused order costs the provider nothing.
    pub fn may_start_card_setup(&self) -> bool {
        self.card_setups < MAX_CARD_SETUPS
    }

    /// The payment steps before the money is taken: only a placed order takes them. A paid or
    /// cancelled order takes none, not even a repeated one.
    fn open_for_payment(&self) -> Result<(), HardwareOrderError> {
        match self.status {
            HardwareOrderStatus::New => Err(HardwareOrderError::NotPlaced),
            HardwareOrderStatus::Placed => Ok(()),
            HardwareOrderStatus::Cancelled if self.superseded_by.is_some() => Err(HardwareOrderError::Superseded),
            HardwareOrderStatus::Cancelled => Err(HardwareOrderError::Cancelled),
            _ => Err(HardwareOrderError::AlreadyPaid),
        }
    }

    /// Whether `payment_intent_id` is the payment under way.
    fn in_flight(&self, payment_intent_id: &str) -> bool {
        self.payment.is_under_way(payment_intent_id)
    }

    /// The payment that took the money ("" before).
    fn paid_intent(&self) -> &str {
        self.payment.paid_reference().unwrap_or_default()
    }

    fn confirmed(&self, email_queued: bool, now: DateTime<Utc>, retried: bool) -> HardwareOrderEvent {
        let stock = self.lines.iter().map(|l| (l.product_id.clone(), l.quantity)).collect();
        HardwareOrderEvent::OrderConfirmed { stock, email_queued, confirmed_at: now, retried }
    }

    /// The events a command leads to (none when it would change nothing: a step repeated by
    /// a retry, the browser and a job both confirming), or why it is refused.
    fn decide(
        &self,
        command: HardwareOrderCommand,
        now: DateTime<Utc>,
    ) -> Result<Vec<HardwareOrderEvent>, HardwareOrderError> {
        use HardwareOrderCommand as C;
        use HardwareOrderError as E;
        use HardwareOrderEvent as Ev;
        use HardwareOrderStatus as S;
        match command {
            C::PlaceOrder { order_number, cart_id, lines, shipping, customer, address } => {
                if self.status != S::New {
                    return Err(E::AlreadyPlaced);
                }
                if !is_order_number(&order_number) {
                    return Err(E::InvalidOrderNumber);
                }
                check_lines(&lines)?;
                check_details(&customer, &address).map_err(E::InvalidDetails)?;
                let amounts = HardwareAmounts::compute(&lines, Some(shipping));
                Ok(vec![Ev::OrderPlaced {
                    order_number,
                    cart_id,
                    lines,
                    shipping,
                    customer: customer.normalised(),
                    address: address.normalised(),
                    amounts,
                    placed_at: now,
                }])
            }
            C::RegisterPaymentCustomer { customer_id } => {
                self.open_for_payment()?;
                if self.payment_customer_id.as_deref() == Some(customer_id.as_str()) {
                    return Ok(vec![]);
                }
                Ok(vec![Ev::PaymentCustomerRegistered { customer_id }])
            }
            C::StartCardSetup { setup_intent_id } => {
                self.open_for_payment()?;
                if self.card_setup_id.as_deref() == Some(setup_intent_id.as_str()) {
                    return Ok(vec![]);
                }
                if !self.may_start_card_setup() {
                    return Err(E::TooManyCardSetups);
                }
                Ok(vec![Ev::CardSetupStarted { setup_intent_id }])
            }
            C::StartPayment { payment_intent_id, card, amount } => {
                self.open_for_payment()?;
                // The server charges the order's own total, never a figure from elsewhere.
                if amount != self.amounts.total {
                    return Err(E::AmountMismatch);
                }
                if self.in_flight(&payment_intent_id) {
                    return Ok(vec![]);
                }
                Ok(vec![Ev::PaymentStarted { payment_intent_id, card, amount, attempt: self.declined_attempts + 1 }])
            }
            C::RecordDecline { payment_intent_id, code, decline_code } => {
                match self.status {
                    S::New => return Err(E::NotPlaced),
                    status if status.is_paid() => return Err(E::AlreadyPaid),
                    // Placed, or cancelled while the card was still being asked: the decline
                    // closes that attempt either way.
                    _ => {}
                }
                if !self.in_flight(&payment_intent_id) {
                    return Err(E::UnknownPayment);
                }
                Ok(vec![Ev::PaymentDeclined { payment_intent_id, code, decline_code }])
            }
            C::RecordPayment { payment_intent_id, amount, status } => {
                match self.status {
                    S::New => return Err(E::NotPlaced),
                    paid if paid.is_paid() => {
                        return if self.paid_intent() == payment_intent_id { Ok(vec![]) } else { Err(E::AlreadyPaid) };
                    }
                    // A replaced order is not served: a payment for it is refunded instead.
                    S::Cancelled if self.superseded_by.is_some() => return Err(E::Superseded),
                    // An expired order may still be paid: a payment that was under way when
                    // it expired can succeed afterwards. The money is really taken, so the
                    // order is served, not left cancelled.
                    _ => {}
                }
                if status != "succeeded" {
                    return Err(E::PaymentNotSucceeded);
                }
                if amount != self.amounts.total {
                    return Err(E::AmountMismatch);
                }
                Ok(vec![Ev::PaymentRecorded { payment_intent_id, amount, status, paid_at: now }])
            }
            C::Confirm { email_queued } => match self.status {
                S::Paid => Ok(vec![self.confirmed(email_queued, now, false)]),
                S::Confirmed => Ok(vec![]),
                // Marked for a retry: confirming now is that retry.
                S::PaymentOnly | S::ErrorHandled => Ok(vec![self.confirmed(email_queued, now, true)]),
                S::New | S::Placed | S::Cancelled => Err(E::NotPaid),
            },
            C::RetryConfirmation { email_queued } => match self.status {
                S::Paid | S::PaymentOnly | S::ErrorHandled => Ok(vec![self.confirmed(email_queued, now, true)]),
                S::Confirmed => Ok(vec![]),
                S::New | S::Placed | S::Cancelled => Err(E::NotPaid),
            },
            C::MarkPaymentOnly => match self.status {
                S::Paid => Ok(vec![Ev::MarkedPaymentOnly { reference: format!("temp-{}", self.paid_intent()) }]),
                // Already marked, error-handled being the stronger mark: keep it and its reference.
                S::PaymentOnly | S::ErrorHandled => Ok(vec![]),
                S::Confirmed => Err(E::AlreadyConfirmed),
                S::New | S::Placed | S::Cancelled => Err(E::NotPaid),
            },
            C::MarkErrorHandled => match self.status {
                S::Paid | S::PaymentOnly => {
                    let short: String = self.paid_intent().chars().take(8).collect();
                    Ok(vec![Ev::MarkedErrorHandled { reference: format!("error-{short}") }])
                }
                S::ErrorHandled => Ok(vec![]),
                S::Confirmed => Err(E::AlreadyConfirmed),
                S::New | S::Placed | S::Cancelled => Err(E::NotPaid),
            },
            C::Cancel => match self.status {
                S::New => Err(E::NotPlaced),
                S::Cancelled => Ok(vec![]),
                S::Placed => {
                    if self.placed_at.is_some_and(|placed| now < placed + UNPAID_ORDER_LIFETIME) {
                        return Err(E::TooEarlyToCancel);
                    }
                    Ok(vec![Ev::OrderCancelled { reason: "expired".into(), cancelled_at: now }])
                }
                _ => Err(E::AlreadyPaid),
            },
            C::ResendConfirmation => match self.status {
                S::New => Err(E::NotPlaced),
                S::Confirmed => Ok(vec![Ev::ConfirmationResent { at: now }]),
                _ => Err(E::NotConfirmed),
            },
            C::Supersede { by } => match self.status {
                S::New => Err(E::NotPlaced),
                S::Placed => Ok(vec![Ev::OrderSuperseded { by, at: now }]),
                S::Cancelled if self.superseded_by.as_deref() == Some(by.as_str()) => Ok(vec![]),
                S::Cancelled => Err(self.open_for_payment().err().unwrap_or(E::Cancelled)),
                // A paid order is never replaced.
                _ => Err(E::AlreadyPaid),
            },
            C::RecordStrayPayment { payment_intent_id, amount } => {
                if self.status == S::New {
                    return Err(E::NotPlaced);
                }
                if self.strays.iter().any(|s| s.payment_intent_id == payment_intent_id) {
                    return Ok(vec![]);
                }
                // The order's own payment (under way or taken) is never a stray.
                let open =
                    matches!(self.status, S::Placed) || (self.status == S::Cancelled && self.superseded_by.is_none());
                if self.paid_intent() == payment_intent_id || (open && self.in_flight(&payment_intent_id)) {
                    return Err(E::NotAStrayPayment);
                }
                if amount <= Pence::ZERO {
                    return Err(E::AmountMismatch);
                }
                Ok(vec![Ev::StrayPaymentReceived { payment_intent_id, amount, at: now }])
            }
            C::RecordStrayRefund { payment_intent_id, refund_id, amount } => {
                match crate::payments::stray_refund_is_new(&self.strays, &payment_intent_id, amount) {
                    Ok(true) => Ok(vec![Ev::StrayPaymentRefunded { payment_intent_id, refund_id, amount, at: now }]),
                    Ok(false) => Ok(vec![]),
                    Err(crate::payments::StrayRefusal::Unknown) => Err(E::UnknownPayment),
                    Err(crate::payments::StrayRefusal::WrongAmount) => Err(E::AmountMismatch),
                }
            }
            C::ProposeRefund { lines, reason } => {
                let plan = self.plan_refund(lines, &reason)?;
                Ok(vec![Ev::RefundProposed {
                    lines: plan.lines,
                    full: plan.full,
                    amount: plan.amount,
                    reason: plan.reason,
                    at: now,
                }])
            }
            C::RequestRefund { lines, reason } => {
                if self.pending_refund.is_some() {
                    return Err(E::RefundPending);
                }
                let plan = self.plan_refund(lines, &reason)?;
                Ok(vec![Ev::RefundRequested {
                    number: self.refunds_requested + 1,
                    lines: plan.lines,
                    full: plan.full,
                    amount: plan.amount,
                    reason: plan.reason,
                    at: now,
                }])
            }
            C::RecordRefund { number, refund_id, amount } => match &self.pending_refund {
                Some(pending) if pending.number == number => Ok(vec![Ev::HardwareRefunded {
                    number,
                    refund_id,
                    amount,
                    lines: pending.lines.clone(),
                    full: pending.full,
                    reason: pending.reason.clone(),
                    at: now,
                }]),
                // Recorded already (a retry): nothing new.
                _ if self.refunds.iter().any(|r| r.number == number) => Ok(vec![]),
                _ => Err(E::UnknownRefund),
            },
            C::RecordRefundFailure { number, message } => match &self.pending_refund {
                Some(pending) if pending.number == number => Ok(vec![Ev::RefundFailed { number, message, at: now }]),
                _ => Err(E::UnknownRefund),
            },
        }
    }
}

impl Aggregate for HardwareOrder {
    const TYPE: &'static str = "HardwareOrder";
    type Command = HardwareOrderCommand;
    type Event = HardwareOrderEvent;
    type Error = HardwareOrderError;
    type Services = HardwareOrderServices;

    async fn handle(
        &mut self,
        command: HardwareOrderCommand,
        services: &HardwareOrderServices,
        sink: &EventSink<Self>,
    ) -> Result<(), HardwareOrderError> {
        for event in self.decide(command, services.clock.now())? {
            sink.write(event, self).await;
        }
        Ok(())
    }

    fn apply(&mut self, event: HardwareOrderEvent) {
        use HardwareOrderEvent as Ev;
        match event {
            Ev::OrderPlaced { order_number, cart_id, lines, shipping, customer, address, amounts, placed_at } => {
                self.status = HardwareOrderStatus::Placed;
                self.order_number = order_number;
                self.cart_id = cart_id;
                self.lines = lines;
                self.shipping = Some(shipping);
                self.customer = customer;
                self.address = address;
                self.amounts = amounts;
                self.placed_at = Some(placed_at);
            }
            Ev::PaymentCustomerRegistered { customer_id } => self.payment_customer_id = Some(customer_id),
            Ev::CardSetupStarted { setup_intent_id } => {
                self.card_setup_id = Some(setup_intent_id);
                self.card_setups += 1;
            }
            Ev::PaymentStarted { payment_intent_id, card, amount: _, attempt } => {
                self.payment.made_with_card(payment_intent_id, card, attempt);
            }
            Ev::PaymentDeclined { code, .. } => {
                // That attempt is over: the next card starts a new one.
                self.payment.declined(code);
                self.declined_attempts += 1;
            }
            Ev::PaymentRecorded { payment_intent_id, paid_at, .. } => {
                self.status = HardwareOrderStatus::Paid;
                self.payment.paid(payment_intent_id);
                self.paid_at = Some(paid_at);
                // Paid after it expired: the order is live again.
                self.cancelled_at = None;
            }
            Ev::OrderConfirmed { email_queued, confirmed_at, .. } => {
                self.status = HardwareOrderStatus::Confirmed;
                self.email_queued = email_queued;
                self.confirmed_at = Some(confirmed_at);
                self.reference = None;
            }
            Ev::MarkedPaymentOnly { reference } => {
                self.status = HardwareOrderStatus::PaymentOnly;
                self.reference = Some(reference);
            }
            Ev::MarkedErrorHandled { reference } => {
                self.status = HardwareOrderStatus::ErrorHandled;
                self.reference = Some(reference);
            }
            Ev::OrderCancelled { cancelled_at, .. } => {
                self.status = HardwareOrderStatus::Cancelled;
                self.cancelled_at = Some(cancelled_at);
            }
            Ev::ConfirmationResent { .. } => {}
            Ev::OrderSuperseded { by, at } => {
                self.status = HardwareOrderStatus::Cancelled;
                self.cancelled_at = Some(at);
                self.superseded_by = Some(by);
            }
            Ev::StrayPaymentReceived { payment_intent_id, amount, .. } => {
                self.strays.push(StrayPayment { payment_intent_id, amount, refund_id: None });
            }
            Ev::StrayPaymentRefunded { payment_intent_id, refund_id, .. } => {
                crate::payments::note_stray_refund(&mut self.strays, &payment_intent_id, refund_id);
            }
            Ev::RefundProposed { lines, full, amount, reason, .. } => {
                let number = self.refunds_requested + 1;
                self.refund_proposal = Some(RefundState { number, refund_id: None, amount, lines, full, reason });
            }
            Ev::RefundRequested { number, lines, full, amount, reason, .. } => {
                self.refunds_requested = number;
                self.refund_proposal = None;
                self.pending_refund = Some(RefundState { number, refund_id: None, amount, lines, full, reason });
            }
            Ev::HardwareRefunded { number, refund_id, amount, lines, full, reason, .. } => {
                self.pending_refund = None;
                self.refunds.push(RefundState { number, refund_id: Some(refund_id), amount, lines, full, reason });
            }
            Ev::RefundFailed { .. } => self.pending_refund = None,
        }
    }
}
