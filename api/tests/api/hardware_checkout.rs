//! The hardware (desk-phone) checkout against PostgreSQL and the Stripe stand-in: prices,
//! a whole purchase, a tampered amount, retries charged once, a declined card, 3-D Secure,
//! a confirmation that fails after payment and the job that finishes it, refusals.

use std::sync::Arc;

use aggregates::clock::FixedClock;
use aggregates::hardware_item::{HardwareCommand, ItemStatus};
use api::app::state::AppState;
use chrono::{Duration, Utc};
use cqrs_es::persist::ViewRepository;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::checkout::{authenticate, confirm_card, DECLINED_AT_CHARGE, OK_CARD, THREE_D_SECURE};
use crate::helpers::{expect_error, expect_ok, spawn_app, stripe, TestApp};

/// A cart with `quantity` of the first in-stock seeded phone: (cart id, unit price in pence, product id).
pub(crate) async fn cart_with_phone(app: &TestApp, quantity: u32) -> (String, i64, String) {
    let all: Value = app.get("/api/hardware/").await.json().await.unwrap();
    let phone = all["items"].as_array().unwrap().iter().find(|i| i["inStock"] == true).unwrap().clone();
    let cart = app.create_cart().await;
    let body = json!({ "productId": phone["id"], "quantity": quantity });
    let response = app.send(Method::POST, &format!("/api/carts/{cart}/hardware"), Some(body)).await;
    assert_eq!(response.status(), StatusCode::OK);
    (cart, phone["pricePence"].as_i64().unwrap(), phone["id"].as_str().unwrap().to_string())
}

fn customer() -> Value {
    json!({
        "email": "jo@example.com",
        "firstName": "Jo",
        "lastName": "Bloggs",
        "phone": "07700 900123",
        "address": { "line1": "1 Example Road", "line2": "", "city": "Testtown", "postalCode": "id11qd", "country": "GB" },
    })
}

/// The cart's phones as the checkout quotes them with `shipping`.
pub(crate) async fn quote(app: &TestApp, cart: &str, shipping: &str) -> Value {
    expect_ok(app.get(&format!("/api/hardware-checkout/quote?cartId={cart}&shippingOption={shipping}")).await).await
}

/// 'Complete Order' on the quote the page shows now.
async fn place(app: &TestApp, cart: &str, shipping: &str) -> reqwest::Response {
    let version = quote(app, cart, shipping).await["version"].clone();
    place_on(app, cart, shipping, &version).await
}

async fn place_on(app: &TestApp, cart: &str, shipping: &str, version: &Value) -> reqwest::Response {
    let body = json!({
        "cartId": cart, "shippingOption": shipping, "quoteVersion": version, "customerInfo": customer(), "amount": 1,
    });
    app.send(Method::POST, "/api/hardware-orders", Some(body)).await
}

/// Placed: (order id, secret, the order as answered).
pub(crate) async fn placed(app: &TestApp, cart: &str, shipping: &str) -> (String, String, Value) {
    let response = place(app, cart, shipping).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let order: Value = response.json().await.unwrap();
    (order["orderId"].as_str().unwrap().into(), order["orderSecret"].as_str().unwrap().into(), order)
}

/// What the browser does with the card field: a setup for the order, confirmed with the
/// card at the stand-in; answers the payment method and the payment customer.
pub(crate) async fn card(app: &TestApp, id: &str, secret: &str, number: &str) -> (String, String) {
    let path = format!("/api/hardware-orders/{id}/card-setup");
    let setup = expect_ok(app.send(Method::POST, &path, Some(json!({ "orderSecret": secret }))).await).await;
    let confirmed = confirm_card(setup["clientSecret"].as_str().unwrap(), number).await;
    assert_eq!(confirmed["status"], "succeeded", "{confirmed}");
    let seti = stripe(Method::GET, &format!("/setup_intents/{}", setup["setupIntentId"].as_str().unwrap()), "").await;
    (confirmed["payment_method"].as_str().unwrap().into(), seti["customer"].as_str().unwrap().into())
}

/// The payment call with everything the older page sent (amount included).
pub(crate) async fn pay(app: &TestApp, id: &str, secret: &str, method: &str, amount: i64) -> reqwest::Response {
    let body = json!({
        "order_id": id, "order_secret": secret, "payment_method_id": method, "amount": amount,
        "customer_email": "jo@example.com", "customer_name": "Jo Bloggs", "customer_phone": "07700 900123",
        "shipping_address": { "line1": "1 Example Road", "city": "Testtown", "postalCode": "ID1 1QD", "country": "GB" },
        "shipping_option": "economy", "hardware_items": [{ "id": "x", "price": 1, "quantity": 1 }],
        "payment_type": "hardware_purchase",
    });
    app.send(Method::POST, "/api/create-hardware-payment/?_=1", Some(body)).await
}

pub(crate) async fn confirm(app: &TestApp, id: &str, secret: &str, payment: &str) -> reqwest::Response {
    let body = json!({ "paymentIntentId": payment, "orderId": id, "orderSecret": secret, "totalAmount": 1 });
    app.send(Method::POST, "/api/confirm-hardware-payment/?_=1", Some(body)).await
}

