//! Stripe's events (POST /api/stripe/webhook): a payment that succeeded or failed is recorded
//! on its order even when the buyer's browser closed mid-payment; and the service follows the
//! money (crate::app::service_money): a subscription past due or unpaid, or an invoice whose
//! payment failed, suspends calls out, a paid one restores them, a deleted subscription ends
//! the service, and a disputed charge suspends the account and freezes its call credit.
//!
//! Nothing is taken on the event's word. The signature must be valid (no secret configured:
//! every event is refused); each event id is handled once; and the payment intent or invoice
//! it names is read back from Stripe, whose answer must say paid (or declined), in pounds,
//! for the order's own amount, on the order named in the object's metadata. A forged or
//! replayed event changes nothing and is logged.

use aggregates::refusal::Refusal as DomainRefusal;
use aggregates::service_order::CheckoutStep;
use aggregates::service_order::{PaymentPart, ServiceOrder, ServiceOrderCommand, ServiceOrderError};
use cqrs_es::AggregateError;
use serde_json::Value;

use crate::adapters::stripe_signature::signature_ok;
use crate::app::checkout::gateway::{DisputeRecord, GatewayError, Outcome};
use crate::app::ids::{StripeId, StripeKind};
use crate::app::payments::failures::payment_failure;
use crate::app::service_money::{self, Followed};
use crate::app::state::AppState;
use crate::platform::error::ApiError;
use crate::platform::refusals::{
    BAD_SIGNATURE, INVALID_BODY, MALFORMED_JSON, PAYMENT_REFUNDED, STRIPE_UNREACHABLE, WEBHOOKS_NOT_CONFIGURED,
    WEBHOOK_IN_PROGRESS,
};
use store::commands::WEBHOOK;

/// What became of an event Stripe delivered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Receipt {
    /// The event was handled before: nothing was done again.
    Duplicate,
    /// Handled now: whether it changed an order.
    Handled(bool),
}

/// PostgreSQL's `lock_not_available`: the lock timeout ran out.
const LOCK_NOT_AVAILABLE: &str = "55P03";

/// Receives one delivery: `body` as Stripe sent it, signed by `signature` (its
/// `Stripe-Signature` header, empty when missing). The event is claimed by its id, what it
/// names is read back from Stripe and recorded on its order, and the claim commits with it.
pub async fn receive(state: &AppState, signature: &str, body: &[u8]) -> Result<Receipt, ApiError> {
    let event = verified_event(state, signature, body)?;
    let (Some(event_id), Some(kind)) = (event["id"].as_str(), event["type"].as_str()) else {
        return Err(ApiError::refused_with(&INVALID_BODY, "a Stripe event needs an id and a type."));
    };
    let object = &event["data"]["object"];
    let object_id = object["id"].as_str().unwrap_or_default();

    // The event id is claimed in a transaction that commits only after the event is
    // handled, on any server: a duplicate finds it taken, and a failed or killed handling
    // rolls the claim back for Stripe's next delivery. A duplicate arriving while another
    // delivery is still handling it would wait for that transaction holding a pooled
    // connection, which the handling may need: it waits a moment, then is told to come
    // again (Stripe delivers it again later, and then finds it taken).
    let mut tx = state.pool.begin().await?;
    sqlx::query!("SET LOCAL lock_timeout = '100ms'").execute(&mut *tx).await?;
    let claimed = sqlx::query!(
        "INSERT INTO stripe_webhook_events (event_id, event_type) VALUES ($1, $2) ON CONFLICT DO NOTHING",
        event_id,
        kind
    )
    .execute(&mut *tx)
    .await;
    match claimed {
        Ok(claimed) if claimed.rows_affected() == 0 => return Ok(Receipt::Duplicate),
        Ok(_) => {}
        Err(sqlx::Error::Database(error)) if error.code().as_deref() == Some(LOCK_NOT_AVAILABLE) => {
            return Err(ApiError::refused(&WEBHOOK_IN_PROGRESS));
        }
        Err(error) => return Err(error.into()),
    }
    let handled = act_on(state, event_id, kind, object_id, object).await?;
    tx.commit().await?;
    Ok(Receipt::Handled(handled))
}

