//! A signed-in buyer's billing against PostgreSQL and the Stripe stand-in: invoices, the
//! card on file, notice of cancellation (and keeping the service), and Pay As You Go credit
//! with its top-ups. Each route refuses anonymous callers (401) and other customers (403).

use aggregates::call_credit::{CallCredit, CallCreditEvent, CreditSource};
use aggregates::service_order::ServiceOrder;
use reqwest::header::{COOKIE, SET_COOKIE};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::checkout::{
    cart, charges_of, confirm_card, create_account, pay, single_user, CartSpec, DECLINED_AT_CHARGE, OK_CARD,
    THREE_D_SECURE,
};
use crate::helpers::{expect_error, expect_ok, spawn_app, stripe, TestApp};

const PASSWORD: &str = "s3cret-Passw0rd";
const OTHER_CARD: &str = "5555555555554444";

/// A paid, completed order: its id and its Stripe customer.
pub(crate) struct Bought {
    pub id: String,
    pub customer: String,
    pub subscription: Option<String>,
}

async fn buy(app: &TestApp, spec: CartSpec<'_>, email: &str) -> Bought {
    let cart_id = cart(app, spec).await;
    let (_, charge, id) = pay(app, &cart_id, email, OK_CARD).await;
    let paid = expect_ok(charge).await;
    assert!(matches!(paid["status"].as_str(), Some("succeeded" | "active")), "{paid}");
    create_account(app, &id).await;
    Bought {
        id,
        customer: paid["customerId"].as_str().unwrap().to_string(),
        subscription: paid["subscriptionId"].as_str().map(str::to_string),
    }
}

/// A Pay As You Go order with only a top-up of `top_up_pence`, paid and completed.
pub(crate) async fn payg_order(app: &TestApp, email: &str, top_up_pence: i64) -> Bought {
    let spec = CartSpec {
        plan: "payAsYouGo",
        cycle: "monthly",
        quantity: 1,
        add_ons: &[],
        numbers: &[],
        top_up_pence: Some(top_up_pence),
    };
    buy(app, spec, email).await
}

/// A Single User monthly subscription, paid and completed.
async fn subscription_order(app: &TestApp, email: &str) -> Bought {
    buy(app, single_user(&[]), email).await
}

/// A customer's session: its cookie and CSRF token.
pub(crate) struct Customer {
    pub cookie: String,
    pub csrf: String,
}

pub(crate) async fn sign_in(app: &TestApp, email: &str) -> Customer {
    let response =
        app.send(Method::POST, "/api/account/sign-in", Some(json!({ "email": email, "password": PASSWORD }))).await;
    assert_eq!(response.status(), StatusCode::OK, "signed in as {email}");
    let cookie = response.headers()[SET_COOKIE].to_str().unwrap().split(';').next().unwrap().to_string();
    let body: Value = response.json().await.unwrap();
    Customer { cookie, csrf: body["csrfToken"].as_str().unwrap().to_string() }
}

async fn call(
    app: &TestApp,
    who: Option<&Customer>,
    method: Method,
    path: &str,
    body: Option<Value>,
) -> reqwest::Response {
    let mut request = app.client.request(method, app.url(path));
    if let Some(customer) = who {
        request = request.header(COOKIE, &customer.cookie).header("x-csrf-token", &customer.csrf);
    }
    if let Some(body) = body {
        request = request.json(&body);
    }
    request.send().await.unwrap()
}

async fn ok(app: &TestApp, who: &Customer, method: Method, path: &str, body: Option<Value>) -> Value {
    expect_ok(call(app, Some(who), method, path, body).await).await
}

async fn subscription_at_stand_in(id: &str) -> Value {
    stripe(Method::GET, &format!("/subscriptions/{id}"), "").await
}

