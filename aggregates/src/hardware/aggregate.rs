use std::sync::Arc;

use chrono::{DateTime, Utc};
use cqrs_es::event_sink::EventSink;
use cqrs_es::{Aggregate, DomainEvent};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::fields::{FieldChange, HardwareFields, MAX_IMAGES};
use crate::clock::Clock;

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    Published,
    #[default]
    Draft,
    Archived,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Published => "published",
            Status::Draft => "draft",
            Status::Archived => "archived",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
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

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HardwareCommand {
    Create { fields: HardwareFields, actor: String },
    Update { fields: HardwareFields, actor: String },
    SetStatus { status: Status, actor: String },
    Delete { actor: String },
    AttachImage { image: Image, actor: String },
    RemoveImage { image_id: String, actor: String },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum HardwareEvent {
    ItemCreated { fields: HardwareFields, status: Status, stamp: Stamp },
    ItemUpdated { fields: HardwareFields, changes: Vec<FieldChange>, stamp: Stamp },
    StatusChanged { from: Status, to: Status, stamp: Stamp },
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

#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum HardwareError {
    #[error("This item already exists.")]
    AlreadyExists,
    #[error("Hardware item not found.")]
    NotFound,
    #[error("Please fix the following errors: {}", .0.join(", "))]
    Invalid(Vec<String>),
    #[error("An item can have at most {MAX_IMAGES} images.")]
    TooManyImages,
    #[error("This image is not on the item.")]
    ImageNotFound,
}

impl HardwareError {
    pub fn code(&self) -> &'static str {
        match self {
            HardwareError::AlreadyExists => "hardware_exists",
            HardwareError::NotFound => "hardware_not_found",
            HardwareError::Invalid(_) => "invalid_hardware",
            HardwareError::TooManyImages => "too_many_images",
            HardwareError::ImageNotFound => "image_not_found",
        }
    }
}

pub struct HardwareServices {
    pub clock: Arc<dyn Clock>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HardwareItem {
    pub exists: bool,
    pub deleted: bool,
    pub fields: Option<HardwareFields>,
    pub status: Status,
    pub images: Vec<Image>,
}

impl HardwareItem {
    fn live(&self) -> Result<&HardwareFields, HardwareError> {
        match &self.fields {
            Some(fields) if self.exists && !self.deleted => Ok(fields),
            _ => Err(HardwareError::NotFound),
        }
    }

    /// The event a command leads to; `None` when it would change nothing.
    fn decide(&self, command: HardwareCommand, at: DateTime<Utc>) -> Result<Option<HardwareEvent>, HardwareError> {
        let stamp = |actor: String| Stamp { actor, at };
        Ok(Some(match command {
            HardwareCommand::Create { fields, actor } => {
                if self.exists {
                    return Err(HardwareError::AlreadyExists);
                }
                let fields = fields.validated().map_err(HardwareError::Invalid)?;
                HardwareEvent::ItemCreated { fields, status: Status::Draft, stamp: stamp(actor) }
            }
            HardwareCommand::Update { fields, actor } => {
                let current = self.live()?;
                let fields = fields.validated().map_err(HardwareError::Invalid)?;
                let changes = current.changes_to(&fields);
                if changes.is_empty() {
                    return Ok(None);
                }
                HardwareEvent::ItemUpdated { fields, changes, stamp: stamp(actor) }
            }
            HardwareCommand::SetStatus { status, actor } => {
                self.live()?;
                if status == self.status {
                    return Ok(None);
                }
                HardwareEvent::StatusChanged { from: self.status, to: status, stamp: stamp(actor) }
            }
            HardwareCommand::Delete { actor } => {
                self.live()?;
                HardwareEvent::ItemDeleted { stamp: stamp(actor) }
            }
            HardwareCommand::AttachImage { image, actor } => {
                self.live()?;
                if self.images.iter().any(|i| i.id == image.id) {
                    return Ok(None);
                }
                if self.images.len() >= MAX_IMAGES {
                    return Err(HardwareError::TooManyImages);
                }
                HardwareEvent::ImageAttached { image, stamp: stamp(actor) }
            }
            HardwareCommand::RemoveImage { image_id, actor } => {
                self.live()?;
                if !self.images.iter().any(|i| i.id == image_id) {
                    return Err(HardwareError::ImageNotFound);
                }
                HardwareEvent::ImageRemoved { image_id, stamp: stamp(actor) }
            }
        }))
    }
}

impl Aggregate for HardwareItem {
    const TYPE: &'static str = "HardwareItem";
    type Command = HardwareCommand;
    type Event = HardwareEvent;
    type Error = HardwareError;
    type Services = HardwareServices;

    async fn handle(
        &mut self,
        command: HardwareCommand,
        services: &HardwareServices,
        sink: &EventSink<Self>,
    ) -> Result<(), HardwareError> {
        if let Some(event) = self.decide(command, services.clock.now())? {
            sink.write(event, self).await;
        }
        Ok(())
    }

    fn apply(&mut self, event: HardwareEvent) {
        match event {
            HardwareEvent::ItemCreated { fields, status, .. } => {
                self.exists = true;
                self.fields = Some(fields);
                self.status = status;
            }
            HardwareEvent::ItemUpdated { fields, .. } => self.fields = Some(fields),
            HardwareEvent::StatusChanged { to, .. } => self.status = to,
            HardwareEvent::ItemDeleted { .. } => self.deleted = true,
            HardwareEvent::ImageAttached { image, .. } => self.images.push(image),
            HardwareEvent::ImageRemoved { image_id, .. } => self.images.retain(|i| i.id != image_id),
        }
    }
}
