//! The postcode lookup against a tiny local upstream that records each request: the key
//! travels in the Authorization header, never in the URL (which reqwest's errors and any
//! request log would show).

use api::config::Secret;
use reqwest::StatusCode;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::sync::mpsc;

use crate::helpers::{expect_error, expect_ok, spawn_app_with};

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
