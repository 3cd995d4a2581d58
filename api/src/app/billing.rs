//! A signed-in buyer's billing of one service order (issue 34): its subscription's invoices,
//! the card on file and its change, notice of cancellation (and keeping the service after
//! all), and Pay As You Go credit with top-ups paid by the card on file. The caller checked
//! that the order is the buyer's (crate::http::routes::account_billing); every change is a
//! command with the buyer as its actor.
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
//! | credit | none |
//! | top-up | `GET /v1/customers/{id}`, `POST /v1/payment_intents` (unconfirmed, idempotent by the request), `POST /v1/payment_intents/{id}/confirm`; a retry `GET /v1/payment_intents/{id}`; a refusal `POST /v1/payment_intents/{id}/cancel` |
//! | `settle-top-ups` job (a top-up under way for a minute) | `GET /v1/payment_intents/{id}` (or `POST /v1/payment_intents` with the attempt's key, after a crash before it was recorded); after 5 minutes with the buyer, `POST /v1/payment_intents/{id}/cancel` |

use aggregates::actor::Actor;
use aggregates::call_credit::{CallCredit, CallCreditCommand, CallCreditEvent, CreditSource, INTERNATIONAL_CAP_TENTHS};
use aggregates::dial_plan::{classify, rate, NumberClass, Tariff};
use aggregates::payments::{CardDetails, Outcome, PaymentError, Refusal, SetupState, SubscriptionTerms};
use aggregates::pricing::{vat, BillingCycle, Pence, TOP_UP_DEFAULT, TOP_UP_MINIMUM, TOP_UP_STEP, VAT_PERCENT};
use aggregates::service_order::{OrderStatus, ServiceOrder, ServiceOrderCommand, ServiceOrderError};
use chrono::{DateTime, Months, Utc};
use cqrs_es::persist::ViewRepository;
use jobs::top_ups::Settled;
use serde::Serialize;
use store::commands::Context;

use crate::app::ids::StripeId;
use crate::app::locks::locked;
use crate::app::payments::failures::{declined, payment_failure};
use crate::app::state::AppState;
use crate::platform::client::ClientAddress;
use crate::platform::error::ApiError;
use crate::platform::refusals::{
    CALLS_ABROAD_NEED_CREDIT, CARD_FORM_FAILED, CARD_NOT_SAVED, CARD_SETUP_WITHOUT_CARD, NO_CALL_CREDIT, NO_CARD_SAVED,
    PAYMENT_PROCESSING, PROVIDER_DOWN,
};

/// The days of notice the terms state ("Either of us may end a service with thirty days'
/// written notice"; the home page's "one month's notice").
pub const NOTICE_DAYS: i64 = 30;

/// The most invoices listed (two years of monthly ones).
pub const INVOICES_LISTED: u32 = 24;

/// The largest top-up from the account, as in the cart.
pub const MAX_TOP_UP: Pence = aggregates::cart::MAX_TOP_UP;

/// The top-ups the page offers as buttons (any whole-pound amount in range is taken).
pub const TOP_UP_CHOICES: [Pence; 4] = [TOP_UP_DEFAULT, Pence::pounds(20), Pence::pounds(50), Pence::pounds(100)];

fn order_lock(id: &str) -> String {
    format!("order-{id}")
}

async fn load_order(state: &AppState, id: &str) -> Result<(ServiceOrder, usize), ApiError> {
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
    Ok(state.orders.execute(&Context::new(actor.clone()), id, command).await?.state)
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
async fn card_id(state: &AppState, order: &ServiceOrder) -> Result<Option<String>, ApiError> {
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
    let view = state.call_credit_views.load(id).await.map_err(ApiError::internal)?.unwrap_or_default();
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
    state.call_credits.execute(&Context::new(actor.clone()), id, command).await?;
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
        let credit = state.call_credits.execute(&context, id, start).await?.state;
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
                state.call_credits.execute(&context, id, record).await?;
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
                state.call_credits.execute(&context, id, paid).await?;
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
            state.call_credits.execute(context, id, record).await?;
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
    state.call_credits.execute(context, id, abandon).await?;
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
            state.call_credits.execute(context, id, paid).await?;
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
    state.call_credits.execute(context, id, command).await?;
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

    #[test]
    fn a_top_up_charges_its_vat_and_buys_its_amount_before_vat() {
        assert_eq!(charged_for(Pence(1000)), Pence(1200));
        assert_eq!(aggregates::call_credit::tenths_of(Pence(1000)), 10_000);
    }
}
