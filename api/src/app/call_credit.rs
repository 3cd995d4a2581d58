//! A signed-in buyer's Pay As You Go call credit on one service order (issue 34): the balance
//! and its movements, calls abroad and their monthly cap, and top-ups paid by the card on file
//! (crate::app::invoices_and_card), each once per request however often it is sent. The caller
//! checked that the order is the buyer's (crate::http::routes::account_credit); every change is
//! a command with the buyer (or the `settle-top-ups` job) as its actor.
//!
//! The provider calls each action makes (Stripe, or the stand-in in development):
//!
//! | action | calls |
//! |---|---|
//! | credit | none |
//! | top-up | `GET /v1/customers/{id}`, `POST /v1/payment_intents` (unconfirmed, idempotent by the request), `POST /v1/payment_intents/{id}/confirm`; a retry `GET /v1/payment_intents/{id}`; a refusal `POST /v1/payment_intents/{id}/cancel` |
//! | `settle-top-ups` job (a top-up under way for a minute) | `GET /v1/payment_intents/{id}` (or `POST /v1/payment_intents` with the attempt's key, after a crash before it was recorded); after 5 minutes with the buyer, `POST /v1/payment_intents/{id}/cancel` |

use aggregates::actor::Actor;
use aggregates::call_credit::{CallCredit, CallCreditCommand, CallCreditEvent, CreditSource, INTERNATIONAL_CAP_TENTHS};
use aggregates::dial_plan::{classify, rate, NumberClass, Tariff};
use aggregates::payments::{Outcome, PaymentError, Refusal};
use aggregates::pricing::{vat, Pence, TOP_UP_DEFAULT, TOP_UP_MINIMUM, TOP_UP_STEP, VAT_PERCENT};
use aggregates::service_order::{OrderStatus, ServiceOrder, ServiceOrderError};
use chrono::{DateTime, Utc};
use cqrs_es::persist::ViewRepository;
use jobs::top_ups::Settled;
use serde::Serialize;
use store::commands::Context;

use crate::app::invoices_and_card::{card_id, load_order};
use crate::app::locks::locked;
use crate::app::payments::failures::{declined, payment_failure};
use crate::app::state::AppState;
use crate::platform::error::ApiError;
use crate::platform::refusals::{
    CALLS_ABROAD_NEED_CREDIT, NO_CALL_CREDIT, NO_CARD_SAVED, PAYMENT_PROCESSING, PROVIDER_DOWN,
};

/// The largest top-up from the account, as in the cart.
pub const MAX_TOP_UP: Pence = aggregates::cart::MAX_TOP_UP;

/// The top-ups the page offers as buttons (any whole-pound amount in range is taken).
pub const TOP_UP_CHOICES: [Pence; 4] = [TOP_UP_DEFAULT, Pence::pounds(20), Pence::pounds(50), Pence::pounds(100)];

// ---- Pay As You Go credit ----

/// What moved the credit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum CreditEntryKind {
    /// Bought with the order at the checkout.
    Checkout,
    /// Bought by a top-up from the account.
    TopUp,
    /// Spent by a call out.
    Call,
}

/// One movement of the credit.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreditEntryOut {
    pub at: DateTime<Utc>,
    /// Tenths of a penny added (bought) or taken (spent: negative).
    pub tenths: i64,
    pub kind: CreditEntryKind,
    /// The payment that bought it, or the number a call went to.
    pub reference: String,
    /// A call's length in seconds.
    pub seconds: Option<i64>,
}

/// The most movements the account page lists (newest first).
pub const CREDIT_ENTRIES_LISTED: usize = 100;

/// The top-up rules the page offers (from the price list).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TopUpRulesOut {
    pub minimum_pence: i64,
    pub maximum_pence: i64,
    pub step_pence: i64,
    pub default_pence: i64,
    pub choices_pence: Vec<i64>,
    pub vat_percent: i64,
}

/// An order's call credit.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreditOut {
    /// Whether the order's plan pays for calls from credit (Pay As You Go).
    pub available: bool,
    /// Credit left and bought, in tenths of a penny.
    pub balance_tenths: i64,
    pub bought_tenths: i64,
    /// Newest first.
    pub entries: Vec<CreditEntryOut>,
    pub top_up: TopUpRulesOut,
    /// Calls abroad: off until the owner turns them on with a monthly cap.
    pub international: InternationalCallsOut,
}

