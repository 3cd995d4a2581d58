//! `voip-shop rebuild-views`: every read model rebuilt from the events exactly as the live
//! queries left it, after being damaged, and the site answering while it runs.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use aggregates::cart::CartCommand;
use aggregates::hardware_item::{Brand, HardwareCommand, HardwareFields, Image};
use aggregates::pricing::{BillingCycle, Pence, Plan};
use api::app::state::AppState;
use api::tools::rebuild::{self, Rebuilt};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use sqlx::postgres::PgPoolOptions;
use sqlx::PgPool;

use crate::checkout::{cart, create_account, pay, single_user, OK_CARD};
use crate::hardware_checkout;
use crate::helpers::{expect_ok, spawn_app, TestApp};

/// The rows of a query as JSON, in the query's order.
async fn snapshot(pool: &PgPool, sql: &str) -> Value {
    sqlx::query_scalar(&format!("SELECT coalesce(json_agg(t), '[]'::json) FROM ({sql}) t"))
        .fetch_one(pool)
        .await
        .unwrap()
}

async fn run(pool: &PgPool, sql: &str) {
    sqlx::query(sql).execute(pool).await.unwrap();
}

/// A postgres-es view table's rows without `version` (an optimistic-lock counter the swap
/// raises on repaired rows; see `changes`).
fn view_rows(table: &str) -> String {
    format!("SELECT view_id, payload FROM {table} ORDER BY view_id")
}

fn changes(rebuilt: &Rebuilt) -> (u64, u64, u64) {
    (rebuilt.deleted, rebuilt.updated, rebuilt.inserted)
}

/// Damages a view table three ways: a row deleted, a payload changed, a row no events made.
async fn damage_view(pool: &PgPool, table: &str) {
    let ids: Vec<String> =
        sqlx::query_scalar(&format!("SELECT view_id FROM {table} ORDER BY view_id")).fetch_all(pool).await.unwrap();
    assert!(ids.len() >= 2, "{table} needs two rows to damage");
    sqlx::query(&format!("DELETE FROM {table} WHERE view_id = $1")).bind(&ids[0]).execute(pool).await.unwrap();
    sqlx::query(&format!("UPDATE {table} SET payload = '{{}}'::json, version = version + 1 WHERE view_id = $1"))
        .bind(&ids[1])
        .execute(pool)
        .await
        .unwrap();
    run(pool, &format!("INSERT INTO {table} (view_id, version, payload) VALUES ('no-such-aggregate', 1, '{{}}')"))
        .await;
}

/// The staff search's table (order_search, kept by triggers) against the three order views
/// it is made from: the rows missing from it or left over in it, as text.
async fn search_differs_from_views(pool: &PgPool) -> Vec<String> {
    let made = "SELECT s.* FROM order_view v, LATERAL order_search_row('service', v.view_id, v.payload) s
                UNION ALL SELECT s.* FROM trial_view v, LATERAL order_search_row('trial', v.view_id, v.payload) s
                UNION ALL SELECT s.* FROM hardware_order_view v, LATERAL order_search_row('hardware', v.view_id, v.payload) s";
    sqlx::query_scalar(&format!(
        "(SELECT 'missing ' || m::text FROM (({made}) EXCEPT SELECT * FROM order_search) m)
         UNION ALL (SELECT 'left over ' || l::text FROM (SELECT * FROM order_search EXCEPT ({made})) l)"
    ))
    .fetch_all(pool)
    .await
    .unwrap()
}

/// Two carts with numbers and one cart paid for and completed (Stripe stand-in).
async fn shop_with_an_order(app: &TestApp) -> (String, String) {
    let kept = cart(app, single_user(&["442079460101", "442079460102"])).await;
    cart(app, single_user(&["442079460103"])).await;
    let (_, charge, order) = pay(app, &kept, "rebuild.order@example.com", OK_CARD).await;
    expect_ok(charge).await;
    create_account(app, &order).await;
    (kept, order)
}

