//! How a refused or failed payment is answered: a card the bank refused is 402 with the
//! card's codes and the flag the page reads; anything else the provider did is 502 with a
//! plain message, the detail in the log only.

use serde_json::json;

use crate::platform::error::ApiError;
use crate::platform::refusals::{ApiRefusal, CARD_DECLINED};
use aggregates::payments::{PaymentError as GatewayError, Refusal};

/// The answer to a failed payment call: `fallback` (a 502 `payment_provider_error`) when it
/// was not the card.
pub fn payment_failure(error: GatewayError, fallback: &'static ApiRefusal) -> ApiError {
    match error {
        GatewayError::Declined { code, decline_code, message } => declined(&Refusal { code, decline_code, message }),
        error @ (GatewayError::Provider(_) | GatewayError::NotFound) => {
            tracing::error!(%error, "payment provider call failed");
            ApiError::refused(fallback)
        }
    }
}

/// 402 with the card's codes (its `code` the provider's) and the flag the page reads.
pub fn declined(refusal: &Refusal) -> ApiError {
    let Refusal { code, decline_code, message } = refusal;
    let flag = match (code.as_str(), decline_code.as_deref()) {
        (_, Some("insufficient_funds")) | ("card_declined", _) => "card_declined",
        ("processing_error", _) => "payment_error",
        _ => "card_error",
    };
    let mut extra = serde_json::Map::new();
    extra.insert("code".into(), json!(code));
    extra.insert("decline_code".into(), json!(decline_code));
    extra.insert(flag.into(), json!(true));
    extra.insert("status".into(), json!("failed"));
    ApiError::refused_with(&CARD_DECLINED, message).with_extra(extra)
}
