//! Stripe's webhook signatures (`Stripe-Signature`), checked by async-stripe's verifier. The
//! events themselves are read by crate::app::stripe_events.

/// Whether `body` carries Stripe's `Stripe-Signature` (`t=...,v1=...`, any of several `v1`
/// while a secret is rolled) by `secret`, made at most five minutes from `now`: checked by
/// async-stripe's verifier.
///
/// The verifier also parses the event into its own types, strictly against today's Stripe API,
/// which the stand-in's events and this shop's tests do not meet; the shop reads the few fields
/// it uses itself. Its parse runs only once the signature and the time are checked (in that
/// order, in the pinned version), so `BadParse` means a good signature. Its failed parse is
/// logged by the crate as an error, so its own log lines are silenced while it runs: whether the
/// signature held is logged here.
pub fn signature_ok(header: &str, body: &[u8], secret: &str, now: i64) -> bool {
    use ::stripe_webhook::{Webhook, WebhookError};
    // Stripe's events are JSON, UTF-8: anything else was not signed by it.
    let Ok(payload) = std::str::from_utf8(body) else { return false };
    let verified = tracing::dispatcher::with_default(&tracing::Dispatch::none(), || {
        Webhook::construct_event_with_timestamp(payload, header, secret, now)
    });
    match verified {
        Ok(_) | Err(WebhookError::BadParse(_)) => true,
        Err(WebhookError::BadSignature | WebhookError::BadTimestamp(_) | WebhookError::BadHeader(_)) => false,
        Err(WebhookError::BadKey) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// How old a signed event may be: Stripe's own tolerance, five minutes.
    const TOLERANCE_SECONDS: i64 = 300;

    fn sign(secret: &str, t: i64, body: &[u8]) -> String {
        ::stripe_webhook::Webhook::generate_test_header(std::str::from_utf8(body).unwrap(), secret, Some(t))
    }

    #[test]
    fn signatures_are_checked_with_the_secret_and_the_time() {
        let body = br#"{"id":"evt_1"}"#;
        let header = sign("whsec_test", 1000, body);
        assert!(signature_ok(&header, body, "whsec_test", 1010));
        assert!(!signature_ok(&header, body, "whsec_other", 1010), "wrong secret");
        assert!(!signature_ok(&header, br#"{"id":"evt_2"}"#, "whsec_test", 1010), "another body");
        assert!(!signature_ok(&header, body, "whsec_test", 1000 + TOLERANCE_SECONDS + 1), "stale");
        assert!(!signature_ok(&header, body, "whsec_test", 1000 - TOLERANCE_SECONDS - 1), "from the future");
        assert!(signature_ok(&header, body, "whsec_test", 1000 + TOLERANCE_SECONDS));
        assert!(!signature_ok("v1=abc", body, "whsec_test", 1000), "no time");
        assert!(!signature_ok("t=soon,v1=abc", body, "whsec_test", 1000), "a time that is no number");
        assert!(!signature_ok("", body, "whsec_test", 1000), "no header");
        assert!(!signature_ok(&header, b"\xff\xfe", "whsec_test", 1010), "not UTF-8");
    }

    /// While a secret is rolled Stripe signs with the old and the new one: either may be ours.
    #[test]
    fn any_of_several_signatures_will_do_while_a_secret_is_rolled() {
        let body = br#"{"id":"evt_1"}"#;
        let old = sign("whsec_old", 1000, body);
        let new = sign("whsec_new", 1000, body);
        let v1 = |header: &str| header.split_once(",v1=").unwrap().1.to_string();
        let both = format!("t=1000,v1={},v1={}", v1(&new), v1(&old));
        assert!(signature_ok(&both, body, "whsec_old", 1000));
        assert!(signature_ok(&both, body, "whsec_new", 1000));
        assert!(!signature_ok(&both, body, "whsec_other", 1000));
    }

    /// A whole event as Stripe sends it is accepted as well as the stand-in's shorter ones.
    #[test]
    fn a_full_stripe_event_is_accepted_too() {
        let body = serde_json::json!({
            "id": "evt_1", "object": "event", "api_version": "2025-01-27.acacia", "created": 1000,
            "livemode": false, "pending_webhooks": 1, "request": { "id": null, "idempotency_key": null },
            "type": "customer.deleted", "data": { "object": { "id": "cus_1", "object": "customer", "deleted": true } }
        })
        .to_string();
        let header = sign("whsec_test", 1000, body.as_bytes());
        assert!(signature_ok(&header, body.as_bytes(), "whsec_test", 1000));
        assert!(!signature_ok(&header, body.as_bytes(), "whsec_other", 1000));
    }
}
