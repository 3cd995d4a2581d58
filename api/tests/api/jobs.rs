use std::sync::Arc;

use aggregates::clock::FixedClock;
use api::state::AppState;
use chrono::{Duration, Utc};
use jobs::numbers::release_expired;
use jobs::scheduler::run_once;
use jobs::RunOutcome;
use reqwest::Method;
use serde_json::json;

use crate::helpers::{expect_ok, spawn_app, TestApp};

async fn status(app: &TestApp, value: &str) -> String {
    sqlx::query_scalar("SELECT status FROM number_inventory WHERE value = $1")
        .bind(value)
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn run_out_reservations_are_released_and_leave_their_carts() {
    let app = spawn_app().await;
    let old_cart = app.create_cart().await;
    let fresh_cart = app.create_cart().await;
    // A reservation made 31 minutes ago, through the same commands, with a moved clock.
    let then = AppState::with_clock(app.pool.clone(), Arc::new(FixedClock(Utc::now() - Duration::minutes(31))));
    let old = aggregates::phone_number::PhoneNumberCommand::ReserveForCart {
        number: "441214960001".into(),
        cart_id: old_cart.clone(),
    };
    then.numbers.execute("441214960001", old).await.unwrap();
    let entry = aggregates::cart::PhoneNumberEntry::new("441214960001");
    then.carts.execute(&old_cart, aggregates::cart::CartCommand::AddNumber { number: entry }).await.unwrap();
    // One made 29 minutes ago stays.
    let recent = AppState::with_clock(app.pool.clone(), Arc::new(FixedClock(Utc::now() - Duration::minutes(29))));
    let command = aggregates::phone_number::PhoneNumberCommand::ReserveForCart {
        number: "441214960002".into(),
        cart_id: fresh_cart.clone(),
    };
    recent.numbers.execute("441214960002", command).await.unwrap();
    assert_eq!(status(&app, "441214960001").await, "reserved");

    let state = AppState::new(app.pool.clone());
    let released = release_expired(&app.pool, &state.numbers, &state.carts, Utc::now()).await.unwrap();
    assert_eq!(released, 1);
    assert_eq!(status(&app, "441214960001").await, "available");
    assert_eq!(status(&app, "441214960002").await, "reserved");
    let cart = expect_ok(app.get(&format!("/api/carts/{old_cart}")).await).await;
    assert_eq!(cart["phoneNumbers"], json!([]), "the cart no longer claims it");

    // Idempotent: a second run changes nothing more.
    let events = app.event_count().await;
    assert_eq!(release_expired(&app.pool, &state.numbers, &state.carts, Utc::now()).await.unwrap(), 0);
    assert_eq!(app.event_count().await, events);

    // Through the scheduler's entry point (the `run-job` command) too.
    let job = api::scheduled::jobs(&state).into_iter().next().unwrap();
    match run_once(&app.pool, &job).await.unwrap() {
        RunOutcome::Ran(report) => assert_eq!(report.unwrap(), "0 numbers released"),
        RunOutcome::Skipped => panic!("nobody else holds the lock"),
    }
    // And the freed number can be taken by another cart.
    let other = app.create_cart().await;
    let answer =
        app.send(Method::POST, &format!("/api/carts/{other}/numbers"), Some(json!({"value": "441214960001"}))).await;
    expect_ok(answer).await;
}

#[tokio::test]
async fn importing_stock_checks_every_line_and_twice_changes_nothing() {
    let app = spawn_app().await;
    let csv = "country,number,type,area_code,free_trial\n\
               GB,+441202000001,geographic,01202\n\
               GB,01202 000002,geographic,01202,false\n\
               US,+13055550100,local,305,true\n\
               GB,+441202000001,geographic,01202\n\
               GB,07700 900001,geographic,07700\n\
               XX,123456,geographic,1\n\
               GB,+441614960000,geographic,0161\n";
    let report = api::import::import_numbers(&app.pool, csv).await.unwrap();
    assert_eq!(report.added, 3);
    assert_eq!(report.already_there, 1, "the demo stock already has 01614 960000");
    let lines: Vec<usize> = report.rejected.iter().map(|(line, _)| *line).collect();
    assert_eq!(lines, vec![5, 6, 7]);
    let found = expect_ok(app.get("/api/available_numbers/?country_code=GB&areaCode=01202").await).await;
    assert_eq!(found["total_numbers"], 2);

    let again = api::import::import_numbers(&app.pool, csv).await.unwrap();
    assert_eq!((again.added, again.already_there, again.rejected.len()), (0, 4, 3));
}