async fn start_trial(app: &TestApp, email: &str) -> String {
    let free = expect_ok(app.get("/api/free-did-numbers/").await).await;
    let number = free["numbers"][0]["value"].as_str().unwrap().to_string();
    let contact = json!({
        "email": email, "password": "trial-Passw0rd", "confirmPassword": "trial-Passw0rd",
        "companyName": "Tara Ltd", "firstName": "Tara", "lastName": "Trial", "phone": "020 7946 0001",
        "postcode": "M1 1AE", "addressLine1": "1 Sample Street", "addressLine2": "", "city": "Manchester",
        "country": "United Kingdom",
    });
    let body = json!({ "customerInfo": contact, "selectedNumber": { "value": number, "status": "Available" }, "packageType": "trial" });
    let trial = expect_ok(app.send(Method::POST, "/api/create-free-trial-account/", Some(body)).await).await;
    trial["customerId"].as_str().unwrap().to_string()
}

fn phone(name: &str, price: i64) -> HardwareFields {
    HardwareFields {
        name: name.into(),
        brand: Some(Brand::Yealink),
        model: "T54W".into(),
        price: Pence(price),
        features: vec!["Wi-Fi".into()],
        compatibility: vec!["SIP 2.0".into()],
        ..HardwareFields::default()
    }
}

/// Three catalogue items changed by two admins, their events interleaved.
async fn catalogue(state: &AppState) {
    let (a, b, c) = (
        "00000000-0000-4000-8000-00000000000a",
        "00000000-0000-4000-8000-00000000000b",
        "00000000-0000-4000-8000-00000000000c",
    );
    let run = |id: &'static str, command: HardwareCommand| async move {
        state.hardware.cqrs.execute(&store::commands::Context::system(), id, command).await.unwrap()
    };
    run(a, HardwareCommand::Create { fields: phone("Yealink T54W", 11900), actor: "ann@example.com".into() }).await;
    run(b, HardwareCommand::Create { fields: phone("Yealink T57W", 15900), actor: "bob@example.com".into() }).await;
    let image = Image { id: "img1".into(), url: "/api/hardware-images/img1".into(), filename: "front.png".into() };
    run(a, HardwareCommand::AttachImage { image, actor: "ann@example.com".into() }).await;
    run(b, HardwareCommand::Update { fields: phone("Yealink T57W Pro", 14900), actor: "ann@example.com".into() }).await;
    run(c, HardwareCommand::Create { fields: phone("Yealink W73P", 9900), actor: "bob@example.com".into() }).await;
    run(a, HardwareCommand::Update { fields: phone("Yealink T54W", 10900), actor: "bob@example.com".into() }).await;
    run(b, HardwareCommand::Delete { actor: "bob@example.com".into() }).await;
}

#[tokio::test]
async fn the_cart_view_is_rebuilt_exactly() {
    let app = spawn_app().await;
    let kept = cart(&app, single_user(&["442079460101", "442079460102"])).await;
    let other = cart(&app, single_user(&["442079460103"])).await;
    expect_ok(app.send(Method::DELETE, &format!("/api/carts/{other}/numbers/442079460103"), None).await).await;
    app.create_cart().await;
    let page = expect_ok(app.get(&format!("/api/carts/{kept}")).await).await;
    let before = snapshot(&app.pool, &view_rows("cart_view")).await;

    damage_view(&app.pool, "cart_view").await;
    let state = AppState::new(app.pool.clone());
    let rebuilt = rebuild::rebuild_cart_views(&state).await.unwrap();

    assert_eq!(snapshot(&app.pool, &view_rows("cart_view")).await, before);
    assert_eq!((rebuilt.aggregates, changes(&rebuilt)), (3, (1, 1, 1)), "{rebuilt:?}");
    assert_eq!(expect_ok(app.get(&format!("/api/carts/{kept}")).await).await, page);
    // A rebuild of a healthy view changes nothing.
    assert_eq!(changes(&rebuild::rebuild_cart_views(&state).await.unwrap()), (0, 0, 0));
}

