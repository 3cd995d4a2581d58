//! Service follows the money (issue 44, item 7; docs/architecture.md, Service follows the
//! money): what the card provider says of an order's subscription, or of a disputed payment,
//! becomes the order's commands, with their actor (the webhook, or the
//! `reconcile-subscriptions` job). The provider is always asked first by the caller (the
//! webhook reads back the object its event names, the job reads every subscription); this
//! module never takes an event's own word.
//!
//! | the provider says | command | what the registrar does |
//! |---|---|---|
//! | subscription `past_due` or `unpaid` (an invoice's payment failed) | `SuspendCallsOut { PaymentFailed }` | calls out refused, 403 "Payment failed: update your card in your account" |
//! | subscription `active` or `trialing` again (an invoice paid) | `RestoreCallsOut { PaymentFailed }` | calls out again |
//! | subscription `canceled` (deleted) | `EndSubscription` (`SubscriptionCancelled`, at once) | numbers 404, logins stop registering (`sip_service_ends`) |
//! | a payment disputed | `SuspendCallsOut { Dispute }`, and a Pay As You Go credit `FreezeCredit` | calls out refused, 403 "Account suspended: contact support" |
//! | the dispute won (read back from the provider) | `RestoreCallsOut { Dispute }`, `UnfreezeCredit` | calls out again |
//!
//! Each command changes nothing when the order already knows (a replayed event, the job after
//! the webhook), so every step here may run any number of times.

use aggregates::call_credit::CallCreditCommand;
use aggregates::payments::SubscriptionRecord;
use aggregates::pricing::Plan;
use aggregates::service_order::{ServiceOrder, ServiceOrderCommand, ServiceOrderError, SuspensionCause};
use cqrs_es::AggregateError;

use crate::app::state::AppState;
use crate::platform::error::ApiError;
use jobs::subscriptions::{Reconciled, RECONCILE_SUBSCRIPTIONS};
use store::commands::Context;

/// What following the provider did to an order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Followed {
    /// The service ended (the provider ended the subscription).
    Ended,
    /// Calls out suspended.
    Suspended,
    /// Calls out restored.
    Restored,
    /// The order already knew: nothing stored.
    Unchanged,
}

/// Issues on order `order_id` the command that makes its service follow `subscription`, as the
/// provider answered it just now. `Err(why)` when it is not the order's subscription, or the
/// order is not one whose service can follow it (unpaid, no account yet).
pub async fn follow_subscription(
    state: &AppState,
    context: &Context,
    order_id: &str,
    order: &ServiceOrder,
    subscription: &SubscriptionRecord,
) -> Result<Result<Followed, String>, ApiError> {
    if order.subscription.reference() != Some(subscription.id.as_str()) {
        return Ok(Err("not the order's subscription".into()));
    }
    let id = &subscription.id;
    let status = subscription.status.as_str();
    let (command, followed) = match status {
        "canceled" => (
            ServiceOrderCommand::EndSubscription {
                subscription_id: id.clone(),
                reason: "The card provider ended the subscription: its payments stopped or it was cancelled there."
                    .into(),
            },
            Followed::Ended,
        ),
        "past_due" | "unpaid" => (
            ServiceOrderCommand::SuspendCallsOut {
                cause: SuspensionCause::PaymentFailed,
                reason: format!("subscription {id} is {status}"),
                by: String::new(),
            },
            Followed::Suspended,
        ),
        "active" | "trialing" => (
            ServiceOrderCommand::RestoreCallsOut {
                cause: SuspensionCause::PaymentFailed,
                reason: format!("subscription {id} is {status}: paid again"),
                by: String::new(),
            },
            Followed::Restored,
        ),
        other => return Ok(Err(format!("the subscription is {other}"))),
    };
    let done = order_command(state, context, order_id, command).await?;
    if done == Ok(true) && followed == Followed::Ended {
        // The buyer's e-mail (tell-buyer); the workflow runner sends it should this fail.
        if let Err(error) = crate::app::workflows::run(state, crate::app::workflows::TELL_BUYER, order_id).await {
            tracing::warn!(order = order_id, ?error, "the buyer's e-mail is owed; the runner sends it");
        }
    }
    Ok(done.map(|stored| if stored { followed } else { Followed::Unchanged }))
}