/// Calls abroad from a Pay As You Go order (Western Europe, at `ratePence` a minute).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InternationalCallsOut {
    /// The most calls abroad may spend in a UK calendar month, in pence; none: they are off.
    pub monthly_cap_pence: Option<i64>,
    /// What calls abroad charged this month (UK time), in tenths of a penny.
    pub spent_this_month_tenths: i64,
    /// The rate a minute, in tenths of a penny (30 is 3p).
    pub rate_tenths: u32,
    /// The cap's range, in pence: £1 to £500.
    pub minimum_cap_pence: i64,
    pub maximum_cap_pence: i64,
}

fn rules() -> TopUpRulesOut {
    TopUpRulesOut {
        minimum_pence: TOP_UP_MINIMUM.0,
        maximum_pence: MAX_TOP_UP.0,
        step_pence: TOP_UP_STEP.0,
        default_pence: TOP_UP_DEFAULT.0,
        choices_pence: TOP_UP_CHOICES.iter().map(|p| p.0).collect(),
        vat_percent: VAT_PERCENT,
    }
}

fn takes_credit(order: &ServiceOrder) -> bool {
    order.lines.as_ref().is_some_and(|l| l.plan.takes_top_up())
}

/// The order's credit as its events make it (the balance from its view).
pub async fn credit(state: &AppState, id: &str) -> Result<CreditOut, ApiError> {
    let (order, _) = load_order(state, id).await?;
    let view = state.call_credits.views.load(id).await.map_err(ApiError::internal)?.unwrap_or_default();
    let history = store::commands::history::<CallCredit>(&state.pool, id).await?;
    let mut entries: Vec<CreditEntryOut> = history
        .into_iter()
        .filter_map(|event| match event.payload {
            CallCreditEvent::CreditBought { tenths, payment_reference, source, at } => {
                let kind = match source {
                    CreditSource::Checkout => CreditEntryKind::Checkout,
                    CreditSource::TopUp => CreditEntryKind::TopUp,
                };
                Some(CreditEntryOut { at, tenths, kind, reference: payment_reference, seconds: None })
            }
            CallCreditEvent::CallCharged { to, seconds, tenths, at, .. } => Some(CreditEntryOut {
                at,
                tenths: -tenths,
                kind: CreditEntryKind::Call,
                reference: to,
                seconds: Some(seconds),
            }),
            _ => None,
        })
        .collect();
    entries.reverse();
    let spent_this_month_tenths = abroad_this_month(&entries, state.clock.now());
    entries.truncate(CREDIT_ENTRIES_LISTED);
    Ok(CreditOut {
        available: takes_credit(&order),
        balance_tenths: view.balance_tenths,
        bought_tenths: view.bought_tenths,
        entries,
        top_up: rules(),
        international: InternationalCallsOut {
            monthly_cap_pence: view.international_cap_tenths.map(|tenths| tenths / 10),
            spent_this_month_tenths,
            rate_tenths: rate(Tariff::Credit, NumberClass::InternationalStandard).unwrap_or_default(),
            minimum_cap_pence: INTERNATIONAL_CAP_TENTHS.start() / 10,
            maximum_cap_pence: INTERNATIONAL_CAP_TENTHS.end() / 10,
        },
    })
}

/// What the calls abroad among `entries` charged this UK calendar month (tenths of a penny).
fn abroad_this_month(entries: &[CreditEntryOut], now: DateTime<Utc>) -> i64 {
    use chrono::Datelike;
    let month = |at: DateTime<Utc>| {
        let local = at.with_timezone(&chrono_tz::Europe::London);
        (local.year(), local.month())
    };
    entries
        .iter()
        .filter(|e| matches!(e.kind, CreditEntryKind::Call) && month(e.at) == month(now))
        .filter(|e| {
            e.reference.strip_prefix('+').is_some_and(|digits| classify(digits) == NumberClass::InternationalStandard)
        })
        .map(|e| -e.tenths)
        .sum()
}

