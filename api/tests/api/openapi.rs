//! The OpenAPI document against the router that serves it.
//!
//! Served ⊆ described holds by construction: every `/api` route is registered with
//! `OpenApiRouter::routes(routes!(handler))`, which describes the handler's operation as it
//! serves it. `no_api_route_is_added_outside_the_openapi_router` guards that construction by
//! reading the server's sources: a plain axum `.route(...)` (or a nested or merged axum
//! router) anywhere but the operators' routes outside /api (health checks, /metrics) would
//! serve a route the document does not have.
//! Described ⊆ served: `every_described_operation_is_served` calls each operation of the
//! document on the running server and gets its handler's answer, not the unknown-route one.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use reqwest::{Method, StatusCode};
use serde_json::Value;

use crate::helpers::spawn_app;

fn sources(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, found);
        } else if path.extension().is_some_and(|e| e == "rs") {
            found.push(path);
        }
    }
}

/// The argument of each call `.{method}(` in `text`, up to its first comma or bracket.
fn calls<'a>(text: &'a str, method: &str) -> Vec<&'a str> {
    let needle = format!(".{method}(");
    text.match_indices(&needle)
        .map(|(at, _)| {
            let rest = &text[at + needle.len()..];
            rest[..rest.find([',', ')']).unwrap_or(rest.len())].trim()
        })
        .collect()
}

#[test]
fn no_api_route_is_added_outside_the_openapi_router() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = vec![];
    sources(&root, &mut files);
    let mut problems = vec![];
    for file in files {
        let name = file.strip_prefix(&root).unwrap().to_string_lossy().replace('\\', "/");
        let text = std::fs::read_to_string(&file).unwrap();
        // Only the routes outside /api (health checks, metrics, moved pages) are plain axum routes.
        let operators =
            ["http/routes/health.rs", "http/routes/metrics.rs", "http/routes/moved.rs"].contains(&name.as_str());
        for method in ["route", "route_service", "nest_service"] {
            for argument in calls(&text, method) {
                if !operators || argument.starts_with("\"/api") {
                    problems.push(format!("{name}: .{method}({argument}, ..) serves a route the OpenAPI document does not describe: register it with .routes(routes!(handler)) from a #[utoipa::path] handler"));
                }
            }
        }
        // The one nest is /api itself, in http/routes/mod.rs, built from the OpenApiRouter.
        for argument in calls(&text, "nest") {
            if name != "http/routes/mod.rs" || argument != "\"/api\"" {
                problems.push(format!(
                    "{name}: .nest({argument}, ..): merge an OpenApiRouter in http/routes/mod.rs instead"
                ));
            }
        }
        if text.contains("OpenApiRouter::from(") || (text.contains("axum::routing::") && !operators) {
            problems.push(format!("{name}: an axum router or method router outside the OpenAPI router"));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Every operation of the document: (method, path).
fn operations(doc: &Value) -> Vec<(Method, String, Value)> {
    let mut list = vec![];
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            if let Ok(method) = Method::from_bytes(method.to_uppercase().as_bytes()) {
                list.push((method, path.clone(), operation.clone()));
            }
        }
    }
    list
}

#[tokio::test]
async fn every_described_operation_is_served() {
    let app = spawn_app().await;
    let response = app.get("/api/openapi.json").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "application/json");
    let doc: Value = response.json().await.unwrap();
    assert_eq!(doc, serde_json::to_value(api::http::openapi::document()).unwrap(), "the served document is the code's");
    assert!(doc["openapi"].as_str().unwrap().starts_with("3.1"));
    let operations = operations(&doc);
    assert!(operations.len() >= 60, "{} operations", operations.len());
    for (method, path, _) in operations {
        // A path parameter gets a UUID that names nothing: the handler answers for itself.
        let concrete = path
            .split('/')
            .map(|segment| if segment.starts_with('{') { "00000000-0000-4000-8000-000000000000" } else { segment })
            .collect::<Vec<_>>()
            .join("/");
        let response = app.client.request(method.clone(), app.url(&concrete)).send().await.unwrap();
        let status = response.status();
        let body: Value = response.json().await.unwrap_or_default();
        assert_ne!(status, StatusCode::METHOD_NOT_ALLOWED, "{method} {path} is described but not served");
        assert_ne!(body["code"], "not_found", "{method} {path} is described but not served");
    }
}

