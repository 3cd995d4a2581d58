//! The event store every framework writes through: postgres-es's repository, with one
//! change to how a command's events are appended.
//!
//! postgres-es appends in a transaction: BEGIN, one INSERT per event, COMMIT, so a command
//! that raises one event costs three round trips to the database just to store it. Here
//! the events of one command go in one `INSERT ... SELECT FROM UNNEST` without a
//! transaction of our own: a single statement is atomic by itself (all its rows or none),
//! and the events' primary key (type, aggregate, sequence) refuses a stale append exactly
//! as before, which cqrs-es reports as a conflict and the command runner retries
//! (crate::commands). Loading and appending stay two statements, not one transaction: the
//! key already refuses an append made from an outdated load, so wrapping both in
//! BEGIN/COMMIT would add two round trips and no safety.
//!
//! Snapshots: every [`SNAPSHOT_EVERY`] events an aggregate's state is stored beside them
//! (cqrs-es's snapshot store), so a command loads the snapshot and the few events after it
//! instead of a stream that grows with every change (a busy cart, a number held and let go
//! for years). The load is one statement ([`LOAD`]): the latest snapshot and the events
//! after it together, handed to cqrs-es's two calls (get_snapshot, then get_last_events).
//! A commit that reaches a snapshot writes its events and the snapshot in one statement too
//! ([`Append`], written by jobs::commands::Cqrs, which also puts a view derived from the
//! aggregate's state in the same statement). The snapshot replaces the aggregate's earlier
//! one: it is the state the command left, at the sequence of its last event.
//!
//! A snapshot is the aggregate's own serialisation. A change to an aggregate's fields that
//! no longer deserialises is safe (cqrs-es replays the whole stream instead); a change that
//! still deserialises but means something else must delete that type's snapshots
//! (`DELETE FROM snapshots WHERE aggregate_type = '...'`), as docs/scaling.md says.

use std::collections::HashMap;
use std::sync::Mutex;

use cqrs_es::persist::{PersistedEventRepository, PersistenceError, ReplayStream, SerializedEvent, SerializedSnapshot};
use cqrs_es::Aggregate;
use postgres_es::PostgresEventRepository;
use serde_json::Value;
use sqlx::{PgPool, Row};

/// Events between two snapshots of one aggregate. Writing one costs a row per 25 commands;
/// loading reads at most 24 events after it. A stream shorter than this never has one, and
/// loads as before, in one statement.
pub const SNAPSHOT_EVERY: usize = 25;

/// The latest snapshot (if any) and every event after it, in one statement: the snapshot's
/// row first (`snapshot` true), then the events by sequence.
const LOAD: &str = "
    WITH snap AS (SELECT last_sequence, current_snapshot, payload FROM snapshots
                   WHERE aggregate_type = $1 AND aggregate_id = $2 ORDER BY last_sequence DESC LIMIT 1)
    SELECT true AS snapshot, last_sequence AS sequence, current_snapshot, '' AS event_type, '' AS event_version,
           payload, NULL::json AS metadata
      FROM snap
    UNION ALL
    SELECT false, sequence, 0, event_type, event_version, payload, metadata FROM events
     WHERE aggregate_type = $1 AND aggregate_id = $2
       AND sequence > COALESCE((SELECT last_sequence FROM snap), 0)";

