//! Hardware images: uploads by admins (recognised by their bytes, at most 5 MB), served with
//! a year-long cache, and deleted from every item that shows them.

use aggregates::hardware_item::{Brand, HardwareCommand, HardwareError, Image};
use axum::body::Bytes;
use axum::extract::multipart::MultipartRejection;
use axum::extract::{DefaultBodyLimit, Multipart, Path, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::app::auth::Admin;
use crate::app::hardware_items::{live_items, uploaded_image};
use crate::app::state::AppState;
use crate::http::openapi::with_trailing_slash;
use crate::platform::error::{ApiError, Refusal};
use crate::platform::refusals::{
    IMAGE_NOT_JPEG_PNG_OR_WEBP, IMAGE_NOT_MULTIPART, IMAGE_TOO_LARGE, IMAGE_WITHOUT_BRAND, NO_IMAGE, UPLOAD_UNREADABLE,
};
use store::commands::Context;

/// The largest image accepted.
pub const MAX_IMAGE_BYTES: usize = 5 * 1024 * 1024;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(with_trailing_slash(routes!(image, delete_image)))
}

/// Uploads get their own, larger body limit (the app's default is for JSON).
pub fn upload_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(with_trailing_slash(routes!(upload_image)))
        .layer(DefaultBodyLimit::max(MAX_IMAGE_BYTES + 64 * 1024))
}

/// An uploaded image.
#[derive(serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Path)]
struct ImagePath {
    /// The image's id (a UUID).
    id: String,
}

/// The upload form (multipart/form-data).
#[derive(ToSchema)]
#[expect(
    dead_code,
    reason = "describes the multipart form for the OpenAPI document; the handler reads the parts one by one"
)]
struct UploadForm {
    /// The image: JPEG, PNG or WebP, at most 5 MB.
    #[schema(value_type = String, format = Binary)]
    image: Vec<u8>,
    /// grandstream, yealink, polycom or cisco.
    brand: String,
    model: Option<String>,
    /// An item to attach the image to at once.
    hardware_id: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Uploaded {
    image_id: String,
    /// Where the image is served.
    image_url: String,
    filename: String,
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

/// Uploads an image (admins), optionally attaching it to an item.
#[utoipa::path(
    post,
    path = "/upload-image",
    tag = "staff",
    security(("staff_session" = [], "staff_csrf" = [])),
    request_body(content = UploadForm, content_type = "multipart/form-data"),
    responses(
        (status = 201, body = Uploaded),
        (status = 403, description = "Only admins may do this (forbidden)", body = Refusal),
        (status = 404, description = "No such item to attach it to (hardware_not_found)", body = Refusal),
        (status = 409, description = "The item was changed by another request at the same time (conflict)", body = Refusal),
        (status = 422, description = "Not a multipart form, no brand or image, over 5 MB or not JPEG, PNG or WebP (invalid_image), or the item has too many images (too_many_images)", body = Refusal),
    )
)]
async fn upload_image(
    State(state): State<AppState>,
    Admin(admin): Admin,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<Response, ApiError> {
    let mut multipart = multipart.map_err(|_| ApiError::refused(&IMAGE_NOT_MULTIPART))?;
    let (mut image, mut brand, mut model, mut hardware_id): (Option<(Bytes, String)>, String, String, String) =
        (None, String::new(), String::new(), String::new());
    while let Some(field) = multipart.next_field().await.map_err(|e| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::refused(&IMAGE_TOO_LARGE)
        } else {
            ApiError::refused(&UPLOAD_UNREADABLE)
        }
    })? {
        let name = field.name().unwrap_or_default().to_string();
        let filename = field.file_name().unwrap_or("image").to_string();
        let data = field.bytes().await.map_err(|_| ApiError::refused(&IMAGE_TOO_LARGE))?;
        match name.as_str() {
            "image" => image = Some((data, filename)),
            "brand" => brand = String::from_utf8_lossy(&data).trim().to_string(),
            "model" => model = String::from_utf8_lossy(&data).trim().to_string(),
            "hardware_id" => hardware_id = String::from_utf8_lossy(&data).trim().to_string(),
            _ => {}
        }
    }
    let brand = Brand::parse(&brand).ok_or_else(|| ApiError::refused(&IMAGE_WITHOUT_BRAND))?;
    let (bytes, filename) = image.ok_or_else(|| ApiError::refused(&NO_IMAGE))?;
    if bytes.len() > MAX_IMAGE_BYTES {
        return Err(ApiError::refused(&IMAGE_TOO_LARGE));
    }
    let (content_type, extension) = image_type(&bytes).ok_or_else(|| ApiError::refused(&IMAGE_NOT_JPEG_PNG_OR_WEBP))?;
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
    sqlx::query!(
        "INSERT INTO hardware_images (id, content_type, filename, bytes, brand, uploaded_by) VALUES ($1, $2, $3, $4, $5, $6)",
        id,
        content_type,
        &filename,
        bytes.as_ref(),
        brand.as_str(),
        &admin.email
    )
    .execute(&state.pool)
    .await?;
    let image = Image { id: id.to_string(), url: format!("/api/hardware-images/{id}"), filename: filename.clone() };
    if !hardware_id.is_empty() {
        let command = HardwareCommand::AttachImage { image: image.clone(), actor: admin.email.clone() };
        let attached = match crate::app::hardware_items::item_id(&hardware_id) {
            Ok(item) => {
                state.hardware.cqrs.execute(&Context::staff(&admin.email), item, command).await.map_err(ApiError::from)
            }
            Err(error) => Err(error),
        };
        if let Err(error) = attached {
            sqlx::query!("DELETE FROM hardware_images WHERE id = $1", id).execute(&state.pool).await?;
            return Err(error);
        }
    }
    tracing::info!(%id, brand = brand.as_str(), %model, "image uploaded");
    let body = Uploaded { image_id: image.id, image_url: image.url, filename };
    Ok((StatusCode::CREATED, Json(body)).into_response())
}

