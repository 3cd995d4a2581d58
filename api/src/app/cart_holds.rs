//! The cap on carts holding numbers per client address: without it one visitor could
//! reserve the stock away in cart after cart (each cart holds at most ten numbers for 30
//! minutes at a time). Each reservation records the address it came from; a cart may
//! reserve while fewer than `CARTS_PER_ADDRESS` other carts of that address hold numbers.
//!
//! The count is taken before reserving and again after (no lock): two new carts of one
//! address reserving at the same moment may both be refused, but never both kept over the
//! cap.

use chrono::{DateTime, Utc};
use sqlx::PgPool;

use crate::platform::client::ClientAddress;
use crate::platform::error::ApiError;
use crate::platform::refusals::TOO_MANY_CARTS;

pub fn too_many_carts() -> ApiError {
    ApiError::refused(&TOO_MANY_CARTS)
}

/// How many carts other than `cart` hold reserved numbers for `address` at `now`.
pub async fn other_carts_holding(
    pool: &PgPool,
    address: &ClientAddress,
    cart: &str,
    now: DateTime<Utc>,
) -> Result<i64, sqlx::Error> {
    sqlx::query_scalar!(
        r#"SELECT count(DISTINCT s.cart_id) AS "count!" FROM cart_reservation_sources s
         JOIN number_inventory n ON n.held_by = s.cart_id AND n.status = 'reserved' AND n.held_until > $3
         WHERE s.address = $1 AND s.cart_id <> $2"#,
        address.as_str(),
        cart,
        now
    )
    .fetch_one(pool)
    .await
}

/// Records that `cart` reserves from `address` (its latest address counts).
pub async fn record(pool: &PgPool, address: &ClientAddress, cart: &str, now: DateTime<Utc>) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "INSERT INTO cart_reservation_sources (cart_id, address, reserved_at) VALUES ($1, $2, $3)
         ON CONFLICT (cart_id) DO UPDATE SET address = excluded.address, reserved_at = excluded.reserved_at",
        cart,
        address.as_str(),
        now
    )
    .execute(pool)
    .await?;
    Ok(())
}