/// The event, once its signature is checked against the endpoint's secret.
fn verified_event(state: &AppState, signature: &str, body: &[u8]) -> Result<Value, ApiError> {
    // Without the endpoint's secret nobody can tell Stripe's events from anyone else's:
    // refuse them all (the payment is still recorded when the browser comes back).
    let Some(secret) = &state.services.config.payments.webhook_secret else {
        tracing::warn!("a Stripe webhook arrived but STRIPE_WEBHOOK_SECRET is not set; refused");
        return Err(ApiError::refused(&WEBHOOKS_NOT_CONFIGURED));
    };
    if !signature_ok(signature, body, secret.expose(), chrono::Utc::now().timestamp()) {
        tracing::warn!("a webhook with a bad signature was refused");
        return Err(ApiError::refused(&BAD_SIGNATURE));
    }
    serde_json::from_slice(body).map_err(|e| ApiError::refused_with(&MALFORMED_JSON, e))
}

/// Reads back from Stripe what the event names and records it; whether an order changed.
async fn act_on(
    state: &AppState,
    event_id: &str,
    kind: &str,
    object_id: &str,
    object: &Value,
) -> Result<bool, ApiError> {
    // The event's own word is never taken: what it names is read back from Stripe.
    let followed = match kind {
        "customer.subscription.updated" | "customer.subscription.deleted" => {
            Some(subscription_standing(state, object_id).await?)
        }
        "invoice.payment_failed" => Some(invoice_standing(state, object_id).await?),
        "charge.dispute.created"
        | "charge.dispute.updated"
        | "charge.dispute.funds_withdrawn"
        | "charge.dispute.closed" => Some(disputed(state, object_id, object).await?),
        _ => None,
    };
    if let Some(followed) = followed {
        return Ok(match followed {
            Ok(followed) => followed != Followed::Unchanged,
            Err(reason) => {
                tracing::warn!(event = event_id, kind, object = object_id, reason, "webhook event not acted on");
                false
            }
        });
    }
    if kind == "payment_intent.succeeded" {
        if let Some(handled) = hardware_payment(state, object_id).await? {
            return Ok(handled);
        }
    }
    let outcome = match kind {
        "payment_intent.succeeded" | "payment_intent.payment_failed" => confirmed_top_up(state, object_id).await?,
        "invoice.paid" | "invoice.payment_succeeded" => confirmed_invoice(state, object_id).await?,
        _ => Err("not an event this shop acts on".to_string()),
    };
    let recorded = match outcome {
        Ok((order_id, command)) => record(state, &order_id, command).await?,
        Err(reason) => {
            tracing::warn!(event = event_id, kind, object = object_id, reason, "webhook event not acted on");
            false
        }
    };
    // A paid invoice of a subscription past due: its calls out come back once the provider
    // says the subscription is active again.
    if matches!(kind, "invoice.paid" | "invoice.payment_succeeded") {
        if let Ok(Followed::Restored) = invoice_standing(state, object_id).await? {
            return Ok(true);
        }
    }
    Ok(recorded)
}

/// The service follows subscription `id` as Stripe answers it now (whatever the event said).
async fn subscription_standing(state: &AppState, id: &str) -> Result<Result<Followed, String>, ApiError> {
    if !id.starts_with("sub_") {
        return Ok(Err("no subscription id".into()));
    }
    let subscription = match asked(state.services.gateway.subscription(id).await, "subscription")? {
        Ok(subscription) => subscription,
        Err(why) => return Ok(Err(why)),
    };
    let Some(order_id) = subscription.owner.clone() else { return Ok(Err("not one of our orders".into())) };
    let Some(order) = load_order(state, &order_id).await? else { return Ok(Err("no such order".into())) };
    service_money::follow_subscription(state, &WEBHOOK, &order_id, &order, &subscription).await
}

