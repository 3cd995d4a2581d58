//! The price list as the site shows it, the figures its pages quote (the trial's terms and
//! the limits of a package and a quote request), and quotes for a package before it is in a cart.

use aggregates::cart::package_quantity;
use aggregates::pricing::{
    self, AddOn, BillingCycle, CallRates, ConnectionOffer, Pence, Plan, TOP_UP_DEFAULT, TOP_UP_MINIMUM, TOP_UP_STEP,
};
use aggregates::{quote_request, trial};
use axum::extract::rejection::QueryRejection;
use axum::extract::Query;
use axum::http::HeaderMap;
use axum::response::Response;
use axum::Json;
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::public_reads::Cached;
use crate::app::state::AppState;
use crate::http::public_reads::Respond;
use crate::platform::error::{ApiError, Refusal};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(catalogue)).routes(routes!(quote))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Catalogue {
    currency: &'static str,
    vat_percent: i64,
    yearly_discount_percent: i64,
    top_up: TopUpRules,
    /// The most users (or numbers of users) one package line may have.
    max_quantity: u32,
    plans: Vec<PlanEntry>,
    price_list: PriceListEntry,
    trial: TrialTerms,
    quote_requests: QuoteRequestLimits,
}

/// The free trial as the pages describe it ("Start 7 days trial", "50 minutes of calls").
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct TrialTerms {
    /// How long a trial runs.
    days: i64,
    /// The call minutes it includes.
    minutes: u32,
    /// Within how many hours of the start the e-mail address must be confirmed.
    verify_within_hours: i64,
    /// The most days staff may add to one trial, in all its extensions.
    max_extension_days: u32,
}

/// What a quote request may ask for (the /quote form's limits).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct QuoteRequestLimits {
    /// A phone numbers quote: at least this many numbers (more than a cart holds).
    min_numbers: u32,
    max_numbers: u32,
    /// A leased line quote: at most this many sites.
    max_sites: u32,
}

/// The prices the marketing pages quote, ex VAT (docs/product-rules.md, Marketing prices).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct PriceListEntry {
    business_broadband: ConnectionOfferEntry,
    leased_lines: ConnectionOfferEntry,
    voice_recording: VoiceRecordingEntry,
    residential_from_monthly_pence: Pence,
    /// Multi User's monthly price.
    business_from_monthly_pence: Pence,
    /// Multi User's monthly price.
    cloud_pbx_from_monthly_pence: Pence,
    cloud_pbx_to_monthly_pence: Pence,
    /// The cheapest add-on a month.
    add_ons_from_monthly_pence: Pence,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ConnectionOfferEntry {
    agreement_months: u32,
    tiers: Vec<ConnectionTierEntry>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ConnectionTierEntry {
    speed_mbps: u32,
    speed_label: &'static str,
    monthly_pence: Pence,
}

impl From<ConnectionOffer> for ConnectionOfferEntry {
    fn from(offer: ConnectionOffer) -> Self {
        ConnectionOfferEntry {
            agreement_months: offer.agreement_months,
            tiers: offer
                .tiers
                .iter()
                .map(|tier| ConnectionTierEntry {
                    speed_mbps: tier.speed_mbps,
                    speed_label: tier.speed_label,
                    monthly_pence: tier.monthly,
                })
                .collect(),
        }
    }
}

/// One recording of up to `maxWords` words, delivered the next working day.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct VoiceRecordingEntry {
    price_pence: Pence,
    max_words: u32,
}

