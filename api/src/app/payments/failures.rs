//! How a refused or failed payment is answered: a card the bank refused is 402 with the
//! card's codes and the flag the page reads; anything else the provider did is 502 with a
//! plain message, the detail in the log only.

use axum::http::StatusCode;
use serde_json::json;

use crate::platform::error::ApiError;
use aggregates::payments::{PaymentError as GatewayError, Refusal};

/// The answer to a failed payment call, with `fallback` as the message when it was not the card.
pub fn payment_failure(error: GatewayError, fallback: &'static str) -> ApiError {
    match error {
        GatewayError::Declined { code, decline_code, message } => declined(&Refusal { code, decline_code, message }),
        error @ (GatewayError::Provider(_) | GatewayError::NotFound) => {
            tracing::error!(%error, "payment provider call failed");
            ApiError::refused(StatusCode::BAD_GATEWAY, "payment_provider_error", fallback)
        }
    }
}

/// 402 with the card's codes and the flag the page reads.
pub fn declined(refusal: &Refusal) -> ApiError {
    let Refusal { code, decline_code, message } = refusal;
    let flag = match (code.as_str(), decline_code.as_deref()) {
        (_, Some("insufficient_funds")) | ("card_declined", _) => "card_declined",
        ("processing_error", _) => "payment_error",
        _ => "card_error",
    };
    let mut extra = serde_json::Map::new();
    extra.insert("decline_code".into(), json!(decline_code));
    extra.insert(flag.into(), json!(true));
    extra.insert("status".into(), json!("failed"));
    ApiError::Detailed { status: StatusCode::PAYMENT_REQUIRED, code: code.clone(), message: message.clone(), extra }
}
