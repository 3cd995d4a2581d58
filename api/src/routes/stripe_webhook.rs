//! Stripe's events: a payment that succeeded or failed is recorded on its order even when
//! the buyer's browser closed mid-payment. The signature is checked when a secret is
//! configured; each event id is handled once.

use aggregates::service_order::{PaymentPart, ServiceOrderCommand, ServiceOrderError};
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use axum::{Json, Router};
use cqrs_es::AggregateError;
use hmac::{Hmac, Mac};
use serde_json::{json, Value};
use sha2::Sha256;

use crate::commands;
use crate::error::ApiError;
use crate::routes::checkout::order_of_payment;
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new().route("/stripe/webhook", post(webhook))
}

/// How old a signed event may be.
const TOLERANCE_SECONDS: i64 = 300;

/// `Stripe-Signature: t=...,v1=...`: HMAC-SHA256 of `{t}.{body}` with the endpoint secret.
pub fn signature_ok(header: &str, body: &[u8], secret: &str, now: i64) -> bool {
    let mut timestamp = None;
    let mut signatures = vec![];
    for part in header.split(',') {
        match part.trim().split_once('=') {
            Some(("t", t)) => timestamp = t.parse::<i64>().ok(),
            Some(("v1", s)) => signatures.push(s.to_string()),
            _ => {}
        }
    }
    let Some(t) = timestamp else { return false };
    if (now - t).abs() > TOLERANCE_SECONDS {
        return false;
    }
    signatures.iter().any(|signature| {
        let Ok(expected) = hex::decode(signature) else { return false };
        let Ok(mut mac) = Hmac::<Sha256>::new_from_slice(secret.as_bytes()) else { return false };
        mac.update(t.to_string().as_bytes());
        mac.update(b".");
        mac.update(body);
        mac.verify_slice(&expected).is_ok()
    })
}

async fn webhook(State(state): State<AppState>, headers: HeaderMap, body: Bytes) -> Result<Json<Value>, ApiError> {
    if let Some(secret) = &state.services.config.payments.webhook_secret {
        let header = headers.get("stripe-signature").and_then(|v| v.to_str().ok()).unwrap_or_default();
        if !signature_ok(header, &body, secret.expose(), chrono::Utc::now().timestamp()) {
            return Err(ApiError::refused(StatusCode::BAD_REQUEST, "bad_signature", "The webhook signature is not valid."));
        }
    }
    let event: Value = serde_json::from_slice(&body)
        .map_err(|e| ApiError::refused(StatusCode::BAD_REQUEST, "malformed_json", format!("The request body is not valid JSON: {e}")))?;
    let (Some(event_id), Some(kind)) = (event["id"].as_str(), event["type"].as_str()) else {
        return Err(ApiError::unprocessable("invalid_body", "A Stripe event needs an id and a type."));
    };
    let object = &event["data"]["object"];

    // The event id is claimed in a transaction that commits only after the event is
    // handled: a duplicate delivered meanwhile waits, then finds it taken.
    let mut tx = state.pool.begin().await?;
    let claimed = sqlx::query("INSERT INTO stripe_webhook_events (event_id, event_type) VALUES ($1, $2) ON CONFLICT DO NOTHING")
        .bind(event_id)
        .bind(kind)
        .execute(&mut *tx)
        .await?;
    if claimed.rows_affected() == 0 {
        return Ok(Json(json!({ "received": true, "duplicate": true })));
    }
    let handled = match kind {
        "payment_intent.succeeded" | "payment_intent.payment_failed" => {
            let reference = object["id"].as_str().unwrap_or_default();
            record(&state, reference, kind == "payment_intent.succeeded", object).await?
        }
        "invoice.paid" | "invoice.payment_succeeded" => {
            let reference = object["subscription"].as_str().unwrap_or_default();
            record(&state, reference, true, object).await?
        }
        _ => false,
    };
    tx.commit().await?;
    Ok(Json(json!({ "received": true, "handled": handled })))
}

/// Records the outcome on the order whose payment `reference` is; false when none is.
async fn record(state: &AppState, reference: &str, succeeded: bool, object: &Value) -> Result<bool, ApiError> {
    if reference.is_empty() {
        return Ok(false);
    }
    let Some((order_id, part)) = order_of_payment(&state.pool, reference).await? else { return Ok(false) };
    // An invoice event names the subscription; a payment intent event only the top-up.
    let command = if succeeded {
        ServiceOrderCommand::RecordPaymentSuccess { part, reference: reference.to_string() }
    } else {
        if part != PaymentPart::TopUp {
            return Ok(false);
        }
        let error = &object["last_payment_error"];
        ServiceOrderCommand::RecordPaymentFailure {
            part,
            reference: reference.to_string(),
            code: error["code"].as_str().unwrap_or("card_declined").to_string(),
            message: error["message"].as_str().unwrap_or("Your card was declined.").to_string(),
        }
    };
    match commands::execute(&state.orders, &order_id, command).await {
        Ok(()) => Ok(true),
        // Already known (paid, or the attempt already failed and moved on).
        Err(AggregateError::UserError(ServiceOrderError::AlreadyPaid | ServiceOrderError::UnknownPayment)) => Ok(false),
        Err(error) => Err(error.into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sign(secret: &str, t: i64, body: &[u8]) -> String {
        let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).unwrap();
        mac.update(format!("{t}.").as_bytes());
        mac.update(body);
        format!("t={t},v1={}", hex::encode(mac.finalize().into_bytes()))
    }

    #[test]
    fn signatures_are_checked_with_the_secret_and_the_time() {
        let body = br#"{"id":"evt_1"}"#;
        let header = sign("whsec_test", 1000, body);
        assert!(signature_ok(&header, body, "whsec_test", 1010));
        assert!(!signature_ok(&header, body, "whsec_other", 1010));
        assert!(!signature_ok(&header, br#"{"id":"evt_2"}"#, "whsec_test", 1010));
        assert!(!signature_ok(&header, body, "whsec_test", 1000 + TOLERANCE_SECONDS + 1));
        assert!(!signature_ok("v1=abc", body, "whsec_test", 1000));
    }
}
