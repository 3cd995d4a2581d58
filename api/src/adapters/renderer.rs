//! The web app's page renderer: a Node process the server owns (`dist-ssr/render-worker.mjs`)
//! that runs the app's server bundle, one page at a time, a line of JSON each way. The live
//! pages (crate::http::live_pages) ask it for a page's HTML; a renderer that fails or is slow
//! is restarted for the next request.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Bytes;
use tokio::sync::{mpsc, oneshot};

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
