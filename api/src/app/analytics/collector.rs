//! The page-view queue and its writer.
//!
//! The handler offers each checked view to a bounded in-memory queue (`QUEUE_SIZE`) and
//! answers at once; its only database work is counting the client address's views a minute
//! (crate::platform::limits, `PAGE_VIEWS_PER_ADDRESS`: one upsert), and a view over that is dropped
//! before it is queued. One background task drains the queue
//! and writes batches of up to `BATCH_SIZE` rows in one `INSERT ... SELECT FROM UNNEST`,
//! as soon as a batch is full and otherwise every `FLUSH_EVERY`. A full queue drops the view
//! (counted in `talkbridge_page_views_total{outcome="dropped_queue_full"}`): losing a few
//! page views in a flood is better than slowing the shop.
//!
//! The visitor: `hex(sha256(salt || client address || user agent))[..16]`, computed by the
//! writer with the salt of the UTC day it writes in. The salt is random, kept in
//! `page_view_salts` for its day only; the writer deletes older salts when it takes a new
//! day's (and the purge job does every night), so a hash can never be recomputed or joined
//! with another day's. The address and user agent live only in the queue, for at most a
//! second, and are never written anywhere. A view queued just before midnight and written
//! just after is hashed with the new day's salt: at most one extra visitor at midnight.
//!
//! Shut down: `PageViewWriter::finish` (called by `Application::run_until` once the server
//! has finished its requests) closes the queue, writes what is in it and waits for the write.

use std::sync::Arc;
use std::time::Duration;

use aggregates::clock::Clock;
use chrono::{DateTime, NaiveDate, Utc};
use sha2::{Digest, Sha256};
use sqlx::PgPool;
use tokio::sync::{mpsc, oneshot};
use tokio::task::JoinHandle;

use super::view::CheckedView;
use crate::platform::metrics::PAGE_VIEWS;

/// Views waiting to be written; beyond this a burst is dropped.
pub const QUEUE_SIZE: usize = 10_000;
/// Rows in one INSERT at most.
pub const BATCH_SIZE: usize = 1_000;
/// A partial batch is written at least this often.
pub const FLUSH_EVERY: Duration = Duration::from_millis(500);

/// A checked view with who sent it, until the writer hashes that.
#[derive(Debug)]
pub struct QueuedView {
    pub viewed_at: DateTime<Utc>,
    pub view: CheckedView,
    /// The client's address (crate::platform::client::ClientAddress), hashed and then forgotten.
    pub address: String,
    /// The request's User-Agent, hashed and then forgotten.
    pub user_agent: String,
}

/// Where the handler puts views. Without a writer (commands other than `serve`, routers in
/// unit tests) every view is dropped.
#[derive(Clone, Default)]
pub struct PageViewQueue {
    sender: Option<mpsc::Sender<QueuedView>>,
}

impl PageViewQueue {
    /// Queues a view without waiting; drops it (and counts why) when it cannot.
    pub fn offer(&self, view: QueuedView) {
        let outcome = match &self.sender {
            None => "dropped_no_writer",
            Some(sender) => match sender.try_send(view) {
                Ok(()) => "queued",
                Err(mpsc::error::TrySendError::Full(_)) => "dropped_queue_full",
                Err(mpsc::error::TrySendError::Closed(_)) => "dropped_no_writer",
            },
        };
        metrics::counter!(PAGE_VIEWS, "outcome" => outcome).increment(1);
    }
}

/// The background writer: finish it to write what is queued before the process ends.
pub struct PageViewWriter {
    stop: oneshot::Sender<()>,
    task: JoinHandle<()>,
}

impl PageViewWriter {
    /// Closes the queue (later offers are dropped), writes every queued view, and returns
    /// once they are written.
    pub async fn finish(self) {
        let _ = self.stop.send(());
        if let Err(error) = self.task.await {
            tracing::error!(%error, "the page-view writer failed");
        }
    }
}

/// Starts the writer on the current tokio runtime; answers the queue to hand views to.
pub fn start(pool: PgPool, clock: Arc<dyn Clock>) -> (PageViewQueue, PageViewWriter) {
    let (sender, receiver) = mpsc::channel(QUEUE_SIZE);
    let (stop, stopped) = oneshot::channel();
    let task = tokio::spawn(write_batches(pool, clock, receiver, stopped));
    (PageViewQueue { sender: Some(sender) }, PageViewWriter { stop, task })
}

async fn write_batches(
    pool: PgPool,
    clock: Arc<dyn Clock>,
    mut receiver: mpsc::Receiver<QueuedView>,
    mut stopped: oneshot::Receiver<()>,
) {
    let mut salts = Salts::default();
    let mut batch = Vec::with_capacity(BATCH_SIZE);
    let mut ticks = tokio::time::interval(FLUSH_EVERY);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut stopping = false;
    loop {
        let room = BATCH_SIZE - batch.len();
        tokio::select! {
            _ = &mut stopped, if !stopping => {
                // Nothing more is accepted; what is queued is still received below.
                stopping = true;
                receiver.close();
            }
            received = receiver.recv_many(&mut batch, room) => {
                if received == 0 {
                    break;
                }
                if batch.len() >= BATCH_SIZE {
                    write(&pool, clock.as_ref(), &mut salts, &mut batch).await;
                }
            }
            _ = ticks.tick() => {
                if !batch.is_empty() {
                    write(&pool, clock.as_ref(), &mut salts, &mut batch).await;
                }
            }
        }
    }
    if !batch.is_empty() {
        write(&pool, clock.as_ref(), &mut salts, &mut batch).await;
    }
    tracing::info!("page-view writer stopped: every queued view written");
}

