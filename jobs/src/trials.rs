//! The scheduled end of free trials: each run ends the trials whose e-mail address was not
//! confirmed within 24 hours of their start (their number goes back to the free pool at once,
//! by the `end-trial` workflow: [`release_number`]), ends the active trials whose seven days
//! are over (or, with a saved card, converts them to a paid Single User subscription, ended
//! instead if the charge fails), sends the reminder three days before the end, and returns
//! the numbers of trials that ended unconverted 30 days ago to the free pool. Every step is
//! a command that refuses to happen twice, so a second run changes nothing.

use aggregates::payments::{Outcome, PaymentError, PaymentGateway, PlanSpec};
use aggregates::phone_number::PhoneNumber;
use aggregates::phone_number::{PhoneNumberCommand, PhoneNumberError};
use aggregates::pricing::{vat, BillingCycle, Pence, Plan};
use aggregates::trial::Trial;
use aggregates::trial::TrialStep;
use aggregates::trial::{TrialCommand, TrialError, NUMBER_KEPT_DAYS, REMINDER_DAYS_BEFORE_END};
use chrono::{DateTime, Duration, Utc};
use cqrs_es::persist::ViewRepository;
use cqrs_es::AggregateError;
use postgres_es::PostgresViewRepository;

use projections::trials::{due_for_reminder, due_to_end, due_unverified, TrialView};
use sqlx::PgPool;
use store::commands::{Context, Cqrs};

use store::commands;

/// What the job works with: the trials and their views, the number stock and the payment
/// provider that charges a converted trial.
pub struct TrialJob<'a> {
    pub pool: &'a PgPool,
    pub trials: &'a Cqrs<Trial>,
    pub trial_views: &'a PostgresViewRepository<TrialView, Trial>,
    pub numbers: &'a Cqrs<PhoneNumber>,
    pub gateway: &'a dyn PaymentGateway,
    pub context: Context,
    /// `FAULT_INJECTION` (development only): where to crash on purpose.
    pub fault_injection: Option<store::faults::Fault>,
}

pub const END_TRIALS: &str = "end-trials";

/// The Stripe plan a converted trial pays: Single User monthly, VAT included, at today's
/// price list (aggregates/src/pricing.rs). Its id carries the amount
/// (`plan_single_user_monthly_inc_vat_599`): Stripe never changes a plan's amount, so a new
/// price is a new plan, and trials converted after a price change pay the new price instead
/// of reusing the old plan. (The bare `plan_single_user_monthly_inc_vat` of earlier versions
/// holds whatever price it was made with and is no longer used.)
pub fn conversion_plan() -> (String, Pence) {
    let monthly = Plan::SingleUser.block_price(BillingCycle::Monthly);
    let amount = monthly + vat(monthly);
    (format!("plan_single_user_monthly_inc_vat_{}", amount.0), amount)
}

#[derive(Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Trials ended because their e-mail address was not confirmed in time.
    pub released: usize,
    pub ended: usize,
    pub converted: usize,
    pub reminded: usize,
    /// Numbers of trials ended unconverted 30 days ago, back in the free pool.
    pub returned: usize,
}

impl std::fmt::Display for Report {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} unconfirmed trials released, {} trials ended, {} converted, {} reminded, {} numbers returned",
            self.released, self.ended, self.converted, self.reminded, self.returned
        )
    }
}

/// A refusal because the trial moved on meanwhile is not a failure of the job.
fn moved_on(error: &AggregateError<TrialError>) -> bool {
    matches!(
        error,
        AggregateError::UserError(
            TrialError::AlreadyOver
                | TrialError::NotOver
                | TrialError::ReminderAlreadySent
                | TrialError::ReminderTooEarly
                | TrialError::EmailAlreadyVerified
                | TrialError::VerificationNotDue
                | TrialError::NoVerificationNeeded
        ) | AggregateError::AggregateConflict
    )
}

