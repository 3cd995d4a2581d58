//! Google sign-in: an ID token checked with Google's token info endpoint
//! (`GOOGLE_TOKENINFO_URL`).

use serde_json::Value;

/// The Google account's subject (`sub`) of `token`, when Google vouches for it: issued for our
/// client id (`aud`), its e-mail address verified and the same as `email` (the form's).
/// None for anything else, Google unreachable included.
pub async fn verified_subject(
    http: &reqwest::Client,
    tokeninfo_url: &str,
    client_id: &str,
    token: &str,
    email: &str,
) -> Option<String> {
    let response = http.get(tokeninfo_url).query(&[("id_token", token)]).send().await.ok()?;
    if !response.status().is_success() {
        return None;
    }
    let claims: Value = response.json().await.ok()?;
    let verified = matches!(&claims["email_verified"], Value::Bool(true)) || claims["email_verified"] == "true";
    let same = claims["email"].as_str().is_some_and(|e| e.eq_ignore_ascii_case(email.trim()));
    let subject = claims["sub"].as_str().map(str::trim).filter(|s| !s.is_empty() && s.len() <= 255)?;
    (claims["aud"].as_str() == Some(client_id) && verified && same).then(|| subject.to_string())
}