/// Turns calls abroad on with a monthly cap of `cap_pence`, or off (`None`): an event on the
/// order's credit (InternationalCallsSet) with the customer as its actor. Only a Pay As You Go
/// order has credit to call abroad with.
pub async fn set_international_calls(
    state: &AppState,
    actor: &Actor,
    id: &str,
    cap_pence: Option<i64>,
) -> Result<CreditOut, ApiError> {
    let (order, _) = load_order(state, id).await?;
    if !takes_credit(&order) {
        return Err(ApiError::refused(&CALLS_ABROAD_NEED_CREDIT));
    }
    // Far outside the range: refused as the aggregate would, without overflowing on the way.
    let cap_tenths = cap_pence.map(|pence| pence.clamp(-1, i64::MAX / 20) * 10);
    let command = CallCreditCommand::SetInternationalCalls { monthly_cap_tenths: cap_tenths };
    state.call_credits.cqrs.execute(&Context::new(actor.clone()), id, command).await?;
    credit(state, id).await
}

/// What a top-up did.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TopUpOut {
    /// paid, or needsAction (the bank asks the buyer to confirm: `clientSecret` for
    /// Stripe.js, then the same request again).
    pub status: String,
    pub client_secret: Option<String>,
    /// What the card paid (with VAT), in pence.
    pub charged_pence: i64,
    pub credit: CreditOut,
}

fn processing() -> ApiError {
    ApiError::refused(&PAYMENT_PROCESSING)
}

/// The points a top-up may crash at, between two durable writes (crate::app::faults): its
/// key stored, the provider's payment made and recorded, the card charged. The same request
/// again, or the `settle-top-ups` job, ends each in the state a run without a crash leaves.
pub const TOP_UP_FAULT_POINTS: [&str; 3] =
    ["after-top-up-started", "after-top-up-payment-made", "after-top-up-charged"];

/// A top-up of `amount` (before VAT) paid by the card on file, once per `request_id` however
/// often it is sent: started (the attempt's key stored) before the provider is asked, the
/// payment made unconfirmed and recorded, then charged; its success buys the credit.
pub async fn top_up(
    state: &AppState,
    actor: &Actor,
    id: &str,
    amount: Pence,
    request_id: &str,
) -> Result<TopUpOut, ApiError> {
    let context = Context::new(actor.clone());
    locked(state, format!("credit-{id}"), async {
        let (order, _) = load_order(state, id).await?;
        if !takes_credit(&order) {
            return Err(ApiError::refused(&NO_CALL_CREDIT));
        }
        if !matches!(order.status, OrderStatus::Paid | OrderStatus::Completed) {
            return Err(ServiceOrderError::PaymentNotConfirmed.into());
        }
        let customer = order.payment_customer_id.clone().ok_or(ServiceOrderError::NoPaymentCustomer)?;
        settle_earlier_top_up(state, &context, id, &order, &customer, request_id).await?;
        let start = CallCreditCommand::StartTopUp {
            amount,
            request_id: request_id.to_string(),
            attempt_key: CallCredit::attempt_key(id, request_id),
        };
        let credit = state.call_credits.cqrs.execute(&context, id, start).await?.state;
        crate::app::faults::point(state, "after-top-up-started");
        let done = |charged: Pence| async move {
            Ok(TopUpOut {
                status: "paid".into(),
                client_secret: None,
                charged_pence: charged.0,
                credit: credit_of(state, id).await?,
            })
        };
        // A replay of a top-up that bought its credit: nothing more is charged.
        if credit.request_paid(request_id) {
            let charged =
                credit.top_up.as_ref().filter(|t| t.request_id == request_id).map_or(Pence::ZERO, |t| t.charged);
            return done(charged).await;
        }
        let pending =
            credit.top_up_under_way().cloned().ok_or(aggregates::call_credit::CallCreditError::UnknownPayment)?;
        let gateway = &state.services.gateway;
        let fail = |e| payment_failure(e, &PROVIDER_DOWN);
        let key = credit.attempt.key().unwrap_or_default().to_string();
        let (reference, outcome) = match credit.attempt.under_way() {
            Some(reference) => {
                let outcome = match gateway.payment(reference).await.map_err(fail)?.outcome {
                    Outcome::NotConfirmed => confirm(state, reference, &key).await?,
                    outcome => outcome,
                };
                (reference.to_string(), outcome)
            }
            None => {
                let card = card_id(state, &order).await?.ok_or_else(|| ApiError::refused(&NO_CARD_SAVED))?;
                let made = gateway.create_payment(pending.charged.0, &customer, &card, id, &key).await.map_err(fail)?;
                let record = CallCreditCommand::RecordTopUpPayment { payment_intent_id: made.id.clone(), card };
                state.call_credits.cqrs.execute(&context, id, record).await?;
                crate::app::faults::point(state, "after-top-up-payment-made");
                let outcome = match made.outcome {
                    Outcome::NotConfirmed => confirm(state, &made.id, &key).await?,
                    outcome => outcome,
                };
                (made.id, outcome)
            }
        };
        match outcome {
            Outcome::Succeeded => {
                crate::app::faults::point(state, "after-top-up-charged");
                let paid = CallCreditCommand::RecordTopUpPaid { payment_intent_id: reference };
                state.call_credits.cqrs.execute(&context, id, paid).await?;
                done(pending.charged).await
            }
            Outcome::Declined(refusal) => {
                record_declined(state, &context, id, &reference, &refusal).await?;
                Err(declined(&refusal))
            }
            Outcome::NeedsAction { client_secret } => Ok(TopUpOut {
                status: "needsAction".into(),
                client_secret: Some(client_secret),
                charged_pence: pending.charged.0,
                credit: credit_of(state, id).await?,
            }),
            Outcome::Processing | Outcome::NotConfirmed => Err(processing()),
        }
    })
    .await
}

