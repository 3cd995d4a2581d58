//! Card setups, capped. Every new setup (a Stripe setup intent) lets its caller try one more
//! card against the bank, so a card-testing tool asks for one after another: forty on one
//! order was seen. Two caps stop it:
//!
//! - per order or trial, `MAX_CARD_SETUPS`, counted by the aggregate from its own events and
//!   asked before the provider makes one (`may_start_card_setup`); it never resets, so the
//!   buyer is sent to support;
//! - per client address, `CARD_SETUPS_PER_ADDRESS` (default 10, `limits::CARD_SETUPS_PER_ADDRESS`) an hour across service orders,
//!   trials and hardware orders, so new orders do not reset it; the answer says how long to
//!   wait and carries `Retry-After`.
//!
//! Handing back the last setup while it still waits for a card makes nothing and counts in
//! neither.

use aggregates::payments::{CardSetup, PaymentError};

use crate::app::state::AppState;
use crate::platform::client::ClientAddress;
use crate::platform::error::ApiError;
use crate::platform::limits::{self, Limit, Wait, CARD_SETUPS_PER_ADDRESS};
use crate::platform::refusals::{ApiRefusal, TOO_MANY_CARD_SETUPS_FROM_ADDRESS};

/// The 429 as each card-setup route documents it.
pub const TOO_MANY_CARD_SETUPS: &str = "Too many card setups (too_many_attempts): five on this order or trial (it never resets: the buyer contacts support), or ten an hour from one client address (Retry-After says when to try again)";

/// The answer when the address has started too many card setups this hour.
pub fn too_many_from_address(wait: Wait) -> ApiError {
    ApiError::limited(&TOO_MANY_CARD_SETUPS_FROM_ADDRESS, wait)
}

/// Makes a new card setup with `make`, counted for the client's address first (429 when the
/// address is over its hourly cap). A setup the provider failed to make gives its slot back
/// and answers as a provider failure (`fallback` its message).
pub async fn make_counted<F>(
    state: &AppState,
    address: &ClientAddress,
    fallback: &'static ApiRefusal,
    make: F,
) -> Result<CardSetup, ApiError>
where
    F: std::future::Future<Output = Result<CardSetup, PaymentError>>,
{
    let cap = Limit { max: state.services.config.card_setups_per_address, ..CARD_SETUPS_PER_ADDRESS };
    let attempt = match limits::attempt_or_wait(&state.pool, state.clock.now(), &[(&cap, address.as_str())]).await? {
        Ok(attempt) => attempt,
        Err(wait) => return Err(too_many_from_address(wait)),
    };
    match make.await {
        Ok(setup) => Ok(setup),
        Err(error) => {
            attempt.forget(&state.pool).await?;
            Err(crate::app::payments::failures::payment_failure(error, fallback))
        }
    }
}
