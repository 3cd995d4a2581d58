//! Refunds of hardware orders and cancellations of subscriptions by staff, against
//! PostgreSQL and the Stripe stand-in: the amount Stripe gave back, refusals that refund
//! nothing, roles (support propose, admins carry out), the buyer's e-mails.

use api::app::auth::Role;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::admin::completed_order;
use crate::checkout::OK_CARD;
use crate::hardware_checkout::{card, cart_with_phone, confirm, pay, placed};
use crate::hardware_routes::{as_staff, sign_in, staff_get, Session};
use crate::helpers::{expect_error, expect_ok, spawn_app, stripe, TestApp};

const ADMIN: &str = "ada@talkbridge.example";
const SUPPORT: &str = "sam@talkbridge.example";

async fn post(app: &TestApp, session: &Session, path: &str, body: Value) -> reqwest::Response {
    as_staff(app.client.post(app.url(path)), session).json(&body).send().await.unwrap()
}

/// A paid and confirmed order of two of one phone: (order id, product id, unit price, total).
async fn paid_order(app: &TestApp) -> (String, String, i64, i64) {
    let (cart, price, product) = cart_with_phone(app, 2).await;
    let (id, secret, order) = placed(app, &cart, "saturday").await;
    let (method, _) = card(app, &id, &secret, OK_CARD).await;
    let paid = expect_ok(pay(app, &id, &secret, &method, 1).await).await;
    let payment = paid["payment_intent_id"].as_str().unwrap();
    expect_ok(confirm(app, &id, &secret, payment).await).await;
    (id, product, price, order["amounts"]["totalPence"].as_i64().unwrap())
}

/// The refunds Stripe made on the payment intent, newest first.
async fn stripe_refunds(payment: &str) -> Vec<Value> {
    stripe(Method::GET, &format!("/refunds?payment_intent={payment}"), "").await["data"].as_array().unwrap().clone()
}

fn last_event(history: &Value) -> Value {
    history["events"].as_array().unwrap().last().unwrap().clone()
}

fn emails_of(history: &Value, kind: &str) -> usize {
    history["emails"].as_array().unwrap().iter().filter(|e| e["kind"] == kind).count()
}

/// VAT on a subtotal: 20%, rounded half up.
fn with_vat(pence: i64) -> i64 {
    pence + (pence * 40 + 100) / 200
}

#[tokio::test]
async fn an_admin_refunds_one_returned_phone_then_the_rest_and_stripe_gives_back_each_amount() {
    let app = spawn_app().await;
    let admin = sign_in(&app, ADMIN, Role::Admin).await;
    let (id, product, price, total) = paid_order(&app).await;
    let base = format!("/api/admin/orders/hardware/{id}");
    let before = expect_ok(staff_get(&app, &admin, &format!("{base}/history")).await).await;
    assert_eq!(before["actions"]["refund"]["left"], total);
    assert_eq!(before["actions"]["refund"]["perform"], true);
    assert_eq!(before["actions"]["refund"]["lines"][0]["quantityLeft"], 2);
    let payment = before["state"]["payment"]["reference"].as_str().unwrap().to_string();

    // One phone of two: its price and its VAT, computed by the server.
    let body = json!({ "lines": [{ "productId": product, "quantity": 1 }], "reason": "Returned unused" });
    let history = expect_ok(post(&app, &admin, &format!("{base}/refund"), body).await).await;
    let one = with_vat(price);
    let made = stripe_refunds(&payment).await;
    assert_eq!(made.len(), 1);
    assert_eq!(made[0]["amount"], one, "Stripe refunded one phone and its VAT");
    assert_eq!(made[0]["metadata"]["reason"], "Returned unused");
    let last = last_event(&history);
    assert_eq!(last["type"], "HardwareRefunded");
    assert_eq!(last["actor"], json!({ "kind": "staff", "name": ADMIN }));
    assert!(last["sentence"].as_str().unwrap().contains(&format!("by {ADMIN}")), "{last}");
    assert_eq!(history["events"].as_array().unwrap().iter().filter(|e| e["type"] == "RefundRequested").count(), 1);
    assert_eq!(history["actions"]["refund"]["lines"][0]["quantityLeft"], 1);
    assert_eq!(history["actions"]["refund"]["left"], total - one);
    assert_eq!(emails_of(&history, "hardware_refund"), 1, "the buyer is e-mailed");
    let subject: String = sqlx::query_scalar("SELECT subject FROM outbox WHERE kind = 'hardware_refund'")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert!(subject.starts_with(&format!("Refund of £{}.{:02} for order HW-", one / 100, one % 100)), "{subject}");

    // Beyond the line's quantity: refused, nothing refunded, nothing stored.
    let count = app.event_count().await;
    let body = json!({ "lines": [{ "productId": product, "quantity": 2 }], "reason": "Returned" });
    let refused = expect_error(
        post(&app, &admin, &format!("{base}/refund"), body).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "refund_beyond_quantity",
    )
    .await;
    assert!(refused["error"].as_str().unwrap().starts_with("Only 1 of the "), "{refused}");
    for (body, code) in [
        (json!({ "lines": [{ "productId": product, "quantity": 1 }], "reason": " " }), "refund_reason_missing"),
        (json!({ "lines": [{ "productId": "no-such-phone", "quantity": 1 }], "reason": "x" }), "unknown_refund_line"),
        (json!({ "lines": [], "reason": "x" }), "no_refund_lines"),
    ] {
        let response = post(&app, &admin, &format!("{base}/refund"), body).await;
        expect_error(response, StatusCode::UNPROCESSABLE_ENTITY, code).await;
    }
    assert_eq!(stripe_refunds(&payment).await.len(), 1);
    assert_eq!(app.event_count().await, count);

    // The whole order: what is left of what was paid, delivery included.
    let history =
        expect_ok(post(&app, &admin, &format!("{base}/refund"), json!({ "reason": "Order returned" })).await).await;
    let made = stripe_refunds(&payment).await;
    assert_eq!(made.len(), 2);
    let given_back: i64 = made.iter().map(|r| r["amount"].as_i64().unwrap()).sum();
    assert_eq!(given_back, total, "all that was paid, and no more");
    assert!(history["actions"]["refund"].is_null(), "nothing left to refund");
    assert_eq!(emails_of(&history, "hardware_refund"), 2);

    // More than was paid: refused.
    let again = post(&app, &admin, &format!("{base}/refund"), json!({ "reason": "Again" })).await;
    expect_error(again, StatusCode::CONFLICT, "already_refunded").await;
    assert_eq!(stripe_refunds(&payment).await.len(), 2);
}

