//! The checkout service with a fake payment provider: the order-and-payment steps against
//! PostgreSQL, without the Stripe stand-in. Each test scripts what the provider answers.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use aggregates::cart::CartCommand;
use aggregates::pricing::{BillingCycle, Plan};
use api::app::account_form::CustomerInfo;
use api::app::checkout::gateway::{
    CardSetup, GatewayError, InvoiceRecord, Outcome, PaymentGateway, PaymentRecord, PlanSpec, RefundRecord, Refusal,
    SetupState, SubscriptionRecord,
};
use api::app::checkout::{self, PayOrder, Payment, PlaceOrder};
use api::app::ids::{StripeId, StripeKind};
use api::app::state::AppState;
use api::platform::client::ClientAddress;
use async_trait::async_trait;

use crate::helpers::fresh_database;

/// What the fake provider holds and what it will answer next.
#[derive(Default)]
struct Provider {
    customers: usize,
    setups: Vec<CardSetup>,
    /// (id, owner, attempt key)
    subscriptions: Vec<(String, String, String)>,
    /// (id, amount, outcome)
    payments: Vec<(String, i64, Outcome)>,
    subscription_outcomes: VecDeque<Outcome>,
    confirm_outcomes: VecDeque<Outcome>,
    cancelled: Vec<String>,
    /// (payment id, amount, reason, key)
    refunds: Vec<(String, i64, String, String)>,
}

#[derive(Clone, Default)]
struct FakeGateway(Arc<Mutex<Provider>>);

impl FakeGateway {
    fn with(&self, change: impl FnOnce(&mut Provider)) {
        change(&mut self.0.lock().unwrap());
    }

    /// The browser confirmed the last card setup with card `pm_fake`.
    fn confirm_card(&self) {
        self.with(|p| {
            let setup = p.setups.last_mut().expect("a card setup");
            setup.state = SetupState::Succeeded;
            setup.card = Some("pm_fake".into());
            setup.status = "succeeded".into();
        });
    }
}

#[async_trait]
impl PaymentGateway for FakeGateway {
    async fn create_customer(&self, _: &str, _: &str, _: &str, _: &str) -> Result<String, GatewayError> {
        let mut p = self.0.lock().unwrap();
        p.customers += 1;
        Ok(format!("cus_fake{}", p.customers))
    }

    async fn create_card_setup(&self, _: &str, _: &str, _: &str) -> Result<CardSetup, GatewayError> {
        let mut p = self.0.lock().unwrap();
        let id = format!("seti_fake{}", p.setups.len());
        let setup = CardSetup {
            client_secret: Some(format!("{id}_secret")),
            id,
            state: SetupState::AwaitingCard,
            card: None,
            status: "requires_payment_method".into(),
        };
        p.setups.push(setup.clone());
        Ok(setup)
    }

    async fn card_setup(&self, id: &str) -> Result<CardSetup, GatewayError> {
        self.0.lock().unwrap().setups.iter().find(|s| s.id == id).cloned().ok_or(GatewayError::NotFound)
    }

    async fn card_owner(&self, _: &str) -> Result<Option<String>, GatewayError> {
        Ok(None)
    }

    async fn use_card(&self, _: &str, _: &str, _: &str) -> Result<(), GatewayError> {
        Ok(())
    }

    async fn ensure_plan(&self, _: &PlanSpec<'_>, _: &str) -> Result<(), GatewayError> {
        Ok(())
    }

    async fn start_subscription(&self, _: &str, _: &str, owner: &str, key: &str) -> Result<String, GatewayError> {
        let mut p = self.0.lock().unwrap();
        let id = format!("sub_fake{}", p.subscriptions.len());
        p.subscriptions.push((id.clone(), owner.into(), key.into()));
        Ok(id)
    }

    async fn subscription_made_by(&self, _: &str, owner: &str, key: &str) -> Result<Option<String>, GatewayError> {
        let p = self.0.lock().unwrap();
        Ok(p.subscriptions
            .iter()
            .find(|(id, o, k)| o == owner && k == key && !p.cancelled.contains(id))
            .map(|s| s.0.clone()))
    }

    async fn subscription(&self, id: &str) -> Result<SubscriptionRecord, GatewayError> {
        let p = self.0.lock().unwrap();
        let (id, owner, _) = p.subscriptions.iter().find(|s| s.0 == id).cloned().ok_or(GatewayError::NotFound)?;
        Ok(SubscriptionRecord { id, owner: Some(owner), active: true, status: "active".into() })
    }