/// The actor kind and name of the order's last stored event of `event_type`.
async fn actor_of(app: &TestApp, aggregate_type: &str, id: &str, event_type: &str) -> (String, String) {
    sqlx::query_as(
        "SELECT metadata->>'actor', metadata->>'actor_name' FROM events
          WHERE aggregate_type = $1 AND aggregate_id = $2 AND event_type = $3 ORDER BY sequence DESC LIMIT 1",
    )
    .bind(aggregate_type)
    .bind(id)
    .bind(event_type)
    .fetch_one(&app.pool)
    .await
    .unwrap()
}

#[tokio::test]
async fn the_checkouts_top_up_becomes_the_orders_call_credit_once() {
    let app = spawn_app().await;
    let order = payg_order(&app, "credit@example.com", 2500).await.id;
    let history = store::commands::history::<CallCredit>(&app.pool, &order).await.unwrap();
    assert_eq!(history.len(), 1, "one CreditBought: {history:?}");
    match &history[0].payload {
        CallCreditEvent::CreditBought { tenths, payment_reference, source, .. } => {
            assert_eq!((*tenths, *source), (25_000, CreditSource::Checkout));
            assert!(payment_reference.starts_with("pi_"));
        }
        other => panic!("not a purchase: {other:?}"),
    }
    assert_eq!(history[0].metadata.get("actor").map(String::as_str), Some("job"));
    let view: Value = sqlx::query_scalar::<_, sqlx::types::Json<Value>>(
        "SELECT payload::jsonb FROM call_credit_view WHERE view_id = $1",
    )
    .bind(&order)
    .fetch_one(&app.pool)
    .await
    .unwrap()
    .0;
    assert_eq!(view["balanceTenths"], 25_000);
    // Run again (a crash before the workflow's row went): nothing more is bought.
    sqlx::query(
        "INSERT INTO workflows (workflow, aggregate_id, sequence, latest) VALUES ('buy-credit', $1, 1, 1)
         ON CONFLICT DO NOTHING",
    )
    .bind(&order)
    .execute(&app.pool)
    .await
    .unwrap();
    let state = api::app::state::AppState::new(app.pool.clone());
    api::app::workflows::run(&state, api::app::workflows::BUY_CREDIT, &order).await.unwrap();
    assert_eq!(store::commands::history::<CallCredit>(&app.pool, &order).await.unwrap().len(), 1);
}

#[tokio::test]
async fn the_subscriptions_invoices_are_listed_with_their_amount_and_status() {
    let app = spawn_app().await;
    let order = subscription_order(&app, "invoices@example.com").await;
    let jane = sign_in(&app, "invoices@example.com").await;
    let invoices = ok(&app, &jane, Method::GET, &format!("/api/account/orders/{}/invoices", order.id), None).await;
    let invoices = invoices["invoices"].as_array().unwrap();
    assert_eq!(invoices.len(), 1, "{invoices:?}");
    let at_stand_in = stripe(Method::GET, &format!("/invoices?customer={}", order.customer), "").await;
    let first = &at_stand_in["data"][0];
    assert_eq!(invoices[0]["id"], first["id"]);
    assert_eq!(invoices[0]["amountPence"], first["amount_due"]);
    assert!(invoices[0]["amountPence"].as_i64().unwrap() > 0);
    assert_eq!(invoices[0]["status"], "paid");
    assert!(invoices[0]["date"].is_string());
    // Pay As You Go with only a top-up has no subscription, so no invoices.
    let payg = payg_order(&app, "invoices@example.com", 1000).await;
    let none = ok(&app, &jane, Method::GET, &format!("/api/account/orders/{}/invoices", payg.id), None).await;
    assert_eq!(none, json!({ "invoices": [] }));
}

