//! The event store under the frameworks (store::event_store): one statement per append, a
//! snapshot every SNAPSHOT_EVERY events, and loads that give the same aggregate as the
//! whole stream replayed. postgres-es's own event store is used here only, to show that our
//! table is still the one it reads and writes (the server reads through store::event_store).

use std::collections::HashMap;

use aggregates::cart::{Cart, CartCommand, CartEvent};
use aggregates::pricing::{BillingCycle, Plan};
use api::app::state::AppState;
use cqrs_es::persist::PersistedEventStore;
use cqrs_es::{Aggregate, EventStore};
use postgres_es::PostgresEventRepository;
use reqwest::Method;
use serde_json::json;
use store::event_store::SNAPSHOT_EVERY;

use crate::checkout::{cart, create_account, pay, single_user, OK_CARD};
use crate::hardware_checkout::cart_with_phone;
use crate::helpers::{expect_ok, spawn_app};

/// postgres-es's own event store of carts over our table, read through the upcasters.
fn postgres_es(pool: &sqlx::PgPool) -> PersistedEventStore<PostgresEventRepository, Cart> {
    PersistedEventStore::new_event_store(PostgresEventRepository::new(pool.clone()))
        .with_upcasters(aggregates::upcasting::upcasters(Cart::TYPE))
}

/// The cart as its whole stream makes it, without snapshots (postgres-es's own store).
async fn replayed(pool: &sqlx::PgPool, id: &str) -> (Cart, usize) {
    let context = postgres_es(pool).load_aggregate(id).await.unwrap();
    (context.aggregate, context.current_sequence)
}

