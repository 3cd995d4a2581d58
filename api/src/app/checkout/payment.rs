//! Paying a placed order: the card (a setup the browser confirms, 3-D Secure included),
//! then the charge: a subscription for Single and Multi User, a one-time payment for pay as
//! you go with only a top-up, both for pay as you go with monthly extras (the top-up first).
//!
//! Every step runs under the order's lock and is recorded as it happens, so a double click
//! or a replay finds the step done. Before the provider is asked to subscribe or charge, the
//! order records the attempt: a retry after a crash adopts the subscription that attempt
//! made, and a one-time payment is made unconfirmed and charged only once its id is stored,
//! so a server that dies mid-payment never charges twice.

use aggregates::payment_attempt::PaymentAttempt;
use aggregates::pricing::{BillingCycle, Pence};
use aggregates::service_order::CheckoutStep;
use aggregates::service_order::{
    OrderStatus, PaymentPart, PaymentType, ServiceOrder, ServiceOrderCommand, ServiceOrderError,
};
use async_trait::async_trait;
use cqrs_es::AggregateError;

use super::gateway::{
    CardSetup, GatewayError, Outcome, PaymentGateway, PlanSpec, Refusal, SetupState, SubscriptionRecord,
};
use super::order::{load, load_at, run};
use crate::app::ids::StripeId;
use crate::app::locks::locked;
use crate::app::payments::failures::{declined, payment_failure};
use crate::app::payments::{self, Charged, PayableOrder};
use crate::app::state::AppState;
use crate::platform::client::ClientAddress;
use crate::platform::error::ApiError;
use crate::platform::refusals::{
    ApiRefusal, CARD_FORM_FAILED, CARD_SETUP_WITHOUT_CARD, PAYMENT_NOT_VERIFIED, PAYMENT_UNCLEAR, PROVIDER_DOWN,
    SETUP_INTENT_FAILED, SUBSCRIPTION_NOT_FOUND, UNKNOWN_PAYMENT_METHOD,
};
use store::commands::BUYER;

/// An order that may still be paid.
fn payable(order: &ServiceOrder) -> Result<(), ApiError> {
    if order.status == OrderStatus::Placed && order.superseded_by.is_some() {
        return Err(ServiceOrderError::Superseded.into());
    }
    if order.status == OrderStatus::Placed && order.expired_at.is_some() {
        return Err(ServiceOrderError::Expired.into());
    }
    match order.status {
        OrderStatus::Completed => Err(ServiceOrderError::AlreadyCompleted.into()),
        OrderStatus::Paid => Err(ServiceOrderError::AlreadyPaid.into()),
        _ => Ok(()),
    }
}

/// The card setup the browser confirms: the order's current one while it still waits for a
/// card, else a new one, within the caps of card_setups.rs (per order, per `address`).
pub async fn set_up_card(
    state: &AppState,
    gateway: &dyn PaymentGateway,
    id: &str,
    address: &ClientAddress,
) -> Result<CardSetup, ApiError> {
    payments::set_up_card::<PayableServiceOrder>(state, gateway, id, address).await
}

/// A service order open for payment, with the sequence of its last event (new after every
/// step: a card setup's key).
pub struct PayableServiceOrder {
    order: ServiceOrder,
    version: usize,
}

/// The service order as the payment use case sees it: its one-time payment is the top-up
/// (`order-{id}-top-up-{failed attempts}`), its key recorded before the provider is asked.
#[async_trait]
impl PayableOrder for PayableServiceOrder {
    const PROVIDER_FAILED: &'static ApiRefusal = &PROVIDER_DOWN;
    const SETUP_FAILED: &'static ApiRefusal = &CARD_FORM_FAILED;
    const AFTER_MADE: Option<&'static str> = Some("after-top-up-created");

    fn lock(id: &str) -> String {
        format!("order-{id}")
    }

    async fn load_payable(state: &AppState, id: &str) -> Result<Self, ApiError> {
        let (order, version) = load_at(state, id).await?;
        payable(&order)?;
        Ok(PayableServiceOrder { order, version })
    }

    fn attempt(&self) -> &PaymentAttempt {
        &self.order.top_up
    }

    fn amount(&self) -> Pence {
        self.order.lines.as_ref().map_or(Pence::ZERO, |l| l.amounts.top_up_total)
    }

