//! The built web app: files from its folder, index.html for every client route, hashed
//! assets cached for a year and the rest revalidated.

use std::path::Path;

use axum::extract::Request;
use axum::http::{header, HeaderValue};
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::Router;
use tower_http::services::{ServeDir, ServeFile};

pub fn service(dir: &Path) -> Router {
    let files =
        ServeDir::new(dir).append_index_html_on_directories(true).fallback(ServeFile::new(dir.join("index.html")));
    Router::new().fallback_service(files).layer(middleware::from_fn(cache_headers))
}

async fn cache_headers(request: Request, next: Next) -> Response {
    let immutable = request.uri().path().starts_with("/assets/");
    let mut response = next.run(request).await;
    let value =
        if immutable && response.status().is_success() { "public, max-age=31536000, immutable" } else { "no-cache" };
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static(value));
    response
}
