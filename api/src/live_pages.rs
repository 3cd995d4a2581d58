//! Pages served live: the desk-phone shop and the number pages carry the live catalogue in
//! their HTML (the phones, their prices and stock; a first page of numbers), current at every
//! request, where the rest of the site is prerendered once at build time.
//!
//! - The web app's build lists these pages and, for each, the GET whose answer it is rendered
//!   with (`dist-ssr/live-pages.json`, from each route module's `live`, webapp/src/lib/live-page.ts).
//! - For a request of such a page, the server asks its own API that GET (in process, as a
//!   browser would), and renders the page with the answer unless the answer is the one it last
//!   rendered: then the same HTML is served (a strong ETag of it, compressed once). The
//!   catalogue's answers are kept in memory until a change (crate::public_reads), so an admin's
//!   change is in the next request's HTML.
//! - Rendering is the web app's own: a Node process (`dist-ssr/render-worker.mjs`) runs the
//!   app's server bundle, one page at a time; the page embeds the answer, and the browser
//!   hydrates from it, so it renders what the server did.
//! - When the renderer fails or is slow (RENDER_TIMEOUT), the page built at build time is
//!   served instead, and the renderer is started again for the next request.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::http::{HeaderMap, Method, Request, StatusCode};
use axum::response::Response;
use axum::Router;
use sha2::{Digest, Sha256};
use tokio::sync::{mpsc, oneshot};
use tower::ServiceExt;

use crate::public_reads::Cached;

/// How long a page may take to render before the build's page is served instead.
const RENDER_TIMEOUT: Duration = Duration::from_secs(5);
/// How long the renderer may take to load the app's bundle.
const START_TIMEOUT: Duration = Duration::from_secs(60);

/// The web app's renderer: a Node process running `render-worker.mjs`, owned by one thread.
#[derive(Clone)]
pub struct Renderer {
    jobs: mpsc::Sender<Job>,
    /// The running process, to stop one that takes too long.
    child: Arc<Mutex<Option<Child>>>,
    /// Each live page's path and the GET (path and query) it is rendered with.
    pages: Arc<HashMap<String, String>>,
}

struct Job {
    path: String,
    answer: Bytes,
    reply: oneshot::Sender<Result<String, String>>,
}

/// Where the renderer lives and what runs it.
pub struct RendererConfig {
    /// The server bundle with the worker (webapp/dist-ssr).
    pub dir: PathBuf,
    /// The web app's build (webapp/dist).
    pub webapp_dir: PathBuf,
    /// The Node executable.
    pub node: PathBuf,
}

impl Renderer {
    /// Starts the renderer and waits until it has loaded the app. `Ok(None)` when the build
    /// has no live pages (built without its server bundle).
    pub async fn start(config: RendererConfig) -> Result<Option<Renderer>, String> {
        let listed = config.dir.join("live-pages.json");
        let Ok(text) = std::fs::read_to_string(&listed) else {
            return Ok(None);
        };
        let pages: HashMap<String, String> = serde_json::from_str(&text)
            .map_err(|e| format!("{} is not a map of page paths to GETs: {e}", listed.display()))?;
        let (jobs, mut queue) = mpsc::channel::<Job>(64);
        let child = Arc::new(Mutex::new(None));
        let renderer = Renderer { jobs, child: child.clone(), pages: Arc::new(pages) };
        let (ready, started) = oneshot::channel();
        std::thread::Builder::new()
            .name("page-renderer".into())
            .spawn(move || {
                let mut worker = Worker::spawn(&config, &child);
                let _ = ready.send(worker.as_ref().map(|_| ()).map_err(Clone::clone));
                while let Some(job) = queue.blocking_recv() {
                    if worker.is_err() {
                        worker = Worker::spawn(&config, &child);
                    }
                    let result = match worker.as_mut() {
                        Ok(running) => running.render(&job.path, &job.answer),
                        Err(error) => Err(error.clone()),
                    };
                    if result.as_ref().is_err_and(|e| e.starts_with(Worker::GONE)) {
                        worker = Err("the renderer stopped".into());
                    }
                    let _ = job.reply.send(result);
                }
            })
            .map_err(|e| format!("cannot start the page renderer's thread: {e}"))?;
        match tokio::time::timeout(START_TIMEOUT, started).await {
            Ok(Ok(Ok(()))) => Ok(Some(renderer)),
            Ok(Ok(Err(error))) => Err(error),
            _ => {
                renderer.stop();
                Err(format!("the page renderer did not start within {} s", START_TIMEOUT.as_secs()))
            }
        }
    }

