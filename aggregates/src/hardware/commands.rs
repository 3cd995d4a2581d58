use super::events::{Image, Status};
use super::fields::HardwareFields;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HardwareCommand {
    Create { fields: HardwareFields, actor: String },
    Update { fields: HardwareFields, actor: String },
    SetStatus { status: Status, actor: String },
    Delete { actor: String },
    AttachImage { image: Image, actor: String },
    RemoveImage { image_id: String, actor: String },
}