#[tokio::test]
async fn the_card_is_changed_through_a_new_card_setup_and_becomes_the_customers_default() {
    let app = spawn_app().await;
    let order = subscription_order(&app, "card@example.com").await;
    let jane = sign_in(&app, "card@example.com").await;
    let path = format!("/api/account/orders/{}/card", order.id);
    let before = ok(&app, &jane, Method::GET, &path, None).await;
    assert_eq!(before["card"]["last4"], "4242");
    assert_eq!(before["card"]["expYear"], 2031);
    let setup = ok(&app, &jane, Method::POST, &format!("{path}/setup"), None).await;
    let confirmed = confirm_card(setup["clientSecret"].as_str().unwrap(), OTHER_CARD).await;
    assert_eq!(confirmed["status"], "succeeded");
    let changed = ok(&app, &jane, Method::POST, &path, Some(json!({ "setupIntentId": setup["setupIntentId"] }))).await;
    assert_eq!((changed["last4"].as_str(), changed["brand"].is_string()), (Some("4444"), true));
    assert_eq!(ok(&app, &jane, Method::GET, &path, None).await["card"]["last4"], "4444");
    let customer = stripe(Method::GET, &format!("/customers/{}", order.customer), "").await;
    assert_eq!(customer["invoice_settings"]["default_payment_method"], confirmed["payment_method"]);
    assert_eq!(
        actor_of(&app, "ServiceOrder", &order.id, "CardChanged").await,
        ("customer".to_string(), "card@example.com".to_string())
    );
    // Only brand and last four digits are stored: no card number, no expiry, no secret.
    let payloads: Vec<String> =
        sqlx::query_scalar("SELECT payload::text FROM events WHERE aggregate_id = $1 AND event_type LIKE 'Card%'")
            .bind(&order.id)
            .fetch_all(&app.pool)
            .await
            .unwrap();
    assert!(payloads.iter().all(|p| !p.contains(OTHER_CARD) && !p.contains("secret") && !p.contains("2031")));
    // A setup not of this order, and a setup that has no card yet, change nothing.
    let unknown = call(&app, Some(&jane), Method::POST, &path, Some(json!({ "setupIntentId": "seti_unknown1" }))).await;
    expect_error(unknown, StatusCode::UNPROCESSABLE_ENTITY, "unknown_setup_intent").await;
    let open = ok(&app, &jane, Method::POST, &format!("{path}/setup"), None).await;
    let unconfirmed =
        call(&app, Some(&jane), Method::POST, &path, Some(json!({ "setupIntentId": open["setupIntentId"] }))).await;
    expect_error(unconfirmed, StatusCode::PAYMENT_REQUIRED, "setup_intent_failed").await;
    assert_eq!(ok(&app, &jane, Method::GET, &path, None).await["card"]["last4"], "4444");
}

