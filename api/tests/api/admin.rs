//! The support console's API: search, history replayed to any event, staff actions with
//! their names in the events, roles, bad input, and no secret anywhere support looks.

use api::app::auth::Role;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::calls::routed;
use crate::checkout::{create_account, pay, single_user, OK_CARD};
use crate::hardware_routes::{as_staff, sign_in, staff_get, Session};
use crate::helpers::{expect_error, expect_ok, spawn_app, TestApp};
use crate::trial::{free_numbers, start_trial};

/// A completed single-user order with one stock number: (order id, order number, SIP password).
pub(crate) async fn completed_order(app: &TestApp, email: &str, number: &str) -> (String, String, String) {
    let cart_id = crate::checkout::cart(app, single_user(&[])).await;
    let body = json!({ "value": number });
    expect_ok(app.send(Method::POST, &format!("/api/carts/{cart_id}/numbers"), Some(body)).await).await;
    let (intent, charge, order) = pay(app, &cart_id, email, OK_CARD).await;
    expect_ok(charge).await;
    let account = create_account(app, &order).await;
    let sip = account["extensions"][0]["password"].as_str().unwrap().to_string();
    (order, intent["orderNumber"].as_str().unwrap().to_string(), sip)
}

async fn post(app: &TestApp, session: &Session, path: &str, body: Value) -> reqwest::Response {
    as_staff(app.client.post(app.url(path)), session).json(&body).send().await.unwrap()
}

async fn found(app: &TestApp, session: &Session, query: &str) -> Vec<Value> {
    let path = format!("/api/admin/orders?query={}", urlencode(query));
    expect_ok(staff_get(app, session, &path).await).await["results"].as_array().unwrap().clone()
}

fn urlencode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

fn sentences(history: &Value) -> Vec<String> {
    history["events"].as_array().unwrap().iter().map(|e| e["sentence"].as_str().unwrap().to_string()).collect()
}

#[tokio::test]
async fn support_finds_orders_by_number_email_phone_and_payment_reference_newest_first() {
    let app = spawn_app().await;
    let support = sign_in(&app, "sam@talkbridge.example", Role::Support).await;
    let (first, first_number, _) = completed_order(&app, "first.buyer@example.com", "442079460201").await;
    let (second, second_number, _) = completed_order(&app, "second.buyer@example.com", "442079460202").await;

    let all = found(&app, &support, "").await;
    let ids: Vec<&str> = all.iter().map(|r| r["id"].as_str().unwrap()).collect();
    assert_eq!(ids, [second.as_str(), first.as_str()], "newest first");
    assert_eq!(all[0]["kind"], "service");
    assert_eq!(all[0]["orderNumber"], second_number.as_str());
    assert_eq!(all[0]["status"], "completed");
    assert_eq!(all[0]["name"], "Jane Doe");

    for query in
        [first_number.as_str(), &first_number.to_lowercase(), "FIRST.buyer@", "020 7946 0201", "+44 20 7946 0201"]
    {
        let hits = found(&app, &support, query).await;
        assert_eq!(hits.len(), 1, "{query}");
        assert_eq!(hits[0]["id"], first.as_str(), "{query}");
    }
    let view = expect_ok(staff_get(&app, &support, &format!("/api/orders/{first}")).await).await;
    let subscription = view["subscriptionId"].as_str().unwrap();
    assert_eq!(found(&app, &support, subscription).await[0]["id"], first.as_str());
    assert!(found(&app, &support, "nobody@example.com").await.is_empty());
    // A text with a space is a phone number as written, or nothing (no number or address has one).
    assert!(found(&app, &support, "first buyer").await.is_empty());
    // A LIKE pattern typed by staff is a literal text.
    assert!(found(&app, &support, "%").await.is_empty());

    let page = expect_ok(staff_get(&app, &support, "/api/admin/orders?query=").await).await;
    assert_eq!((page["total"].as_i64(), page["totalCapped"].as_bool()), (Some(2), Some(false)));
    assert!(page["next"].is_null(), "one page: {page}");
    // Pages are keyset now: the old page numbers are refused like any unknown parameter.
    for bad in ["/api/admin/orders?page=2", "/api/admin/orders?sort=asc"] {
        expect_error(staff_get(&app, &support, bad).await, StatusCode::BAD_REQUEST, "invalid_query").await;
    }
    let long = format!("/api/admin/orders?query={}", "a".repeat(300));
    expect_error(staff_get(&app, &support, &long).await, StatusCode::BAD_REQUEST, "invalid_query").await;
    expect_error(app.get("/api/admin/orders").await, StatusCode::UNAUTHORIZED, "not_signed_in").await;
}

