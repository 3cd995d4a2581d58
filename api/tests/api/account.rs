//! The customer's own account (issue 34): sign-in with the checkout password and its limits,
//! "Forgot password" links (single use, an hour), the claim of an account nobody confirmed,
//! the owner checks of every account route, and the order and trial views that hold personal
//! data only for their owner.

use api::app::order_links::{sign, LinkKind};
use api::platform::config::Config;
use reqwest::header::{COOKIE, SET_COOKIE};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::checkout::{cart, create_account, pay, secret_of, single_user, OK_CARD};
use crate::hardware_routes::{sign_in as staff_sign_in, staff_get};
use crate::helpers::{expect_error, expect_ok, spawn_app, spawn_app_with, TestApp};
use crate::trial::{free_numbers, start_trial};

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
    assert_eq!(refused["fieldErrors"]["password"], "Password must be at least 8 characters");
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
