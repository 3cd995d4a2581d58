//! The service checkout against PostgreSQL and the Stripe stand-in (localstripe, started by
//! .ci/test; its address in STRIPE_API_BASE). The browser's Stripe.js steps (confirming the
//! card setup, 3-D Secure) are made here with the same calls to the stand-in.

use api::config::Secret;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::helpers::{expect_error, expect_ok, spawn_app, spawn_app_with, stripe, TestApp};

const OK_CARD: &str = "4242424242424242";
const DECLINED_AT_CHARGE: &str = "4000000000000341";
const THREE_D_SECURE: &str = "4000002760003184";


/// What `stripe.confirmCardSetup` does: confirms the setup intent with a card (and completes
/// 3-D Secure when asked). Answers the setup intent or the error.
async fn confirm_card(client_secret: &str, card: &str) -> Value {
    let seti = client_secret.split("_secret_").next().unwrap();
    let form = format!(
        "key=pk_test_localstripe&client_secret={client_secret}&payment_method_data[type]=card\
         &payment_method_data[card][number]={card}&payment_method_data[card][exp_month]=12\
         &payment_method_data[card][exp_year]=2031&payment_method_data[card][cvc]=123"
    );
    let first = stripe(Method::POST, &format!("/setup_intents/{seti}/confirm"), &form).await;
    if first["status"] == "requires_action" {
        let again = format!("key=pk_test_localstripe&client_secret={client_secret}");
        return stripe(Method::POST, &format!("/setup_intents/{seti}/confirm"), &again).await;
    }
    first
}

/// `stripe.confirmCardPayment(clientSecret)` with the buyer passing 3-D Secure.
async fn authenticate(client_secret: &str) -> Value {
    let pi = client_secret.split("_secret_").next().unwrap();
    let form = format!("key=pk_test_localstripe&client_secret={client_secret}");
    stripe(Method::POST, &format!("/payment_intents/{pi}/_authenticate?success=true"), &form).await
}

fn customer_info(email: &str) -> Value {
    json!({
        "email": email,
        "password": "s3cret-Passw0rd",
        "confirmPassword": "s3cret-Passw0rd",
        "firstName": "Jane",
        "lastName": "Doe",
        "companyName": "Doe Trading Ltd",
        "phone": "020 7946 0000",
        "postcode": "ID1 1QD",
        "addressLine1": "1 Example Road",
        "addressLine2": "",
        "city": "Testtown",
        "country": "United Kingdom",
        "isGoogleSignIn": false,
    })
}

async fn post(app: &TestApp, path: &str, body: Value) -> reqwest::Response {
    app.send(Method::POST, path, Some(body)).await
}

struct CartSpec<'a> {
    plan: &'a str,
    cycle: &'a str,
    quantity: u32,
    add_ons: &'a [&'a str],
    numbers: &'a [&'a str],
    top_up_pence: Option<i64>,
}

async fn cart(app: &TestApp, spec: CartSpec<'_>) -> String {
    let id = app.create_cart().await;
    let package = json!({ "plan": spec.plan, "billingCycle": spec.cycle, "quantity": spec.quantity });
    expect_ok(app.send(Method::PUT, &format!("/api/carts/{id}/package"), Some(package)).await).await;
    for add_on in spec.add_ons {
        expect_ok(post(app, &format!("/api/carts/{id}/add-ons"), json!({ "addOnId": add_on })).await).await;
    }
    for number in spec.numbers {
        expect_ok(post(app, &format!("/api/carts/{id}/numbers"), json!({ "value": number })).await).await;
    }
    if let Some(amount) = spec.top_up_pence {
        let body = json!({ "amountPence": amount });
        expect_ok(app.send(Method::PUT, &format!("/api/carts/{id}/top-up"), Some(body)).await).await;
    }
    id
}

fn single_user(numbers: &'static [&'static str]) -> CartSpec<'static> {
    CartSpec { plan: "singleUser", cycle: "monthly", quantity: 1, add_ons: &["callRecording"], numbers, top_up_pence: None }
}

/// The page's Complete Order: intent, setup, card, charge (with 3-D Secure when asked).
/// Answers (the first answer, the charge's answer, the order id).
async fn pay(app: &TestApp, cart_id: &str, email: &str, card: &str) -> (Value, reqwest::Response, String) {
    let intent = expect_ok(post(app, "/api/create-payment-intent/", json!({ "cartId": cart_id, "customerInfo": customer_info(email) })).await).await;
    let order = intent["orderId"].as_str().unwrap().to_string();
    let setup = expect_ok(post(app, "/api/create-setup-intent/", json!({ "orderId": order })).await).await;
    let confirmed = confirm_card(setup["client_secret"].as_str().unwrap(), card).await;
    let charge = post(
        app,
        "/api/create-subscription/",
        json!({ "orderId": order, "paymentMethodId": confirmed["payment_method"], "setupIntentId": setup["setup_intent_id"] }),
    )
    .await;
    (intent, charge, order)
}

async fn create_account(app: &TestApp, order: &str) -> Value {
    expect_ok(post(app, "/api/create-user-account/", json!({ "orderId": order, "password": "s3cret-Passw0rd" })).await).await
}

