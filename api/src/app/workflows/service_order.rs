//! `complete-service-order`: what follows a paid order's account (`AccountCreated`, which
//! commits with the account, its extensions' digests and their SIP logins).
//!
//! 1. Each stock number becomes the order's for good (`Assign`, which stores nothing when
//!    the order has it already); a paid number another order took meanwhile is recorded as
//!    lost (support gives a replacement). Then `AssignNumbers` on the order.
//! 2. `Complete`.
//! 3. The views are brought up to the stored events (a server that died after a command
//!    but before its queries heard of it leaves them behind).
//! 4. The service leaves the cart (desk phones stay for their own checkout), with step
//!    `cart-emptied` in the same transaction.
//! 5. The confirmation e-mail is queued with step `mail-queued`, in one transaction.
//!
//! Steps 1 and 2 are recorded by the order's own events; 4 and 5 by the workflow's row.

use aggregates::cart::CartCommand;
use aggregates::phone_number::{PhoneNumberCommand, PhoneNumberError};
use aggregates::service_order::CheckoutStep;
use aggregates::service_order::{OrderStatus, ServiceOrder, ServiceOrderCommand, ServiceOrderError};
use cqrs_es::AggregateError;
use jobs::mail::{Email, PasswordNote};
use projections::cart::CartSummary;
use store::commands::Context;
use store::workflows::Claim;

use crate::app::faults;
use crate::app::state::AppState;
use crate::platform::error::ApiError;

pub use super::triggers::COMPLETE_SERVICE_ORDER;

/// The steps the workflow's row records, in order.
const STEPS: [&str; 3] = ["started", "cart-emptied", "mail-queued"];

/// The fault points of this workflow, in the order a run meets them (FAULT_INJECTION; the
/// request's own points are in crate::app::checkout).
pub const FAULT_POINTS: [&str; 5] = [
    "after-number-assigned",
    "after-numbers-recorded",
    "after-order-completed",
    "after-cart-emptied",
    "after-mail-queued",
];

fn context() -> Context {
    Context::job(COMPLETE_SERVICE_ORDER)
}

/// Runs what is left of the workflow of the claimed order.
pub async fn complete(state: &AppState, mut claim: Claim) -> Result<(), ApiError> {
    match steps(state, &mut claim).await {
        Ok(()) => Ok(claim.finish(&state.pool).await?),
        Err(error) => super::failed(state, claim, error).await,
    }
}

async fn steps(state: &AppState, claim: &mut Claim) -> Result<(), ApiError> {
    let id = claim.aggregate_id.clone();
    let (mut order, _) = crate::app::state::load::<ServiceOrder>(&state.pool, &id).await?;
    if order.account_id.is_none() {
        return Err(ApiError::internal("complete-service-order started for an order without an account"));
    }
    if !order.numbers_assigned {
        order = assign_numbers(state, &id, &order).await?;
    }
    if order.status != OrderStatus::Completed {
        order = run(state, &id, ServiceOrderCommand::Checkout(CheckoutStep::Complete)).await?;
        faults::point(state, "after-order-completed");
    }
    bring_views_up(state, &id, &order).await;
    if !claim.done(&STEPS, "cart-emptied") {
        empty_cart(state, &id, &order).await?;
        claim.step = "cart-emptied".into();
        faults::point(state, "after-cart-emptied");
    }
    if !claim.done(&STEPS, "mail-queued") {
        queue_confirmation(state, &id, &order, claim).await?;
        faults::point(state, "after-mail-queued");
    }
    Ok(())
}

/// The order's view and SIP logins, and its numbers' stock rows, as the stored events make
/// them: a server that died between a command and its queries left them behind (each query
/// skips what it has seen).
async fn bring_views_up(state: &AppState, id: &str, order: &ServiceOrder) {
    if let Err(error) = state.orders.cqrs.republish(id).await {
        tracing::warn!(order = %order.order_number, %error, "the order's views did not catch up; the next event will");
    }
    for number in order.stock_numbers() {
        if let Err(error) = state.numbers.cqrs.republish(&number).await {
            tracing::warn!(order = %order.order_number, %number, %error, "the number's stock row did not catch up");
        }
    }
}

async fn run(state: &AppState, id: &str, command: ServiceOrderCommand) -> Result<ServiceOrder, ApiError> {
    Ok(state.orders.cqrs.execute(&context(), id, command).await?.state)
}

