use std::time::Duration;

use api::app::state::AppState;
use api::platform::config::{AppEnv, Config};
use axum::body::Body;
use axum::http::{Request, StatusCode};
use sqlx::postgres::PgPoolOptions;
use tower::ServiceExt;

use crate::helpers::{expect_error, spawn_app, spawn_app_with};

#[tokio::test]
async fn health_and_readiness() {
    let app = spawn_app().await;
    let response = app.get("/healthz").await;
    assert_eq!(response.status(), StatusCode::OK);
    let response = app.get("/readyz").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.json::<serde_json::Value>().await.unwrap()["status"], "ready");
}

#[tokio::test]
async fn not_ready_without_a_database() {
    let pool = PgPoolOptions::new()
        .acquire_timeout(Duration::from_millis(300))
        .connect_lazy("postgres://postgres@127.0.0.1:1/none")
        .unwrap();
    let config = Config::development();
    let app = api::http::routes::app(AppState::new(pool), &config);
    let response = app.oneshot(Request::get("/readyz").body(Body::empty()).unwrap()).await.unwrap();
    assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
}

#[tokio::test]
async fn serves_the_web_app_with_a_fallback_to_index_html() {
    let app = spawn_app().await;
    for path in ["/", "/plans-and-pricing", "/add-ons", "/some/unknown/page"] {
        let response = app.get(path).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        assert_eq!(response.headers()["cache-control"], "no-cache", "{path}");
        assert!(response.text().await.unwrap().contains("<div id=root>"), "{path}");
    }
    let page = app.get("/").await;
    assert_eq!(page.headers()["x-content-type-options"], "nosniff");
    assert_eq!(page.headers()["x-frame-options"], "DENY");
    let asset = app.get("/assets/app-1234.js").await;
    assert_eq!(asset.status(), StatusCode::OK);
    assert!(asset.headers()["cache-control"].to_str().unwrap().contains("immutable"));
}

#[tokio::test]
async fn unknown_api_routes_are_json_404s() {
    let app = spawn_app().await;
    expect_error(app.get("/api/no-such-thing").await, StatusCode::NOT_FOUND, "not_found").await;
}

#[tokio::test]
async fn the_catalogue_lists_the_price_list() {
    let app = spawn_app().await;
    let catalogue: serde_json::Value = app.get("/api/catalogue").await.json().await.unwrap();
    assert_eq!(catalogue["vatPercent"], 20);
    assert_eq!(catalogue["topUp"]["minimumPence"], 1000);
    let plans = catalogue["plans"].as_array().unwrap();
    let ids: Vec<&str> = plans.iter().map(|p| p["id"].as_str().unwrap()).collect();
    assert_eq!(ids, ["payAsYouGo", "singleUser", "multiUser"]);
    assert_eq!(plans[1]["monthlyPence"], 499);
    assert_eq!(plans[1]["yearlyPence"], 4790);
    assert_eq!(plans[2]["yearlyPence"], 14304);
    assert_eq!(plans[2]["minUsers"], 4);
    assert_eq!(plans[0]["extraNumber"]["yearlyPence"], 2400);
    assert_eq!(plans[1]["addOns"].as_array().unwrap().len(), 5);
    assert_eq!(plans[1]["addOns"][0]["id"], "callRecording");
    assert_eq!(plans[1]["addOns"][0]["yearlyPence"], 7680);
    let ring_groups =
        serde_json::json!({ "id": "ringGroups", "name": "Ring Groups", "monthlyPence": 200, "yearlyPence": 1920 });
    assert_eq!(plans[1]["addOns"][4], ring_groups);
    assert!(plans[2]["addOns"].as_array().unwrap().is_empty());
    let rates = serde_json::json!({
        "ukLandlineTenthsOfPenny": 10, "ukLandlineLabel": "1p", "ukMobileTenthsOfPenny": 83, "ukMobileLabel": "8.3p"
    });
    assert_eq!(plans[0]["callRates"], rates);
    assert!(plans[1]["callRates"].is_null());

    // The marketing price list: its derived figures agree with the plans and add-ons above.
    let list = &catalogue["priceList"];
    assert_eq!(list["businessFromMonthlyPence"], plans[2]["monthlyPence"]);
    assert_eq!(list["cloudPbxFromMonthlyPence"], plans[2]["monthlyPence"]);
    assert_eq!(
        (list["cloudPbxFromMonthlyPence"].as_i64(), list["cloudPbxToMonthlyPence"].as_i64()),
        (Some(1490), Some(4990))
    );
    assert_eq!(list["addOnsFromMonthlyPence"], 200);
    assert_eq!(list["residentialFromMonthlyPence"], 800);
    assert_eq!(list["voiceRecording"], serde_json::json!({ "pricePence": 2500, "maxWords": 150 }));
    assert_eq!(list["businessBroadband"]["agreementMonths"], 24);
    assert_eq!(
        list["businessBroadband"]["tiers"][2],
        serde_json::json!({ "speedMbps": 1000, "speedLabel": "1000 Mbps", "monthlyPence": 13560 })
    );
    let monthly = |offer: &str| -> Vec<i64> {
        list[offer]["tiers"].as_array().unwrap().iter().map(|tier| tier["monthlyPence"].as_i64().unwrap()).collect()
    };
    assert_eq!(monthly("businessBroadband"), [6810, 11610, 13560]);
    assert_eq!(list["leasedLines"]["agreementMonths"], 36);
    assert_eq!(monthly("leasedLines"), [29000, 35000, 75000]);
    assert_eq!(list["leasedLines"]["tiers"][1]["speedLabel"], "1 Gbps");
}

