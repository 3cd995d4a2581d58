//! The command side: one module that loads an aggregate, decides a command on it and stores
//! what it decided, for every aggregate type (crate::event_store holds the SQL).
//!
//! - **Load**: one statement, the latest snapshot and the events after it, read through the
//!   upcasters by the store's one reader (crate::event_store) ([`load`]).
//! - **Append**: one statement with the events, the snapshot when one is due, the view that
//!   follows from the state ([`Cqrs::with_view`]), the rows that follow from each event
//!   ([`Cqrs::with_rows`]: a derived row's taken key refuses the command) and the workflows
//!   the events start ([`Cqrs::starting`]): all of it or none.
//! - **Context**: who runs the command is an argument ([`Context`]), stored in each event's
//!   metadata; nothing travels beside the call.
//! - **Answer**: what was committed ([`Committed`]): the state, the sequence of its last
//!   event and the events stored, so a caller never reads back what it just wrote.
//! - **Transactions**: [`Cqrs::execute_in`] loads and appends on the caller's transaction,
//!   so rows that must exist with an event (an account and its SIP digests) commit with it or
//!   not at all.
//!
//! - **Running a command**: [`Cqrs::execute`] (and [`Cqrs::execute_new`], [`Cqrs::execute_in`])
//!   is the one way.
//!
//! cqrs-es stays for the `Aggregate` contract, its `TestFramework` and the upcasters. Two
//! writers to one aggregate at once: the events' key (type, id, sequence) lets one append;
//! the other is a conflict, retried here after a short random pause, never lost.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;

use aggregates::actor::Actor;
use cqrs_es::event_sink::EventSink;
use cqrs_es::persist::{PersistenceError, SerializedEvent};
use cqrs_es::{Aggregate, AggregateError, EventEnvelope, Query};
use projections::catch_up::{DeriveRows, DerivedView};
use sqlx::{PgConnection, PgPool};
use uuid::Uuid;

use crate::event_store::{self, Append, Loaded, Read, ReadError, SNAPSHOT_EVERY};

const ATTEMPTS: u32 = 20;

/// Who runs a command (kept in each of its events' metadata, never in a payload).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Context {
    pub actor: Actor,
}

/// A buyer on the public site, as a constant for the steps only a buyer takes.
pub const BUYER: Context = Context { actor: Actor::Buyer };
/// The payment provider's webhook.
pub const WEBHOOK: Context = Context { actor: Actor::Webhook };

impl Context {
    pub fn new(actor: Actor) -> Context {
        Context { actor }
    }

    /// A buyer on the public site.
    pub fn buyer() -> Context {
        Context::new(Actor::Buyer)
    }

    /// A signed-in staff member.
    pub fn staff(email: &str) -> Context {
        Context::new(Actor::Staff(email.to_string()))
    }

    /// A scheduled job or a process manager, by name.
    pub fn job(name: &str) -> Context {
        Context::new(Actor::Job(name.to_string()))
    }

    /// The payment provider's webhook.
    pub fn webhook() -> Context {
        Context::new(Actor::Webhook)
    }

    /// An operator's command line, a start-up task.
    pub fn system() -> Context {
        Context::new(Actor::System)
    }
}

/// What a command stored: the aggregate's state after it, the sequence of its last event,
/// and its events (none when the command changed nothing).
#[derive(Debug)]
pub struct Committed<A: Aggregate> {
    pub state: A,
    pub sequence: usize,
    pub events: Vec<EventEnvelope<A>>,
}

/// An aggregate as its stored events make it, with the sequence of its last event (a new
/// aggregate, with no events, when there are none).
pub async fn load<A: Aggregate>(pool: &PgPool, id: &str) -> Result<(A, usize), AggregateError<A::Error>> {
    let mut connection = pool.acquire().await.map_err(event_store::refusal).map_err(AggregateError::from)?;
    load_on(&mut connection, id).await
}

