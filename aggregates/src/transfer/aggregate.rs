use std::sync::Arc;

use chrono::{DateTime, Datelike, Duration, NaiveDate, Utc, Weekday};
use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use serde::{Deserialize, Serialize};

use super::commands::TransferCommand;
use super::errors::TransferError;
use super::events::TransferEvent;
use crate::clock::Clock;

/// The spec promises a transfer in 2-3 business days: older open transfers are flagged.
pub const TRANSFER_PROMISE_BUSINESS_DAYS: i64 = 3;
/// Longest account holder, provider or signature name accepted.
pub const MAX_TRANSFER_TEXT: usize = 100;
/// Longest rejection reason accepted.
pub const MAX_REJECTION_REASON: usize = 500;
/// How many times the letter of authority may be signed (with new details) before staff
/// act on it: each signature e-mails the buyer, so corrections are capped. A rejection
/// starts the count again (the buyer must sign corrected details then).
pub const MAX_SIGNATURES: u32 = 5;

pub struct TransferServices {
    pub clock: Arc<dyn Clock>,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum TransferState {
    /// Paid for; waiting for the buyer's details and signed letter of authority.
    #[default]
    Requested,
    DetailsConfirmed,
    /// Sent to the losing provider.
    Submitted,
    DateSet,
    Completed,
    Rejected,
}

impl TransferState {
    pub fn is_open(self) -> bool {
        !matches!(self, TransferState::Completed | TransferState::Rejected)
    }

    /// As the buyer's page and e-mails name it.
    pub fn label(self) -> &'static str {
        match self {
            TransferState::Requested => "Waiting for your details",
            TransferState::DetailsConfirmed => "Details confirmed",
            TransferState::Submitted => "Submitted to your current provider",
            TransferState::DateSet => "Transfer date set",
            TransferState::Completed => "Transferred",
            TransferState::Rejected => "Rejected",
        }
    }
}

/// What the losing provider needs to release the number, and the buyer's letter of
/// authority: the name they signed with (the date is the event's).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TransferDetails {
    pub account_holder: String,
    pub current_provider: String,
    pub billing_postcode: String,
    pub signed_name: String,
}

impl TransferDetails {
    /// The details trimmed and the postcode in its standard form, or why they are refused.
    pub fn checked(self) -> Result<TransferDetails, TransferError> {
        let text = |value: String, field: &'static str| -> Result<String, TransferError> {
            let value = value.split_whitespace().collect::<Vec<_>>().join(" ");
            if value.is_empty() || value.chars().count() > MAX_TRANSFER_TEXT {
                return Err(TransferError::InvalidDetails(field));
            }
            Ok(value)
        };
        let account_holder = text(self.account_holder, "account_holder")?;
        let current_provider = text(self.current_provider, "current_provider")?;
        let signed_name = text(self.signed_name, "signed_name")?;
        let billing_postcode = crate::customer::uk_postcode(&self.billing_postcode)
            .ok_or(TransferError::InvalidDetails("billing_postcode"))?;
        Ok(TransferDetails { account_holder, current_provider, billing_postcode, signed_name })
    }
}

/// One number being transferred in for an order.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Transfer {
    /// Opened (`PortOpened`): before that every step is refused as not started.
    pub opened: bool,
    pub order_id: String,
    pub number: String,
    pub state: TransferState,
    pub requested_at: DateTime<Utc>,
    /// When the state last changed.
    pub updated_at: DateTime<Utc>,
    pub details: Option<TransferDetails>,
    pub signed_at: Option<DateTime<Utc>>,
    pub date: Option<NaiveDate>,
    pub rejection_reason: Option<String>,
    /// A mobile's PAC code, its authority to move (staff only; never logged).
    pub pac: Option<String>,
    /// Letters of authority signed since the transfer opened or was last rejected
    /// ([`MAX_SIGNATURES`]).
    #[serde(default)]
    pub signatures: u32,
}

impl Transfer {
    /// A mobile's transfer, authorised by its PAC code (no letter of authority).
    pub fn moves_with_pac(&self) -> bool {
        self.pac.is_some()
    }