pub async fn end_trials(state: &TrialJob<'_>, now: DateTime<Utc>) -> Result<Report, String> {
    let mut report = Report::default();
    // First the unconfirmed ones: such a trial ends for that, not for its seven days, and is
    // reminded of nothing. Their SIP login and number follow (the `end-trial` workflow).
    for id in due_unverified(state.pool, now).await.map_err(|e| e.to_string())? {
        match state.trials.execute(&state.context, &id, TrialCommand::Running(TrialStep::EndUnverified)).await {
            Ok(_) => report.released += 1,
            Err(error) if moved_on(&error) => {}
            Err(error) => return Err(error.to_string()),
        }
    }
    for id in due_to_end(state.pool, now).await.map_err(|e| e.to_string())? {
        let Some(view) = state.trial_views.load(&id).await.map_err(|e| e.to_string())? else { continue };
        let outcome = if view.payment_method_saved {
            convert(state, &id).await
        } else {
            Ok(TrialCommand::Running(TrialStep::EndTrial { failure: None }))
        };
        let command = match outcome {
            Ok(command) => command,
            Err(error) => {
                tracing::warn!(trial = %id, %error, "conversion not decided; the next run tries again");
                continue;
            }
        };
        let converting = matches!(command, TrialCommand::Running(TrialStep::ConvertTrial { .. }));
        match state.trials.execute(&state.context, &id, command).await {
            Ok(_) if converting => report.converted += 1,
            Ok(_) => report.ended += 1,
            Err(error) if moved_on(&error) => {}
            Err(error) => return Err(error.to_string()),
        }
    }
    for id in due_for_reminder(state.pool, now, REMINDER_DAYS_BEFORE_END).await.map_err(|e| e.to_string())? {
        // The e-mail follows from the event (the `remind-trial` workflow it starts).
        match state.trials.execute(&state.context, &id, TrialCommand::Running(TrialStep::SendReminder)).await {
            Ok(_) => report.reminded += 1,
            Err(error) if moved_on(&error) => {}
            Err(error) => return Err(error.to_string()),
        }
    }
    report.returned = return_numbers(state, now).await?;
    Ok(report)
}

/// Gives the number of a trial that ended unconfirmed back to the stock at once, and marks the
/// trial's claim on it over, in one transaction (so the number may start someone else's
/// trial). Again changes nothing: a number no longer the trial's is only marked. Run by the
/// `end-trial` workflow that the trial's `TrialEnded` (`Unverified`) starts.
pub async fn release_number(
    pool: &PgPool,
    numbers: &Cqrs<PhoneNumber>,
    context: &Context,
    trial_id: &str,
    number: &str,
    now: DateTime<Utc>,
) -> Result<(), String> {
    let mut tx = pool.begin().await.map_err(|e| e.to_string())?;
    let command = PhoneNumberCommand::ReturnToStock { owner: format!("trial:{trial_id}") };
    let returned = match numbers.execute_in(&mut tx, context, number, command).await {
        Ok(committed) => Some(committed),
        // Returned already (a run that stopped before its commit was seen).
        Err(AggregateError::UserError(PhoneNumberError::NotOwner)) => None,
        Err(error) => return Err(error.to_string()),
    };
    sqlx::query!(
        "UPDATE trials SET number_returned_at = $2 WHERE trial_id = $1 AND number_returned_at IS NULL",
        trial_id,
        now
    )
    .execute(&mut *tx)
    .await
    .map_err(|e| e.to_string())?;
    tx.commit().await.map_err(|e| e.to_string())?;
    if let Some(committed) = returned {
        numbers.publish(number, &committed).await;
    }
    Ok(())
}