/// A plan chosen again, with `quantity` users: an event any cart takes.
fn package(quantity: u32) -> CartEvent {
    CartEvent::PackageSelected {
        plan: Plan::SingleUser,
        billing_cycle: BillingCycle::Monthly,
        quantity,
        keeps_desk_phones: true,
    }
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

/// How many events cart `id` has stored.
async fn stored_events(pool: &sqlx::PgPool, id: &str) -> i64 {
    sqlx::query_scalar("SELECT count(*) FROM events WHERE aggregate_type = 'Cart' AND aggregate_id = $1")
        .bind(id)
        .fetch_one(pool)
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

    let (from_snapshot, sequence) = store::commands::load::<Cart>(&app.pool, &id).await.unwrap();
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
async fn a_cart_whose_events_add_up_is_snapshotted_with_each_event_once() {
    let app = spawn_app().await;
    // Created (1), one phone (2), then one more phone a command: each event adds to what
    // the cart holds, so a snapshot holding an event twice would show.
    let (id, _, product) = cart_with_phone(&app, 1).await;
    let extra = SNAPSHOT_EVERY + 3;
    for _ in 0..extra {
        let body = json!({ "productId": product, "quantity": 1 });
        expect_ok(app.send(Method::POST, &format!("/api/carts/{id}/hardware"), Some(body)).await).await;
    }
    assert_eq!(snapshot_of(&app.pool, &id).await, vec![(SNAPSHOT_EVERY as i64, 1)]);

    let (from_snapshot, sequence) = store::commands::load::<Cart>(&app.pool, &id).await.unwrap();
    let (whole, whole_sequence) = replayed(&app.pool, &id).await;
    assert_eq!(sequence, extra + 2);
    assert_eq!((&from_snapshot, sequence), (&whole, whole_sequence));
    let phones = |cart: &Cart| cart.contents().items.iter().map(|item| item.quantity()).sum::<u32>();
    assert_eq!(phones(&from_snapshot), 1 + extra as u32);

    // Another server, which loads the cart from the snapshot, takes the next command on it
    // and the view says what the events say.
    let other = AppState::new(app.pool.clone());
    let item_id = format!("hardware-{product}");
    let command = CartCommand::SetItemQuantity { item_id, quantity: 2 };
    other.carts.cqrs.execute(&store::commands::Context::system(), &id, command).await.unwrap();
    let cart = expect_ok(app.get(&format!("/api/carts/{id}")).await).await;
    assert_eq!(cart["items"][0]["quantity"], 2);
    assert_eq!(cart["version"], extra as i64 + 3);
}

#[tokio::test]
async fn a_server_whose_kept_cart_is_outdated_decides_again_on_the_stored_events() {
    let app = spawn_app().await;
    let id = app.create_cart().await;
    let path = format!("/api/carts/{id}");
    let single = json!({ "plan": "singleUser", "billingCycle": "monthly", "quantity": 1 });
    expect_ok(app.send(Method::PUT, &format!("{path}/package"), Some(single.clone())).await).await;

    // Another server changes the plan: the first server's kept copy still has one user.
    let other = AppState::new(app.pool.clone());
    let multi = CartCommand::SelectPackage { plan: Plan::MultiUser, billing_cycle: BillingCycle::Monthly, quantity: 4 };
    other.carts.cqrs.execute(&store::commands::Context::system(), &id, multi).await.unwrap();

    // The same plan again is nothing to do on the kept copy, and a change on the stored cart.
    let cart = expect_ok(app.send(Method::PUT, &format!("{path}/package"), Some(single)).await).await;
    assert_eq!((cart["package"].clone(), cart["version"].clone()), (json!("singleUser"), json!(4)));

    // A change decided on an outdated copy meets the stored event's key and is decided
    // again on the stored cart: both changes are in the answer and in the view.
    let yearly = CartCommand::ChangeBillingCycle { billing_cycle: BillingCycle::Yearly };
    other.carts.cqrs.execute(&store::commands::Context::system(), &id, yearly).await.unwrap();
    let body = json!({ "addOnId": "callRecording" });
    let cart = expect_ok(app.send(Method::POST, &format!("{path}/add-ons"), Some(body)).await).await;
    assert_eq!(cart["billingCycle"], "yearly");
    assert_eq!(cart["addOns"][0]["id"], "callRecording");
    assert_eq!(cart["version"], 6);
    assert_eq!(expect_ok(app.get(&path).await).await, cart);
    assert_eq!(stored_events(&app.pool, &id).await, 6);

    // A refusal decided on an outdated copy is decided again too: the other server adds an
    // add-on this one's copy lacks, and removing it here succeeds.
    let music = aggregates::pricing::AddOn::MusicWhileRinging;
    other
        .carts
        .cqrs
        .execute(&store::commands::Context::system(), &id, CartCommand::AddAddOn { add_on: music })
        .await
        .unwrap();
    let response = app.send(Method::DELETE, &format!("{path}/add-ons/musicWhileRinging"), None).await;
    let cart = expect_ok(response).await;
    assert_eq!(cart["addOns"].as_array().unwrap().len(), 1, "{cart}");
    assert_eq!(cart["addOns"][0]["id"], "callRecording");
    assert_eq!(cart["version"], 8);
}

#[tokio::test]
async fn a_commands_events_and_the_cart_view_are_stored_together() {
    let app = spawn_app().await;
    let id = app.create_cart().await;
    let body = json!({ "plan": "multiUser", "billingCycle": "yearly", "quantity": 5 });
    let answered = expect_ok(app.send(Method::PUT, &format!("/api/carts/{id}/package"), Some(body)).await).await;
    // The view row holds the sequence of the cart's last event, and the answer is that view.
    let (version, payload): (i64, serde_json::Value) =
        sqlx::query_as("SELECT version, payload::jsonb FROM cart_view WHERE view_id = $1")
            .bind(&id)
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert_eq!(version, 2, "written once per command");
    assert_eq!(payload["last_sequence"], 2);
    assert_eq!(answered["version"], 2);
    assert_eq!(expect_ok(app.get(&format!("/api/carts/{id}")).await).await, answered);
    // Its time is its last event's (one statement): what the purge of idle carts reads.
    let same: bool = sqlx::query_scalar(
        "SELECT v.updated_at = (SELECT max(recorded_at) FROM events WHERE aggregate_type = 'Cart' AND aggregate_id = $1)
           FROM cart_view v WHERE v.view_id = $1",
    )
    .bind(&id)
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert!(same, "the view's updated_at is its last event's recorded_at");
}

/// The rows of `owner` in call_credit_calls: (call, kind, sequence).
async fn call_rows(pool: &sqlx::PgPool, owner: &str) -> Vec<(String, String, i64)> {
    sqlx::query_as("SELECT call_id, kind, sequence FROM call_credit_calls WHERE owner = $1 ORDER BY sequence")
        .bind(owner)
        .fetch_all(pool)
        .await
        .unwrap()
}

/// The CallCredit events of `owner`: (sequence, type).
async fn credit_events(pool: &sqlx::PgPool, owner: &str) -> Vec<(i64, String)> {
    sqlx::query_as(
        "SELECT sequence, event_type FROM events WHERE aggregate_type = 'CallCredit' AND aggregate_id = $1 ORDER BY sequence",
    )
    .bind(owner)
    .fetch_all(pool)
    .await
    .unwrap()
}

#[tokio::test]
async fn a_calls_charge_and_its_row_are_stored_together_and_a_second_charge_of_it_stores_nothing() {
    use aggregates::call_credit::{CallCreditCommand, CallCreditError, CreditSource};
    use aggregates::pricing::Plan;
    use cqrs_es::AggregateError;
    use store::commands::Context;
    let app = spawn_app().await;
    let state = AppState::new(app.pool.clone());
    let owner = uuid::Uuid::new_v4().to_string();
    let context = Context::job("test");
    let rates = Plan::PayAsYouGo.call_rates().unwrap();
    let charge = |call: &str, seconds: i64| CallCreditCommand::ChargeCall {
        call_id: call.into(),
        to: "+447700900123".into(),
        seconds,
        rates,
    };
    let buy = CallCreditCommand::BuyCredit {
        tenths: 1_000,
        payment_reference: "pi_1".into(),
        source: CreditSource::Checkout,
    };
    state.call_credits.cqrs.execute(&context, &owner, buy).await.unwrap();
    state.call_credits.cqrs.execute(&context, &owner, charge("call-1", 61)).await.unwrap();
    assert_eq!(call_rows(&app.pool, &owner).await, [("call-1".into(), "charged".into(), 2)]);

    // The same call again: the row's key is taken, so the statement stores nothing, neither
    // event nor view nor row, and the command is refused.
    let again = state.call_credits.cqrs.execute(&context, &owner, charge("call-1", 61)).await;
    assert!(matches!(again, Err(AggregateError::UserError(CallCreditError::CallAlreadyRecorded))), "{again:?}");
    assert_eq!(credit_events(&app.pool, &owner).await, [(1, "CreditBought".into()), (2, "CallCharged".into())]);
    let view: (i64, serde_json::Value) =
        sqlx::query_as("SELECT version, payload::jsonb FROM call_credit_view WHERE view_id = $1")
            .bind(&owner)
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert_eq!((view.0, view.1["balanceTenths"].as_i64()), (2, Some(1_000 - 166)));

    // Eight runners charge one call at once: one charge, one row; the others are refused.
    let runs: Vec<_> = (0..8)
        .map(|_| {
            let (state, context, owner, command) =
                (state.clone(), context.clone(), owner.clone(), charge("call-2", 601));
            tokio::spawn(async move { state.call_credits.cqrs.execute(&context, &owner, command).await })
        })
        .collect();
    let mut results = vec![];
    for run in runs {
        results.push(run.await.unwrap());
    }
    let charged = results.iter().filter(|r| r.is_ok()).count();
    let refused = results
        .iter()
        .filter(|r| matches!(r, Err(AggregateError::UserError(CallCreditError::CallAlreadyRecorded))))
        .count();
    assert_eq!((charged, refused), (1, 7), "{results:?}");
    // 11 started minutes to a mobile (913 tenths) spend the last of the credit: its notice is
    // written with the event that says so, at the same sequence.
    assert_eq!(
        credit_events(&app.pool, &owner).await,
        [(1, "CreditBought".into()), (2, "CallCharged".into()), (3, "CallCharged".into()), (4, "CreditRanOut".into())]
    );
    assert_eq!(
        call_rows(&app.pool, &owner).await,
        [("call-1".into(), "charged".into(), 2), ("call-2".into(), "charged".into(), 3)]
    );
    let notices: Vec<(i64, String)> =
        sqlx::query_as("SELECT sequence, kind FROM call_credit_notices WHERE owner = $1 ORDER BY sequence")
            .bind(&owner)
            .fetch_all(&app.pool)
            .await
            .unwrap();
    assert_eq!(notices, [(4, "credit_ran_out".into())]);

    // A refusal is recorded once in the same way, beside the call's charge.
    let record = || CallCreditCommand::RecordRefusedCall { call_id: "call-1".into(), to: "+447700900123".into() };
    state.call_credits.cqrs.execute(&context, &owner, record()).await.unwrap();
    let twice = state.call_credits.cqrs.execute(&context, &owner, record()).await;
    assert!(matches!(twice, Err(AggregateError::UserError(CallCreditError::CallAlreadyRecorded))), "{twice:?}");
    assert_eq!(credit_events(&app.pool, &owner).await.len(), 5);
    assert_eq!(call_rows(&app.pool, &owner).await[2], ("call-1".into(), "refused".into(), 5));
}

#[tokio::test]
async fn an_append_from_an_outdated_load_is_a_conflict_and_stores_nothing() {
    let app = spawn_app().await;
    let id = app.create_cart().await;
    let store = postgres_es(&app.pool);
    let first = store.load_aggregate(&id).await.unwrap();
    let second = store.load_aggregate(&id).await.unwrap();
    store.commit(vec![package(1)], first, HashMap::new()).await.unwrap();
    let refused = store.commit(vec![package(2), package(3)], second, HashMap::new()).await;
    assert!(matches!(refused, Err(cqrs_es::AggregateError::AggregateConflict)), "{refused:?}");
    assert_eq!(
        stored_events(&app.pool, &id).await,
        2,
        "the cart's creation and the first package only: none of the refused append"
    );

    // Our own append refuses the same: an event at a sequence already taken.
    let envelope = cqrs_es::EventEnvelope::<Cart> {
        aggregate_id: id.clone(),
        sequence: 2,
        payload: package(4),
        metadata: HashMap::new(),
    };
    let events = [cqrs_es::persist::SerializedEvent::try_from(&envelope).unwrap()];
    let append =
        store::event_store::Append { events: &events, snapshot: None, view: None, workflows: vec![], rows: vec![] };
    let mut connection = app.pool.acquire().await.unwrap();
    let refused = store::event_store::append::<Cart>(&mut connection, append).await;
    assert!(matches!(refused, Err(cqrs_es::persist::PersistenceError::OptimisticLockError)), "{refused:?}");
    assert_eq!(stored_events(&app.pool, &id).await, 2);
}

/// An order's events as they were stored before their 1.1 (aggregates::upcasting): its
/// `OrderPlaced` with the amount due today as `grand_total`, and a staff step naming the
/// staff member in the payload's `by` with no actor in the metadata. Every path that reads
/// events (the aggregate's load, its history, support's history, the catch-up query, the
/// rebuild's pages, and postgres-es's own store over our table) reads them as the events
/// stored today.
#[tokio::test]
async fn an_upcast_event_reads_the_same_through_every_path() {
    use aggregates::service_order::{ServiceOrder, ServiceOrderCommand, ServiceOrderEvent};
    let app = spawn_app().await;
    let state = AppState::new(app.pool.clone());
    let kept = cart(&app, single_user(&["442079460101"])).await;
    let (_, charge, id) = pay(&app, &kept, "upcast@example.com", OK_CARD).await;
    expect_ok(charge).await;
    create_account(&app, &id).await;
    let staff = store::commands::Context::staff("ada@talkbridge.example");
    state.orders.cqrs.execute(&staff, &id, ServiceOrderCommand::ResendConfirmation).await.unwrap();

    // What each path reads of the order as stored today.
    let read = |events: &[cqrs_es::EventEnvelope<ServiceOrder>]| {
        events.iter().map(|e| (e.sequence, e.payload.clone(), e.metadata.clone())).collect::<Vec<_>>()
    };
    let support = async || {
        let replayed = api::app::admin::history::replay_service_order(&app.pool, &id, None).await.unwrap().unwrap();
        (serde_json::to_value(&replayed.replay.events).unwrap(), replayed.replay.current)
    };
    let view = async || -> Option<serde_json::Value> {
        sqlx::query_scalar("SELECT payload::jsonb FROM order_view WHERE view_id = $1")
            .bind(&id)
            .fetch_optional(&app.pool)
            .await
            .unwrap()
    };
    let postgres_es = || {
        PersistedEventStore::<_, ServiceOrder>::new_event_store(PostgresEventRepository::new(app.pool.clone()))
            .with_upcasters(aggregates::upcasting::upcasters(ServiceOrder::TYPE))
    };
    let loaded = store::commands::load::<ServiceOrder>(&app.pool, &id).await.unwrap();
    let history = store::commands::history::<ServiceOrder>(&app.pool, &id).await.unwrap();
    let resent = history.iter().find(|e| matches!(e.payload, ServiceOrderEvent::ConfirmationResent { .. })).unwrap();
    let supported = support().await;
    assert!(supported.0.to_string().contains("resent by ada@talkbridge.example"), "{}", supported.0);
    let viewed = view().await.expect("the order's view");
    assert_eq!(read(&postgres_es().load_events(&id).await.unwrap()), read(&history));

    // The two events as 1.0 stored them.
    let rewritten = sqlx::query(
        r#"UPDATE events SET event_version = '1.0',
                payload = CASE event_type
                  WHEN 'OrderPlaced' THEN
                    jsonb_set(payload::jsonb #- '{OrderPlaced,lines,amounts,due_today}',
                              '{OrderPlaced,lines,amounts,grand_total}',
                              payload::jsonb #> '{OrderPlaced,lines,amounts,due_today}')::json
                  ELSE jsonb_set(payload::jsonb, '{ConfirmationResent,by}', '"ada@talkbridge.example"')::json END,
                metadata = CASE event_type WHEN 'OrderPlaced' THEN metadata ELSE '{}'::json END
          WHERE aggregate_type = 'ServiceOrder' AND aggregate_id = $1
            AND (event_type = 'OrderPlaced' OR sequence = $2)"#,
    )
    .bind(&id)
    .bind(resent.sequence as i64)
    .execute(&app.pool)
    .await
    .unwrap();
    assert_eq!(rewritten.rows_affected(), 2);
    let stored: Vec<serde_json::Value> = sqlx::query_scalar(
        "SELECT json_build_object('version', event_version, 'payload', payload, 'metadata', metadata)::jsonb
           FROM events WHERE aggregate_type = 'ServiceOrder' AND aggregate_id = $1
            AND (event_type = 'OrderPlaced' OR sequence = $2)
          ORDER BY sequence",
    )
    .bind(&id)
    .bind(resent.sequence as i64)
    .fetch_all(&app.pool)
    .await
    .unwrap();
    assert!(stored.iter().all(|event| event["version"] == "1.0"), "{stored:?}");
    assert!(stored[0]["payload"]["OrderPlaced"]["lines"]["amounts"]["grand_total"].is_number(), "{}", stored[0]);
    assert_eq!(stored[1]["payload"]["ConfirmationResent"]["by"], "ada@talkbridge.example");
    assert_eq!(stored[1]["metadata"], json!({}));

    // The aggregate's load, its history and support's history.
    assert_eq!(store::commands::load::<ServiceOrder>(&app.pool, &id).await.unwrap(), loaded);
    let again = store::commands::history::<ServiceOrder>(&app.pool, &id).await.unwrap();
    assert_eq!(read(&again), read(&history));
    assert_eq!(support().await, supported);
    // The catch-up query, which reads the stream when it finds a gap (here: no view at all).
    sqlx::query("DELETE FROM order_view WHERE view_id = $1").bind(&id).execute(&app.pool).await.unwrap();
    state.orders.query.catch_up(&id, &history[history.len() - 1..]).await.unwrap();
    assert_eq!(view().await.as_ref(), Some(&viewed));
    // The rebuild, which reads every order's events in pages of the store's global order.
    sqlx::query("DELETE FROM order_view WHERE view_id = $1").bind(&id).execute(&app.pool).await.unwrap();
    api::tools::rebuild::rebuild_order_views(&state).await.unwrap();
    assert_eq!(view().await.as_ref(), Some(&viewed));
    // postgres-es's own store reads our table the same.
    assert_eq!(read(&postgres_es().load_events(&id).await.unwrap()), read(&history));
}
