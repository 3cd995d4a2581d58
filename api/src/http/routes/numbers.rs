//! Number search (api/API.md, Phone numbers) and the free-trial pool.

use std::collections::HashMap;

use aggregates::pricing::{NumberType, Pence, Plan};
use axum::extract::{Query, State};
use axum::http::{header, HeaderMap, HeaderValue};
use axum::response::{IntoResponse, Response};
use axum::Json;
use cqrs_es::persist::ViewRepository;
use projections::inventory::{self, Search, StockRow};
use serde::Serialize;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::public_reads::Cached;
use crate::app::state::AppState;
use crate::http::extract::query_word;
use crate::http::openapi::with_trailing_slash;
use crate::http::public_reads::Respond;
use crate::platform::error::{ApiError, Refusal};
use crate::platform::refusals::{
    NUMBERS_AFTER_NOT_A_NUMBER, NUMBERS_PAGE_TOO_DEEP, NUMBERS_QUERY_NOT_DIGITS, NUMBERS_QUERY_NOT_WHOLE,
    QUERY_PARAMETER_TWICE, UNKNOWN_COUNTRY, UNKNOWN_NUMBER_TYPE,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(with_trailing_slash(routes!(available_numbers)))
        .routes(with_trailing_slash(routes!(free_did_numbers)))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NumberOut {
    value: String,
    display_value: String,
    national: String,
    country: String,
    number_type: String,
    area_code: String,
    /// Its monthly price with the cart's plan (`cartId`), as charged when it is not included:
    /// without a cart, at the default (no plan: as Single User).
    monthly_pence: Pence,
    /// Added to the cart now, it would fall within the plan's included numbers (the plan
    /// includes more numbers than the cart holds): the cart charges nothing for it.
    included: bool,
    is_demo: bool,
}

/// What the search prices numbers for: the cart's plan and how many numbers it holds (none
/// and 0 without a cart).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct PricedFor {
    pub plan: Option<Plan>,
    pub held: usize,
}

impl NumberOut {
    pub fn priced(row: StockRow, cart: PricedFor) -> Self {
        let price = row.price_for(cart.plan, cart.held);
        NumberOut {
            display_value: row.display(),
            monthly_pence: price.monthly,
            included: price.included,
            value: row.value,
            national: row.national,
            country: row.country,
            number_type: row.number_type,
            area_code: row.area_code,
            is_demo: row.demo,
        }
    }
}

/// The cart a search prices for: its plan and count of numbers. No `cartId`, one that is not
/// a cart's id, or a cart that does not exist: the default (no plan, no numbers).
async fn priced_for(state: &AppState, params: &HashMap<String, String>) -> Result<Option<PricedFor>, ApiError> {
    let Some(raw) = params.get("cartId").map(|v| v.trim()).filter(|v| !v.is_empty()) else { return Ok(None) };
    let Ok(id) = uuid::Uuid::parse_str(raw) else { return Ok(Some(PricedFor::default())) };
    let view = state.carts.views.load(&id.to_string()).await.map_err(ApiError::internal)?;
    Ok(Some(match view {
        Some(view) if view.contents.exists => {
            PricedFor { plan: view.contents.package, held: view.contents.phone_numbers.len() }
        }
        _ => PricedFor::default(),
    }))
}

#[derive(Serialize, ToSchema)]
struct SearchOut {
    numbers: Vec<NumberOut>,
    total_numbers: i64,
    total_pages: i64,
    current_page: u32,
    /// The next page's `after` (this page's last national number), or null on the last page.
    next_after: Option<String>,
}

