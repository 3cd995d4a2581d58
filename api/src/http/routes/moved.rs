//! Paths that are not pages of their own (the older site's paths, and link targets that
//! serve the purpose of another page): a permanent redirect to the page, the query string
//! kept (a campaign's UTM fields survive). One table, webapp/src/config/moved-paths.json,
//! read by the web app for its in-app navigations and here for every other visitor.

use std::sync::LazyLock;

use axum::extract::Request;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

/// (from, to) pairs.
pub static MOVED: LazyLock<Vec<(String, String)>> = LazyLock::new(|| {
    let table: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(include_str!("../../../../webapp/src/config/moved-paths.json"))
            .expect("the moved-paths table is JSON");
    table.into_iter().map(|(from, to)| (from, to.as_str().expect("each target is a path").to_string())).collect()
});

pub fn router<S: Clone + Send + Sync + 'static>() -> Router<S> {
    let table: &'static [(String, String)] = &MOVED;
    table.iter().fold(Router::new(), |router, (from, to)| {
        let target: &'static str = to;
        router.route(from, get(move |request: Request| moved(target, request)))
    })
}

async fn moved(target: &'static str, request: Request) -> Response {
    // The query goes before the target's fragment: /plans-and-pricing?utm_source=x#compare.
    let location = match (request.uri().query(), target.split_once('#')) {
        (Some(query), Some((path, fragment))) => format!("{path}?{query}#{fragment}"),
        (Some(query), None) => format!("{target}?{query}"),
        (None, _) => target.to_string(),
    };
    match HeaderValue::from_str(&location) {
        Ok(value) => (StatusCode::MOVED_PERMANENTLY, [(header::LOCATION, value)]).into_response(),
        Err(_) => (StatusCode::MOVED_PERMANENTLY, [(header::LOCATION, HeaderValue::from_static("/"))]).into_response(),
    }
}
