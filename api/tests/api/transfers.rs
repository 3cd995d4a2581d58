//! Number transfers (ports): the buyer signs the letter of authority on their order page,
//! staff move the port along in the console, every change is an event with its actor and
//! an e-mail to the buyer, and open ports past the promise are flagged.

use api::app::auth::Role;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::calls::routed;
use crate::checkout::{create_account, pay, secret_of, single_user, OK_CARD};
use crate::hardware_routes::{as_staff, sign_in, staff_get, Session};
use crate::helpers::{expect_error, expect_ok, spawn_app, TestApp};

const PORTED: &str = "02079460123";

/// A completed single-user order transferring in 020 7946 0123: (order id, order number).
pub(crate) async fn order_with_transfer(app: &TestApp, email: &str) -> (String, String) {
    let cart_id = crate::checkout::cart(app, single_user(&[])).await;
    let transfer = json!({ "value": "020 7946 0123", "isTransfer": true });
    expect_ok(app.send(Method::POST, &format!("/api/carts/{cart_id}/numbers"), Some(transfer)).await).await;
    let (intent, charge, order) = pay(app, &cart_id, email, OK_CARD).await;
    expect_ok(charge).await;
    create_account(app, &order).await;
    (order, intent["orderNumber"].as_str().unwrap().to_string())
}

pub(crate) fn details() -> Value {
    json!({
        "accountHolder": "Acme Plumbing Ltd", "currentProvider": "BT", "billingPostcode": "sw1a 1aa",
        "signedName": "Jane Smith", "authorised": true
    })
}

/// A POST of the browser that placed `order`: its order secret in `X-Order-Secret`.
pub(crate) async fn as_buyer(app: &TestApp, order: &str, path: &str, body: Value) -> reqwest::Response {
    app.client.post(app.url(path)).header("x-order-secret", secret_of(order)).json(&body).send().await.unwrap()
}

async fn sign(app: &TestApp, order: &str, body: Value) -> reqwest::Response {
    as_buyer(app, order, &format!("/api/orders/{order}/transfers/{PORTED}"), body).await
}

async fn step(app: &TestApp, session: &Session, order: &str, body: Value) -> reqwest::Response {
    let path = format!("/api/admin/orders/service/{order}/port");
    as_staff(app.client.post(app.url(&path)), session).json(&body).send().await.unwrap()
}

pub(crate) async fn port_mails(app: &TestApp, order: &str) -> Vec<(String, String)> {
    sqlx::query_as(
        "SELECT subject, body FROM outbox WHERE kind = 'port_update' AND reference LIKE $1 || '#port-%' ORDER BY id",
    )
    .bind(order)
    .fetch_all(&app.pool)
    .await
    .unwrap()
}

