//! The cart resource: one route per command, each answering with the whole cart.

use aggregates::cart::{CartCommand, CartError, PhoneNumberEntry};
use aggregates::pricing::{AddOn, BillingCycle, Pence, Plan};
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::routing::{delete, get, post, put};
use axum::{Json, Router};
use cqrs_es::persist::ViewRepository;
use cqrs_es::AggregateError;
use projections::cart::CartSummary;
use std::time::Duration;

use serde::Deserialize;
use uuid::Uuid;

use crate::error::ApiError;
use crate::json::ApiJson;
use crate::state::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/carts", post(create_cart))
        .route("/carts/{id}", get(get_cart))
        .route("/carts/{id}/package", put(select_package))
        .route("/carts/{id}/billing-cycle", put(change_billing_cycle))
        .route("/carts/{id}/items/{item_id}", put(set_item_quantity).delete(remove_item))
        .route("/carts/{id}/add-ons", post(add_add_on))
        .route("/carts/{id}/add-ons/{add_on_id}", delete(remove_add_on))
        .route("/carts/{id}/top-up", put(set_top_up))
        .route("/carts/{id}/numbers", post(add_number).put(replace_numbers))
        .route("/carts/{id}/numbers/{value}", delete(remove_number))
        .route("/carts/{id}/trial-flow", put(set_trial_flow))
        .route("/carts/{id}/clear", post(clear_cart))
}

/// A cart id from the path: anything but a UUID names no cart.
fn cart_id(raw: &str) -> Result<String, ApiError> {
    Uuid::parse_str(raw).map(|id| id.to_string()).map_err(|_| CartError::NotFound.into())
}

async fn summary(state: &AppState, id: &str) -> Result<CartSummary, ApiError> {
    let view = state.cart_views.load(id).await.map_err(ApiError::internal)?;
    match view {
        Some(view) if view.contents.exists => Ok(view.summary(id)),
        _ => Err(CartError::NotFound.into()),
    }
}

const ATTEMPTS: u32 = 20;

/// Runs a command, retrying after a short random pause when another request changed the
/// same cart at the same moment, and answers with the cart as the projection now shows it.
async fn execute(state: &AppState, raw_id: &str, command: CartCommand) -> Result<Json<CartSummary>, ApiError> {
    let id = cart_id(raw_id)?;
    let mut attempt = 1;
    loop {
        match state.carts.execute(&id, command.clone()).await {
            Ok(()) => break,
            Err(AggregateError::AggregateConflict) if attempt < ATTEMPTS => {
                let jitter = u64::from(Uuid::new_v4().as_bytes()[0] % 20);
                tokio::time::sleep(Duration::from_millis(u64::from(attempt) + jitter)).await;
                attempt += 1;
            }
            Err(error) => return Err(error.into()),
        }
    }
    Ok(Json(summary(state, &id).await?))
}

async fn create_cart(State(state): State<AppState>) -> Result<(StatusCode, Json<CartSummary>), ApiError> {
    let id = Uuid::new_v4().to_string();
    let cart = execute(&state, &id, CartCommand::CreateCart).await?;
    Ok((StatusCode::CREATED, cart))
}

