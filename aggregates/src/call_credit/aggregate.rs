use std::sync::Arc;

use chrono::{DateTime, Utc};
use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use serde::{Deserialize, Serialize};

use super::commands::CallCreditCommand;
use super::errors::CallCreditError;
use super::events::{CallCreditEvent, CreditSource};
use crate::cart::MAX_TOP_UP;
use crate::clock::Clock;
use crate::payment_attempt::PaymentAttempt;
use crate::pricing::{vat, CallRates, Pence, TOP_UP_MINIMUM};

pub struct CallCreditServices {
    pub clock: Arc<dyn Clock>,
}

/// The period of a trial's included minutes (its whole length).
pub const TRIAL_PERIOD: &str = "trial";
/// The code a top-up given up for a new one is declined with (AbandonTopUp).
pub const ABANDONED: &str = "abandoned";

/// The longest request id a top-up takes.
pub const MAX_TOP_UP_REQUEST_ID: usize = 64;

/// Credit in tenths of a penny that `amount` buys (£10 is 10,000 tenths).
pub fn tenths_of(amount: Pence) -> i64 {
    amount.0 * 10
}

/// The top-up from the account under way (or last one, once paid or refused).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingTopUp {
    pub request_id: String,
    /// The credit it buys (pence before VAT) and what the card pays (with VAT).
    pub amount: Pence,
    pub charged: Pence,
    /// When it began (none for a top-up recorded before this was kept: taken as long ago).
    #[serde(default)]
    pub started_at: Option<DateTime<Utc>>,
}

/// How long a top-up whose payment waits on the buyer (the bank's 3-D Secure check, or never
/// charged) holds off a new one: after this, a new top-up cancels it (AbandonTopUp).
pub const TOP_UP_ABANDONED_AFTER_MINUTES: i64 = 5;

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CallCredit {
    /// Credit left, in tenths of a penny: the sum of every event's amount.
    pub balance_tenths: i64,
    /// Credit bought so far, in tenths of a penny.
    pub bought_tenths: i64,
    /// The payments whose credit is recorded (each once).
    pub payments: Vec<String>,
    /// The top-up from the account: its payment attempt, and what it buys.
    pub attempt: PaymentAttempt,
    pub top_up: Option<PendingTopUp>,
    /// Top-ups from the account started so far (each attempt's key is numbered by it).
    pub top_ups_started: u32,
    /// The request ids of top-ups that bought their credit (a replay of one buys nothing more).
    pub requests_paid: Vec<String>,
    /// The request ids of top-ups that ended with nothing bought (refused by the bank, or
    /// given up): sent again, each is refused (TopUpRequestEnded), not tried a second time.
    #[serde(default)]
    pub requests_ended: Vec<String>,
    /// The top-ups' payments the bank refused.
    pub declined_payments: Vec<String>,
    pub updated_at: Option<DateTime<Utc>>,
    // The calls charged and refused are not kept here (they were, as `charged_calls` and
    // `refused_calls`, which older snapshots still hold and serde skips): each is a row of
    // `call_credit_calls`, written with its event, whose key makes a call charged once
    // (projections::call_credit::derived_rows).
    /// The credit ran out and no credit was bought since (the buyer was told).
    #[serde(default)]
    pub ran_out: bool,
    /// The periods (`2026-12`, or `trial`) whose included minutes ran out (each recorded once).
    #[serde(default)]
    pub minutes_ran_out: Vec<String>,
    /// Frozen while a payment is disputed: nothing may be spent, no top-up is taken.
    #[serde(default)]
    pub frozen: bool,
    /// Calls abroad: the most they may spend in a UK calendar month, in tenths of a penny
    /// (none: calls abroad are off, as they are until the owner turns them on).
    #[serde(default)]
    pub international_cap_tenths: Option<i64>,
}

/// The range of the monthly cap on calls abroad, in tenths of a penny: £1 to £500.
pub const INTERNATIONAL_CAP_TENTHS: std::ops::RangeInclusive<i64> = 1_000..=500_000;

