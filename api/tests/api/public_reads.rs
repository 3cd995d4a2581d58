//! The public catalogue served from memory (api/src/app/public_reads.rs): strong ETags, 304 on
//! If-None-Match, and a change made elsewhere (another server, a command-line tool: here a
//! second AppState and plain SQL on the same database) served within a second.

use std::time::{Duration, Instant};

use aggregates::hardware_item::{Brand, HardwareCommand, HardwareFields, ItemStatus};
use aggregates::pricing::Pence;
use api::app::state::AppState;
use reqwest::header::{ACCEPT_ENCODING, CACHE_CONTROL, CONTENT_ENCODING, ETAG, IF_NONE_MATCH, VARY};
use reqwest::StatusCode;
use serde_json::Value;

use crate::helpers::{spawn_app, TestApp};

const PATHS: [&str; 5] = [
    "/api/catalogue",
    "/api/hardware/",
    "/api/hardware/?brand=yealink",
    "/api/hardware/?brand=cisco",
    "/api/free-did-numbers/",
];

async fn etag(app: &TestApp, path: &str) -> String {
    let response = app.get(path).await;
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    response.headers()[ETAG].to_str().unwrap().to_string()
}

/// Waits, up to a second, for `path` to answer something else than `before`; answers the body.
async fn changed_within_a_second(app: &TestApp, path: &str, before: &str) -> Value {
    let started = Instant::now();
    loop {
        let response = app.client.get(app.url(path)).header(IF_NONE_MATCH, before).send().await.unwrap();
        if response.status() == StatusCode::OK {
            return response.json().await.unwrap();
        }
        assert_eq!(response.status(), StatusCode::NOT_MODIFIED, "{path}");
        assert!(started.elapsed() < Duration::from_secs(1), "{path} unchanged a second after the change");
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

#[tokio::test]
async fn the_public_reads_answer_304_to_their_etag() {
    let app = spawn_app().await;
    for path in PATHS {
        let first = app.get(path).await;
        assert_eq!(first.status(), StatusCode::OK, "{path}");
        assert_eq!(first.headers()[CACHE_CONTROL], "no-cache", "{path}");
        let tag = first.headers()[ETAG].to_str().unwrap().to_string();
        assert!(tag.starts_with('"') && !tag.starts_with("W/"), "a strong tag: {tag}");
        let body = first.bytes().await.unwrap();

        let unchanged = app.client.get(app.url(path)).header(IF_NONE_MATCH, &tag).send().await.unwrap();
        assert_eq!(unchanged.status(), StatusCode::NOT_MODIFIED, "{path}");
        assert_eq!(unchanged.headers()[ETAG].to_str().unwrap(), tag);
        assert!(unchanged.bytes().await.unwrap().is_empty());

        let other = app.client.get(app.url(path)).header(IF_NONE_MATCH, "\"other\"").send().await.unwrap();
        assert_eq!(other.status(), StatusCode::OK, "{path}");
        assert_eq!(other.bytes().await.unwrap(), body, "{path}: the same bytes again");
    }
    assert_ne!(etag(&app, "/api/hardware/?brand=yealink").await, etag(&app, "/api/hardware/?brand=cisco").await);
}

#[tokio::test]
async fn a_change_made_elsewhere_is_served_within_a_second() {
    let app = spawn_app().await;
    let (all, yealink, cisco, free) = (
        etag(&app, "/api/hardware/").await,
        etag(&app, "/api/hardware/?brand=yealink").await,
        etag(&app, "/api/hardware/?brand=cisco").await,
        etag(&app, "/api/free-did-numbers/").await,
    );

    // A phone published through another AppState, as another server would.
    let elsewhere = AppState::new(app.pool.clone());
    let id = "3f1b2c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";
    let fields = HardwareFields {
        name: "Kept Copy T99".into(),
        brand: Some(Brand::Yealink),
        model: "T99".into(),
        price: Pence(9900),
        features: vec!["Wi-Fi".into()],
        compatibility: vec!["SIP 2.0".into()],
        ..HardwareFields::default()
    };
    elsewhere
        .hardware
        .cqrs
        .execute(
            &store::commands::Context::system(),
            id,
            HardwareCommand::Create { fields, actor: "ann@example.com".into() },
        )
        .await
        .unwrap();
    let status = HardwareCommand::SetStatus { status: ItemStatus::Published, actor: "ann@example.com".into() };
    elsewhere.hardware.cqrs.execute(&store::commands::Context::system(), id, status).await.unwrap();
    for (path, before) in [("/api/hardware/", &all), ("/api/hardware/?brand=yealink", &yealink)] {
        let body = changed_within_a_second(&app, path, before).await;
        assert!(body["items"].as_array().unwrap().iter().any(|item| item["id"] == id), "{path}: {body}");
    }
    assert_eq!(&etag(&app, "/api/hardware/?brand=cisco").await, &cisco, "another brand's answer is unchanged");

    // A free-trial number taken out of the pool in plain SQL, as a command-line tool would.
    let body: Value = app.get("/api/free-did-numbers/").await.json().await.unwrap();
    let first = body["numbers"][0]["value"].as_str().unwrap().to_string();
    sqlx::query("UPDATE number_inventory SET free_trial = false WHERE value = $1")
        .bind(&first)
        .execute(&app.pool)
        .await
        .unwrap();
    let body = changed_within_a_second(&app, "/api/free-did-numbers/", &free).await;
    assert!(body["numbers"].as_array().unwrap().iter().all(|n| n["value"] != first.as_str()), "{body}");
}

/// The body of `path` as sent when the client accepts `encoding`, with the encoding named.
async fn encoded(app: &TestApp, path: &str, encoding: &str) -> (Option<String>, Vec<u8>, Option<String>) {
    let response = app.client.get(app.url(path)).header(ACCEPT_ENCODING, encoding).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    let header =
        |name| response.headers().get(name).map(|v: &reqwest::header::HeaderValue| v.to_str().unwrap().to_string());
    let (named, vary) = (header(CONTENT_ENCODING), header(VARY));
    (named, response.bytes().await.unwrap().to_vec(), vary)
}

fn brotli_decoded(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    brotli::BrotliDecompress(&mut std::io::Cursor::new(bytes), &mut out).unwrap();
    out
}

fn gzip_decoded(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(bytes), &mut out).unwrap();
    out
}

#[tokio::test]
async fn large_answers_are_compressed_for_clients_that_accept_it_and_small_ones_are_not() {
    let app = spawn_app().await;
    // The kept catalogue (compressed once per change) and a search answered per request.
    for path in ["/api/hardware/", "/api/available_numbers/?country_code=GB&per_page=50&page=1"] {
        let (named, plain, _) = encoded(&app, path, "identity").await;
        assert_eq!(named, None, "{path}: not asked for");
        assert!(plain.len() > 1024, "{path} is over a kilobyte ({} bytes)", plain.len());

        let (named, body, vary) = encoded(&app, path, "gzip, deflate, br").await;
        assert_eq!(named.as_deref(), Some("br"), "{path}");
        assert!(vary.unwrap_or_default().to_lowercase().contains("accept-encoding"), "{path}: caches must vary");
        assert!(body.len() * 3 < plain.len(), "{path}: {} bytes from {}", body.len(), plain.len());
        assert_eq!(brotli_decoded(&body), plain, "{path}");

        let (named, body, _) = encoded(&app, path, "gzip").await;
        assert_eq!(named.as_deref(), Some("gzip"), "{path}");
        assert_eq!(gzip_decoded(&body), plain, "{path}");

        let (named, _, _) = encoded(&app, path, "br;q=0, gzip;q=0").await;
        assert_eq!(named, None, "{path}: both refused");
    }
    // A cart is well under a kilobyte: sent as it is.
    let id = app.create_cart().await;
    let (named, body, _) = encoded(&app, &format!("/api/carts/{id}"), "gzip, br").await;
    assert_eq!(named, None, "{} bytes", body.len());
    let cart: Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(cart["id"], id.as_str());
}
