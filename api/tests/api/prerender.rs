//! The built web app as the server serves it: each public page's prerendered HTML for its
//! exact path, the single-page-app shell for every other path, files precompressed by
//! encoding; and the price list the build prerenders from, held equal to the server's.

use reqwest::header::{HeaderMap, ACCEPT_ENCODING};
use reqwest::{Method, StatusCode};

use crate::helpers::{spawn_app, TestApp};

const SHELL: &str = "<!doctype html><title>shop</title><div id=root></div>";
const HOME: &str = "<!doctype html><title>Home</title><div id=root><h1>Home page</h1></div>";
const ABOUT: &str = "<!doctype html><title>About</title><div id=root><h1>About us</h1></div>";

/// Status, headers and body of `path`, with no redirect followed and `accept_encoding` sent when given.
async fn fetch(
    app: &TestApp,
    method: Method,
    path: &str,
    accept_encoding: Option<&str>,
) -> (StatusCode, HeaderMap, String) {
    let client = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let mut request = client.request(method, app.url(path));
    if let Some(encoding) = accept_encoding {
        request = request.header(ACCEPT_ENCODING, encoding);
    }
    let response = request.send().await.unwrap();
    let (status, headers) = (response.status(), response.headers().clone());
    (status, headers, response.text().await.unwrap())
}

fn header<'a>(headers: &'a HeaderMap, name: &str) -> &'a str {
    headers.get(name).map_or("", |v| v.to_str().unwrap())
}

#[tokio::test]
async fn a_prerendered_page_is_served_for_its_exact_path() {
    let app = spawn_app().await;
    for (path, page) in [("/about", ABOUT), ("/", HOME)] {
        let (status, headers, body) = fetch(&app, Method::GET, path, None).await;
        assert_eq!(status, StatusCode::OK, "{path}: no redirect (to {:?})", headers.get("location"));
        assert_eq!(body, page, "{path}");
        assert!(header(&headers, "content-type").starts_with("text/html"), "{path}");
        assert_eq!(header(&headers, "cache-control"), "no-cache", "{path}");
        assert!(header(&headers, "content-security-policy").starts_with("default-src 'self'"), "{path}");
        assert_eq!(header(&headers, "vary"), "accept-encoding", "{path}");
    }
    let (status, _, body) = fetch(&app, Method::HEAD, "/about", None).await;
    assert_eq!((status, body.as_str()), (StatusCode::OK, ""));
}

#[tokio::test]
async fn every_other_path_gets_the_shell_never_a_page() {
    let app = spawn_app().await;
    // Paths without a prerendered page (the checkout, unknown ones), a trailing slash, the
    // pages' folder itself and names that are not a page's.
    for path in ["/checkout", "/some/unknown/page", "/about/", "/About", "/prerendered/", "/prerendered", "/.about"] {
        let (status, headers, body) = fetch(&app, Method::GET, path, None).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        assert_eq!(body, SHELL, "{path}");
        assert_eq!(header(&headers, "cache-control"), "no-cache", "{path}");
        assert!(header(&headers, "content-security-policy").starts_with("default-src 'self'"), "{path}");
    }
    // A request that cannot read a page is not answered with one.
    let (status, _, body) = fetch(&app, Method::POST, "/about", None).await;
    assert_ne!(body, ABOUT);
    assert!(status.is_client_error(), "{status}");
}

#[tokio::test]
async fn files_are_served_precompressed_by_accepted_encoding() {
    let app = spawn_app().await;
    for (path, encoding, expected_encoding, expected_body) in [
        ("/about", Some("br"), "br", "brotli about"),
        ("/about", Some("gzip"), "gzip", "gzip about"),
        ("/about", Some("identity"), "", ABOUT),
        ("/about", None, "", ABOUT),
        ("/checkout", Some("br"), "br", "brotli shell"),
        ("/checkout", Some("gzip"), "", SHELL),
        ("/assets/app-1234.js", Some("gzip"), "gzip", "gzip app"),
        ("/assets/app-1234.js", Some("br"), "", "console.log('app')"),
        ("/assets/app-1234.js", None, "", "console.log('app')"),
    ] {
        let (status, headers, body) = fetch(&app, Method::GET, path, encoding).await;
        let case = format!("{path} with {encoding:?}");
        assert_eq!(status, StatusCode::OK, "{case}");
        assert_eq!(header(&headers, "content-encoding"), expected_encoding, "{case}");
        assert_eq!(body, expected_body, "{case}");
        assert_eq!(header(&headers, "vary"), "accept-encoding", "{case}");
        // The type is the file's, not the compressed copy's.
        let expected_type = if path.ends_with(".js") { "text/javascript" } else { "text/html" };
        assert!(header(&headers, "content-type").starts_with(expected_type), "{case}: {headers:?}");
        let immutable = header(&headers, "cache-control").contains("immutable");
        assert_eq!(immutable, path.starts_with("/assets/"), "{case}");
    }
}

#[tokio::test]
async fn the_web_apps_price_list_is_the_servers() {
    let app = spawn_app().await;
    let served: serde_json::Value = app.get("/api/catalogue").await.json().await.unwrap();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../webapp/src/generated/catalogue.json");
    let committed: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert!(
        committed == served,
        "webapp/src/generated/catalogue.json differs from GET /api/catalogue: the prerendered pages would show \
         other prices than the server charges; run `cargo run --bin voip-shop catalogue > \
         webapp/src/generated/catalogue.json`"
    );
    assert_eq!(committed, api::http::routes::catalogue::document().await);
}
