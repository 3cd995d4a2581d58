//! The live pages (api/src/http/live_pages.rs): a page the build lists is rendered by the web app's
//! renderer with its GET's answer, at each change of that answer and only then; the build's
//! page is served when the renderer fails, hangs or is missing. The renderer here is a small
//! Node script speaking the worker's protocol (webapp/scripts/render-worker.mjs): its page
//! shows the names in the answer, and it fails for a page it is told to.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use aggregates::hardware_item::{Brand, HardwareCommand, HardwareFields, ItemStatus};
use aggregates::pricing::Pence;
use reqwest::header::{CONTENT_SECURITY_POLICY, CONTENT_TYPE, ETAG, IF_NONE_MATCH};
use reqwest::StatusCode;

use crate::helpers::{spawn_app_with, TestApp};

/// The stand-in renderer: renders `/hardware` as the item names of its answer and counts its
/// renders in the page; `/broken` always fails; `/slow` never answers.
const WORKER: &str = r#"
import { createInterface } from 'node:readline';
let renders = 0;
const say = (reply) => process.stdout.write(JSON.stringify(reply) + '\n');
say({ ready: true });
for await (const line of createInterface({ input: process.stdin })) {
  const { path, answer } = JSON.parse(line);
  if (path === '/slow') await new Promise(() => {});
  if (path === '/broken') { say({ error: 'it broke' }); continue; }
  renders += 1;
  const names = (answer.items ?? []).map((item) => item.name).join(', ');
  say({ html: `<!doctype html><title>live</title><div id=root data-renders="${renders}">${names}</div>` });
}
"#;

