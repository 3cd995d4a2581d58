//! Card payments through Stripe with async-stripe: its client (keys, base URL, idempotency
//! keys, retries) and request builder, with our own small response types holding only the
//! fields we read, so the same code runs against Stripe and the local stand-in
//! (localstripe), whose replies lack many of today's fields.
//!
//! Every call that creates something carries an idempotency key derived from the order and
//! the step, so a retried step never charges twice.

use std::collections::BTreeMap;

use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{json, Value};
use stripe::{Client, ClientBuilder, IdempotencyKey, RequestStrategy, StripeError};
use stripe_client_core::{RequestBuilder, StripeMethod};

use axum::http::StatusCode;

use crate::config::Secret;
use crate::error::ApiError;

#[derive(Clone)]
pub struct Stripe {
    client: Client,
}

/// Why a payment call failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PaymentError {
    /// The card or the bank said no (HTTP 402 or a card error): the buyer may try another card.
    Declined { code: String, decline_code: Option<String>, message: String },
    /// No such object.
    NotFound,
    /// Anything else: our request, the network, the provider.
    Provider(String),
}

impl std::fmt::Display for PaymentError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PaymentError::Declined { code, message, .. } => write!(f, "declined ({code}): {message}"),
            PaymentError::NotFound => write!(f, "payment provider: not found"),
            PaymentError::Provider(detail) => write!(f, "payment provider: {detail}"),
        }
    }
}

