//! How the read models read stored events: the interface of the store's one reader
//! (store::event_store::Reader), which reads the `events` table, brings each event to its
//! current shape through the upcasters (aggregates::upcasting) and deserialises it.
//!
//! The interface is here and its SQL in the store because the store depends on this crate
//! (for `DerivedView`), so nothing here can call the store: what reads events here (the
//! catch-up's gap, the SIP numbers' order streams, the rebuild's pages) is handed a reader.

use std::future::Future;

use chrono::{DateTime, Utc};
use cqrs_es::{Aggregate, EventEnvelope};
use sqlx::{PgConnection, PgPool};

/// One stored event, read through the upcasters, with its place in the store's global
/// order and when it was stored.
pub struct Stored<A: Aggregate> {
    pub envelope: EventEnvelope<A>,
    pub global_sequence: i64,
    pub recorded_at: DateTime<Utc>,
}

/// Which of one aggregate type's events to read.
#[derive(Debug, Clone, Copy)]
pub enum Read<'a> {
    /// One aggregate's events, by sequence (its stream).
    Stream(&'a str),
    /// These aggregates' events, by aggregate then sequence.
    Streams(&'a [String]),
    /// The events of every aggregate whose id starts with this prefix, by aggregate then
    /// sequence (an order's ports: their ids are the order's id, a colon and the number).
    Prefixed(&'a str),
    /// Up to `limit` events after global position `after`, in the store's global order
    /// (the rebuild's pages), without their metadata (no read model reads it, and decoding
    /// it would cost as much again as the events).
    Page { after: i64, limit: i64 },
}

#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
    #[error("event {aggregate_type} {aggregate_id} #{sequence} could not be read: {detail}")]
    Event { aggregate_type: String, aggregate_id: String, sequence: i64, detail: String },
}

/// The store's one reader of events (store::event_store::Reader implements it).
pub trait EventReader: Clone + Send + Sync + 'static {
    /// The events of aggregate type `A` that `read` selects, on `connection` (a caller's
    /// transaction, to read one snapshot of the store).
    fn read<A: Aggregate>(
        &self,
        connection: &mut PgConnection,
        read: Read<'_>,
    ) -> impl Future<Output = Result<Vec<Stored<A>>, ReadError>> + Send;

    /// Aggregate `id`'s events, by sequence, on a connection of `pool`.
    fn stream<A: Aggregate>(
        &self,
        pool: &PgPool,
        id: &str,
    ) -> impl Future<Output = Result<Vec<Stored<A>>, ReadError>> + Send {
        async move {
            let mut connection = pool.acquire().await?;
            self.read(&mut connection, Read::Stream(id)).await
        }
    }
}
