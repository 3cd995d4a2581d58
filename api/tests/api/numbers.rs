use std::collections::HashSet;
use std::sync::Arc;

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::helpers::{expect_error, expect_ok, spawn_app, TestApp};

async fn search(app: &TestApp, query: &str) -> Value {
    expect_ok(app.get(&format!("/api/available_numbers/?{query}")).await).await
}

fn values(page: &Value) -> Vec<String> {
    page["numbers"].as_array().unwrap().iter().map(|n| n["value"].as_str().unwrap().to_string()).collect()
}

async fn add_number(app: &TestApp, cart: &str, value: &str) -> reqwest::Response {
    app.send(Method::POST, &format!("/api/carts/{cart}/numbers"), Some(json!({ "value": value }))).await
}

#[tokio::test]
async fn searches_by_every_parameter() {
    let app = spawn_app().await;
    let page = search(&app, "country_code=GB&areaCode=0161&per_page=50&page=1").await;
    assert_eq!(page["total_numbers"], 1000);
    assert_eq!(page["total_pages"], 20);
    assert_eq!(page["current_page"], 1);
    let first = &page["numbers"][0];
    assert_eq!(first["value"], "441614960000");
    assert_eq!(first["displayValue"], "01614 960000");
    assert_eq!(first["numberType"], "geographic");
    assert_eq!(first["monthlyPence"], 200);

    // GB area codes get their leading 0.
    assert_eq!(search(&app, "country_code=GB&areaCode=161").await["total_numbers"], 1000);
    // Types, UK mobile prefixes.
    assert_eq!(search(&app, "country_code=GB&numberType=freephone").await["total_numbers"], 1000);
    assert_eq!(search(&app, "country_code=GB&areaCode=0808").await["numbers"][0]["displayValue"], "0808 157 0000");
    let mobiles = search(&app, "country_code=GB&numberType=mobile&mobile_prefix=077").await;
    assert_eq!(mobiles["total_numbers"], 1000);
    assert_eq!(mobiles["numbers"][0]["monthlyPence"], 499);
    assert_eq!(search(&app, "country_code=GB&numberType=mobile&mobile_prefix=074").await["total_numbers"], 0);
    assert_eq!(search(&app, "country_code=GB&numberType=mobile&mobile_prefix=07").await["total_numbers"], 1000);
    // Abroad: digits only, exact area codes; toll-free priced £4.50.
    let us = search(&app, "country_code=US&areaCode=(212)&per_page=20").await;
    assert_eq!(
        (us["total_numbers"].as_i64(), us["numbers"][0]["displayValue"].as_str()),
        (Some(100), Some("+1 212-555-0100"))
    );
    let fr = search(&app, "country_code=FR&numberType=toll-free").await;
    assert_eq!(fr["total_numbers"], 100);
    assert_eq!(fr["numbers"][0]["monthlyPence"], 450);
    assert_eq!(fr["numbers"][0]["isDemo"], true);
    assert_eq!(search(&app, "country_code=FR&numberType=local&areaCode=1").await["numbers"][0]["monthlyPence"], 350);
    // Free-trial numbers are not sold in searches.
    let no_area = search(&app, "country_code=GB&areaCode=01632&per_page=100").await;
    assert_eq!(no_area["total_numbers"], 950);
    // A prefix longer than the area code (020 7946 01xx).
    let narrow = search(&app, "country_code=GB&areaCode=020794601&per_page=100").await;
    assert_eq!(narrow["total_numbers"], 100);
    assert!(values(&narrow).iter().all(|v| v.starts_with("4420794601")));
    assert_eq!(values(&narrow).len(), 100);
    // An area code without stock is an empty page, not an error.
    let empty = search(&app, "country_code=GB&areaCode=01202").await;
    assert_eq!((empty["total_numbers"].as_i64(), empty["total_pages"].as_i64()), (Some(0), Some(0)));
    // Without the trailing slash too.
    assert_eq!(expect_ok(app.get("/api/available_numbers?country_code=CA").await).await["total_numbers"], 200);
}

