//! After payment: the account and one extension per user from 101, each SIP password shown
//! once to the buyer's browser and kept only as digests. The account, the extensions'
//! digests, their SIP logins and the `AccountCreated` event commit in one transaction, and
//! that event starts the `complete-service-order` workflow (crate::app::workflows): the numbers,
//! completion, the cart and the confirmation e-mail follow from it, resumed after any crash.

use aggregates::pricing::Plan;
use aggregates::service_order::CheckoutStep;
use aggregates::service_order::{OrderStatus, ServiceOrder, ServiceOrderCommand, ServiceOrderError};
use store::commands::{Context, BUYER};

use super::order::{check_order_secret, load};
use crate::app::accounts::{self, Proof};
use crate::app::faults;
use crate::app::locks::locked;
use crate::app::password_guesses::{self, Whose};
use crate::app::sip_extensions;
use crate::app::state::AppState;
use crate::app::workflows::{self, BUY_CREDIT, COMPLETE_SERVICE_ORDER, OPEN_TRANSFERS};
use crate::platform::error::ApiError;

/// The fault points of the buyer's request (FAULT_INJECTION), around the workflow's own
/// (crate::app::workflows::service_order::FAULT_POINTS): after the account's transaction, and
/// after the workflow, before the passwords are recorded as shown.
pub const FAULT_POINTS: [&str; 2] = ["after-account-created", "before-passwords-shown"];

/// A finished order and the SIP passwords to show, once: (extension number, password).
pub struct Completed {
    pub order: ServiceOrder,
    pub passwords: Vec<(String, String)>,
}

/// The buyer's browser collects the paid order's account: it needs the order's secret, and
/// a password unless the buyer signed up with Google. A replay answers the same without
/// passwords, unless the answer that showed them never reached the browser (a crash): the
/// passwords are then still owed, and the replay gets new ones.
pub async fn create_account(
    state: &AppState,
    id: &str,
    secret: Option<&str>,
    password: String,
) -> Result<Completed, ApiError> {
    let order = load(state, id).await?;
    check_order_secret(state, id, secret).await?;
    if order.account_id.is_none() && order.status != OrderStatus::Paid {
        return Err(ServiceOrderError::PaymentNotConfirmed.into());
    }
    let password = (!order.customer.google_sign_in).then_some(password);
    locked(state, format!("order-{id}"), async {
        let order = load(state, id).await?;
        let passwords = if order.account_id.is_none() {
            add_account(state, &BUYER, id, &order, password, Shown::ToBuyer).await?
        } else if passwords_owed(state, id).await? {
            reissue(state, id, &order).await?
        } else {
            vec![]
        };
        faults::point(state, "after-account-created");
        if let Err(error) = workflows::run(state, COMPLETE_SERVICE_ORDER, id).await {
            // Owed still: a runner finishes it. The passwords are good already.
            tracing::error!(order = %order.order_number, ?error, "completing the order failed; it will be resumed");
        }
        // The completed order's transfers, each its own Transfer (owed still on failure: a runner opens them).
        if let Err(error) = workflows::run(state, OPEN_TRANSFERS, id).await {
            tracing::warn!(order = %order.order_number, ?error, "opening the order's transfers failed; it will be resumed");
        }
        // A Pay As You Go order's top-up becomes its call credit (owed still on failure).
        if let Err(error) = workflows::run(state, BUY_CREDIT, id).await {
            tracing::warn!(order = %order.order_number, ?error, "recording the call credit failed; it will be resumed");
        }
        faults::point(state, "before-passwords-shown");
        if !passwords.is_empty() {
            sqlx::query!("UPDATE service_orders SET sip_passwords = 'shown' WHERE order_id = $1", id)
                .execute(&state.pool)
                .await?;
        }
        Ok(Completed { order: load(state, id).await?, passwords })
    })
    .await
}

/// Who sees the SIP passwords of an account made now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shown {
    /// The buyer's browser, in the answer (owed until it is sent).
    ToBuyer,
    /// Nobody: the order is completed without its buyer; support sets them with the buyer.
    Nobody,
}

/// A paid order completed without its buyer (the reconcile job, which holds the order's
/// lock): the account without a password, extensions whose passwords nobody sees, then the
/// workflow.
pub async fn complete_unattended(state: &AppState, context: &Context, id: &str) -> Result<(), ApiError> {
    let order = load(state, id).await?;
    if order.account_id.is_none() {
        add_account(state, context, id, &order, None, Shown::Nobody).await?;
    }
    workflows::run(state, COMPLETE_SERVICE_ORDER, id).await?;
    workflows::run(state, OPEN_TRANSFERS, id).await?;
    workflows::run(state, BUY_CREDIT, id).await?;
    Ok(())
}