/// The search's query as documented; the handler reads it leniently (parse_search).
#[derive(serde::Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[expect(
    dead_code,
    reason = "describes the query for the OpenAPI document; the handler reads it leniently (parse_search)"
)]
struct SearchQuery {
    /// The page, from 1 (default 1). With `after`, only its number (current_page), up to
    /// 100000; without, the pages before are skipped (slower the further, and shifted by
    /// numbers added or taken meanwhile: prefer `after`), so then `page * per_page` may be at
    /// most 2000 (page 100 at 20 per page, 20 at 100): deeper answers 422 `invalid_query`,
    /// and the way on is `after`.
    #[param(minimum = 1, maximum = 100_000)]
    page: Option<u32>,
    /// Starts the page after this national number: the previous page's `next_after`.
    #[param(pattern = "^ *[0-9]{0,15} *$")]
    after: Option<String>,
    /// Numbers per page (default 20).
    #[param(minimum = 1, maximum = 100)]
    per_page: Option<u32>,
    /// The country (default GB).
    #[param(pattern = "^ *(GB|US|CA|FR|DE|ES|IT|IE|gb|us|ca|fr|de|es|it|ie) *$")]
    country_code: Option<String>,
    /// geographic (local), freephone (toll-free), national, mobile, or all.
    #[serde(rename = "numberType")]
    #[param(pattern = "^ *(geographic|local|landline|freephone|toll-free|tollfree|toll_free|national|mobile|all)? *$")]
    number_type: Option<String>,
    /// Up to 10 digits (GB codes get their leading 0), or all.
    #[serde(rename = "areaCode")]
    #[param(pattern = "^ *(all|[ ()+-]*([0-9][ ()+-]*){0,10}) *$")]
    area_code: Option<String>,
    /// GB mobile numbers starting with these digits (up to 10).
    #[param(pattern = "^ *(all|[ ()+-]*([0-9][ ()+-]*){0,10}) *$")]
    mobile_prefix: Option<String>,
    /// The buyer's cart: each number is priced for its plan (`monthlyPence`) and marked
    /// `included` when the plan includes more numbers than the cart holds. Without it, or for
    /// an unknown cart, the default: no plan (as Single User), nothing included. An answer for
    /// a cart is `Cache-Control: private, no-store`.
    #[serde(rename = "cartId")]
    cart_id: Option<String>,
}

/// Without `after`, a page reaches at most this many numbers deep (`page * per_page`): OFFSET
/// reads and drops every row before the page, so deeper pages go by the keyset (`after`).
pub const MAX_OFFSET_DEPTH: u32 = 2_000;

fn whole(
    params: &HashMap<String, String>,
    name: &str,
    default: u32,
    range: std::ops::RangeInclusive<u32>,
) -> Result<u32, ApiError> {
    // Absent: the default. Present, it is a number (an empty `page=` is not one).
    let Some(raw) = params.get(name).map(|v| v.trim()) else { return Ok(default) };
    raw.parse::<u32>()
        .ok()
        .filter(|v| range.contains(v))
        .ok_or_else(|| ApiError::refused_with_all(&NUMBERS_QUERY_NOT_WHOLE, [&name, range.start(), range.end()]))
}

fn digits(params: &HashMap<String, String>, name: &str) -> Result<Option<String>, ApiError> {
    let Some(raw) = params.get(name).map(|v| query_word(v)).filter(|v| !v.is_empty() && *v != "all") else {
        return Ok(None);
    };
    // Written as people write codes, "(212)" or "0161-": spaces, brackets, hyphens and plus signs
    // go (the document's pattern says which; no other whitespace).
    let digits: String = raw.chars().filter(|c| !matches!(c, ' ' | '(' | ')' | '-' | '+')).collect();
    if digits.len() > 10 || !digits.chars().all(|c| c.is_ascii_digit()) {
        return Err(ApiError::refused_with(&NUMBERS_QUERY_NOT_DIGITS, name));
    }
    Ok(Some(digits))
}

/// The query's parameters by name. Each is one value (a whole number, a code): one given twice
/// (`page=1&page=2`, an array) is refused rather than one of its values picked silently.
fn single_valued(pairs: Vec<(String, String)>) -> Result<HashMap<String, String>, ApiError> {
    let mut params = HashMap::with_capacity(pairs.len());
    for (name, value) in pairs {
        if params.contains_key(&name) {
            return Err(ApiError::refused_with(&QUERY_PARAMETER_TWICE, name));
        }
        params.insert(name, value);
    }
    Ok(params)
}

