//! The demo desk-phone catalogue (api/seed/hardware), created on first start through the
//! same commands an admin uses, with the actor `seed`.

use std::collections::BTreeMap;
use std::path::Path;

use aggregates::hardware::{Brand, HardwareCommand, HardwareFields, Image, Status};
use aggregates::pricing::Pence;
use serde::Deserialize;
use uuid::Uuid;

use crate::commands;
use crate::state::AppState;

const ACTOR: &str = "seed";

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct SeedItem {
    name: String,
    brand: String,
    model: String,
    #[serde(default)]
    sku: String,
    price_pence: i64,
    original_price_pence: Option<i64>,
    gross_weight_grams: Option<u32>,
    #[serde(default)]
    short_desc: String,
    #[serde(default)]
    description: String,
    features: Vec<String>,
    compatibility: Vec<String>,
    rating: f64,
    in_stock: bool,
    status: Status,
    #[serde(default)]
    specs: BTreeMap<String, String>,
    #[serde(default)]
    images: Vec<String>,
}

/// Seeds the catalogue when no hardware event exists yet; answers how many items.
pub async fn seed_hardware(state: &AppState, dir: &Path) -> Result<usize, String> {
    let any: bool = sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM events WHERE aggregate_type = 'HardwareItem')")
        .fetch_one(&state.pool)
        .await
        .map_err(|e| e.to_string())?;
    let file = dir.join("hardware/catalogue.json");
    if any || !file.exists() {
        return Ok(0);
    }
    let text = std::fs::read_to_string(&file).map_err(|e| format!("{}: {e}", file.display()))?;
    let items: Vec<SeedItem> = serde_json::from_str(&text).map_err(|e| format!("{}: {e}", file.display()))?;
    for item in &items {
        let id = Uuid::new_v4().to_string();
        let fields = HardwareFields {
            name: item.name.clone(),
            brand: Brand::parse(&item.brand),
            model: item.model.clone(),
            sku: item.sku.clone(),
            price: Pence(item.price_pence),
            original_price: item.original_price_pence.map(Pence),
            gross_weight_grams: item.gross_weight_grams,
            short_desc: item.short_desc.clone(),
            description: item.description.clone(),
            features: item.features.clone(),
            compatibility: item.compatibility.clone(),
            rating_halves: (item.rating * 2.0).round().clamp(2.0, 10.0) as u8,
            in_stock: item.in_stock,
            specs: item.specs.clone(),
        };
        let run = |command| commands::execute(&state.hardware, &id, command);
        run(HardwareCommand::Create { fields, actor: ACTOR.into() })
            .await
            .map_err(|e| format!("{}: {e}", item.name))?;
        run(HardwareCommand::SetStatus { status: item.status, actor: ACTOR.into() })
            .await
            .map_err(|e| e.to_string())?;
        for filename in &item.images {
            let path = dir.join("hardware/images").join(filename);
            let bytes = std::fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            let image_id = Uuid::new_v4();
            sqlx::query(
                "INSERT INTO hardware_images (id, content_type, filename, bytes, brand, uploaded_by)
                 VALUES ($1, 'image/svg+xml', $2, $3, $4, $5)",
            )
            .bind(image_id)
            .bind(filename)
            .bind(bytes)
            .bind(&item.brand)
            .bind(ACTOR)
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
