//! Card payments through Stripe with async-stripe: its client (keys, base URL, idempotency
//! keys, retries) and request builder, with our own small response types holding only the
//! fields we read, so the same code runs against Stripe and the local stand-in
//! (localstripe), whose replies lack many of today's fields.
//!
//! Every call that creates something carries an idempotency key derived from the order and
//! the step, so a retried step never charges twice. This is the one place that knows
//! Stripe's shapes: the rest of the shop speaks to it as a PaymentGateway
//! (crate::app::checkout::gateway), and the time spent waiting for Stripe in a request is added
//! up for its `Server-Timing` header (crate::platform::timing).

use std::collections::BTreeMap;

use async_trait::async_trait;
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{json, Value};
use stripe::{Client, ClientBuilder, IdempotencyKey, RequestStrategy, StripeError};
use stripe_client_core::{RequestBuilder, StripeMethod};

use crate::platform::config::Secret;
use aggregates::payments::{
    CardDetails, CardSetup, ChargeRecord, DisputeRecord, InvoiceRecord, InvoiceSummary, Outcome, PaymentError,
    PaymentGateway, PaymentRecord, PlanSpec, RefundRecord, Refusal, SetupState, SubscriptionRecord, SubscriptionTerms,
};
use aggregates::pricing::Pence;

#[derive(Clone)]
pub struct Stripe {
    client: Client,
}

/// Stripe's error in the gateway's words: a card refusal, a missing object, or anything else.
fn payment_error(error: StripeError) -> PaymentError {
    match error {
        StripeError::Stripe(api, status) => {
            let code = api.code.as_ref().map(|c| c.as_str().to_string());
            let is_card = status == 402 || api.type_.as_str() == "card_error";
            if status == 404 {
                PaymentError::NotFound
            } else if is_card {
                PaymentError::Declined {
                    code: code.unwrap_or_else(|| "card_declined".into()),
                    decline_code: api.decline_code.clone(),
                    message: api.message.clone().unwrap_or_else(|| "Your card was declined.".into()),
                }
            } else {
                PaymentError::Provider(format!(
                    "{status} {}: {}",
                    code.unwrap_or_default(),
                    api.message.clone().unwrap_or_default()
                ))
            }
        }
        other => PaymentError::Provider(other.to_string()),
    }
}

/// A call's name for the metrics, without ids or query: `GET /setup_intents/{id}`,
/// `POST /payment_intents/{id}/confirm`.
fn operation(method: StripeMethod, path: &str) -> String {
    let method = match method {
        StripeMethod::Get => "GET",
        StripeMethod::Post => "POST",
        StripeMethod::Delete => "DELETE",
    };
    let path = path.split('?').next().unwrap_or_default();
    let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    let named: Vec<&str> =
        segments.iter().enumerate().map(|(i, segment)| if i == 1 { "{id}" } else { segment }).collect();
    format!("{method} /{}", named.join("/"))
}

/// A call's outcome for the metrics.
fn outcome_label<T>(answer: &Result<T, PaymentError>) -> &'static str {
    match answer {
        Ok(_) => "ok",
        Err(PaymentError::Declined { .. }) => "declined",
        Err(PaymentError::NotFound) => "not_found",
        Err(_) => "error",
    }
}

#[derive(Debug, Clone, Deserialize)]
pub struct Created {
    pub id: String,
}