#[tokio::test]
async fn quotes_a_package_and_refuses_bad_queries() {
    let app = spawn_app().await;
    let quote: serde_json::Value =
        app.get("/api/quote?plan=multiUser&billingCycle=yearly&quantity=5").await.json().await.unwrap();
    assert_eq!((quote["blocks"].as_u64(), quote["linePence"].as_u64()), (Some(2), Some(28608)));
    for (query, code) in [
        ("plan=multiUser&billingCycle=yearly&quantity=3", "below_plan_minimum"),
        ("plan=singleUser&billingCycle=yearly&quantity=0", "invalid_quantity"),
        ("plan=singleUser&billingCycle=yearly&quantity=-1", "invalid_query"),
        ("plan=singleUser&billingCycle=yearly&quantity=1.5", "invalid_query"),
        ("plan=gold&billingCycle=yearly&quantity=1", "invalid_query"),
        ("plan=singleUser&quantity=1", "invalid_query"),
    ] {
        expect_error(app.get(&format!("/api/quote?{query}")).await, StatusCode::UNPROCESSABLE_ENTITY, code).await;
    }
}

#[tokio::test]
async fn web_app_pages_carry_the_content_security_policy() {
    let app = spawn_app().await;
    for path in ["/", "/checkout", "/index.html"] {
        let page = app.get(path).await;
        let policy = page.headers()["content-security-policy"].to_str().unwrap().to_string();
        assert!(policy.starts_with("default-src 'self'"), "{path}: {policy}");
        for directive in ["object-src 'none'", "base-uri 'self'", "frame-ancestors 'none'", "form-action 'self'"] {
            assert!(policy.contains(directive), "{path}: {policy}");
        }
        // The Stripe stand-in's script, frames and API (its Stripe.js origin).
        let origin = crate::helpers::stand_in().trim_end_matches('/').to_string();
        assert!(policy.contains(&format!("script-src 'self' {origin}")), "{policy}");
        assert!(!policy.contains("accounts.google.com"), "no Google without its client id: {policy}");
    }
    assert!(app.get("/api/catalogue").await.headers().get("content-security-policy").is_none());
    let google = spawn_app_with(|config| config.google_client_id = Some("id.apps.googleusercontent.com".into())).await;
    let policy = google.get("/").await.headers()["content-security-policy"].to_str().unwrap().to_string();
    assert!(policy.contains("https://accounts.google.com/gsi/client"), "{policy}");
}

/// Production, which needs the live pages' renderer (a stand-in, crate::live_pages).
fn production(config: &mut api::platform::config::Config) {
    config.app_env = AppEnv::Production;
    config.renderer_dir = crate::live_pages::renderer_dir("production", &[]);
}

