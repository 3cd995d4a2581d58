//! Paying for a hardware order: the card saved through a setup intent (the browser confirms
//! it), one payment of the order's own total, 3-D Secure in the browser, and the
//! confirmation once the provider says the money is taken.
//!
//! Every step runs under the order's lock and reads the order's events before asking the
//! provider, so a double click or the browser's retries (three tries on a 400, a 404 or a
//! network error) reach the provider once; every creating call also carries an idempotency
//! key of the order and its attempt. A payment is created unconfirmed, recorded, and only
//! then confirmed: a server that dies in between leaves an uncharged payment, never two
//! charges.

use aggregates::hardware_order::{HardwareOrder, HardwareOrderCommand, HardwareOrderError, HardwareOrderStatus};
use aggregates::payment_attempt::PaymentAttempt;
use aggregates::payments::{CardSetup, Outcome, PaymentError, PaymentGateway, Refusal, SetupState};
use aggregates::pricing::Pence;
use async_trait::async_trait;

use super::order::{check_secret, holds_secret, load, order_quote, run, Quote};
use crate::app::ids::StripeId;
use crate::app::locks::locked;
use crate::app::payments::failures::payment_failure;
use crate::app::payments::{self, Charged, PayableOrder};
use crate::app::state::AppState;
use crate::app::workflows::hardware_order::{confirm_once, ConfirmError, HardwareOrders};
use crate::platform::client::ClientAddress;
use crate::platform::error::ApiError;
use crate::platform::refusals::{
    ApiRefusal, CARD_TO_ENTER_AGAIN, PAYMENT_NOT_FOUND, PAYMENT_PROCESSING, PAYMENT_REFUNDED, PROVIDER_DOWN,
};
use store::commands::{Context, BUYER};

/// A card setup for the order (a new one when the last was used or failed, within the caps
/// of card_setups.rs: per order, per `address`), with its payment customer made first.
pub async fn set_up_card(
    state: &AppState,
    gateway: &dyn PaymentGateway,
    id: &str,
    secret: Option<&str>,
    address: &ClientAddress,
) -> Result<CardSetup, ApiError> {
    check_secret(state, id, secret).await?;
    payments::set_up_card::<HardwareOrder>(state, gateway, id, address).await
}

/// A placed order that can still be paid (409 once paid or expired).
async fn open_order(state: &AppState, id: &str) -> Result<HardwareOrder, ApiError> {
    let order = load(state, id).await?;
    match order.status {
        HardwareOrderStatus::Placed => Ok(order),
        HardwareOrderStatus::Cancelled if order.superseded_by.is_some() => Err(HardwareOrderError::Superseded.into()),
        HardwareOrderStatus::Cancelled => Err(HardwareOrderError::Cancelled.into()),
        _ => Err(HardwareOrderError::AlreadyPaid.into()),
    }
}

/// The hardware order as the payment use case sees it: one payment of its own total, keyed
/// `hw-{id}-pay-{attempt}`, the card made the customer's just before it is made.
#[async_trait]
impl PayableOrder for HardwareOrder {
    const PROVIDER_FAILED: &'static ApiRefusal = &PROVIDER_DOWN;
    const SETUP_FAILED: &'static ApiRefusal = &PROVIDER_DOWN;
    const AFTER_MADE: Option<&'static str> = None;

    fn lock(id: &str) -> String {
        jobs::hardware_orders::lock_name(id)
    }

    async fn load_payable(state: &AppState, id: &str) -> Result<Self, ApiError> {
        open_order(state, id).await
    }

    fn attempt(&self) -> &PaymentAttempt {
        &self.payment
    }

    fn amount(&self) -> Pence {
        self.amounts.total
    }

    fn attempt_key(&self, id: &str) -> String {
        let number = match self.payment.under_way() {
            Some(_) => self.payment.number,
            None => self.declined_attempts + 1,
        };
        format!("hw-{id}-pay-{number}")
    }

    fn confirm_key(key: &str) -> String {
        format!("{key}-confirm")
    }

    async fn payment_customer(
        &self,
        state: &AppState,
        gateway: &dyn PaymentGateway,
        id: &str,
    ) -> Result<String, ApiError> {
        if let Some(customer) = &self.payment_customer_id {
            return Ok(customer.clone());
        }
        let name = format!("{} {}", self.customer.first_name, self.customer.last_name);
        let key = format!("hw-{id}-customer");
        let customer = gateway
            .create_customer(&self.customer.email, &name, id, &key)
            .await
            .map_err(|e| payment_failure(e, &PROVIDER_DOWN))?;
        run(state, &BUYER, id, HardwareOrderCommand::RegisterPaymentCustomer { customer_id: customer.clone() }).await?;
        Ok(customer)
    }

    fn last_card_setup(&self) -> Option<&str> {
        self.card_setup_id.as_deref()
    }

    fn may_start_card_setup(&self) -> Result<(), ApiError> {
        if !HardwareOrder::may_start_card_setup(self) {
            return Err(HardwareOrderError::TooManyCardSetups.into());
        }
        Ok(())
    }

