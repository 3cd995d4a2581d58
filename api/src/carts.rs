//! Reading a cart as the server priced it (its view), for the cart routes and the checkouts.

use aggregates::cart::CartError;
use cqrs_es::persist::ViewRepository;
use projections::cart::CartSummary;

use crate::error::ApiError;
use crate::state::AppState;

/// A cart's id from a request: a UUID, or no such cart.
pub fn cart_id(raw: &str) -> Result<String, ApiError> {
    crate::ids::uuid_id(raw, CartError::NotFound)
}

/// The cart as its view shows it (404 when there is none).
pub async fn summary(state: &AppState, id: &str) -> Result<CartSummary, ApiError> {
    let view = state.cart_views.load(id).await.map_err(ApiError::internal)?;
    match view {
        Some(view) if view.contents.exists => Ok(view.summary(id)),
        _ => Err(CartError::NotFound.into()),
    }
}
