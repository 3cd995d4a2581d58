use std::sync::Arc;

use chrono::{DateTime, Duration, Utc};
use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use serde::{Deserialize, Serialize};

use super::commands::{TrialCommand, TrialStep};
use super::errors::TrialError;
use super::events::{EndReason, TrialEvent};
use crate::clock::Clock;
use crate::customer::Customer;
use crate::payments::MAX_CARD_SETUPS;
use crate::pricing::Pence;

pub const TRIAL_DAYS: i64 = 7;
pub const REMINDER_DAYS_BEFORE_END: i64 = 3;
pub const TRIAL_PACKAGE: &str = "Single User VoIP - Trial";
pub const TRIAL_MINUTES: u32 = 50;
/// An unconverted trial's number is kept this long after the trial ended (for a late
/// change of mind), then returned to the free pool.
pub const NUMBER_KEPT_DAYS: i64 = 30;
/// The most days staff may add to one trial, in all its extensions.
pub const MAX_EXTENSION_DAYS: u32 = 7;
/// A trial's e-mail address must be confirmed (the link of the confirmation e-mail) within
/// this many hours of the start; until then the trial places no outgoing call, and after
/// them an unconfirmed trial ends and its number goes back to the pool at once.
pub const VERIFY_WITHIN_HOURS: i64 = 24;