async fn charges_of(customer: &str) -> Vec<Value> {
    stripe(Method::GET, &format!("/charges?customer={customer}"), "").await["data"].as_array().unwrap().clone()
}

async fn invoices_of(customer: &str) -> Vec<Value> {
    stripe(Method::GET, &format!("/invoices?customer={customer}"), "").await["data"].as_array().unwrap().clone()
}

async fn no_secret_in_events(app: &TestApp, secrets: &[&str]) {
    for secret in secrets {
        let found: i64 = sqlx::query_scalar("SELECT count(*) FROM events WHERE payload::text LIKE '%' || $1 || '%'")
            .bind(secret)
            .fetch_one(&app.pool)
            .await
            .unwrap();
        assert_eq!(found, 0, "a secret reached the event store");
    }
}

#[tokio::test]
async fn single_user_monthly_with_two_numbers_and_call_recording() {
    let app = spawn_app().await;
    let cart_id = cart(&app, single_user(&["442079460101", "442079460102"])).await;
    let (intent, charge, order) = pay(&app, &cart_id, "jane.single@example.com", OK_CARD).await;
    assert_eq!(intent["paymentType"], "subscription");
    assert_eq!(intent["useSubscription"], true);
    assert!(intent["orderNumber"].as_str().unwrap().starts_with("SB-"));
    // £4.99 + £8.00 call recording + £2.00 for the second number; VAT 20%.
    let amounts = &intent["calculatedAmounts"];
    assert_eq!(amounts["subscriptionSubtotal"], 1499);
    assert_eq!(amounts["subscriptionVAT"], 300);
    assert_eq!(amounts["grandTotalIncVAT"], 1799);
    assert_eq!(intent["subscriptionAmount"], 1799);

    let paid = expect_ok(charge).await;
    assert_eq!(paid["success"], true);
    assert_eq!(paid["status"], "active");
    let customer = paid["customerId"].as_str().unwrap();
    let invoices = invoices_of(customer).await;
    assert_eq!(invoices.len(), 1);
    assert_eq!(invoices[0]["total"], 1799);

    let account = create_account(&app, &order).await;
    assert_eq!(account["unique_identifier"], intent["orderNumber"]);
    let extensions = account["extensions"].as_array().unwrap();
    assert_eq!(extensions.len(), 1);
    assert_eq!(extensions[0]["number"], "101");
    assert_eq!(extensions[0]["username"], "janesingle101");
    let sip = extensions[0]["password"].as_str().unwrap().to_string();
    assert_eq!(sip.len(), 20);

    let view = expect_ok(app.get(&format!("/api/orders/{order}")).await).await;
    assert_eq!(view["status"], "completed");
    assert_eq!(view["orderNumber"], intent["orderNumber"]);
    assert_eq!(view["totals"]["grandTotalIncVatPence"], 1799);
    assert_eq!(view["addOns"][0]["id"], "callRecording");
    assert_eq!(view["phoneNumbers"].as_array().unwrap().len(), 2);
    assert_eq!(view["extensions"][0]["username"], "janesingle101");
    assert_eq!(view["emailSent"], true);
    assert!(view.to_string().find(&sip).is_none());

    // The cart is empty and the numbers are the order's for good.
    let after = expect_ok(app.get(&format!("/api/carts/{cart_id}")).await).await;
    assert!(after["package"].is_null());
    assert_eq!(after["phoneNumbers"].as_array().unwrap().len(), 0);
    let other = app.create_cart().await;
    let taken = post(&app, &format!("/api/carts/{other}/numbers"), json!({ "value": "442079460101" })).await;
    expect_error(taken, StatusCode::CONFLICT, "number_taken").await;

    // Secrets stay out of the events; the account password is an argon2 hash.
    no_secret_in_events(&app, &[&sip, "s3cret-Passw0rd"]).await;
    let hash: String = sqlx::query_scalar("SELECT password_hash FROM customer_accounts WHERE email = 'jane.single@example.com'")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert!(hash.starts_with("$argon2"));
    let outbox: String = sqlx::query_scalar("SELECT body FROM outbox WHERE reference = $1").bind(&order).fetch_one(&app.pool).await.unwrap();
    assert!(outbox.contains(intent["orderNumber"].as_str().unwrap()));
    assert!(!outbox.contains(&sip));
}

#[tokio::test]
async fn multi_user_yearly_for_eight_users() {
    let app = spawn_app().await;
    let spec = CartSpec { plan: "multiUser", cycle: "yearly", quantity: 8, add_ons: &[], numbers: &[], top_up_pence: None };
    let cart_id = cart(&app, spec).await;
    let (intent, charge, order) = pay(&app, &cart_id, "multi@example.com", OK_CARD).await;
    // Two blocks of 4 users at £143.04 a year.
    assert_eq!(intent["calculatedAmounts"]["subscriptionSubtotal"], 28608);
    assert_eq!(intent["calculatedAmounts"]["billingCycle"], "yearly");
    let paid = expect_ok(charge).await;
    let invoices = invoices_of(paid["customerId"].as_str().unwrap()).await;
    assert_eq!(invoices[0]["total"], 28608 + 5722);
    let account = create_account(&app, &order).await;
    let numbers: Vec<&str> = account["extensions"].as_array().unwrap().iter().map(|e| e["number"].as_str().unwrap()).collect();
    assert_eq!(numbers, ["101", "102", "103", "104", "105", "106", "107", "108"]);
}