/// The statement that stores one command: its events; with `snapshot`, the aggregate's
/// state replacing its earlier snapshot; with `view`, that view's row (see [`Append`]). One
/// statement, so all of it or none: a taken event key refuses the lot. It answers how many
/// events it stored: none when the event before the first is not there (a stream deleted
/// since it was loaded, such as an idle empty cart purged by crate::purge), which is
/// refused like a taken key, so a state kept in memory never writes after a gap.
fn append_statement(snapshot: bool, view: Option<&str>) -> String {
    let mut sql = String::from(
        "WITH appended AS (
           INSERT INTO events (aggregate_type, aggregate_id, sequence, event_type, event_version, payload, metadata)
           SELECT $1, $2, e.sequence, e.event_type, e.event_version, e.payload::json, e.metadata::json
             FROM UNNEST($3::bigint[], $4::text[], $5::text[], $6::text[], $7::text[])
                  WITH ORDINALITY AS e(sequence, event_type, event_version, payload, metadata, n)
            WHERE ($3::bigint[])[1] = 1
               OR EXISTS (SELECT 1 FROM events WHERE aggregate_type = $1 AND aggregate_id = $2
                                                 AND sequence = ($3::bigint[])[1] - 1)
            ORDER BY e.n
           RETURNING 1)",
    );
    let stored = "(SELECT count(*) FROM appended) > 0";
    let mut next = 8;
    if snapshot {
        sql.push_str(&format!(
            ",
         earlier AS (DELETE FROM snapshots WHERE aggregate_type = $1 AND aggregate_id = $2 AND last_sequence < $8
                     AND {stored}),
         snapshot AS (INSERT INTO snapshots (aggregate_type, aggregate_id, last_sequence, current_snapshot, payload)
                      SELECT $1, $2, $8, $9, $10::json WHERE {stored})"
        ));
        next = 11;
    }
    if let Some(table) = view {
        sql.push_str(&format!(
            ",
         view AS (INSERT INTO {table} (view_id, version, payload) SELECT $2, 1, ${next}::jsonb::json WHERE {stored}
                  ON CONFLICT (view_id) DO UPDATE SET version = {table}.version + 1, payload = EXCLUDED.payload)"
        ));
    }
    sql.push_str("\n    SELECT count(*) FROM appended");
    sql
}

/// What one command stores, in one statement ([`EventRepository::append`]).
pub struct Append<'a> {
    /// Its events, in order.
    pub events: &'a [SerializedEvent],
    /// The aggregate's state after them (JSON), when they reach a multiple of
    /// [`SNAPSHOT_EVERY`]: stored as the snapshot at their last sequence.
    pub snapshot: Option<String>,
    /// A view that follows from that state: its table and its row's payload (JSON). It
    /// goes in through jsonb, as postgres-es's own view writes do (sqlx sends a JSON value
    /// as jsonb), so equal views are equal text wherever they were written (the rebuild
    /// compares them as text, api/src/rebuild.rs).
    pub view: Option<(&'static str, String)>,
}

