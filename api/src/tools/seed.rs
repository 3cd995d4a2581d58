//! The demo desk-phone catalogue (api/seed/hardware), created on first start through the
//! same commands an admin uses, with the actor `seed`.

use std::path::Path;

use aggregates::hardware_item::{Brand, HardwareCommand, HardwareItem, Image, ItemStatus};
use cqrs_es::Aggregate;
use uuid::Uuid;

use crate::app::state::AppState;
use crate::http::routes::hardware::ItemBody;
use store::commands::Context;

const ACTOR: &str = "seed";

/// A demo item: the admins' item body plus its image files (and a slug for people).
struct SeedItem {
    body: ItemBody,
    images: Vec<String>,
}

fn parse_items(text: &str) -> Result<Vec<SeedItem>, String> {
    let items: Vec<serde_json::Value> = serde_json::from_str(text).map_err(|e| e.to_string())?;
    items
        .into_iter()
        .map(|mut item| {
            let object = item.as_object_mut().ok_or("an item is not an object")?;
            object.remove("slug");
            let images = object.remove("images").map(serde_json::from_value).transpose().map_err(|e| e.to_string())?;
            let body = serde_json::from_value(item).map_err(|e| e.to_string())?;
            Ok(SeedItem { body, images: images.unwrap_or_default() })
        })
        .collect()
}

/// Seeds the catalogue when no hardware item was ever made (the event store says: an item
/// deleted since, or a seed stopped half way, still counts, so the demo is never added
/// twice); answers how many items.
pub async fn seed_hardware(state: &AppState, dir: &Path) -> Result<usize, String> {
    let any = store::event_store::any_of_type(&state.pool, HardwareItem::TYPE).await.map_err(|e| e.to_string())?;
    let file = dir.join("hardware/catalogue.json");
    if any || !file.exists() {
        return Ok(0);
    }
    let text = std::fs::read_to_string(&file).map_err(|e| format!("{}: {e}", file.display()))?;
    let items = parse_items(&text).map_err(|e| format!("{}: {e}", file.display()))?;
    for item in &items {
        let id = Uuid::new_v4().to_string();
        let fields = item.body.fields().map_err(|e| format!("{e:?}"))?;
        let name = fields.name.clone();
        let brand = fields.brand.map_or("unknown", Brand::as_str);
        let context = Context::system();
        let run = |command| state.hardware.cqrs.execute(&context, &id, command);
        run(HardwareCommand::Create { fields, actor: ACTOR.into() }).await.map_err(|e| format!("{name}: {e}"))?;
        let status = item.body.status.unwrap_or(ItemStatus::Draft);
        run(HardwareCommand::SetStatus { status, actor: ACTOR.into() }).await.map_err(|e| e.to_string())?;
        for filename in &item.images {
            let path = dir.join("hardware/images").join(filename);
            let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            let image_id = Uuid::new_v4();
            sqlx::query!(
                "INSERT INTO hardware_images (id, content_type, filename, bytes, brand, uploaded_by)
                 VALUES ($1, 'image/svg+xml', $2, $3, $4, $5)",
                image_id,
                filename,
                bytes,
                brand,
                ACTOR
            )
            .execute(&state.pool)
            .await
            .map_err(|e| e.to_string())?;
            let image = Image {
                id: image_id.to_string(),
                url: format!("/api/hardware-images/{image_id}"),
                filename: filename.clone(),
            };
            run(HardwareCommand::AttachImage { image, actor: ACTOR.into() }).await.map_err(|e| e.to_string())?;
        }
    }
    Ok(items.len())
}