/// A top-up asked for (a new request) while an earlier one is under way first settles the
/// earlier one with the provider, so an unfinished bank check never blocks the credit for
/// good: paid → its credit is bought; refused → declined; still with the buyer (3-D Secure,
/// or never charged) → refused TopUpWithBank for a few minutes, then cancelled at the
/// provider and declined as abandoned; the bank still processing → payment_processing.
/// Nothing is charged here that the earlier request did not already ask for.
async fn settle_earlier_top_up(
    state: &AppState,
    context: &Context,
    id: &str,
    order: &ServiceOrder,
    customer: &str,
    request_id: &str,
) -> Result<(), ApiError> {
    let (credit, _) = crate::app::state::load::<CallCredit>(&state.pool, id).await?;
    let Some(pending) = credit.top_up_under_way() else { return Ok(()) };
    if pending.request_id == request_id || credit.request_paid(request_id) {
        return Ok(());
    }
    match settle_under_way(state, context, id, order, customer, &credit).await? {
        Settled::WithBuyer => Err(aggregates::call_credit::CallCreditError::TopUpWithBank.into()),
        Settled::Processing => Err(processing()),
        Settled::Paid | Settled::Refused | Settled::Abandoned => Ok(()),
    }
}

/// Settles `credit`'s top-up under way with what the provider holds of it: a request after
/// it (settle_earlier_top_up) and the `settle-top-ups` job (after a crash, or a buyer who
/// left) both end it here. The caller holds the credit's lock.
async fn settle_under_way(
    state: &AppState,
    context: &Context,
    id: &str,
    order: &ServiceOrder,
    customer: &str,
    credit: &CallCredit,
) -> Result<Settled, ApiError> {
    let gateway = &state.services.gateway;
    let fail = |e| payment_failure(e, &PROVIDER_DOWN);
    let Some(pending) = credit.top_up_under_way() else { return Ok(Settled::Abandoned) };
    let with_buyer_long_enough = credit.may_abandon_top_up(state.clock.now()).is_ok();
    let reference = match credit.attempt.under_way() {
        Some(reference) => reference.to_string(),
        None => {
            // Started, nothing recorded made (a crash in between): the provider may hold what
            // the attempt's key made; the same key finds it (or makes it, not charged).
            if !with_buyer_long_enough {
                return Ok(Settled::WithBuyer);
            }
            let card = card_id(state, order).await?.ok_or_else(|| ApiError::refused(&NO_CARD_SAVED))?;
            let key = credit.attempt.key().unwrap_or_default();
            let made = gateway.create_payment(pending.charged.0, customer, &card, id, key).await.map_err(fail)?;
            let record = CallCreditCommand::RecordTopUpPayment { payment_intent_id: made.id.clone(), card };
            state.call_credits.cqrs.execute(context, id, record).await?;
            made.id
        }
    };
    if let Some(ended) =
        settle(state, context, id, &reference, gateway.payment(&reference).await.map_err(fail)?.outcome).await?
    {
        return Ok(ended);
    }
    if !with_buyer_long_enough {
        return Ok(Settled::WithBuyer);
    }
    if let Err(error) = gateway.cancel_payment(&reference, &format!("credit-{id}-{reference}-cancel")).await {
        // The buyer may have finished the bank's check just now: what the provider says wins.
        return match settle(state, context, id, &reference, gateway.payment(&reference).await.map_err(fail)?.outcome)
            .await?
        {
            Some(ended) => Ok(ended),
            None => Err(payment_failure(error, &PROVIDER_DOWN)),
        };
    }
    let abandon = CallCreditCommand::AbandonTopUp { payment_intent_id: reference.clone() };
    state.call_credits.cqrs.execute(context, id, abandon).await?;
    Ok(Settled::Abandoned)
}