/// What a plan charges: checked before an existing plan is used.
#[derive(Debug, Clone, Deserialize)]
pub struct PlanTerms {
    pub amount: Option<i64>,
    pub currency: String,
    pub interval: String,
    #[serde(default)]
    pub interval_count: Option<u32>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct SetupIntent {
    pub id: String,
    pub status: String,
    pub client_secret: Option<String>,
    pub payment_method: Option<String>,
    pub customer: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct PaymentMethod {
    pub id: String,
    pub customer: Option<String>,
    #[serde(default)]
    pub card: Option<Card>,
}

/// What a card payment method says of its card.
#[derive(Debug, Clone, Deserialize)]
pub struct Card {
    #[serde(default)]
    pub brand: String,
    #[serde(default)]
    pub last4: String,
    #[serde(default)]
    pub exp_month: u32,
    #[serde(default)]
    pub exp_year: u32,
}

/// A customer's invoice settings (its default card).
#[derive(Debug, Clone, Deserialize)]
pub struct Customer {
    #[serde(default)]
    pub invoice_settings: Option<InvoiceSettings>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct InvoiceSettings {
    #[serde(default)]
    pub default_payment_method: Option<String>,
}

/// One invoice of a list, with the fields the account's billing shows.
#[derive(Debug, Clone, Deserialize)]
pub struct ListedInvoice {
    pub id: String,
    #[serde(default)]
    pub number: Option<String>,
    #[serde(default)]
    pub created: Option<i64>,
    /// Older API versions and the stand-in.
    #[serde(default)]
    pub date: Option<i64>,
    #[serde(default)]
    pub status: Option<String>,
    #[serde(default)]
    pub amount_due: i64,
    #[serde(default)]
    pub amount_paid: i64,
    #[serde(default)]
    pub currency: String,
    #[serde(default)]
    pub hosted_invoice_url: Option<String>,
    #[serde(default)]
    pub invoice_pdf: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize)]
pub struct LastPaymentError {
    pub code: Option<String>,
    pub decline_code: Option<String>,
    pub message: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct PaymentIntent {
    pub id: String,
    pub status: String,
    pub client_secret: Option<String>,
    pub amount: i64,
    #[serde(default)]
    pub currency: String,
    pub last_payment_error: Option<LastPaymentError>,
    #[serde(default)]
    pub metadata: BTreeMap<String, String>,
    /// The invoice it pays (older API versions and the stand-in).
    #[serde(default)]
    pub invoice: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Charge {
    pub id: String,
    pub amount: i64,
    #[serde(default)]
    pub currency: String,
    pub status: String,
    #[serde(default)]
    pub payment_intent: Option<String>,
    /// Older API versions; the stand-in says it on the payment intent.
    #[serde(default)]
    pub invoice: Option<String>,
    #[serde(default)]
    pub metadata: BTreeMap<String, String>,
}

/// Stripe's dispute. The stand-in (localstripe 1.15.10) has no disputes at all.
#[derive(Debug, Clone, Deserialize)]
pub struct Dispute {
    pub id: String,
    pub charge: String,
    pub amount: i64,
    #[serde(default)]
    pub currency: String,
    pub status: String,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Refund {
    pub id: String,
    pub amount: i64,
    pub status: String,
    #[serde(default)]
    pub metadata: BTreeMap<String, String>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Subscription {
    pub id: String,
    pub status: String,
    /// When a cancellation takes effect (newer API versions say it here).
    #[serde(default)]
    pub cancel_at: Option<i64>,
    /// Older API versions and the stand-in; newer ones say it on each item.
    #[serde(default)]
    pub current_period_end: Option<i64>,
    #[serde(default)]
    pub cancel_at_period_end: bool,
    /// Its items (newer API versions keep each item's period there).
    #[serde(default)]
    pub items: Option<Value>,
    pub latest_invoice: Option<String>,
    #[serde(default)]
    pub customer: Option<String>,
    #[serde(default)]
    pub metadata: BTreeMap<String, String>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct List<T> {
    pub data: Vec<T>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct ConfirmationSecret {
    pub client_secret: String,
}

#[derive(Debug, Clone, Deserialize)]
pub struct Invoice {
    pub id: String,
    #[serde(default)]
    pub status: Option<String>,
    #[serde(default)]
    pub amount_paid: i64,
    #[serde(default)]
    pub currency: String,
    /// Older API versions and the stand-in; newer ones say it under `parent`.
    #[serde(default)]
    pub subscription: Option<String>,
    #[serde(default)]
    pub parent: Option<Value>,
    /// Older API versions and the stand-in.
    pub payment_intent: Option<String>,
    /// Newer API versions: the invoice's payment to confirm in the browser.
    pub confirmation_secret: Option<ConfirmationSecret>,
}

impl Invoice {
    /// The subscription this invoice bills, in either API version's place.
    pub fn subscription_id(&self) -> Option<String> {
        self.subscription
            .clone()
            .or_else(|| self.parent.as_ref()?["subscription_details"]["subscription"].as_str().map(str::to_string))
    }
}

impl Stripe {
    /// `base_url` is Stripe's (`https://api.stripe.com/`) or the stand-in's.
    pub fn new(secret: &Secret, base_url: &str) -> Result<Stripe, String> {
        let client = ClientBuilder::new(secret.expose())
            .url(base_url)
            .request_strategy(RequestStrategy::Once)
            .build()
            .map_err(|e| e.to_string())?;
        Ok(Stripe { client })
    }

    async fn send<T: DeserializeOwned>(
        &self,
        method: StripeMethod,
        path: String,
        form: Option<Value>,
        key: Option<String>,
    ) -> Result<T, PaymentError> {
        let operation = operation(method, &path);
        let mut request = RequestBuilder::new(method, path);
        if let Some(form) = form {
            request = request.form(&form);
        }
        // async-stripe reads replies with miniserde; take them as its JSON value and read
        // only our fields with serde.
        let mut request = request.customize::<miniserde::json::Value>();
        if let Some(key) = key {
            let key = IdempotencyKey::new(key).map_err(|e| PaymentError::Provider(e.to_string()))?;
            // A repeat of the step sends the same key: Stripe answers it with the first result.
            request = request.request_strategy(RequestStrategy::Idempotent(key));
        }
        let started = std::time::Instant::now();
        let answer = crate::platform::timing::stripe(request.send(&self.client)).await.map_err(payment_error);
        crate::platform::metrics::stripe_call(operation, outcome_label(&answer), started.elapsed());
        let value = answer?;
        serde_json::from_str(&miniserde::json::to_string(&value))
            .map_err(|e| PaymentError::Provider(format!("unexpected reply from the payment provider: {e}")))
    }

    async fn post<T: DeserializeOwned>(&self, path: String, form: Value, key: &str) -> Result<T, PaymentError> {
        self.send(StripeMethod::Post, path, Some(form), Some(key.to_string())).await
    }

    async fn get<T: DeserializeOwned>(&self, path: String) -> Result<T, PaymentError> {
        self.send(StripeMethod::Get, path, None, None).await
    }

    async fn post_customer(&self, email: &str, name: &str, order_id: &str, key: &str) -> Result<Created, PaymentError> {
        let form = json!({ "email": email, "name": name, "metadata": { "order_id": order_id } });
        self.post("/customers".into(), form, key).await
    }

    async fn post_setup_intent(&self, customer: &str, order_id: &str, key: &str) -> Result<SetupIntent, PaymentError> {
        let form = json!({ "customer": customer, "usage": "off_session", "metadata": { "order_id": order_id } });
        self.post("/setup_intents".into(), form, key).await
    }

    async fn get_setup_intent(&self, id: &str) -> Result<SetupIntent, PaymentError> {
        self.get(format!("/setup_intents/{id}")).await
    }

    async fn get_payment_method(&self, id: &str) -> Result<PaymentMethod, PaymentError> {
        self.get(format!("/payment_methods/{id}")).await
    }

    /// Attaches the card to the customer (when the setup did not) and makes it the default
    /// for the customer's invoices.
    async fn attach_default_card(&self, customer: &str, payment_method: &str, key: &str) -> Result<(), PaymentError> {
        let method = self.get_payment_method(payment_method).await?;
        match method.customer.as_deref() {
            Some(owner) if owner == customer => {}
            Some(_) => return Err(PaymentError::Provider("the card belongs to another customer".into())),
            None => {
                let _: PaymentMethod = self
                    .post(
                        format!("/payment_methods/{payment_method}/attach"),
                        json!({ "customer": customer }),
                        &format!("{key}-attach"),
                    )
                    .await?;
            }
        }
        let _: Created = self
            .post(
                format!("/customers/{customer}"),
                json!({ "invoice_settings": { "default_payment_method": payment_method } }),
                &format!("{key}-default"),
            )
            .await?;
        Ok(())
    }

    async fn post_plan(&self, plan: &PlanSpec<'_>, key: &str) -> Result<Created, PaymentError> {
        let form = json!({
            "id": plan.id,
            "amount": plan.amount,
            "currency": "gbp",
            "interval": plan.interval,
            "product": { "name": plan.product_name },
        });
        self.post("/plans".into(), form, key).await
    }

    /// Whether the plan exists; an error when it exists with terms other than `spec`'s.
    async fn plan_exists(&self, spec: &PlanSpec<'_>) -> Result<bool, PaymentError> {
        let found = match self.get::<PlanTerms>(format!("/plans/{}", spec.id)).await {
            Ok(found) => found,
            Err(PaymentError::NotFound) => return Ok(false),
            Err(other) => return Err(other),
        };
        let every_one = found.interval_count.unwrap_or(1) == 1;
        if found.amount != Some(spec.amount) || found.currency != "gbp" || found.interval != spec.interval || !every_one
        {
            return Err(PaymentError::Provider(format!(
                "plan {} charges {:?} {} a {}, not {} gbp a {}: not used",
                spec.id, found.amount, found.currency, found.interval, spec.amount, spec.interval
            )));
        }
        Ok(true)
    }

    /// A subscription tagged with the order and the attempt (`key`), so that a retry after a
    /// crash can find it with `subscriptions_of`.
    async fn post_subscription(
        &self,
        customer: &str,
        plan: &str,
        order_id: &str,
        key: &str,
    ) -> Result<Subscription, PaymentError> {
        let form = json!({
            "customer": customer,
            "items": [ { "plan": plan } ],
            "metadata": { "order_id": order_id, "attempt": key },
        });
        self.post("/subscriptions".into(), form, key).await
    }

    /// The customer's subscriptions that are not cancelled (the most recent 100).
    async fn list_subscriptions(&self, customer: &str) -> Result<Vec<Subscription>, PaymentError> {
        let list: List<Subscription> = self.get(format!("/subscriptions?customer={customer}&limit=100")).await?;
        Ok(list.data)
    }

    /// The live subscription an earlier try of attempt `key` for `owner` (an order or a
    /// trial) made, if Stripe has one: a retry after a crash adopts it instead of
    /// subscribing the customer twice.
    async fn find_made_by_attempt(
        &self,
        customer: &str,
        owner: &str,
        key: &str,
    ) -> Result<Option<Subscription>, PaymentError> {
        let found = self.list_subscriptions(customer).await?.into_iter().find(|s| {
            s.metadata.get("order_id").map(String::as_str) == Some(owner)
                && s.metadata.get("attempt").map(String::as_str) == Some(key)
        });
        if let Some(subscription) = &found {
            tracing::warn!(owner, subscription = %subscription.id, "adopted the subscription an interrupted attempt made");
        }
        Ok(found)
    }

    async fn get_subscription(&self, id: &str) -> Result<Subscription, PaymentError> {
        self.get(format!("/subscriptions/{id}")).await
    }

    async fn delete_subscription(&self, id: &str) -> Result<(), PaymentError> {
        let _: Created = self.send(StripeMethod::Delete, format!("/subscriptions/{id}"), None, None).await?;
        Ok(())
    }

    /// The subscription's invoices, newest first.
    async fn list_invoices(
        &self,
        customer: &str,
        subscription: &str,
        limit: u32,
    ) -> Result<Vec<ListedInvoice>, PaymentError> {
        let path = format!("/invoices?customer={customer}&subscription={subscription}&limit={limit}");
        let list: List<ListedInvoice> = self.get(path).await?;
        Ok(list.data)
    }

    async fn get_customer(&self, id: &str) -> Result<Customer, PaymentError> {
        self.get(format!("/customers/{id}")).await
    }

    async fn get_invoice(&self, id: &str) -> Result<Invoice, PaymentError> {
        self.get(format!("/invoices/{id}")).await
    }

    /// A one-time payment created without charging anything: `confirm_payment` charges it
    /// once its id is safely stored, so a crash in between leaves nothing paid.
    async fn post_payment_intent(
        &self,
        amount: i64,
        customer: &str,
        payment_method: &str,
        order_id: &str,
        key: &str,
    ) -> Result<PaymentIntent, PaymentError> {
        let form = json!({
            "amount": amount,
            "currency": "gbp",
            "customer": customer,
            "payment_method": payment_method,
            "metadata": { "order_id": order_id, "part": "top_up", "attempt": key },
        });
        self.post("/payment_intents".into(), form, key).await
    }

    /// Charges a payment made by `create_payment` with the card it already names.
    async fn post_confirm(&self, id: &str, key: &str) -> Result<PaymentIntent, PaymentError> {
        self.send(StripeMethod::Post, format!("/payment_intents/{id}/confirm"), None, Some(format!("{key}-confirm")))
            .await
    }

    async fn get_payment_intent(&self, id: &str) -> Result<PaymentIntent, PaymentError> {
        self.get(format!("/payment_intents/{id}")).await
    }

    /// A refund of the payment intent's charge (Stripe and the stand-in both take
    /// `payment_intent` and find its charge). Our reason goes in the metadata: Stripe's
    /// `reason` takes only `duplicate`, `fraudulent` or `requested_by_customer`, and the
    /// stand-in refuses it.
    async fn post_refund(
        &self,
        payment_intent: &str,
        amount: Option<Pence>,
        reason: &str,
        key: &str,
    ) -> Result<Refund, PaymentError> {
        let mut form = json!({
            "payment_intent": payment_intent,
            "metadata": { "reason": reason, "attempt": key },
        });
        if let Some(amount) = amount {
            form["amount"] = json!(amount.0);
        }
        self.post("/refunds".into(), form, key).await
    }

    /// The refund an earlier try of attempt `key` made on the payment, if any (the most
    /// recent 100 refunds). Stripe keeps idempotency keys for a day and the stand-in not at
    /// all: a retry finds the refund by the attempt it stored rather than refunding twice.
    async fn find_refund_made_by(&self, payment_intent: &str, key: &str) -> Result<Option<Refund>, PaymentError> {
        let list: List<Refund> = self.get(format!("/refunds?payment_intent={payment_intent}&limit=100")).await?;
        let found = list.data.into_iter().find(|r| r.metadata.get("attempt").map(String::as_str) == Some(key));
        if let Some(refund) = &found {
            tracing::warn!(payment_intent, refund = %refund.id, "adopted the refund an interrupted attempt made");
        }
        Ok(found)
    }
}

fn timestamp(seconds: Option<i64>) -> Option<chrono::DateTime<chrono::Utc>> {
    seconds.and_then(|seconds| chrono::DateTime::from_timestamp(seconds, 0))
}

fn terms_of(subscription: Subscription) -> SubscriptionTerms {
    // Newer API versions keep the period on each item.
    let item_end = subscription.items.as_ref().and_then(|items| items["data"][0]["current_period_end"].as_i64());
    SubscriptionTerms {
        current_period_end: timestamp(subscription.current_period_end.or(item_end)),
        cancel_at: timestamp(subscription.cancel_at),
        cancel_at_period_end: subscription.cancel_at_period_end,
        status: subscription.status,
        id: subscription.id,
    }
}

fn invoice_summary(invoice: ListedInvoice) -> InvoiceSummary {
    InvoiceSummary {
        created: timestamp(invoice.created.or(invoice.date)).unwrap_or_default(),
        amount_due: Pence(invoice.amount_due),
        amount_paid: Pence(invoice.amount_paid),
        currency: invoice.currency,
        status: invoice.status.unwrap_or_default(),
        hosted_invoice_url: invoice.hosted_invoice_url,
        invoice_pdf: invoice.invoice_pdf,
        number: invoice.number,
        id: invoice.id,
    }
}

fn refusal_of(intent: &PaymentIntent) -> Refusal {
    let error = intent.last_payment_error.clone().unwrap_or_default();
    Refusal {
        code: error.code.unwrap_or_else(|| "card_declined".into()),
        decline_code: error.decline_code,
        message: error.message.unwrap_or_else(|| format!("Payment was not successful. Status: {}", intent.status)),
    }
}

fn outcome_of(intent: &PaymentIntent) -> Outcome {
    match intent.status.as_str() {
        "succeeded" => Outcome::Succeeded,
        "requires_action" => Outcome::NeedsAction { client_secret: intent.client_secret.clone().unwrap_or_default() },
        "requires_confirmation" => Outcome::NotConfirmed,
        "processing" => Outcome::Processing,
        _ => Outcome::Declined(refusal_of(intent)),
    }
}

fn record_of(intent: PaymentIntent) -> PaymentRecord {
    PaymentRecord {
        outcome: outcome_of(&intent),
        owner: intent.metadata.get("order_id").cloned(),
        id: intent.id,
        amount: intent.amount,
        currency: intent.currency,
    }
}

fn setup_of(intent: SetupIntent) -> CardSetup {
    let state = match intent.status.as_str() {
        "succeeded" => SetupState::Succeeded,
        "requires_payment_method" | "requires_confirmation" | "requires_action" => SetupState::AwaitingCard,
        _ => SetupState::Over,
    };
    CardSetup {
        id: intent.id,
        client_secret: intent.client_secret,
        state,
        card: intent.payment_method,
        status: intent.status,
    }
}

#[async_trait]
impl PaymentGateway for Stripe {
    async fn create_customer(&self, email: &str, name: &str, owner: &str, key: &str) -> Result<String, PaymentError> {
        Ok(self.post_customer(email, name, owner, key).await?.id)
    }

    async fn create_card_setup(&self, customer: &str, owner: &str, key: &str) -> Result<CardSetup, PaymentError> {
        Ok(setup_of(self.post_setup_intent(customer, owner, key).await?))
    }

    async fn card_setup(&self, id: &str) -> Result<CardSetup, PaymentError> {
        Ok(setup_of(self.get_setup_intent(id).await?))
    }

    async fn card_owner(&self, card: &str) -> Result<Option<String>, PaymentError> {
        Ok(self.get_payment_method(card).await?.customer)
    }

    async fn use_card(&self, customer: &str, card: &str, key: &str) -> Result<(), PaymentError> {
        self.attach_default_card(customer, card, key).await
    }

    async fn ensure_plan(&self, plan: &PlanSpec<'_>, key: &str) -> Result<(), PaymentError> {
        if self.plan_exists(plan).await? {
            return Ok(());
        }
        match self.post_plan(plan, key).await {
            Ok(_) => Ok(()),
            // Made by another request or runner meanwhile.
            Err(_) if self.plan_exists(plan).await? => Ok(()),
            Err(error) => Err(error),
        }
    }

    async fn start_subscription(
        &self,
        customer: &str,
        plan: &str,
        owner: &str,
        key: &str,
    ) -> Result<String, PaymentError> {
        Ok(self.post_subscription(customer, plan, owner, key).await?.id)
    }

    async fn subscription_made_by(
        &self,
        customer: &str,
        owner: &str,
        key: &str,
    ) -> Result<Option<String>, PaymentError> {
        Ok(self.find_made_by_attempt(customer, owner, key).await?.map(|s| s.id))
    }

    async fn subscription(&self, id: &str) -> Result<SubscriptionRecord, PaymentError> {
        let subscription = self.get_subscription(id).await?;
        Ok(SubscriptionRecord {
            active: matches!(subscription.status.as_str(), "active" | "trialing"),
            owner: subscription.metadata.get("order_id").cloned(),
            id: subscription.id,
            status: subscription.status,
        })
    }

    async fn subscription_outcome(&self, id: &str) -> Result<Outcome, PaymentError> {
        let subscription = self.get_subscription(id).await?;
        if matches!(subscription.status.as_str(), "active" | "trialing") {
            return Ok(Outcome::Succeeded);
        }
        // The first invoice's payment tells whether the bank wants 3-D Secure or said no.
        let invoice = match &subscription.latest_invoice {
            Some(invoice) => Some(self.get_invoice(invoice).await?),
            None => None,
        };
        let intent = match invoice.as_ref().and_then(|i| i.payment_intent.clone()) {
            Some(pi) => Some(self.get_payment_intent(&pi).await?),
            None => None,
        };
        let secret = intent
            .as_ref()
            .filter(|pi| pi.status == "requires_action" || pi.status == "requires_confirmation")
            .and_then(|pi| pi.client_secret.clone())
            .or_else(|| invoice.as_ref().and_then(|i| i.confirmation_secret.as_ref()).map(|c| c.client_secret.clone()));
        if let (Some(client_secret), true) =
            (secret, intent.as_ref().is_none_or(|pi| pi.status != "requires_payment_method"))
        {
            return Ok(Outcome::NeedsAction { client_secret });
        }
        Ok(Outcome::Declined(match &intent {
            Some(intent) => refusal_of(intent),
            None => Refusal {
                code: "card_declined".into(),
                decline_code: None,
                message: format!("Payment was not successful. Status: {}", subscription.status),
            },
        }))
    }

    async fn cancel_subscription(&self, id: &str) -> Result<(), PaymentError> {
        self.delete_subscription(id).await
    }

    async fn cancel_subscription_at_period_end(
        &self,
        id: &str,
        key: &str,
    ) -> Result<Option<chrono::DateTime<chrono::Utc>>, PaymentError> {
        let form = json!({ "cancel_at_period_end": true });
        let subscription: Subscription = self.post(format!("/subscriptions/{id}"), form, key).await?;
        let end = subscription.cancel_at.or(subscription.current_period_end);
        Ok(end.and_then(|seconds| chrono::DateTime::from_timestamp(seconds, 0)))
    }

    async fn invoice(&self, id: &str) -> Result<InvoiceRecord, PaymentError> {
        let invoice = self.get_invoice(id).await?;
        let status = invoice.status.clone().unwrap_or_default();
        Ok(InvoiceRecord {
            paid: status == "paid",
            subscription: invoice.subscription_id(),
            amount_paid: invoice.amount_paid,
            currency: invoice.currency,
            status,
        })
    }

    async fn invoices(
        &self,
        customer: &str,
        subscription: &str,
        limit: u32,
    ) -> Result<Vec<InvoiceSummary>, PaymentError> {
        Ok(self.list_invoices(customer, subscription, limit).await?.into_iter().map(invoice_summary).collect())
    }

    async fn default_card(&self, customer: &str) -> Result<Option<String>, PaymentError> {
        Ok(self.get_customer(customer).await?.invoice_settings.and_then(|s| s.default_payment_method))
    }

    async fn card_details(&self, card: &str) -> Result<CardDetails, PaymentError> {
        let method = self.get_payment_method(card).await?;
        let details = method.card.ok_or_else(|| PaymentError::Provider(format!("{card} is not a card")))?;
        Ok(CardDetails {
            id: method.id,
            brand: details.brand,
            last4: details.last4,
            exp_month: details.exp_month,
            exp_year: details.exp_year,
        })
    }

    async fn subscription_terms(&self, id: &str) -> Result<SubscriptionTerms, PaymentError> {
        Ok(terms_of(self.get_subscription(id).await?))
    }

    async fn schedule_cancellation(
        &self,
        id: &str,
        at_period_end: bool,
        cancel_at: Option<chrono::DateTime<chrono::Utc>>,
        key: &str,
    ) -> Result<SubscriptionTerms, PaymentError> {
        let form = match (at_period_end, cancel_at) {
            (true, _) => json!({ "cancel_at_period_end": true }),
            (false, Some(at)) => json!({ "cancel_at": at.timestamp() }),
            // Undone: a later period's end set by `cancel_at` is cleared with an empty value
            // (the stand-in takes only `cancel_at_period_end`, which is all it sets).
            (false, None) => {
                let now = self.get_subscription(id).await?;
                if !now.cancel_at_period_end && now.cancel_at.is_some() {
                    json!({ "cancel_at": "" })
                } else {
                    json!({ "cancel_at_period_end": false })
                }
            }
        };
        let subscription: Subscription = self.post(format!("/subscriptions/{id}"), form, key).await?;
        Ok(terms_of(subscription))
    }

    async fn create_payment(
        &self,
        amount: i64,
        customer: &str,
        card: &str,
        owner: &str,
        key: &str,
    ) -> Result<PaymentRecord, PaymentError> {
        Ok(record_of(self.post_payment_intent(amount, customer, card, owner, key).await?))
    }

    async fn cancel_payment(&self, id: &str, key: &str) -> Result<(), PaymentError> {
        let path = format!("/payment_intents/{id}/cancel");
        let _: PaymentIntent = self.send(StripeMethod::Post, path, None, Some(format!("{key}-cancel"))).await?;
        Ok(())
    }

    async fn confirm_payment(&self, id: &str, key: &str) -> Result<Outcome, PaymentError> {
        Ok(outcome_of(&self.post_confirm(id, key).await?))
    }

    async fn payment(&self, id: &str) -> Result<PaymentRecord, PaymentError> {
        Ok(record_of(self.get_payment_intent(id).await?))
    }

    async fn charge(&self, id: &str) -> Result<ChargeRecord, PaymentError> {
        let charge: Charge = self.get(format!("/charges/{id}")).await?;
        let intent = match &charge.payment_intent {
            Some(pi) => Some(self.get_payment_intent(pi).await?),
            None => None,
        };
        let owner = charge
            .metadata
            .get("order_id")
            .or_else(|| intent.as_ref().and_then(|pi| pi.metadata.get("order_id")))
            .cloned();
        let subscription = match charge.invoice.clone().or_else(|| intent.as_ref().and_then(|pi| pi.invoice.clone())) {
            Some(invoice) => self.get_invoice(&invoice).await?.subscription_id(),
            None => None,
        };
        Ok(ChargeRecord {
            id: charge.id,
            amount: charge.amount,
            currency: charge.currency,
            status: charge.status,
            owner,
            payment_intent: charge.payment_intent,
            subscription,
        })
    }

    async fn dispute(&self, id: &str) -> Result<DisputeRecord, PaymentError> {
        let dispute: Dispute = self.get(format!("/disputes/{id}")).await?;
        Ok(DisputeRecord {
            id: dispute.id,
            charge: dispute.charge,
            amount: dispute.amount,
            currency: dispute.currency,
            status: dispute.status,
        })
    }

    async fn refund_payment(
        &self,
        payment_intent_id: &str,
        amount: Option<Pence>,
        reason: &str,
        key: &str,
    ) -> Result<RefundRecord, PaymentError> {
        let refund = match self.find_refund_made_by(payment_intent_id, key).await? {
            Some(made) => made,
            None => self.post_refund(payment_intent_id, amount, reason, key).await?,
        };
        Ok(RefundRecord { id: refund.id, amount: Pence(refund.amount), status: refund.status })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operations_name_the_call_without_ids_or_queries() {
        assert_eq!(operation(StripeMethod::Post, "/customers"), "POST /customers");
        assert_eq!(operation(StripeMethod::Get, "/setup_intents/seti_123"), "GET /setup_intents/{id}");
        assert_eq!(
            operation(StripeMethod::Post, "/payment_intents/pi_9/confirm"),
            "POST /payment_intents/{id}/confirm"
        );
        assert_eq!(operation(StripeMethod::Get, "/subscriptions?customer=cus_1&limit=100"), "GET /subscriptions");
        assert_eq!(operation(StripeMethod::Delete, "/subscriptions/sub_1"), "DELETE /subscriptions/{id}");
    }
}
