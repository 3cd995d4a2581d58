//! Quote requests' use cases (docs/product-rules.md, Quote requests): the /quote form checked
//! field by field, rate limited and guarded by a honeypot, then recorded with a mail to the
//! sales mailbox and an acknowledgement to the buyer; and the sales team's list and their
//! "answered". The routes (crate::http::routes::quotes) only turn these into answers.

use aggregates::quote_request::{
    reply_by, within_the_hour, LineSpeed, QuoteDetails, QuoteProduct, QuoteRequestCommand, QuoteRequestError,
    MAX_QUOTE_NUMBERS, MAX_SITES, MIN_QUOTE_NUMBERS,
};
use aggregates::text::trim_blanks;
use chrono::{DateTime, Utc};
use chrono_tz::Europe::London;
use cqrs_es::persist::ViewRepository;
use jobs::mail::Email;
use jobs::outbox::queue;
use projections::quotes::QuoteRequestView;

use crate::app::account_form::{field_errors, is_email, is_phone, is_uk_postcode, FieldErrors};
use crate::app::auth::Staff;
use crate::app::state::AppState;
use crate::platform::client::ClientAddress;
use crate::platform::error::ApiError;
use crate::platform::limits::{self, Limit};
use store::commands::{Context, BUYER};

/// Quote requests per e-mail address.
pub const QUOTES_PER_EMAIL: Limit = Limit { name: "quote-email", max: 3, window_seconds: 3600 };
/// Quote requests per client address (an office may send a few for different sites).
pub const QUOTES_PER_ADDRESS: Limit = Limit { name: "quote-address", max: 10, window_seconds: 3600 };

/// The longest name, company and e-mail address, in characters.
pub const MAX_FIELD: usize = 200;
/// The longest message, in characters.
pub const MAX_MESSAGE: usize = 2000;

const SPEED_MESSAGE: &str = "Please choose the line speed";
const SITES_MESSAGE: &str = "Please enter the number of sites, from 1 to 50";
const NUMBERS_MESSAGE: &str = "Please enter how many numbers you need, from 11 to 1,000";

/// The /quote form as it was sent, before any check.
#[derive(Debug, Default, Clone)]
pub struct QuoteForm {
    pub name: String,
    pub company: String,
    pub email: String,
    pub phone: String,
    pub postcode: String,
    pub product: String,
    pub speed: Option<String>,
    pub sites: Option<u32>,
    pub numbers: Option<u32>,
    pub message: String,
    /// The hidden field only robots fill in.
    pub website: String,
}

/// A keyword with the white space the document's patterns allow around `product` and
/// `speed` trimmed.
fn keyword(text: &str) -> &str {
    trim_blanks(text)
}

fn product(text: &str) -> Option<QuoteProduct> {
    serde_json::from_value(serde_json::Value::String(text.to_string())).ok()
}

fn line_speed(text: &str) -> Option<LineSpeed> {
    serde_json::from_value(serde_json::Value::String(text.to_string())).ok()
}