/// A payment of order `order_id` is disputed (`detail`: the dispute and the charge, as the
/// provider answered them): the account is suspended and a Pay As You Go credit frozen.
pub async fn follow_dispute(
    state: &AppState,
    context: &Context,
    order_id: &str,
    order: &ServiceOrder,
    detail: &str,
) -> Result<Result<Followed, String>, ApiError> {
    // The credit first: should the suspension fail, Stripe's next delivery finds it frozen and
    // suspends; the other way round, a credit still spendable could outlive a lifted row.
    let mut changed = false;
    if order.lines.as_ref().is_some_and(|lines| lines.plan == Plan::PayAsYouGo) {
        let freeze = CallCreditCommand::FreezeCredit { reason: detail.to_string() };
        changed |= !state.call_credits.cqrs.execute(context, order_id, freeze).await?.events.is_empty();
    }
    let suspend = ServiceOrderCommand::SuspendCallsOut {
        cause: SuspensionCause::Dispute,
        reason: detail.to_string(),
        by: String::new(),
    };
    match order_command(state, context, order_id, suspend).await? {
        Ok(stored) => Ok(Ok(if stored || changed { Followed::Suspended } else { Followed::Unchanged })),
        Err(why) => Ok(Err(why)),
    }
}

/// A dispute of order `order_id` ended in the shop's favour (as the provider answered it):
/// the suspension for it is lifted and the credit unfrozen.
pub async fn follow_dispute_won(
    state: &AppState,
    context: &Context,
    order_id: &str,
    detail: &str,
) -> Result<Result<Followed, String>, ApiError> {
    let restore = ServiceOrderCommand::RestoreCallsOut {
        cause: SuspensionCause::Dispute,
        reason: detail.to_string(),
        by: String::new(),
    };
    let restored = order_command(state, context, order_id, restore).await?;
    let unfreeze = CallCreditCommand::UnfreezeCredit { reason: detail.to_string() };
    let unfrozen = !state.call_credits.cqrs.execute(context, order_id, unfreeze).await?.events.is_empty();
    Ok(restored.map(|stored| if stored || unfrozen { Followed::Restored } else { Followed::Unchanged }))
}

/// Runs `command` on the order: whether it stored anything, or why the order refused it
/// (logged by the caller; nothing is retried for a refusal).
async fn order_command(
    state: &AppState,
    context: &Context,
    order_id: &str,
    command: ServiceOrderCommand,
) -> Result<Result<bool, String>, ApiError> {
    match state.orders.cqrs.execute(context, order_id, command).await {
        Ok(committed) => Ok(Ok(!committed.events.is_empty())),
        Err(AggregateError::UserError(error)) => Ok(Err(refusal(&error))),
        Err(error) => Err(error.into()),
    }
}

fn refusal(error: &ServiceOrderError) -> String {
    format!("the order refused it: {error}")
}

/// One order of the `reconcile-subscriptions` job (jobs::subscriptions): its subscription, if
/// paid and its service not ended, read from the provider and followed, as the job.
pub async fn reconcile_order(state: &AppState, id: &str) -> Result<Reconciled, String> {
    let order = crate::app::checkout::load(state, id).await.map_err(|error| format!("{error:?}"))?;
    let Some(subscription_id) = order.subscription.reference().filter(|_| order.subscription.is_paid()) else {
        return Ok(Reconciled::Skipped);
    };
    // A service ended already (cancelled at once, or at a period's end that has come).
    let now = state.clock.now();
    let ended = order.cancellation.as_ref().is_some_and(|c| !c.at_period_end || c.ends_at.is_some_and(|e| e <= now));
    if ended {
        return Ok(Reconciled::Skipped);
    }
    let subscription = state.services.gateway.subscription(subscription_id).await.map_err(|e| e.to_string())?;
    let context = Context::job(RECONCILE_SUBSCRIPTIONS);
    match follow_subscription(state, &context, id, &order, &subscription).await {
        Ok(Ok(Followed::Ended)) => Ok(Reconciled::Ended),
        Ok(Ok(Followed::Suspended)) => Ok(Reconciled::Suspended),
        Ok(Ok(Followed::Restored)) => Ok(Reconciled::Restored),
        Ok(Ok(Followed::Unchanged)) => Ok(Reconciled::Unchanged),
        Ok(Err(why)) => Ok(Reconciled::Refused(format!("subscription {}: {why}", subscription.id))),
        Err(error) => Err(format!("{error:?}")),
    }
}