impl From<StripeError> for PaymentError {
    fn from(error: StripeError) -> Self {
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
}

/// The answer to a failed payment call: a card refusal (402) or the provider's failure (502,
/// with `fallback` as the message and the detail in the log only).
pub fn stripe_failure(error: PaymentError, fallback: &'static str) -> ApiError {
    match error {
        PaymentError::Declined { code, decline_code, message } => declined(&code, decline_code.as_deref(), &message),
        error @ (PaymentError::Provider(_) | PaymentError::NotFound) => {
            tracing::error!(%error, "payment provider call failed");
            ApiError::refused(StatusCode::BAD_GATEWAY, "payment_provider_error", fallback)
        }
    }
}

/// 402 with the card's codes and the flag the page reads.
pub fn declined(code: &str, decline_code: Option<&str>, message: &str) -> ApiError {
    let flag = match (code, decline_code) {
        (_, Some("insufficient_funds")) | ("card_declined", _) => "card_declined",
        ("processing_error", _) => "payment_error",
        _ => "card_error",
    };
    let mut extra = serde_json::Map::new();
    extra.insert("decline_code".into(), json!(decline_code));
    extra.insert(flag.into(), json!(true));
    extra.insert("status".into(), json!("failed"));
    ApiError::Detailed { status: StatusCode::PAYMENT_REQUIRED, code: code.to_string(), message: message.to_string(), extra }
}


#[derive(Debug, Clone, Deserialize)]
pub struct Created {
    pub id: String,
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
}

#[derive(Debug, Clone, Deserialize)]
pub struct Subscription {
    pub id: String,
    pub status: String,
    pub latest_invoice: Option<String>,
    #[serde(default)]
    pub customer: Option<String>,
    #[serde(default)]
    pub metadata: BTreeMap<String, String>,
    #[serde(default)]
    pub items: Option<List<SubscriptionItem>>,
}

impl Subscription {
    /// What the subscription charges each period: (pence, currency) of its one plan.
    pub fn charges(&self) -> Option<(i64, &str)> {
        let item = self.items.as_ref()?.data.first()?;
        let plan = item.plan.as_ref().or(item.price.as_ref())?;
        Some((plan.amount.or(plan.unit_amount)?, plan.currency.as_str()))
    }
}

#[derive(Debug, Clone, Deserialize)]
pub struct List<T> {
    pub data: Vec<T>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct SubscriptionItem {
    pub plan: Option<PlanAmount>,
    pub price: Option<PlanAmount>,
}

#[derive(Debug, Clone, Deserialize)]
pub struct PlanAmount {
    pub amount: Option<i64>,
    pub unit_amount: Option<i64>,
    pub currency: String,
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
        self.subscription.clone().or_else(|| {
            self.parent.as_ref()?["subscription_details"]["subscription"].as_str().map(str::to_string)
        })
    }
}

/// What a new plan charges: pence per month or per year.
pub struct PlanSpec<'a> {
    pub id: &'a str,
    pub amount: i64,
    pub interval: &'a str,
    pub product_name: &'a str,
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
        let value = request.send(&self.client).await?;
        serde_json::from_str(&miniserde::json::to_string(&value))
            .map_err(|e| PaymentError::Provider(format!("unexpected reply from the payment provider: {e}")))
    }

    async fn post<T: DeserializeOwned>(&self, path: String, form: Value, key: &str) -> Result<T, PaymentError> {
        self.send(StripeMethod::Post, path, Some(form), Some(key.to_string())).await
    }

    async fn get<T: DeserializeOwned>(&self, path: String) -> Result<T, PaymentError> {
        self.send(StripeMethod::Get, path, None, None).await
    }

    pub async fn create_customer(&self, email: &str, name: &str, order_id: &str, key: &str) -> Result<Created, PaymentError> {
        let form = json!({ "email": email, "name": name, "metadata": { "order_id": order_id } });
        self.post("/customers".into(), form, key).await
    }

    pub async fn create_setup_intent(&self, customer: &str, order_id: &str, key: &str) -> Result<SetupIntent, PaymentError> {
        let form = json!({ "customer": customer, "usage": "off_session", "metadata": { "order_id": order_id } });
        self.post("/setup_intents".into(), form, key).await
    }

    pub async fn setup_intent(&self, id: &str) -> Result<SetupIntent, PaymentError> {
        self.get(format!("/setup_intents/{id}")).await
    }

    pub async fn payment_method(&self, id: &str) -> Result<PaymentMethod, PaymentError> {
        self.get(format!("/payment_methods/{id}")).await
    }

    /// Attaches the card to the customer (when the setup did not) and makes it the default
    /// for the customer's invoices.
    pub async fn make_default_card(&self, customer: &str, payment_method: &str, key: &str) -> Result<(), PaymentError> {
        let method = self.payment_method(payment_method).await?;
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

    pub async fn create_plan(&self, plan: &PlanSpec<'_>, key: &str) -> Result<Created, PaymentError> {
        let form = json!({
            "id": plan.id,
            "amount": plan.amount,
            "currency": "gbp",
            "interval": plan.interval,
            "product": { "name": plan.product_name },
        });
        self.post("/plans".into(), form, key).await
    }

    pub async fn plan_exists(&self, id: &str) -> Result<bool, PaymentError> {
        match self.get::<Created>(format!("/plans/{id}")).await {
            Ok(_) => Ok(true),
            Err(PaymentError::NotFound) => Ok(false),
            Err(other) => Err(other),
        }
    }

    /// A subscription tagged with the order and the attempt (`key`), so that a retry after a
    /// crash can find it with `subscriptions_of`.
    pub async fn create_subscription(
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
    pub async fn subscriptions_of(&self, customer: &str) -> Result<Vec<Subscription>, PaymentError> {
        let list: List<Subscription> = self.get(format!("/subscriptions?customer={customer}&limit=100")).await?;
        Ok(list.data)
    }

    /// The live subscription an earlier try of attempt `key` for `owner` (an order or a
    /// trial) made, if Stripe has one: a retry after a crash adopts it instead of
    /// subscribing the customer twice.
    pub async fn made_by_attempt(&self, customer: &str, owner: &str, key: &str) -> Result<Option<Subscription>, PaymentError> {
        let found = self.subscriptions_of(customer).await?.into_iter().find(|s| {
            s.metadata.get("order_id").map(String::as_str) == Some(owner) && s.metadata.get("attempt").map(String::as_str) == Some(key)
        });
        if let Some(subscription) = &found {
            tracing::warn!(owner, subscription = %subscription.id, "adopted the subscription an interrupted attempt made");
        }
        Ok(found)
    }

    pub async fn subscription(&self, id: &str) -> Result<Subscription, PaymentError> {
        self.get(format!("/subscriptions/{id}")).await
    }

    pub async fn cancel_subscription(&self, id: &str) -> Result<(), PaymentError> {
        let _: Created = self.send(StripeMethod::Delete, format!("/subscriptions/{id}"), None, None).await?;
        Ok(())
    }

    pub async fn invoice(&self, id: &str) -> Result<Invoice, PaymentError> {
        self.get(format!("/invoices/{id}")).await
    }

    /// A one-time payment created without charging anything: `confirm_payment` charges it
    /// once its id is safely stored, so a crash in between leaves nothing paid.
    pub async fn create_payment(
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
    pub async fn confirm_payment(&self, id: &str, key: &str) -> Result<PaymentIntent, PaymentError> {
        self.send(StripeMethod::Post, format!("/payment_intents/{id}/confirm"), None, Some(format!("{key}-confirm"))).await
    }

    pub async fn payment_intent(&self, id: &str) -> Result<PaymentIntent, PaymentError> {
        self.get(format!("/payment_intents/{id}")).await
    }
}
