//! Number transfers (port-in). Each number a paid order transfers in becomes a port that
//! moves through these states (docs/product-rules.md, Number transfers):
//!
//! requested → details confirmed → submitted → date set → completed
//!
//! The buyer confirms the details and signs the letter of authority online (which is also
//! how a rejected port is tried again, with corrected details); staff move it along; a port
//! can be rejected, with a reason, at any step after the details are in.
//!
//! A UK mobile moves with its PAC code instead (Ofcom's scheme: the network texts it to the
//! account holder): the PAC is the authority, given with the number in the cart, so its port
//! starts with its details confirmed and nothing to sign. After a rejection (an expired or
//! mistyped PAC) the buyer gives a new PAC.

use chrono::{DateTime, Datelike, Duration, NaiveDate, Utc, Weekday};
use serde::{Deserialize, Serialize};

use super::errors::ServiceOrderError;

/// The spec promises a transfer in 2-3 business days: older open ports are flagged.
pub const PORT_PROMISE_BUSINESS_DAYS: i64 = 3;
/// Longest account holder, provider or signature name accepted.
pub const MAX_PORT_TEXT: usize = 100;
/// Longest rejection reason accepted.
pub const MAX_REJECTION_REASON: usize = 500;

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum PortState {
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

impl PortState {
    pub fn is_open(self) -> bool {
        !matches!(self, PortState::Completed | PortState::Rejected)
    }

    /// As the buyer's page and e-mails name it.
    pub fn label(self) -> &'static str {
        match self {
            PortState::Requested => "Waiting for your details",
            PortState::DetailsConfirmed => "Details confirmed",
            PortState::Submitted => "Submitted to your current provider",
            PortState::DateSet => "Transfer date set",
            PortState::Completed => "Transferred",
            PortState::Rejected => "Rejected",
        }
    }
}

/// What the losing provider needs to release the number, and the buyer's letter of
/// authority: the name they signed with (the date is the event's).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PortDetails {
    pub account_holder: String,
    pub current_provider: String,
    pub billing_postcode: String,
    pub signed_name: String,
}

impl PortDetails {
    /// The details trimmed and the postcode in its standard form, or why they are refused.
    pub fn checked(self) -> Result<PortDetails, ServiceOrderError> {
        let text = |value: String, field: &'static str| -> Result<String, ServiceOrderError> {
            let value = value.split_whitespace().collect::<Vec<_>>().join(" ");
            if value.is_empty() || value.chars().count() > MAX_PORT_TEXT {
                return Err(ServiceOrderError::InvalidPortDetails(field));
            }
            Ok(value)
        };
        let account_holder = text(self.account_holder, "account_holder")?;
        let current_provider = text(self.current_provider, "current_provider")?;
        let signed_name = text(self.signed_name, "signed_name")?;
        let billing_postcode = crate::customer::uk_postcode(&self.billing_postcode)
            .ok_or(ServiceOrderError::InvalidPortDetails("billing_postcode"))?;
        Ok(PortDetails { account_holder, current_provider, billing_postcode, signed_name })
    }
}

/// One number being transferred in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Port {
    pub number: String,
    pub state: PortState,
    pub requested_at: DateTime<Utc>,
    pub details: Option<PortDetails>,
    pub signed_at: Option<DateTime<Utc>>,
    pub date: Option<NaiveDate>,
    pub rejection_reason: Option<String>,
    /// A mobile's PAC code, its authority to move (staff only; never logged).
    #[serde(default)]
    pub pac: Option<String>,
}

impl Port {
    pub fn requested(number: String, at: DateTime<Utc>) -> Port {
        Port {
            number,
            state: PortState::Requested,
            requested_at: at,
            details: None,
            signed_at: None,
            date: None,
            rejection_reason: None,
            pac: None,
        }
    }

    /// A port started with the number's PAC code: with it, the details are in.
    pub fn with_pac(number: String, at: DateTime<Utc>, pac: String) -> Port {
        Port { state: PortState::DetailsConfirmed, pac: Some(pac), ..Port::requested(number, at) }
    }

    /// A mobile's port, authorised by its PAC code (no letter of authority).
    pub fn moves_with_pac(&self) -> bool {
        self.pac.is_some()
    }

