//! Security headers that depend on the configuration or the path: the web app's
//! Content-Security-Policy, HSTS in production, and `Cache-Control: no-store` on the API
//! answers that carry someone's personal data (so no browser or proxy cache keeps them).

use axum::extract::Request;
use axum::http::{header, HeaderValue};
use axum::middleware::Next;
use axum::response::Response;

use crate::platform::config::Config;

/// One year, subdomains included (production only: development runs over plain HTTP).
pub const HSTS: &str = "max-age=31536000; includeSubDomains";

/// The scheme, host and port of a URL (`https://js.stripe.com`), if it has them.
fn origin(url: &str) -> Option<String> {
    let url = reqwest::Url::parse(url).ok()?;
    let origin = url.origin();
    origin.is_tuple().then(|| origin.ascii_serialization())
}

/// The policy of the web app's pages. The built app has no inline script; React's `style`
/// attributes need `'unsafe-inline'` for styles. Stripe.js (its own origin, or the local
/// stand-in's, whose script also calls the stand-in from the page) may run scripts, frames
/// and requests; Google Identity Services only when Google sign-up is configured.
pub fn content_security_policy(config: &Config) -> String {
    let mut script = vec!["'self'".to_string()];
    let mut style = vec!["'self'".to_string(), "'unsafe-inline'".to_string()];
    let mut frame = vec!["'self'".to_string()];
    let mut connect = vec!["'self'".to_string()];
    if let Some(stripe) = origin(&config.payments.js_url) {
        script.push(stripe.clone());
        frame.push(stripe.clone());
        connect.push(stripe);
    }
    if !config.payments.stand_in {
        // What Stripe documents for Stripe.js: its frames, 3-D Secure pages and API.
        script.push("https://*.js.stripe.com".into());
        frame.extend(["https://*.js.stripe.com".into(), "https://hooks.stripe.com".into()]);
        connect.push("https://api.stripe.com".into());
    }
    if config.google_client_id.is_some() {
        // What Google documents for Identity Services (the button and its pop-up).
        script.push("https://accounts.google.com/gsi/client".into());
        style.push("https://accounts.google.com/gsi/style".into());
        frame.push("https://accounts.google.com/gsi/".into());
        connect.push("https://accounts.google.com/gsi/".into());
    }
    for list in [&mut script, &mut frame, &mut connect] {
        list.dedup();
    }
    [
        "default-src 'self'".to_string(),
        format!("script-src {}", script.join(" ")),
        format!("style-src {}", style.join(" ")),
        "img-src 'self' data:".to_string(),
        "font-src 'self'".to_string(),
        format!("frame-src {}", frame.join(" ")),
        format!("connect-src {}", connect.join(" ")),
        "object-src 'none'".to_string(),
        "base-uri 'self'".to_string(),
        "frame-ancestors 'none'".to_string(),
        "form-action 'self'".to_string(),
    ]
    .join("; ")
}

/// API paths whose answers carry personal data or secrets: the customer's account (new SIP
/// passwords, the CSRF token, the card), orders, trials, carts, quote requests, the
/// checkouts' and trial steps, and the admin pages.
pub fn is_private_api_path(path: &str) -> bool {
    const PREFIXES: [&str; 8] = [
        "/api/account/",
        "/api/quote-requests",
        "/api/orders/",
        "/api/trials/",
        "/api/carts",
        "/api/admin/",
        "/api/hardware-orders",
        "/api/hardware-checkout/",
    ];
    const STEPS: [&str; 12] = [
        "account",
        "debug-subscription",
        "create-payment-intent",
        "create-setup-intent",
        "create-subscription",
        "create-user-account",
        "create-free-trial-account",
        "create-trial-setup-intent",
        "attach-payment-method",
        "create-hardware-payment",
        "confirm-hardware-payment",
        "trial-email-verifications",
    ];
    if PREFIXES.iter().any(|prefix| path.starts_with(prefix)) {
        return true;
    }
    path.strip_prefix("/api/").map(|rest| rest.trim_end_matches('/')).is_some_and(|step| STEPS.contains(&step))
}

