//! The per-order secret: 256 random bits made when an order is placed, answered only to the
//! browser that placed it, and needed to continue the order and to read what only its buyer
//! may see. Only its SHA-256 digest is kept (never in an event).

use rand::Rng;
use sha2::Digest;

use crate::platform::error::ApiError;
use crate::platform::refusals::ORDER_SECRET_MISMATCH;

/// A new order secret: 256 random bits as hex.
pub fn new_secret() -> String {
    let mut bytes = [0u8; 32];
    rand::rngs::OsRng.fill(&mut bytes);
    hex::encode(bytes)
}

pub fn digest(secret: &str) -> String {
    hex::encode(sha2::Sha256::digest(secret.trim().as_bytes()))
}

/// Whether `presented` is the secret whose digest is `stored`.
pub fn matches(stored: Option<&str>, presented: Option<&str>) -> bool {
    match (stored, presented) {
        (Some(hash), Some(secret)) => hash == digest(secret),
        _ => false,
    }
}

/// 403: the order was placed by another browser.
pub fn mismatch(order: &str) -> ApiError {
    tracing::warn!(order, "order secret missing or wrong");
    ApiError::refused(&ORDER_SECRET_MISMATCH)
}
