//! The live hardware catalogue as the routes read it: items not deleted, and uploaded images.

use aggregates::hardware_item::{HardwareError, Image};
use projections::hardware::HardwareView;
use sqlx::PgPool;
use uuid::Uuid;

use crate::platform::error::ApiError;

/// Every item that is not deleted, by brand then name.
pub async fn live_items(pool: &PgPool) -> Result<Vec<(String, HardwareView)>, ApiError> {
    let rows =
        sqlx::query!(r#"SELECT view_id, payload AS "payload: sqlx::types::Json<HardwareView>" FROM hardware_view"#)
            .fetch_all(pool)
            .await?;
    let mut items: Vec<(String, HardwareView)> =
        rows.into_iter().map(|r| (r.view_id, r.payload.0)).filter(|(_, v)| v.item.exists && !v.item.deleted).collect();
    items.sort_by_key(|(_, v)| v.item.fields.as_ref().map(|f| (f.brand, f.name.to_lowercase())));
    Ok(items)
}

/// An item's id from a request: PostgreSQL text holds no NUL, so an id with one names no item.
pub fn item_id(raw: &str) -> Result<&str, ApiError> {
    if raw.contains('\0') {
        return Err(HardwareError::NotFound.into());
    }
    Ok(raw)
}

/// One item, unless it was deleted (drafts and archived items included: callers decide).
pub async fn live_item(pool: &PgPool, id: &str) -> Result<Option<HardwareView>, ApiError> {
    // PostgreSQL text holds no NUL, so no item's id has one.
    if id.contains('\0') {
        return Ok(None);
    }
    let row = sqlx::query_scalar!(
        r#"SELECT payload AS "payload: sqlx::types::Json<HardwareView>" FROM hardware_view WHERE view_id = $1"#,
        id
    )
    .fetch_optional(pool)
    .await?;
    Ok(row.map(|r| r.0).filter(|v| v.item.exists && !v.item.deleted))
}

pub async fn uploaded_image(pool: &PgPool, id: &str) -> Result<Image, ApiError> {
    let id = Uuid::parse_str(id).map_err(|_| HardwareError::ImageNotFound)?;
    let filename: Option<String> =
        sqlx::query_scalar!("SELECT filename FROM hardware_images WHERE id = $1", id).fetch_optional(pool).await?;
    let filename = filename.ok_or(HardwareError::ImageNotFound)?;
    Ok(Image { id: id.to_string(), url: format!("/api/hardware-images/{id}"), filename })
}
