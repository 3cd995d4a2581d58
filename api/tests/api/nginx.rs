//! deploy/nginx.conf as docker-compose.yml's proxy runs it: rendered as the nginx image renders
//! its templates (TRUSTED_LOAD_BALANCER filled in), checked with `nginx -t` and run in the
//! foreground with Debian's nginx (.ci/test installs it; without it these tests fail) in front
//! of an upstream that answers with the X-Forwarded-For it received and the client address the
//! shop's server counts from it behind its proxy (`api::platform::client`, TRUSTED_PROXY=1).

use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpStream};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use api::platform::client::ClientAddress;
use axum::extract::ConnectInfo;
use axum::http::HeaderMap;
use serde_json::{json, Value};

const TEMPLATE: &str = include_str!("../../../deploy/nginx.conf");
const COMPOSE: &str = include_str!("../../../docker-compose.yml");
const VARIABLE: &str = "${TRUSTED_LOAD_BALANCER}";

/// The load balancer of these tests, and a peer that is not it (both loopback).
const LOAD_BALANCER: Ipv4Addr = Ipv4Addr::new(127, 0, 0, 1);
const STRANGER: Ipv4Addr = Ipv4Addr::new(127, 0, 0, 2);

fn nginx() -> Command {
    let binary = if Path::new("/usr/sbin/nginx").exists() { "/usr/sbin/nginx" } else { "nginx" };
    Command::new(binary)
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// The default docker-compose.yml gives TRUSTED_LOAD_BALANCER when the operator sets none.
fn compose_default() -> String {
    let start =
        COMPOSE.find("${TRUSTED_LOAD_BALANCER:-").expect("docker-compose.yml gives nginx TRUSTED_LOAD_BALANCER")
            + "${TRUSTED_LOAD_BALANCER:-".len();
    let end = start + COMPOSE[start..].find('}').unwrap();
    COMPOSE[start..end].to_string()
}

/// A directory of this test's own, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("talkbridge-nginx-{name}-{}", uuid::Uuid::new_v4().simple()));
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The template with `trusted` for TRUSTED_LOAD_BALANCER, its two replicas replaced by
/// `upstream` and its port by `port` on 127.0.0.1, inside a main config keeping every file in
/// `dir`. Returns the main config's path.
fn render(dir: &Path, trusted: &str, upstream: u16, port: u16) -> PathBuf {
    // The image's envsubst fills in only variables of its environment: this is the one.
    assert_eq!(TEMPLATE.matches("${").count(), 1, "one variable in deploy/nginx.conf");
    assert_eq!(TEMPLATE.matches(VARIABLE).count(), 1, "deploy/nginx.conf has {VARIABLE}");
    let mut site = TEMPLATE.replace(VARIABLE, trusted);
    for (from, to) in [
        ("server app-1:8080", format!("server 127.0.0.1:{upstream}")),
        ("server app-2:8080", format!("server 127.0.0.1:{upstream}")),
        ("listen 8080;", format!("listen 127.0.0.1:{port};")),
    ] {
        assert!(site.contains(from), "deploy/nginx.conf has `{from}`");
        site = site.replace(from, &to);
    }
    std::fs::write(dir.join("default.conf"), site).unwrap();
    let d = dir.display();
    let main = format!(
        "pid {d}/nginx.pid;\nerror_log {d}/error.log info;\nevents {{ worker_connections 64; }}\n\
         http {{\n  access_log {d}/access.log;\n  client_body_temp_path {d}/body;\n  proxy_temp_path {d}/proxy;\n  \
         fastcgi_temp_path {d}/fastcgi;\n  uwsgi_temp_path {d}/uwsgi;\n  scgi_temp_path {d}/scgi;\n  \
         include {d}/default.conf;\n}}\n"
    );
    let path = dir.join("nginx.conf");
    std::fs::write(&path, main).unwrap();
    path
}

/// `nginx -t` of a rendered config.
fn check(dir: &Path, config: &Path) -> Output {
    nginx()
        .arg("-t")
        .arg("-p")
        .arg(dir)
        .arg("-c")
        .arg(config)
        .arg("-e")
        .arg(dir.join("error.log"))
        .output()
        .expect("nginx (Debian's nginx; .ci/test installs it with ensure_nginx_installed)")
}

/// An nginx in the foreground, stopped when dropped.
struct Nginx {
    child: Child,
    port: u16,
}

impl Drop for Nginx {
    fn drop(&mut self) {
        // SIGTERM to its process group: the master and its workers.
        let group = format!("-{}", self.child.id());
        let _ = Command::new("kill").args(["-TERM", "--", &group]).status();
        let _ = self.child.wait();
    }
}

async fn start(dir: &Path, trusted: &str, upstream: u16) -> Nginx {
    let port = free_port();
    let config = render(dir, trusted, upstream, port);
    let checked = check(dir, &config);
    assert!(checked.status.success(), "nginx -t: {}", String::from_utf8_lossy(&checked.stderr));
    let child = nginx()
        .arg("-p")
        .arg(dir)
        .arg("-c")
        .arg(&config)
        .arg("-e")
        .arg(dir.join("error.log"))
        .args(["-g", "daemon off;"])
        .process_group(0)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("nginx (Debian's nginx; .ci/test installs it with ensure_nginx_installed)");
    let mut nginx = Nginx { child, port };
    let started = Instant::now();
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        let exited = nginx.child.try_wait().unwrap();
        if exited.is_some() || started.elapsed() > Duration::from_secs(10) {
            panic!("nginx did not start: {}", std::fs::read_to_string(dir.join("error.log")).unwrap_or_default());
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    nginx
}

/// The upstream: answers every request with the X-Forwarded-For it received (every value,
/// joined) and the client address the shop's server counts from it (TRUSTED_PROXY=1).
async fn upstream() -> u16 {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let app =
        axum::Router::new().fallback(|ConnectInfo(peer): ConnectInfo<SocketAddr>, headers: HeaderMap| async move {
            let forwarded: Vec<&str> =
                headers.get_all("x-forwarded-for").iter().map(|v| v.to_str().unwrap_or("(not text)")).collect();
            let client = ClientAddress::of(&headers, Some(peer), true).map(|c| c.0);
            axum::Json(json!({ "forwardedFor": forwarded.join(" | "), "client": client }))
        });
    tokio::spawn(async move {
        axum::serve(listener, app.into_make_service_with_connect_info::<SocketAddr>()).await.unwrap();
    });
    port
}

/// GET `path` through nginx from `from`, with `forwarded` as X-Forwarded-For when given.
async fn get(nginx: &Nginx, from: Ipv4Addr, path: &str, forwarded: Option<&str>) -> (u16, Value) {
    let client = reqwest::Client::builder().local_address(IpAddr::V4(from)).no_proxy().build().unwrap();
    let mut request = client.get(format!("http://127.0.0.1:{}{path}", nginx.port));
    if let Some(forwarded) = forwarded {
        request = request.header("x-forwarded-for", forwarded);
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    let body = response.json().await.unwrap_or(Value::Null);
    (status, body)
}

/// What the upstream saw: (X-Forwarded-For, the client address the server counts).
async fn seen(nginx: &Nginx, from: Ipv4Addr, forwarded: Option<&str>) -> (String, String) {
    let (status, body) = get(nginx, from, "/api/catalogue", forwarded).await;
    assert_eq!(status, 200, "{body}");
    (body["forwardedFor"].as_str().unwrap().to_string(), body["client"].as_str().unwrap().to_string())
}

fn pair(forwarded: &str, client: &str) -> (String, String) {
    (forwarded.to_string(), client.to_string())
}

#[tokio::test]
async fn behind_the_trusted_load_balancer_the_visitors_address_reaches_the_server_and_no_one_else_can_set_it() {
    let scratch = Scratch::new("trusted");
    let nginx = start(&scratch.0, &LOAD_BALANCER.to_string(), upstream().await).await;

    // The load balancer appends the address it was reached from.
    assert_eq!(seen(&nginx, LOAD_BALANCER, Some("203.0.113.7")).await, pair("203.0.113.7", "203.0.113.7"));
    // Whatever the visitor wrote further left is not taken.
    assert_eq!(
        seen(&nginx, LOAD_BALANCER, Some("198.51.100.9, 203.0.113.7")).await,
        pair("203.0.113.7", "203.0.113.7")
    );
    // Recursive: a trusted hop at the right is walked through to the visitor.
    assert_eq!(seen(&nginx, LOAD_BALANCER, Some("203.0.113.7, 127.0.0.1")).await, pair("203.0.113.7", "203.0.113.7"));
    // A request from the load balancer itself, without the header, is the load balancer's.
    assert_eq!(seen(&nginx, LOAD_BALANCER, None).await, pair("127.0.0.1", "127.0.0.1"));
    // Any other peer: the header is ignored, and replaced with the peer's own address.
    assert_eq!(seen(&nginx, STRANGER, Some("203.0.113.7")).await, pair("127.0.0.2", "127.0.0.2"));
    assert_eq!(seen(&nginx, STRANGER, Some("127.0.0.1")).await, pair("127.0.0.2", "127.0.0.2"));
    // Metrics stay private whoever asks.
    assert_eq!(get(&nginx, LOAD_BALANCER, "/metrics", Some("203.0.113.7")).await.0, 404);
}

#[tokio::test]
async fn unset_nginx_trusts_no_one_and_a_malformed_or_missing_address_stops_it() {
    let upstream = upstream().await;
    // docker-compose.yml's default, when the operator sets no TRUSTED_LOAD_BALANCER.
    let default = compose_default();
    assert_eq!(default, "unix:");
    let scratch = Scratch::new("default");
    let nginx = start(&scratch.0, &default, upstream).await;
    assert_eq!(seen(&nginx, LOAD_BALANCER, Some("203.0.113.7")).await, pair("127.0.0.1", "127.0.0.1"));
    assert_eq!(seen(&nginx, STRANGER, Some("203.0.113.7, 198.51.100.9")).await, pair("127.0.0.2", "127.0.0.2"));

    // An empty value, or a list (one address or CIDR only): nginx refuses the config, so it
    // never starts. (A name is looked up in the DNS, which these tests never ask.)
    for trusted in ["", "192.0.2.10 192.0.2.11"] {
        let scratch = Scratch::new("refused");
        let config = render(&scratch.0, trusted, upstream, free_port());
        let checked = check(&scratch.0, &config);
        assert!(!checked.status.success(), "nginx -t refuses TRUSTED_LOAD_BALANCER={trusted:?}");
        let said = String::from_utf8_lossy(&checked.stderr);
        assert!(said.contains("invalid number of arguments in \"set_real_ip_from\""), "{trusted:?}: {said}");
    }
}
