//! UK addresses by postcode, through our server so the lookup key never reaches the
//! browser: an Ideal-Postcodes-shaped upstream when a key is configured, otherwise an
//! offline set of sample addresses for a few test postcodes.
//!
//! Each lookup is paid for, so: at most `ADDRESS_LOOKUPS_PER_ADDRESS` (default 30) a minute
//! per client address (crate::platform::limits; 429 with `Retry-After`), and the upstream's answers
//! with addresses are kept 24 hours in `address_lookups` by normalised postcode, so the same
//! postcode asked again (however it is spaced or cased) makes no upstream call. A refusal or
//! an upstream error is never kept. Hits and misses are counted in
//! `talkbridge_address_lookup_cache_total`; the purge job deletes rows over 24 hours old.

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::Json;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::adapters::postcode::{self, Address, LookupError};
use crate::app::state::AppState;
use crate::platform::client::ClientAddress;
use crate::platform::error::{ApiError, Refusal};
use crate::platform::limits::{self, Limit, Wait, ADDRESS_LOOKUPS_PER_ADDRESS};
use crate::platform::metrics::ADDRESS_LOOKUP_CACHE;
use crate::platform::refusals::{
    INVALID_POSTCODE, LOOKUP_FAILED, LOOKUP_LIMIT, LOOKUP_UNAVAILABLE, POSTCODE_NOT_FOUND, TOO_MANY_LOOKUPS,
};

/// An upstream answer is used this long, then asked again.
pub const CACHE_HOURS: i32 = 24;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(lookup))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct LookupQuery {
    /// A UK postcode, spaces and case as typed (e.g. SW1A 1AA): 5 to 8 letters and digits.
    #[param(required = true, pattern = "^[ \\t\\n\\r]*([A-Za-z0-9][ \\t\\n\\r]*){5,8}$")]
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
    ApiError::refused(&POSTCODE_NOT_FOUND)
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
        (status = 422, description = "Not a UK postcode (invalid_postcode), or a query string that does not read (invalid_query)", body = Refusal),
        (status = 429, description = "Over 30 lookups a minute from this client address (too_many_attempts): try again when Retry-After says, or enter the address by hand", body = Refusal,
            headers(("retry-after" = u32, description = "Seconds to wait"))),
        (status = 502, description = "The lookup service failed (lookup_failed): enter the address by hand", body = Refusal),
    )
)]
async fn lookup(
    State(state): State<AppState>,
    address: ClientAddress,
    query: Result<Query<LookupQuery>, QueryRejection>,
) -> Result<Json<Addresses>, ApiError> {
    let Query(query) = query?;
    let postcode = normalise(&query.postcode);
    if !(5..=8).contains(&postcode.len()) || !postcode.chars().all(|c| c.is_ascii_alphanumeric()) {
        return Err(ApiError::refused(&INVALID_POSTCODE));
    }
    let limit = Limit { max: state.services.config.address_lookups_per_address, ..ADDRESS_LOOKUPS_PER_ADDRESS };
    if let Err(wait) = limits::attempt_or_wait(&state.pool, state.clock.now(), &[(&limit, address.as_str())]).await? {
        return Err(too_many_lookups(wait));
    }
    let config = &state.services.config.address_lookup;
    let addresses = match &config.key {
        None => offline(&postcode),
        Some(key) => match cached(&state, &postcode).await? {
            Some(addresses) => {
                metrics::counter!(ADDRESS_LOOKUP_CACHE, "outcome" => "hit").increment(1);
                addresses
            }
            None => {
                metrics::counter!(ADDRESS_LOOKUP_CACHE, "outcome" => "miss").increment(1);
                let addresses = upstream(&state, key.expose(), &postcode).await?;
                if !addresses.is_empty() {
                    keep(&state, &postcode, &addresses).await;
                }
                addresses
            }
        },
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

/// The upstream's addresses at `postcode` (none when it knows none), or why not.
async fn upstream(state: &AppState, key: &str, postcode: &str) -> Result<Vec<Address>, ApiError> {
    let url = &state.services.config.address_lookup.url;
    postcode::lookup(&state.services.http, url, key, postcode).await.map_err(|error| match error {
        LookupError::Unauthorized => ApiError::refused(&LOOKUP_UNAVAILABLE),
        LookupError::LimitReached => ApiError::refused(&LOOKUP_LIMIT),
        LookupError::Failed => failed(),
    })
}

/// The upstream's answer for `postcode` kept under `CACHE_HOURS` ago, if any.
async fn cached(state: &AppState, postcode: &str) -> Result<Option<Vec<Address>>, ApiError> {
    let kept: Option<sqlx::types::Json<Vec<Address>>> = sqlx::query_scalar!(
        r#"SELECT addresses AS "addresses: sqlx::types::Json<Vec<Address>>" FROM address_lookups
          WHERE postcode = $1 AND fetched_at > now() - make_interval(hours => $2)"#,
        postcode,
        CACHE_HOURS
    )
    .fetch_optional(&state.pool)
    .await?;
    Ok(kept.map(|json| json.0).filter(|addresses| !addresses.is_empty()))
}

/// Keeps an upstream answer with addresses for `CACHE_HOURS`; a failure to keep it only
/// means the next lookup asks again.
async fn keep(state: &AppState, postcode: &str, addresses: &[Address]) {
    let kept = sqlx::query!(
        "INSERT INTO address_lookups (postcode, addresses, fetched_at) VALUES ($1, $2, now())
         ON CONFLICT (postcode) DO UPDATE SET addresses = EXCLUDED.addresses, fetched_at = EXCLUDED.fetched_at",
        postcode,
        sqlx::types::Json(addresses) as _
    )
    .execute(&state.pool)
    .await;
    if let Err(error) = kept {
        tracing::warn!(%error, "a postcode lookup was not cached");
    }
}

/// The answer when the client address has looked up too many postcodes this minute.
fn too_many_lookups(wait: Wait) -> ApiError {
    ApiError::limited(&TOO_MANY_LOOKUPS, wait)
}

fn failed() -> ApiError {
    ApiError::refused(&LOOKUP_FAILED)
}
