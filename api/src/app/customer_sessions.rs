//! Customers' own sessions (the account pages, `/api/account/...`; made by crate::app::sessions,
//! of SessionKind::Customer): whose account a session is, and the owner checks every account
//! route makes before it reads or changes an order.
//!
//! Who owns what (docs/product-rules.md, Customer account): a service order and a trial are
//! the account's whose e-mail they were bought with (joining an existing account at checkout
//! needs its password or the Google account of its address). A hardware order needs no
//! password, so it is the account's only once the account's address is confirmed
//! (`customer_accounts.verified_at`: a link sent to it was followed).

use chrono::{DateTime, Utc};
use sqlx::PgPool;
use uuid::Uuid;

use aggregates::actor::Actor;
use aggregates::service_order::ServiceOrderError;

use crate::app::sessions::{self, SessionKind, Started};
use crate::app::state::AppState;
use crate::platform::error::ApiError;
use crate::platform::refusals::{CUSTOMER_NOT_SIGNED_IN, NOT_A_TRIAL, NOT_YOUR_ORDER};

/// The signed-in customer behind a request's `talkbridge_account` cookie (401
/// `not_signed_in` otherwise; 403 `csrf` on a write without the session's token; the
/// extractor and the cookie are in crate::http::sessions).
#[derive(Debug, Clone)]
pub struct SignedInCustomer {
    pub account_id: Uuid,
    /// The account's e-mail (lower case).
    pub email: String,
    pub csrf_token: String,
    /// When a link sent to the account's address was followed; None: not confirmed yet.
    pub verified_at: Option<DateTime<Utc>>,
    token_hash: String,
}

pub fn not_signed_in() -> ApiError {
    ApiError::refused(&CUSTOMER_NOT_SIGNED_IN)
}

pub fn not_your_order() -> ApiError {
    ApiError::refused(&NOT_YOUR_ORDER)
}

/// The live session of a cookie's token, if any.
pub async fn by_token(pool: &PgPool, token: &str) -> Result<Option<SignedInCustomer>, ApiError> {
    let hash = sessions::token_hash(token);
    let row = sqlx::query!(
        "SELECT a.id, a.email, a.verified_at, s.csrf_token
           FROM customer_sessions s JOIN customer_accounts a ON a.id = s.account_id
          WHERE s.token_hash = $1 AND s.expires_at > now()",
        &hash
    )
    .fetch_optional(pool)
    .await?;
    Ok(row.map(|r| SignedInCustomer {
        account_id: r.id,
        email: r.email,
        csrf_token: r.csrf_token,
        verified_at: r.verified_at,
        token_hash: hash,
    }))
}

impl SignedInCustomer {
    /// The actor of the commands this customer's requests run.
    pub fn actor(&self) -> Actor {
        Actor::Customer(self.email.clone())
    }

    /// Whether the account's address is confirmed (a link sent to it was followed).
    pub fn is_verified(&self) -> bool {
        self.verified_at.is_some()
    }

    /// 403 `csrf` unless `sent` (the request's `X-CSRF-Token`) is this session's token.
    pub fn check_csrf(&self, sent: &str) -> Result<(), ApiError> {
        sessions::check_csrf(sent, &self.csrf_token)
    }

    /// Ends this session (sign-out).
    pub async fn end(&self, pool: &PgPool) -> Result<(), ApiError> {
        sessions::end(pool, SessionKind::Customer, &self.token_hash).await
    }
}

/// A new session for `account_id`.
pub async fn start(pool: &PgPool, account_id: Uuid) -> Result<Started, ApiError> {
    sessions::start(pool, SessionKind::Customer, account_id).await
}

/// Ends every session of the account (a password reset, a claim).
pub async fn end_all<'e>(executor: impl sqlx::PgExecutor<'e>, account_id: Uuid) -> Result<(), ApiError> {
    sessions::end_all_of_account(executor, account_id).await
}

/// The e-mail an order of `kind` (service, trial, hardware) was bought with, from the
/// support search's row of it (kept by the database from the three order views); None when
/// there is no such order.
async fn order_email(state: &AppState, kind: &str, id: &str) -> Result<Option<String>, ApiError> {
    let email: Option<String> =
        sqlx::query_scalar!("SELECT email FROM order_search WHERE kind = $1 AND id = $2", kind, id)
            .fetch_optional(&state.pool)
            .await?;
    Ok(email.map(|email| email.trim().to_lowercase()))
}

fn order_not_found() -> ApiError {
    ServiceOrderError::NotFound.into()
}

/// Whether the password of `customer`'s account made `owner` (an order, or a trial's owner)
/// join it: all a session of an account nobody has proven may see (`account_orders`).
async fn joined_by_password(state: &AppState, customer: &SignedInCustomer, owner: &str) -> Result<bool, ApiError> {
    Ok(sqlx::query_scalar!(
        r#"SELECT EXISTS (SELECT 1 FROM account_orders WHERE owner = $1 AND account_id = $2 AND by_password) AS "joined!""#,
        owner,
        customer.account_id
    )
    .fetch_one(&state.pool)
    .await?)
}

/// 403 `not_your_order` unless the e-mail an order was bought with is the account's and, for
/// an account nobody has proven, its password made the order join it.
async fn require_owner(
    state: &AppState,
    customer: &SignedInCustomer,
    email: &str,
    owner: &str,
) -> Result<(), ApiError> {
    if email != customer.email || !customer.is_verified() && !joined_by_password(state, customer, owner).await? {
        return Err(not_your_order());
    }
    Ok(())
}

/// 404 `order_not_found` without such a service order; 403 `not_your_order` when it was
/// bought with another account's e-mail (or, for an account nobody has proven, did not join
/// it on its password).
pub async fn require_order_owner(
    state: &AppState,
    customer: &SignedInCustomer,
    order_id: &str,
) -> Result<(), ApiError> {
    let email = order_email(state, "service", order_id).await?.ok_or_else(order_not_found)?;
    require_owner(state, customer, &email, order_id).await
}

/// As [`require_order_owner`] for a hardware order: its e-mail must be the account's, and
/// the account's address confirmed (a hardware order is bought without a password).
pub async fn require_hardware_order_owner(
    state: &AppState,
    customer: &SignedInCustomer,
    order_id: &str,
) -> Result<(), ApiError> {
    let email = order_email(state, "hardware", order_id).await?.ok_or_else(order_not_found)?;
    if email != customer.email || !customer.is_verified() {
        return Err(not_your_order());
    }
    Ok(())
}

/// As [`require_order_owner`] for a free trial (404 `not_a_trial` without one).
pub async fn require_trial_owner(
    state: &AppState,
    customer: &SignedInCustomer,
    trial_id: &str,
) -> Result<(), ApiError> {
    let email = order_email(state, "trial", trial_id).await?.ok_or_else(|| ApiError::refused(&NOT_A_TRIAL))?;
    require_owner(state, customer, &email, &projections::sip::trial_owner(trial_id)).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_customer_acts_as_itself() {
        let customer = SignedInCustomer {
            account_id: Uuid::nil(),
            email: "jane@example.com".into(),
            csrf_token: "t".into(),
            verified_at: None,
            token_hash: "h".into(),
        };
        assert_eq!(customer.actor(), Actor::Customer("jane@example.com".into()));
        assert!(!customer.is_verified());
    }
}