#[tokio::test]
async fn pay_as_you_go_with_only_a_top_up_is_one_card_payment() {
    let app = spawn_app().await;
    let spec = CartSpec { plan: "payAsYouGo", cycle: "monthly", quantity: 1, add_ons: &[], numbers: &[], top_up_pence: Some(2500) };
    let cart_id = cart(&app, spec).await;
    let (intent, charge, order) = pay(&app, &cart_id, "payg@example.com", OK_CARD).await;
    assert_eq!(intent["paymentType"], "payg_topup_only");
    assert_eq!(intent["useSubscription"], false);
    assert_eq!(intent["oneTimeAmount"], 3000);
    let paid = expect_ok(charge).await;
    assert_eq!(paid["status"], "succeeded");
    assert!(paid["subscriptionId"].is_null());
    let charges = charges_of(paid["customerId"].as_str().unwrap()).await;
    assert_eq!(charges.len(), 1);
    assert_eq!(charges[0]["amount"], 3000);
    assert!(invoices_of(paid["customerId"].as_str().unwrap()).await.is_empty());
    let account = create_account(&app, &order).await;
    assert_eq!(account["extensions"].as_array().unwrap().len(), 1);
}

#[tokio::test]
async fn pay_as_you_go_with_extras_is_a_subscription_and_a_top_up() {
    let app = spawn_app().await;
    let spec = CartSpec {
        plan: "payAsYouGo",
        cycle: "monthly",
        quantity: 1,
        add_ons: &["callForwarding"],
        numbers: &[],
        top_up_pence: Some(1000),
    };
    let cart_id = cart(&app, spec).await;
    let (intent, charge, _) = pay(&app, &cart_id, "split@example.com", OK_CARD).await;
    assert_eq!(intent["paymentType"], "payg_split_payment");
    assert_eq!(intent["splitPayment"], true);
    assert_eq!(intent["subscriptionAmount"], 240);
    assert_eq!(intent["oneTimeAmount"], 1200);
    let paid = expect_ok(charge).await;
    assert!(paid["subscriptionId"].is_string() && paid["topUpPaymentIntentId"].is_string());
    let customer = paid["customerId"].as_str().unwrap();
    assert_eq!(invoices_of(customer).await[0]["total"], 240);
    let mut amounts: Vec<i64> = charges_of(customer).await.iter().map(|c| c["amount"].as_i64().unwrap()).collect();
    amounts.sort();
    assert_eq!(amounts, [240, 1200]);
}

#[tokio::test]
async fn three_d_secure_is_completed_in_the_browser_then_the_order_is_paid() {
    let app = spawn_app().await;
    let cart_id = cart(&app, single_user(&[])).await;
    let (_, charge, order) = pay(&app, &cart_id, "secure@example.com", THREE_D_SECURE).await;
    let pending = expect_ok(charge).await;
    assert_eq!(pending["requiresAction"], true);
    assert_eq!(pending["status"], "requires_action");
    let view = expect_ok(app.get(&format!("/api/orders/{order}")).await).await;
    assert_eq!(view["status"], "placed");
    // Not paid yet: no account.
    let early = post(&app, "/api/create-user-account/", json!({ "orderId": order, "password": "s3cret-Passw0rd" })).await;
    expect_error(early, StatusCode::CONFLICT, "payment_not_confirmed").await;

    let authenticated = authenticate(pending["clientSecret"].as_str().unwrap()).await;
    assert_eq!(authenticated["status"], "succeeded", "{authenticated}");
    let again = post(&app, "/api/create-subscription/", json!({ "orderId": order })).await;
    let paid = expect_ok(again).await;
    assert_eq!(paid["success"], true);
    assert_eq!(invoices_of(paid["customerId"].as_str().unwrap()).await.len(), 1);
    create_account(&app, &order).await;
}

#[tokio::test]
async fn a_declined_card_is_recorded_and_another_card_then_pays() {
    let app = spawn_app().await;
    let spec = CartSpec { plan: "payAsYouGo", cycle: "monthly", quantity: 1, add_ons: &[], numbers: &[], top_up_pence: Some(1000) };
    let cart_id = cart(&app, spec).await;
    let (_, charge, order) = pay(&app, &cart_id, "declined@example.com", DECLINED_AT_CHARGE).await;
    let refused = expect_error(charge, StatusCode::PAYMENT_REQUIRED, "card_declined").await;
    assert_eq!(refused["card_declined"], true);
    let view = expect_ok(app.get(&format!("/api/orders/{order}")).await).await;
    assert_eq!(view["status"], "failed");

    // The same order, another card.
    let setup = expect_ok(post(&app, "/api/create-setup-intent/", json!({ "orderId": order })).await).await;
    let confirmed = confirm_card(setup["client_secret"].as_str().unwrap(), OK_CARD).await;
    let body = json!({ "orderId": order, "paymentMethodId": confirmed["payment_method"], "setupIntentId": setup["setup_intent_id"] });
    let paid = expect_ok(post(&app, "/api/create-subscription/", body).await).await;
    assert_eq!(paid["status"], "succeeded");
    let succeeded: Vec<Value> = charges_of(paid["customerId"].as_str().unwrap())
        .await
        .into_iter()
        .filter(|c| c["status"] == "succeeded")
        .collect();
    assert_eq!(succeeded.len(), 1);
    create_account(&app, &order).await;
}

