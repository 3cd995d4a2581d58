//! The trial view: the trial thank-you page, support, and the jobs that end trials on time.

use aggregates::trial::{EndReason, Trial, TrialEvent};
use chrono::{DateTime, Utc};
use cqrs_es::{EventEnvelope, View};
use serde::{Deserialize, Serialize};
use sqlx::PgPool;

use crate::catch_up::SequencedView;
use crate::lines::ExtensionLine;

pub const TRIAL_VIEW_TABLE: &str = "trial_view";

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrialView {
    pub trial_id: String,
    pub status: TrialViewStatus,
    pub package: String,
    pub number: String,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub company_name: String,
    pub phone: String,
    pub minutes: u32,
    pub started_at: Option<DateTime<Utc>>,
    pub ends_at: Option<DateTime<Utc>>,
    pub extension: Option<ExtensionLine>,
    pub payment_method_saved: bool,
    pub reminder_sent: bool,
    pub end_reason: Option<TrialEndReason>,
    /// When the trial ended (unconverted). Views projected before this field existed lack it
    /// until rebuilt; the number-return step then goes by `ends_at`.
    #[serde(default)]
    pub ended_at: Option<DateTime<Utc>>,
    pub subscription_id: Option<String>,
    /// The payment provider's ids for this trial (customer, subscription), for support's search.
    #[serde(default)]
    pub payment_references: Vec<String>,
    /// Days staff added to the trial.
    #[serde(default)]
    pub extended_days: u32,
    /// By when the e-mail address must be confirmed, or the trial ends and its number goes
    /// back to the pool; null for a trial started before e-mail confirmation existed.
    #[serde(default)]
    pub verify_by: Option<DateTime<Utc>>,
    /// The buyer followed the confirmation link: the trial may call out.
    #[serde(default)]
    pub email_verified: bool,
    /// Bookkeeping of the view, never served (the API leaves it out).
    #[serde(default)]
    #[schema(ignore)]
    pub last_sequence: usize,
}

/// Where a trial stands, as its pages and the jobs read it (wire names as stored: active,
/// ended, converted).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum TrialViewStatus {
    /// Before its first event (never stored: a view exists once the trial started).
    #[default]
    New,
    Active,
    Ended,
    Converted,
}

/// Why a trial ended without converting.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum TrialEndReason {
    Expired,
    ConversionFailed,
    /// The e-mail address was not confirmed within 24 hours.
    Unverified,
}

impl From<EndReason> for TrialEndReason {
    fn from(reason: EndReason) -> Self {
        match reason {
            EndReason::Expired => TrialEndReason::Expired,
            EndReason::ConversionFailed => TrialEndReason::ConversionFailed,
            EndReason::Unverified => TrialEndReason::Unverified,
        }
    }
}

impl View<Trial> for TrialView {
    fn update(&mut self, event: &EventEnvelope<Trial>) {
        self.last_sequence = event.sequence;
        self.trial_id = event.aggregate_id.clone();
        match &event.payload {
            TrialEvent::TrialStarted {
                number,
                contact,
                extension,
                package,
                minutes,
                started_at,
                ends_at,
                verify_by,
                ..
            } => {
                self.status = TrialViewStatus::Active;
                self.package = package.clone();
                self.number = number.clone();
                self.email = contact.email.clone();
                self.first_name = contact.first_name.clone();
                self.last_name = contact.last_name.clone();
                self.company_name = contact.company_name.clone();
                self.phone = contact.phone.clone();
                self.minutes = *minutes;
                self.started_at = Some(*started_at);
                self.ends_at = Some(*ends_at);
                self.extension = Some(extension.into());
                self.verify_by = *verify_by;
            }
            TrialEvent::EmailVerified { .. } => self.email_verified = true,
            TrialEvent::PaymentMethodAttached { .. } => self.payment_method_saved = true,
            TrialEvent::PaymentCustomerRegistered { customer_id } => self.payment_references.push(customer_id.clone()),
            TrialEvent::ReminderSent { .. } => self.reminder_sent = true,
            TrialEvent::ConfirmationResent { .. }
            | TrialEvent::SipPasswordReset { .. }
            | TrialEvent::CardSetupStarted { .. } => {}
            TrialEvent::TrialExtended { days, ends_at, .. } => {
                self.extended_days += days;
                self.ends_at = Some(*ends_at);
            }
            TrialEvent::TrialEnded { reason, at, .. } => {
                self.status = TrialViewStatus::Ended;
                self.end_reason = Some((*reason).into());
                self.ended_at = Some(*at);
            }
            TrialEvent::TrialConverted { subscription_id, .. } => {
                self.status = TrialViewStatus::Converted;
                self.payment_references.push(subscription_id.clone());
                self.subscription_id = Some(subscription_id.clone());
            }
        }
    }
}