#[tokio::test]
async fn the_order_view_is_rebuilt_exactly() {
    let app = spawn_app().await;
    let (kept, order) = shop_with_an_order(&app).await;
    // A second order, placed and left unpaid, so the view has two rows.
    let second = cart(&app, single_user(&["442079460104"])).await;
    let intent = crate::checkout::post(
        &app,
        "/api/create-payment-intent/",
        json!({ "cartId": second, "customerInfo": crate::checkout::customer_info("second@example.com") }),
    )
    .await;
    expect_ok(intent).await;
    let page = expect_ok(app.get(&format!("/api/orders/{order}")).await).await;
    let before = snapshot(&app.pool, &view_rows("order_view")).await;
    let carts = snapshot(&app.pool, &view_rows("cart_view")).await;

    damage_view(&app.pool, "order_view").await;
    // The search follows every write to the view, the damage as the repair.
    assert_eq!(search_differs_from_views(&app.pool).await, Vec::<String>::new());
    let state = AppState::new(app.pool.clone());
    let rebuilt = rebuild::rebuild_order_views(&state).await.unwrap();
    assert_eq!(search_differs_from_views(&app.pool).await, Vec::<String>::new());

    assert_eq!(snapshot(&app.pool, &view_rows("order_view")).await, before);
    assert_eq!((rebuilt.aggregates, changes(&rebuilt)), (2, (1, 1, 1)), "{rebuilt:?}");
    assert_eq!(expect_ok(app.get(&format!("/api/orders/{order}")).await).await, page);
    // The emptied cart of the paid order is rebuilt empty too.
    rebuild::rebuild_cart_views(&state).await.unwrap();
    assert_eq!(snapshot(&app.pool, &view_rows("cart_view")).await, carts);
    assert!(expect_ok(app.get(&format!("/api/carts/{kept}")).await).await["package"].is_null());
}

#[tokio::test]
async fn the_trial_view_is_rebuilt_exactly() {
    let app = spawn_app().await;
    let trial = start_trial(&app, "tara.one@example.com").await;
    start_trial(&app, "tara.two@example.com").await;
    let page = expect_ok(app.get(&format!("/api/trials/{trial}")).await).await;
    let before = snapshot(&app.pool, &view_rows("trial_view")).await;

    damage_view(&app.pool, "trial_view").await;
    // The search follows every write to the view, the damage as the repair.
    assert_eq!(search_differs_from_views(&app.pool).await, Vec::<String>::new());
    let state = AppState::new(app.pool.clone());
    let rebuilt = rebuild::rebuild_trial_views(&state).await.unwrap();
    assert_eq!(search_differs_from_views(&app.pool).await, Vec::<String>::new());

    assert_eq!(snapshot(&app.pool, &view_rows("trial_view")).await, before);
    assert_eq!((rebuilt.aggregates, changes(&rebuilt)), (2, (1, 1, 1)), "{rebuilt:?}");
    assert_eq!(expect_ok(app.get(&format!("/api/trials/{trial}")).await).await, page);
}

#[tokio::test]
async fn the_hardware_order_view_is_rebuilt_exactly() {
    let app = spawn_app().await;
    // One order paid and confirmed, one left unpaid.
    let (cart, _, _) = hardware_checkout::cart_with_phone(&app, 2).await;
    let (paid, secret, _) = hardware_checkout::placed(&app, &cart, "saturday").await;
    let (method, _) = hardware_checkout::card(&app, &paid, &secret, OK_CARD).await;
    let payment = expect_ok(hardware_checkout::pay(&app, &paid, &secret, &method, 0).await).await;
    let payment = payment["payment_intent_id"].as_str().unwrap().to_string();
    expect_ok(hardware_checkout::confirm(&app, &paid, &secret, &payment).await).await;
    let (other_cart, _, _) = hardware_checkout::cart_with_phone(&app, 1).await;
    hardware_checkout::placed(&app, &other_cart, "economy").await;
    let page = hardware_checkout::view(&app, &paid, &secret).await;
    let before = snapshot(&app.pool, &view_rows("hardware_order_view")).await;

    damage_view(&app.pool, "hardware_order_view").await;
    // The search follows every write to the view, the damage as the repair.
    assert_eq!(search_differs_from_views(&app.pool).await, Vec::<String>::new());
    let state = AppState::new(app.pool.clone());
    let rebuilt = rebuild::rebuild_hardware_order_views(&state).await.unwrap();
    assert_eq!(search_differs_from_views(&app.pool).await, Vec::<String>::new());

    assert_eq!(snapshot(&app.pool, &view_rows("hardware_order_view")).await, before);
    assert_eq!((rebuilt.aggregates, changes(&rebuilt)), (2, (1, 1, 1)), "{rebuilt:?}");
    assert_eq!(hardware_checkout::view(&app, &paid, &secret).await, page);
}