#[tokio::test]
async fn amounts_from_the_browser_are_ignored() {
    let app = spawn_app().await;
    let cart_id = cart(&app, single_user(&[])).await;
    let mut body = json!({ "cartId": cart_id, "customerInfo": customer_info("tamper@example.com") });
    body["calculatedAmounts"] = json!({ "grandTotalIncVAT": 1, "subscriptionTotalIncVAT": 1 });
    body["items"] = json!([{ "name": "Single User", "price": 0.01, "quantity": 1 }]);
    body["amount"] = json!(1);
    let intent = expect_ok(post(&app, "/api/create-payment-intent/", body).await).await;
    assert_eq!(intent["calculatedAmounts"]["grandTotalIncVAT"], 1559);
    let order = intent["orderId"].as_str().unwrap();
    let setup = expect_ok(post(&app, "/api/create-setup-intent/", json!({ "orderId": order, "amount": 1 })).await).await;
    let confirmed = confirm_card(setup["client_secret"].as_str().unwrap(), OK_CARD).await;
    let charge = json!({
        "orderId": order, "paymentMethodId": confirmed["payment_method"], "setupIntentId": setup["setup_intent_id"],
        "calculated_amounts": { "subscriptionTotalIncVAT": 1 }, "topUp": "0",
    });
    let paid = expect_ok(post(&app, "/api/create-subscription/", charge).await).await;
    assert_eq!(invoices_of(paid["customerId"].as_str().unwrap()).await[0]["total"], 1559);
}

#[tokio::test]
async fn a_replayed_complete_order_charges_once() {
    let app = spawn_app().await;
    let cart_id = cart(&app, single_user(&["442079460103"])).await;
    let info = json!({ "cartId": cart_id, "customerInfo": customer_info("replay@example.com") });
    let first = expect_ok(post(&app, "/api/create-payment-intent/", info.clone()).await).await;
    let second = expect_ok(post(&app, "/api/create-payment-intent/", info).await).await;
    assert_eq!(first["orderId"], second["orderId"]);
    assert_eq!(first["customerId"], second["customerId"]);
    let order = first["orderId"].as_str().unwrap().to_string();
    let setup = expect_ok(post(&app, "/api/create-setup-intent/", json!({ "orderId": order })).await).await;
    let setup_again = expect_ok(post(&app, "/api/create-setup-intent/", json!({ "orderId": order })).await).await;
    assert_eq!(setup["setup_intent_id"], setup_again["setup_intent_id"]);
    let confirmed = confirm_card(setup["client_secret"].as_str().unwrap(), OK_CARD).await;
    let body = json!({ "orderId": order, "paymentMethodId": confirmed["payment_method"], "setupIntentId": setup["setup_intent_id"] });
    // A double click: two at once, then a third later.
    let (a, b) = tokio::join!(post(&app, "/api/create-subscription/", body.clone()), post(&app, "/api/create-subscription/", body.clone()));
    let (a, b) = (expect_ok(a).await, expect_ok(b).await);
    let c = expect_ok(post(&app, "/api/create-subscription/", body).await).await;
    assert_eq!(a["subscriptionId"], b["subscriptionId"]);
    assert_eq!(a["subscriptionId"], c["subscriptionId"]);
    let customer = a["customerId"].as_str().unwrap();
    assert_eq!(invoices_of(customer).await.len(), 1);
    assert_eq!(charges_of(customer).await.len(), 1);

    let account_body = json!({ "orderId": order, "password": "s3cret-Passw0rd" });
    let (x, y) = tokio::join!(post(&app, "/api/create-user-account/", account_body.clone()), post(&app, "/api/create-user-account/", account_body));
    let (x, y) = (expect_ok(x).await, expect_ok(y).await);
    assert_eq!(x["unique_identifier"], y["unique_identifier"]);
    let with_password = [&x, &y].iter().filter(|r| r["extensions"][0]["password"].is_string()).count();
    assert_eq!(with_password, 1, "the SIP password is shown once");
    let extensions: i64 = sqlx::query_scalar("SELECT count(*) FROM sip_extensions WHERE order_id = $1").bind(&order).fetch_one(&app.pool).await.unwrap();
    assert_eq!(extensions, 1);
    // After completion nothing more is charged.
    let late = post(&app, "/api/create-setup-intent/", json!({ "orderId": order })).await;
    expect_error(late, StatusCode::CONFLICT, "order_already_completed").await;
}

