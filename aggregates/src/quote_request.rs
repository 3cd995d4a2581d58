//! The QuoteRequest aggregate (docs/product-rules.md, Quote requests): a business asks for a
//! price on what the shop does not sell off the shelf (leased lines, broadband, a cloud PBX,
//! a team of more than 20), the sales team answers by e-mail, and a staff member marks it
//! answered. The reply is promised within an hour in office hours (9am to 5:30pm UK time,
//! Monday to Friday), else by 10am the next working day.

use std::sync::Arc;

use chrono::{DateTime, Datelike, Duration, NaiveTime, TimeZone, Utc, Weekday};
use chrono_tz::Europe::London;
use cqrs_es::event_sink::EventSink;
use cqrs_es::{Aggregate, DomainEvent};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::refusals;

use crate::clock::Clock;

/// What a quote is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum QuoteProduct {
    LeasedLine,
    Broadband,
    CloudPbx,
    /// A phone system for more than 20 users.
    LargeTeam,
    /// More new phone numbers than a cart holds (its cap of 10 from the stock).
    PhoneNumbers,
    /// Moving a number from abroad to us (the Transfer tab of the international page offers it).
    InternationalPorting,
}

impl QuoteProduct {
    pub fn label(self) -> &'static str {
        match self {
            QuoteProduct::LeasedLine => "Leased line",
            QuoteProduct::Broadband => "Business broadband",
            QuoteProduct::CloudPbx => "Cloud PBX",
            QuoteProduct::LargeTeam => "Phone system for more than 20 users",
            QuoteProduct::PhoneNumbers => "More than 10 phone numbers",
            QuoteProduct::InternationalPorting => "International number porting",
        }
    }
}

/// A leased line's speed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub enum LineSpeed {
    #[serde(rename = "100mbps")]
    Mbps100,
    #[serde(rename = "1gbps")]
    Gbps1,
    #[serde(rename = "10gbps")]
    Gbps10,
}

impl LineSpeed {
    pub fn label(self) -> &'static str {
        match self {
            LineSpeed::Mbps100 => "100 Mbps",
            LineSpeed::Gbps1 => "1 Gbps",
            LineSpeed::Gbps10 => "10 Gbps",
        }
    }
}

/// Most sites one leased-line request covers; more is a conversation, not a form.
pub const MAX_SITES: u32 = 50;
/// A phone numbers quote: more than a cart holds (10 of the stock, crate::cart::MAX_HELD_NUMBERS),
/// up to this many.
pub const MIN_QUOTE_NUMBERS: u32 = 11;
pub const MAX_QUOTE_NUMBERS: u32 = 1000;

