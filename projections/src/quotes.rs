//! The quote request view: what the sales team reads in the console, oldest open first.

use aggregates::quote_request::{LineSpeed, QuoteProduct, QuoteRequest, QuoteRequestEvent};
use chrono::{DateTime, Utc};
use cqrs_es::{EventEnvelope, View};
use serde::{Deserialize, Serialize};

use crate::catch_up::SequencedView;

pub const QUOTE_REQUEST_VIEW_TABLE: &str = "quote_request_view";

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuoteRequestView {
    pub request_id: String,
    pub name: String,
    pub company: String,
    pub email: String,
    pub phone: String,
    pub postcode: String,
    pub product: Option<QuoteProduct>,
    /// The product in words ("Leased line").
    pub product_label: String,
    pub speed: Option<LineSpeed>,
    pub sites: Option<u32>,
    /// A phone numbers quote: how many new numbers.
    #[serde(default)]
    pub numbers: Option<u32>,
    pub message: String,
    pub received_at: Option<DateTime<Utc>>,
    /// When the buyer was promised a reply.
    pub reply_by: Option<DateTime<Utc>>,
    pub answered_by: Option<String>,
    pub answered_at: Option<DateTime<Utc>>,
    /// Bookkeeping of the view, never served.
    #[serde(default)]
    #[schema(ignore)]
    pub last_sequence: usize,
}

impl View<QuoteRequest> for QuoteRequestView {
    fn update(&mut self, event: &EventEnvelope<QuoteRequest>) {
        self.last_sequence = event.sequence;
        self.request_id = event.aggregate_id.clone();
        match &event.payload {
            QuoteRequestEvent::QuoteRequested { details, received_at, reply_by } => {
                self.name = details.name.clone();
                self.company = details.company.clone();
                self.email = details.email.clone();
                self.phone = details.phone.clone();
                self.postcode = details.postcode.clone();
                self.product = Some(details.product);
                self.product_label = details.product.label().to_string();
                self.speed = details.speed;
                self.sites = details.sites;
                self.numbers = details.numbers;
                self.message = details.message.clone();
                self.received_at = Some(*received_at);
                self.reply_by = Some(*reply_by);
            }
            QuoteRequestEvent::QuoteAnswered { by, at } => {
                self.answered_by = Some(by.clone());
                self.answered_at = Some(*at);
            }
        }
    }
}

impl SequencedView<QuoteRequest> for QuoteRequestView {
    fn last_sequence(&self) -> usize {
        self.last_sequence
    }
}

/// Rebuilds the quote request view (the sales team's list in the console) from the event store while the live table keeps answering
/// (crate::rebuild).
pub async fn rebuild(
    pool: &sqlx::PgPool,
    reader: &impl crate::events::EventReader,
    watch: &mut dyn crate::rebuild::Watch,
) -> Result<crate::rebuild::Rebuilt, crate::rebuild::RebuildError> {
    crate::rebuild::rebuild(
        pool,
        reader,
        &crate::rebuild::ViewTable::<QuoteRequest, QuoteRequestView>::new(QUOTE_REQUEST_VIEW_TABLE),
        watch,
    )
    .await
}
