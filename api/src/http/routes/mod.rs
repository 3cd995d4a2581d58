//! One router per resource, merged here with the layers every request passes.

mod account;
mod account_invoices_and_credit;
mod account_services;
mod address;
mod admin;
mod analytics;
pub(crate) mod cart;
pub mod catalogue;
pub mod checkout;
mod fraud;
pub mod hardware;
mod hardware_checkout;
mod hardware_images;
mod headers;
mod health;
mod mail;
mod metrics;
mod moved;
mod numbers;
mod quotes;
mod sip;
mod staff_sessions;
mod stripe_webhook;
mod transfers;
mod trial;
mod web;

use axum::extract::{DefaultBodyLimit, Request};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::Router;
use tower_http::compression::predicate::{DefaultPredicate, Predicate, SizeAbove};
use tower_http::compression::{CompressionLayer, CompressionLevel};
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::set_header::SetResponseHeaderLayer;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::platform::config::Config;

use crate::app::state::AppState;
use crate::platform::error::ApiError;
/// The header carrying each request's id.
pub(crate) use crate::platform::logging::REQUEST_ID;
use crate::platform::refusals::{NO_SUCH_ROUTE, PAYLOAD_TOO_LARGE};

/// The JSON API's operations, each registered with `.routes(routes!(handler))` in its
/// module's `router()` from a handler annotated with `#[utoipa::path]`: registering a route
/// is what describes it in the OpenAPI document (crate::http::openapi), so none is served
/// undescribed. A new module's router is merged here (tests/api/openapi.rs checks that no
/// `/api` route is added any other way).
fn json_api() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(catalogue::router())
        .merge(cart::router())
        .merge(numbers::router())
        .merge(staff_sessions::router())
        .merge(hardware::router())
        .merge(hardware_images::router())
        .merge(hardware_checkout::router())
        .merge(checkout::router())
        .merge(transfers::router())
        .merge(address::router())
        .merge(stripe_webhook::router())
        .merge(trial::router())
        .merge(sip::router())
        .merge(quotes::router())
        .merge(analytics::router())
        .merge(admin::router())
        .merge(fraud::router())
        .merge(mail::router())
        // The customer's own account (issue 34): each helper's routes in a file of its own.
        .merge(account::router())
        .merge(account_invoices_and_credit::router())
        .merge(account_services::router())
        .routes(routes!(openapi_json))
}

/// Image uploads: their own, larger body limit.
fn uploads() -> OpenApiRouter<AppState> {
    hardware_images::upload_router()
}

/// Every `/api` operation, as served and as described (crate::http::openapi::document).
pub fn api_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().nest("/api", json_api().merge(uploads()))
}

pub use crate::app::public_reads::COMPRESS_ABOVE;

/// Compresses the API's larger answers (brotli, else gzip) at level 4: dynamic answers are
/// compressed per request, where brotli's default (11) would cost milliseconds each.
/// Answers already encoded (the kept catalogue, crate::app::public_reads) pass through as they
/// are; images are never compressed again (DefaultPredicate).
fn compression() -> CompressionLayer<impl Predicate> {
    CompressionLayer::new()
        .quality(CompressionLevel::Precise(4))
        .compress_when(DefaultPredicate::new().and(SizeAbove::new(COMPRESS_ABOVE as u16)))
}

pub fn app(state: AppState, config: &Config) -> Router {
    let json_api = json_api()
        .layer(DefaultBodyLimit::max(config.body_limit_bytes))
        .layer(RequestBodyLimitLayer::new(config.body_limit_bytes));
    // Image uploads take up to 5 MB; everything else the JSON limit.
    let uploads = uploads().layer(RequestBodyLimitLayer::new(hardware_images::MAX_IMAGE_BYTES + 64 * 1024));
    let (api, _) = json_api.merge(uploads).fallback(|| async { ApiError::refused(&NO_SUCH_ROUTE) }).split_for_parts();
    let api = api.layer(compression());
    // The live pages ask the API in process what a browser would (crate::http::live_pages).
    let live_pages = state.renderer.clone().map(|renderer| {
        crate::http::live_pages::LivePages::new(
            renderer,
            Router::new().nest("/api", api.clone()).with_state(state.clone()),
        )
    });

    let router = Router::new()
        .nest("/api", api)
        .merge(health::router())
        .merge(metrics::router())
        .merge(moved::router())
        .with_state(state)
        .fallback_service(web::service(&config.webapp_dir, &headers::content_security_policy(config), live_pages))
        .layer(middleware::from_fn(json_too_large))
        .layer(middleware::from_fn(headers::no_store_for_private_data))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::REFERRER_POLICY,
            HeaderValue::from_static("strict-origin-when-cross-origin"),
        ))
        // Counted, timed and logged: one line per request (crate::platform::logging writes it off the
        // request path) with its id, method, route, status and latency.
        .layer(middleware::from_fn(crate::platform::metrics::track_http))
        // Each request gets an id (or keeps a valid one its proxy gave it), logged with it and
        // answered in `x-request-id`, so a buyer's complaint can be found in the log.
        .layer(PropagateRequestIdLayer::new(REQUEST_ID))
        .layer(SetRequestIdLayer::new(REQUEST_ID, MakeRequestUuid));
    if config.is_production() {
        router.layer(SetResponseHeaderLayer::overriding(
            header::STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static(headers::HSTS),
        ))
    } else {
        router
    }
}

pub(crate) use crate::app::ids::uuid_id;

/// This document: OpenAPI 3.1, generated from the code (crate::http::openapi).
#[utoipa::path(
    get,
    path = "/openapi.json",
    tag = "openapi",
    responses((status = 200, description = "The OpenAPI document of /api", body = Object))
)]
async fn openapi_json() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "application/json")], crate::http::openapi::json())
}

/// The body-limit layer answers 413 in plain text before any handler runs; give it the
/// API's JSON shape.
async fn json_too_large(request: Request, next: Next) -> Response {
    let response = next.run(request).await;
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.to_str().unwrap_or_default().starts_with("application/json"));
    if response.status() == StatusCode::PAYLOAD_TOO_LARGE && !is_json {
        return ApiError::refused(&PAYLOAD_TOO_LARGE).into_response();
    }
    response
}