/// `count` copies of the order `from` in the order view (new ids, numbers SB-CNNNNN from
/// `first`), placed a minute apart from `start`, three at a time at the same minute (the
/// keyset's tie-break on kind and id decides their order). The database's triggers put them
/// in the search.
async fn copies(app: &TestApp, from: &str, first: i32, count: i32, start: &str) {
    sqlx::query(
        "INSERT INTO order_view (view_id, version, payload)
         SELECT gen_random_uuid()::text, 1,
                jsonb_set(jsonb_set(payload::jsonb, '{orderNumber}', to_jsonb('SB-C' || lpad((g + $2)::text, 5, '0'))),
                          '{placedAt}', to_jsonb(to_char(($4::timestamptz + (g / 3) * interval '1 minute') AT TIME ZONE 'UTC',
                                                         'YYYY-MM-DD\"T\"HH24:MI:SS\"Z\"')))::json
           FROM order_view, generate_series(0, $3 - 1) g WHERE view_id = $1",
    )
    .bind(from)
    .bind(first)
    .bind(count)
    .bind(start)
    .execute(&app.pool)
    .await
    .unwrap();
}

/// Follows `next` from the page `path` (a search without `before`) to the last page: the
/// ids of every row, in order, and how many pages.
async fn walk(app: &TestApp, session: &Session, path: &str) -> (Vec<String>, usize) {
    let (mut ids, mut pages) = (Vec::new(), 0);
    let mut next: Option<String> = None;
    loop {
        let url = match &next {
            Some(cursor) => format!("{path}&before={}", urlencode(cursor)),
            None => path.to_string(),
        };
        let page = expect_ok(staff_get(app, session, &url).await).await;
        pages += 1;
        let rows = page["results"].as_array().unwrap();
        assert!(rows.len() <= 20, "{url}: {} rows", rows.len());
        ids.extend(rows.iter().map(|row| row["id"].as_str().unwrap().to_string()));
        match page["next"].as_str() {
            Some(cursor) => next = Some(cursor.to_string()),
            None => return (ids, pages),
        }
        assert!(pages < 100, "no end to the pages");
    }
}