/// The service follows the subscription that invoice `id` bills, as Stripe answers both now:
/// an invoice whose payment failed suspends calls out only once Stripe says the subscription
/// itself is past due or unpaid (a first invoice refused at the checkout is the checkout's).
async fn invoice_standing(state: &AppState, id: &str) -> Result<Result<Followed, String>, ApiError> {
    if !id.starts_with("in_") {
        return Ok(Err("no invoice id".into()));
    }
    let invoice = match asked(state.services.gateway.invoice(id).await, "invoice")? {
        Ok(invoice) => invoice,
        Err(why) => return Ok(Err(why)),
    };
    let Some(subscription) = invoice.subscription else { return Ok(Err("the invoice has no subscription".into())) };
    subscription_standing(state, &subscription).await
}

/// A dispute of one of our charges: read back from Stripe (the dispute, then the charge it
/// names, then the order the charge was taken for), the account is suspended and its credit
/// frozen; a dispute Stripe says was won lifts both.
async fn disputed(state: &AppState, id: &str, object: &Value) -> Result<Result<Followed, String>, ApiError> {
    if !id.starts_with("dp_") && !id.starts_with("du_") {
        return Ok(Err("no dispute id".into()));
    }
    let gateway = &state.services.gateway;
    let dispute = if state.services.config.payments.stand_in {
        // The stand-in (localstripe 1.15.10) has no disputes: no Dispute resource, no
        // /v1/disputes, nothing makes one. Only the dispute's own id and charge are taken
        // from the event here, in development and tests alone; the charge and the money are
        // read back below. A closed dispute (won or lost) is never acted on from the event's
        // word: lifting a suspension needs Stripe's own answer.
        let Some(charge) = object["charge"].as_str() else { return Ok(Err("the dispute names no charge".into())) };
        if object["status"].as_str().is_some_and(|s| matches!(s, "won" | "lost" | "warning_closed")) {
            return Ok(Err("a closed dispute is acted on only when read back from Stripe".into()));
        }
        DisputeRecord {
            id: id.to_string(),
            charge: charge.to_string(),
            amount: 0,
            currency: String::new(),
            status: "needs_response".into(),
        }
    } else {
        match asked(gateway.dispute(id).await, "dispute")? {
            Ok(dispute) => dispute,
            Err(why) => return Ok(Err(why)),
        }
    };
    let charge = match asked(gateway.charge(&dispute.charge).await, "charge")? {
        Ok(charge) => charge,
        Err(why) => return Ok(Err(why)),
    };
    if charge.status != "succeeded" || !charge.currency.eq_ignore_ascii_case("gbp") {
        return Ok(Err(format!("the charge is {} in {}", charge.status, charge.currency)));
    }
    let owner = match (&charge.owner, &charge.subscription) {
        (Some(owner), _) => owner.clone(),
        (None, Some(subscription)) => {
            match asked(gateway.subscription(subscription).await, "subscription")?.map(|s| s.owner) {
                Ok(Some(owner)) => owner,
                Ok(None) => return Ok(Err("not one of our orders".into())),
                Err(why) => return Ok(Err(why)),
            }
        }
        (None, None) => return Ok(Err("not one of our orders".into())),
    };
    let Some(order) = load_order(state, &owner).await? else { return Ok(Err("no such order".into())) };
    if let Some(subscription) = &charge.subscription {
        if order.subscription.reference() != Some(subscription.as_str()) {
            return Ok(Err("not the order's subscription".into()));
        }
    }
    let amount = aggregates::pricing::Pence(charge.amount);
    let detail = format!("dispute {} of charge {} ({amount})", dispute.id, charge.id);
    match dispute.status.as_str() {
        "won" => service_money::follow_dispute_won(state, &WEBHOOK, &owner, &format!("{detail} won")).await,
        // Lost: the suspension stands; staff decide what follows.
        "lost" => Ok(Err("the dispute was lost: the account stays suspended".into())),
        // An inquiry that closed without becoming a chargeback.
        "warning_closed" => Ok(Err("the inquiry closed without a dispute".into())),
        _ => service_money::follow_dispute(state, &WEBHOOK, &owner, &order, &detail).await,
    }
}