#[tokio::test]
async fn notice_sets_cancel_at_period_end_and_keep_my_service_undoes_it() {
    let app = spawn_app().await;
    let order = subscription_order(&app, "notice@example.com").await;
    let subscription = order.subscription.clone().expect("a subscription");
    let jane = sign_in(&app, "notice@example.com").await;
    let path = format!("/api/account/orders/{}/cancellation", order.id);
    let before = ok(&app, &jane, Method::GET, &path, None).await;
    assert_eq!((before["cancellable"].as_bool(), before["canUndo"].as_bool()), (Some(true), Some(false)));
    assert!(before["effectiveOn"].is_null());
    assert_eq!(before["noticeDays"], 30);
    let given = ok(&app, &jane, Method::POST, &path, None).await;
    assert_eq!(given["canUndo"], true);
    let at_stand_in = subscription_at_stand_in(&subscription).await;
    assert_eq!(at_stand_in["cancel_at_period_end"], true);
    let period_end = chrono::DateTime::from_timestamp(at_stand_in["current_period_end"].as_i64().unwrap(), 0).unwrap();
    let effective: chrono::DateTime<chrono::Utc> = given["effectiveOn"].as_str().unwrap().parse().unwrap();
    assert_eq!(effective, period_end, "the period's end, a month away, covers the thirty days' notice");
    assert_eq!(
        actor_of(&app, "ServiceOrder", &order.id, "CancellationScheduled").await,
        ("customer".to_string(), "notice@example.com".to_string())
    );
    // The buyer's e-mail confirms it, with the day and how to keep the service.
    let (subject, body): (String, String) =
        sqlx::query_as("SELECT subject, body FROM outbox WHERE kind = 'notice_given' AND reference LIKE $1 || '#%'")
            .bind(&order.id)
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert!(subject.starts_with("Your notice to cancel order SB-"), "{subject}");
    assert!(body.contains(&period_end.format("%-d %B %Y").to_string()) && body.contains("Keep my service"), "{body}");
    // Notice twice is refused; keep my service undoes it; undo twice is refused.
    expect_error(
        call(&app, Some(&jane), Method::POST, &path, None).await,
        StatusCode::CONFLICT,
        "subscription_already_cancelled",
    )
    .await;
    let kept = ok(&app, &jane, Method::DELETE, &path, None).await;
    assert_eq!((kept["canUndo"].as_bool(), kept["effectiveOn"].is_null()), (Some(false), true));
    assert_eq!(subscription_at_stand_in(&subscription).await["cancel_at_period_end"], false);
    expect_error(call(&app, Some(&jane), Method::DELETE, &path, None).await, StatusCode::CONFLICT, "no_cancellation")
        .await;
    // Support's history of the order names the customer for each.
    let (order_state, _) = store::commands::load::<ServiceOrder>(&app.pool, &order.id).await.unwrap();
    assert!(order_state.cancellation.is_none());
    // Pay As You Go with only a top-up has nothing to cancel.
    let payg = payg_order(&app, "notice@example.com", 1000).await;
    let refused =
        call(&app, Some(&jane), Method::POST, &format!("/api/account/orders/{}/cancellation", payg.id), None).await;
    expect_error(refused, StatusCode::CONFLICT, "no_subscription").await;
}

#[tokio::test]
async fn a_top_up_charges_the_card_on_file_once_and_adds_credit_events() {
    let app = spawn_app().await;
    let order = payg_order(&app, "topup@example.com", 1000).await;
    let jane = sign_in(&app, "topup@example.com").await;
    let path = format!("/api/account/orders/{}/credit", order.id);
    let credit = ok(&app, &jane, Method::GET, &path, None).await;
    assert_eq!((credit["available"].as_bool(), credit["balanceTenths"].as_i64()), (Some(true), Some(10_000)));
    assert_eq!(credit["topUp"]["minimumPence"], 1000);
    assert_eq!(credit["topUp"]["defaultPence"], 1000);
    let body = json!({ "amountPence": 2000, "requestId": "req-aaa-1" });
    let paid = ok(&app, &jane, Method::POST, &format!("{path}/top-ups"), Some(body.clone())).await;
    assert_eq!((paid["status"].as_str(), paid["chargedPence"].as_i64()), (Some("paid"), Some(2400)));
    assert_eq!(paid["credit"]["balanceTenths"], 30_000);
    let entries = paid["credit"]["entries"].as_array().unwrap();
    assert_eq!(entries.len(), 2);
    assert_eq!((entries[0]["tenths"].as_i64(), entries[0]["kind"].as_str()), (Some(20_000), Some("topUp")));
    assert_eq!(entries[1]["kind"], "checkout");
    // The same request again (a double click, a retry): charged once.
    let again = ok(&app, &jane, Method::POST, &format!("{path}/top-ups"), Some(body)).await;
    assert_eq!(again["credit"]["balanceTenths"], 30_000);
    let charges = charges_of(&order.customer).await;
    assert_eq!(
        charges
            .iter()
            .map(|c| c["amount"].as_i64().unwrap())
            .collect::<Vec<_>>()
            .iter()
            .filter(|a| **a == 2400)
            .count(),
        1
    );
    assert_eq!(charges.len(), 2, "the checkout's and one top-up");
    assert_eq!(
        actor_of(&app, "CallCredit", &order.id, "CreditBought").await,
        ("customer".to_string(), "topup@example.com".to_string())
    );
    // Amounts outside the price list's rules change nothing.
    for (amount, code) in
        [(900, "top_up_below_minimum"), (1050, "top_up_not_whole_pounds"), (500_100, "top_up_above_maximum")]
    {
        let body = json!({ "amountPence": amount, "requestId": format!("req-{amount}") });
        let refused = call(&app, Some(&jane), Method::POST, &format!("{path}/top-ups"), Some(body)).await;
        expect_error(refused, StatusCode::UNPROCESSABLE_ENTITY, code).await;
    }
    let bad_id = json!({ "amountPence": 1000, "requestId": "no spaces" });
    expect_error(
        call(&app, Some(&jane), Method::POST, &format!("{path}/top-ups"), Some(bad_id)).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "invalid_request_id",
    )
    .await;
    let wrong_type = json!({ "amountPence": "ten", "requestId": "req-x" });
    expect_error(
        call(&app, Some(&jane), Method::POST, &format!("{path}/top-ups"), Some(wrong_type)).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "invalid_body",
    )
    .await;
    assert_eq!(ok(&app, &jane, Method::GET, &path, None).await["balanceTenths"], 30_000);
    // A plan with included calls has no credit to top up.
    let single = subscription_order(&app, "topup@example.com").await;
    let credit = ok(&app, &jane, Method::GET, &format!("/api/account/orders/{}/credit", single.id), None).await;
    assert_eq!(credit["available"], false);
    let body = json!({ "amountPence": 1000, "requestId": "req-single" });
    let refused =
        call(&app, Some(&jane), Method::POST, &format!("/api/account/orders/{}/credit/top-ups", single.id), Some(body))
            .await;
    expect_error(refused, StatusCode::CONFLICT, "no_call_credit").await;
}

