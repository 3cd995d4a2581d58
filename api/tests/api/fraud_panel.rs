//! Staff's fraud panel (issue 44, item 8): the accounts nearest their daily spend caps and one
//! account's calls out, read from the registrar's counters (seeded here with SQL, as the
//! registrar writes them), and the daily cap an admin sets, an event in the order's history
//! that the registrar's `sip_spend_caps` follows.

use api::app::auth::Role;
use api::app::state::AppState;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::calls::{order, owner_of, pay_as_you_go};
use crate::hardware_routes::{as_staff, sign_in, staff_get, Session};
use crate::helpers::{expect_error, expect_ok, spawn_app, TestApp};
use crate::trial::{free_numbers, start_trial};

/// Today's UK day, as the registrar counts in.
const TODAY: &str = "(now() AT TIME ZONE 'Europe/London')::date";

async fn sql(app: &TestApp, statement: &str, owner: &str) {
    sqlx::query(statement).bind(owner).execute(&app.pool).await.unwrap();
}

/// `owner` spent `tenths` on `calls` calls out, `days_ago` UK days ago.
async fn usage(app: &TestApp, owner: &str, days_ago: i32, calls: i32, tenths: i64) {
    sqlx::query(&format!(
        "INSERT INTO sip_usage (owner, day, calls, seconds, minutes, spend_tenths)
         VALUES ($1, {TODAY} - $2::int, $3, $3 * 60, $3, $4)"
    ))
    .bind(owner)
    .bind(days_ago)
    .bind(calls)
    .bind(tenths)
    .execute(&app.pool)
    .await
    .unwrap();
}

/// The registrar refused `owner` `count` times for `reason`, `days_ago` UK days ago.
async fn refused(app: &TestApp, owner: &str, days_ago: i32, reason: &str, count: i32) {
    sqlx::query(&format!(
        "INSERT INTO sip_refusals (owner, day, reason, count) VALUES ($1, {TODAY} - $2::int, $3, $4)"
    ))
    .bind(owner)
    .bind(days_ago)
    .bind(reason)
    .bind(count)
    .execute(&app.pool)
    .await
    .unwrap();
}

/// A call out of `owner` started `minutes_ago`, ended or still going.
async fn call(app: &TestApp, owner: &str, id: &str, minutes_ago: i32, ended: bool) {
    sqlx::query(
        "INSERT INTO sip_calls (call, owner, username, callee, class, tariff, rate_tenths, max_seconds, started_at,
                                answered_at, ended_at)
         VALUES ($2, $1, 'u101', '+447700900123', 'mobile', 'credit', 83, 3600,
                 now() - make_interval(mins => $3), now() - make_interval(mins => $3) + interval '5 seconds',
                 CASE WHEN $4 THEN now() - make_interval(mins => $3) + interval '65 seconds' END)",
    )
    .bind(owner)
    .bind(id)
    .bind(minutes_ago)
    .bind(ended)
    .execute(&app.pool)
    .await
    .unwrap();
}

async fn post_cap(app: &TestApp, session: &Session, kind: &str, id: &str, body: Value) -> reqwest::Response {
    let path = format!("/api/admin/fraud/{kind}/{id}/daily-cap");
    as_staff(app.client.post(app.url(&path)), session).json(&body).send().await.unwrap()
}

fn owners(overview: &Value) -> Vec<&str> {
    overview["accounts"].as_array().unwrap().iter().map(|a| a["owner"].as_str().unwrap()).collect()
}