/// Writes and empties `batch`; a failed write is logged and counted, not retried.
async fn write(pool: &PgPool, clock: &dyn Clock, salts: &mut Salts, batch: &mut Vec<QueuedView>) {
    let count = batch.len() as u64;
    match insert(pool, clock, salts, batch).await {
        Ok(()) => metrics::counter!(PAGE_VIEWS, "outcome" => "written").increment(count),
        Err(error) => {
            tracing::error!(%error, views = count, "page views could not be written; they are dropped");
            metrics::counter!(PAGE_VIEWS, "outcome" => "write_failed").increment(count);
        }
    }
    batch.clear();
}

async fn insert(pool: &PgPool, clock: &dyn Clock, salts: &mut Salts, batch: &[QueuedView]) -> Result<(), sqlx::Error> {
    let salt = salts.today(pool, clock.now().date_naive()).await?;
    let mut columns = Columns::default();
    for queued in batch {
        let view = &queued.view;
        columns.viewed_at.push(queued.viewed_at);
        columns.path.push(view.path.clone());
        columns.referrer_host.push(view.referrer_host.clone());
        columns.viewport.push(view.viewport.as_str().to_string());
        columns.utm_source.push(view.utm_source.clone());
        columns.utm_medium.push(view.utm_medium.clone());
        columns.utm_campaign.push(view.utm_campaign.clone());
        columns.visitor.push(visitor(&salt, &queued.address, &queued.user_agent));
    }
    sqlx::query!(
        "INSERT INTO page_views
             (viewed_at, path, referrer_host, viewport, utm_source, utm_medium, utm_campaign, visitor)
         SELECT * FROM UNNEST($1::timestamptz[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[],
                              $7::text[], $8::text[])",
        &columns.viewed_at,
        &columns.path,
        // Nullable elements, which the macro's check of a text[] parameter does not express.
        &columns.referrer_host as _,
        &columns.viewport,
        &columns.utm_source as _,
        &columns.utm_medium as _,
        &columns.utm_campaign as _,
        &columns.visitor
    )
    .execute(pool)
    .await?;
    Ok(())
}

#[derive(Default)]
struct Columns {
    viewed_at: Vec<DateTime<Utc>>,
    path: Vec<String>,
    referrer_host: Vec<Option<String>>,
    viewport: Vec<String>,
    utm_source: Vec<Option<String>>,
    utm_medium: Vec<Option<String>>,
    utm_campaign: Vec<Option<String>>,
    visitor: Vec<String>,
}

/// `hex(sha256(salt || address || user agent))`, its first 16 characters.
pub fn visitor(salt: &[u8], address: &str, user_agent: &str) -> String {
    let mut hash = Sha256::new();
    hash.update(salt);
    hash.update(address.as_bytes());
    hash.update(user_agent.as_bytes());
    let mut hex = hex::encode(hash.finalize());
    hex.truncate(16);
    hex
}

/// The writer's copy of today's salt.
#[derive(Default)]
struct Salts {
    current: Option<(NaiveDate, Vec<u8>)>,
}

impl Salts {
    async fn today(&mut self, pool: &PgPool, day: NaiveDate) -> Result<Vec<u8>, sqlx::Error> {
        if let Some((cached, salt)) = &self.current {
            if *cached == day {
                return Ok(salt.clone());
            }
        }
        let salt = day_salt(pool, day).await?;
        self.current = Some((day, salt.clone()));
        Ok(salt)
    }
}

/// The salt of `day`, made once however many servers ask at once; every older salt is
/// deleted.
pub async fn day_salt(pool: &PgPool, day: NaiveDate) -> Result<Vec<u8>, sqlx::Error> {
    sqlx::query!("DELETE FROM page_view_salts WHERE day < $1", day).execute(pool).await?;
    let fresh: [u8; 32] = rand::random();
    sqlx::query!(
        "INSERT INTO page_view_salts (day, salt) VALUES ($1, $2) ON CONFLICT (day) DO NOTHING",
        day,
        fresh.as_slice()
    )
    .execute(pool)
    .await?;
    sqlx::query_scalar!("SELECT salt FROM page_view_salts WHERE day = $1", day).fetch_one(pool).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_visitor_is_16_hex_characters_that_change_with_the_salt() {
        let a = visitor(&[1; 32], "203.0.113.7", "Firefox");
        assert_eq!(a.len(), 16);
        assert!(a.chars().all(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase()));
        assert_eq!(a, visitor(&[1; 32], "203.0.113.7", "Firefox"));
        assert_ne!(a, visitor(&[2; 32], "203.0.113.7", "Firefox"));
        assert_ne!(a, visitor(&[1; 32], "203.0.113.8", "Firefox"));
    }
}
