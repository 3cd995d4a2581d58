//! A query that keeps a one-aggregate view exactly in step with the event store.
//!
//! cqrs-es's `GenericQuery` applies each batch of new events to the stored view once; when
//! two commands on one aggregate finish at the same moment, the second view update loses
//! the optimistic-lock race and its events never reach the view. This query remembers the
//! last sequence each view has seen, skips events it already has, reloads the aggregate's
//! events when it finds a gap (through the store's one reader, crate::events), and retries a
//! lost race, so the view always catches up.

use std::marker::PhantomData;
use std::sync::Arc;

use async_trait::async_trait;
use cqrs_es::persist::{ViewContext, ViewRepository};
use cqrs_es::{Aggregate, EventEnvelope, Query, View};
use sqlx::PgPool;

use crate::events::EventReader;

/// A view that knows the sequence of the last event applied to it.
pub trait SequencedView<A: Aggregate>: View<A> {
    fn last_sequence(&self) -> usize;
}

/// Keeps the views `V` of aggregates `A` in `R` in step, reading a stream through `S` (the
/// store's reader) on `pool` when it finds a gap.
pub struct CatchUpQuery<S, R, V, A> {
    pool: PgPool,
    reader: S,
    views: Arc<R>,
    phantom: PhantomData<(V, A)>,
}

const ATTEMPTS: usize = 5;

/// A view that is a function of its aggregate's state and sequence alone, so it can be
/// written in the same statement as the events that made it (store::commands::Cqrs::with_view):
/// never behind its events, and never read in order to be updated.
pub trait DerivedView<A: Aggregate>: serde::Serialize + Clone + Send + 'static {
    /// Its postgres-es table (view_id, version, payload).
    const TABLE: &'static str;
    /// The view of an aggregate in `state` after its event `sequence`.
    fn of(state: &A, sequence: usize) -> Self;
}

/// A row that follows from one stored event alone, written in the statement that stores the
/// event (store::commands::Cqrs::with_rows): the row exists exactly when its event does, so
/// a reader of the table never reads the events' payloads, and a key of the table holds
/// for the events too (a second event that would write a taken key is not stored).
#[derive(Debug, Clone, PartialEq)]
pub struct DerivedRow<E> {
    /// Its table (a name from the code, never from input).
    pub table: &'static str,
    /// Its columns by name (lower-case letters, digits and `_`), as JSON values the table's
    /// column types read (`json_populate_recordset`).
    pub columns: serde_json::Map<String, serde_json::Value>,
    /// The refusal when a row of the table with its key exists already: the command is
    /// answered with it and nothing of it is stored. None: a taken key is a conflict with
    /// another writer, retried like the events' own.
    pub taken: Option<E>,
}

/// The rows an aggregate's event writes with it ([`DerivedRow`]).
pub type DeriveRows<A> = fn(&EventEnvelope<A>) -> Vec<DerivedRow<<A as Aggregate>::Error>>;

/// Views left behind after every attempt (GET /metrics): each needs a rebuild.
pub const UPDATE_FAILURES: &str = "talkbridge_projection_update_failures_total";

impl<S, R, V, A> CatchUpQuery<S, R, V, A>
where
    A: Aggregate,
    S: EventReader,
    R: ViewRepository<V, A>,
    V: SequencedView<A> + Clone + Send + 'static,
{
    pub fn new(pool: &PgPool, reader: S, views: Arc<R>) -> Self {
        CatchUpQuery { pool: pool.clone(), reader, views, phantom: PhantomData }
    }

    /// Brings one view up to date with `events` (the ones just committed); returns an error
    /// message after the last failed attempt.
    pub async fn catch_up(&self, view_id: &str, events: &[EventEnvelope<A>]) -> Result<(), String> {
        let mut last_error = String::new();
        for attempt in 0..ATTEMPTS {
            // A stream that starts with these events has no view yet: no read is needed to
            // know it. (Should one exist after all, written by a rebuild, the insert meets
            // its key and the next attempt reads it.)
            let new_stream = attempt == 0 && events.first().is_some_and(|first| first.sequence == 1);
            let loaded = if new_stream { Ok(None) } else { self.views.load_with_context(view_id).await };
            let (mut view, context) = match loaded {
                Ok(Some(found)) => found,
                Ok(None) => (V::default(), ViewContext::new(view_id.to_string(), 0)),
                Err(e) => {
                    last_error = e.to_string();
                    continue;
                }
            };
            let seen = view.last_sequence();
            let gap = events.first().is_some_and(|first| first.sequence > seen + 1);
            let fresh: Vec<EventEnvelope<A>> = if gap {
                match self.reader.stream::<A>(&self.pool, view_id).await {
                    Ok(all) => all.into_iter().map(|e| e.envelope).filter(|e| e.sequence > seen).collect(),
                    Err(e) => {
                        last_error = e.to_string();
                        continue;
                    }
                }
            } else {
                events.iter().filter(|e| e.sequence > seen).cloned().collect()
            };
            if fresh.is_empty() {
                return Ok(());
            }
            for event in &fresh {
                view.update(event);
            }
            match self.views.update_view(view, context).await {
                Ok(()) => return Ok(()),
                Err(e) => last_error = e.to_string(),
            }
        }
        Err(last_error)
    }
}

#[async_trait]
impl<S, R, V, A> Query<A> for CatchUpQuery<S, R, V, A>
where
    A: Aggregate + 'static,
    S: EventReader,
    R: ViewRepository<V, A> + 'static,
    V: SequencedView<A> + Clone + Send + 'static,
{
    async fn dispatch(&self, view_id: &str, events: &[EventEnvelope<A>]) {
        if let Err(error) = self.catch_up(view_id, events).await {
            metrics::counter!(UPDATE_FAILURES, "aggregate" => A::TYPE).increment(1);
            tracing::error!(aggregate = A::TYPE, view_id, %error, "view update failed; rebuild it from the events");
        }
    }
}
