//! Rebuilds read models from the event store (`voip-shop rebuild-views`).

use aggregates::cart::Cart;
use aggregates::service_order::ServiceOrder;
use aggregates::trial::Trial;
use cqrs_es::persist::ViewRepository;
use cqrs_es::{Aggregate, EventStore};
use projections::catch_up::{CatchUpQuery, SequencedView};
use sqlx::PgPool;

use crate::state::{store, AppState};

/// Drops the view table and replays every aggregate of type `A` into it; returns how many.
async fn rebuild<A, R, V>(state: &AppState, table: &str, query: &CatchUpQuery<crate::state::Store<A>, R, V, A>) -> Result<usize, String>
where
    A: Aggregate,
    R: ViewRepository<V, A>,
    V: SequencedView<A>,
{
    let ids = aggregate_ids(&state.pool, A::TYPE).await.map_err(|e| e.to_string())?;
    sqlx::query(&format!("DELETE FROM {table}")).execute(&state.pool).await.map_err(|e| e.to_string())?;
    let events_of = store::<A>(&state.pool);
    for id in &ids {
        let events = events_of.load_events(id).await.map_err(|e| e.to_string())?;
        query.catch_up(id, &events).await?;
    }
    Ok(ids.len())
}

/// The cart view; returns how many carts.
pub async fn rebuild_cart_views(state: &AppState) -> Result<usize, String> {
    rebuild::<Cart, _, _>(state, projections::cart::CART_VIEW_TABLE, &state.cart_view_query).await
}

/// The order view (thank-you pages, support).
pub async fn rebuild_order_views(state: &AppState) -> Result<usize, String> {
    rebuild::<ServiceOrder, _, _>(state, projections::orders::ORDER_VIEW_TABLE, &state.order_view_query).await
}

/// The trial view.
pub async fn rebuild_trial_views(state: &AppState) -> Result<usize, String> {
    rebuild::<Trial, _, _>(state, projections::trials::TRIAL_VIEW_TABLE, &state.trial_view_query).await
}

async fn aggregate_ids(pool: &PgPool, aggregate_type: &str) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT DISTINCT aggregate_id FROM events WHERE aggregate_type = $1 ORDER BY aggregate_id")
        .bind(aggregate_type)
        .fetch_all(pool)
        .await
}