#[tokio::test]
async fn a_webhook_completes_a_payment_the_browser_left_and_is_handled_once() {
    let app = spawn_app_with(|config| config.payments.webhook_secret = Some(Secret::new("whsec_test_secret"))).await;
    let spec = CartSpec { plan: "payAsYouGo", cycle: "monthly", quantity: 1, add_ons: &[], numbers: &[], top_up_pence: Some(1000) };
    let cart_id = cart(&app, spec).await;
    let (_, charge, order) = pay(&app, &cart_id, "webhook@example.com", THREE_D_SECURE).await;
    let pending = expect_ok(charge).await;
    let secret = pending["clientSecret"].as_str().unwrap();
    authenticate(secret).await;
    // The browser closed here; Stripe tells us instead.
    let pi = secret.split("_secret_").next().unwrap();
    let event = json!({ "id": "evt_test_1", "type": "payment_intent.succeeded", "data": { "object": { "id": pi, "status": "succeeded" } } }).to_string();
    let send = |body: String, signature: String| {
        let client = app.client.clone();
        let url = app.url("/api/stripe/webhook");
        async move { client.post(url).header("stripe-signature", signature).body(body).send().await.unwrap() }
    };
    let unsigned = send(event.clone(), "t=1,v1=00".into()).await;
    expect_error(unsigned, StatusCode::BAD_REQUEST, "bad_signature").await;
    let first = expect_ok(send(event.clone(), sign(&event)).await).await;
    assert_eq!(first["handled"], true);
    let second = expect_ok(send(event.clone(), sign(&event)).await).await;
    assert_eq!(second["duplicate"], true);
    let paid_events: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM events WHERE aggregate_id = $1 AND event_type = 'PaymentConfirmed'",
    )
    .bind(&order)
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(paid_events, 1);
    let view = expect_ok(app.get(&format!("/api/orders/{order}")).await).await;
    assert_eq!(view["status"], "paid");
    // The browser's late replay finds it paid and charges nothing more.
    let replay = expect_ok(post(&app, "/api/create-subscription/", json!({ "orderId": order })).await).await;
    assert_eq!(replay["success"], true);
    assert_eq!(charges_of(replay["customerId"].as_str().unwrap()).await.len(), 1);
}

fn sign(body: &str) -> String {
    use hmac::{Hmac, Mac};
    let t = chrono::Utc::now().timestamp();
    let mut mac = Hmac::<sha2::Sha256>::new_from_slice(b"whsec_test_secret").unwrap();
    mac.update(format!("{t}.{body}").as_bytes());
    format!("t={t},v1={}", hex::encode(mac.finalize().into_bytes()))
}