    /// The GET the live page at `path` is rendered with, when it is one.
    pub fn source(&self, path: &str) -> Option<&str> {
        self.pages.get(path).map(String::as_str)
    }

    /// The page at `path` rendered with `answer` (the JSON of its GET).
    pub async fn render(&self, path: &str, answer: Bytes) -> Result<String, String> {
        let (reply, rendered) = oneshot::channel();
        let job = Job { path: path.to_string(), answer, reply };
        self.jobs.send(job).await.map_err(|_| "the page renderer has stopped".to_string())?;
        match tokio::time::timeout(RENDER_TIMEOUT, rendered).await {
            Ok(Ok(result)) => result,
            Ok(Err(_)) => Err("the page renderer has stopped".into()),
            Err(_) => {
                // Stopping the process ends its thread's wait; the next page starts another.
                self.stop();
                Err(format!("no page within {} s; the renderer is restarted", RENDER_TIMEOUT.as_secs()))
            }
        }
    }

    fn stop(&self) {
        if let Some(child) = self.child.lock().unwrap_or_else(|e| e.into_inner()).as_mut() {
            let _ = child.kill();
        }
    }
}

/// The running Node process: requests to its stdin, answers from its stdout, a line each.
struct Worker {
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

#[derive(serde::Deserialize)]
struct Answer {
    #[serde(default)]
    html: Option<String>,
    #[serde(default)]
    error: Option<String>,
    #[serde(default)]
    ready: bool,
}

impl Worker {
    /// The start of every error after which the process is not used again.
    const GONE: &'static str = "the renderer";

    fn spawn(config: &RendererConfig, slot: &Mutex<Option<Child>>) -> Result<Worker, String> {
        let script = config.dir.join("render-worker.mjs");
        let mut child = Command::new(&config.node)
            .arg(&script)
            .arg(&config.webapp_dir)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| {
                format!("the renderer could not start `{} {}`: {e}", config.node.display(), script.display())
            })?;
        let stdin = child.stdin.take().expect("stdin is piped");
        let stdout = BufReader::new(child.stdout.take().expect("stdout is piped"));
        if let Some(mut old) = slot.lock().unwrap_or_else(|e| e.into_inner()).replace(child) {
            let _ = old.kill();
            let _ = old.wait();
        }
        let mut worker = Worker { stdin, stdout };
        match worker.read()? {
            Answer { ready: true, .. } => Ok(worker),
            _ => Err(format!("{}: its first line was not {{\"ready\": true}}", Worker::GONE)),
        }
    }

    fn render(&mut self, path: &str, answer: &[u8]) -> Result<String, String> {
        let mut line = Vec::with_capacity(answer.len() + path.len() + 32);
        line.extend_from_slice(b"{\"path\":");
        line.extend_from_slice(&serde_json::to_vec(path).expect("a string serialises"));
        line.extend_from_slice(b",\"answer\":");
        line.extend_from_slice(answer);
        line.extend_from_slice(b"}\n");
        self.stdin.write_all(&line).and_then(|()| self.stdin.flush()).map_err(|e| format!("{}: {e}", Worker::GONE))?;
        match self.read()? {
            Answer { html: Some(html), .. } => Ok(html),
            Answer { error: Some(error), .. } => Err(format!("{path} did not render: {error}")),
            _ => Err(format!("{}: an answer with neither html nor error", Worker::GONE)),
        }
    }

    fn read(&mut self) -> Result<Answer, String> {
        let mut line = String::new();
        match self.stdout.read_line(&mut line) {
            Ok(0) => Err(format!("{} exited", Worker::GONE)),
            Ok(_) => serde_json::from_str(&line).map_err(|e| format!("{}: an unreadable answer: {e}", Worker::GONE)),
            Err(e) => Err(format!("{}: {e}", Worker::GONE)),
        }
    }
}

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

/// The renderer's directory by default: `dist-ssr` beside the web app's build.
pub fn default_renderer_dir(webapp_dir: &Path) -> PathBuf {
    webapp_dir.parent().map_or_else(|| PathBuf::from("dist-ssr"), |parent| parent.join("dist-ssr"))
}
