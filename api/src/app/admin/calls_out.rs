//! Staff suspend and restore an order's calls out (admins only; issue 44, item 7): the
//! order's `CallsOutSuspended` / `CallsOutRestored`, with the admin as the actor and their
//! reason. The registrar refuses a suspended owner's calls out with that reason as its 403's
//! phrase, and the buyer reads it in their account. Restoring lifts any suspension: one for a
//! failed payment or a dispute too (then the Pay As You Go credit a dispute froze is unfrozen).

use aggregates::call_credit::CallCreditCommand;
use aggregates::service_order::{ServiceOrder, ServiceOrderCommand, ServiceOrderEvent, SuspensionCause};

use super::{existing, order_history, OrderHistory, OrderKind};
use crate::app::auth::Staff;
use crate::app::state::AppState;
use crate::platform::error::ApiError;
use store::commands::Context;

fn only_service(kind: OrderKind) -> Result<(), ApiError> {
    if kind != OrderKind::Service {
        return Err(aggregates::service_order::ServiceOrderError::NoAccount.into());
    }
    Ok(())
}

/// An admin suspends the order's calls out with `reason` (the registrar's 403 phrase).
pub async fn suspend(
    state: &AppState,
    admin: &Staff,
    kind: OrderKind,
    id: &str,
    reason: String,
) -> Result<OrderHistory, ApiError> {
    only_service(kind)?;
    existing::<ServiceOrder>(state, id).await?;
    let command =
        ServiceOrderCommand::SuspendCallsOut { cause: SuspensionCause::Staff, reason, by: admin.email.clone() };
    state.orders.cqrs.execute(&Context::staff(&admin.email), id, command).await?;
    order_history(state, admin, kind, id, None).await
}

/// An admin restores the order's calls out, saying why.
pub async fn restore(
    state: &AppState,
    admin: &Staff,
    kind: OrderKind,
    id: &str,
    reason: String,
) -> Result<OrderHistory, ApiError> {
    only_service(kind)?;
    existing::<ServiceOrder>(state, id).await?;
    let context = Context::staff(&admin.email);
    let command = ServiceOrderCommand::RestoreCallsOut {
        cause: SuspensionCause::Staff,
        reason: reason.clone(),
        by: admin.email.clone(),
    };
    let committed = state.orders.cqrs.execute(&context, id, command).await?;
    let lifted_dispute = committed
        .events
        .iter()
        .any(|e| matches!(e.payload, ServiceOrderEvent::CallsOutRestored { lifted: SuspensionCause::Dispute, .. }));
    if lifted_dispute {
        // A credit a dispute froze may be spent again (no credit, nothing frozen: nothing stored).
        let unfreeze =
            CallCreditCommand::UnfreezeCredit { reason: format!("calls out restored by staff: {}", reason.trim()) };
        state.call_credits.cqrs.execute(&context, id, unfreeze).await?;
    }
    order_history(state, admin, kind, id, None).await
}