/// The customer account, one extension per user from 101 with its digests and SIP login, and
/// `AccountCreated` (which starts the workflow), in one transaction. The account is found by
/// e-mail or made as the buyer's proof allows (accounts::upsert_account): Google claims it; a
/// password must open the account as it is now (one made or changed since the checkout's check
/// is not joined on a password that does not open it), or makes it when there is none; an
/// order completed without its buyer joins by e-mail. Answers each extension's SIP password.
async fn add_account(
    state: &AppState,
    context: &Context,
    id: &str,
    order: &ServiceOrder,
    password: Option<String>,
    shown: Shown,
) -> Result<Vec<(String, String)>, ApiError> {
    let customer = &order.customer;
    let hash = match &password {
        Some(password) if !customer.google_sign_in => {
            let existing: Option<Option<String>> =
                sqlx::query_scalar!("SELECT password_hash FROM customer_accounts WHERE email = $1", &customer.email)
                    .fetch_optional(&state.pool)
                    .await?;
            match existing {
                None => {
                    accounts::new_password_rules(password, customer)?;
                    Some(accounts::hash(password.clone()).await?)
                }
                Some(hash) => {
                    // A check of the account's password like any other (one count per account).
                    let check =
                        password_guesses::begin(&state.pool, state.clock.as_ref(), Whose::Customer, &customer.email)
                            .await?;
                    if !accounts::verify(password.clone(), hash).await? {
                        return Err(accounts::existing_account());
                    }
                    check.right(&state.pool).await?;
                    None
                }
            }
        }
        _ => None,
    };
    let proof = match (&hash, &password) {
        _ if customer.google_sign_in => Proof::Google,
        (Some(hash), _) => Proof::NewPassword(hash),
        (None, Some(_)) => Proof::Password,
        (None, None) => Proof::Nothing,
    };
    let users = match order.lines.as_ref().map(|l| (l.plan, l.quantity)) {
        Some((Plan::PayAsYouGo, _)) | None => 1,
        Some((_, quantity)) => quantity,
    };
    let digits = order.order_number.trim_start_matches("SB-");
    let mut tx = state.pool.begin().await?;
    let (account_id, rotated) =
        Box::pin(accounts::upsert_account(state, &mut tx, context, id, customer, proof)).await?;
    let (extensions, passwords) =
        accounts::add_extensions(&mut tx, id, account_id, &customer.email, users, digits).await?;
    for extension in &extensions {
        projections::sip::allow_on(&mut tx, id, &extension.number, &extension.username, true).await?;
    }
    let sip_passwords = match shown {
        Shown::ToBuyer => "owed",
        Shown::Nobody => "support",
    };
    sqlx::query!("UPDATE service_orders SET sip_passwords = $2 WHERE order_id = $1", id, sip_passwords)
        .execute(&mut *tx)
        .await?;
    let command =
        ServiceOrderCommand::Checkout(CheckoutStep::CreateAccount { account_id: account_id.to_string(), extensions });
    let committed = state.orders.cqrs.execute_in(&mut tx, context, id, command).await?;
    tx.commit().await?;
    rotated.publish(state).await;
    state.orders.cqrs.publish(id, &committed).await;
    Ok(passwords)
}

/// Whether the order's SIP passwords were made for the buyer and never shown to them.
async fn passwords_owed(state: &AppState, id: &str) -> Result<bool, ApiError> {
    let owed: Option<Option<String>> =
        sqlx::query_scalar!("SELECT sip_passwords FROM service_orders WHERE order_id = $1", id)
            .fetch_optional(&state.pool)
            .await?;
    Ok(owed.flatten().as_deref() == Some("owed"))
}

/// New SIP passwords for every extension of an order whose passwords were never shown (the
/// answer that carried them was lost): nobody has the old ones, which stop working at once.
async fn reissue(state: &AppState, id: &str, order: &ServiceOrder) -> Result<Vec<(String, String)>, ApiError> {
    let mut tx = state.pool.begin().await?;
    let mut passwords = vec![];
    for extension in &order.extensions {
        let password = sip_extensions::new_password(&mut tx, id, &extension.number, &extension.username).await?;
        passwords.push((extension.number.clone(), password));
    }
    tx.commit().await?;
    tracing::info!(order = %order.order_number, "SIP passwords made again: the first answer never reached the buyer");
    Ok(passwords)
}
