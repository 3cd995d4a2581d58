//! Who may read an order's or a trial's personal data (the e-mail, names, company, phone,
//! numbers, SIP usernames, payment references, transfer details): the browser that placed the
//! order (its secret, `X-Order-Secret`), the reader of a signed link from an e-mail
//! (`X-Order-Link`, crate::app::order_links), the signed-in customer who owns it, or staff.
//! Anyone else gets the status alone.

use chrono::Utc;

use crate::app::customer_sessions;
use crate::app::order_links::{self, LinkKind};
use crate::app::order_secrets;
use crate::app::sessions;
use crate::app::state::AppState;
use crate::platform::error::ApiError;

/// The header carrying the order's secret (the browser that placed it).
pub const ORDER_SECRET_HEADER: &str = "x-order-secret";
/// The header carrying the signed token of an e-mail's link (`?link=` of the page it opened).
pub const ORDER_LINK_HEADER: &str = "x-order-link";

/// What a request presents (read from its headers by crate::http::sessions::presented):
/// each value trimmed, None when absent or empty.
#[derive(Debug, Default, Clone, Copy)]
pub struct Presented<'a> {
    /// `X-Order-Link`.
    pub link: Option<&'a str>,
    /// `X-Order-Secret`.
    pub secret: Option<&'a str>,
    /// The staff session cookie's token.
    pub staff_token: Option<&'a str>,
    /// The customer session cookie's token.
    pub customer_token: Option<&'a str>,
}

/// Whether the request may read the personal data of the order or trial `id`.
pub async fn may_read_personal(
    state: &AppState,
    presented: Presented<'_>,
    kind: LinkKind,
    id: &str,
) -> Result<bool, ApiError> {
    if let Some(token) = presented.link {
        if order_links::verify(state.services.config.link_secret.expose(), kind, id, token, Utc::now()) {
            return Ok(true);
        }
    }
    if let (LinkKind::Order, Some(secret)) = (kind, presented.secret) {
        let stored: Option<Option<String>> =
            sqlx::query_scalar!("SELECT secret_hash FROM service_orders WHERE order_id = $1", id)
                .fetch_optional(&state.pool)
                .await?;
        if order_secrets::matches(stored.flatten().as_deref(), Some(secret)) {
            return Ok(true);
        }
    }
    if let Some(token) = presented.staff_token {
        let staff: bool = sqlx::query_scalar!(
            r#"SELECT EXISTS (SELECT 1 FROM staff_sessions WHERE token_hash = $1 AND expires_at > now()) AS "exists!""#,
            sessions::token_hash(token)
        )
        .fetch_one(&state.pool)
        .await?;
        if staff {
            return Ok(true);
        }
    }
    let customer = match presented.customer_token {
        Some(token) => customer_sessions::by_token(&state.pool, token).await?,
        None => None,
    };
    if let Some(customer) = customer {
        let owner = match kind {
            LinkKind::Order => customer_sessions::require_order_owner(state, &customer, id).await,
            LinkKind::Trial => customer_sessions::require_trial_owner(state, &customer, id).await,
        };
        return Ok(owner.is_ok());
    }
    Ok(false)
}

/// Keeps only `keep` of an answer's fields, and says it is the status alone (`restricted`).
pub fn status_only(body: serde_json::Value, keep: &[&str]) -> serde_json::Value {
    let serde_json::Value::Object(map) = body else { return body };
    let mut reduced: serde_json::Map<String, serde_json::Value> =
        map.into_iter().filter(|(key, _)| keep.contains(&key.as_str())).collect();
    reduced.insert("restricted".into(), true.into());
    serde_json::Value::Object(reduced)
}
