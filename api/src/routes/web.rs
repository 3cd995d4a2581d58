//! The built web app: files from its folder, index.html for every client route, hashed
//! assets cached for a year and the rest revalidated; its pages carry the
//! Content-Security-Policy.

use std::path::Path;

use axum::extract::Request;
use axum::http::{header, HeaderValue};
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::Router;
use tower_http::services::{ServeDir, ServeFile};

pub fn service(dir: &Path, content_security_policy: &str) -> Router {
    let files =
        ServeDir::new(dir).append_index_html_on_directories(true).fallback(ServeFile::new(dir.join("index.html")));
    let policy = HeaderValue::from_str(content_security_policy).expect("the policy is a valid header value");
    Router::new()
        .fallback_service(files)
        .layer(middleware::from_fn(cache_headers))
        .layer(middleware::from_fn(move |request, next| policy_on_pages(policy.clone(), request, next)))
}

/// The policy on HTML answers (index.html for every client route), where it takes effect.
async fn policy_on_pages(policy: HeaderValue, request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    let is_html = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.to_str().unwrap_or_default().starts_with("text/html"));
    if is_html {
        response.headers_mut().insert(header::CONTENT_SECURITY_POLICY, policy);
    }
    response
}

async fn cache_headers(request: Request, next: Next) -> Response {
    let immutable = request.uri().path().starts_with("/assets/");
    let mut response = next.run(request).await;
    let value =
        if immutable && response.status().is_success() { "public, max-age=31536000, immutable" } else { "no-cache" };
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static(value));
    response
}