impl QuoteForm {
    /// The request, or one message per field in the account form's style. Names are trimmed
    /// and their inner spaces collapsed first; the e-mail address, phone number and postcode
    /// lose only the whitespace their patterns allow around them. A speed, sites or numbers that is given must be
    /// valid whatever the product; the product's own ones are required, and the others are
    /// left out of the request.
    pub fn check(&self) -> Result<QuoteDetails, FieldErrors> {
        let trim = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
        let (name, company, email, phone, postcode) = (
            trim(&self.name),
            trim(&self.company),
            trim_blanks(&self.email).to_string(),
            trim_blanks(&self.phone).to_string(),
            trim_blanks(&self.postcode).to_string(),
        );
        let mut errors = FieldErrors::new();
        // Lengths are of the values as sent, as the document's maxLength is.
        for (field, value, sent, message) in [
            ("name", &name, &self.name, "Name is required"),
            ("company", &company, &self.company, "Company name is required"),
        ] {
            if value.is_empty() {
                errors.insert(field, message);
            } else if sent.chars().count() > MAX_FIELD {
                errors.insert(field, "This is too long");
            }
        }
        if email.is_empty() {
            errors.insert("email", "Email is required");
        } else if !is_email(&email) || self.email.chars().count() > MAX_FIELD {
            errors.insert("email", "Please enter a valid email address");
        }
        if phone.is_empty() {
            errors.insert("phone", "Phone number is required");
        } else if !is_phone(&phone) || phone.len() > 40 {
            errors.insert("phone", "Please enter a valid phone number");
        }
        if postcode.is_empty() {
            errors.insert("postcode", "Postcode is required");
        } else if !is_uk_postcode(&postcode) {
            errors.insert("postcode", "Please enter a valid UK postcode (e.g., SW1A 1AA)");
        }
        let product = product(keyword(&self.product));
        if product.is_none() {
            errors.insert("product", "Please choose what you would like a quote for");
        }
        let is_line = product == Some(QuoteProduct::LeasedLine);
        let for_numbers = product == Some(QuoteProduct::PhoneNumbers);
        // Given (not blank) but not a speed, or missing for a leased line.
        let speed_text = self.speed.as_deref().map(keyword).filter(|s| !s.is_empty());
        let speed = speed_text.and_then(line_speed);
        if speed_text.is_some() && speed.is_none() || is_line && speed.is_none() {
            errors.insert("speed", SPEED_MESSAGE);
        }
        let sites_ok = self.sites.map(|n| (1..=MAX_SITES).contains(&n));
        if sites_ok == Some(false) || is_line && sites_ok.is_none() {
            errors.insert("sites", SITES_MESSAGE);
        }
        let numbers_ok = self.numbers.map(|n| (MIN_QUOTE_NUMBERS..=MAX_QUOTE_NUMBERS).contains(&n));
        if numbers_ok == Some(false) || for_numbers && numbers_ok.is_none() {
            errors.insert("numbers", NUMBERS_MESSAGE);
        }
        let message = self.message.trim().to_string();
        if self.message.chars().count() > MAX_MESSAGE {
            errors.insert("message", "Please keep the message under 2,000 characters");
        }
        let (Some(product), true) = (product, errors.is_empty()) else { return Err(errors) };
        Ok(QuoteDetails {
            name,
            company,
            email: email.to_lowercase(),
            phone,
            postcode: aggregates::customer::uk_postcode(&postcode).unwrap_or(postcode),
            product,
            speed: if is_line { speed } else { None },
            sites: if is_line { self.sites } else { None },
            numbers: if for_numbers { self.numbers } else { None },
            message,
        })
    }
}

/// What the buyer is told of a request they sent.
#[derive(Debug, Clone)]
pub struct QuoteReceipt {
    pub request_id: String,
    pub reply_by: DateTime<Utc>,
    /// The promise in words ("within the hour (by 3:05pm)", "by 10am on Monday 30 November").
    pub reply_promise: String,
}

/// The promise as the buyer reads it, in UK time.
pub fn promise(received_at: DateTime<Utc>, reply_by: DateTime<Utc>) -> String {
    let local = reply_by.with_timezone(&London);
    if within_the_hour(received_at, reply_by) {
        format!("within the hour (by {})", local.format("%-I:%M%P").to_string().replace(":00", ""))
    } else {
        format!("by {} on {}", local.format("%-I%P"), local.format("%A %-d %B"))
    }
}

/// Asks for a quote: checked, rate limited per e-mail and client address, recorded, and the
/// sales team and the buyer e-mailed. A refused request (bad fields, the limit) stores
/// nothing; a robot's (the honeypot filled in) is answered as a person's would be, and
/// nothing is stored or sent.
pub async fn request_quote(
    state: &AppState,
    address: &ClientAddress,
    form: QuoteForm,
) -> Result<QuoteReceipt, ApiError> {
    let details = form.check().map_err(field_errors)?;
    let now = state.clock.now();
    let reply_by = reply_by(now);
    let request_id = uuid::Uuid::new_v4().to_string();
    let receipt = QuoteReceipt { request_id: request_id.clone(), reply_by, reply_promise: promise(now, reply_by) };
    if !form.website.trim().is_empty() {
        tracing::info!("a quote request with the honeypot filled in was dropped");
        return Ok(receipt);
    }
    limits::require(
        &state.pool,
        state.clock.now(),
        &[(&QUOTES_PER_EMAIL, details.email.as_str()), (&QUOTES_PER_ADDRESS, address.as_str())],
    )
    .await?;
    state
        .quote_requests
        .cqrs
        .execute(&BUYER, &request_id, QuoteRequestCommand::Submit { details: details.clone() })
        .await?;
    queue_mails(state, &details, &receipt).await?;
    Ok(receipt)
}

