//! The public catalogue's answers kept in memory: GET /api/hardware/ (and ?brand=) and
//! GET /api/free-did-numbers/ are read from the database once per change, serialised once,
//! and served as the same bytes with a strong ETag until the next change (a matching
//! If-None-Match gets 304; the responses are built by crate::http::public_reads). GET
//! /api/catalogue is code, so it is serialised once per start.
//!
//! Kept current two ways:
//! - on this server, the projections' frameworks tell it as soon as a command's view is
//!   written (an extra query after the view's: `Invalidate`), so a change reads back at once;
//! - every server LISTENs on `public_reads`, which triggers on hardware_view and on the
//!   free-trial numbers NOTIFY at commit (migrations/20261128150001_public_reads_notify.sql),
//!   so a change made through another server, or by a command-line tool, is read within
//!   milliseconds. While the listener is not connected nothing is kept: each request reads
//!   the database, so a server never serves an answer it cannot know is current.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, OnceLock, RwLock};
use std::time::Duration;

use bytes::Bytes;
use serde::Serialize;
use sha2::{Digest, Sha256};

use crate::platform::error::ApiError;

/// A JSON answer serialised once, with its strong ETag (a hash of the bytes), and, when it
/// is big enough to gain (COMPRESS_ABOVE), compressed with brotli and gzip
/// the first time a client accepts each: the same bytes then go to every client that
/// accepts them, instead of the compression layer compressing them again per request.
/// JSON answers larger than this are compressed when the client accepts brotli or gzip:
/// below about a kilobyte the headers and the work cost more than the bytes saved.
pub const COMPRESS_ABOVE: usize = 1024;

pub struct Cached {
    content_type: &'static str,
    body: Bytes,
    etag: String,
    brotli: OnceLock<Bytes>,
    gzip: OnceLock<Bytes>,
}

impl Cached {
    pub fn json<T: Serialize>(value: &T) -> Result<Cached, ApiError> {
        let body = serde_json::to_vec(value).map_err(ApiError::internal)?;
        Ok(Cached::new(body, "application/json"))
    }

    /// A page's HTML (crate::http::live_pages), served as the JSON answers are.
    pub fn html(body: Vec<u8>) -> Cached {
        Cached::new(body, "text/html; charset=utf-8")
    }

    fn new(body: Vec<u8>, content_type: &'static str) -> Cached {
        let digest = Sha256::digest(&body);
        let etag = format!("\"{}\"", hex::encode(&digest[..16]));
        Cached { content_type, body: Bytes::from(body), etag, brotli: OnceLock::new(), gzip: OnceLock::new() }
    }

    /// The content type (`application/json`, or HTML for a live page).
    pub fn content_type(&self) -> &'static str {
        self.content_type
    }

    /// The strong ETag, quoted.
    pub fn etag(&self) -> &str {
        &self.etag
    }

    /// The answer's bytes as serialised.
    pub fn body(&self) -> &Bytes {
        &self.body
    }

    /// The bytes compressed with brotli (the first time asked, then kept).
    pub fn brotli(&self) -> &Bytes {
        self.brotli.get_or_init(|| compress_brotli(&self.body))
    }

    /// The bytes compressed with gzip (the first time asked, then kept).
    pub fn gzip(&self) -> &Bytes {
        self.gzip.get_or_init(|| compress_gzip(&self.body))
    }
}

/// Middle levels: while the listener is down (nothing kept) each request compresses
/// again, so the levels must be cheap enough for that too (a 15 KB catalogue in well
/// under a millisecond), and they already take it to about a sixth.
fn compress_brotli(body: &[u8]) -> Bytes {
    let mut out = Vec::with_capacity(body.len() / 4);
    {
        let mut writer = brotli::CompressorWriter::new(&mut out, 4096, 5, 22);
        std::io::Write::write_all(&mut writer, body).expect("writing to memory");
    }
    Bytes::from(out)
}

fn compress_gzip(body: &[u8]) -> Bytes {
    let mut writer = flate2::write::GzEncoder::new(Vec::with_capacity(body.len() / 4), flate2::Compression::new(6));
    std::io::Write::write_all(&mut writer, body).expect("writing to memory");
    Bytes::from(writer.finish().expect("writing to memory"))
}

/// One kept answer: the value and the generation it was read at. Invalidating raises the
/// generation; a value read at an older one is read again on the next request (also when
/// the change came while it was being read).
struct Slot<T> {
    generation: AtomicU64,
    current: RwLock<Option<(u64, Arc<T>)>>,
    /// One reader at a time refreshes; the others wait for its answer instead of each
    /// reading the database.
    loading: tokio::sync::Mutex<()>,
}

impl<T> Default for Slot<T> {
    fn default() -> Self {
        Slot { generation: AtomicU64::new(0), current: RwLock::new(None), loading: tokio::sync::Mutex::new(()) }
    }
}

impl<T> Slot<T> {
    fn fresh(&self) -> Option<Arc<T>> {
        let generation = self.generation.load(Ordering::Acquire);
        let current = self.current.read().unwrap_or_else(|e| e.into_inner());
        current.as_ref().filter(|(g, _)| *g == generation).map(|(_, v)| v.clone())
    }

