//! Where a request's time goes: the time spent waiting for the payment provider is added up
//! while a handler runs inside `measured`, and reported in `Server-Timing` so a benchmark
//! can take it out of the server's own time.

use std::cell::Cell;
use std::future::Future;
use std::time::{Duration, Instant};

use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;

tokio::task_local! {
    static PROVIDER: Cell<Duration>;
}

/// Runs `call` (a request to the payment provider) and adds its time to the request's.
pub async fn stripe<T>(call: impl Future<Output = T>) -> T {
    let started = Instant::now();
    let output = call.await;
    let _ = PROVIDER.try_with(|spent| spent.set(spent.get() + started.elapsed()));
    output
}

/// Runs a handler's work, answering its output, the total time and the provider's share.
pub async fn measured<T>(work: impl Future<Output = T>) -> (T, Duration, Duration) {
    let started = Instant::now();
    PROVIDER
        .scope(Cell::new(Duration::ZERO), async move {
            let output = work.await;
            let provider = PROVIDER.with(Cell::get);
            (output, started.elapsed(), provider)
        })
        .await
}

/// A JSON answer with `Server-Timing: total;dur=..., stripe;dur=...` (milliseconds).
pub fn respond(status: StatusCode, body: impl serde::Serialize, total: Duration, provider: Duration) -> Response {
    let header =
        format!("total;dur={:.2}, stripe;dur={:.2}", total.as_secs_f64() * 1000.0, provider.as_secs_f64() * 1000.0);
    let mut response = (status, Json(body)).into_response();
    if let Ok(value) = HeaderValue::from_str(&header) {
        response.headers_mut().insert("server-timing", value);
    }
    response
}

/// Runs a use case inside `measured`: its answer with `status` and `Server-Timing`, or its
/// refusal. The one shape of every checkout route that waits for the payment provider.
pub async fn timed<T: serde::Serialize>(
    status: StatusCode,
    work: impl Future<Output = Result<T, crate::platform::error::ApiError>>,
) -> Result<Response, crate::platform::error::ApiError> {
    let (result, total, provider) = measured(work).await;
    Ok(respond(status, result?, total, provider))
}
