//! The jobs this server runs on schedule (and `voip-shop run-job NAME` runs once). Every job
//! lives in the jobs crate; this file hands each the parts of the state it works with.

use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use jobs::call_charges::{ChargeJob, CHARGE_CALLS};
use jobs::hardware_orders::{ConfirmJob, CONFIRM_HARDWARE_ORDERS};
use jobs::heartbeat::{beat, HEARTBEAT, HEARTBEAT_SCHEDULE};
use jobs::numbers::{release_expired, RELEASE_EXPIRED_NUMBERS};
use jobs::outbox::{keep_locally, send_outbox, SEND_OUTBOX};
use jobs::purge::{purge_old_records, PURGE_OLD_RECORDS};
use jobs::reconcile::{CompleteUnattended, ReconcileJob, RECONCILE_PAYMENTS};
use jobs::scheduler::{Job, JobFuture};
use jobs::subscriptions::{FollowSubscription, ReconcileSubscriptionsJob, Reconciled, RECONCILE_SUBSCRIPTIONS};
use jobs::top_ups::{SettleTopUp, Settled, TopUpJob, SETTLE_TOP_UPS};
use jobs::trials::{TrialJob, END_TRIALS};

use crate::app::shop::SHOP;
use crate::app::state::AppState;
use crate::app::workflows::hardware_order::{Confirmer, HardwareOrders};
use crate::platform::config::Config;
use jobs::placeholders::FILL_PLACEHOLDERS;
use store::commands::Context;

pub use crate::app::state::placeholders;

/// `charge-calls`: Pay As You Go's calls charged from its credit, refusals recorded, and the
/// buyer told when the credit runs out (jobs::call_charges).
pub async fn charge_calls(state: &AppState) -> Result<jobs::call_charges::Report, String> {
    let job = ChargeJob { pool: &state.pool, call_credits: &state.call_credits.cqrs, shop_email: SHOP.email };
    jobs::call_charges::charge_calls(&job).await
}

/// `settle-top-ups`: account top-ups left under way (a crash, a closed window, a bank check
/// never finished) settled with the provider (jobs::top_ups), each as the account's billing
/// settles one (crate::app::call_credit::settle_top_up).
pub async fn settle_top_ups(state: &AppState) -> Result<jobs::top_ups::Report, String> {
    let settler = Billing(state.clone());
    jobs::top_ups::settle_top_ups(&TopUpJob { pool: &state.pool, settler: &settler }, state.clock.now()).await
}

/// `reconcile-subscriptions`: every active subscription read from the provider, and the
/// service made to follow it (jobs::subscriptions), each order as the webhook would
/// (crate::app::service_money::reconcile_order).
pub async fn reconcile_subscriptions(state: &AppState) -> Result<jobs::subscriptions::Report, String> {
    let follower = ServiceMoney(state.clone());
    let job = ReconcileSubscriptionsJob { pool: &state.pool, follower: &follower };
    let report = jobs::subscriptions::reconcile_subscriptions(&job).await?;
    // The buyers' e-mails of ended subscriptions (each also resumed by the workflow runner).
    crate::app::workflows::resume_owed(state, std::time::Duration::ZERO).await.map_err(|e| format!("{e:?}"))?;
    Ok(report)
}

/// `fill-placeholders`: each paid area-code placeholder gets a number once stock exists.
pub async fn fill_placeholders(state: &AppState) -> Result<jobs::placeholders::Report, String> {
    let report = jobs::placeholders::fill_open(&placeholders(state, Context::job(FILL_PLACEHOLDERS))).await?;
    // The buyers' e-mails that follow (each also resumed by the workflow runner).
    crate::app::workflows::resume_owed(state, std::time::Duration::ZERO).await.map_err(|e| format!("{e:?}"))?;
    Ok(report)
}

