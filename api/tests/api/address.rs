//! The postcode lookup against a tiny local upstream that records each request: the key
//! travels in the Authorization header, never in the URL (which reqwest's errors and any
//! request log would show); answers with addresses are kept a day, so a postcode asked again
//! makes no upstream call; one client address looks up at most 30 postcodes a minute.

use api::platform::config::Secret;
use reqwest::StatusCode;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::sync::mpsc;

use crate::helpers::{expect_error, expect_ok, spawn_app_with, stop_the_clock};

const KEY: &str = "ak_test_0123456789secret";

/// An upstream answering each request with `status` and `body`, handing over the request
/// head (request line and headers) as it arrived.
async fn spawn_upstream(status: &'static str, body: &'static str) -> (u16, mpsc::UnboundedReceiver<String>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let (sender, receiver) = mpsc::unbounded_channel();
    tokio::spawn(async move {
        while let Ok((mut socket, _)) = listener.accept().await {
            let mut head = Vec::new();
            let mut buffer = [0u8; 1024];
            while !head.windows(4).any(|w| w == b"\r\n\r\n") {
                match socket.read(&mut buffer).await {
                    Ok(0) | Err(_) => break,
                    Ok(n) => head.extend_from_slice(&buffer[..n]),
                }
            }
            let _ = sender.send(String::from_utf8_lossy(&head).to_string());
            let answer = format!(
                "HTTP/1.1 {status}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
                body.len()
            );
            let _ = socket.write_all(answer.as_bytes()).await;
        }
    });
    (port, receiver)
}

#[tokio::test]
async fn the_lookup_key_goes_in_a_header_not_the_url() {
    let found = r#"{"result":[{"line_1":"1 Test Road","post_town":"Testtown","postcode":"ID1 1QD"}]}"#;
    let (port, mut requests) = spawn_upstream("200 OK", found).await;
    let app = spawn_app_with(|config| {
        config.address_lookup.url = format!("http://127.0.0.1:{port}/v1/postcodes/");
        config.address_lookup.key = Some(Secret::new(KEY));
    })
    .await;
    let body = expect_ok(app.get("/api/address-lookup/?postcode=id1%201qd").await).await;
    assert_eq!(body["result"][0]["formatted"], "1 Test Road, Testtown, ID1 1QD");

    let head = requests.recv().await.unwrap();
    let request_line = head.lines().next().unwrap();
    assert_eq!(request_line, "GET /v1/postcodes/ID11QD HTTP/1.1");
    assert!(!request_line.contains(KEY) && !request_line.contains("api_key"), "{request_line}");
    let authorization = head
        .lines()
        .find_map(|line| line.split_once(':').filter(|(name, _)| name.eq_ignore_ascii_case("authorization")))
        .map(|(_, value)| value.trim().to_string());
    assert_eq!(authorization.as_deref(), Some(format!("IDEALPOSTCODES api_key=\"{KEY}\"").as_str()));
}

#[tokio::test]
async fn a_failing_upstream_answers_without_the_key() {
    let (port, _requests) = spawn_upstream("500 Internal Server Error", "{}").await;
    let app = spawn_app_with(|config| {
        config.address_lookup.url = format!("http://127.0.0.1:{port}/v1/postcodes/");
        config.address_lookup.key = Some(Secret::new(KEY));
    })
    .await;
    let body =
        expect_error(app.get("/api/address-lookup/?postcode=SW1A1AA").await, StatusCode::BAD_GATEWAY, "lookup_failed")
            .await;
    assert!(!body.to_string().contains(KEY));

    // Nothing listening: reqwest's error (which names the URL) stays out of the answer too.
    let closed = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let dead_port = closed.local_addr().unwrap().port();
    drop(closed);
    let app = spawn_app_with(|config| {
        config.address_lookup.url = format!("http://127.0.0.1:{dead_port}/v1/postcodes/");
        config.address_lookup.key = Some(Secret::new(KEY));
    })
    .await;
    let body =
        expect_error(app.get("/api/address-lookup/?postcode=SW1A1AA").await, StatusCode::BAD_GATEWAY, "lookup_failed")
            .await;
    assert!(!body.to_string().contains(KEY));
}

/// The value of `series` in a scrape of `app`'s /metrics (from this machine).
async fn metric(app: &crate::helpers::TestApp, series: &str) -> f64 {
    let scrape = app.get("/metrics").await;
    assert_eq!(scrape.status(), StatusCode::OK);
    crate::metrics::value(&scrape.text().await.unwrap(), series)
}

/// The requests the upstream received since the last look.
fn calls(requests: &mut mpsc::UnboundedReceiver<String>) -> Vec<String> {
    std::iter::from_fn(|| requests.try_recv().ok())
        .map(|head| head.lines().next().unwrap_or_default().to_string())
        .collect()
}

const HITS: &str = r#"talkbridge_address_lookup_cache_total{outcome="hit"}"#;