/// The rate a minute of a call to `to` (E.164 with its +) costs, in tenths of a penny, by
/// the dial plan's class of the number (crate::dial_plan, the registrar's own decision): a
/// UK mobile at the mobile rate, a UK landline or 03 number at the landline rate, a freephone
/// number free, Western Europe at its own rate; none for a class the credit does not pay
/// for (premium rate, personal numbers, 084/087, the Crown dependencies, satellite, the rest
/// of the world).
pub fn rate_for(to: &str, rates: CallRates) -> Option<i64> {
    use crate::dial_plan::{classify, rate, NumberClass, Tariff};
    let digits = to.strip_prefix('+')?;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let class = classify(digits);
    // The dial plan decides whether the class is rated; the order's rates say at what.
    rate(Tariff::Credit, class)?;
    match class {
        NumberClass::UkMobile => Some(i64::from(rates.uk_mobile_tenths)),
        NumberClass::UkGeographic | NumberClass::UkNonGeographic => Some(i64::from(rates.uk_landline_tenths)),
        other => rate(Tariff::Credit, other).map(i64::from),
    }
}

/// What a call of `seconds` costs at `rate_tenths` a minute, each started minute counted:
/// (minutes, tenths). A 61-second call to a mobile is 2 minutes, 166 tenths (16.6p).
pub fn call_cost(seconds: i64, rate_tenths: i64) -> (i64, i64) {
    let minutes = (seconds + 59) / 60;
    (minutes, minutes * rate_tenths)
}

impl CallCredit {
    /// Whether `request_id` is a top-up that already bought its credit.
    pub fn request_paid(&self, request_id: &str) -> bool {
        self.requests_paid.iter().any(|r| r == request_id)
    }

    /// The top-up under way: started (the provider may hold what its key made) or made, not
    /// yet paid nor refused.
    pub fn top_up_under_way(&self) -> Option<&PendingTopUp> {
        use crate::payment_attempt::AttemptStatus;
        match self.attempt.status {
            AttemptStatus::Started | AttemptStatus::Made => self.top_up.as_ref(),
            _ => None,
        }
    }

    /// Whether the top-up under way, waiting on the buyer, may be given up for a new one
    /// at `now`: it began at least TOP_UP_ABANDONED_AFTER_MINUTES ago (TopUpWithBank if not).
    pub fn may_abandon_top_up(&self, now: DateTime<Utc>) -> Result<(), CallCreditError> {
        let started = self.top_up_under_way().and_then(|t| t.started_at);
        match started {
            Some(at) if now - at < chrono::Duration::minutes(TOP_UP_ABANDONED_AFTER_MINUTES) => {
                Err(CallCreditError::TopUpWithBank)
            }
            _ => Ok(()),
        }
    }

    /// The key a top-up for `request_id` of order `order_id` tags its payment with: the
    /// same for a replay of the request, so the provider makes one payment for it.
    pub fn attempt_key(order_id: &str, request_id: &str) -> String {
        format!("{order_id}-credit-top-up-{request_id}")
    }

    fn check_top_up(amount: Pence) -> Result<(), CallCreditError> {
        if amount < TOP_UP_MINIMUM {
            Err(CallCreditError::TopUpBelowMinimum)
        } else if amount > MAX_TOP_UP {
            Err(CallCreditError::TopUpAboveMaximum)
        } else if !amount.is_whole_pounds() {
            Err(CallCreditError::TopUpNotWholePounds)
        } else {
            Ok(())
        }
    }

    fn check_request_id(request_id: &str) -> Result<(), CallCreditError> {
        let fine = !request_id.is_empty()
            && request_id.len() <= MAX_TOP_UP_REQUEST_ID
            && request_id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-');
        if fine {
            Ok(())
        } else {
            Err(CallCreditError::InvalidRequestId)
        }
    }

    /// `trial`, or a month as `YYYY-MM`.
    fn is_minutes_period(period: &str) -> bool {
        if period == TRIAL_PERIOD {
            return true;
        }
        let b = period.as_bytes();
        b.len() == 7
            && b[4] == b'-'
            && b[..4].iter().chain(&b[5..]).all(u8::is_ascii_digit)
            && matches!(&period[5..], "01" | "02" | "03" | "04" | "05" | "06" | "07" | "08" | "09" | "10" | "11" | "12")
    }

