//! GET /metrics: the server's series in Prometheus' text format (crate::platform::metrics).
//!
//! Open only to a caller on this machine (the connection's own peer is loopback: never
//! `X-Forwarded-For`, which anyone can write) or to a request bearing `Authorization:
//! Bearer <METRICS_TOKEN>` when that is set. Behind a trusted proxy loopback alone is not
//! enough, since a proxy on this machine makes every visitor loopback. Anything else, an
//! unknown peer included, is refused.

use std::net::{IpAddr, SocketAddr};

use axum::extract::{ConnectInfo, State};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;

use crate::app::state::AppState;
use crate::platform::config::{Config, Secret};
use crate::platform::error::ApiError;
use crate::platform::refusals::{
    METRICS_BEHIND_PROXY, METRICS_NOT_LOCAL, METRICS_TOKEN_INVALID, METRICS_TOKEN_NOT_CONFIGURED,
};

pub fn router() -> Router<AppState> {
    Router::new().route("/metrics", get(metrics))
}

async fn metrics(State(state): State<AppState>, parts: Parts) -> Result<Response, ApiError> {
    let peer = parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|c| c.0.ip());
    allowed(&state.services.config, peer, &parts.headers)?;
    crate::platform::metrics::measure_projection_lag(&state.pool, &crate::app::workflows::ALL).await;
    metrics::counter!(crate::platform::metrics::LOG_LINES_DROPPED).absolute(crate::platform::logging::dropped_lines());
    let handle = crate::platform::metrics::handle();
    handle.run_upkeep();
    Ok((
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8"), (header::CACHE_CONTROL, "no-store")],
        handle.render(),
    )
        .into_response())
}

/// Whether a caller at `peer` with `headers` may read the metrics.
fn allowed(config: &Config, peer: Option<IpAddr>, headers: &HeaderMap) -> Result<(), ApiError> {
    let authorization = headers.get(header::AUTHORIZATION).map(|v| v.to_str().unwrap_or_default());
    if let Some(sent) = authorization {
        // A token sent is checked, never ignored: a wrong one is refused even from loopback.
        let token = sent.strip_prefix("Bearer ").map(str::trim).unwrap_or_default();
        return match &config.metrics_token {
            Some(expected) if same_token(token, expected) => Ok(()),
            Some(_) => Err(ApiError::refused(&METRICS_TOKEN_INVALID)),
            None => Err(ApiError::refused(&METRICS_TOKEN_NOT_CONFIGURED)),
        };
    }
    let loopback = peer.is_some_and(|ip| ip.to_canonical().is_loopback());
    if loopback && !config.trusted_proxy {
        return Ok(());
    }
    Err(ApiError::refused(if loopback { &METRICS_BEHIND_PROXY } else { &METRICS_NOT_LOCAL }))
}

/// Compares digests in constant time, so neither the token's bytes nor its length leak
/// through the time a refusal takes.
fn same_token(sent: &str, expected: &Secret) -> bool {
    let sent = Sha256::digest(sent.as_bytes());
    let expected = Sha256::digest(expected.expose().as_bytes());
    sent.ct_eq(&expected).into()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(token: Option<&str>, trusted_proxy: bool) -> Config {
        let mut config = Config::development();
        config.metrics_token = token.map(Secret::new);
        config.trusted_proxy = trusted_proxy;
        config
    }

    fn bearer(token: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(header::AUTHORIZATION, format!("Bearer {token}").parse().unwrap());
        headers
    }

    fn code(result: Result<(), ApiError>) -> &'static str {
        match result {
            Ok(()) => "ok",
            Err(refused) => refused.declared().expect("a refusal").code,
        }
    }

    const TOKEN: &str = "0123456789abcdef0123";

    #[test]
    fn loopback_peers_only_unless_a_token_is_sent() {
        let none = HeaderMap::new();
        let local: IpAddr = "127.0.0.1".parse().unwrap();
        let mapped: IpAddr = "::ffff:127.0.0.1".parse().unwrap();
        let remote: IpAddr = "203.0.113.9".parse().unwrap();
        assert_eq!(code(allowed(&config(None, false), Some(local), &none)), "ok");
        assert_eq!(code(allowed(&config(None, false), Some("::1".parse().unwrap()), &none)), "ok");
        assert_eq!(code(allowed(&config(None, false), Some(mapped), &none)), "ok");
        assert_eq!(code(allowed(&config(None, false), Some(remote), &none)), "metrics_forbidden");
        assert_eq!(code(allowed(&config(None, false), None, &none)), "metrics_forbidden");
        // A forwarded header is never the peer.
        let mut forwarded = HeaderMap::new();
        forwarded.insert("x-forwarded-for", "127.0.0.1".parse().unwrap());
        assert_eq!(code(allowed(&config(None, true), Some(remote), &forwarded)), "metrics_forbidden");
        // Behind a trusted proxy loopback is not enough.
        assert_eq!(code(allowed(&config(None, true), Some(local), &none)), "metrics_forbidden");
        assert_eq!(code(allowed(&config(Some(TOKEN), true), Some(local), &bearer(TOKEN))), "ok");
    }

    #[test]
    fn a_token_must_match_exactly() {
        let remote: IpAddr = "203.0.113.9".parse().unwrap();
        let with = config(Some(TOKEN), false);
        assert_eq!(code(allowed(&with, Some(remote), &bearer(TOKEN))), "ok");
        assert_eq!(code(allowed(&with, Some(remote), &bearer("0123456789abcdef012"))), "metrics_token_invalid");
        assert_eq!(code(allowed(&with, Some(remote), &bearer(""))), "metrics_token_invalid");
        let mut basic = HeaderMap::new();
        basic.insert(header::AUTHORIZATION, format!("Basic {TOKEN}").parse().unwrap());
        assert_eq!(code(allowed(&with, Some(remote), &basic)), "metrics_token_invalid");
        // A wrong token is refused even from loopback; none configured takes none.
        assert_eq!(code(allowed(&with, Some("127.0.0.1".parse().unwrap()), &bearer("nope"))), "metrics_token_invalid");
        let without = config(None, false);
        assert_eq!(code(allowed(&without, Some(remote), &bearer(TOKEN))), "metrics_token_not_configured");
    }
}