/// `Cache-Control: no-store` on the private API answers (errors included).
pub async fn no_store_for_private_data(request: Request, next: Next) -> Response {
    let private = is_private_api_path(request.uri().path());
    let mut response = next.run(request).await;
    if private {
        response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(pairs: &'static [(&'static str, &'static str)]) -> Config {
        Config::from_lookup(|k| pairs.iter().find(|(key, _)| *key == k).map(|(_, v)| v.to_string())).unwrap()
    }

    #[test]
    fn the_policy_allows_the_stand_in_and_nothing_of_google_without_its_client_id() {
        let policy = content_security_policy(&config(&[
            ("APP_ENV", "development"),
            ("STRIPE_JS_URL", "http://localhost:8420/js.stripe.com/v3/"),
        ]));
        assert!(policy.starts_with("default-src 'self'; "), "{policy}");
        assert!(policy.contains("script-src 'self' http://localhost:8420;"), "{policy}");
        assert!(policy.contains("frame-src 'self' http://localhost:8420;"), "{policy}");
        assert!(policy.contains("connect-src 'self' http://localhost:8420;"), "{policy}");
        assert!(policy.contains("img-src 'self' data:;"));
        assert!(policy.contains("style-src 'self' 'unsafe-inline';"));
        for directive in ["object-src 'none'", "base-uri 'self'", "frame-ancestors 'none'", "form-action 'self'"] {
            assert!(policy.contains(directive), "{directive}: {policy}");
        }
        assert!(!policy.contains("google"), "{policy}");
    }

    #[test]
    fn the_policy_allows_stripe_and_google_in_production() {
        let policy = content_security_policy(&config(&[
            ("STRIPE_SECRET_KEY", "sk_live_x"),
            ("STRIPE_PUBLISHABLE_KEY", "pk_live_x"),
            ("STRIPE_WEBHOOK_SECRET", "whsec_x"),
            ("SMTP_HOST", "smtp.example.com"),
            ("SITE_URL", "https://www.talkbridge.co.uk"),
            ("GOOGLE_CLIENT_ID", "client.apps.googleusercontent.com"),
            ("LINK_SECRET", "0123456789abcdef0123456789abcdef"),
            ("VAT_NUMBER", "GB 123 4567 89"),
        ]));
        assert!(policy.contains("script-src 'self' https://js.stripe.com https://*.js.stripe.com https://accounts.google.com/gsi/client;"), "{policy}");
        assert!(policy.contains("https://hooks.stripe.com"), "{policy}");
        assert!(
            policy.contains(
                "connect-src 'self' https://js.stripe.com https://api.stripe.com https://accounts.google.com/gsi/"
            ),
            "{policy}"
        );
        assert!(policy.contains("style-src 'self' 'unsafe-inline' https://accounts.google.com/gsi/style"), "{policy}");
        assert!(!policy.contains("localhost"));
    }

    #[test]
    fn private_paths_are_the_personal_ones() {
        for path in [
            "/api/account",
            "/api/account/me",
            "/api/account/orders/1/sip-passwords",
            "/api/quote-requests",
            "/api/debug-subscription/",
            "/api/orders/1",
            "/api/trials/1",
            "/api/carts",
            "/api/carts/1/numbers",
            "/api/admin/me",
            "/api/create-payment-intent/",
            "/api/create-subscription",
            "/api/attach-payment-method/",
            "/api/create-free-trial-account/",
            "/api/hardware-orders",
            "/api/hardware-orders/1",
            "/api/hardware-checkout/quote",
            "/api/create-hardware-payment/",
            "/api/confirm-hardware-payment/",
        ] {
            assert!(is_private_api_path(path), "{path}");
        }
        for path in [
            "/api/catalogue",
            "/api/available_numbers/",
            "/",
            "/carts/1",
            "/api/create-payment-intent/x",
            "/api/accounts",
        ] {
            assert!(!is_private_api_path(path), "{path}");
        }
    }
}