#[tokio::test]
async fn bad_input_is_refused_and_changes_nothing() {
    let app = spawn_app().await;
    let before = app.event_count().await;
    for path in ["/api/create-payment-intent/", "/api/create-setup-intent/", "/api/create-subscription/", "/api/create-user-account/", "/api/debug-subscription/"] {
        expect_error(app.send_raw(Method::POST, path, "{not json").await, StatusCode::BAD_REQUEST, "malformed_json").await;
        expect_error(post(&app, path, json!({ "orderId": 5, "cartId": 5, "subscriptionId": 5 })).await, StatusCode::UNPROCESSABLE_ENTITY, "invalid_body").await;
        let huge = format!("{{\"orderId\":\"{}\"}}", "x".repeat(100_000));
        expect_error(app.send_raw(Method::POST, path, huge).await, StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large").await;
    }
    let unknown = "7d8f0c9e-1111-4a4a-9b9b-000000000000";
    for path in ["/api/create-setup-intent/", "/api/create-subscription/", "/api/create-user-account/"] {
        expect_error(post(&app, path, json!({ "orderId": unknown })).await, StatusCode::NOT_FOUND, "order_not_found").await;
        expect_error(post(&app, path, json!({ "orderId": "../etc" })).await, StatusCode::NOT_FOUND, "order_not_found").await;
    }
    expect_error(app.get(&format!("/api/orders/{unknown}")).await, StatusCode::NOT_FOUND, "order_not_found").await;
    expect_error(post(&app, "/api/debug-subscription/", json!({ "subscriptionId": "sub_nobody" })).await, StatusCode::NOT_FOUND, "subscription_not_found").await;
    let legacy = post(&app, "/api/create-subscription/", json!({ "orderId": unknown, "payment_type": "payg_upfront_payment" })).await;
    let legacy = expect_error(legacy, StatusCode::UNPROCESSABLE_ENTITY, "legacy_payment_type").await;
    assert_eq!(legacy["error"], "Legacy payment type detected. Please refresh and try again.");

    // The cart: unknown, empty.
    let no_cart = post(&app, "/api/create-payment-intent/", json!({ "cartId": unknown, "customerInfo": customer_info("a@example.com") })).await;
    expect_error(no_cart, StatusCode::NOT_FOUND, "cart_not_found").await;
    let empty = app.create_cart().await;
    let before_empty = app.event_count().await;
    let refused = post(&app, "/api/create-payment-intent/", json!({ "cartId": empty, "customerInfo": customer_info("a@example.com") })).await;
    let refused = expect_error(refused, StatusCode::UNPROCESSABLE_ENTITY, "empty_cart").await;
    assert_eq!(refused["error"], "Invalid cart data. Please try again.");
    assert_eq!(app.event_count().await, before_empty);

    // The form, with a message per field.
    let cart_id = cart(&app, single_user(&[])).await;
    let mut info = customer_info("not-an-email");
    info["password"] = json!("short");
    info["postcode"] = json!("12345");
    info["firstName"] = json!("  ");
    let invalid = post(&app, "/api/create-payment-intent/", json!({ "cartId": cart_id, "customerInfo": info })).await;
    let invalid = expect_error(invalid, StatusCode::UNPROCESSABLE_ENTITY, "invalid_fields").await;
    assert_eq!(invalid["error"], "Please correct the errors below and try again.");
    assert_eq!(invalid["fieldErrors"]["email"], "Please enter a valid email address");
    assert_eq!(invalid["fieldErrors"]["password"], "Password must be at least 8 characters");
    assert_eq!(invalid["fieldErrors"]["postcode"], "Please enter a valid UK postcode (e.g., SW1A 1AA)");
    assert_eq!(invalid["fieldErrors"]["firstName"], "First name is required");
    let mut google = customer_info("g@example.com");
    google["isGoogleSignIn"] = json!(true);
    let no_google = post(&app, "/api/create-payment-intent/", json!({ "cartId": cart_id, "customerInfo": google })).await;
    expect_error(no_google, StatusCode::UNPROCESSABLE_ENTITY, "invalid_fields").await;

    // A card that was never set up pays nothing.
    let intent = expect_ok(post(&app, "/api/create-payment-intent/", json!({ "cartId": cart_id, "customerInfo": customer_info("a@example.com") })).await).await;
    let order = intent["orderId"].as_str().unwrap();
    let setup = expect_ok(post(&app, "/api/create-setup-intent/", json!({ "orderId": order })).await).await;
    let unconfirmed = post(&app, "/api/create-subscription/", json!({ "orderId": order, "setupIntentId": setup["setup_intent_id"] })).await;
    let unconfirmed = expect_error(unconfirmed, StatusCode::PAYMENT_REQUIRED, "setup_intent_failed").await;
    assert_eq!(unconfirmed["error"], "Setup intent not successful: requires_payment_method");
    let foreign = post(&app, "/api/create-subscription/", json!({ "orderId": order, "setupIntentId": "seti_other" })).await;
    expect_error(foreign, StatusCode::UNPROCESSABLE_ENTITY, "unknown_setup_intent").await;
    let early = post(&app, "/api/create-user-account/", json!({ "orderId": order, "password": "s3cret-Passw0rd" })).await;
    expect_error(early, StatusCode::CONFLICT, "payment_not_confirmed").await;
    assert!(app.event_count().await > before);
}

#[tokio::test]
async fn addresses_by_postcode_without_a_key_come_from_the_offline_set() {
    let app = spawn_app().await;
    let found = expect_ok(app.get("/api/address-lookup/?postcode=id1%201qd").await).await;
    let first = &found["result"][0];
    assert_eq!(first["postcode"], "ID1 1QD");
    assert_eq!(first["post_town"], "Testtown");
    assert!(first["formatted"].as_str().unwrap().contains("ID1 1QD"));
    let none = expect_error(app.get("/api/address-lookup/?postcode=ZZ99%209ZZ").await, StatusCode::NOT_FOUND, "postcode_not_found").await;
    assert_eq!(none["error"], "No addresses found for this postcode. Please check and try again.");
    expect_error(app.get("/api/address-lookup/?postcode=AB1").await, StatusCode::UNPROCESSABLE_ENTITY, "invalid_postcode").await;
    expect_error(app.get("/api/address-lookup/?postcode=AB1%201AB%201AB").await, StatusCode::UNPROCESSABLE_ENTITY, "invalid_postcode").await;
}

#[tokio::test]
async fn checkout_config_names_the_stand_in_and_no_google() {
    let app = spawn_app().await;
    let config = expect_ok(app.get("/api/checkout/config").await).await;
    assert!(config["stripePublishableKey"].as_str().unwrap().starts_with("pk_"));
    assert!(config["stripeJsUrl"].as_str().unwrap().ends_with("/js.stripe.com/v3/"));
    assert!(config["googleClientId"].is_null());
    assert!(!config.to_string().contains("sk_"));
}

/// A tiny Ideal-Postcodes-shaped upstream: the key decides the answer.
async fn spawn_postcode_service() -> String {
    use axum::extract::Path;
    use axum::http::StatusCode as Status;
    use axum::routing::get;
    async fn lookup(Path(postcode): Path<String>, headers: axum::http::HeaderMap) -> (Status, axum::Json<Value>) {
        // Ideal Postcodes' header form: `Authorization: IDEALPOSTCODES api_key="KEY"`.
        let key = headers
            .get("authorization")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("IDEALPOSTCODES api_key=\""))
            .and_then(|v| v.strip_suffix('"'));
        let status = match key {
            Some("ak_good") if postcode == "ID11QD" => Status::OK,
            Some("ak_good") => Status::NOT_FOUND,
            Some("ak_limit") => Status::PAYMENT_REQUIRED,
            Some("ak_broken") => Status::INTERNAL_SERVER_ERROR,
            _ => Status::UNAUTHORIZED,
        };
        let body = json!({ "result": [ { "line_1": "Prime Minister & First Lord Of The Treasury", "line_2": "10 Downing Street",
            "line_3": "", "post_town": "London", "postcode": "ID1 1QD", "county": "", "country": "England" } ], "code": 2000 });
        (status, axum::Json(body))
    }
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let app = axum::Router::new().route("/v1/postcodes/{postcode}", get(lookup));
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    format!("http://{address}/v1/postcodes/")
}

