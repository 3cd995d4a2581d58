//! Process managers: the multi-step workflows that follow an event, driven by stored events
//! and resumable after a crash at any point.
//!
//! An event that starts a workflow records, in the statement that stores it, that the
//! workflow is owed (a row of `workflows`; store::workflows). A runner claims the row, reads
//! the aggregate, does each step the stored events do not show done yet (each an idempotent
//! command or write), records its own progress where no event does, and deletes the row at
//! the end. Two runners go at it: the request that started the workflow runs it at once and
//! answers when it is done, and every server's [`spawn_runner`] resumes what is owed (at
//! start-up: whatever a crashed server left). docs/architecture.md draws each workflow.
//!
//! | workflow | started by | steps |
//! |---|---|---|
//! | `complete-service-order` | `AccountCreated` | numbers assigned (or lost), order completed, cart emptied of the service, confirmation e-mail |
//! | `start-trial` | `TrialStarted` | views and the number's stock row caught up, the e-mail with the confirmation link, the welcome e-mail |
//! | `remind-trial` | `ReminderSent` | the reminder e-mail |
//! | `end-trial` | `TrialEnded` | the trial's extension can no longer register; an unconfirmed trial's number back in the pool |
//! | `tell-buyer` | `PlaceholderFilled`, `NumberReplaced`, `SubscriptionCancelled` (and an order's legacy transfer steps) | the buyer's e-mail of each |
//! | `open-ports` | `OrderCompleted` | a Transfer for each number the order transfers in (aggregates::transfer) |
//! | `tell-transfer` | each step of a Transfer | the buyer's e-mail of each |
//! | `confirm-hardware-order` | `PaymentRecorded` | the phones out of the cart, the confirmation e-mail, `Confirm` (hardware_order.rs) |
//! | `refund-stray-payment` | `StrayPaymentReceived` | each stray refunded at the provider, `StrayPaymentRefunded`, the buyer's e-mail |
//! | `buy-credit` | `PaymentSucceeded` of an order's top-up | `BuyCredit` on the order's call credit (aggregates::call_credit) |

pub mod call_credit;
pub mod hardware_order;
pub mod service_order;
pub mod stray_payment;
pub mod tell_buyer;
pub mod transfers;
pub mod trial;
pub mod triggers;

use std::time::Duration;

use store::workflows::{claim, Claimed};

use crate::app::state::AppState;
use crate::platform::error::ApiError;

pub use call_credit::BUY_CREDIT;
pub use hardware_order::CONFIRM_HARDWARE_ORDER;
pub use service_order::COMPLETE_SERVICE_ORDER;
pub use tell_buyer::TELL_BUYER;
pub use transfers::{OPEN_TRANSFERS, TELL_TRANSFER};

/// Every workflow, by name (GET /metrics shows each).
pub const ALL: [&str; 10] = [
    COMPLETE_SERVICE_ORDER,
    trial::START_TRIAL,
    trial::REMIND_TRIAL,
    trial::END_TRIAL,
    CONFIRM_HARDWARE_ORDER,
    TELL_BUYER,
    stray_payment::REFUND_STRAY_PAYMENT,
    OPEN_TRANSFERS,
    TELL_TRANSFER,
    BUY_CREDIT,
];

/// How often each server looks for owed workflows (and the pause before a failed one is
/// tried again, times its attempts).
const SWEEP_EVERY: Duration = Duration::from_secs(2);

/// How long a request waits for a workflow another runner is running.
const WAIT_FOR_RUNNER: Duration = Duration::from_secs(10);

/// What happened when a workflow was asked to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ran {
    /// It ran to its end here, or was not owed (done already).
    Done,
    /// Another runner has it and did not finish within the wait.
    StillRunning,
}

/// Runs workflow `name` of aggregate `id` now if it is owed: here, or by waiting (up to
/// [`WAIT_FOR_RUNNER`]) for the runner that has it. A step that fails leaves it owed, for the
/// next run, and answers the error.
pub async fn run(state: &AppState, name: &str, id: &str) -> Result<Ran, ApiError> {
    let deadline = tokio::time::Instant::now() + WAIT_FOR_RUNNER;
    let mut pause = Duration::from_millis(10);
    loop {
        match claim(&state.pool, name, id).await? {
            Claimed::NotOwed => return Ok(Ran::Done),
            Claimed::Run(claim) => return dispatch(state, claim).await.map(|()| Ran::Done),
            Claimed::Busy if tokio::time::Instant::now() + pause > deadline => return Ok(Ran::StillRunning),
            Claimed::Busy => {
                tokio::time::sleep(pause).await;
                pause = (pause * 2).min(Duration::from_millis(200));
            }
        }
    }
}

/// Runs every owed workflow nobody is running (oldest first); answers how many ran.
pub async fn resume_owed(state: &AppState, pause: Duration) -> Result<usize, ApiError> {
    let owed = store::workflows::pending(&state.pool, 100, pause.as_secs_f64()).await?;
    let mut ran = 0;
    for (name, id) in owed {
        match claim(&state.pool, &name, &id).await? {
            Claimed::Run(claim) => match dispatch(state, claim).await {
                Ok(()) => ran += 1,
                Err(error) => tracing::error!(workflow = name, id, ?error, "a workflow failed; it will be tried again"),
            },
            Claimed::NotOwed | Claimed::Busy => {}
        }
    }
    Ok(ran)
}

/// Runs the claimed workflow by its name.
async fn dispatch(state: &AppState, claim: store::workflows::Claim) -> Result<(), ApiError> {
    match claim.workflow.as_str() {
        COMPLETE_SERVICE_ORDER => service_order::complete(state, claim).await,
        trial::START_TRIAL | trial::REMIND_TRIAL | trial::END_TRIAL => trial::run(state, claim).await,
        CONFIRM_HARDWARE_ORDER => hardware_order::run(state, claim).await,
        TELL_BUYER => tell_buyer::run(state, claim).await,
        OPEN_TRANSFERS => transfers::open(state, claim).await,
        TELL_TRANSFER => transfers::tell(state, claim).await,
        stray_payment::REFUND_STRAY_PAYMENT => stray_payment::run(state, claim).await,
        BUY_CREDIT => call_credit::run(state, claim).await,
        other => {
            let error = ApiError::internal(format!("no workflow is named {other}"));
            failed(state, claim, error).await
        }
    }
}

/// Every server resumes owed workflows: at once (what a crashed server left), then every
/// [`SWEEP_EVERY`].
pub fn spawn_runner(state: AppState) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut first = true;
        loop {
            // At start-up every owed workflow; afterwards those not tried for a while.
            let pause = if first { Duration::ZERO } else { SWEEP_EVERY };
            first = false;
            match resume_owed(&state, pause).await {
                Ok(0) => {}
                Ok(ran) => tracing::info!(ran, "owed workflows resumed"),
                Err(error) => tracing::warn!(?error, "looking for owed workflows failed; trying again"),
            }
            tokio::time::sleep(SWEEP_EVERY).await;
        }
    })
}

/// A step failed: it stays owed, with the error for staff, and the caller hears of it.
async fn failed(state: &AppState, claim: store::workflows::Claim, error: ApiError) -> Result<(), ApiError> {
    let text = format!("{error:?}");
    if let Err(fail) = claim.fail(&state.pool, &text).await {
        tracing::warn!(%fail, "the workflow's error was not recorded");
    }
    Err(error)
}
