//! The postcode lookup (Ideal Postcodes' API, or anything that answers as it does at
//! `ADDRESS_LOOKUP_URL`): the addresses at a UK postcode. The key goes in a header, never in
//! the URL: reqwest's errors (and any log of the request line, ours or a proxy's) include
//! the URL.

use reqwest::header::{HeaderValue, AUTHORIZATION};
use reqwest::StatusCode;
use serde::{Deserialize, Serialize};

/// One address, in the upstream's own shape (also how the cache keeps it).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct Address {
    #[serde(default)]
    pub line_1: String,
    #[serde(default)]
    pub line_2: String,
    #[serde(default)]
    pub line_3: String,
    #[serde(default)]
    pub post_town: String,
    #[serde(default)]
    pub postcode: String,
    #[serde(default)]
    pub county: String,
    #[serde(default)]
    pub country: String,
}

#[derive(Deserialize)]
struct Upstream {
    #[serde(default)]
    result: Vec<Address>,
}

/// Why the upstream gave no addresses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LookupError {
    /// The key was refused (401).
    Unauthorized,
    /// The account's lookups are used up (402).
    LimitReached,
    /// Unreachable, another status, or an answer of another shape.
    Failed,
}

/// The addresses at `postcode` (none when the upstream knows none).
pub async fn lookup(http: &reqwest::Client, url: &str, key: &str, postcode: &str) -> Result<Vec<Address>, LookupError> {
    let response =
        http.get(format!("{url}{postcode}")).header(AUTHORIZATION, authorization(key)?).send().await.map_err(
            |error| {
                tracing::warn!(error = %error.without_url(), "address lookup unreachable");
                LookupError::Failed
            },
        )?;
    match response.status() {
        StatusCode::OK => Ok(response.json::<Upstream>().await.map_err(|_| LookupError::Failed)?.result),
        StatusCode::NOT_FOUND => Ok(vec![]),
        StatusCode::UNAUTHORIZED => Err(LookupError::Unauthorized),
        StatusCode::PAYMENT_REQUIRED => Err(LookupError::LimitReached),
        status => {
            tracing::warn!(%status, "address lookup failed");
            Err(LookupError::Failed)
        }
    }
}

/// Ideal Postcodes' header form of the key, marked sensitive so no debug output shows it.
fn authorization(key: &str) -> Result<HeaderValue, LookupError> {
    let mut value = HeaderValue::from_str(&format!("IDEALPOSTCODES api_key=\"{key}\"")).map_err(|_| {
        tracing::error!("ADDRESS_LOOKUP_KEY is not a valid header value");
        LookupError::Failed
    })?;
    value.set_sensitive(true);
    Ok(value)
}
