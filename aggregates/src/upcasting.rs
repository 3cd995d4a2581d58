//! Reading events stored in an older shape.
//!
//! Events are kept forever, so an event's shape can only grow in ways old events still
//! read. How to change an event:
//!
//! 1. A new field that old events lack: give it `#[serde(default)]` and decide what its
//!    absence means. Nothing else is needed.
//! 2. A field renamed, moved or recomputed: raise that event's `event_version` (minor for a
//!    compatible change) and add an upcaster below that rewrites the older payloads into the
//!    new shape. Every read of stored events goes through the store's one reader
//!    (store::event_store: the aggregate's load, its history, support's history, the live
//!    queries and `rebuild-views`), which applies `upcasters` once, so the aggregate and its
//!    projections only ever see the current shape.
//! 3. Keep a test that reads a payload exactly as the old version stored it.
//!
//! The examples: a service order's amounts called the service total due today `grand_total`
//! until `OrderPlaced` 1.1, which names it `due_today`; and the staff steps' events named
//! who took them in a `by` field until their 1.1, which keep the actor in the metadata only
//! (crate::actor). An upcaster sees the metadata as well as the payload, so an event stored
//! before actors were recorded there gets its actor from its `by`.

use std::collections::HashMap;

use cqrs_es::persist::{EventUpcaster, SemanticVersionEventUpcaster, SerializedEvent};
use serde_json::Value;

use crate::actor::Actor;

/// The upcasters of one aggregate type's events, oldest change first.
pub fn upcasters(aggregate_type: &str) -> Vec<Box<dyn EventUpcaster>> {
    let mut upcasters: Vec<Box<dyn EventUpcaster>> = match aggregate_type {
        "ServiceOrder" => {
            vec![Box::new(SemanticVersionEventUpcaster::new("OrderPlaced", "1.1", Box::new(order_placed_1_1)))]
        }
        _ => vec![],
    };
    if let Some(event_types) = acted_by(aggregate_type) {
        upcasters.push(Box::new(ActorFromPayload { event_types }));
    }
    upcasters
}

/// The events of an aggregate type that named who acted in a `by` field until their 1.1.
/// (A superseded order's `by` is the newer order, not an actor: it stays.)
fn acted_by(aggregate_type: &str) -> Option<&'static [&'static str]> {
    match aggregate_type {
        "ServiceOrder" => Some(&[
            "ConfirmationResent",
            "SipPasswordReset",
            "NumberReplaced",
            "PlaceholderFilled",
            "NumberReleased",
            "PortSubmitted",
            "PortDateSet",
            "PortCompleted",
            "PortRejected",
            "CancellationProposed",
            "SubscriptionCancelled",
        ]),
        "HardwareOrder" => Some(&["ConfirmationResent", "RefundProposed", "RefundRequested", "HardwareRefunded"]),
        "Trial" => Some(&["ConfirmationResent", "SipPasswordReset", "TrialExtended"]),
        _ => None,
    }
}

/// 1.0 -> 1.1 of the events [`acted_by`] names: `by` leaves the payload. When the metadata
/// names no actor (an event stored before actors were recorded there), `by` becomes it: a
/// staff member's e-mail, or else a job's name, so the history still says who acted.
struct ActorFromPayload {
    event_types: &'static [&'static str],
}

impl EventUpcaster for ActorFromPayload {
    fn can_upcast(&self, event_type: &str, event_version: &str) -> bool {
        matches!(event_version, "1.0" | "1.0.0") && self.event_types.contains(&event_type)
    }

    fn upcast(&self, mut event: SerializedEvent) -> SerializedEvent {
        let fields = event.payload.get_mut(&event.event_type).and_then(Value::as_object_mut);
        if let Some(Value::String(by)) = fields.and_then(|fields| fields.remove("by")) {
            let mut metadata: HashMap<String, String> =
                serde_json::from_value(event.metadata.clone()).unwrap_or_default();
            if Actor::from_metadata(&metadata) == Actor::System && !by.trim().is_empty() {
                let actor = if by.contains('@') { Actor::Staff(by) } else { Actor::Job(by) };
                metadata.extend(actor.metadata());
                event.metadata = serde_json::to_value(metadata).unwrap_or(event.metadata);
            }
        }
        event.event_version = "1.1".to_string();
        event
    }
}

/// Brings a stored event to the current shape.
pub fn upcast(event: SerializedEvent) -> SerializedEvent {
    let upcasters = upcasters(&event.aggregate_type);
    upcast_with(&upcasters, event)
}

/// Brings a stored event to the current shape with its type's `upcasters` (made once for
/// many events: store::event_store's reader), each applied in turn where it applies.
pub fn upcast_with(upcasters: &[Box<dyn EventUpcaster>], mut event: SerializedEvent) -> SerializedEvent {
    for upcaster in upcasters {
        if upcaster.can_upcast(&event.event_type, &event.event_version) {
            event = upcaster.upcast(event);
        }
    }
    event
}

