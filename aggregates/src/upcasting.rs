//! Reading events stored in an older shape.
//!
//! Events are kept forever, so an event's shape can only grow in ways old events still
//! read. How to change an event:
//!
//! 1. A new field that old events lack: give it `#[serde(default)]` and decide what its
//!    absence means. Nothing else is needed.
//! 2. A field renamed, moved or recomputed: raise that event's `event_version` (minor for a
//!    compatible change) and add an upcaster below that rewrites the older payloads into the
//!    new shape. Every place that reads stored events goes through `upcasters` (the event
//!    stores of the API and the jobs, and `rebuild-views`), so the aggregate and its
//!    projections only ever see the current shape.
//! 3. Keep a test that reads a payload exactly as the old version stored it.
//!
//! The example: a service order's amounts called the service total due today `grand_total`
//! until `OrderPlaced` 1.1, which names it `due_today`.

use cqrs_es::persist::{EventUpcaster, SemanticVersionEventUpcaster, SerializedEvent};
use serde_json::Value;

/// The upcasters of one aggregate type's events, oldest change first.
pub fn upcasters(aggregate_type: &str) -> Vec<Box<dyn EventUpcaster>> {
    match aggregate_type {
        "ServiceOrder" => {
            vec![Box::new(SemanticVersionEventUpcaster::new("OrderPlaced", "1.1", Box::new(order_placed_1_1)))]
        }
        _ => vec![],
    }
}

/// Brings a stored event to the current shape (for code that decodes events itself).
pub fn upcast(mut event: SerializedEvent) -> SerializedEvent {
    for upcaster in upcasters(&event.aggregate_type) {
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