/// Parses and checks the query of a search (api/API.md, Search the stock).
fn parse_search(params: &HashMap<String, String>) -> Result<Search, ApiError> {
    let page = whole(params, "page", 1, 1..=100_000)?;
    let per_page = whole(params, "per_page", 20, 1..=100)?;
    // A code in upper or lower case (GB, gb; not Gb), spaces around it only, as the document says.
    let written = params.get("country_code").map(|c| query_word(c));
    let country = written.map(str::to_ascii_uppercase).unwrap_or_else(|| "GB".into());
    let mixed_case = written.is_some_and(|c| c != country && c != country.to_ascii_lowercase());
    if mixed_case || inventory::country(&country).is_none() {
        let known: Vec<&str> = inventory::COUNTRIES.iter().map(|c| c.0).collect();
        return Err(ApiError::refused_with(&UNKNOWN_COUNTRY, known.join(", ")));
    }
    let number_type = match params.get("numberType").map(|t| query_word(t)).filter(|t| !t.is_empty() && *t != "all") {
        None => None,
        // In lower case, as the document's pattern lists them.
        Some(t) if *t != t.to_ascii_lowercase() => return Err(ApiError::refused(&UNKNOWN_NUMBER_TYPE)),
        Some(t) => Some(NumberType::parse(t).ok_or_else(|| ApiError::refused(&UNKNOWN_NUMBER_TYPE))?),
    };
    // GB area codes get their leading 0; others keep digits only.
    let area_code = digits(params, "areaCode")?.map(|code| {
        if country == "GB" && !code.starts_with('0') {
            format!("0{code}")
        } else {
            code
        }
    });
    let national_prefix = match digits(params, "mobile_prefix")? {
        Some(prefix) if country == "GB" => Some(if prefix.starts_with('0') { prefix } else { format!("0{prefix}") }),
        _ => None,
    };
    let after = match params.get("after").map(|v| query_word(v)).filter(|v| !v.is_empty()) {
        None => None,
        Some(v) if v.len() <= 15 && v.bytes().all(|b| b.is_ascii_digit()) => Some(v.to_string()),
        Some(_) => return Err(ApiError::refused(&NUMBERS_AFTER_NOT_A_NUMBER)),
    };
    if after.is_none() && page * per_page > MAX_OFFSET_DEPTH {
        let deepest = MAX_OFFSET_DEPTH / per_page;
        return Err(ApiError::refused_with_all(&NUMBERS_PAGE_TOO_DEEP, [&deepest, &per_page, &MAX_OFFSET_DEPTH]));
    }
    Ok(Search { country, number_type, area_code, national_prefix, page, per_page, after })
}