#[tokio::test]
async fn support_propose_a_refund_only_admins_refund_and_an_unpaid_order_is_not_refunded() {
    let app = spawn_app().await;
    let support = sign_in(&app, SUPPORT, Role::Support).await;
    let admin = sign_in(&app, ADMIN, Role::Admin).await;
    let (id, product, price, _) = paid_order(&app).await;
    let base = format!("/api/admin/orders/hardware/{id}");
    let body = json!({ "lines": [{ "productId": product, "quantity": 1 }], "reason": "Returned unused" });

    let history = expect_ok(staff_get(&app, &support, &format!("{base}/history")).await).await;
    assert_eq!(history["actions"]["refund"]["perform"], false, "support propose");
    let count = app.event_count().await;
    let refused = post(&app, &support, &format!("{base}/refund"), body.clone()).await;
    expect_error(refused, StatusCode::FORBIDDEN, "forbidden").await;
    let anonymous = app.send(Method::POST, &format!("{base}/refund"), Some(body.clone())).await;
    expect_error(anonymous, StatusCode::UNAUTHORIZED, "not_signed_in").await;
    let anonymous = app.send(Method::POST, &format!("{base}/propose-refund"), Some(body.clone())).await;
    expect_error(anonymous, StatusCode::UNAUTHORIZED, "not_signed_in").await;
    let no_csrf = app
        .client
        .post(app.url(&format!("{base}/refund")))
        .header("cookie", &admin.cookie)
        .json(&body)
        .send()
        .await
        .unwrap();
    expect_error(no_csrf, StatusCode::FORBIDDEN, "csrf").await;
    assert_eq!(app.event_count().await, count, "refusals store nothing");

    let history = expect_ok(post(&app, &support, &format!("{base}/propose-refund"), body.clone()).await).await;
    let last = last_event(&history);
    assert_eq!(last["type"], "RefundProposed");
    assert_eq!(last["actor"], json!({ "kind": "staff", "name": SUPPORT }));
    let one = with_vat(price);
    assert!(last["sentence"].as_str().unwrap().contains(&format!("£{}.{:02}", one / 100, one % 100)), "{last}");
    assert_eq!(emails_of(&history, "hardware_refund"), 0, "a proposal is not e-mailed");
    let beyond = json!({ "lines": [{ "productId": product, "quantity": 3 }], "reason": "x" });
    let refused = post(&app, &support, &format!("{base}/propose-refund"), beyond).await;
    expect_error(refused, StatusCode::UNPROCESSABLE_ENTITY, "refund_beyond_quantity").await;

    // The admin carries it out.
    let history = expect_ok(post(&app, &admin, &format!("{base}/refund"), body.clone()).await).await;
    assert_eq!(last_event(&history)["type"], "HardwareRefunded");

    // Placed, never paid: nothing to refund.
    let (cart, _, _) = cart_with_phone(&app, 1).await;
    let (unpaid, _, _) = placed(&app, &cart, "economy").await;
    let path = format!("/api/admin/orders/hardware/{unpaid}/refund");
    expect_error(post(&app, &admin, &path, json!({ "reason": "x" })).await, StatusCode::CONFLICT, "order_not_paid")
        .await;
    // A service order is not refunded here.
    let (service, _, _) = completed_order(&app, "refund.service@example.com", "442079460204").await;
    let path = format!("/api/admin/orders/service/{service}/refund");
    expect_error(post(&app, &admin, &path, json!({ "reason": "x" })).await, StatusCode::CONFLICT, "not_refundable")
        .await;
}