#[tokio::test]
async fn the_hardware_view_is_rebuilt_exactly() {
    let app = spawn_app().await;
    let state = AppState::new(app.pool.clone());
    catalogue(&state).await;
    let before = snapshot(&app.pool, &view_rows("hardware_view")).await;

    damage_view(&app.pool, "hardware_view").await;
    let rebuilt = rebuild::rebuild_hardware_views(&state).await.unwrap();

    assert_eq!(snapshot(&app.pool, &view_rows("hardware_view")).await, before);
    // The seeded catalogue (if any) and the three items above.
    let items: i64 =
        sqlx::query_scalar("SELECT count(DISTINCT aggregate_id) FROM events WHERE aggregate_type = 'HardwareItem'")
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert_eq!((rebuilt.aggregates as i64, changes(&rebuilt)), (items, (1, 1, 1)), "{rebuilt:?}");
}

#[tokio::test]
async fn the_audit_log_is_rebuilt_exactly_in_the_events_order() {
    let app = spawn_app().await;
    let state = AppState::new(app.pool.clone());
    catalogue(&state).await;
    let rows = "SELECT item_id, sequence, actor, at, action, item_name, changes FROM hardware_audit ORDER BY item_id, sequence";
    let in_id_order = "SELECT item_id, sequence FROM hardware_audit ORDER BY id";
    let events_order = "SELECT aggregate_id AS item_id, sequence FROM events WHERE aggregate_type = 'HardwareItem' ORDER BY global_sequence";
    let before = snapshot(&app.pool, rows).await;
    assert_eq!(snapshot(&app.pool, in_id_order).await, snapshot(&app.pool, events_order).await);

    // The newest entry lost, another renamed and its changes altered, one made up.
    run(&app.pool, "DELETE FROM hardware_audit WHERE id = (SELECT max(id) FROM hardware_audit)").await;
    run(
        &app.pool,
        "UPDATE hardware_audit SET item_name = 'Tampered', changes = '[]'
         WHERE action = 'updated' AND item_id = '00000000-0000-4000-8000-00000000000b'",
    )
    .await;
    run(
        &app.pool,
        "INSERT INTO hardware_audit (item_id, sequence, actor, at, action, item_name)
         VALUES ('00000000-0000-4000-8000-00000000000c', 9, 'eve@example.com', now(), 'deleted', 'W73P')",
    )
    .await;
    let rebuilt = rebuild::rebuild_audit_log(&state).await.unwrap();

    assert_eq!(snapshot(&app.pool, rows).await, before);
    assert_eq!(changes(&rebuilt), (1, 1, 1), "{rebuilt:?}");
    assert_eq!(snapshot(&app.pool, in_id_order).await, snapshot(&app.pool, events_order).await);
    let page = projections::hardware::audit_page(&app.pool, None, Some("bob@example.com"), None, 10).await.unwrap();
    assert_eq!((page.len(), page[0].action.as_str(), page[0].item_name.as_str()), (4, "deleted", "Yealink T57W Pro"));
}