#[tokio::test]
async fn an_answer_is_kept_a_day_so_the_same_postcode_asks_the_upstream_once() {
    let found = r#"{"result":[{"line_1":"1 Test Road","post_town":"Testtown","postcode":"ID1 1QD"}]}"#;
    let (port, mut requests) = spawn_upstream("200 OK", found).await;
    let app = spawn_app_with(|config| {
        config.address_lookup.url = format!("http://127.0.0.1:{port}/v1/postcodes/");
        config.address_lookup.key = Some(Secret::new(KEY));
    })
    .await;
    let hits = metric(&app, HITS).await;
    let first = expect_ok(app.get("/api/address-lookup/?postcode=id1%201qd").await).await;
    // The upstream has answered (and so been counted) before our answer is sent.
    assert_eq!(calls(&mut requests), ["GET /v1/postcodes/ID11QD HTTP/1.1"]);
    // However it is spaced or cased, the same postcode is answered from the cache.
    for typed in ["ID11QD", "%20Id1%20%201qD%20"] {
        let again = expect_ok(app.get(&format!("/api/address-lookup/?postcode={typed}")).await).await;
        assert_eq!(again, first);
    }
    assert_eq!(calls(&mut requests), Vec::<String>::new(), "no upstream call for a cached postcode");
    assert_eq!(metric(&app, HITS).await - hits, 2.0);
    let kept: Vec<String> =
        sqlx::query_scalar("SELECT postcode FROM address_lookups").fetch_all(&app.pool).await.unwrap();
    assert_eq!(kept, ["ID11QD"]);

    // An answer kept over 24 hours ago is asked again, and the new one kept.
    sqlx::query(
        "INSERT INTO address_lookups (postcode, addresses, fetched_at)
         VALUES ('SW1A1AA', '[{\"line_1\": \"Stale House\", \"postcode\": \"SW1A 1AA\"}]', now() - interval '25 hours')",
    )
    .execute(&app.pool)
    .await
    .unwrap();
    let renewed = expect_ok(app.get("/api/address-lookup/?postcode=SW1A%201AA").await).await;
    assert_eq!(calls(&mut requests), ["GET /v1/postcodes/SW1A1AA HTTP/1.1"]);
    assert_eq!(renewed["result"][0]["line_1"], "1 Test Road", "{renewed}");
    let age: f64 = sqlx::query_scalar(
        "SELECT extract(epoch FROM now() - fetched_at)::float8 FROM address_lookups WHERE postcode = 'SW1A1AA'",
    )
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert!(age < 60.0, "renewed: {age} s old");
    expect_ok(app.get("/api/address-lookup/?postcode=sw1a1aa").await).await;
    assert_eq!(calls(&mut requests), Vec::<String>::new());

    // The purge deletes what is over 24 hours old only.
    sqlx::query("UPDATE address_lookups SET fetched_at = now() - interval '25 hours' WHERE postcode = 'SW1A1AA'")
        .execute(&app.pool)
        .await
        .unwrap();
    let purged = jobs::purge::purge_old_records(&app.pool, chrono::Utc::now()).await.unwrap();
    assert_eq!(purged.address_lookups, 1);
    let kept: Vec<String> =
        sqlx::query_scalar("SELECT postcode FROM address_lookups").fetch_all(&app.pool).await.unwrap();
    assert_eq!(kept, ["ID11QD"]);
}

#[tokio::test]
async fn refusals_and_upstream_errors_are_not_kept() {
    for (status, body, ours, code) in [
        ("404 Not Found", "{}", StatusCode::NOT_FOUND, "postcode_not_found"),
        ("200 OK", r#"{"result":[]}"#, StatusCode::NOT_FOUND, "postcode_not_found"),
        ("401 Unauthorized", "{}", StatusCode::UNAUTHORIZED, "lookup_unavailable"),
        ("500 Internal Server Error", "{}", StatusCode::BAD_GATEWAY, "lookup_failed"),
    ] {
        let (port, mut requests) = spawn_upstream(status, body).await;
        let app = spawn_app_with(|config| {
            config.address_lookup.url = format!("http://127.0.0.1:{port}/v1/postcodes/");
            config.address_lookup.key = Some(Secret::new(KEY));
        })
        .await;
        for _ in 0..2 {
            expect_error(app.get("/api/address-lookup/?postcode=M1%201AE").await, ours, code).await;
            assert_eq!(calls(&mut requests), ["GET /v1/postcodes/M11AE HTTP/1.1"], "{status} {body}: asked each time");
        }
        let kept: i64 = sqlx::query_scalar("SELECT count(*) FROM address_lookups").fetch_one(&app.pool).await.unwrap();
        assert_eq!(kept, 0, "{status} {body}");
    }
}

#[tokio::test]
async fn thirty_lookups_a_minute_per_address_then_429_with_retry_after() {
    let app = spawn_app_with(stop_the_clock).await;
    let limited = r#"talkbridge_rate_limited_total{limit="address-lookup-address"}"#;
    let before = metric(&app, limited).await;
    // Invalid postcodes are refused before they count.
    expect_error(
        app.get("/api/address-lookup/?postcode=x").await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "invalid_postcode",
    )
    .await;
    for _ in 0..api::platform::limits::ADDRESS_LOOKUPS_PER_ADDRESS.max {
        expect_ok(app.get("/api/address-lookup/?postcode=EH1%201YZ").await).await;
    }
    let refused = app.get("/api/address-lookup/?postcode=EH1%201YZ").await;
    let wait: u32 = refused.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    // The rest of this minute, and a little of the next while this one's share shrinks.
    assert!((1..=62).contains(&wait), "{wait}");
    let body = expect_error(refused, StatusCode::TOO_MANY_REQUESTS, "too_many_attempts").await;
    let message = body["error"].as_str().unwrap();
    assert!(message.starts_with("Too many address lookups from your connection. Please try again in "), "{message}");
    assert!(message.ends_with("or enter your address by hand."), "{message}");
    assert_eq!(metric(&app, limited).await - before, 1.0);
}