#[tokio::test]
async fn the_overview_lists_the_accounts_nearest_their_caps_first_with_their_figures_and_totals() {
    let app = spawn_app().await;
    let support = sign_in(&app, "sam@talkbridge.example", Role::Support).await;
    let (near, half, refusing, trial, quiet) = (
        "0a000000-0000-4000-8000-000000000001",
        "0a000000-0000-4000-8000-000000000002",
        "0a000000-0000-4000-8000-000000000003",
        "trial:0a000000-0000-4000-8000-000000000004",
        "0a000000-0000-4000-8000-000000000005",
    );
    // 90% of the default £20 cap spent today, and refused for calls at once.
    usage(&app, near, 0, 12, 18_000).await;
    refused(&app, near, 0, "Too many calls at once: end a call first", 3).await;
    // Half of a £5 cap staff set: two calls in the last hour (one going on), one before it.
    sql(&app, "INSERT INTO sip_spend_caps (owner, daily_tenths) VALUES ($1, 5000)", half).await;
    usage(&app, half, 0, 3, 2_500).await;
    call(&app, half, "call-1", 10, true).await;
    call(&app, half, "call-2", 5, false).await;
    call(&app, half, "call-3", 120, true).await;
    // Nothing spent today (much yesterday), refused for premium numbers and credit, suspended.
    usage(&app, refusing, 1, 40, 100_000).await;
    refused(&app, refusing, 0, "Premium-rate numbers are not available on your plan", 7).await;
    refused(&app, refusing, 0, "No call credit left", 2).await;
    refused(&app, refusing, 1, "No call credit left", 50).await;
    sql(
        &app,
        "INSERT INTO sip_call_suspensions (owner, reason) VALUES ($1, 'Payment failed: update your card in your account')",
        refusing,
    )
    .await;
    // A trial's call in the last hour, on its minutes (nothing spent).
    call(&app, trial, "call-4", 30, true).await;
    // Yesterday alone: not listed.
    usage(&app, quiet, 1, 2, 166).await;

    let overview = expect_ok(staff_get(&app, &support, "/api/admin/fraud").await).await;
    assert_eq!(owners(&overview), [near, half, refusing, trial], "nearest their cap first, then the most refused");
    let first = &overview["accounts"][0];
    assert_eq!(first["kind"], "service");
    assert_eq!(first["id"], near);
    assert_eq!(
        (&first["spendTodayTenths"], &first["capTenths"], &first["capUsedPercent"], &first["capSetByStaff"]),
        (&json!(18_000), &json!(20_000), &json!(90), &json!(false))
    );
    assert_eq!((&first["callsToday"], &first["refusedToday"]), (&json!(12), &json!(3)));
    let second = &overview["accounts"][1];
    assert_eq!(
        (&second["capTenths"], &second["capUsedPercent"], &second["capSetByStaff"]),
        (&json!(5000), &json!(50), &json!(true))
    );
    assert_eq!((&second["callsLastHour"], &second["callsInProgress"]), (&json!(2), &json!(1)));
    let third = &overview["accounts"][2];
    assert_eq!((&third["spendTodayTenths"], &third["refusedToday"]), (&json!(0), &json!(9)));
    assert_eq!(
        third["refusalsToday"],
        json!([
            { "reason": "Premium-rate numbers are not available on your plan", "count": 7 },
            { "reason": "No call credit left", "count": 2 },
        ]),
        "today's alone, the most first"
    );
    assert_eq!(third["suspended"], "Payment failed: update your card in your account");
    assert_eq!(first["suspended"], Value::Null);
    let fourth = &overview["accounts"][3];
    assert_eq!((&fourth["kind"], &fourth["id"]), (&json!("trial"), &json!("0a000000-0000-4000-8000-000000000004")));
    assert_eq!(fourth["orderNumber"], "TR-0A000000");
    assert_eq!(fourth["callsLastHour"], 1);
    assert_eq!(
        overview["totals"],
        json!({
            "accounts": 4, "callsLastHour": 3, "callsInProgress": 1, "spendTodayTenths": 20_500,
            "refusedToday": 12, "nearCap": 1, "suspended": 1,
        })
    );

    // At most 50 listed; the totals count them all.
    sqlx::query(&format!(
        "INSERT INTO sip_usage (owner, day, calls, seconds, minutes, spend_tenths)
         SELECT 'bulk-' || n, {TODAY}, 1, 60, 1, n FROM generate_series(1, 60) AS n"
    ))
    .execute(&app.pool)
    .await
    .unwrap();
    let overview = expect_ok(staff_get(&app, &support, "/api/admin/fraud").await).await;
    assert_eq!(overview["accounts"].as_array().unwrap().len(), 50);
    assert_eq!(overview["totals"]["accounts"], 64);
    assert_eq!(&owners(&overview)[..3], [near, half, "bulk-60"]);
}

