//! Paying a placed order: the card (a setup the browser confirms, 3-D Secure included),
//! then the charge: a subscription for Single and Multi User, a one-time payment for pay as
//! you go with only a top-up, both for pay as you go with monthly extras (the top-up first).
//!
//! Every step runs under the order's lock and is recorded as it happens, so a double click
//! or a replay finds the step done. Before the provider is asked to subscribe or charge, the
//! order records the attempt: a retry after a crash adopts the subscription that attempt
//! made, and a one-time payment is made unconfirmed and charged only once its id is stored,
//! so a server that dies mid-payment never charges twice.

use aggregates::pricing::BillingCycle;
use aggregates::service_order::CheckoutStep;
use aggregates::service_order::{
    OrderStatus, PaymentPart, PaymentType, ServiceOrder, ServiceOrderCommand, ServiceOrderError,
};
use axum::http::StatusCode;
use cqrs_es::AggregateError;

use super::failures::{declined, payment_failure};
use super::gateway::{CardSetup, GatewayError, Outcome, PaymentGateway, PlanSpec, Refusal, SetupState};
use super::order::{load, load_at, run};
use crate::app::card_setups;
use crate::app::ids::StripeId;
use crate::app::locks::locked;
use crate::app::state::AppState;
use crate::commands::{self, BUYER};
use crate::platform::client::ClientAddress;
use crate::platform::error::ApiError;

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
    locked(state, format!("order-{id}"), async move {
        let fail = |e| payment_failure(e, "Failed to create setup intent");
        let (order, version) = load_at(state, id).await?;
        payable(&order)?;
        let customer = order.payment_customer_id.clone().ok_or(ServiceOrderError::NoPaymentCustomer)?;
        if let Some(existing) = &order.setup_intent_id {
            let setup = gateway.card_setup(existing).await.map_err(fail)?;
            if setup.state == SetupState::AwaitingCard {
                return Ok(setup);
            }
        }
        if !order.may_start_card_setup() {
            return Err(ServiceOrderError::TooManyCardSetups.into());
        }
        let key = format!("order-{id}-setup-{version}");
        let setup = card_setups::make_counted(
            state,
            address,
            "Failed to create setup intent",
            gateway.create_card_setup(&customer, id, &key),
        )
        .await?;
        run(
            state,
            &BUYER,
            id,
            ServiceOrderCommand::Checkout(CheckoutStep::RecordSetupIntent { setup_intent_id: setup.id.clone() }),
        )
        .await?;
        Ok(setup)
    })
    .await
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
    locked(state, format!("order-{id}"), async move {
        let order = load(state, id).await?;
        if matches!(order.status, OrderStatus::Paid | OrderStatus::Completed) {
            return Ok(Payment::Paid(order));
        }
        payable(&order)?;
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
    order: &ServiceOrder,
    request: &PayOrder,
) -> Result<Option<String>, ApiError> {
    let fail = |e| payment_failure(e, "Failed to create subscription");
    let customer = order.payment_customer_id.clone().ok_or(ServiceOrderError::NoPaymentCustomer)?;
    let kind = order.payment_type.unwrap_or(PaymentType::Subscription);
    let lines = order.lines.as_ref().ok_or(ServiceOrderError::NotFound)?;
    let attempt = order.failed_attempts;
    let card = the_card(state, gateway, id, order, request, &customer).await?;

    // Pay as you go with monthly extras: the top-up is taken first, so a card that fails
    // leaves no subscription behind (a subscription is the one thing that would go on
    // charging). When the top-up is taken and the subscription's first period then fails,
    // the top-up stays paid and the buyer finishes with another card (it is not taken again).
    if kind.needs_top_up() && !order.top_up.paid {
        let key = format!("order-{id}-top-up-{attempt}");
        let (payment, outcome) = match &order.top_up.reference {
            Some(existing) => (existing.clone(), gateway.payment(existing).await.map_err(fail)?.outcome),
            None => {
                // Made unconfirmed and charged only once its id is stored: a server that dies
                // in between leaves a payment that never charged, and the retry makes another.
                let start = ServiceOrderCommand::Checkout(CheckoutStep::StartPaymentAttempt {
                    part: PaymentPart::TopUp,
                    attempt_key: key.clone(),
                });
                run(state, &BUYER, id, start).await?;
                let amount = lines.amounts.top_up_total.0;
                let made = gateway.create_payment(amount, &customer, &card, id, &key).await.map_err(fail)?;
                crate::app::faults::point(state, "after-top-up-created");
                run(
                    state,
                    &BUYER,
                    id,
                    ServiceOrderCommand::Checkout(CheckoutStep::RecordTopUpIntent {
                        payment_intent_id: made.id.clone(),
                    }),
                )
                .await?;
                (made.id, made.outcome)
            }
        };
        // Not charged yet (just made, or the server died before charging it): charge it now.
        let outcome = match outcome {
            Outcome::NotConfirmed => match gateway.confirm_payment(&payment, &key).await {
                Ok(outcome) => outcome,
                Err(GatewayError::Declined { code, decline_code, message }) => {
                    Outcome::Declined(Refusal { code, decline_code, message })
                }
                Err(other) => return Err(fail(other)),
            },
            outcome => outcome,
        };
        match outcome {
            Outcome::Succeeded => {
                run(
                    state,
                    &BUYER,
                    id,
                    ServiceOrderCommand::Checkout(CheckoutStep::RecordPaymentSuccess {
                        part: PaymentPart::TopUp,
                        reference: payment,
                    }),
                )
                .await?;
            }
            Outcome::NeedsAction { client_secret } => return Ok(Some(client_secret)),
            Outcome::Processing | Outcome::NotConfirmed => return Err(processing()),
            Outcome::Declined(refusal) => {
                record_failure(state, id, PaymentPart::TopUp, &payment, &refusal).await?;
                return Err(declined(&refusal));
            }
        }
    }
    if kind.needs_subscription() && !order.subscription.paid {
        let subscription = match &order.subscription.reference {
            Some(existing) => existing.clone(),
            None => {
                let key = format!("order-{id}-subscription-{attempt}");
                // A retry of an attempt that already reached the provider (the server died
                // before storing the answer) adopts what it made instead of subscribing again.
                let found = if order.subscription.attempt.as_deref() == Some(key.as_str()) {
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
            Outcome::Processing | Outcome::NotConfirmed => return Err(processing()),
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
    let started = order.subscription.reference.is_some() || order.top_up.reference.is_some();
    if let (true, Some(card)) = (started, &order.payment_method_id) {
        return Ok(card.clone());
    }
    let fail = |e| payment_failure(e, "Failed to create subscription");
    let setup_id =
        request.setup_intent_id.as_ref().map(StripeId::as_str).or(order.setup_intent_id.as_deref()).unwrap_or_default();
    if order.setup_intent_id.as_deref() != Some(setup_id) {
        return Err(ApiError::unprocessable("unknown_setup_intent", "That card setup does not belong to this order."));
    }
    let setup = gateway.card_setup(setup_id).await.map_err(fail)?;
    if setup.state != SetupState::Succeeded {
        return Err(ApiError::refused(
            StatusCode::PAYMENT_REQUIRED,
            "setup_intent_failed",
            format!("Setup intent not successful: {}", setup.status),
        ));
    }
    let card = setup.card.ok_or_else(|| ApiError::unprocessable("no_payment_method", "The card setup has no card."))?;
    if request.payment_method_id.as_ref().is_some_and(|pm| pm.as_str() != card) {
        return Err(ApiError::unprocessable("unknown_payment_method", "That card does not belong to this order."));
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

fn processing() -> ApiError {
    ApiError::refused(
        StatusCode::ACCEPTED,
        "payment_processing",
        "Payment processing completed but status is unclear. Please contact support to verify your order.",
    )
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
    match commands::execute(&state.orders, &BUYER, id, command).await {
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