/// The mail to the sales mailbox and the buyer's acknowledgement, through the outbox.
async fn queue_mails(state: &AppState, details: &QuoteDetails, receipt: &QuoteReceipt) -> Result<(), ApiError> {
    let (id, reply_promise) = (receipt.request_id.as_str(), receipt.reply_promise.as_str());
    let config = &state.services.config;
    let sales = Email::QuoteRequest { details, reply_promise, site_url: &config.site_url };
    queue(&state.pool, &config.sales_email, id, &sales).await?;
    let buyer = Email::QuoteAcknowledgement { details, reply_promise };
    queue(&state.pool, &details.email, id, &buyer).await?;
    Ok(())
}

/// Which requests the sales team lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum QuoteStatus {
    /// Not answered yet, oldest first.
    Open,
    /// Answered, the latest answered first.
    Answered,
}

/// One request on the sales team's list.
pub struct ListedQuote {
    pub view: QuoteRequestView,
    /// Minutes since it came in.
    pub age_minutes: i64,
    /// Open past the reply it promised.
    pub late: bool,
}

/// The sales team's list (at most 200), with how many are open and of those late.
pub struct QuoteList {
    pub requests: Vec<ListedQuote>,
    pub open: i64,
    pub late: i64,
}

/// The quote requests of one status for the sales team, with their age.
pub async fn list_requests(state: &AppState, status: QuoteStatus) -> Result<QuoteList, ApiError> {
    let rows: Vec<sqlx::types::Json<QuoteRequestView>> = match status {
        QuoteStatus::Answered => {
            sqlx::query_scalar!(
                r#"SELECT payload::jsonb AS "payload!: sqlx::types::Json<QuoteRequestView>" FROM quote_request_view
                    WHERE payload->>'answeredBy' IS NOT NULL ORDER BY payload->>'answeredAt' DESC, view_id LIMIT 200"#
            )
            .fetch_all(&state.pool)
            .await?
        }
        QuoteStatus::Open => {
            sqlx::query_scalar!(
                r#"SELECT payload::jsonb AS "payload!: sqlx::types::Json<QuoteRequestView>" FROM quote_request_view
                    WHERE payload->>'answeredBy' IS NULL ORDER BY payload->>'receivedAt' ASC, view_id LIMIT 200"#
            )
            .fetch_all(&state.pool)
            .await?
        }
    };
    let now = state.clock.now();
    let counts = sqlx::query!(
        r#"SELECT count(*) AS "open!", count(*) FILTER (WHERE (payload->>'replyBy')::timestamptz < $1) AS "late!"
           FROM quote_request_view WHERE payload->>'answeredBy' IS NULL"#,
        now
    )
    .fetch_one(&state.pool)
    .await?;
    let (open, late) = (counts.open, counts.late);
    let requests = rows
        .into_iter()
        .map(|row| {
            let view = row.0;
            let age_minutes = view.received_at.map_or(0, |at| (now - at).num_minutes());
            let late = view.answered_by.is_none() && view.reply_by.is_some_and(|by| by < now);
            ListedQuote { view, age_minutes, late }
        })
        .collect();
    Ok(QuoteList { requests, open, late })
}

