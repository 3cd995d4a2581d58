//! Signed links in e-mails about an order or a trial: `?order=<id>&link=<token>`, where the
//! token is `<expiry as unix seconds>.<HMAC-SHA256 of kind, id and expiry, hex>` under the
//! server's `LINK_SECRET`. A valid, unexpired token counts as the order's secret (the page it
//! opens may read the order's personal data) for 30 days; after that the e-mail's reader signs
//! in instead.

use chrono::{DateTime, Duration, Utc};
use hmac::{Hmac, Mac};
use sha2::Sha256;

use crate::app::state::AppState;

/// How long a link in an e-mail opens its order's details.
pub const LINK_DAYS: i64 = 30;

/// What a link is for: a service order or a free trial.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinkKind {
    Order,
    Trial,
}

impl LinkKind {
    fn as_str(self) -> &'static str {
        match self {
            LinkKind::Order => "order",
            LinkKind::Trial => "trial",
        }
    }
}

fn mac(secret: &str, kind: LinkKind, id: &str, expires: i64) -> Hmac<Sha256> {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("HMAC takes a key of any length");
    mac.update(format!("{}:{id}:{expires}", kind.as_str()).as_bytes());
    mac
}

/// A token for `id` that expires at `expires`.
pub fn sign(secret: &str, kind: LinkKind, id: &str, expires: DateTime<Utc>) -> String {
    let expires = expires.timestamp();
    format!("{expires}.{}", hex::encode(mac(secret, kind, id, expires).finalize().into_bytes()))
}

/// Whether `token` was signed with `secret` for this `id` and has not expired at `now`.
pub fn verify(secret: &str, kind: LinkKind, id: &str, token: &str, now: DateTime<Utc>) -> bool {
    let Some((expires, signature)) = token.trim().split_once('.') else { return false };
    let (Ok(expires), Ok(signature)) = (expires.parse::<i64>(), hex::decode(signature)) else { return false };
    // Compared in constant time by the hmac crate.
    expires > now.timestamp() && mac(secret, kind, id, expires).verify_slice(&signature).is_ok()
}

/// A new token for `id`, good for [`LINK_DAYS`].
pub fn token(state: &AppState, kind: LinkKind, id: &str) -> String {
    sign(state.services.config.link_secret.expose(), kind, id, Utc::now() + Duration::days(LINK_DAYS))
}

/// The buyer's page of a service order, as e-mails link to it (signed).
pub fn order_url(state: &AppState, id: &str) -> String {
    format!("{}/thank-you?order={id}&link={}", state.services.config.site_url, token(state, LinkKind::Order, id))
}

#[cfg(test)]
mod tests {
    use super::*;

    const KEY: &str = "0123456789abcdef0123456789abcdef";

    #[test]
    fn a_token_opens_its_own_order_until_it_expires() {
        let now = Utc::now();
        let token = sign(KEY, LinkKind::Order, "o-1", now + Duration::days(LINK_DAYS));
        assert!(verify(KEY, LinkKind::Order, "o-1", &token, now));
        assert!(verify(KEY, LinkKind::Order, "o-1", &token, now + Duration::days(LINK_DAYS - 1)));
        assert!(!verify(KEY, LinkKind::Order, "o-1", &token, now + Duration::days(LINK_DAYS) + Duration::seconds(1)));
    }

    #[test]
    fn a_token_opens_nothing_else() {
        let now = Utc::now();
        let token = sign(KEY, LinkKind::Order, "o-1", now + Duration::days(1));
        assert!(!verify(KEY, LinkKind::Order, "o-2", &token, now));
        assert!(!verify(KEY, LinkKind::Trial, "o-1", &token, now));
        assert!(!verify("another-key-another-key-another!!", LinkKind::Order, "o-1", &token, now));
        // A later expiry written into the token breaks its signature.
        let (_, signature) = token.split_once('.').unwrap();
        let stretched = format!("{}.{signature}", (now + Duration::days(400)).timestamp());
        assert!(!verify(KEY, LinkKind::Order, "o-1", &stretched, now));
        for junk in ["", ".", "x.y", "123", "123.zz"] {
            assert!(!verify(KEY, LinkKind::Order, "o-1", junk, now), "{junk:?}");
        }
    }
}
