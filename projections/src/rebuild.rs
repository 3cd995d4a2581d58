//! Rebuilds every read model from the event store (`voip-shop rebuild-views`, api/src/tools/rebuild.rs) while the site
//! keeps answering from the old one.
//!
//! Each read model is built into a work table of its own (a temporary table on one held
//! connection) by replaying the event store. A second connection reads one aggregate type's
//! events in the store's global order, in keyset pages of `(aggregate_type,
//! global_sequence)`: the order they were written in, so the pages come off the disk in
//! sequence instead of one aggregate's rows here and there (reading by aggregate took 8 of
//! the 12 s a million cart events needed). It reads them in one REPEATABLE READ
//! transaction that first lists each aggregate's last sequence, so the folder knows when an
//! aggregate is complete: its row is written then and its state dropped. Memory holds a
//! few pages, that list, and the aggregates still open at the current position (for carts,
//! the few in progress together), never the store (docs/scaling.md). The folder writes rows
//! in multi-row inserts meanwhile. Readers see the live table untouched. Then, in one transaction that locks the
//! live table against writers only (`EXCLUSIVE`: plain reads go on), the work table is
//! brought up to the events committed since it was filled, and the live table is made equal
//! to it: rows that should not exist are deleted, rows that differ are updated, rows
//! missing are inserted. Readers see the old rows until that commit and the new ones after;
//! rows already right are not touched.
//!
//! Why "brought up to date" compares, per aggregate, the last sequence in the events with
//! the last one the work table saw, instead of following the events' global order: a
//! global-sequence value is taken when an event is inserted, not when it commits, so a
//! later commit can carry a lower value and a high-water mark would miss it. The per
//! aggregate comparison misses nothing. Events committed after the lock reach the new rows
//! through the live queries, which wait for the lock and then apply what the row lacks
//! (`CatchUpQuery` notices a changed row by its version and retries; the inventory and the
//! audit log apply by sequence).
//!
//! Order: every read model here is a fold of each aggregate's own events (a view, an item's
//! audit rows, a number's state), so each aggregate is replayed by its sequence. The audit
//! log is the one whose rows span aggregates in one list: its new rows are inserted in the
//! events' global order (`events.global_sequence`), so their ids follow it as the live
//! query's do.

//!
//! Each read model owns its rebuild beside its fold: a view table is a [`ViewTable`] of its
//! view (`cart::rebuild`, `orders::rebuild`, ...), and the audit log, the inventory and the SIP
//! accounts implement [`ReadModel`] in their own modules.
//!
//! Every event is read through the store's one reader (crate::events: the pages, the
//! catch-up's streams and the in-place replay's), so a rebuild sees each event in the shape
//! the aggregate's load, its history and the live queries see.

use std::collections::HashMap;
use std::marker::PhantomData;
use std::time::Instant;

use crate::catch_up::SequencedView;
use crate::events::{EventReader, Read, ReadError, Stored};
use async_trait::async_trait;
use cqrs_es::Aggregate;
use serde::Serialize;
use sqlx::{Connection, PgConnection, PgPool};
use tokio::sync::{mpsc, oneshot};

/// Events read per query while replaying: large enough that the round trips do not count,
/// small enough that the pages in flight (two queued, one folding) stay a few megabytes.
const PAGE: i64 = 5000;
/// Rows written to a work table per statement.
pub const BATCH: usize = 2000;

#[derive(Debug, thiserror::Error)]
pub enum RebuildError {
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
    #[error("the event reader stopped: {0}")]
    Reader(String),
    #[error(transparent)]
    Read(#[from] ReadError),
}

/// What one rebuild did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Rebuilt {
    /// The live table rebuilt.
    pub table: &'static str,
    /// Aggregates replayed (views, catalogue items, numbers with events).
    pub aggregates: usize,
    pub events: usize,
    /// Aggregates found behind the events (or gone from them) after the first replay and
    /// replayed again, before and under the lock.
    pub caught_up: usize,
    /// Rows of the live table deleted, updated and inserted by the swap.
    pub deleted: u64,
    pub updated: u64,
    pub inserted: u64,
    pub elapsed_ms: u128,
    /// How long the live table was locked against writers (the final catch-up and swap).
    pub locked_ms: u128,
}

