//! A signed-in buyer's invoices and card on one service order (issue 34): its subscription's
//! invoices, the card on file and its change, and notice of cancellation (and keeping the
//! service after all). Pay As You Go credit and its top-ups are crate::app::call_credit. The
//! caller checked that the order is the buyer's
//! (crate::http::routes::account_invoices_and_card); every change is a command with the buyer
//! as its actor.
//!
//! The provider calls each action makes (Stripe, or the stand-in in development):
//!
//! | action | calls |
//! |---|---|
//! | invoices | `GET /v1/invoices?customer&subscription&limit` |
//! | card on file | `GET /v1/customers/{id}` (its default card), `GET /v1/payment_methods/{id}` |
//! | change card: open | `POST /v1/setup_intents` (the browser confirms it with Stripe.js) |
//! | change card: finish | `GET /v1/setup_intents/{id}`, `GET /v1/payment_methods/{id}` (+ `POST /v1/payment_methods/{id}/attach` when the setup did not attach it), `POST /v1/customers/{id}` (`invoice_settings.default_payment_method`), `GET /v1/payment_methods/{id}` |
//! | cancel with notice | `GET /v1/subscriptions/{id}`, `POST /v1/subscriptions/{id}` (`cancel_at_period_end=true`, or `cancel_at` = a later period's end) |
//! | keep my service | `GET /v1/subscriptions/{id}`, `POST /v1/subscriptions/{id}` (`cancel_at_period_end=false`, or `cancel_at=""`) |

use aggregates::actor::Actor;
use aggregates::payments::{CardDetails, SetupState, SubscriptionTerms};
use aggregates::pricing::BillingCycle;
use aggregates::service_order::{OrderStatus, ServiceOrder, ServiceOrderCommand, ServiceOrderError};
use chrono::{DateTime, Months, Utc};
use serde::Serialize;
use store::commands::Context;

use crate::app::ids::StripeId;
use crate::app::locks::locked;
use crate::app::payments::failures::payment_failure;
use crate::app::state::AppState;
use crate::platform::client::ClientAddress;
use crate::platform::error::ApiError;
use crate::platform::refusals::{CARD_FORM_FAILED, CARD_NOT_SAVED, CARD_SETUP_WITHOUT_CARD, PROVIDER_DOWN};

/// The days of notice the terms state ("Either of us may end a service with thirty days'
/// written notice"; the home page's "one month's notice").
pub const NOTICE_DAYS: i64 = 30;

/// The most invoices listed (two years of monthly ones).
pub const INVOICES_LISTED: u32 = 24;

pub(crate) fn order_lock(id: &str) -> String {
    format!("order-{id}")
}

pub(crate) async fn load_order(state: &AppState, id: &str) -> Result<(ServiceOrder, usize), ApiError> {
    let (order, sequence) = crate::app::state::load::<ServiceOrder>(&state.pool, id).await?;
    if order.status == OrderStatus::New {
        return Err(ServiceOrderError::NotFound.into());
    }
    Ok((order, sequence))
}

async fn run(
    state: &AppState,
    actor: &Actor,
    id: &str,
    command: ServiceOrderCommand,
) -> Result<ServiceOrder, ApiError> {
    Ok(state.orders.cqrs.execute(&Context::new(actor.clone()), id, command).await?.state)
}

/// The subscription that bills the order: paid, with its payment customer.
fn subscription_of(order: &ServiceOrder) -> Option<(&str, &str)> {
    Some((order.payment_customer_id.as_deref()?, order.subscription.paid_reference()?))
}

// ---- invoices ----

/// One invoice as the account's billing shows it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvoiceOut {
    pub id: String,
    pub number: Option<String>,
    pub date: DateTime<Utc>,
    /// What it asks (with VAT) and what was paid, in pence.
    pub amount_pence: i64,
    pub paid_pence: i64,
    /// draft, open, paid, uncollectible or void.
    pub status: String,
    /// The provider's page of the invoice, else its PDF, when it has one.
    pub url: Option<String>,
}

/// The subscription's invoices, newest first; none for an order without a subscription
/// (Pay As You Go with only a top-up, or not paid).
pub async fn invoices(state: &AppState, id: &str) -> Result<Vec<InvoiceOut>, ApiError> {
    let (order, _) = load_order(state, id).await?;
    let Some((customer, subscription)) = subscription_of(&order) else { return Ok(vec![]) };
    let listed = state
        .services
        .gateway
        .invoices(customer, subscription, INVOICES_LISTED)
        .await
        .map_err(|e| payment_failure(e, &PROVIDER_DOWN))?;
    Ok(listed
        .into_iter()
        .map(|invoice| InvoiceOut {
            url: invoice.hosted_invoice_url.or(invoice.invoice_pdf),
            id: invoice.id,
            number: invoice.number,
            date: invoice.created,
            amount_pence: invoice.amount_due.0,
            paid_pence: invoice.amount_paid.0,
            status: invoice.status,
        })
        .collect())
}

// ---- the card on file ----

/// A saved card as the buyer recognises it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CardOut {
    pub brand: String,
    pub last4: String,
    pub exp_month: u32,
    pub exp_year: u32,
}

