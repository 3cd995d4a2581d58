//! Customer accounts and SIP extensions, shared by the service checkout and the free trial.
//! Account passwords are argon2 hashes; a SIP password is generated, handed back once for
//! the buyer to see, and kept only as the PBX's digest.

use aggregates::service_order::{Customer, Extension};
use rand::Rng;
use sha2::{Digest, Sha256};
use sqlx::{Postgres, Transaction};
use uuid::Uuid;

use serde_json::Value;

use crate::account_form::{field_errors, CustomerInfo, FieldErrors};
use crate::error::ApiError;
use crate::state::AppState;

/// The realm of the PBX's SIP digests.
pub const SIP_REALM: &str = "sip.talkbridge.example";

/// A SIP password: 20 letters and digits from the OS's random source.
pub fn sip_password() -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
    let mut rng = rand::rngs::OsRng;
    (0..20).map(|_| ALPHABET[rng.gen_range(0..ALPHABET.len())] as char).collect()
}

/// The PBX keeps HA1 = SHA-256(username:realm:password) (RFC 7616), never the password.
pub fn sip_digest(username: &str, password: &str) -> String {
    hex::encode(Sha256::digest(format!("{username}:{SIP_REALM}:{password}")))
}

/// The e-mail's local part in letters and digits, or `ext` when nothing is left.
pub fn username_base(email: &str) -> String {
    let local: String =
        email.split('@').next().unwrap_or_default().chars().filter(char::is_ascii_alphanumeric).take(20).collect();
    if local.is_empty() {
        "ext".into()
    } else {
        local.to_lowercase()
    }
}

/// An argon2 hash, computed off the async threads.
pub async fn hash(password: String) -> Result<String, ApiError> {
    tokio::task::spawn_blocking(move || crate::auth::hash_password(&password))
        .await
        .map_err(ApiError::internal)?
        .map_err(ApiError::internal)
}

/// What the form says when its e-mail address already has an account with a password the
/// visitor did not type: the order or trial would join an account they cannot open.
pub const EXISTING_ACCOUNT: &str = "An account already exists with this email address. Enter its password to add to it.";

/// Before payment: an existing account with this e-mail must be opened with its password
/// (accounts made through Google sign-in have none and join on a checked Google token).
pub async fn check_existing(pool: &sqlx::PgPool, email: &str, password: &str) -> Result<bool, ApiError> {
    let hash: Option<Option<String>> = sqlx::query_scalar("SELECT password_hash FROM customer_accounts WHERE email = $1")
        .bind(email.trim().to_lowercase())
        .fetch_optional(pool)
        .await?;
    let Some(Some(hash)) = hash else { return Ok(true) };
    let password = password.to_string();
    tokio::task::spawn_blocking(move || crate::auth::verify_password(&password, &hash)).await.map_err(ApiError::internal)
}

/// The customer's account, found by e-mail (an existing password is kept) or made.
pub async fn upsert_account(
    tx: &mut Transaction<'_, Postgres>,
    customer: &Customer,
    password_hash: Option<&str>,
) -> Result<Uuid, ApiError> {
    let id = sqlx::query_scalar(
        "INSERT INTO customer_accounts (id, email, password_hash, google_sign_in, first_name, last_name, company_name, phone)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (email) DO UPDATE SET email = EXCLUDED.email
         RETURNING id",
    )
    .bind(Uuid::new_v4())
    .bind(&customer.email)
    .bind(password_hash)
    .bind(customer.google_sign_in)
    .bind(&customer.first_name)
    .bind(&customer.last_name)
    .bind(&customer.company_name)
    .bind(&customer.phone)
    .fetch_one(&mut **tx)
    .await?;
    Ok(id)
}

