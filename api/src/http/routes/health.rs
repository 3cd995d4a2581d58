use std::time::Duration;

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{json, Value};
use sqlx::PgPool;

use crate::app::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new().route("/healthz", get(healthz)).route("/readyz", get(readyz))
}

async fn healthz() -> Json<Value> {
    Json(json!({ "status": "ok" }))
}

/// Ready when the database answers within two seconds.
async fn readyz(State(state): State<AppState>) -> (StatusCode, Json<Value>) {
    match tokio::time::timeout(Duration::from_secs(2), ping(&state.pool)).await {
        Ok(Ok(())) => (StatusCode::OK, Json(json!({ "status": "ready" }))),
        Ok(Err(error)) => {
            tracing::warn!(%error, "database not ready");
            (StatusCode::SERVICE_UNAVAILABLE, Json(json!({ "status": "unavailable", "error": "database unavailable" })))
        }
        Err(_) => {
            (StatusCode::SERVICE_UNAVAILABLE, Json(json!({ "status": "unavailable", "error": "database timeout" })))
        }
    }
}

async fn ping(pool: &PgPool) -> Result<(), sqlx::Error> {
    sqlx::query!("SELECT 1 AS one").fetch_one(pool).await.map(|_| ())
}