#[tokio::test]
async fn the_buyer_signs_the_letter_of_authority_and_staff_take_the_port_to_completion() {
    let app = spawn_app().await;
    let support = sign_in(&app, "sam@talkbridge.example", Role::Support).await;
    let (order, number) = order_with_transfer(&app, "acme@example.com").await;

    // Requested at completion; the confirmation e-mail sends the buyer to sign.
    let view = expect_ok(app.get(&format!("/api/orders/{order}")).await).await;
    assert_eq!(view["ports"][0]["number"], PORTED);
    assert_eq!(view["ports"][0]["state"], "requested");
    let confirmation: String =
        sqlx::query_scalar("SELECT body FROM outbox WHERE kind = 'order_confirmation' AND reference = $1")
            .bind(&order)
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert!(confirmation.contains(&format!("/thank-you?order={order}")), "{confirmation}");
    assert!(confirmation.contains("letter of authority"), "{confirmation}");

    let view = expect_ok(sign(&app, &order, details()).await).await;
    let port = &view["ports"][0];
    assert_eq!(port["state"], "detailsConfirmed");
    assert_eq!(port["signedName"], "Jane Smith");
    assert!(port["signedAt"].is_string());
    // The same details again (a double click) store and send nothing more.
    let events = app.event_count().await;
    expect_ok(sign(&app, &order, details()).await).await;
    assert_eq!(app.event_count().await, events);
    assert_eq!(port_mails(&app, &order).await.len(), 1);

    // Staff see what the losing provider needs, and the steps that follow.
    let history =
        expect_ok(staff_get(&app, &support, &format!("/api/admin/orders/service/{order}/history")).await).await;
    let action = &history["actions"]["ports"][0];
    assert_eq!(action["billingPostcode"], "SW1A 1AA");
    assert_eq!(action["steps"], json!(["submit", "reject"]));

    expect_ok(step(&app, &support, &order, json!({ "number": PORTED, "step": "submit" })).await).await;
    let date = (chrono::Utc::now().date_naive() + chrono::Duration::days(3)).format("%Y-%m-%d").to_string();
    let history =
        expect_ok(step(&app, &support, &order, json!({ "number": PORTED, "step": "setDate", "date": date })).await)
            .await;
    assert_eq!(history["actions"]["ports"][0]["steps"], json!(["setDate", "complete", "reject"]));
    assert_eq!(routed(&app, &order).await, vec![], "the number rings nothing before it is ours");
    let history = expect_ok(step(&app, &support, &order, json!({ "number": PORTED, "step": "complete" })).await).await;
    assert_eq!(routed(&app, &order).await, vec![("442079460123".to_string(), false)], "the trunk's calls ring it");
    let last = history["events"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(last["sentence"], format!("Transfer of {PORTED} completed by sam@talkbridge.example."));
    assert_eq!(last["actor"], json!({ "kind": "staff", "name": "sam@talkbridge.example" }));
    assert_eq!(history["actions"]["ports"][0]["steps"], json!([]));

    // The buyer's page shows it, and an e-mail went at each change.
    let view = expect_ok(app.get(&format!("/api/orders/{order}")).await).await;
    assert_eq!(view["ports"][0]["state"], "completed");
    assert_eq!(view["ports"][0]["date"], date);
    let mails = port_mails(&app, &order).await;
    let subjects: Vec<&str> = mails.iter().map(|(s, _)| s.as_str()).collect();
    assert_eq!(
        subjects,
        [
            format!("Transfer of {PORTED}: details confirmed"),
            format!("Transfer of {PORTED}: submitted to your current provider"),
            format!("Transfer of {PORTED}: transfer date set"),
            format!("Transfer of {PORTED}: transferred"),
        ]
    );
    assert!(mails
        .iter()
        .all(|(_, body)| body.contains(&number) && body.contains(&format!("/thank-you?order={order}"))));
    // Nothing left open.
    let queue = expect_ok(staff_get(&app, &support, "/api/admin/transfers").await).await;
    assert_eq!(queue["transfers"], json!([]));
}

#[tokio::test]
async fn steps_out_of_order_bad_details_and_anonymous_callers_change_nothing() {
    let app = spawn_app().await;
    let support = sign_in(&app, "sam@talkbridge.example", Role::Support).await;
    let (order, _) = order_with_transfer(&app, "steps@example.com").await;
    let events = app.event_count().await;

    // The buyer's details: each field checked, the authority needed.
    for (field, value, code) in [
        ("billingPostcode", json!("12345"), "invalid_transfer_details"),
        ("signedName", json!("  "), "invalid_transfer_details"),
        ("currentProvider", json!("x".repeat(101)), "invalid_transfer_details"),
        ("authorised", json!(false), "authority_not_given"),
    ] {
        let mut body = details();
        body[field] = value;
        expect_error(sign(&app, &order, body).await, StatusCode::UNPROCESSABLE_ENTITY, code).await;
    }
    let mut wrong_type = details();
    wrong_type["authorised"] = json!("yes");
    assert_eq!(sign(&app, &order, wrong_type).await.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let other = as_buyer(&app, &order, &format!("/api/orders/{order}/transfers/01614960001"), details()).await;
    expect_error(other, StatusCode::CONFLICT, "not_a_transfer").await;
    let unknown = app
        .send(Method::POST, &format!("/api/orders/{}/transfers/{PORTED}", uuid::Uuid::new_v4()), Some(details()))
        .await;
    expect_error(unknown, StatusCode::NOT_FOUND, "order_not_found").await;

    // Staff: no submission before the details, no completion before a date.
    let refused = step(&app, &support, &order, json!({ "number": PORTED, "step": "submit" })).await;
    expect_error(refused, StatusCode::CONFLICT, "transfer_step_not_allowed").await;
    expect_ok(sign(&app, &order, details()).await).await;
    let events_signed = app.event_count().await;
    assert_eq!(events_signed, events + 1);
    let refused = step(&app, &support, &order, json!({ "number": PORTED, "step": "complete" })).await;
    expect_error(refused, StatusCode::CONFLICT, "transfer_step_not_allowed").await;
    for (body, code) in [
        (json!({ "number": PORTED, "step": "jump" }), "invalid_transfer_step"),
        (json!({ "number": PORTED, "step": "setDate" }), "invalid_transfer_step"),
        (json!({ "number": PORTED, "step": "submit", "reason": "x" }), "invalid_transfer_step"),
        (json!({ "number": PORTED, "step": "reject" }), "rejection_reason_missing"),
        (json!({ "number": PORTED, "step": "reject", "reason": "   " }), "rejection_reason_missing"),
    ] {
        expect_error(step(&app, &support, &order, body).await, StatusCode::UNPROCESSABLE_ENTITY, code).await;
    }
    expect_ok(step(&app, &support, &order, json!({ "number": PORTED, "step": "submit" })).await).await;
    let past = json!({ "number": PORTED, "step": "setDate", "date": "2020-01-01" });
    expect_error(
        step(&app, &support, &order, past).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "transfer_date_in_the_past",
    )
    .await;
    // Once submitted, the buyer cannot change the details under the provider's feet.
    expect_error(sign(&app, &order, details()).await, StatusCode::CONFLICT, "transfer_step_not_allowed").await;

    // Nobody signed in moves a port.
    let anonymous = app
        .send(
            Method::POST,
            &format!("/api/admin/orders/service/{order}/port"),
            Some(json!({ "number": PORTED, "step": "complete" })),
        )
        .await;
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);
    assert_eq!(app.event_count().await, events_signed + 1, "only the signature and the submission were stored");
}

#[tokio::test]
async fn a_rejected_port_tells_the_buyer_why_and_corrected_details_start_it_again() {
    let app = spawn_app().await;
    let support = sign_in(&app, "sam@talkbridge.example", Role::Support).await;
    let (order, _) = order_with_transfer(&app, "rejected@example.com").await;
    expect_ok(sign(&app, &order, details()).await).await;
    expect_ok(step(&app, &support, &order, json!({ "number": PORTED, "step": "submit" })).await).await;
    let reason = "The billing postcode does not match the account at BT.";
    expect_ok(step(&app, &support, &order, json!({ "number": PORTED, "step": "reject", "reason": reason })).await)
        .await;
    let view = expect_ok(app.get(&format!("/api/orders/{order}")).await).await;
    assert_eq!(view["ports"][0]["state"], "rejected");
    assert_eq!(view["ports"][0]["rejectionReason"], reason);
    let (subject, body) = port_mails(&app, &order).await.pop().unwrap();
    assert_eq!(subject, format!("Transfer of {PORTED}: rejected"));
    assert!(body.contains(reason) && body.contains("correct your transfer details"), "{body}");

    let mut corrected = details();
    corrected["billingPostcode"] = json!("EC1A 1BB");
    let view = expect_ok(sign(&app, &order, corrected).await).await;
    assert_eq!(view["ports"][0]["state"], "detailsConfirmed");
    assert_eq!(view["ports"][0]["rejectionReason"], Value::Null);
}

#[tokio::test]
async fn open_transfers_are_listed_oldest_first_and_flagged_after_three_business_days() {
    let app = spawn_app().await;
    let support = sign_in(&app, "sam@talkbridge.example", Role::Support).await;
    let (old, old_number) = order_with_transfer(&app, "old@example.com").await;
    let (new, _) = order_with_transfer(&app, "new@example.com").await;
    // The first order completed two weeks ago (its view as it would read then).
    sqlx::query(
        "UPDATE order_view SET payload = jsonb_set(payload::jsonb, '{ports,0,requestedAt}', to_jsonb($2::text))::json
          WHERE view_id = $1",
    )
    .bind(&old)
    .bind((chrono::Utc::now() - chrono::Duration::days(14)).to_rfc3339())
    .execute(&app.pool)
    .await
    .unwrap();
    // And its port's own view (the port is its own aggregate, `{order}:{number}`).
    sqlx::query(
        "UPDATE transfer_view SET payload = jsonb_set(payload::jsonb, '{requestedAt}', to_jsonb($2::text))::json
          WHERE view_id = $1 || ':' || $3",
    )
    .bind(&old)
    .bind((chrono::Utc::now() - chrono::Duration::days(14)).to_rfc3339())
    .bind(PORTED)
    .execute(&app.pool)
    .await
    .unwrap();
    let queue = expect_ok(staff_get(&app, &support, "/api/admin/transfers").await).await;
    let ports = queue["transfers"].as_array().unwrap();
    assert_eq!(ports.len(), 2);
    assert_eq!(ports[0]["orderId"], old.as_str());
    assert_eq!(ports[0]["orderNumber"], old_number.as_str());
    assert_eq!(ports[0]["businessDaysOpen"], 10);
    assert_eq!(ports[0]["overdue"], true);
    assert_eq!(ports[1]["orderId"], new.as_str());
    assert_eq!(ports[1]["overdue"], false);
    assert_eq!(queue["overdue"], 1);
    let anonymous = app.get("/api/admin/transfers").await;
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);
}

