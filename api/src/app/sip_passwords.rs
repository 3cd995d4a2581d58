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
    Order(String, Box<Committed<ServiceOrder>>),
    Trial(String, Box<Committed<Trial>>),
}

impl Reset {
    async fn publish(self, state: &AppState) {
        match self {
            Reset::Order(id, committed) => state.orders.cqrs.publish(&id, &committed).await,
            Reset::Trial(id, committed) => state.trials.cqrs.publish(&id, &committed).await,
        }
    }
}

/// SIP passwords replaced in a transaction ([`rotate_account`]): their events, to tell the
/// queries of once it commits.
#[derive(Default)]
#[must_use = "publish them once the transaction commits"]
pub struct Rotated(Vec<Reset>);

impl Rotated {
    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub async fn publish(self, state: &AppState) {
        for reset in self.0 {
            reset.publish(state).await;
        }
    }
}

/// The event of a reset of extension `number` of `whose`, in `conn`'s transaction. Each
/// command's future is on the heap: a claim runs these inside a request's own (large) future,
/// which overflowed a 2 MiB thread's stack in a debug build.
async fn reset_event(
    state: &AppState,
    conn: &mut sqlx::PgConnection,
    context: &Context,
    whose: Extensions<'_>,
    number: &str,
) -> Result<Reset, ApiError> {
    Ok(match whose {
        Extensions::Order(id) => {
            let command = ServiceOrderCommand::ResetSipPassword { number: number.to_string() };
            Reset::Order(
                id.to_string(),
                Box::new(Box::pin(state.orders.cqrs.execute_in(conn, context, id, command)).await?),
            )
        }
        Extensions::Trial(id) => Reset::Trial(
            id.to_string(),
            Box::new(Box::pin(state.trials.cqrs.execute_in(conn, context, id, TrialCommand::ResetSipPassword)).await?),
        ),
    })
}

/// Replaces the SIP password of every extension of `account_id` with one nobody is shown, each
/// with its reset event, in `conn`'s transaction (a claim of the account: whoever held the
/// account before could read the old ones). An order or trial that refuses a reset (a trial
/// that has ended) still gets the new digests: its old password must stop working too.
pub async fn rotate_account(
    state: &AppState,
    conn: &mut sqlx::PgConnection,
    context: &Context,
    account_id: uuid::Uuid,
) -> Result<Rotated, ApiError> {
    let extensions = sqlx::query!(
        "SELECT owner, number, username FROM sip_extensions WHERE account_id = $1 ORDER BY owner, number FOR UPDATE",
        account_id
    )
    .fetch_all(&mut *conn)
    .await?;
    let mut rotated = Rotated::default();
    for extension in extensions {
        let whose = match extension.owner.strip_prefix(projections::sip::TRIAL_OWNER_PREFIX) {
            Some(trial) => Extensions::Trial(trial),
            None => Extensions::Order(&extension.owner),
        };
        match reset_event(state, conn, context, whose, &extension.number).await {
            Ok(reset) => rotated.0.push(reset),
            Err(refused) if refused.declared().is_some() => {
                tracing::info!(owner = %extension.owner, number = %extension.number, "SIP password replaced without a reset event: {}", refused.message());
            }
            Err(error) => return Err(error),
        }
        sip_extensions::new_password(conn, &extension.owner, &extension.number, &extension.username).await?;
    }
    Ok(rotated)
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
    let owner = match whose {
        Extensions::Order(id) => {
            if load::<ServiceOrder>(&state.pool, id).await?.1 == 0 {
                return Err(no_such_order());
            }
            id.to_string()
        }
        Extensions::Trial(id) => {
            if load::<Trial>(&state.pool, id).await?.1 == 0 {
                return Err(no_such_order());
            }
            projections::sip::trial_owner(id)
        }
    };
    let mut tx = state.pool.begin().await?;
    let username =
        sip_extensions::username_locked(&mut tx, &owner, number).await?.ok_or(ServiceOrderError::ExtensionNotFound)?;
    // The event commits with the new digests, or neither does.
    let committed = reset_event(state, &mut tx, context, whose, number).await?;
    let password = sip_extensions::new_password(&mut tx, &owner, number, &username).await?;
    tx.commit().await?;
    committed.publish(state).await;
    Ok((username, password))
}