#[tokio::test]
async fn every_operation_says_what_it_answers() {
    let doc = serde_json::to_value(api::http::openapi::document()).unwrap();
    let mut ids = BTreeSet::new();
    for (method, path, operation) in operations(&doc) {
        let id = operation["operationId"].as_str().unwrap_or_default().to_string();
        assert!(ids.insert(id.clone()), "{method} {path}: operation id {id:?} is not unique");
        let answers = operation["responses"].as_object().unwrap();
        let statuses: Vec<&str> = answers.keys().map(String::as_str).collect();
        assert!(statuses.iter().any(|s| s.starts_with('2')), "{method} {path}: no success answer");
        assert!(statuses.contains(&"500"), "{method} {path}: no 500");
        if path.contains('{') {
            assert!(statuses.contains(&"404"), "{method} {path}: a path parameter names nothing: 404");
        }
        if operation["requestBody"]["content"]["application/json"].is_object() && id != "stripe_webhook" {
            for status in ["400", "413", "415", "422"] {
                assert!(statuses.contains(&status), "{method} {path}: its JSON body can be refused with {status}");
            }
        }
        for (status, answer) in answers {
            if !status.starts_with('2') {
                let schema = &answer["content"]["application/json"]["schema"]["$ref"];
                assert_eq!(schema, "#/components/schemas/Refusal", "{method} {path} {status}: refusals are Refusal");
            }
        }
    }
}

/// A success answers the resource or result itself (api/API.md, at the top): no `{ success,
/// data }` envelope, no `success` that only repeats the status. The one kept is
/// create-subscription's (`PaymentOut`), false while the bank asks the buyer to confirm.
#[test]
fn a_success_answers_the_resource_itself() {
    let doc = serde_json::to_value(api::http::openapi::document()).unwrap();
    let mut checked = 0;
    for (method, path, operation) in operations(&doc) {
        for (status, answer) in operation["responses"].as_object().unwrap() {
            let reference = answer["content"]["application/json"]["schema"]["$ref"].as_str();
            let Some(name) = reference.filter(|_| status.starts_with('2')) else { continue };
            let name = name.trim_start_matches("#/components/schemas/");
            if name == "Refusal" {
                // 202 payment_processing: a refusal, whose `success: false` is every refusal's.
                continue;
            }
            let properties = &doc["components"]["schemas"][name]["properties"];
            assert!(properties.get("data").is_none(), "{method} {path} {status}: {name} is an envelope");
            if name != "PaymentOut" {
                assert!(properties.get("success").is_none(), "{method} {path} {status}: {name} repeats the status");
            }
            checked += 1;
        }
    }
    assert!(checked >= 40, "{checked} answers checked");
}

/// PostgreSQL text holds no NUL character: a NUL in a body, a path or a query is refused
/// or names nothing, as the document says, never a 500.
#[tokio::test]
async fn a_nul_character_is_refused_not_a_server_error() {
    use crate::helpers::expect_error;
    let app = spawn_app().await;
    let cart = app.create_cart().await;
    let transfer = r#"{"value":"442079460999","isTransfer":true,"provider":"a\u0000b"}"#;
    let response = app.send_raw(Method::POST, &format!("/api/carts/{cart}/numbers"), transfer).await;
    expect_error(response, StatusCode::UNPROCESSABLE_ENTITY, "invalid_body").await;
    let login = r#"{"email":"a\u0000@example.com","password":"x"}"#;
    expect_error(
        app.send_raw(Method::POST, "/api/admin/login", login).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "invalid_body",
    )
    .await;
    // An escaped backslash before u0000 is text, not a NUL.
    let text = r#"{"value":"442079460999","isTransfer":true,"provider":"a\\u0000b"}"#;
    let response = app.send_raw(Method::POST, &format!("/api/carts/{cart}/numbers"), text).await;
    assert_eq!(response.status(), StatusCode::OK);
    expect_error(app.get("/api/hardware/a%00b").await, StatusCode::NOT_FOUND, "hardware_not_found").await;
}

/// Every Stripe id a request carries is described with the shape the server checks
/// (api::app::ids::StripeKind::pattern) and its length, so a client or a fuzzer knows it.
#[tokio::test]
async fn each_stripe_id_of_a_request_states_its_pattern() {
    use api::app::ids::{StripeKind, MAX_STRIPE_ID};
    let app = spawn_app().await;
    let doc: Value = app.get("/api/openapi.json").await.json().await.unwrap();
    let schemas = &doc["components"]["schemas"];
    let body_of = |method: &str, path: &str| {
        let reference = doc["paths"][path][method]["requestBody"]["content"]["application/json"]["schema"]["$ref"]
            .as_str()
            .unwrap_or_else(|| panic!("{method} {path} has a JSON body"))
            .to_string();
        schemas[reference.rsplit('/').next().unwrap()].clone()
    };
    for (path, field, kind) in [
        ("/api/confirm-hardware-payment", "paymentIntentId", StripeKind::PaymentIntent),
        ("/api/create-hardware-payment", "payment_method_id", StripeKind::PaymentMethod),
        ("/api/create-subscription/", "paymentMethodId", StripeKind::PaymentMethod),
        ("/api/create-subscription/", "setupIntentId", StripeKind::SetupIntent),
        ("/api/attach-payment-method/", "paymentMethodId", StripeKind::PaymentMethod),
        ("/api/debug-subscription/", "subscriptionId", StripeKind::Subscription),
    ] {
        let property = &body_of("post", path)["properties"][field];
        assert_eq!(property["pattern"], kind.pattern(), "{path} {field}: {property}");
        assert_eq!(property["maxLength"], MAX_STRIPE_ID, "{path} {field}: {property}");
    }
}