/// Who watches a rebuild go (the operator's progress bar, crate users' logs): told the
/// events to replay, then each page replayed.
pub trait Watch: Send {
    fn start(&mut self, table: &'static str, events: u64);
    fn add(&mut self, events: u64);
    fn finish(&mut self);
}

/// Nobody watching.
impl Watch for () {
    fn start(&mut self, _: &'static str, _: u64) {}
    fn add(&mut self, _: u64) {}
    fn finish(&mut self) {}
}

/// A rebuild in place, for read models whose every step is idempotent (the registrar's
/// tables, sip.rs and sip_numbers.rs): every stream of each aggregate type is replayed through
/// the projection's own step into the live table, which keeps answering meanwhile; then the
/// rows no event touched since the start are swept.
pub struct Replay<'w, R> {
    pool: sqlx::PgPool,
    reader: R,
    conn: sqlx::pool::PoolConnection<sqlx::Postgres>,
    watch: &'w mut dyn Watch,
    table: &'static str,
    started: std::time::Instant,
    since: chrono::DateTime<chrono::Utc>,
    before: u64,
    aggregates: usize,
    events: usize,
}

impl<'w, R: EventReader> Replay<'w, R> {
    /// Starts the rebuild of `table`, which holds `rows` rows now, over the events of
    /// `aggregate_types`, read by `reader`.
    pub async fn start(
        pool: &sqlx::PgPool,
        reader: &R,
        watch: &'w mut dyn Watch,
        table: &'static str,
        aggregate_types: &[&str],
        rows: u64,
    ) -> Result<Replay<'w, R>, RebuildError> {
        let started = std::time::Instant::now();
        let since = sqlx::query_scalar!(r#"SELECT clock_timestamp() AS "now!""#).fetch_one(pool).await?;
        let mut total = 0;
        for aggregate_type in aggregate_types {
            total += sqlx::query_scalar!(
                r#"SELECT count(*) AS "count!" FROM events WHERE aggregate_type = $1"#,
                aggregate_type
            )
            .fetch_one(pool)
            .await?;
        }
        watch.start(table, total as u64);
        let conn = pool.acquire().await?;
        let reader = reader.clone();
        Ok(Replay {
            pool: pool.clone(),
            reader,
            conn,
            watch,
            table,
            started,
            since,
            before: rows,
            aggregates: 0,
            events: 0,
        })
    }

    /// When the replay started: rows not touched since are the ones no event accounts for.
    pub fn since(&self) -> chrono::DateTime<chrono::Utc> {
        self.since
    }

    /// Replays every stream of `A`, one aggregate at a time, through `apply`.
    pub async fn each<A: Aggregate, E: Into<RebuildError>>(
        &mut self,
        mut apply: impl AsyncFnMut(&str, &A::Event) -> Result<(), E>,
    ) -> Result<(), RebuildError> {
        let ids = sqlx::query_scalar!(
            "SELECT DISTINCT aggregate_id FROM events WHERE aggregate_type = $1 ORDER BY 1",
            A::TYPE
        )
        .fetch_all(&self.pool)
        .await?;
        for id in ids {
            let stored = self.reader.read::<A>(&mut self.conn, Read::Stream(&id)).await?;
            for event in &stored {
                apply(&id, &event.envelope.payload).await.map_err(Into::into)?;
            }
            (self.aggregates, self.events) = (self.aggregates + 1, self.events + stored.len());
            self.watch.add(stored.len() as u64);
        }
        Ok(())
    }

    /// What the rebuild did, once the sweep deleted `deleted` rows and `rows` are left.
    pub fn finish(self, deleted: u64, rows: u64) -> Rebuilt {
        self.watch.finish();
        Rebuilt {
            table: self.table,
            aggregates: self.aggregates,
            events: self.events,
            caught_up: 0,
            deleted,
            updated: 0,
            // Rows the replay added (a lost update repaired): what is there now, less what was kept.
            inserted: (rows + deleted).saturating_sub(self.before),
            elapsed_ms: self.started.elapsed().as_millis(),
            locked_ms: 0,
        }
    }
}

/// How one read model is rebuilt: the rows each aggregate's events make, a work table to
/// hold them, and the swap that makes the live table equal to it.
#[async_trait]
pub trait ReadModel: Send + Sync {
    type A: Aggregate + 'static;
    type Row: Send;
    /// What one aggregate's events so far make (a view being folded, audit rows so far).
    type State: Default + Send;

