//! A JSON extractor whose rejections are the API's own errors.

use axum::extract::{FromRequest, Request};
use axum::Json;
use serde::de::DeserializeOwned;

use crate::error::ApiError;

pub struct ApiJson<T>(pub T);

impl<S, T> FromRequest<S> for ApiJson<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        let Json(value) = Json::<T>::from_request(request, state).await?;
        Ok(ApiJson(value))
    }
}

/// The `{ success: true, data }` answer of the staff and hardware routes.
#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct Data<T> {
    /// Always true.
    pub success: bool,
    pub data: T,
}

impl<T> Data<T> {
    pub fn json(data: T) -> axum::Json<Data<T>> {
        axum::Json(Data { success: true, data })
    }
}

/// The `{ success: true }` answer of a change with nothing more to say.
#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct Done {
    /// Always true.
    pub success: bool,
}

impl Done {
    pub fn json() -> axum::Json<Done> {
        axum::Json(Done { success: true })
    }
}