    async fn subscription_outcome(&self, _: &str) -> Result<Outcome, GatewayError> {
        Ok(self.0.lock().unwrap().subscription_outcomes.pop_front().unwrap_or(Outcome::Succeeded))
    }

    async fn cancel_subscription(&self, id: &str) -> Result<(), GatewayError> {
        self.0.lock().unwrap().cancelled.push(id.into());
        Ok(())
    }

    async fn cancel_subscription_at_period_end(
        &self,
        id: &str,
        _: &str,
    ) -> Result<Option<chrono::DateTime<chrono::Utc>>, GatewayError> {
        self.0.lock().unwrap().cancelled.push(id.into());
        Ok(None)
    }

    async fn invoice(&self, _: &str) -> Result<InvoiceRecord, GatewayError> {
        Err(GatewayError::NotFound)
    }

    async fn create_payment(
        &self,
        amount: i64,
        _: &str,
        _: &str,
        owner: &str,
        _: &str,
    ) -> Result<PaymentRecord, GatewayError> {
        let mut p = self.0.lock().unwrap();
        let id = format!("pi_fake{}", p.payments.len());
        p.payments.push((id.clone(), amount, Outcome::NotConfirmed));
        Ok(PaymentRecord {
            id,
            owner: Some(owner.into()),
            amount,
            currency: "gbp".into(),
            outcome: Outcome::NotConfirmed,
        })
    }

    async fn confirm_payment(&self, id: &str, _: &str) -> Result<Outcome, GatewayError> {
        let mut p = self.0.lock().unwrap();
        let outcome = p.confirm_outcomes.pop_front().unwrap_or(Outcome::Succeeded);
        if let Some(payment) = p.payments.iter_mut().find(|x| x.0 == id) {
            payment.2 = outcome.clone();
        }
        Ok(outcome)
    }

    async fn cancel_payment(&self, id: &str, _: &str) -> Result<(), GatewayError> {
        let mut p = self.0.lock().unwrap();
        let payment = p.payments.iter_mut().find(|x| x.0 == id).ok_or(GatewayError::NotFound)?;
        payment.2 =
            Outcome::Declined(Refusal { code: "canceled".into(), decline_code: None, message: "Cancelled.".into() });
        Ok(())
    }

    async fn payment(&self, id: &str) -> Result<PaymentRecord, GatewayError> {
        let p = self.0.lock().unwrap();
        let (id, amount, outcome) = p.payments.iter().find(|x| x.0 == id).cloned().ok_or(GatewayError::NotFound)?;
        Ok(PaymentRecord { id, owner: None, amount, currency: "gbp".into(), outcome })
    }

    async fn refund_payment(
        &self,
        id: &str,
        amount: Option<aggregates::pricing::Pence>,
        reason: &str,
        key: &str,
    ) -> Result<RefundRecord, GatewayError> {
        let mut p = self.0.lock().unwrap();
        if let Some(index) = p.refunds.iter().position(|r| r.3 == key) {
            // Idempotent by key, as the provider is.
            return Ok(RefundRecord {
                id: format!("re_fake{index}"),
                amount: aggregates::pricing::Pence(p.refunds[index].1),
                status: "succeeded".into(),
            });
        }
        let (_, paid, outcome) = p.payments.iter().find(|x| x.0 == id).cloned().ok_or(GatewayError::NotFound)?;
        if outcome != Outcome::Succeeded {
            return Err(GatewayError::Provider("400: the payment was not charged".into()));
        }
        let refunded: i64 = p.refunds.iter().filter(|r| r.0 == id).map(|r| r.1).sum();
        let amount = amount.map_or(paid - refunded, |a| a.0);
        if amount <= 0 || refunded + amount > paid {
            return Err(GatewayError::Provider("400: more than is left to refund".into()));
        }
        p.refunds.push((id.into(), amount, reason.into(), key.into()));
        let index = p.refunds.len() - 1;
        Ok(RefundRecord {
            id: format!("re_fake{index}"),
            amount: aggregates::pricing::Pence(amount),
            status: "succeeded".into(),
        })
    }
}

async fn state() -> AppState {
    let pool = sqlx::PgPool::connect(&fresh_database().await).await.unwrap();
    api::startup::migrate(&pool).await.unwrap();
    AppState::new(pool)
}