    fn invalidate(&self) {
        self.generation.fetch_add(1, Ordering::AcqRel);
    }

    async fn get<F, Fut>(&self, keep: bool, load: F) -> Result<Arc<T>, ApiError>
    where
        F: FnOnce() -> Fut,
        Fut: std::future::Future<Output = Result<T, ApiError>>,
    {
        if !keep {
            return Ok(Arc::new(load().await?));
        }
        if let Some(value) = self.fresh() {
            return Ok(value);
        }
        let _loading = self.loading.lock().await;
        if let Some(value) = self.fresh() {
            return Ok(value);
        }
        let generation = self.generation.load(Ordering::Acquire);
        let value = Arc::new(load().await?);
        *self.current.write().unwrap_or_else(|e| e.into_inner()) = Some((generation, value.clone()));
        Ok(value)
    }
}

/// Which kept answers a change touches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    Hardware,
    FreeNumbers,
}

/// The published phones: all of them, and each brand's (in Brand::ALL's order).
pub struct HardwareAnswers {
    pub all: Cached,
    pub brands: Vec<Cached>,
}

#[derive(Default)]
struct Inner {
    /// True while this server's listener is connected: only then is anything kept.
    listening: AtomicBool,
    hardware: Slot<HardwareAnswers>,
    free_numbers: Slot<Cached>,
}

/// The kept answers of one server (cheap to clone: shared).
#[derive(Clone, Default)]
pub struct PublicReads(Arc<Inner>);

impl PublicReads {
    pub fn invalidate(&self, part: Part) {
        match part {
            Part::Hardware => self.0.hardware.invalidate(),
            Part::FreeNumbers => self.0.free_numbers.invalidate(),
        }
    }

    fn invalidate_all(&self) {
        self.invalidate(Part::Hardware);
        self.invalidate(Part::FreeNumbers);
    }

    fn keep(&self) -> bool {
        self.0.listening.load(Ordering::Acquire)
    }

    pub async fn hardware<F, Fut>(&self, load: F) -> Result<Arc<HardwareAnswers>, ApiError>
    where
        F: FnOnce() -> Fut,
        Fut: std::future::Future<Output = Result<HardwareAnswers, ApiError>>,
    {
        self.0.hardware.get(self.keep(), load).await
    }

    pub async fn free_numbers<F, Fut>(&self, load: F) -> Result<Arc<Cached>, ApiError>
    where
        F: FnOnce() -> Fut,
        Fut: std::future::Future<Output = Result<Cached, ApiError>>,
    {
        self.0.free_numbers.get(self.keep(), load).await
    }

    /// A query to add to a framework after the view's: the view it just wrote changed `part`.
    pub fn invalidator(&self, part: Part) -> Invalidate {
        Invalidate { reads: self.clone(), part }
    }

    /// Listens on `public_reads` for as long as the runtime runs, connecting again after a
    /// lost connection (a second later); nothing is kept while it is not connected.
    pub fn listen(&self, database_url: String) -> tokio::task::JoinHandle<()> {
        let reads = self.clone();
        tokio::spawn(async move {
            loop {
                if let Err(error) = reads.listen_once(&database_url).await {
                    tracing::warn!(%error, "public reads: the listener lost its connection; reading the database meanwhile");
                }
                reads.0.listening.store(false, Ordering::Release);
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        })
    }

    async fn listen_once(&self, database_url: &str) -> Result<(), sqlx::Error> {
        let mut listener = sqlx::postgres::PgListener::connect(database_url).await?;
        // A lost connection is made again before try_recv answers None (then everything is
        // read again, as notifications may have been lost); when it cannot be, try_recv fails.
        listener.eager_reconnect(true);
        listener.listen("public_reads").await?;
        // Whatever changed before now is read again.
        self.invalidate_all();
        self.0.listening.store(true, Ordering::Release);
        loop {
            match listener.try_recv().await? {
                Some(notification) => match notification.payload() {
                    "hardware" => self.invalidate(Part::Hardware),
                    "numbers" => self.invalidate(Part::FreeNumbers),
                    _ => self.invalidate_all(),
                },
                None => self.invalidate_all(),
            }
        }
    }
}

/// Tells the kept answers that a view changed (see PublicReads::invalidator).
pub struct Invalidate {
    reads: PublicReads,
    part: Part,
}

#[async_trait::async_trait]
impl<A: cqrs_es::Aggregate> cqrs_es::Query<A> for Invalidate {
    async fn dispatch(&self, _id: &str, _events: &[cqrs_es::EventEnvelope<A>]) {
        self.reads.invalidate(self.part);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_slot_reads_again_after_a_change_and_only_when_kept() {
        let slot: Slot<u32> = Slot::default();
        assert_eq!(*slot.get(true, || async { Ok(1) }).await.unwrap(), 1);
        assert_eq!(*slot.get(true, || async { Ok(2) }).await.unwrap(), 1, "kept until a change");
        slot.invalidate();
        assert_eq!(*slot.get(true, || async { Ok(3) }).await.unwrap(), 3);
        assert_eq!(*slot.get(false, || async { Ok(4) }).await.unwrap(), 4, "not kept: read each time");
    }
}