/// A payment for a desk-phone order: confirmed through the hardware checkout, which reads it
/// back from the provider and checks it is paid, in pounds, for the order's own total.
/// `None` when the payment is not for a hardware order.
async fn hardware_payment(state: &AppState, id: &str) -> Result<Option<bool>, ApiError> {
    let Some(payment) = StripeId::parse(StripeKind::PaymentIntent, id) else { return Ok(None) };
    let gateway = state.services.gateway.clone();
    let Ok(Some(owner)) = asked(gateway.payment(id).await, "payment")?.map(|p| p.owner) else { return Ok(None) };
    let hardware: bool = sqlx::query_scalar!(
        r#"SELECT EXISTS (SELECT 1 FROM hardware_orders WHERE order_id = $1) AS "exists!""#,
        &owner
    )
    .fetch_one(&state.pool)
    .await?;
    if !hardware {
        return Ok(None);
    }
    match crate::app::hardware_checkout::confirm_payment(
        state,
        gateway.as_ref(),
        &payment,
        Some(&owner),
        None,
        &WEBHOOK,
    )
    .await
    {
        Ok(_) => Ok(Some(true)),
        // A payment the order did not take: recorded and refunded.
        Err(refused) if refused.is(&PAYMENT_REFUNDED) => Ok(Some(true)),
        Err(error) => {
            tracing::warn!(payment = id, order = %owner, ?error, "hardware payment webhook not acted on");
            Ok(Some(false))
        }
    }
}

/// What the provider itself says of the payment `id`: the order it belongs to and the
/// command to record, or why nothing is recorded.
async fn confirmed_top_up(
    state: &AppState,
    id: &str,
) -> Result<Result<(String, ServiceOrderCommand), String>, ApiError> {
    if StripeId::parse(StripeKind::PaymentIntent, id).is_none() {
        return Ok(Err("no payment intent id".into()));
    }
    let payment = match asked(state.services.gateway.payment(id).await, "payment")? {
        Ok(payment) => payment,
        Err(why) => return Ok(Err(why)),
    };
    let Some(order_id) = payment.owner.clone() else { return Ok(Err("not one of our orders".into())) };
    let Some(order) = load_order(state, &order_id).await? else { return Ok(Err("no such order".into())) };
    let own = order.top_up.reference() == Some(payment.id.as_str());
    let closed = order.superseded_by.is_some() || order.expired_at.is_some();
    if !own || (closed && !order.top_up.is_paid()) {
        // Money the order did not take (an attempt it moved past, or an order replaced by a
        // newer one or expired): recorded, and refunded by the refund-stray-payment workflow.
        if payment.outcome == Outcome::Succeeded && payment.currency.eq_ignore_ascii_case("gbp") {
            let amount = aggregates::pricing::Pence(payment.amount);
            return Ok(Ok((
                order_id,
                ServiceOrderCommand::RecordStrayPayment { payment_intent_id: payment.id, amount },
            )));
        }
        return Ok(Err("not the order's top-up".into()));
    }
    let expected = order.lines.as_ref().map(|l| l.amounts.top_up_total.0);
    if expected != Some(payment.amount) || !payment.currency.eq_ignore_ascii_case("gbp") {
        return Ok(Err(format!("amount {} {} is not the order's", payment.amount, payment.currency)));
    }
    let command = match payment.outcome {
        Outcome::Succeeded => ServiceOrderCommand::Checkout(CheckoutStep::RecordPaymentSuccess {
            part: PaymentPart::TopUp,
            reference: payment.id,
        }),
        Outcome::Declined(refusal) => ServiceOrderCommand::Checkout(CheckoutStep::RecordPaymentFailure {
            part: PaymentPart::TopUp,
            reference: payment.id,
            code: refusal.code,
            message: refusal.message,
        }),
        other => return Ok(Err(format!("the payment is {other:?}"))),
    };
    Ok(Ok((order_id, command)))
}