/// `end-trials` at `now`: ends, converts and reminds the free trials.
pub async fn end_trials(state: &AppState, now: DateTime<Utc>) -> Result<jobs::trials::Report, String> {
    let job = TrialJob {
        pool: &state.pool,
        trials: &state.trials.cqrs,
        trial_views: &state.trials.views,
        numbers: &state.numbers.cqrs,
        gateway: state.services.gateway.as_ref(),
        context: Context::job(END_TRIALS),
        fault_injection: state.services.config.fault_injection.clone(),
    };
    let report = jobs::trials::end_trials(&job, now).await?;
    // The e-mails and logins that follow the events it stored (each also resumed by the
    // workflow runner should this run stop here).
    crate::app::workflows::resume_owed(state, std::time::Duration::ZERO).await.map_err(|e| format!("{e:?}"))?;
    Ok(report)
}

/// `reconcile-payments` at `now`: finishes what a crash or a closed browser left.
pub async fn reconcile_payments(state: &AppState, now: DateTime<Utc>) -> Result<jobs::reconcile::Report, String> {
    let completion = Checkout(state.clone());
    let job = ReconcileJob {
        pool: &state.pool,
        orders: &state.orders.cqrs,
        gateway: state.services.gateway.as_ref(),
        completion: &completion,
        context: Context::job(RECONCILE_PAYMENTS),
    };
    jobs::reconcile::reconcile_payments(&job, now).await
}

/// `confirm-hardware-orders` at `now`: confirms paid desk-phone orders a failed confirmation
/// left, records payments whose browser went away, and expires orders unpaid for a day.
pub async fn confirm_hardware_orders(
    state: &AppState,
    now: DateTime<Utc>,
) -> Result<jobs::hardware_orders::Report, String> {
    let context = Context::job(CONFIRM_HARDWARE_ORDERS);
    let confirmer = Confirmer(HardwareOrders::of(state, context.clone()));
    let job = ConfirmJob {
        pool: &state.pool,
        orders: &state.hardware_orders.cqrs,
        context,
        gateway: state.services.gateway.as_ref(),
        confirmer: &confirmer,
    };
    jobs::hardware_orders::confirm_hardware_orders(&job, now).await
}

/// The account's billing settles a top-up for the settle-top-ups job.
struct Billing(AppState);

#[async_trait]
impl SettleTopUp for Billing {
    async fn settle_top_up(&self, order_id: &str) -> Result<Option<Settled>, String> {
        crate::app::call_credit::settle_top_up(&self.0, &Context::job(SETTLE_TOP_UPS), order_id)
            .await
            .map_err(|e| format!("{e:?}"))
    }
}

/// Service follows the money, one order for the reconcile-subscriptions job.
struct ServiceMoney(AppState);

#[async_trait]
impl FollowSubscription for ServiceMoney {
    async fn reconcile(&self, order_id: &str) -> Result<Reconciled, String> {
        crate::app::service_money::reconcile_order(&self.0, order_id).await
    }
}

/// The checkout service completes an order for the reconcile job.
struct Checkout(AppState);

#[async_trait]
impl CompleteUnattended for Checkout {
    async fn complete_unattended(&self, order_id: &str) -> Result<(), String> {
        crate::app::checkout::complete_unattended(&self.0, &Context::job(RECONCILE_PAYMENTS), order_id)
            .await
            .map_err(|e| format!("{e:?}"))
    }
}

/// A job running `run` on the state, at the state's clock where it takes a time.
fn job<F>(name: &'static str, schedule: &'static str, state: &AppState, run: F) -> Job
where
    F: Fn(AppState) -> JobFuture + Send + Sync + 'static,
{
    let state = state.clone();
    Job { name, schedule, run: Arc::new(move || run(state.clone())) }
}

/// `voip-shop run-job NAME`: job `name` once, under the scheduler's lock (no tick claimed), on
/// a state of its own made from `config` (the in-process crash tests run it the same way).
pub async fn run_job(config: &Config, name: &str) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let pool = crate::startup::connect(&config.database()).await?;
    crate::startup::migrate(&pool).await?;
    let state = AppState::with_clock(pool.clone(), config.clock())
        .with_services(crate::app::state::Services::from_config(config)?);
    let jobs = jobs(&state);
    let job = jobs.iter().find(|j| j.name == name).ok_or_else(|| {
        let names: Vec<&str> = jobs.iter().map(|j| j.name).collect();
        format!("job {name:?} is not scheduled here (heartbeat needs HEARTBEAT_JOB=1): one of {names:?}")
    })?;
    match jobs::scheduler::run_once(&pool, job).await? {
        store::RunOutcome::Ran(Ok(report)) => tracing::info!(job = job.name, %report, "job ran"),
        store::RunOutcome::Ran(Err(error)) => return Err(error.into()),
        store::RunOutcome::Skipped => tracing::warn!(job = job.name, "another runner holds the job's lock; skipped"),
    }
    Ok(())
}

