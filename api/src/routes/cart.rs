//! The cart resource: one route per command, each answering with the whole cart.

use aggregates::cart::{CartCommand, CartError, PhoneNumberEntry, MAX_HELD_NUMBERS, MAX_NUMBERS};
use aggregates::phone_number::{PhoneNumberCommand, PhoneNumberError};
use aggregates::pricing::{AddOn, BillingCycle, Pence, Plan};
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::routing::{delete, get, post, put};
use axum::{Json, Router};
use cqrs_es::AggregateError;
use projections::cart::CartSummary;
use projections::inventory;
use serde::Deserialize;
use uuid::Uuid;

use crate::cart_holds;
use crate::client::ClientAddress;
use crate::commands;
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
        .route("/carts/{id}/hardware", post(add_hardware))
}

/// A cart id from the path: anything but a UUID names no cart.
use crate::carts::{cart_id, summary};

/// Runs a cart command and answers with the cart as the projection now shows it.
async fn execute(state: &AppState, raw_id: &str, command: CartCommand) -> Result<Json<CartSummary>, ApiError> {
    let id = cart_id(raw_id)?;
    commands::execute(&state.carts, &id, command).await?;
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

/// A number from our stock (not a transfer, not a placeholder) is reserved for the cart
/// and described by the stock, not by the browser.
async fn from_stock(state: &AppState, entry: PhoneNumberEntry) -> Result<(PhoneNumberEntry, bool), ApiError> {
    if entry.is_transfer || entry.is_placeholder {
        return Ok((entry, false));
    }
    let value: String = entry.value.chars().filter(|c| c.is_ascii_digit()).collect();
    let row = inventory::find(&state.pool, &value).await?.ok_or(PhoneNumberError::NotInStock)?;
    Ok((
        PhoneNumberEntry {
            display_value: Some(row.display()),
            number_type: Some(row.number_type.clone()),
            country: Some(row.country.clone()),
            area_code: Some(row.area_code.clone()),
            value: row.value,
            ..entry
        },
        true,
    ))
}

/// Reserves a number for the cart, unless too many other carts of the client's address
/// hold numbers (checked before, and again after to catch a cart reserving meanwhile).
async fn reserve(state: &AppState, client: &ClientAddress, cart: &str, number: &str) -> Result<(), ApiError> {
    let cap = state.services.config.carts_per_address;
    let now = state.clock.now();
    if cart_holds::other_carts_holding(&state.pool, client, cart, now).await? >= cap {
        return Err(cart_holds::too_many_carts());
    }
    cart_holds::record(&state.pool, client, cart, now).await?;
    let command = PhoneNumberCommand::ReserveForCart { number: number.to_string(), cart_id: cart.to_string() };
    commands::execute(&state.numbers, number, command).await.map_err(ApiError::from)?;
    if cart_holds::other_carts_holding(&state.pool, client, cart, now).await? >= cap {
        release(state, cart, [number.to_string()]).await;
        return Err(cart_holds::too_many_carts());
    }
    Ok(())
}

/// Lets numbers go after the cart dropped them. A failure is only logged: the expiry job
/// frees the number within 30 minutes anyway.
async fn release(state: &AppState, cart: &str, numbers: impl IntoIterator<Item = String>) {
    for number in numbers {
        let command = PhoneNumberCommand::ReleaseFromCart { cart_id: cart.to_string() };
        match commands::execute(&state.numbers, &number, command).await {
            Ok(()) | Err(AggregateError::UserError(PhoneNumberError::NotReservedByCart)) => {}
            Err(error) => tracing::warn!(%number, %error, "release failed; the expiry job will free it"),
        }
    }
}

/// The stock numbers a cart holds (the ones it reserved).
fn reserved_numbers(cart: &CartSummary) -> Vec<String> {
    cart.phone_numbers.iter().filter(|n| !n.is_transfer && !n.is_placeholder).map(|n| n.value.clone()).collect()
}

async fn add_number(
    State(state): State<AppState>,
    client: ClientAddress,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<NumberBody>,
) -> Result<Json<CartSummary>, ApiError> {
    let id = cart_id(&id)?;
    let cart = summary(&state, &id).await?;
    let (entry, reserved) = from_stock(&state, body.into()).await?;
    if cart.phone_numbers.iter().any(|n| n.value == entry.value) {
        // Already in this cart (a replayed request): nothing to reserve or store.
        return Ok(Json(cart));
    }
    let value = entry.value.clone();
    if reserved {
        // The cart's own rule, checked before an eleventh number is reserved at all.
        if reserved_numbers(&cart).len() >= MAX_HELD_NUMBERS {
            return Err(CartError::TooManyHeldNumbers { max: MAX_HELD_NUMBERS }.into());
        }
        reserve(&state, &client, &id, &value).await?;
    }
    match execute(&state, &id, CartCommand::AddNumber { number: entry }).await {
        Err(error) if reserved => {
            release(&state, &id, [value]).await;
            Err(error)
        }
        result => result,
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct NumbersBody {
    numbers: Vec<NumberBody>,
}

async fn replace_numbers(
    State(state): State<AppState>,
    client: ClientAddress,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<NumbersBody>,
) -> Result<Json<CartSummary>, ApiError> {
    let id = cart_id(&id)?;
    if body.numbers.len() > MAX_NUMBERS {
        return Err(CartError::TooManyNumbers { max: MAX_NUMBERS }.into());
    }
    let mut stock: Vec<String> = body
        .numbers
        .iter()
        .filter(|n| !n.is_transfer && !n.is_placeholder)
        .map(|n| n.value.chars().filter(|c| c.is_ascii_digit()).collect())
        .collect();
    stock.sort_unstable();
    stock.dedup();
    if stock.len() > MAX_HELD_NUMBERS {
        return Err(CartError::TooManyHeldNumbers { max: MAX_HELD_NUMBERS }.into());
    }
    let before = reserved_numbers(&summary(&state, &id).await?);
    let mut numbers = Vec::with_capacity(body.numbers.len());
    let mut newly_reserved: Vec<String> = Vec::new();
    for entry in body.numbers {
        let outcome = match from_stock(&state, entry.into()).await {
            Ok((entry, true)) if !before.contains(&entry.value) && !newly_reserved.contains(&entry.value) => {
                reserve(&state, &client, &id, &entry.value).await.map(|()| {
                    newly_reserved.push(entry.value.clone());
                    entry
                })
            }
            other => other.map(|(entry, _)| entry),
        };
        match outcome {
            Ok(entry) => numbers.push(entry),
            Err(error) => {
                release(&state, &id, newly_reserved).await;
                return Err(error);
            }
        }
    }
    let cart = match execute(&state, &id, CartCommand::ReplaceNumbers { numbers }).await {
        Ok(cart) => cart,
        Err(error) => {
            release(&state, &id, newly_reserved).await;
            return Err(error);
        }
    };
    let kept = reserved_numbers(&cart);
    release(&state, &id, before.into_iter().filter(|n| !kept.contains(n))).await;
    Ok(cart)
}

async fn remove_number(
    State(state): State<AppState>,
    Path((id, value)): Path<(String, String)>,
) -> Result<Json<CartSummary>, ApiError> {
    let before = reserved_numbers(&summary(&state, &cart_id(&id)?).await?);
    let cart = execute(&state, &id, CartCommand::RemoveNumber { value }).await?;
    let kept = reserved_numbers(&cart);
    release(&state, &cart.id, before.into_iter().filter(|n| !kept.contains(n))).await;
    Ok(cart)
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
    let before = reserved_numbers(&summary(&state, &cart_id(&id)?).await?);
    let cart = execute(&state, &id, CartCommand::ClearCart).await?;
    release(&state, &cart.id, before).await;
    Ok(cart)
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct HardwareBody {
    product_id: String,
    quantity: u32,
}

/// A published, in-stock phone at the catalogue's price (never the browser's).
async fn add_hardware(
    State(state): State<AppState>,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<HardwareBody>,
) -> Result<Json<CartSummary>, ApiError> {
    let unavailable =
        || ApiError::unprocessable("hardware_unavailable", "This phone is not available to buy right now.");
    let view = crate::hardware_items::live_item(&state.pool, body.product_id.trim()).await?.ok_or_else(unavailable)?;
    let fields = view.item.fields.as_ref().ok_or_else(unavailable)?;
    if view.item.status != aggregates::hardware::ItemStatus::Published || !fields.in_stock {
        return Err(unavailable());
    }
    let command = CartCommand::AddHardware {
        product_id: body.product_id.trim().to_string(),
        name: fields.name.clone(),
        unit_price: fields.price,
        quantity: body.quantity,
    };
    execute(&state, &id, command).await
}
