//! The hardware checkout's routes: the shipping options, the cart's phones priced, placing
//! the order, the card, the two payment calls of the spec (`create-hardware-payment`,
//! `confirm-hardware-payment`) and the thank-you view. DTO in, one call to the hardware
//! checkout service, answer out. Amounts the browser sends are accepted and ignored.

use aggregates::hardware_order::{
    HardwareCustomer, ShippingAddress, ShippingOption, BILLING_COUNTRIES, SHIPPING_COUNTRIES,
};
use aggregates::pricing::Pence;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use axum::Json;
use chrono::{DateTime, NaiveDate, Utc};
use projections::hardware_orders::{
    AddressLine, AmountsLine, BuyerLine, HardwareOrderLine, HardwareOrderView, HardwareOrderViewStatus, ShippingLine,
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::card_setups::TOO_MANY_CARD_SETUPS;
use crate::app::hardware_checkout::{self as service, HardwarePayment, PlaceHardwareOrder, Placing};
use crate::app::ids::{StripeId, StripeKind};
use crate::app::state::AppState;
use crate::http::openapi::with_trailing_slash;
use crate::platform::client::ClientAddress;
use crate::platform::error::{ApiError, Refusal};
use crate::platform::json::ApiJson;
use crate::platform::refusals::PRICE_CHANGED;
use crate::platform::timing::timed;
use store::commands::BUYER;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(options))
        .routes(routes!(quote))
        .routes(routes!(place_order))
        .routes(routes!(get_order))
        .routes(routes!(card_setup))
        .routes(with_trailing_slash(routes!(create_payment)))
        .routes(with_trailing_slash(routes!(confirm_payment)))
}