/// Marks the request `id` answered by the staff member (the event names them), and answers
/// it as the list shows it.
pub async fn mark_answered(state: &AppState, staff: &Staff, id: &str) -> Result<QuoteRequestView, ApiError> {
    let id = uuid::Uuid::parse_str(id).map_err(|_| QuoteRequestError::NotFound)?.to_string();
    if state.quote_requests.views.load(&id).await.map_err(ApiError::internal)?.is_none() {
        return Err(QuoteRequestError::NotFound.into());
    }
    state
        .quote_requests
        .cqrs
        .execute(&Context::staff(&staff.email), &id, QuoteRequestCommand::MarkAnswered { by: staff.email.clone() })
        .await?;
    let view =
        state.quote_requests.views.load(&id).await.map_err(ApiError::internal)?.ok_or(QuoteRequestError::NotFound)?;
    Ok(view)
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    fn line() -> QuoteForm {
        QuoteForm {
            name: "Jane Smith".into(),
            company: "Acme".into(),
            email: "jane@acme.example".into(),
            phone: "020 7946 0000".into(),
            postcode: "SW1A 1AA".into(),
            product: "leasedLine".into(),
            speed: Some("1gbps".into()),
            sites: Some(3),
            ..QuoteForm::default()
        }
    }

    #[test]
    fn the_promise_reads_in_uk_time() {
        let at = Utc.with_ymd_and_hms(2026, 11, 23, 14, 5, 0).unwrap();
        assert_eq!(promise(at, reply_by(at)), "within the hour (by 3:05pm)");
        let friday_night = Utc.with_ymd_and_hms(2026, 11, 27, 19, 0, 0).unwrap();
        assert_eq!(promise(friday_night, reply_by(friday_night)), "by 10am on Monday 30 November");
    }

    /// The document's maxLength is of the value as sent: a name of 199 characters after two
    /// leading spaces (201 sent) is too long, as the document says (the API fuzzing's seed
    /// 381237049).
    #[test]
    fn lengths_are_of_what_was_sent() {
        let long = QuoteForm { name: format!("\n {}", "M".repeat(MAX_FIELD - 1)), ..line() };
        assert_eq!(long.check().unwrap_err()["name"], "This is too long");
        let fits = QuoteForm { name: format!(" {}", "M".repeat(MAX_FIELD - 1)), ..line() };
        assert!(fits.check().is_ok());
    }

    /// The e-mail address, phone number and postcode lose only the whitespace the document
    /// allows around them (space, tab, CR, LF), and the product and speed too; the rest is
    /// refused, as the document refuses it.
    #[test]
    fn only_the_whitespace_the_document_allows_is_trimmed() {
        for odd in ['\u{85}', '\u{a0}', '\u{2003}', '\u{1c}'] {
            let form = QuoteForm {
                email: format!("jane@acme.example{odd}"),
                phone: format!("020 7946 0000{odd}"),
                postcode: format!("{odd}SW1A 1AA"),
                product: format!("leasedLine{odd}"),
                ..line()
            };
            let errors = form.check().unwrap_err();
            assert_eq!(
                errors.keys().copied().collect::<Vec<_>>(),
                ["email", "phone", "postcode", "product"],
                "{odd:?}"
            );
        }
        let blanks = QuoteForm {
            email: " jane@acme.example\n".into(),
            phone: "\t020 7946 0000".into(),
            product: "\nleasedLine ".into(),
            ..line()
        };
        assert!(blanks.check().is_ok());
    }

    /// A speed, sites or numbers given is checked whatever the product; a valid one the
    /// product does not use is left out; blank speeds count as none.
    #[test]
    fn given_line_fields_are_checked_whatever_the_product() {
        let broadband = |edit: fn(&mut QuoteForm)| {
            let mut form = QuoteForm { product: "broadband".into(), ..line() };
            edit(&mut form);
            form.check()
        };
        let refused = |result: Result<QuoteDetails, FieldErrors>| result.unwrap_err();
        assert_eq!(refused(broadband(|f| f.speed = Some("fast".into())))["speed"], SPEED_MESSAGE);
        assert_eq!(refused(broadband(|f| f.sites = Some(0)))["sites"], SITES_MESSAGE);
        assert_eq!(refused(broadband(|f| f.sites = Some(51)))["sites"], SITES_MESSAGE);
        assert_eq!(refused(broadband(|f| f.numbers = Some(10)))["numbers"], NUMBERS_MESSAGE);
        assert_eq!(refused(broadband(|f| f.numbers = Some(1001)))["numbers"], NUMBERS_MESSAGE);
        assert_eq!(refused(broadband(|f| f.speed = Some("\u{a0}1gbps".into())))["speed"], SPEED_MESSAGE);
        let kept = broadband(|f| f.numbers = Some(40)).unwrap();
        assert_eq!((kept.speed, kept.sites, kept.numbers), (None, None, None));
        let blank = broadband(|f| f.speed = Some(" \t".into())).unwrap();
        assert_eq!(blank.speed, None);
        // The product's own fields are still required.
        let mut no_speed = line();
        no_speed.speed = Some(String::new());
        assert_eq!(refused(no_speed.check())["speed"], SPEED_MESSAGE);
        let numbers = QuoteForm { product: "phoneNumbers".into(), speed: None, sites: None, ..line() };
        assert_eq!(refused(numbers.check())["numbers"], NUMBERS_MESSAGE);
        let details = QuoteForm { speed: Some(" 10gbps\n".into()), ..line() }.check().unwrap();
        assert_eq!((details.speed, details.sites), (Some(LineSpeed::Gbps10), Some(3)));
    }
}
