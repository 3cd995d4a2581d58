//! An order's stored events as support reads them (through the store's one reader,
//! store::event_store), with the aggregate replayed to any of them, the current view beside
//! it and the order's e-mails.

use aggregates::actor::Actor;
use chrono::{DateTime, Utc};
use cqrs_es::Aggregate;
use projections::history::Narrated;
use serde::Serialize;
use serde_json::Value;
use sqlx::PgPool;
use store::event_store::{self, Read, Stored};

use aggregates::call_credit::CallCredit;
use aggregates::service_order::ServiceOrder;
use aggregates::transfer::Transfer;

use crate::platform::error::ApiError;
use crate::platform::refusals::INVALID_UP_TO;

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct ActorOut {
    /// buyer, staff, customer, job, webhook or system.
    #[schema(value_type = String)]
    pub kind: &'static str,
    /// The staff member's or signed-in customer's e-mail, or the job's name.
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

/// The stored events `which` selects, each with where it stands among all events and when
/// it was stored, read through the upcasters.
async fn read<A: Aggregate>(pool: &PgPool, which: Read<'_>) -> Result<Vec<Stored<A>>, ApiError> {
    let mut connection = pool.acquire().await?;
    event_store::read::<A>(&mut connection, which).await.map_err(ApiError::internal)
}

/// The stored events of aggregate `id`.
async fn stream<A: Aggregate>(pool: &PgPool, id: &str) -> Result<Vec<Stored<A>>, ApiError> {
    read(pool, Read::Stream(id)).await
}

fn event_out<A: Narrated>(sequence: usize, placed: &Stored<A>) -> EventOut {
    let actor = Actor::from_metadata(&placed.envelope.metadata);
    EventOut {
        sequence,
        global_position: placed.global_sequence,
        event_type: cqrs_es::DomainEvent::event_type(&placed.envelope.payload),
        recorded_at: placed.recorded_at,
        actor: (&actor).into(),
        sentence: A::sentence(&placed.envelope.payload, &actor),
    }
}

fn check_up_to(up_to: Option<usize>, last: usize) -> Result<usize, ApiError> {
    let up_to = up_to.unwrap_or(last);
    if up_to == 0 || up_to > last {
        return Err(ApiError::refused_with(&INVALID_UP_TO, last));
    }
    Ok(up_to)
}

/// None when the aggregate has no events.
pub async fn replay<A: Narrated>(pool: &PgPool, id: &str, up_to: Option<usize>) -> Result<Option<Replay<A>>, ApiError> {
    let placed = stream::<A>(pool, id).await?;
    let Some(last) = placed.last().map(|e| e.envelope.sequence) else { return Ok(None) };
    let up_to = check_up_to(up_to, last)?;
    let (mut state, mut current) = (A::default(), A::default());
    let mut events = Vec::with_capacity(placed.len());
    for placed in placed {
        events.push(event_out(placed.envelope.sequence, &placed));
        if placed.envelope.sequence <= up_to {
            state.apply(placed.envelope.payload.clone());
        }
        current.apply(placed.envelope.payload);
    }
    Ok(Some(Replay { events, state, up_to, current }))
}

/// A service order's history: its own events and its ports' (aggregates::transfer), in the
/// order they were stored and numbered along that one timeline (an order without ports
/// numbers as its stream does), with the order and its ports as they stood after `up_to`.
pub struct OrderReplay {
    pub replay: Replay<ServiceOrder>,
    /// The ports after `up_to`: from their own streams, or (an older order's port not
    /// opened since) as the order's events make them.
    pub ports: Vec<Transfer>,
    /// The order's call credit after `up_to` (Pay As You Go), when it has any events.
    pub credit: Option<CallCredit>,
}

/// None when the order has no events.
pub async fn replay_service_order(
    pool: &PgPool,
    id: &str,
    up_to: Option<usize>,
) -> Result<Option<OrderReplay>, ApiError> {
    let order = stream::<ServiceOrder>(pool, id).await?;
    if order.is_empty() {
        return Ok(None);
    }
    // A port's id is its order's id, a colon and the number (aggregates::transfer::transfer_id).
    let port_events = read::<Transfer>(pool, Read::Prefixed(&format!("{id}:"))).await?;
    // Read once and dropped: no need to box either side.
    #[allow(clippy::large_enum_variant)]
    enum Entry {
        Order(Stored<ServiceOrder>),
        Transfer(Stored<Transfer>),
        Credit(Stored<CallCredit>),
    }
    let mut timeline: Vec<(i64, Entry)> = order.into_iter().map(|p| (p.global_sequence, Entry::Order(p))).collect();
    timeline.extend(port_events.into_iter().map(|p| (p.global_sequence, Entry::Transfer(p))));
    // The order's call credit (its id is the order's).
    let credit_events = stream::<CallCredit>(pool, id).await?;
    let has_credit = !credit_events.is_empty();
    timeline.extend(credit_events.into_iter().map(|p| (p.global_sequence, Entry::Credit(p))));
    timeline.sort_by_key(|(position, _)| *position);
    let up_to = check_up_to(up_to, timeline.len())?;
    let (mut state, mut current) = (ServiceOrder::default(), ServiceOrder::default());
    let mut order_events = Vec::new();
    let mut ports: std::collections::BTreeMap<String, Transfer> = Default::default();
    let mut credit = CallCredit::default();
    let mut events = Vec::with_capacity(timeline.len());
    for (index, (_, entry)) in timeline.into_iter().enumerate() {
        let sequence = index + 1;
        match entry {
            Entry::Order(placed) => {
                events.push(event_out(sequence, &placed));
                if sequence <= up_to {
                    state.apply(placed.envelope.payload.clone());
                    order_events.push(placed.envelope.payload.clone());
                }
                current.apply(placed.envelope.payload);
            }
            Entry::Transfer(placed) => {
                events.push(event_out(sequence, &placed));
                if sequence <= up_to {
                    ports.entry(placed.envelope.aggregate_id).or_default().apply(placed.envelope.payload);
                }
            }
            Entry::Credit(placed) => {
                events.push(event_out(sequence, &placed));
                if sequence <= up_to {
                    credit.apply(placed.envelope.payload);
                }
            }
        }
    }
    let mut shown = Vec::new();
    for number in state.transfers() {
        match ports.remove(&aggregates::transfer::transfer_id(id, &number.value)) {
            Some(port) => shown.push(port),
            None => shown.extend(aggregates::transfer::from_order(id, &number.value, &order_events).ok()),
        }
    }
    let credit = has_credit.then_some(credit);
    Ok(Some(OrderReplay { replay: Replay { events, state, up_to, current }, ports: shown, credit }))
}

/// The e-mails queued for an order (its own and the copies staff sent again).
pub async fn emails(pool: &PgPool, id: &str) -> Result<Vec<EmailOut>, sqlx::Error> {
    // Runtime SQL: STATUS_SQL is one definition shared by every reader (the macros take only a literal).
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
