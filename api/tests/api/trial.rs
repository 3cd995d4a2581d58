//! The free trial against PostgreSQL and the Stripe stand-in, and the job that ends trials
//! with a moved clock.

use std::sync::Arc;

use aggregates::clock::FixedClock;
use api::app::state::AppState;
use chrono::{DateTime, Duration, Utc};
use jobs::scheduler::run_once;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use store::RunOutcome;

use crate::helpers::{
    expect_error, expect_existing_account_refusal, expect_no_content, expect_ok, spawn_app, stripe, TestApp,
};

/// The password a trial's contact (below) signs up with.
pub(crate) const TRIAL_PASSWORD: &str = "trial-Passw0rd";

pub(crate) fn contact(email: &str) -> Value {
    json!({
        "email": format!("  {email} "), "password": TRIAL_PASSWORD, "confirmPassword": TRIAL_PASSWORD,
        "companyName": " Tara Ltd ", "firstName": "Tara", "lastName": "Trial", "phone": "020 7946 0001",
        "postcode": "M1 1AE", "addressLine1": "1 Sample Street", "addressLine2": "", "city": "Manchester",
        "country": "United Kingdom",
    })
}

pub(crate) async fn start_trial(app: &TestApp, email: &str, number: &str) -> reqwest::Response {
    let body = json!({ "customerInfo": contact(email), "selectedNumber": { "value": number, "status": "Available" }, "packageType": "trial" });
    app.send(Method::POST, "/api/create-free-trial-account/", Some(body)).await
}

/// The token of the confirmation link e-mailed for trial `id`, read from the outbox.
pub(crate) async fn verification_token(pool: &sqlx::PgPool, id: &str) -> String {
    let body: String =
        sqlx::query_scalar("SELECT body FROM outbox WHERE kind = 'trial_verification' AND reference = $1")
            .bind(id)
            .fetch_one(pool)
            .await
            .expect("the confirmation e-mail is queued");
    let at = body.find("/trial/verify?token=").expect("the e-mail carries the link") + "/trial/verify?token=".len();
    body[at..at + 64].to_string()
}

/// Follows a confirmation link as its page does.
pub(crate) async fn verify(app: &TestApp, token: &str) -> reqwest::Response {
    app.send(Method::POST, "/api/trial-email-verifications", Some(json!({ "token": token }))).await
}

/// Starts a trial and confirms its e-mail address through the e-mailed link: the start's answer.
pub(crate) async fn start_confirmed_trial(app: &TestApp, email: &str, number: &str) -> Value {
    let started = expect_ok(start_trial(app, email, number).await).await;
    let id = started["trialId"].as_str().unwrap();
    expect_ok(verify(app, &verification_token(&app.pool, id).await).await).await;
    started
}

pub(crate) async fn free_numbers(app: &TestApp) -> Vec<String> {
    let pool = expect_ok(app.get("/api/free-did-numbers/").await).await;
    pool["numbers"].as_array().unwrap().iter().map(|n| n["value"].as_str().unwrap().to_string()).collect()
}

