//! Customer accounts and SIP extensions, shared by the service checkout and the free trial.
//! Account passwords are argon2 hashes; a SIP password is generated, handed back once for
//! the buyer to see, and kept only as the PBX's digest.

use aggregates::customer::{Customer, Extension};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

use sqlx::{Postgres, Transaction};
use store::commands::Context;
use uuid::Uuid;

use crate::app::account_form::{field_errors, CustomerInfo, FieldErrors};
use crate::app::password_guesses::{self, Whose};
use crate::app::sip_passwords::Rotated;
use crate::app::state::AppState;
use crate::platform::client::ClientAddress;
use crate::platform::error::ApiError;
use crate::platform::limits;

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

/// Argon2 is slow on purpose (about 20 MiB and tens of milliseconds per run): at most two
/// run at once in this process, off the async threads, whatever the number of requests.
const ARGON2_AT_ONCE: usize = 2;

fn argon2_permits() -> &'static tokio::sync::Semaphore {
    static PERMITS: OnceLock<tokio::sync::Semaphore> = OnceLock::new();
    PERMITS.get_or_init(|| tokio::sync::Semaphore::new(ARGON2_AT_ONCE))
}

/// Argon2 hashes and verifications run in this process so far (tests read it to see that a
/// refusal cost none).
static ARGON2_RUNS: AtomicU64 = AtomicU64::new(0);

pub fn argon2_runs() -> u64 {
    ARGON2_RUNS.load(Ordering::SeqCst)
}

async fn argon2<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> Result<T, ApiError> {
    let _permit = argon2_permits().acquire().await.map_err(ApiError::internal)?;
    ARGON2_RUNS.fetch_add(1, Ordering::SeqCst);
    tokio::task::spawn_blocking(work).await.map_err(ApiError::internal)
}

/// An argon2 hash of `password`.
pub async fn hash(password: String) -> Result<String, ApiError> {
    argon2(move || crate::app::auth::hash_password(&password)).await?.map_err(ApiError::internal)
}

/// Whether `password` matches `hash`; with no hash, a check against a hash of a password
/// nobody knows, so an answer takes as long whether or not there is an account.
pub async fn verify(password: String, hash: Option<String>) -> Result<bool, ApiError> {
    argon2(move || match hash {
        Some(hash) => crate::app::auth::verify_password(&password, &hash),
        None => {
            crate::app::auth::verify_password(&password, dummy_hash());
            false
        }
    })
    .await
}

/// An argon2 hash of a random password nobody knows, made once (on a blocking thread).
fn dummy_hash() -> &'static str {
    static HASH: OnceLock<String> = OnceLock::new();
    HASH.get_or_init(|| {
        crate::app::auth::hash_password(&crate::app::sip_extensions::sip_password()).unwrap_or_default()
    })
}

/// What the form says when its e-mail address already has an account with a password the
/// visitor did not type: the order or trial would join an account they cannot open. An
/// account made through Google sign-in (no password) gets the same answer to any password.
pub const EXISTING_ACCOUNT: &str =
    "An account already exists with this email address. Enter its password to add to it.";

/// Who may use an e-mail address, as the password check found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Owner {
    /// No account yet: one is made with this password.
    NewAccount,
    /// The account's own password was typed.
    Proven,
    /// Wrong password, or an account that opens only with Google.
    Refused,
}

/// Before payment: an existing account with this e-mail must be opened with its password.
/// Accounts made through Google sign-in have none and open only with a Google token of
/// their Google account. One argon2 run whatever the case, so the time tells nothing.
pub async fn check_existing(pool: &sqlx::PgPool, email: &str, password: &str) -> Result<Owner, ApiError> {
    let hash: Option<Option<String>> = sqlx::query_scalar!(
        "SELECT password_hash FROM customer_accounts WHERE email = $1",
        email.trim().to_lowercase()
    )
    .fetch_optional(pool)
    .await?;
    let valid = verify(password.to_string(), hash.clone().flatten()).await?;
    Ok(match hash {
        None => Owner::NewAccount,
        Some(Some(_)) if valid => Owner::Proven,
        Some(_) => Owner::Refused,
    })
}