#[tokio::test]
async fn pages_never_repeat_or_skip_a_number() {
    let app = spawn_app().await;
    let mut seen = Vec::new();
    for page in 1..=10 {
        let found = search(&app, &format!("country_code=GB&areaCode=020&per_page=100&page={page}")).await;
        seen.extend(values(&found));
    }
    assert_eq!(seen.len(), 1000);
    assert_eq!(seen.iter().collect::<HashSet<_>>().len(), 1000);
    let mut sorted = seen.clone();
    sorted.sort();
    assert_eq!(seen, sorted);
    let beyond = search(&app, "country_code=GB&areaCode=020&per_page=100&page=11").await;
    assert_eq!(values(&beyond).len(), 0);
}

#[tokio::test]
async fn bad_search_parameters_are_refused() {
    let app = spawn_app().await;
    for query in [
        "page=0",
        "page=-1",
        "page=abc",
        "per_page=0",
        "per_page=101",
        "per_page=1.5",
        "country_code=XX",
        "numberType=fax",
        "areaCode=01a",
        "mobile_prefix=07777777777",
        // Only what the document's patterns allow: spaces around a value, no other whitespace
        // (a tab, a newline), and codes and types in the case it lists.
        "country_code=Gb",
        "numberType=Mobile",
        "areaCode=%090161",
        "mobile_prefix=%0A077",
        "after=%0A",
    ] {
        let body = expect_error(
            app.get(&format!("/api/available_numbers/?{query}")).await,
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid_query",
        )
        .await;
        let name = query.split('=').next().unwrap();
        assert!(body["error"].as_str().unwrap().contains(name), "{query}: {body}");
    }
}

#[tokio::test]
async fn a_number_in_a_cart_is_reserved_and_released() {
    let app = spawn_app().await;
    let (first, second) = (app.create_cart().await, app.create_cart().await);
    let number = "441614960005";
    let cart = expect_ok(add_number(&app, &first, number).await).await;
    // The stock describes the number, not the browser.
    assert_eq!(cart["phoneNumbers"][0]["displayValue"], "01614 960005");
    assert_eq!(cart["phoneNumbers"][0]["areaCode"], "0161");
    let listed = values(&search(&app, "country_code=GB&areaCode=0161&per_page=10").await);
    assert!(!listed.contains(&number.to_string()), "a reserved number is not offered");
    assert_eq!(search(&app, "country_code=GB&areaCode=0161").await["total_numbers"], 999);

    let events = app.event_count().await;
    let taken = expect_error(add_number(&app, &second, number).await, StatusCode::CONFLICT, "number_taken").await;
    assert_eq!(taken["error"], "This number has just been taken. Please choose another.");
    assert_eq!(app.event_count().await, events, "nothing stored for the refused cart");
    assert_eq!(expect_ok(app.get(&format!("/api/carts/{second}")).await).await["phoneNumbers"], json!([]));

    // Removing it frees it for the other cart.
    expect_ok(app.send(Method::DELETE, &format!("/api/carts/{first}/numbers/{number}"), None).await).await;
    assert_eq!(search(&app, "country_code=GB&areaCode=0161").await["total_numbers"], 1000);
    expect_ok(add_number(&app, &second, number).await).await;

    // Clearing the cart frees it too; a replaced list frees what it drops.
    expect_ok(app.send(Method::POST, &format!("/api/carts/{second}/clear"), None).await).await;
    expect_ok(add_number(&app, &first, number).await).await;
    let replaced = json!({ "numbers": [{ "value": "441614960006" }] });
    expect_ok(app.send(Method::PUT, &format!("/api/carts/{first}/numbers"), Some(replaced)).await).await;
    expect_ok(add_number(&app, &second, number).await).await;
    let blocked = json!({ "numbers": [{ "value": "441614960006" }, { "value": number }] });
    let refused = app.send(Method::PUT, &format!("/api/carts/{first}/numbers"), Some(blocked)).await;
    expect_error(refused, StatusCode::CONFLICT, "number_taken").await;
    let cart = expect_ok(app.get(&format!("/api/carts/{first}")).await).await;
    assert_eq!(cart["phoneNumbers"].as_array().unwrap().len(), 1, "the refused replacement changed nothing");
}