/// `count` extensions from 101 for `owner` (an order or a trial); usernames are the
/// e-mail's local part and the extension, with `suffix` added when that is taken. Answers
/// the extensions and each one's SIP password (number, password), to be shown once.
pub async fn add_extensions(
    tx: &mut Transaction<'_, Postgres>,
    owner: &str,
    account_id: Uuid,
    email: &str,
    count: u32,
    suffix: &str,
) -> Result<(Vec<Extension>, Vec<(String, String)>), ApiError> {
    let base = username_base(email);
    let mut extensions = vec![];
    let mut passwords = vec![];
    for index in 0..count {
        let number = (101 + index).to_string();
        let taken: bool = sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM sip_extensions WHERE username = $1)")
            .bind(format!("{base}{number}"))
            .fetch_one(&mut **tx)
            .await?;
        let username = if taken { format!("{base}{number}.{suffix}") } else { format!("{base}{number}") };
        let password = sip_password();
        sqlx::query(
            "INSERT INTO sip_extensions (order_id, account_id, number, username, secret_digest) VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(owner)
        .bind(account_id)
        .bind(&number)
        .bind(&username)
        .bind(sip_digest(&username, &password))
        .execute(&mut **tx)
        .await?;
        extensions.push(Extension { number: number.clone(), username });
        passwords.push((number, password));
    }
    Ok((extensions, passwords))
}

/// Checks a Google ID token with Google (audience = our client id, e-mail verified and the
/// same as the form's).
async fn check_google(state: &AppState, info: &CustomerInfo) -> Result<(), ApiError> {
    let failed = || {
        let mut errors = FieldErrors::new();
        errors.insert("email", "Google sign in failed. Please try again or fill the form manually.");
        field_errors(errors)
    };
    let (Some(client_id), Some(token)) = (&state.services.config.google_client_id, &info.google_credential) else {
        return Err(failed());
    };
    let response = state
        .services
        .http
        .get(&state.services.config.google_tokeninfo_url)
        .query(&[("id_token", token)])
        .send()
        .await
        .map_err(|_| failed())?;
    if !response.status().is_success() {
        return Err(failed());
    }
    let claims: Value = response.json().await.map_err(|_| failed())?;
    let verified = matches!(&claims["email_verified"], Value::Bool(true)) || claims["email_verified"] == "true";
    let same = claims["email"].as_str().is_some_and(|e| e.eq_ignore_ascii_case(info.email.trim()));
    if claims["aud"].as_str() != Some(client_id.as_str()) || !verified || !same {
        return Err(failed());
    }
    Ok(())
}

/// The form checked as spec 2 section 5 says (with `errors` the caller found in its other
/// fields), then the Google token or the password of an existing account.
pub async fn checked_customer(
    state: &AppState,
    info: &CustomerInfo,
    with_password: bool,
    mut errors: FieldErrors,
) -> Result<aggregates::service_order::Customer, ApiError> {
    let customer = match info.check(with_password) {
        Ok(customer) if errors.is_empty() => customer,
        Ok(_) => return Err(field_errors(errors)),
        Err(more) => {
            errors.extend(more);
            return Err(field_errors(errors));
        }
    };
    if info.is_google_sign_in {
        check_google(state, info).await?;
    } else if !check_existing(&state.pool, &customer.email, &info.password).await? {
        errors.insert("password", EXISTING_ACCOUNT);
        return Err(field_errors(errors));
    }
    Ok(customer)
}


#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sip_passwords_are_strong_and_differ() {
        let (a, b) = (sip_password(), sip_password());
        assert_eq!(a.len(), 20);
        assert_ne!(a, b);
        assert!(a.chars().all(|c| c.is_ascii_alphanumeric()));
    }

    #[test]
    fn digests_hide_the_password() {
        let digest = sip_digest("jane101", "secret");
        assert_eq!(digest.len(), 64);
        assert!(!digest.contains("secret"));
        assert_ne!(digest, sip_digest("jane101", "other"));
    }

    #[test]
    fn usernames_come_from_the_email() {
        assert_eq!(username_base("Jane.Doe+x@example.com"), "janedoex");
        assert_eq!(username_base("...@example.com"), "ext");
    }
}
