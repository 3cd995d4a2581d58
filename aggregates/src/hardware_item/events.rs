use chrono::{DateTime, Utc};
use cqrs_es::DomainEvent;
use serde::{Deserialize, Serialize};

use super::fields::{FieldChange, HardwareFields};

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ItemStatus {
    Published,
    #[default]
    Draft,
    Archived,
}

impl ItemStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            ItemStatus::Published => "published",
            ItemStatus::Draft => "draft",
            ItemStatus::Archived => "archived",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Image {
    pub id: String,
    pub url: String,
    pub filename: String,
}

/// Who did it and when: carried by every event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stamp {
    pub actor: String,
    pub at: DateTime<Utc>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum HardwareEvent {
    ItemCreated { fields: HardwareFields, status: ItemStatus, stamp: Stamp },
    ItemUpdated { fields: HardwareFields, changes: Vec<FieldChange>, stamp: Stamp },
    StatusChanged { from: ItemStatus, to: ItemStatus, stamp: Stamp },
    ItemDeleted { stamp: Stamp },
    ImageAttached { image: Image, stamp: Stamp },
    ImageRemoved { image_id: String, stamp: Stamp },
}

impl HardwareEvent {
    pub fn stamp(&self) -> &Stamp {
        match self {
            HardwareEvent::ItemCreated { stamp, .. }
            | HardwareEvent::ItemUpdated { stamp, .. }
            | HardwareEvent::StatusChanged { stamp, .. }
            | HardwareEvent::ItemDeleted { stamp }
            | HardwareEvent::ImageAttached { stamp, .. }
            | HardwareEvent::ImageRemoved { stamp, .. } => stamp,
        }
    }
}

impl DomainEvent for HardwareEvent {
    fn event_type(&self) -> String {
        match self {
            HardwareEvent::ItemCreated { .. } => "ItemCreated",
            HardwareEvent::ItemUpdated { .. } => "ItemUpdated",
            HardwareEvent::StatusChanged { .. } => "StatusChanged",
            HardwareEvent::ItemDeleted { .. } => "ItemDeleted",
            HardwareEvent::ImageAttached { .. } => "ImageAttached",
            HardwareEvent::ImageRemoved { .. } => "ImageRemoved",
        }
        .to_string()
    }

    fn event_version(&self) -> String {
        "1.0".to_string()
    }
}