    fn card_setup_key(&self, id: &str) -> String {
        format!("hw-{id}-setup-{}-{}", self.declined_attempts, self.card_setup_id.as_deref().unwrap_or("first"))
    }

    async fn record_card_setup(state: &AppState, id: &str, setup_intent_id: &str) -> Result<(), ApiError> {
        let command = HardwareOrderCommand::StartCardSetup { setup_intent_id: setup_intent_id.to_string() };
        run(state, &BUYER, id, command).await
    }

    async fn before_made(
        &self,
        _state: &AppState,
        gateway: &dyn PaymentGateway,
        _id: &str,
        key: &str,
        customer: &str,
        card: &str,
    ) -> Result<(), ApiError> {
        gateway.use_card(customer, card, &format!("{key}-card")).await.map_err(|e| payment_failure(e, &PROVIDER_DOWN))
    }

    async fn record_made(&self, state: &AppState, id: &str, reference: &str, card: &str) -> Result<(), ApiError> {
        let command = HardwareOrderCommand::StartPayment {
            payment_intent_id: reference.to_string(),
            card: card.to_string(),
            amount: self.amounts.total,
        };
        run(state, &BUYER, id, command).await
    }

    async fn record_paid(state: &AppState, id: &str, reference: &str) -> Result<(), ApiError> {
        paid(state, &BUYER, id, reference).await
    }

    /// Records the refused attempt (the order stays open for another card) and cancels it at
    /// the provider (a declined payment could otherwise still be completed with another card
    /// through its client secret).
    async fn record_declined(
        state: &AppState,
        gateway: &dyn PaymentGateway,
        id: &str,
        reference: &str,
        refusal: &Refusal,
    ) -> Result<(), ApiError> {
        let command = HardwareOrderCommand::RecordDecline {
            payment_intent_id: reference.to_string(),
            code: refusal.code.clone(),
            decline_code: refusal.decline_code.clone(),
        };
        run(state, &BUYER, id, command).await?;
        jobs::hardware_orders::cancel_at_provider(gateway, id, reference).await;
        Ok(())
    }

    fn processing() -> ApiError {
        ApiError::refused(&PAYMENT_PROCESSING)
    }
}

/// Where a payment stands after `pay`.
pub enum HardwarePayment {
    /// Paid: the amount the provider charged (the order's own total).
    Paid {
        payment_intent_id: String,
        amount: Pence,
    },
    NeedsAction {
        payment_intent_id: String,
        client_secret: String,
    },
    /// The buyer's page showed another quote than the order's: nothing was charged; this is
    /// the order's own.
    PriceChanged(Quote),
}

/// Charges the order's total to `card` (a card the order's own setup saved), when
/// `quote_version` (the quote the buyer's page shows, if it names one) is the order's. A
/// replay answers what the first call did.
pub async fn pay(
    state: &AppState,
    gateway: &dyn PaymentGateway,
    id: &str,
    secret: Option<&str>,
    card: &StripeId,
    quote_version: Option<&str>,
) -> Result<HardwarePayment, ApiError> {
    check_secret(state, id, secret).await?;
    let card = card.as_str();
    locked(state, HardwareOrder::lock(id), async {
        let order = load(state, id).await?;
        if order.status.is_paid() {
            let payment_intent_id = order.payment.paid_reference().unwrap_or_default().to_string();
            return Ok(HardwarePayment::Paid { payment_intent_id, amount: order.amounts.total });
        }
        let order = open_order(state, id).await?;
        if quote_version.is_some_and(|v| v.trim() != order.quote_version()) {
            return Ok(HardwarePayment::PriceChanged(order_quote(state, &order).await?));
        }
        let customer = order.payment_customer_id.clone().ok_or_else(invalid_card)?;
        // Only a card this order's own setup saved (3-D Secure for the setup done in the browser).
        let setup_id = order.card_setup_id.clone().ok_or_else(invalid_card)?;
        let setup = gateway.card_setup(&setup_id).await.map_err(|e| payment_failure(e, &PROVIDER_DOWN))?;
        if setup.state != SetupState::Succeeded || setup.card.as_deref() != Some(card) {
            return Err(invalid_card());
        }
        Ok(match payments::charge(state, gateway, id, &order, &customer, card).await? {
            Charged::Paid { reference } => {
                HardwarePayment::Paid { payment_intent_id: reference, amount: order.amounts.total }
            }
            Charged::NeedsAction { reference, client_secret } => {
                HardwarePayment::NeedsAction { payment_intent_id: reference, client_secret }
            }
        })
    })
    .await
}

/// Records the payment (`PaymentRecorded`): the order is paid, and its confirmation owed.
async fn paid(state: &AppState, context: &Context, id: &str, payment_intent_id: &str) -> Result<(), ApiError> {
    let order = load(state, id).await?;
    let command = HardwareOrderCommand::RecordPayment {
        payment_intent_id: payment_intent_id.to_string(),
        amount: order.amounts.total,
        status: "succeeded".into(),
    };
    run(state, context, id, command).await?;
    crate::app::faults::point(state, "after-hardware-payment-recorded");
    Ok(())
}