/// Every id in the search, newest first, as the database orders them.
async fn newest_first(app: &TestApp) -> Vec<String> {
    sqlx::query_scalar("SELECT id FROM order_search ORDER BY placed_at DESC, kind DESC, id DESC")
        .fetch_all(&app.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn the_search_pages_by_keyset_through_every_order_once_newest_first() {
    let app = spawn_app().await;
    let support = sign_in(&app, "sam@talkbridge.example", Role::Support).await;
    let (order, _, _) = completed_order(&app, "pager@example.com", "442079460211").await;
    copies(&app, &order, 1, 45, "2026-01-01T09:00:00Z").await;
    // 15 orders with no time yet: they come last, over two pages (the cursor has no time).
    sqlx::query(
        "INSERT INTO order_view (view_id, version, payload)
         SELECT gen_random_uuid()::text, 1,
                jsonb_set(payload::jsonb - 'placedAt', '{orderNumber}', to_jsonb('SB-U' || lpad(g::text, 5, '0')))::json
           FROM order_view, generate_series(1, 15) g WHERE view_id = $1",
    )
    .bind(&order)
    .execute(&app.pool)
    .await
    .unwrap();

    let (ids, pages) = walk(&app, &support, "/api/admin/orders?query=").await;
    assert_eq!((ids.len(), pages), (61, 4));
    assert_eq!(ids, newest_first(&app).await, "each order once, newest first");
    assert_eq!(ids[0], order, "the real order is the newest");
    let first = expect_ok(staff_get(&app, &support, "/api/admin/orders?query=").await).await;
    assert_eq!((first["total"].as_i64(), first["totalCapped"].as_bool()), (Some(61), Some(false)));
    let cursor = first["next"].as_str().unwrap();
    let third =
        expect_ok(staff_get(&app, &support, &format!("/api/admin/orders?query=&before={}", urlencode(cursor))).await)
            .await;
    let third = expect_ok(
        staff_get(
            &app,
            &support,
            &format!("/api/admin/orders?query=&before={}", urlencode(third["next"].as_str().unwrap())),
        )
        .await,
    )
    .await;
    let rows = third["results"].as_array().unwrap();
    assert_eq!(rows[5]["placedAt"], "2026-01-01T09:00:00Z", "the oldest placed order");
    assert!(rows[6..].iter().all(|row| row["placedAt"].is_null()), "then the orders with no time");
    assert!(third["next"].as_str().unwrap().starts_with("-."), "{third}");

    // A search pages the same way: the 45 copies match SB-C, the real order does not.
    let (matching, pages) = walk(&app, &support, "/api/admin/orders?query=sb-c").await;
    assert_eq!((matching.len(), pages), (45, 3));
    assert_eq!(matching, ids[1..46]);
}

#[tokio::test]
async fn pages_hold_still_while_orders_are_placed() {
    let app = spawn_app().await;
    let support = sign_in(&app, "sam@talkbridge.example", Role::Support).await;
    let (order, _, _) = completed_order(&app, "still@example.com", "442079460212").await;
    copies(&app, &order, 1, 45, "2026-01-01T09:00:00Z").await;
    let everything = newest_first(&app).await;

    let first = expect_ok(staff_get(&app, &support, "/api/admin/orders?query=").await).await;
    let mut seen: Vec<String> =
        first["results"].as_array().unwrap().iter().map(|row| row["id"].as_str().unwrap().to_string()).collect();
    assert_eq!(seen, everything[..20]);
    // Orders placed while support reads page 1: newer than every order shown (one more real
    // order, placed now, and copies dated next year), and older ones in between.
    completed_order(&app, "newer@example.com", "442079460213").await;
    copies(&app, &order, 100, 10, "2027-01-01T09:00:00Z").await;
    let mut next = first["next"].as_str().unwrap().to_string();
    loop {
        let page = expect_ok(
            staff_get(&app, &support, &format!("/api/admin/orders?query=&before={}", urlencode(&next))).await,
        )
        .await;
        seen.extend(page["results"].as_array().unwrap().iter().map(|row| row["id"].as_str().unwrap().to_string()));
        match page["next"].as_str() {
            Some(cursor) => next = cursor.to_string(),
            None => break,
        }
    }
    assert_eq!(seen, everything, "no order twice, none skipped, none of the newer ones");
    // The newer orders are on the first page when it is read again.
    let again = expect_ok(staff_get(&app, &support, "/api/admin/orders?query=").await).await;
    assert_eq!(again["results"][0]["orderNumber"], "SB-C00109");
}

#[tokio::test]
async fn a_page_cursor_that_is_not_a_pages_next_is_refused() {
    let app = spawn_app().await;
    let support = sign_in(&app, "sam@talkbridge.example", Role::Support).await;
    for bad in [
        "x",
        "123",
        "123.service",
        "abc.service.3f2a9c1e-77aa-4b3c-9d2e-0123456789ab",
        "123.cart.3f2a9c1e-77aa-4b3c-9d2e-0123456789ab",
        "123.service.not-an-id",
        "99999999999999999999.service.3f2a9c1e-77aa-4b3c-9d2e-0123456789ab",
    ] {
        let path = format!("/api/admin/orders?query=&before={}", urlencode(bad));
        let refusal =
            expect_error(staff_get(&app, &support, &path).await, StatusCode::BAD_REQUEST, "invalid_query").await;
        assert!(refusal["error"].as_str().unwrap().contains("from the first page"), "{bad}: {refusal}");
    }
    // Well made, even for an order that is not there (or no longer): the orders older than it.
    let fine = "1767258000000000.service.3f2a9c1e-77aa-4b3c-9d2e-0123456789ab";
    let page = expect_ok(staff_get(&app, &support, &format!("/api/admin/orders?query=&before={fine}")).await).await;
    assert!(page["results"].as_array().unwrap().is_empty() && page["next"].is_null(), "{page}");
    // An order not placed yet has no time: its cursor says `-`.
    let unplaced = "-.service.3f2a9c1e-77aa-4b3c-9d2e-0123456789ab";
    expect_ok(staff_get(&app, &support, &format!("/api/admin/orders?query=&before={unplaced}")).await).await;
}

#[tokio::test]
async fn an_order_replays_to_any_event_with_its_actors_beside_its_view_and_emails() {
    let app = spawn_app().await;
    let support = sign_in(&app, "sam@talkbridge.example", Role::Support).await;
    let (order, number, _) = completed_order(&app, "replay@example.com", "442079460203").await;
    let path = format!("/api/admin/orders/service/{order}/history");
    let history = expect_ok(staff_get(&app, &support, &path).await).await;
    assert_eq!(history["orderNumber"], number.as_str());
    let events = history["events"].as_array().unwrap();
    assert_eq!(history["upTo"], history["lastSequence"]);
    assert_eq!(events.len() as u64, history["lastSequence"].as_u64().unwrap());
    assert_eq!(events[0]["type"], "OrderPlaced");
    assert_eq!(events[0]["actor"]["kind"], "buyer");
    assert!(sentences(&history)[0].starts_with(&format!("Order placed: {number} by Jane Doe")));
    let positions: Vec<i64> = events.iter().map(|e| e["globalPosition"].as_i64().unwrap()).collect();
    assert!(positions.windows(2).all(|w| w[0] < w[1]), "global positions rise: {positions:?}");
    assert_eq!(history["stateSummary"][0], json!(["Status", "Completed"]));
    assert_eq!(history["view"]["status"], "completed");
    assert_eq!(history["emails"][0]["kind"], "order_confirmation");
    assert_eq!(history["emails"][0]["status"], "queued");
    assert_eq!(history["actions"]["resendConfirmation"], true);
    assert_eq!(history["actions"]["releasableNumbers"], json!(["442079460203"]));
    assert_eq!(history["actions"]["extendTrial"], false);
    // Support sees what the job needs: no street address in the replayed state.
    assert!(!history["state"].to_string().contains("1 Example Road"));

    // Replayed to the payment: placed, card set up, paid; not yet an account.
    let paid = events.iter().find(|e| e["type"] == "PaymentConfirmed").unwrap()["sequence"].as_u64().unwrap();
    let replayed = expect_ok(staff_get(&app, &support, &format!("{path}?upTo={paid}")).await).await;
    assert_eq!(replayed["upTo"], paid);
    assert_eq!(replayed["stateSummary"][0], json!(["Status", "Paid"]));
    assert!(replayed["stateSummary"].as_array().unwrap().contains(&json!(["Account", "Not yet"])));
    let until: Vec<String> = sentences(&replayed).into_iter().take(paid as usize).collect();
    for start in ["Order placed", "Card set up", "Paid in full"] {
        assert!(until.iter().any(|s| s.starts_with(start)), "{start} in {until:?}");
    }
    assert_eq!(replayed["events"].as_array().unwrap().len(), events.len(), "the whole timeline stays listed");

    let last = history["lastSequence"].as_u64().unwrap();
    for bad in [0, last + 1] {
        expect_error(
            staff_get(&app, &support, &format!("{path}?upTo={bad}")).await,
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid_up_to",
        )
        .await;
    }
    expect_error(staff_get(&app, &support, &format!("{path}?upTo=-1")).await, StatusCode::BAD_REQUEST, "invalid_query")
        .await;
    let unknown = "/api/admin/orders/service/7b0c8e57-8c5c-4d0e-9f7e-3c1d2b4a5f60/history";
    expect_error(staff_get(&app, &support, unknown).await, StatusCode::NOT_FOUND, "order_not_found").await;
    for wrong in [format!("/api/admin/orders/refund/{order}/history"), "/api/admin/orders/service/SB-1/history".into()]
    {
        expect_error(staff_get(&app, &support, &wrong).await, StatusCode::NOT_FOUND, "order_not_found").await;
    }
    expect_error(app.get(&path).await, StatusCode::UNAUTHORIZED, "not_signed_in").await;
}

#[tokio::test]
async fn staff_resend_and_release_through_events_that_carry_their_name() {
    let app = spawn_app().await;
    let support = sign_in(&app, "sam@talkbridge.example", Role::Support).await;
    let (order, _, _) = completed_order(&app, "resend@example.com", "442079460204").await;
    let base = format!("/api/admin/orders/service/{order}");
    assert_eq!(routed(&app, &order).await, vec![("442079460204".to_string(), false)]);
    let before = app.event_count().await;

    let history = expect_ok(post(&app, &support, &format!("{base}/resend-confirmation"), json!({})).await).await;
    let last = history["events"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(last["type"], "ConfirmationResent");
    assert_eq!(last["actor"], json!({ "kind": "staff", "name": "sam@talkbridge.example" }));
    assert_eq!(last["sentence"], "Confirmation e-mail resent by sam@talkbridge.example.");
    let emails = history["emails"].as_array().unwrap();
    assert_eq!(emails.len(), 2);
    assert_eq!(emails[1]["kind"], "order_confirmation");
    assert_eq!(app.event_count().await, before + 1);

    let history =
        expect_ok(post(&app, &support, &format!("{base}/release-number"), json!({ "number": "442079460204" })).await)
            .await;
    let last = history["events"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(last["sentence"], "Number 442079460204 released to stock by sam@talkbridge.example.");
    assert_eq!(history["actions"]["releasableNumbers"], json!([]));
    assert_eq!(routed(&app, &order).await, vec![], "a released number rings nothing");
    let stock: String = sqlx::query_scalar("SELECT status FROM number_inventory WHERE value = '442079460204'")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(stock, "available");
    let number_actor: Value = sqlx::query_scalar(
        "SELECT metadata::jsonb FROM events WHERE aggregate_type = 'PhoneNumber' AND aggregate_id = '442079460204'
          ORDER BY sequence DESC LIMIT 1",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(number_actor, json!({ "actor": "staff", "actor_name": "sam@talkbridge.example" }));

    // Refusals change nothing.
    let count = app.event_count().await;
    let again = post(&app, &support, &format!("{base}/release-number"), json!({ "number": "442079460204" })).await;
    expect_error(again, StatusCode::CONFLICT, "number_already_released").await;
    let other = post(&app, &support, &format!("{base}/release-number"), json!({ "number": "442079469999" })).await;
    expect_error(other, StatusCode::CONFLICT, "not_the_orders_number").await;
    let typo = post(&app, &support, &format!("{base}/release-number"), json!({ "number": 442079460204u64 })).await;
    assert_eq!(typo.status(), StatusCode::UNPROCESSABLE_ENTITY);
    let no_csrf = app
        .client
        .post(app.url(&format!("{base}/resend-confirmation")))
        .header("cookie", &support.cookie)
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(no_csrf.status(), StatusCode::FORBIDDEN);
    let anonymous = app.send(Method::POST, &format!("{base}/resend-confirmation"), Some(json!({}))).await;
    expect_error(anonymous, StatusCode::UNAUTHORIZED, "not_signed_in").await;
    assert_eq!(app.event_count().await, count);
}

#[tokio::test]
async fn an_old_staff_event_naming_its_actor_in_by_reads_with_the_same_who_as_a_new_one() {
    let app = spawn_app().await;
    let support = sign_in(&app, "sam@talkbridge.example", Role::Support).await;
    let (order, _, _) = completed_order(&app, "old-by@example.com", "442079460205").await;
    let base = format!("/api/admin/orders/service/{order}");
    expect_ok(post(&app, &support, &format!("{base}/resend-confirmation"), json!({})).await).await;
    // The new event: the actor in its metadata only.
    let (sequence, version, payload, metadata): (i64, String, Value, Value) = sqlx::query_as(
        "SELECT sequence, event_version, payload::jsonb, metadata::jsonb FROM events
          WHERE aggregate_type = 'ServiceOrder' AND aggregate_id = $1 ORDER BY sequence DESC LIMIT 1",
    )
    .bind(&order)
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(version, "1.1");
    assert!(payload["ConfirmationResent"].get("by").is_none(), "{payload}");
    assert_eq!(metadata, json!({ "actor": "staff", "actor_name": "sam@talkbridge.example" }));
    // The same event as 1.0 stored it before actors were recorded: the name in `by` only.
    let mut old = payload.clone();
    old["ConfirmationResent"]["by"] = json!("sam@talkbridge.example");
    sqlx::query(
        "INSERT INTO events (aggregate_type, aggregate_id, sequence, event_type, event_version, payload, metadata)
         VALUES ('ServiceOrder', $1, $2, 'ConfirmationResent', '1.0', $3, '{}')",
    )
    .bind(&order)
    .bind(sequence + 1)
    .bind(&old)
    .execute(&app.pool)
    .await
    .unwrap();
    let history = expect_ok(staff_get(&app, &support, &format!("{base}/history")).await).await;
    let events = history["events"].as_array().unwrap();
    let (new, old) = (&events[events.len() - 2], &events[events.len() - 1]);
    assert_eq!((new["sequence"].as_i64(), old["sequence"].as_i64()), (Some(sequence), Some(sequence + 1)));
    for event in [new, old] {
        assert_eq!(event["actor"], json!({ "kind": "staff", "name": "sam@talkbridge.example" }));
        assert_eq!(event["sentence"], "Confirmation e-mail resent by sam@talkbridge.example.");
    }
}

#[tokio::test]
async fn only_admins_extend_a_trial_and_by_seven_days_at_most() {
    let app = spawn_app().await;
    let support = sign_in(&app, "sam@talkbridge.example", Role::Support).await;
    let admin = sign_in(&app, "ada@talkbridge.example", Role::Admin).await;
    let number = free_numbers(&app).await[0].clone();
    let trial = expect_ok(start_trial(&app, "trial.support@example.com", &number).await).await;
    let id = trial["customerId"].as_str().unwrap();
    let base = format!("/api/admin/orders/trial/{id}");

    let history = expect_ok(staff_get(&app, &support, &format!("{base}/history")).await).await;
    assert!(history["orderNumber"].as_str().unwrap().starts_with("TR-"));
    assert_eq!(history["actions"]["extendTrial"], false, "support may not extend");
    let number_digits: String = number.chars().filter(char::is_ascii_digit).collect();
    assert_eq!(found(&app, &support, &number_digits).await[0]["id"], id);
    let refused = post(&app, &support, &format!("{base}/extend"), json!({ "days": 3 })).await;
    expect_error(refused, StatusCode::FORBIDDEN, "forbidden").await;

    let before = expect_ok(app.get(&format!("/api/trials/{id}")).await).await["endsAt"].as_str().unwrap().to_string();
    let history = expect_ok(post(&app, &admin, &format!("{base}/extend"), json!({ "days": 3 })).await).await;
    assert_eq!(history["actions"]["extendTrial"], true);
    let last = history["events"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(last["type"], "TrialExtended");
    assert!(last["sentence"].as_str().unwrap().starts_with("Trial extended by 3 days to "));
    assert_eq!(last["actor"]["name"], "ada@talkbridge.example");
    let after = expect_ok(app.get(&format!("/api/trials/{id}")).await).await["endsAt"].as_str().unwrap().to_string();
    let moved =
        chrono::DateTime::parse_from_rfc3339(&after).unwrap() - chrono::DateTime::parse_from_rfc3339(&before).unwrap();
    assert_eq!(moved.num_days(), 3);

    let too_long = post(&app, &admin, &format!("{base}/extend"), json!({ "days": 5 })).await;
    let body = expect_error(too_long, StatusCode::UNPROCESSABLE_ENTITY, "extension_too_long").await;
    assert!(body["error"].as_str().unwrap().contains("4 days left"));
    for bad in [json!({ "days": -1 }), json!({ "days": "2" }), json!({}), json!({ "days": 2, "why": "x" })] {
        assert_eq!(post(&app, &admin, &format!("{base}/extend"), bad).await.status(), StatusCode::UNPROCESSABLE_ENTITY);
    }
    let service = format!("/api/admin/orders/service/{id}/extend");
    expect_error(post(&app, &admin, &service, json!({ "days": 1 })).await, StatusCode::NOT_FOUND, "not_a_trial").await;

    // The welcome e-mail can be sent again; a trial has no number to release here.
    let history = expect_ok(post(&app, &support, &format!("{base}/resend-confirmation"), json!({})).await).await;
    assert_eq!(history["emails"].as_array().unwrap().iter().filter(|e| e["kind"] == "trial_welcome").count(), 2);
    let release = post(&app, &support, &format!("{base}/release-number"), json!({ "number": number })).await;
    expect_error(release, StatusCode::CONFLICT, "nothing_to_release").await;
}

#[tokio::test]
async fn no_secret_reaches_the_event_store_or_what_support_sees() {
    let app = spawn_app().await;
    let support = sign_in(&app, "sam@talkbridge.example", Role::Support).await;
    let (order, number, sip) = completed_order(&app, "secrets@example.com", "442079460205").await;
    let trial_number = free_numbers(&app).await[0].clone();
    let trial = expect_ok(start_trial(&app, "secrets.trial@example.com", &trial_number).await).await;
    let trial_sip = trial["extensions"][0]["password"].as_str().unwrap().to_string();
    let trial_id = trial["customerId"].as_str().unwrap();

    let digest: String = sqlx::query_scalar("SELECT secret_digest FROM sip_extensions LIMIT 1")
        .fetch_one(&app.pool)
        .await
        .unwrap_or_default();
    let mut secrets = vec![sip.clone(), trial_sip.clone(), "s3cret-Passw0rd".to_string(), OK_CARD.to_string()];
    if !digest.is_empty() {
        secrets.push(digest);
    }
    let store: Vec<String> =
        sqlx::query_scalar("SELECT payload::text || metadata::text FROM events").fetch_all(&app.pool).await.unwrap();
    let service =
        expect_ok(staff_get(&app, &support, &format!("/api/admin/orders/service/{order}/history")).await).await;
    let trial =
        expect_ok(staff_get(&app, &support, &format!("/api/admin/orders/trial/{trial_id}/history")).await).await;
    let outbox: Vec<String> = sqlx::query_scalar("SELECT body FROM outbox").fetch_all(&app.pool).await.unwrap();
    for secret in &secrets {
        assert!(store.iter().all(|event| !event.contains(secret.as_str())), "a secret is in the event store");
        assert!(!service.to_string().contains(secret.as_str()), "a secret is in the order's history");
        assert!(!trial.to_string().contains(secret.as_str()), "a secret is in the trial's history");
        assert!(outbox.iter().all(|body| !body.contains(secret.as_str())), "a secret is in an e-mail");
    }
    // The card is named only by the provider's ids, never by its digits: no last four as a
    // value (a bare "4242" substring also turns up by chance in ids and microsecond times).
    assert!(store.iter().all(|event| !event.contains("\"4242\"") && !event.to_lowercase().contains("last4")));

    let printed = api::app::admin::timeline(
        &api::app::state::AppState::new(app.pool.clone()),
        api::app::admin::OrderKind::Service,
        &order,
    )
    .await
    .unwrap();
    assert!(printed.starts_with(&format!("{number}: service order {order}")));
    assert!(printed.contains("buyer"));
    assert!(printed.contains("Card set up"));
    assert!(!printed.contains(&sip));
}

#[tokio::test]
async fn a_paid_number_another_order_took_is_replaced_from_its_area_code_in_one_click() {
    use aggregates::clock::FixedClock;
    use aggregates::phone_number::PhoneNumberCommand;
    use std::sync::Arc;

    let app = spawn_app().await;
    let support = sign_in(&app, "sam@talkbridge.example", Role::Support).await;
    let lost = "442079460206";
    let cart_id = crate::checkout::cart(&app, single_user(&[])).await;
    expect_ok(app.send(Method::POST, &format!("/api/carts/{cart_id}/numbers"), Some(json!({ "value": lost }))).await)
        .await;
    let (_, charge, order) = pay(&app, &cart_id, "lost.number@example.com", OK_CARD).await;
    expect_ok(charge).await;
    // The order's hold runs out and another order takes the number before this one completes.
    let later = api::app::state::AppState::with_clock(
        app.pool.clone(),
        Arc::new(FixedClock(chrono::Utc::now() + chrono::Duration::days(1))),
    );
    later
        .numbers
        .cqrs
        .execute(&store::commands::Context::system(), lost, PhoneNumberCommand::ExpireReservation)
        .await
        .unwrap();
    let taken = PhoneNumberCommand::Assign { number: lost.into(), owner: "order:someone-else".into() };
    later.numbers.cqrs.execute(&store::commands::Context::system(), lost, taken).await.unwrap();
    create_account(&app, &order).await;

    let base = format!("/api/admin/orders/service/{order}");
    let history = expect_ok(staff_get(&app, &support, &format!("{base}/history")).await).await;
    assert_eq!(history["view"]["status"], "completed", "the order still completes");
    assert_eq!(history["view"]["lostNumbers"], json!([lost]));
    assert_eq!(history["actions"]["replaceableNumbers"], json!([lost]));
    assert_eq!(history["actions"]["releasableNumbers"], json!([]));
    assert!(history["stateSummary"].as_array().unwrap().contains(&json!(["Needs a replacement", lost])));
    assert!(sentences(&history)
        .iter()
        .any(|s| s.starts_with(&format!("Number {lost} was paid for but could not be given"))));

    let history =
        expect_ok(post(&app, &support, &format!("{base}/replace-number"), json!({ "lost": lost })).await).await;
    let last = history["events"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(last["type"], "NumberReplaced");
    assert_eq!(last["actor"]["name"], "sam@talkbridge.example");
    let replacement = history["actions"]["releasableNumbers"][0].as_str().unwrap().to_string();
    assert!(replacement.starts_with("44207946") && replacement != lost, "{replacement}");
    assert_eq!(history["actions"]["replaceableNumbers"], json!([]));
    assert_eq!(history["view"]["lostNumbers"], json!([]));
    assert_eq!(history["view"]["phoneNumbers"][0]["value"], replacement.as_str());
    let holder: (String, Option<String>) =
        sqlx::query_as("SELECT status, held_by FROM number_inventory WHERE value = $1")
            .bind(&replacement)
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert_eq!(holder.0, "assigned");
    let mails: Vec<&str> = history["emails"].as_array().unwrap().iter().map(|e| e["kind"].as_str().unwrap()).collect();
    assert!(mails.contains(&"number_replaced"), "{mails:?}");

    assert_eq!(found(&app, &support, "lost.number@").await[0]["status"], "completed");
    let again = post(&app, &support, &format!("{base}/replace-number"), json!({ "lost": lost })).await;
    expect_error(again, StatusCode::CONFLICT, "number_not_lost").await;
}

#[tokio::test]
async fn the_thank_you_page_says_where_the_confirmation_e_mail_stands() {
    let app = spawn_app().await;
    let (order, _, _) = completed_order(&app, "mail.state@example.com", "442079460207").await;
    let path = format!("/api/orders/{order}");
    let status = || async { expect_ok(app.get(&path).await).await["emailStatus"].clone() };
    assert_eq!(status().await, "queued");
    jobs::outbox::keep_locally(&app.pool).await.unwrap();
    assert_eq!(status().await, "kept");
    sqlx::query("UPDATE outbox SET sent_at = NULL, delivered_to = NULL, failed_at = now(), last_error = 'mailbox full' WHERE reference = $1")
        .bind(&order)
        .execute(&app.pool)
        .await
        .unwrap();
    assert_eq!(status().await, "failed");

    let number = free_numbers(&app).await[0].clone();
    let trial = expect_ok(start_trial(&app, "mail.state.trial@example.com", &number).await).await;
    let id = trial["customerId"].as_str().unwrap();
    assert_eq!(expect_ok(app.get(&format!("/api/trials/{id}")).await).await["emailStatus"], "queued");
}

/// A completed single-user order with one area-code placeholder: (order id, order number).
async fn order_with_placeholder(app: &TestApp, email: &str, area_code: &str) -> (String, String) {
    let cart_id = crate::checkout::cart(app, single_user(&[])).await;
    let placeholder = json!({
        "value": format!("placeholder-{area_code}"), "displayValue": format!("{area_code} number (assigned after payment)"),
        "isPlaceholder": true, "areaCode": area_code, "country": "GB"
    });
    expect_ok(app.send(Method::POST, &format!("/api/carts/{cart_id}/numbers"), Some(placeholder)).await).await;
    let (intent, charge, order) = pay(app, &cart_id, email, OK_CARD).await;
    expect_ok(charge).await;
    create_account(app, &order).await;
    (order, intent["orderNumber"].as_str().unwrap().to_string())
}

#[tokio::test]
async fn a_placeholder_is_filled_by_the_job_once_stock_in_its_area_code_arrives() {
    use aggregates::pricing::NumberType;
    use projections::inventory::{add_stock, StockNumber};

    let app = spawn_app().await;
    let support = sign_in(&app, "sam@talkbridge.example", Role::Support).await;
    let (order, _) = order_with_placeholder(&app, "cambridge@example.com", "01223").await;
    let state = api::app::state::AppState::new(app.pool.clone());
    let view = expect_ok(app.get(&format!("/api/orders/{order}")).await).await;
    assert_eq!(view["openPlaceholders"], json!(["placeholder-01223"]));

    // No Cambridge stock yet (the demo stock has none): the job waits.
    let report = api::scheduled::fill_placeholders(&state).await.unwrap();
    assert_eq!((report.filled, report.waiting), (0, 1));
    let history =
        expect_ok(staff_get(&app, &support, &format!("/api/admin/orders/service/{order}/history")).await).await;
    assert_eq!(
        history["actions"]["openPlaceholders"],
        json!([{ "placeholder": "placeholder-01223", "areaCode": "01223", "candidates": [] }])
    );

    // Stock arrives; the next run gives the first number of the code.
    let stock = StockNumber::new("GB", "012234960001", NumberType::Geographic, "01223").unwrap();
    add_stock(&app.pool, std::slice::from_ref(&stock)).await.unwrap();
    // As the scheduler runs it, so its events name the job.
    let job =
        api::scheduled::jobs(&state).into_iter().find(|job| job.name == jobs::placeholders::FILL_PLACEHOLDERS).unwrap();
    match jobs::scheduler::run_once(&app.pool, &job).await.unwrap() {
        store::RunOutcome::Ran(report) => {
            assert_eq!(report.unwrap(), "1 placeholders filled, 0 still waiting for stock")
        }
        store::RunOutcome::Skipped => panic!("nobody else holds the lock"),
    }
    let view = expect_ok(app.get(&format!("/api/orders/{order}")).await).await;
    assert_eq!(view["openPlaceholders"], json!([]));
    assert_eq!(view["phoneNumbers"][0]["value"], stock.value.as_str());
    let history =
        expect_ok(staff_get(&app, &support, &format!("/api/admin/orders/service/{order}/history")).await).await;
    let last = history["events"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(last["sentence"], format!("Number {} given for the 01223 area code by fill-placeholders.", stock.value));
    assert_eq!(last["actor"], json!({ "kind": "job", "name": "fill-placeholders" }));
    assert!(history["emails"].as_array().unwrap().iter().any(|e| e["kind"] == "placeholder_filled"));
    let holder: String = sqlx::query_scalar("SELECT status FROM number_inventory WHERE value = $1")
        .bind(&stock.value)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(holder, "assigned");
    // Nothing left to do.
    assert_eq!(api::scheduled::fill_placeholders(&state).await.unwrap(), jobs::placeholders::Report::default());
}

#[tokio::test]
async fn support_picks_a_free_number_for_a_placeholder_from_its_area_code() {
    let app = spawn_app().await;
    let support = sign_in(&app, "sam@talkbridge.example", Role::Support).await;
    let (order, _) = order_with_placeholder(&app, "london@example.com", "020").await;
    let base = format!("/api/admin/orders/service/{order}");
    let history = expect_ok(staff_get(&app, &support, &format!("{base}/history")).await).await;
    let open = &history["actions"]["openPlaceholders"][0];
    assert_eq!(open["areaCode"], "020");
    let candidates: Vec<String> =
        open["candidates"].as_array().unwrap().iter().map(|c| c.as_str().unwrap().to_string()).collect();
    assert!(candidates.len() >= 2 && candidates.iter().all(|c| c.starts_with("4420")), "{candidates:?}");

    let count = app.event_count().await;
    let wrong = post(
        &app,
        &support,
        &format!("{base}/fill-placeholder"),
        json!({ "placeholder": "placeholder-020", "number": "441134960009" }),
    )
    .await;
    expect_error(wrong, StatusCode::CONFLICT, "not_a_free_number").await;
    assert_eq!(app.event_count().await, count);

    let picked = &candidates[1];
    let body = json!({ "placeholder": "placeholder-020", "number": picked });
    let history = expect_ok(post(&app, &support, &format!("{base}/fill-placeholder"), body.clone()).await).await;
    let last = history["events"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(last["sentence"], format!("Number {picked} given for the 020 area code by sam@talkbridge.example."));
    assert_eq!(last["actor"]["kind"], "staff");
    assert_eq!(history["actions"]["openPlaceholders"], json!([]));
    assert!(history["actions"]["releasableNumbers"].as_array().unwrap().contains(&json!(picked)));
    assert_eq!(routed(&app, &order).await, vec![(picked.clone(), false)], "the trunk's calls ring it");
    let again = post(&app, &support, &format!("{base}/fill-placeholder"), body).await;
    expect_error(again, StatusCode::CONFLICT, "placeholder_not_open").await;
}
