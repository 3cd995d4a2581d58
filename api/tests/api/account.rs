//! The customer's own account (issue 34): sign-in with the checkout password and its limits,
//! "Forgot password" links (single use, an hour), the claim of an account nobody confirmed,
//! the owner checks of every account route, and the order and trial views that hold personal
//! data only for their owner.

use api::app::order_links::{sign, LinkKind};
use api::platform::config::Config;
use reqwest::header::{COOKIE, SET_COOKIE};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::checkout::{
    bought_with_google, cart, create_account, google_app, pay, placed_with_google, secret_of, single_user,
    spawn_tokeninfo, OK_CARD,
};
use crate::hardware_routes::{sign_in as staff_sign_in, staff_get};
use crate::helpers::{expect_error, expect_existing_account_refusal, expect_ok, spawn_app, spawn_app_with, TestApp};
use crate::trial::{free_numbers, start_trial, TRIAL_PASSWORD};

const CHECKOUT_PASSWORD: &str = "s3cret-Passw0rd";

/// A paid, completed single-user order bought with `email`; answers its id. The app's cookie
/// jar is emptied afterwards: the tests below say who is signed in.
async fn bought(app: &TestApp, email: &str, number: &'static str) -> String {
    let numbers: &'static [&'static str] = Box::leak(Box::new([number]));
    let cart_id = cart(app, single_user(numbers)).await;
    let (_, charge, order) = pay(app, &cart_id, email, OK_CARD).await;
    expect_ok(charge).await;
    create_account(app, &order).await;
    assert!(app.account_cookie.get().is_some(), "finishing the checkout signs the buyer's browser in");
    app.account_cookie.forget();
    order
}

/// A browser of its own: its session cookie and CSRF token once signed in.
#[derive(Default, Clone)]
struct Browser {
    cookie: Option<String>,
    csrf: Option<String>,
}

