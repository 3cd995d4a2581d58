//! Stripe's events: the webhook's route. What an event does (the signature, the claim of its
//! id, reading back what it names and recording it) is crate::app::stripe_events.

use axum::body::Bytes;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::Json;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::state::AppState;
use crate::app::stripe_events::{self, Receipt};
use crate::platform::error::{ApiError, Refusal};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(webhook))
}

/// The event was received (Stripe stops sending it).
#[derive(Serialize, ToSchema)]
struct Received {
    /// Always true.
    received: bool,
    /// The event was handled before: nothing was done again.
    #[serde(skip_serializing_if = "Option::is_none")]
    duplicate: Option<bool>,
    /// Whether the event changed an order.
    #[serde(skip_serializing_if = "Option::is_none")]
    handled: Option<bool>,
}

impl From<Receipt> for Received {
    fn from(receipt: Receipt) -> Received {
        match receipt {
            Receipt::Duplicate => Received { received: true, duplicate: Some(true), handled: None },
            Receipt::Handled(handled) => Received { received: true, duplicate: None, handled: Some(handled) },
        }
    }
}

/// A Stripe event as the webhook reads it: its id and type (refused without them: 422
/// invalid_body); the rest is Stripe's and is read back from Stripe, not trusted.
#[derive(serde::Deserialize, ToSchema)]
#[expect(
    dead_code,
    reason = "describes the event for the OpenAPI document; the handler reads it from the verified body"
)]
struct StripeEvent {
    /// The event's id (`evt_...`).
    id: String,
    /// The event's type (`payment_intent.succeeded`, ...).
    #[serde(rename = "type")]
    kind: String,
}

/// Stripe's signed events: a payment or invoice the event names is read back from Stripe
/// and recorded on its order.
#[utoipa::path(
    post,
    path = "/stripe/webhook",
    operation_id = "stripe_webhook",
    tag = "stripe",
    params(("Stripe-Signature" = String, Header, description = "Stripe's signature of the body")),
    request_body(content = StripeEvent, description = "A Stripe event, read as raw bytes (its signature covers them)", content_type = "application/json"),
    responses(
        (status = 200, body = Received),
        (status = 400, description = "A bad signature (bad_signature) or a body that is not JSON (malformed_json)", body = Refusal),
        (status = 409, description = "Another delivery of the same event is being handled: deliver it again later (webhook_in_progress)", body = Refusal),
        (status = 422, description = "An event without an id or a type (invalid_body)", body = Refusal),
        (status = 502, description = "Stripe could not be asked about the payment (payment_provider_error)", body = Refusal),
        (status = 503, description = "STRIPE_WEBHOOK_SECRET is not set: every event is refused (webhooks_not_configured)", body = Refusal),
    )
)]
async fn webhook(State(state): State<AppState>, headers: HeaderMap, body: Bytes) -> Result<Json<Received>, ApiError> {
    let signature = headers.get("stripe-signature").and_then(|v| v.to_str().ok()).unwrap_or_default();
    Ok(Json(stripe_events::receive(&state, signature, &body).await?.into()))
}
