//! An order's stored events as support reads them, with the aggregate replayed to any of
//! them, the current view beside it and the order's e-mails.

use std::collections::HashMap;

use aggregates::actor::Actor;
use chrono::{DateTime, Utc};
use cqrs_es::{Aggregate, EventEnvelope, EventStore};
use projections::history::Narrated;
use serde::Serialize;
use serde_json::Value;
use sqlx::PgPool;

use crate::app::state::store;
use crate::platform::error::ApiError;

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ActorOut {
    /// buyer, staff, job, webhook or system.
    #[schema(value_type = String)]
    pub kind: &'static str,
    /// The staff member's e-mail or the job's name.
    pub name: Option<String>,
}

impl From<&Actor> for ActorOut {
    fn from(actor: &Actor) -> ActorOut {
        ActorOut { kind: actor.kind(), name: actor.name().map(str::to_string) }
    }
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventOut {
    pub sequence: usize,
    pub global_position: i64,
    #[serde(rename = "type")]
    pub event_type: String,
    pub recorded_at: DateTime<Utc>,
    pub actor: ActorOut,
    pub sentence: String,
}

#[derive(Debug, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmailOut {
    pub id: i64,
    pub kind: String,
    pub subject: String,
    pub recipient: String,
    pub created_at: DateTime<Utc>,
    pub sent_at: Option<DateTime<Utc>>,
    /// queued, retrying, sent, kept (the local mailbox) or failed (outbox::STATUS_SQL).
    #[schema(value_type = jobs::outbox::MailStatus)]
    pub status: String,
}

/// The stored events of one aggregate, read through the upcasters, and the aggregate as
/// they make it up to `up_to` (all of them when `None`).
pub struct Replay<A: Aggregate> {
    pub events: Vec<EventOut>,
    pub state: A,
    pub up_to: usize,
    pub current: A,
}

/// None when the aggregate has no events.
pub async fn replay<A: Narrated>(pool: &PgPool, id: &str, up_to: Option<usize>) -> Result<Option<Replay<A>>, ApiError> {
    let envelopes: Vec<EventEnvelope<A>> = store::<A>(pool).load_events(id).await.map_err(ApiError::internal)?;
    let Some(last) = envelopes.last().map(|e| e.sequence) else { return Ok(None) };
    let up_to = up_to.unwrap_or(last);
    if up_to == 0 || up_to > last {
        return Err(ApiError::unprocessable(
            "invalid_up_to",
            format!("upTo must be an event of this order: 1 to {last}. Leave it out to see the order as it is now."),
        ));
    }
    let positions: HashMap<i64, (i64, DateTime<Utc>)> = sqlx::query_as::<_, (i64, i64, DateTime<Utc>)>(
        "SELECT sequence, global_sequence, recorded_at FROM events
          WHERE aggregate_type = $1 AND aggregate_id = $2",
    )
    .bind(A::TYPE)
    .bind(id)
    .fetch_all(pool)
    .await?
    .into_iter()
    .map(|(sequence, position, at)| (sequence, (position, at)))
    .collect();
    let (mut state, mut current) = (A::default(), A::default());
    let mut events = Vec::with_capacity(envelopes.len());
    for envelope in envelopes {
        let (global_position, recorded_at) =
            positions.get(&(envelope.sequence as i64)).copied().unwrap_or((0, DateTime::<Utc>::MIN_UTC));
        let actor = Actor::from_metadata(&envelope.metadata);
        events.push(EventOut {
            sequence: envelope.sequence,
            global_position,
            event_type: cqrs_es::DomainEvent::event_type(&envelope.payload),
            recorded_at,
            actor: (&actor).into(),
            sentence: A::sentence(&envelope.payload, &actor),
        });
        if envelope.sequence <= up_to {
            state.apply(envelope.payload.clone());
        }
        current.apply(envelope.payload);
    }
    Ok(Some(Replay { events, state, up_to, current }))
}

/// The e-mails queued for an order (its own and the copies staff sent again).
pub async fn emails(pool: &PgPool, id: &str) -> Result<Vec<EmailOut>, sqlx::Error> {
    sqlx::query_as(&format!(
        "SELECT id, kind, subject, recipient, created_at, sent_at, {} AS status FROM outbox
          WHERE reference = $1 OR reference LIKE $1 || '#%' ORDER BY id",
        jobs::outbox::STATUS_SQL
    ))
    .bind(id)
    .fetch_all(pool)
    .await
}

/// Keys support never needs to see, whatever object they are in: a street address of a
/// service buyer (the hardware order's delivery address is kept: support answers delivery
/// questions), and anything that could be a credential.
const HIDDEN_KEYS: [&str; 4] = ["address_line1", "address_line2", "google_subject", "password"];

/// An aggregate's state or a view as JSON, without what support does not need.
pub fn state_json<T: Serialize>(state: &T) -> Value {
    let mut value = serde_json::to_value(state).unwrap_or(Value::Null);
    hide(&mut value);
    value
}

fn hide(value: &mut Value) {
    match value {
        Value::Object(map) => {
            map.retain(|key, _| {
                let key = key.to_lowercase();
                !HIDDEN_KEYS.contains(&key.as_str()) && !key.contains("secret") && !key.contains("password")
            });
            map.values_mut().for_each(hide);
        }
        Value::Array(items) => items.iter_mut().for_each(hide),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn street_addresses_and_credentials_are_left_out_at_any_depth() {
        let mut value = json!({
            "customer": { "email": "a@b.c", "address_line1": "1 High St", "postcode": "M1 1AA", "google_subject": "123" },
            "extensions": [{ "number": "101", "sip_password": "x", "secret_digest": "y" }]
        });
        hide(&mut value);
        assert_eq!(
            value,
            json!({ "customer": { "email": "a@b.c", "postcode": "M1 1AA" }, "extensions": [{ "number": "101" }] })
        );
    }
}