/// Trials that ended unconverted at least `NUMBER_KEPT_DAYS` before `now` and still hold
/// their number: (trial id, number).
async fn due_to_return(state: &TrialJob<'_>, now: DateTime<Utc>) -> Result<Vec<(String, String)>, sqlx::Error> {
    let rows = sqlx::query!(
        "SELECT t.trial_id, t.number FROM trials t JOIN trial_view v ON v.view_id = t.trial_id
         WHERE t.number_returned_at IS NULL AND v.payload ->> 'status' = 'ended'
           AND COALESCE(v.payload ->> 'endedAt', v.payload ->> 'endsAt')::timestamptz <= $1
         ORDER BY t.trial_id",
        now - Duration::days(NUMBER_KEPT_DAYS)
    )
    .fetch_all(state.pool)
    .await?;
    Ok(rows.into_iter().map(|r| (r.trial_id, r.number)).collect())
}

/// Gives each due trial's number back to the stock (the trial is its owner) and marks the
/// trial's claim on it over, so the number may start someone else's trial.
async fn return_numbers(state: &TrialJob<'_>, now: DateTime<Utc>) -> Result<usize, String> {
    let mut returned = 0;
    for (id, number) in due_to_return(state, now).await.map_err(|e| e.to_string())? {
        let command = PhoneNumberCommand::ReturnToStock { owner: format!("trial:{id}") };
        match state.numbers.execute(&state.context, &number, command).await {
            Ok(_) => returned += 1,
            // No longer this trial's (returned by an earlier run that stopped before the mark).
            Err(AggregateError::UserError(PhoneNumberError::NotOwner)) => {}
            Err(AggregateError::AggregateConflict) => continue,
            Err(error) => return Err(error.to_string()),
        }
        sqlx::query!("UPDATE trials SET number_returned_at = $2 WHERE trial_id = $1", &id, now)
            .execute(state.pool)
            .await
            .map_err(|e| e.to_string())?;
    }
    Ok(returned)
}

/// Charges the saved card for the first month (idempotency key of the trial): the command
/// to record, or an error when Stripe could not be asked (tried again next run).
async fn convert(state: &TrialJob<'_>, id: &str) -> Result<TrialCommand, PaymentError> {
    let gateway = state.gateway;
    let (trial, _) = commands::load::<Trial>(state.pool, id)
        .await
        .map_err(|e| PaymentError::Provider(format!("the trial could not be read: {e}")))?;
    let Some(customer) = trial.payment_customer_id else {
        return Ok(TrialCommand::Running(TrialStep::EndTrial { failure: Some("no_payment_customer".into()) }));
    };
    let (plan, amount) = conversion_plan();
    let spec = PlanSpec { id: &plan, amount: amount.0, interval: "month", product_name: "Single User VoIP (monthly)" };
    // Refused when a plan of this id charges another amount: the trial waits for the next run.
    gateway.ensure_plan(&spec, &plan).await?;
    // A run that died after the provider made the subscription left it tagged with this key.
    let key = format!("trial-{id}-convert");
    let subscription = match gateway.subscription_made_by(&customer, id, &key).await? {
        Some(made) => made,
        None => match gateway.start_subscription(&customer, &plan, id, &key).await {
            Ok(subscription) => subscription,
            Err(PaymentError::Declined { code, .. }) => {
                return Ok(TrialCommand::Running(TrialStep::EndTrial { failure: Some(code) }))
            }
            Err(error) => return Err(error),
        },
    };
    // Stripe has the subscription; the trial does not know yet (the next run adopts it).
    store::faults::point(state.fault_injection.as_ref(), "after-trial-subscribed");
    if gateway.subscription_outcome(&subscription).await? == Outcome::Succeeded {
        return Ok(TrialCommand::Running(TrialStep::ConvertTrial { subscription_id: subscription }));
    }
    let status = gateway.subscription(&subscription).await.map(|s| s.status).unwrap_or_default();
    let _ = gateway.cancel_subscription(&subscription).await;
    Ok(TrialCommand::Running(TrialStep::EndTrial { failure: Some(format!("subscription_{status}")) }))
}
