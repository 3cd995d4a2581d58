//! One payment use case for both checkouts: the card setup the browser confirms, and the
//! one-time payment of an order (the hardware order's total, the service order's top-up),
//! written once over [`PayableOrder`], which each order kind implements (how to load it,
//! what it charges, and its commands for each step).
//!
//! The sequence every payment follows, under the order's lock:
//!
//! 1. **The attempt under way first.** The order's [`PaymentAttempt`] names the payment a
//!    step before made: its outcome is asked of the provider (charged now when it was made
//!    but never charged: the server died in between), and recorded.
//! 2. **Else a new attempt**, with a key of the order and its attempt number: the order
//!    records what it must before the provider is asked ([`PayableOrder::before_made`]),
//!    the provider makes the payment unconfirmed (idempotent by the key), the order records
//!    it, and only then is it charged (idempotent by the key again).
//! 3. **The outcome recorded**: paid, declined (the attempt is over and cancelled at the
//!    provider, so its client secret cannot charge it later), 3-D Secure for the browser,
//!    or still processing.
//!
//! A server killed at any point leaves either nothing at the provider, or a payment the
//! order's attempt names (step 1 finds it): never two charges.
//!
//! | piece | where |
//! |---|---|
//! | the attempt's state and transitions | aggregates/src/payment_attempt.rs |
//! | the service order's payment (top-up here, then its subscription) | app/checkout/payment.rs |
//! | the hardware order's payment and its confirmation | app/hardware_checkout/payment.rs |
//! | how a refusal or a provider failure is answered | failures.rs |

pub mod failures;

use aggregates::payment_attempt::PaymentAttempt;
use aggregates::payments::{CardSetup, Outcome, PaymentError, PaymentGateway, Refusal, SetupState};
use aggregates::pricing::Pence;
use async_trait::async_trait;

use self::failures::{declined, payment_failure};
use crate::app::card_setups;
use crate::app::locks::locked;
use crate::app::state::AppState;
use crate::platform::client::ClientAddress;
use crate::platform::error::ApiError;
use crate::platform::refusals::ApiRefusal;

/// An order the payment use case can charge: what it is, and how each step is recorded.
#[async_trait]
pub trait PayableOrder: Sized + Send + Sync {
    /// The 502 when the provider fails.
    const PROVIDER_FAILED: &'static ApiRefusal;
    /// The 502 when the provider fails to make a card setup.
    const SETUP_FAILED: &'static ApiRefusal;
    /// The fault point (crate::app::faults) right after the provider made a payment.
    const AFTER_MADE: Option<&'static str>;

    /// The advisory lock every payment step of order `id` runs under.
    fn lock(id: &str) -> String;

    /// The order, refused (404, 409) when it cannot be paid now.
    async fn load_payable(state: &AppState, id: &str) -> Result<Self, ApiError>;

    /// The one-time payment's attempt.
    fn attempt(&self) -> &PaymentAttempt;

    /// What the one-time payment charges: always the order's own figure.
    fn amount(&self) -> Pence;

    /// The key of the attempt under way, or of the next one when none is.
    fn attempt_key(&self, id: &str) -> String;

    /// The key the provider's charge of the attempt with `key` carries.
    fn confirm_key(key: &str) -> String;

    /// The payment customer a card setup is made on (made and recorded first when the
    /// order has none and may make one).
    async fn payment_customer(
        &self,
        state: &AppState,
        gateway: &dyn PaymentGateway,
        id: &str,
    ) -> Result<String, ApiError>;

    /// The card setup made last for this order.
    fn last_card_setup(&self) -> Option<&str>;

    /// Whether another card setup may start, else the refusal.
    fn may_start_card_setup(&self) -> Result<(), ApiError>;

    /// The idempotency key of a new card setup (new after each setup and each refusal).
    fn card_setup_key(&self, id: &str) -> String;

    /// Records the card setup just made.
    async fn record_card_setup(state: &AppState, id: &str, setup_intent_id: &str) -> Result<(), ApiError>;

    /// What is recorded or done before the provider makes a new payment with `key`.
    async fn before_made(
        &self,
        state: &AppState,
        gateway: &dyn PaymentGateway,
        id: &str,
        key: &str,
        customer: &str,
        card: &str,
    ) -> Result<(), ApiError>;

    /// Records the payment the provider made for the attempt.
    async fn record_made(&self, state: &AppState, id: &str, reference: &str, card: &str) -> Result<(), ApiError>;

    /// Records the payment as paid.
    async fn record_paid(state: &AppState, id: &str, reference: &str) -> Result<(), ApiError>;

    /// Records the refusal, ending the attempt, and cancels the payment at the provider.
    async fn record_declined(
        state: &AppState,
        gateway: &dyn PaymentGateway,
        id: &str,
        reference: &str,
        refusal: &Refusal,
    ) -> Result<(), ApiError>;

    /// The answer while the bank is still processing.
    fn processing() -> ApiError;
}