#[tokio::test]
async fn hsts_only_in_production() {
    let development = spawn_app().await;
    assert!(development.get("/").await.headers().get("strict-transport-security").is_none());
    let production = spawn_app_with(production).await;
    for path in ["/", "/healthz", "/api/catalogue", "/api/no-such-thing"] {
        let response = production.get(path).await;
        assert_eq!(response.headers()["strict-transport-security"], "max-age=31536000; includeSubDomains", "{path}");
    }
}

#[tokio::test]
async fn personal_api_answers_are_never_stored_by_caches() {
    let app = spawn_app().await;
    let created = app.send(reqwest::Method::POST, "/api/carts", None).await;
    assert_eq!(created.headers()["cache-control"], "no-store");
    let cart: serde_json::Value = created.json().await.unwrap();
    let id = cart["id"].as_str().unwrap();
    for path in [
        format!("/api/carts/{id}"),
        "/api/trials/7d8f0c9e-1111-4a4a-9b9b-000000000000".to_string(),
        "/api/orders/7d8f0c9e-1111-4a4a-9b9b-000000000000".to_string(),
        "/api/admin/me".to_string(),
        "/api/account/me".to_string(),
        "/api/account/orders".to_string(),
    ] {
        assert_eq!(app.get(&path).await.headers()["cache-control"], "no-store", "{path}");
    }
    for path in ["/api/create-payment-intent/", "/api/create-free-trial-account/", "/api/attach-payment-method/"] {
        let response = app.send(reqwest::Method::POST, path, Some(serde_json::json!({}))).await;
        assert_eq!(response.headers()["cache-control"], "no-store", "{path}");
    }
    let catalogue = app.get("/api/catalogue").await;
    assert_ne!(catalogue.headers().get("cache-control").map(|v| v.to_str().unwrap()), Some("no-store"));
}

#[tokio::test]
async fn the_staff_cookie_is_secure_in_production() {
    for (env, secure) in [(AppEnv::Development, false), (AppEnv::Production, true)] {
        let app = spawn_app_with(|config| match env {
            AppEnv::Production => production(config),
            _ => config.app_env = env,
        })
        .await;
        api::app::auth::add_user(
            &app.pool,
            "cookie@example.com",
            api::app::auth::Role::Admin,
            Some("a-long-password-1".into()),
        )
        .await
        .unwrap();
        let body = serde_json::json!({ "email": "cookie@example.com", "password": "a-long-password-1" });
        let response = app.send(reqwest::Method::POST, "/api/admin/login", Some(body)).await;
        assert_eq!(response.status(), StatusCode::OK);
        let cookie = response.headers()["set-cookie"].to_str().unwrap().to_string();
        assert_eq!(cookie.contains("; Secure"), secure, "{env:?}: {cookie}");
        assert!(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"), "{cookie}");
    }
}

#[tokio::test]
async fn every_moved_path_answers_a_permanent_redirect_to_its_page_keeping_the_query() {
    let app = spawn_app().await;
    let client = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let table: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(include_str!("../../../webapp/src/config/moved-paths.json")).unwrap();
    assert!(table.len() >= 25);
    for (from, to) in &table {
        let answer = client.get(app.url(from)).send().await.unwrap();
        assert_eq!(answer.status(), reqwest::StatusCode::MOVED_PERMANENTLY, "{from}");
        assert_eq!(answer.headers()["location"], to.as_str().unwrap(), "{from}");
    }
    let campaign = client.get(app.url("/compare?utm_source=mail&utm_campaign=spring")).send().await.unwrap();
    assert_eq!(campaign.headers()["location"], "/plans-and-pricing?utm_source=mail&utm_campaign=spring#compare");
    let trial = client.get(app.url("/trial?utm_source=x")).send().await.unwrap();
    assert_eq!(trial.headers()["location"], "/free-trial-numbers?utm_source=x");
    // A page of its own is not moved.
    assert_ne!(client.get(app.url("/faq")).send().await.unwrap().status(), reqwest::StatusCode::MOVED_PERMANENTLY);
}

/// The real binary, logging as production does (JSON lines): each request is one line with
/// its id (the caller's `x-request-id`, or one made and answered), method, route template
/// (never the path, whose ids are not for the log), status and latency.
#[tokio::test]
async fn each_request_is_one_json_log_line_with_its_id_route_status_and_latency() {
    let database = crate::helpers::fresh_database().await;
    let server = crate::helpers::Server::start(&database, &[("RUST_LOG", "info"), ("LOG_FORMAT", "json")]).await;
    let client = reqwest::Client::new();
    let answer = client
        .get(format!("{}/api/orders/secret-order-id-123", server.base))
        .header("x-request-id", "req-test-42")
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), StatusCode::NOT_FOUND);
    assert_eq!(answer.headers()["x-request-id"], "req-test-42", "the id is answered");
    let made = client.get(format!("{}/api/hardware/", server.base)).send().await.unwrap();
    let made_id = made.headers()["x-request-id"].to_str().unwrap().to_string();
    assert_eq!(made_id.len(), 36, "a UUID is made when the caller sends none: {made_id}");

    let port = server.base.rsplit(':').next().unwrap().to_string();
    let log_path = std::env::temp_dir().join(format!("voip-shop-test-{port}.log"));
    let line_of = |id: &str| {
        std::fs::read_to_string(&log_path)
            .unwrap()
            .lines()
            .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
            .find(|line| line["fields"]["id"] == id)
    };
    // Written within the flusher's 50 ms; allow a busy machine a few seconds.
    let mut found = None;
    for _ in 0..100 {
        found = line_of("req-test-42").zip(line_of(&made_id));
        if found.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let (order, hardware) = found.expect("both requests are in the log");
    let fields = &order["fields"];
    assert_eq!((order["level"].as_str(), order["target"].as_str()), (Some("INFO"), Some("talkbridge::http")));
    assert_eq!(
        (fields["message"].as_str(), fields["method"].as_str(), fields["route"].as_str(), fields["status"].as_u64()),
        (Some("answered"), Some("GET"), Some("/api/orders/{id}"), Some(404))
    );
    assert!(fields["latency_ms"].as_f64().is_some_and(|ms| ms >= 0.0), "{order}");
    assert!(!order.to_string().contains("secret-order-id-123"), "the path's id is not logged: {order}");
    assert!(chrono::DateTime::parse_from_rfc3339(order["timestamp"].as_str().unwrap()).is_ok(), "{order}");
    assert_eq!(hardware["fields"]["status"], 200);
    assert_eq!(hardware["fields"]["route"], "/api/hardware/");
}