impl From<CardDetails> for CardOut {
    fn from(card: CardDetails) -> CardOut {
        CardOut { brand: card.brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year }
    }
}

/// The card the provider charges: the customer's default, else the last the order recorded.
pub(crate) async fn card_id(state: &AppState, order: &ServiceOrder) -> Result<Option<String>, ApiError> {
    let Some(customer) = order.payment_customer_id.as_deref() else { return Ok(None) };
    let default =
        state.services.gateway.default_card(customer).await.map_err(|e| payment_failure(e, &PROVIDER_DOWN))?;
    Ok(default.or_else(|| order.card_on_file.clone()).or_else(|| order.payment_method_id.clone()))
}

/// The card on file, if the order has one.
pub async fn card_on_file(state: &AppState, id: &str) -> Result<Option<CardOut>, ApiError> {
    let (order, _) = load_order(state, id).await?;
    let Some(card) = card_id(state, &order).await? else { return Ok(None) };
    let details = state.services.gateway.card_details(&card).await.map_err(|e| payment_failure(e, &PROVIDER_DOWN))?;
    Ok(Some(details.into()))
}

/// A card setup for the browser to confirm with Stripe.js.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CardChangeOut {
    pub setup_intent_id: String,
    pub client_secret: String,
}

/// Opens a card setup on the order's payment customer for a new card (capped per order and
/// per client address: crate::app::card_setups).
pub async fn start_card_change(
    state: &AppState,
    actor: &Actor,
    id: &str,
    address: &ClientAddress,
) -> Result<CardChangeOut, ApiError> {
    locked(state, order_lock(id), async {
        let (order, _) = load_order(state, id).await?;
        order.check_card_change()?;
        if order.card_change_setups.len() >= aggregates::service_order::MAX_CARD_CHANGES {
            return Err(ServiceOrderError::TooManyCardSetups.into());
        }
        let customer = order.payment_customer_id.clone().ok_or(ServiceOrderError::NoPaymentCustomer)?;
        let key = format!("order-{id}-card-change-{}", order.card_change_setups.len() + 1);
        let gateway = &state.services.gateway;
        let making = gateway.create_card_setup(&customer, id, &key);
        let setup = crate::app::card_setups::make_counted(state, address, &CARD_FORM_FAILED, making).await?;
        let command = ServiceOrderCommand::StartCardChange { setup_intent_id: setup.id.clone() };
        run(state, actor, id, command).await?;
        let client_secret = setup.client_secret.unwrap_or_default();
        Ok(CardChangeOut { setup_intent_id: setup.id, client_secret })
    })
    .await
}

/// The card setup the browser confirmed becomes the card on file: the customer's default
/// for the subscription's invoices (and the card top-ups charge).
pub async fn finish_card_change(
    state: &AppState,
    actor: &Actor,
    id: &str,
    setup_intent_id: &StripeId,
) -> Result<CardOut, ApiError> {
    locked(state, order_lock(id), async {
        let (order, _) = load_order(state, id).await?;
        order.check_card_change()?;
        let setup_id = setup_intent_id.as_str();
        if !order.card_change_setups.iter().any(|s| s == setup_id) {
            return Err(ServiceOrderError::UnknownCardSetup.into());
        }
        let customer = order.payment_customer_id.clone().ok_or(ServiceOrderError::NoPaymentCustomer)?;
        let gateway = &state.services.gateway;
        let fail = |e| payment_failure(e, &PROVIDER_DOWN);
        let setup = gateway.card_setup(setup_id).await.map_err(fail)?;
        if setup.state != SetupState::Succeeded {
            return Err(ApiError::refused_with(&CARD_NOT_SAVED, setup.status));
        }
        let card = setup.card.ok_or_else(|| ApiError::refused(&CARD_SETUP_WITHOUT_CARD))?;
        gateway.use_card(&customer, &card, &format!("order-{id}-{setup_id}-use")).await.map_err(fail)?;
        let details = gateway.card_details(&card).await.map_err(fail)?;
        let command = ServiceOrderCommand::ChangeCard {
            setup_intent_id: setup_id.to_string(),
            payment_method_id: card,
            brand: details.brand.clone(),
            last4: details.last4.clone(),
        };
        run(state, actor, id, command).await?;
        Ok(details.into())
    })
    .await
}

// ---- cancellation with notice ----

/// Where the order's cancellation stands.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CancellationOut {
    /// Whether the order has a subscription the buyer may give notice on (or has).
    pub cancellable: bool,
    /// When the service ends, once notice is given (or it was cancelled).
    pub effective_on: Option<DateTime<Utc>>,
    /// Whether "Keep my service" undoes it (a cancellation at a period's end, before it).
    pub can_undo: bool,
    /// The days of notice the terms state.
    pub notice_days: i64,
}

fn cancellation_of(order: &ServiceOrder, now: DateTime<Utc>) -> CancellationOut {
    let cancellable = subscription_of(order).is_some();
    CancellationOut {
        cancellable,
        effective_on: order.cancellation.as_ref().and_then(|c| c.ends_at.or((!c.at_period_end).then_some(now))),
        can_undo: order.check_undo(now).is_ok(),
        notice_days: NOTICE_DAYS,
    }
}