/// A hardware order of a path.
#[derive(serde::Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
struct OrderPath {
    /// The order's id (a UUID; anything else names no order).
    id: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ShippingOut {
    id: &'static str,
    name: &'static str,
    description: &'static str,
    carrier: &'static str,
    price_pence: Pence,
}

fn shipping_out(option: ShippingOption) -> ShippingOut {
    ShippingOut {
        id: option.id(),
        name: option.name(),
        description: option.description(),
        carrier: option.carrier(),
        price_pence: option.price(),
    }
}

#[derive(Serialize, ToSchema)]
struct Country {
    /// ISO 3166-1 alpha-2.
    code: &'static str,
    name: &'static str,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct CheckoutOptions {
    shipping_options: Vec<ShippingOut>,
    shipping_countries: Vec<Country>,
    billing_countries: Vec<Country>,
}

/// The shipping options and the countries the hardware checkout offers.
#[utoipa::path(get, path = "/hardware-checkout/options", tag = "hardware checkout", responses((status = 200, body = CheckoutOptions)))]
async fn options() -> Json<CheckoutOptions> {
    let countries = |list: &[(&'static str, &'static str)]| {
        list.iter().map(|&(code, name)| Country { code, name }).collect::<Vec<_>>()
    };
    Json(CheckoutOptions {
        shipping_options: ShippingOption::ALL.iter().map(|o| shipping_out(*o)).collect(),
        shipping_countries: countries(&SHIPPING_COUNTRIES),
        billing_countries: countries(&BILLING_COUNTRIES),
    })
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct QuoteQuery {
    /// The cart whose desk phones are priced.
    cart_id: String,
    /// A shipping option's id (economy, standard, express or saturday): its price and VAT are added.
    #[param(pattern = r"^(|[ \t\n\r]*(economy|standard|express|saturday)[ \t\n\r]*)$")]
    #[serde(default)]
    shipping_option: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct QuoteLineOut {
    product_id: String,
    name: String,
    short_desc: Option<String>,
    image_url: Option<String>,
    unit_price_pence: Pence,
    quantity: u32,
    line_pence: Pence,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct HardwareQuote {
    lines: Vec<QuoteLineOut>,
    /// The chosen shipping option, if any.
    shipping: Option<ShippingOut>,
    amounts: AmountsLine,
    /// Send it when placing the order and paying: on another quote than today's the answer
    /// is 409 `price_changed` with the new quote.
    version: String,
    /// Desk phones whose price changed since they went into the cart, with the sentence to show.
    price_changes: Vec<PriceChangeOut>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct PriceChangeOut {
    product_id: String,
    name: String,
    from_pence: Pence,
    to_pence: Pence,
    /// "The price of Yealink T54W changed from £119.00 to £129.00".
    message: String,
}

fn quote_out(quote: service::Quote) -> HardwareQuote {
    let lines = quote
        .lines
        .into_iter()
        .map(|l| QuoteLineOut {
            line_pence: l.line.line_total(),
            product_id: l.line.product_id,
            name: l.line.name,
            short_desc: l.short_desc,
            image_url: l.image_url,
            unit_price_pence: l.line.unit_price,
            quantity: l.line.quantity,
        })
        .collect();
    let a = quote.amounts;
    HardwareQuote {
        lines,
        shipping: quote.shipping.map(shipping_out),
        amounts: AmountsLine {
            items_pence: a.items,
            shipping_pence: a.shipping,
            vat_pence: a.vat,
            total_pence: a.total,
        },
        version: quote.version,
        price_changes: quote
            .price_changes
            .into_iter()
            .map(|c| PriceChangeOut {
                message: c.message(),
                product_id: c.product_id,
                name: c.name,
                from_pence: c.from_pence,
                to_pence: c.to_pence,
            })
            .collect(),
    }
}

/// 409 `price_changed`: the quote the buyer's page showed is not the one the server would
/// charge; `quote` is the new one, to show before the buyer tries again.
fn price_changed(quote: service::Quote) -> ApiError {
    let quote = quote_out(quote);
    let change = match quote.price_changes.first() {
        Some(change) => change.message.clone(),
        None => "The prices changed since this page was loaded".to_string(),
    };
    let mut extra = serde_json::Map::new();
    extra.insert("quote".into(), serde_json::to_value(&quote).unwrap_or_default());
    ApiError::refused_with(&PRICE_CHANGED, change).with_extra(extra)
}

/// The cart's desk phones priced by the server, with a shipping option's price when one is named.
#[utoipa::path(
    get,
    path = "/hardware-checkout/quote",
    operation_id = "quote_hardware",
    tag = "hardware checkout",
    params(QuoteQuery),
    responses(
        (status = 200, body = HardwareQuote),
        (status = 404, description = "No such cart (cart_not_found)", body = Refusal),
        (status = 422, description = "No cartId (invalid_query), an unknown shipping option (invalid_shipping_option) or no desk phone in the cart (no_hardware)", body = Refusal),
    )
)]
async fn quote(
    State(state): State<AppState>,
    query: Result<Query<QuoteQuery>, QueryRejection>,
) -> Result<Json<HardwareQuote>, ApiError> {
    let Query(query) = query?;
    let shipping =
        query.shipping_option.as_deref().filter(|s| !s.is_empty()).map(service::shipping_option).transpose()?;
    Ok(Json(quote_out(service::quote(&state, &query.cart_id, shipping).await?)))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct AddressBody {
    #[schema(required = true, pattern = r"^[^\x00]*([^\s\x00\x85]|[\x1c-\x1f])[^\x00]*$")]
    #[serde(default)]
    line1: String,
    #[serde(default)]
    line2: String,
    #[schema(required = true, pattern = r"^[^\x00]*([^\s\x00\x85]|[\x1c-\x1f])[^\x00]*$")]
    #[serde(default)]
    city: String,
    /// For GB a UK postcode, like SW1A 1AA.
    #[schema(required = true, pattern = r"^[^\x00]*([^\s\x00\x85]|[\x1c-\x1f])[^\x00]*$")]
    #[serde(default)]
    postal_code: String,
    /// GB or IE.
    #[schema(required = true, pattern = r"^[ \t\n\r]*([Gg][Bb]|[Ii][Ee])[ \t\n\r]*$")]
    #[serde(default)]
    country: String,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct CustomerBody {
    /// An e-mail address.
    #[schema(
        required = true,
        pattern = r"^[ \t\n\r]*[^@\s\x00\x85\x1c-\x1f]+@[^@\s\x00\x85\x1c-\x1f]+\.[^@\s\x00\x85\x1c-\x1f]+[ \t\n\r]*$"
    )]
    #[serde(default)]
    email: String,
    #[schema(required = true, pattern = r"^[^\x00]*([^\s\x00\x85]|[\x1c-\x1f])[^\x00]*$")]
    #[serde(default)]
    first_name: String,
    #[schema(required = true, pattern = r"^[^\x00]*([^\s\x00\x85]|[\x1c-\x1f])[^\x00]*$")]
    #[serde(default)]
    last_name: String,
    #[schema(required = true, pattern = r"^[^\x00]*([^\s\x00\x85]|[\x1c-\x1f])[^\x00]*$")]
    #[serde(default)]
    phone: String,
    address: AddressBody,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct PlaceBody {
    cart_id: String,
    /// economy, standard, express or saturday.
    #[schema(pattern = r"^[ \t\n\r]*(economy|standard|express|saturday)[ \t\n\r]*$")]
    shipping_option: String,
    /// The `version` of the quote the buyer saw (GET /hardware-checkout/quote with this shipping option).
    quote_version: String,
    customer_info: CustomerBody,
}

/// The view as the buyer's pages read it (the cart id and bookkeeping left out).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct HardwareOrderOut {
    order_id: String,
    order_number: String,
    status: HardwareOrderViewStatus,
    lines: Vec<HardwareOrderLine>,
    shipping: ShippingLine,
    customer: BuyerLine,
    address: AddressLine,
    amounts: AmountsLine,
    payment_reference: Option<String>,
    placed_at: Option<DateTime<Utc>>,
    paid_at: Option<DateTime<Utc>>,
    confirmed_at: Option<DateTime<Utc>>,
    estimated_delivery: Option<NaiveDate>,
    email_queued: bool,
    /// Where the confirmation e-mail stands: queued, retrying, sent, kept (the local mailbox
    /// of a shop without a mail relay) or failed; null before it is queued.
    email_status: Option<jobs::outbox::MailStatus>,
}

fn view_answer(view: HardwareOrderView) -> HardwareOrderOut {
    HardwareOrderOut {
        order_id: view.order_id,
        order_number: view.order_number,
        status: view.status,
        lines: view.lines,
        shipping: view.shipping,
        customer: view.customer,
        address: view.address,
        amounts: view.amounts,
        payment_reference: view.payment_reference,
        placed_at: view.placed_at,
        paid_at: view.paid_at,
        confirmed_at: view.confirmed_at,
        estimated_delivery: view.estimated_delivery,
        email_queued: view.email_queued,
        email_status: None,
    }
}

/// The order just placed, with the secret only this browser gets.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct PlacedHardwareOrder {
    #[serde(flatten)]
    order: HardwareOrderOut,
    /// Needed to continue the order and to read it (X-Order-Secret).
    order_secret: String,
}

/// Places the order for the cart's desk phones (the server prices it; amounts the browser sends are ignored).
#[utoipa::path(
    post,
    path = "/hardware-orders",
    operation_id = "place_hardware_order",
    tag = "hardware checkout",
    request_body = PlaceBody,
    responses(
        (status = 201, description = "The order, placed", body = PlacedHardwareOrder, headers(("server-timing" = String))),
        (status = 404, description = "No such cart (cart_not_found)", body = Refusal),
        (status = 409, description = "The prices changed since the quote named by quoteVersion (price_changed, with the new `quote`), the cart changed at the same time, or the order is being placed by another request (conflict, busy)", body = Refusal),
        (status = 422, description = "Invalid buyer details, each in fieldErrors (invalid_fields), an unknown shipping option (invalid_shipping_option), no desk phone in the cart (no_hardware) or a phone no longer available (hardware_unavailable)", body = Refusal),
    )
)]
async fn place_order(State(state): State<AppState>, ApiJson(body): ApiJson<PlaceBody>) -> Result<Response, ApiError> {
    let c = body.customer_info;
    let request = PlaceHardwareOrder {
        cart_id: body.cart_id,
        shipping_option: body.shipping_option,
        quote_version: body.quote_version,
        customer: HardwareCustomer { email: c.email, first_name: c.first_name, last_name: c.last_name, phone: c.phone },
        address: ShippingAddress {
            line1: c.address.line1,
            line2: c.address.line2,
            city: c.address.city,
            postal_code: c.address.postal_code,
            country: c.address.country,
        },
    };
    timed(StatusCode::CREATED, async {
        let placed = match service::place_hardware_order(&state, request).await? {
            Placing::Placed(placed) => placed,
            Placing::PriceChanged(quote) => return Err(price_changed(quote)),
        };
        let order = view_answer(service::order_view(&state, &placed.id).await?);
        Ok(PlacedHardwareOrder { order, order_secret: placed.secret })
    })
    .await
}