/// What the provider itself says of the invoice `id`: paid, in pounds, for the full amount
/// of the subscription of one of our orders.
async fn confirmed_invoice(
    state: &AppState,
    id: &str,
) -> Result<Result<(String, ServiceOrderCommand), String>, ApiError> {
    if !id.starts_with("in_") {
        return Ok(Err("no invoice id".into()));
    }
    let gateway = &state.services.gateway;
    let invoice = match asked(gateway.invoice(id).await, "invoice")? {
        Ok(invoice) => invoice,
        Err(why) => return Ok(Err(why)),
    };
    if !invoice.paid {
        return Ok(Err(format!("the invoice is {}", invoice.status)));
    }
    let Some(subscription_id) = invoice.subscription.clone() else {
        return Ok(Err("the invoice has no subscription".into()));
    };
    let subscription = match asked(gateway.subscription(&subscription_id).await, "subscription")? {
        Ok(subscription) => subscription,
        Err(why) => return Ok(Err(why)),
    };
    let Some(order_id) = subscription.owner.clone() else { return Ok(Err("not one of our orders".into())) };
    let Some(order) = load_order(state, &order_id).await? else { return Ok(Err("no such order".into())) };
    if order.subscription.reference() != Some(subscription_id.as_str()) {
        return Ok(Err("not the order's subscription".into()));
    }
    let expected = order.lines.as_ref().map(|l| l.amounts.subscription_total.0);
    if expected != Some(invoice.amount_paid) || !invoice.currency.eq_ignore_ascii_case("gbp") {
        return Ok(Err(format!("amount {} {} is not the order's", invoice.amount_paid, invoice.currency)));
    }
    Ok(Ok((
        order_id,
        ServiceOrderCommand::Checkout(CheckoutStep::RecordPaymentSuccess {
            part: PaymentPart::Subscription,
            reference: subscription_id,
        }),
    )))
}

/// The provider's answer: the object, or why nothing is recorded (it has no such `what`);
/// an error when the provider could not be asked (Stripe delivers the event again).
fn asked<T>(answer: Result<T, GatewayError>, what: &str) -> Result<Result<T, String>, ApiError> {
    match answer {
        Ok(found) => Ok(Ok(found)),
        Err(GatewayError::NotFound) => Ok(Err(format!("the provider has no such {what}"))),
        Err(error) => Err(payment_failure(error, &STRIPE_UNREACHABLE)),
    }
}

async fn load_order(state: &AppState, id: &str) -> Result<Option<ServiceOrder>, ApiError> {
    if uuid::Uuid::parse_str(id).is_err() {
        return Ok(None);
    }
    match crate::app::checkout::load(state, id).await {
        Ok(order) => Ok(Some(order)),
        Err(error) if error.is(DomainRefusal::declared(&ServiceOrderError::NotFound)) => Ok(None),
        Err(error) => Err(error),
    }
}

/// Records the outcome Stripe confirmed; false when the order already knew it.
async fn record(state: &AppState, order_id: &str, command: ServiceOrderCommand) -> Result<bool, ApiError> {
    let stray = matches!(command, ServiceOrderCommand::RecordStrayPayment { .. });
    match state.orders.cqrs.execute(&WEBHOOK, order_id, command).await {
        Ok(_) if stray => {
            // Refunded now; should the provider fail, the workflow runner tries again.
            let refund =
                crate::app::workflows::run(state, crate::app::workflows::stray_payment::REFUND_STRAY_PAYMENT, order_id);
            if let Err(error) = refund.await {
                tracing::warn!(
                    order = order_id,
                    ?error,
                    "a stray top-up's refund failed; the workflow runner tries again"
                );
            }
            Ok(true)
        }
        Ok(_) => Ok(true),
        // Already known (paid, or the attempt already failed and moved on).
        Err(AggregateError::UserError(ServiceOrderError::AlreadyPaid | ServiceOrderError::UnknownPayment)) => Ok(false),
        Err(error) => Err(error.into()),
    }
}
