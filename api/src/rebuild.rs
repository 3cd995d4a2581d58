//! Rebuilds read models from the event store (`voip-shop rebuild-views`).

use aggregates::cart::Cart;
use cqrs_es::{Aggregate, EventStore};
use sqlx::PgPool;

use aggregates::service_order::ServiceOrder;

use aggregates::trial::Trial;

use crate::state::{cart_store, order_store, trial_store, AppState};

/// Drops the cart view and replays every cart's events into it; returns how many carts.
pub async fn rebuild_cart_views(state: &AppState) -> Result<usize, String> {
    let ids = aggregate_ids(&state.pool, Cart::TYPE).await.map_err(|e| e.to_string())?;
    sqlx::query("DELETE FROM cart_view").execute(&state.pool).await.map_err(|e| e.to_string())?;
    let store = cart_store(&state.pool);
    for id in &ids {
        let events = store.load_events(id).await.map_err(|e| e.to_string())?;
        state.cart_view_query.catch_up(id, &events).await?;
    }
    Ok(ids.len())
}

/// Drops the order view (thank-you pages, support) and replays every order into it.
pub async fn rebuild_order_views(state: &AppState) -> Result<usize, String> {
    let ids = aggregate_ids(&state.pool, ServiceOrder::TYPE).await.map_err(|e| e.to_string())?;
    sqlx::query("DELETE FROM order_view").execute(&state.pool).await.map_err(|e| e.to_string())?;
    let store = order_store(&state.pool);
    for id in &ids {
        let events = store.load_events(id).await.map_err(|e| e.to_string())?;
        state.order_view_query.catch_up(id, &events).await?;
    }
    Ok(ids.len())
}

/// Drops the trial view and replays every trial into it.
pub async fn rebuild_trial_views(state: &AppState) -> Result<usize, String> {
    let ids = aggregate_ids(&state.pool, Trial::TYPE).await.map_err(|e| e.to_string())?;
    sqlx::query("DELETE FROM trial_view").execute(&state.pool).await.map_err(|e| e.to_string())?;
    let store = trial_store(&state.pool);
    for id in &ids {
        let events = store.load_events(id).await.map_err(|e| e.to_string())?;
        state.trial_view_query.catch_up(id, &events).await?;
    }
    Ok(ids.len())
}

async fn aggregate_ids(pool: &PgPool, aggregate_type: &str) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT DISTINCT aggregate_id FROM events WHERE aggregate_type = $1 ORDER BY aggregate_id")
        .bind(aggregate_type)
        .fetch_all(pool)
        .await
}