#[tokio::test]
async fn addresses_come_from_the_configured_service_and_its_refusals_have_their_messages() {
    let upstream = spawn_postcode_service().await;
    let with_key = |key: &'static str| {
        let upstream = upstream.clone();
        move |config: &mut api::config::Config| {
            config.address_lookup.url = upstream;
            config.address_lookup.key = Some(Secret::new(key));
        }
    };
    let app = spawn_app_with(with_key("ak_good")).await;
    let found = app.get("/api/address-lookup/?postcode=ID1%201QD").await;
    let text = found.text().await.unwrap();
    assert!(text.contains("10 Downing Street"), "{text}");
    assert!(!text.contains("ak_good"));
    expect_error(app.get("/api/address-lookup/?postcode=SW1A%201AA").await, StatusCode::NOT_FOUND, "postcode_not_found").await;

    let app = spawn_app_with(with_key("ak_wrong")).await;
    let refused = expect_error(app.get("/api/address-lookup/?postcode=ID11QD").await, StatusCode::UNAUTHORIZED, "lookup_unavailable").await;
    assert_eq!(refused["error"], "Address lookup service unavailable. Please enter address manually.");
    let app = spawn_app_with(with_key("ak_limit")).await;
    let limited = expect_error(app.get("/api/address-lookup/?postcode=ID11QD").await, StatusCode::PAYMENT_REQUIRED, "lookup_limit").await;
    assert_eq!(limited["error"], "Address lookup limit reached. Please enter address manually.");
    let app = spawn_app_with(with_key("ak_broken")).await;
    let failed = expect_error(app.get("/api/address-lookup/?postcode=ID11QD").await, StatusCode::BAD_GATEWAY, "lookup_failed").await;
    assert_eq!(failed["error"], "Unable to fetch addresses. Please enter your address manually.");
}

/// A stand-in for Google's tokeninfo: `good-token` belongs to google@example.com for our client id.
async fn spawn_tokeninfo() -> String {
    use axum::extract::Query;
    use axum::http::StatusCode as Status;
    async fn tokeninfo(Query(query): Query<std::collections::HashMap<String, String>>) -> (Status, axum::Json<Value>) {
        match query.get("id_token").map(String::as_str) {
            Some("good-token") => (Status::OK, axum::Json(json!({
                "aud": "client-123.apps.googleusercontent.com", "email": "google@example.com", "email_verified": "true",
                "given_name": "Gina", "family_name": "Google" }))),
            Some("other-audience") => (Status::OK, axum::Json(json!({
                "aud": "someone-else", "email": "google@example.com", "email_verified": "true" }))),
            _ => (Status::BAD_REQUEST, axum::Json(json!({ "error": "invalid_token" }))),
        }
    }
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let app = axum::Router::new().route("/tokeninfo", axum::routing::get(tokeninfo));
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    format!("http://{address}/tokeninfo")
}

#[tokio::test]
async fn google_sign_up_is_checked_with_google_and_needs_no_password() {
    let tokeninfo = spawn_tokeninfo().await;
    let app = spawn_app_with(|config| {
        config.google_client_id = Some("client-123.apps.googleusercontent.com".into());
        config.google_tokeninfo_url = tokeninfo;
    })
    .await;
    let config = expect_ok(app.get("/api/checkout/config").await).await;
    assert_eq!(config["googleClientId"], "client-123.apps.googleusercontent.com");
    let cart_id = cart(&app, single_user(&[])).await;
    let mut info = customer_info("google@example.com");
    info["isGoogleSignIn"] = json!(true);
    info["password"] = json!("");
    info["confirmPassword"] = json!("");
    for bad in ["forged", "other-audience"] {
        info["googleCredential"] = json!(bad);
        let refused = post(&app, "/api/create-payment-intent/", json!({ "cartId": cart_id, "customerInfo": info })).await;
        let refused = expect_error(refused, StatusCode::UNPROCESSABLE_ENTITY, "invalid_fields").await;
        assert_eq!(refused["fieldErrors"]["email"], "Google sign in failed. Please try again or fill the form manually.");
    }
    info["googleCredential"] = json!("good-token");
    let intent = expect_ok(post(&app, "/api/create-payment-intent/", json!({ "cartId": cart_id, "customerInfo": info })).await).await;
    let order = intent["orderId"].as_str().unwrap().to_string();
    let setup = expect_ok(post(&app, "/api/create-setup-intent/", json!({ "orderId": order })).await).await;
    let confirmed = confirm_card(setup["client_secret"].as_str().unwrap(), OK_CARD).await;
    let body = json!({ "orderId": order, "paymentMethodId": confirmed["payment_method"], "setupIntentId": setup["setup_intent_id"] });
    expect_ok(post(&app, "/api/create-subscription/", body).await).await;
    let account = expect_ok(post(&app, "/api/create-user-account/", json!({ "orderId": order, "password": "" })).await).await;
    assert_eq!(account["success"], true);
    let (hash, google): (Option<String>, bool) =
        sqlx::query_as("SELECT password_hash, google_sign_in FROM customer_accounts WHERE email = 'google@example.com'")
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert!(hash.is_none() && google);
}