/// The order, for the browser that placed it.
#[utoipa::path(
    get,
    path = "/hardware-orders/{id}",
    operation_id = "get_hardware_order",
    tag = "hardware checkout",
    params(OrderPath, ("X-Order-Secret" = Option<String>, Header, description = "The orderSecret the order was placed with")),
    responses(
        (status = 200, body = HardwareOrderOut),
        (status = 403, description = "The secret is missing or not this order's (order_secret_mismatch)", body = Refusal),
        (status = 404, description = "No such order (hardware_order_not_found)", body = Refusal),
    )
)]
async fn get_order(
    State(state): State<AppState>,
    Path(OrderPath { id: raw }): Path<OrderPath>,
    headers: HeaderMap,
) -> Result<Json<HardwareOrderOut>, ApiError> {
    let id = service::order_id(&raw)?;
    let secret = headers.get("x-order-secret").and_then(|v| v.to_str().ok());
    let (view, email_status) = service::buyer_order(&state, &id, secret).await?;
    Ok(Json(HardwareOrderOut { email_status, ..view_answer(view) }))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SecretBody {
    #[serde(default)]
    order_secret: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct CardSetup {
    /// For Stripe.js to confirm the card in the browser.
    client_secret: Option<String>,
    setup_intent_id: String,
}

/// A card setup (Stripe setup intent) for the order's payment.
#[utoipa::path(
    post,
    path = "/hardware-orders/{id}/card-setup",
    tag = "hardware checkout",
    params(OrderPath),
    request_body = SecretBody,
    responses(
        (status = 200, body = CardSetup, headers(("server-timing" = String))),
        (status = 403, description = "The secret is missing or not this order's (order_secret_mismatch)", body = Refusal),
        (status = 404, description = "No such order (hardware_order_not_found)", body = Refusal),
        (status = 409, description = "Already paid, expired or replaced by a newer order from the same cart (order_already_paid, order_cancelled, order_superseded), or another step of the order is under way (busy, conflict)", body = Refusal),
        (status = 429, description = TOO_MANY_CARD_SETUPS, body = Refusal, headers(("retry-after" = u32, description = "Seconds to wait (the hourly cap per address only)"))),
        (status = 502, description = "The payment provider failed (payment_provider_error)", body = Refusal),
    )
)]
async fn card_setup(
    State(state): State<AppState>,
    Path(OrderPath { id: raw }): Path<OrderPath>,
    address: ClientAddress,
    ApiJson(body): ApiJson<SecretBody>,
) -> Result<Response, ApiError> {
    let id = service::order_id(&raw)?;
    let gateway = state.services.gateway.clone();
    timed(StatusCode::OK, async {
        let setup = service::set_up_card(&state, gateway.as_ref(), &id, body.order_secret.as_deref(), &address).await?;
        Ok(CardSetup { client_secret: setup.client_secret, setup_intent_id: setup.id })
    })
    .await
}