#[tokio::test]
async fn a_declined_card_buys_no_credit_and_the_next_top_up_may_start() {
    let app = spawn_app().await;
    let order = payg_order(&app, "declined@example.com", 1000).await;
    let jane = sign_in(&app, "declined@example.com").await;
    // The card on file becomes one the bank refuses to charge.
    let card = format!("/api/account/orders/{}/card", order.id);
    let setup = ok(&app, &jane, Method::POST, &format!("{card}/setup"), None).await;
    confirm_card(setup["clientSecret"].as_str().unwrap(), DECLINED_AT_CHARGE).await;
    ok(&app, &jane, Method::POST, &card, Some(json!({ "setupIntentId": setup["setupIntentId"] }))).await;
    let path = format!("/api/account/orders/{}/credit", order.id);
    let body = json!({ "amountPence": 1000, "requestId": "req-declined" });
    let refused = call(&app, Some(&jane), Method::POST, &format!("{path}/top-ups"), Some(body)).await;
    assert_eq!(refused.status(), StatusCode::PAYMENT_REQUIRED);
    let refusal: Value = refused.json().await.unwrap();
    assert_eq!(refusal["card_declined"], true, "{refusal}");
    let credit = ok(&app, &jane, Method::GET, &path, None).await;
    assert_eq!(credit["balanceTenths"], 10_000);
    let history = store::commands::history::<CallCredit>(&app.pool, &order.id).await.unwrap();
    assert!(matches!(history.last().unwrap().payload, CallCreditEvent::TopUpDeclined { .. }));
    // Another card, another request: paid.
    let setup = ok(&app, &jane, Method::POST, &format!("{card}/setup"), None).await;
    confirm_card(setup["clientSecret"].as_str().unwrap(), OK_CARD).await;
    ok(&app, &jane, Method::POST, &card, Some(json!({ "setupIntentId": setup["setupIntentId"] }))).await;
    let body = json!({ "amountPence": 1000, "requestId": "req-second" });
    let paid = ok(&app, &jane, Method::POST, &format!("{path}/top-ups"), Some(body)).await;
    assert_eq!(paid["credit"]["balanceTenths"], 20_000);
}

