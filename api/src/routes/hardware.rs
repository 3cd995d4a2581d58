//! The hardware catalogue: the public shop's reads, the admins' writes (signed in, CSRF
//! checked), image uploads recognised by their bytes, and the audit log.

use std::collections::BTreeMap;

use aggregates::hardware::{Brand, HardwareCommand, HardwareError, HardwareFields, Image, ItemStatus};
use aggregates::pricing::Pence;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Multipart, Path, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use chrono::{DateTime, Utc};
use projections::hardware::{audit_page, AuditRow, HardwareView};
use serde::{Deserialize, Serialize};
use serde_json::json;
use sqlx::PgPool;
use uuid::Uuid;

use crate::auth::{Admin, Staff};
use crate::commands;
use crate::error::ApiError;
use crate::json::ApiJson;
use crate::state::AppState;

/// The largest image accepted.
pub const MAX_IMAGE_BYTES: usize = 5 * 1024 * 1024;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/hardware", get(list_public).post(create))
        .route("/hardware/", get(list_public).post(create))
        .route("/hardware/{id}", get(get_public).put(update).delete(remove))
        .route("/hardware/{id}/", get(get_public).put(update).delete(remove))
        .route("/admin/hardware", get(list_admin))
        .route("/admin/hardware/", get(list_admin))
        .route("/admin/audit-log", get(audit_log))
        .route("/hardware-images/{id}", get(image).delete(delete_image))
        .route("/hardware-images/{id}/", get(image).delete(delete_image))
}

/// Uploads get their own, larger body limit (the app's default is for JSON).
pub fn upload_router() -> Router<AppState> {
    Router::new()
        .route("/upload-image", post(upload_image))
        .route("/upload-image/", post(upload_image))
        .layer(DefaultBodyLimit::max(MAX_IMAGE_BYTES + 64 * 1024))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ItemOut {
    id: String,
    brand: Option<Brand>,
    model: String,
    name: String,
    sku: String,
    price_pence: Pence,
    original_price_pence: Option<Pence>,
    gross_weight_grams: Option<u32>,
    short_desc: String,
    description: String,
    features: Vec<String>,
    compatibility: Vec<String>,
    in_stock: bool,
    rating: f32,
    status: ItemStatus,
    images: Vec<Image>,
    specs: BTreeMap<String, String>,
    created_at: Option<DateTime<Utc>>,
    updated_at: Option<DateTime<Utc>>,
}

fn item_out(id: String, view: HardwareView) -> Option<ItemOut> {
    let fields = view.item.fields?;
    Some(ItemOut {
        id,
        brand: fields.brand,
        model: fields.model,
        name: fields.name,
        sku: fields.sku,
        price_pence: fields.price,
        original_price_pence: fields.original_price,
        gross_weight_grams: fields.gross_weight_grams,
        short_desc: fields.short_desc,
        description: fields.description,
        features: fields.features,
        compatibility: fields.compatibility,
        in_stock: fields.in_stock,
        rating: f32::from(fields.rating_halves) / 2.0,
        status: view.item.status,
        images: view.item.images,
        specs: fields.specs,
        created_at: view.created_at,
        updated_at: view.updated_at,
    })
}

/// Every item that is not deleted, by brand then name.
pub async fn live_items(pool: &PgPool) -> Result<Vec<(String, HardwareView)>, ApiError> {
    let rows: Vec<(String, sqlx::types::Json<HardwareView>)> =
        sqlx::query_as("SELECT view_id, payload FROM hardware_view").fetch_all(pool).await?;
    let mut items: Vec<(String, HardwareView)> =
        rows.into_iter().map(|(id, view)| (id, view.0)).filter(|(_, v)| v.item.exists && !v.item.deleted).collect();
    items.sort_by_key(|(_, v)| v.item.fields.as_ref().map(|f| (f.brand, f.name.to_lowercase())));
    Ok(items)
}

pub async fn live_item(pool: &PgPool, id: &str) -> Result<Option<HardwareView>, ApiError> {
    let row: Option<(sqlx::types::Json<HardwareView>,)> =
        sqlx::query_as("SELECT payload FROM hardware_view WHERE view_id = $1").bind(id).fetch_optional(pool).await?;
    Ok(row.map(|r| r.0 .0).filter(|v| v.item.exists && !v.item.deleted))
}

fn ok<T: Serialize>(data: T) -> Json<serde_json::Value> {
    Json(json!({ "success": true, "data": data }))
}

#[derive(Deserialize)]
struct BrandQuery {
    brand: Option<String>,
}

async fn list_public(
    State(state): State<AppState>,
    Query(query): Query<BrandQuery>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let brand = match query.brand.as_deref().map(str::trim).filter(|b| !b.is_empty() && *b != "all") {
        None => None,
        Some(text) => Some(Brand::parse(text).ok_or_else(|| {
            ApiError::unprocessable("invalid_query", "brand must be grandstream, yealink, polycom or cisco.")
        })?),
    };
    let items: Vec<ItemOut> = live_items(&state.pool)
        .await?
        .into_iter()
        .filter(|(_, v)| v.item.status == ItemStatus::Published)
        .filter(|(_, v)| brand.is_none() || v.item.fields.as_ref().and_then(|f| f.brand) == brand)
        .filter_map(|(id, v)| item_out(id, v))
        .collect();
    Ok(ok(items))
}

async fn get_public(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let view = live_item(&state.pool, &id).await?.filter(|v| v.item.status == ItemStatus::Published);
    let item = view.and_then(|v| item_out(id, v)).ok_or(HardwareError::NotFound)?;
    Ok(ok(item))
}

async fn list_admin(State(state): State<AppState>, _staff: Staff) -> Result<Json<serde_json::Value>, ApiError> {
    let items: Vec<ItemOut> =
        live_items(&state.pool).await?.into_iter().filter_map(|(id, v)| item_out(id, v)).collect();
    Ok(ok(items))
}

/// An item as admins send it (and as the demo catalogue is written).
#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub(crate) struct ItemBody {
    name: String,
    brand: Option<String>,
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
    #[serde(default)]
    features: Vec<String>,
    #[serde(default)]
    compatibility: Vec<String>,
    rating: Option<f64>,
    in_stock: Option<bool>,
    #[serde(default)]
    specs: BTreeMap<String, String>,
    pub(crate) status: Option<ItemStatus>,
    image_ids: Option<Vec<String>>,
}