/// [`load`] on a given connection (a caller's transaction).
pub async fn load_on<A: Aggregate>(
    connection: &mut PgConnection,
    id: &str,
) -> Result<(A, usize), AggregateError<A::Error>> {
    let loaded = event_store::load::<A>(&mut *connection, id).await.map_err(read_error)?;
    match state_of::<A>(loaded) {
        Some(found) => Ok(found),
        // A snapshot that no longer reads (the aggregate's fields changed): the whole stream.
        None => {
            let events = event_store::read::<A>(connection, Read::Stream(id)).await.map_err(read_error)?;
            state_of::<A>(Loaded { snapshot: None, events })
                .ok_or_else(|| AggregateError::UnexpectedError("an aggregate's events do not read".into()))
        }
    }
}

/// The state a snapshot and the events after it make; None when the snapshot does not read.
fn state_of<A: Aggregate>(loaded: Loaded<A>) -> Option<(A, usize)> {
    let (mut state, mut sequence) = match loaded.snapshot {
        Some((sequence, payload)) => (serde_json::from_str::<A>(&payload).ok()?, sequence),
        None => (A::default(), 0),
    };
    for event in loaded.events {
        sequence = event.envelope.sequence;
        state.apply(event.envelope.payload);
    }
    Some((state, sequence))
}

/// Every stored event of aggregate `id`, in order, read through the upcasters.
pub async fn history<A: Aggregate>(pool: &PgPool, id: &str) -> Result<Vec<EventEnvelope<A>>, AggregateError<A::Error>> {
    let mut connection = pool.acquire().await.map_err(event_store::refusal)?;
    let stored = event_store::read::<A>(&mut connection, Read::Stream(id)).await.map_err(read_error)?;
    Ok(stored.into_iter().map(|event| event.envelope).collect())
}

/// A failed read as the command side reports it: the database's errors as an append's
/// (a lost connection is one), an event that does not read as a deserialisation error.
fn read_error<E: std::error::Error>(error: ReadError) -> AggregateError<E> {
    match error {
        ReadError::Database(error) => event_store::refusal(error).into(),
        event @ ReadError::Event { .. } => AggregateError::DeserializationError(event.into()),
    }
}

/// The command side of one aggregate type.
///
/// - **One statement per command** (crate::event_store::Append).
/// - **Right snapshots.** The snapshot is the state the command left, at its last event.
///   (cqrs-es 0.5's own commit applies the events again to an aggregate that handling the
///   command already applied them to, so its snapshots held every event of the committing
///   command twice; we do not use it.)
/// - **Kept aggregates** ([`Cqrs::keeping`]): the state after each command is kept in
///   memory, and the next command on the same aggregate starts from it instead of loading
///   it. A kept state may be outdated (another server changed the aggregate): events decided
///   on it meet the key of the events stored since, which refuses them (a conflict: the copy
///   is dropped and the command retried on the stored stream), and a refusal or a command
///   with nothing to do, which stores nothing to be refused, is decided again on the stored
///   stream before it is answered.
pub struct Cqrs<A: Aggregate> {
    pool: PgPool,
    kept: Option<Box<dyn Keep<A>>>,
    view: Option<Render<A>>,
    rows: Option<DeriveRows<A>>,
    starts: Option<Starts<A>>,
    queries: Vec<Box<dyn Query<A>>>,
    services: A::Services,
}

