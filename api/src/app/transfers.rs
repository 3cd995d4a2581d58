//! Number transfers (transfers) through the API: the buyer confirms the details and signs the
//! letter of authority on their order page, staff move the transfer along in the support
//! console, and each change e-mails the buyer. The rules are the aggregate's
//! (aggregates::transfer).

use aggregates::service_order::{ServiceOrder, ServiceOrderError, ServiceOrderEvent};
use aggregates::transfer::{
    opening, transfer_id, Transfer, TransferCommand, TransferDetails, TransferState, TRANSFER_PROMISE_BUSINESS_DAYS,
};
use chrono::{DateTime, NaiveDate, Utc};
use cqrs_es::persist::ViewRepository;
use projections::orders::OrderView;
use serde::Serialize;

use crate::app::state::{load, AppState};
use crate::platform::error::ApiError;
use store::commands::Context;

/// What staff do to a transfer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StaffStep {
    Submit,
    SetDate(NaiveDate),
    Complete,
    Reject(String),
}

impl StaffStep {
    fn command(self, by: String) -> TransferCommand {
        match self {
            StaffStep::Submit => TransferCommand::Submit { by },
            StaffStep::SetDate(date) => TransferCommand::SetDate { date, by },
            StaffStep::Complete => TransferCommand::Complete { by },
            StaffStep::Reject(reason) => TransferCommand::Reject { reason, by },
        }
    }
}

/// The buyer's page for an order: where a transfer's details are confirmed and followed. The
/// link is signed (crate::app::order_links): it opens the order's details for 30 days.
pub fn order_page(state: &AppState, id: &str) -> String {
    crate::app::order_links::order_url(state, id)
}

/// The buyer's transfer details and signed letter of authority; `context` names who signed
/// (the browser that placed the order, or the signed-in owner: the caller checked which,
/// crate::app::account_services::transfer_signer). The same details sent again record (and
/// e-mail) nothing; the aggregate caps how often new ones are signed.
pub async fn confirm_details(
    state: &AppState,
    context: &Context,
    id: &str,
    number: &str,
    details: TransferDetails,
) -> Result<(), ApiError> {
    execute_and_tell(state, context, id, number, TransferCommand::ConfirmDetails { details }).await
}

/// A new PAC code for a mobile's transfer, from the buyer (`context`, as for [`confirm_details`]).
pub async fn give_pac(
    state: &AppState,
    context: &Context,
    id: &str,
    number: &str,
    pac: String,
) -> Result<(), ApiError> {
    execute_and_tell(state, context, id, number, TransferCommand::GivePac { pac }).await
}

/// A staff member's step; `by` is their e-mail.
pub async fn move_transfer(
    state: &AppState,
    id: &str,
    number: &str,
    step: StaffStep,
    by: &str,
) -> Result<(), ApiError> {
    execute_and_tell(state, &Context::staff(by), id, number, step.command(by.to_string())).await
}

/// The order's stored events (none: the order does not exist).
async fn order_events(state: &AppState, id: &str) -> Result<Vec<ServiceOrderEvent>, ApiError> {
    let events = store::commands::history::<ServiceOrder>(&state.pool, id).await?;
    if events.is_empty() {
        return Err(ServiceOrderError::NotFound.into());
    }
    Ok(events.into_iter().map(|e| e.payload).collect())
}

/// Opens the transfer of `number` on order `id` unless it is open already: from the order's
/// events, where a transfer begun in the order's own stream (an older order) carries on from
/// the state it reached there. Opening twice stores nothing, so the `open-ports` workflow
/// and a buyer's or staff member's first step may both do it.
pub async fn open(state: &AppState, context: &Context, id: &str, number: &str) -> Result<(), ApiError> {
    let transfer_id = transfer_id(id, number);
    let (_, sequence) = load::<Transfer>(&state.pool, &transfer_id).await?;
    if sequence > 0 {
        return Ok(());
    }
    let command = opening(id, number, &order_events(state, id).await?)?;
    state.transfers.cqrs.execute(context, &transfer_id, command).await?;
    Ok(())
}

async fn execute_and_tell(
    state: &AppState,
    context: &Context,
    id: &str,
    number: &str,
    command: TransferCommand,
) -> Result<(), ApiError> {
    open(state, context, id, number).await?;
    let transfer_id = transfer_id(id, number);
    // The e-mail follows from the event (the `tell-transfer` workflow), sent here at once.
    let committed = state.transfers.cqrs.execute(context, &transfer_id, command).await?;
    if !committed.events.is_empty() {
        if let Err(error) = crate::app::workflows::run(state, crate::app::workflows::TELL_TRANSFER, &transfer_id).await
        {
            tracing::warn!(order = id, ?error, "the transfer's e-mail is owed; the runner sends it");
        }
    }
    Ok(())
}