/// The request as the buyer filled it in, checked at the API's edge (one message per field).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuoteDetails {
    pub name: String,
    pub company: String,
    pub email: String,
    pub phone: String,
    pub postcode: String,
    pub product: QuoteProduct,
    /// Leased lines only: the speed and the number of sites.
    pub speed: Option<LineSpeed>,
    pub sites: Option<u32>,
    /// Phone numbers only: how many new numbers (11 to 1000). Absent from older requests.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub numbers: Option<u32>,
    pub message: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum QuoteRequestCommand {
    Submit {
        details: QuoteDetails,
    },
    /// The sales team replied; `by` is the staff member's e-mail.
    MarkAnswered {
        by: String,
    },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum QuoteRequestEvent {
    QuoteRequested { details: QuoteDetails, received_at: DateTime<Utc>, reply_by: DateTime<Utc> },
    QuoteAnswered { by: String, at: DateTime<Utc> },
}

impl DomainEvent for QuoteRequestEvent {
    fn event_type(&self) -> String {
        match self {
            QuoteRequestEvent::QuoteRequested { .. } => "QuoteRequested",
            QuoteRequestEvent::QuoteAnswered { .. } => "QuoteAnswered",
        }
        .to_string()
    }

    fn event_version(&self) -> String {
        "1.0".to_string()
    }
}

refusals! {
    #[derive(Debug, Error, Clone, PartialEq, Eq)]
    pub enum QuoteRequestError {
        #[error("There is no such quote request.")]
        #[refusal("quote_request_not_found", 404)]
        NotFound,
        #[error("This quote request has already been received.")]
        #[refusal("quote_request_exists", 409)]
        AlreadySubmitted,
        #[error("A leased line quote needs the speed and the number of sites (1 to 50).")]
        #[refusal("line_details_missing", 422)]
        LineDetailsMissing,
        #[error("The speed and number of sites are for leased lines only.")]
        #[refusal("line_details_not_for_product", 422)]
        LineDetailsNotForProduct,
        #[error("A phone numbers quote needs how many numbers (11 to 1,000).")]
        #[refusal("numbers_missing", 409)]
        NumbersMissing,
        #[error("The count of numbers is for a phone numbers quote only.")]
        #[refusal("numbers_not_for_product", 409)]
        NumbersNotForProduct,
        #[error("This quote request has already been marked answered.")]
        #[refusal("quote_request_answered", 409)]
        AlreadyAnswered,
        #[error("Only a signed-in staff member can mark a quote request answered.")]
        #[refusal("staff_required", 401)]
        StaffRequired,
    }
}

pub struct QuoteRequestServices {
    pub clock: Arc<dyn Clock>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct QuoteRequest {
    pub details: Option<QuoteDetails>,
    pub received_at: Option<DateTime<Utc>>,
    pub answered_by: Option<String>,
}

impl QuoteRequest {
    fn decide(
        &self,
        command: QuoteRequestCommand,
        now: DateTime<Utc>,
    ) -> Result<Vec<QuoteRequestEvent>, QuoteRequestError> {
        match command {
            QuoteRequestCommand::Submit { details } => {
                if self.details.is_some() {
                    return Err(QuoteRequestError::AlreadySubmitted);
                }
                let is_line = details.product == QuoteProduct::LeasedLine;
                let sites_ok = details.sites.is_some_and(|n| (1..=MAX_SITES).contains(&n));
                if is_line && (details.speed.is_none() || !sites_ok) {
                    return Err(QuoteRequestError::LineDetailsMissing);
                }
                if !is_line && (details.speed.is_some() || details.sites.is_some()) {
                    return Err(QuoteRequestError::LineDetailsNotForProduct);
                }
                let for_numbers = details.product == QuoteProduct::PhoneNumbers;
                let count_ok = details.numbers.is_some_and(|n| (MIN_QUOTE_NUMBERS..=MAX_QUOTE_NUMBERS).contains(&n));
                if for_numbers && !count_ok {
                    return Err(QuoteRequestError::NumbersMissing);
                }
                if !for_numbers && details.numbers.is_some() {
                    return Err(QuoteRequestError::NumbersNotForProduct);
                }
                Ok(vec![QuoteRequestEvent::QuoteRequested { details, received_at: now, reply_by: reply_by(now) }])
            }
            QuoteRequestCommand::MarkAnswered { by } => {
                if self.details.is_none() {
                    return Err(QuoteRequestError::NotFound);
                }
                if by.trim().is_empty() {
                    return Err(QuoteRequestError::StaffRequired);
                }
                if self.answered_by.is_some() {
                    return Err(QuoteRequestError::AlreadyAnswered);
                }
                Ok(vec![QuoteRequestEvent::QuoteAnswered { by, at: now }])
            }
        }
    }
}

impl Aggregate for QuoteRequest {
    const TYPE: &'static str = "QuoteRequest";
    type Command = QuoteRequestCommand;
    type Event = QuoteRequestEvent;
    type Error = QuoteRequestError;
    type Services = QuoteRequestServices;

    async fn handle(
        &mut self,
        command: QuoteRequestCommand,
        services: &QuoteRequestServices,
        sink: &EventSink<Self>,
    ) -> Result<(), QuoteRequestError> {
        for event in self.decide(command, services.clock.now())? {
            sink.write(event, self).await;
        }
        Ok(())
    }

    fn apply(&mut self, event: QuoteRequestEvent) {
        match event {
            QuoteRequestEvent::QuoteRequested { details, received_at, .. } => {
                self.details = Some(details);
                self.received_at = Some(received_at);
            }
            QuoteRequestEvent::QuoteAnswered { by, .. } => self.answered_by = Some(by),
        }
    }
}

/// Office hours, UK time, Monday to Friday.
pub const OPENS: (u32, u32) = (9, 0);
pub const CLOSES: (u32, u32) = (17, 30);

fn is_weekday(day: Weekday) -> bool {
    !matches!(day, Weekday::Sat | Weekday::Sun)
}

/// When the shop promises a reply to a request received at `at`: an hour later during
/// office hours, else an hour after the next opening (10am UK time on the next working
/// day). Bank holidays are not known here: a request on one is answered as on a weekday.
pub fn reply_by(at: DateTime<Utc>) -> DateTime<Utc> {
    let local = at.with_timezone(&London);
    let opens = NaiveTime::from_hms_opt(OPENS.0, OPENS.1, 0).expect("a time");
    let closes = NaiveTime::from_hms_opt(CLOSES.0, CLOSES.1, 0).expect("a time");
    let time = local.time();
    if is_weekday(local.weekday()) && time >= opens && time < closes {
        return at + Duration::hours(1);
    }
    let mut day = local.date_naive();
    if time >= opens || !is_weekday(day.weekday()) {
        day = day.succ_opt().expect("a next day");
    }
    while !is_weekday(day.weekday()) {
        day = day.succ_opt().expect("a next day");
    }
    let opening = London.from_local_datetime(&day.and_time(opens)).earliest().expect("9am exists every day in London");
    opening.with_timezone(&Utc) + Duration::hours(1)
}

/// Whether a reply promised by `reply_by` is given within the hour (office hours).
pub fn within_the_hour(received_at: DateTime<Utc>, reply_by: DateTime<Utc>) -> bool {
    reply_by - received_at <= Duration::hours(1)
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;
    use cqrs_es::test::TestFramework;

    use super::*;
    use crate::clock::FixedClock;

    fn utc(day: u32, hour: u32, minute: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, day, hour, minute, 0).unwrap()
    }

    fn test(now: DateTime<Utc>) -> TestFramework<QuoteRequest> {
        TestFramework::with(QuoteRequestServices { clock: Arc::new(FixedClock(now)) })
    }

    fn details(product: QuoteProduct) -> QuoteDetails {
        QuoteDetails {
            name: "Jane Smith".into(),
            company: "Acme Plumbing Ltd".into(),
            email: "jane@acme.example".into(),
            phone: "020 7946 0000".into(),
            postcode: "SW1A 1AA".into(),
            product,
            speed: None,
            sites: None,
            numbers: None,
            message: String::new(),
        }
    }

    fn line(speed: Option<LineSpeed>, sites: Option<u32>) -> QuoteDetails {
        QuoteDetails { speed, sites, ..details(QuoteProduct::LeasedLine) }
    }

    #[test]
    fn the_reply_is_promised_within_the_hour_in_office_hours_else_by_10am_next_working_day() {
        // November is GMT: UK time is UTC. Monday 23rd, 2pm: by 3pm.
        assert_eq!(reply_by(utc(23, 14, 0)), utc(23, 15, 0));
        // Monday 8:30am: by 10am the same day; 5:30pm exactly is after hours: Tuesday 10am.
        assert_eq!(reply_by(utc(23, 8, 30)), utc(23, 10, 0));
        assert_eq!(reply_by(utc(23, 17, 30)), utc(24, 10, 0));
        // Friday 6pm, Saturday, Sunday: Monday 10am.
        assert_eq!(reply_by(utc(27, 18, 0)), utc(30, 10, 0));
        assert_eq!(reply_by(utc(28, 11, 0)), utc(30, 10, 0));
        assert_eq!(reply_by(utc(29, 7, 0)), utc(30, 10, 0));
        assert!(within_the_hour(utc(23, 14, 0), reply_by(utc(23, 14, 0))));
        assert!(!within_the_hour(utc(27, 18, 0), reply_by(utc(27, 18, 0))));
        // In summer UK time is BST (UTC+1): Wednesday 1 July 2026 at 8:30 UTC is 9:30 in London.
        let summer = Utc.with_ymd_and_hms(2026, 7, 1, 8, 30, 0).unwrap();
        assert_eq!(reply_by(summer), summer + Duration::hours(1));
        let evening = Utc.with_ymd_and_hms(2026, 7, 1, 16, 45, 0).unwrap(); // 17:45 BST
        assert_eq!(reply_by(evening), Utc.with_ymd_and_hms(2026, 7, 2, 9, 0, 0).unwrap());
        // 10:00 BST
    }

    #[tokio::test]
    async fn a_request_is_received_once_with_its_promise() {
        let now = utc(23, 14, 0);
        let requested = QuoteRequestEvent::QuoteRequested {
            details: details(QuoteProduct::CloudPbx),
            received_at: now,
            reply_by: utc(23, 15, 0),
        };
        test(now)
            .given_no_previous_events()
            .when_async(QuoteRequestCommand::Submit { details: details(QuoteProduct::CloudPbx) })
            .await
            .then_expect_events(vec![requested.clone()]);
        test(now)
            .given(vec![requested])
            .when_async(QuoteRequestCommand::Submit { details: details(QuoteProduct::CloudPbx) })
            .await
            .then_expect_error(QuoteRequestError::AlreadySubmitted);
    }

    #[tokio::test]
    async fn a_phone_numbers_quote_needs_from_11_to_1000_numbers_and_only_it_has_a_count() {
        let now = utc(23, 14, 0);
        let numbers = |count: Option<u32>| QuoteDetails { numbers: count, ..details(QuoteProduct::PhoneNumbers) };
        for count in [None, Some(0), Some(10), Some(1001)] {
            test(now)
                .given_no_previous_events()
                .when_async(QuoteRequestCommand::Submit { details: numbers(count) })
                .await
                .then_expect_error(QuoteRequestError::NumbersMissing);
        }
        for count in [11, 1000] {
            test(now)
                .given_no_previous_events()
                .when_async(QuoteRequestCommand::Submit { details: numbers(Some(count)) })
                .await
                .then_expect_events(vec![QuoteRequestEvent::QuoteRequested {
                    details: numbers(Some(count)),
                    received_at: now,
                    reply_by: utc(23, 15, 0),
                }]);
        }
        let pbx = QuoteDetails { numbers: Some(12), ..details(QuoteProduct::CloudPbx) };
        test(now)
            .given_no_previous_events()
            .when_async(QuoteRequestCommand::Submit { details: pbx })
            .await
            .then_expect_error(QuoteRequestError::NumbersNotForProduct);
        // A request stored before the count existed still reads.
        let stored = serde_json::json!({ "name": "J", "company": "A", "email": "j@a.example", "phone": "1",
            "postcode": "SW1A 1AA", "product": "cloudPbx", "speed": null, "sites": null, "message": "" });
        assert_eq!(serde_json::from_value::<QuoteDetails>(stored).unwrap().numbers, None);
    }

    #[tokio::test]
    async fn a_leased_line_needs_its_speed_and_sites_and_only_a_leased_line_has_them() {
        let now = utc(23, 14, 0);
        for (speed, sites) in [
            (None, Some(2)),
            (Some(LineSpeed::Gbps1), None),
            (Some(LineSpeed::Gbps1), Some(0)),
            (Some(LineSpeed::Gbps1), Some(51)),
        ] {
            test(now)
                .given_no_previous_events()
                .when_async(QuoteRequestCommand::Submit { details: line(speed, sites) })
                .await
                .then_expect_error(QuoteRequestError::LineDetailsMissing);
        }
        let good = line(Some(LineSpeed::Gbps10), Some(3));
        test(now)
            .given_no_previous_events()
            .when_async(QuoteRequestCommand::Submit { details: good.clone() })
            .await
            .then_expect_events(vec![QuoteRequestEvent::QuoteRequested {
                details: good,
                received_at: now,
                reply_by: utc(23, 15, 0),
            }]);
        let broadband = QuoteDetails { sites: Some(2), ..details(QuoteProduct::Broadband) };
        test(now)
            .given_no_previous_events()
            .when_async(QuoteRequestCommand::Submit { details: broadband })
            .await
            .then_expect_error(QuoteRequestError::LineDetailsNotForProduct);
    }

    #[tokio::test]
    async fn staff_mark_a_request_answered_once() {
        let now = utc(23, 14, 20);
        let requested = QuoteRequestEvent::QuoteRequested {
            details: details(QuoteProduct::Broadband),
            received_at: utc(23, 14, 0),
            reply_by: utc(23, 15, 0),
        };
        let answered = QuoteRequestEvent::QuoteAnswered { by: "sam@talkbridge.example".into(), at: now };
        test(now)
            .given(vec![requested.clone()])
            .when_async(QuoteRequestCommand::MarkAnswered { by: "sam@talkbridge.example".into() })
            .await
            .then_expect_events(vec![answered.clone()]);
        test(now)
            .given(vec![requested.clone(), answered])
            .when_async(QuoteRequestCommand::MarkAnswered { by: "ann@talkbridge.example".into() })
            .await
            .then_expect_error(QuoteRequestError::AlreadyAnswered);
        test(now)
            .given(vec![requested])
            .when_async(QuoteRequestCommand::MarkAnswered { by: " ".into() })
            .await
            .then_expect_error(QuoteRequestError::StaffRequired);
        test(now)
            .given_no_previous_events()
            .when_async(QuoteRequestCommand::MarkAnswered { by: "sam@talkbridge.example".into() })
            .await
            .then_expect_error(QuoteRequestError::NotFound);
    }
}