    fn attempt_key(&self, id: &str) -> String {
        format!("order-{id}-top-up-{}", self.order.failed_attempts)
    }

    fn confirm_key(key: &str) -> String {
        key.to_string()
    }

    async fn payment_customer(&self, _: &AppState, _: &dyn PaymentGateway, _: &str) -> Result<String, ApiError> {
        Ok(self.order.payment_customer_id.clone().ok_or(ServiceOrderError::NoPaymentCustomer)?)
    }

    fn last_card_setup(&self) -> Option<&str> {
        self.order.setup_intent_id.as_deref()
    }

    fn may_start_card_setup(&self) -> Result<(), ApiError> {
        if !self.order.may_start_card_setup() {
            return Err(ServiceOrderError::TooManyCardSetups.into());
        }
        Ok(())
    }

    fn card_setup_key(&self, id: &str) -> String {
        format!("order-{id}-setup-{}", self.version)
    }

    async fn record_card_setup(state: &AppState, id: &str, setup_intent_id: &str) -> Result<(), ApiError> {
        let step = CheckoutStep::RecordSetupIntent { setup_intent_id: setup_intent_id.to_string() };
        run(state, &BUYER, id, ServiceOrderCommand::Checkout(step)).await.map(|_| ())
    }

    /// The attempt's key first: a payment made unconfirmed and charged only once its id is
    /// stored, so a server that dies in between leaves one that never charged.
    async fn before_made(
        &self,
        state: &AppState,
        _: &dyn PaymentGateway,
        id: &str,
        key: &str,
        _: &str,
        _: &str,
    ) -> Result<(), ApiError> {
        let step = CheckoutStep::StartPaymentAttempt { part: PaymentPart::TopUp, attempt_key: key.to_string() };
        run(state, &BUYER, id, ServiceOrderCommand::Checkout(step)).await.map(|_| ())
    }

    async fn record_made(&self, state: &AppState, id: &str, reference: &str, _card: &str) -> Result<(), ApiError> {
        let step = CheckoutStep::RecordTopUpIntent { payment_intent_id: reference.to_string() };
        run(state, &BUYER, id, ServiceOrderCommand::Checkout(step)).await.map(|_| ())
    }

    async fn record_paid(state: &AppState, id: &str, reference: &str) -> Result<(), ApiError> {
        let step = CheckoutStep::RecordPaymentSuccess { part: PaymentPart::TopUp, reference: reference.to_string() };
        run(state, &BUYER, id, ServiceOrderCommand::Checkout(step)).await.map(|_| ())
    }

    async fn record_declined(
        state: &AppState,
        _: &dyn PaymentGateway,
        id: &str,
        reference: &str,
        refusal: &Refusal,
    ) -> Result<(), ApiError> {
        record_failure(state, id, PaymentPart::TopUp, reference, refusal).await
    }

    fn processing() -> ApiError {
        ApiError::refused(&PAYMENT_UNCLEAR)
    }
}

/// The card the browser says it confirmed (each id of its documented shape: crate::app::ids).
#[derive(Debug, Default, Clone)]
pub struct PayOrder {
    pub payment_method_id: Option<StripeId>,
    pub setup_intent_id: Option<StripeId>,
}

/// Where the payment stands after `pay_order`.
pub enum Payment {
    /// Every part is paid.
    Paid(ServiceOrder),
    /// The bank asks for 3-D Secure: the browser completes it with this secret, then asks again.
    NeedsAction { client_secret: String, order: ServiceOrder },
}

/// Charges the order with the card its setup saved (once, however often it is asked).
pub async fn pay_order(
    state: &AppState,
    gateway: &dyn PaymentGateway,
    id: &str,
    request: PayOrder,
) -> Result<Payment, ApiError> {
    let order = load(state, id).await?;
    if matches!(order.status, OrderStatus::Paid | OrderStatus::Completed) {
        return Ok(Payment::Paid(order));
    }
    locked(state, PayableServiceOrder::lock(id), async move {
        let (order, version) = load_at(state, id).await?;
        if matches!(order.status, OrderStatus::Paid | OrderStatus::Completed) {
            return Ok(Payment::Paid(order));
        }
        payable(&order)?;
        let order = PayableServiceOrder { order, version };
        match charge(state, gateway, id, &order, &request).await? {
            None => Ok(Payment::Paid(load(state, id).await?)),
            Some(client_secret) => Ok(Payment::NeedsAction { client_secret, order: load(state, id).await? }),
        }
    })
    .await
}

