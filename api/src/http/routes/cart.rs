//! The cart resource: one route per command, each answering with the whole cart.

use aggregates::cart::{Cart, CartCommand, CartError, PhoneNumberEntry, MAX_HELD_NUMBERS, MAX_NUMBERS};
use aggregates::phone_number::{PhoneNumberCommand, PhoneNumberError};
use aggregates::pricing::{AddOn, BillingCycle, Pence, Plan};
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::Json;
use cqrs_es::AggregateError;
use projections::cart::{CartSummary, CartView};
use projections::catch_up::DerivedView;
use projections::inventory;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::app::cart_holds;
use crate::app::state::AppState;
use crate::platform::client::ClientAddress;
use crate::platform::error::{ApiError, Refusal};
use crate::platform::json::ApiJson;
use crate::platform::refusals::{PHONE_NOT_FOR_SALE, UNKNOWN_ADD_ON};
use store::commands::{Committed, Context, BUYER};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create_cart))
        .routes(routes!(get_cart))
        .routes(routes!(select_package))
        .routes(routes!(change_billing_cycle))
        .routes(routes!(set_item_quantity, remove_item))
        .routes(routes!(add_add_on))
        .routes(routes!(remove_add_on))
        .routes(routes!(set_top_up))
        .routes(routes!(add_number, replace_numbers))
        .routes(routes!(remove_number))
        .routes(routes!(set_trial_flow))
        .routes(routes!(clear_cart))
        .routes(routes!(add_hardware))
}

/// The cart of a path.
#[derive(serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Path)]
struct CartPath {
    /// The cart's id: a UUID (anything else names no cart: 404).
    id: String,
}

/// A cart id from the path: anything but a UUID names no cart.
use crate::app::carts::{cart_id, summary};

/// Runs a cart command (the buyer's) and answers with the cart as its view now shows it.
async fn execute(state: &AppState, raw_id: &str, command: CartCommand) -> Result<Json<CartSummary>, ApiError> {
    let id = cart_id(raw_id)?;
    answer(state, &id, state.carts.cqrs.execute(&Context::buyer(), &id, command).await).await
}

/// Answers a command on cart `id` with the cart as the state it committed makes it (the
/// view stored with its events, computed again rather than read back); a cart that does not
/// exist is read, to answer 404.
async fn answer(
    state: &AppState,
    id: &str,
    committed: Result<Committed<Cart>, AggregateError<CartError>>,
) -> Result<Json<CartSummary>, ApiError> {
    let committed = committed?;
    let view = CartView::of(&committed.state, committed.sequence);
    if view.contents.exists {
        return Ok(Json(crate::app::carts::priced(state, id, &view).await?));
    }
    Ok(Json(summary(state, id).await?))
}

/// A new, empty cart.
#[utoipa::path(
    post,
    path = "/carts",
    tag = "cart",
    responses(
        (status = 201, description = "The new cart", body = CartSummary),
        (status = 409, description = "The cart was changed by another request at the same time; try again (conflict)", body = Refusal),
    )
)]
async fn create_cart(State(state): State<AppState>) -> Result<(StatusCode, Json<CartSummary>), ApiError> {
    let id = Uuid::new_v4().to_string();
    let created = state.carts.cqrs.execute_new(&Context::buyer(), &id, CartCommand::CreateCart).await;
    let cart = answer(&state, &id, created).await?;
    Ok((StatusCode::CREATED, cart))
}

