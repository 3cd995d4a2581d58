//! The event store's SQL: postgres-es's tables, with our own load, append and reader.
//!
//! **One reader.** Every read of stored events goes through [`read`] (or [`load`], the
//! command side's read of a snapshot and the events after it, whose event rows decode the
//! same way): the aggregate's load, its history ([`crate::commands::history`]), support's
//! history (api/src/app/admin/history.rs), the live queries that read a stream
//! (projections' `CatchUpQuery` and SIP numbers, through [`Reader`]) and `rebuild-views`'
//! pages. Each event is brought to its current shape by the upcasters
//! (aggregates::upcasting) once, then deserialised; an event no upcaster touches is
//! deserialised straight from its stored text. The reader's interface (`EventReader`,
//! [`Read`], [`Stored`]) is in projections::events, since the projections cannot depend on
//! this crate; its one implementation is here. postgres-es's own repository reads nothing
//! in the server: only api/tests/api/event_store.rs uses it, to show that our table is still
//! the one postgres-es reads and writes (its view repositories keep the views).
//!
//! postgres-es appends in a transaction: BEGIN, one INSERT per event, COMMIT, so a command
//! that raises one event costs three round trips to the database just to store it. Here
//! the events of one command go in one `INSERT ... SELECT FROM UNNEST` without a
//! transaction of our own: a single statement is atomic by itself (all its rows or none),
//! and the events' primary key (type, aggregate, sequence) refuses a stale append exactly
//! as before, which cqrs-es reports as a conflict and the command runner retries
//! (crate::commands). A caller may run both on its own transaction instead
//! (`Cqrs::execute_in`), so rows it writes commit with the events. Loading and appending
//! otherwise stay two statements, not one transaction: the
//! key already refuses an append made from an outdated load, so wrapping both in
//! BEGIN/COMMIT would add two round trips and no safety.
//!
//! Snapshots: every [`SNAPSHOT_EVERY`] events an aggregate's state is stored beside them
//! (cqrs-es's snapshot store), so a command loads the snapshot and the few events after it
//! instead of a stream that grows with every change (a busy cart, a number held and let go
//! for years). The load is one statement ([`load`]): the latest snapshot and the events
//! after it together.
//! A commit that reaches a snapshot writes its events and the snapshot in one statement too
//! ([`Append`], written by store::commands::Cqrs, which also puts a view derived from the
//! aggregate's state, and rows derived from its events, in the same statement). The
//! snapshot replaces the aggregate's earlier one: it is the state the command left, at the
//! sequence of its last event.
//!
//! A snapshot is the aggregate's own serialisation. A change to an aggregate's fields that
//! no longer deserialises is safe (cqrs-es replays the whole stream instead); a change that
//! still deserialises but means something else must delete that type's snapshots
//! (`DELETE FROM snapshots WHERE aggregate_type = '...'`), as docs/scaling.md says.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use cqrs_es::persist::{EventUpcaster, PersistenceError, SerializedEvent};
use cqrs_es::{Aggregate, EventEnvelope};
pub use projections::events::{EventReader, Read, ReadError, Stored};
use serde_json::Value;
use sqlx::{PgConnection, PgPool, Row};

/// Events between two snapshots of one aggregate. Writing one costs a row per 25 commands;
/// loading reads at most 24 events after it. A stream shorter than this never has one, and
/// loads as before, in one statement.
pub const SNAPSHOT_EVERY: usize = 25;