    /// Whether the step leads anywhere from here (each step's refusal names the state).
    pub fn check_step(&self, step: PortStep, today: NaiveDate) -> Result<(), ServiceOrderError> {
        use PortState as S;
        let allowed = match step {
            // The buyer may correct details until staff submit them, and try again after a rejection.
            PortStep::ConfirmDetails | PortStep::GivePac => {
                matches!(self.state, S::Requested | S::DetailsConfirmed | S::Rejected)
            }
            PortStep::Submit => self.state == S::DetailsConfirmed,
            // A date can be moved until the number has moved.
            PortStep::SetDate(date) => {
                if matches!(self.state, S::Submitted | S::DateSet) && date < today {
                    return Err(ServiceOrderError::PortDateInThePast);
                }
                matches!(self.state, S::Submitted | S::DateSet)
            }
            PortStep::Complete => self.state == S::DateSet,
            PortStep::Reject => matches!(self.state, S::DetailsConfirmed | S::Submitted | S::DateSet),
        };
        if allowed {
            Ok(())
        } else {
            Err(ServiceOrderError::PortStepNotAllowed { state: self.state.label() })
        }
    }

    /// Business days since the port was requested, counted up to `now`.
    pub fn business_days_open(&self, now: DateTime<Utc>) -> i64 {
        business_days_between(self.requested_at.date_naive(), now.date_naive())
    }

    /// Open for longer than the promise.
    pub fn overdue(&self, now: DateTime<Utc>) -> bool {
        self.state.is_open() && self.business_days_open(now) > PORT_PROMISE_BUSINESS_DAYS
    }
}

/// A step of a port, for [`Port::check_step`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PortStep {
    ConfirmDetails,
    /// A new PAC code for a mobile's port (the one given expired or was refused).
    GivePac,
    Submit,
    SetDate(NaiveDate),
    Complete,
    Reject,
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

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    fn date(day: u32) -> NaiveDate {
        // November 2026: the 23rd is a Monday.
        NaiveDate::from_ymd_opt(2026, 11, day).unwrap()
    }

    #[test]
    fn business_days_skip_weekends() {
        assert_eq!(business_days_between(date(23), date(23)), 0);
        assert_eq!(business_days_between(date(23), date(24)), 1);
        // Friday 27th to Monday 30th: one business day.
        assert_eq!(business_days_between(date(27), date(30)), 1);
        // Monday to the Monday after: five.
        assert_eq!(business_days_between(date(23), date(30)), 5);
        // Saturday to Sunday: none.
        assert_eq!(business_days_between(date(28), date(29)), 0);
        assert_eq!(business_days_between(date(24), date(23)), 0);
        // Three weeks and four days from a Thursday (26th) lands on Monday 21 Dec: 15 + Fri + Mon.
        assert_eq!(business_days_between(date(26), NaiveDate::from_ymd_opt(2026, 12, 21).unwrap()), 17);
    }

    #[test]
    fn a_port_is_overdue_after_three_business_days_open() {
        let at = |day: u32| date(day).and_hms_opt(10, 0, 0).unwrap().and_utc();
        // Requested on Thursday 26th: Mon 30th is 2 business days, Tue 1 Dec 3, Wed 2 Dec 4.
        let mut port = Port::requested("02079460123".into(), at(26));
        assert!(!port.overdue(at(30)));
        assert!(!port.overdue(Utc.with_ymd_and_hms(2026, 12, 1, 10, 0, 0).unwrap()));
        assert!(port.overdue(Utc.with_ymd_and_hms(2026, 12, 2, 10, 0, 0).unwrap()));
        port.state = PortState::Completed;
        assert!(!port.overdue(Utc.with_ymd_and_hms(2026, 12, 2, 10, 0, 0).unwrap()));
    }

    #[test]
    fn details_are_trimmed_and_the_postcode_standardised() {
        let details = PortDetails {
            account_holder: "  Acme   Plumbing Ltd ".into(),
            current_provider: "BT".into(),
            billing_postcode: "sw1a1aa".into(),
            signed_name: "Jane Smith".into(),
        };
        let checked = details.clone().checked().unwrap();
        assert_eq!(checked.account_holder, "Acme Plumbing Ltd");
        assert_eq!(checked.billing_postcode, "SW1A 1AA");
        let bad = PortDetails { billing_postcode: "12345".into(), ..details.clone() };
        assert_eq!(bad.checked(), Err(ServiceOrderError::InvalidPortDetails("billing_postcode")));
        let unsigned = PortDetails { signed_name: "   ".into(), ..details.clone() };
        assert_eq!(unsigned.checked(), Err(ServiceOrderError::InvalidPortDetails("signed_name")));
        let long = PortDetails { current_provider: "x".repeat(MAX_PORT_TEXT + 1), ..details };
        assert_eq!(long.checked(), Err(ServiceOrderError::InvalidPortDetails("current_provider")));
    }
}