#[tokio::test]
async fn transfers_and_placeholders_are_not_reserved() {
    let app = spawn_app().await;
    let cart = app.create_cart().await;
    let body = json!({ "value": "  0161 496 0001 ", "isTransfer": true });
    let answer = expect_ok(app.send(Method::POST, &format!("/api/carts/{cart}/numbers"), Some(body)).await).await;
    assert_eq!(answer["phoneNumbers"][0]["value"], "01614960001");
    let placeholder = json!({ "value": "placeholder-01202", "isPlaceholder": true, "areaCode": "01202" });
    expect_ok(app.send(Method::POST, &format!("/api/carts/{cart}/numbers"), Some(placeholder)).await).await;
    assert_eq!(search(&app, "country_code=GB&areaCode=0161").await["total_numbers"], 1000);
    let refused = app
        .send(
            Method::POST,
            &format!("/api/carts/{cart}/numbers"),
            Some(json!({ "value": "0909 879 0000", "isTransfer": true })),
        )
        .await;
    let body = expect_error(refused, StatusCode::UNPROCESSABLE_ENTITY, "invalid_phone_number").await;
    assert_eq!(body["error"], "Only UK numbers starting 01, 02, 03, 07, 0800, 0808, 0845 or 0870 can be transferred.");
}

#[tokio::test]
async fn a_mobile_transfer_needs_its_pac_and_only_a_mobile_transfer_takes_one() {
    let app = spawn_app().await;
    let cart = app.create_cart().await;
    let path = format!("/api/carts/{cart}/numbers");
    let add = |body: serde_json::Value| app.send(Method::POST, &path, Some(body));
    let refusals = [
        (json!({ "value": "07700 900123", "isTransfer": true }), "pac_required"),
        (json!({ "value": "07700 900123", "isTransfer": true, "pac": "  " }), "pac_required"),
        (json!({ "value": "07700 900123", "isTransfer": true, "pac": "XY1234567" }), "invalid_pac"),
        (json!({ "value": "07700 900123", "isTransfer": true, "pac": "XYZ12345" }), "invalid_pac"),
        (json!({ "value": "020 7946 0123", "isTransfer": true, "pac": "ABC123456" }), "pac_not_for_this_number"),
        (json!({ "value": "447700900042", "pac": "ABC123456" }), "pac_not_for_this_number"),
        (json!({ "value": "+33 1 23 45 67 89", "isTransfer": true }), "international_transfer"),
    ];
    for (body, code) in refusals {
        let answer = expect_error(add(body.clone()).await, StatusCode::UNPROCESSABLE_ENTITY, code).await;
        let message = answer["error"].as_str().unwrap();
        let typed = body["pac"].as_str().map(str::trim).unwrap_or_default();
        assert!(typed.is_empty() || !message.contains(typed), "{body}: the PAC is not echoed: {message}");
    }
    let answer = expect_error(
        add(json!({ "value": "07700 900123", "isTransfer": true })).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "pac_required",
    )
    .await;
    assert_eq!(
        answer["error"],
        "A mobile number moves with its PAC code: text PAC to 65075 from the phone to get it, then enter it here."
    );
    assert_eq!(expect_ok(app.get(&format!("/api/carts/{cart}")).await).await["phoneNumbers"], json!([]));

    // Accepted in lower case with spaces; stored upper case, and never served back.
    let events = app.event_count().await;
    let accepted =
        expect_ok(add(json!({ "value": "+44 7700 900123", "isTransfer": true, "pac": "abc 123 456" })).await).await;
    let line = &accepted["phoneNumbers"][0];
    assert_eq!(
        (&line["value"], &line["numberType"], &line["isTransfer"]),
        (&json!("07700900123"), &json!("mobile"), &json!(true))
    );
    assert!(line.get("pac").is_none(), "{line}");
    assert!(!accepted.to_string().contains("ABC123456"));
    assert_eq!(app.event_count().await, events + 1);
    let stored: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM events WHERE aggregate_id = $1 AND event_type = 'NumberAdded' AND payload::text LIKE '%ABC123456%'",
    )
    .bind(&cart)
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(stored, 1, "the PAC is the cart's data, in its event");
}

