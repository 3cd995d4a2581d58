//! The stack's own ceiling for api/bench/ratios.sh: what axum alone, and axum with one sqlx
//! SELECT, serve on this machine. The shop's routes are measured as ratios of these, so a
//! busy or slow machine moves both sides of each ratio alike.
//!
//! GET /readyz: answers once listening (the script waits for it).
//! GET /json: a bare axum JSON handler (a small struct serialised per request).
//! GET /select: one sqlx SELECT of the page the number search's first page asks for (50
//! available 0161 numbers in order), serialised as JSON: the least work a number search can do.
//!
//! Built only for the benchmark (`--features bench-baseline`), so `cargo test` skips it.
//! Usage: DATABASE_URL=... PORT=... bench_baseline

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;
use sqlx::postgres::PgPoolOptions;
use sqlx::PgPool;

#[derive(Serialize)]
struct Hello {
    message: &'static str,
    ok: bool,
}

async fn json() -> Json<Hello> {
    Json(Hello { message: "Hello, World!", ok: true })
}

#[derive(Serialize, sqlx::FromRow)]
struct Number {
    value: String,
    national: String,
}

async fn select(State(pool): State<PgPool>) -> Result<Json<Vec<Number>>, String> {
    sqlx::query_as(
        "SELECT value, national FROM number_inventory
         WHERE country = 'GB' AND status = 'available' AND NOT free_trial AND area_code = '0161'
         ORDER BY national LIMIT 50",
    )
    .fetch_all(&pool)
    .await
    .map(Json)
    .map_err(|e| e.to_string())
}

#[tokio::main]
async fn main() {
    let url = std::env::var("DATABASE_URL").expect("DATABASE_URL is set (the benchmark's scratch database)");
    let port: u16 = std::env::var("PORT").ok().and_then(|p| p.parse().ok()).expect("PORT is a port number");
    // The same pool size as the shop's default (DATABASE_MAX_CONNECTIONS), so the ceiling
    // and the shop share the database alike.
    let max: u32 = std::env::var("DATABASE_MAX_CONNECTIONS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(api::platform::config::DEFAULT_POOL);
    let pool = PgPoolOptions::new().max_connections(max).connect(&url).await.expect("the database answers");
    let app = Router::new()
        .route("/readyz", get(|| async { "ready" }))
        .route("/json", get(json))
        .route("/select", get(select))
        .with_state(pool);
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await.expect("the port is free");
    axum::serve(listener, app).await.expect("the server runs");
}