/// The payment call with the older site's field names. `amount`, `hardware_items`, `shipping_option`, `shipping_address`
/// and the `customer_*` fields are accepted and ignored: the order already holds them, and
/// the server charges its own total.
#[derive(Deserialize, ToSchema)]
struct PaymentBody {
    order_id: String,
    #[serde(default)]
    order_secret: Option<String>,
    /// The card the order's setup saved (Stripe's payment method id).
    #[schema(pattern = "^pm_[A-Za-z0-9]+$", max_length = 255)]
    payment_method_id: String,
    /// The `version` of the quote the page shows; when it is not the order's, nothing is
    /// charged and the answer is 409 `price_changed` with the order's quote.
    #[serde(default)]
    quote_version: Option<String>,
}

/// What the payment call answers: paid, or the bank wants the buyer to confirm (3-D Secure).
#[derive(Serialize, ToSchema)]
#[serde(untagged)]
enum HardwarePaymentOut {
    Paid {
        /// `succeeded`.
        status: &'static str,
        payment_intent_id: String,
        order_id: String,
        amount: Pence,
    },
    NeedsAction {
        /// `requires_action`.
        status: &'static str,
        /// Always true.
        requires_action: bool,
        /// For Stripe.js to show the bank's check.
        client_secret: String,
        payment_intent_id: String,
    },
}