impl PriceListEntry {
    fn from_pricing() -> Self {
        let list = pricing::price_list();
        PriceListEntry {
            business_broadband: list.business_broadband.into(),
            leased_lines: list.leased_lines.into(),
            voice_recording: VoiceRecordingEntry {
                price_pence: list.voice_recording.price,
                max_words: list.voice_recording.max_words,
            },
            residential_from_monthly_pence: list.residential_from_monthly,
            business_from_monthly_pence: list.business_from_monthly,
            cloud_pbx_from_monthly_pence: list.cloud_pbx_from_monthly,
            cloud_pbx_to_monthly_pence: list.cloud_pbx_to_monthly,
            add_ons_from_monthly_pence: list.add_ons_from_monthly,
        }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct TopUpRules {
    minimum_pence: Pence,
    step_pence: Pence,
    default_pence: Pence,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct PlanEntry {
    id: Plan,
    name: &'static str,
    description: &'static str,
    min_users: u32,
    increment: u32,
    users_per_block: u32,
    monthly_pence: Pence,
    yearly_pence: Pence,
    included_numbers: usize,
    extra_number: Prices,
    add_ons: Vec<AddOnEntry>,
    /// UK calls by the minute, on a plan that charges for them (null when minutes are included).
    call_rates: Option<CallRatesEntry>,
}

/// Per-minute rates in tenths of a penny (83 is 8.3p), with the labels to show.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct CallRatesEntry {
    uk_landline_tenths_of_penny: u32,
    uk_landline_label: String,
    uk_mobile_tenths_of_penny: u32,
    uk_mobile_label: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Prices {
    monthly_pence: Pence,
    yearly_pence: Pence,
}

impl Prices {
    fn of_monthly(monthly: Pence) -> Prices {
        Prices { monthly_pence: monthly, yearly_pence: BillingCycle::Yearly.of_monthly(monthly) }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct AddOnEntry {
    id: &'static str,
    name: &'static str,
    #[serde(flatten)]
    prices: Prices,
}

/// The plans, add-ons, constants and marketing price list the site shows. The price list is
/// code, so it is serialised once per start and served with a strong ETag: a matching
/// If-None-Match gets 304.
#[utoipa::path(
    get,
    path = "/catalogue",
    tag = "catalogue",
    responses(
        (status = 200, body = Catalogue, headers(("ETag" = String, description = "The answer's strong entity tag; a request whose If-None-Match names it gets 304 with no body"))),
    )
)]
async fn catalogue(headers: HeaderMap) -> Response {
    static KEPT: OnceLock<Cached> = OnceLock::new();
    KEPT.get_or_init(|| Cached::json(&price_list()).expect("the catalogue serialises")).respond(&headers)
}

fn price_list() -> Catalogue {
    let plans = Plan::ALL
        .into_iter()
        .map(|plan| PlanEntry {
            id: plan,
            name: plan.name(),
            description: plan.description(),
            min_users: plan.min_users(),
            increment: plan.increment(),
            users_per_block: plan.users_per_block(),
            monthly_pence: plan.block_price(BillingCycle::Monthly),
            yearly_pence: plan.block_price(BillingCycle::Yearly),
            included_numbers: plan.included_numbers(),
            extra_number: Prices::of_monthly(plan.extra_number_monthly()),
            call_rates: plan.call_rates().map(|rates| CallRatesEntry {
                uk_landline_tenths_of_penny: rates.uk_landline_tenths,
                uk_landline_label: CallRates::label(rates.uk_landline_tenths),
                uk_mobile_tenths_of_penny: rates.uk_mobile_tenths,
                uk_mobile_label: CallRates::label(rates.uk_mobile_tenths),
            }),
            add_ons: plan
                .add_ons()
                .iter()
                .map(|&add_on: &AddOn| AddOnEntry {
                    id: add_on.id(),
                    name: add_on.name(),
                    prices: Prices::of_monthly(add_on.monthly()),
                })
                .collect(),
        })
        .collect();
    Catalogue {
        currency: "GBP",
        vat_percent: pricing::VAT_PERCENT,
        yearly_discount_percent: pricing::YEARLY_DISCOUNT_PERCENT,
        top_up: TopUpRules { minimum_pence: TOP_UP_MINIMUM, step_pence: TOP_UP_STEP, default_pence: TOP_UP_DEFAULT },
        max_quantity: pricing::MAX_QUANTITY,
        plans,
        price_list: PriceListEntry::from_pricing(),
        trial: TrialTerms {
            days: trial::TRIAL_DAYS,
            minutes: trial::TRIAL_MINUTES,
            verify_within_hours: trial::VERIFY_WITHIN_HOURS,
            max_extension_days: trial::MAX_EXTENSION_DAYS,
        },
        quote_requests: QuoteRequestLimits {
            min_numbers: quote_request::MIN_QUOTE_NUMBERS,
            max_numbers: quote_request::MAX_QUOTE_NUMBERS,
            max_sites: quote_request::MAX_SITES,
        },
    }
}

/// The catalogue exactly as GET /api/catalogue serves it: `voip-shop catalogue` prints it for
/// the web app's build, which prerenders the pages' prices from it
/// (webapp/src/generated/catalogue.json; tests/api/prerender.rs holds the two equal).
pub async fn document() -> serde_json::Value {
    serde_json::to_value(price_list()).expect("the catalogue serialises")
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
struct QuoteQuery {
    plan: Plan,
    billing_cycle: BillingCycle,
    /// Users: multi user at least 4.
    #[param(minimum = 1, maximum = 1000)]
    quantity: u32,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Quote {
    plan: Plan,
    billing_cycle: BillingCycle,
    quantity: u32,
    blocks: u32,
    unit_pence: Pence,
    line_pence: Pence,
}

/// The price of a package line before it is in a cart.
#[utoipa::path(
    get,
    path = "/quote",
    operation_id = "quote_package",
    tag = "catalogue",
    params(QuoteQuery),
    responses(
        (status = 200, body = Quote),
        (status = 422, description = "A quantity the plan does not allow (invalid_quantity, below_plan_minimum) or a query parameter missing or of the wrong type (invalid_query)", body = Refusal),
    )
)]
async fn quote(query: Result<Query<QuoteQuery>, QueryRejection>) -> Result<Json<Quote>, ApiError> {
    let Query(QuoteQuery { plan, billing_cycle, quantity }) = query?;
    package_quantity(plan, quantity)?;
    let quote = plan.quote(billing_cycle, quantity);
    Ok(Json(Quote {
        plan,
        billing_cycle,
        quantity,
        blocks: quote.blocks,
        unit_pence: quote.unit,
        line_pence: quote.line,
    }))
}
