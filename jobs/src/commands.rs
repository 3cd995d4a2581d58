//! Running commands: a conflict with another request on the same aggregate is retried
//! after a short random pause, never lost. Each event is stored with the actor of the
//! task that ran the command (see `acting_as`).

use std::cell::RefCell;
use std::future::Future;
use std::time::Duration;

use aggregates::actor::Actor;

use std::collections::HashMap;
use std::sync::Mutex;

use cqrs_es::event_sink::EventSink;
use cqrs_es::persist::{PersistedEventStore, PersistenceError, SerializedEvent};
use cqrs_es::{Aggregate, AggregateError, EventEnvelope, EventStore, Query};
use projections::catch_up::{note_written, waiting_for_view, DerivedView};
use sqlx::PgPool;

use crate::event_store::{Append, EventRepository, SNAPSHOT_EVERY};
use uuid::Uuid;

const ATTEMPTS: u32 = 20;

tokio::task_local! {
    static ACTOR: RefCell<Actor>;
}

/// Runs `work` with `actor` as the author of every command it runs (a request, a job run).
pub async fn acting_as<F: Future>(actor: Actor, work: F) -> F::Output {
    ACTOR.scope(RefCell::new(actor), work).await
}

/// Names the actor of the rest of the current `acting_as` scope (a request whose staff
/// member is known once the session is read). Outside a scope it does nothing.
pub fn act_as(actor: Actor) {
    let _ = ACTOR.try_with(|current| *current.borrow_mut() = actor);
}

/// The actor of the current task: the system outside any `acting_as` scope (a spawned
/// task, an operator's command line).
pub fn current_actor() -> Actor {
    ACTOR.try_with(|current| current.borrow().clone()).unwrap_or(Actor::System)
}

pub async fn execute<A>(cqrs: &Cqrs<A>, id: &str, command: A::Command) -> Result<(), AggregateError<A::Error>>
where
    A: Aggregate,
    A::Command: Clone,
{
    run_with_retries(cqrs, id, command, false).await
}

/// Runs `command` on an aggregate whose id was made for it just now (a new random UUID), as
/// [`execute`] does but without first reading its (empty) stream. Should the id have events
/// after all, the first of them refuses the append and the command runs again as usual.
pub async fn execute_new<A>(cqrs: &Cqrs<A>, id: &str, command: A::Command) -> Result<(), AggregateError<A::Error>>
where
    A: Aggregate,
    A::Command: Clone,
{
    run_with_retries(cqrs, id, command, true).await
}

async fn run_with_retries<A>(
    cqrs: &Cqrs<A>,
    id: &str,
    command: A::Command,
    new: bool,
) -> Result<(), AggregateError<A::Error>>
where
    A: Aggregate,
    A::Command: Clone,
{
    let metadata = current_actor().metadata();
    let mut attempt = 1;
    loop {
        // The first attempt on a new id starts from an empty aggregate; any other from
        // what is kept or stored.
        let start = (new && attempt == 1).then(|| (A::default(), 0));
        // On the heap: an attempt's future holds the aggregate and its handler's future,
        // too much for the stack of a test's thread in a debug build.
        match Box::pin(cqrs.run(id, command.clone(), &metadata, start)).await {
            Err(AggregateError::AggregateConflict) if attempt < ATTEMPTS => {
                let jitter = u64::from(Uuid::new_v4().as_bytes()[0] % 20);
                tokio::time::sleep(Duration::from_millis(u64::from(attempt) + jitter)).await;
                attempt += 1;
            }
            result => return crate::metrics::command(A::TYPE, attempt, result),
        }
    }
}

/// An aggregate as its stored events make it, with the sequence of its last event (a new
/// aggregate, with no events, when there are none).
pub async fn load<A: Aggregate>(pool: &PgPool, id: &str) -> Result<(A, usize), AggregateError<A::Error>> {
    let context = store::<A>(pool).load_aggregate(id).await?;
    Ok((context.aggregate, context.current_sequence))
}

/// The event store of one aggregate type, reading older event shapes through their
/// upcasters (aggregates::upcasting), with a snapshot every SNAPSHOT_EVERY events
/// (crate::event_store).
pub fn store<A: Aggregate>(pool: &PgPool) -> Store<A> {
    PersistedEventStore::new_snapshot_store(EventRepository::new(pool.clone()), SNAPSHOT_EVERY)
        .with_upcasters(aggregates::upcasting::upcasters(A::TYPE))
}

/// The event store of one aggregate type, for loading.
pub type Store<A> = PersistedEventStore<EventRepository, A>;