#[tokio::test]
async fn a_top_up_left_at_the_banks_check_is_given_up_after_a_few_minutes_and_the_next_one_is_paid() {
    let app = spawn_app().await;
    let order = payg_order(&app, "abandoned@example.com", 1000).await;
    let jane = sign_in(&app, "abandoned@example.com").await;
    let card = format!("/api/account/orders/{}/card", order.id);
    let use_card = |number: &'static str| {
        let (app, jane, card) = (&app, &jane, card.clone());
        async move {
            let setup = ok(app, jane, Method::POST, &format!("{card}/setup"), None).await;
            confirm_card(setup["clientSecret"].as_str().unwrap(), number).await;
            ok(app, jane, Method::POST, &card, Some(json!({ "setupIntentId": setup["setupIntentId"] }))).await;
        }
    };
    // A card whose bank asks the buyer to confirm: the buyer never finishes the check.
    use_card(THREE_D_SECURE).await;
    let path = format!("/api/account/orders/{}/credit", order.id);
    let body = json!({ "amountPence": 2000, "requestId": "req-3ds" });
    let left = ok(&app, &jane, Method::POST, &format!("{path}/top-ups"), Some(body)).await;
    assert_eq!(left["status"], "needsAction", "{left}");
    let secret = left["clientSecret"].as_str().unwrap().to_string();
    let abandoned = secret.split("_secret_").next().unwrap().to_string();
    // A good card, a new request straight away: the bank's check is still open.
    use_card(OK_CARD).await;
    let body = json!({ "amountPence": 1000, "requestId": "req-good" });
    let refused = call(&app, Some(&jane), Method::POST, &format!("{path}/top-ups"), Some(body)).await;
    let refusal = expect_error(refused, StatusCode::CONFLICT, "top_up_with_bank").await;
    assert!(refusal.to_string().contains("Finish the bank's check in the other window"), "{refusal}");
    // Minutes later the same request gives the earlier one up (cancelled at Stripe) and is paid.
    let later = api::app::state::AppState::with_clock(
        app.pool.clone(),
        std::sync::Arc::new(aggregates::clock::FixedClock(
            chrono::Utc::now() + chrono::Duration::minutes(aggregates::call_credit::TOP_UP_ABANDONED_AFTER_MINUTES + 1),
        )),
    );
    let actor = aggregates::actor::Actor::Customer("abandoned@example.com".into());
    let paid = api::app::call_credit::top_up(&later, &actor, &order.id, aggregates::pricing::Pence(1000), "req-good")
        .await
        .unwrap();
    assert_eq!((paid.status.as_str(), paid.charged_pence), ("paid", 1200));
    assert_eq!(paid.credit.balance_tenths, 20_000, "the checkout's £10 and the new £10, once");
    // Sent again: nothing more.
    let again = ok(
        &app,
        &jane,
        Method::POST,
        &format!("{path}/top-ups"),
        Some(json!({ "amountPence": 1000, "requestId": "req-good" })),
    )
    .await;
    assert_eq!(again["credit"]["balanceTenths"], 20_000);
    let intent = stripe(Method::GET, &format!("/payment_intents/{abandoned}"), "").await;
    assert_eq!(intent["status"], "canceled", "{intent}");
    let history = store::commands::history::<CallCredit>(&app.pool, &order.id).await.unwrap();
    let declined: Vec<_> = history
        .iter()
        .filter_map(|e| match &e.payload {
            CallCreditEvent::TopUpDeclined { payment_intent_id, code, .. } => {
                Some((payment_intent_id.clone(), code.clone()))
            }
            _ => None,
        })
        .collect();
    assert_eq!(declined, vec![(abandoned.clone(), "abandoned".to_string())]);
    let bought = history
        .iter()
        .filter(|e| matches!(e.payload, CallCreditEvent::CreditBought { source: CreditSource::TopUp, .. }))
        .count();
    assert_eq!(bought, 1);
    let charges = charges_of(&order.customer).await;
    let amounts: Vec<i64> =
        charges.iter().filter(|c| c["status"] == "succeeded").map(|c| c["amount"].as_i64().unwrap()).collect();
    assert_eq!(amounts, vec![1200, 1200], "the checkout's £10 + VAT and the new top-up's, each once");
    assert!(!amounts.contains(&2400), "the abandoned top-up charged nothing: {amounts:?}");
}