#[tokio::test]
async fn one_account_shows_its_calls_in_progress_a_week_of_usage_and_its_refusals() {
    let app = spawn_app().await;
    let support = sign_in(&app, "sam@talkbridge.example", Role::Support).await;
    let number = free_numbers(&app).await.remove(0);
    let started = expect_ok(start_trial(&app, "fraud.trial@example.com", &number).await).await;
    let id = started["trialId"].as_str().unwrap().to_string();
    let owner = format!("trial:{id}");
    usage(&app, &owner, 0, 2, 0).await;
    usage(&app, &owner, 3, 5, 0).await;
    usage(&app, &owner, 7, 9, 0).await;
    call(&app, &owner, "live-1", 2, false).await;
    call(&app, &owner, "done-1", 3, true).await;
    refused(&app, &owner, 0, "Premium-rate numbers are not available on your plan", 4).await;
    refused(&app, &owner, 2, "Premium-rate numbers are not available on your plan", 6).await;
    refused(&app, &owner, 2, "Confirm your e-mail address first", 1).await;
    refused(&app, &owner, 8, "Too many calls at once: end a call first", 30).await;

    let panel = expect_ok(staff_get(&app, &support, &format!("/api/admin/fraud/trial/{id}")).await).await;
    assert_eq!(panel["account"]["owner"], owner.as_str());
    assert_eq!(panel["account"]["kind"], "trial");
    assert_eq!((&panel["account"]["callsLastHour"], &panel["account"]["callsInProgress"]), (&json!(2), &json!(1)));
    assert_eq!(panel["tariff"], "trial");
    assert_eq!(panel["capChangeable"], false);
    let live = panel["callsInProgress"].as_array().unwrap();
    assert_eq!(live.len(), 1);
    assert_eq!((&live[0]["call"], &live[0]["callee"]), (&json!("live-1"), &json!("+447700900123")));
    let usage = panel["usage"].as_array().unwrap();
    let calls: Vec<i64> = usage.iter().map(|d| d["calls"].as_i64().unwrap()).collect();
    assert_eq!(calls, [0, 0, 0, 5, 0, 0, 2], "7 days, the oldest first, today last");
    assert_eq!(usage[6]["day"], panel["day"]);
    assert_eq!(usage[6]["minutes"], 2);
    assert_eq!(
        panel["refusals"],
        json!([
            { "reason": "Premium-rate numbers are not available on your plan", "today": 4, "week": 10 },
            { "reason": "Confirm your e-mail address first", "today": 0, "week": 1 },
        ])
    );

    // A known account with no calls at all shows zeros.
    let admin = sign_in(&app, "ada@talkbridge.example", Role::Admin).await;
    let other = free_numbers(&app).await.remove(0);
    let quiet = expect_ok(start_trial(&app, "quiet.trial@example.com", &other).await).await;
    let quiet_id = quiet["trialId"].as_str().unwrap();
    let panel = expect_ok(staff_get(&app, &admin, &format!("/api/admin/fraud/trial/{quiet_id}")).await).await;
    assert_eq!((&panel["account"]["spendTodayTenths"], &panel["account"]["capTenths"]), (&json!(0), &json!(20_000)));
    assert_eq!(panel["usage"].as_array().unwrap().len(), 7);

    // A trial has no cap to change, and nothing is written.
    let refusal = expect_error(
        post_cap(&app, &admin, "trial", &id, json!({ "pence": 500 })).await,
        StatusCode::CONFLICT,
        "no_spend_cap_on_trials",
    )
    .await;
    assert!(refusal["error"].as_str().unwrap().contains("end the trial"), "{refusal}");
    let caps: i64 = sqlx::query_scalar("SELECT count(*) FROM sip_spend_caps").fetch_one(&app.pool).await.unwrap();
    assert_eq!(caps, 0);

    // Unknown accounts, hardware orders and addresses that are not ids.
    let unknown = "0a000000-0000-4000-8000-00000000ffff";
    for path in [
        format!("/api/admin/fraud/service/{unknown}"),
        format!("/api/admin/fraud/trial/{unknown}"),
        "/api/admin/fraud/service/not-an-id".to_string(),
        format!("/api/admin/fraud/phone/{id}"),
    ] {
        expect_error(staff_get(&app, &support, &path).await, StatusCode::NOT_FOUND, "order_not_found").await;
    }
    expect_error(
        staff_get(&app, &support, &format!("/api/admin/fraud/hardware/{unknown}")).await,
        StatusCode::NOT_FOUND,
        "no_calls",
    )
    .await;
}

#[tokio::test]
async fn the_panel_is_for_staff_and_the_cap_for_admins() {
    let app = spawn_app().await;
    let id = "0a000000-0000-4000-8000-000000000001";
    for path in ["/api/admin/fraud".to_string(), format!("/api/admin/fraud/service/{id}")] {
        expect_error(app.get(&path).await, StatusCode::UNAUTHORIZED, "not_signed_in").await;
    }
    let anonymous =
        app.send(Method::POST, &format!("/api/admin/fraud/service/{id}/daily-cap"), Some(json!({ "pence": 1 }))).await;
    assert!([StatusCode::UNAUTHORIZED, StatusCode::FORBIDDEN].contains(&anonymous.status()), "{}", anonymous.status());
    let support = sign_in(&app, "sam@talkbridge.example", Role::Support).await;
    expect_ok(staff_get(&app, &support, "/api/admin/fraud").await).await;
    expect_error(
        post_cap(&app, &support, "service", id, json!({ "pence": 5000 })).await,
        StatusCode::FORBIDDEN,
        "forbidden",
    )
    .await;
    let caps: i64 = sqlx::query_scalar("SELECT count(*) FROM sip_spend_caps").fetch_one(&app.pool).await.unwrap();
    assert_eq!(caps, 0);
}