/// Searches the stock: free numbers, a page at a time.
#[utoipa::path(
    get,
    path = "/available_numbers",
    tag = "numbers",
    params(SearchQuery),
    responses(
        (status = 200, body = SearchOut, headers(("Cache-Control" = String, description = "private, no-store when priced for a cart (cartId)"))),
        (status = 422, description = "A query parameter out of range or unknown, or without after a page over 2000 numbers deep (page * per_page > 2000: use after = next_after) (invalid_query)", body = Refusal),
    )
)]
async fn available_numbers(
    State(state): State<AppState>,
    Query(pairs): Query<Vec<(String, String)>>,
) -> Result<Response, ApiError> {
    let params = single_valued(pairs)?;
    let search = parse_search(&params)?;
    let cart = priced_for(&state, &params).await?;
    let found = inventory::search(&state.search_pool, &search).await?;
    let per_page = i64::from(search.per_page);
    let more = i64::from(search.page) * per_page < found.total;
    let next_after = found.numbers.last().filter(|_| more).map(|last| last.national.clone());
    let answer = Json(SearchOut {
        numbers: found.numbers.into_iter().map(|row| NumberOut::priced(row, cart.unwrap_or_default())).collect(),
        total_numbers: found.total,
        total_pages: (found.total + per_page - 1) / per_page,
        current_page: search.page,
        next_after,
    });
    if cart.is_none() {
        return Ok(answer.into_response());
    }
    // Priced for one cart: no cache may keep it or hand it to another buyer.
    Ok(([(header::CACHE_CONTROL, HeaderValue::from_static("private, no-store"))], answer).into_response())
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct FreeNumberOut {
    value: String,
    display_value: String,
    /// Always `Available`.
    status: &'static str,
}

#[derive(Serialize, ToSchema)]
struct FreeNumbersOut {
    numbers: Vec<FreeNumberOut>,
}

/// The free-trial pool's numbers that are free now (at most 50). Served from memory
/// (crate::app::public_reads) with a strong ETag: a matching If-None-Match gets 304.
#[utoipa::path(
    get,
    path = "/free-did-numbers",
    tag = "numbers",
    responses(
        (status = 200, body = FreeNumbersOut, headers(("ETag" = String, description = "The answer's strong entity tag; a request whose If-None-Match names it gets 304 with no body"))),
    )
)]
async fn free_did_numbers(State(state): State<AppState>, headers: HeaderMap) -> Result<Response, ApiError> {
    let cached = state
        .public_reads
        .free_numbers(|| async {
            let rows = inventory::free_trial_numbers(&state.pool, 50).await?;
            let numbers = rows
                .into_iter()
                .map(|row| FreeNumberOut { display_value: row.display(), value: row.value, status: "Available" })
                .collect();
            Cached::json(&FreeNumbersOut { numbers })
        })
        .await?;
    Ok(cached.respond(&headers))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(pairs: &[(&str, &str)]) -> HashMap<String, String> {
        pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    #[test]
    fn area_codes_are_normalised() {
        let gb = parse_search(&params(&[("areaCode", "161")])).unwrap();
        assert_eq!(gb.area_code.as_deref(), Some("0161"));
        let us = parse_search(&params(&[("country_code", "US"), ("areaCode", " 2 12 ")])).unwrap();
        assert_eq!(us.area_code.as_deref(), Some("212"));
        let mobile = parse_search(&params(&[("mobile_prefix", "77"), ("numberType", "mobile")])).unwrap();
        assert_eq!(mobile.national_prefix.as_deref(), Some("077"));
        assert_eq!(mobile.number_type, Some(NumberType::Mobile));
    }

    #[test]
    fn a_parameter_given_twice_is_refused() {
        let pair = |k: &str, v: &str| (k.to_string(), v.to_string());
        let twice = single_valued(vec![pair("page", "1"), pair("per_page", "5"), pair("page", "2")]).unwrap_err();
        assert!(format!("{twice:?}").contains("page may be given only once"), "{twice:?}");
        assert!(parse_search(&params(&[("per_page", "")])).is_err());
        let once = single_valued(vec![pair("page", "2"), pair("per_page", "5")]).unwrap();
        assert_eq!(once.get("page").map(String::as_str), Some("2"));
    }

    #[test]
    fn without_after_a_page_is_at_most_2000_numbers_deep() {
        assert_eq!(parse_search(&params(&[("page", "100")])).unwrap().page, 100);
        let deep = parse_search(&params(&[("page", "101")])).unwrap_err();
        assert!(format!("{deep:?}").contains("page may be at most 100 at 20 per page"), "{deep:?}");
        assert!(parse_search(&params(&[("page", "20"), ("per_page", "100")])).is_ok());
        assert!(parse_search(&params(&[("page", "21"), ("per_page", "100")])).is_err());
        // 285 * 7 = 1995: the deepest whole page at 7 per page.
        assert!(parse_search(&params(&[("page", "285"), ("per_page", "7")])).is_ok());
        assert!(parse_search(&params(&[("page", "286"), ("per_page", "7")])).is_err());
        assert_eq!(parse_search(&params(&[("page", "5000"), ("after", "01614960019")])).unwrap().page, 5000);
    }
}