/// The cart, priced with today's price list.
#[utoipa::path(
    get,
    path = "/carts/{id}",
    tag = "cart",
    params(CartPath),
    responses(
        (status = 200, description = "The cart", body = CartSummary),
        (status = 404, description = "No such cart (cart_not_found)", body = Refusal),
    )
)]
async fn get_cart(
    State(state): State<AppState>,
    Path(CartPath { id }): Path<CartPath>,
) -> Result<Json<CartSummary>, ApiError> {
    Ok(Json(summary(&state, &cart_id(&id)?).await?))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct PackageBody {
    plan: Plan,
    billing_cycle: BillingCycle,
    /// Users: multi user at least 4.
    #[schema(minimum = 1, maximum = 1000)]
    quantity: u32,
}

/// Selects a plan: replaces the items, clears the add-ons, sets the top-up; keeps numbers and the trial flag.
#[utoipa::path(
    put,
    path = "/carts/{id}/package",
    tag = "cart",
    params(CartPath),
    request_body = PackageBody,
    responses(
        (status = 200, description = "The cart as it now is", body = CartSummary),
        (status = 404, description = "No such cart (cart_not_found)", body = Refusal),
        (status = 409, description = "The cart was changed by another request at the same time; try again (conflict)", body = Refusal),
        (status = 422, description = "A quantity the plan does not allow (invalid_quantity, below_plan_minimum)", body = Refusal),
    )
)]
async fn select_package(
    State(state): State<AppState>,
    Path(CartPath { id }): Path<CartPath>,
    ApiJson(body): ApiJson<PackageBody>,
) -> Result<Json<CartSummary>, ApiError> {
    let command =
        CartCommand::SelectPackage { plan: body.plan, billing_cycle: body.billing_cycle, quantity: body.quantity };
    execute(&state, &id, command).await
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct BillingCycleBody {
    billing_cycle: BillingCycle,
}

/// Moves the package line and add-ons to another billing cycle.
#[utoipa::path(
    put,
    path = "/carts/{id}/billing-cycle",
    tag = "cart",
    params(CartPath),
    request_body = BillingCycleBody,
    responses(
        (status = 200, description = "The cart as it now is", body = CartSummary),
        (status = 404, description = "No such cart (cart_not_found)", body = Refusal),
        (status = 409, description = "The cart was changed by another request at the same time; try again (conflict)", body = Refusal),
        (status = 422, description = "No plan chosen yet (no_package)", body = Refusal),
    )
)]
async fn change_billing_cycle(
    State(state): State<AppState>,
    Path(CartPath { id }): Path<CartPath>,
    ApiJson(body): ApiJson<BillingCycleBody>,
) -> Result<Json<CartSummary>, ApiError> {
    execute(&state, &id, CartCommand::ChangeBillingCycle { billing_cycle: body.billing_cycle }).await
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct QuantityBody {
    #[schema(minimum = 1, maximum = 1000)]
    quantity: u32,
}

/// Sets the quantity of a line.
#[utoipa::path(
    put,
    path = "/carts/{id}/items/{itemId}",
    tag = "cart",
    params(CartPath, ("itemId" = String, Path, description = "The line's id")),
    request_body = QuantityBody,
    responses(
        (status = 200, description = "The cart as it now is", body = CartSummary),
        (status = 404, description = "No such cart (cart_not_found) or no such line in it (item_not_found)", body = Refusal),
        (status = 409, description = "The cart was changed by another request at the same time; try again (conflict)", body = Refusal),
        (status = 422, description = "A quantity the line does not allow (invalid_quantity, below_plan_minimum)", body = Refusal),
    )
)]
async fn set_item_quantity(
    State(state): State<AppState>,
    Path((id, item_id)): Path<(String, String)>,
    ApiJson(body): ApiJson<QuantityBody>,
) -> Result<Json<CartSummary>, ApiError> {
    execute(&state, &id, CartCommand::SetItemQuantity { item_id, quantity: body.quantity }).await
}

/// Removes a line (the last one clears the package, add-ons and top-up).
#[utoipa::path(
    delete,
    path = "/carts/{id}/items/{itemId}",
    tag = "cart",
    params(CartPath, ("itemId" = String, Path, description = "The line's id")),
    responses(
        (status = 200, description = "The cart as it now is", body = CartSummary),
        (status = 404, description = "No such cart (cart_not_found) or no such line in it (item_not_found)", body = Refusal),
        (status = 409, description = "The cart was changed by another request at the same time; try again (conflict)", body = Refusal),
    )
)]
async fn remove_item(
    State(state): State<AppState>,
    Path((id, item_id)): Path<(String, String)>,
) -> Result<Json<CartSummary>, ApiError> {
    execute(&state, &id, CartCommand::RemoveItem { item_id }).await
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct AddOnBody {
    #[schema(pattern = "^(callForwarding|callRecording|musicWhileRinging|customizedHold|ivr)$")]
    add_on_id: String,
}

fn add_on(id: &str) -> Result<AddOn, ApiError> {
    AddOn::from_id(id).ok_or_else(|| ApiError::refused_with(&UNKNOWN_ADD_ON, format!("{id:?}")))
}

/// Adds an add-on the plan offers (adding it twice changes nothing).
#[utoipa::path(
    post,
    path = "/carts/{id}/add-ons",
    tag = "cart",
    params(CartPath),
    request_body = AddOnBody,
    responses(
        (status = 200, description = "The cart as it now is", body = CartSummary),
        (status = 404, description = "No such cart (cart_not_found)", body = Refusal),
        (status = 409, description = "The cart was changed by another request at the same time; try again (conflict)", body = Refusal),
        (status = 422, description = "No such add-on (unknown_add_on), no plan chosen (no_package) or not offered with the plan (add_on_not_offered)", body = Refusal),
    )
)]
async fn add_add_on(
    State(state): State<AppState>,
    Path(CartPath { id }): Path<CartPath>,
    ApiJson(body): ApiJson<AddOnBody>,
) -> Result<Json<CartSummary>, ApiError> {
    execute(&state, &id, CartCommand::AddAddOn { add_on: add_on(&body.add_on_id)? }).await
}