impl SequencedView<Trial> for TrialView {
    fn last_sequence(&self) -> usize {
        self.last_sequence
    }
}

/// Active trials whose end has come by `now`.
pub async fn due_to_end(pool: &PgPool, now: DateTime<Utc>) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar!(
        "SELECT view_id FROM trial_view WHERE payload ->> 'status' = 'active'
           AND (payload ->> 'endsAt')::timestamptz <= $1 ORDER BY view_id",
        now
    )
    .fetch_all(pool)
    .await
}

/// Active trials whose e-mail address was not confirmed by their deadline (`verifyBy`).
pub async fn due_unverified(pool: &PgPool, now: DateTime<Utc>) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar!(
        "SELECT view_id FROM trial_view WHERE payload ->> 'status' = 'active'
           AND NOT COALESCE((payload ->> 'emailVerified')::boolean, false)
           AND (payload ->> 'verifyBy')::timestamptz <= $1 ORDER BY view_id",
        now
    )
    .fetch_all(pool)
    .await
}

/// Active trials within `days` of their end that have had no reminder (and whose e-mail
/// address is confirmed, or needs no confirmation: an unconfirmed one is ended instead).
pub async fn due_for_reminder(pool: &PgPool, now: DateTime<Utc>, days: i64) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar!(
        "SELECT view_id FROM trial_view WHERE payload ->> 'status' = 'active'
           AND NOT (payload ->> 'reminderSent')::boolean
           AND (payload ->> 'verifyBy' IS NULL OR COALESCE((payload ->> 'emailVerified')::boolean, false))
           AND (payload ->> 'endsAt')::timestamptz - make_interval(days => $2) <= $1 ORDER BY view_id",
        now,
        days as i32
    )
    .fetch_all(pool)
    .await
}

/// Rebuilds the trial view from the event store while the live table keeps answering
/// (crate::rebuild).
pub async fn rebuild(
    pool: &sqlx::PgPool,
    reader: &impl crate::events::EventReader,
    watch: &mut dyn crate::rebuild::Watch,
) -> Result<crate::rebuild::Rebuilt, crate::rebuild::RebuildError> {
    crate::rebuild::rebuild(pool, reader, &crate::rebuild::ViewTable::<Trial, TrialView>::new(TRIAL_VIEW_TABLE), watch)
        .await
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    /// A view as the trial_view table held it while `status` was a string: it reads into
    /// the enum and writes back the same JSON (the jobs' SQL reads `payload ->> 'status'`).
    #[test]
    fn a_view_stored_while_the_status_was_a_string_still_reads() {
        let stored = json!({
            "email": "tara.inventory@example.com", "phone": "020 7946 0001", "endsAt": "2026-11-30T16:28:37.584424076Z",
            "number": "441632960000", "status": "active", "endedAt": null, "minutes": 50,
            "package": "Single User VoIP - Trial", "trialId": "863cde7f-caab-4b45-acd2-ba940659b619",
            "lastName": "Trial", "endReason": null, "extension": { "number": "101", "username": "tarainventory101" },
            "firstName": "Tara", "startedAt": "2026-11-23T16:28:37.584424076Z", "companyName": "Tara Ltd",
            "lastSequence": 1, "reminderSent": false, "subscriptionId": null, "paymentMethodSaved": false
        });
        let view: TrialView = serde_json::from_value(stored.clone()).unwrap();
        assert_eq!(view.status, TrialViewStatus::Active);
        // Written back the same, with the fields added since at their defaults.
        let mut written = stored.clone();
        written["paymentReferences"] = json!([]);
        written["extendedDays"] = json!(0);
        written["verifyBy"] = json!(null);
        written["emailVerified"] = json!(false);
        assert_eq!(serde_json::to_value(&view).unwrap(), written);
        for (status, wire) in [(TrialViewStatus::Ended, "ended"), (TrialViewStatus::Converted, "converted")] {
            let mut later = stored.clone();
            later["status"] = json!(wire);
            assert_eq!(serde_json::from_value::<TrialView>(later).unwrap().status, status);
        }
    }
}
