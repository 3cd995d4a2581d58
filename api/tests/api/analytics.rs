//! Page-view analytics: a view is queued and written within a second with nothing personal
//! in it, Do Not Track and Global Privacy Control are honoured, bad fields are refused, and
//! staff read the views of a period with the order funnel.

use std::time::Duration;

use api::app::auth::Role;
use chrono::{Days, NaiveDate, Utc};
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::hardware_routes::{as_staff, sign_in};
use crate::helpers::{expect_error, expect_ok, spawn_app, spawn_app_with, stop_the_clock, TestApp};

const BROWSER: &str = "Mozilla/5.0 (X11; Linux x86_64) TestBrowser/1.0";

async fn send_view(app: &TestApp, body: Value, headers: &[(&str, &str)]) -> reqwest::Response {
    let mut request = app.client.post(app.url("/api/page-views")).header("user-agent", BROWSER).json(&body);
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    request.send().await.unwrap()
}

fn view(path: &str) -> Value {
    json!({ "path": path, "referrer": "", "viewport": "large" })
}

async fn rows(app: &TestApp) -> Vec<Value> {
    sqlx::query_scalar("SELECT to_jsonb(p) FROM page_views p ORDER BY id").fetch_all(&app.pool).await.unwrap()
}

/// The stored views once there are `count` of them: the writer flushes at least once a second.
async fn written(app: &TestApp, count: usize) -> Vec<Value> {
    for _ in 0..50 {
        let stored = rows(app).await;
        if stored.len() >= count {
            return stored;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("{count} page views were not written within 5 s: {:?}", rows(app).await);
}

fn today() -> NaiveDate {
    Utc::now().date_naive()
}

#[tokio::test]
async fn a_view_is_written_within_a_second_with_nothing_personal_in_it() {
    let app = spawn_app().await;
    // Yesterday's salt is still there until a view of today is written.
    sqlx::query("INSERT INTO page_view_salts (day, salt) VALUES ($1, decode(repeat('ab', 32), 'hex'))")
        .bind(today() - Days::new(1))
        .execute(&app.pool)
        .await
        .unwrap();

    let body = json!({
        "path": "/plans-and-pricing?email=jane@example.com#compare",
        "referrer": "https://www.Google.co.uk/search?q=business+voip",
        "viewport": "medium",
        "utmSource": "newsletter", "utmMedium": "email", "utmCampaign": "spring-offer"
    });
    let answer = send_view(&app, body, &[]).await;
    assert_eq!(answer.status(), StatusCode::NO_CONTENT);
    assert!(answer.headers().get("set-cookie").is_none(), "no cookie is set");
    assert!(answer.text().await.unwrap().is_empty());

    let stored = written(&app, 1).await;
    let row = stored[0].as_object().unwrap();
    let mut columns: Vec<&str> = row.keys().map(String::as_str).collect();
    columns.sort_unstable();
    assert_eq!(
        columns,
        ["id", "path", "referrer_host", "utm_campaign", "utm_medium", "utm_source", "viewed_at", "viewport", "visitor"]
    );
    assert_eq!(row["path"], "/plans-and-pricing", "no query string or fragment is kept");
    assert_eq!(row["referrer_host"], "www.google.co.uk", "only the referrer's host is kept");
    assert_eq!(row["viewport"], "medium");
    assert_eq!(
        (&row["utm_source"], &row["utm_medium"], &row["utm_campaign"]),
        (&json!("newsletter"), &json!("email"), &json!("spring-offer"))
    );
    let visitor = row["visitor"].as_str().unwrap();
    assert_eq!(visitor.len(), 16);
    assert!(visitor.chars().all(|c| c.is_ascii_hexdigit()), "{visitor}");
    let text = stored[0].to_string();
    for personal in ["127.0.0.1", "TestBrowser", "Mozilla", "jane@example.com"] {
        assert!(!text.contains(personal), "{personal} is stored: {text}");
    }

    // The same browser again today is the same visitor; another browser is another.
    send_view(&app, view("/add-ons"), &[]).await;
    let other =
        app.client.post(app.url("/api/page-views")).header("user-agent", "OtherBrowser/2").json(&view("/add-ons"));
    assert_eq!(other.send().await.unwrap().status(), StatusCode::NO_CONTENT);
    let stored = written(&app, 3).await;
    assert_eq!(stored[1]["visitor"], visitor);
    assert_ne!(stored[2]["visitor"], visitor);

    // Only today's salt is kept.
    let salts: Vec<NaiveDate> =
        sqlx::query_scalar("SELECT day FROM page_view_salts").fetch_all(&app.pool).await.unwrap();
    assert_eq!(salts, [today()]);
}

#[tokio::test]
async fn do_not_track_and_global_privacy_control_are_honoured() {
    let app = spawn_app().await;
    for header in [("dnt", "1"), ("sec-gpc", "1")] {
        let answer = send_view(&app, view("/private"), &[header]).await;
        assert_eq!(answer.status(), StatusCode::NO_CONTENT);
    }
    // Even a wrong body is only dropped.
    let answer = send_view(&app, json!({ "path": "no slash" }), &[("dnt", "1")]).await;
    assert_eq!(answer.status(), StatusCode::NO_CONTENT);
    // `DNT: 0` is not a refusal. Views are written in order: once this one is there, any
    // earlier one would have been too.
    send_view(&app, view("/tracked"), &[("dnt", "0")]).await;
    let stored = written(&app, 1).await;
    tokio::time::sleep(Duration::from_millis(600)).await;
    let stored_later = rows(&app).await;
    assert_eq!(stored_later.len(), 1, "{stored_later:?}");
    assert_eq!(stored[0]["path"], "/tracked");
}

#[tokio::test]
async fn wrong_fields_are_refused_and_a_referrer_from_this_site_is_not_kept() {
    let app = spawn_app().await;
    let wrong = json!({
        "path": "plans-and-pricing", "referrer": "not an address", "viewport": "huge",
        "utmSource": "x".repeat(101), "utmCampaign": "fine"
    });
    let refused =
        expect_error(send_view(&app, wrong, &[]).await, StatusCode::UNPROCESSABLE_ENTITY, "invalid_fields").await;
    let fields: Vec<&String> = refused["fieldErrors"].as_object().unwrap().keys().collect();
    assert_eq!(fields, ["path", "referrer", "utmSource", "viewport"]);
    let long_path = json!({ "path": format!("/{}", "a".repeat(300)), "viewport": "small" });
    expect_error(send_view(&app, long_path, &[]).await, StatusCode::UNPROCESSABLE_ENTITY, "invalid_fields").await;
    let unknown = json!({ "path": "/", "viewport": "small", "ip": "203.0.113.7" });
    expect_error(send_view(&app, unknown, &[]).await, StatusCode::UNPROCESSABLE_ENTITY, "invalid_body").await;
    // 600 characters in all, with the query string that is cut off.
    let long_query = json!({ "path": format!("/?q={}", "a".repeat(598)), "viewport": "small" });
    expect_error(send_view(&app, long_query, &[]).await, StatusCode::UNPROCESSABLE_ENTITY, "invalid_fields").await;
    // Over 16 KB: refused before it is read.
    let big =
        json!({ "path": "/", "viewport": "small", "referrer": format!("https://example.com/{}", "a".repeat(17_000)) });
    expect_error(send_view(&app, big, &[]).await, StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large").await;

    // From another page of this site (the request's own host, or SITE_URL's): no referrer.
    let host = app.address.trim_start_matches("http://").to_string();
    let own =
        json!({ "path": "/add-ons", "referrer": format!("http://{host}/plans-and-pricing"), "viewport": "small" });
    assert_eq!(send_view(&app, own, &[]).await.status(), StatusCode::NO_CONTENT);
    let site = json!({ "path": "/checkout", "referrer": "http://localhost/add-ons", "viewport": "small" });
    assert_eq!(send_view(&app, site, &[]).await.status(), StatusCode::NO_CONTENT);
    let stored = written(&app, 2).await;
    assert_eq!(stored.len(), 2, "nothing refused was stored: {stored:?}");
    assert!(stored.iter().all(|row| row["referrer_host"].is_null()), "{stored:?}");
}

/// The value of `series` in a scrape of `app`'s /metrics with the token `token`.
async fn metric(app: &TestApp, token: &str, series: &str) -> f64 {
    let scrape = app.client.get(app.url("/metrics")).bearer_auth(token).send().await.unwrap();
    assert_eq!(scrape.status(), StatusCode::OK);
    crate::metrics::value(&scrape.text().await.unwrap(), series)
}

#[tokio::test]
async fn one_address_has_120_views_a_minute_kept_and_the_rest_answered_and_dropped() {
    const TOKEN: &str = "analytics-test-token-0123456789";
    let app = spawn_app_with(|config| {
        stop_the_clock(config);
        config.trusted_proxy = true;
        config.metrics_token = Some(api::platform::config::Secret::new(TOKEN));
    })
    .await;
    let dropped = r#"talkbridge_page_views_total{outcome="dropped_rate_limited"}"#;
    let limited = r#"talkbridge_rate_limited_total{limit="page-view-address"}"#;
    let (dropped_before, limited_before) = (metric(&app, TOKEN, dropped).await, metric(&app, TOKEN, limited).await);
    let sends: Vec<_> = (0..130)
        .map(|n| {
            let request = app
                .client
                .post(app.url("/api/page-views"))
                .header("x-forwarded-for", "198.51.100.7")
                .json(&view(&format!("/page-{n}")));
            tokio::spawn(async move { request.send().await.unwrap().status() })
        })
        .collect();
    for send in sends {
        assert_eq!(send.await.unwrap(), StatusCode::NO_CONTENT, "every view is answered the same");
    }
    written(&app, 120).await;
    // The writer flushes every half second: anything more would be there by now.
    tokio::time::sleep(Duration::from_millis(1200)).await;
    assert_eq!(rows(&app).await.len(), 120, "120 kept, 10 dropped");
    assert_eq!(metric(&app, TOKEN, dropped).await - dropped_before, 10.0);
    assert_eq!(metric(&app, TOKEN, limited).await - limited_before, 10.0);

    // Another address is still kept.
    let other = app
        .client
        .post(app.url("/api/page-views"))
        .header("x-forwarded-for", "198.51.100.8")
        .json(&view("/from-another-address"))
        .send()
        .await
        .unwrap();
    assert_eq!(other.status(), StatusCode::NO_CONTENT);
    let stored = written(&app, 121).await;
    assert_eq!(stored.last().unwrap()["path"], "/from-another-address");
    assert_eq!(metric(&app, TOKEN, dropped).await - dropped_before, 10.0);
}

async fn insert_view(app: &TestApp, day: NaiveDate, path: &str, visitor: &str, referrer: Option<&str>) {
    sqlx::query(
        "INSERT INTO page_views (viewed_at, path, referrer_host, viewport, visitor)
         VALUES (($1::date + time '12:00') AT TIME ZONE 'UTC', $2, $3, 'large', $4)",
    )
    .bind(day)
    .bind(path)
    .bind(referrer)
    .bind(visitor)
    .execute(&app.pool)
    .await
    .unwrap();
}

#[tokio::test]
async fn staff_read_views_per_day_top_pages_referrers_and_the_funnel() {
    let app = spawn_app().await;
    let day = |text: &str| -> NaiveDate { text.parse().unwrap() };
    let (first, second, fourth) = (day("2026-03-01"), day("2026-03-02"), day("2026-03-04"));
    // Day 1: four visitors; a, b and c see plans, a and b add-ons (c left), a checks out and
    // thanks; d goes from the home page straight to the add-ons.
    for (path, visitor, referrer) in [
        ("/", "aaaaaaaaaaaaaaaa", Some("www.google.co.uk")),
        ("/plans-and-pricing", "aaaaaaaaaaaaaaaa", None),
        ("/add-ons", "aaaaaaaaaaaaaaaa", None),
        ("/checkout", "aaaaaaaaaaaaaaaa", None),
        ("/checkout/account-setup", "aaaaaaaaaaaaaaaa", None),
        ("/thank-you", "aaaaaaaaaaaaaaaa", None),
        ("/plans-and-pricing", "bbbbbbbbbbbbbbbb", Some("www.google.co.uk")),
        ("/add-ons", "bbbbbbbbbbbbbbbb", None),
        ("/plans-and-pricing", "cccccccccccccccc", Some("www.bing.com")),
        ("/", "dddddddddddddddd", None),
        ("/add-ons", "dddddddddddddddd", None),
    ] {
        insert_view(&app, first, path, visitor, referrer).await;
    }
    // Day 2: visitor a's hash of another day is another visitor; day 3 has nothing.
    insert_view(&app, second, "/plans-and-pricing", "aaaaaaaaaaaaaaaa", None).await;
    insert_view(&app, second, "/plans-and-pricing", "aaaaaaaaaaaaaaaa", None).await;
    // Outside the period.
    insert_view(&app, day("2026-02-28"), "/outside", "eeeeeeeeeeeeeeee", Some("outside.example")).await;
    // One service order completed in the period, one before it.
    for (id, at) in [("order-in", "2026-03-01T15:00:00Z"), ("order-before", "2026-02-28T23:59:00Z")] {
        sqlx::query("INSERT INTO order_view (view_id, version, payload) VALUES ($1, 1, json_build_object('completedAt', $2::text))")
            .bind(id)
            .bind(at)
            .execute(&app.pool)
            .await
            .unwrap();
    }

    // Anonymous callers are refused; support staff may read it.
    expect_error(app.get("/api/admin/analytics").await, StatusCode::UNAUTHORIZED, "not_signed_in").await;
    let support = sign_in(&app, "sam@talkbridge.example", Role::Support).await;
    let read =
        |query: &str| as_staff(app.client.get(app.url(&format!("/api/admin/analytics{query}"))), &support).send();
    let report = expect_ok(read("?from=2026-03-01&to=2026-03-04").await.unwrap()).await;

    assert_eq!((report["from"].as_str(), report["to"].as_str()), (Some("2026-03-01"), Some("2026-03-04")));
    assert_eq!(
        report["days"],
        json!([
            { "day": "2026-03-01", "views": 11, "visitors": 4 },
            { "day": "2026-03-02", "views": 2, "visitors": 1 },
            { "day": "2026-03-03", "views": 0, "visitors": 0 },
            { "day": fourth.to_string(), "views": 0, "visitors": 0 },
        ])
    );
    assert_eq!(report["totals"], json!({ "views": 13, "visitors": 5 }));
    assert_eq!(report["topPages"][0], json!({ "path": "/plans-and-pricing", "views": 5, "visitors": 4 }));
    assert_eq!(report["topPages"][1], json!({ "path": "/add-ons", "views": 3, "visitors": 3 }));
    assert!(report["topPages"].as_array().unwrap().iter().all(|p| p["path"] != "/outside"));
    assert_eq!(
        report["topReferrers"],
        json!([{ "host": "www.google.co.uk", "views": 2 }, { "host": "www.bing.com", "views": 1 }])
    );
    let funnel: Vec<(String, i64, i64, Value)> = report["funnel"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["step"].as_str().unwrap().to_string(),
                s["visitors"].as_i64().unwrap(),
                s["dropOff"].as_i64().unwrap(),
                s["dropOffPercent"].clone(),
            )
        })
        .collect();
    // Plans: a, b, c, d (d reached the add-ons) on day 1, and a on day 2; add-ons: a, b, d.
    assert_eq!(
        funnel,
        [
            ("plans".to_string(), 5, 0, Value::Null),
            ("add-ons".to_string(), 3, 2, json!(40.0)),
            ("checkout".to_string(), 1, 2, json!(66.7)),
            ("thank-you".to_string(), 1, 0, json!(0.0)),
        ]
    );
    assert_eq!(report["orders"], 1);

    // A period of one empty day; then the refusals.
    let empty = expect_ok(read("?from=2026-03-03&to=2026-03-03").await.unwrap()).await;
    assert_eq!(empty["days"], json!([{ "day": "2026-03-03", "views": 0, "visitors": 0 }]));
    assert_eq!((empty["topPages"].as_array().unwrap().len(), &empty["orders"]), (0, &json!(0)));
    assert!(empty["funnel"].as_array().unwrap().iter().all(|s| s["visitors"] == 0));
    // The default: the last 30 days, today included.
    let default = expect_ok(read("").await.unwrap()).await;
    assert_eq!(default["days"].as_array().unwrap().len(), 30);
    assert_eq!(default["to"], today().to_string());
    for query in ["?from=2026-03-04&to=2026-03-01", "?from=2025-01-01&to=2026-03-01", "?from=yesterday", "?days=7"] {
        expect_error(read(query).await.unwrap(), StatusCode::BAD_REQUEST, "invalid_query").await;
    }
}

/// Page views are kept 13 months: the purge folds older days into daily totals, deletes
/// their rows, and the staff report of those days reads exactly as before.
#[tokio::test]
async fn page_views_over_13_months_old_are_folded_into_daily_totals_and_read_the_same() {
    let app = spawn_app().await;
    let day = |text: &str| -> NaiveDate { text.parse().unwrap() };
    let now: chrono::DateTime<Utc> = "2026-11-26T03:00:00Z".parse().unwrap();
    // The first day kept as it came in is 2025-10-26; the day before it is folded.
    let (old, last_folded, kept) = (day("2025-03-01"), day("2025-10-25"), day("2025-10-26"));
    for (path, visitor, referrer) in [
        ("/", "aaaaaaaaaaaaaaaa", Some("www.google.co.uk")),
        ("/plans-and-pricing", "aaaaaaaaaaaaaaaa", None),
        ("/add-ons", "aaaaaaaaaaaaaaaa", None),
        ("/checkout", "aaaaaaaaaaaaaaaa", None),
        ("/thank-you", "aaaaaaaaaaaaaaaa", None),
        ("/plans-and-pricing", "bbbbbbbbbbbbbbbb", Some("www.google.co.uk")),
        ("/plans-and-pricing", "bbbbbbbbbbbbbbbb", None),
        ("/add-ons", "cccccccccccccccc", Some("www.bing.com")),
    ] {
        insert_view(&app, old, path, visitor, referrer).await;
    }
    insert_view(&app, last_folded, "/plans-and-pricing", "aaaaaaaaaaaaaaaa", None).await;
    insert_view(&app, kept, "/plans-and-pricing", "dddddddddddddddd", Some("www.bing.com")).await;
    insert_view(&app, kept, "/add-ons", "dddddddddddddddd", None).await;

    let support = sign_in(&app, "sam@talkbridge.example", Role::Support).await;
    let read = |query: &'static str| {
        let request = as_staff(app.client.get(app.url(&format!("/api/admin/analytics{query}"))), &support);
        async move { expect_ok(request.send().await.unwrap()).await }
    };
    let periods =
        ["?from=2025-03-01&to=2025-03-01", "?from=2025-01-01&to=2025-12-31", "?from=2025-10-20&to=2025-10-30"];
    let mut before = vec![];
    for period in periods {
        before.push(read(period).await);
    }
    assert_eq!(before[1]["totals"], json!({ "views": 11, "visitors": 5 }), "the scenario as inserted");

    let report = jobs::purge::purge_old_records(&app.pool, now).await.unwrap();
    assert_eq!(report.page_views_folded, 9, "the 8 views of 2025-03-01 and the 1 of 2025-10-25");
    let left: Vec<NaiveDate> =
        sqlx::query_scalar("SELECT (viewed_at AT TIME ZONE 'UTC')::date FROM page_views ORDER BY 1")
            .fetch_all(&app.pool)
            .await
            .unwrap();
    assert_eq!(left, [kept, kept], "only the views of the last 13 months are kept as they came in");
    let totals: Vec<(NaiveDate, String, String, i64, i64)> = sqlx::query_as(
        "SELECT day, kind, key, views, visitors FROM page_view_totals WHERE day = $1 ORDER BY kind, key",
    )
    .bind(old)
    .fetch_all(&app.pool)
    .await
    .unwrap();
    let of = |kind: &str, key: &str| totals.iter().find(|t| t.1 == kind && t.2 == key).map(|t| (t.3, t.4));
    assert_eq!(of("day", ""), Some((8, 3)));
    assert_eq!(of("page", "/plans-and-pricing"), Some((3, 2)));
    assert_eq!(of("referrer", "www.google.co.uk"), Some((2, 0)));
    assert_eq!((of("funnel", "1"), of("funnel", "2"), of("funnel", "4")), (Some((0, 3)), Some((0, 2)), Some((0, 1))));

    for (period, earlier) in periods.into_iter().zip(&before) {
        let after = read(period).await;
        for part in ["days", "totals", "topPages", "topReferrers", "funnel"] {
            assert_eq!(after[part], earlier[part], "{part} of {period} reads as before the fold");
        }
    }
    // A second run folds nothing more.
    assert_eq!(jobs::purge::purge_old_records(&app.pool, now).await.unwrap().page_views_folded, 0);
}