/// A derived view of an aggregate after a sequence: its table and its row's payload.
type Render<A> = fn(&A, usize) -> Result<(&'static str, String), serde_json::Error>;
/// The workflow an event starts, if any (crate::event_store, `workflows`).
pub type Starts<A> = fn(&<A as Aggregate>::Event) -> Option<&'static str>;

fn render<A: Aggregate, V: DerivedView<A>>(
    state: &A,
    sequence: usize,
) -> Result<(&'static str, String), serde_json::Error> {
    Ok((V::TABLE, serde_json::to_string(&V::of(state, sequence))?))
}

/// Where an attempt starts from.
enum Start {
    /// What is kept in memory, else the stored stream.
    Kept,
    /// An id made for this command just now: an empty aggregate, without a read.
    New,
}

impl<A: Aggregate + Clone> Cqrs<A> {
    pub fn new(pool: &PgPool, queries: Vec<Box<dyn Query<A>>>, services: A::Services) -> Cqrs<A> {
        Cqrs { pool: pool.clone(), kept: None, view: None, rows: None, starts: None, queries, services }
    }

    /// Stores `V` in the statement of each command's events, instead of as a query.
    pub fn with_view<V: DerivedView<A>>(mut self) -> Cqrs<A> {
        self.view = Some(render::<A, V>);
        self
    }

    /// Stores the rows each event derives (projections::catch_up::DerivedRow) in the
    /// statement of the command's events. A row whose key is taken refuses the command with
    /// the row's `taken` refusal (a `UserError`, nothing stored), or, without one, as a
    /// conflict (retried). On a caller's transaction ([`Cqrs::execute_in`]) the refused
    /// statement ends that transaction, as a conflict does: the caller rolls back.
    pub fn with_rows(mut self, rows: DeriveRows<A>) -> Cqrs<A> {
        self.rows = Some(rows);
        self
    }

    /// Records the workflow an event starts in the statement that stores the event.
    pub fn starting(mut self, starts: Starts<A>) -> Cqrs<A> {
        self.starts = Some(starts);
        self
    }

    /// Runs `command` on aggregate `id` as `context`'s actor; a conflict with another writer
    /// is retried after a short random pause.
    pub async fn execute(
        &self,
        context: &Context,
        id: &str,
        command: A::Command,
    ) -> Result<Committed<A>, AggregateError<A::Error>>
    where
        A::Command: Clone,
    {
        self.with_retries(context, id, command, Start::Kept).await
    }

    /// Runs `command` on an aggregate whose id was made for it just now (a new random UUID),
    /// as [`Cqrs::execute`] does but without first reading its (empty) stream. Should the id
    /// have events after all, the first of them refuses the append and the command runs
    /// again as usual.
    pub async fn execute_new(
        &self,
        context: &Context,
        id: &str,
        command: A::Command,
    ) -> Result<Committed<A>, AggregateError<A::Error>>
    where
        A::Command: Clone,
    {
        self.with_retries(context, id, command, Start::New).await
    }

    /// One attempt at `command` inside the caller's transaction: loaded and stored on it, so
    /// what else the caller writes in it commits with the events or not at all. A conflict
    /// is the caller's to retry (roll back, then run the transaction again). The queries are
    /// not told: call [`Cqrs::publish`] once the transaction has committed.
    pub async fn execute_in(
        &self,
        transaction: &mut PgConnection,
        context: &Context,
        id: &str,
        command: A::Command,
    ) -> Result<Committed<A>, AggregateError<A::Error>> {
        // What is kept may be ahead of a transaction that rolls back: not used, and forgotten.
        self.forget(id);
        let (state, sequence) = load_on::<A>(&mut *transaction, id).await?;
        let (state, events) = self.decide(state, command).await.map_err(AggregateError::UserError)?;
        let result = self.store(&mut *transaction, context, id, state, sequence, events).await;
        crate::metrics::command(A::TYPE, 1, result)
    }

    /// Tells the queries every stored event of aggregate `id` again (a process manager's
    /// step after a crash: a server that died between a command and its queries left them
    /// behind; each query skips what it has seen).
    pub async fn republish(&self, id: &str) -> Result<(), AggregateError<A::Error>> {
        if self.queries.is_empty() {
            return Ok(());
        }
        let events = history::<A>(&self.pool, id).await?;
        for query in &self.queries {
            query.dispatch(id, &events).await;
        }
        Ok(())
    }

    /// Tells the queries of events committed by [`Cqrs::execute_in`].
    pub async fn publish(&self, id: &str, committed: &Committed<A>) {
        if !committed.events.is_empty() {
            for query in &self.queries {
                query.dispatch(id, &committed.events).await;
            }
        }
    }

    async fn with_retries(
        &self,
        context: &Context,
        id: &str,
        command: A::Command,
        start: Start,
    ) -> Result<Committed<A>, AggregateError<A::Error>>
    where
        A::Command: Clone,
    {
        let mut attempt = 1;
        let mut start = Some(start);
        loop {
            // On the heap: an attempt's future holds the aggregate and its handler's future,
            // too much for the stack of a test's thread in a debug build.
            let result = Box::pin(self.attempt(context, id, command.clone(), start.take())).await;
            match result {
                Err(AggregateError::AggregateConflict) if attempt < ATTEMPTS => {
                    let jitter = u64::from(Uuid::new_v4().as_bytes()[0] % 20);
                    tokio::time::sleep(Duration::from_millis(u64::from(attempt) + jitter)).await;
                    attempt += 1;
                }
                result => return crate::metrics::command(A::TYPE, attempt, result),
            }
        }
    }

    /// One attempt at `command`; a conflict is the caller's to retry.
    async fn attempt(
        &self,
        context: &Context,
        id: &str,
        command: A::Command,
        start: Option<Start>,
    ) -> Result<Committed<A>, AggregateError<A::Error>>
    where
        A::Command: Clone,
    {
        let first = match start {
            Some(Start::New) => Some((A::default(), 0)),
            Some(Start::Kept) => self.kept.as_ref().and_then(|kept| kept.get(id)),
            None => None,
        };
        if let Some((state, sequence)) = first {
            match self.decide(state, command.clone()).await {
                Ok((state, events)) if !events.is_empty() => {
                    match self.commit(context, id, state, sequence, events).await {
                        // The copy was outdated (and is forgotten), or the new id was not:
                        // decide on the stored stream.
                        Err(AggregateError::AggregateConflict) => {}
                        done => return done,
                    }
                }
                // Nothing stored would refuse this if the copy were outdated: decide again.
                _ => self.forget(id),
            }
        }
        let (state, sequence) = load::<A>(&self.pool, id).await?;
        let (state, events) = self.decide(state, command).await.map_err(AggregateError::UserError)?;
        self.commit(context, id, state, sequence, events).await
    }

    /// The events `command` raises on `state`, and the state after them.
    async fn decide(&self, mut state: A, command: A::Command) -> Result<(A, Vec<A::Event>), A::Error> {
        let sink = EventSink::default();
        state.handle(command, &self.services, &sink).await?;
        Ok((state, sink.collect().await))
    }

    /// Stores `events` on the pool, keeps the state and tells the queries.
    async fn commit(
        &self,
        context: &Context,
        id: &str,
        state: A,
        sequence: usize,
        events: Vec<A::Event>,
    ) -> Result<Committed<A>, AggregateError<A::Error>> {
        if events.is_empty() {
            self.keep(id, state.clone(), sequence);
            return Ok(Committed { state, sequence, events: vec![] });
        }
        let mut connection = self.pool.acquire().await.map_err(event_store::refusal)?;
        let stored = self.store(&mut connection, context, id, state, sequence, events).await;
        drop(connection);
        let committed = match stored {
            Ok(committed) => committed,
            Err(error) => {
                self.forget(id);
                return Err(error);
            }
        };
        self.keep(id, committed.state.clone(), committed.sequence);
        self.publish(id, &committed).await;
        Ok(committed)
    }

    /// Appends `events` after `sequence` on `connection` (with the snapshot, view, derived
    /// rows and workflows `state` and the events give); nothing for no events.
    async fn store(
        &self,
        connection: &mut PgConnection,
        context: &Context,
        id: &str,
        state: A,
        sequence: usize,
        events: Vec<A::Event>,
    ) -> Result<Committed<A>, AggregateError<A::Error>> {
        let metadata = context.actor.metadata();
        let envelopes: Vec<EventEnvelope<A>> = events
            .into_iter()
            .zip(sequence + 1..)
            .map(|(payload, sequence)| EventEnvelope {
                aggregate_id: id.to_string(),
                sequence,
                payload,
                metadata: metadata.clone(),
            })
            .collect();
        let last = sequence + envelopes.len();
        if envelopes.is_empty() {
            return Ok(Committed { state, sequence, events: envelopes });
        }
        let serialized =
            envelopes.iter().map(SerializedEvent::try_from).collect::<Result<Vec<_>, PersistenceError>>()?;
        let snapshot = if sequence / SNAPSHOT_EVERY != last / SNAPSHOT_EVERY {
            Some(serde_json::to_string(&state).map_err(PersistenceError::from)?)
        } else {
            None
        };
        let view = match self.view {
            Some(render) => Some(render(&state, last).map_err(PersistenceError::from)?),
            None => None,
        };
        let mut workflows: Vec<(&'static str, usize)> = vec![];
        if let Some(starts) = self.starts {
            for envelope in &envelopes {
                if let Some(workflow) = starts(&envelope.payload) {
                    workflows.push((workflow, envelope.sequence));
                }
            }
        }
        let mut derived = vec![];
        if let Some(rows) = self.rows {
            derived = envelopes.iter().flat_map(rows).collect();
        }
        let rows = derived.iter().map(|row| (row.table, row.columns.clone())).collect();
        let append = Append { events: &serialized, snapshot, view, workflows, rows };
        match event_store::append::<A>(connection, append).await {
            Ok(()) => Ok(Committed { state, sequence: last, events: envelopes }),
            Err(error) => match event_store::row_taken(&error) {
                // A derived row's key is taken: its refusal (none: a conflict).
                Some(table) => match derived.into_iter().filter(|row| row.table == table).find_map(|row| row.taken) {
                    Some(refusal) => Err(AggregateError::UserError(refusal)),
                    None => Err(AggregateError::AggregateConflict),
                },
                None => Err(error.into()),
            },
        }
    }

    fn keep(&self, id: &str, state: A, sequence: usize) {
        if let Some(kept) = &self.kept {
            kept.put(id, state, sequence);
        }
    }

    fn forget(&self, id: &str) {
        if let Some(kept) = &self.kept {
            kept.forget(id);
        }
    }
}

impl<A: Aggregate + Clone + 'static> Cqrs<A> {
    /// Keeps the state of up to about `capacity` aggregates touched last in memory (see [`Cqrs`]).
    pub fn keeping(mut self, capacity: usize) -> Cqrs<A> {
        self.kept = Some(Box::new(Kept::<A>::new(capacity)));
        self
    }
}

/// Aggregates' states after their last command here.
trait Keep<A>: Send + Sync {
    fn get(&self, id: &str) -> Option<(A, usize)>;
    fn put(&self, id: &str, state: A, sequence: usize);
    fn forget(&self, id: &str);
}

/// Two generations of kept states: a state is put in the young one; when it is full it
/// becomes the old one and the older is dropped, and a state found in the old one moves
/// back. So about the `capacity` states touched last are kept, in bounded memory, without
/// an order of use to maintain.
struct Kept<A> {
    generations: Mutex<[HashMap<String, (A, usize)>; 2]>,
    capacity: usize,
}

impl<A> Kept<A> {
    fn new(capacity: usize) -> Kept<A> {
        Kept { generations: Mutex::new([HashMap::new(), HashMap::new()]), capacity: capacity.max(1) }
    }

    fn insert(&self, generations: &mut [HashMap<String, (A, usize)>; 2], id: String, entry: (A, usize)) {
        if generations[0].len() >= self.capacity.div_ceil(2) {
            generations[1] = std::mem::take(&mut generations[0]);
        }
        generations[0].insert(id, entry);
    }
}

impl<A: Aggregate + Clone> Keep<A> for Kept<A> {
    fn get(&self, id: &str) -> Option<(A, usize)> {
        let mut generations = self.generations.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(entry) = generations[0].get(id) {
            return Some(entry.clone());
        }
        let (id, entry) = generations[1].remove_entry(id)?;
        let found = entry.clone();
        self.insert(&mut generations, id, entry);
        Some(found)
    }

    fn put(&self, id: &str, state: A, sequence: usize) {
        let mut generations = self.generations.lock().unwrap_or_else(|e| e.into_inner());
        // Two commands finishing out of order: keep the later state.
        let newer = generations.iter().filter_map(|g| g.get(id)).all(|(_, kept)| *kept < sequence);
        if newer {
            generations[1].remove(id);
            self.insert(&mut generations, id.to_string(), (state, sequence));
        }
    }

    fn forget(&self, id: &str) {
        let mut generations = self.generations.lock().unwrap_or_else(|e| e.into_inner());
        generations[0].remove(id);
        generations[1].remove(id);
    }
}
