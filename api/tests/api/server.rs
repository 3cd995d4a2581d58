use std::time::Duration;

use api::config::Config;
use api::state::AppState;
use axum::body::Body;
use axum::http::{Request, StatusCode};
use sqlx::postgres::PgPoolOptions;
use tower::ServiceExt;

use crate::helpers::{expect_error, spawn_app};

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
    let app = api::routes::app(AppState::new(pool), &config);
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
    assert_eq!(plans[1]["addOns"].as_array().unwrap().len(), 4);
    assert_eq!(plans[1]["addOns"][0]["id"], "callRecording");
    assert_eq!(plans[1]["addOns"][0]["yearlyPence"], 7680);
    assert!(plans[2]["addOns"].as_array().unwrap().is_empty());
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
async fn the_openapi_description_is_served_and_names_every_route() {
    let app = spawn_app().await;
    let response = app.get("/api/openapi.yaml").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "application/yaml");
    let text = response.text().await.unwrap();
    assert!(text.starts_with("openapi: 3"));
    for path in [
        "/catalogue:",
        "/quote:",
        "/carts:",
        "/carts/{id}:",
        "/carts/{id}/package:",
        "/carts/{id}/billing-cycle:",
        "/carts/{id}/items/{itemId}:",
        "/carts/{id}/add-ons:",
        "/carts/{id}/add-ons/{addOnId}:",
        "/carts/{id}/top-up:",
        "/carts/{id}/numbers:",
        "/carts/{id}/numbers/{value}:",
        "/carts/{id}/trial-flow:",
        "/carts/{id}/clear:",
        "/available_numbers/:",
        "/free-did-numbers/:",
    ] {
        assert!(text.contains(&format!("\n  {path}\n")), "{path} is not described");
    }
}
