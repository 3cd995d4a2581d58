//! GET /metrics: the series a scrape finds, and who may scrape.

use std::net::SocketAddr;

use api::app::state::{AppState, Services};
use api::platform::config::{Config, Secret};
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{Request, StatusCode};
use reqwest::Method;
use serde_json::json;
use tower::ServiceExt;

use crate::helpers::{expect_error, expect_ok, spawn_app, spawn_app_with, TestApp};

const TOKEN: &str = "metrics-test-token-0123456789";

async fn scrape(app: &TestApp) -> String {
    let response = app.get("/metrics").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert!(response.headers()["content-type"].to_str().unwrap().starts_with("text/plain; version=0.0.4"));
    response.text().await.unwrap()
}

/// The value of the series `name{labels}` in a scrape (0 when absent).
pub(crate) fn value(scrape: &str, series: &str) -> f64 {
    scrape.lines().find_map(|line| line.strip_prefix(series)?.strip_prefix(' ')?.trim().parse().ok()).unwrap_or(0.0)
}

#[tokio::test]
async fn a_scrape_counts_requests_by_route_and_commands_by_outcome_and_measures_projection_lag() {
    let app = spawn_app().await;
    let cart = app.create_cart().await;
    let route = r#"talkbridge_http_requests_total{method="GET",route="/api/carts/{id}",status="200"}"#;
    let before = value(&scrape(&app).await, route);
    expect_ok(app.get(&format!("/api/carts/{cart}")).await).await;
    let refused = app.send(Method::PUT, &format!("/api/carts/{cart}/top-up"), Some(json!({ "amountPence": 1 }))).await;
    assert!(refused.status().is_client_error(), "{}", refused.status());

    let scraped = scrape(&app).await;
    // Other tests in this process share the recorder: each series only grows.
    assert!(value(&scraped, route) >= before + 1.0, "{scraped}");
    assert!(!scraped.contains(&cart), "no ids in labels");
    assert!(scraped
        .contains(r#"talkbridge_http_request_duration_seconds_bucket{method="GET",route="/api/carts/{id}",le="0.1"}"#));
    assert!(value(&scraped, r#"talkbridge_commands_total{aggregate="Cart",outcome="ok"}"#) >= 1.0, "{scraped}");
    assert!(value(&scraped, r#"talkbridge_commands_total{aggregate="Cart",outcome="refused"}"#) >= 1.0, "{scraped}");
    assert!(scraped.contains(r#"talkbridge_projection_lag_events{view="cart_view"}"#), "{scraped}");
    assert!(scraped.contains(r#"talkbridge_projection_lagging_aggregates{view="number_inventory"}"#), "{scraped}");
    assert!(scraped.contains(r#"talkbridge_outbox_emails{status="failed"}"#), "{scraped}");
    for workflow in api::app::workflows::ALL {
        assert!(scraped.contains(&format!(r#"talkbridge_workflows_owed{{workflow="{workflow}"}}"#)), "{scraped}");
        assert!(scraped.contains(&format!(r#"talkbridge_workflow_oldest_seconds{{workflow="{workflow}"}}"#)));
    }
    assert!(scraped.contains("# HELP talkbridge_commands_total"));
    // The web app's pages are one series, whatever their path.
    app.get("/plans-and-pricing").await;
    assert!(scrape(&app).await.contains(r#"route="unmatched""#));
}

/// The router of `app`'s database under `config`, asked as if from `peer`.
async fn ask(app: &TestApp, config: &Config, peer: &str, headers: &[(&str, &str)]) -> axum::response::Response {
    let state = AppState::new(app.pool.clone()).with_services(Services::from_config(config).unwrap());
    let mut request = Request::get("/metrics").extension(ConnectInfo(peer.parse::<SocketAddr>().unwrap()));
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    api::http::routes::app(state, config).oneshot(request.body(Body::empty()).unwrap()).await.unwrap()
}

async fn code_of(response: axum::response::Response) -> (StatusCode, String) {
    let status = response.status();
    let body = axum::body::to_bytes(response.into_body(), 1 << 20).await.unwrap();
    let body: serde_json::Value = serde_json::from_slice(&body).unwrap();
    assert!(body["error"].as_str().is_some_and(|e| e.contains("METRICS_TOKEN")), "{body}");
    (status, body["code"].as_str().unwrap().to_string())
}

#[tokio::test]
async fn another_machine_is_refused_without_the_token_whatever_it_forwards() {
    let app = spawn_app().await;
    let mut config = Config::development();
    let remote = "203.0.113.7:40000";
    let refused = (StatusCode::FORBIDDEN, "metrics_forbidden".to_string());
    assert_eq!(code_of(ask(&app, &config, remote, &[]).await).await, refused);
    // X-Forwarded-For is the client's own word: never taken for the peer, proxy or not.
    assert_eq!(code_of(ask(&app, &config, remote, &[("x-forwarded-for", "127.0.0.1")]).await).await, refused);
    config.trusted_proxy = true;
    assert_eq!(code_of(ask(&app, &config, remote, &[("x-forwarded-for", "127.0.0.1")]).await).await, refused);
    // Behind a trusted proxy a loopback peer may be the proxy: it needs the token too.
    assert_eq!(code_of(ask(&app, &config, "127.0.0.1:40000", &[]).await).await, refused);
    config.trusted_proxy = false;
    assert_eq!(ask(&app, &config, "127.0.0.1:40000", &[]).await.status(), StatusCode::OK);
    assert_eq!(ask(&app, &config, "[::1]:40000", &[]).await.status(), StatusCode::OK);
}

#[tokio::test]
async fn the_token_opens_metrics_to_another_machine_and_a_wrong_one_is_refused() {
    let app = spawn_app().await;
    let mut config = Config::development();
    config.metrics_token = Some(Secret::new(TOKEN));
    let remote = "198.51.100.20:5000";
    let bearer = format!("Bearer {TOKEN}");
    let allowed = ask(&app, &config, remote, &[("authorization", &bearer)]).await;
    assert_eq!(allowed.status(), StatusCode::OK);
    let wrong = ask(&app, &config, remote, &[("authorization", "Bearer metrics-test-token-0123456788")]).await;
    assert_eq!(code_of(wrong).await, (StatusCode::FORBIDDEN, "metrics_token_invalid".to_string()));
    assert_eq!(code_of(ask(&app, &config, remote, &[]).await).await.1, "metrics_forbidden");

    // The real server, over its socket: the token works, a wrong one does not.
    let served = spawn_app_with(|c| c.metrics_token = Some(Secret::new(TOKEN))).await;
    let with_token = served.client.get(served.url("/metrics")).bearer_auth(TOKEN).send().await.unwrap();
    assert_eq!(with_token.status(), StatusCode::OK);
    assert!(with_token.text().await.unwrap().contains("talkbridge_http_requests_total"));
    let wrong = served.client.get(served.url("/metrics")).bearer_auth("not-the-token-at-all").send().await.unwrap();
    expect_error(wrong, StatusCode::FORBIDDEN, "metrics_token_invalid").await;
}
