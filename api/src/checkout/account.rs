//! After payment: the account, one extension per user from 101 (each SIP password shown
//! once to the buyer's browser, kept only as a digest), the numbers for good, completion;
//! then the service leaves the cart (desk phones stay for their own checkout) and the
//! confirmation e-mail goes to the outbox.

use aggregates::cart::CartCommand;
use aggregates::phone_number::{PhoneNumberCommand, PhoneNumberError};
use aggregates::pricing::Plan;
use aggregates::service_order::{OrderStatus, ServiceOrder, ServiceOrderCommand, ServiceOrderError};
use cqrs_es::AggregateError;
use jobs::outbox::{queue, Mail};

use super::mail::PasswordNote;
use projections::cart::CartSummary;

use super::order::{check_order_secret, load, run};
use crate::account_form::{field_errors, FieldErrors};
use crate::accounts;
use crate::commands;
use crate::error::ApiError;
use crate::locks::locked;
use crate::state::AppState;

/// A finished order and the SIP passwords to show, once: (extension number, password).
pub struct Completed {
    pub order: ServiceOrder,
    pub passwords: Vec<(String, String)>,
}

/// The buyer's browser collects the paid order's account: it needs the order's secret, and
/// a password unless the buyer signed up with Google. A replay answers the same without
/// passwords.
pub async fn create_account(
    state: &AppState,
    id: &str,
    secret: Option<&str>,
    password: String,
) -> Result<Completed, ApiError> {
    let order = load(state, id).await?;
    check_order_secret(state, id, secret).await?;
    if order.status == OrderStatus::Completed {
        return Ok(Completed { order, passwords: vec![] });
    }
    if order.status != OrderStatus::Paid {
        return Err(ServiceOrderError::PaymentNotConfirmed.into());
    }
    let google = order.customer.google_sign_in;
    if !google {
        let mut errors = FieldErrors::new();
        if password.is_empty() {
            errors.insert("password", "Password is required");
        } else if password.chars().count() < 8 {
            errors.insert("password", "Password must be at least 8 characters");
        } else if password.len() > 256 {
            errors.insert("password", "Password must be at most 256 characters");
        }
        if !errors.is_empty() {
            return Err(field_errors(errors));
        }
    }
    locked(state, format!("order-{id}"), complete_order(state, id, (!google).then_some(password), true)).await
}

/// A paid order's account (with `password`, or none: Google sign-in, or the buyer is not
/// there to choose one), its extensions and numbers, then completion, the cart and the
/// e-mail. Run under the order's lock. The SIP passwords go to the buyer's browser when
/// `buyer_present`; otherwise nobody sees them.
pub async fn complete_order(
    state: &AppState,
    id: &str,
    password: Option<String>,
    buyer_present: bool,
) -> Result<Completed, ApiError> {
    let order = load(state, id).await?;
    if order.status == OrderStatus::Completed {
        return Ok(Completed { order, passwords: vec![] });
    }
    let mut passwords = vec![];
    if order.account_id.is_none() {
        passwords = add_account(state, id, &order, password).await?;
    }
    let order = load(state, id).await?;
    if !order.numbers_assigned {
        assign_numbers(state, id, &order).await?;
    }
    run(state, id, ServiceOrderCommand::Complete).await?;
    let order = load(state, id).await?;
    finish(state, id, &order, buyer_present).await;
    Ok(Completed { order, passwords: if buyer_present { passwords } else { vec![] } })
}

/// The customer account (found by e-mail, or made with an argon2 hash of the password) and
/// one extension per user from 101; answers each extension's SIP password, once.
async fn add_account(
    state: &AppState,
    id: &str,
    order: &ServiceOrder,
    password: Option<String>,
) -> Result<Vec<(String, String)>, ApiError> {
    let customer = &order.customer;
    let hash = match password {
        Some(password) => Some(accounts::hash(password).await?),
        None => None,
    };
    let mut tx = state.pool.begin().await?;
    let account_id = accounts::upsert_account(&mut tx, customer, hash.as_deref()).await?;
    let users = match order.lines.as_ref().map(|l| (l.plan, l.quantity)) {
        Some((Plan::PayAsYouGo, _)) | None => 1,
        Some((_, quantity)) => quantity,
    };
    let digits = order.order_number.trim_start_matches("SB-");
    let (extensions, passwords) =
        accounts::add_extensions(&mut tx, id, account_id, &customer.email, users, digits).await?;
    run(state, id, ServiceOrderCommand::CreateAccount { account_id: account_id.to_string(), extensions }).await?;
    tx.commit().await?;
    Ok(passwords)
}

/// Each stock number becomes the order's for good; ported numbers and area-code
/// placeholders are provisioned later by the team. A paid number that is gone (its hold ran
/// out and another order took it) is recorded as lost: the order then needs a replacement,
/// which support gives from the console.
async fn assign_numbers(state: &AppState, id: &str, order: &ServiceOrder) -> Result<(), ApiError> {
    let mut assigned = vec![];
    for number in order.stock_numbers() {
        let command = PhoneNumberCommand::Assign { number: number.clone(), owner: format!("order:{id}") };
        match commands::execute(&state.numbers, &number, command).await {
            Ok(()) => assigned.push(number),
            Err(AggregateError::UserError(error @ (PhoneNumberError::Taken | PhoneNumberError::NotInStock))) => {
                tracing::warn!(order = %order.order_number, %number, %error, "a paid number is lost: it needs a replacement");
                run(state, id, ServiceOrderCommand::RecordLostNumber { number }).await?;
            }
            Err(error) => return Err(error.into()),
        }
    }
    run(state, id, ServiceOrderCommand::AssignNumbers { numbers: assigned }).await
}

/// The cart's commands once the service is bought: all of it goes, except desk phones,
/// which the hardware checkout sells and which stay for it.
fn emptying(cart: Option<&CartSummary>) -> Vec<CartCommand> {
    match cart {
        Some(cart) if cart.has_hardware => {
            let mut commands: Vec<CartCommand> = cart
                .items
                .iter()
                .filter(|item| item.kind == "package")
                .map(|item| CartCommand::RemoveItem { item_id: item.id.clone() })
                .collect();
            commands.push(CartCommand::ReplaceNumbers { numbers: vec![] });
            commands
        }
        _ => vec![CartCommand::ClearCart],
    }
}

/// After completion: the service leaves the cart and the confirmation e-mail goes to the outbox.
async fn finish(state: &AppState, id: &str, order: &ServiceOrder, passwords_shown: bool) {
    let cart = crate::carts::summary(state, &order.cart_id).await.ok();
    for command in emptying(cart.as_ref()) {
        if let Err(error) = commands::execute(&state.carts, &order.cart_id, command).await {
            tracing::warn!(order = %order.order_number, %error, "the cart was not emptied of the service");
        }
    }
    let Some((subject, body)) = super::mail::confirmation(
        order,
        if passwords_shown { PasswordNote::Shown } else { PasswordNote::NotSet },
        &crate::ports::order_page(state, id),
        &state.services.config.sip,
    ) else {
        return;
    };
    let mail = Mail {
        recipient: &order.customer.email,
        subject: &subject,
        body: &body,
        kind: "order_confirmation",
        reference: id,
    };
    if let Err(error) = queue(&state.pool, mail).await {
        tracing::error!(order = %order.order_number, %error, "the confirmation e-mail was not queued");
    }
}