#[tokio::test]
async fn the_number_inventory_state_is_rebuilt_exactly() {
    let app = spawn_app().await;
    shop_with_an_order(&app).await;
    let released = cart(&app, single_user(&["442079460105"])).await;
    expect_ok(app.send(Method::DELETE, &format!("/api/carts/{released}/numbers/442079460105"), None).await).await;
    start_trial(&app, "tara.inventory@example.com").await;
    let state_rows = "SELECT value, status, held_by, held_until, last_sequence FROM number_inventory ORDER BY value";
    let counts = "SELECT * FROM number_counts ORDER BY country, number_type, area_code, free_trial";
    let before = (snapshot(&app.pool, state_rows).await, snapshot(&app.pool, counts).await);
    let statuses: Vec<(String, String)> =
        sqlx::query_as("SELECT value, status FROM number_inventory WHERE last_sequence > 0 ORDER BY value")
            .fetch_all(&app.pool)
            .await
            .unwrap();
    assert!(
        ["available", "reserved", "assigned"].iter().all(|s| statuses.iter().any(|(_, status)| status == s)),
        "{statuses:?}"
    );

    // A reservation forgotten, an untouched number marked sold, a sequence gone back.
    run(&app.pool, "UPDATE number_inventory SET status = 'available', held_by = NULL, held_until = NULL WHERE value = '442079460103'").await;
    run(&app.pool, "UPDATE number_inventory SET status = 'assigned', held_by = 'nobody', last_sequence = 7 WHERE value = '442079460199'").await;
    run(&app.pool, "UPDATE number_inventory SET last_sequence = 1 WHERE value = '442079460105'").await;
    let state = AppState::new(app.pool.clone());
    let rebuilt = rebuild::rebuild_number_inventory(&state).await.unwrap();

    assert_eq!((snapshot(&app.pool, state_rows).await, snapshot(&app.pool, counts).await), before);
    assert_eq!(changes(&rebuilt), (0, 3, 0), "{rebuilt:?}");
}

/// The stock is source data (api/src/tools/import.rs): a rebuild rewrites the imported numbers'
/// state from their events and never drops or adds a stock row.
#[tokio::test]
async fn imported_stock_survives_a_rebuild_with_its_state_rebuilt_from_the_events() {
    let app = spawn_app().await;
    let csv = "country,number,type,area_code\n\
               GB,+441202000001,geographic,01202\n\
               GB,+441202000002,geographic,01202\n\
               GB,+441202000003,geographic,01202\n";
    let report = api::tools::import::import_numbers(&app.pool, csv.as_bytes(), 0).await.unwrap();
    assert_eq!(report.added, 3);
    cart(&app, single_user(&["441202000002"])).await;
    let stock = "SELECT value, country, number_type, area_code, national, free_trial, demo, status, held_by
                 FROM number_inventory ORDER BY value";
    let counts = "SELECT * FROM number_counts ORDER BY country, number_type, area_code, free_trial";
    let before = (snapshot(&app.pool, stock).await, snapshot(&app.pool, counts).await);
    let reserved: String = sqlx::query_scalar("SELECT status FROM number_inventory WHERE value = '441202000002'")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(reserved, "reserved");
    // The imported number's reservation forgotten: the rebuild brings it back from the events.
    run(&app.pool, "UPDATE number_inventory SET status = 'available', held_by = NULL, held_until = NULL WHERE value = '441202000002'").await;

    let state = AppState::new(app.pool.clone());
    rebuild::rebuild_all(&state).await.unwrap();
    assert_eq!((snapshot(&app.pool, stock).await, snapshot(&app.pool, counts).await), before);
}

/// A shop of `carts` carts of ten events each, made through the CQRS framework.
async fn many_carts(pool: &PgPool, carts: usize) -> Vec<String> {
    let state = AppState::new(pool.clone());
    let mut tasks = Vec::new();
    for worker in 0..8 {
        let state = state.clone();
        tasks.push(tokio::spawn(async move {
            let mut ids = Vec::new();
            for _ in (worker..carts).step_by(8) {
                let id = uuid::Uuid::new_v4().to_string();
                state
                    .carts
                    .cqrs
                    .execute(&store::commands::Context::system(), &id, CartCommand::CreateCart)
                    .await
                    .unwrap();
                let package = CartCommand::SelectPackage {
                    plan: Plan::SingleUser,
                    billing_cycle: BillingCycle::Monthly,
                    quantity: 1,
                };
                state.carts.cqrs.execute(&store::commands::Context::system(), &id, package).await.unwrap();
                for turn in 0..8 {
                    let billing_cycle = if turn % 2 == 0 { BillingCycle::Yearly } else { BillingCycle::Monthly };
                    state
                        .carts
                        .cqrs
                        .execute(
                            &store::commands::Context::system(),
                            &id,
                            CartCommand::ChangeBillingCycle { billing_cycle },
                        )
                        .await
                        .unwrap();
                }
                ids.push(id);
            }
            ids
        }));
    }
    let mut ids = Vec::new();
    for task in tasks {
        ids.extend(task.await.unwrap());
    }
    ids
}

