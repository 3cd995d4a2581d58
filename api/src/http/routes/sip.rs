//! Where an order's or a trial's extensions connect, and whether each is registered now: the
//! thank-you pages poll this while the buyer sets up a phone (docs/product-rules.md, SIP
//! registration).

use aggregates::service_order::ServiceOrderError;
use aggregates::trial::TrialError;
use axum::extract::{Path, State};
use axum::Json;
use cqrs_es::persist::ViewRepository;
use serde::Serialize;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::ids::uuid_id;
use crate::app::state::AppState;
use crate::platform::config::SipServer;
use crate::platform::error::{ApiError, Refusal};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(order_registrations)).routes(routes!(trial_registrations))
}

/// The registrar and the state of each extension.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Registrations {
    sip_server: SipServer,
    extensions: Vec<ExtensionState>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ExtensionState {
    /// The extension number (101, 102, ...).
    number: String,
    /// The SIP username a phone registers with.
    username: String,
    /// The registrar lets it register (false once a trial ended unconverted).
    active: bool,
    /// A phone is registered with it now.
    registered: bool,
}

#[derive(serde::Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
struct IdPath {
    /// The order's or trial's id (a UUID).
    id: String,
}

/// An order's extensions: where to connect and whether each is registered now.
#[utoipa::path(
    get,
    path = "/orders/{id}/registrations",
    tag = "checkout",
    params(IdPath),
    responses(
        (status = 200, body = Registrations),
        (status = 404, description = "No such order (order_not_found)", body = Refusal),
    )
)]
async fn order_registrations(
    State(state): State<AppState>,
    Path(IdPath { id: raw }): Path<IdPath>,
) -> Result<Json<Registrations>, ApiError> {
    let id = uuid_id(&raw, ServiceOrderError::NotFound)?;
    if state.orders.views.load(&id).await.map_err(ApiError::internal)?.is_none() {
        return Err(ServiceOrderError::NotFound.into());
    }
    registrations(&state, &id).await
}

/// A trial's extension: where to connect and whether it is registered now.
#[utoipa::path(
    get,
    path = "/trials/{id}/registrations",
    tag = "trial",
    params(IdPath),
    responses(
        (status = 200, body = Registrations),
        (status = 404, description = "No such trial (trial_not_found)", body = Refusal),
    )
)]
async fn trial_registrations(
    State(state): State<AppState>,
    Path(IdPath { id: raw }): Path<IdPath>,
) -> Result<Json<Registrations>, ApiError> {
    let id = uuid_id(&raw, TrialError::NotFound)?;
    if state.trials.views.load(&id).await.map_err(ApiError::internal)?.is_none() {
        return Err(TrialError::NotFound.into());
    }
    registrations(&state, &projections::sip::trial_owner(&id)).await
}

async fn registrations(state: &AppState, owner: &str) -> Result<Json<Registrations>, ApiError> {
    let extensions = crate::app::sip_extensions::listed(&state.pool, owner)
        .await?
        .into_iter()
        .map(|e| ExtensionState { registered: e.registered, number: e.number, username: e.username, active: e.active })
        .collect();
    Ok(Json(Registrations { sip_server: state.services.config.sip.clone(), extensions }))
}