/// Records a payment the order did not take (`StrayPaymentReceived`) and refunds it now
/// (the `refund-stray-payment` workflow; the runner tries again if the provider fails);
/// answers 409 `payment_refunded`.
async fn stray(state: &AppState, context: &Context, id: &str, payment_intent_id: &str, amount: Pence) -> ApiError {
    let command = HardwareOrderCommand::RecordStrayPayment { payment_intent_id: payment_intent_id.to_string(), amount };
    if let Err(error) = run(state, context, id, command).await {
        return error;
    }
    let stray_payment = crate::app::workflows::stray_payment::REFUND_STRAY_PAYMENT;
    if let Err(error) = crate::app::workflows::run(state, stray_payment, id).await {
        tracing::warn!(order = %id, ?error, "a stray payment's refund failed; the workflow runner tries again");
    }
    ApiError::refused(&PAYMENT_REFUNDED)
}

fn invalid_card() -> ApiError {
    ApiError::refused(&CARD_TO_ENTER_AGAIN)
}

fn not_found() -> ApiError {
    ApiError::refused(&PAYMENT_NOT_FOUND)
}

/// What the confirmation answers.
pub struct Confirmation {
    pub id: String,
    pub order: HardwareOrder,
    /// The caller holds the order's secret: it may see the order's details.
    pub for_buyer: bool,
}

/// Confirms the order the payment `payment_intent_id` was made for, once the provider says
/// it succeeded for the order's own total in pounds: the payment recorded, then the order
/// confirmed (e-mail queued, stock noted, the phones out of the cart). When confirming fails
/// the order is marked payment-only (or error-handled) and the job confirms it later; the
/// answer says so. A second call answers the same and queues nothing more.
pub async fn confirm_payment(
    state: &AppState,
    gateway: &dyn PaymentGateway,
    payment_intent_id: &StripeId,
    order_id: Option<&str>,
    secret: Option<&str>,
    context: &Context,
) -> Result<Confirmation, ApiError> {
    let payment_intent_id = payment_intent_id.as_str();
    let record = match gateway.payment(payment_intent_id).await {
        Ok(record) => record,
        Err(PaymentError::NotFound) => return Err(not_found()),
        Err(error) => return Err(payment_failure(error, &PROVIDER_DOWN)),
    };
    // The provider names the order it was made for; a body that names another is refused.
    let id = record
        .owner
        .clone()
        .and_then(|o| uuid::Uuid::parse_str(&o).ok())
        .map(|u| u.to_string())
        .ok_or_else(not_found)?;
    if order_id.is_some_and(|given| given != id) {
        return Err(not_found());
    }
    locked(state, HardwareOrder::lock(&id), async {
        let order = load(state, &id).await.map_err(|_| not_found())?;
        let taken = order.payment.paid_reference() == Some(record.id.as_str());
        let under_way = order.payment.is_under_way(&record.id);
        if !taken && (!under_way || order.status.is_paid() || order.superseded_by.is_some()) {
            // Not the payment the order takes: money it took anyway goes back.
            if record.outcome == Outcome::Succeeded && record.currency.eq_ignore_ascii_case("gbp") {
                return Err(stray(state, context, &id, &record.id, Pence(record.amount)).await);
            }
            return Err(not_found());
        }
        if !order.status.is_paid() {
            let good = record.outcome == Outcome::Succeeded
                && record.amount == order.amounts.total.0
                && record.currency.eq_ignore_ascii_case("gbp");
            if !good {
                return Err(HardwareOrderError::PaymentNotSucceeded.into());
            }
            paid(state, context, &id, &record.id).await?;
        }
        let ctx = HardwareOrders::of(state, context.clone());
        let for_buyer = holds_secret(state, &id, secret).await? == Some(true);
        // `PaymentRecorded` made the confirmation owed: it runs here, or the runner that has
        // it now is waited for.
        match confirm_once(&ctx, &id).await {
            Ok(Some(order)) => Ok(Confirmation { id: id.clone(), order, for_buyer }),
            Ok(None) => {
                crate::app::workflows::run(state, crate::app::workflows::CONFIRM_HARDWARE_ORDER, &id).await?;
                Ok(Confirmation { id: id.clone(), order: load(state, &id).await?, for_buyer })
            }
            Err(error) => {
                tracing::error!(order = %id, %error, "a paid hardware order could not be confirmed; the job tries again");
                let mark = match error {
                    ConfirmError::Storage(_) => HardwareOrderCommand::MarkPaymentOnly,
                    ConfirmError::Unexpected(_) => HardwareOrderCommand::MarkErrorHandled,
                };
                run(state, context, &id, mark).await?;
                Ok(Confirmation { id: id.clone(), order: load(state, &id).await?, for_buyer })
            }
        }
    })
    .await
}