/// `OrderPlaced` 1.0 -> 1.1: `lines.amounts.grand_total` is now `due_today`.
fn order_placed_1_1(mut payload: Value) -> Value {
    let amounts = payload.get_mut("OrderPlaced").and_then(|placed| placed.pointer_mut("/lines/amounts"));
    if let Some(Value::Object(amounts)) = amounts {
        if let Some(total) = amounts.remove("grand_total") {
            amounts.entry("due_today").or_insert(total);
        }
    }
    payload
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::hardware_order::HardwareOrderEvent;
    use crate::service_order::ServiceOrderEvent;
    use crate::trial::TrialEvent;

    fn stored(
        aggregate_type: &str,
        event_type: &str,
        version: &str,
        payload: Value,
        metadata: Value,
    ) -> SerializedEvent {
        SerializedEvent {
            aggregate_id: "a1".into(),
            sequence: 7,
            aggregate_type: aggregate_type.into(),
            event_type: event_type.into(),
            event_version: version.into(),
            payload,
            metadata,
        }
    }

    fn actor(event: &SerializedEvent) -> Actor {
        Actor::from_metadata(&serde_json::from_value(event.metadata.clone()).unwrap())
    }

    #[test]
    fn a_1_0_staff_step_with_by_and_no_actor_reads_with_by_as_its_actor() {
        // Exactly as 1.0 stored it, before actors were recorded in the metadata.
        let old = stored(
            "ServiceOrder",
            "PortSubmitted",
            "1.0",
            json!({ "PortSubmitted": { "number": "01632960001", "by": "sam@talkbridge.example", "at": "2026-11-20T10:00:00Z" } }),
            json!({}),
        );
        let read = upcast(old);
        assert_eq!(read.event_version, "1.1");
        assert_eq!(actor(&read), Actor::Staff("sam@talkbridge.example".into()));
        assert_eq!(read.payload, json!({ "PortSubmitted": { "number": "01632960001", "at": "2026-11-20T10:00:00Z" } }));
        let event: ServiceOrderEvent = serde_json::from_value(read.payload).unwrap();
        assert!(matches!(event, ServiceOrderEvent::PortSubmitted { number, .. } if number == "01632960001"));
    }

    #[test]
    fn a_1_0_event_whose_metadata_names_its_actor_keeps_that_actor() {
        let metadata = Actor::Staff("ada@talkbridge.example".into()).metadata();
        let old = stored(
            "HardwareOrder",
            "HardwareRefunded",
            "1.0",
            json!({ "HardwareRefunded": {
                "number": 1, "refund_id": "re_1", "amount": 7680, "lines": [["yealink-t54w", 1]], "full": false,
                "reason": "Returned unused", "by": "ada@talkbridge.example", "at": "2026-11-20T10:00:00Z"
            } }),
            serde_json::to_value(&metadata).unwrap(),
        );
        let read = upcast(old);
        assert_eq!(serde_json::from_value::<HashMap<String, String>>(read.metadata.clone()).unwrap(), metadata);
        let event: HardwareOrderEvent = serde_json::from_value(read.payload).unwrap();
        assert!(matches!(event, HardwareOrderEvent::HardwareRefunded { number: 1, .. }));
    }

    #[test]
    fn a_job_named_in_by_reads_as_that_job() {
        let old = stored(
            "ServiceOrder",
            "PlaceholderFilled",
            "1.0",
            json!({ "PlaceholderFilled": {
                "placeholder": "placeholder-0161", "number": "01612345678", "by": "fill-placeholders",
                "at": "2026-11-20T10:00:00Z"
            } }),
            json!({ "actor": "system" }),
        );
        assert_eq!(actor(&upcast(old)), Actor::Job("fill-placeholders".into()));
    }

    #[test]
    fn a_1_1_event_has_no_by_and_reads_as_stored() {
        let extended = TrialEvent::TrialExtended { days: 3, ends_at: "2026-11-30T10:00:00Z".parse().unwrap() };
        let metadata = Actor::Staff("ada@talkbridge.example".into()).metadata();
        let payload = serde_json::to_value(&extended).unwrap();
        assert_eq!(payload, json!({ "TrialExtended": { "days": 3, "ends_at": "2026-11-30T10:00:00Z" } }));
        let version = cqrs_es::DomainEvent::event_version(&extended);
        assert_eq!(version, "1.1");
        let new = stored("Trial", "TrialExtended", &version, payload.clone(), serde_json::to_value(&metadata).unwrap());
        let read = upcast(new.clone());
        assert_eq!((read.payload, read.metadata), (new.payload, new.metadata));
        // The same event as 1.0 stored it reads the same, with the same actor.
        let old = stored(
            "Trial",
            "TrialExtended",
            "1.0",
            json!({ "TrialExtended": { "days": 3, "ends_at": "2026-11-30T10:00:00Z", "by": "ada@talkbridge.example" } }),
            json!({}),
        );
        let read = upcast(old);
        assert_eq!(actor(&read), Actor::Staff("ada@talkbridge.example".into()));
        assert_eq!(serde_json::from_value::<TrialEvent>(read.payload).unwrap(), extended);
    }

    #[test]
    fn a_superseded_order_keeps_its_by_the_newer_order() {
        let old = stored(
            "ServiceOrder",
            "OrderSuperseded",
            "1.0",
            json!({ "OrderSuperseded": { "by": "order-2", "at": "2026-11-20T10:00:00Z" } }),
            json!({ "actor": "buyer" }),
        );
        let read = upcast(old.clone());
        assert_eq!((read.payload, read.event_version), (old.payload, old.event_version));
    }
}
