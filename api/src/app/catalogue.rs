//! The admins' changes to the hardware catalogue (create, update, delete an item, with its
//! status and images) and the catalogue's audit log. The routes (crate::http::routes::hardware)
//! only turn these into answers; the live items are read through crate::app::hardware_items.

use aggregates::hardware_item::{HardwareCommand, HardwareError, HardwareFields, ItemStatus};
use projections::hardware::{audit_page, AuditCursor, AuditRow, HardwareView};

use crate::app::auth::Staff;
use crate::app::hardware_items;
use crate::app::state::AppState;
use crate::platform::error::ApiError;
use store::commands::Context;

/// What an admin's change may set besides the item's fields.
#[derive(Debug, Default, Clone)]
pub struct ItemExtras {
    /// The item's new status, if any.
    pub status: Option<ItemStatus>,
    /// The uploaded images the item shows, in full: others are taken off, new ones attached.
    pub image_ids: Option<Vec<String>>,
}

/// A new item: its id and the item as it now reads.
pub async fn create_item(
    state: &AppState,
    admin: &Staff,
    fields: HardwareFields,
    extras: &ItemExtras,
) -> Result<(String, HardwareView), ApiError> {
    let id = uuid::Uuid::new_v4().to_string();
    let command = HardwareCommand::Create { fields, actor: admin.email.clone() };
    state.hardware.cqrs.execute(&Context::staff(&admin.email), &id, command).await?;
    apply_extras(state, &id, extras, &admin.email).await?;
    let item = live(state, &id).await?;
    Ok((id, item))
}

/// The item `id` (no NUL: crate::app::hardware_items::item_id) with new fields (and extras):
/// the item as it now reads.
pub async fn update_item(
    state: &AppState,
    admin: &Staff,
    id: &str,
    fields: HardwareFields,
    extras: &ItemExtras,
) -> Result<HardwareView, ApiError> {
    let command = HardwareCommand::Update { fields, actor: admin.email.clone() };
    state.hardware.cqrs.execute(&Context::staff(&admin.email), id, command).await?;
    apply_extras(state, id, extras, &admin.email).await?;
    live(state, id).await
}

/// Deletes the item `id` (no NUL: crate::app::hardware_items::item_id).
pub async fn delete_item(state: &AppState, admin: &Staff, id: &str) -> Result<(), ApiError> {
    state
        .hardware
        .cqrs
        .execute(&Context::staff(&admin.email), id, HardwareCommand::Delete { actor: admin.email.clone() })
        .await?;
    Ok(())
}

async fn live(state: &AppState, id: &str) -> Result<HardwareView, ApiError> {
    Ok(hardware_items::live_item(&state.pool, id).await?.ok_or(HardwareError::NotFound)?)
}

async fn apply_extras(state: &AppState, id: &str, extras: &ItemExtras, actor: &str) -> Result<(), ApiError> {
    let context = Context::staff(actor);
    if let Some(status) = extras.status {
        state
            .hardware
            .cqrs
            .execute(&context, id, HardwareCommand::SetStatus { status, actor: actor.to_string() })
            .await?;
    }
    if let Some(wanted) = &extras.image_ids {
        let current = hardware_items::live_item(&state.pool, id).await?.map(|v| v.item.images).unwrap_or_default();
        for image in current.iter().filter(|i| !wanted.contains(&i.id)) {
            let command = HardwareCommand::RemoveImage { image_id: image.id.clone(), actor: actor.to_string() };
            state.hardware.cqrs.execute(&context, id, command).await?;
        }
        for image_id in wanted.iter().filter(|w| !current.iter().any(|i| &i.id == *w)) {
            let image = hardware_items::uploaded_image(&state.pool, image_id).await?;
            state
                .hardware
                .cqrs
                .execute(&context, id, HardwareCommand::AttachImage { image, actor: actor.to_string() })
                .await?;
        }
    }
    Ok(())
}

/// Which changes of the audit log to list.
#[derive(Debug, Default, Clone)]
pub struct AuditFilter {
    /// One item's changes (its id).
    pub item: Option<String>,
    /// One admin's changes (their e-mail address, in any case).
    pub user: Option<String>,
}

/// One page of the audit log, newest first.
pub struct AuditLogPage {
    pub rows: Vec<AuditRow>,
    /// Where the next (older) page starts; None on the last page.
    pub next: Option<String>,
}

/// The changes matching `filter`, `per_page` of them after `before` (from the newest without it).
pub async fn audit_log(
    state: &AppState,
    filter: AuditFilter,
    before: Option<AuditCursor>,
    per_page: u32,
) -> Result<AuditLogPage, ApiError> {
    // PostgreSQL text holds no NUL: no item or user has one.
    if [&filter.item, &filter.user].into_iter().flatten().any(|text| text.contains('\0')) {
        return Ok(AuditLogPage { rows: vec![], next: None });
    }
    let item = filter.item.filter(|i| !i.is_empty());
    let user = filter.user.map(|u| u.trim().to_lowercase()).filter(|u| !u.is_empty());
    // One more than the page: whether there is an older page, without counting the log.
    let mut rows = audit_page(&state.pool, item.as_deref(), user.as_deref(), before, per_page + 1).await?;
    let next = if rows.len() > per_page as usize {
        rows.truncate(per_page as usize);
        rows.last().map(|row| AuditCursor::of(row).encode())
    } else {
        None
    };
    Ok(AuditLogPage { rows, next })
}