/// The free pool once `holds` is true of it, or as it is after a second.
async fn free_numbers_within_a_second(app: &TestApp, holds: impl Fn(&[String]) -> bool) -> Vec<String> {
    let started = std::time::Instant::now();
    loop {
        let numbers = free_numbers(app).await;
        if holds(&numbers) || started.elapsed() > std::time::Duration::from_secs(1) {
            return numbers;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
}

#[tokio::test]
async fn a_trial_starts_without_a_card_with_its_free_number_and_extension_101() {
    let app = spawn_app().await;
    let number = free_numbers(&app).await[0].clone();
    let trial = expect_ok(start_trial(&app, "Tara@Example.com", &number).await).await;
    assert!(trial.get("success").is_none(), "no flag repeating the status: {trial}");
    let extension = &trial["extensions"][0];
    assert_eq!(extension["number"], "101");
    assert_eq!(extension["username"], "tara101");
    let sip = extension["password"].as_str().unwrap().to_string();
    assert_eq!(sip.len(), 20);
    assert_eq!(trial["email_sent"], true);
    assert!(trial["verifyBy"].is_string(), "{trial}");
    assert_eq!(trial["package"], "Single User VoIP - Trial");
    let ends = DateTime::parse_from_rfc3339(trial["trial_ends"].as_str().unwrap()).unwrap();
    let days = (ends.with_timezone(&Utc) - Utc::now()).num_hours();
    assert!((167..=168).contains(&days), "ends in 7 days: {days} hours");

    // The number left the pool; the view shows the trial; secrets stay out of events.
    assert!(!free_numbers(&app).await.contains(&number));
    let id = trial["customerId"].as_str().unwrap();
    let view = expect_ok(app.get(&format!("/api/trials/{id}")).await).await;
    assert_eq!(view["status"], "active");
    assert_eq!(view["email"], "tara@example.com");
    assert_eq!(view["companyName"], "Tara Ltd");
    assert_eq!(view["number"], number.as_str());
    assert_eq!(view["paymentMethodSaved"], false);
    assert_eq!(view["emailSent"], true);
    assert!(
        trial["trial_ends"].as_str().unwrap().ends_with(":00Z") || !trial["trial_ends"].as_str().unwrap().contains('.')
    );
    for secret in [sip.as_str(), "trial-Passw0rd"] {
        let found: i64 = sqlx::query_scalar("SELECT count(*) FROM events WHERE payload::text LIKE '%' || $1 || '%'")
            .bind(secret)
            .fetch_one(&app.pool)
            .await
            .unwrap();
        assert_eq!(found, 0);
    }
    let welcome: String = sqlx::query_scalar("SELECT body FROM outbox WHERE kind = 'trial_welcome' AND reference = $1")
        .bind(id)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert!(welcome.contains("Your 7-day free trial has started successfully."));
    assert!(!welcome.contains(&sip));
}

/// The sentence of a start (or a confirmation) refused for an address with a confirmed trial.
const EMAIL_USED: &str = "A free trial has already been used with this email address. To carry on, choose a plan on our Plans and Pricing page, or contact support.";

#[tokio::test]
async fn one_trial_per_confirmed_email_and_one_per_number() {
    let app = spawn_app().await;
    let numbers = free_numbers(&app).await;
    // An address not confirmed yet may start another trial (its first one is released if
    // never confirmed); once one of its trials is confirmed, no other starts or confirms.
    let first = expect_ok(start_trial(&app, "once@example.com", &numbers[0]).await).await;
    let first = first["trialId"].as_str().unwrap().to_string();
    let second = expect_ok(start_trial(&app, "ONCE@example.com", &numbers[1]).await).await;
    let second = second["trialId"].as_str().unwrap().to_string();
    let second_token = verification_token(&app.pool, &second).await;
    expect_ok(verify(&app, &verification_token(&app.pool, &first).await).await).await;

    let events = app.event_count().await;
    let again = expect_error(
        start_trial(&app, "ONCE@example.com", &numbers[2]).await,
        StatusCode::CONFLICT,
        "trial_already_used",
    )
    .await;
    assert_eq!(again["error"], EMAIL_USED);
    let refused = expect_error(verify(&app, &second_token).await, StatusCode::CONFLICT, "trial_already_used").await;
    assert_eq!(
        refused["error"],
        "This email address already has a confirmed free trial. To carry on, choose a plan on our Plans and Pricing page, or contact support."
    );
    assert_eq!(trial_status(&app, &second).await["emailVerified"], false);
    assert!(!may_call_out(&app, &second).await, "the refused confirmation changed nothing");
    let taken =
        expect_error(start_trial(&app, "other@example.com", &numbers[0]).await, StatusCode::CONFLICT, "number_taken")
            .await;
    assert_eq!(taken["error"], "This number has just been taken. Please choose another.");
    assert_eq!(app.event_count().await, events, "a refusal changes nothing");
    assert!(free_numbers(&app).await.contains(&numbers[2]));

    // Two trials of one address confirmed at once: one of them.
    let a = expect_ok(start_trial(&app, "race@example.com", &numbers[2]).await).await;
    let b = expect_ok(start_trial(&app, "race@example.com", &numbers[3]).await).await;
    let (a, b) = (a["trialId"].as_str().unwrap().to_string(), b["trialId"].as_str().unwrap().to_string());
    let (token_a, token_b) = (verification_token(&app.pool, &a).await, verification_token(&app.pool, &b).await);
    let (one, other) = tokio::join!(verify(&app, &token_a), verify(&app, &token_b));
    let mut statuses = [one.status(), other.status()];
    statuses.sort();
    assert_eq!(statuses, [StatusCode::OK, StatusCode::CONFLICT]);
    let confirmed: i64 =
        sqlx::query_scalar("SELECT count(*) FROM events WHERE event_type = 'EmailVerified' AND aggregate_id = ANY($1)")
            .bind(vec![a, b])
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert_eq!(confirmed, 1);
}

#[tokio::test]
async fn one_trial_per_mailbox_whatever_its_spelling_and_the_database_rule_is_the_servers() {
    let app = spawn_app().await;
    let numbers = free_numbers(&app).await;
    start_confirmed_trial(&app, "jane.doe@gmail.com", &numbers[0]).await;
    // (Three sign-ups a mailbox an hour: the rate limit counts by mailbox too.)
    for spelling in ["JaneDoe+trial2@googlemail.com", "j.a.n.e.d.o.e@gmail.com"] {
        let again = start_trial(&app, spelling, &numbers[1]).await;
        expect_error(again, StatusCode::CONFLICT, "trial_already_used").await;
    }
    // Another provider's dots are another mailbox.
    expect_ok(start_trial(&app, "jane.doe@example.com", &numbers[1]).await).await;

    // aggregates::customer::mailbox (the rate limit's key, the start's lock) and the
    // database's mailbox_of (the checks, the unique index) are one rule.
    for email in [
        "Jane.Doe+trial2@GoogleMail.com",
        "j.a.n.e@gmail.com",
        "Sales+x+y@Example.co.uk",
        "jane.doe@example.com",
        "plain@example.com",
        "a@b@c.com",
        " Spaced@Example.com ",
        "no-at-sign",
    ] {
        let database: String =
            sqlx::query_scalar("SELECT mailbox_of($1)").bind(email).fetch_one(&app.pool).await.unwrap();
        assert_eq!(database, aggregates::customer::mailbox(email), "{email}");
    }
}

/// Whether the trial's extension may place outgoing calls (what the call routing reads).
async fn may_call_out(app: &TestApp, id: &str) -> bool {
    sqlx::query_scalar("SELECT may_call_out FROM sip_accounts WHERE owner = 'trial:' || $1")
        .bind(id)
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn a_trial_is_confirmed_by_the_link_it_e_mails_and_only_then_calls_out() {
    let app = spawn_app().await;
    let number = free_numbers(&app).await[0].clone();
    let started = expect_ok(start_trial(&app, "confirm@example.com", &number).await).await;
    let id = started["trialId"].as_str().unwrap().to_string();
    // It starts at once and its extension may register, but not call out.
    let registered: i64 = sqlx::query_scalar("SELECT count(*) FROM subscriber WHERE username = $1")
        .bind(started["extensions"][0]["username"].as_str().unwrap())
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(registered, 1);
    assert!(!may_call_out(&app, &id).await);
    let view = trial_status(&app, &id).await;
    assert_eq!((view["status"].as_str(), &view["emailVerified"]), (Some("active"), &json!(false)));
    let deadline = DateTime::parse_from_rfc3339(view["verifyBy"].as_str().unwrap()).unwrap();
    let started_at = DateTime::parse_from_rfc3339(view["startedAt"].as_str().unwrap()).unwrap();
    assert_eq!(deadline - started_at, Duration::hours(24));
    assert_eq!(
        DateTime::parse_from_rfc3339(started["verifyBy"].as_str().unwrap()).unwrap().timestamp(),
        deadline.timestamp()
    );

    // The e-mail: the link, what happens without it; only the token's digest is stored.
    let (recipient, subject, body): (String, String, String) = sqlx::query_as(
        "SELECT recipient, subject, body FROM outbox WHERE kind = 'trial_verification' AND reference = $1",
    )
    .bind(&id)
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(
        (recipient.as_str(), subject.as_str()),
        ("confirm@example.com", "Confirm your email address to keep your free trial")
    );
    assert!(body.contains("/trial/verify?token="), "{body}");
    assert!(body.contains("If the link is not followed within 24 hours"), "{body}");
    assert!(body.contains("your number 01632 96"), "{body}");
    let token = verification_token(&app.pool, &id).await;
    assert!(token.bytes().all(|b| b.is_ascii_hexdigit()), "{token}");
    let stored: String = sqlx::query_scalar("SELECT verify_digest FROM trials WHERE trial_id = $1")
        .bind(&id)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(stored, api::app::order_secrets::digest(&token));
    let in_events: i64 = sqlx::query_scalar("SELECT count(*) FROM events WHERE payload::text LIKE '%' || $1 || '%'")
        .bind(&token)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(in_events, 0);
    let welcome: String = sqlx::query_scalar("SELECT body FROM outbox WHERE kind = 'trial_welcome' AND reference = $1")
        .bind(&id)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert!(welcome.contains("Until then your trial cannot make outgoing calls"), "{welcome}");

    // Bad links change nothing.
    let events = app.event_count().await;
    for bad in ["", "nope", &"0".repeat(64), &format!("{}x", &token[..63]), &token[..63]] {
        let refused = expect_error(verify(&app, bad).await, StatusCode::NOT_FOUND, "verification_link_unknown").await;
        assert!(refused["error"].as_str().unwrap().contains("contact support"), "{refused}");
    }
    expect_error(
        app.send(Method::POST, "/api/trial-email-verifications", Some(json!({ "token": 5 }))).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "invalid_body",
    )
    .await;
    assert_eq!(app.event_count().await, events);
    assert!(!may_call_out(&app, &id).await);

    // The link (as typed, in capitals too): confirmed by the buyer, once.
    let answer = verify(&app, &format!(" {} ", token.to_uppercase())).await;
    assert_eq!(answer.headers()["cache-control"], "no-store", "it names the buyer");
    let confirmed = expect_ok(answer).await;
    assert_eq!(confirmed["verified"], true);
    assert_eq!(confirmed["trialId"], id.as_str());
    assert_eq!(confirmed["email"], "confirm@example.com");
    assert!(confirmed["displayNumber"].as_str().unwrap().starts_with("01632 96"), "{confirmed}");
    let actor: String = sqlx::query_scalar(
        "SELECT metadata ->> 'actor' FROM events WHERE aggregate_id = $1 AND event_type = 'EmailVerified'",
    )
    .bind(&id)
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(actor, "buyer");
    assert!(may_call_out(&app, &id).await);
    assert_eq!(trial_status(&app, &id).await["emailVerified"], true);
    let events = app.event_count().await;
    let used = expect_error(verify(&app, &token).await, StatusCode::CONFLICT, "verification_link_used").await;
    assert_eq!(
        used["error"],
        "This link has already been used: your email address is confirmed. There is nothing more to do."
    );
    assert_eq!(app.event_count().await, events);
}

#[tokio::test]
async fn an_unconfirmed_trial_ends_after_24_hours_and_its_number_is_free_again_at_once() {
    let app = spawn_app().await;
    let numbers = free_numbers(&app).await;
    let (lapsed_number, kept_number) = (numbers[0].clone(), numbers[1].clone());
    let lapsed = expect_ok(start_trial(&app, "unconfirmed@example.com", &lapsed_number).await).await;
    let lapsed = lapsed["trialId"].as_str().unwrap().to_string();
    let lapsed_token = verification_token(&app.pool, &lapsed).await;
    let kept = start_confirmed_trial(&app, "confirmed@example.com", &kept_number).await;
    let kept = kept["trialId"].as_str().unwrap().to_string();

    // 23 hours on: nothing is due.
    let soon = AppState::with_clock(app.pool.clone(), Arc::new(FixedClock(Utc::now() + Duration::hours(23))));
    assert_eq!(api::scheduled::end_trials(&soon, soon.clock.now()).await.unwrap(), jobs::trials::Report::default());
    assert_eq!(trial_status(&app, &lapsed).await["status"], "active");

    // 25 hours on, as the scheduler runs the job: the unconfirmed trial ends, its login goes
    // and its number is free again at once; the confirmed one is untouched.
    let later = AppState::with_clock(app.pool.clone(), Arc::new(FixedClock(Utc::now() + Duration::hours(25))));
    let job = api::scheduled::jobs(&later).into_iter().find(|j| j.name == "end-trials").unwrap();
    let RunOutcome::Ran(report) = run_once(&app.pool, &job).await.unwrap() else { panic!("nobody else runs it") };
    assert_eq!(
        report.unwrap(),
        "1 unconfirmed trials released, 0 trials ended, 0 converted, 0 reminded, 0 numbers returned"
    );
    let ended = trial_status(&app, &lapsed).await;
    assert_eq!((ended["status"].as_str(), ended["endReason"].as_str()), (Some("ended"), Some("unverified")));
    let logins: i64 = sqlx::query_scalar("SELECT count(*) FROM sip_accounts WHERE owner = 'trial:' || $1")
        .bind(&lapsed)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(logins, 0, "its SIP login is gone");
    assert_eq!(inventory_status(&app, &lapsed_number).await, "available");
    assert!(free_numbers_within_a_second(&app, |pool| pool.contains(&lapsed_number)).await.contains(&lapsed_number));
    let returned_at: Option<DateTime<Utc>> =
        sqlx::query_scalar("SELECT number_returned_at FROM trials WHERE trial_id = $1")
            .bind(&lapsed)
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert!(returned_at.is_some());
    let owed: i64 = sqlx::query_scalar("SELECT count(*) FROM workflows").fetch_one(&app.pool).await.unwrap();
    assert_eq!(owed, 0, "the end-trial workflow ran to its end");
    let (number, _) =
        store::commands::load::<aggregates::phone_number::PhoneNumber>(&app.pool, &lapsed_number).await.unwrap();
    assert_eq!(number.holder, aggregates::phone_number::Holder::Nobody);

    let confirmed = trial_status(&app, &kept).await;
    assert_eq!((confirmed["status"].as_str(), &confirmed["emailVerified"]), (Some("active"), &json!(true)));
    assert!(may_call_out(&app, &kept).await);
    assert_eq!(inventory_status(&app, &kept_number).await, "assigned");

    // Once: a second run changes nothing; the old link says it expired, and changes nothing.
    let events = app.event_count().await;
    assert_eq!(api::scheduled::end_trials(&later, later.clock.now()).await.unwrap(), jobs::trials::Report::default());
    let expired = expect_error(verify(&app, &lapsed_token).await, StatusCode::GONE, "verification_link_expired").await;
    assert!(expired["error"].as_str().unwrap().contains("Start a new free trial"), "{expired}");
    assert_eq!(app.event_count().await, events);

    // The number starts someone's trial again; the unconfirmed address may try again too.
    expect_ok(start_trial(&app, "unconfirmed@example.com", &lapsed_number).await).await;
    assert_eq!(inventory_status(&app, &lapsed_number).await, "assigned");
}

#[tokio::test]
async fn bad_trial_input_is_refused() {
    let app = spawn_app().await;
    let number = free_numbers(&app).await[0].clone();
    let before = app.event_count().await;
    let path = "/api/create-free-trial-account/";
    expect_error(app.send_raw(Method::POST, path, "{oops").await, StatusCode::BAD_REQUEST, "malformed_json").await;
    expect_error(
        app.send(Method::POST, path, Some(json!({ "customerInfo": 5 }))).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "invalid_body",
    )
    .await;
    let mut bad = contact("not-an-email");
    bad["password"] = json!("short");
    bad["phone"] = json!("123");
    let refused = app.send(Method::POST, path, Some(json!({ "customerInfo": bad }))).await;
    let refused = expect_error(refused, StatusCode::UNPROCESSABLE_ENTITY, "invalid_fields").await;
    assert_eq!(refused["fieldErrors"]["email"], "Please enter a valid email address");
    assert_eq!(refused["fieldErrors"]["password"], "Password must be at least 12 characters");
    assert_eq!(refused["fieldErrors"]["phone"], "Please enter a valid phone number");
    assert_eq!(refused["fieldErrors"]["selectedNumber"], "Please choose a free number first.");
    let not_free = start_trial(&app, "nf@example.com", "441614960000").await;
    expect_error(not_free, StatusCode::UNPROCESSABLE_ENTITY, "not_a_free_number").await;
    let unknown = start_trial(&app, "nf@example.com", "999").await;
    expect_error(unknown, StatusCode::UNPROCESSABLE_ENTITY, "not_a_free_number").await;
    let huge = format!("{{\"customerInfo\":{{\"email\":\"{}\"}}}}", "x".repeat(100_000));
    expect_error(app.send_raw(Method::POST, path, huge).await, StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large")
        .await;
    assert_eq!(app.event_count().await, before);
    assert!(free_numbers(&app).await.contains(&number));
    expect_error(app.get("/api/trials/not-a-trial").await, StatusCode::NOT_FOUND, "trial_not_found").await;
    let attach = app
        .send(
            Method::POST,
            "/api/attach-payment-method/",
            Some(json!({ "paymentMethodId": "pm_x", "customerId": "7d8f0c9e-1111-4a4a-9b9b-000000000000" })),
        )
        .await;
    expect_error(attach, StatusCode::NOT_FOUND, "trial_not_found").await;
}

/// Saves a card on a trial as the page does (setup intent, Stripe.js confirm, attach).
pub(crate) async fn save_card(app: &TestApp, trial: &str, card: &str) -> reqwest::Response {
    let setup = expect_ok(
        app.send(Method::POST, "/api/create-trial-setup-intent/", Some(json!({ "customerId": trial }))).await,
    )
    .await;
    let secret = setup["client_secret"].as_str().unwrap();
    let seti = secret.split("_secret_").next().unwrap();
    let form = format!(
        "key=pk_test_localstripe&client_secret={secret}&payment_method_data[type]=card&payment_method_data[card][number]={card}\
         &payment_method_data[card][exp_month]=12&payment_method_data[card][exp_year]=2031&payment_method_data[card][cvc]=123"
    );
    let confirmed = stripe(Method::POST, &format!("/setup_intents/{seti}/confirm"), &form).await;
    let body = json!({ "paymentMethodId": confirmed["payment_method"], "customerId": trial });
    app.send(Method::POST, "/api/attach-payment-method/", Some(body)).await
}

#[tokio::test]
async fn a_card_is_saved_once_and_a_bad_one_changes_nothing() {
    let app = spawn_app().await;
    let number = free_numbers(&app).await[0].clone();
    let trial = expect_ok(start_trial(&app, "card@example.com", &number).await).await;
    let id = trial["customerId"].as_str().unwrap();
    let events = app.event_count().await;
    let bogus = app
        .send(
            Method::POST,
            "/api/attach-payment-method/",
            Some(json!({ "paymentMethodId": "pm_nothing", "customerId": id })),
        )
        .await;
    assert!(bogus.status().is_client_error() || bogus.status() == StatusCode::BAD_GATEWAY, "{}", bogus.status());
    assert_eq!(app.event_count().await, events);
    expect_no_content(save_card(&app, id, "4242424242424242").await).await;
    let view = expect_ok(app.get(&format!("/api/trials/{id}")).await).await;
    assert_eq!(view["paymentMethodSaved"], true);
    let twice = app.send(Method::POST, "/api/create-trial-setup-intent/", Some(json!({ "customerId": id }))).await;
    expect_error(twice, StatusCode::CONFLICT, "payment_method_already_attached").await;
}

#[tokio::test]
async fn a_trial_keeps_only_a_card_that_one_of_its_own_setup_intents_confirmed() {
    let app = spawn_app().await;
    let numbers = free_numbers(&app).await;
    let mine = expect_ok(start_trial(&app, "mine@example.com", &numbers[0]).await).await;
    let mine = mine["customerId"].as_str().unwrap().to_string();
    let theirs = expect_ok(start_trial(&app, "theirs@example.com", &numbers[1]).await).await;
    let theirs = theirs["customerId"].as_str().unwrap().to_string();
    // My own setup intent exists (made, not yet confirmed) so there is something to search.
    expect_ok(app.send(Method::POST, "/api/create-trial-setup-intent/", Some(json!({ "customerId": mine }))).await)
        .await;

    // A card another trial's setup intent confirmed.
    let setup = expect_ok(
        app.send(Method::POST, "/api/create-trial-setup-intent/", Some(json!({ "customerId": theirs }))).await,
    )
    .await;
    let events = app.event_count().await;
    let secret = setup["client_secret"].as_str().unwrap();
    let seti = secret.split("_secret_").next().unwrap();
    let form = format!(
        "key=pk_test_localstripe&client_secret={secret}&payment_method_data[type]=card&payment_method_data[card][number]=4242424242424242\
         &payment_method_data[card][exp_month]=12&payment_method_data[card][exp_year]=2031&payment_method_data[card][cvc]=123"
    );
    let their_card =
        stripe(Method::POST, &format!("/setup_intents/{seti}/confirm"), &form).await["payment_method"].clone();
    // A card made outside any setup intent, belonging to no customer.
    let loose = stripe(
        Method::POST,
        "/payment_methods",
        "type=card&card[number]=4242424242424242&card[exp_month]=12&card[exp_year]=2031&card[cvc]=123",
    )
    .await["id"]
        .clone();
    assert!(loose.as_str().is_some_and(|id| id.starts_with("pm_")), "{loose}");
    for card in [their_card, loose] {
        let refused = app
            .send(
                Method::POST,
                "/api/attach-payment-method/",
                Some(json!({ "paymentMethodId": card, "customerId": mine })),
            )
            .await;
        let refused = expect_error(refused, StatusCode::UNPROCESSABLE_ENTITY, "invalid_payment_method").await;
        assert_eq!(refused["error"], "That is not a card of this trial.");
    }
    // Not even of a card's shape: refused before Stripe is asked.
    for card in ["pm_../../v1/customers", "pm_", "card_123"] {
        let refused = app
            .send(
                Method::POST,
                "/api/attach-payment-method/",
                Some(json!({ "paymentMethodId": card, "customerId": mine })),
            )
            .await;
        let refused = expect_error(refused, StatusCode::UNPROCESSABLE_ENTITY, "invalid_fields").await;
        assert!(refused["fieldErrors"]["paymentMethodId"].is_string(), "{refused}");
    }
    assert_eq!(app.event_count().await, events, "nothing changed on the trials");
    assert_eq!(trial_status(&app, &mine).await["paymentMethodSaved"], false);

    // Its own card, confirmed by its own setup intent, is saved.
    expect_no_content(save_card(&app, &mine, "4242424242424242").await).await;
    assert_eq!(trial_status(&app, &mine).await["paymentMethodSaved"], true);
}

#[tokio::test]
async fn trial_sign_ups_are_limited_per_email_and_per_address() {
    let app = spawn_app().await;
    // Refused for their number, but counted: three an hour per e-mail.
    for _ in 0..3 {
        expect_error(
            start_trial(&app, "eager@example.com", "999").await,
            StatusCode::UNPROCESSABLE_ENTITY,
            "not_a_free_number",
        )
        .await;
    }
    let limited = expect_error(
        start_trial(&app, "eager@example.com", "999").await,
        StatusCode::TOO_MANY_REQUESTS,
        "too_many_attempts",
    )
    .await;
    assert_eq!(limited["error"], "Too many attempts. Please wait a minute and try again.");
    // Ten an hour per address, whatever the e-mail.
    for n in 0..7 {
        let email = format!("visitor{n}@example.com");
        expect_error(start_trial(&app, &email, "999").await, StatusCode::UNPROCESSABLE_ENTITY, "not_a_free_number")
            .await;
    }
    let number = free_numbers(&app).await[0].clone();
    expect_error(
        start_trial(&app, "late@example.com", &number).await,
        StatusCode::TOO_MANY_REQUESTS,
        "too_many_attempts",
    )
    .await;
    assert!(free_numbers(&app).await.contains(&number));
}

/// An account with a password, or (`None`) one made through Google sign-in.
async fn existing_account(app: &TestApp, email: &str, password: Option<&str>) -> Option<String> {
    let hash = password.map(|p| api::app::auth::hash_password(p).unwrap());
    sqlx::query(
        "INSERT INTO customer_accounts (id, email, password_hash, google_sign_in, google_subject, first_name, last_name, company_name, phone)
         VALUES ($1, $2, $3, $4, $5, 'Tara', 'Trial', 'Tara Ltd', '020 7946 0001')",
    )
    .bind(uuid::Uuid::new_v4())
    .bind(email)
    .bind(&hash)
    .bind(hash.is_none())
    .bind(hash.is_none().then_some("google-sub-9"))
    .execute(&app.pool)
    .await
    .unwrap();
    hash
}

#[tokio::test]
async fn a_trial_joins_an_existing_account_only_with_its_password() {
    let app = spawn_app().await;
    let numbers = free_numbers(&app).await;
    // A Google account has no password: no typed password opens it.
    existing_account(&app, "gina@example.com", None).await;
    let refused = expect_existing_account_refusal(start_trial(&app, "gina@example.com", &numbers[0]).await).await;
    // A password account: another password is refused the same way; its own joins, and is kept.
    let hash = existing_account(&app, "tara@example.com", Some("the-real-Passw0rd")).await.unwrap();
    let wrong = expect_error(
        start_trial(&app, "tara@example.com", &numbers[0]).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "invalid_fields",
    )
    .await;
    assert_eq!(wrong, refused);
    let mut info = contact("tara@example.com");
    info["password"] = json!("the-real-Passw0rd");
    info["confirmPassword"] = json!("the-real-Passw0rd");
    let body = json!({ "customerInfo": info, "selectedNumber": numbers[0] });
    expect_ok(app.send(Method::POST, "/api/create-free-trial-account/", Some(body)).await).await;
    let kept: String =
        sqlx::query_scalar("SELECT password_hash FROM customer_accounts WHERE email = 'tara@example.com'")
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert_eq!(kept, hash);
    let trials: i64 = sqlx::query_scalar("SELECT count(*) FROM trials").fetch_one(&app.pool).await.unwrap();
    assert_eq!(trials, 1);
}

fn moved(app: &TestApp, days: i64) -> AppState {
    AppState::with_clock(app.pool.clone(), Arc::new(FixedClock(Utc::now() + Duration::days(days))))
}

/// The trial's whole view, as the page opened from a link in its e-mails reads it.
async fn trial_status(app: &TestApp, id: &str) -> Value {
    let link = crate::helpers::email_link(api::app::order_links::LinkKind::Trial, id);
    expect_ok(app.client.get(app.url(&format!("/api/trials/{id}"))).header("x-order-link", link).send().await.unwrap())
        .await
}

#[tokio::test]
async fn the_job_ends_trials_on_time_converts_those_with_a_card_and_reminds_before() {
    let app = spawn_app().await;
    let numbers = free_numbers(&app).await;
    let plain = start_confirmed_trial(&app, "plain@example.com", &numbers[0]).await;
    let plain = plain["customerId"].as_str().unwrap().to_string();
    let carded = start_confirmed_trial(&app, "carded@example.com", &numbers[1]).await;
    let carded = carded["customerId"].as_str().unwrap().to_string();
    expect_no_content(save_card(&app, &carded, "4242424242424242").await).await;
    let declined = start_confirmed_trial(&app, "declined@example.com", &numbers[2]).await;
    let declined = declined["customerId"].as_str().unwrap().to_string();
    expect_no_content(save_card(&app, &declined, "4000000000000341").await).await;

    // Three days in: nothing due. Four days in (three before the end): the reminders.
    let day3 = moved(&app, 3);
    let report = api::scheduled::end_trials(&day3, day3.clock.now()).await.unwrap();
    assert_eq!(report, jobs::trials::Report::default());
    let day4 = moved(&app, 4);
    assert_eq!(api::scheduled::end_trials(&day4, day4.clock.now()).await.unwrap().reminded, 3);
    assert_eq!(api::scheduled::end_trials(&day4, day4.clock.now()).await.unwrap().reminded, 0, "once");
    let reminders: i64 = sqlx::query_scalar("SELECT count(*) FROM outbox WHERE kind = 'trial_reminder'")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(reminders, 3);

    // Six days and 23 hours: still active.
    let almost = AppState::with_clock(
        app.pool.clone(),
        Arc::new(FixedClock(Utc::now() + Duration::days(7) - Duration::hours(1))),
    );
    let report = api::scheduled::end_trials(&almost, almost.clock.now()).await.unwrap();
    assert_eq!((report.ended, report.converted), (0, 0));
    assert_eq!(trial_status(&app, &plain).await["status"], "active");

    // Seven days and a minute, with two runners at once (two pools stand for two servers).
    let at = Utc::now() + Duration::days(7) + Duration::minutes(1);
    let first = AppState::with_clock(app.pool.clone(), Arc::new(FixedClock(at)));
    let other_pool = sqlx::postgres::PgPoolOptions::new()
        .max_connections(3)
        .connect_with((*app.pool.connect_options()).clone())
        .await
        .unwrap();
    let second = AppState::with_clock(other_pool.clone(), Arc::new(FixedClock(at)));
    let (job_a, job_b) = (
        api::scheduled::jobs(&first).into_iter().find(|j| j.name == "end-trials").unwrap(),
        api::scheduled::jobs(&second).into_iter().find(|j| j.name == "end-trials").unwrap(),
    );
    let (a, b) = tokio::join!(run_once(&app.pool, &job_a), run_once(&other_pool, &job_b));
    let reports: Vec<String> = [a.unwrap(), b.unwrap()]
        .into_iter()
        .filter_map(|r| match r {
            RunOutcome::Ran(report) => Some(report.unwrap()),
            RunOutcome::Skipped => None,
        })
        .collect();
    let total: String = reports.join(" / ");
    assert!(total.contains("2 trials ended") || (total.contains("1 trials ended") && reports.len() == 2), "{total}");
    assert_eq!(trial_status(&app, &plain).await["status"], "ended");
    let converted = trial_status(&app, &carded).await;
    assert_eq!(converted["status"], "converted");
    let failed = trial_status(&app, &declined).await;
    assert_eq!(failed["status"], "ended");
    assert_eq!(failed["endReason"], "conversionFailed");
    let ended_events: i64 =
        sqlx::query_scalar("SELECT count(*) FROM events WHERE event_type IN ('TrialEnded', 'TrialConverted')")
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert_eq!(ended_events, 3, "each trial ends once");

    // One charge of £5.99 for the converted trial, at the stand-in.
    let (trial, _) = api::app::state::load::<aggregates::trial::Trial>(&first.pool, &carded).await.unwrap();
    let customer = trial.payment_customer_id.expect("the customer is an event of the trial");
    let charges = stripe(Method::GET, &format!("/charges?customer={customer}"), "").await;
    let paid: Vec<&Value> = charges["data"].as_array().unwrap().iter().filter(|c| c["status"] == "succeeded").collect();
    assert_eq!(paid.len(), 1);
    assert_eq!(paid[0]["amount"], 599);

    // A second run changes nothing more.
    let events = app.event_count().await;
    let again = api::scheduled::end_trials(&first, at).await.unwrap();
    assert_eq!(again, jobs::trials::Report::default());
    assert_eq!(app.event_count().await, events);
    let charges = stripe(Method::GET, &format!("/charges?customer={customer}"), "").await;
    assert_eq!(charges["data"].as_array().unwrap().iter().filter(|c| c["status"] == "succeeded").count(), 1);
}

/// A trial converted after a price change pays today's price: the plan of earlier versions
/// (`plan_single_user_monthly_inc_vat`, made at an old amount) is left alone and the
/// subscription's plan carries the price list's amount in its id.
#[tokio::test]
async fn a_converted_trial_pays_the_price_lists_amount_not_an_old_plans() {
    use aggregates::pricing::{vat, BillingCycle, Plan};

    let app = spawn_app().await;
    let old = "plan_single_user_monthly_inc_vat";
    stripe(Method::DELETE, &format!("/plans/{old}"), "").await;
    let form = format!("id={old}&amount=499&currency=gbp&interval=month&product[name]=Single%20User%20(old%20price)");
    assert_eq!(stripe(Method::POST, "/plans", &form).await["amount"], 499, "the old plan at the old price");

    let number = free_numbers(&app).await[0].clone();
    let started = start_confirmed_trial(&app, "new-price@example.com", &number).await;
    let id = started["customerId"].as_str().unwrap().to_string();
    expect_no_content(save_card(&app, &id, "4242424242424242").await).await;
    let week = moved(&app, 7);
    let report = api::scheduled::end_trials(&week, week.clock.now() + Duration::minutes(1)).await.unwrap();
    assert_eq!(report.converted, 1);

    let monthly = Plan::SingleUser.block_price(BillingCycle::Monthly);
    let today = (monthly + vat(monthly)).0;
    let (plan, amount) = jobs::trials::conversion_plan();
    assert_eq!((plan.as_str(), amount.0), (format!("plan_single_user_monthly_inc_vat_{today}").as_str(), today));
    let (trial, _) = api::app::state::load::<aggregates::trial::Trial>(&app.pool, &id).await.unwrap();
    let customer = trial.payment_customer_id.unwrap();
    let subscription = trial_status(&app, &id).await["subscriptionId"].as_str().unwrap().to_string();
    let subscribed = stripe(Method::GET, &format!("/subscriptions/{subscription}"), "").await;
    let item = &subscribed["items"]["data"][0]["plan"];
    assert_eq!((item["id"].as_str().unwrap(), item["amount"].as_i64().unwrap()), (plan.as_str(), today));
    let charges = stripe(Method::GET, &format!("/charges?customer={customer}"), "").await;
    let paid: Vec<i64> = charges["data"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["status"] == "succeeded")
        .map(|c| c["amount"].as_i64().unwrap())
        .collect();
    assert_eq!(paid, vec![today]);
}

/// A plan that exists under the id asked for but charges another amount is never used.
#[tokio::test]
async fn a_plan_of_the_same_id_at_another_amount_is_refused_not_used() {
    use aggregates::payments::{PaymentError, PaymentGateway, PlanSpec};

    let stripe_gateway = api::adapters::stripe::Stripe::new(
        &api::platform::config::Secret::new("sk_test_localstripe"),
        &crate::helpers::stand_in(),
    )
    .unwrap();
    let id = format!("plan_test_{}", uuid::Uuid::new_v4().simple());
    let form = format!("id={id}&amount=499&currency=gbp&interval=month&product[name]=Old");
    assert_eq!(stripe(Method::POST, "/plans", &form).await["amount"], 499);
    let spec = |amount| PlanSpec { id: &id, amount, interval: "month", product_name: "Single User VoIP (monthly)" };
    let refused = stripe_gateway.ensure_plan(&spec(599), &format!("{id}-599")).await;
    assert!(matches!(&refused, Err(PaymentError::Provider(detail)) if detail.contains("not used")), "{refused:?}");
    assert_eq!(stripe(Method::GET, &format!("/plans/{id}"), "").await["amount"], 499, "left as it was");
    stripe_gateway.ensure_plan(&spec(499), &format!("{id}-499")).await.expect("the same terms are used");
}

async fn inventory_status(app: &TestApp, number: &str) -> String {
    sqlx::query_scalar("SELECT status FROM number_inventory WHERE value = $1")
        .bind(number)
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn an_unconverted_trials_number_returns_to_the_pool_thirty_days_after_it_ended() {
    let app = spawn_app().await;
    let numbers = free_numbers(&app).await;
    let (lapsed_number, kept_number) = (numbers[0].clone(), numbers[1].clone());
    let lapsed = start_confirmed_trial(&app, "lapsed@example.com", &lapsed_number).await;
    let lapsed = lapsed["customerId"].as_str().unwrap().to_string();
    let kept = start_confirmed_trial(&app, "kept@example.com", &kept_number).await;
    let kept = kept["customerId"].as_str().unwrap().to_string();
    expect_no_content(save_card(&app, &kept, "4242424242424242").await).await;

    // Both end a week in: one ended, one converted.
    let week = moved(&app, 7);
    let report = api::scheduled::end_trials(&week, week.clock.now() + Duration::minutes(1)).await.unwrap();
    assert_eq!((report.ended, report.converted, report.returned), (1, 1, 0));
    assert_eq!(trial_status(&app, &kept).await["status"], "converted");

    // 29 days after the end: still the lapsed trial's.
    let day36 = moved(&app, 36);
    assert_eq!(api::scheduled::end_trials(&day36, day36.clock.now()).await.unwrap().returned, 0);
    assert_eq!(inventory_status(&app, &lapsed_number).await, "assigned");
    assert!(!free_numbers(&app).await.contains(&lapsed_number));

    // 31 days after: back in the free pool; the converted trial keeps its number.
    let day38 = moved(&app, 38);
    let report = api::scheduled::end_trials(&day38, day38.clock.now()).await.unwrap();
    assert_eq!(report.returned, 1, "{report}");
    assert!(report.to_string().ends_with("1 numbers returned"), "{report}");
    assert_eq!(inventory_status(&app, &lapsed_number).await, "available");
    assert_eq!(inventory_status(&app, &kept_number).await, "assigned");
    // The job ran on another state (as another server would): this server hears of the
    // change by NOTIFY (api/src/app/public_reads.rs), within milliseconds, not at once.
    assert!(free_numbers_within_a_second(&app, |pool| pool.contains(&lapsed_number)).await.contains(&lapsed_number));
    let returned_at: Option<DateTime<Utc>> =
        sqlx::query_scalar("SELECT number_returned_at FROM trials WHERE trial_id = $1")
            .bind(&lapsed)
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert!(returned_at.is_some());
    let events = app.event_count().await;
    assert_eq!(api::scheduled::end_trials(&day38, day38.clock.now()).await.unwrap().returned, 0, "once");
    assert_eq!(app.event_count().await, events);

    // The returned number starts someone else's trial; the lapsed e-mail still may not.
    expect_ok(start_trial(&app, "next@example.com", &lapsed_number).await).await;
    assert_eq!(inventory_status(&app, &lapsed_number).await, "assigned");
    let again = start_trial(&app, "lapsed@example.com", &numbers[2]).await;
    expect_error(again, StatusCode::CONFLICT, "trial_already_used").await;
    let taken = start_trial(&app, "third@example.com", &lapsed_number).await;
    expect_error(taken, StatusCode::CONFLICT, "number_taken").await;
}