pub(crate) async fn view(app: &TestApp, id: &str, secret: &str) -> Value {
    let response = app
        .client
        .get(app.url(&format!("/api/hardware-orders/{id}")))
        .header("X-Order-Secret", secret)
        .send()
        .await
        .unwrap();
    expect_ok(response).await
}

async fn charges(customer: &str) -> Vec<Value> {
    stripe(Method::GET, &format!("/charges?customer={customer}"), "").await["data"].as_array().unwrap().clone()
}

pub(crate) async fn mails(app: &TestApp, id: &str) -> i64 {
    sqlx::query_scalar("SELECT count(*) FROM outbox WHERE kind = 'hardware_confirmation' AND reference = $1")
        .bind(id)
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn each_shipping_option_is_priced_by_the_server_and_the_order_keeps_that_price() {
    let app = spawn_app().await;
    let (cart, unit, _) = cart_with_phone(&app, 2).await;
    let items = unit * 2;
    // Step 1: VAT on the items only.
    let quote = expect_ok(app.get(&format!("/api/hardware-checkout/quote?cartId={cart}")).await).await;
    let vat = |net: i64| (net * 20 + 50) / 100;
    assert_eq!(quote["amounts"]["itemsPence"], items);
    assert_eq!(quote["amounts"]["vatPence"], vat(items));
    assert_eq!(quote["amounts"]["totalPence"], items + vat(items));
    assert_eq!(quote["lines"][0]["quantity"], 2);

    let options = expect_ok(app.get("/api/hardware-checkout/options").await).await;
    let prices: Vec<(String, i64)> = options["shippingOptions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| (o["id"].as_str().unwrap().to_string(), o["pricePence"].as_i64().unwrap()))
        .collect();
    assert_eq!(
        prices,
        [("economy".into(), 400), ("standard".into(), 800), ("express".into(), 845), ("saturday".into(), 1500)]
    );
    assert_eq!(options["billingCountries"].as_array().unwrap().len(), 10);
    for (option, shipping) in prices {
        let path = format!("/api/hardware-checkout/quote?cartId={cart}&shippingOption={option}");
        let quote = expect_ok(app.get(&path).await).await;
        let net = items + shipping;
        let expected = json!({ "itemsPence": items, "shippingPence": shipping, "vatPence": vat(net), "totalPence": net + vat(net) });
        assert_eq!(quote["amounts"], expected, "{option}");
        let (_, _, order) = placed(&app, &cart, &option).await;
        assert_eq!(order["amounts"], expected, "the placed {option} order charges what was quoted");
        assert!(order["orderNumber"].as_str().unwrap().starts_with("HW-"));
        assert_eq!(order["shipping"]["id"], option);
        assert_eq!(order["address"]["postalCode"], "ID1 1QD", "the postcode in its standard form");
    }
}

#[tokio::test]
async fn a_desk_phone_is_bought_paid_once_confirmed_once_and_leaves_the_cart() {
    let app = spawn_app().await;
    let (cart, _, _) = cart_with_phone(&app, 2).await;
    let (id, secret, order) = placed(&app, &cart, "saturday").await;
    let total = order["amounts"]["totalPence"].as_i64().unwrap();
    let (method, customer) = card(&app, &id, &secret, OK_CARD).await;

    // A tampered amount is ignored: the server charges the order's own total.
    let response = pay(&app, &id, &secret, &method, 1).await;
    assert!(response.headers()["server-timing"].to_str().unwrap().starts_with("total;dur="));
    let paid = expect_ok(response).await;
    assert_eq!(paid["status"], "succeeded");
    assert_eq!(paid["amount"], total);
    let payment = paid["payment_intent_id"].as_str().unwrap().to_string();
    // The browser's retries (three tries on a network error) and a double click: one charge.
    for _ in 0..3 {
        let again = expect_ok(pay(&app, &id, &secret, &method, 1).await).await;
        assert_eq!(again["payment_intent_id"], payment);
    }
    let taken = charges(&customer).await;
    assert_eq!(taken.len(), 1, "charged once");
    assert_eq!(taken[0]["amount"], total);

    let confirmed = expect_ok(confirm(&app, &id, &secret, &payment).await).await;
    assert_eq!(confirmed["status"], "confirmed");
    assert_eq!(confirmed["orderNumber"], order["orderNumber"]);
    let again = expect_ok(confirm(&app, &id, &secret, &payment).await).await;
    assert_eq!(again["status"], "confirmed");
    assert_eq!(mails(&app, &id).await, 1, "one confirmation e-mail");

    let shown = view(&app, &id, &secret).await;
    assert_eq!(shown["status"], "confirmed");
    assert_eq!(shown["paymentReference"], payment);
    assert_eq!(shown["emailQueued"], true);
    // Queued, not sent: the thank-you page does not say "sent" yet.
    assert_eq!(shown["emailStatus"], "queued");
    jobs::outbox::keep_locally(&app.pool).await.unwrap();
    assert_eq!(view(&app, &id, &secret).await["emailStatus"], "kept");
    assert!(shown.get("cartId").is_none());
    let delivery = chrono::NaiveDate::parse_from_str(shown["estimatedDelivery"].as_str().unwrap(), "%Y-%m-%d").unwrap();
    assert_eq!(delivery.format("%A").to_string(), "Saturday");
    assert!(delivery > Utc::now().date_naive() && delivery <= Utc::now().date_naive() + Duration::days(7));

    // Only the placing browser reads the order.
    let stranger = app.get(&format!("/api/hardware-orders/{id}")).await;
    expect_error(stranger, StatusCode::FORBIDDEN, "order_secret_mismatch").await;
    // The phones left the cart.
    let cart_now = expect_ok(app.get(&format!("/api/carts/{cart}")).await).await;
    assert_eq!(cart_now["hasHardware"], false, "{cart_now}");
    // The paid order takes no other card.
    let late = pay(&app, &id, &secret, &method, total).await;
    assert_eq!(expect_ok(late).await["payment_intent_id"], payment);
    assert_eq!(charges(&customer).await.len(), 1);
}

#[tokio::test]
async fn a_declined_card_leaves_the_order_open_for_another() {
    let app = spawn_app().await;
    let (cart, _, _) = cart_with_phone(&app, 1).await;
    let (id, secret, _) = placed(&app, &cart, "economy").await;
    let (declined_card, customer) = card(&app, &id, &secret, DECLINED_AT_CHARGE).await;
    let refused =
        expect_error(pay(&app, &id, &secret, &declined_card, 0).await, StatusCode::PAYMENT_REQUIRED, "card_declined")
            .await;
    assert!(refused["error"].as_str().is_some());
    // The declined payment is cancelled at the provider: its client secret can no longer charge.
    let started: Vec<String> = sqlx::query_scalar(
        "SELECT payload->'PaymentStarted'->>'payment_intent_id' FROM events WHERE aggregate_id = $1 AND event_type = 'PaymentStarted'",
    )
    .bind(&id)
    .fetch_all(&app.pool)
    .await
    .unwrap();
    assert_eq!(started.len(), 1);
    assert_eq!(stripe(Method::GET, &format!("/payment_intents/{}", started[0]), "").await["status"], "canceled");
    let (good_card, _) = card(&app, &id, &secret, OK_CARD).await;
    let paid = expect_ok(pay(&app, &id, &secret, &good_card, 0).await).await;
    assert_eq!(paid["status"], "succeeded");
    assert_eq!(charges(&customer).await.iter().filter(|c| c["status"] == "succeeded").count(), 1);
}

#[tokio::test]
async fn a_second_tab_supersedes_the_first_order_whose_payment_then_cannot_charge() {
    let app = spawn_app().await;
    let (cart, _, product) = cart_with_phone(&app, 1).await;
    // Tab 1 gets as far as the bank's 3-D Secure check.
    let (first, first_secret, _) = placed(&app, &cart, "standard").await;
    let (method, first_customer) = card(&app, &first, &first_secret, THREE_D_SECURE).await;
    let asked = expect_ok(pay(&app, &first, &first_secret, &method, 0).await).await;
    let first_payment = asked["payment_intent_id"].as_str().unwrap().to_string();
    // Tab 2 places the order again from the same cart: the first is superseded.
    let (second, second_secret, _) = placed(&app, &cart, "standard").await;
    let intent = stripe(Method::GET, &format!("/payment_intents/{first_payment}"), "").await;
    assert_eq!(intent["status"], "canceled", "the first order's payment is cancelled at the provider");
    let late = authenticate(asked["client_secret"].as_str().unwrap()).await;
    assert_ne!(late["status"], "succeeded", "3-D Secure finished late in tab 1 charges nothing: {late}");
    expect_error(pay(&app, &first, &first_secret, &method, 0).await, StatusCode::CONFLICT, "order_superseded").await;
    let setup_path = format!("/api/hardware-orders/{first}/card-setup");
    let setup = app.send(Method::POST, &setup_path, Some(json!({ "orderSecret": first_secret }))).await;
    expect_error(setup, StatusCode::CONFLICT, "order_superseded").await;
    assert_eq!(view(&app, &first, &first_secret).await["status"], "cancelled");
    // Tab 2 pays: one charge in all.
    let (good, second_customer) = card(&app, &second, &second_secret, OK_CARD).await;
    let paid = expect_ok(pay(&app, &second, &second_secret, &good, 0).await).await;
    let paid_id = paid["payment_intent_id"].as_str().unwrap().to_string();
    let succeeded = |list: Vec<Value>| list.iter().filter(|c| c["status"] == "succeeded").count();
    assert_eq!(succeeded(charges(&first_customer).await) + succeeded(charges(&second_customer).await), 1);
    // A third 'Complete Order' from the cart never supersedes the paid order.
    // (the paid phones left the cart: the buyer adds one again and checks out).
    expect_ok(confirm(&app, &second, &second_secret, &paid_id).await).await;
    let again = json!({ "productId": product, "quantity": 1 });
    expect_ok(app.send(Method::POST, &format!("/api/carts/{cart}/hardware"), Some(again)).await).await;
    placed(&app, &cart, "standard").await;
    let (order, _) =
        api::app::state::load::<aggregates::hardware_order::HardwareOrder>(&app.pool, &second).await.unwrap();
    assert!(order.status.is_paid() && order.superseded_by.is_none(), "{order:?}");
}

#[tokio::test]
async fn a_payment_the_order_did_not_take_is_refunded_once_and_the_buyer_is_told() {
    let app = spawn_app().await;
    let (cart, _, _) = cart_with_phone(&app, 1).await;
    let (id, secret, order) = placed(&app, &cart, "economy").await;
    let total = order["amounts"]["totalPence"].as_i64().unwrap();
    let (method, customer) = card(&app, &id, &secret, OK_CARD).await;
    let paid = expect_ok(pay(&app, &id, &secret, &method, 0).await).await;
    expect_ok(confirm(&app, &id, &secret, paid["payment_intent_id"].as_str().unwrap()).await).await;
    // An older attempt of the same order completes in another tab after all (its cancel
    // never reached the provider): the buyer has paid twice.
    let form = format!(
        "amount={total}&currency=gbp&customer={customer}&payment_method={method}&confirm=true\
         &metadata[order_id]={id}&metadata[attempt]=old-tab"
    );
    let extra = stripe(Method::POST, "/payment_intents", &form).await;
    assert_eq!(extra["status"], "succeeded", "{extra}");
    let extra_id = extra["id"].as_str().unwrap();
    let refused = confirm(&app, &id, &secret, extra_id).await;
    let refused = expect_error(refused, StatusCode::CONFLICT, "payment_refunded").await;
    assert!(refused["error"].as_str().unwrap().contains("refunded it in full"), "{refused}");
    // Refunded once, whatever is asked again.
    expect_error(confirm(&app, &id, &secret, extra_id).await, StatusCode::CONFLICT, "payment_refunded").await;
    let refunds = stripe(Method::GET, &format!("/refunds?payment_intent={extra_id}"), "").await;
    // (the stand-in lists every refund: this payment's are picked out)
    let refunds: Vec<Value> =
        refunds["data"].as_array().unwrap().iter().filter(|r| r["payment_intent"] == extra_id).cloned().collect();
    assert_eq!(refunds.len(), 1, "{refunds:?}");
    assert_eq!(refunds[0]["amount"], total);
    let told: i64 =
        sqlx::query_scalar("SELECT count(*) FROM outbox WHERE kind = 'stray_payment_refunded' AND reference = $1")
            .bind(extra_id)
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert_eq!(told, 1, "the buyer is e-mailed once");
    // The order is as it was: paid once, confirmed; its history names the overpayment.
    assert_eq!(view(&app, &id, &secret).await["status"], "confirmed");
    let (order, _) = api::app::state::load::<aggregates::hardware_order::HardwareOrder>(&app.pool, &id).await.unwrap();
    assert_eq!(order.strays.len(), 1);
    assert!(order.strays[0].refund_id.as_deref().is_some_and(|r| r.starts_with("re_")));
}

#[tokio::test]
async fn three_d_secure_goes_through_the_client_secret() {
    let app = spawn_app().await;
    let (cart, _, _) = cart_with_phone(&app, 1).await;
    let (id, secret, _) = placed(&app, &cart, "standard").await;
    let (method, _) = card(&app, &id, &secret, THREE_D_SECURE).await;
    let asked = expect_ok(pay(&app, &id, &secret, &method, 0).await).await;
    assert_eq!(asked["requires_action"], true, "{asked}");
    let payment = asked["payment_intent_id"].as_str().unwrap().to_string();
    // Not paid until the buyer authenticates.
    expect_error(confirm(&app, &id, &secret, &payment).await, StatusCode::CONFLICT, "payment_not_succeeded").await;
    let authenticated = authenticate(asked["client_secret"].as_str().unwrap()).await;
    assert_eq!(authenticated["status"], "succeeded", "{authenticated}");
    let confirmed = expect_ok(confirm(&app, &id, &secret, &payment).await).await;
    assert_eq!(confirmed["status"], "confirmed");
}

#[tokio::test]
async fn a_confirmation_that_fails_after_payment_is_left_payment_only_and_the_job_confirms_it_once() {
    let app = spawn_app().await;
    let (cart, _, _) = cart_with_phone(&app, 1).await;
    let (id, secret, _) = placed(&app, &cart, "express").await;
    let (method, _) = card(&app, &id, &secret, OK_CARD).await;
    let payment =
        expect_ok(pay(&app, &id, &secret, &method, 0).await).await["payment_intent_id"].as_str().unwrap().to_string();

    // The outbox refuses the confirmation e-mail.
    for statement in [
        "CREATE FUNCTION refuse_hardware_mail() RETURNS trigger AS $$ BEGIN
           IF NEW.kind = 'hardware_confirmation' THEN RAISE EXCEPTION 'the outbox is down'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql",
        "CREATE TRIGGER refuse_hardware_mail BEFORE INSERT ON outbox FOR EACH ROW EXECUTE FUNCTION refuse_hardware_mail()",
    ] {
        sqlx::query(statement).execute(&app.pool).await.unwrap();
    }
    let answer = expect_ok(confirm(&app, &id, &secret, &payment).await).await;
    assert_eq!(answer["status"], "payment-only");
    assert_eq!(answer["reference"], format!("temp-{payment}"));
    assert_eq!(view(&app, &id, &secret).await["status"], "payment-only");
    // The thank-you page's background call (the payment reference only) cannot fix it yet.
    let background =
        app.send(Method::POST, "/api/confirm-hardware-payment/", Some(json!({ "paymentIntentId": payment }))).await;
    assert_eq!(expect_ok(background).await, json!({ "status": "payment-only" }));

    let state = AppState::new(app.pool.clone());
    let report = api::scheduled::confirm_hardware_orders(&state, Utc::now()).await.unwrap();
    assert_eq!((report.confirmed, report.failed), (0, 1), "still refused");
    sqlx::query("DROP TRIGGER refuse_hardware_mail ON outbox").execute(&app.pool).await.unwrap();
    let report = api::scheduled::confirm_hardware_orders(&state, Utc::now()).await.unwrap();
    assert_eq!(report.confirmed, 1);
    let report = api::scheduled::confirm_hardware_orders(&state, Utc::now()).await.unwrap();
    assert_eq!(report, jobs::hardware_orders::Report::default(), "a second run changes nothing");
    let shown = view(&app, &id, &secret).await;
    assert_eq!(shown["status"], "confirmed");
    assert_eq!(shown["paymentReference"], payment);
    assert_eq!(mails(&app, &id).await, 1);
}

#[tokio::test]
async fn expiring_cancels_the_payment_under_way_and_an_order_paid_late_is_served() {
    let app = spawn_app().await;
    let day = AppState::with_clock(app.pool.clone(), Arc::new(FixedClock(Utc::now() + Duration::hours(25))));
    let waiting_for_bank = || async {
        let (cart, _, _) = cart_with_phone(&app, 1).await;
        let (id, secret, _) = placed(&app, &cart, "economy").await;
        let (method, _) = card(&app, &id, &secret, THREE_D_SECURE).await;
        let asked = expect_ok(pay(&app, &id, &secret, &method, 0).await).await;
        (id, secret, asked)
    };
    // Left at the bank's check: expired after a day, its payment cancelled at the provider.
    let (left, left_secret, left_payment) = waiting_for_bank().await;
    // Finished at the bank, but the page was closed before it told us.
    let (late, late_secret, late_payment) = waiting_for_bank().await;
    authenticate(late_payment["client_secret"].as_str().unwrap()).await;

    let report = api::scheduled::confirm_hardware_orders(&day, day.clock.now()).await.unwrap();
    assert_eq!((report.expired, report.found_paid), (1, 1), "{report:?}");
    assert_eq!(view(&app, &left, &left_secret).await["status"], "cancelled");
    let pi = left_payment["payment_intent_id"].as_str().unwrap();
    assert_eq!(stripe(Method::GET, &format!("/payment_intents/{pi}"), "").await["status"], "canceled");
    api::scheduled::confirm_hardware_orders(&day, day.clock.now()).await.unwrap();
    assert_eq!(view(&app, &late, &late_secret).await["status"], "confirmed", "paid late: served");
    assert_eq!(mails(&app, &late).await, 1);
}

#[tokio::test]
async fn an_unpaid_order_expires_after_a_day_and_the_job_then_leaves_it() {
    let app = spawn_app().await;
    let (cart, _, _) = cart_with_phone(&app, 1).await;
    let (id, secret, _) = placed(&app, &cart, "economy").await;
    let at =
        |hours: i64| AppState::with_clock(app.pool.clone(), Arc::new(FixedClock(Utc::now() + Duration::hours(hours))));
    let soon = at(23);
    assert_eq!(api::scheduled::confirm_hardware_orders(&soon, soon.clock.now()).await.unwrap().expired, 0);
    let day = at(25);
    assert_eq!(api::scheduled::confirm_hardware_orders(&day, day.clock.now()).await.unwrap().expired, 1);
    assert_eq!(api::scheduled::confirm_hardware_orders(&day, day.clock.now()).await.unwrap().expired, 0);
    assert_eq!(view(&app, &id, &secret).await["status"], "cancelled");
    let path = format!("/api/hardware-orders/{id}/card-setup");
    let refused = app.send(Method::POST, &path, Some(json!({ "orderSecret": secret }))).await;
    expect_error(refused, StatusCode::CONFLICT, "order_cancelled").await;
}

#[tokio::test]
async fn draft_and_out_of_stock_phones_are_refused_and_nothing_is_stored() {
    let app = spawn_app().await;
    let (cart, _, product) = cart_with_phone(&app, 1).await;
    let state = AppState::new(app.pool.clone());
    let events = app.event_count().await;

    let command = HardwareCommand::SetStatus { status: ItemStatus::Draft, actor: "admin@example.com".into() };
    state.hardware.cqrs.execute(&store::commands::Context::system(), &product, command).await.unwrap();
    let events = events + 1;
    let refused =
        expect_error(place(&app, &cart, "economy").await, StatusCode::UNPROCESSABLE_ENTITY, "hardware_unavailable")
            .await;
    assert!(refused["error"].as_str().unwrap().ends_with("is no longer available. Please remove it from your cart."));
    assert_eq!(app.event_count().await, events);

    let command = HardwareCommand::SetStatus { status: ItemStatus::Published, actor: "admin@example.com".into() };
    state.hardware.cqrs.execute(&store::commands::Context::system(), &product, command).await.unwrap();
    let mut fields = state.hardware.views.load(&product).await.unwrap().unwrap().item.fields.unwrap();
    fields.in_stock = false;
    state
        .hardware
        .cqrs
        .execute(
            &store::commands::Context::system(),
            &product,
            HardwareCommand::Update { fields, actor: "admin@example.com".into() },
        )
        .await
        .unwrap();
    let events = events + 2;
    expect_error(place(&app, &cart, "economy").await, StatusCode::UNPROCESSABLE_ENTITY, "hardware_unavailable").await;
    assert_eq!(app.event_count().await, events);
    let orders: i64 = sqlx::query_scalar("SELECT count(*) FROM hardware_orders").fetch_one(&app.pool).await.unwrap();
    assert_eq!(orders, 0);
}

/// An admin sets the phone's price (as the admin page's save does).
async fn reprice(app: &TestApp, product: &str, price: i64) {
    let state = AppState::new(app.pool.clone());
    let mut fields = state.hardware.views.load(product).await.unwrap().unwrap().item.fields.unwrap();
    fields.price = aggregates::pricing::Pence(price);
    let command = HardwareCommand::Update { fields, actor: "admin@example.com".into() };
    state.hardware.cqrs.execute(&store::commands::Context::staff("admin@example.com"), product, command).await.unwrap();
}

#[tokio::test]
async fn a_price_changed_between_cart_and_payment_is_shown_and_charged_as_shown() {
    let app = spawn_app().await;
    let (cart, unit, product) = cart_with_phone(&app, 1).await;
    let seen = quote(&app, &cart, "economy").await;
    assert_eq!(seen["priceChanges"], json!([]));

    // The admin raises the price by £10 while the phone is in the cart.
    reprice(&app, &product, unit + 1000).await;
    let cart_now = expect_ok(app.get(&format!("/api/carts/{cart}")).await).await;
    assert_eq!(cart_now["items"][0]["unitPence"], unit + 1000, "the cart shows today's price");
    let change = &cart_now["priceChanges"][0];
    assert_eq!((change["fromPence"].as_i64(), change["toPence"].as_i64()), (Some(unit), Some(unit + 1000)));

    // Placing on the quote the page showed before: nothing placed, 409 with the new quote.
    let events = app.event_count().await;
    let refused = place_on(&app, &cart, "economy", &seen["version"]).await;
    let refused = expect_error(refused, StatusCode::CONFLICT, "price_changed").await;
    let new_quote = &refused["quote"];
    assert_eq!(new_quote["lines"][0]["unitPricePence"], unit + 1000);
    let name = new_quote["lines"][0]["name"].as_str().unwrap();
    let pounds = |p: i64| format!("£{}.{:02}", p / 100, p % 100);
    let sentence = format!("The price of {name} changed from {} to {}", pounds(unit), pounds(unit + 1000));
    assert_eq!(new_quote["priceChanges"][0]["message"], sentence);
    assert!(refused["error"].as_str().unwrap().starts_with(&sentence), "{refused}");
    assert_ne!(new_quote["version"], seen["version"]);
    assert_eq!(app.event_count().await, events, "nothing stored");

    // On the new quote the order is placed at today's price and charged exactly that.
    let (id, secret, order) = placed(&app, &cart, "economy").await;
    assert_eq!(order["amounts"], new_quote["amounts"]);
    let (method, customer) = card(&app, &id, &secret, OK_CARD).await;

    // Paying from a page that still shows the old quote charges nothing.
    let mut stale = json!({ "order_id": id, "order_secret": secret, "payment_method_id": method });
    stale["quote_version"] = seen["version"].clone();
    let refused = app.send(Method::POST, "/api/create-hardware-payment/", Some(stale)).await;
    let refused = expect_error(refused, StatusCode::CONFLICT, "price_changed").await;
    assert_eq!(refused["quote"]["amounts"], new_quote["amounts"], "the order's own quote");
    assert!(charges(&customer).await.is_empty());

    // The price moves again after placing: the placed order keeps the price it was placed at.
    reprice(&app, &product, unit + 5000).await;
    let body = json!({ "order_id": id, "order_secret": secret, "payment_method_id": method, "quote_version": new_quote["version"] });
    let paid = expect_ok(app.send(Method::POST, "/api/create-hardware-payment/", Some(body)).await).await;
    assert_eq!(paid["amount"], new_quote["amounts"]["totalPence"]);
    let charged = charges(&customer).await;
    assert_eq!(charged.len(), 1);
    assert_eq!(charged[0]["amount"], new_quote["amounts"]["totalPence"]);
}

#[tokio::test]
async fn bad_input_names_the_field_and_changes_nothing() {
    let app = spawn_app().await;
    let (cart, _, _) = cart_with_phone(&app, 1).await;
    let events = app.event_count().await;
    let with = |customer: Value, shipping: &str| json!({ "cartId": cart, "shippingOption": shipping, "quoteVersion": "q0", "customerInfo": customer });

    let mut empty = customer();
    for field in ["email", "firstName", "lastName", "phone"] {
        empty[field] = json!("  ");
    }
    empty["address"] = json!({ "line1": "", "city": "", "postalCode": "", "country": "GB" });
    let refused = app.send(Method::POST, "/api/hardware-orders", Some(with(empty, "economy"))).await;
    let refused = expect_error(refused, StatusCode::UNPROCESSABLE_ENTITY, "invalid_fields").await;
    assert_eq!(
        refused["fieldErrors"],
        json!({
            "email": "Email is required", "firstName": "First name is required", "lastName": "Last name is required",
            "phone": "Phone number is required", "line1": "Address line 1 is required", "city": "City is required",
            "postalCode": "Postal code is required",
        })
    );
    let mut wrong = customer();
    wrong["email"] = json!("jo@");
    wrong["address"]["postalCode"] = json!("12345");
    let refused = app.send(Method::POST, "/api/hardware-orders", Some(with(wrong, "economy"))).await;
    let refused = expect_error(refused, StatusCode::UNPROCESSABLE_ENTITY, "invalid_fields").await;
    assert_eq!(
        refused["fieldErrors"],
        json!({ "email": "Email is invalid", "postalCode": "Please enter a valid UK postal code" })
    );
    let mut abroad = customer();
    abroad["address"]["country"] = json!("FR");
    let refused = app.send(Method::POST, "/api/hardware-orders", Some(with(abroad, "economy"))).await;
    let refused = expect_error(refused, StatusCode::UNPROCESSABLE_ENTITY, "invalid_fields").await;
    assert_eq!(refused["fieldErrors"]["country"], "Please choose United Kingdom or Ireland.");

    let refused = app.send(Method::POST, "/api/hardware-orders", Some(with(customer(), "drone"))).await;
    expect_error(refused, StatusCode::UNPROCESSABLE_ENTITY, "invalid_shipping_option").await;
    let unknown = json!({
        "cartId": uuid::Uuid::new_v4(), "shippingOption": "economy", "quoteVersion": "q0", "customerInfo": customer(),
    });
    expect_error(
        app.send(Method::POST, "/api/hardware-orders", Some(unknown)).await,
        StatusCode::NOT_FOUND,
        "cart_not_found",
    )
    .await;
    let empty_cart = app.create_cart().await;
    let events = events + 1;
    let refused = app
        .send(
            Method::POST,
            "/api/hardware-orders",
            Some(json!({ "cartId": empty_cart, "shippingOption": "economy", "quoteVersion": "q0", "customerInfo": customer() })),
        )
        .await;
    expect_error(refused, StatusCode::UNPROCESSABLE_ENTITY, "no_hardware").await;
    let refused = app.send_raw(Method::POST, "/api/hardware-orders", "{\"cartId\": ").await;
    expect_error(refused, StatusCode::BAD_REQUEST, "malformed_json").await;
    let refused =
        app.send(Method::POST, "/api/hardware-orders", Some(json!({ "cartId": 7, "shippingOption": "economy" }))).await;
    expect_error(refused, StatusCode::UNPROCESSABLE_ENTITY, "invalid_body").await;
    assert_eq!(app.event_count().await, events, "nothing stored");

    // The payment calls: unknown orders and payments, a card that is not the order's.
    let (id, secret, _) = placed(&app, &cart, "economy").await;
    let missing = pay(&app, &uuid::Uuid::new_v4().to_string(), &secret, "pm_123", 0).await;
    expect_error(missing, StatusCode::NOT_FOUND, "hardware_order_not_found").await;
    expect_error(pay(&app, &id, "wrong", "pm_123", 0).await, StatusCode::FORBIDDEN, "order_secret_mismatch").await;
    let refused = expect_error(
        pay(&app, &id, &secret, "not a card", 0).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "invalid_fields",
    )
    .await;
    assert!(refused["fieldErrors"]["payment_method_id"].is_string(), "{refused}");
    let events = app.event_count().await;
    let climbing = confirm(&app, &id, &secret, "pi_x/../../v1/customers/cus_1?expand[]=x").await;
    let refused = expect_error(climbing, StatusCode::UNPROCESSABLE_ENTITY, "invalid_fields").await;
    assert!(refused["fieldErrors"]["paymentIntentId"].is_string(), "{refused}");
    assert_eq!(app.event_count().await, events, "the order is as it was");
    let unknown_payment = confirm(&app, &id, &secret, "pi_doesnotexist").await;
    expect_error(unknown_payment, StatusCode::NOT_FOUND, "payment_not_found").await;
}

#[tokio::test]
async fn a_signed_webhook_confirms_an_order_whose_browser_went_away_and_a_forged_one_changes_nothing() {
    use crate::hardening::{signed, webhook};
    const SECRET: &str = "whsec_hardware";
    let app = crate::helpers::spawn_app_with(|c| {
        c.payments.webhook_secret = Some(api::platform::config::Secret::new(SECRET))
    })
    .await;
    let event = |id: &str, payment: &str| {
        json!({ "id": id, "type": "payment_intent.succeeded", "data": { "object": { "id": payment, "status": "succeeded" } } })
            .to_string()
    };

    // 3-D Secure asked and never done: an event claiming success is checked with Stripe and ignored.
    let (cart, _, _) = cart_with_phone(&app, 1).await;
    let (waiting, waiting_secret, _) = placed(&app, &cart, "economy").await;
    let (method, _) = card(&app, &waiting, &waiting_secret, THREE_D_SECURE).await;
    let asked = expect_ok(pay(&app, &waiting, &waiting_secret, &method, 0).await).await;
    let forged = event("evt_hw_forged", asked["payment_intent_id"].as_str().unwrap());
    let answer = expect_ok(webhook(&app, &forged, Some(signed(&forged, SECRET))).await).await;
    assert_eq!(answer["handled"], false);
    assert_eq!(view(&app, &waiting, &waiting_secret).await["status"], "placed");

    // Paid, then the browser closed before confirming: the event confirms it, once.
    let (cart, _, _) = cart_with_phone(&app, 1).await;
    let (id, secret, _) = placed(&app, &cart, "standard").await;
    let (method, _) = card(&app, &id, &secret, OK_CARD).await;
    let paid = expect_ok(pay(&app, &id, &secret, &method, 0).await).await;
    let body = event("evt_hw_paid", paid["payment_intent_id"].as_str().unwrap());
    let unsigned = webhook(&app, &body, None).await;
    assert_eq!(unsigned.status(), StatusCode::BAD_REQUEST);
    assert_eq!(view(&app, &id, &secret).await["status"], "paid");
    let answer = expect_ok(webhook(&app, &body, Some(signed(&body, SECRET))).await).await;
    assert_eq!(answer["handled"], true);
    let again = expect_ok(webhook(&app, &body, Some(signed(&body, SECRET))).await).await;
    assert_eq!(again["duplicate"], true);
    assert_eq!(view(&app, &id, &secret).await["status"], "confirmed");
    assert_eq!(mails(&app, &id).await, 1);
}

#[tokio::test]
async fn the_cart_total_adds_up_to_what_each_checkout_charges_to_the_penny() {
    let app = spawn_app().await;
    let vat = |net: i64| (net * 20 + 50) / 100;

    // Phones only: the cart's total is the phones with their VAT, as the hardware checkout
    // prices them before shipping.
    let (cart, unit, _) = cart_with_phone(&app, 2).await;
    let totals = expect_ok(app.get(&format!("/api/carts/{cart}")).await).await["totals"].clone();
    let quote = expect_ok(app.get(&format!("/api/hardware-checkout/quote?cartId={cart}")).await).await;
    assert_eq!(totals["hardwarePence"], unit * 2);
    assert_eq!(totals["hardwareVatPence"], vat(unit * 2));
    assert_eq!(totals["cartVatPence"], vat(unit * 2));
    assert_eq!(totals["serviceDueTodayPence"], 0);
    assert_eq!(totals["cartTotalIncVatPence"], quote["amounts"]["totalPence"]);

    // Services and phones: the service checkout charges the services due today, the
    // hardware checkout the phones; the cart's total is the two together. (Choosing a plan
    // starts the cart's services afresh, so the plan comes first.)
    let mixed = app.create_cart().await;
    let package = json!({ "plan": "singleUser", "billingCycle": "monthly", "quantity": 1 });
    expect_ok(app.send(Method::PUT, &format!("/api/carts/{mixed}/package"), Some(package)).await).await;
    let all: Value = app.get("/api/hardware/").await.json().await.unwrap();
    let phone = all["items"].as_array().unwrap().iter().find(|i| i["inStock"] == true).unwrap().clone();
    let body = json!({ "productId": phone["id"], "quantity": 2 });
    expect_ok(app.send(Method::POST, &format!("/api/carts/{mixed}/hardware"), Some(body)).await).await;
    let totals = expect_ok(app.get(&format!("/api/carts/{mixed}")).await).await["totals"].clone();
    let quote = expect_ok(app.get(&format!("/api/hardware-checkout/quote?cartId={mixed}")).await).await;
    let body = json!({ "cartId": mixed, "customerInfo": crate::checkout::customer_info("mixed@example.com") });
    let intent = expect_ok(app.send(Method::POST, "/api/create-payment-intent/", Some(body)).await).await;
    let service_charge = intent["calculatedAmounts"]["grandTotalIncVAT"].as_i64().unwrap();
    assert!(service_charge > 0);
    assert_eq!(totals["serviceDueTodayPence"], service_charge);
    assert_eq!(totals["hardwareTotalIncVatPence"], quote["amounts"]["totalPence"]);
    let sum = service_charge + quote["amounts"]["totalPence"].as_i64().unwrap();
    assert_eq!(totals["cartTotalIncVatPence"], sum);
    assert_eq!(totals["cartVatPence"], totals["serviceVatPence"].as_i64().unwrap() + vat(unit * 2));
}

#[tokio::test]
async fn another_card_during_3_d_secure_cancels_the_first_payment_so_only_one_can_charge() {
    let app = spawn_app().await;
    let (cart, _, _) = cart_with_phone(&app, 1).await;
    let (id, secret, _) = placed(&app, &cart, "economy").await;
    let (asking_card, customer) = card(&app, &id, &secret, THREE_D_SECURE).await;
    let asked = expect_ok(pay(&app, &id, &secret, &asking_card, 0).await).await;
    assert_eq!(asked["requires_action"], true);
    let first = asked["payment_intent_id"].as_str().unwrap().to_string();

    // The buyer gives up on 3-D Secure and uses another card.
    let (other_card, _) = card(&app, &id, &secret, OK_CARD).await;
    let paid = expect_ok(pay(&app, &id, &secret, &other_card, 0).await).await;
    assert_eq!(paid["status"], "succeeded");
    assert_ne!(paid["payment_intent_id"], first);
    let abandoned = stripe(Method::GET, &format!("/payment_intents/{first}"), "").await;
    assert_eq!(abandoned["status"], "canceled", "{abandoned}");
    // Authenticating the first one afterwards charges nothing more.
    authenticate(asked["client_secret"].as_str().unwrap()).await;
    assert_eq!(charges(&customer).await.iter().filter(|c| c["status"] == "succeeded").count(), 1);
}