/// The statement that stores one command: its events; with `snapshot`, the aggregate's
/// state replacing its earlier snapshot; with `view`, that view's row; with `rows`, the rows
/// its events derive, per table with its columns (see [`Append`]). One statement, so all of
/// it or none: a taken event key, or a derived row's, refuses the lot. It answers how many
/// events it stored: none when the event before the first is not there (a stream deleted
/// since it was loaded, such as an idle empty cart purged by crate::purge), which is
/// refused like a taken key, so a state kept in memory never writes after a gap.
fn append_statement(snapshot: bool, view: Option<&str>, workflows: bool, rows: &[(&str, Vec<String>)]) -> String {
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
        // Its time is the statement's, as the events' `recorded_at` is: when its aggregate
        // last changed (an idle cart's age, crate::purge).
        sql.push_str(&format!(
            ",
         view AS (INSERT INTO {table} (view_id, version, payload, updated_at) SELECT $2, 1, ${next}::jsonb::json, now()
                  WHERE {stored}
                  ON CONFLICT (view_id) DO UPDATE SET version = {table}.version + 1, payload = EXCLUDED.payload,
                                                      updated_at = EXCLUDED.updated_at)"
        ));
        next += 1;
    }
    // The rows the events derive: one insert per table, its rows a JSON array of objects. A
    // taken key fails the whole statement (no ON CONFLICT): the events are not stored either.
    for (n, (table, columns)) in rows.iter().enumerate() {
        let columns = columns.join(", ");
        sql.push_str(&format!(
            ",
         derived_{n} AS (INSERT INTO {table} ({columns})
                         SELECT {columns} FROM json_populate_recordset(NULL::{table}, ${next}::json) WHERE {stored})"
        ));
        next += 1;
    }
    if workflows {
        // A workflow already owed to this aggregate keeps its row (its start and progress),
        // and learns of the later event.
        sql.push_str(&format!(
            ",
         started AS (INSERT INTO workflows (workflow, aggregate_id, sequence, latest)
                     SELECT w.workflow, $2, min(w.sequence), max(w.sequence)
                       FROM UNNEST(${next}::text[], ${}::bigint[]) AS w(workflow, sequence)
                      WHERE {stored}
                      GROUP BY w.workflow
                     ON CONFLICT (workflow, aggregate_id)
                     DO UPDATE SET latest = GREATEST(workflows.latest, EXCLUDED.latest), updated_at = now())",
            next + 1
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
    /// compares them as text, api/src/tools/rebuild.rs). Its `updated_at` is set to the
    /// statement's time (every derived view's table has the column).
    pub view: Option<(&'static str, String)>,
    /// The workflows its events start: each a name and the sequence of the event that
    /// starts it (a row of `workflows`, api/src/workflows).
    pub workflows: Vec<(&'static str, usize)>,
    /// The rows its events derive (projections::catch_up::DerivedRow), each a table and its
    /// columns by name: inserted with the events, and a taken key stores nothing
    /// ([`RowTaken`]).
    pub rows: Vec<(&'static str, serde_json::Map<String, Value>)>,
}

/// Why an append stored nothing: a derived row's key in `table` is taken (a row there
/// exists already). Carried in `PersistenceError::UnknownError`; see [`row_taken`].
#[derive(Debug)]
pub struct RowTaken(pub &'static str);

impl std::fmt::Display for RowTaken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "a row of {} with that key exists already", self.0)
    }
}

impl std::error::Error for RowTaken {}

/// The table whose derived row's key refused an append, if that is why it failed.
pub fn row_taken(error: &PersistenceError) -> Option<&'static str> {
    match error {
        PersistenceError::UnknownError(inner) => inner.downcast_ref::<RowTaken>().map(|taken| taken.0),
        _ => None,
    }
}

/// The rows grouped by table, in order of first appearance: each table, its columns (every
/// name any of its rows has, sorted) and its rows as a JSON array.
type Grouped = Vec<(&'static str, Vec<String>, Vec<serde_json::Map<String, Value>>)>;

fn grouped(rows: Vec<(&'static str, serde_json::Map<String, Value>)>) -> Result<Grouped, PersistenceError> {
    let mut tables: Grouped = vec![];
    for (table, row) in rows {
        let plain = |name: &str| {
            !name.is_empty() && name.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
        };
        if !plain(table) || !row.keys().all(|k| plain(k)) {
            return Err(PersistenceError::UnknownError(format!("a derived row's name is not plain: {table}").into()));
        }
        let at = match tables.iter().position(|(t, _, _)| *t == table) {
            Some(at) => at,
            None => {
                tables.push((table, vec![], vec![]));
                tables.len() - 1
            }
        };
        let (_, columns, rows) = &mut tables[at];
        for name in row.keys() {
            if !columns.contains(name) {
                columns.push(name.clone());
            }
        }
        rows.push(row);
    }
    for (_, columns, _) in &mut tables {
        columns.sort();
    }
    Ok(tables)
}

/// A snapshot's sequence and payload (JSON text), if there is one, and the events after it
/// in order, read through the upcasters.
pub struct Loaded<A: Aggregate> {
    pub snapshot: Option<(usize, String)>,
    pub events: Vec<Stored<A>>,
}

/// The latest snapshot of aggregate `id` and the events after it, in one statement: the
/// snapshot's row first (`snapshot` true), then the events by sequence, each decoded as
/// [`read`] decodes it.
pub async fn load<A: Aggregate>(connection: &mut PgConnection, id: &str) -> Result<Loaded<A>, ReadError> {
    let rows = sqlx::query!(
        r#"WITH snap AS (SELECT last_sequence, payload FROM snapshots
                       WHERE aggregate_type = $1 AND aggregate_id = $2 ORDER BY last_sequence DESC LIMIT 1)
        SELECT true AS "snapshot!", last_sequence AS "sequence!", '' AS "event_type!", '' AS "event_version!",
               payload::text AS "payload!", '' AS "metadata!", 0::bigint AS "global_sequence!",
               now() AS "recorded_at!"
          FROM snap
        UNION ALL
        SELECT false, sequence, event_type, event_version, payload::text, metadata::text, global_sequence,
               recorded_at
          FROM events
         WHERE aggregate_type = $1 AND aggregate_id = $2
           AND sequence > COALESCE((SELECT last_sequence FROM snap), 0)"#,
        A::TYPE,
        id
    )
    .fetch_all(connection)
    .await?;
    let decoder = Decoder::<A>::new();
    let mut loaded = Loaded { snapshot: None, events: Vec::with_capacity(rows.len()) };
    for row in rows {
        if row.snapshot {
            loaded.snapshot = Some((row.sequence as usize, row.payload));
        } else {
            loaded.events.push(decoder.decode(EventRow {
                aggregate_id: id.to_string(),
                sequence: row.sequence,
                event_type: row.event_type,
                event_version: row.event_version,
                payload: row.payload,
                metadata: row.metadata,
                global_sequence: row.global_sequence,
                recorded_at: row.recorded_at,
            })?);
        }
    }
    loaded.events.sort_by_key(|e| e.envelope.sequence);
    Ok(loaded)
}

/// The store's one reader of events, for what reads through projections' `EventReader`
/// (the catch-up, the SIP numbers' order streams, the rebuild): [`read`].
#[derive(Debug, Clone, Copy, Default)]
pub struct Reader;

impl EventReader for Reader {
    async fn read<A: Aggregate>(
        &self,
        connection: &mut PgConnection,
        which: Read<'_>,
    ) -> Result<Vec<Stored<A>>, ReadError> {
        read::<A>(connection, which).await
    }
}

/// A stored event's row: its payload and metadata as the JSON text they were stored as.
struct EventRow {
    aggregate_id: String,
    sequence: i64,
    event_type: String,
    event_version: String,
    payload: String,
    metadata: String,
    global_sequence: i64,
    recorded_at: DateTime<Utc>,
}

/// The events of aggregate type `A` that `which` selects, on `connection`, each brought to
/// its current shape by the upcasters and deserialised.
pub async fn read<A: Aggregate>(connection: &mut PgConnection, which: Read<'_>) -> Result<Vec<Stored<A>>, ReadError> {
    let rows = match which {
        Read::Stream(id) => {
            sqlx::query_as!(
                EventRow,
                r#"SELECT aggregate_id, sequence, event_type, event_version, payload::text AS "payload!",
                          metadata::text AS "metadata!", global_sequence, recorded_at
                     FROM events WHERE aggregate_type = $1 AND aggregate_id = $2 ORDER BY sequence"#,
                A::TYPE,
                id
            )
            .fetch_all(connection)
            .await?
        }
        Read::Streams(ids) => {
            sqlx::query_as!(
                EventRow,
                r#"SELECT aggregate_id, sequence, event_type, event_version, payload::text AS "payload!",
                          metadata::text AS "metadata!", global_sequence, recorded_at
                     FROM events WHERE aggregate_type = $1 AND aggregate_id = ANY($2)
                    ORDER BY aggregate_id, sequence"#,
                A::TYPE,
                ids
            )
            .fetch_all(connection)
            .await?
        }
        Read::Prefixed(prefix) => {
            // A prefix, not a pattern: LIKE's wildcards in it match themselves.
            let pattern = prefix.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_") + "%";
            sqlx::query_as!(
                EventRow,
                r#"SELECT aggregate_id, sequence, event_type, event_version, payload::text AS "payload!",
                          metadata::text AS "metadata!", global_sequence, recorded_at
                     FROM events WHERE aggregate_type = $1 AND aggregate_id LIKE $2
                    ORDER BY aggregate_id, sequence"#,
                A::TYPE,
                pattern
            )
            .fetch_all(connection)
            .await?
        }
        // An index range of events_type_global: the pages come off the disk in the order
        // they were written (projections::rebuild). Without the metadata, which no read
        // model reads: decoding it would cost a rebuild as much again as the events.
        Read::Page { after, limit } => {
            sqlx::query_as!(
                EventRow,
                r#"SELECT aggregate_id, sequence, event_type, event_version, payload::text AS "payload!",
                          '{}' AS "metadata!", global_sequence, recorded_at
                     FROM events WHERE aggregate_type = $1 AND global_sequence > $2
                    ORDER BY aggregate_type, global_sequence LIMIT $3"#,
                A::TYPE,
                after,
                limit
            )
            .fetch_all(connection)
            .await?
        }
    };
    let decoder = Decoder::<A>::new();
    rows.into_iter().map(|row| decoder.decode(row)).collect()
}

/// Whether aggregate `id` of `aggregate_type` has any stored event (an order that exists).
pub async fn exists(pool: &PgPool, aggregate_type: &str, id: &str) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(
        r#"SELECT EXISTS (SELECT 1 FROM events WHERE aggregate_type = $1 AND aggregate_id = $2) AS "exists!""#,
        aggregate_type,
        id
    )
    .fetch_one(pool)
    .await
}

/// Decodes one aggregate type's stored events: the upcasters of the type, made once per read.
struct Decoder<A> {
    upcasters: Vec<Box<dyn EventUpcaster>>,
    phantom: std::marker::PhantomData<fn() -> A>,
}

impl<A: Aggregate> Decoder<A> {
    fn new() -> Decoder<A> {
        Decoder { upcasters: aggregates::upcasting::upcasters(A::TYPE), phantom: std::marker::PhantomData }
    }

    /// The event in its current shape: through the upcasters that apply to its type and
    /// version, once, or straight from its text when none does. Metadata that does not
    /// read as a map of strings reads as none (it names only the actor).
    fn decode(&self, row: EventRow) -> Result<Stored<A>, ReadError> {
        let failed = |detail: String| ReadError::Event {
            aggregate_type: A::TYPE.to_string(),
            aggregate_id: row.aggregate_id.clone(),
            sequence: row.sequence,
            detail,
        };
        let upcast = self.upcasters.iter().any(|upcaster| upcaster.can_upcast(&row.event_type, &row.event_version));
        let (payload, metadata): (A::Event, HashMap<String, String>) = if upcast {
            let stored = SerializedEvent {
                aggregate_id: row.aggregate_id.clone(),
                sequence: row.sequence as usize,
                aggregate_type: A::TYPE.to_string(),
                event_type: row.event_type.clone(),
                event_version: row.event_version.clone(),
                payload: serde_json::from_str(&row.payload).map_err(|e| failed(e.to_string()))?,
                metadata: serde_json::from_str(&row.metadata).unwrap_or_default(),
            };
            let event = aggregates::upcasting::upcast_with(&self.upcasters, stored);
            let payload = serde_json::from_value(event.payload).map_err(|e| failed(e.to_string()))?;
            (payload, serde_json::from_value(event.metadata).unwrap_or_default())
        } else {
            let payload = serde_json::from_str(&row.payload).map_err(|e| failed(e.to_string()))?;
            let metadata = match row.metadata.as_str() {
                "{}" => HashMap::new(),
                text => serde_json::from_str(text).unwrap_or_default(),
            };
            (payload, metadata)
        };
        Ok(Stored {
            envelope: EventEnvelope {
                aggregate_id: row.aggregate_id,
                sequence: row.sequence as usize,
                payload,
                metadata,
            },
            global_sequence: row.global_sequence,
            recorded_at: row.recorded_at,
        })
    }
}

/// Stores one command's events, and with them its snapshot, view, derived rows and workflows
/// if any, in one statement on `connection` (the pool's, or a caller's transaction). A taken
/// key (another command's append to the same aggregate since it was loaded) is
/// `OptimisticLockError`, and nothing is stored; a derived row's taken key is [`RowTaken`]
/// (see [`row_taken`]), and nothing is stored either.
pub async fn append<A: Aggregate>(connection: &mut PgConnection, append: Append<'_>) -> Result<(), PersistenceError> {
    let Some(first) = append.events.first() else { return Ok(()) };
    let events = append.events;
    let text = |value: &Value| serde_json::to_string(value).map_err(|e| PersistenceError::UnknownError(e.into()));
    let payloads = events.iter().map(|e| text(&e.payload)).collect::<Result<Vec<_>, _>>()?;
    let metadata = events.iter().map(|e| text(&e.metadata)).collect::<Result<Vec<_>, _>>()?;
    let last = events.last().map_or(0, |e| e.sequence);
    let mut rows = grouped(append.rows)?;
    let shapes: Vec<(&'static str, Vec<String>)> =
        rows.iter_mut().map(|(table, columns, _)| (*table, std::mem::take(columns))).collect();
    let sql = append_statement(
        append.snapshot.is_some(),
        append.view.as_ref().map(|(table, _)| *table),
        !append.workflows.is_empty(),
        &shapes,
    );
    // Built per command (snapshot, view table, workflows), so checked only when it runs.
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
    for (_, _, table_rows) in rows {
        query = query.bind(text(&Value::Array(table_rows.into_iter().map(Value::Object).collect()))?);
    }
    if !append.workflows.is_empty() {
        query = query
            .bind(append.workflows.iter().map(|(workflow, _)| *workflow).collect::<Vec<_>>())
            .bind(append.workflows.iter().map(|(_, sequence)| *sequence as i64).collect::<Vec<_>>());
    }
    let answer = match query.fetch_one(connection).await {
        // A derived row's key taken: the table that refused, as the code named it.
        Err(sqlx::Error::Database(e)) if e.code().as_deref() == Some("23505") => {
            match shapes.iter().map(|(table, _)| *table).find(|table| e.table() == Some(*table)) {
                Some(table) => return Err(PersistenceError::UnknownError(Box::new(RowTaken(table)))),
                None => Err(sqlx::Error::Database(e)),
            }
        }
        answer => answer,
    };
    let stored: i64 = answer.map_err(refusal)?.try_get(0).map_err(refusal)?;
    if stored == 0 {
        return Err(PersistenceError::OptimisticLockError);
    }
    Ok(())
}

/// As postgres-es reports its own append's errors: a taken key is another command's append
/// to the same aggregate (a conflict, retried), a lost connection is one, the rest unknown.
pub fn refusal(error: sqlx::Error) -> PersistenceError {
    match &error {
        sqlx::Error::Database(e) if e.code().as_deref() == Some("23505") => PersistenceError::OptimisticLockError,
        sqlx::Error::Io(_) | sqlx::Error::Tls(_) | sqlx::Error::PoolTimedOut => {
            PersistenceError::ConnectionError(error.into())
        }
        _ => PersistenceError::UnknownError(error.into()),
    }
}

/// Whether any aggregate of `aggregate_type` has stored an event (a catalogue seeded once,
/// api/src/tools/seed.rs): the events' key alone, never their payloads.
pub async fn any_of_type(pool: &sqlx::PgPool, aggregate_type: &str) -> Result<bool, PersistenceError> {
    sqlx::query_scalar!(
        r#"SELECT EXISTS (SELECT 1 FROM events WHERE aggregate_type = $1) AS "exists!""#,
        aggregate_type
    )
    .fetch_one(pool)
    .await
    .map_err(refusal)
}