    /// The live table.
    fn table(&self) -> &'static str;
    /// The work table's name and the statement creating it (a temporary table).
    fn work(&self) -> String;
    fn create_work(&self) -> String;
    /// Applies one aggregate's next event (in sequence order) to what its earlier ones made.
    fn apply(&self, state: &mut Self::State, event: &Stored<Self::A>);
    /// The rows of one aggregate, once all its events are applied.
    fn rows(&self, id: &str, state: Self::State) -> Vec<Self::Row>;
    async fn insert(&self, conn: &mut PgConnection, rows: Vec<Self::Row>) -> Result<(), sqlx::Error>;
    /// A query of the work table's aggregates, as `(id, last)`: the last sequence each saw.
    fn built(&self) -> String;
    /// The column of the work table naming the aggregate.
    fn id_column(&self) -> &'static str;
    /// Makes the live table equal to the work table; answers (deleted, updated, inserted).
    async fn swap(&self, conn: &mut PgConnection) -> Result<(u64, u64, u64), sqlx::Error>;
}

/// Rebuilds `model` from the events `reader` reads (see the module's doc).
pub async fn rebuild<M: ReadModel, R: EventReader>(
    pool: &PgPool,
    reader: &R,
    model: &M,
    watch: &mut dyn Watch,
) -> Result<Rebuilt, RebuildError> {
    let mut conn = pool.acquire().await?;
    match rebuild_on(pool, reader, &mut conn, model, watch).await {
        Ok(rebuilt) => Ok(rebuilt),
        Err(error) => {
            // The connection may hold the work table or a broken transaction: never hand
            // it back to the pool.
            let _ = conn.close().await;
            Err(error)
        }
    }
}

/// The task reading the events; it ends with the first error it met, if any.
type ReadingTask = tokio::task::JoinHandle<Result<(), RebuildError>>;

/// Each aggregate's last sequence, as the reader's snapshot sees it.
type Lasts = HashMap<String, i64>;

/// Reads one aggregate type's events page by page on a connection of its own and hands the
/// decoded pages over, so reading and decoding overlap folding and writing. First it hands
/// over each aggregate's last sequence, read in the same REPEATABLE READ transaction as
/// the pages, so every aggregate listed ends at the event listed, and no later event of it
/// is read (those are the catch-up's).
fn read_pages<A: Aggregate + 'static>(
    pool: &PgPool,
    reader: &impl EventReader,
) -> (ReadingTask, oneshot::Receiver<Lasts>, mpsc::Receiver<Vec<Stored<A>>>) {
    let (pages, receiver) = mpsc::channel(2);
    let (lasts_sender, lasts) = oneshot::channel();
    let (pool, reader) = (pool.clone(), reader.clone());
    let task = tokio::spawn(async move {
        let mut conn = pool.acquire().await?;
        let mut tx = conn.begin().await?;
        sqlx::query!("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY").execute(&mut *tx).await?;
        let ends: Vec<(String, i64)> = sqlx::query!(
            r#"SELECT aggregate_id, max(sequence) AS "last!" FROM events WHERE aggregate_type = $1 GROUP BY aggregate_id"#,
            A::TYPE
        )
        .fetch_all(&mut *tx)
        .await?
        .into_iter()
        .map(|r| (r.aggregate_id, r.last))
        .collect();
        if lasts_sender.send(ends.into_iter().collect()).is_err() {
            return Ok(());
        }
        let mut after = 0_i64;
        loop {
            let page = reader.read::<A>(&mut tx, Read::Page { after, limit: PAGE }).await?;
            let Some(last) = page.last() else { break };
            after = last.global_sequence;
            if pages.send(page).await.is_err() {
                // The rebuild stopped on an error of its own and reports it.
                break;
            }
        }
        tx.rollback().await?;
        Ok(())
    });
    (task, lasts, receiver)
}

