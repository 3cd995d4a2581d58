//! Where an order's or a trial's extensions connect, and whether each is registered now: the
//! thank-you pages poll this while the buyer sets up a phone (docs/product-rules.md, SIP
//! registration). The SIP usernames are half of a phone's login: only those who may read the
//! order's personal data (crate::app::order_access) get them; anyone else with the id is
//! refused.

use aggregates::service_order::ServiceOrderError;
use aggregates::trial::TrialError;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::Json;
use cqrs_es::persist::ViewRepository;
use serde::Serialize;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::customer_sessions::not_your_order;
use crate::app::ids::uuid_id;
use crate::app::order_access;
use crate::app::order_links::LinkKind;
use crate::app::state::AppState;
use crate::http::sessions;
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
    params(
        IdPath,
        ("x-order-secret" = Option<String>, Header, description = "The order's secret, as create-payment-intent gave it"),
        ("x-order-link" = Option<String>, Header, description = "The signed token of a link in an e-mail about the order (30 days)"),
    ),
    responses(
        (status = 200, body = Registrations),
        (status = 403, description = "Neither the order's browser, nor its owner signed in, nor staff, nor an e-mail's link (not_your_order)", body = Refusal),
        (status = 404, description = "No such order (order_not_found)", body = Refusal),
    )
)]
async fn order_registrations(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(IdPath { id: raw }): Path<IdPath>,
) -> Result<Json<Registrations>, ApiError> {
    let id = uuid_id(&raw, ServiceOrderError::NotFound)?;
    if state.orders.views.load(&id).await.map_err(ApiError::internal)?.is_none() {
        return Err(ServiceOrderError::NotFound.into());
    }
    require_reader(&state, &headers, LinkKind::Order, &id).await?;
    registrations(&state, &id).await
}

/// A trial's extension: where to connect and whether it is registered now.
#[utoipa::path(
    get,
    path = "/trials/{id}/registrations",
    tag = "trial",
    params(
        IdPath,
        ("x-order-link" = Option<String>, Header, description = "The signed token of a link in an e-mail about the trial"),
    ),
    responses(
        (status = 200, body = Registrations),
        (status = 403, description = "Neither its owner signed in, nor staff, nor an e-mail's link (not_your_order)", body = Refusal),
        (status = 404, description = "No such trial (trial_not_found)", body = Refusal),
    )
)]
async fn trial_registrations(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(IdPath { id: raw }): Path<IdPath>,
) -> Result<Json<Registrations>, ApiError> {
    let id = uuid_id(&raw, TrialError::NotFound)?;
    if state.trials.views.load(&id).await.map_err(ApiError::internal)?.is_none() {
        return Err(TrialError::NotFound.into());
    }
    require_reader(&state, &headers, LinkKind::Trial, &id).await?;
    registrations(&state, &projections::sip::trial_owner(&id)).await
}

/// 403 unless the request may read the order's or trial's personal data.
async fn require_reader(state: &AppState, headers: &HeaderMap, kind: LinkKind, id: &str) -> Result<(), ApiError> {
    let tokens = sessions::Tokens::of(headers);
    if order_access::may_read_personal(state, sessions::presented(headers, &tokens), kind, id).await? {
        Ok(())
    } else {
        Err(not_your_order())
    }
}

async fn registrations(state: &AppState, owner: &str) -> Result<Json<Registrations>, ApiError> {
    let extensions = crate::app::sip_extensions::listed(&state.pool, owner)
        .await?
        .into_iter()
        .map(|e| ExtensionState { registered: e.registered, number: e.number, username: e.username, active: e.active })
        .collect();
    Ok(Json(Registrations { sip_server: state.services.config.sip.clone(), extensions }))
}