/// Removes an add-on.
#[utoipa::path(
    delete,
    path = "/carts/{id}/add-ons/{addOnId}",
    tag = "cart",
    params(CartPath, ("addOnId" = String, Path, description = "The add-on's id, e.g. callRecording")),
    responses(
        (status = 200, description = "The cart as it now is", body = CartSummary),
        (status = 404, description = "No such cart (cart_not_found) or the add-on is not in it (add_on_not_in_cart)", body = Refusal),
        (status = 409, description = "The cart was changed by another request at the same time; try again (conflict)", body = Refusal),
    )
)]
async fn remove_add_on(
    State(state): State<AppState>,
    Path((id, add_on_id)): Path<(String, String)>,
) -> Result<Json<CartSummary>, ApiError> {
    let add_on = AddOn::from_id(&add_on_id).ok_or(CartError::AddOnNotInCart)?;
    execute(&state, &id, CartCommand::RemoveAddOn { add_on }).await
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct TopUpBody {
    /// Whole pounds, from £10 to £5,000 (pay as you go only).
    #[schema(minimum = 1000, maximum = 500_000, multiple_of = 100)]
    amount_pence: i64,
}

/// The pay-as-you-go top-up: whole pounds, from £10 to £5,000.
#[utoipa::path(
    put,
    path = "/carts/{id}/top-up",
    tag = "cart",
    params(CartPath),
    request_body = TopUpBody,
    responses(
        (status = 200, description = "The cart as it now is", body = CartSummary),
        (status = 404, description = "No such cart (cart_not_found)", body = Refusal),
        (status = 409, description = "The cart was changed by another request at the same time; try again (conflict)", body = Refusal),
        (status = 422, description = "Not pay as you go (top_up_not_available), or an amount out of range or not whole pounds (top_up_below_minimum, top_up_above_maximum, top_up_not_whole_pounds)", body = Refusal),
    )
)]
async fn set_top_up(
    State(state): State<AppState>,
    Path(CartPath { id }): Path<CartPath>,
    ApiJson(body): ApiJson<TopUpBody>,
) -> Result<Json<CartSummary>, ApiError> {
    execute(&state, &id, CartCommand::SetTopUp { amount: Pence(body.amount_pence) }).await
}

#[derive(Deserialize, ToSchema)]
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
    /// A UK mobile transferred in: its PAC code, 3 letters then 6 digits (`ABC123456`; lower
    /// case and spaces accepted). Required for a mobile transfer, refused with anything else.
    pac: Option<String>,
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
            pac: body.pac,
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
    state.numbers.cqrs.execute(&BUYER, number, command).await?;
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
        match state.numbers.cqrs.execute(&BUYER, &number, command).await {
            Ok(_) | Err(AggregateError::UserError(PhoneNumberError::NotReservedByCart)) => {}
            Err(error) => tracing::warn!(%number, %error, "release failed; the expiry job will free it"),
        }
    }
}

/// The stock numbers a cart holds (the ones it reserved).
fn reserved_numbers(cart: &CartSummary) -> Vec<String> {
    cart.phone_numbers.iter().filter(|n| !n.is_transfer && !n.is_placeholder).map(|n| n.value.clone()).collect()
}