    /// Whether the step leads anywhere from here (each step's refusal names the state).
    pub fn check_step(&self, step: TransferStep, today: NaiveDate) -> Result<(), TransferError> {
        use TransferState as S;
        if !self.opened {
            return Err(TransferError::NotStarted);
        }
        let allowed = match step {
            // The buyer may correct details until staff submit them, and try again after a rejection.
            TransferStep::ConfirmDetails | TransferStep::GivePac => {
                matches!(self.state, S::Requested | S::DetailsConfirmed | S::Rejected)
            }
            TransferStep::Submit => self.state == S::DetailsConfirmed,
            // A date can be moved until the number has moved.
            TransferStep::SetDate(date) => {
                if matches!(self.state, S::Submitted | S::DateSet) && date < today {
                    return Err(TransferError::DateInThePast);
                }
                matches!(self.state, S::Submitted | S::DateSet)
            }
            TransferStep::Complete => self.state == S::DateSet,
            TransferStep::Reject => matches!(self.state, S::DetailsConfirmed | S::Submitted | S::DateSet),
        };
        if allowed {
            Ok(())
        } else {
            Err(TransferError::StepNotAllowed { state: self.state.label() })
        }
    }

    /// Business days since the transfer was requested, counted up to `now`.
    pub fn business_days_open(&self, now: DateTime<Utc>) -> i64 {
        business_days_between(self.requested_at.date_naive(), now.date_naive())
    }

    /// Open for longer than the promise.
    pub fn overdue(&self, now: DateTime<Utc>) -> bool {
        self.state.is_open() && self.business_days_open(now) > TRANSFER_PROMISE_BUSINESS_DAYS
    }

    /// A staff step names who took it.
    fn staff(by: &str) -> Result<(), TransferError> {
        if by.trim().is_empty() {
            return Err(TransferError::StaffRequired);
        }
        Ok(())
    }

    /// The events a command leads to (none when it would change nothing: a transfer opened
    /// again, the same details or PAC sent twice), or why it is refused.
    pub fn decide(&self, command: TransferCommand, now: DateTime<Utc>) -> Result<Vec<TransferEvent>, TransferError> {
        use TransferCommand as C;
        use TransferError as E;
        use TransferEvent as Ev;
        let number = self.number.clone();
        match command {
            C::Open {
                order_id,
                number,
                requested_at,
                updated_at,
                state,
                details,
                signed_at,
                date,
                rejection_reason,
                pac,
            } => {
                if self.opened {
                    return Ok(vec![]);
                }
                // A transfer carried over from the order's stream is past its first state.
                let fresh = if pac.is_some() { TransferState::DetailsConfirmed } else { TransferState::Requested };
                let carried_over = state != fresh || details.is_some() || rejection_reason.is_some();
                Ok(vec![Ev::PortOpened {
                    order_id,
                    number,
                    requested_at,
                    updated_at,
                    state,
                    details,
                    signed_at,
                    date,
                    rejection_reason,
                    pac,
                    carried_over,
                }])
            }
            C::ConfirmDetails { details } => {
                self.check_step(TransferStep::ConfirmDetails, now.date_naive())?;
                if self.moves_with_pac() {
                    return Err(E::MovesWithPac);
                }
                let details = details.checked()?;
                if self.state == TransferState::DetailsConfirmed && self.details.as_ref() == Some(&details) {
                    // The same details sent again (a double click): nothing new to record.
                    return Ok(vec![]);
                }
                if self.signatures >= MAX_SIGNATURES {
                    return Err(E::TooManySignatures);
                }
                Ok(vec![Ev::PortDetailsConfirmed { number, details, signed_at: now }])
            }
            C::GivePac { pac } => {
                self.check_step(TransferStep::GivePac, now.date_naive())?;
                if !self.moves_with_pac() {
                    return Err(E::NeedsLetter);
                }
                let pac = crate::cart::pac_code(&pac).ok_or(E::InvalidPac)?;
                if self.state == TransferState::DetailsConfirmed && self.pac.as_ref() == Some(&pac) {
                    return Ok(vec![]);
                }
                Ok(vec![Ev::PortPacGiven { number, pac, at: now }])
            }
            C::Submit { by } => {
                Self::staff(&by)?;
                self.check_step(TransferStep::Submit, now.date_naive())?;
                Ok(vec![Ev::PortSubmitted { number, at: now }])
            }
            C::SetDate { date, by } => {
                Self::staff(&by)?;
                self.check_step(TransferStep::SetDate(date), now.date_naive())?;
                Ok(vec![Ev::PortDateSet { number, date, at: now }])
            }
            C::Complete { by } => {
                Self::staff(&by)?;
                self.check_step(TransferStep::Complete, now.date_naive())?;
                Ok(vec![Ev::PortCompleted { number, at: now }])
            }
            C::Reject { reason, by } => {
                Self::staff(&by)?;
                self.check_step(TransferStep::Reject, now.date_naive())?;
                let reason = reason.trim().to_string();
                if reason.is_empty() || reason.chars().count() > MAX_REJECTION_REASON {
                    return Err(E::RejectionReasonMissing);
                }
                Ok(vec![Ev::PortRejected { number, reason, at: now }])
            }
        }
    }
}

