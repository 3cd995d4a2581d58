//! Releases the numbers whose 30-minute cart reservation ran out, and takes them out of
//! the carts that held them, so the stock and the carts agree.

use aggregates::cart::{Cart, CartCommand, CartError};
use aggregates::phone_number::{PhoneNumber, PhoneNumberCommand, PhoneNumberError};
use chrono::{DateTime, Utc};
use cqrs_es::AggregateError;
use sqlx::PgPool;
use store::commands::{Context, Cqrs};

pub const RELEASE_EXPIRED_NUMBERS: &str = "release-expired-numbers";

/// Returns how many numbers were released. Running it twice releases nothing more.
pub async fn release_expired(
    pool: &PgPool,
    numbers: &Cqrs<PhoneNumber>,
    carts: &Cqrs<Cart>,
    now: DateTime<Utc>,
    context: &Context,
) -> Result<usize, String> {
    let expired = projections::inventory::expired_reservations(pool, now).await.map_err(|e| e.to_string())?;
    let mut released = 0;
    for (value, cart) in expired {
        match numbers.execute(context, &value, PhoneNumberCommand::ExpireReservation).await {
            Ok(_) => released += 1,
            // Renewed or released meanwhile, or another request at the same moment: the
            // next run looks again.
            Err(AggregateError::UserError(PhoneNumberError::NotExpired) | AggregateError::AggregateConflict) => {
                continue
            }
            Err(error) => return Err(error.to_string()),
        }
        match carts.execute(context, &cart, CartCommand::RemoveNumber { value: value.clone() }).await {
            Ok(_) | Err(AggregateError::UserError(CartError::NumberNotInCart | CartError::NotFound)) => {}
            Err(error) => tracing::warn!(%value, %cart, %error, "could not take the expired number out of its cart"),
        }
    }
    Ok(released)
}
