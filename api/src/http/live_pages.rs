//! Pages served live: the desk-phone shop and the number pages carry the live catalogue in
//! their HTML (the phones, their prices and stock; a first page of numbers), current at every
//! request, where the rest of the site is prerendered once at build time.
//!
//! - The web app's build lists these pages and, for each, the GET whose answer it is rendered
//!   with (`dist-ssr/live-pages.json`, from each route module's `live`, webapp/src/lib/live-page.ts).
//! - For a request of such a page, the server asks its own API that GET (in process, as a
//!   browser would), and renders the page with the answer unless the answer is the one it last
//!   rendered: then the same HTML is served (a strong ETag of it, compressed once). The
//!   catalogue's answers are kept in memory until a change (crate::app::public_reads), so an admin's
//!   change is in the next request's HTML.
//! - Rendering is the web app's own: a Node process (`dist-ssr/render-worker.mjs`) runs the
//!   app's server bundle, one page at a time; the page embeds the answer, and the browser
//!   hydrates from it, so it renders what the server did.
//! - When the renderer fails or is slow (RENDER_TIMEOUT), the page built at build time is
//!   served instead, and the renderer is started again for the next request.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::body::{Body, Bytes};
use axum::http::{HeaderMap, Method, Request, StatusCode};
use axum::response::Response;
use axum::Router;
use sha2::{Digest, Sha256};
use tower::ServiceExt;

use crate::adapters::renderer::Renderer;
use crate::app::public_reads::Cached;
use crate::http::public_reads::Respond;

/// The live pages of one server: the renderer, the API to ask, and each page's last render.
#[derive(Clone)]
pub struct LivePages {
    renderer: Renderer,
    api: Router,
    rendered: Arc<Mutex<HashMap<String, Arc<Rendered>>>>,
    /// One render per page at a time: requests meanwhile wait for it and share it.
    rendering: Arc<tokio::sync::Mutex<()>>,
}

struct Rendered {
    /// A digest of the answer the page was rendered with.
    answer: [u8; 32],
    page: Cached,
}

impl LivePages {
    /// `api` answers the pages' GETs (the server's own API, with its state).
    pub fn new(renderer: Renderer, api: Router) -> LivePages {
        LivePages { renderer, api, rendered: Arc::default(), rendering: Arc::default() }
    }

    /// The live page of the request, or `None` when its path is not one or it cannot be
    /// rendered now (then the build's page is served).
    pub async fn respond(&self, method: &Method, path: &str, headers: &HeaderMap) -> Option<Response> {
        if !matches!(*method, Method::GET | Method::HEAD) {
            return None;
        }
        let source = self.renderer.source(path)?;
        let answer = match self.ask(source).await {
            Ok(answer) => answer,
            Err(error) => {
                tracing::warn!(%path, %error, "live page: its data could not be read; serving the built page");
                return None;
            }
        };
        let digest: [u8; 32] = Sha256::digest(&answer).into();
        if let Some(page) = self.current(path, &digest) {
            return Some(page.page.respond(headers));
        }
        let _one_at_a_time = self.rendering.lock().await;
        if let Some(page) = self.current(path, &digest) {
            return Some(page.page.respond(headers));
        }
        match self.renderer.render(path, answer).await {
            Ok(html) => {
                let page = Arc::new(Rendered { answer: digest, page: Cached::html(html.into_bytes()) });
                self.rendered.lock().unwrap_or_else(|e| e.into_inner()).insert(path.to_string(), page.clone());
                Some(page.page.respond(headers))
            }
            Err(error) => {
                tracing::warn!(%path, %error, "live page: not rendered; serving the built page");
                None
            }
        }
    }

    fn current(&self, path: &str, digest: &[u8; 32]) -> Option<Arc<Rendered>> {
        let rendered = self.rendered.lock().unwrap_or_else(|e| e.into_inner());
        rendered.get(path).filter(|page| &page.answer == digest).cloned()
    }

    /// The API's answer to `GET source`, when it is a success.
    async fn ask(&self, source: &str) -> Result<Bytes, String> {
        let request = Request::get(source).body(Body::empty()).map_err(|e| e.to_string())?;
        let response = self.api.clone().oneshot(request).await.map_err(|e| e.to_string())?;
        if response.status() != StatusCode::OK {
            return Err(format!("GET {source} answered {}", response.status()));
        }
        axum::body::to_bytes(response.into_body(), 16 * 1024 * 1024).await.map_err(|e| e.to_string())
    }
}

pub use crate::platform::config::default_renderer_dir;