const MOBILE: &str = "07700900123";

/// A completed single-user order transferring in the mobile 07700 900123 with its PAC code.
async fn order_with_mobile_transfer(app: &TestApp, email: &str) -> String {
    let cart_id = crate::checkout::cart(app, single_user(&[])).await;
    let transfer = json!({ "value": "07700 900123", "isTransfer": true, "pac": "abc123456" });
    expect_ok(app.send(Method::POST, &format!("/api/carts/{cart_id}/numbers"), Some(transfer)).await).await;
    let (_, charge, order) = pay(app, &cart_id, email, OK_CARD).await;
    expect_ok(charge).await;
    create_account(app, &order).await;
    order
}

#[tokio::test]
async fn a_mobile_moves_with_its_pac_through_the_same_port_steps_and_staff_see_the_pac() {
    let app = spawn_app().await;
    let support = sign_in(&app, "sam@talkbridge.example", Role::Support).await;
    let order = order_with_mobile_transfer(&app, "mobile@example.com").await;

    // Its details are in at completion: nothing to sign; the buyer's page never shows the PAC.
    let view = expect_ok(app.get(&format!("/api/orders/{order}")).await).await;
    let port = &view["ports"][0];
    assert_eq!(
        (&port["number"], &port["state"], &port["movesWithPac"]),
        (&json!(MOBILE), &json!("detailsConfirmed"), &json!(true))
    );
    assert!(!view.to_string().contains("ABC123456"), "{view}");
    let confirmation: String =
        sqlx::query_scalar("SELECT body FROM outbox WHERE kind = 'order_confirmation' AND reference = $1")
            .bind(&order)
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert!(confirmation.contains("we have the PAC code you gave"), "{confirmation}");
    assert!(!confirmation.contains("ABC123456"), "{confirmation}");
    let signing = as_buyer(&app, &order, &format!("/api/orders/{order}/transfers/{MOBILE}"), details()).await;
    expect_error(signing, StatusCode::CONFLICT, "transfer_moves_with_pac").await;

    // Staff see the PAC in place of the letter of authority, and take the port along.
    let history =
        expect_ok(staff_get(&app, &support, &format!("/api/admin/orders/service/{order}/history")).await).await;
    let action = &history["actions"]["ports"][0];
    assert_eq!((&action["pac"], &action["signedName"]), (&json!("ABC123456"), &Value::Null));
    assert_eq!(action["steps"], json!(["submit", "reject"]));
    expect_ok(step(&app, &support, &order, json!({ "number": MOBILE, "step": "submit" })).await).await;
    let reason = "The PAC code has expired.";
    expect_ok(step(&app, &support, &order, json!({ "number": MOBILE, "step": "reject", "reason": reason })).await)
        .await;
    let (subject, body) = port_mails(&app, &order).await.pop().unwrap();
    assert_eq!(subject, format!("Transfer of {MOBILE}: rejected"));
    assert!(body.contains(reason) && body.contains("Text PAC to 65075"), "{body}");

    // A new PAC from the buyer: malformed is a 422; a good one starts it again.
    let pac_path = format!("/api/orders/{order}/transfers/{MOBILE}/pac");
    let give = |pac: &str| as_buyer(&app, &order, &pac_path, json!({ "pac": pac }));
    let events = app.event_count().await;
    expect_error(give("XYZ65432").await, StatusCode::UNPROCESSABLE_ENTITY, "invalid_pac").await;
    assert_eq!(app.event_count().await, events);
    let view = expect_ok(give("xyz 654 321").await).await;
    assert_eq!(
        (&view["ports"][0]["state"], &view["ports"][0]["rejectionReason"]),
        (&json!("detailsConfirmed"), &Value::Null)
    );
    assert!(!view.to_string().contains("XYZ654321"));
    let history =
        expect_ok(staff_get(&app, &support, &format!("/api/admin/orders/service/{order}/history")).await).await;
    assert_eq!(history["actions"]["ports"][0]["pac"], "XYZ654321");
    let (_, body) = port_mails(&app, &order).await.pop().unwrap();
    assert!(body.contains("We have your PAC code") && !body.contains("XYZ654321"), "{body}");

    // A landline's port takes no PAC.
    let (landline, _) = order_with_transfer(&app, "landline@example.com").await;
    let refused = as_buyer(
        &app,
        &landline,
        &format!("/api/orders/{landline}/transfers/{PORTED}/pac"),
        json!({ "pac": "ABC123456" }),
    )
    .await;
    expect_error(refused, StatusCode::CONFLICT, "transfer_needs_letter").await;
}