async fn rebuild_on<M: ReadModel>(
    pool: &PgPool,
    reader: &impl EventReader,
    conn: &mut PgConnection,
    model: &M,
    watch: &mut dyn Watch,
) -> Result<Rebuilt, RebuildError> {
    let started = Instant::now();
    let table = model.table();
    let work = model.work();
    // Runtime SQL, here and on the work table below: it is the model's, named at run time,
    // and temporary, so no database the macros describe against has it.
    sqlx::query(&format!("DROP TABLE IF EXISTS pg_temp.{work}")).execute(&mut *conn).await?;
    sqlx::query(&model.create_work()).execute(&mut *conn).await?;

    let total: i64 =
        sqlx::query_scalar!(r#"SELECT count(*) AS "count!" FROM events WHERE aggregate_type = $1"#, M::A::TYPE)
            .fetch_one(&mut *conn)
            .await?;
    tracing::info!(table, events = total, "rebuilding");
    watch.start(table, total as u64);
    let (mut events_done, mut aggregates) = (0_usize, 0_usize);
    let (reading, lasts, mut pages) = read_pages::<M::A>(pool, reader);
    // Without the list the reading task has failed: its error is reported below.
    let mut lasts = lasts.await.unwrap_or_default();
    let mut open: HashMap<String, M::State> = HashMap::new();
    let mut rows = Vec::new();
    while let Some(page) = pages.recv().await {
        let events = page.len();
        for event in page {
            let id = &event.envelope.aggregate_id;
            match open.get_mut(id) {
                Some(state) => model.apply(state, &event),
                None => model.apply(open.entry(id.clone()).or_default(), &event),
            }
            if lasts.get(id) == Some(&(event.envelope.sequence as i64)) {
                lasts.remove(id);
                let state = open.remove(id).expect("the state just applied to");
                rows.extend(model.rows(id, state));
                aggregates += 1;
            }
        }
        if rows.len() >= BATCH {
            model.insert(conn, std::mem::take(&mut rows)).await?;
        }
        events_done += events;
        watch.add(events as u64);
    }
    watch.finish();
    reading.await.map_err(|e| RebuildError::Reader(e.to_string()))??;
    // None are left open when the reading task read to the end; should any be, the catch-up
    // below finds them behind their events.
    for (id, state) in open {
        rows.extend(model.rows(&id, state));
        aggregates += 1;
    }
    model.insert(conn, rows).await?;
    // The temporary table has no statistics until analysed: without them the catch-up
    // and the swap below are planned as if it were empty.
    sqlx::query(&format!("ANALYZE pg_temp.{work}")).execute(&mut *conn).await?;

    // Once without the lock, for whatever was written during the replay, then again under
    // it, for the last moments: the lock is held only as long as that takes.
    let mut caught_up = catch_up(conn, reader, model).await?;
    let mut tx = conn.begin().await?;
    // How long the swap waits for writers to let go of the live table before giving up.
    sqlx::query!("SET LOCAL lock_timeout = '30s'").execute(&mut *tx).await?;
    // Runtime SQL: the live table is the model's, named at run time.
    sqlx::query(&format!("LOCK TABLE {table} IN EXCLUSIVE MODE")).execute(&mut *tx).await?;
    let locked = Instant::now();
    caught_up += catch_up(&mut tx, reader, model).await?;
    let (deleted, updated, inserted) = model.swap(&mut tx).await?;
    tx.commit().await?;
    let locked_ms = locked.elapsed().as_millis();
    sqlx::query(&format!("DROP TABLE pg_temp.{work}")).execute(&mut *conn).await?;

    let rebuilt = Rebuilt {
        table,
        aggregates,
        events: events_done,
        caught_up,
        deleted,
        updated,
        inserted,
        elapsed_ms: started.elapsed().as_millis(),
        locked_ms,
    };
    tracing::info!(
        table,
        aggregates = rebuilt.aggregates,
        events = rebuilt.events,
        caught_up,
        deleted,
        updated,
        inserted,
        elapsed_ms = rebuilt.elapsed_ms as u64,
        locked_ms = locked_ms as u64,
        "rebuilt"
    );
    Ok(rebuilt)
}

/// Replays again every aggregate whose last event the work table has not seen, and drops
/// the rows of aggregates whose events are gone (purged carts). Answers how many.
async fn catch_up<M: ReadModel>(
    conn: &mut PgConnection,
    reader: &impl EventReader,
    model: &M,
) -> Result<usize, RebuildError> {
    // Runtime SQL: the model's `built` query and work table are spliced in.
    let ids: Vec<String> = sqlx::query_scalar(&format!(
        "WITH latest AS (SELECT aggregate_id AS id, max(sequence) AS last FROM events
                         WHERE aggregate_type = $1 GROUP BY aggregate_id),
              built AS ({})
         SELECT coalesce(latest.id, built.id) FROM latest FULL JOIN built ON built.id = latest.id
         WHERE latest.last IS DISTINCT FROM built.last",
        model.built()
    ))
    .bind(M::A::TYPE)
    .fetch_all(&mut *conn)
    .await?;
    if ids.is_empty() {
        return Ok(0);
    }
    sqlx::query(&format!("DELETE FROM {} WHERE {} = ANY($1)", model.work(), model.id_column()))
        .bind(&ids)
        .execute(&mut *conn)
        .await?;
    let events = reader.read::<M::A>(conn, Read::Streams(&ids)).await?;
    let mut rows = Vec::new();
    for chunk in events.chunk_by(|a, b| a.envelope.aggregate_id == b.envelope.aggregate_id) {
        let mut state = M::State::default();
        for event in chunk {
            model.apply(&mut state, event);
        }
        rows.extend(model.rows(&chunk[0].envelope.aggregate_id, state));
    }
    model.insert(conn, rows).await?;
    Ok(ids.len())
}

