//! Quote requests: each field checked, the honeypot and the rate limit store nothing, the
//! sales mailbox and the buyer are e-mailed, and staff mark a request answered.

use api::app::auth::Role;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::hardware_routes::{as_staff, sign_in};
use crate::helpers::{expect_error, expect_ok, spawn_app, TestApp};

fn request(email: &str) -> Value {
    json!({
        "name": "Jane Smith", "company": "Acme Plumbing Ltd", "email": email, "phone": "020 7946 0000",
        "postcode": "sw1a1aa", "product": "leasedLine", "speed": "1gbps", "sites": 3,
        "message": "Two offices in London and one in Leeds."
    })
}

async fn send(app: &TestApp, body: Value) -> reqwest::Response {
    app.send(Method::POST, "/api/quote-requests", Some(body)).await
}

async fn stored(app: &TestApp) -> (i64, i64) {
    let events: i64 = sqlx::query_scalar("SELECT count(*) FROM events WHERE aggregate_type = 'QuoteRequest'")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    let mails: i64 =
        sqlx::query_scalar("SELECT count(*) FROM outbox WHERE kind LIKE 'quote%'").fetch_one(&app.pool).await.unwrap();
    (events, mails)
}

#[tokio::test]
async fn a_quote_request_is_recorded_and_both_sides_are_e_mailed() {
    let app = spawn_app().await;
    let answer = send(&app, request("Jane@Acme.example")).await;
    assert_eq!(answer.status(), StatusCode::CREATED);
    let received: Value = answer.json().await.unwrap();
    let id = received["requestId"].as_str().unwrap().to_string();
    let promise = received["replyPromise"].as_str().unwrap();
    assert!(promise.starts_with("within the hour") || promise.starts_with("by 10am on "), "{promise}");

    let mails: Vec<(String, String, String)> =
        sqlx::query_as("SELECT kind, recipient, body FROM outbox WHERE reference = $1 ORDER BY kind")
            .bind(&id)
            .fetch_all(&app.pool)
            .await
            .unwrap();
    assert_eq!(mails.len(), 2);
    let (kind, recipient, body) = &mails[0];
    assert_eq!((kind.as_str(), recipient.as_str()), ("quote_acknowledgement", "jane@acme.example"));
    assert!(body.contains(promise) && body.contains("Speed: 1 Gbps") && body.contains("Postcode: SW1A 1AA"), "{body}");
    let (kind, recipient, body) = &mails[1];
    assert_eq!((kind.as_str(), recipient.as_str()), ("quote_request", "sales@talkbridge.co.uk"));
    assert!(body.contains("Two offices in London") && body.contains("/admin/quotes"), "{body}");

    // Staff see it open, with its age, and mark it answered once.
    let support = sign_in(&app, "sam@talkbridge.example", Role::Support).await;
    let list =
        expect_ok(as_staff(app.client.get(app.url("/api/admin/quote-requests")), &support).send().await.unwrap()).await;
    assert_eq!(list["open"], 1);
    let first = &list["requests"][0];
    assert_eq!(first["requestId"], id.as_str());
    assert_eq!(first["productLabel"], "Leased line");
    assert_eq!(first["sites"], 3);
    assert_eq!(first["ageMinutes"], 0);
    let path = format!("/api/admin/quote-requests/{id}/answered");
    let view = expect_ok(as_staff(app.client.post(app.url(&path)), &support).send().await.unwrap()).await;
    assert_eq!(view["answeredBy"], "sam@talkbridge.example");
    let again = as_staff(app.client.post(app.url(&path)), &support).send().await.unwrap();
    expect_error(again, StatusCode::CONFLICT, "quote_request_answered").await;
    let list =
        expect_ok(as_staff(app.client.get(app.url("/api/admin/quote-requests")), &support).send().await.unwrap()).await;
    assert_eq!((list["open"].as_i64(), list["requests"].as_array().unwrap().len()), (Some(0), 0));
    let answered = expect_ok(
        as_staff(app.client.get(app.url("/api/admin/quote-requests?status=answered")), &support).send().await.unwrap(),
    )
    .await;
    assert_eq!(answered["requests"][0]["requestId"], id.as_str());

    // Nobody signed in reads or answers them.
    assert_eq!(app.get("/api/admin/quote-requests").await.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(app.send(Method::POST, &path, None).await.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn each_invalid_field_has_its_message_and_nothing_is_stored() {
    let app = spawn_app().await;
    for (field, value, message) in [
        ("name", json!(" "), "Name is required"),
        ("company", json!(""), "Company name is required"),
        ("email", json!("jane@"), "Please enter a valid email address"),
        ("phone", json!("123"), "Please enter a valid phone number"),
        ("postcode", json!("12345"), "Please enter a valid UK postcode (e.g., SW1A 1AA)"),
        ("product", json!("satellite"), "Please choose what you would like a quote for"),
        ("speed", json!("5gbps"), "Please choose the line speed"),
        ("sites", json!(0), "Please enter the number of sites, from 1 to 50"),
        ("sites", json!(51), "Please enter the number of sites, from 1 to 50"),
        ("message", json!("x".repeat(2001)), "Please keep the message under 2,000 characters"),
    ] {
        let mut body = request("fields@example.com");
        body[field] = value;
        let refused = expect_error(send(&app, body).await, StatusCode::UNPROCESSABLE_ENTITY, "invalid_fields").await;
        assert_eq!(refused["fieldErrors"][field], message, "{field}");
    }
    // Wrong types, unknown fields and a body that is not JSON.
    let mut wrong = request("fields@example.com");
    wrong["sites"] = json!("three");
    assert_eq!(send(&app, wrong).await.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let mut unknown = request("fields@example.com");
    unknown["price"] = json!(1);
    assert_eq!(send(&app, unknown).await.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let garbled = app
        .client
        .post(app.url("/api/quote-requests"))
        .header("content-type", "application/json")
        .body("{")
        .send()
        .await
        .unwrap();
    assert_eq!(garbled.status(), StatusCode::BAD_REQUEST);
    // A speed or sites for broadband are left out, not refused.
    let mut broadband = request("fields@example.com");
    broadband["product"] = json!("broadband");
    assert_eq!(stored(&app).await, (0, 0));
    assert_eq!(send(&app, broadband).await.status(), StatusCode::CREATED);
    let view: Value =
        sqlx::query_scalar("SELECT payload::jsonb FROM quote_request_view").fetch_one(&app.pool).await.unwrap();
    assert_eq!((view["speed"].clone(), view["sites"].clone()), (Value::Null, Value::Null));
}

#[tokio::test]
async fn the_honeypot_and_the_rate_limit_store_nothing() {
    let app = spawn_app().await;
    let mut robot = request("robot@example.com");
    robot["website"] = json!("http://spam.example");
    // Answered as a person would be, so the robot learns nothing; nothing kept or sent.
    assert_eq!(send(&app, robot).await.status(), StatusCode::CREATED);
    assert_eq!(stored(&app).await, (0, 0));

    for _ in 0..3 {
        assert_eq!(send(&app, request("busy@example.com")).await.status(), StatusCode::CREATED);
    }
    let before = stored(&app).await;
    assert_eq!(before, (3, 6));
    expect_error(send(&app, request("Busy@example.com")).await, StatusCode::TOO_MANY_REQUESTS, "too_many_attempts")
        .await;
    assert_eq!(stored(&app).await, before);
}

#[tokio::test]
async fn a_quote_for_more_than_ten_numbers_carries_its_count_to_the_sales_team() {
    let app = spawn_app().await;
    let numbers = |count: Value| {
        let mut body = request("jane@acme.example");
        let fields = body.as_object_mut().unwrap();
        fields.remove("speed");
        fields.remove("sites");
        fields.insert("product".into(), json!("phoneNumbers"));
        fields.insert("numbers".into(), count);
        body
    };
    for count in [json!(null), json!(10), json!(1001)] {
        let refused =
            expect_error(send(&app, numbers(count)).await, StatusCode::UNPROCESSABLE_ENTITY, "invalid_fields").await;
        assert_eq!(refused["fieldErrors"]["numbers"], "Please enter how many numbers you need, from 11 to 1,000");
    }
    assert_eq!(stored(&app).await, (0, 0));
    let answer = send(&app, numbers(json!(11))).await;
    assert_eq!(answer.status(), StatusCode::CREATED);
    let id = answer.json::<Value>().await.unwrap()["requestId"].as_str().unwrap().to_string();
    let sales: String = sqlx::query_scalar("SELECT body FROM outbox WHERE reference = $1 AND kind = 'quote_request'")
        .bind(&id)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert!(sales.contains("Product: More than 10 phone numbers") && sales.contains("Numbers: 11"), "{sales}");
    let support = sign_in(&app, "sam@talkbridge.example", Role::Support).await;
    let list =
        expect_ok(as_staff(app.client.get(app.url("/api/admin/quote-requests")), &support).send().await.unwrap()).await;
    let listed = list["requests"].as_array().unwrap().iter().find(|r| r["requestId"] == id.as_str()).unwrap().clone();
    assert_eq!((listed["product"].as_str(), listed["numbers"].as_i64()), (Some("phoneNumbers"), Some(11)));
    // Another product takes no count (the count is dropped, as a leased line's sites are elsewhere).
    let pbx = json!({ "name": "J", "company": "A", "email": "k@acme.example", "phone": "020 7946 0000",
        "postcode": "SW1A 1AA", "product": "cloudPbx", "numbers": 40, "message": "" });
    assert_eq!(send(&app, pbx).await.status(), StatusCode::CREATED);
}

#[tokio::test]
async fn international_porting_is_quoted_for_with_the_number_in_the_message() {
    let app = spawn_app().await;
    let mut body = request("porting@acme.example");
    body["product"] = json!("internationalPorting");
    body["message"] = json!("Please quote for moving my number +33 1 23 45 67 89 to us.");
    let answer = send(&app, body).await;
    assert_eq!(answer.status(), StatusCode::CREATED);
    let sales: String = sqlx::query_scalar("SELECT subject || E'\\n' || body FROM outbox WHERE kind = 'quote_request'")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert!(sales.starts_with("Quote request: International number porting for Acme Plumbing Ltd"), "{sales}");
    assert!(sales.contains("+33 1 23 45 67 89") && !sales.contains("Speed:"), "{sales}");
}

/// A speed, sites or numbers that breaks the document's rules is refused whatever the product
/// (schemathesis sent `{"product":"broadband","speed":"fast"}`), with the field's own message;
/// a valid one the product does not use is still accepted and left out.
#[tokio::test]
async fn line_and_number_fields_are_checked_whatever_the_product() {
    let app = spawn_app().await;
    let broadband = |field: &str, value: Value| {
        let mut body = request(&format!("{field}@example.com"));
        let fields = body.as_object_mut().unwrap();
        fields.insert("product".into(), json!("broadband"));
        fields.remove("speed");
        fields.remove("sites");
        fields.insert(field.into(), value);
        body
    };
    for (field, value, message) in [
        ("speed", json!("fast"), "Please choose the line speed"),
        ("sites", json!(0), "Please enter the number of sites, from 1 to 50"),
        ("sites", json!(51), "Please enter the number of sites, from 1 to 50"),
        ("numbers", json!(10), "Please enter how many numbers you need, from 11 to 1,000"),
        ("numbers", json!(1001), "Please enter how many numbers you need, from 11 to 1,000"),
    ] {
        let refused = expect_error(
            send(&app, broadband(field, value.clone())).await,
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid_fields",
        )
        .await;
        assert_eq!(refused["fieldErrors"][field], message, "{field} {value}");
        assert_eq!(refused["fieldErrors"].as_object().unwrap().len(), 1, "{refused}");
    }
    // A leased line with a count of numbers out of range is refused as well.
    let mut line = request("line@example.com");
    line["numbers"] = json!(5);
    let refused = expect_error(send(&app, line).await, StatusCode::UNPROCESSABLE_ENTITY, "invalid_fields").await;
    assert_eq!(refused["fieldErrors"]["numbers"], "Please enter how many numbers you need, from 11 to 1,000");
    assert_eq!(stored(&app).await, (0, 0));

    // Valid values, a blank speed and nulls are accepted for a product that does not use them.
    for (field, value) in
        [("speed", json!("10gbps")), ("sites", json!(50)), ("numbers", json!(40)), ("numbers", json!(null))]
    {
        assert_eq!(send(&app, broadband(field, value)).await.status(), StatusCode::CREATED, "{field}");
    }
    let mut blank = broadband("speed", json!(" "));
    blank["email"] = json!("blank@example.com");
    assert_eq!(send(&app, blank).await.status(), StatusCode::CREATED);
    let views: Vec<Value> =
        sqlx::query_scalar("SELECT payload::jsonb FROM quote_request_view").fetch_all(&app.pool).await.unwrap();
    assert_eq!(views.len(), 5);
    for view in views {
        assert_eq!((&view["speed"], &view["sites"], &view["numbers"]), (&Value::Null, &Value::Null, &Value::Null));
    }
}
