//! What argon2 work a request costs, read from the process-wide counter
//! (`api::app::accounts::argon2_runs`). A test binary of its own: in the shared `api` binary
//! other tests hash at the same time and the counter would move under these tests.

#[path = "api/helpers.rs"]
#[allow(dead_code)]
mod helpers;

use api::app::accounts::argon2_runs;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use helpers::{expect_error, expect_ok, spawn_app, TestApp};

fn contact(email: &str) -> Value {
    json!({
        "email": email, "password": "trial-Passw0rd", "confirmPassword": "trial-Passw0rd",
        "companyName": "Tara Ltd", "firstName": "Tara", "lastName": "Trial", "phone": "020 7946 0001",
        "postcode": "M1 1AE", "addressLine1": "1 Sample Street", "city": "Manchester", "country": "United Kingdom",
    })
}

async fn start_trial(app: &TestApp, email: &str, number: &str) -> reqwest::Response {
    let body = json!({ "customerInfo": contact(email), "selectedNumber": { "value": number } });
    app.send(Method::POST, "/api/create-free-trial-account/", Some(body)).await
}

#[tokio::test]
async fn a_trial_refused_for_its_email_or_number_costs_no_argon2_work() {
    let app = spawn_app().await;
    let pool = expect_ok(app.get("/api/free-did-numbers/").await).await;
    let numbers: Vec<String> =
        pool["numbers"].as_array().unwrap().iter().map(|n| n["value"].as_str().unwrap().to_string()).collect();

    let before = argon2_runs();
    let started = expect_ok(start_trial(&app, "once@example.com", &numbers[0]).await).await;
    // A new account: one check (against a dummy hash: no account yet) and one hash.
    assert_eq!(argon2_runs() - before, 2);
    // Its e-mail address confirmed through the link: no other trial for it.
    let body: String =
        sqlx::query_scalar("SELECT body FROM outbox WHERE kind = 'trial_verification' AND reference = $1")
            .bind(started["trialId"].as_str().unwrap())
            .fetch_one(&app.pool)
            .await
            .unwrap();
    let token = &body[body.find("token=").unwrap() + 6..][..64];
    let verified = app.send(Method::POST, "/api/trial-email-verifications", Some(json!({ "token": token }))).await;
    expect_ok(verified).await;

    let before = argon2_runs();
    expect_error(start_trial(&app, "once@example.com", &numbers[1]).await, StatusCode::CONFLICT, "trial_already_used")
        .await;
    expect_error(start_trial(&app, "other@example.com", &numbers[0]).await, StatusCode::CONFLICT, "number_taken").await;
    expect_error(
        start_trial(&app, "other@example.com", "999").await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "not_a_free_number",
    )
    .await;
    assert_eq!(argon2_runs(), before, "no argon2 work for a refusal the database gives");
}
