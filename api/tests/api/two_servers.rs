//! Two real `voip-shop serve` processes on one fresh database, as two replicas behind a
//! proxy run (docker-compose.yml): started at the same moment, then each scheduled tick runs
//! once, concurrent commands on one cart through both lose no event, a staff session made on
//! one works on the other, and a Stripe webhook delivered to both is handled once.
//!
//! The servers run the tests-only `heartbeat` job (HEARTBEAT_JOB=1: every second, one row
//! in `job_heartbeats` per run), so ticks come fast enough to count.

use std::time::{Duration, Instant};

use chrono::{DateTime, SubsecRound, Timelike, Utc};
use reqwest::header::{COOKIE, SET_COOKIE};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use sqlx::PgPool;

use crate::checkout::OK_CARD;
use crate::hardening::signed;
use crate::hardware_checkout::{card, cart_with_phone, mails, pay, placed, view};
use crate::helpers::{empty_database, expect_error, expect_ok, Server, TestApp};
use crate::metrics::value;

const WEBHOOK_SECRET: &str = "whsec_two_servers";
const STAFF_EMAIL: &str = "ops-admin@example.com";
const STAFF_PASSWORD: &str = "two servers, one session";
/// The heartbeat runs until this many of its ticks have finished before it is counted (a
/// fixed wait counted too few on a loaded machine, whose servers start slowly).
const HEARTBEAT_TICKS: i64 = 12;

#[tokio::test]
async fn two_servers_on_one_database_run_each_tick_once_lose_no_event_share_sessions_and_handle_a_webhook_once() {
    let began = Instant::now();
    let database = empty_database().await;
    let env = [("HEARTBEAT_JOB", "1"), ("STRIPE_WEBHOOK_SECRET", WEBHOOK_SECRET)];
    // Both start at once on the empty database: the migrations and the first start's
    // seeding race.
    let (a, b) = tokio::join!(Server::start(&database, &env), Server::start(&database, &env));
    let pool = PgPool::connect(&database).await.unwrap();
    let (on_a, on_b) = (a.app(&pool), b.app(&pool));

    the_first_start_seeds_once(&pool).await;
    let started = Instant::now();
    let (events, retried) = concurrent_commands_on_one_cart_lose_no_event(&on_a, &on_b).await;
    let commands_took = started.elapsed();
    a_staff_session_made_on_one_server_works_on_the_other(&database, &on_a, &on_b).await;
    let (taken, again) = a_webhook_delivered_to_both_is_handled_once(&on_a, &on_b).await;
    heartbeat_ran_enough(&pool).await;
    let ticks = each_tick_runs_once(&pool, &on_a, &on_b).await;

    println!(
        "two servers: {events} cart events stored and in both views of 42 expected ({retried} commands retried \
         after a conflict, {commands_took:.1?}); 10 webhook deliveries at once: 1 handled, {taken} found it taken, {again} told to come again; {ticks}; \
         {:.1?} in all",
        began.elapsed()
    );
}

async fn the_first_start_seeds_once(pool: &PgPool) {
    let catalogue =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/seed/hardware/catalogue.json")).unwrap();
    let seeded = serde_json::from_str::<Vec<Value>>(&catalogue).unwrap().len() as i64;
    let items: i64 =
        sqlx::query_scalar("SELECT count(DISTINCT aggregate_id) FROM events WHERE aggregate_type = 'HardwareItem'")
            .fetch_one(pool)
            .await
            .unwrap();
    assert_eq!(items, seeded, "one demo catalogue, not one per server");
}

/// 20 numbers added through A and 20 quantities set through B, all at once on one cart.
/// Answers the events stored and how many commands were retried after a conflict.
async fn concurrent_commands_on_one_cart_lose_no_event(on_a: &TestApp, on_b: &TestApp) -> (i64, f64) {
    let retried_before = retried_commands(on_a, on_b).await;
    let cart = on_a.create_cart().await;
    let package = json!({ "plan": "singleUser", "billingCycle": "monthly", "quantity": 1 });
    expect_ok(on_b.send(Method::PUT, &format!("/api/carts/{cart}/package"), Some(package)).await).await;
    let client = reqwest::Client::new();
    let mut requests = Vec::new();
    for i in 0..20 {
        let number = json!({ "value": format!("placeholder-{i}"), "isPlaceholder": true });
        requests.push(client.post(on_a.url(&format!("/api/carts/{cart}/numbers"))).json(&number).send());
        // Each quantity is new to the cart, so each stores one event.
        let quantity = json!({ "quantity": i + 2 });
        requests.push(client.put(on_b.url(&format!("/api/carts/{cart}/items/single-monthly"))).json(&quantity).send());
    }
    let tasks: Vec<_> = requests.into_iter().map(tokio::spawn).collect();
    for task in tasks {
        let response = task.await.unwrap().unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{}", response.text().await.unwrap());
    }

    let (events, last): (i64, i64) =
        sqlx::query_as("SELECT count(*), max(sequence) FROM events WHERE aggregate_id = $1")
            .bind(&cart)
            .fetch_one(&on_a.pool)
            .await
            .unwrap();
    // Created, the package, 20 numbers, 20 quantities.
    assert_eq!((events, last), (42, 42));
    let quantity: i64 = sqlx::query_scalar(
        "SELECT (payload->'ItemQuantitySet'->>'quantity')::bigint FROM events
         WHERE aggregate_id = $1 AND event_type = 'ItemQuantitySet' ORDER BY sequence DESC LIMIT 1",
    )
    .bind(&cart)
    .fetch_one(&on_a.pool)
    .await
    .unwrap();
    for server in [on_a, on_b] {
        let view = expect_ok(server.get(&format!("/api/carts/{cart}")).await).await;
        assert_eq!(view["version"], 42, "the view caught up with every event");
        assert_eq!(view["phoneNumbers"].as_array().unwrap().len(), 20);
        assert_eq!(view["items"][0]["quantity"], quantity, "the last quantity stored is the cart's");
    }
    (events, retried_commands(on_a, on_b).await - retried_before)
}