pub fn jobs(state: &AppState) -> Vec<Job> {
    let mut jobs = vec![
        // Every minute, at second 0.
        job(RELEASE_EXPIRED_NUMBERS, "0 * * * * *", state, |state| {
            Box::pin(async move {
                let released = release_expired(
                    &state.pool,
                    &state.numbers.cqrs,
                    &state.carts.cqrs,
                    state.clock.now(),
                    &Context::job(RELEASE_EXPIRED_NUMBERS),
                )
                .await?;
                Ok(format!("{released} numbers released"))
            })
        }),
        // Every minute, at second 15.
        job(END_TRIALS, "15 * * * * *", state, |state| {
            Box::pin(async move { Ok(end_trials(&state, state.clock.now()).await?.to_string()) })
        }),
        // Daily at 03:20:00.
        job(PURGE_OLD_RECORDS, "0 20 3 * * *", state, |state| {
            Box::pin(async move {
                let report = purge_old_records(&state.pool, state.clock.now()).await.map_err(|e| e.to_string())?;
                Ok(report.to_string())
            })
        }),
        // Every minute, at second 50.
        job(CONFIRM_HARDWARE_ORDERS, "50 * * * * *", state, |state| {
            Box::pin(async move { Ok(confirm_hardware_orders(&state, state.clock.now()).await?.to_string()) })
        }),
        // Every minute, at second 40.
        job(jobs::placeholders::FILL_PLACEHOLDERS, "40 * * * * *", state, |state| {
            Box::pin(async move { Ok(fill_placeholders(&state).await?.to_string()) })
        }),
        // Every ten seconds: Pay As You Go's calls charged from its credit soon after they end.
        job(CHARGE_CALLS, "*/10 * * * * *", state, |state| {
            Box::pin(async move { Ok(charge_calls(&state).await?.to_string()) })
        }),
        // Every minute, at second 25: top-ups under way for a minute settled with the provider.
        job(SETTLE_TOP_UPS, "25 * * * * *", state, |state| {
            Box::pin(async move { Ok(settle_top_ups(&state).await?.to_string()) })
        }),
        // Daily at 04:10:00: subscriptions the provider ended, or whose payment failed, that no
        // webhook told us of.
        job(RECONCILE_SUBSCRIPTIONS, "0 10 4 * * *", state, |state| {
            Box::pin(async move { Ok(reconcile_subscriptions(&state).await?.to_string()) })
        }),
        // Every five minutes, at second 45.
        job(RECONCILE_PAYMENTS, "45 */5 * * * *", state, |state| {
            Box::pin(async move { Ok(reconcile_payments(&state, state.clock.now()).await?.to_string()) })
        }),
    ];
    if state.services.config.heartbeat_job {
        // Tests only (refused in production): every second.
        jobs.push(job(HEARTBEAT, HEARTBEAT_SCHEDULE, state, |state| Box::pin(async move { beat(&state.pool).await })));
    }
    // Every ten seconds: through the relay, or, with none set up (development only), into
    // the local mailbox read at /admin/mail.
    let relay = state.services.config.smtp.clone();
    jobs.push(job(SEND_OUTBOX, "*/10 * * * * *", state, move |state| {
        let relay = relay.clone();
        Box::pin(async move {
            match relay {
                Some(relay) => {
                    let report = send_outbox(&state.pool, &relay).await?;
                    Ok(format!("{} e-mails sent, {} failed", report.sent, report.failed))
                }
                None => Ok(format!("{} e-mails kept in the local mailbox", keep_locally(&state.pool).await?)),
            }
        })
    }));
    jobs
}
