//! The hardware catalogue: the public shop's reads, the admins' writes (signed in, CSRF
//! checked) and the audit log. Images are in hardware_images.rs.

use std::collections::BTreeMap;

use aggregates::hardware_item::{Brand, HardwareError, HardwareFields, Image, ItemStatus};
use aggregates::pricing::Pence;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use chrono::{DateTime, Utc};
use projections::hardware::{AuditCursor, AuditRow, HardwareView};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::auth::{Admin, Staff};
use crate::app::catalogue::{self, AuditFilter, ItemExtras};
use crate::app::hardware_items;
use crate::app::public_reads::{Cached, HardwareAnswers};
use crate::app::state::AppState;
use crate::http::extract::query_word;
use crate::http::openapi::with_trailing_slash;
use crate::http::public_reads::Respond;
use crate::platform::error::{ApiError, Refusal};
use crate::platform::json::ApiJson;
use crate::platform::refusals::{AUDIT_PAGE_UNKNOWN, UNKNOWN_BRAND};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(with_trailing_slash(routes!(list_public, create)))
        .routes(with_trailing_slash(routes!(get_public, update, remove)))
        .routes(with_trailing_slash(routes!(list_admin)))
        .routes(routes!(audit_log))
}

#[derive(Clone, Serialize, ToSchema)]
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
    /// From 0 to 5 in halves.
    rating: f32,
    status: ItemStatus,
    images: Vec<Image>,
    specs: BTreeMap<String, String>,
    created_at: Option<DateTime<Utc>>,
    updated_at: Option<DateTime<Utc>>,
}

/// A list of the catalogue's items.
#[derive(Serialize, ToSchema)]
pub struct ItemsOut {
    items: Vec<ItemOut>,
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

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct BrandQuery {
    /// grandstream, yealink, polycom, cisco, or all.
    #[param(pattern = "^ *(grandstream|yealink|polycom|cisco|all)? *$")]
    brand: Option<String>,
}

/// An item of the catalogue.
#[derive(serde::Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
struct ItemPath {
    /// The item's id.
    id: String,
}

/// The published phones, by brand then name. Served from memory (crate::app::public_reads) with
/// a strong ETag: a matching If-None-Match gets 304.
#[utoipa::path(
    get,
    path = "/hardware",
    tag = "hardware",
    params(BrandQuery),
    responses(
        (status = 200, body = ItemsOut, headers(("ETag" = String, description = "The answer's strong entity tag; a request whose If-None-Match names it gets 304 with no body"))),
        (status = 422, description = "An unknown brand (invalid_query)", body = Refusal),
    )
)]
async fn list_public(
    State(state): State<AppState>,
    headers: HeaderMap,
    query: Result<Query<BrandQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let Query(query) = query?;
    // As the document's pattern says: a brand's name in lower case, with spaces around it only.
    let brand = match query.brand.as_deref().map(query_word).filter(|b| !b.is_empty() && *b != "all") {
        None => None,
        Some(text) => {
            Some(Brand::ALL.into_iter().find(|b| b.as_str() == text).ok_or_else(|| ApiError::refused(&UNKNOWN_BRAND))?)
        }
    };
    let answers = state.public_reads.hardware(|| published(&state)).await?;
    let cached = match brand {
        None => &answers.all,
        Some(brand) => &answers.brands[Brand::ALL.iter().position(|b| *b == brand).unwrap_or_default()],
    };
    Ok(cached.respond(&headers))
}

/// The published phones as GET /api/hardware/ answers them: all, and each brand's.
async fn published(state: &AppState) -> Result<HardwareAnswers, ApiError> {
    let items: Vec<ItemOut> = hardware_items::live_items(&state.pool)
        .await?
        .into_iter()
        .filter(|(_, v)| v.item.status == ItemStatus::Published)
        .filter_map(|(id, v)| item_out(id, v))
        .collect();
    let brands = Brand::ALL
        .iter()
        .map(|brand| {
            let items = items.iter().filter(|item| item.brand == Some(*brand)).cloned().collect();
            Cached::json(&ItemsOut { items })
        })
        .collect::<Result<_, _>>()?;
    let all = Cached::json(&ItemsOut { items })?;
    Ok(HardwareAnswers { all, brands })
}

/// One published phone.
#[utoipa::path(
    get,
    path = "/hardware/{id}",
    tag = "hardware",
    params(ItemPath),
    responses(
        (status = 200, body = ItemOut),
        (status = 404, description = "No published item has this id (hardware_not_found)", body = Refusal),
    )
)]
async fn get_public(
    State(state): State<AppState>,
    Path(ItemPath { id }): Path<ItemPath>,
) -> Result<Json<ItemOut>, ApiError> {
    let view = hardware_items::live_item(&state.pool, &id).await?.filter(|v| v.item.status == ItemStatus::Published);
    let item = view.and_then(|v| item_out(id, v)).ok_or(HardwareError::NotFound)?;
    Ok(Json(item))
}

/// Every item, drafts and archived ones included (staff).
#[utoipa::path(
    get,
    path = "/admin/hardware",
    tag = "staff",
    security(("staff_session" = [])),
    responses((status = 200, body = ItemsOut))
)]
async fn list_admin(State(state): State<AppState>, _staff: Staff) -> Result<Json<ItemsOut>, ApiError> {
    let items: Vec<ItemOut> =
        hardware_items::live_items(&state.pool).await?.into_iter().filter_map(|(id, v)| item_out(id, v)).collect();
    Ok(Json(ItemsOut { items }))
}

