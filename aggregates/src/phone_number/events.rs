use chrono::{DateTime, Utc};
use cqrs_es::DomainEvent;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum PhoneNumberEvent {
    NumberReserved { cart_id: String, until: DateTime<Utc> },
    NumberReleased { cart_id: String, reason: ReleaseReason },
    NumberAssigned { owner: String },
    NumberHeldForOrder { owner: String, cart_id: String, until: DateTime<Utc> },
    NumberReturned { owner: String },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum ReleaseReason {
    RemovedFromCart,
    Expired,
}

impl DomainEvent for PhoneNumberEvent {
    fn event_type(&self) -> String {
        match self {
            PhoneNumberEvent::NumberReserved { .. } => "NumberReserved",
            PhoneNumberEvent::NumberReleased { .. } => "NumberReleased",
            PhoneNumberEvent::NumberAssigned { .. } => "NumberAssigned",
            PhoneNumberEvent::NumberHeldForOrder { .. } => "NumberHeldForOrder",
            PhoneNumberEvent::NumberReturned { .. } => "NumberReturned",
        }
        .to_string()
    }

    fn event_version(&self) -> String {
        "1.0".to_string()
    }
}
