use super::events::{Image, ItemStatus};
use super::fields::HardwareFields;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HardwareCommand {
    Create { fields: HardwareFields, actor: String },
    Update { fields: HardwareFields, actor: String },
    SetStatus { status: ItemStatus, actor: String },
    Delete { actor: String },
    AttachImage { image: Image, actor: String },
    RemoveImage { image_id: String, actor: String },
}
