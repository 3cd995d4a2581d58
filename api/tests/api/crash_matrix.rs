//! The crash matrix (issue 29): the server stops at each named point between two durable
//! writes of a workflow (FAULT_INJECTION), starts again on the same database, and the workflow
//! resumes by itself; then the browser's retry. Each point must end in the same whole state as
//! a run without a crash.
//!
//! One point per workflow runs the real binary, aborted as `kill -9` would stop it; the other
//! points run the same app in the test process, stopped at the point as an abort would stop
//! it, and resumed by a second app with the same start-up code (crate::crashes says how, and
//! why that stop is faithful). The full matrix with the real binary, every point:
//!
//! ```text
//! CRASH_MATRIX=binary cargo nextest run -p api --test api -E 'test(/^(crash_matrix|top_up_crashes)::/)'
//! ```

use std::collections::BTreeSet;
use std::time::{Duration, Instant};

use aggregates::phone_number::{Holder, PhoneNumber};
use reqwest::Method;
use serde_json::Value;
use sqlx::PgPool;

use crate::checkout::{account_body, cart, invoices_of, pay, post, CartSpec, OK_CARD};
use crate::crashes::{run_job, CrashServer, JobEnd, Mode};
use crate::helpers::{expect_no_content, expect_ok, fresh_database};
use crate::sip::{registrar, sipp};

/// A stock number of the demo seed, in every fresh database.
const NUMBER: &str = "442079460101";

/// Single User for two users with one number from stock: two extensions, one number.
fn two_users_one_number() -> CartSpec<'static> {
    CartSpec { plan: "singleUser", cycle: "monthly", quantity: 2, add_ons: &[], numbers: &[NUMBER], top_up_pence: None }
}

async fn count(pool: &PgPool, sql: &str, order: &str) -> i64 {
    sqlx::query_scalar(sql).bind(order).fetch_one(pool).await.unwrap()
}

