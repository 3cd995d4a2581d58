//! Ids from requests.

use crate::error::ApiError;

/// An id that must be a UUID (from a path or a body), in its canonical form; anything else
/// names nothing, which answers `missing`.
pub fn uuid_id(raw: &str, missing: impl Into<ApiError>) -> Result<String, ApiError> {
    uuid::Uuid::parse_str(raw.trim()).map(|id| id.to_string()).map_err(|_| missing.into())
}