/// The real binary with nothing but `PATH`, `DATABASE_URL` and quiet logs: production (APP_ENV
/// unset), no Stripe keys, no mail relay, no site address.
fn bare_command(database_url: &str, args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_voip-shop"))
        .args(args)
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("DATABASE_URL", database_url)
        .env("RUST_LOG", "warn")
        .env("NO_COLOR", "1")
        .output()
        .expect("the server binary runs")
}

/// A database command needs the database alone, as an operator runs it in production; the
/// server under the same environment still refuses to start without Stripe.
#[tokio::test]
async fn users_add_needs_only_the_database_and_serve_still_refuses_without_stripe() {
    let database = crate::helpers::fresh_database().await;
    let run = |args: &'static [&'static str]| {
        let database = database.clone();
        tokio::task::spawn_blocking(move || bare_command(&database, args))
    };
    let added = run(&["users", "add", "--role", "admin", "ops@example.com"]).await.unwrap();
    let said = String::from_utf8_lossy(&added.stdout);
    assert!(added.status.success(), "{said}{}", String::from_utf8_lossy(&added.stderr));
    assert!(said.starts_with("admin ops@example.com added. Password (shown once): "), "{said}");
    let pool = PgPoolOptions::new().max_connections(1).connect(&database).await.unwrap();
    let staff: i64 = sqlx::query_scalar("SELECT count(*) FROM staff_users WHERE email = 'ops@example.com'")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(staff, 1);

    let served = run(&["serve"]).await.unwrap();
    let log = format!("{}{}", String::from_utf8_lossy(&served.stdout), String::from_utf8_lossy(&served.stderr));
    assert_eq!(served.status.code(), Some(1), "{log}");
    assert!(log.contains("STRIPE_SECRET_KEY"), "{log}");

    // A bad command line is clap's usage error, exit code 2, and changes nothing.
    let refused = run(&["users", "add", "--role", "root", "x@example.com"]).await.unwrap();
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("invalid value 'root' for '--role <ROLE>'"));
    let refused = run(&["serve", "--verbose"]).await.unwrap();
    assert_eq!(refused.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&refused.stderr).contains("unexpected argument '--verbose'"));
}