#[tokio::test]
async fn the_site_answers_throughout_a_rebuild_of_thousands_of_events_and_keeps_what_is_written_meanwhile() {
    let app = Arc::new(spawn_app().await);
    let options = app.pool.connect_options().as_ref().clone();
    let pool = PgPoolOptions::new().max_connections(10).connect_with(options).await.unwrap();
    let ids = many_carts(&pool, 400).await;
    let events: i64 =
        sqlx::query_scalar("SELECT count(*) FROM events WHERE aggregate_type = 'Cart'").fetch_one(&pool).await.unwrap();
    assert_eq!(events, 4000);
    let watched: Vec<String> = ids.iter().step_by(50).cloned().collect();
    let mut pages = Vec::new();
    for id in &watched {
        pages.push(expect_ok(app.get(&format!("/api/carts/{id}")).await).await);
    }
    let busy = app.create_cart().await;

    let done = Arc::new(AtomicBool::new(false));
    let reader = {
        let (app, done, watched) = (app.clone(), done.clone(), watched.clone());
        tokio::spawn(async move {
            let mut answers = Vec::new();
            while !done.load(Ordering::SeqCst) {
                for id in &watched {
                    let response = app.get(&format!("/api/carts/{id}")).await;
                    answers.push((response.status(), response.json::<Value>().await.unwrap()));
                }
            }
            answers
        })
    };
    // A buyer keeps changing a cart while the rebuild runs.
    let writer = {
        let (app, done, busy) = (app.clone(), done.clone(), busy.clone());
        tokio::spawn(async move {
            let package = json!({ "plan": "singleUser", "billingCycle": "monthly", "quantity": 1 });
            expect_ok(app.send(Method::PUT, &format!("/api/carts/{busy}/package"), Some(package)).await).await;
            let mut writes = 1;
            while !done.load(Ordering::SeqCst) {
                let cycle = if writes % 2 == 1 { "yearly" } else { "monthly" };
                let body = json!({ "billingCycle": cycle });
                expect_ok(app.send(Method::PUT, &format!("/api/carts/{busy}/billing-cycle"), Some(body)).await).await;
                writes += 1;
            }
            writes
        })
    };

    // Five rebuilds in a row, each repairing a few damaged carts nobody is reading, so
    // the reads overlap replays and swaps alike.
    let state = AppState::new(pool.clone());
    let mut runs = Vec::new();
    for round in 0..5 {
        let damaged = &ids[round * 10 + 1..round * 10 + 4];
        sqlx::query("UPDATE cart_view SET payload = '{}'::json WHERE view_id = ANY($1)")
            .bind(damaged)
            .execute(&pool)
            .await
            .unwrap();
        let started = Instant::now();
        let rebuilt = rebuild::rebuild_cart_views(&state).await.unwrap();
        runs.push(started.elapsed());
        // The three damaged, and the busy cart when the swap finds its latest event not
        // yet in the live row (its live update then waits for the lock, sees the row
        // changed and finds nothing left to apply).
        assert!((3..=4).contains(&rebuilt.updated), "{rebuilt:?}");
        for id in damaged {
            assert_eq!(expect_ok(app.get(&format!("/api/carts/{id}")).await).await["billingCycle"], "monthly");
        }
    }
    let rebuilt = rebuild::rebuild_cart_views(&state).await.unwrap();
    done.store(true, Ordering::SeqCst);
    let answers = reader.await.unwrap();
    let writes = writer.await.unwrap();
    println!(
        "rebuilt {} carts from {} events in {runs:?} ({} reads, {writes} writes meanwhile)",
        rebuilt.aggregates,
        rebuilt.events,
        answers.len()
    );

    assert!(rebuilt.events >= 4000, "{rebuilt:?}");
    assert!(!answers.is_empty());
    for (status, body) in &answers {
        assert_eq!(*status, StatusCode::OK, "{body}");
        let at = watched.iter().position(|id| body["id"] == id.as_str()).unwrap();
        assert_eq!(body, &pages[at]);
    }
    // Nothing written during the rebuild was lost: the view has every event of the busy cart.
    let busy_events: i64 =
        sqlx::query_scalar("SELECT count(*) FROM events WHERE aggregate_type = 'Cart' AND aggregate_id = $1")
            .bind(&busy)
            .fetch_one(&pool)
            .await
            .unwrap();
    assert_eq!(busy_events, writes + 1);
    let view = expect_ok(app.get(&format!("/api/carts/{busy}")).await).await;
    assert_eq!(view["version"], busy_events);
    let cycle = if writes % 2 == 0 { "yearly" } else { "monthly" };
    assert_eq!(view["billingCycle"], cycle);
}