#[tokio::test]
async fn a_second_order_joins_an_existing_account_only_with_its_password() {
    let app = spawn_app().await;
    let first = cart(&app, single_user(&[])).await;
    let (_, charge, order) = pay(&app, &first, "returning@example.com", OK_CARD).await;
    expect_ok(charge).await;
    create_account(&app, &order).await;

    let second = cart(&app, single_user(&[])).await;
    let mut info = customer_info("Returning@Example.com");
    info["password"] = json!("not-the-password");
    info["confirmPassword"] = json!("not-the-password");
    let refused = post(&app, "/api/create-payment-intent/", json!({ "cartId": second, "customerInfo": info })).await;
    let refused = expect_error(refused, StatusCode::UNPROCESSABLE_ENTITY, "invalid_fields").await;
    assert_eq!(refused["fieldErrors"]["password"], "An account already exists with this email address. Enter its password to add to it.");
    // With its password the second order pays and its extensions join the same account.
    let (_, charge, order) = pay(&app, &second, "returning@example.com", OK_CARD).await;
    expect_ok(charge).await;
    let account = create_account(&app, &order).await;
    assert_eq!(account["extensions"][0]["number"], "101");
    let accounts: i64 = sqlx::query_scalar("SELECT count(*) FROM customer_accounts WHERE email = 'returning@example.com'")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(accounts, 1);
}

#[tokio::test]
async fn the_stand_ins_own_webhook_completes_a_payment_whose_browser_went_away() {
    let app = spawn_app_with(|config| config.payments.webhook_secret = Some(Secret::new("whsec_delivery_test"))).await;
    // The stand-in delivers signed events to this server, as Stripe would.
    let hook = uuid::Uuid::new_v4().simple().to_string();
    let form = format!(
        "url={}&secret=whsec_delivery_test&events[0]=payment_intent.succeeded&events[1]=payment_intent.payment_failed",
        app.url("/api/stripe/webhook")
    );
    let registered = reqwest::Client::new()
        .post(format!("{}_config/webhooks/{hook}", crate::helpers::stand_in()))
        .header("content-type", "application/x-www-form-urlencoded")
        .body(form)
        .send()
        .await
        .unwrap();
    assert!(registered.status().is_success());

    let spec = CartSpec { plan: "payAsYouGo", cycle: "monthly", quantity: 1, add_ons: &[], numbers: &[], top_up_pence: Some(1000) };
    let cart_id = cart(&app, spec).await;
    let (_, charge, order) = pay(&app, &cart_id, "delivered@example.com", THREE_D_SECURE).await;
    let pending = expect_ok(charge).await;
    authenticate(pending["clientSecret"].as_str().unwrap()).await;
    // The browser is gone: only the webhook can tell the order.
    let mut status = Value::Null;
    for _ in 0..50 {
        status = expect_ok(app.get(&format!("/api/orders/{order}")).await).await["status"].clone();
        if status == "paid" {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    assert_eq!(status, "paid");
    // (Other tests' events reach this server too while they run: they name no order of it.)
    let confirmed: i64 = sqlx::query_scalar("SELECT count(*) FROM events WHERE aggregate_id = $1 AND event_type = 'PaymentConfirmed'")
        .bind(&order)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(confirmed, 1);
    create_account(&app, &order).await;
}

#[tokio::test]
async fn desk_phones_in_the_cart_are_not_charged_here_and_stay_for_their_own_checkout() {
    let app = spawn_app().await;
    let cart_id = cart(&app, single_user(&["442079460104"])).await;
    let listed: Value = app.get("/api/hardware/?brand=yealink").await.json().await.unwrap();
    let phone = listed["data"].as_array().unwrap().iter().find(|i| i["inStock"] == true).unwrap().clone();
    let body = json!({ "productId": phone["id"], "quantity": 2 });
    expect_ok(post(&app, &format!("/api/carts/{cart_id}/hardware"), body).await).await;

    let (intent, charge, order) = pay(&app, &cart_id, "phones@example.com", OK_CARD).await;
    // The service alone: £4.99 + £8.00 call recording, VAT 20%.
    assert_eq!(intent["calculatedAmounts"]["grandTotalIncVAT"], 1559);
    let paid = expect_ok(charge).await;
    assert_eq!(invoices_of(paid["customerId"].as_str().unwrap()).await[0]["total"], 1559);
    create_account(&app, &order).await;

    let after = expect_ok(app.get(&format!("/api/carts/{cart_id}")).await).await;
    assert!(after["package"].is_null());
    assert_eq!(after["addOns"], json!([]));
    assert_eq!(after["phoneNumbers"], json!([]));
    let items = after["items"].as_array().unwrap();
    assert_eq!(items.len(), 1);
    assert_eq!(items[0]["type"], "hardware");
    assert_eq!(items[0]["quantity"], 2);
}