/// The card setup the browser confirms: the order's last one while it still waits for a
/// card, else a new one, within the caps of card_setups.rs (per order, per `address`).
pub async fn set_up_card<O: PayableOrder>(
    state: &AppState,
    gateway: &dyn PaymentGateway,
    id: &str,
    address: &ClientAddress,
) -> Result<CardSetup, ApiError> {
    locked(state, O::lock(id), async {
        let order = O::load_payable(state, id).await?;
        let customer = order.payment_customer(state, gateway, id).await?;
        if let Some(last) = order.last_card_setup() {
            let setup = gateway.card_setup(last).await.map_err(|e| payment_failure(e, O::SETUP_FAILED))?;
            if setup.state == SetupState::AwaitingCard {
                return Ok(setup);
            }
        }
        order.may_start_card_setup()?;
        let key = order.card_setup_key(id);
        let making = gateway.create_card_setup(&customer, id, &key);
        let setup = card_setups::make_counted(state, address, O::SETUP_FAILED, making).await?;
        O::record_card_setup(state, id, &setup.id).await?;
        Ok(setup)
    })
    .await
}

/// Where a one-time payment stands after [`charge`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Charged {
    /// Paid (and recorded) by this payment.
    Paid { reference: String },
    /// The bank asks for 3-D Secure: the browser completes it with this secret, then asks again.
    NeedsAction { reference: String, client_secret: String },
}

/// Charges the order's one-time payment to `card` of `customer`, once however often it is
/// asked (see the module's header). Runs under the order's lock, which the caller holds.
pub async fn charge<O: PayableOrder>(
    state: &AppState,
    gateway: &dyn PaymentGateway,
    id: &str,
    order: &O,
    customer: &str,
    card: &str,
) -> Result<Charged, ApiError> {
    let fail = |e| payment_failure(e, O::PROVIDER_FAILED);
    let mut reloaded = None;
    if let Some(reference) = order.attempt().under_way() {
        let key = order.attempt_key(id);
        let same_card = order.attempt().card.as_deref().is_none_or(|c| c == card);
        let outcome = match gateway.payment(reference).await.map_err(fail)?.outcome {
            // Made but never charged (the server died before charging it): charged now.
            Outcome::NotConfirmed if same_card => confirm::<O>(gateway, reference, &O::confirm_key(&key)).await?,
            outcome => outcome,
        };
        match outcome {
            Outcome::NeedsAction { client_secret } if same_card => {
                return Ok(Charged::NeedsAction { reference: reference.to_string(), client_secret })
            }
            Outcome::Succeeded | Outcome::Processing | Outcome::Declined(_) => {
                return settle::<O>(state, gateway, id, reference, outcome).await
            }
            // Asked to charge it, and still not charged: the bank has it.
            Outcome::NotConfirmed if same_card => return Err(O::processing()),
            // Another card now: the payment under way (never charged) is cancelled at the
            // provider first, so a 3-D Secure finished later in another tab cannot charge
            // it as well; when it was charged meanwhile, that payment is the order's.
            _ => {
                if let Err(error) = gateway.cancel_payment(reference, &key).await {
                    if gateway.payment(reference).await.map_err(fail)?.outcome == Outcome::Succeeded {
                        return settle::<O>(state, gateway, id, reference, Outcome::Succeeded).await;
                    }
                    return Err(fail(error));
                }
                let abandoned =
                    Refusal { code: "abandoned".into(), decline_code: None, message: "Another card was used.".into() };
                if let Err(error) = O::record_declined(state, gateway, id, reference, &abandoned).await {
                    tracing::warn!(order = id, payment = reference, ?error, "an abandoned payment was not recorded");
                }
                reloaded = Some(O::load_payable(state, id).await?);
            }
        }
    }
    let order = reloaded.as_ref().unwrap_or(order);
    let key = order.attempt_key(id);
    order.before_made(state, gateway, id, &key, customer, card).await?;
    let made = gateway.create_payment(order.amount().0, customer, card, id, &key).await.map_err(fail)?;
    if let Some(point) = O::AFTER_MADE {
        crate::app::faults::point(state, point);
    }
    order.record_made(state, id, &made.id, card).await?;
    let outcome = match made.outcome {
        Outcome::NotConfirmed => confirm::<O>(gateway, &made.id, &O::confirm_key(&key)).await?,
        outcome => outcome,
    };
    match outcome {
        Outcome::NeedsAction { client_secret } => Ok(Charged::NeedsAction { reference: made.id, client_secret }),
        outcome => settle::<O>(state, gateway, id, &made.id, outcome).await,
    }
}

/// Asks the provider to charge the payment; a card refusal is an outcome, not an error.
async fn confirm<O: PayableOrder>(
    gateway: &dyn PaymentGateway,
    reference: &str,
    key: &str,
) -> Result<Outcome, ApiError> {
    match gateway.confirm_payment(reference, key).await {
        Ok(outcome) => Ok(outcome),
        Err(PaymentError::Declined { code, decline_code, message }) => {
            Ok(Outcome::Declined(Refusal { code, decline_code, message }))
        }
        Err(error) => Err(payment_failure(error, O::PROVIDER_FAILED)),
    }
}

/// Records a final outcome: paid, or refused (402); still processing is the order's answer.
async fn settle<O: PayableOrder>(
    state: &AppState,
    gateway: &dyn PaymentGateway,
    id: &str,
    reference: &str,
    outcome: Outcome,
) -> Result<Charged, ApiError> {
    match outcome {
        Outcome::Succeeded => {
            O::record_paid(state, id, reference).await?;
            Ok(Charged::Paid { reference: reference.to_string() })
        }
        Outcome::Declined(refusal) => {
            O::record_declined(state, gateway, id, reference, &refusal).await?;
            Err(declined(&refusal))
        }
        Outcome::NeedsAction { .. } | Outcome::Processing | Outcome::NotConfirmed => Err(O::processing()),
    }
}