pub struct TrialServices {
    pub clock: Arc<dyn Clock>,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum TrialStatus {
    #[default]
    New,
    Active,
    Ended,
    Converted,
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Trial {
    pub status: TrialStatus,
    pub number: String,
    pub contact: Customer,
    pub ends_at: Option<DateTime<Utc>>,
    pub payment_customer_id: Option<String>,
    pub payment_method_id: Option<String>,
    /// The last card setup made for the trial's card.
    #[serde(default)]
    pub card_setup_id: Option<String>,
    /// Card setups started so far (`CardSetupStarted`), declined or not: at most
    /// `MAX_CARD_SETUPS`.
    #[serde(default)]
    pub card_setups: u32,
    pub reminder_sent: bool,
    /// Days added by staff so far.
    #[serde(default)]
    pub extended_days: u32,
    /// By when the e-mail address must be confirmed (`TrialStarted`); None for a trial
    /// started before e-mail confirmation existed, which needs none.
    #[serde(default)]
    pub verify_by: Option<DateTime<Utc>>,
    /// The buyer followed the confirmation link (`EmailVerified`).
    #[serde(default)]
    pub email_verified: bool,
    /// Why the trial ended, once it did.
    #[serde(default)]
    pub end_reason: Option<EndReason>,
}

impl Trial {
    /// Whether another card setup may start: fewer than `MAX_CARD_SETUPS` so far. Asked
    /// before the provider makes one, so a refused trial costs the provider nothing.
    pub fn may_start_card_setup(&self) -> bool {
        self.card_setups < MAX_CARD_SETUPS
    }

    /// The confirmation deadline of a trial that needs one and is not confirmed yet, or why
    /// there is none.
    fn awaiting_verification(&self) -> Result<DateTime<Utc>, TrialError> {
        let verify_by = self.verify_by.ok_or(TrialError::NoVerificationNeeded)?;
        if self.email_verified {
            return Err(TrialError::EmailAlreadyVerified);
        }
        Ok(verify_by)
    }

    /// The events a command leads to, or why it is refused. A command that changes nothing
    /// (a card setup recorded again) leads to no event.
    fn decide(&self, command: TrialCommand, now: DateTime<Utc>) -> Result<Vec<TrialEvent>, TrialError> {
        match (self.status, command) {
            (TrialStatus::New, TrialCommand::StartTrial { number, contact, account_id, extension }) => {
                Ok(vec![TrialEvent::TrialStarted {
                    number,
                    contact,
                    account_id,
                    extension,
                    package: TRIAL_PACKAGE.to_string(),
                    price: Pence::ZERO,
                    minutes: TRIAL_MINUTES,
                    started_at: now,
                    ends_at: now + Duration::days(TRIAL_DAYS),
                    verify_by: Some(now + Duration::hours(VERIFY_WITHIN_HOURS)),
                }])
            }
            (_, TrialCommand::StartTrial { .. }) => Err(TrialError::AlreadyStarted),
            (TrialStatus::New, _) => Err(TrialError::NotFound),
            (_, TrialCommand::ResendConfirmation) => Ok(vec![TrialEvent::ConfirmationResent { at: now }]),
            // A converted trial is a paying customer's line: it keeps its extension.
            (TrialStatus::Active | TrialStatus::Converted, TrialCommand::ResetSipPassword) => {
                Ok(vec![TrialEvent::SipPasswordReset { at: now }])
            }
            (TrialStatus::Ended | TrialStatus::Converted, _) => Err(TrialError::AlreadyOver),
            (TrialStatus::Active, TrialCommand::Running(step)) => self.decide_running(step, now),
        }
    }

    /// The steps of a trial under way.
    fn decide_running(&self, step: TrialStep, now: DateTime<Utc>) -> Result<Vec<TrialEvent>, TrialError> {
        let ends_at = self.ends_at.unwrap_or(now);
        let over = now >= ends_at;
        match step {
            TrialStep::VerifyEmail => {
                if now >= self.awaiting_verification()? {
                    return Err(TrialError::VerificationExpired);
                }
                Ok(vec![TrialEvent::EmailVerified { email: self.contact.email.clone(), at: now }])
            }
            TrialStep::EndUnverified => {
                if now < self.awaiting_verification()? {
                    return Err(TrialError::VerificationNotDue);
                }
                Ok(vec![TrialEvent::TrialEnded { reason: EndReason::Unverified, detail: None, at: now }])
            }
            TrialStep::Extend { days } => {
                let left = MAX_EXTENSION_DAYS - self.extended_days;
                if days == 0 || days > left {
                    return Err(TrialError::ExtensionTooLong(left));
                }
                Ok(vec![TrialEvent::TrialExtended { days, ends_at: ends_at + Duration::days(i64::from(days)) }])
            }
            TrialStep::RegisterPaymentCustomer { customer_id } => {
                if self.payment_customer_id.is_some() {
                    return Err(TrialError::PaymentCustomerAlreadyRegistered);
                }
                Ok(vec![TrialEvent::PaymentCustomerRegistered { customer_id }])
            }
            TrialStep::StartCardSetup { setup_intent_id } => {
                if self.payment_method_id.is_some() {
                    return Err(TrialError::PaymentMethodAlreadyAttached);
                }
                if self.card_setup_id.as_deref() == Some(setup_intent_id.as_str()) {
                    return Ok(vec![]);
                }
                if !self.may_start_card_setup() {
                    return Err(TrialError::TooManyCardSetups);
                }
                Ok(vec![TrialEvent::CardSetupStarted { setup_intent_id }])
            }
            TrialStep::AttachPaymentMethod { customer_id, payment_method_id } => {
                if self.payment_method_id.is_some() {
                    return Err(TrialError::PaymentMethodAlreadyAttached);
                }
                Ok(vec![TrialEvent::PaymentMethodAttached { customer_id, payment_method_id }])
            }
            TrialStep::SendReminder => {
                if self.reminder_sent {
                    return Err(TrialError::ReminderAlreadySent);
                }
                if now < ends_at - Duration::days(REMINDER_DAYS_BEFORE_END) {
                    return Err(TrialError::ReminderTooEarly);
                }
                Ok(vec![TrialEvent::ReminderSent { at: now }])
            }
            TrialStep::EndTrial { failure } => {
                if !over {
                    return Err(TrialError::NotOver);
                }
                let reason = if failure.is_some() { EndReason::ConversionFailed } else { EndReason::Expired };
                Ok(vec![TrialEvent::TrialEnded { reason, detail: failure, at: now }])
            }
            TrialStep::ConvertTrial { subscription_id } => {
                if !over {
                    return Err(TrialError::NotOver);
                }
                if self.payment_method_id.is_none() {
                    return Err(TrialError::NoPaymentMethod);
                }
                Ok(vec![TrialEvent::TrialConverted { subscription_id, at: now }])
            }
        }
    }
}

impl Aggregate for Trial {
    const TYPE: &'static str = "Trial";
    type Command = TrialCommand;
    type Event = TrialEvent;
    type Error = TrialError;
    type Services = TrialServices;

    async fn handle(
        &mut self,
        command: TrialCommand,
        services: &TrialServices,
        sink: &EventSink<Self>,
    ) -> Result<(), TrialError> {
        for event in self.decide(command, services.clock.now())? {
            sink.write(event, self).await;
        }
        Ok(())
    }

    fn apply(&mut self, event: TrialEvent) {
        match event {
            TrialEvent::TrialStarted { number, contact, ends_at, verify_by, .. } => {
                self.status = TrialStatus::Active;
                self.number = number;
                self.contact = contact;
                self.ends_at = Some(ends_at);
                self.verify_by = verify_by;
            }
            TrialEvent::EmailVerified { .. } => self.email_verified = true,
            TrialEvent::PaymentCustomerRegistered { customer_id } => self.payment_customer_id = Some(customer_id),
            TrialEvent::CardSetupStarted { setup_intent_id } => {
                self.card_setup_id = Some(setup_intent_id);
                self.card_setups += 1;
            }
            TrialEvent::PaymentMethodAttached { customer_id, payment_method_id } => {
                self.payment_customer_id = Some(customer_id);
                self.payment_method_id = Some(payment_method_id);
            }
            TrialEvent::ReminderSent { .. } => self.reminder_sent = true,
            TrialEvent::ConfirmationResent { .. } | TrialEvent::SipPasswordReset { .. } => {}
            TrialEvent::TrialExtended { days, ends_at, .. } => {
                self.extended_days += days;
                self.ends_at = Some(ends_at);
            }
            TrialEvent::TrialEnded { reason, .. } => {
                self.status = TrialStatus::Ended;
                self.end_reason = Some(reason);
            }
            TrialEvent::TrialConverted { .. } => self.status = TrialStatus::Converted,
        }
    }
}