impl Browser {
    async fn send(&self, app: &TestApp, method: Method, path: &str, body: Option<Value>) -> reqwest::Response {
        let mut request = app.client.request(method, app.url(path));
        if let Some(cookie) = &self.cookie {
            request = request.header(COOKIE, format!("talkbridge_account={cookie}"));
        }
        if let Some(csrf) = &self.csrf {
            request = request.header("x-csrf-token", csrf);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        request.send().await.unwrap()
    }

    async fn get(&self, app: &TestApp, path: &str) -> reqwest::Response {
        self.send(app, Method::GET, path, None).await
    }
}

/// The session an answer's `Set-Cookie` starts, and its CSRF token.
async fn session_of(response: reqwest::Response) -> (Browser, Value) {
    assert_eq!(response.status(), StatusCode::OK);
    let set = response.headers()[SET_COOKIE].to_str().unwrap().to_string();
    assert!(set.contains("HttpOnly") && set.contains("SameSite=Lax") && set.contains("Path=/"), "{set}");
    let cookie = set.strip_prefix("talkbridge_account=").unwrap().split(';').next().unwrap().to_string();
    let body: Value = response.json().await.unwrap();
    let csrf = body["csrfToken"].as_str().unwrap().to_string();
    (Browser { cookie: Some(cookie), csrf: Some(csrf) }, body)
}

async fn sign_in(app: &TestApp, email: &str, password: &str) -> reqwest::Response {
    Browser::default()
        .send(app, Method::POST, "/api/account/sign-in", Some(json!({ "email": email, "password": password })))
        .await
}

async fn signed_in(app: &TestApp, email: &str, password: &str) -> Browser {
    session_of(sign_in(app, email, password).await).await.0
}

/// The token of the newest "Forgot password" link e-mailed to `email`.
async fn reset_token(app: &TestApp, email: &str) -> String {
    let body: String = sqlx::query_scalar(
        "SELECT body FROM outbox WHERE kind = 'account_password_reset' AND recipient = $1 ORDER BY id DESC LIMIT 1",
    )
    .bind(email)
    .fetch_one(&app.pool)
    .await
    .expect("the link is e-mailed");
    let at = body.find("/account/reset-password?token=").expect("the e-mail carries the link")
        + "/account/reset-password?token=".len();
    body[at..at + 64].to_string()
}

async fn ask_for_reset(app: &TestApp, email: &str) -> reqwest::Response {
    Browser::default().send(app, Method::POST, "/api/account/password-reset", Some(json!({ "email": email }))).await
}

async fn set_password(app: &TestApp, token: &str, password: &str) -> reqwest::Response {
    Browser::default()
        .send(app, Method::POST, "/api/account/password", Some(json!({ "token": token, "password": password })))
        .await
}

#[tokio::test]
async fn the_checkout_password_signs_in_and_the_account_lists_the_order_and_its_extension() {
    let app = spawn_app().await;
    let order = bought(&app, "ann.account@example.com", "442079460101").await;

    let anonymous = Browser::default();
    expect_error(anonymous.get(&app, "/api/account/me").await, StatusCode::UNAUTHORIZED, "not_signed_in").await;
    let wrong = sign_in(&app, "ann.account@example.com", "not-the-password").await;
    let refused = expect_error(wrong, StatusCode::UNAUTHORIZED, "invalid_credentials").await;
    assert_eq!(refused["error"], "The e-mail or password is not right.");
    expect_error(
        sign_in(&app, "nobody@example.com", CHECKOUT_PASSWORD).await,
        StatusCode::UNAUTHORIZED,
        "invalid_credentials",
    )
    .await;

    let (browser, me) = session_of(sign_in(&app, " Ann.Account@Example.com ", CHECKOUT_PASSWORD).await).await;
    assert_eq!(me["email"], "ann.account@example.com");
    assert_eq!(me["verified"], false, "no link sent to the address was followed yet");
    let again = expect_ok(browser.get(&app, "/api/account/me").await).await;
    assert_eq!(again["csrfToken"], me["csrfToken"]);

    let orders = expect_ok(browser.get(&app, "/api/account/orders").await).await;
    let service = orders["serviceOrders"].as_array().unwrap();
    assert_eq!(service.len(), 1);
    assert_eq!(service[0]["id"], order.as_str());
    assert_eq!(service[0]["status"], "completed");
    assert!(service[0]["orderNumber"].as_str().unwrap().starts_with("SB-"));

    let detail = expect_ok(browser.get(&app, &format!("/api/account/orders/{order}")).await).await;
    assert_eq!(detail["status"], "completed");
    assert_eq!(detail["numbers"].as_array().unwrap().len(), 1);
    assert_eq!(detail["extensions"][0]["number"], "101");
    assert_eq!(detail["extensions"][0]["username"], "annaccount101");
    assert_eq!(detail["extensions"][0]["registered"], false);

    // Writes need the session's CSRF token.
    let no_csrf = Browser { csrf: None, ..browser.clone() };
    expect_error(no_csrf.send(&app, Method::POST, "/api/account/sign-out", None).await, StatusCode::FORBIDDEN, "csrf")
        .await;
    let out = browser.send(&app, Method::POST, "/api/account/sign-out", None).await;
    assert!(out.headers()[SET_COOKIE].to_str().unwrap().contains("Max-Age=0"));
    assert_eq!(out.status(), StatusCode::NO_CONTENT);
    expect_error(browser.get(&app, "/api/account/me").await, StatusCode::UNAUTHORIZED, "not_signed_in").await;
}

#[tokio::test]
async fn failed_sign_ins_are_limited_and_then_even_the_right_password_waits() {
    let app = spawn_app().await;
    bought(&app, "lim.account@example.com", "442079460102").await;
    for _ in 0..5 {
        expect_error(
            sign_in(&app, "lim.account@example.com", "guess-guess").await,
            StatusCode::UNAUTHORIZED,
            "invalid_credentials",
        )
        .await;
    }
    let limited = expect_error(
        sign_in(&app, "lim.account@example.com", "guess-guess").await,
        StatusCode::TOO_MANY_REQUESTS,
        "too_many_attempts",
    )
    .await;
    assert!(limited["error"].as_str().unwrap().contains("wait a minute"));
    expect_error(
        sign_in(&app, "lim.account@example.com", CHECKOUT_PASSWORD).await,
        StatusCode::TOO_MANY_REQUESTS,
        "too_many_attempts",
    )
    .await;
}

#[tokio::test]
async fn a_reset_link_sets_the_password_once_and_expires_after_an_hour() {
    let app = spawn_app().await;
    bought(&app, "rex.account@example.com", "442079460103").await;

    // The same answer whether or not the address has an account; only an account gets mail.
    let known = ask_for_reset(&app, "rex.account@example.com").await;
    assert_eq!(known.status(), StatusCode::ACCEPTED);
    let known: Value = known.json().await.unwrap();
    assert_eq!(known.as_object().unwrap().keys().collect::<Vec<_>>(), ["message"], "only the message: {known}");
    let unknown = ask_for_reset(&app, "nobody.here@example.com").await;
    assert_eq!(unknown.status(), StatusCode::ACCEPTED);
    assert_eq!(unknown.json::<Value>().await.unwrap(), known);
    let mails: i64 = sqlx::query_scalar("SELECT count(*) FROM outbox WHERE kind = 'account_password_reset'")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(mails, 1);
    let token = reset_token(&app, "rex.account@example.com").await;
    let stored: i64 = sqlx::query_scalar("SELECT count(*) FROM customer_password_resets WHERE token_hash = $1")
        .bind(&token)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(stored, 0, "only the token's digest is kept");

    let short = set_password(&app, &token, "short").await;
    let refused = expect_error(short, StatusCode::UNPROCESSABLE_ENTITY, "invalid_fields").await;
    assert_eq!(refused["fieldErrors"]["password"], "Password must be at least 12 characters");
    for (password, message) in [
        ("password1234", api::app::password_rules::BREACHED),
        ("Password1234", api::app::password_rules::EASY_TO_GUESS),
    ] {
        let refused = expect_error(
            set_password(&app, &token, password).await,
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid_fields",
        );
        assert_eq!(refused.await["fieldErrors"]["password"], message, "{password}");
    }
    expect_error(
        set_password(&app, &"ab".repeat(32), "new-Passw0rd!").await,
        StatusCode::BAD_REQUEST,
        "reset_link_invalid",
    )
    .await;
    expect_error(
        set_password(&app, "not-a-token", "new-Passw0rd!").await,
        StatusCode::BAD_REQUEST,
        "reset_link_invalid",
    )
    .await;

    let (browser, me) = session_of(set_password(&app, &token, "new-Passw0rd!").await).await;
    assert_eq!(me["verified"], true, "following the link confirms the address");
    expect_ok(browser.get(&app, "/api/account/me").await).await;
    expect_error(
        sign_in(&app, "rex.account@example.com", CHECKOUT_PASSWORD).await,
        StatusCode::UNAUTHORIZED,
        "invalid_credentials",
    )
    .await;
    signed_in(&app, "rex.account@example.com", "new-Passw0rd!").await;

    let used =
        expect_error(set_password(&app, &token, "other-Passw0rd!").await, StatusCode::GONE, "reset_link_used").await;
    assert!(used["error"].as_str().unwrap().contains("Ask for a new link"));

    // A link over an hour old.
    expect_ok_202(ask_for_reset(&app, "rex.account@example.com").await).await;
    let late = reset_token(&app, "rex.account@example.com").await;
    sqlx::query("UPDATE customer_password_resets SET expires_at = now() - interval '1 second' WHERE used_at IS NULL")
        .execute(&app.pool)
        .await
        .unwrap();
    let expired =
        expect_error(set_password(&app, &late, "other-Passw0rd!").await, StatusCode::GONE, "reset_link_expired").await;
    assert!(expired["error"].as_str().unwrap().contains("Ask for a new link"));
    signed_in(&app, "rex.account@example.com", "new-Passw0rd!").await;

    // Asking is limited per e-mail (3 an hour).
    expect_ok_202(ask_for_reset(&app, "rex.account@example.com").await).await;
    expect_error(
        ask_for_reset(&app, "rex.account@example.com").await,
        StatusCode::TOO_MANY_REQUESTS,
        "too_many_attempts",
    )
    .await;
}

async fn expect_ok_202(response: reqwest::Response) {
    assert_eq!(response.status(), StatusCode::ACCEPTED);
}

#[tokio::test]
async fn the_addresss_owner_claims_an_account_someone_else_opened_and_their_sessions_end() {
    let app = spawn_app().await;
    // Someone typed another person's address at checkout and set a password.
    bought(&app, "claimed@example.com", "442079460104").await;
    let squatter = signed_in(&app, "claimed@example.com", CHECKOUT_PASSWORD).await;
    let verified: Option<chrono::DateTime<chrono::Utc>> =
        sqlx::query_scalar("SELECT verified_at FROM customer_accounts WHERE email = 'claimed@example.com'")
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert!(verified.is_none());

    // The address's owner uses "Forgot password" and follows the link.
    expect_ok_202(ask_for_reset(&app, "claimed@example.com").await).await;
    let token = reset_token(&app, "claimed@example.com").await;
    let (owner, me) = session_of(set_password(&app, &token, "owners-Passw0rd").await).await;
    assert_eq!(me["verified"], true);

    expect_error(squatter.get(&app, "/api/account/me").await, StatusCode::UNAUTHORIZED, "not_signed_in").await;
    expect_error(
        sign_in(&app, "claimed@example.com", CHECKOUT_PASSWORD).await,
        StatusCode::UNAUTHORIZED,
        "invalid_credentials",
    )
    .await;
    expect_ok(owner.get(&app, "/api/account/orders").await).await;
}

#[tokio::test]
async fn every_account_route_refuses_anonymous_callers_and_other_customers() {
    let app = spawn_app().await;
    let order = bought(&app, "owner.one@example.com", "442079460105").await;
    bought(&app, "owner.two@example.com", "442079460106").await;
    let other = signed_in(&app, "owner.two@example.com", CHECKOUT_PASSWORD).await;
    let anonymous = Browser::default();

    for path in ["/api/account/me", "/api/account/orders", &format!("/api/account/orders/{order}")] {
        expect_error(anonymous.get(&app, path).await, StatusCode::UNAUTHORIZED, "not_signed_in").await;
    }
    expect_error(
        anonymous.send(&app, Method::POST, "/api/account/sign-out", None).await,
        StatusCode::UNAUTHORIZED,
        "not_signed_in",
    )
    .await;
    // A forged cookie is no session.
    let forged = Browser { cookie: Some("f".repeat(64)), csrf: None };
    expect_error(forged.get(&app, "/api/account/orders").await, StatusCode::UNAUTHORIZED, "not_signed_in").await;

    let refused = expect_error(
        other.get(&app, &format!("/api/account/orders/{order}")).await,
        StatusCode::FORBIDDEN,
        "not_your_order",
    )
    .await;
    assert_eq!(refused["error"], "This order belongs to another account. Sign in with the e-mail it was bought with.");
    let theirs = expect_ok(other.get(&app, "/api/account/orders").await).await;
    assert!(!theirs.to_string().contains(&order), "another customer's order is not listed");
    expect_error(
        other.get(&app, "/api/account/orders/00000000-0000-4000-8000-000000000000").await,
        StatusCode::NOT_FOUND,
        "order_not_found",
    )
    .await;
}

/// What a caller without the right to an order's personal data must never see in its view.
fn assert_no_personal_data(view: &Value, secrets: &[&str]) {
    assert_eq!(view["restricted"], true, "{view}");
    for field in ["email", "firstName", "lastName", "companyName", "phone", "phoneNumbers", "extensions", "extension"] {
        assert!(view.get(field).is_none(), "{field} in {view}");
    }
    for field in ["paymentReferences", "subscriptionId", "ports", "number", "displayNumber"] {
        assert!(view.get(field).is_none(), "{field} in {view}");
    }
    let text = view.to_string();
    for secret in secrets {
        assert!(!text.contains(secret), "{secret} in {view}");
    }
}

#[tokio::test]
async fn an_order_view_holds_personal_data_only_for_its_secret_its_link_its_owner_and_staff() {
    let app = spawn_app().await;
    let order = bought(&app, "private.buyer@example.com", "442079460107").await;
    let path = format!("/api/orders/{order}");

    let anonymous = expect_ok(Browser::default().get(&app, &path).await).await;
    assert_eq!(anonymous["status"], "completed");
    assert!(anonymous["orderNumber"].as_str().unwrap().starts_with("SB-"));
    assert_no_personal_data(&anonymous, &["private.buyer@example.com", "Jane", "Doe Trading", "cus_", "sub_"]);
    let wrong_secret = app.client.get(app.url(&path)).header("x-order-secret", "0".repeat(64)).send().await.unwrap();
    assert_no_personal_data(&expect_ok(wrong_secret).await, &["private.buyer@example.com"]);
    let another = signed_in_other(&app).await;
    assert_no_personal_data(&expect_ok(another.get(&app, &path).await).await, &["private.buyer@example.com"]);

    let whole = |view: Value| {
        assert_eq!(view["email"], "private.buyer@example.com", "{view}");
        assert_eq!(view["firstName"], "Jane");
        assert!(view.get("restricted").is_none());
        assert!(!view["paymentReferences"].as_array().unwrap().is_empty());
    };
    let with_secret = app.client.get(app.url(&path)).header("x-order-secret", secret_of(&order)).send().await.unwrap();
    whole(expect_ok(with_secret).await);
    let owner = signed_in(&app, "private.buyer@example.com", CHECKOUT_PASSWORD).await;
    whole(expect_ok(owner.get(&app, &path).await).await);
    let staff = staff_sign_in(&app, "ada.staff@talkbridge.example", api::app::auth::Role::Support).await;
    whole(expect_ok(staff_get(&app, &staff, &path).await).await);

    // A link from an e-mail: signed for this order, 30 days.
    let key = Config::development().link_secret;
    let link = sign(key.expose(), LinkKind::Order, &order, chrono::Utc::now() + chrono::Duration::days(30));
    whole(expect_ok(app.client.get(app.url(&path)).header("x-order-link", &link).send().await.unwrap()).await);
    let stale = sign(key.expose(), LinkKind::Order, &order, chrono::Utc::now() - chrono::Duration::seconds(1));
    let stale = app.client.get(app.url(&path)).header("x-order-link", &stale).send().await.unwrap();
    assert_no_personal_data(&expect_ok(stale).await, &["private.buyer@example.com"]);
    let for_another = sign(key.expose(), LinkKind::Order, "another", chrono::Utc::now() + chrono::Duration::days(30));
    let for_another = app.client.get(app.url(&path)).header("x-order-link", &for_another).send().await.unwrap();
    assert_no_personal_data(&expect_ok(for_another).await, &["private.buyer@example.com"]);
}

async fn signed_in_other(app: &TestApp) -> Browser {
    bought(app, "someone.else@example.com", "442079460108").await;
    signed_in(app, "someone.else@example.com", CHECKOUT_PASSWORD).await
}

#[tokio::test]
async fn a_trial_view_holds_personal_data_only_for_its_owner() {
    let app = spawn_app().await;
    let number = free_numbers(&app).await.remove(0);
    let started = expect_ok(start_trial(&app, "tara.private@example.com", &number).await).await;
    let trial = started["trialId"].as_str().unwrap().to_string();
    let cookie = app.account_cookie.get().expect("starting a trial signs the browser in");
    app.account_cookie.forget();
    let path = format!("/api/trials/{trial}");

    let anonymous = expect_ok(Browser::default().get(&app, &path).await).await;
    assert_eq!(anonymous["status"], "active");
    assert_no_personal_data(&anonymous, &["tara.private@example.com", "Tara", &number]);

    let owner = Browser { cookie: Some(cookie), csrf: None };
    let whole = expect_ok(owner.get(&app, &path).await).await;
    assert_eq!(whole["email"], "tara.private@example.com");
    assert_eq!(whole["number"], number.as_str());
    let orders = expect_ok(owner.get(&app, "/api/account/orders").await).await;
    assert_eq!(orders["trials"][0]["id"], trial.as_str());
    assert_eq!(orders["trials"][0]["status"], "active");
}

async fn google_sign_in(app: &TestApp, email: &str, token: &str) -> reqwest::Response {
    Browser::default()
        .send(app, Method::POST, "/api/account/sign-in", Some(json!({ "email": email, "googleCredential": token })))
        .await
}

/// "Sign in with Google" (issue 34): Google's token info vouches for the address, which
/// makes an account nobody confirmed its owner's (the checkout's password no longer opens
/// it); a token for another Google account, one Google refuses, or a server without Google
/// set up signs nobody in.
#[tokio::test]
async fn google_signs_the_addresss_owner_in_and_claims_an_account_nobody_confirmed() {
    let tokeninfo = crate::checkout::spawn_tokeninfo().await;
    let app = spawn_app_with(|config| {
        config.google_client_id = Some("client-123.apps.googleusercontent.com".into());
        config.google_tokeninfo_url = tokeninfo;
    })
    .await;
    let order = bought(&app, "google@example.com", "442079460106").await;
    // A token Google refuses (failures count towards the sign-in limit: five a minute).
    expect_error(
        google_sign_in(&app, "google@example.com", "forged").await,
        StatusCode::UNAUTHORIZED,
        "google_sign_in_failed",
    )
    .await;
    // A token of another address's Google account, for this address: refused.
    expect_error(
        google_sign_in(&app, "google@example.com", "owner-token").await,
        StatusCode::UNAUTHORIZED,
        "google_sign_in_failed",
    )
    .await;
    let (browser, _) = session_of(google_sign_in(&app, "google@example.com", "good-token").await).await;
    let orders = expect_ok(browser.get(&app, "/api/account/orders").await).await;
    assert!(orders.to_string().contains(&order), "the account lists the order: {orders}");
    // Google vouched for the address: the password someone typed at checkout is gone.
    expect_error(
        sign_in(&app, "google@example.com", CHECKOUT_PASSWORD).await,
        StatusCode::UNAUTHORIZED,
        "invalid_credentials",
    )
    .await;
    let (verified, subject): (bool, Option<String>) = sqlx::query_as(
        "SELECT verified_at IS NOT NULL, google_subject FROM customer_accounts WHERE email = 'google@example.com'",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!((verified, subject.as_deref()), (true, Some("google-sub-1")));
    // Another Google account that has the address since: not this account's.
    expect_error(
        google_sign_in(&app, "google@example.com", "another-google-account").await,
        StatusCode::UNAUTHORIZED,
        "google_sign_in_failed",
    )
    .await;
    // Signed in again with the same Google account: still fine.
    session_of(google_sign_in(&app, "google@example.com", "good-token").await).await;

    // A server without Google set up refuses the way as a whole.
    let plain = spawn_app().await;
    expect_error(
        google_sign_in(&plain, "google@example.com", "good-token").await,
        StatusCode::UNAUTHORIZED,
        "google_sign_in_failed",
    )
    .await;
}

/// The SIP digest of `owner`'s extension 101 and how many `SipPasswordReset` events its order
/// or trial has.
async fn sip_state(app: &TestApp, owner: &str, aggregate: &str) -> (String, i64) {
    let digest: String =
        sqlx::query_scalar("SELECT secret_digest FROM sip_extensions WHERE owner = $1 AND number = '101'")
            .bind(owner)
            .fetch_one(&app.pool)
            .await
            .unwrap();
    let resets: i64 =
        sqlx::query_scalar("SELECT count(*) FROM events WHERE aggregate_id = $1 AND event_type = 'SipPasswordReset'")
            .bind(aggregate)
            .fetch_one(&app.pool)
            .await
            .unwrap();
    (digest, resets)
}

/// The pre-hijack (issue 46): an attacker starts a free trial with the victim's address and a
/// password of their own, which makes an account nobody has proven. The victim later checks
/// out with Google. Google's proof claims the account in the same transaction as the order
/// joins it: the attacker's password stops opening it, their session ends, and the trial's
/// SIP password they were shown is replaced (with its event), while the victim's own order
/// keeps the SIP passwords shown to the victim.
#[tokio::test]
async fn a_google_checkout_claims_an_account_an_attacker_opened_with_the_victims_address() {
    let app = spawn_app_with(google_app(spawn_tokeninfo().await)).await;
    let numbers = free_numbers(&app).await;
    let trial = expect_ok(start_trial(&app, "google@example.com", &numbers[0]).await).await;
    let trial_id = trial["trialId"].as_str().unwrap().to_string();
    app.account_cookie.forget();
    let attacker = signed_in(&app, "google@example.com", TRIAL_PASSWORD).await;
    expect_ok(attacker.get(&app, "/api/account/me").await).await;
    let trial_owner = format!("trial:{trial_id}");
    let (before, _) = sip_state(&app, &trial_owner, &trial_id).await;

    let (order, account) = bought_with_google(&app, "google@example.com", "good-token").await;

    expect_error(attacker.get(&app, "/api/account/me").await, StatusCode::UNAUTHORIZED, "not_signed_in").await;
    expect_error(
        sign_in(&app, "google@example.com", TRIAL_PASSWORD).await,
        StatusCode::UNAUTHORIZED,
        "invalid_credentials",
    )
    .await;
    let (after, resets) = sip_state(&app, &trial_owner, &trial_id).await;
    assert_ne!(before, after, "the trial's SIP password the attacker saw no longer registers");
    assert_eq!(resets, 1, "the replacement is an event of the trial");
    let (verified, hash): (bool, Option<String>) = sqlx::query_as(
        "SELECT verified_at IS NOT NULL, password_hash FROM customer_accounts WHERE email = 'google@example.com'",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert!(verified && hash.is_none(), "claimed: confirmed, the attacker's password gone");
    // The victim's order is whole: its extension's password (shown to the victim) works.
    let password = account["extensions"][0]["password"].as_str().unwrap();
    let username = account["extensions"][0]["username"].as_str().unwrap();
    let (order_digest, order_resets) = sip_state(&app, &order, &order).await;
    assert_eq!(order_digest, api::app::sip_extensions::sip_digest(username, password));
    assert_eq!(order_resets, 0);
    let orders = expect_ok(app.get("/api/account/orders").await).await;
    assert!(orders.to_string().contains(&order), "the victim's browser is signed in to the account: {orders}");
}

/// The account-race guard of the checkout (issue 46): an account made for the address after
/// the checkout checked the buyer's password (no account then) is not joined on a password
/// that does not open it, even after payment. The buyer is told to use the account's
/// password, nothing is made, and the same request with that password then completes.
#[tokio::test]
async fn checkout_does_not_join_an_account_made_since_its_password_check() {
    let app = spawn_app().await;
    let cart_id = cart(&app, single_user(&[])).await;
    let (_, charge, order) = pay(&app, &cart_id, "raced@example.com", OK_CARD).await;
    expect_ok(charge).await;
    // Meanwhile someone else made an account for the address, with a password of their own.
    sqlx::query(
        "INSERT INTO customer_accounts (id, email, password_hash, first_name, last_name, company_name, phone)
         VALUES ($1, 'raced@example.com', $2, 'Eve', 'Else', 'E Ltd', '020 7946 0000')",
    )
    .bind(uuid::Uuid::new_v4())
    .bind(api::app::auth::hash_password("someone-elses-Passw0rd").unwrap())
    .execute(&app.pool)
    .await
    .unwrap();
    let body = json!({ "orderId": order, "orderSecret": secret_of(&order), "password": CHECKOUT_PASSWORD });
    let refused = expect_error(
        app.send(Method::POST, "/api/create-user-account/", Some(body)).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "invalid_fields",
    )
    .await;
    assert!(refused["fieldErrors"]["password"].as_str().unwrap().starts_with("An account already exists"));
    let extensions: i64 = sqlx::query_scalar("SELECT count(*) FROM sip_extensions").fetch_one(&app.pool).await.unwrap();
    assert_eq!(extensions, 0, "nothing made");
    assert!(app.account_cookie.get().is_none(), "and nobody signed in");
    let body = json!({ "orderId": order, "orderSecret": secret_of(&order), "password": "someone-elses-Passw0rd" });
    expect_ok(app.send(Method::POST, "/api/create-user-account/", Some(body)).await).await;
}

/// A session of an account nobody has proven sees only what its password made (issue 46): an
/// order placed with the same address through Google that never joined the account (not paid
/// yet) is neither listed nor readable by it, while its own trial is.
#[tokio::test]
async fn an_unproven_accounts_session_sees_only_what_its_password_made() {
    let app = spawn_app_with(google_app(spawn_tokeninfo().await)).await;
    let numbers = free_numbers(&app).await;
    let trial = expect_ok(start_trial(&app, "google@example.com", &numbers[0]).await).await;
    app.account_cookie.forget();
    let unproven = signed_in(&app, "google@example.com", TRIAL_PASSWORD).await;
    let order = placed_with_google(&app, "google@example.com", "good-token").await;

    let listed = expect_ok(unproven.get(&app, "/api/account/orders").await).await;
    assert!(listed.to_string().contains(trial["trialId"].as_str().unwrap()), "its own trial: {listed}");
    assert!(!listed.to_string().contains(&order), "not the order placed through Google: {listed}");
    let view = expect_ok(unproven.get(&app, &format!("/api/orders/{order}")).await).await;
    assert_eq!(view["restricted"], true, "{view}");
    assert!(!view.to_string().contains("google@example.com"), "{view}");
}

/// One count of wrong passwords per account, wherever they come from (issue 46, ASVS 2.2.1):
/// guesses from a new address each time, split between the sign-in and the checkout's check of
/// the account's password, meet growing waits after the fifth. A refused guess does no
/// password work and says how long to wait; once the wait is over the right password signs
/// in and starts the count afresh.
#[tokio::test]
async fn wrong_passwords_from_many_addresses_share_one_count_and_meet_growing_waits() {
    let app = spawn_app_with(|config| config.trusted_proxy = true).await;
    bought(&app, "guessed@example.com", "442079460107").await;
    let cart_id = cart(&app, single_user(&[])).await;
    let from = |n: u32| format!("198.51.100.{n}");
    let sign_in_from = |n: u32, password: &'static str| {
        let request = app.client.post(app.url("/api/account/sign-in")).header("x-forwarded-for", from(n));
        request.json(&json!({ "email": "guessed@example.com", "password": password })).send()
    };
    let mut info = crate::checkout::customer_info("guessed@example.com");
    info["password"] = json!("a-wrong-Guess-1");
    info["confirmPassword"] = json!("a-wrong-Guess-1");
    let checkout_from = |n: u32| {
        let request = app.client.post(app.url("/api/create-payment-intent/")).header("x-forwarded-for", from(n));
        request.json(&json!({ "cartId": cart_id, "customerInfo": info })).send()
    };
    for n in 1..=3 {
        expect_error(
            sign_in_from(n, "a-wrong-Guess-1").await.unwrap(),
            StatusCode::UNAUTHORIZED,
            "invalid_credentials",
        )
        .await;
    }
    for n in 4..=6 {
        expect_existing_account_refusal(checkout_from(n).await.unwrap()).await;
    }
    // The sixth check set a wait of two seconds: the seventh, from yet another address, waits.
    let argon2_before = api::app::accounts::argon2_runs();
    let refused = sign_in_from(7, CHECKOUT_PASSWORD).await.unwrap();
    let wait: u32 = refused.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=2).contains(&wait), "Retry-After: {wait}");
    let body = expect_error(refused, StatusCode::TOO_MANY_REQUESTS, "too_many_attempts").await;
    assert_eq!(
        body["error"],
        "Too many wrong passwords for this account. Please try again in 1 minute, or set a new password with \"Forgot password\"."
    );
    expect_error(checkout_from(8).await.unwrap(), StatusCode::TOO_MANY_REQUESTS, "too_many_attempts").await;
    assert_eq!(api::app::accounts::argon2_runs(), argon2_before, "a refused guess costs no password work");

    // The wait over, the owner's password signs in and the count starts again.
    sqlx::query("UPDATE password_guesses SET not_before = now()").execute(&app.pool).await.unwrap();
    session_of(sign_in_from(9, CHECKOUT_PASSWORD).await.unwrap()).await;
    let left: i64 = sqlx::query_scalar("SELECT count(*) FROM password_guesses").fetch_one(&app.pool).await.unwrap();
    assert_eq!(left, 0);
}