/// A step of a transfer, for [`Transfer::check_step`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TransferStep {
    ConfirmDetails,
    /// A new PAC code for a mobile's transfer (the one given expired or was refused).
    GivePac,
    Submit,
    SetDate(NaiveDate),
    Complete,
    Reject,
}

impl Aggregate for Transfer {
    // The type stored with every event and snapshot of a transfer: persisted data, kept
    // from when a transfer was called a port.
    const TYPE: &'static str = "Port";
    type Command = TransferCommand;
    type Event = TransferEvent;
    type Error = TransferError;
    type Services = TransferServices;

    async fn handle(
        &mut self,
        command: TransferCommand,
        services: &TransferServices,
        sink: &EventSink<Self>,
    ) -> Result<(), TransferError> {
        for event in self.decide(command, services.clock.now())? {
            sink.write(event, self).await;
        }
        Ok(())
    }

    fn apply(&mut self, event: TransferEvent) {
        match event {
            TransferEvent::PortOpened {
                order_id,
                number,
                requested_at,
                updated_at,
                state,
                details,
                signed_at,
                date,
                rejection_reason,
                pac,
                ..
            } => {
                *self = Transfer {
                    opened: true,
                    order_id,
                    number,
                    state,
                    requested_at,
                    updated_at: updated_at.unwrap_or(requested_at),
                    details,
                    signed_at,
                    date,
                    rejection_reason,
                    pac,
                    signatures: 0,
                };
            }
            TransferEvent::PortDetailsConfirmed { details, signed_at, .. } => {
                self.signatures = self.signatures.saturating_add(1);
                self.updated_at = signed_at;
                self.state = TransferState::DetailsConfirmed;
                self.details = Some(details);
                self.signed_at = Some(signed_at);
                self.rejection_reason = None;
                self.date = None;
            }
            TransferEvent::PortPacGiven { pac, at, .. } => {
                self.updated_at = at;
                self.state = TransferState::DetailsConfirmed;
                self.pac = Some(pac);
                self.rejection_reason = None;
                self.date = None;
            }
            TransferEvent::PortSubmitted { at, .. } => {
                self.updated_at = at;
                self.state = TransferState::Submitted;
            }
            TransferEvent::PortDateSet { date, at, .. } => {
                self.updated_at = at;
                self.state = TransferState::DateSet;
                self.date = Some(date);
            }
            TransferEvent::PortCompleted { at, .. } => {
                self.updated_at = at;
                self.state = TransferState::Completed;
            }
            TransferEvent::PortRejected { reason, at, .. } => {
                self.updated_at = at;
                self.state = TransferState::Rejected;
                self.rejection_reason = Some(reason);
                self.signatures = 0;
            }
        }
    }
}

/// Weekdays (Monday to Friday) after `from` up to and including `to`; 0 when `to` is not
/// later. Bank holidays count as business days: the flag errs towards looking sooner.
pub fn business_days_between(from: NaiveDate, to: NaiveDate) -> i64 {
    if to <= from {
        return 0;
    }
    let days = (to - from).num_days();
    let (weeks, rest) = (days / 7, days % 7);
    let mut count = weeks * 5;
    let mut day = from + Duration::days(weeks * 7);
    for _ in 0..rest {
        day += Duration::days(1);
        if !matches!(day.weekday(), Weekday::Sat | Weekday::Sun) {
            count += 1;
        }
    }
    count
}