/// An image's bytes, cached for a year.
#[utoipa::path(
    get,
    path = "/hardware-images/{id}",
    tag = "hardware",
    params(ImagePath),
    responses(
        (status = 200, description = "The image (the demo catalogue's drawings are SVG)", content(
            (Vec<u8> = "image/jpeg"), (Vec<u8> = "image/png"), (Vec<u8> = "image/webp"), (Vec<u8> = "image/svg+xml"),
        )),
        (status = 404, description = "No such image (image_not_found)", body = Refusal),
    )
)]
async fn image(State(state): State<AppState>, Path(ImagePath { id }): Path<ImagePath>) -> Result<Response, ApiError> {
    let id = Uuid::parse_str(&id).map_err(|_| HardwareError::ImageNotFound)?;
    let row = sqlx::query!("SELECT content_type, bytes FROM hardware_images WHERE id = $1", id)
        .fetch_optional(&state.pool)
        .await?
        .ok_or(HardwareError::ImageNotFound)?;
    let (content_type, bytes) = (row.content_type, row.bytes);
    let headers = [
        (header::CONTENT_TYPE, content_type),
        (header::CACHE_CONTROL, "public, max-age=31536000, immutable".to_string()),
        (header::CONTENT_SECURITY_POLICY, "default-src 'none'; style-src 'unsafe-inline'".to_string()),
    ];
    Ok((headers, bytes).into_response())
}

/// Deletes an image and takes it off every item that shows it (admins).
#[utoipa::path(
    delete,
    path = "/hardware-images/{id}",
    tag = "staff",
    params(ImagePath),
    security(("staff_session" = [], "staff_csrf" = [])),
    responses(
        (status = 204, description = "Deleted"),
        (status = 403, description = "Only admins may do this (forbidden)", body = Refusal),
        (status = 404, description = "No such image (image_not_found)", body = Refusal),
        (status = 409, description = "An item was changed by another request at the same time (conflict)", body = Refusal),
    )
)]
async fn delete_image(
    State(state): State<AppState>,
    Admin(admin): Admin,
    Path(ImagePath { id }): Path<ImagePath>,
) -> Result<StatusCode, ApiError> {
    let image = uploaded_image(&state.pool, &id).await?;
    for (item_id, view) in live_items(&state.pool).await? {
        if view.item.images.iter().any(|i| i.id == image.id) {
            let command = HardwareCommand::RemoveImage { image_id: image.id.clone(), actor: admin.email.clone() };
            state.hardware.cqrs.execute(&Context::staff(&admin.email), &item_id, command).await?;
        }
    }
    sqlx::query!("DELETE FROM hardware_images WHERE id = $1", Uuid::parse_str(&image.id).ok())
        .execute(&state.pool)
        .await?;
    Ok(StatusCode::NO_CONTENT)
}