#[tokio::test]
async fn fifty_carts_racing_for_one_number_leave_exactly_one_winner() {
    let app = Arc::new(spawn_app().await);
    let mut carts = Vec::new();
    for _ in 0..50 {
        carts.push(app.create_cart().await);
    }
    let number = "447700900042";
    let tasks: Vec<_> = carts
        .iter()
        .cloned()
        .map(|cart| {
            let app = app.clone();
            tokio::spawn(async move {
                let response = add_number(&app, &cart, number).await;
                let status = response.status();
                let body: Value = response.json().await.unwrap();
                (cart, status, body)
            })
        })
        .collect();
    let mut winners = Vec::new();
    for task in tasks {
        let (cart, status, body) = task.await.unwrap();
        match status {
            StatusCode::OK => winners.push(cart),
            StatusCode::CONFLICT => assert_eq!(body["code"], "number_taken", "{body}"),
            other => panic!("unexpected {other}: {body}"),
        }
    }
    assert_eq!(winners.len(), 1, "exactly one cart holds the number");
    let mut holding = 0;
    for cart in &carts {
        let view = expect_ok(app.get(&format!("/api/carts/{cart}")).await).await;
        holding += view["phoneNumbers"].as_array().unwrap().len();
    }
    assert_eq!(holding, 1, "only the winner's cart lists it");
    let held_by: String = sqlx::query_scalar("SELECT held_by FROM number_inventory WHERE value = $1")
        .bind(number)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(held_by, winners[0]);
}

#[tokio::test]
async fn the_free_trial_pool_is_listed() {
    let app = spawn_app().await;
    let body = expect_ok(app.get("/api/free-did-numbers/").await).await;
    let numbers = body["numbers"].as_array().unwrap();
    assert_eq!(numbers.len(), 50);
    assert_eq!(numbers[0]["value"], "441632960000");
    assert_eq!(numbers[0]["displayValue"], "01632 960000");
    assert_eq!(expect_ok(app.get("/api/free-did-numbers").await).await, body);
}

#[tokio::test]
async fn a_cart_holds_at_most_ten_numbers_of_the_stock() {
    let app = spawn_app().await;
    let cart = app.create_cart().await;
    for i in 0..10 {
        expect_ok(add_number(&app, &cart, &format!("4420794600{i:02}")).await).await;
    }
    let events = app.event_count().await;
    let refused = expect_error(
        add_number(&app, &cart, "442079460010").await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "too_many_numbers",
    )
    .await;
    assert_eq!(refused["error"], "A cart can hold at most 10 numbers. Remove one to add another.");
    assert_eq!(app.event_count().await, events, "the eleventh was not even reserved");
    let status: String = sqlx::query_scalar("SELECT status FROM number_inventory WHERE value = '442079460010'")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(status, "available");
    // A ported number holds no stock: still welcome.
    let transfer = json!({ "value": "0161 496 0001", "isTransfer": true });
    expect_ok(app.send(Method::POST, &format!("/api/carts/{cart}/numbers"), Some(transfer)).await).await;
    // A replaced list of eleven is refused before anything is reserved.
    let other = app.create_cart().await;
    let eleven: Vec<Value> = (20..31).map(|i| json!({ "value": format!("4420794600{i:02}") })).collect();
    let replaced =
        app.send(Method::PUT, &format!("/api/carts/{other}/numbers"), Some(json!({ "numbers": eleven }))).await;
    expect_error(replaced, StatusCode::UNPROCESSABLE_ENTITY, "too_many_numbers").await;
    assert_eq!(search(&app, "country_code=GB&areaCode=020").await["total_numbers"], 990);
}