/// An order from before transfers had their own aggregate: its port's steps are stored in
/// the order's own stream, and no Transfer exists for it.
async fn order_with_legacy_port(app: &TestApp, email: &str) -> String {
    let (order, _) = order_with_transfer(app, email).await;
    // Back to how the upgrade finds it: no Transfer, no transfer view.
    for sql in [
        "DELETE FROM events WHERE aggregate_type = 'Port' AND aggregate_id LIKE $1 || ':%'",
        "DELETE FROM snapshots WHERE aggregate_type = 'Port' AND aggregate_id LIKE $1 || ':%'",
        "DELETE FROM transfer_view WHERE view_id LIKE $1 || ':%'",
    ] {
        sqlx::query(sql).bind(&order).execute(&app.pool).await.unwrap();
    }
    let last: i64 = sqlx::query_scalar(
        "SELECT max(sequence) FROM events WHERE aggregate_type = 'ServiceOrder' AND aggregate_id = $1",
    )
    .bind(&order)
    .fetch_one(&app.pool)
    .await
    .unwrap();
    // The details and the submission as they were stored then (1.0: the staff member in `by`).
    let stored = [
        (
            "PortDetailsConfirmed",
            "1.0",
            json!({ "PortDetailsConfirmed": { "number": PORTED, "details": {
            "account_holder": "Acme Plumbing Ltd", "current_provider": "BT", "billing_postcode": "SW1A 1AA",
            "signed_name": "Jane Smith" }, "signed_at": "2026-11-20T10:00:00Z" } }),
            json!({ "actor": "buyer" }),
        ),
        (
            "PortSubmitted",
            "1.0",
            json!({ "PortSubmitted": { "number": PORTED, "by": "sam@talkbridge.example",
            "at": "2026-11-20T11:00:00Z" } }),
            json!({}),
        ),
    ];
    for (offset, (event_type, version, payload, metadata)) in stored.into_iter().enumerate() {
        sqlx::query(
            "INSERT INTO events (aggregate_type, aggregate_id, sequence, event_type, event_version, payload, metadata)
             VALUES ('ServiceOrder', $1, $2, $3, $4, $5, $6)",
        )
        .bind(&order)
        .bind(last + 1 + offset as i64)
        .bind(event_type)
        .bind(version)
        .bind(&payload)
        .bind(&metadata)
        .execute(&app.pool)
        .await
        .unwrap();
    }
    // The views as the store makes them (the order view reads the old steps too).
    api::tools::rebuild::rebuild_all(&api::app::state::AppState::new(app.pool.clone())).await.unwrap();
    order
}