#[tokio::test]
async fn an_admin_cancels_a_subscription_at_the_end_of_its_period_then_now_and_support_only_propose() {
    let app = spawn_app().await;
    let support = sign_in(&app, SUPPORT, Role::Support).await;
    let admin = sign_in(&app, ADMIN, Role::Admin).await;
    let (id, _, _) = completed_order(&app, "cancel@example.com", "442079460205").await;
    let base = format!("/api/admin/orders/service/{id}");
    let history = expect_ok(staff_get(&app, &support, &format!("{base}/history")).await).await;
    assert_eq!(history["actions"]["cancelSubscription"]["perform"], false);
    let subscription = history["state"]["subscription"]["reference"].as_str().unwrap().to_string();

    let at_end = json!({ "when": "periodEnd", "reason": "Moving to another provider" });
    let refused = post(&app, &support, &format!("{base}/cancel-subscription"), at_end.clone()).await;
    expect_error(refused, StatusCode::FORBIDDEN, "forbidden").await;
    let anonymous = app.send(Method::POST, &format!("{base}/cancel-subscription"), Some(at_end.clone())).await;
    expect_error(anonymous, StatusCode::UNAUTHORIZED, "not_signed_in").await;
    let history = expect_ok(post(&app, &support, &format!("{base}/propose-cancellation"), at_end.clone()).await).await;
    assert_eq!(last_event(&history)["type"], "CancellationProposed");
    assert_eq!(stripe(Method::GET, &format!("/subscriptions/{subscription}"), "").await["cancel_at_period_end"], false);
    let bad = json!({ "when": "tomorrow", "reason": "x" });
    let refused = post(&app, &admin, &format!("{base}/cancel-subscription"), bad).await;
    expect_error(refused, StatusCode::UNPROCESSABLE_ENTITY, "invalid_when").await;
    let no_reason = json!({ "when": "now", "reason": "" });
    let refused = post(&app, &admin, &format!("{base}/cancel-subscription"), no_reason).await;
    expect_error(refused, StatusCode::UNPROCESSABLE_ENTITY, "cancellation_reason_missing").await;

    // At the end of its period: it runs until then.
    let history = expect_ok(post(&app, &admin, &format!("{base}/cancel-subscription"), at_end.clone()).await).await;
    let at_stripe = stripe(Method::GET, &format!("/subscriptions/{subscription}"), "").await;
    assert_eq!(
        (at_stripe["status"].as_str(), at_stripe["cancel_at_period_end"].as_bool()),
        (Some("active"), Some(true))
    );
    let last = last_event(&history);
    assert_eq!(last["type"], "SubscriptionCancelled");
    assert_eq!(last["actor"], json!({ "kind": "staff", "name": ADMIN }));
    assert!(last["sentence"].as_str().unwrap().contains("from the end of its period"), "{last}");
    assert_eq!(history["actions"]["cancelSubscription"]["atPeriodEndAlready"], true);
    assert_eq!(emails_of(&history, "subscription_cancelled"), 1, "the buyer is e-mailed");
    let again = post(&app, &admin, &format!("{base}/cancel-subscription"), at_end).await;
    expect_error(again, StatusCode::CONFLICT, "subscription_already_cancelled").await;

    // Now: brought forward.
    let now = json!({ "when": "now", "reason": "Asked to stop at once" });
    let history = expect_ok(post(&app, &admin, &format!("{base}/cancel-subscription"), now.clone()).await).await;
    assert_eq!(stripe(Method::GET, &format!("/subscriptions/{subscription}"), "").await["status"], "canceled");
    assert!(last_event(&history)["sentence"].as_str().unwrap().contains("cancelled now by"));
    assert!(history["actions"]["cancelSubscription"].is_null());
    assert_eq!(emails_of(&history, "subscription_cancelled"), 2);
    let again = post(&app, &admin, &format!("{base}/cancel-subscription"), now).await;
    expect_error(again, StatusCode::CONFLICT, "subscription_already_cancelled").await;
    let proposal =
        post(&app, &support, &format!("{base}/propose-cancellation"), json!({ "when": "now", "reason": "x" })).await;
    expect_error(proposal, StatusCode::CONFLICT, "subscription_already_cancelled").await;
}