/// How the buyer showed that the e-mail address of an order or trial joining its account is
/// theirs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Proof<'a> {
    /// A password for a new account (its argon2 hash): nobody has proven the address yet. An
    /// account made for the address since the password was checked is not joined on it.
    NewPassword(&'a str),
    /// The existing account's own password, typed and checked.
    Password,
    /// Google vouched for the address (`Customer::google_subject`): the account is claimed.
    Google,
    /// Nobody (an order completed without its buyer): joins by e-mail and proves nothing.
    Nothing,
}

/// The customer's account that `owner` (an order, or a trial's owner) joins, found by e-mail
/// or made, as `proof` allows, in `tx`. A Google proof claims an account nobody had proven
/// ([`claim`]); a new password never joins an account made since it was checked (the
/// account-race guard: `EXISTING_ACCOUNT`, nothing changed). The join is recorded with whether
/// the password made it (`account_orders`: what a session of an unproven account may see).
/// Answers the account and the SIP passwords a claim replaced, to publish after commit.
pub async fn upsert_account(
    state: &AppState,
    tx: &mut Transaction<'_, Postgres>,
    context: &Context,
    owner: &str,
    customer: &Customer,
    proof: Proof<'_>,
) -> Result<(Uuid, Rotated), ApiError> {
    let (id, rotated) = find_or_make(state, tx, context, customer, proof).await?;
    sqlx::query!(
        "INSERT INTO account_orders (owner, account_id, by_password) VALUES ($1, $2, $3) ON CONFLICT (owner) DO NOTHING",
        owner,
        id,
        matches!(proof, Proof::NewPassword(_) | Proof::Password)
    )
    .execute(&mut **tx)
    .await?;
    Ok((id, rotated))
}

async fn find_or_make(
    state: &AppState,
    tx: &mut Transaction<'_, Postgres>,
    context: &Context,
    customer: &Customer,
    proof: Proof<'_>,
) -> Result<(Uuid, Rotated), ApiError> {
    let hash = match proof {
        Proof::NewPassword(hash) => Some(hash),
        _ => None,
    };
    let made = sqlx::query_scalar!(
        "INSERT INTO customer_accounts
             (id, email, password_hash, google_sign_in, first_name, last_name, company_name, phone, google_subject, verified_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, CASE WHEN $10 THEN now() END)
         ON CONFLICT (email) DO NOTHING
         RETURNING id",
        Uuid::new_v4(),
        &customer.email,
        hash,
        customer.google_sign_in,
        &customer.first_name,
        &customer.last_name,
        &customer.company_name,
        &customer.phone,
        customer.google_subject.as_deref(),
        proof == Proof::Google
    )
    .fetch_optional(&mut **tx)
    .await?;
    if let Some(id) = made {
        return Ok((id, Rotated::default()));
    }
    let id: Uuid = sqlx::query_scalar!("SELECT id FROM customer_accounts WHERE email = $1 FOR UPDATE", &customer.email)
        .fetch_one(&mut **tx)
        .await?;
    let rotated = match proof {
        Proof::NewPassword(_) => return Err(existing_account()),
        Proof::Google => {
            sqlx::query!(
                "UPDATE customer_accounts SET google_subject = COALESCE(google_subject, $2) WHERE id = $1",
                id,
                customer.google_subject.as_deref()
            )
            .execute(&mut **tx)
            .await?;
            Box::pin(claim(state, tx, context, id, None)).await?
        }
        Proof::Password | Proof::Nothing => Rotated::default(),
    };
    Ok((id, rotated))
}

/// The rules of a password that makes a new account (crate::app::password_rules), with the
/// customer's own details as what is easy to guess: the form's message when it breaks one.
pub fn new_password_rules(password: &str, customer: &Customer) -> Result<(), ApiError> {
    let about = [customer.email.as_str(), &customer.first_name, &customer.last_name, &customer.company_name];
    check_new_password(password, &about)
}