/// Events read with a snapshot, waiting for cqrs-es to ask for them: (type, aggregate) to
/// (the snapshot's sequence, the events after it).
type Loaded = HashMap<(&'static str, String), (usize, Vec<SerializedEvent>)>;
/// Loads whose second call never came (a request dropped between the two) are forgotten
/// past this many; a forgotten load only costs the second call its own query.
const MAX_WAITING: usize = 10_000;

pub struct EventRepository {
    pool: PgPool,
    postgres: PostgresEventRepository,
    loaded: Mutex<Loaded>,
}

impl EventRepository {
    pub fn new(pool: PgPool) -> EventRepository {
        EventRepository { postgres: PostgresEventRepository::new(pool.clone()), pool, loaded: Mutex::default() }
    }

    /// Stores one command's events, and with them its snapshot and view if any, in one
    /// statement. A taken key (another command's append to the same aggregate since it was
    /// loaded) is `OptimisticLockError`, and nothing is stored.
    pub async fn append<A: Aggregate>(&self, append: Append<'_>) -> Result<(), PersistenceError> {
        let Some(first) = append.events.first() else { return Ok(()) };
        let events = append.events;
        let text = |value: &Value| serde_json::to_string(value).map_err(|e| PersistenceError::UnknownError(e.into()));
        let payloads = events.iter().map(|e| text(&e.payload)).collect::<Result<Vec<_>, _>>()?;
        let metadata = events.iter().map(|e| text(&e.metadata)).collect::<Result<Vec<_>, _>>()?;
        let last = events.last().map_or(0, |e| e.sequence);
        let sql = append_statement(append.snapshot.is_some(), append.view.as_ref().map(|(table, _)| *table));
        let mut query = sqlx::query(&sql)
            .bind(A::TYPE)
            .bind(&first.aggregate_id)
            .bind(events.iter().map(|e| e.sequence as i64).collect::<Vec<_>>())
            .bind(events.iter().map(|e| e.event_type.as_str()).collect::<Vec<_>>())
            .bind(events.iter().map(|e| e.event_version.as_str()).collect::<Vec<_>>())
            .bind(payloads)
            .bind(metadata);
        if let Some(state) = append.snapshot {
            query = query.bind(last as i64).bind((last / SNAPSHOT_EVERY) as i64).bind(state);
        }
        if let Some((_, view)) = append.view {
            query = query.bind(view);
        }
        let stored: i64 = query.fetch_one(&self.pool).await.map_err(refusal)?.try_get(0).map_err(refusal)?;
        if stored == 0 {
            return Err(PersistenceError::OptimisticLockError);
        }
        Ok(())
    }
}

/// As postgres-es reports its own append's errors: a taken key is another command's append
/// to the same aggregate (a conflict, retried), a lost connection is one, the rest unknown.
fn refusal(error: sqlx::Error) -> PersistenceError {
    match &error {
        sqlx::Error::Database(e) if e.code().as_deref() == Some("23505") => PersistenceError::OptimisticLockError,
        sqlx::Error::Io(_) | sqlx::Error::Tls(_) => PersistenceError::ConnectionError(error.into()),
        _ => PersistenceError::UnknownError(error.into()),
    }
}

impl PersistedEventRepository for EventRepository {
    async fn get_events<A: Aggregate>(&self, aggregate_id: &str) -> Result<Vec<SerializedEvent>, PersistenceError> {
        self.postgres.get_events::<A>(aggregate_id).await
    }

    async fn get_last_events<A: Aggregate>(
        &self,
        aggregate_id: &str,
        last_sequence: usize,
    ) -> Result<Vec<SerializedEvent>, PersistenceError> {
        // The events get_snapshot read with the snapshot, when this asks for those; else
        // (another load of the same aggregate took them) a query of its own.
        let waiting =
            self.loaded.lock().unwrap_or_else(|e| e.into_inner()).remove(&(A::TYPE, aggregate_id.to_string()));
        match waiting {
            Some((after, events)) if after == last_sequence => Ok(events),
            _ => self.postgres.get_last_events::<A>(aggregate_id, last_sequence).await,
        }
    }

    async fn get_snapshot<A: Aggregate>(
        &self,
        aggregate_id: &str,
    ) -> Result<Option<SerializedSnapshot>, PersistenceError> {
        let rows = sqlx::query(LOAD).bind(A::TYPE).bind(aggregate_id).fetch_all(&self.pool).await.map_err(refusal)?;
        let mut snapshot = None;
        let mut events = Vec::with_capacity(rows.len());
        for row in rows {
            let sequence = row.try_get::<i64, _>("sequence").map_err(refusal)? as usize;
            let payload: Value = row.try_get("payload").map_err(refusal)?;
            if row.try_get::<bool, _>("snapshot").map_err(refusal)? {
                snapshot = Some(SerializedSnapshot {
                    aggregate_id: aggregate_id.to_string(),
                    aggregate: payload,
                    current_sequence: sequence,
                    current_snapshot: row.try_get::<i64, _>("current_snapshot").map_err(refusal)? as usize,
                });
            } else {
                events.push(SerializedEvent {
                    aggregate_id: aggregate_id.to_string(),
                    sequence,
                    aggregate_type: A::TYPE.to_string(),
                    event_type: row.try_get("event_type").map_err(refusal)?,
                    event_version: row.try_get("event_version").map_err(refusal)?,
                    payload,
                    metadata: row.try_get("metadata").map_err(refusal)?,
                });
            }
        }
        events.sort_by_key(|e| e.sequence);
        let after = snapshot.as_ref().map_or(0, |s| s.current_sequence);
        let mut loaded = self.loaded.lock().unwrap_or_else(|e| e.into_inner());
        if loaded.len() >= MAX_WAITING {
            loaded.clear();
        }
        loaded.insert((A::TYPE, aggregate_id.to_string()), (after, events));
        Ok(snapshot)
    }

    /// cqrs-es's own commit (PersistedEventStore::commit), which no framework here uses: its
    /// events only. Its snapshot is not stored: cqrs-es 0.5 applies the committed events to
    /// an aggregate that handling the command has already applied them to, so the state it
    /// offers has them twice (jobs::commands::Cqrs stores the right one).
    async fn persist<A: Aggregate>(
        &self,
        events: &[SerializedEvent],
        _snapshot_update: Option<(String, Value, usize)>,
    ) -> Result<(), PersistenceError> {
        self.append::<A>(Append { events, snapshot: None, view: None }).await
    }

    async fn stream_events<A: Aggregate>(&self, aggregate_id: &str) -> Result<ReplayStream, PersistenceError> {
        self.postgres.stream_events::<A>(aggregate_id).await
    }

    async fn stream_all_events<A: Aggregate>(&self) -> Result<ReplayStream, PersistenceError> {
        self.postgres.stream_all_events::<A>().await
    }
}