impl ItemBody {
    pub(crate) fn fields(&self) -> Result<HardwareFields, ApiError> {
        let brand = match self.brand.as_deref().map(str::trim).filter(|b| !b.is_empty()) {
            None => None,
            Some(text) => Some(Brand::parse(text).ok_or_else(|| {
                HardwareError::Invalid(vec!["Brand must be Grandstream, Yealink, Polycom or Cisco".to_string()])
            })?),
        };
        let rating = self.rating.unwrap_or(5.0);
        let halves = rating * 2.0;
        let rating_halves = if halves.fract() == 0.0 && (0.0..=20.0).contains(&halves) { halves as u8 } else { 0 };
        Ok(HardwareFields {
            name: self.name.clone(),
            brand,
            model: self.model.clone(),
            sku: self.sku.clone(),
            price: Pence(self.price_pence),
            original_price: self.original_price_pence.map(Pence),
            gross_weight_grams: self.gross_weight_grams,
            short_desc: self.short_desc.clone(),
            description: self.description.clone(),
            features: self.features.clone(),
            compatibility: self.compatibility.clone(),
            rating_halves,
            in_stock: self.in_stock.unwrap_or(true),
            specs: self.specs.clone(),
        })
    }
}

async fn uploaded_image(pool: &PgPool, id: &str) -> Result<Image, ApiError> {
    let id = Uuid::parse_str(id).map_err(|_| HardwareError::ImageNotFound)?;
    let filename: Option<String> =
        sqlx::query_scalar("SELECT filename FROM hardware_images WHERE id = $1").bind(id).fetch_optional(pool).await?;
    let filename = filename.ok_or(HardwareError::ImageNotFound)?;
    Ok(Image { id: id.to_string(), url: format!("/api/hardware-images/{id}"), filename })
}