/// The command side of one aggregate type: cqrs-es's `CqrsFramework` (load, handle, commit,
/// dispatch to the queries), with three changes.
///
/// - **One statement per command.** The events, the snapshot when one is due, and a view
///   that follows from the aggregate's state ([`Cqrs::with_view`]) are stored together
///   (crate::event_store::Append): one round trip and one commit to the disk, and that view
///   is never behind its events.
/// - **Right snapshots.** The snapshot is the state the command left, at its last event.
///   (cqrs-es 0.5's commit applies the events again to an aggregate that handling the
///   command already applied them to, so its snapshots held every event of the committing
///   command twice.)
/// - **Kept aggregates** ([`Cqrs::keeping`]): the state after each command is kept in
///   memory, and the next command on the same aggregate starts from it instead of loading
///   it. A kept state may be outdated (another server changed the aggregate): events decided
///   on it meet the key of the events stored since, which refuses them (a conflict: the copy
///   is dropped and the command retried on the stored stream), and a refusal or a command
///   with nothing to do, which stores nothing to be refused, is decided again on the stored
///   stream before it is answered.
pub struct Cqrs<A: Aggregate> {
    store: Store<A>,
    events: EventRepository,
    kept: Option<Box<dyn Keep<A>>>,
    view: Option<Render<A>>,
    queries: Vec<Box<dyn Query<A>>>,
    services: A::Services,
}

/// A derived view of an aggregate after a sequence: its table, its row's payload, and
/// how to tell a waiting `with_written_view` of it once it is stored.
type Rendered = (&'static str, String, Box<dyn FnOnce() + Send>);
type Render<A> = fn(&str, &A, usize) -> Result<Rendered, serde_json::Error>;

fn render<A: Aggregate, V: DerivedView<A>>(
    id: &str,
    state: &A,
    sequence: usize,
) -> Result<Rendered, serde_json::Error> {
    let view = V::of(state, sequence);
    let row = serde_json::to_string(&view)?;
    let id = id.to_string();
    let note: Box<dyn FnOnce() + Send> =
        if waiting_for_view() { Box::new(move || note_written(&id, view)) } else { Box::new(|| ()) };
    Ok((V::TABLE, row, note))
}

impl<A: Aggregate> Cqrs<A> {
    pub fn new(pool: &PgPool, queries: Vec<Box<dyn Query<A>>>, services: A::Services) -> Cqrs<A> {
        Cqrs {
            store: store(pool),
            events: EventRepository::new(pool.clone()),
            kept: None,
            view: None,
            queries,
            services,
        }
    }

    /// Stores `V` in the statement of each command's events, instead of as a query.
    pub fn with_view<V: DerivedView<A>>(mut self) -> Cqrs<A> {
        self.view = Some(render::<A, V>);
        self
    }

    /// Runs `command` on aggregate `id` as [`execute`] does.
    pub async fn execute(&self, id: &str, command: A::Command) -> Result<(), AggregateError<A::Error>>
    where
        A::Command: Clone,
    {
        execute(self, id, command).await
    }

    /// One attempt at `command`; a conflict is the caller's to retry ([`execute`]).
    async fn run(
        &self,
        id: &str,
        command: A::Command,
        metadata: &HashMap<String, String>,
        start: Option<(A, usize)>,
    ) -> Result<(), AggregateError<A::Error>>
    where
        A::Command: Clone,
    {
        let start = start.or_else(|| self.kept.as_ref().and_then(|kept| kept.get(id)));
        if let Some((state, sequence)) = start {
            match self.decide(state, command.clone()).await {
                Ok((state, events)) if !events.is_empty() => {
                    match self.commit(id, state, sequence, events, metadata).await {
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
        let context = self.store.load_aggregate(id).await?;
        let (state, events) = self.decide(context.aggregate, command).await.map_err(AggregateError::UserError)?;
        if events.is_empty() {
            self.keep(id, state, context.current_sequence);
            return Ok(());
        }
        self.commit(id, state, context.current_sequence, events, metadata).await
    }

    /// The events `command` raises on `state`, and the state after them.
    async fn decide(&self, mut state: A, command: A::Command) -> Result<(A, Vec<A::Event>), A::Error> {
        let sink = EventSink::default();
        state.handle(command, &self.services, &sink).await?;
        Ok((state, sink.collect().await))
    }

    /// Stores `events` after `sequence` (with the snapshot and view `state` gives), then
    /// hands them to the queries.
    async fn commit(
        &self,
        id: &str,
        state: A,
        sequence: usize,
        events: Vec<A::Event>,
        metadata: &HashMap<String, String>,
    ) -> Result<(), AggregateError<A::Error>> {
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
        let serialized =
            envelopes.iter().map(SerializedEvent::try_from).collect::<Result<Vec<_>, PersistenceError>>()?;
        let last = sequence + envelopes.len();
        let snapshot = if sequence / SNAPSHOT_EVERY != last / SNAPSHOT_EVERY {
            Some(serde_json::to_string(&state).map_err(PersistenceError::from)?)
        } else {
            None
        };
        let rendered = match self.view {
            Some(render) => Some(render(id, &state, last).map_err(PersistenceError::from)?),
            None => None,
        };
        let (view, note) = match rendered {
            Some((table, row, note)) => (Some((table, row)), Some(note)),
            None => (None, None),
        };
        if let Err(error) = self.events.append::<A>(Append { events: &serialized, snapshot, view }).await {
            self.forget(id);
            return Err(error.into());
        }
        if let Some(note) = note {
            note();
        }
        self.keep(id, state, last);
        for query in &self.queries {
            query.dispatch(id, &envelopes).await;
        }
        Ok(())
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
