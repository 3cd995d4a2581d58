//! Staff sign-in, sign-out and who is signed in (staff users: crate::app::auth; sessions:
//! crate::app::sessions; the
//! cookie and the extractors: crate::http::sessions).

use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::auth::{self, Role, Staff};
use crate::app::sessions::SessionKind;
use crate::app::state::AppState;
use crate::http::sessions::{cleared_cookie, started_cookie};
use crate::platform::client::ClientAddress;
use crate::platform::error::{ApiError, Refusal};
use crate::platform::json::ApiJson;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(login)).routes(routes!(logout)).routes(routes!(me))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
struct LoginBody {
    email: String,
    password: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Me {
    email: String,
    role: Role,
    csrf_token: String,
}

/// Signs a staff member in: sets the session cookie and answers the CSRF token.
#[utoipa::path(
    post,
    path = "/admin/login",
    tag = "staff",
    request_body = LoginBody,
    responses(
        (status = 200, description = "Signed in; the session cookie is set", body = Me,
            headers(("set-cookie" = String, description = "The HttpOnly session cookie"))),
        (status = 401, description = "Wrong e-mail or password (invalid_credentials)", body = Refusal),
        (status = 429, description = "Too many failed sign-ins a minute: 5 for this e-mail from this address, 5 from this address, or 50 for this e-mail from anywhere (too_many_attempts)", body = Refusal),
    )
)]
async fn login(
    State(state): State<AppState>,
    address: ClientAddress,
    headers: HeaderMap,
    ApiJson(body): ApiJson<LoginBody>,
) -> Result<Response, ApiError> {
    let signed_in = auth::sign_in(&state, &address, &body.email, body.password).await?;
    let cookie = started_cookie(&state, &headers, SessionKind::Staff, &signed_in.token);
    let body = Json(Me { email: signed_in.email, role: signed_in.role, csrf_token: signed_in.csrf_token });
    Ok(([(header::SET_COOKIE, cookie)], body).into_response())
}

/// Ends the staff session.
#[utoipa::path(
    post,
    path = "/admin/logout",
    tag = "staff",
    security(("staff_session" = [], "staff_csrf" = [])),
    responses((status = 204, description = "Signed out; the cookie is cleared"))
)]
async fn logout(State(state): State<AppState>, headers: HeaderMap, staff: Staff) -> Result<Response, ApiError> {
    staff.end(&state.pool).await?;
    let cookie = cleared_cookie(&state, &headers, SessionKind::Staff);
    Ok((StatusCode::NO_CONTENT, [(header::SET_COOKIE, cookie)]).into_response())
}

/// The signed-in staff member and the session's CSRF token.
#[utoipa::path(
    get,
    path = "/admin/me",
    tag = "staff",
    security(("staff_session" = [])),
    responses((status = 200, body = Me))
)]
async fn me(staff: Staff) -> Json<Me> {
    Json(Me { email: staff.email, role: staff.role, csrf_token: staff.csrf_token })
}