/// A renderer folder with the stand-in worker and the given live pages (path, GET).
pub(crate) fn renderer_dir(name: &str, pages: &[(&str, &str)]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("voip-shop-live-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("render-worker.mjs"), WORKER).unwrap();
    let listed: serde_json::Map<String, serde_json::Value> =
        pages.iter().map(|(path, get)| (path.to_string(), (*get).into())).collect();
    std::fs::write(dir.join("live-pages.json"), serde_json::to_string(&listed).unwrap()).unwrap();
    dir
}

async fn app_with_renderer(dir: &Path) -> TestApp {
    let dir = dir.to_path_buf();
    spawn_app_with(move |config| config.renderer_dir = dir).await
}

async fn page(app: &TestApp, path: &str) -> (String, String) {
    let response = app.get(path).await;
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    assert!(response.headers()[CONTENT_TYPE].to_str().unwrap().starts_with("text/html"), "{path}");
    assert!(response.headers().contains_key(CONTENT_SECURITY_POLICY), "{path}: a page carries the policy");
    let etag = response.headers().get(ETAG).map(|v| v.to_str().unwrap().to_string()).unwrap_or_default();
    (response.text().await.unwrap(), etag)
}

fn renders(html: &str) -> u32 {
    let start = html.find("data-renders=\"").expect("a live page") + "data-renders=\"".len();
    html[start..].split('"').next().unwrap().parse().unwrap()
}

async fn publish(app: &TestApp, id: &str, name: &str) {
    let state = api::app::state::AppState::new(app.pool.clone());
    let fields = HardwareFields {
        name: name.into(),
        brand: Some(Brand::Cisco),
        model: "LIVE-1".into(),
        price: Pence(4321),
        features: vec!["SIP".into()],
        compatibility: vec!["Talkbridge".into()],
        ..HardwareFields::default()
    };
    let context = store::commands::Context::system();
    state
        .hardware
        .cqrs
        .execute(&context, id, HardwareCommand::Create { fields, actor: "ann@example.com".into() })
        .await
        .unwrap();
    let status = HardwareCommand::SetStatus { status: ItemStatus::Published, actor: "ann@example.com".into() };
    state.hardware.cqrs.execute(&context, id, status).await.unwrap();
}

#[tokio::test]
async fn a_live_page_is_rendered_with_its_answer_once_per_change_and_follows_a_change_within_a_second() {
    let dir = renderer_dir("follows", &[("/hardware", "/api/hardware/")]);
    let app = app_with_renderer(&dir).await;

    let (first, etag) = page(&app, "/hardware").await;
    let published: serde_json::Value = app.get("/api/hardware/").await.json().await.unwrap();
    let a_name = published["items"][0]["name"].as_str().unwrap();
    assert!(first.contains(a_name), "the page shows the API's answer: {first}");
    assert_eq!(renders(&first), 1);

    // The same answer: the same page, not rendered again, 304 to its tag.
    let (again, same_etag) = page(&app, "/hardware").await;
    assert_eq!((renders(&again), &same_etag), (1, &etag));
    let unchanged = app.client.get(app.url("/hardware")).header(IF_NONE_MATCH, &etag).send().await.unwrap();
    assert_eq!(unchanged.status(), StatusCode::NOT_MODIFIED);

    // A phone published through another AppState (as another server would): in the HTML within a second.
    publish(&app, "7c9e6679-7425-40de-944b-e07fc1f90ae7", "Live Page L1").await;
    let started = Instant::now();
    loop {
        let (html, tag) = page(&app, "/hardware").await;
        if html.contains("Live Page L1") {
            assert_ne!(tag, etag);
            assert_eq!(renders(&html), 2, "rendered once for the change");
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(1), "/hardware unchanged a second after the change");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }

    // Pages that are not live are served as built.
    let (about, _) = page(&app, "/about").await;
    assert!(about.contains("About us"), "{about}");
}

#[tokio::test]
async fn the_built_page_is_served_when_the_renderer_fails_or_hangs_and_the_next_render_works() {
    // Live pages over a built page (/about) so the fallback shows, each failing its own way.
    let dir = renderer_dir(
        "fails",
        &[("/about", "/api/hardware/"), ("/broken", "/api/hardware/"), ("/slow", "/api/hardware/")],
    );
    let app = app_with_renderer(&dir).await;
    assert!(renders(&page(&app, "/about").await.0) >= 1);

    // The renderer's error: the build's page (here the shell, /broken has no built page).
    let (broken, _) = page(&app, "/broken").await;
    assert!(broken.contains("<title>shop</title>"), "{broken}");

    // A renderer that never answers is stopped after its time; the built page meanwhile.
    let started = Instant::now();
    let (slow, _) = page(&app, "/slow").await;
    assert!(slow.contains("<title>shop</title>"), "{slow}");
    assert!(started.elapsed() < Duration::from_secs(8), "given up after the render timeout");

    // A new renderer started for the next page that needs one.
    publish(&app, "0b6a7c1e-2f3d-4e5a-9b8c-7d6e5f4a3b2c", "After Restart").await;
    let started = Instant::now();
    loop {
        let (html, _) = page(&app, "/about").await;
        if html.contains("After Restart") {
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(10), "no render after the restart");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn without_a_renderer_the_built_pages_are_served() {
    let missing = std::env::temp_dir().join("voip-shop-live-none");
    let app = app_with_renderer(&missing).await;
    let (about, _) = page(&app, "/about").await;
    assert!(about.contains("About us"));
}

#[test]
fn the_renderer_is_looked_for_beside_the_web_app_build() {
    let config = api::platform::config::Config::development();
    assert_eq!(config.renderer_dir, api::http::live_pages::default_renderer_dir(&config.webapp_dir));
    assert!(config.renderer_dir.ends_with("webapp/dist-ssr"), "{}", config.renderer_dir.display());
}

#[tokio::test]
async fn a_production_server_refuses_to_start_without_the_renderer() {
    let database_url = crate::helpers::fresh_database().await;
    let missing = std::env::temp_dir().join("voip-shop-live-none").display().to_string();
    let config = api::platform::config::Config::from_lookup(|key| {
        let value = match key {
            "APP_ENV" => "production",
            "DATABASE_URL" => &database_url,
            "PORT" => "0",
            "HOST" => "127.0.0.1",
            "STRIPE_SECRET_KEY" => "sk_test_live_pages",
            "STRIPE_PUBLISHABLE_KEY" => "pk_test_live_pages",
            "STRIPE_WEBHOOK_SECRET" => "whsec_live_pages",
            "SMTP_HOST" => "127.0.0.1",
            "SMTP_FROM" => "shop@example.com",
            "SITE_URL" => "https://shop.example.com",
            "LINK_SECRET" => "0123456789abcdef0123456789abcdef",
            "VAT_NUMBER" => "GB 123 4567 89",
            "RENDERER_DIR" => &missing,
            _ => return None,
        };
        Some(value.to_string())
    })
    .expect("a production configuration");
    let refused = api::startup::Application::build(config).await.err().expect("no start without the renderer");
    let message = refused.to_string();
    assert!(message.contains("live pages") && message.contains("RENDERER_DIR"), "{message}");
}