/// Charges what the order still owes; `Some(client secret)` when the bank asks for 3-D Secure.
async fn charge(
    state: &AppState,
    gateway: &dyn PaymentGateway,
    id: &str,
    payable: &PayableServiceOrder,
    request: &PayOrder,
) -> Result<Option<String>, ApiError> {
    let order = &payable.order;
    let fail = |e| payment_failure(e, &PROVIDER_DOWN);
    let customer = order.payment_customer_id.clone().ok_or(ServiceOrderError::NoPaymentCustomer)?;
    let kind = order.payment_type.unwrap_or(PaymentType::Subscription);
    let lines = order.lines.as_ref().ok_or(ServiceOrderError::NotFound)?;
    let attempt = order.failed_attempts;
    let card = the_card(state, gateway, id, order, request, &customer).await?;

    // Pay as you go with monthly extras: the top-up is taken first, so a card that fails
    // leaves no subscription behind (a subscription is the one thing that would go on
    // charging). When the top-up is taken and the subscription's first period then fails,
    // the top-up stays paid and the buyer finishes with another card (it is not taken again).
    if kind.needs_top_up() && !order.top_up.is_paid() {
        if let Charged::NeedsAction { client_secret, .. } =
            payments::charge(state, gateway, id, payable, &customer, &card).await?
        {
            return Ok(Some(client_secret));
        }
    }
    if kind.needs_subscription() && !order.subscription.is_paid() {
        let subscription = match order.subscription.reference() {
            Some(existing) => existing.to_string(),
            None => {
                let key = format!("order-{id}-subscription-{attempt}");
                // A retry of an attempt that already reached the provider (the server died
                // before storing the answer) adopts what it made instead of subscribing again.
                let found = if order.subscription.started_without_reference(&key) {
                    gateway.subscription_made_by(&customer, id, &key).await.map_err(fail)?
                } else {
                    None
                };
                let subscription = match found {
                    Some(found) => found,
                    None => {
                        let plan = format!("plan_{}", id.replace('-', ""));
                        let interval = match lines.billing_cycle {
                            BillingCycle::Monthly => "month",
                            BillingCycle::Yearly => "year",
                        };
                        let product_name = format!("{} {} ({})", order.order_number, lines.plan.name(), interval);
                        let spec = PlanSpec {
                            id: &plan,
                            amount: lines.amounts.subscription_total.0,
                            interval,
                            product_name: &product_name,
                        };
                        gateway.ensure_plan(&spec, &format!("order-{id}-plan")).await.map_err(fail)?;
                        let start = ServiceOrderCommand::Checkout(CheckoutStep::StartPaymentAttempt {
                            part: PaymentPart::Subscription,
                            attempt_key: key.clone(),
                        });
                        run(state, &BUYER, id, start).await?;
                        match gateway.start_subscription(&customer, &plan, id, &key).await {
                            Ok(made) => {
                                crate::app::faults::point(state, "after-subscription-created");
                                made
                            }
                            Err(GatewayError::Declined { code, decline_code, message }) => {
                                let refusal = Refusal { code, decline_code, message };
                                record_failure(state, id, PaymentPart::Subscription, "", &refusal).await?;
                                return Err(declined(&refusal));
                            }
                            Err(other) => return Err(fail(other)),
                        }
                    }
                };
                run(
                    state,
                    &BUYER,
                    id,
                    ServiceOrderCommand::Checkout(CheckoutStep::RecordSubscription {
                        subscription_id: subscription.clone(),
                    }),
                )
                .await?;
                subscription
            }
        };
        match gateway.subscription_outcome(&subscription).await.map_err(fail)? {
            Outcome::Succeeded => {
                let success = ServiceOrderCommand::Checkout(CheckoutStep::RecordPaymentSuccess {
                    part: PaymentPart::Subscription,
                    reference: subscription,
                });
                run(state, &BUYER, id, success).await?;
            }
            Outcome::NeedsAction { client_secret } => return Ok(Some(client_secret)),
            Outcome::Processing | Outcome::NotConfirmed => return Err(PayableServiceOrder::processing()),
            Outcome::Declined(refusal) => {
                let _ = gateway.cancel_subscription(&subscription).await;
                record_failure(state, id, PaymentPart::Subscription, &subscription, &refusal).await?;
                return Err(declined(&refusal));
            }
        }
    }

    Ok(None)
}