async fn retried_commands(on_a: &TestApp, on_b: &TestApp) -> f64 {
    let mut retried = 0.0;
    for server in [on_a, on_b] {
        let scrape = server.get("/metrics").await.text().await.unwrap();
        retried += value(&scrape, r#"talkbridge_commands_total{aggregate="Cart",outcome="conflict_retried"}"#);
    }
    retried
}

/// A's kept /api/hardware/ (tag `before`) hears of B's new phone (PostgreSQL NOTIFY) and
/// answers it, with a new tag, within a second of B's answer.
async fn the_public_catalogue_kept_on_a_shows_a_change_made_on_b_within_a_second(
    on_a: &TestApp,
    before: &reqwest::header::HeaderValue,
) {
    let changed = Instant::now();
    loop {
        let response =
            on_a.client.get(on_a.url("/api/hardware/")).header("if-none-match", before).send().await.unwrap();
        if response.status() == StatusCode::OK {
            assert_ne!(&response.headers()["etag"], before);
            let body = response.text().await.unwrap();
            assert!(body.contains("Two Servers T1"), "A's new answer has B's phone: {body}");
            break;
        }
        assert_eq!(response.status(), StatusCode::NOT_MODIFIED);
        assert!(changed.elapsed() < Duration::from_secs(1), "A still serves the old catalogue after a second");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    println!("two servers: A served B's catalogue change {:.1?} after B answered", changed.elapsed());
}

async fn a_staff_session_made_on_one_server_works_on_the_other(database: &str, on_a: &TestApp, on_b: &TestApp) {
    let database = database.to_string();
    let added = tokio::task::spawn_blocking(move || {
        std::process::Command::new(env!("CARGO_BIN_EXE_voip-shop"))
            .args(["users", "add", "--role", "admin", STAFF_EMAIL, "--password", STAFF_PASSWORD])
            .env_clear()
            .env("PATH", std::env::var("PATH").unwrap_or_default())
            .env("APP_ENV", "development")
            .env("DATABASE_URL", database)
            .env("RUST_LOG", "warn")
            .output()
            .unwrap()
    })
    .await
    .unwrap();
    assert!(added.status.success(), "{}", String::from_utf8_lossy(&added.stderr));

    let login = json!({ "email": STAFF_EMAIL, "password": STAFF_PASSWORD });
    let signed_in = on_a.send(Method::POST, "/api/admin/login", Some(login)).await;
    assert_eq!(signed_in.status(), StatusCode::OK);
    let cookie = signed_in.headers()[SET_COOKIE].to_str().unwrap().split(';').next().unwrap().to_string();
    let csrf = signed_in.json::<Value>().await.unwrap()["csrfToken"].as_str().unwrap().to_string();

    let me = on_b.client.get(on_b.url("/api/admin/me")).header(COOKIE, &cookie).send().await.unwrap();
    let me = expect_ok(me).await;
    assert_eq!((me["email"].as_str(), me["csrfToken"].as_str()), (Some(STAFF_EMAIL), Some(csrf.as_str())));
    // A keeps the public catalogue in memory: read it there first, with its ETag.
    let kept = on_a.get("/api/hardware/").await;
    let etag = kept.headers()["etag"].clone();
    let again = on_a.client.get(on_a.url("/api/hardware/")).header("if-none-match", &etag).send().await.unwrap();
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED, "A serves its kept copy while nothing changed");
    // A change on B: refused without the session's CSRF token, made with it, and A's audit
    // log names who made it.
    let phone = json!({
        "name": "Two Servers T1", "brand": "yealink", "model": "T54W", "pricePence": 11900,
        "features": ["Colour screen"], "compatibility": ["SIP 2.0"], "rating": 4.5, "status": "published"
    });
    let create = || on_b.client.post(on_b.url("/api/hardware")).header(COOKIE, &cookie).json(&phone);
    expect_error(create().send().await.unwrap(), StatusCode::FORBIDDEN, "csrf").await;
    let created = create().header("x-csrf-token", &csrf).send().await.unwrap();
    assert!(created.status().is_success(), "{}", created.text().await.unwrap());
    let on_b_now = expect_ok(on_b.get("/api/hardware/").await).await.to_string();
    assert!(on_b_now.contains("Two Servers T1"), "B serves its own change at once");
    let audit = on_a.client.get(on_a.url("/api/admin/audit-log")).header(COOKIE, &cookie).send().await.unwrap();
    let audit = expect_ok(audit).await.to_string();
    assert!(audit.contains("Two Servers T1") && audit.contains(STAFF_EMAIL), "{audit}");
    the_public_catalogue_kept_on_a_shows_a_change_made_on_b_within_a_second(on_a, &etag).await;
    // Signed out on B is signed out on A.
    let out = on_b.client.post(on_b.url("/api/admin/logout")).header(COOKIE, &cookie).header("x-csrf-token", &csrf);
    assert_eq!(out.send().await.unwrap().status(), StatusCode::NO_CONTENT);
    let me = on_a.client.get(on_a.url("/api/admin/me")).header(COOKIE, &cookie).send().await.unwrap();
    expect_error(me, StatusCode::UNAUTHORIZED, "not_signed_in").await;
}

/// Waits until `HEARTBEAT_TICKS` heartbeat ticks have finished, for at most a minute.
async fn heartbeat_ran_enough(pool: &PgPool) {
    let waiting = Instant::now();
    loop {
        let ran: i64 = sqlx::query_scalar("SELECT count(*) FROM job_runs WHERE job = 'heartbeat' AND outcome = 'ok'")
            .fetch_one(pool)
            .await
            .unwrap();
        if ran >= HEARTBEAT_TICKS {
            return;
        }
        assert!(waiting.elapsed() < Duration::from_secs(60), "only {ran} heartbeat ticks ran in a minute");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// The `confirm-hardware-orders` job runs at second 50 of each minute and confirms any paid
/// order it finds: the order below must still be paid, not confirmed, when Stripe's event
/// arrives, so it is paid with at least 15 seconds before that run.
async fn clear_of_the_confirm_job() {
    let second = Utc::now().second();
    if (35..52).contains(&second) {
        tokio::time::sleep(Duration::from_secs(u64::from(52 - second))).await;
    }
}

/// A desk-phone order paid while its browser went away, then Stripe's event delivered five
/// times to each server at once: one delivery confirms it. Answers how many of the ten were
/// told the event was taken and how many to come again.
async fn a_webhook_delivered_to_both_is_handled_once(on_a: &TestApp, on_b: &TestApp) -> (usize, usize) {
    let (cart, _, _) = cart_with_phone(on_a, 1).await;
    let (id, secret, _) = placed(on_b, &cart, "standard").await;
    let (method, _) = card(on_a, &id, &secret, OK_CARD).await;
    clear_of_the_confirm_job().await;
    let paid = expect_ok(pay(on_b, &id, &secret, &method, 0).await).await;
    assert_eq!(view(on_a, &id, &secret).await["status"], "paid");
    let payment = paid["payment_intent_id"].as_str().unwrap();
    let event = json!({ "id": "evt_two_servers", "type": "payment_intent.succeeded",
        "data": { "object": { "id": payment, "status": "succeeded" } } })
    .to_string();

    let tasks: Vec<_> = (0..10)
        .map(|i| {
            let server = if i % 2 == 0 { on_a } else { on_b };
            let request = server.client.post(server.url("/api/stripe/webhook"));
            tokio::spawn(request.header("stripe-signature", signed(&event, WEBHOOK_SECRET)).body(event.clone()).send())
        })
        .collect();
    let mut answers = Vec::new();
    for task in tasks {
        let response = task.await.unwrap().unwrap();
        answers.push((response.status(), response.json::<Value>().await.unwrap()));
    }
    // One delivery handles it; the others found it taken, or still being handled (409:
    // Stripe delivers those again), never an error.
    let handled = answers.iter().filter(|(_, a)| a["handled"] == true).count();
    let duplicates = answers.iter().filter(|(_, a)| a["duplicate"] == true).count();
    let in_progress = answers.iter().filter(|(_, a)| a["code"] == "webhook_in_progress").count();
    assert_eq!((handled, duplicates + in_progress), (1, 9), "{answers:?}");
    // Delivered again, to either server: taken.
    for server in [on_a, on_b] {
        let again = server.client.post(server.url("/api/stripe/webhook"));
        let again = again.header("stripe-signature", signed(&event, WEBHOOK_SECRET)).body(event.clone());
        assert_eq!(expect_ok(again.send().await.unwrap()).await["duplicate"], true);
    }
    assert_eq!(view(on_b, &id, &secret).await["status"], "confirmed");
    assert_eq!(mails(on_a, &id).await, 1, "one confirmation e-mail");
    let kept: i64 = sqlx::query_scalar("SELECT count(*) FROM stripe_webhook_events WHERE event_id = 'evt_two_servers'")
        .fetch_one(&on_a.pool)
        .await
        .unwrap();
    assert_eq!(kept, 1);
    // The servers' calls to Stripe (the payment read back for the webhook among them) are counted.
    let mut reads = 0.0;
    for server in [on_a, on_b] {
        let scrape = server.get("/metrics").await.text().await.unwrap();
        reads += value(&scrape, r#"talkbridge_stripe_calls_total{operation="GET /payment_intents/{id}",outcome="ok"}"#);
    }
    assert!(reads >= 1.0);
    (duplicates, in_progress)
}

/// Stops the heartbeat (its coming ticks are claimed for nobody), then checks every tick
/// claimed ran exactly once, by the beats counted, the servers' own metrics and the ticks'
/// sequence. Answers the figures.
async fn each_tick_runs_once(pool: &PgPool, on_a: &TestApp, on_b: &TestApp) -> String {
    let now = Utc::now().trunc_subsecs(0);
    sqlx::query(
        "INSERT INTO job_runs (job, tick, runner, finished_at, outcome)
         SELECT 'heartbeat', t, 'test-stopped', now(), 'skipped'
         FROM generate_series($1::timestamptz + interval '2 seconds', $1::timestamptz + interval '2 minutes', interval '1 second') t
         ON CONFLICT DO NOTHING",
    )
    .bind(now)
    .execute(pool)
    .await
    .unwrap();
    // The ticks before the stop finish their beat.
    tokio::time::sleep(Duration::from_secs(3)).await;

    let claimed: Vec<(DateTime<Utc>, String, Option<String>)> = sqlx::query_as(
        "SELECT tick, runner, outcome FROM job_runs WHERE job = 'heartbeat' AND runner <> 'test-stopped' ORDER BY tick",
    )
    .fetch_all(pool)
    .await
    .unwrap();
    let beats: i64 = sqlx::query_scalar("SELECT count(*) FROM job_heartbeats").fetch_one(pool).await.unwrap();
    assert!(claimed.len() >= 10, "the heartbeat ran {} ticks", claimed.len());
    assert!(claimed.iter().all(|(_, _, outcome)| outcome.as_deref() == Some("ok")), "{claimed:?}");
    assert_eq!(beats, claimed.len() as i64, "one beat per claimed tick: none ran twice");

    // What each server says it ran and skipped.
    let mut scrapes = Vec::new();
    for server in [on_a, on_b] {
        scrapes.push(server.get("/metrics").await.text().await.unwrap());
    }
    let counted = |job: &str, outcome: &str| -> Vec<i64> {
        let series = format!(r#"talkbridge_job_runs_total{{job="{job}",outcome="{outcome}"}}"#);
        scrapes.iter().map(|scrape| value(scrape, &series) as i64).collect()
    };
    let (ran, skipped) = (counted("heartbeat", "ok"), counted("heartbeat", "skipped"));
    assert_eq!(ran.iter().sum::<i64>(), claimed.len() as i64, "the servers ran {ran:?}");
    assert!(skipped.iter().all(|s| *s > 0), "each server found ticks taken: {skipped:?}");
    // A real job that came due meanwhile (each minute) also ran once per tick.
    let real: Vec<(String, i64)> =
        sqlx::query_as("SELECT job, count(*) FROM job_runs WHERE job <> 'heartbeat' AND outcome = 'ok' GROUP BY job")
            .fetch_all(pool)
            .await
            .unwrap();
    for (job, runs) in &real {
        assert_eq!(counted(job, "ok").iter().sum::<i64>(), *runs, "{job}");
    }

    // Every second between the first and last claimed tick was claimed.
    let (first, last) = (claimed[0].0, claimed[claimed.len() - 1].0);
    let seconds = (last - first).num_seconds() + 1;
    let missed = seconds - claimed.len() as i64;
    let runners: std::collections::BTreeSet<&str> = claimed.iter().map(|(_, r, _)| r.as_str()).collect();
    assert!(missed * 10 <= seconds, "{missed} of {seconds} ticks ran nowhere");
    format!(
        "{} heartbeat ticks over {seconds} s, {beats} beats, {missed} ticks missed, run {:?} and skipped {:?} by A and B \
         ({} runners)",
        claimed.len(),
        ran,
        skipped,
        runners.len()
    )
}
