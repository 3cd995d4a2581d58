//! Card setups capped (issue 30): five per service order, hardware order and trial, and ten
//! new ones an hour per client address across all three. A refused setup is never made at
//! the Stripe stand-in.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::checkout::{cart, confirm_card, customer_info, remember, single_user, OK_CARD};
use crate::hardware_checkout::{cart_with_phone, placed};
use crate::helpers::{expect_error, expect_ok, spawn_app, spawn_app_with, stripe, TestApp};
use crate::trial::{free_numbers, start_trial};

const PER_ORDER: &str = "Too many card attempts on this order. Please contact support to finish it.";

/// What a card setup is for: the route that makes it and the body it takes.
enum For {
    Order(String),
    Hardware { id: String, secret: String },
    Trial(String),
}

impl For {
    fn request(&self) -> (String, Value) {
        match self {
            For::Order(id) => ("/api/create-setup-intent/".into(), json!({ "orderId": id })),
            For::Hardware { id, secret } => {
                (format!("/api/hardware-orders/{id}/card-setup"), json!({ "orderSecret": secret }))
            }
            For::Trial(id) => ("/api/create-trial-setup-intent/".into(), json!({ "customerId": id })),
        }
    }

    fn owner(&self) -> &str {
        match self {
            For::Order(id) | For::Hardware { id, .. } | For::Trial(id) => id,
        }
    }
}

/// Asks for a card setup from the client address `from` (X-Forwarded-For, read only behind
/// a trusted proxy).
async fn ask(app: &TestApp, what: &For, from: &str) -> reqwest::Response {
    let (path, body) = what.request();
    app.client.post(app.url(&path)).header("x-forwarded-for", from).json(&body).send().await.unwrap()
}

/// A setup that was answered: (its id, its client secret), whichever route's field names.
async fn setup(response: reqwest::Response) -> (String, String) {
    let body = expect_ok(response).await;
    let id = body.get("setup_intent_id").or(body.get("setupIntentId")).and_then(Value::as_str).unwrap();
    let secret = body.get("client_secret").or(body.get("clientSecret")).and_then(Value::as_str).unwrap();
    (id.to_string(), secret.to_string())
}

/// A new setup, then used as the browser would (confirmed with a card), so that the next
/// ask makes another.
async fn set_up_and_use(app: &TestApp, what: &For, from: &str) -> String {
    let (id, secret) = setup(ask(app, what, from).await).await;
    let confirmed = confirm_card(&secret, OK_CARD).await;
    assert_eq!(confirmed["status"], "succeeded", "{confirmed}");
    id
}

/// The setup intents the stand-in holds for `owner` (tagged with it as `order_id`).
async fn setups_at_stand_in(owner: &str) -> usize {
    let all = stripe(Method::GET, "/setup_intents?limit=1000000", "").await;
    all["data"].as_array().unwrap().iter().filter(|s| s["metadata"]["order_id"] == owner).count()
}

async fn service_order(app: &TestApp, email: &str) -> For {
    let cart_id = cart(app, single_user(&[])).await;
    let body = json!({ "cartId": cart_id, "customerInfo": customer_info(email) });
    let intent = expect_ok(app.send(Method::POST, "/api/create-payment-intent/", Some(body)).await).await;
    For::Order(remember(&intent))
}

async fn hardware_order(app: &TestApp) -> For {
    let (cart, _, _) = cart_with_phone(app, 1).await;
    let (id, secret, _) = placed(app, &cart, "economy").await;
    For::Hardware { id, secret }
}

async fn trial(app: &TestApp, email: &str, number: usize) -> For {
    let number = free_numbers(app).await[number].clone();
    let started = expect_ok(start_trial(app, email, &number).await).await;
    For::Trial(started["customerId"].as_str().unwrap().to_string())
}