/// The card to charge: the one a setup of this order saved (3-D Secure done in the browser),
/// made the customer's card for its subscriptions.
async fn the_card(
    state: &AppState,
    gateway: &dyn PaymentGateway,
    id: &str,
    order: &ServiceOrder,
    request: &PayOrder,
    customer: &str,
) -> Result<String, ApiError> {
    let started = order.subscription.reference().is_some() || order.top_up.reference().is_some();
    if let (true, Some(card)) = (started, &order.payment_method_id) {
        return Ok(card.clone());
    }
    let fail = |e| payment_failure(e, &PROVIDER_DOWN);
    let setup_id =
        request.setup_intent_id.as_ref().map(StripeId::as_str).or(order.setup_intent_id.as_deref()).unwrap_or_default();
    if order.setup_intent_id.as_deref() != Some(setup_id) {
        return Err(ServiceOrderError::UnknownCardSetup.into());
    }
    let setup = gateway.card_setup(setup_id).await.map_err(fail)?;
    if setup.state != SetupState::Succeeded {
        return Err(ApiError::refused_with(&SETUP_INTENT_FAILED, setup.status));
    }
    let card = setup.card.ok_or_else(|| ApiError::refused(&CARD_SETUP_WITHOUT_CARD))?;
    if request.payment_method_id.as_ref().is_some_and(|pm| pm.as_str() != card) {
        return Err(ApiError::refused(&UNKNOWN_PAYMENT_METHOD));
    }
    if order.payment_method_id.as_deref() != Some(card.as_str()) {
        let key = format!("order-{id}-card-{}", order.failed_attempts);
        gateway.use_card(customer, &card, &key).await.map_err(fail)?;
        run(
            state,
            &BUYER,
            id,
            ServiceOrderCommand::Checkout(CheckoutStep::RecordPaymentMethod { payment_method_id: card.clone() }),
        )
        .await?;
    }
    Ok(card)
}

async fn record_failure(
    state: &AppState,
    id: &str,
    part: PaymentPart,
    reference: &str,
    refusal: &Refusal,
) -> Result<(), ApiError> {
    let command = ServiceOrderCommand::Checkout(CheckoutStep::RecordPaymentFailure {
        part,
        reference: reference.to_string(),
        code: refusal.code.clone(),
        message: refusal.message.clone(),
    });
    match state.orders.cqrs.execute(&BUYER, id, command).await {
        Ok(_) | Err(AggregateError::UserError(ServiceOrderError::AlreadyPaid)) => {}
        Err(error) => return Err(error.into()),
    }
    // The order moved past this top-up: cancelled at the provider, so its client secret
    // cannot charge it later (one that succeeds all the same is a stray, and refunded).
    if part == PaymentPart::TopUp && reference.starts_with("pi_") {
        let key = format!("order-{id}-{reference}-cancel");
        if let Err(error) = state.services.gateway.cancel_payment(reference, &key).await {
            tracing::warn!(order = id, payment = reference, %error, "a refused top-up was not cancelled");
        }
    }
    Ok(())
}

/// Staff: the subscription `id` at the provider, when it is one of our orders' (found through
/// the subscription's own metadata, read back from the provider); 404 for any other.
pub async fn order_subscription(state: &AppState, id: &StripeId) -> Result<SubscriptionRecord, ApiError> {
    let id = id.as_str();
    let missing = || ApiError::refused(&SUBSCRIPTION_NOT_FOUND);
    let subscription = match state.services.gateway.subscription(id).await {
        Ok(subscription) => subscription,
        Err(GatewayError::NotFound) => return Err(missing()),
        Err(error) => return Err(payment_failure(error, &PAYMENT_NOT_VERIFIED)),
    };
    let ours = match &subscription.owner {
        Some(order) => {
            load(state, &super::order_id(order)?).await.is_ok_and(|o| o.subscription.reference() == Some(id))
        }
        None => false,
    };
    if !ours {
        return Err(missing());
    }
    Ok(subscription)
}