/// Charges the order's own total to the card its setup saved.
#[utoipa::path(
    post,
    path = "/create-hardware-payment",
    tag = "hardware checkout",
    request_body = PaymentBody,
    responses(
        (status = 200, body = HardwarePaymentOut, headers(("server-timing" = String))),
        (status = 402, description = "The card was declined (the card's code, with decline_code, status and a flag)", body = Refusal),
        (status = 403, description = "The secret is missing or not this order's (order_secret_mismatch)", body = Refusal),
        (status = 404, description = "No such order (hardware_order_not_found)", body = Refusal),
        (status = 409, description = "The page's quote is not the order's (price_changed, with the order's `quote`), already paid, expired or replaced by a newer order from the same cart, the bank is still processing, or another step is under way (order_already_paid, order_cancelled, order_superseded, payment_processing, busy, conflict)", body = Refusal),
        (status = 422, description = "Not the card this order's setup saved (invalid_payment_method), or payment_method_id not of its shape (invalid_fields, naming it: nothing reaches Stripe)", body = Refusal),
        (status = 502, description = "The payment provider failed (payment_provider_error)", body = Refusal),
    )
)]
async fn create_payment(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<PaymentBody>,
) -> Result<Response, ApiError> {
    let card = StripeId::field(StripeKind::PaymentMethod, "payment_method_id", &body.payment_method_id)?;
    let id = service::order_id(&body.order_id)?;
    let gateway = state.services.gateway.clone();
    let secret = body.order_secret.as_deref();
    timed(StatusCode::OK, async {
        Ok(match service::pay(&state, gateway.as_ref(), &id, secret, &card, body.quote_version.as_deref()).await? {
            HardwarePayment::Paid { payment_intent_id, amount } => {
                HardwarePaymentOut::Paid { status: "succeeded", payment_intent_id, order_id: id, amount }
            }
            HardwarePayment::NeedsAction { payment_intent_id, client_secret } => HardwarePaymentOut::NeedsAction {
                status: "requires_action",
                requires_action: true,
                client_secret,
                payment_intent_id,
            },
            HardwarePayment::PriceChanged(quote) => return Err(price_changed(quote)),
        })
    })
    .await
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ConfirmBody {
    /// Stripe's payment intent id.
    #[schema(pattern = "^pi_[A-Za-z0-9]+$", max_length = 255)]
    payment_intent_id: String,
    #[serde(default)]
    order_id: Option<String>,
    #[serde(default)]
    order_secret: Option<String>,
}

/// What confirming answers: the status, and the order's details for the browser that placed it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ConfirmationOut {
    #[serde(skip_serializing_if = "Option::is_none")]
    order_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    order_number: Option<String>,
    /// The order's status: placed, paid, confirmed, payment-only, error-handled or cancelled.
    #[schema(value_type = HardwareOrderViewStatus)]
    status: &'static str,
    /// The buyer's answer only: the order's reference (null until it has one).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>)]
    reference: Option<Option<String>>,
}

/// Confirms the order a succeeded payment was for (the thank-you page, and its background check).
#[utoipa::path(
    post,
    path = "/confirm-hardware-payment",
    tag = "hardware checkout",
    request_body = ConfirmBody,
    responses(
        (status = 200, body = ConfirmationOut, headers(("server-timing" = String))),
        (status = 403, description = "The secret is not this order's (order_secret_mismatch)", body = Refusal),
        (status = 404, description = "No such payment or order (payment_not_found, hardware_order_not_found)", body = Refusal),
        (status = 409, description = "The payment has not succeeded or is still processing, another step is under way (payment_not_succeeded, payment_processing, busy, conflict), or it succeeded but the order did not need it (already paid, or replaced by a newer order): it is refunded in full and the buyer e-mailed (payment_refunded)", body = Refusal),
        (status = 422, description = "paymentIntentId not of its shape (invalid_fields, naming it): nothing reaches Stripe", body = Refusal),
        (status = 502, description = "The payment provider failed (payment_provider_error)", body = Refusal),
    )
)]
async fn confirm_payment(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<ConfirmBody>,
) -> Result<Response, ApiError> {
    let payment = StripeId::field(StripeKind::PaymentIntent, "paymentIntentId", &body.payment_intent_id)?;
    let order_id = body.order_id.as_deref().map(service::order_id).transpose()?;
    let gateway = state.services.gateway.clone();
    let secret = body.order_secret.as_deref();
    timed(StatusCode::OK, async {
        let confirmation =
            service::confirm_payment(&state, gateway.as_ref(), &payment, order_id.as_deref(), secret, &BUYER).await?;
        let order = &confirmation.order;
        let status = order.status.as_str();
        // The order's details go only to the browser that placed it; the thank-you page's
        // background call (the payment reference alone) learns whether it is confirmed.
        Ok(if confirmation.for_buyer {
            ConfirmationOut {
                order_id: Some(confirmation.id),
                order_number: Some(order.order_number.clone()),
                status,
                reference: Some(order.reference.clone()),
            }
        } else {
            ConfirmationOut { order_id: None, order_number: None, status, reference: None }
        })
    })
    .await
}