/// An item as admins send it (and as the demo catalogue is written).
#[derive(Deserialize, ToSchema)]
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
impl ItemBody {
    /// The status and images the body sets besides the fields.
    fn extras(&self) -> ItemExtras {
        ItemExtras { status: self.status, image_ids: self.image_ids.clone() }
    }
}

/// The item as the admins' answers show it (404 when it has no fields).
fn item_answer(id: String, view: HardwareView, status: StatusCode) -> Result<Response, ApiError> {
    let item = item_out(id, view).ok_or(HardwareError::NotFound)?;
    Ok((status, Json(item)).into_response())
}

/// Adds an item (admins).
#[utoipa::path(
    post,
    path = "/hardware",
    tag = "staff",
    security(("staff_session" = [], "staff_csrf" = [])),
    request_body = ItemBody,
    responses(
        (status = 201, description = "The new item", body = ItemOut),
        (status = 403, description = "Only admins may do this (forbidden)", body = Refusal),
        (status = 404, description = "An image id that was never uploaded (image_not_found)", body = Refusal),
        (status = 409, description = "Changed by another request at the same time (conflict)", body = Refusal),
        (status = 422, description = "Invalid fields, each listed in errors (invalid_hardware), or too many images (too_many_images)", body = Refusal),
    )
)]
async fn create(
    State(state): State<AppState>,
    Admin(admin): Admin,
    ApiJson(body): ApiJson<ItemBody>,
) -> Result<Response, ApiError> {
    let (id, view) = catalogue::create_item(&state, &admin, body.fields()?, &body.extras()).await?;
    item_answer(id, view, StatusCode::CREATED)
}

/// Changes an item (admins).
#[utoipa::path(
    put,
    path = "/hardware/{id}",
    tag = "staff",
    params(ItemPath),
    security(("staff_session" = [], "staff_csrf" = [])),
    request_body = ItemBody,
    responses(
        (status = 200, description = "The item as it now is", body = ItemOut),
        (status = 403, description = "Only admins may do this (forbidden)", body = Refusal),
        (status = 404, description = "No such item (hardware_not_found) or an image id that was never uploaded (image_not_found)", body = Refusal),
        (status = 409, description = "Changed by another request at the same time (conflict)", body = Refusal),
        (status = 422, description = "Invalid fields, each listed in errors (invalid_hardware), or too many images (too_many_images)", body = Refusal),
    )
)]
async fn update(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(ItemPath { id }): Path<ItemPath>,
    ApiJson(body): ApiJson<ItemBody>,
) -> Result<Response, ApiError> {
    let item = hardware_items::item_id(&id)?;
    let view = catalogue::update_item(&state, &admin, item, body.fields()?, &body.extras()).await?;
    item_answer(id, view, StatusCode::OK)
}

/// Deletes an item (admins).
#[utoipa::path(
    delete,
    path = "/hardware/{id}",
    tag = "staff",
    params(ItemPath),
    security(("staff_session" = [], "staff_csrf" = [])),
    responses(
        (status = 204, description = "Deleted"),
        (status = 403, description = "Only admins may do this (forbidden)", body = Refusal),
        (status = 404, description = "No such item (hardware_not_found)", body = Refusal),
        (status = 409, description = "Changed by another request at the same time (conflict)", body = Refusal),
    )
)]
async fn remove(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(ItemPath { id }): Path<ItemPath>,
) -> Result<StatusCode, ApiError> {
    catalogue::delete_item(&state, &admin, hardware_items::item_id(&id)?).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct AuditQuery {
    /// The `next` of the page before (older entries); none for the newest page.
    before: Option<String>,
    /// From 1 to 200 (default 50).
    per_page: Option<u32>,
    /// One item's changes only.
    item: Option<String>,
    /// One staff member's changes only (their e-mail).
    user: Option<String>,
}

/// A page of the audit log.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct AuditPage {
    /// Newest first.
    entries: Vec<AuditRow>,
    per_page: u32,
    /// Give this as `before` for the next (older) page; null on the last page.
    next: Option<String>,
}

/// Who changed which fields of which item, from what to what (staff). Pages go from the
/// newest entry back by keyset (`before`), so a page stays the same while entries are added.
#[utoipa::path(
    get,
    path = "/admin/audit-log",
    tag = "staff",
    params(AuditQuery),
    security(("staff_session" = [])),
    responses(
        (status = 200, body = AuditPage),
        (status = 422, description = "A per_page that is not a whole number, or a before that is not a page's next (invalid_query)", body = Refusal),
    )
)]
async fn audit_log(
    State(state): State<AppState>,
    _staff: Staff,
    query: Result<Query<AuditQuery>, QueryRejection>,
) -> Result<Json<AuditPage>, ApiError> {
    let Query(query) = query?;
    let per_page = query.per_page.unwrap_or(50).clamp(1, 200);
    let before = match query.before.as_deref().filter(|b| !b.is_empty()) {
        None => None,
        Some(text) => Some(AuditCursor::decode(text).ok_or_else(|| ApiError::refused(&AUDIT_PAGE_UNKNOWN))?),
    };
    let filter = AuditFilter { item: query.item, user: query.user };
    let page = catalogue::audit_log(&state, filter, before, per_page).await?;
    Ok(Json(AuditPage { entries: page.rows, per_page, next: page.next }))
}
