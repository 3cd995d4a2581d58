//! A JSON extractor whose rejections are the API's own errors.

use axum::body::{Body, Bytes};
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use axum::Json;
use serde::de::DeserializeOwned;

use crate::platform::error::ApiError;

pub struct ApiJson<T>(pub T);

impl<S, T> FromRequest<S> for ApiJson<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        let (parts, body) = request.into_parts();
        let bytes =
            Bytes::from_request(Request::from_parts(parts.clone(), body), state).await.map_err(|rejection| {
                match rejection.status() {
                    StatusCode::PAYLOAD_TOO_LARGE => ApiError::payload_too_large(),
                    status => ApiError::refused(status, "bad_request", rejection.body_text()),
                }
            })?;
        // PostgreSQL stores no NUL character in text or JSON: refused here, not failing later.
        if has_nul(&bytes) {
            return Err(ApiError::unprocessable(
                "invalid_body",
                "The request body has a NUL character (\\u0000) in a text: remove it and try again.",
            ));
        }
        let Json(value) = Json::<T>::from_request(Request::from_parts(parts, Body::from(bytes)), state).await?;
        Ok(ApiJson(value))
    }
}

/// Whether JSON text has a NUL character: the escape `\u0000` (a raw one is not JSON),
/// not preceded by an escaped backslash.
fn has_nul(json: &[u8]) -> bool {
    json.windows(6).enumerate().any(|(at, window)| {
        window == b"\\u0000" && json[..at].iter().rev().take_while(|&&b| b == b'\\').count() % 2 == 0
    })
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

#[cfg(test)]
mod tests {
    use super::has_nul;

    #[test]
    fn nul_escapes_are_found_and_escaped_backslashes_are_not() {
        assert!(has_nul(br#"{"a":"x\u0000y"}"#));
        assert!(has_nul(br#"{"a":"\\\u0000"}"#));
        assert!(!has_nul(br#"{"a":"\\u0000"}"#));
        assert!(!has_nul(br#"{"a":"u0000 \u0001"}"#));
    }
}