/// Adds a number: one of our stock is reserved for the cart for 30 minutes (a number already in the cart changes nothing).
#[utoipa::path(
    post,
    path = "/carts/{id}/numbers",
    tag = "cart",
    params(CartPath),
    request_body = NumberBody,
    responses(
        (status = 200, description = "The cart as it now is", body = CartSummary),
        (status = 404, description = "No such cart (cart_not_found)", body = Refusal),
        (status = 409, description = "The number is held by another cart or taken, or the cart changed at the same time (conflict)", body = Refusal),
        (status = 422, description = "A number that is not valid (invalid_phone_number), a mobile transfer without its PAC code or with a malformed one (pac_required, invalid_pac), a PAC code with anything but a mobile transfer (pac_not_for_this_number), a number from abroad to transfer, which is quoted for (international_transfer), not in our stock (number_not_in_stock) or one too many (too_many_numbers)", body = Refusal),
        (status = 429, description = "Too many carts of this client address hold numbers (too_many_carts)", body = Refusal),
    )
)]
async fn add_number(
    State(state): State<AppState>,
    client: ClientAddress,
    Path(CartPath { id }): Path<CartPath>,
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

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct NumbersBody {
    /// At most 50 numbers in a cart (too_many_numbers).
    #[schema(max_items = 50)]
    numbers: Vec<NumberBody>,
}

/// Replaces every number of the cart.
#[utoipa::path(
    put,
    path = "/carts/{id}/numbers",
    tag = "cart",
    params(CartPath),
    request_body = NumbersBody,
    responses(
        (status = 200, description = "The cart as it now is", body = CartSummary),
        (status = 404, description = "No such cart (cart_not_found)", body = Refusal),
        (status = 409, description = "The number is held by another cart or taken, or the cart changed at the same time (conflict)", body = Refusal),
        (status = 422, description = "A number that is not valid (invalid_phone_number), a mobile transfer without its PAC code or with a malformed one (pac_required, invalid_pac), a PAC code with anything but a mobile transfer (pac_not_for_this_number), a number from abroad to transfer, which is quoted for (international_transfer), not in our stock (number_not_in_stock) or one too many (too_many_numbers)", body = Refusal),
        (status = 429, description = "Too many carts of this client address hold numbers (too_many_carts)", body = Refusal),
    )
)]
async fn replace_numbers(
    State(state): State<AppState>,
    client: ClientAddress,
    Path(CartPath { id }): Path<CartPath>,
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

/// Removes a number (a reserved one is released).
#[utoipa::path(
    delete,
    path = "/carts/{id}/numbers/{value}",
    tag = "cart",
    params(CartPath, ("value" = String, Path, description = "The number's value as the cart holds it")),
    responses(
        (status = 200, description = "The cart as it now is", body = CartSummary),
        (status = 404, description = "No such cart (cart_not_found) or the number is not in it (number_not_in_cart)", body = Refusal),
        (status = 409, description = "The cart was changed by another request at the same time; try again (conflict)", body = Refusal),
    )
)]
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

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct TrialFlowBody {
    is_trial_flow: bool,
}

/// Marks the cart as part of the free-trial flow, or not.
#[utoipa::path(
    put,
    path = "/carts/{id}/trial-flow",
    tag = "cart",
    params(CartPath),
    request_body = TrialFlowBody,
    responses(
        (status = 200, description = "The cart as it now is", body = CartSummary),
        (status = 404, description = "No such cart (cart_not_found)", body = Refusal),
        (status = 409, description = "The cart was changed by another request at the same time; try again (conflict)", body = Refusal),
    )
)]
async fn set_trial_flow(
    State(state): State<AppState>,
    Path(CartPath { id }): Path<CartPath>,
    ApiJson(body): ApiJson<TrialFlowBody>,
) -> Result<Json<CartSummary>, ApiError> {
    execute(&state, &id, CartCommand::SetTrialFlow { is_trial_flow: body.is_trial_flow }).await
}

/// Empties the cart (its reserved numbers are released).
#[utoipa::path(
    post,
    path = "/carts/{id}/clear",
    tag = "cart",
    params(CartPath),
    responses(
        (status = 200, description = "The cart as it now is", body = CartSummary),
        (status = 404, description = "No such cart (cart_not_found)", body = Refusal),
        (status = 409, description = "The cart was changed by another request at the same time; try again (conflict)", body = Refusal),
    )
)]
async fn clear_cart(
    State(state): State<AppState>,
    Path(CartPath { id }): Path<CartPath>,
) -> Result<Json<CartSummary>, ApiError> {
    let before = reserved_numbers(&summary(&state, &cart_id(&id)?).await?);
    let cart = execute(&state, &id, CartCommand::ClearCart).await?;
    release(&state, &cart.id, before).await;
    Ok(cart)
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct HardwareBody {
    /// A published phone's id.
    product_id: String,
    /// At most 1000 of one phone in a cart.
    #[schema(minimum = 1, maximum = 1000)]
    quantity: u32,
}

/// Adds a published, in-stock phone at the catalogue's price (never the browser's).
#[utoipa::path(
    post,
    path = "/carts/{id}/hardware",
    tag = "cart",
    params(CartPath),
    request_body = HardwareBody,
    responses(
        (status = 200, description = "The cart as it now is", body = CartSummary),
        (status = 404, description = "No such cart (cart_not_found)", body = Refusal),
        (status = 409, description = "The cart was changed by another request at the same time; try again (conflict)", body = Refusal),
        (status = 422, description = "The phone is not available (hardware_unavailable) or the quantity is not allowed (invalid_quantity)", body = Refusal),
    )
)]
async fn add_hardware(
    State(state): State<AppState>,
    Path(CartPath { id }): Path<CartPath>,
    ApiJson(body): ApiJson<HardwareBody>,
) -> Result<Json<CartSummary>, ApiError> {
    let unavailable = || ApiError::refused(&PHONE_NOT_FOR_SALE);
    let view =
        crate::app::hardware_items::live_item(&state.pool, body.product_id.trim()).await?.ok_or_else(unavailable)?;
    let fields = view.item.fields.as_ref().ok_or_else(unavailable)?;
    if view.item.status != aggregates::hardware_item::ItemStatus::Published || !fields.in_stock {
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
