//! The signed-in customer's services (api/src/http/routes/account_services.rs): an extension's
//! SIP password reset from the account (the registrar's digests replaced at once, the event
//! naming the customer), the transfers and their letter of authority signed only by the
//! order's owner (or the browser holding its secret), and a paid hardware order's VAT receipt.
//! Every route answers 401 without a session and 403 for another customer's order.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::checkout::{cart, create_account, pay, single_user, OK_CARD};
use crate::helpers::{expect_error, expect_ok, spawn_app, TestApp};
use crate::transfers::{as_buyer, details, order_with_transfer, port_mails};

const PASSWORD: &str = "s3cret-Passw0rd";
const PORTED: &str = "02079460123";

/// A signed-in customer: the session cookie and the CSRF token.
pub(crate) struct Customer {
    cookie: String,
    csrf: String,
}

/// Signs in with the password set at checkout.
pub(crate) async fn customer_session(app: &TestApp, email: &str) -> Customer {
    session_with(app, email, PASSWORD).await
}

async fn session_with(app: &TestApp, email: &str, password: &str) -> Customer {
    let response =
        app.send(Method::POST, "/api/account/sign-in", Some(json!({ "email": email, "password": password }))).await;
    assert_eq!(response.status(), StatusCode::OK, "sign-in of {email}");
    let cookie = response
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|v| v.starts_with("talkbridge_account="))
        .map(|v| v.split(';').next().unwrap().to_string())
        .expect("the session cookie");
    let body: Value = response.json().await.unwrap();
    let csrf = body["csrfToken"].as_str().expect("a CSRF token").to_string();
    // The session is this Customer's: the app's own requests stay anonymous.
    app.account_cookie.forget();
    Customer { cookie, csrf }
}

async fn customer_get(app: &TestApp, customer: &Customer, path: &str) -> reqwest::Response {
    app.client.get(app.url(path)).header("cookie", &customer.cookie).send().await.unwrap()
}

async fn customer_post(app: &TestApp, customer: &Customer, path: &str, body: Option<Value>) -> reqwest::Response {
    let mut request =
        app.client.post(app.url(path)).header("cookie", &customer.cookie).header("x-csrf-token", &customer.csrf);
    if let Some(body) = body {
        request = request.json(&body);
    }
    request.send().await.unwrap()
}

/// A completed single-user order of `email` (whose account has the checkout password):
/// (order id, the account answer with extension 101's username and password).
async fn bought(app: &TestApp, email: &str) -> (String, Value) {
    let cart_id = cart(app, single_user(&[])).await;
    let (_, charge, order) = pay(app, &cart_id, email, OK_CARD).await;
    expect_ok(charge).await;
    let account = create_account(app, &order).await;
    // Finishing the checkout signs the app's cookie jar in: the tests say who is signed in.
    app.account_cookie.forget();
    (order, account)
}