#[tokio::test]
async fn a_top_up_confirmed_in_another_window_is_recorded_when_the_next_one_is_asked_for() {
    let app = spawn_app().await;
    let order = payg_order(&app, "finished@example.com", 1000).await;
    let jane = sign_in(&app, "finished@example.com").await;
    let card = format!("/api/account/orders/{}/card", order.id);
    let setup = ok(&app, &jane, Method::POST, &format!("{card}/setup"), None).await;
    confirm_card(setup["clientSecret"].as_str().unwrap(), THREE_D_SECURE).await;
    ok(&app, &jane, Method::POST, &card, Some(json!({ "setupIntentId": setup["setupIntentId"] }))).await;
    let path = format!("/api/account/orders/{}/credit", order.id);
    let body = json!({ "amountPence": 2000, "requestId": "req-first" });
    let left = ok(&app, &jane, Method::POST, &format!("{path}/top-ups"), Some(body)).await;
    assert_eq!(left["status"], "needsAction", "{left}");
    // The buyer passes the bank's check, but the page never sends the request again.
    crate::checkout::authenticate(left["clientSecret"].as_str().unwrap()).await;
    let body = json!({ "amountPence": 1000, "requestId": "req-second" });
    let next = ok(&app, &jane, Method::POST, &format!("{path}/top-ups"), Some(body)).await;
    // The first one's £20 is recorded; the second asks for its own check.
    assert_eq!(next["status"], "needsAction", "{next}");
    assert_eq!(next["credit"]["balanceTenths"], 30_000);
    let history = store::commands::history::<CallCredit>(&app.pool, &order.id).await.unwrap();
    let bought = history
        .iter()
        .filter(|e| matches!(e.payload, CallCreditEvent::CreditBought { source: CreditSource::TopUp, .. }))
        .count();
    assert_eq!(bought, 1);
    assert!(!history.iter().any(|e| matches!(e.payload, CallCreditEvent::TopUpDeclined { .. })));
}

/// Every billing route, with a body where it takes one.
fn routes(order: &str) -> Vec<(Method, String, Option<Value>)> {
    let base = format!("/api/account/orders/{order}");
    vec![
        (Method::GET, format!("{base}/invoices"), None),
        (Method::GET, format!("{base}/card"), None),
        (Method::POST, format!("{base}/card/setup"), None),
        (Method::POST, format!("{base}/card"), Some(json!({ "setupIntentId": "seti_abc" }))),
        (Method::GET, format!("{base}/cancellation"), None),
        (Method::POST, format!("{base}/cancellation"), None),
        (Method::DELETE, format!("{base}/cancellation"), None),
        (Method::GET, format!("{base}/credit"), None),
        (Method::POST, format!("{base}/credit/top-ups"), Some(json!({ "amountPence": 1000, "requestId": "req-1" }))),
        (Method::PUT, format!("{base}/credit/international-calls"), Some(json!({ "monthlyCapPence": 2000 }))),
    ]
}