async fn cart(state: &AppState, plan: Plan, top_up_pence: Option<i64>) -> String {
    let id = uuid::Uuid::new_v4().to_string();
    let run = |command| state.carts.cqrs.execute(&store::commands::BUYER, &id, command);
    run(CartCommand::CreateCart).await.unwrap();
    run(CartCommand::SelectPackage { plan, billing_cycle: BillingCycle::Monthly, quantity: 1 }).await.unwrap();
    if let Some(pence) = top_up_pence {
        run(CartCommand::SetTopUp { amount: aggregates::pricing::Pence(pence) }).await.unwrap();
    }
    id
}

fn buyer(email: &str) -> CustomerInfo {
    serde_json::from_value(serde_json::json!({
        "email": email, "password": "s3cret-Passw0rd", "confirmPassword": "s3cret-Passw0rd", "firstName": "Jane",
        "lastName": "Doe", "companyName": "Doe Ltd", "phone": "020 7946 0000", "postcode": "ID1 1QD",
        "addressLine1": "1 Example Road", "city": "Testtown", "country": "United Kingdom",
    }))
    .unwrap()
}

async fn place(state: &AppState, gateway: &FakeGateway, cart_id: &str, email: &str) -> checkout::PlacedOrder {
    let info = buyer(email);
    let address = ClientAddress("192.0.2.1".into());
    let request = PlaceOrder { cart_id, customer: &info, secret: None, address: &address, quote_version: None };
    checkout::place_order(state, gateway, request).await.unwrap_or_else(|e| panic!("{e:?}"))
}

async fn card(state: &AppState, gateway: &FakeGateway, order: &str) -> PayOrder {
    let address = ClientAddress("192.0.2.1".into());
    let setup = checkout::set_up_card(state, gateway, order, &address).await.unwrap_or_else(|e| panic!("{e:?}"));
    gateway.confirm_card();
    PayOrder {
        payment_method_id: StripeId::parse(StripeKind::PaymentMethod, "pm_fake"),
        setup_intent_id: StripeId::parse(StripeKind::SetupIntent, &setup.id),
    }
}

#[tokio::test]
async fn a_subscription_order_is_placed_paid_and_completed() {
    let (state, gateway) = (state().await, FakeGateway::default());
    let cart_id = cart(&state, Plan::SingleUser, None).await;
    let placed = place(&state, &gateway, &cart_id, "service@example.com").await;
    assert_eq!(placed.order.payment_customer_id.as_deref(), Some("cus_fake1"));
    let pay = card(&state, &gateway, &placed.id).await;
    let Payment::Paid(order) = checkout::pay_order(&state, &gateway, &placed.id, pay.clone()).await.unwrap() else {
        panic!("paid at once")
    };
    assert_eq!(order.subscription.reference(), Some("sub_fake0"));
    // Asked again: nothing more is made.
    assert!(matches!(checkout::pay_order(&state, &gateway, &placed.id, pay).await.unwrap(), Payment::Paid(_)));
    gateway.with(|p| assert_eq!(p.subscriptions.len(), 1));
    let done =
        checkout::create_account(&state, &placed.id, Some(&placed.secret), "s3cret-Passw0rd".into()).await.unwrap();
    assert_eq!(done.passwords.len(), 1);
    assert_eq!(done.order.extensions[0].number, "101");
}

#[tokio::test]
async fn three_d_secure_asks_the_browser_then_the_same_call_pays() {
    let (state, gateway) = (state().await, FakeGateway::default());
    let cart_id = cart(&state, Plan::SingleUser, None).await;
    let placed = place(&state, &gateway, &cart_id, "secure@example.com").await;
    let pay = card(&state, &gateway, &placed.id).await;
    gateway.with(|p| p.subscription_outcomes.push_back(Outcome::NeedsAction { client_secret: "pi_x_secret".into() }));
    let Payment::NeedsAction { client_secret, .. } =
        checkout::pay_order(&state, &gateway, &placed.id, pay.clone()).await.unwrap()
    else {
        panic!("3-D Secure first")
    };
    assert_eq!(client_secret, "pi_x_secret");
    assert!(matches!(checkout::pay_order(&state, &gateway, &placed.id, pay).await.unwrap(), Payment::Paid(_)));
    gateway.with(|p| assert_eq!(p.subscriptions.len(), 1, "the same subscription, asked again"));
}