/// Settles order `id`'s top-up under way with the provider, holding the credit's lock, for
/// the `settle-top-ups` job (jobs::top_ups): None when none is under way any more.
pub async fn settle_top_up(state: &AppState, context: &Context, id: &str) -> Result<Option<Settled>, ApiError> {
    locked(state, format!("credit-{id}"), async {
        let (order, _) = load_order(state, id).await?;
        let (credit, _) = crate::app::state::load::<CallCredit>(&state.pool, id).await?;
        if credit.top_up_under_way().is_none() {
            return Ok(None);
        }
        let customer = order.payment_customer_id.clone().ok_or(ServiceOrderError::NoPaymentCustomer)?;
        Ok(Some(settle_under_way(state, context, id, &order, &customer, &credit).await?))
    })
    .await
}

/// Records what the provider says of an earlier top-up's payment: how it ended (paid or
/// refused), or None while it still waits on the buyer.
async fn settle(
    state: &AppState,
    context: &Context,
    id: &str,
    reference: &str,
    outcome: Outcome,
) -> Result<Option<Settled>, ApiError> {
    match outcome {
        Outcome::Succeeded => {
            let paid = CallCreditCommand::RecordTopUpPaid { payment_intent_id: reference.to_string() };
            state.call_credits.cqrs.execute(context, id, paid).await?;
            Ok(Some(Settled::Paid))
        }
        Outcome::Declined(refusal) => {
            record_declined(state, context, id, reference, &refusal).await?;
            Ok(Some(Settled::Refused))
        }
        Outcome::Processing => Ok(Some(Settled::Processing)),
        Outcome::NeedsAction { .. } | Outcome::NotConfirmed => Ok(None),
    }
}

async fn credit_of(state: &AppState, id: &str) -> Result<CreditOut, ApiError> {
    credit(state, id).await
}

/// Asks the provider to charge the payment; a card refusal is an outcome, not an error.
async fn confirm(state: &AppState, reference: &str, key: &str) -> Result<Outcome, ApiError> {
    match state.services.gateway.confirm_payment(reference, key).await {
        Ok(outcome) => Ok(outcome),
        Err(PaymentError::Declined { code, decline_code, message }) => {
            Ok(Outcome::Declined(Refusal { code, decline_code, message }))
        }
        Err(error) => Err(payment_failure(error, &PROVIDER_DOWN)),
    }
}

/// The refusal ends the attempt; the payment is cancelled at the provider so nothing can
/// charge it later.
async fn record_declined(
    state: &AppState,
    context: &Context,
    id: &str,
    reference: &str,
    refusal: &Refusal,
) -> Result<(), ApiError> {
    let command =
        CallCreditCommand::RecordTopUpDeclined { payment_intent_id: reference.to_string(), code: refusal.code.clone() };
    state.call_credits.cqrs.execute(context, id, command).await?;
    if let Err(error) =
        state.services.gateway.cancel_payment(reference, &format!("credit-{id}-{reference}-cancel")).await
    {
        tracing::warn!(order = id, payment = reference, %error, "a refused top-up was not cancelled");
    }
    Ok(())
}

/// What a top-up of `amount` charges the card (with VAT).
pub fn charged_for(amount: Pence) -> Pence {
    amount + vat(amount)
}

#[cfg(test)]
mod tests {
    use aggregates::pricing::Pence;

    use super::charged_for;

    #[test]
    fn a_top_up_charges_its_vat_and_buys_its_amount_before_vat() {
        assert_eq!(charged_for(Pence(1000)), Pence(1200));
        assert_eq!(aggregates::call_credit::tenths_of(Pence(1000)), 10_000);
    }
}