#[tokio::test]
async fn a_port_half_way_in_an_older_orders_stream_shows_and_its_next_step_carries_it_on() {
    let app = spawn_app().await;
    let support = sign_in(&app, "sam@talkbridge.example", Role::Support).await;
    let order = order_with_legacy_port(&app, "legacy@example.com").await;

    // It shows where the old stream left it: to the buyer, in the queue and to staff.
    let view = expect_ok(app.get(&format!("/api/orders/{order}")).await).await;
    assert_eq!(
        (view["ports"][0]["state"].as_str(), view["ports"][0]["signedName"].as_str()),
        (Some("submitted"), Some("Jane Smith"))
    );
    let queue = expect_ok(staff_get(&app, &support, "/api/admin/transfers").await).await;
    assert_eq!(queue["transfers"][0]["state"], "submitted");
    let history =
        expect_ok(staff_get(&app, &support, &format!("/api/admin/orders/service/{order}/history")).await).await;
    let last = history["events"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(
        last["sentence"],
        format!("Transfer of {PORTED} submitted to the current provider by sam@talkbridge.example.")
    );
    assert_eq!(history["actions"]["ports"][0]["steps"], json!(["setDate", "reject"]));
    assert_eq!(history["actions"]["ports"][0]["billingPostcode"], "SW1A 1AA");

    // The next step goes to the port's own stream, from where the old one stood.
    let date = (chrono::Utc::now().date_naive() + chrono::Duration::days(3)).format("%Y-%m-%d").to_string();
    let history =
        expect_ok(step(&app, &support, &order, json!({ "number": PORTED, "step": "setDate", "date": date })).await)
            .await;
    let types: Vec<&str> = history["events"].as_array().unwrap().iter().map(|e| e["type"].as_str().unwrap()).collect();
    assert_eq!(&types[types.len() - 3..], ["PortSubmitted", "PortOpened", "PortDateSet"]);
    assert_eq!(history["actions"]["ports"][0]["steps"], json!(["setDate", "complete", "reject"]));
    let carried: (String, serde_json::Value) = sqlx::query_as(
        "SELECT aggregate_id, payload::jsonb FROM events WHERE aggregate_type = 'Port' AND event_type = 'PortOpened' AND aggregate_id LIKE $1 || ':%'",
    )
    .bind(&order)
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(carried.0, format!("{order}:{PORTED}"));
    assert_eq!(
        (carried.1["PortOpened"]["state"].as_str(), carried.1["PortOpened"]["carried_over"].as_bool()),
        (Some("submitted"), Some(true))
    );
    let view = expect_ok(app.get(&format!("/api/orders/{order}")).await).await;
    assert_eq!(
        (view["ports"][0]["state"].as_str(), view["ports"][0]["date"].as_str()),
        (Some("dateSet"), Some(date.as_str()))
    );
    let mails = port_mails(&app, &order).await;
    assert_eq!(mails.last().unwrap().0, format!("Transfer of {PORTED}: transfer date set"));
    // A rebuild keeps it so.
    api::tools::rebuild::rebuild_all(&api::app::state::AppState::new(app.pool.clone())).await.unwrap();
    let again = expect_ok(app.get(&format!("/api/orders/{order}")).await).await;
    assert_eq!(again["ports"], view["ports"]);
}