/// Five setups used one after another, the fifth asked for twice while it waits (handed back,
/// not counted); the sixth answers 429 with the per-order message, no Retry-After, and is
/// never made at the stand-in.
async fn five_then_refused(app: &TestApp, what: &For, message: &str) {
    let from = "192.0.2.10";
    let mut made = vec![];
    for _ in 0..4 {
        made.push(set_up_and_use(app, what, from).await);
    }
    let (fifth, secret) = setup(ask(app, what, from).await).await;
    let (again, _) = setup(ask(app, what, from).await).await;
    assert_eq!(again, fifth, "a setup still waiting for a card is handed back");
    assert_eq!(confirm_card(&secret, OK_CARD).await["status"], "succeeded");
    made.push(fifth);
    made.dedup();
    assert_eq!(made.len(), 5, "five different setups: {made:?}");

    let refused = ask(app, what, from).await;
    assert!(refused.headers().get("retry-after").is_none(), "the per-order cap never resets");
    let body = expect_error(refused, StatusCode::TOO_MANY_REQUESTS, "too_many_attempts").await;
    assert_eq!(body["error"], message);
    assert_eq!(setups_at_stand_in(what.owner()).await, 5, "no sixth setup intent at the stand-in");
}

#[tokio::test]
async fn six_setups_on_one_service_order_the_sixth_answers_429_and_is_never_made() {
    let app = spawn_app().await;
    let order = service_order(&app, "six@example.com").await;
    five_then_refused(&app, &order, PER_ORDER).await;
}

#[tokio::test]
async fn six_setups_on_one_hardware_order_the_sixth_answers_429_and_is_never_made() {
    let app = spawn_app().await;
    let order = hardware_order(&app).await;
    five_then_refused(&app, &order, PER_ORDER).await;
}

#[tokio::test]
async fn six_setups_on_one_trial_the_sixth_answers_429_and_is_never_made() {
    let app = spawn_app().await;
    let trial = trial(&app, "six-trial@example.com", 0).await;
    five_then_refused(&app, &trial, "Too many card attempts on this trial. Please contact support to add your card.")
        .await;
    let setups: i64 = sqlx::query_scalar("SELECT count(*) FROM events WHERE event_type = 'CardSetupStarted'")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(setups, 5, "each setup is an event of the trial");
}

#[tokio::test]
async fn the_eleventh_new_setup_an_hour_from_one_address_answers_429_whatever_the_order() {
    let app = spawn_app_with(|config| config.trusted_proxy = true).await;
    // One IPv6 subscriber: every address of its /64 counts as one.
    let from = |n: u32| format!("2001:db8:1:2::{n:x}");
    let (a, b, c) = (
        service_order(&app, "a@example.com").await,
        service_order(&app, "b@example.com").await,
        service_order(&app, "c@example.com").await,
    );
    let (phones, tara) = (hardware_order(&app).await, trial(&app, "tara@example.com", 0).await);
    // Ten new setups: 3 + 1 + 1 on service orders, 3 on the hardware order, 2 on the trial.
    for n in 0..3 {
        set_up_and_use(&app, &a, &from(n)).await;
        set_up_and_use(&app, &phones, &from(10 + n)).await;
    }
    set_up_and_use(&app, &b, &from(20)).await;
    let (waiting, _) = setup(ask(&app, &c, &from(21)).await).await;
    set_up_and_use(&app, &tara, &from(30)).await;
    set_up_and_use(&app, &tara, &from(31)).await;

    // The eleventh, on an order still well under its own cap.
    let refused = ask(&app, &b, &from(40)).await;
    let retry_after: u32 = refused.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    let body = expect_error(refused, StatusCode::TOO_MANY_REQUESTS, "too_many_attempts").await;
    // All ten in this hour's window: the rest of it, then a tenth of the next.
    assert!((360..=3960).contains(&retry_after), "Retry-After {retry_after}");
    let minutes = retry_after.div_ceil(60);
    assert_eq!(
        body["error"],
        format!("Too many card attempts from your connection. Please try again in {minutes} minutes.")
    );
    assert_eq!(setups_at_stand_in(b.owner()).await, 1, "the refused setup was never made");

    // A setup still waiting for its card is handed back: nothing new is made.
    let (again, _) = setup(ask(&app, &c, &from(41)).await).await;
    assert_eq!(again, waiting);
    // Another subscriber (another /64) is not held up.
    set_up_and_use(&app, &b, "2001:db8:1:3::1").await;
    assert_eq!(setups_at_stand_in(b.owner()).await, 2);
}