/// Brings status and images to what the body asks for, after the fields are saved.
async fn apply_extras(state: &AppState, id: &str, body: &ItemBody, actor: &str) -> Result<(), ApiError> {
    if let Some(status) = body.status {
        commands::execute(&state.hardware, id, HardwareCommand::SetStatus { status, actor: actor.to_string() }).await?;
    }
    if let Some(wanted) = &body.image_ids {
        let current = live_item(&state.pool, id).await?.map(|v| v.item.images).unwrap_or_default();
        for image in current.iter().filter(|i| !wanted.contains(&i.id)) {
            let command = HardwareCommand::RemoveImage { image_id: image.id.clone(), actor: actor.to_string() };
            commands::execute(&state.hardware, id, command).await?;
        }
        for image_id in wanted.iter().filter(|w| !current.iter().any(|i| &i.id == *w)) {
            let image = uploaded_image(&state.pool, image_id).await?;
            commands::execute(&state.hardware, id, HardwareCommand::AttachImage { image, actor: actor.to_string() })
                .await?;
        }
    }
    Ok(())
}

async fn respond_with_item(state: &AppState, id: String, status: StatusCode) -> Result<Response, ApiError> {
    let view = live_item(&state.pool, &id).await?;
    let item = view.and_then(|v| item_out(id, v)).ok_or(HardwareError::NotFound)?;
    Ok((status, ok(item)).into_response())
}

async fn create(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ApiJson(body): ApiJson<ItemBody>,
) -> Result<Response, ApiError> {
    let id = Uuid::new_v4().to_string();
    let command = HardwareCommand::Create { fields: body.fields()?, actor: admin.email.clone() };
    commands::execute(&state.hardware, &id, command).await?;
    apply_extras(&state, &id, &body, &admin.email).await?;
    respond_with_item(&state, id, StatusCode::CREATED).await
}

async fn update(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<ItemBody>,
) -> Result<Response, ApiError> {
    let command = HardwareCommand::Update { fields: body.fields()?, actor: admin.email.clone() };
    commands::execute(&state.hardware, &id, command).await?;
    apply_extras(&state, &id, &body, &admin.email).await?;
    respond_with_item(&state, id, StatusCode::OK).await
}

async fn remove(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(id): Path<String>,
) -> Result<Json<serde_json::Value>, ApiError> {
    commands::execute(&state.hardware, &id, HardwareCommand::Delete { actor: admin.email }).await?;
    Ok(Json(json!({ "success": true })))
}

/// JPEG, PNG or WebP, recognised by their first bytes.
pub fn image_type(bytes: &[u8]) -> Option<(&'static str, &'static str)> {
    if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some(("image/jpeg", "jpg"))
    } else if bytes.starts_with(&[0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A]) {
        Some(("image/png", "png"))
    } else if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        Some(("image/webp", "webp"))
    } else {
        None
    }
}

fn upload_refused(message: &str) -> ApiError {
    ApiError::unprocessable("invalid_image", message)
}