/// Each stock number becomes the order's for good; a paid number that is gone (its hold ran
/// out and another order took it) is recorded as lost. Ported numbers and area-code
/// placeholders are provisioned later by the team.
async fn assign_numbers(state: &AppState, id: &str, order: &ServiceOrder) -> Result<ServiceOrder, ApiError> {
    let owner = format!("order:{id}");
    let mut assigned = vec![];
    for number in order.stock_numbers() {
        let command = PhoneNumberCommand::Assign { number: number.clone(), owner: owner.clone() };
        match state.numbers.cqrs.execute(&context(), &number, command).await {
            Ok(_) => assigned.push(number),
            Err(AggregateError::UserError(error @ (PhoneNumberError::Taken | PhoneNumberError::NotInStock))) => {
                tracing::warn!(order = %order.order_number, %number, %error, "a paid number is lost: it needs a replacement");
                run(state, id, ServiceOrderCommand::Checkout(CheckoutStep::RecordLostNumber { number })).await?;
            }
            Err(error) => return Err(error.into()),
        }
        faults::point(state, "after-number-assigned");
    }
    match state
        .orders
        .cqrs
        .execute(
            &context(),
            id,
            ServiceOrderCommand::Checkout(CheckoutStep::AssignNumbers { numbers: assigned.clone() }),
        )
        .await
    {
        Ok(committed) => {
            faults::point(state, "after-numbers-recorded");
            Ok(committed.state)
        }
        // Another runner recorded them (this one held no claim then): nothing is owed.
        Err(AggregateError::UserError(ServiceOrderError::NumbersAlreadyAssigned)) => {
            Ok(crate::app::state::load::<ServiceOrder>(&state.pool, id).await?.0)
        }
        Err(error) => {
            // The order refused them: none stays held by an order that does not have it.
            for number in assigned {
                let command = PhoneNumberCommand::ReturnToStock { owner: owner.clone() };
                if let Err(returned) = state.numbers.cqrs.execute(&context(), &number, command).await {
                    tracing::error!(%number, %returned, "a number the order refused was not returned to stock");
                }
            }
            Err(error.into())
        }
    }
}

/// The cart's commands once the service is bought: all of it goes, except desk phones,
/// which the hardware checkout sells and which stay for it.
fn emptying(cart: Option<&CartSummary>) -> Vec<CartCommand> {
    match cart {
        Some(cart) if cart.has_hardware => {
            let mut commands: Vec<CartCommand> = cart
                .items
                .iter()
                .filter(|item| item.kind == projections::cart::ItemKind::Package)
                .map(|item| CartCommand::RemoveItem { item_id: item.id.clone() })
                .collect();
            commands.push(CartCommand::ReplaceNumbers { numbers: vec![] });
            commands
        }
        _ => vec![CartCommand::ClearCart],
    }
}

/// The service leaves the cart, once: the cart's events and the step that records them
/// commit together, so a run after a crash never empties it again (of what the buyer put in
/// since). A cart that refuses a command (gone, already empty) is left as it is.
async fn empty_cart(state: &AppState, id: &str, order: &ServiceOrder) -> Result<(), ApiError> {
    let cart = crate::app::carts::summary(state, &order.cart_id).await.ok();
    let mut tx = state.pool.begin().await?;
    let mut changes = vec![];
    for command in emptying(cart.as_ref()) {
        match state.carts.cqrs.execute_in(&mut tx, &context(), &order.cart_id, command).await {
            Ok(committed) => changes.push(committed),
            Err(AggregateError::UserError(error)) => {
                tracing::warn!(order = %order.order_number, %error, "the cart was not emptied of the service");
            }
            Err(error) => return Err(error.into()),
        }
    }
    store::workflows::record_step_on(&mut tx, COMPLETE_SERVICE_ORDER, id, "cart-emptied").await?;
    tx.commit().await?;
    for committed in &changes {
        state.carts.cqrs.publish(&order.cart_id, committed).await;
    }
    Ok(())
}

/// The confirmation e-mail goes to the outbox with the step that records it, in one
/// transaction (and once per order whatever happens: the outbox keeps one per kind and
/// reference).
async fn queue_confirmation(
    state: &AppState,
    id: &str,
    order: &ServiceOrder,
    claim: &mut Claim,
) -> Result<(), ApiError> {
    let shown: Option<String> = sqlx::query_scalar!("SELECT sip_passwords FROM service_orders WHERE order_id = $1", id)
        .fetch_optional(&state.pool)
        .await?
        .flatten();
    let note = if shown.as_deref() == Some("support") { PasswordNote::NotSet } else { PasswordNote::Shown };
    let mut tx = state.pool.begin().await?;
    // An order without lines has nothing to confirm.
    if let Some(lines) = &order.lines {
        let order_page = crate::app::transfers::order_page(state, id);
        let sip = state.services.config.sip.for_mail();
        let email = Email::OrderConfirmation { order, lines, passwords: note, order_page: &order_page, sip };
        jobs::outbox::queue_on(&mut tx, &order.customer.email, id, &email).await?;
    }
    store::workflows::record_step_on(&mut tx, COMPLETE_SERVICE_ORDER, id, "mail-queued").await?;
    tx.commit().await?;
    claim.step = "mail-queued".into();
    Ok(())
}
