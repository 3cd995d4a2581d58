//! The request extractors of types that live below the HTTP layer: the caller's address
//! (crate::platform::client), read with the state's trusted proxy setting. The session
//! extractors (`Staff`, `Admin`, `SignedInCustomer`) are beside it in crate::http::sessions.

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, FromRef, FromRequestParts};
use axum::http::request::Parts;

use crate::app::state::AppState;
use crate::platform::client::ClientAddress;
use crate::platform::error::ApiError;

impl<S> FromRequestParts<S> for ClientAddress
where
    AppState: FromRef<S>,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let state = AppState::from_ref(state);
        let peer = parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|c| c.0);
        // A router served without connect info (unit tests with `oneshot`) counts as one client.
        Ok(ClientAddress::of(&parts.headers, peer, state.services.config.trusted_proxy)
            .unwrap_or_else(|| ClientAddress("unknown".into())))
    }
}

/// A word of a query string as the OpenAPI document's patterns allow it: with spaces around it
/// (`^ *word *$`), and no other whitespace. `str::trim` would also take tabs, newlines and
/// Unicode spaces, which the document refuses: the server would then accept what the document
/// says is refused (the API fuzzing's `brand=%0A`).
pub fn query_word(text: &str) -> &str {
    text.trim_matches(' ')
}