#[tokio::test]
async fn a_declined_subscription_is_cancelled_and_recorded_and_another_card_pays() {
    let (state, gateway) = (state().await, FakeGateway::default());
    let cart_id = cart(&state, Plan::SingleUser, None).await;
    let placed = place(&state, &gateway, &cart_id, "declined@example.com").await;
    let pay = card(&state, &gateway, &placed.id).await;
    let refusal = Refusal {
        code: "card_declined".into(),
        decline_code: Some("insufficient_funds".into()),
        message: "Your card has insufficient funds.".into(),
    };
    gateway.with(|p| p.subscription_outcomes.push_back(Outcome::Declined(refusal)));
    let error = checkout::pay_order(&state, &gateway, &placed.id, pay).await.err().expect("declined");
    assert_eq!(
        (error.status().as_u16(), error.code(), error.message().as_str()),
        (402, "card_declined", "Your card has insufficient funds.")
    );
    gateway.with(|p| assert_eq!(p.cancelled, vec!["sub_fake0".to_string()]));
    let order = checkout::load(&state, &placed.id).await.unwrap();
    assert_eq!((order.failed_attempts, order.subscription.reference()), (1, None));
    // Another card: a new setup, a new attempt, paid.
    let pay = card(&state, &gateway, &placed.id).await;
    assert!(matches!(checkout::pay_order(&state, &gateway, &placed.id, pay).await.unwrap(), Payment::Paid(_)));
    gateway.with(|p| assert_eq!(p.subscriptions.len(), 2));
}

#[tokio::test]
async fn an_attempt_the_provider_already_made_is_adopted_not_made_again() {
    let (state, gateway) = (state().await, FakeGateway::default());
    let cart_id = cart(&state, Plan::SingleUser, None).await;
    let placed = place(&state, &gateway, &cart_id, "adopt@example.com").await;
    let pay = card(&state, &gateway, &placed.id).await;
    // As if a server had recorded the attempt, the provider had made the subscription, and
    // the server had died before storing its id.
    let key = format!("order-{}-subscription-0", placed.id);
    let start = aggregates::service_order::ServiceOrderCommand::Checkout(
        aggregates::service_order::CheckoutStep::StartPaymentAttempt {
            part: aggregates::service_order::PaymentPart::Subscription,
            attempt_key: key.clone(),
        },
    );
    state.orders.cqrs.execute(&store::commands::Context::system(), &placed.id, start).await.unwrap();
    gateway.start_subscription("cus_fake1", "plan", &placed.id, &key).await.unwrap();
    let Payment::Paid(order) = checkout::pay_order(&state, &gateway, &placed.id, pay).await.unwrap() else {
        panic!("paid")
    };
    assert_eq!(order.subscription.reference(), Some("sub_fake0"));
    gateway.with(|p| assert_eq!(p.subscriptions.len(), 1, "adopted, not made twice"));
}

#[tokio::test]
async fn a_top_up_is_made_unconfirmed_then_charged_once() {
    let (state, gateway) = (state().await, FakeGateway::default());
    let cart_id = cart(&state, Plan::PayAsYouGo, Some(1000)).await;
    let placed = place(&state, &gateway, &cart_id, "topup@example.com").await;
    let pay = card(&state, &gateway, &placed.id).await;
    let Payment::Paid(order) = checkout::pay_order(&state, &gateway, &placed.id, pay).await.unwrap() else {
        panic!("paid")
    };
    assert_eq!(order.top_up.reference(), Some("pi_fake0"));
    gateway.with(|p| {
        assert_eq!(p.payments.len(), 1);
        // £10 + 20% VAT, in pence, computed by the server.
        assert_eq!((p.payments[0].1, &p.payments[0].2), (1200, &Outcome::Succeeded));
        assert!(p.subscriptions.is_empty());
    });
}

#[tokio::test]
async fn a_card_the_order_never_set_up_pays_nothing() {
    let (state, gateway) = (state().await, FakeGateway::default());
    let cart_id = cart(&state, Plan::SingleUser, None).await;
    let placed = place(&state, &gateway, &cart_id, "foreign@example.com").await;
    checkout::set_up_card(&state, &gateway, &placed.id, &ClientAddress("192.0.2.1".into())).await.unwrap();
    let foreign =
        PayOrder { payment_method_id: None, setup_intent_id: StripeId::parse(StripeKind::SetupIntent, "seti_other") };
    let error = checkout::pay_order(&state, &gateway, &placed.id, foreign).await.err().expect("refused");
    assert_eq!(error.code(), "unknown_setup_intent", "{error:?}");
    let unconfirmed = PayOrder::default();
    let error = checkout::pay_order(&state, &gateway, &placed.id, unconfirmed).await.err().expect("refused");
    assert_eq!(error.code(), "setup_intent_failed", "{error:?}");
    gateway.with(|p| assert!(p.subscriptions.is_empty() && p.payments.is_empty()));
}
