//! Reading a cart as the server priced it (its view, with the desk phones at today's
//! catalogue price), for the cart routes and the checkouts.

use aggregates::cart::{CartContents, CartError, CartItem};
use aggregates::pricing::Pence;
use cqrs_es::persist::ViewRepository;
use projections::cart::{CartSummary, CartView, LivePrices};

use crate::app::state::AppState;
use crate::platform::error::ApiError;

/// A cart's id from a request: a UUID, or no such cart.
pub fn cart_id(raw: &str) -> Result<String, ApiError> {
    crate::app::ids::uuid_id(raw, CartError::NotFound)
}

/// The cart as its view shows it, priced today (404 when there is none).
pub async fn summary(state: &AppState, id: &str) -> Result<CartSummary, ApiError> {
    let view = state.carts.views.load(id).await.map_err(ApiError::internal)?;
    match view {
        Some(view) if view.contents.exists => priced(state, id, &view).await,
        _ => Err(CartError::NotFound.into()),
    }
}

/// `view` priced with the catalogue's price today of each desk phone in it.
pub async fn priced(state: &AppState, id: &str, view: &CartView) -> Result<CartSummary, ApiError> {
    let live = live_prices(state, &view.contents).await?;
    Ok(view.summary_at(id, &live))
}

/// The catalogue's price of each of the cart's desk phones that is still in the catalogue
/// (a deleted one keeps the price it was added for; the checkouts refuse it anyway).
async fn live_prices(state: &AppState, cart: &CartContents) -> Result<LivePrices, ApiError> {
    let ids: Vec<String> = cart
        .items
        .iter()
        .filter_map(|item| match item {
            CartItem::Hardware { product_id, .. } if !product_id.contains('\0') => Some(product_id.clone()),
            _ => None,
        })
        .collect();
    if ids.is_empty() {
        return Ok(LivePrices::new());
    }
    let rows = sqlx::query!(
        r#"SELECT view_id, (payload->'item'->'fields'->>'price')::bigint AS "price?" FROM hardware_view
         WHERE view_id = ANY($1) AND (payload->'item'->>'exists')::boolean
           AND NOT COALESCE((payload->'item'->>'deleted')::boolean, false)"#,
        &ids
    )
    .fetch_all(&state.pool)
    .await?;
    Ok(rows.into_iter().filter_map(|r| Some((r.view_id, Pence(r.price?)))).collect())
}