/// A postgres-es view table `(view_id, version, payload)` of a [`SequencedView`]. In the
/// work table `version` holds the view's last sequence; the swap gives a changed row the
/// live row's version plus one, so a live query that loaded the old row retries.
pub struct ViewTable<A, V> {
    table: &'static str,
    phantom: PhantomData<fn() -> (A, V)>,
}

impl<A, V> ViewTable<A, V> {
    pub fn new(table: &'static str) -> Self {
        ViewTable { table, phantom: PhantomData }
    }
}

// Runtime SQL throughout: the view table is chosen at run time (one ViewTable per view),
// and its work table is temporary.
#[async_trait]
impl<A, V> ReadModel for ViewTable<A, V>
where
    A: Aggregate + 'static,
    V: SequencedView<A> + 'static,
{
    type A = A;
    /// The view's id, its last sequence, and the view as JSON text.
    type Row = (String, i64, String);
    type State = V;

    fn table(&self) -> &'static str {
        self.table
    }

    fn work(&self) -> String {
        format!("{}_rebuild", self.table)
    }

    fn create_work(&self) -> String {
        format!("CREATE TEMPORARY TABLE {} (LIKE {} INCLUDING ALL)", self.work(), self.table)
    }

    fn apply(&self, view: &mut V, event: &Stored<A>) {
        view.update(&event.envelope);
    }

    fn rows(&self, id: &str, view: V) -> Vec<Self::Row> {
        let payload = serde_json::to_string(&view).expect("a view serialises");
        vec![(id.to_string(), view.last_sequence() as i64, payload)]
    }

    async fn insert(&self, conn: &mut PgConnection, rows: Vec<Self::Row>) -> Result<(), sqlx::Error> {
        for chunk in rows.chunks(BATCH) {
            let ids: Vec<&str> = chunk.iter().map(|r| r.0.as_str()).collect();
            let lasts: Vec<i64> = chunk.iter().map(|r| r.1).collect();
            let payloads: Vec<&str> = chunk.iter().map(|r| r.2.as_str()).collect();
            // Through jsonb, as postgres-es writes the live rows (a JSON value bound as
            // jsonb): the same view is then the same text, and the swap compares text.
            sqlx::query(&format!(
                "INSERT INTO {} (view_id, version, payload)
                 SELECT id, last, payload::jsonb::json FROM UNNEST($1::text[], $2::bigint[], $3::text[]) AS r(id, last, payload)",
                self.work()
            ))
            .bind(ids)
            .bind(lasts)
            .bind(payloads)
            .execute(&mut *conn)
            .await?;
        }
        Ok(())
    }

    fn built(&self) -> String {
        format!("SELECT view_id AS id, version AS last FROM {}", self.work())
    }

    fn id_column(&self) -> &'static str {
        "view_id"
    }

    async fn swap(&self, conn: &mut PgConnection) -> Result<(u64, u64, u64), sqlx::Error> {
        let (live, work) = (self.table, self.work());
        let deleted = sqlx::query(&format!(
            "DELETE FROM {live} v WHERE NOT EXISTS (SELECT 1 FROM {work} w WHERE w.view_id = v.view_id)"
        ))
        .execute(&mut *conn)
        .await?;
        let updated = sqlx::query(&format!(
            "UPDATE {live} v SET payload = w.payload, version = v.version + 1 FROM {work} w
             WHERE w.view_id = v.view_id AND w.payload::text IS DISTINCT FROM v.payload::text"
        ))
        .execute(&mut *conn)
        .await?;
        let inserted = sqlx::query(&format!(
            "INSERT INTO {live} (view_id, version, payload)
             SELECT w.view_id, 1, w.payload FROM {work} w
             WHERE NOT EXISTS (SELECT 1 FROM {live} v WHERE v.view_id = w.view_id)"
        ))
        .execute(&mut *conn)
        .await?;
        Ok((deleted.rows_affected(), updated.rows_affected(), inserted.rows_affected()))
    }
}