/// The rules of a password being set (crate::app::password_rules), `about` what is easy to
/// guess: the form's message for the password field when it breaks one.
pub fn check_new_password(password: &str, about: &[&str]) -> Result<(), ApiError> {
    crate::app::password_rules::problem(password, about).map_or(Ok(()), |problem| Err(password_refused(problem)))
}

/// A form refused for its password field alone, with `message`.
fn password_refused(message: &'static str) -> ApiError {
    let mut errors = FieldErrors::new();
    errors.insert("password", message);
    field_errors(errors)
}

/// The form's answer when the address has an account the visitor has not opened.
pub fn existing_account() -> ApiError {
    password_refused(EXISTING_ACCOUNT)
}

/// The address's owner proved it (Google, or a followed e-mail link) on an account nobody had
/// proven: the account becomes theirs, in `tx`. It is confirmed; the password set before the
/// proof (by whoever typed the address) gives way to `password_hash` (None: none, until
/// "Forgot password" or Google); every session ends; and every extension's SIP password is
/// replaced by one nobody is shown, since whoever set that password could read them (the owner
/// sets new ones in /account). Nothing happens to an account confirmed already. Answers the
/// replaced passwords' events, to publish after commit.
pub async fn claim(
    state: &AppState,
    tx: &mut Transaction<'_, Postgres>,
    context: &Context,
    account_id: Uuid,
    password_hash: Option<&str>,
) -> Result<Rotated, ApiError> {
    let claimed = sqlx::query!(
        "UPDATE customer_accounts SET verified_at = now(), password_hash = $2 WHERE id = $1 AND verified_at IS NULL",
        account_id,
        password_hash
    )
    .execute(&mut **tx)
    .await?;
    if claimed.rows_affected() == 0 {
        return Ok(Rotated::default());
    }
    crate::app::customer_sessions::end_all(&mut **tx, account_id).await?;
    // On the heap: the callers' futures are large already (a debug build's 2 MiB stacks).
    let rotated = Box::pin(crate::app::sip_passwords::rotate_account(state, tx, context, account_id)).await?;
    if !rotated.is_empty() {
        tracing::info!(account = %account_id, extensions = rotated.len(), "account claimed: SIP passwords set before the proof replaced");
    }
    Ok(rotated)
}

/// The numbers a phone dials for the emergency services: the registrar sends them to the
/// carrier (sip/kamailio.cfg, route EMERGENCY), so no extension is ever given one.
pub const EMERGENCY_NUMBERS: [&str; 2] = ["112", "999"];

/// The extension numbers of `count` extensions: from 101 up, past the emergency numbers
/// (an order's twelfth extension is 113).
pub fn extension_numbers(count: u32) -> Vec<String> {
    (101u32..)
        .map(|n| n.to_string())
        .filter(|n| !EMERGENCY_NUMBERS.contains(&n.as_str()))
        .take(count as usize)
        .collect()
}

/// `count` extensions from 101 (extension_numbers) for `owner` (an order or a trial); usernames are the
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
    for number in extension_numbers(count) {
        let taken = crate::app::sip_extensions::username_taken(tx, &format!("{base}{number}")).await?;
        let username = if taken { format!("{base}{number}.{suffix}") } else { format!("{base}{number}") };
        let password = crate::app::sip_extensions::add(tx, owner, account_id, &number, &username).await?;
        extensions.push(Extension { number: number.clone(), username });
        passwords.push((number, password));
    }
    Ok((extensions, passwords))
}

fn google_failed() -> ApiError {
    let mut errors = FieldErrors::new();
    errors.insert("email", "Google sign in failed. Please try again or fill the form manually.");
    field_errors(errors)
}

/// Checks a Google ID token with Google (crate::adapters::google); answers the Google
/// account's subject (`sub`).
async fn check_google(state: &AppState, info: &CustomerInfo) -> Result<String, ApiError> {
    let (Some(client_id), Some(token)) = (&state.services.config.google_client_id, &info.google_credential) else {
        return Err(google_failed());
    };
    let config = &state.services.config;
    crate::adapters::google::verified_subject(
        &state.services.http,
        &config.google_tokeninfo_url,
        client_id,
        token,
        &info.email,
    )
    .await
    .ok_or_else(google_failed)
}

