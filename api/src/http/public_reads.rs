//! The responses of the answers kept in memory (crate::app::public_reads::Cached): a strong
//! ETag (304 to a matching If-None-Match), `Cache-Control: no-cache`, and the body compressed
//! once with brotli or gzip when the request accepts it and the answer is big enough to gain.

use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

use crate::app::public_reads::{Cached, COMPRESS_ABOVE};

/// A kept answer served to a request.
pub trait Respond {
    /// 304 when the request's If-None-Match names this answer, else the answer, compressed
    /// when the request accepts it.
    fn respond(&self, request: &HeaderMap) -> Response;
}

impl Respond for Cached {
    fn respond(&self, request: &HeaderMap) -> Response {
        let etag_value = HeaderValue::from_str(self.etag()).expect("a quoted hex string is a header value");
        // no-cache: a browser may keep the answer but asks again (If-None-Match) each time.
        let cache = (header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
        let vary = (header::VARY, HeaderValue::from_static("accept-encoding"));
        if request.get_all(header::IF_NONE_MATCH).iter().any(|v| matches(v, self.etag())) {
            return (StatusCode::NOT_MODIFIED, [(header::ETAG, etag_value), cache, vary]).into_response();
        }
        let json = (header::CONTENT_TYPE, HeaderValue::from_static(self.content_type()));
        let etag = (header::ETAG, etag_value);
        let accepted = Accepted::of(request);
        let big = self.body().len() > COMPRESS_ABOVE;
        let encoded = if big && accepted.brotli {
            Some(("br", self.brotli()))
        } else if big && accepted.gzip {
            Some(("gzip", self.gzip()))
        } else {
            None
        };
        match encoded {
            Some((name, bytes)) => {
                let encoding = (header::CONTENT_ENCODING, HeaderValue::from_static(name));
                ([json, etag, cache, vary, encoding], bytes.clone()).into_response()
            }
            None => ([json, etag, cache, vary], self.body().clone()).into_response(),
        }
    }
}

/// The encodings a request's Accept-Encoding allows (a `q=0` refuses one).
#[derive(Default)]
struct Accepted {
    brotli: bool,
    gzip: bool,
}

impl Accepted {
    fn of(request: &HeaderMap) -> Accepted {
        let mut accepted = Accepted::default();
        for value in request.get_all(header::ACCEPT_ENCODING).iter().filter_map(|v| v.to_str().ok()) {
            for item in value.split(',') {
                let mut parts = item.split(';').map(str::trim);
                let name = parts.next().unwrap_or_default().to_ascii_lowercase();
                let refused = parts.any(|p| p.strip_prefix("q=").and_then(|q| q.parse::<f32>().ok()) == Some(0.0));
                match name.as_str() {
                    "br" => accepted.brotli = !refused,
                    "gzip" => accepted.gzip = !refused,
                    _ => {}
                }
            }
        }
        accepted
    }
}

/// If-None-Match compares weakly (RFC 9110, 13.1.2): `*`, or any listed tag with or without W/.
fn matches(if_none_match: &HeaderValue, ours: &str) -> bool {
    let Ok(list) = if_none_match.to_str() else { return false };
    list.split(',').map(str::trim).any(|tag| tag == "*" || tag.strip_prefix("W/").unwrap_or(tag) == ours)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(if_none_match: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(header::IF_NONE_MATCH, HeaderValue::from_str(if_none_match).unwrap());
        headers
    }

    #[test]
    fn a_matching_if_none_match_gets_304_and_another_the_answer() {
        let cached = Cached::json(&serde_json::json!({ "a": 1 })).unwrap();
        let etag = cached.etag().to_string();
        assert!(etag.starts_with('"') && etag.len() == 34, "{etag}");
        for header in [etag.clone(), format!("W/{etag}"), format!("\"other\", {etag}"), "*".to_string()] {
            let response = cached.respond(&request(&header));
            assert_eq!(response.status(), StatusCode::NOT_MODIFIED, "{header}");
            assert_eq!(response.headers()[header::ETAG], etag.as_str());
        }
        let response = cached.respond(&request("\"other\""));
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(response.headers()[header::ETAG], etag.as_str());
        assert_eq!(cached.respond(&HeaderMap::new()).status(), StatusCode::OK);
    }
}
