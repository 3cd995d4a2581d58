//! Small value types the views share, owned by the read side so an aggregate's own types can
//! change without changing what pages and staff read.

use aggregates::customer::Extension;
use serde::{Deserialize, Serialize};

/// An extension as pages show it: its number and SIP username (never a password).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct ExtensionLine {
    pub number: String,
    pub username: String,
}

impl From<&Extension> for ExtensionLine {
    fn from(extension: &Extension) -> Self {
        ExtensionLine { number: extension.number.clone(), username: extension.username.clone() }
    }
}