#[tokio::test]
async fn every_read_model_is_rebuilt_by_one_call() {
    let app = spawn_app().await;
    let state = AppState::new(app.pool.clone());
    catalogue(&state).await;
    cart(&app, single_user(&["442079460101"])).await;
    let all = rebuild::rebuild_all(&state).await.unwrap();
    let tables: Vec<&str> = all.iter().map(|r| r.table).collect();
    assert_eq!(
        tables,
        [
            "cart_view",
            "order_view",
            "transfer_view",
            "call_credit_view",
            "trial_view",
            "quote_request_view",
            "hardware_order_view",
            "hardware_view",
            "hardware_audit",
            "number_inventory",
            "sip_accounts",
            "sip_numbers"
        ]
    );
    assert!(all.iter().all(|r| changes(r) == (0, 0, 0)), "a healthy shop needs no repair: {all:?}");
}

/// An order placed before `OrderPlaced` 1.1 (its amount due today stored as `grand_total`)
/// still loads through the event store and rebuilds into the same view (aggregates::upcasting).
#[tokio::test]
async fn an_order_stored_in_an_older_event_shape_loads_and_rebuilds_the_same() {
    use aggregates::service_order::ServiceOrder;
    let app = spawn_app().await;
    let (_, order) = shop_with_an_order(&app).await;
    let before = snapshot(&app.pool, &view_rows("order_view")).await;
    let state = AppState::new(app.pool.clone());
    let (current, _) = api::app::state::load::<ServiceOrder>(&app.pool, &order).await.unwrap();

    let rewritten = sqlx::query(
        "UPDATE events SET event_version = '1.0',
                payload = jsonb_set(payload::jsonb #- '{OrderPlaced,lines,amounts,due_today}',
                                    '{OrderPlaced,lines,amounts,grand_total}',
                                    payload::jsonb #> '{OrderPlaced,lines,amounts,due_today}')::json
          WHERE aggregate_type = 'ServiceOrder' AND event_type = 'OrderPlaced' AND aggregate_id = $1",
    )
    .bind(&order)
    .execute(&app.pool)
    .await
    .unwrap();
    assert_eq!(rewritten.rows_affected(), 1);
    let stored: Value = sqlx::query_scalar(
        "SELECT payload::jsonb #> '{OrderPlaced,lines,amounts}' FROM events
          WHERE aggregate_type = 'ServiceOrder' AND event_type = 'OrderPlaced' AND aggregate_id = $1",
    )
    .bind(&order)
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert!(stored.get("grand_total").is_some() && stored.get("due_today").is_none(), "{stored}");

    let (loaded, _) = api::app::state::load::<ServiceOrder>(&app.pool, &order).await.unwrap();
    assert_eq!(loaded, current);
    run(&app.pool, "TRUNCATE order_view").await;
    assert_eq!(search_differs_from_views(&app.pool).await, Vec::<String>::new());
    rebuild::rebuild_order_views(&state).await.unwrap();
    assert_eq!(snapshot(&app.pool, &view_rows("order_view")).await, before);
    assert_eq!(search_differs_from_views(&app.pool).await, Vec::<String>::new());
}