    /// The events a command leads to (none when it would change nothing: a payment or a
    /// request recorded again), or why it is refused.
    fn decide(&self, command: CallCreditCommand, now: DateTime<Utc>) -> Result<Vec<CallCreditEvent>, CallCreditError> {
        use CallCreditCommand as C;
        use CallCreditError as E;
        use CallCreditEvent as Ev;
        match command {
            C::BuyCredit { tenths, payment_reference, source } => {
                if payment_reference.trim().is_empty() {
                    return Err(E::PaymentReferenceMissing);
                }
                if tenths <= 0 {
                    return Err(E::InvalidAmount);
                }
                if self.payments.contains(&payment_reference) {
                    return Ok(vec![]);
                }
                Ok(vec![Ev::CreditBought { tenths, payment_reference, source, at: now }])
            }
            C::StartTopUp { amount, request_id, attempt_key } => {
                if self.frozen {
                    return Err(E::CreditFrozen);
                }
                Self::check_request_id(&request_id)?;
                if attempt_key.trim().is_empty() {
                    return Err(E::InvalidRequestId);
                }
                if self.request_paid(&request_id) {
                    return Ok(vec![]);
                }
                if self.requests_ended.contains(&request_id) {
                    return Err(E::TopUpRequestEnded);
                }
                if let Some(pending) = self.top_up_under_way() {
                    if pending.request_id == request_id {
                        return Ok(vec![]);
                    }
                    return Err(E::TopUpUnderWay);
                }
                Self::check_top_up(amount)?;
                Ok(vec![Ev::TopUpStarted { amount, charged: amount + vat(amount), request_id, attempt_key, at: now }])
            }
            C::RecordTopUpPayment { payment_intent_id, card } => {
                if self.top_up_under_way().is_none() {
                    return Err(E::UnknownPayment);
                }
                if self.attempt.reference() == Some(payment_intent_id.as_str()) {
                    return Ok(vec![]);
                }
                if self.attempt.under_way().is_some() {
                    return Err(E::TopUpUnderWay);
                }
                Ok(vec![Ev::TopUpPaymentMade { payment_intent_id, card, at: now }])
            }
            C::RecordTopUpPaid { payment_intent_id } => {
                if self.payments.contains(&payment_intent_id) {
                    return Ok(vec![]);
                }
                let pending = match self.top_up_under_way() {
                    Some(pending) if self.attempt.is_under_way(&payment_intent_id) => pending,
                    _ => return Err(E::UnknownPayment),
                };
                Ok(vec![Ev::CreditBought {
                    tenths: tenths_of(pending.amount),
                    payment_reference: payment_intent_id,
                    source: CreditSource::TopUp,
                    at: now,
                }])
            }
            // A call charged or recorded already is refused by the store, not here: the event's
            // row in `call_credit_calls` takes its key (call_already_recorded).
            C::ChargeCall { call_id, to, seconds, rates } => {
                if call_id.trim().is_empty() || seconds < 0 {
                    return Err(E::InvalidCall);
                }
                let rate_tenths = rate_for(&to, rates).ok_or(E::NoCallRate)?;
                let (minutes, tenths) = call_cost(seconds, rate_tenths);
                let mut events = vec![Ev::CallCharged { call_id, to, seconds, minutes, rate_tenths, tenths, at: now }];
                if !self.ran_out && self.balance_tenths - tenths <= 0 {
                    events.push(Ev::CreditRanOut { at: now });
                }
                Ok(events)
            }
            C::RecordRefusedCall { call_id, to } => {
                if call_id.trim().is_empty() {
                    return Err(E::InvalidCall);
                }
                Ok(vec![Ev::CallRefused { call_id, to, at: now }])
            }
            C::RecordIncludedMinutesRanOut { period, minutes } => {
                if !Self::is_minutes_period(&period) || minutes <= 0 {
                    return Err(E::InvalidMinutesPeriod);
                }
                if self.minutes_ran_out.contains(&period) {
                    return Err(E::MinutesAlreadyRanOut);
                }
                Ok(vec![Ev::IncludedMinutesRanOut { period, minutes, at: now }])
            }
            C::FreezeCredit { reason } => {
                if reason.trim().is_empty() {
                    return Err(E::FreezeReasonMissing);
                }
                if self.frozen {
                    return Ok(vec![]);
                }
                Ok(vec![Ev::CreditFrozen { reason: reason.trim().to_string(), at: now }])
            }
            C::UnfreezeCredit { reason } => {
                if reason.trim().is_empty() {
                    return Err(E::FreezeReasonMissing);
                }
                if !self.frozen {
                    return Ok(vec![]);
                }
                Ok(vec![Ev::CreditUnfrozen { reason: reason.trim().to_string(), at: now }])
            }
            C::SetInternationalCalls { monthly_cap_tenths } => {
                if monthly_cap_tenths.is_some_and(|cap| !INTERNATIONAL_CAP_TENTHS.contains(&cap) || cap % 10 != 0) {
                    return Err(E::InternationalCapOutOfRange);
                }
                if self.international_cap_tenths == monthly_cap_tenths {
                    return Ok(vec![]);
                }
                Ok(vec![Ev::InternationalCallsSet { monthly_cap_tenths, at: now }])
            }
            C::AbandonTopUp { payment_intent_id } => {
                if self.top_up_under_way().is_none() || !self.attempt.is_under_way(&payment_intent_id) {
                    if self.declined_payments.contains(&payment_intent_id) {
                        return Ok(vec![]);
                    }
                    return Err(E::UnknownPayment);
                }
                self.may_abandon_top_up(now)?;
                Ok(vec![Ev::TopUpDeclined { payment_intent_id, code: ABANDONED.to_string(), at: now }])
            }
            C::RecordTopUpDeclined { payment_intent_id, code } => {
                // A payment under way again (a replayed request gets it back by its key) is
                // declined again: the attempt must end.
                if !self.attempt.is_under_way(&payment_intent_id) {
                    if self.declined_payments.contains(&payment_intent_id) {
                        return Ok(vec![]);
                    }
                    return Err(E::UnknownPayment);
                }
                Ok(vec![Ev::TopUpDeclined { payment_intent_id, code, at: now }])
            }
        }
    }
}

