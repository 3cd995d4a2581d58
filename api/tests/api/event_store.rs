//! The event store under the frameworks (jobs::event_store): one statement per append, a
//! snapshot every SNAPSHOT_EVERY events, and loads that give the same aggregate as the
//! whole stream replayed.

use std::collections::HashMap;

use aggregates::cart::{Cart, CartEvent};
use aggregates::pricing::{BillingCycle, Plan};
use cqrs_es::persist::PersistedEventStore;
use cqrs_es::EventStore;
use jobs::event_store::SNAPSHOT_EVERY;
use postgres_es::PostgresEventRepository;
use reqwest::Method;
use serde_json::json;

use crate::helpers::{expect_ok, spawn_app};

/// The cart as its whole stream makes it, without snapshots (postgres-es's own store).
async fn replayed(pool: &sqlx::PgPool, id: &str) -> (Cart, usize) {
    let whole = PersistedEventStore::<_, Cart>::new_event_store(PostgresEventRepository::new(pool.clone()));
    let context = whole.load_aggregate(id).await.unwrap();
    (context.aggregate, context.current_sequence)
}

/// A plan chosen again, with `quantity` users: an event any cart takes.
fn package(quantity: u32) -> CartEvent {
    CartEvent::PackageSelected { plan: Plan::SingleUser, billing_cycle: BillingCycle::Monthly, quantity }
}

async fn snapshot_of(pool: &sqlx::PgPool, id: &str) -> Vec<(i64, i64)> {
    sqlx::query_as(
        "SELECT last_sequence, current_snapshot FROM snapshots WHERE aggregate_type = 'Cart' AND aggregate_id = $1",
    )
    .bind(id)
    .fetch_all(pool)
    .await
    .unwrap()
}

#[tokio::test]
async fn a_busy_cart_is_snapshotted_and_loads_as_its_whole_stream_does() {
    let app = spawn_app().await;
    let id = app.create_cart().await;
    let plans = [("singleUser", 1), ("multiUser", 4), ("payAsYouGo", 1), ("multiUser", 6)];
    let mut last = json!(null);
    for n in 0..(2 * SNAPSHOT_EVERY + 5) {
        let (plan, quantity) = plans[n % plans.len()];
        let body = json!({ "plan": plan, "billingCycle": "monthly", "quantity": quantity });
        last = expect_ok(app.send(Method::PUT, &format!("/api/carts/{id}/package"), Some(body)).await).await;
    }
    // 1 + 55 events: the second snapshot, at 50, replaced the first.
    assert_eq!(snapshot_of(&app.pool, &id).await, vec![(2 * SNAPSHOT_EVERY as i64, 2)]);

    let (from_snapshot, sequence) = jobs::commands::load::<Cart>(&app.pool, &id).await.unwrap();
    let (whole, whole_sequence) = replayed(&app.pool, &id).await;
    assert_eq!(sequence, 2 * SNAPSHOT_EVERY + 6);
    assert_eq!((from_snapshot, sequence), (whole, whole_sequence));

    // The next command starts from the snapshot and the events after it, and answers the cart.
    let body = json!({ "plan": "singleUser", "billingCycle": "yearly", "quantity": 2 });
    let cart = expect_ok(app.send(Method::PUT, &format!("/api/carts/{id}/package"), Some(body)).await).await;
    assert_ne!(cart, last);
    assert_eq!(cart["items"][0]["id"], "single-yearly");
    assert_eq!(expect_ok(app.get(&format!("/api/carts/{id}")).await).await, cart);
}

#[tokio::test]
async fn one_commit_crossing_a_snapshot_keeps_the_events_after_it() {
    let app = spawn_app().await;
    let id = app.create_cart().await;
    let store = jobs::commands::store::<Cart>(&app.pool);
    // Up to two short of the first snapshot, then one commit of five events across it.
    let context = store.load_aggregate(&id).await.unwrap();
    store.commit((2..SNAPSHOT_EVERY as u32).map(package).collect(), context, HashMap::new()).await.unwrap();
    let context = store.load_aggregate(&id).await.unwrap();
    assert_eq!(context.current_sequence, SNAPSHOT_EVERY - 1);
    store.commit((100..105).map(package).collect(), context, HashMap::new()).await.unwrap();

    // The snapshot holds the state at the multiple (25), not at the commit's last event.
    assert_eq!(snapshot_of(&app.pool, &id).await, vec![(SNAPSHOT_EVERY as i64, 1)]);
    let context = store.load_aggregate(&id).await.unwrap();
    let (whole, sequence) = replayed(&app.pool, &id).await;
    assert_eq!(context.current_sequence, SNAPSHOT_EVERY + 4);
    assert_eq!((context.aggregate, context.current_sequence), (whole, sequence));
}

#[tokio::test]
async fn an_append_from_an_outdated_load_is_a_conflict_and_stores_nothing() {
    let app = spawn_app().await;
    let id = app.create_cart().await;
    let store = jobs::commands::store::<Cart>(&app.pool);
    let first = store.load_aggregate(&id).await.unwrap();
    let second = store.load_aggregate(&id).await.unwrap();
    store.commit(vec![package(1)], first, HashMap::new()).await.unwrap();
    let refused = store.commit(vec![package(2), package(3)], second, HashMap::new()).await;
    assert!(matches!(refused, Err(cqrs_es::AggregateError::AggregateConflict)), "{refused:?}");
    let stored: i64 =
        sqlx::query_scalar("SELECT count(*) FROM events WHERE aggregate_type = 'Cart' AND aggregate_id = $1")
            .bind(&id)
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert_eq!(stored, 2, "the cart's creation and the first package only: none of the refused append");
}
