//! The free trial's workflows. The trial's start commits in one transaction (its row, the
//! account, the extension's digests and SIP login, the number assigned, `TrialStarted`); the
//! end and the conversion are commands of the `end-trials` job (its Stripe subscription is
//! tagged with the trial's key, so a crashed run's subscription is adopted, never made twice).
//! What follows each event is owed from the statement that stores it:
//!
//! | workflow | started by | steps |
//! |---|---|---|
//! | `start-trial` | `TrialStarted` | views and the number's stock row caught up; the e-mail with the confirmation link (its token's digest in the same transaction); the welcome e-mail |
//! | `remind-trial` | `ReminderSent` | the reminder e-mail |
//! | `end-trial` | `TrialEnded` | the extension can no longer register; for a trial ended unconfirmed, its number back in the pool; the view caught up |

use aggregates::trial::{EndReason, Trial, TrialError};
use cqrs_es::persist::ViewRepository;
use jobs::mail::Email;
use projections::trials::TrialView;
use store::workflows::Claim;

use crate::app::faults;
use crate::app::state::AppState;
use crate::platform::error::ApiError;

pub use super::triggers::{END_TRIAL, REMIND_TRIAL, START_TRIAL};

/// The fault points of the trial's workflows, by workflow (FAULT_INJECTION); the first and
/// the last of `start-trial` are the start request's own (api/src/http/routes/trial.rs).
pub const FAULT_POINTS: [(&str, &str); 8] = [
    (START_TRIAL, "after-trial-started"),
    (START_TRIAL, "after-trial-views"),
    (START_TRIAL, "after-trial-verification-queued"),
    (START_TRIAL, "before-trial-password-shown"),
    (REMIND_TRIAL, "after-reminder-queued"),
    (END_TRIAL, "after-trial-logins-removed"),
    (END_TRIAL, "after-trial-number-returned"),
    // The end-trials job's own: Stripe made the conversion's subscription, the trial has
    // not recorded it (jobs::trials).
    ("end-trials", "after-trial-subscribed"),
];

/// Runs what is left of the claimed trial workflow.
pub async fn run(state: &AppState, claim: Claim) -> Result<(), ApiError> {
    let result = match claim.workflow.as_str() {
        START_TRIAL => start(state, &claim).await,
        REMIND_TRIAL => remind(state, &claim).await,
        END_TRIAL => end(state, &claim).await,
        other => Err(ApiError::internal(format!("no trial workflow is named {other}"))),
    };
    match result {
        Ok(()) => Ok(claim.finish(&state.pool).await?),
        Err(error) => super::failed(state, claim, error).await,
    }
}

/// The trial's view as its stored events make it.
async fn view(state: &AppState, id: &str) -> Result<TrialView, ApiError> {
    if let Err(error) = state.trials.cqrs.republish(id).await {
        tracing::warn!(trial = id, %error, "the trial's views did not catch up");
    }
    Ok(state.trials.views.load(id).await.map_err(ApiError::internal)?.ok_or(TrialError::NotFound)?)
}

async fn start(state: &AppState, claim: &Claim) -> Result<(), ApiError> {
    let id = &claim.aggregate_id;
    let (trial, _) = crate::app::state::load::<Trial>(&state.pool, id).await?;
    state.numbers.cqrs.republish(&trial.number).await?;
    let view = view(state, id).await?;
    faults::point(state, "after-trial-views");
    let display = projections::inventory::find(&state.pool, &trial.number)
        .await?
        .map(|row| row.display())
        .unwrap_or_else(|| trial.number.clone());
    if view.verify_by.is_some() {
        crate::app::trial_mail::queue_verification(state, id, &view, &display).await?;
        faults::point(state, "after-trial-verification-queued");
    }
    let email = Email::TrialWelcome { view: &view, number: &display, sip: state.services.config.sip.for_mail() };
    jobs::outbox::queue(&state.pool, &view.email, id, &email).await?;
    Ok(())
}

async fn remind(state: &AppState, claim: &Claim) -> Result<(), ApiError> {
    let id = &claim.aggregate_id;
    let view = view(state, id).await?;
    jobs::outbox::queue(&state.pool, &view.email, id, &Email::TrialReminder { view: &view }).await?;
    faults::point(state, "after-reminder-queued");
    Ok(())
}

async fn end(state: &AppState, claim: &Claim) -> Result<(), ApiError> {
    let id = &claim.aggregate_id;
    projections::sip::remove(&state.pool, &projections::sip::trial_owner(id)).await?;
    faults::point(state, "after-trial-logins-removed");
    // Not confirmed in time: the number is free again at once (not 30 days later).
    let (trial, _) = crate::app::state::load::<Trial>(&state.pool, id).await?;
    if trial.end_reason == Some(EndReason::Unverified) {
        let context = store::commands::Context::job(END_TRIAL);
        jobs::trials::release_number(&state.pool, &state.numbers.cqrs, &context, id, &trial.number, state.clock.now())
            .await
            .map_err(ApiError::internal)?;
        faults::point(state, "after-trial-number-returned");
    }
    view(state, id).await?;
    Ok(())
}