/// Where the order's cancellation stands now.
pub async fn cancellation(state: &AppState, id: &str) -> Result<CancellationOut, ApiError> {
    let (order, _) = load_order(state, id).await?;
    Ok(cancellation_of(&order, state.clock.now()))
}

/// When notice given at `now` takes effect: the end of the billing period in which the
/// notice runs out (charges continue until it ends, as the terms say): the current period's
/// end when that is at least `NOTICE_DAYS` away (by the day), else the first later one.
pub fn notice_ends(now: DateTime<Utc>, period_end: DateTime<Utc>, cycle: BillingCycle) -> DateTime<Utc> {
    let notice = (now + chrono::Duration::days(NOTICE_DAYS)).date_naive();
    let months = match cycle {
        BillingCycle::Monthly => 1,
        BillingCycle::Yearly => 12,
    };
    let mut end = period_end;
    let mut periods = 0;
    while end.date_naive() < notice {
        periods += months;
        end = period_end.checked_add_months(Months::new(periods)).unwrap_or(end);
    }
    end
}

/// The buyer gives notice: the provider ends the subscription at the end of the period the
/// notice runs out in, then the order records it.
pub async fn schedule_cancellation(state: &AppState, actor: &Actor, id: &str) -> Result<CancellationOut, ApiError> {
    locked(state, order_lock(id), async {
        let (order, sequence) = load_order(state, id).await?;
        order.check_notice()?;
        let (_, subscription) = subscription_of(&order).ok_or(ServiceOrderError::NoSubscriptionToCancel)?;
        let gateway = &state.services.gateway;
        let fail = |e| payment_failure(e, &PROVIDER_DOWN);
        let terms: SubscriptionTerms = gateway.subscription_terms(subscription).await.map_err(fail)?;
        let now = state.clock.now();
        if terms.status == "trialing" {
            return Err(ServiceOrderError::CancellationInTrial.into());
        }
        if terms.status == "canceled" {
            return Err(ServiceOrderError::SubscriptionAlreadyCancelled.into());
        }
        let cycle = order.lines.as_ref().map_or(BillingCycle::Monthly, |l| l.billing_cycle);
        let period_end = terms.current_period_end.unwrap_or(now);
        let effective_on = notice_ends(now, period_end, cycle);
        let at_period_end = effective_on == period_end;
        let key = format!("order-{id}-notice-{sequence}");
        let later = (!at_period_end).then_some(effective_on);
        gateway.schedule_cancellation(subscription, at_period_end, later, &key).await.map_err(fail)?;
        let command = ServiceOrderCommand::ScheduleCancellation { effective_on, in_trial: false };
        let order = run(state, actor, id, command).await?;
        // The buyer's e-mail confirming the notice (owed still on failure: a runner sends it).
        if let Err(error) = crate::app::workflows::run(state, crate::app::workflows::TELL_BUYER, id).await {
            tracing::warn!(order = id, ?error, "the notice's e-mail was not queued yet; it will be");
        }
        Ok(cancellation_of(&order, now))
    })
    .await
}

/// "Keep my service": the provider's scheduled end is undone, then the order records it.
pub async fn undo_cancellation(state: &AppState, actor: &Actor, id: &str) -> Result<CancellationOut, ApiError> {
    locked(state, order_lock(id), async {
        let (order, sequence) = load_order(state, id).await?;
        let now = state.clock.now();
        order.check_undo(now)?;
        let (_, subscription) = subscription_of(&order).ok_or(ServiceOrderError::NoSubscriptionToCancel)?;
        let key = format!("order-{id}-keep-{sequence}");
        let gateway = &state.services.gateway;
        gateway
            .schedule_cancellation(subscription, false, None, &key)
            .await
            .map_err(|e| payment_failure(e, &PROVIDER_DOWN))?;
        let order = run(state, actor, id, ServiceOrderCommand::UndoCancellation).await?;
        Ok(cancellation_of(&order, now))
    })
    .await
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    fn at(month: u32, day: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, month, day, 9, 0, 0).unwrap()
    }

    #[test]
    fn notice_ends_with_the_period_it_runs_out_in() {
        // A period ending 30 days away (by the day) or more: its end.
        assert_eq!(notice_ends(at(11, 27), at(12, 27), BillingCycle::Monthly), at(12, 27));
        assert_eq!(notice_ends(at(11, 1), at(12, 20), BillingCycle::Monthly), at(12, 20));
        // Sooner: the next period's end (charges continue until the notice ends).
        assert_eq!(
            notice_ends(at(11, 27), at(12, 5), BillingCycle::Monthly),
            Utc.with_ymd_and_hms(2027, 1, 5, 9, 0, 0).unwrap()
        );
        // A yearly period a month away runs out a year later.
        assert_eq!(
            notice_ends(at(11, 27), at(12, 1), BillingCycle::Yearly),
            Utc.with_ymd_and_hms(2027, 12, 1, 9, 0, 0).unwrap()
        );
    }
}