impl Aggregate for CallCredit {
    const TYPE: &'static str = "CallCredit";
    type Command = CallCreditCommand;
    type Event = CallCreditEvent;
    type Error = CallCreditError;
    type Services = CallCreditServices;

    async fn handle(
        &mut self,
        command: CallCreditCommand,
        services: &CallCreditServices,
        sink: &EventSink<Self>,
    ) -> Result<(), CallCreditError> {
        for event in self.decide(command, services.clock.now())? {
            sink.write(event, self).await;
        }
        Ok(())
    }

    fn apply(&mut self, event: CallCreditEvent) {
        use CallCreditEvent as Ev;
        match event {
            Ev::CreditBought { tenths, payment_reference, source, at } => {
                self.balance_tenths += tenths;
                self.bought_tenths += tenths;
                if source == CreditSource::TopUp && self.attempt.is_under_way(&payment_reference) {
                    self.attempt.paid(payment_reference.clone());
                    if let Some(pending) = &self.top_up {
                        self.requests_paid.push(pending.request_id.clone());
                    }
                }
                self.payments.push(payment_reference);
                if self.balance_tenths > 0 {
                    self.ran_out = false;
                }
                self.updated_at = Some(at);
            }
            Ev::CallCharged { tenths, at, .. } => {
                self.balance_tenths -= tenths;
                self.updated_at = Some(at);
            }
            Ev::CreditRanOut { at } => {
                self.ran_out = true;
                self.updated_at = Some(at);
            }
            Ev::IncludedMinutesRanOut { period, at, .. } => {
                self.minutes_ran_out.push(period);
                self.updated_at = Some(at);
            }
            Ev::CallRefused { at, .. } => {
                self.updated_at = Some(at);
            }
            Ev::TopUpStarted { amount, charged, request_id, attempt_key, at } => {
                self.attempt.start(attempt_key);
                self.top_up = Some(PendingTopUp { request_id, amount, charged, started_at: Some(at) });
                self.top_ups_started += 1;
                self.updated_at = Some(at);
            }
            Ev::TopUpPaymentMade { payment_intent_id, card, at } => {
                self.attempt.made(payment_intent_id);
                self.attempt.card = Some(card);
                self.updated_at = Some(at);
            }
            Ev::CreditFrozen { at, .. } => {
                self.frozen = true;
                self.updated_at = Some(at);
            }
            Ev::CreditUnfrozen { at, .. } => {
                self.frozen = false;
                self.updated_at = Some(at);
            }
            Ev::InternationalCallsSet { monthly_cap_tenths, at } => {
                self.international_cap_tenths = monthly_cap_tenths;
                self.updated_at = Some(at);
            }
            Ev::TopUpDeclined { payment_intent_id, code, at } => {
                if let Some(pending) = &self.top_up {
                    if !self.requests_ended.contains(&pending.request_id) {
                        self.requests_ended.push(pending.request_id.clone());
                    }
                }
                self.attempt.declined(code);
                self.declined_payments.push(payment_intent_id);
                self.updated_at = Some(at);
            }
        }
    }
}
