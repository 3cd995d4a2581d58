//! The built web app: each public page's prerendered HTML for its exact path, files from
//! the app's folder, and the plain single-page-app shell (index.html) for every other path.
//! Hashed assets are cached for a year and the rest revalidated; its pages carry the
//! Content-Security-Policy. Every file is served precompressed (its `.br` or `.gz`, written
//! by the web app's build) when the request accepts that encoding.
//!
//! Layout of the build (webapp/scripts/prerender.mjs): `prerendered/index.html` is the home
//! page, `prerendered/about/index.html` the page for `/about`, and so on; `index.html` is the
//! shell. A page is looked up by its path explicitly, so `/about` is answered as it is, with
//! no redirect to `/about/`. The live pages (the desk-phone shop, the number pages) are
//! rendered at request time with the live catalogue instead (crate::http::live_pages); their
//! prerendered page is the fallback.

use std::path::{Path, PathBuf};

use axum::extract::Request;
use axum::http::{header, HeaderValue, Method};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::Router;
use tower::ServiceExt;
use tower_http::services::{ServeDir, ServeFile};

use crate::http::live_pages::LivePages;

/// The folder of the prerendered pages inside the build.
const PRERENDERED: &str = "prerendered";

pub fn service(dir: &Path, content_security_policy: &str, live: Option<LivePages>) -> Router {
    let shell = ServeFile::new(dir.join("index.html")).precompressed_br().precompressed_gzip();
    // No index.html appended to directories: a folder's path (e.g. /prerendered/) is not a page.
    let files = ServeDir::new(dir)
        .precompressed_br()
        .precompressed_gzip()
        .append_index_html_on_directories(false)
        .fallback(shell);
    let dir = dir.to_path_buf();
    let policy = HeaderValue::from_str(content_security_policy).expect("the policy is a valid header value");
    Router::new()
        .fallback(move |request: Request| page_or_file(dir.clone(), files.clone(), live.clone(), request))
        .layer(middleware::from_fn(cache_headers))
        .layer(middleware::from_fn(move |request, next| policy_on_pages(policy.clone(), request, next)))
}

/// The live page of the request's path (crate::http::live_pages), else its prerendered page when
/// the build has one, else what `files` serves.
async fn page_or_file(dir: PathBuf, files: ServeDir<ServeFile>, live: Option<LivePages>, request: Request) -> Response {
    if let Some(live) = &live {
        if let Some(page) = live.respond(request.method(), request.uri().path(), request.headers()).await {
            return page;
        }
    }
    let readable = matches!(*request.method(), Method::GET | Method::HEAD);
    if let Some(page) = readable.then(|| prerendered_page(&dir, request.uri().path())).flatten() {
        if tokio::fs::metadata(&page).await.is_ok_and(|m| m.is_file()) {
            let page = ServeFile::new(page).precompressed_br().precompressed_gzip();
            return page.oneshot(request).await.into_response();
        }
    }
    files.oneshot(request).await.into_response()
}

/// Where the page of `path` would be: `/` is `prerendered/index.html`, `/a/b` is
/// `prerendered/a/b/index.html`. Only plain segments (letters, digits, `-`, `_`, `.`, `~`, not
/// starting with a dot) name a page; anything else (an empty segment, a trailing slash,
/// `..`, percent-encoding) has none and gets the shell.
fn prerendered_page(dir: &Path, path: &str) -> Option<PathBuf> {
    let mut file = dir.join(PRERENDERED);
    if path != "/" {
        for segment in path.strip_prefix('/')?.split('/') {
            let plain = segment.bytes().all(|b| b.is_ascii_alphanumeric() || b"-_.~".contains(&b));
            if segment.is_empty() || segment.starts_with('.') || !plain {
                return None;
            }
            file.push(segment);
        }
    }
    Some(file.join("index.html"))
}

/// The policy on HTML answers (the pages and the shell), where it takes effect.
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

/// Hashed assets are immutable, everything else is revalidated; every answer varies with
/// the encodings the request accepts (a cache must not hand brotli to a client without it).
async fn cache_headers(request: Request, next: Next) -> Response {
    let immutable = request.uri().path().starts_with("/assets/");
    let mut response = next.run(request).await;
    let value =
        if immutable && response.status().is_success() { "public, max-age=31536000, immutable" } else { "no-cache" };
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(value));
    // A live page (crate::app::public_reads::Cached) says so itself.
    if !headers.get_all(header::VARY).iter().any(|v| v.as_bytes().eq_ignore_ascii_case(b"accept-encoding")) {
        headers.append(header::VARY, HeaderValue::from_static("accept-encoding"));
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_are_looked_up_by_their_exact_path() {
        let dir = Path::new("/srv/web");
        let page = |path| prerendered_page(dir, path).map(|p| p.display().to_string());
        assert_eq!(page("/").as_deref(), Some("/srv/web/prerendered/index.html"));
        assert_eq!(page("/about").as_deref(), Some("/srv/web/prerendered/about/index.html"));
        assert_eq!(page("/blog/a-post_2").as_deref(), Some("/srv/web/prerendered/blog/a-post_2/index.html"));
        for path in ["/about/", "//about", "/../etc", "/a/../b", "/.hidden", "/caf%C3%A9", "/a b", "about", ""] {
            assert_eq!(page(path), None, "{path}");
        }
    }
}
