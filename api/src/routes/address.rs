//! UK addresses by postcode, through our server so the lookup key never reaches the
//! browser: an Ideal-Postcodes-shaped upstream when a key is configured, otherwise an
//! offline set of sample addresses for a few test postcodes.

use axum::extract::{Query, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::Json;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::error::{ApiError, Refusal};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(lookup))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct LookupQuery {
    /// A UK postcode, spaces and case as typed (e.g. SW1A 1AA).
    #[serde(default)]
    postcode: String,
}

/// An address found for the postcode.
#[derive(Serialize, ToSchema)]
struct AddressOut {
    /// `{postcode}-{index}`.
    id: String,
    /// The lines, town and postcode on one line.
    formatted: String,
    line_1: String,
    line_2: String,
    line_3: String,
    post_town: String,
    postcode: String,
    county: String,
    country: String,
}

#[derive(Serialize, ToSchema)]
struct Addresses {
    result: Vec<AddressOut>,
}

#[derive(Debug, Clone, Default, Serialize, Deserialize)]
struct Address {
    #[serde(default)]
    line_1: String,
    #[serde(default)]
    line_2: String,
    #[serde(default)]
    line_3: String,
    #[serde(default)]
    post_town: String,
    #[serde(default)]
    postcode: String,
    #[serde(default)]
    county: String,
    #[serde(default)]
    country: String,
}

#[derive(Deserialize)]
struct Upstream {
    #[serde(default)]
    result: Vec<Address>,
}

/// Spaces removed, upper case.
pub fn normalise(postcode: &str) -> String {
    postcode.chars().filter(|c| !c.is_whitespace()).collect::<String>().to_uppercase()
}

fn sample(street: &str, town: &str, postcode: &str, county: &str) -> Vec<Address> {
    (1..=4)
        .map(|n| Address {
            line_1: format!("{n} {street}"),
            line_2: String::new(),
            line_3: String::new(),
            post_town: town.into(),
            postcode: postcode.into(),
            county: county.into(),
            country: "England".into(),
        })
        .collect()
}

/// The offline set: made-up streets at real test postcodes.
fn offline(postcode: &str) -> Vec<Address> {
    match postcode {
        "ID11QD" => {
            let mut list = sample("Example Road", "Testtown", "ID1 1QD", "Testshire");
            list.push(Address {
                line_1: "Flat 2".into(),
                line_2: "Idea House".into(),
                line_3: "Example Road".into(),
                post_town: "Testtown".into(),
                postcode: "ID1 1QD".into(),
                county: "Testshire".into(),
                country: "England".into(),
            });
            list
        }
        "SW1A1AA" => sample("Palace Walk", "London", "SW1A 1AA", "Greater London"),
        "M11AE" => sample("Sample Street", "Manchester", "M1 1AE", "Greater Manchester"),
        "EH11YZ" => sample("Specimen Close", "Edinburgh", "EH1 1YZ", "Midlothian")
            .into_iter()
            .map(|a| Address { country: "Scotland".into(), ..a })
            .collect(),
        _ => vec![],
    }
}

fn formatted(address: &Address) -> String {
    [&address.line_1, &address.line_2, &address.line_3, &address.post_town, &address.postcode]
        .into_iter()
        .filter(|part| !part.trim().is_empty())
        .cloned()
        .collect::<Vec<_>>()
        .join(", ")
}

fn not_found() -> ApiError {
    ApiError::not_found("postcode_not_found", "No addresses found for this postcode. Please check and try again.")
}

/// The addresses at a UK postcode.
#[utoipa::path(
    get,
    path = "/address-lookup/",
    tag = "address",
    params(LookupQuery),
    responses(
        (status = 200, body = Addresses),
        (status = 401, description = "The lookup service refused our key (lookup_unavailable): enter the address by hand", body = Refusal),
        (status = 402, description = "The lookup service's limit is reached (lookup_limit): enter the address by hand", body = Refusal),
        (status = 404, description = "No addresses at this postcode (postcode_not_found)", body = Refusal),
        (status = 422, description = "Not a UK postcode (invalid_postcode)", body = Refusal),
        (status = 502, description = "The lookup service failed (lookup_failed): enter the address by hand", body = Refusal),
    )
)]
async fn lookup(State(state): State<AppState>, Query(query): Query<LookupQuery>) -> Result<Json<Addresses>, ApiError> {
    let postcode = normalise(&query.postcode);
    if !(5..=8).contains(&postcode.len()) || !postcode.chars().all(|c| c.is_ascii_alphanumeric()) {
        return Err(ApiError::unprocessable("invalid_postcode", "Please enter a valid UK postcode (e.g., SW1A 1AA)"));
    }
    let config = &state.services.config.address_lookup;
    let addresses = match &config.key {
        None => offline(&postcode),
        Some(key) => {
            // The key goes in a header, never in the URL: reqwest's errors (and any log of
            // the request line, ours or a proxy's) include the URL.
            let url = format!("{}{}", config.url, postcode);
            let response = state
                .services
                .http
                .get(url)
                .header(header::AUTHORIZATION, authorization(key.expose())?)
                .send()
                .await
                .map_err(|error| {
                    tracing::warn!(error = %error.without_url(), "address lookup unreachable");
                    failed()
                })?;
            match response.status() {
                StatusCode::OK => response.json::<Upstream>().await.map_err(|_| failed())?.result,
                StatusCode::NOT_FOUND => vec![],
                StatusCode::UNAUTHORIZED => {
                    return Err(ApiError::refused(
                        StatusCode::UNAUTHORIZED,
                        "lookup_unavailable",
                        "Address lookup service unavailable. Please enter address manually.",
                    ))
                }
                StatusCode::PAYMENT_REQUIRED => {
                    return Err(ApiError::refused(
                        StatusCode::PAYMENT_REQUIRED,
                        "lookup_limit",
                        "Address lookup limit reached. Please enter address manually.",
                    ))
                }
                status => {
                    tracing::warn!(%status, "address lookup failed");
                    return Err(failed());
                }
            }
        }
    };
    if addresses.is_empty() {
        return Err(not_found());
    }
    let result = addresses
        .into_iter()
        .enumerate()
        .map(|(index, a)| AddressOut {
            id: format!("{postcode}-{index}"),
            formatted: formatted(&a),
            country: if a.country.is_empty() { "England".to_string() } else { a.country },
            line_1: a.line_1,
            line_2: a.line_2,
            line_3: a.line_3,
            post_town: a.post_town,
            postcode: a.postcode,
            county: a.county,
        })
        .collect();
    Ok(Json(Addresses { result }))
}

/// Ideal Postcodes' header form of the key, marked sensitive so no debug output shows it.
fn authorization(key: &str) -> Result<HeaderValue, ApiError> {
    let mut value = HeaderValue::from_str(&format!("IDEALPOSTCODES api_key=\"{key}\""))
        .map_err(|_| ApiError::internal("ADDRESS_LOOKUP_KEY is not a valid header value"))?;
    value.set_sensitive(true);
    Ok(value)
}

fn failed() -> ApiError {
    ApiError::refused(
        StatusCode::BAD_GATEWAY,
        "lookup_failed",
        "Unable to fetch addresses. Please enter your address manually.",
    )
}
