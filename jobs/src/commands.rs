//! Running commands: a conflict with another request on the same aggregate is retried
//! after a short random pause, never lost. Each event is stored with the actor of the
//! task that ran the command (see `acting_as`).

use std::cell::RefCell;
use std::future::Future;
use std::time::Duration;

use aggregates::actor::Actor;

use cqrs_es::persist::PersistedEventStore;
use cqrs_es::{Aggregate, AggregateError, CqrsFramework, EventStore};
use sqlx::PgPool;

use crate::event_store::{EventRepository, SNAPSHOT_EVERY};
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

pub async fn execute<A, ES>(
    cqrs: &CqrsFramework<A, ES>,
    id: &str,
    command: A::Command,
) -> Result<(), AggregateError<A::Error>>
where
    A: Aggregate,
    A::Command: Clone,
    ES: EventStore<A>,
{
    let metadata = current_actor().metadata();
    let mut attempt = 1;
    loop {
        match cqrs.execute_with_metadata(id, command.clone(), metadata.clone()).await {
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

/// The event store of one aggregate type.
pub type Store<A> = PersistedEventStore<EventRepository, A>;
/// The command side of one aggregate type.
pub type Cqrs<A> = CqrsFramework<A, Store<A>>;