/// Waits (up to 15 s) until `order`'s workflow is over; answers how long it took.
async fn workflow_done(pool: &PgPool, order: &str) -> Duration {
    let started = Instant::now();
    loop {
        let owed = count(pool, "SELECT count(*) FROM workflows WHERE aggregate_id = $1", order).await;
        if owed == 0 {
            return started.elapsed();
        }
        if started.elapsed() > Duration::from_secs(15) {
            let rows: Vec<(String, String, i32, Option<String>)> =
                sqlx::query_as("SELECT workflow, step, attempts, last_error FROM workflows WHERE aggregate_id = $1")
                    .bind(order)
                    .fetch_all(pool)
                    .await
                    .unwrap();
            panic!("the workflow was not resumed after the restart: {rows:?}");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Pays an order with the server stopped at `point` in create-user-account, starts the
/// server again, lets the workflow resume, retries as the browser would and checks the
/// final state. Answers the matrix row.
async fn crash_at(point: &str, mode: Mode) -> String {
    let database = fresh_database().await;
    let pool = PgPool::connect(&database).await.unwrap();
    let first = CrashServer::start(mode, &database, &[("FAULT_INJECTION", point)]).await;
    let app = first.app(&pool);
    let cart_id = cart(&app, two_users_one_number()).await;
    let email = format!("crash-{point}@example.com");
    let (intent, charge, order) = pay(&app, &cart_id, &email, OK_CARD).await;
    expect_ok(charge).await;
    let customer = intent["customerId"].as_str().unwrap().to_string();
    let died =
        app.client.post(format!("{}/api/create-user-account/", app.address)).json(&account_body(&order)).send().await;
    assert!(died.is_err(), "{point}: the server died mid-request");
    first.crashed().await;

    // Started again: the workflow is resumed without anyone asking.
    let second = CrashServer::start(mode, &database, &[]).await;
    let app = second.app(&pool);
    let resumed = workflow_done(&pool, &order).await;
    let status: String = sqlx::query_scalar("SELECT payload ->> 'status' FROM order_view WHERE view_id = $1")
        .bind(&order)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(status, "completed", "{point}: completed by the restarted server alone");

    // The browser's retry: the passwords its first answer never brought.
    let account = expect_ok(post(&app, "/api/create-user-account/", account_body(&order)).await).await;
    let extensions = account["extensions"].as_array().unwrap().clone();
    assert_eq!(extensions.len(), 2, "{point}: {account}");
    for extension in &extensions {
        assert!(extension["password"].is_string(), "{point}: the retry shows every password: {account}");
    }
    // A second retry shows none: they were shown.
    let again = expect_ok(post(&app, "/api/create-user-account/", account_body(&order)).await).await;
    assert!(again["extensions"].as_array().unwrap().iter().all(|e| e["password"].is_null()), "{point}: {again}");

    // Completed exactly once.
    let completed =
        count(&pool, "SELECT count(*) FROM events WHERE aggregate_id = $1 AND event_type = 'OrderCompleted'", &order)
            .await;
    assert_eq!(completed, 1, "{point}");
    // Every extension has its SIP login, and the password shown registers.
    let logins = count(&pool, "SELECT count(*) FROM sip_accounts WHERE owner = $1", &order).await;
    let digests =
        count(&pool, "SELECT count(*) FROM sip_extensions WHERE owner = $1 AND ha1_md5 IS NOT NULL", &order).await;
    assert_eq!((logins, digests), (2, 2), "{point}");
    let registrar = registrar(&app).await;
    for extension in &extensions {
        let (username, password) = (extension["username"].as_str().unwrap(), extension["password"].as_str().unwrap());
        assert!(sipp(&registrar, "register.xml", username, password).await, "{point}: {username} registers");
    }
    // Exactly one confirmation e-mail.
    let mails =
        count(&pool, "SELECT count(*) FROM outbox WHERE kind = 'order_confirmation' AND reference = $1", &order).await;
    assert_eq!(mails, 1, "{point}");
    // The cart is emptied of the service.
    let cart = expect_ok(app.send(Method::GET, &format!("/api/carts/{cart_id}"), None).await).await;
    assert!(cart["items"].as_array().unwrap().is_empty(), "{point}: {cart}");
    // No number held by nothing: the number is the order's, and the order has it.
    let (number, _) = store::commands::load::<PhoneNumber>(&pool, NUMBER).await.unwrap();
    assert_eq!(number.holder, Holder::Owner { owner: format!("order:{order}") }, "{point}");
    let held: Value = sqlx::query_scalar("SELECT payload::jsonb FROM order_view WHERE view_id = $1")
        .bind(&order)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert!(held.to_string().contains(NUMBER), "{point}: the order shows its number");
    let orphans = count(
        &pool,
        "SELECT count(*) FROM number_inventory WHERE held_by LIKE 'order:%' AND held_by <> 'order:' || $1",
        &order,
    )
    .await;
    assert_eq!(orphans, 0, "{point}");
    // No second charge.
    assert_eq!(invoices_of(&customer).await.len(), 1, "{point}");

    format!(
        "| complete-service-order | {point} | resumed in {} ms; completed 1; SIP logins 2/2, both register; e-mails 1; cart empty; number the order's; invoices 1 |",
        resumed.as_millis()
    )
}

/// A step whose request is dropped mid-way (a timeout, a closed connection, a shutdown)
/// leaves its lock to nobody: another server takes it at once. (A session lock stayed on the
/// pooled connection the dropped step had used, held by nobody, until that closed.)
#[tokio::test]
async fn a_dropped_step_leaves_its_lock_to_the_next_at_once() {
    let database = fresh_database().await;
    let (one, other) = (PgPool::connect(&database).await.unwrap(), PgPool::connect(&database).await.unwrap());
    api::startup::migrate(&one).await.unwrap();
    let (first, second) = (api::app::state::AppState::new(one), api::app::state::AppState::new(other));
    let stuck = api::app::locks::locked(&first, "order-dropped".into(), async {
        tokio::time::sleep(Duration::from_secs(60)).await;
        Ok(())
    });
    assert!(tokio::time::timeout(Duration::from_millis(300), stuck).await.is_err(), "dropped mid-step");

    let started = Instant::now();
    let next = api::app::locks::locked(&second, "order-dropped".into(), async { Ok(7) }).await.unwrap();
    assert_eq!(next, 7);
    assert!(started.elapsed() < Duration::from_secs(2), "waited {:?} for a lock nobody holds", started.elapsed());
    // The same for a job's lock, dropped mid-run.
    let job = store::under_lock(&first.pool, "job-dropped", || tokio::time::sleep(Duration::from_secs(60)));
    assert!(tokio::time::timeout(Duration::from_millis(300), job).await.is_err());
    tokio::time::sleep(Duration::from_millis(100)).await;
    let ran = store::under_lock(&second.pool, "job-dropped", || async { 8 }).await.unwrap();
    assert_eq!(ran, store::RunOutcome::Ran(8), "the next runner takes it");
}

// ---------------------------------------------------------------------------------------
// The free trial: its start (the request, then `start-trial`), its reminder and its end
// (the `end-trials` job, run as `voip-shop run-job end-trials` with the clock days ahead).

async fn count_trial(pool: &PgPool, sql: &str, trial: &str) -> i64 {
    count(pool, sql, trial).await
}

/// A trial started through a normal server, its e-mail address `confirmed` through the link
/// or not: (trial id, its number, the extension's username).
async fn trial_started(
    mode: Mode,
    database: &str,
    pool: &PgPool,
    email: &str,
    confirmed: bool,
) -> (String, String, String) {
    let server = CrashServer::start(mode, database, &[]).await;
    let app = server.app(pool);
    let number = crate::trial::free_numbers(&app).await.remove(0);
    let started = if confirmed {
        crate::trial::start_confirmed_trial(&app, email, &number).await
    } else {
        expect_ok(crate::trial::start_trial(&app, email, &number).await).await
    };
    let trial = started["trialId"].as_str().unwrap().to_string();
    let username = started["extensions"][0]["username"].as_str().unwrap().to_string();
    (trial, number, username)
}

/// The trial's state once every workflow of it is over, as a matrix row's end.
async fn trial_state(pool: &PgPool, trial: &str, number: &str) -> (String, i64, i64, i64, Holder) {
    workflow_done(pool, trial).await;
    let status: String = sqlx::query_scalar("SELECT payload ->> 'status' FROM trial_view WHERE view_id = $1")
        .bind(trial)
        .fetch_one(pool)
        .await
        .unwrap();
    let welcome =
        count_trial(pool, "SELECT count(*) FROM outbox WHERE kind = 'trial_welcome' AND reference = $1", trial).await;
    let reminders =
        count_trial(pool, "SELECT count(*) FROM outbox WHERE kind = 'trial_reminder' AND reference = $1", trial).await;
    let logins = count_trial(pool, "SELECT count(*) FROM sip_accounts WHERE owner = 'trial:' || $1", trial).await;
    let (held, _) = store::commands::load::<PhoneNumber>(pool, number).await.unwrap();
    (status, welcome, reminders, logins, held.holder)
}

async fn trial_start_crash_at(point: &str, mode: Mode) -> String {
    let database = fresh_database().await;
    let pool = PgPool::connect(&database).await.unwrap();
    let first = CrashServer::start(mode, &database, &[("FAULT_INJECTION", point)]).await;
    let app = first.app(&pool);
    let number = crate::trial::free_numbers(&app).await.remove(0);
    let email = format!("trial-{point}@example.com");
    let died = app
        .client
        .post(format!("{}/api/create-free-trial-account/", app.address))
        .json(&serde_json::json!({
            "customerInfo": crate::trial::contact(&email),
            "selectedNumber": { "value": number, "status": "Available" },
            "packageType": "trial",
        }))
        .send()
        .await;
    assert!(died.is_err(), "{point}: the server died mid-request");
    first.crashed().await;
    let trial: String =
        sqlx::query_scalar("SELECT trial_id FROM trials WHERE email = $1").bind(&email).fetch_one(&pool).await.unwrap();

    let second = CrashServer::start(mode, &database, &[]).await;
    let (status, welcome, reminders, logins, holder) = trial_state(&pool, &trial, &number).await;
    assert_eq!(
        (status.as_str(), welcome, reminders, logins),
        ("active", 1, 0, 1),
        "{point}: started once, one welcome, its login"
    );
    assert_eq!(holder, Holder::Owner { owner: format!("trial:{trial}") }, "{point}");
    let stock: String = sqlx::query_scalar("SELECT status FROM number_inventory WHERE value = $1")
        .bind(&number)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(stock, "assigned", "{point}: the stock row shows the number taken");

    // The browser's retry (the same form) is answered as the start was, with a new password.
    let app = second.app(&pool);
    let again = expect_ok(crate::trial::start_trial(&app, &email, &number).await).await;
    assert_eq!(again["trialId"], trial, "{point}: {again}");
    let extension = &again["extensions"][0];
    let (username, password) = (extension["username"].as_str().unwrap(), extension["password"].as_str().unwrap());
    let registrar = registrar(&app).await;
    assert!(sipp(&registrar, "register.xml", username, password).await, "{point}: the password shown registers");
    // Shown now: a third try is the refusal of an e-mail that had its trial.
    let third = crate::trial::start_trial(&app, &email, &number).await;
    assert_eq!(third.status(), reqwest::StatusCode::CONFLICT, "{point}");
    let (_, welcome, _, logins, _) = trial_state(&pool, &trial, &number).await;
    assert_eq!((welcome, logins), (1, 1), "{point}");
    // One confirmation e-mail, whose link (made once, never again by the resumed run) works.
    let links =
        count_trial(&pool, "SELECT count(*) FROM outbox WHERE kind = 'trial_verification' AND reference = $1", &trial)
            .await;
    assert_eq!(links, 1, "{point}");
    let token = crate::trial::verification_token(&pool, &trial).await;
    expect_ok(crate::trial::verify(&app, &token).await).await;
    let calls =
        count_trial(&pool, "SELECT count(*) FROM sip_accounts WHERE owner = 'trial:' || $1 AND may_call_out", &trial)
            .await;
    assert_eq!(calls, 1, "{point}: confirmed, it may call out");
    format!(
        "| start-trial | {point} | active; welcome e-mails 1; confirmation e-mails 1, its link confirms; SIP logins 1, the retry's password registers; number the trial's (stock row assigned) |"
    )
}

async fn trial_job_crash_at(point: &str, mode: Mode, days_on: &str, expected: (&str, i64, i64)) -> String {
    let database = fresh_database().await;
    let pool = PgPool::connect(&database).await.unwrap();
    let (trial, number, _) = trial_started(mode, &database, &pool, &format!("job-{point}@example.com"), true).await;
    let env = [("FAULT_INJECTION", point), ("CLOCK_OFFSET_DAYS", days_on)];
    assert_eq!(
        run_job(mode, &database, &env, "end-trials").await,
        JobEnd::Crashed,
        "{point}: the job died at the point"
    );

    let _later = CrashServer::start(mode, &database, &[("CLOCK_OFFSET_DAYS", days_on)]).await;
    let (status, welcome, reminders, logins, holder) = trial_state(&pool, &trial, &number).await;
    assert_eq!((status.as_str(), reminders, logins), expected, "{point}");
    assert_eq!(welcome, 1, "{point}");
    assert_eq!(holder, Holder::Owner { owner: format!("trial:{trial}") }, "{point}: kept 30 days after the end");
    // The job again changes nothing.
    assert_eq!(run_job(mode, &database, &[("CLOCK_OFFSET_DAYS", days_on)], "end-trials").await, JobEnd::Finished);
    let (_, _, again, _, _) = trial_state(&pool, &trial, &number).await;
    assert_eq!(again, reminders, "{point}: no second reminder");
    format!(
        "| {} | {point} | {status}; reminder e-mails {reminders}; SIP logins {logins}; number the trial's |",
        match point {
            "after-reminder-queued" => "remind-trial",
            _ => "end-trial",
        }
    )
}

/// The end-trials job stopped after Stripe made a converted trial's subscription, before
/// the trial recorded it: the next run adopts that subscription (tagged with the trial's
/// key) and converts the trial once, with one charge.
async fn trial_conversion_crash_at(point: &str, mode: Mode) -> String {
    let database = fresh_database().await;
    let pool = PgPool::connect(&database).await.unwrap();
    let (trial, number) = {
        let server = CrashServer::start(mode, &database, &[]).await;
        let app = server.app(&pool);
        let number = crate::trial::free_numbers(&app).await.remove(0);
        let started = crate::trial::start_confirmed_trial(&app, "convert-crash@example.com", &number).await;
        let trial = started["trialId"].as_str().unwrap().to_string();
        expect_no_content(crate::trial::save_card(&app, &trial, OK_CARD).await).await;
        (trial, number)
    };
    let env = [("FAULT_INJECTION", point), ("CLOCK_OFFSET_DAYS", "8")];
    assert_eq!(
        run_job(mode, &database, &env, "end-trials").await,
        JobEnd::Crashed,
        "{point}: the job died at the point"
    );
    let (stored, _) = store::commands::load::<aggregates::trial::Trial>(&pool, &trial).await.unwrap();
    let customer = stored.payment_customer_id.clone().unwrap();
    let subscriptions = |customer: String| async move {
        let found =
            crate::helpers::stripe(Method::GET, &format!("/subscriptions?customer={customer}&status=all"), "").await;
        found["data"].as_array().unwrap().len()
    };
    assert_eq!(subscriptions(customer.clone()).await, 1, "{point}: Stripe made it; the trial does not know");

    assert_eq!(run_job(mode, &database, &[("CLOCK_OFFSET_DAYS", "8")], "end-trials").await, JobEnd::Finished);
    let (status, welcome, _, logins, holder) = trial_state(&pool, &trial, &number).await;
    assert_eq!((status.as_str(), welcome, logins), ("converted", 1, 1), "{point}");
    assert_eq!(holder, Holder::Owner { owner: format!("trial:{trial}") }, "{point}");
    assert_eq!(subscriptions(customer.clone()).await, 1, "{point}: adopted, not made again");
    let converted =
        count(&pool, "SELECT count(*) FROM events WHERE aggregate_id = $1 AND event_type = 'TrialConverted'", &trial)
            .await;
    assert_eq!(converted, 1, "{point}");
    let charges = crate::helpers::stripe(Method::GET, &format!("/charges?customer={customer}"), "").await;
    let paid = charges["data"].as_array().unwrap().iter().filter(|c| c["status"] == "succeeded").count();
    assert_eq!(paid, 1, "{point}: charged once");
    format!("| end-trials (conversion) | {point} | converted 1; subscriptions 1 (adopted); charges 1; SIP logins 1 |")
}

/// A trial never confirmed, released by the job (two days on) with the number given back
/// and the row still owed: the restarted server's runner finishes it, the number returned once.
async fn trial_release_crash_at(point: &str, mode: Mode) -> String {
    let database = fresh_database().await;
    let pool = PgPool::connect(&database).await.unwrap();
    let (trial, number, _) = trial_started(mode, &database, &pool, "released-crash@example.com", false).await;
    let env = [("FAULT_INJECTION", point), ("CLOCK_OFFSET_DAYS", "2")];
    assert_eq!(
        run_job(mode, &database, &env, "end-trials").await,
        JobEnd::Crashed,
        "{point}: the job died at the point"
    );
    let owed = count_trial(&pool, "SELECT count(*) FROM workflows WHERE aggregate_id = $1", &trial).await;
    assert_eq!(owed, 1, "{point}: the end-trial workflow is still owed");

    let _later = CrashServer::start(mode, &database, &[("CLOCK_OFFSET_DAYS", "2")]).await;
    let (status, welcome, reminders, logins, holder) = trial_state(&pool, &trial, &number).await;
    assert_eq!((status.as_str(), welcome, reminders, logins), ("ended", 1, 0, 0), "{point}");
    assert_eq!(holder, Holder::Nobody, "{point}: back in the pool at once");
    let returned_events = || {
        count(&pool, "SELECT count(*) FROM events WHERE aggregate_id = $1 AND event_type = 'NumberReturned'", &number)
    };
    assert_eq!(returned_events().await, 1, "{point}: returned once");
    let marked = count_trial(
        &pool,
        "SELECT count(*) FROM trials WHERE trial_id = $1 AND number_returned_at IS NOT NULL",
        &trial,
    )
    .await;
    let stock: String = sqlx::query_scalar("SELECT status FROM number_inventory WHERE value = $1")
        .bind(&number)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!((marked, stock.as_str()), (1, "available"), "{point}");
    // The job again changes nothing.
    assert_eq!(run_job(mode, &database, &[("CLOCK_OFFSET_DAYS", "2")], "end-trials").await, JobEnd::Finished);
    assert_eq!(returned_events().await, 1, "{point}");
    let ended =
        count(&pool, "SELECT count(*) FROM events WHERE aggregate_id = $1 AND event_type = 'TrialEnded'", &trial).await;
    assert_eq!(ended, 1, "{point}");
    format!("| end-trial (unconfirmed) | {point} | ended 1 (unverified); SIP logins 0; number returned 1, stock available, trial's claim marked over |")
}

// ---------------------------------------------------------------------------------------
// A desk-phone order's confirmation: the phones out of the cart, the e-mail, `Confirm`.

async fn hardware_crash_at(point: &str, mode: Mode) -> String {
    use crate::hardware_checkout::{card, cart_with_phone, confirm, mails, pay, placed, view};
    let database = fresh_database().await;
    let pool = PgPool::connect(&database).await.unwrap();
    let first = CrashServer::start(mode, &database, &[("FAULT_INJECTION", point)]).await;
    let app = first.app(&pool);
    let (cart, _, product) = cart_with_phone(&app, 2).await;
    let (id, secret, _) = placed(&app, &cart, "economy").await;
    let (method, customer) = card(&app, &id, &secret, OK_CARD).await;
    // The buyer puts one more of the same phone in the cart first: it must stay.
    let more = serde_json::json!({ "productId": product, "quantity": 1 });
    expect_ok(app.send(Method::POST, &format!("/api/carts/{cart}/hardware"), Some(more)).await).await;
    if point == "after-hardware-payment-recorded" {
        // The charge's own answer is lost: the payment was recorded, then the server died.
        let body = serde_json::json!({ "order_id": id, "order_secret": secret, "payment_method_id": method });
        let died = app.client.post(format!("{}/api/create-hardware-payment/", app.address)).json(&body).send().await;
        assert!(died.is_err(), "{point}: the server died mid-request");
    } else {
        let paid = expect_ok(pay(&app, &id, &secret, &method, 0).await).await;
        let payment = paid["payment_intent_id"].as_str().unwrap().to_string();
        let body = serde_json::json!({ "paymentIntentId": payment, "orderId": id, "orderSecret": secret });
        let died = app.client.post(format!("{}/api/confirm-hardware-payment/", app.address)).json(&body).send().await;
        assert!(died.is_err(), "{point}: the server died mid-request");
    }
    first.crashed().await;

    let second = CrashServer::start(mode, &database, &[]).await;
    let app = second.app(&pool);
    let resumed = workflow_done(&pool, &id).await;
    assert_eq!(view(&app, &id, &secret).await["status"], "confirmed", "{point}: confirmed by the restarted server");
    // The browser's retries answer the same: the charge (no second one), then the confirmation.
    let paid = expect_ok(pay(&app, &id, &secret, &method, 0).await).await;
    let payment = paid["payment_intent_id"].as_str().unwrap().to_string();
    let again = expect_ok(confirm(&app, &id, &secret, &payment).await).await;
    assert_eq!(again["status"], "confirmed", "{point}");
    assert_eq!(mails(&app, &id).await, 1, "{point}: one e-mail");
    let confirmed =
        count(&pool, "SELECT count(*) FROM events WHERE aggregate_id = $1 AND event_type = 'OrderConfirmed'", &id)
            .await;
    assert_eq!(confirmed, 1, "{point}: confirmed once");
    let cart_now = expect_ok(app.get(&format!("/api/carts/{cart}")).await).await;
    let left: Vec<i64> =
        cart_now["items"].as_array().unwrap().iter().filter_map(|item| item["quantity"].as_i64()).collect();
    assert_eq!(left, vec![1], "{point}: the two bought left the cart once, the one added after stays: {cart_now}");
    let charges = crate::helpers::stripe(Method::GET, &format!("/charges?customer={customer}"), "").await;
    assert_eq!(charges["data"].as_array().unwrap().len(), 1, "{point}: charged once");
    format!(
        "| confirm-hardware-order | {point} | resumed in {} ms; confirmed 1; e-mails 1; cart 3 -> 1 (the 2 bought left once); charges 1 |",
        resumed.as_millis()
    )
}

// ---------------------------------------------------------------------------------------
// The buyer's e-mails after completion (`tell-buyer`; a transfer's steps are `tell-transfer`'s,
// keyed by the port, with the same fault point), here a transfer's first step; and a
// number given to an order that refuses it.

async fn tell_buyer_crash_at(point: &str, mode: Mode) -> String {
    let database = fresh_database().await;
    let pool = PgPool::connect(&database).await.unwrap();
    let first = CrashServer::start(mode, &database, &[("FAULT_INJECTION", point)]).await;
    let app = first.app(&pool);
    let (order, _) = crate::transfers::order_with_transfer(&app, "port-crash@example.com").await;
    let path = format!("{}/api/orders/{order}/transfers/02079460123", app.address);
    let secret = crate::checkout::secret_of(&order);
    // The e-mails go out after the answer's transaction: the request that starts the workflow
    // runs it, or the workflow runner claims it first, so the server dies during the request
    // or just after it (crashed() waits for that, and fails if it stopped any other way).
    let _ = app.client.post(&path).header("x-order-secret", &secret).json(&crate::transfers::details()).send().await;
    first.crashed().await;

    let second = CrashServer::start(mode, &database, &[]).await;
    let app = second.app(&pool);
    let port = format!("{order}:02079460123");
    let resumed = workflow_done(&pool, &port).await;
    assert_eq!(crate::transfers::port_mails(&app, &order).await.len(), 1, "{point}: one e-mail for the step");
    // The buyer signs again with the same details: nothing new to tell.
    let path = format!("/api/orders/{order}/transfers/02079460123");
    expect_ok(crate::transfers::as_buyer(&app, &order, &path, crate::transfers::details()).await).await;
    workflow_done(&pool, &port).await;
    assert_eq!(crate::transfers::port_mails(&app, &order).await.len(), 1, "{point}");
    format!(
        "| tell-buyer | {point} | resumed in {} ms; transfer e-mails 1 (and none for the same details signed again) |",
        resumed.as_millis()
    )
}

/// A payment the hardware order did not take: the server dies after Stripe refunded it and
/// before `StrayPaymentRefunded`; the restarted server's runner finishes it, refunded once.
async fn stray_payment_crash_at(point: &str, mode: Mode) -> String {
    use crate::hardware_checkout::{card, cart_with_phone, confirm, pay, placed};
    use crate::helpers::expect_error;
    let database = fresh_database().await;
    let pool = PgPool::connect(&database).await.unwrap();
    let first = CrashServer::start(mode, &database, &[("FAULT_INJECTION", point)]).await;
    let app = first.app(&pool);
    let (cart, _, _) = cart_with_phone(&app, 1).await;
    let (id, secret, order) = placed(&app, &cart, "economy").await;
    let total = order["amounts"]["totalPence"].as_i64().unwrap();
    let (method, customer) = card(&app, &id, &secret, OK_CARD).await;
    let paid = expect_ok(pay(&app, &id, &secret, &method, 0).await).await;
    expect_ok(confirm(&app, &id, &secret, paid["payment_intent_id"].as_str().unwrap()).await).await;
    // An older attempt completes in another tab: the buyer has paid twice.
    let form = format!(
        "amount={total}&currency=gbp&customer={customer}&payment_method={method}&confirm=true\
         &metadata[order_id]={id}&metadata[attempt]=old-tab"
    );
    let extra = crate::helpers::stripe(Method::POST, "/payment_intents", &form).await;
    let extra_id = extra["id"].as_str().unwrap().to_string();
    let body = serde_json::json!({ "paymentIntentId": extra_id, "orderId": id, "orderSecret": secret });
    let died = app.client.post(format!("{}/api/confirm-hardware-payment/", app.address)).json(&body).send().await;
    assert!(died.is_err(), "{point}: the server died mid-request");
    first.crashed().await;

    let second = CrashServer::start(mode, &database, &[]).await;
    let app = second.app(&pool);
    let resumed = workflow_done(&pool, &id).await;
    let refunded = count(
        &pool,
        "SELECT count(*) FROM events WHERE aggregate_id = $1 AND event_type = 'StrayPaymentRefunded'",
        &id,
    )
    .await;
    assert_eq!(refunded, 1, "{point}: recorded once");
    let refunds = crate::helpers::stripe(Method::GET, &format!("/refunds?payment_intent={extra_id}"), "").await;
    let ours = refunds["data"].as_array().unwrap().iter().filter(|r| r["payment_intent"] == extra_id.as_str()).count();
    assert_eq!(ours, 1, "{point}: refunded once at Stripe");
    let told =
        count(&pool, "SELECT count(*) FROM outbox WHERE kind = 'stray_payment_refunded' AND reference = $1", &extra_id)
            .await;
    assert_eq!(told, 1, "{point}: the buyer told once");
    // The browser's retry answers the same and refunds nothing more.
    expect_error(confirm(&app, &id, &secret, &extra_id).await, reqwest::StatusCode::CONFLICT, "payment_refunded").await;
    format!("| refund-stray-payment | {point} | resumed in {} ms; refunds 1; e-mails 1 |", resumed.as_millis())
}

// ---------------------------------------------------------------------------------------
// A completed order's transfers, each its own Transfer (`open-ports`).

/// The numbers `open_transfers_crash_at` transfers in, as the order stores them.
const TRANSFERRED: [&str; 2] = ["02079460123", "01614960123"];

/// An order transferring two numbers: the server dies after the first port is opened and
/// before the second; the restarted server's runner opens the second, and the first once.
async fn open_transfers_crash_at(point: &str, mode: Mode) -> String {
    let database = fresh_database().await;
    let pool = PgPool::connect(&database).await.unwrap();
    let first = CrashServer::start(mode, &database, &[("FAULT_INJECTION", point)]).await;
    let app = first.app(&pool);
    let cart_id = cart(&app, crate::checkout::single_user(&[])).await;
    for number in ["020 7946 0123", "0161 496 0123"] {
        let transfer = serde_json::json!({ "value": number, "isTransfer": true });
        expect_ok(app.send(Method::POST, &format!("/api/carts/{cart_id}/numbers"), Some(transfer)).await).await;
    }
    let (_, charge, order) = pay(&app, &cart_id, "ports-crash@example.com", OK_CARD).await;
    expect_ok(charge).await;
    let died =
        app.client.post(format!("{}/api/create-user-account/", app.address)).json(&account_body(&order)).send().await;
    assert!(died.is_err(), "{point}: the server died mid-request");
    first.crashed().await;
    let port_ids = TRANSFERRED.map(|number| format!("{order}:{number}"));
    let opened = "SELECT count(*) FROM events WHERE aggregate_id = $1 AND event_type = 'PortOpened'";
    let before = [count(&pool, opened, &port_ids[0]).await, count(&pool, opened, &port_ids[1]).await];
    assert_eq!(before, [1, 0], "{point}: one port open and one not when the server died");
    let owed: Vec<String> = sqlx::query_scalar("SELECT workflow FROM workflows WHERE aggregate_id = $1")
        .bind(&order)
        .fetch_all(&pool)
        .await
        .unwrap();
    // The ports are owed; the completion that started them may still owe its own last step
    // (its row goes after the e-mail), which a loaded machine can leave for the crash to find.
    // Both are resumed by the next server (workflow_done waits for every row of the order).
    assert!(owed.contains(&"open-ports".to_string()), "{point}: the ports owed: {owed:?}");
    assert!(
        owed.iter().all(|w| w == "open-ports" || w == "complete-service-order"),
        "{point}: nothing else owed: {owed:?}"
    );

    let second = CrashServer::start(mode, &database, &[]).await;
    let app = second.app(&pool);
    let resumed = workflow_done(&pool, &order).await;
    // The browser's retry: the passwords, and no port opened again.
    let account = expect_ok(post(&app, "/api/create-user-account/", account_body(&order)).await).await;
    assert!(account["extensions"][0]["password"].is_string(), "{point}: {account}");
    for port in &port_ids {
        assert_eq!(count(&pool, opened, port).await, 1, "{point}: {port} opened once");
        let events = count(&pool, "SELECT count(*) FROM events WHERE aggregate_id = $1", port).await;
        assert_eq!(events, 1, "{point}: {port} holds its PortOpened alone");
    }
    let views: Vec<String> =
        sqlx::query_scalar("SELECT view_id FROM transfer_view WHERE view_id LIKE $1 || ':%' ORDER BY view_id")
            .bind(&order)
            .fetch_all(&pool)
            .await
            .unwrap();
    let mut expected = port_ids.to_vec();
    expected.sort();
    assert_eq!(views, expected, "{point}: each port's view, once");
    let owed = count(&pool, "SELECT count(*) FROM workflows WHERE aggregate_id = $1", &order).await;
    assert_eq!(owed, 0, "{point}: the workflow's row is gone");
    let view = expect_ok(app.get(&format!("/api/orders/{order}")).await).await;
    assert_eq!(view["ports"].as_array().map(Vec::len), Some(2), "{point}: the order shows both ports: {view}");
    format!(
        "| open-ports | {point} | resumed in {} ms; ports 2 (1 open at the crash), each PortOpened 1; transfer views 2; row deleted |",
        resumed.as_millis()
    )
}

/// A number given to an order that refuses it (here a placeholder it no longer waits for)
/// is not left assigned to it: the assignment and the order's record commit together.
#[tokio::test]
async fn a_number_the_order_refuses_stays_free() {
    let app = crate::helpers::spawn_app().await;
    let cart_id = cart(&app, two_users_one_number()).await;
    let (_, charge, order) = pay(&app, &cart_id, "refused@example.com", OK_CARD).await;
    expect_ok(charge).await;
    crate::checkout::create_account(&app, &order).await;
    let state = api::app::state::AppState::new(app.pool.clone());
    let ctx = api::scheduled::placeholders(&state, store::commands::Context::system());
    let free = "442079460150";
    let record = |number: &str| aggregates::service_order::ServiceOrderCommand::FillPlaceholder {
        placeholder: "placeholder-020".into(),
        number: number.to_string(),
    };
    let given = jobs::placeholders::assign_and_record(&ctx, &order, vec![free.to_string()], record).await;
    assert!(matches!(given, Err(jobs::placeholders::Given::Refused(_))), "{given:?}");
    let (number, _) = store::commands::load::<PhoneNumber>(&app.pool, free).await.unwrap();
    assert_eq!(number.holder, Holder::Nobody, "the refused number is nobody's");
}

// ---------------------------------------------------------------------------------------
// The matrix: each point, the test that stops there, and the mode it runs in by default. One
// point of each workflow runs the real binary; the others run in process (crate::crashes;
// CRASH_MATRIX=binary runs them all with the binary). Those that register a SIP login start
// Kamailio: `service_order_*` and `trial_start_*` (.config/nextest.toml's registrar group).

macro_rules! crash_tests {
    ($($test:ident => $run:ident($point:literal $(, $arg:expr)*), $mode:ident;)*) => {
        $(
            #[tokio::test]
            async fn $test() {
                println!("{}", $run($point, Mode::chosen(Mode::$mode) $(, $arg)*).await);
            }
        )*

        /// Each point tested here, with the mode its test runs in by default.
        pub(crate) const TESTED: &[(&str, Mode)] = &[$(($point, Mode::$mode)),*];
    };
}

crash_tests! {
    service_order_after_account_created => crash_at("after-account-created"), InProcess;
    service_order_after_number_assigned => crash_at("after-number-assigned"), InProcess;
    service_order_after_numbers_recorded => crash_at("after-numbers-recorded"), InProcess;
    service_order_after_order_completed => crash_at("after-order-completed"), Binary;
    service_order_after_cart_emptied => crash_at("after-cart-emptied"), InProcess;
    service_order_after_mail_queued => crash_at("after-mail-queued"), InProcess;
    service_order_before_passwords_shown => crash_at("before-passwords-shown"), InProcess;
    trial_start_after_trial_started => trial_start_crash_at("after-trial-started"), InProcess;
    trial_start_after_trial_views => trial_start_crash_at("after-trial-views"), Binary;
    trial_start_after_trial_verification_queued => trial_start_crash_at("after-trial-verification-queued"), InProcess;
    trial_start_before_trial_password_shown => trial_start_crash_at("before-trial-password-shown"), InProcess;
    trial_after_reminder_queued => trial_job_crash_at("after-reminder-queued", "5", ("active", 1, 1)), InProcess;
    trial_after_trial_logins_removed => trial_job_crash_at("after-trial-logins-removed", "8", ("ended", 0, 0)), Binary;
    trial_after_trial_subscribed => trial_conversion_crash_at("after-trial-subscribed"), InProcess;
    trial_after_trial_number_returned => trial_release_crash_at("after-trial-number-returned"), InProcess;
    hardware_after_payment_recorded => hardware_crash_at("after-hardware-payment-recorded"), InProcess;
    hardware_after_cart_updated => hardware_crash_at("after-hardware-cart-updated"), Binary;
    hardware_after_mail_queued => hardware_crash_at("after-hardware-mail-queued"), InProcess;
    hardware_after_confirmed => hardware_crash_at("after-hardware-confirmed"), InProcess;
    tell_buyer_after_buyer_told => tell_buyer_crash_at("after-buyer-told"), Binary;
    stray_payment_after_stray_refunded_at_provider => stray_payment_crash_at("after-stray-refunded-at-provider"), Binary;
    open_transfers_after_transfer_opened => open_transfers_crash_at("after-transfer-opened"), Binary;
}

/// The fault points named in Rust source `text`: each `faults::point(.., "name")` and each
/// payment's `AFTER_MADE`.
fn points_in_text(text: &str, found: &mut BTreeSet<String>) {
    for (marker, close) in [("faults::point(", ";"), ("AFTER_MADE: Option<&'static str> = Some(", ")")] {
        for (at, _) in text.match_indices(marker) {
            let call = &text[at + marker.len()..];
            let call = &call[..call.find(close).unwrap_or(call.len())];
            if let Some(name) = call.rsplit('"').nth(1).filter(|n| !n.is_empty() && !n.contains(' ')) {
                found.insert(name.to_string());
            }
        }
    }
}

fn points_in(dir: &std::path::Path, found: &mut BTreeSet<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            points_in(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            points_in_text(&std::fs::read_to_string(&path).unwrap(), found);
        }
    }
}

/// What is wrong with the matrix: a point of the code without a test (in `tested`, either
/// mode, or named in `others`' text), a tested point the code no longer has, a workflow of
/// `workflows` without exactly one point run with the real binary by default.
fn gaps(
    points: &BTreeSet<String>,
    tested: &[(&str, Mode)],
    others: &str,
    workflows: &[(&str, Vec<&str>)],
) -> Vec<String> {
    let mut gaps = Vec::new();
    for point in points {
        if !tested.iter().any(|(p, _)| p == point) && !others.contains(&format!("\"{point}\"")) {
            gaps.push(format!("{point}: no crash test"));
        }
    }
    for (point, _) in tested {
        if !points.contains(*point) {
            gaps.push(format!("{point}: tested, but the code has no such point"));
        }
    }
    for (workflow, its_points) in workflows {
        let binary = tested.iter().filter(|(p, mode)| *mode == Mode::Binary && its_points.contains(p)).count();
        if binary != 1 {
            gaps.push(format!("{workflow}: {binary} points run with the real binary by default, not one"));
        }
    }
    gaps
}

/// The workflows of the matrix, each with its points (a test of the code's lists).
fn workflows() -> Vec<(&'static str, Vec<&'static str>)> {
    use api::app::workflows::{hardware_order, service_order, stray_payment, tell_buyer, transfers, trial};
    let trial = |start: bool| trial::FAULT_POINTS.iter().filter(move |(w, _)| (*w == trial::START_TRIAL) == start);
    vec![
        (
            "complete-service-order (and create-user-account)",
            service_order::FAULT_POINTS.iter().chain(&api::app::checkout::FAULT_POINTS).copied().collect(),
        ),
        ("start-trial", trial(true).map(|(_, point)| *point).collect()),
        ("the end-trials job (remind-trial, end-trial)", trial(false).map(|(_, point)| *point).collect()),
        ("confirm-hardware-order", hardware_order::FAULT_POINTS.to_vec()),
        ("tell-buyer", tell_buyer::FAULT_POINTS.to_vec()),
        ("refund-stray-payment", stray_payment::FAULT_POINTS.to_vec()),
        ("open-ports", transfers::FAULT_POINTS.to_vec()),
        ("top-up", api::app::call_credit::TOP_UP_FAULT_POINTS.to_vec()),
    ]
}

/// Every fault point in the server's code has a crash test, in either mode: in the matrix
/// here or top_up_crashes.rs, or (the payments' points, real binary) named in hardening.rs. A
/// point added to a workflow without a test fails here, and so does a test whose point the
/// code no longer has, and a workflow left without its one real-binary point.
#[test]
fn every_fault_point_in_the_code_has_a_crash_test() {
    let workspace = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let mut points = BTreeSet::new();
    for dir in ["api/src", "jobs/src", "aggregates"] {
        points_in(&workspace.join(dir), &mut points);
    }
    // Every declared list of points is among those found: the scan misses none of them.
    let workflows = workflows();
    for point in workflows.iter().flat_map(|(_, points)| points) {
        assert!(points.contains(*point), "{point} is declared but the scan did not find it in the code");
    }
    let tested = [TESTED, crate::top_up_crashes::TESTED].concat();
    let gaps = gaps(&points, &tested, include_str!("hardening.rs"), &workflows);
    assert!(gaps.is_empty(), "{gaps:#?}");
}

/// The guard finds each kind of gap.
#[test]
fn the_guard_finds_a_point_without_a_test() {
    let mut points = BTreeSet::new();
    points_in_text(
        r#"faults::point(state, "after-a");
           store::faults::point(
               ctx.fault_injection.as_ref(),
               "after-b",
           );
           const AFTER_MADE: Option<&'static str> = Some("after-c");"#,
        &mut points,
    );
    assert_eq!(points.iter().map(String::as_str).collect::<Vec<_>>(), ["after-a", "after-b", "after-c"]);
    let workflows = [("one", vec!["after-a", "after-b"])];
    let tested = [("after-a", Mode::Binary), ("after-b", Mode::InProcess)];
    assert_eq!(gaps(&points, &tested, "named \"after-c\" elsewhere", &workflows), Vec::<String>::new());
    assert_eq!(gaps(&points, &tested, "", &workflows), ["after-c: no crash test"]);
    assert_eq!(
        gaps(
            &points,
            &[
                ("after-a", Mode::InProcess),
                ("after-b", Mode::InProcess),
                ("after-c", Mode::InProcess),
                ("after-d", Mode::Binary)
            ],
            "",
            &workflows
        ),
        [
            "after-d: tested, but the code has no such point",
            "one: 0 points run with the real binary by default, not one"
        ]
    );
}