#[tokio::test]
async fn an_admin_sets_a_cap_the_history_names_and_the_registrar_reads() {
    let app = spawn_app().await;
    let admin = sign_in(&app, "ada@talkbridge.example", Role::Admin).await;
    let ours = order(&app, pay_as_you_go(&["442079460312"]), "capped@example.com").await;
    let id = owner_of(&app, &ours[0].0).await;
    let cap_row = || async {
        sqlx::query_scalar::<_, i64>("SELECT daily_tenths FROM sip_spend_caps WHERE owner = $1")
            .bind(&id)
            .fetch_optional(&app.pool)
            .await
            .unwrap()
    };
    assert_eq!(cap_row().await, None, "the default until staff set one");
    usage(&app, &id, 0, 4, 4_000).await;

    let panel = expect_ok(post_cap(&app, &admin, "service", &id, json!({ "pence": 5000 })).await).await;
    assert_eq!(panel["tariff"], "credit");
    assert_eq!(panel["capChangeable"], true);
    let account = &panel["account"];
    assert_eq!(
        (&account["capTenths"], &account["capSetByStaff"], &account["capUsedPercent"]),
        (&json!(50_000), &json!(true), &json!(8))
    );
    assert!(account["orderNumber"].as_str().unwrap().starts_with("SB-"));
    assert_eq!(cap_row().await, Some(50_000), "the registrar's row follows the event");

    let history = expect_ok(staff_get(&app, &admin, &format!("/api/admin/orders/service/{id}/history")).await).await;
    let set = history["events"].as_array().unwrap().iter().find(|e| e["type"] == "DailySpendCapSet").unwrap();
    assert_eq!(set["actor"], json!({ "kind": "staff", "name": "ada@talkbridge.example" }));
    assert_eq!(set["sentence"], "Daily spend cap on calls out set to £50.00 by ada@talkbridge.example.");

    // Bad caps: refused with what to send, and nothing changes.
    let events = app.event_count().await;
    for bad in [json!(-1), json!(100_001), json!(12.5), json!("5000"), json!(null), json!(1e20)] {
        let refusal = expect_error(
            post_cap(&app, &admin, "service", &id, json!({ "pence": bad })).await,
            StatusCode::UNPROCESSABLE_ENTITY,
            "spend_cap_out_of_range",
        )
        .await;
        assert!(refusal["error"].as_str().unwrap().contains("from 0 to 100000"), "{bad}: {refusal}");
    }
    let missing = post_cap(&app, &admin, "service", &id, json!({})).await;
    assert_eq!(missing.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(app.event_count().await, events);
    assert_eq!(cap_row().await, Some(50_000));

    // The cap it has already stores nothing; the bounds are caps.
    expect_ok(post_cap(&app, &admin, "service", &id, json!({ "pence": 5000 })).await).await;
    assert_eq!(app.event_count().await, events);
    let stopped = expect_ok(post_cap(&app, &admin, "service", &id, json!({ "pence": 0 })).await).await;
    assert_eq!(stopped["account"]["capUsedPercent"], 100);
    assert_eq!(cap_row().await, Some(0));
    expect_ok(post_cap(&app, &admin, "service", &id, json!({ "pence": 100_000 })).await).await;
    assert_eq!(cap_row().await, Some(1_000_000));

    // An unknown order: 404, nothing written.
    let unknown = "0a000000-0000-4000-8000-00000000ffff";
    expect_error(
        post_cap(&app, &admin, "service", unknown, json!({ "pence": 5000 })).await,
        StatusCode::NOT_FOUND,
        "order_not_found",
    )
    .await;

    // A rebuild keeps the cap its events set, and drops a row no event accounts for.
    sql(&app, "INSERT INTO sip_spend_caps (owner, daily_tenths) VALUES ($1, 1)", unknown).await;
    let state = AppState::new(app.pool.clone());
    api::tools::rebuild::rebuild_sip_numbers(&state).await.unwrap();
    assert_eq!(cap_row().await, Some(1_000_000));
    let stray: i64 = sqlx::query_scalar("SELECT count(*) FROM sip_spend_caps WHERE owner = $1")
        .bind(unknown)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(stray, 0);
}
