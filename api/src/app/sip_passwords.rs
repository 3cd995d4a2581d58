//! A new SIP password for one extension of a service order or trial, by staff (support's
//! console) or by the signed-in customer who owns it (their account page). The event records
//! who reset it (the actor in its metadata, never the password); the
//! digests replace the old ones in the same transaction, so the registrar refuses the old
//! password from the moment it commits. A phone registered with the old password stays in the
//! registrar's `location` until its registration expires (it cannot renew it): that table is
//! the registrar's own (Kamailio keeps it in memory and writes it through), so it is never
//! changed under it here.

use aggregates::service_order::{ServiceOrder, ServiceOrderCommand, ServiceOrderError};
use aggregates::trial::{Trial, TrialCommand};

use crate::app::sip_extensions;
use crate::app::state::{load, AppState};
use crate::platform::error::ApiError;
use crate::platform::refusals::NO_SUCH_ORDER_FOR_STAFF;
use store::commands::{Committed, Context};

/// Whose extension: a service order's or a trial's (by id).
#[derive(Debug, Clone, Copy)]
pub enum Extensions<'a> {
    Order(&'a str),
    Trial(&'a str),
}

/// What a reset committed, to tell the queries of.
enum Reset {
    Order(Box<Committed<ServiceOrder>>),
    Trial(Box<Committed<Trial>>),
}

fn no_such_order() -> ApiError {
    ApiError::refused(&NO_SUCH_ORDER_FOR_STAFF)
}

/// Resets extension `number`'s password; answers its SIP username and the new password (shown
/// once, kept nowhere). `context`'s actor is who asked (a staff member or the customer). 404 `order_not_found` without such an order or trial, 409
/// `extension_not_found` when the extension is not one of its own.
pub async fn reset(
    state: &AppState,
    context: &Context,
    whose: Extensions<'_>,
    number: &str,
) -> Result<(String, String), ApiError> {
    let (id, owner) = match whose {
        Extensions::Order(id) => {
            if load::<ServiceOrder>(&state.pool, id).await?.1 == 0 {
                return Err(no_such_order());
            }
            (id, id.to_string())
        }
        Extensions::Trial(id) => {
            if load::<Trial>(&state.pool, id).await?.1 == 0 {
                return Err(no_such_order());
            }
            (id, projections::sip::trial_owner(id))
        }
    };
    let mut tx = state.pool.begin().await?;
    let username =
        sip_extensions::username_locked(&mut tx, &owner, number).await?.ok_or(ServiceOrderError::ExtensionNotFound)?;
    // The event commits with the new digests, or neither does.
    let committed = match whose {
        Extensions::Order(_) => {
            let command = ServiceOrderCommand::ResetSipPassword { number: number.to_string() };
            Reset::Order(Box::new(state.orders.cqrs.execute_in(&mut tx, context, id, command).await?))
        }
        Extensions::Trial(_) => Reset::Trial(Box::new(
            state.trials.cqrs.execute_in(&mut tx, context, id, TrialCommand::ResetSipPassword).await?,
        )),
    };
    let password = sip_extensions::new_password(&mut tx, &owner, number, &username).await?;
    tx.commit().await?;
    match committed {
        Reset::Order(committed) => state.orders.cqrs.publish(id, &committed).await,
        Reset::Trial(committed) => state.trials.cqrs.publish(id, &committed).await,
    }
    Ok((username, password))
}