/// The registrar's stored digest of `username` (the `subscriber` view Kamailio reads).
async fn registrar_digest(app: &TestApp, username: &str) -> String {
    sqlx::query_scalar("SELECT ha1 FROM subscriber WHERE username = $1")
        .bind(username)
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

fn reset_path(order: &str, number: &str) -> String {
    format!("/api/account/orders/{order}/extensions/{number}/sip-password")
}

#[tokio::test]
async fn the_owner_resets_an_extensions_sip_password_and_the_registrar_takes_the_new_digest_at_once() {
    let app = spawn_app().await;
    let (order, account) = bought(&app, "owner@example.com").await;
    let username = account["extensions"][0]["username"].as_str().unwrap().to_string();
    let old_password = account["extensions"][0]["password"].as_str().unwrap().to_string();
    let old_digest = registrar_digest(&app, &username).await;
    let owner = customer_session(&app, "owner@example.com").await;

    let reset = expect_ok(customer_post(&app, &owner, &reset_path(&order, "101"), None).await).await;
    assert_eq!((reset["number"].as_str(), reset["username"].as_str()), (Some("101"), Some(username.as_str())));
    let new_password = reset["password"].as_str().unwrap();
    assert!(new_password.len() >= 16 && new_password != old_password);
    // The registrar's digest is the new password's, from the moment the answer came.
    let new_digest = registrar_digest(&app, &username).await;
    assert_ne!(new_digest, old_digest);
    assert_eq!(
        new_digest,
        api::app::sip_extensions::sip_digest_md5(&username, new_password),
        "HA1 of the new password"
    );

    // The order's history names the customer; no event holds a password.
    let (kind, name): (String, String) = sqlx::query_as(
        "SELECT metadata->>'actor', metadata->>'actor_name' FROM events
          WHERE aggregate_id = $1 AND event_type = 'SipPasswordReset'",
    )
    .bind(&order)
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!((kind.as_str(), name.as_str()), ("customer", "owner@example.com"));
    let events: String =
        sqlx::query_scalar("SELECT string_agg(payload::text, ' ') FROM events").fetch_one(&app.pool).await.unwrap();
    assert!(!events.contains(new_password) && !events.contains(&old_password), "no password in any event");

    // An unknown extension: 409, nothing stored, the digest kept.
    let events_before = app.event_count().await;
    let unknown = customer_post(&app, &owner, &reset_path(&order, "999"), None).await;
    expect_error(unknown, StatusCode::CONFLICT, "extension_not_found").await;
    assert_eq!(app.event_count().await, events_before);
    assert_eq!(registrar_digest(&app, &username).await, new_digest);
    // An unknown order: 404.
    let nowhere = customer_post(&app, &owner, &reset_path(&uuid::Uuid::new_v4().to_string(), "101"), None).await;
    expect_error(nowhere, StatusCode::NOT_FOUND, "order_not_found").await;
}

#[tokio::test]
async fn a_reset_is_refused_to_anonymous_callers_other_customers_and_writes_without_the_csrf_token() {
    let app = spawn_app().await;
    let (order, account) = bought(&app, "mine@example.com").await;
    bought(&app, "other@example.com").await;
    let username = account["extensions"][0]["username"].as_str().unwrap().to_string();
    let digest = registrar_digest(&app, &username).await;
    let events = app.event_count().await;

    let anonymous = app.send(Method::POST, &reset_path(&order, "101"), None).await;
    expect_error(anonymous, StatusCode::UNAUTHORIZED, "not_signed_in").await;
    let other = customer_session(&app, "other@example.com").await;
    let refused = customer_post(&app, &other, &reset_path(&order, "101"), None).await;
    expect_error(refused, StatusCode::FORBIDDEN, "not_your_order").await;
    let mine = customer_session(&app, "mine@example.com").await;
    let no_csrf =
        app.client.post(app.url(&reset_path(&order, "101"))).header("cookie", &mine.cookie).send().await.unwrap();
    expect_error(no_csrf, StatusCode::FORBIDDEN, "csrf").await;

    assert_eq!(app.event_count().await, events, "nothing stored");
    assert_eq!(registrar_digest(&app, &username).await, digest, "the password unchanged");
}

#[tokio::test]
async fn the_letter_of_authority_is_signed_by_the_owner_or_the_browser_holding_the_order_secret_only() {
    let app = spawn_app().await;
    let (order, _) = order_with_transfer(&app, "porter@example.com").await;
    bought(&app, "stranger@example.com").await;
    let events = app.event_count().await;
    let public = format!("/api/orders/{order}/transfers/{PORTED}");

    // The order id alone (in every e-mail and link) signs nothing, and e-mails nothing.
    let anonymous = app.send(Method::POST, &public, Some(details())).await;
    expect_error(anonymous, StatusCode::FORBIDDEN, "order_secret_mismatch").await;
    let wrong = app.client.post(app.url(&public)).header("x-order-secret", "0".repeat(64)).json(&details()).send();
    expect_error(wrong.await.unwrap(), StatusCode::FORBIDDEN, "order_secret_mismatch").await;
    let stranger = customer_session(&app, "stranger@example.com").await;
    let theirs = customer_post(&app, &stranger, &public, Some(details())).await;
    expect_error(theirs, StatusCode::FORBIDDEN, "order_secret_mismatch").await;
    let path = format!("/api/account/orders/{order}/transfers/{PORTED}/letter-of-authority");
    let theirs = customer_post(&app, &stranger, &path, Some(details())).await;
    expect_error(theirs, StatusCode::FORBIDDEN, "not_your_order").await;
    let anonymous = app.send(Method::POST, &path, Some(details())).await;
    expect_error(anonymous, StatusCode::UNAUTHORIZED, "not_signed_in").await;
    let transfers = customer_get(&app, &stranger, &format!("/api/account/orders/{order}/transfers")).await;
    expect_error(transfers, StatusCode::FORBIDDEN, "not_your_order").await;
    assert_eq!(app.event_count().await, events);
    assert!(port_mails(&app, &order).await.is_empty());

    // The owner, signed in: the transfer with its steps, then signed from the account.
    let owner = customer_session(&app, "porter@example.com").await;
    let listed = expect_ok(customer_get(&app, &owner, &format!("/api/account/orders/{order}/transfers")).await).await;
    assert_eq!((&listed["ports"][0]["number"], &listed["ports"][0]["state"]), (&json!(PORTED), &json!("requested")));
    let signed = expect_ok(customer_post(&app, &owner, &path, Some(details())).await).await;
    let port = &signed["ports"][0];
    assert_eq!((&port["state"], &port["signedName"]), (&json!("detailsConfirmed"), &json!("Jane Smith")));
    assert!(port["signedAt"].is_string());
    let actor: String = sqlx::query_scalar(
        "SELECT metadata->>'actor' FROM events WHERE aggregate_type = 'Port' AND event_type = 'PortDetailsConfirmed'",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(actor, "customer");
    // The same details again: nothing stored, nothing e-mailed.
    let stored = app.event_count().await;
    expect_ok(customer_post(&app, &owner, &path, Some(details())).await).await;
    assert_eq!(app.event_count().await, stored);
    // The authority must be given.
    let mut unticked = details();
    unticked["authorised"] = json!(false);
    expect_error(
        customer_post(&app, &owner, &path, Some(unticked)).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "authority_not_given",
    )
    .await;

    // The browser that placed the order still corrects them on the thank-you page, with its secret.
    let mut corrected = details();
    corrected["currentProvider"] = json!("Virgin Media Business");
    let view = expect_ok(as_buyer(&app, &order, &public, corrected).await).await;
    assert_eq!(view["ports"][0]["currentProvider"], "Virgin Media Business");

    // New details are signed at most 5 times before staff act: a 6th is refused, not e-mailed.
    for n in 3..=5 {
        let mut again = details();
        again["signedName"] = json!(format!("Jane Smith {n}"));
        expect_ok(customer_post(&app, &owner, &path, Some(again)).await).await;
    }
    let mails = port_mails(&app, &order).await.len();
    assert_eq!(mails, 5, "one e-mail per signature");
    let mut sixth = details();
    sixth["signedName"] = json!("Jane Smith 6");
    expect_error(
        customer_post(&app, &owner, &path, Some(sixth)).await,
        StatusCode::TOO_MANY_REQUESTS,
        "too_many_signatures",
    )
    .await;
    assert_eq!(port_mails(&app, &order).await.len(), mails);
}

#[tokio::test]
async fn a_paid_hardware_orders_vat_receipt_adds_up_and_is_the_owners_alone() {
    use crate::hardware_checkout::{card, cart_with_phone, confirm, pay as pay_hardware, placed};
    let app = spawn_app().await;
    // The hardware checkout's buyer is jo@example.com: an account of that address, confirmed.
    bought(&app, "jo@example.com").await;
    bought(&app, "someone@example.com").await;
    sqlx::query("UPDATE customer_accounts SET verified_at = now()").execute(&app.pool).await.unwrap();

    let (cart, unit, _) = cart_with_phone(&app, 2).await;
    let (id, secret, order) = placed(&app, &cart, "express").await;
    let path = format!("/api/account/hardware-orders/{id}/receipt");
    let jo = customer_session(&app, "jo@example.com").await;
    // Not paid yet: no receipt.
    expect_error(customer_get(&app, &jo, &path).await, StatusCode::CONFLICT, "receipt_not_available").await;

    let (method, _) = card(&app, &id, &secret, OK_CARD).await;
    let paid = expect_ok(pay_hardware(&app, &id, &secret, &method, 1).await).await;
    expect_ok(confirm(&app, &id, &secret, paid["payment_intent_id"].as_str().unwrap()).await).await;

    let receipt = expect_ok(customer_get(&app, &jo, &path).await).await;
    let net = unit * 2 + 845;
    let vat = (net * 20 + 50) / 100;
    assert_eq!(receipt["netPence"], net);
    assert_eq!(receipt["vatPence"], vat);
    assert_eq!(receipt["totalPence"], net + vat);
    assert_eq!(receipt["totalPence"], order["amounts"]["totalPence"], "what the order was charged");
    assert_eq!(receipt["vatRate"], 20);
    let lines = receipt["lines"].as_array().unwrap();
    assert_eq!(lines.iter().map(|l| l["netPence"].as_i64().unwrap()).sum::<i64>(), net);
    assert_eq!((&lines[0]["quantity"], &lines[0]["unitPricePence"]), (&json!(2), &json!(unit)));
    assert!(receipt["seller"]["vatNumber"].as_str().unwrap().starts_with("GB"));
    assert_eq!(receipt["seller"]["name"], "Talkbridge");
    assert_eq!(receipt["orderNumber"], order["orderNumber"]);
    assert!(receipt["paidAt"].is_string());

    let anonymous = app.get(&path).await;
    expect_error(anonymous, StatusCode::UNAUTHORIZED, "not_signed_in").await;
    let someone = customer_session(&app, "someone@example.com").await;
    expect_error(customer_get(&app, &someone, &path).await, StatusCode::FORBIDDEN, "not_your_order").await;
    // An account whose address is not confirmed does not own hardware orders bought with it.
    sqlx::query("UPDATE customer_accounts SET verified_at = NULL WHERE email = 'jo@example.com'")
        .execute(&app.pool)
        .await
        .unwrap();
    expect_error(customer_get(&app, &jo, &path).await, StatusCode::FORBIDDEN, "not_your_order").await;
}

#[tokio::test]
async fn the_trials_owner_resets_its_extension_and_nobody_else_does() {
    use crate::trial::{free_numbers, start_confirmed_trial};
    let app = spawn_app().await;
    let numbers = free_numbers(&app).await;
    let trial = start_confirmed_trial(&app, "tara@example.com", &numbers[0]).await;
    let id = trial["customerId"].as_str().unwrap();
    let username = trial["extensions"][0]["username"].as_str().unwrap().to_string();
    let digest = registrar_digest(&app, &username).await;
    let path = format!("/api/account/trials/{id}/extensions/101/sip-password");
    bought(&app, "other@example.com").await;

    let other = customer_session(&app, "other@example.com").await;
    expect_error(customer_post(&app, &other, &path, None).await, StatusCode::FORBIDDEN, "not_your_order").await;
    expect_error(app.send(Method::POST, &path, None).await, StatusCode::UNAUTHORIZED, "not_signed_in").await;
    assert_eq!(registrar_digest(&app, &username).await, digest);

    let tara = session_with(&app, "tara@example.com", "trial-Passw0rd").await;
    let reset = expect_ok(customer_post(&app, &tara, &path, None).await).await;
    let password = reset["password"].as_str().unwrap();
    assert_eq!(registrar_digest(&app, &username).await, api::app::sip_extensions::sip_digest_md5(&username, password));
    let unknown = format!("/api/account/trials/{}/extensions/101/sip-password", uuid::Uuid::new_v4());
    expect_error(customer_post(&app, &tara, &unknown, None).await, StatusCode::NOT_FOUND, "not_a_trial").await;
    let wrong = format!("/api/account/trials/{id}/extensions/102/sip-password");
    expect_error(customer_post(&app, &tara, &wrong, None).await, StatusCode::CONFLICT, "extension_not_found").await;
}