#[tokio::test]
async fn the_owner_turns_calls_abroad_on_with_a_monthly_cap_and_off() {
    let app = spawn_app().await;
    let order = payg_order(&app, "abroad@example.com", 1000).await;
    let jane = sign_in(&app, "abroad@example.com").await;
    let path = format!("/api/account/orders/{}/credit/international-calls", order.id);
    let credit = ok(&app, &jane, Method::GET, &format!("/api/account/orders/{}/credit", order.id), None).await;
    assert_eq!(credit["international"]["monthlyCapPence"], Value::Null, "off until turned on");
    assert_eq!(credit["international"]["rateTenths"], 30);

    let on = ok(&app, &jane, Method::PUT, &path, Some(json!({ "monthlyCapPence": 2500 }))).await;
    assert_eq!(on["international"]["monthlyCapPence"], 2500);
    assert_eq!(on["international"]["spentThisMonthTenths"], 0);
    let cap: Option<i64> = sqlx::query_scalar(
        "SELECT (payload ->> 'internationalCapTenths')::bigint FROM call_credit_view WHERE view_id = $1",
    )
    .bind(&order.id)
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(cap, Some(25_000), "what the registrar reads");
    assert_eq!(actor_of(&app, "CallCredit", &order.id, "InternationalCallsSet").await.0, "customer");

    // Bad caps and bodies change nothing.
    let events = app.event_count().await;
    for body in [
        json!({ "monthlyCapPence": 99 }),
        json!({ "monthlyCapPence": 50001 }),
        json!({ "monthlyCapPence": -5 }),
        json!({ "monthlyCapPence": i64::MAX }),
    ] {
        let refused = call(&app, Some(&jane), Method::PUT, &path, Some(body)).await;
        expect_error(refused, StatusCode::UNPROCESSABLE_ENTITY, "international_cap_out_of_range").await;
    }
    for body in [json!({ "monthlyCapPence": "2500" }), json!({ "cap": 2500 }), json!([])] {
        let refused = call(&app, Some(&jane), Method::PUT, &path, Some(body)).await;
        assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY);
    }
    assert_eq!(app.event_count().await, events, "nothing stored");

    let off = ok(&app, &jane, Method::PUT, &path, Some(json!({ "monthlyCapPence": null }))).await;
    assert_eq!(off["international"]["monthlyCapPence"], Value::Null);

    // A plan with included minutes has no credit to call abroad with.
    let single = subscription_order(&app, "abroad.single@example.com").await;
    let sam = sign_in(&app, "abroad.single@example.com").await;
    let refused = call(
        &app,
        Some(&sam),
        Method::PUT,
        &format!("/api/account/orders/{}/credit/international-calls", single.id),
        Some(json!({ "monthlyCapPence": 2500 })),
    )
    .await;
    expect_error(refused, StatusCode::CONFLICT, "calls_abroad_need_credit").await;
}

#[tokio::test]
async fn every_billing_route_refuses_anonymous_callers_and_other_customers_and_changes_nothing() {
    let app = spawn_app().await;
    let order = payg_order(&app, "owner@example.com", 1000).await;
    payg_order(&app, "someone@example.com", 1000).await;
    let other = sign_in(&app, "someone@example.com").await;
    let events = app.event_count().await;
    for (method, path, body) in routes(&order.id) {
        let anonymous = call(&app, None, method.clone(), &path, body.clone()).await;
        expect_error(anonymous, StatusCode::UNAUTHORIZED, "not_signed_in").await;
        let theirs = call(&app, Some(&other), method.clone(), &path, body.clone()).await;
        expect_error(theirs, StatusCode::FORBIDDEN, "not_your_order").await;
    }
    for (method, path, body) in routes("00000000-0000-4000-8000-000000000000") {
        let missing = call(&app, Some(&other), method, &path, body).await;
        expect_error(missing, StatusCode::NOT_FOUND, "order_not_found").await;
    }
    // A write without the CSRF token.
    let no_csrf = app
        .client
        .post(app.url(&format!("/api/account/orders/{}/cancellation", order.id)))
        .header(COOKIE, &other.cookie)
        .send()
        .await
        .unwrap();
    expect_error(no_csrf, StatusCode::FORBIDDEN, "csrf").await;
    assert_eq!(app.event_count().await, events, "nothing stored");
    assert_eq!(charges_of(&order.customer).await.len(), 1, "nothing charged");
}