async fn get_cart(State(state): State<AppState>, Path(id): Path<String>) -> Result<Json<CartSummary>, ApiError> {
    Ok(Json(summary(&state, &cart_id(&id)?).await?))
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct PackageBody {
    plan: Plan,
    billing_cycle: BillingCycle,
    quantity: u32,
}

async fn select_package(
    State(state): State<AppState>,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<PackageBody>,
) -> Result<Json<CartSummary>, ApiError> {
    let command =
        CartCommand::SelectPackage { plan: body.plan, billing_cycle: body.billing_cycle, quantity: body.quantity };
    execute(&state, &id, command).await
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct BillingCycleBody {
    billing_cycle: BillingCycle,
}

async fn change_billing_cycle(
    State(state): State<AppState>,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<BillingCycleBody>,
) -> Result<Json<CartSummary>, ApiError> {
    execute(&state, &id, CartCommand::ChangeBillingCycle { billing_cycle: body.billing_cycle }).await
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct QuantityBody {
    quantity: u32,
}

async fn set_item_quantity(
    State(state): State<AppState>,
    Path((id, item_id)): Path<(String, String)>,
    ApiJson(body): ApiJson<QuantityBody>,
) -> Result<Json<CartSummary>, ApiError> {
    execute(&state, &id, CartCommand::SetItemQuantity { item_id, quantity: body.quantity }).await
}

async fn remove_item(
    State(state): State<AppState>,
    Path((id, item_id)): Path<(String, String)>,
) -> Result<Json<CartSummary>, ApiError> {
    execute(&state, &id, CartCommand::RemoveItem { item_id }).await
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct AddOnBody {
    add_on_id: String,
}

fn add_on(id: &str) -> Result<AddOn, ApiError> {
    AddOn::from_id(id).ok_or_else(|| ApiError::unprocessable("unknown_add_on", format!("There is no add-on {id:?}.")))
}

async fn add_add_on(
    State(state): State<AppState>,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<AddOnBody>,
) -> Result<Json<CartSummary>, ApiError> {
    execute(&state, &id, CartCommand::AddAddOn { add_on: add_on(&body.add_on_id)? }).await
}

async fn remove_add_on(
    State(state): State<AppState>,
    Path((id, add_on_id)): Path<(String, String)>,
) -> Result<Json<CartSummary>, ApiError> {
    let add_on = AddOn::from_id(&add_on_id).ok_or(CartError::AddOnNotInCart)?;
    execute(&state, &id, CartCommand::RemoveAddOn { add_on }).await
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct TopUpBody {
    amount_pence: i64,
}

async fn set_top_up(
    State(state): State<AppState>,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<TopUpBody>,
) -> Result<Json<CartSummary>, ApiError> {
    execute(&state, &id, CartCommand::SetTopUp { amount: Pence(body.amount_pence) }).await
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct NumberBody {
    value: String,
    display_value: Option<String>,
    provider: Option<String>,
    #[serde(default)]
    is_transfer: bool,
    #[serde(default)]
    is_placeholder: bool,
    area_code: Option<String>,
    #[serde(alias = "type")]
    number_type: Option<String>,
    country: Option<String>,
}

impl From<NumberBody> for PhoneNumberEntry {
    fn from(body: NumberBody) -> Self {
        PhoneNumberEntry {
            value: body.value,
            display_value: body.display_value,
            provider: body.provider,
            is_transfer: body.is_transfer,
            is_placeholder: body.is_placeholder,
            area_code: body.area_code,
            number_type: body.number_type,
            country: body.country,
        }
    }
}

async fn add_number(
    State(state): State<AppState>,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<NumberBody>,
) -> Result<Json<CartSummary>, ApiError> {
    execute(&state, &id, CartCommand::AddNumber { number: body.into() }).await
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct NumbersBody {
    numbers: Vec<NumberBody>,
}

async fn replace_numbers(
    State(state): State<AppState>,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<NumbersBody>,
) -> Result<Json<CartSummary>, ApiError> {
    let numbers = body.numbers.into_iter().map(PhoneNumberEntry::from).collect();
    execute(&state, &id, CartCommand::ReplaceNumbers { numbers }).await
}

async fn remove_number(
    State(state): State<AppState>,
    Path((id, value)): Path<(String, String)>,
) -> Result<Json<CartSummary>, ApiError> {
    execute(&state, &id, CartCommand::RemoveNumber { value }).await
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct TrialFlowBody {
    is_trial_flow: bool,
}

async fn set_trial_flow(
    State(state): State<AppState>,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<TrialFlowBody>,
) -> Result<Json<CartSummary>, ApiError> {
    execute(&state, &id, CartCommand::SetTrialFlow { is_trial_flow: body.is_trial_flow }).await
}

async fn clear_cart(State(state): State<AppState>, Path(id): Path<String>) -> Result<Json<CartSummary>, ApiError> {
    execute(&state, &id, CartCommand::ClearCart).await
}
