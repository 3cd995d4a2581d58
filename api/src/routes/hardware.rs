//! The hardware catalogue: the public shop's reads, the admins' writes (signed in, CSRF
//! checked) and the audit log. Images are in hardware_images.rs.

use std::collections::BTreeMap;

use aggregates::hardware::{Brand, HardwareCommand, HardwareError, HardwareFields, Image, ItemStatus};
use aggregates::pricing::Pence;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use chrono::{DateTime, Utc};
use projections::hardware::{audit_page, AuditRow, HardwareView};
use serde::{Deserialize, Serialize};
use serde_json::json;
use uuid::Uuid;

use crate::auth::{Admin, Staff};
use crate::commands;
use crate::error::ApiError;
use crate::hardware_items;
use crate::json::ApiJson;
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/hardware", get(list_public).post(create))
        .route("/hardware/", get(list_public).post(create))
        .route("/hardware/{id}", get(get_public).put(update).delete(remove))
        .route("/hardware/{id}/", get(get_public).put(update).delete(remove))
        .route("/admin/hardware", get(list_admin))
        .route("/admin/hardware/", get(list_admin))
        .route("/admin/audit-log", get(audit_log))
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
    let items: Vec<ItemOut> = hardware_items::live_items(&state.pool)
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
    let view = hardware_items::live_item(&state.pool, &id).await?.filter(|v| v.item.status == ItemStatus::Published);
    let item = view.and_then(|v| item_out(id, v)).ok_or(HardwareError::NotFound)?;
    Ok(ok(item))
}

async fn list_admin(State(state): State<AppState>, _staff: Staff) -> Result<Json<serde_json::Value>, ApiError> {
    let items: Vec<ItemOut> =
        hardware_items::live_items(&state.pool).await?.into_iter().filter_map(|(id, v)| item_out(id, v)).collect();
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

/// Brings status and images to what the body asks for, after the fields are saved.
async fn apply_extras(state: &AppState, id: &str, body: &ItemBody, actor: &str) -> Result<(), ApiError> {
    if let Some(status) = body.status {
        commands::execute(&state.hardware, id, HardwareCommand::SetStatus { status, actor: actor.to_string() }).await?;
    }
    if let Some(wanted) = &body.image_ids {
        let current = hardware_items::live_item(&state.pool, id).await?.map(|v| v.item.images).unwrap_or_default();
        for image in current.iter().filter(|i| !wanted.contains(&i.id)) {
            let command = HardwareCommand::RemoveImage { image_id: image.id.clone(), actor: actor.to_string() };
            commands::execute(&state.hardware, id, command).await?;
        }
        for image_id in wanted.iter().filter(|w| !current.iter().any(|i| &i.id == *w)) {
            let image = hardware_items::uploaded_image(&state.pool, image_id).await?;
            commands::execute(&state.hardware, id, HardwareCommand::AttachImage { image, actor: actor.to_string() })
                .await?;
        }
    }
    Ok(())
}

async fn respond_with_item(state: &AppState, id: String, status: StatusCode) -> Result<Response, ApiError> {
    let view = hardware_items::live_item(&state.pool, &id).await?;
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