/// Each transfer of order `id` as it stands (support's console): from its own stream once
/// opened, else as the order's events make it (an older order whose transfer was never moved
/// since the upgrade). A service order with no transfers has none.
pub async fn transfers_of(state: &AppState, id: &str) -> Result<Vec<Transfer>, ApiError> {
    let events = order_events(state, id).await?;
    let mut order = ServiceOrder::default();
    for event in &events {
        cqrs_es::Aggregate::apply(&mut order, event.clone());
    }
    let mut transfers = Vec::new();
    for number in order.transfers() {
        let (transfer, sequence) = load::<Transfer>(&state.pool, &transfer_id(id, &number.value)).await?;
        if sequence > 0 {
            transfers.push(transfer);
        } else if let Ok(transfer) = aggregates::transfer::from_order(id, &number.value, &events) {
            transfers.push(transfer);
        }
    }
    Ok(transfers)
}

/// The order view with each transfer as its own view has it (projections::transfers::overlay).
pub async fn with_transfers(state: &AppState, mut view: OrderView) -> Result<OrderView, ApiError> {
    let mut transfers = Vec::new();
    for line in &view.ports {
        if let Some(transfer) =
            state.transfers.views.load(&transfer_id(&view.order_id, &line.number)).await.map_err(ApiError::internal)?
        {
            transfers.push(transfer);
        }
    }
    projections::transfers::overlay(&mut view, &transfers);
    Ok(view)
}

/// An open transfer in the staff queue: oldest first, flagged past the promise.
#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpenTransfer {
    pub order_id: String,
    pub order_number: String,
    pub email: String,
    pub number: String,
    pub state: TransferState,
    pub state_label: String,
    pub requested_at: DateTime<Utc>,
    pub date: Option<NaiveDate>,
    /// Business days since the order completed (weekends not counted).
    pub business_days_open: i64,
    /// Open longer than the 2-3 business days the shop promises.
    pub overdue: bool,
}

/// A transfer as the queue reads it: the transfer's own view, or else the order view's line.
#[derive(serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct QueuedTransfer {
    number: String,
    state: TransferState,
    state_label: String,
    requested_at: DateTime<Utc>,
    date: Option<NaiveDate>,
}

struct OpenTransferRow {
    order_id: String,
    order_number: String,
    email: String,
    transfer: sqlx::types::Json<QueuedTransfer>,
}

/// Every transfer not yet completed or rejected, the longest waiting first.
pub async fn open_transfers(state: &AppState) -> Result<Vec<OpenTransfer>, ApiError> {
    // Each transfer of the order view, as its own view has it once it is opened.
    let rows = sqlx::query_as!(
        OpenTransferRow,
        r#"SELECT order_id AS "order_id!", order_number AS "order_number!", email AS "email!",
                  port AS "transfer!: sqlx::types::Json<QueuedTransfer>" FROM (
           SELECT o.view_id AS order_id, o.payload->>'orderNumber' AS order_number, o.payload->>'email' AS email,
                  COALESCE(v.payload::jsonb, p) AS port
             FROM order_view o
            CROSS JOIN jsonb_array_elements(COALESCE(o.payload::jsonb->'ports', '[]')) p
             LEFT JOIN transfer_view v ON v.view_id = o.view_id || ':' || (p->>'number')) q
          WHERE port->>'state' NOT IN ('completed', 'rejected')
          ORDER BY port->>'requestedAt', order_id"#
    )
    .fetch_all(&state.pool)
    .await?;
    let now = state.clock.now();
    Ok(rows
        .into_iter()
        .map(|row| {
            let transfer = row.transfer.0;
            let days =
                aggregates::transfer::business_days_between(transfer.requested_at.date_naive(), now.date_naive());
            OpenTransfer {
                order_id: row.order_id,
                order_number: row.order_number,
                email: row.email,
                number: transfer.number,
                state: transfer.state,
                state_label: transfer.state_label,
                requested_at: transfer.requested_at,
                date: transfer.date,
                business_days_open: days,
                overdue: days > TRANSFER_PROMISE_BUSINESS_DAYS,
            }
        })
        .collect())
}
