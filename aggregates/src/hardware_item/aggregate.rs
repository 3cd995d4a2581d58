use std::sync::Arc;

use chrono::{DateTime, Utc};
use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use serde::{Deserialize, Serialize};

use super::commands::HardwareCommand;
use super::errors::HardwareError;
use super::events::{HardwareEvent, Image, ItemStatus, Stamp};
use super::fields::{HardwareFields, MAX_IMAGES};
use crate::clock::Clock;

pub struct HardwareServices {
    pub clock: Arc<dyn Clock>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HardwareItem {
    pub exists: bool,
    pub deleted: bool,
    pub fields: Option<HardwareFields>,
    pub status: ItemStatus,
    pub images: Vec<Image>,
}

impl HardwareItem {
    fn live(&self) -> Result<&HardwareFields, HardwareError> {
        match &self.fields {
            Some(fields) if self.exists && !self.deleted => Ok(fields),
            _ => Err(HardwareError::NotFound),
        }
    }

    /// The events a command leads to (none when it would change nothing), or why it is refused.
    fn decide(&self, command: HardwareCommand, at: DateTime<Utc>) -> Result<Vec<HardwareEvent>, HardwareError> {
        let stamp = |actor: String| Stamp { actor, at };
        Ok(vec![match command {
            HardwareCommand::Create { fields, actor } => {
                if self.exists {
                    return Err(HardwareError::AlreadyExists);
                }
                let fields = fields.validated().map_err(HardwareError::Invalid)?;
                HardwareEvent::ItemCreated { fields, status: ItemStatus::Draft, stamp: stamp(actor) }
            }
            HardwareCommand::Update { fields, actor } => {
                let current = self.live()?;
                let fields = fields.validated().map_err(HardwareError::Invalid)?;
                let changes = current.changes_to(&fields);
                if changes.is_empty() {
                    return Ok(vec![]);
                }
                HardwareEvent::ItemUpdated { fields, changes, stamp: stamp(actor) }
            }
            HardwareCommand::SetStatus { status, actor } => {
                self.live()?;
                if status == self.status {
                    return Ok(vec![]);
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
                    return Ok(vec![]);
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
        }])
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
        for event in self.decide(command, services.clock.now())? {
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