/// The server died after recording a refund and before Stripe answered (or after Stripe
/// refunded and before the order recorded it): the order's next refund asks for the one left
/// first, with the same key, and Stripe ends up with each refund once.
#[tokio::test]
async fn a_refund_left_unanswered_by_a_crash_is_finished_once_by_the_next_refund() {
    use aggregates::hardware_order::{refund_key, HardwareOrderCommand};
    let app = spawn_app().await;
    let admin = sign_in(&app, ADMIN, Role::Admin).await;
    let (id, product, price, _) = paid_order(&app).await;
    let base = format!("/api/admin/orders/hardware/{id}");
    let payment = expect_ok(staff_get(&app, &admin, &format!("{base}/history")).await).await["state"]["payment"]
        ["reference"]
        .as_str()
        .unwrap()
        .to_string();
    let state = api::app::state::AppState::new(app.pool.clone());
    let context = store::commands::Context::staff(ADMIN);
    let one_phone = || HardwareOrderCommand::RequestRefund {
        lines: Some(vec![(product.clone(), 1)]),
        reason: "Returned unused".into(),
    };

    // Refund 1 recorded, then the crash before Stripe was asked.
    state.hardware_orders.cqrs.execute(&context, &id, one_phone()).await.unwrap();
    let body = json!({ "lines": [{ "productId": product, "quantity": 1 }], "reason": "The other one too" });
    let history = expect_ok(post(&app, &admin, &format!("{base}/refund"), body.clone()).await).await;
    let made = stripe_refunds(&payment).await;
    assert_eq!(made.len(), 2, "the one left and the new one");
    assert!(made.iter().all(|r| r["amount"] == with_vat(price)));
    let keys: Vec<&str> = made.iter().map(|r| r["metadata"]["attempt"].as_str().unwrap()).collect();
    assert!(keys.contains(&refund_key(&id, 1).as_str()) && keys.contains(&refund_key(&id, 2).as_str()), "{keys:?}");
    let refunded: Vec<&Value> =
        history["events"].as_array().unwrap().iter().filter(|e| e["type"] == "HardwareRefunded").collect();
    assert_eq!(refunded.len(), 2);
    assert_eq!(emails_of(&history, "hardware_refund"), 2);

    // A second order: Stripe refunded (as the gateway asks, tagged with the key) and the crash
    // came before the order recorded it. The retry adopts that refund: no second one.
    let (id, product, price, _) = paid_order(&app).await;
    let base = format!("/api/admin/orders/hardware/{id}");
    let payment = expect_ok(staff_get(&app, &admin, &format!("{base}/history")).await).await["state"]["payment"]
        ["reference"]
        .as_str()
        .unwrap()
        .to_string();
    let request = HardwareOrderCommand::RequestRefund {
        lines: Some(vec![(product.clone(), 1)]),
        reason: "Returned unused".into(),
    };
    state.hardware_orders.cqrs.execute(&context, &id, request).await.unwrap();
    let form = format!(
        "payment_intent={payment}&amount={}&metadata[reason]=Returned+unused&metadata[attempt]={}",
        with_vat(price),
        refund_key(&id, 1)
    );
    stripe(Method::POST, "/refunds", &form).await;
    let everything = json!({ "reason": "Whole order back" });
    expect_ok(post(&app, &admin, &format!("{base}/refund"), everything).await).await;
    let made = stripe_refunds(&payment).await;
    assert_eq!(made.len(), 2, "refund 1 adopted, not made again; then the rest");
    let history = expect_ok(staff_get(&app, &admin, &format!("{base}/history")).await).await;
    assert!(history["actions"]["refund"].is_null(), "all of it refunded, and no more");
}