async fn add_number_from(app: &TestApp, address: &str, cart: &str, value: &str) -> reqwest::Response {
    app.client
        .post(app.url(&format!("/api/carts/{cart}/numbers")))
        .header("x-forwarded-for", address)
        .json(&json!({ "value": value }))
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn one_address_holds_numbers_in_at_most_five_carts() {
    let app = crate::helpers::spawn_app_with(|config| config.trusted_proxy = true).await;
    let mut carts = Vec::new();
    for i in 0..5 {
        let cart = app.create_cart().await;
        expect_ok(add_number_from(&app, "203.0.113.9", &cart, &format!("4411349600{i:02}")).await).await;
        // More numbers in a cart that already holds some are fine.
        expect_ok(add_number_from(&app, "203.0.113.9", &cart, &format!("4411349601{i:02}")).await).await;
        carts.push(cart);
    }
    let sixth = app.create_cart().await;
    let refused = expect_error(
        add_number_from(&app, "203.0.113.9", &sixth, "441134960099").await,
        StatusCode::TOO_MANY_REQUESTS,
        "too_many_carts",
    )
    .await;
    assert_eq!(
        refused["error"],
        "Too many carts are holding numbers from your connection. Finish or empty one, or wait 30 minutes."
    );
    let status: String = sqlx::query_scalar("SELECT status FROM number_inventory WHERE value = '441134960099'")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(status, "available", "the refused cart holds nothing");
    assert_eq!(expect_ok(app.get(&format!("/api/carts/{sixth}")).await).await["phoneNumbers"], json!([]));
    // Another address is not affected.
    expect_ok(add_number_from(&app, "198.51.100.4", &sixth, "441134960099").await).await;
    let recorded: String = sqlx::query_scalar("SELECT address FROM cart_reservation_sources WHERE cart_id = $1")
        .bind(&sixth)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(recorded, "198.51.100.4");
    // Emptying one of the five lets a new cart of the first address reserve.
    expect_ok(app.send(Method::POST, &format!("/api/carts/{}/clear", carts[0]), None).await).await;
    let seventh = app.create_cart().await;
    expect_ok(add_number_from(&app, "203.0.113.9", &seventh, "441134960098").await).await;
    let eighth = app.create_cart().await;
    expect_error(
        add_number_from(&app, "203.0.113.9", &eighth, "441134960097").await,
        StatusCode::TOO_MANY_REQUESTS,
        "too_many_carts",
    )
    .await;
}

/// Keyset paging (`after`): the next page starts right after the last number shown, however
/// many numbers were added before it meanwhile; the old `page` alone (OFFSET) shifts.
#[tokio::test]
async fn a_keyset_page_stays_in_place_while_numbers_are_added_before_it() {
    let app = spawn_app().await;
    let first = expect_ok(app.get("/api/available_numbers/?areaCode=0161&per_page=5").await).await;
    let after = first["next_after"].as_str().unwrap().to_string();
    assert_eq!(first["numbers"][4]["national"].as_str(), Some(after.as_str()));
    sqlx::query(
        "INSERT INTO number_inventory (value, country, number_type, area_code, national)
         VALUES ('441610000001', 'GB', 'geographic', '0161', '01610000001'),
                ('441610000002', 'GB', 'geographic', '0161', '01610000002')",
    )
    .execute(&app.pool)
    .await
    .unwrap();
    let next = format!("/api/available_numbers/?areaCode=0161&per_page=5&page=2&after={after}");
    let second = expect_ok(app.get(&next).await).await;
    assert_eq!(second["current_page"], 2);
    let starts = second["numbers"][0]["national"].as_str().unwrap();
    assert!(starts > after.as_str(), "{starts} follows {after}");
    let by_offset = expect_ok(app.get("/api/available_numbers/?areaCode=0161&per_page=5&page=2").await).await;
    let repeated =
        by_offset["numbers"].as_array().unwrap().iter().any(|n| n["national"].as_str() == Some(after.as_str()));
    assert!(repeated, "OFFSET shows a number of page 1 again: {by_offset}");
}

/// Without `after`, a page reaches at most 2,000 numbers deep (`page * per_page`); deeper
/// pages are refused with the way on, and `after` still reaches every number.
#[tokio::test]
async fn page_goes_2000_numbers_deep_and_after_goes_further() {
    let app = spawn_app().await;
    // The keyset walk over the whole GB stock, 100 at a time.
    let mut walked: Vec<String> = Vec::new();
    let mut after: Option<String> = None;
    for page in 1.. {
        let query = match &after {
            None => "country_code=GB&per_page=100".to_string(),
            Some(after) => format!("country_code=GB&per_page=100&page={page}&after={after}"),
        };
        let found = search(&app, &query).await;
        assert_eq!(found["current_page"], page);
        walked.extend(values(&found));
        match found["next_after"].as_str() {
            Some(next) => after = Some(next.to_string()),
            None => break,
        }
    }
    let total = search(&app, "country_code=GB&per_page=1").await["total_numbers"].as_u64().unwrap() as usize;
    assert!(total > 2_500, "the stock goes deeper than page alone may: {total}");
    assert_eq!(walked.len(), total, "after reaches every number");
    assert_eq!(walked.iter().collect::<HashSet<_>>().len(), total);

    // The deepest page allowed without after, at 20 and at 100 per page: the same numbers.
    let last = search(&app, "country_code=GB&per_page=20&page=100").await;
    assert_eq!(values(&last), walked[1_980..2_000]);
    assert!(last["next_after"].is_string());
    let last = search(&app, "country_code=GB&per_page=100&page=20").await;
    assert_eq!(values(&last), walked[1_900..2_000]);
    // One page more is refused, saying how to go on.
    for (query, deepest) in
        [("per_page=20&page=101", "100 at 20 per page"), ("per_page=100&page=21", "20 at 100 per page")]
    {
        let refused = app.get(&format!("/api/available_numbers/?country_code=GB&{query}")).await;
        let body = expect_error(refused, StatusCode::UNPROCESSABLE_ENTITY, "invalid_query").await;
        let message = body["error"].as_str().unwrap();
        assert!(message.contains(deepest) && message.contains("next_after"), "{query}: {message}");
    }
    // With after, any page number: the page starts after the number given.
    let deep = &walked[2_499];
    let national = expect_ok(
        app.get(&format!("/api/available_numbers/?country_code=GB&per_page=20&page=126&after={}", national_of(deep)))
            .await,
    )
    .await;
    assert_eq!(national["current_page"], 126);
    assert_eq!(values(&national), walked[2_500..2_520]);
}

/// The national number of a GB value (`44` and the number without its 0).
fn national_of(value: &str) -> String {
    format!("0{}", value.strip_prefix("44").unwrap())
}

async fn choose_plan(app: &TestApp, cart: &str, plan: &str) {
    let body = json!({ "plan": plan, "billingCycle": "monthly", "quantity": if plan == "multiUser" { 4 } else { 1 } });
    expect_ok(app.send(Method::PUT, &format!("/api/carts/{cart}/package"), Some(body)).await).await;
}

/// The first number of a page of 0161 numbers, priced for `cart` (or for no cart).
async fn first_priced(app: &TestApp, cart: Option<&str>) -> (Value, Option<String>) {
    let query = match cart {
        Some(cart) => format!("/api/available_numbers/?country_code=GB&areaCode=0161&per_page=5&cartId={cart}"),
        None => "/api/available_numbers/?country_code=GB&areaCode=0161&per_page=5".to_string(),
    };
    let response = app.get(&query).await;
    let cache = response.headers().get("cache-control").map(|v| v.to_str().unwrap().to_string());
    let page = expect_ok(response).await;
    (page["numbers"][0].clone(), cache)
}

#[tokio::test]
async fn the_search_prices_each_number_for_the_buyers_cart_as_the_cart_charges_it() {
    let app = spawn_app().await;
    // No cart, a cart without a plan, an unknown cart, a malformed id: the default, £2.00.
    let (none, cache) = first_priced(&app, None).await;
    assert_eq!((none["monthlyPence"].as_i64(), none["included"].as_bool()), (Some(200), Some(false)));
    assert_eq!(cache, None, "the cart-less answer is the same for everyone");
    let empty = app.create_cart().await;
    for cart in [empty.as_str(), "7b0f5a8e-0000-4000-8000-000000000000", "not-a-cart"] {
        let (number, cache) = first_priced(&app, Some(cart)).await;
        assert_eq!((number["monthlyPence"].as_i64(), number["included"].as_bool()), (Some(200), Some(false)), "{cart}");
        assert_eq!(cache.as_deref(), Some("private, no-store"), "{cart}");
    }

    // Pay As You Go: £2.50 on the card, and £2.50 in the cart.
    let payg = app.create_cart().await;
    choose_plan(&app, &payg, "payAsYouGo").await;
    let (number, cache) = first_priced(&app, Some(&payg)).await;
    assert_eq!((number["monthlyPence"].as_i64(), number["included"].as_bool()), (Some(250), Some(false)));
    assert_eq!(cache.as_deref(), Some("private, no-store"), "a per-cart answer is never shared");
    let cart = expect_ok(add_number(&app, &payg, number["value"].as_str().unwrap()).await).await;
    assert_eq!(
        (cart["phoneNumbers"][0]["pricePence"].as_i64(), cart["phoneNumbers"][0]["free"].as_bool()),
        (Some(250), Some(false))
    );
    assert_eq!(cart["totals"]["numbersPence"], 250);
    assert_eq!(cart["totals"]["subscriptionSubtotalPence"], 250);
    // Meanwhile a buyer without a cart is still shown £2.00: nothing cached crossed over.
    assert_eq!(first_priced(&app, None).await.0["monthlyPence"], 200);

    // Single User: the first number is included, the next £2.00, as the cart charges them.
    let single = app.create_cart().await;
    choose_plan(&app, &single, "singleUser").await;
    let (first, _) = first_priced(&app, Some(&single)).await;
    assert_eq!((first["monthlyPence"].as_i64(), first["included"].as_bool()), (Some(200), Some(true)));
    let cart = expect_ok(add_number(&app, &single, first["value"].as_str().unwrap()).await).await;
    assert_eq!(
        (cart["phoneNumbers"][0]["pricePence"].as_i64(), cart["phoneNumbers"][0]["free"].as_bool()),
        (Some(0), Some(true))
    );
    assert_eq!(cart["nextNumberIncluded"], false);
    let (second, _) = first_priced(&app, Some(&single)).await;
    assert_eq!((second["monthlyPence"].as_i64(), second["included"].as_bool()), (Some(200), Some(false)));
    let cart = expect_ok(add_number(&app, &single, second["value"].as_str().unwrap()).await).await;
    assert_eq!(
        (cart["phoneNumbers"][1]["pricePence"].as_i64(), cart["phoneNumbers"][1]["free"].as_bool()),
        (Some(200), Some(false))
    );
    assert_eq!(cart["totals"]["numbersPence"], 200);

    // Multi User includes two; a UK mobile is £4.99 beyond them whatever the plan.
    let multi = app.create_cart().await;
    choose_plan(&app, &multi, "multiUser").await;
    let mobiles = expect_ok(
        app.get(&format!("/api/available_numbers/?country_code=GB&numberType=mobile&per_page=3&cartId={multi}")).await,
    )
    .await;
    assert_eq!(mobiles["numbers"][0]["monthlyPence"], 499);
    assert_eq!(mobiles["numbers"][0]["included"], true);
    for (i, expected) in [(0, 0), (1, 0), (2, 499)] {
        let cart = expect_ok(add_number(&app, &multi, mobiles["numbers"][i]["value"].as_str().unwrap()).await).await;
        assert_eq!(cart["phoneNumbers"][i]["pricePence"], expected, "mobile number {}", i + 1);
    }
}