/// The account form checked as docs/product-rules.md, Account form says (with `errors` the
/// caller found in its other fields). Cheap: no database, no argon2.
pub fn checked_form(info: &CustomerInfo, with_password: bool, mut errors: FieldErrors) -> Result<Customer, ApiError> {
    match info.check(with_password) {
        Ok(customer) if errors.is_empty() => Ok(customer),
        Ok(_) => Err(field_errors(errors)),
        Err(more) => {
            errors.extend(more);
            Err(field_errors(errors))
        }
    }
}

/// Proof that the visitor may use the form's e-mail address: a Google token of the same
/// Google account as the existing account's (or of any, when it has none yet: Google has
/// checked the address), or the existing account's password. Password checks are limited
/// per e-mail from one client address (5 a minute), per client address (20) and per e-mail
/// from anywhere (50, so guesses from other addresses cannot lock the buyer out), counted
/// before the argon2 work, whether or not the e-mail has an account. Answers whether a new
/// account is to be made with the password.
pub async fn prove_owner(
    state: &AppState,
    info: &CustomerInfo,
    customer: &mut Customer,
    address: &ClientAddress,
) -> Result<Owner, ApiError> {
    if info.is_google_sign_in {
        let subject = check_google(state, info).await?;
        let existing: Option<Option<String>> =
            sqlx::query_scalar!("SELECT google_subject FROM customer_accounts WHERE email = $1", &customer.email)
                .fetch_optional(&state.pool)
                .await?;
        if existing.as_ref().is_some_and(|known| known.as_ref().is_some_and(|known| *known != subject)) {
            // Another Google account once had this address: the same answer as a bad token.
            return Err(google_failed());
        }
        customer.google_subject = Some(subject);
        return Ok(if existing.is_some() { Owner::Proven } else { Owner::NewAccount });
    }
    let pair = limits::email_and_address(&customer.email, address.as_str());
    limits::require(
        &state.pool,
        state.clock.now(),
        &[
            (&limits::PASSWORD_PER_EMAIL_AND_ADDRESS, pair.as_str()),
            (&limits::PASSWORD_PER_ADDRESS, address.as_str()),
            (&limits::PASSWORD_PER_EMAIL, customer.email.as_str()),
        ],
    )
    .await?;
    let check = password_guesses::begin(&state.pool, state.clock.as_ref(), Whose::Customer, &customer.email).await?;
    let owner = check_existing(&state.pool, &customer.email, &info.password).await?;
    if owner == Owner::Refused {
        return Err(existing_account());
    }
    check.right(&state.pool).await?;
    if owner == Owner::NewAccount {
        new_password_rules(&info.password, customer)?;
    }
    Ok(owner)
}

/// The form checked, then the Google token or the password of an existing account.
pub async fn checked_customer(
    state: &AppState,
    info: &CustomerInfo,
    with_password: bool,
    errors: FieldErrors,
    address: &ClientAddress,
) -> Result<Customer, ApiError> {
    let mut customer = checked_form(info, with_password, errors)?;
    prove_owner(state, info, &mut customer, address).await?;
    Ok(customer)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn usernames_come_from_the_email() {
        assert_eq!(username_base("Jane.Doe+x@example.com"), "janedoex");
        assert_eq!(username_base("...@example.com"), "ext");
    }

    #[test]
    fn extensions_are_numbered_from_101_past_the_emergency_numbers() {
        assert_eq!(extension_numbers(2), ["101", "102"]);
        let twelve = extension_numbers(12);
        assert_eq!((twelve[10].as_str(), twelve[11].as_str()), ("111", "113"));
        let many = extension_numbers(1000);
        assert!(many.iter().all(|n| !EMERGENCY_NUMBERS.contains(&n.as_str())));
        assert_eq!(many.len(), 1000);
        assert_eq!(many.last().map(String::as_str), Some("1102"));
    }
}