async fn upload_image(
    State(state): State<AppState>,
    Admin(admin): Admin,
    mut multipart: Multipart,
) -> Result<Response, ApiError> {
    let (mut image, mut brand, mut model, mut hardware_id): (Option<(Bytes, String)>, String, String, String) =
        (None, String::new(), String::new(), String::new());
    while let Some(field) = multipart.next_field().await.map_err(|e| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            upload_refused("Images can be at most 5 MB.")
        } else {
            upload_refused("The upload could not be read.")
        }
    })? {
        let name = field.name().unwrap_or_default().to_string();
        let filename = field.file_name().unwrap_or("image").to_string();
        let data = field.bytes().await.map_err(|_| upload_refused("Images can be at most 5 MB."))?;
        match name.as_str() {
            "image" => image = Some((data, filename)),
            "brand" => brand = String::from_utf8_lossy(&data).trim().to_string(),
            "model" => model = String::from_utf8_lossy(&data).trim().to_string(),
            "hardware_id" => hardware_id = String::from_utf8_lossy(&data).trim().to_string(),
            _ => {}
        }
    }
    let brand = Brand::parse(&brand).ok_or_else(|| upload_refused("Please select a brand before uploading images"))?;
    let (bytes, filename) = image.ok_or_else(|| upload_refused("Choose an image to upload."))?;
    if bytes.len() > MAX_IMAGE_BYTES {
        return Err(upload_refused("Images can be at most 5 MB."));
    }
    let (content_type, extension) =
        image_type(&bytes).ok_or_else(|| upload_refused("Only JPEG, PNG or WebP images can be uploaded."))?;
    let stem: String = filename
        .rsplit_once('.')
        .map_or(filename.as_str(), |(stem, _)| stem)
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_'))
        .take(60)
        .collect();
    let model = if model.is_empty() { "unknown".to_string() } else { model };
    let filename = format!("{}.{extension}", if stem.is_empty() { "image" } else { &stem });
    let id = Uuid::new_v4();
    sqlx::query(
        "INSERT INTO hardware_images (id, content_type, filename, bytes, brand, uploaded_by) VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(id)
    .bind(content_type)
    .bind(&filename)
    .bind(bytes.as_ref())
    .bind(brand.as_str())
    .bind(&admin.email)
    .execute(&state.pool)
    .await?;
    let image = Image { id: id.to_string(), url: format!("/api/hardware-images/{id}"), filename: filename.clone() };
    if !hardware_id.is_empty() {
        let command = HardwareCommand::AttachImage { image: image.clone(), actor: admin.email.clone() };
        if let Err(error) = commands::execute(&state.hardware, &hardware_id, command).await {
            sqlx::query("DELETE FROM hardware_images WHERE id = $1").bind(id).execute(&state.pool).await?;
            return Err(error.into());
        }
    }
    tracing::info!(%id, brand = brand.as_str(), %model, "image uploaded");
    let body = json!({ "success": true, "imageId": image.id, "imageUrl": image.url, "filename": filename });
    Ok((StatusCode::CREATED, Json(body)).into_response())
}

async fn image(State(state): State<AppState>, Path(id): Path<String>) -> Result<Response, ApiError> {
    let id = Uuid::parse_str(&id).map_err(|_| HardwareError::ImageNotFound)?;
    let row: Option<(String, Vec<u8>)> =
        sqlx::query_as("SELECT content_type, bytes FROM hardware_images WHERE id = $1")
            .bind(id)
            .fetch_optional(&state.pool)
            .await?;
    let (content_type, bytes) = row.ok_or(HardwareError::ImageNotFound)?;
    let headers = [
        (header::CONTENT_TYPE, content_type),
        (header::CACHE_CONTROL, "public, max-age=31536000, immutable".to_string()),
        (header::CONTENT_SECURITY_POLICY, "default-src 'none'; style-src 'unsafe-inline'".to_string()),
    ];
    Ok((headers, bytes).into_response())
}

async fn delete_image(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(id): Path<String>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let image = uploaded_image(&state.pool, &id).await?;
    for (item_id, view) in live_items(&state.pool).await? {
        if view.item.images.iter().any(|i| i.id == image.id) {
            let command = HardwareCommand::RemoveImage { image_id: image.id.clone(), actor: admin.email.clone() };
            commands::execute(&state.hardware, &item_id, command).await?;
        }
    }
    sqlx::query("DELETE FROM hardware_images WHERE id = $1")
        .bind(Uuid::parse_str(&image.id).ok())
        .execute(&state.pool)
        .await?;
    Ok(Json(json!({ "success": true })))
}

#[derive(Deserialize)]
struct AuditQuery {
    page: Option<u32>,
    per_page: Option<u32>,
    item: Option<String>,
    user: Option<String>,
}

async fn audit_log(
    State(state): State<AppState>,
    _staff: Staff,
    Query(query): Query<AuditQuery>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let page = query.page.unwrap_or(1).max(1);
    let per_page = query.per_page.unwrap_or(50).clamp(1, 200);
    let item = query.item.filter(|i| !i.is_empty());
    let user = query.user.map(|u| u.trim().to_lowercase()).filter(|u| !u.is_empty());
    let (rows, total): (Vec<AuditRow>, i64) =
        audit_page(&state.pool, item.as_deref(), user.as_deref(), page, per_page).await?;
    Ok(Json(json!({ "success": true, "data": rows, "total": total, "page": page, "perPage": per_page })))
}
