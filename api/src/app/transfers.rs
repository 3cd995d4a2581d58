//! Number transfers (ports) through the API: the buyer confirms the details and signs the
//! letter of authority on their order page, staff move the port along in the support
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

use crate::app::checkout::mail::SUPPORT_HOURS;
use crate::app::state::{load, AppState};
use crate::platform::error::ApiError;
use store::commands::Context;

/// What staff do to a port.
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

/// A new PAC code for a mobile's port, from the buyer (`context`, as for [`confirm_details`]).
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

/// Opens the port of `number` on order `id` unless it is open already: from the order's
/// events, where a port begun in the order's own stream (an older order) carries on from
/// the state it reached there. Opening twice stores nothing, so the `open-ports` workflow
/// and a buyer's or staff member's first step may both do it.
pub async fn open(state: &AppState, context: &Context, id: &str, number: &str) -> Result<(), ApiError> {
    let transfer_id = transfer_id(id, number);
    let (_, sequence) = load::<Transfer>(&state.pool, &transfer_id).await?;
    if sequence > 0 {
        return Ok(());
    }
    let command = opening(id, number, &order_events(state, id).await?)?;
    state.ports.execute(context, &transfer_id, command).await?;
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
    let committed = state.ports.execute(context, &transfer_id, command).await?;
    if !committed.events.is_empty() {
        if let Err(error) = crate::app::workflows::run(state, crate::app::workflows::TELL_TRANSFER, &transfer_id).await
        {
            tracing::warn!(order = id, ?error, "the transfer's e-mail is owed; the runner sends it");
        }
    }
    Ok(())
}

/// Each port of order `id` as it stands (support's console): from its own stream once
/// opened, else as the order's events make it (an older order whose port was never moved
/// since the upgrade). A service order with no transfers has none.
pub async fn transfers_of(state: &AppState, id: &str) -> Result<Vec<Transfer>, ApiError> {
    let events = order_events(state, id).await?;
    let mut order = ServiceOrder::default();
    for event in &events {
        cqrs_es::Aggregate::apply(&mut order, event.clone());
    }
    let mut ports = Vec::new();
    for number in order.transfers() {
        let (port, sequence) = load::<Transfer>(&state.pool, &transfer_id(id, &number.value)).await?;
        if sequence > 0 {
            ports.push(port);
        } else if let Ok(port) = aggregates::transfer::from_order(id, &number.value, &events) {
            ports.push(port);
        }
    }
    Ok(ports)
}

/// The order view with each port as its own view has it (projections::transfers::overlay).
pub async fn with_transfers(state: &AppState, mut view: OrderView) -> Result<OrderView, ApiError> {
    let mut ports = Vec::new();
    for line in &view.ports {
        if let Some(port) =
            state.port_views.load(&transfer_id(&view.order_id, &line.number)).await.map_err(ApiError::internal)?
        {
            ports.push(port);
        }
    }
    projections::transfers::overlay(&mut view, &ports);
    Ok(view)
}

/// The e-mail that tells the buyer where their transfer stands now (none while it waits
/// for their details).
pub fn transfer_mail(order: &ServiceOrder, port: &Transfer, order_page: &str) -> Option<(String, String)> {
    let number = &port.number;
    let provider = port.details.as_ref().map_or("your current provider", |d| d.current_provider.as_str());
    if port.moves_with_pac() {
        return mobile_port_mail(order, port, order_page);
    }
    let news = match port.state {
        TransferState::Requested => return None,
        TransferState::DetailsConfirmed => format!(
            "We have your transfer details and your signed letter of authority. We will send the transfer to {provider} \
             within one business day; transfers usually complete in 2-3 business days."
        ),
        TransferState::Submitted => format!(
            "We have sent the transfer of {number} to {provider}. They confirm a transfer date, usually within 2-3 \
             business days, and we will e-mail you as soon as they do. Keep your current service until then."
        ),
        TransferState::DateSet => format!(
            "{provider} has agreed to transfer {number} on {}. Calls to it may drop for a few minutes that day. Keep your \
             current service until the number rings on Talkbridge; then you can cancel it with {provider}.",
            port.date.map(|d| d.format("%A %-d %B %Y").to_string()).unwrap_or_default()
        ),
        TransferState::Completed => format!(
            "{number} now rings on Talkbridge: calls to it reach your extensions. You can now cancel your service with \
             {provider} (ask them not to cancel the number itself, which is now ours to look after for you)."
        ),
        TransferState::Rejected => format!(
            "{provider} did not release {number}: {}\n\nPlease correct your transfer details and sign again on your order \
             page; we will send it again as soon as you do.",
            port.rejection_reason.as_deref().unwrap_or("no reason was given")
        ),
    };
    let subject = format!("Transfer of {number}: {}", port.state.label().to_lowercase());
    let body = format!(
        "Hello {},\n\n{news}\n\nYour order {} shows where the transfer stands: {order_page}\n\nQuestions? Reply to this \
         e-mail or call support ({SUPPORT_HOURS}, Monday to Friday).\n",
        order.customer.first_name, order.order_number
    );
    Some((subject, body))
}

/// A mobile's transfer, authorised by its PAC code: the same steps, told for a mobile.
fn mobile_port_mail(order: &ServiceOrder, port: &Transfer, order_page: &str) -> Option<(String, String)> {
    let number = &port.number;
    let news = match port.state {
        TransferState::Requested => return None,
        TransferState::DetailsConfirmed => "We have your PAC code. We will send the transfer to your mobile network within one \
             business day; a mobile number usually moves one business day after that."
            .to_string(),
        TransferState::Submitted => format!(
            "We have sent the transfer of {number} to your mobile network with your PAC code. They confirm the day it \
             moves, and we will e-mail you as soon as they do. Keep your SIM until then."
        ),
        TransferState::DateSet => format!(
            "Your mobile network has agreed to transfer {number} on {}. The SIM stops working for calls to the number \
             that day, once it rings on Talkbridge.",
            port.date.map(|d| d.format("%A %-d %B %Y").to_string()).unwrap_or_default()
        ),
        TransferState::Completed => format!(
            "{number} now rings on Talkbridge: calls to it reach your extensions. Your contract with the old network for \
             that number ends with the transfer (any notice or charges under it remain yours)."
        ),
        TransferState::Rejected => format!(
            "Your mobile network did not release {number}: {}\n\nA PAC code is valid for 30 days. Text PAC to 65075 \
             from the phone for a new one and enter it on your order page; we will send the transfer again as soon as you do.",
            port.rejection_reason.as_deref().unwrap_or("no reason was given")
        ),
    };
    let subject = format!("Transfer of {number}: {}", port.state.label().to_lowercase());
    let body = format!(
        "Hello {},\n\n{news}\n\nYour order {} shows where the transfer stands: {order_page}\n\nQuestions? Reply to this \
         e-mail or call support ({SUPPORT_HOURS}, Monday to Friday).\n",
        order.customer.first_name, order.order_number
    );
    Some((subject, body))
}

/// An open port in the staff queue: oldest first, flagged past the promise.
#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = OpenPort)]
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

/// A port as the queue reads it: the port's own view, or else the order view's line.
#[derive(serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct QueuedPort {
    number: String,
    state: TransferState,
    state_label: String,
    requested_at: DateTime<Utc>,
    date: Option<NaiveDate>,
}

struct PortRow {
    order_id: String,
    order_number: String,
    email: String,
    port: sqlx::types::Json<QueuedPort>,
}

/// Every port not yet completed or rejected, the longest waiting first.
pub async fn open_ports(state: &AppState) -> Result<Vec<OpenTransfer>, ApiError> {
    // Each port of the order view, as its own view has it once it is opened.
    let rows = sqlx::query_as!(
        PortRow,
        r#"SELECT order_id AS "order_id!", order_number AS "order_number!", email AS "email!",
                  port AS "port!: sqlx::types::Json<QueuedPort>" FROM (
           SELECT o.view_id AS order_id, o.payload->>'orderNumber' AS order_number, o.payload->>'email' AS email,
                  COALESCE(v.payload::jsonb, p) AS port
             FROM order_view o
            CROSS JOIN jsonb_array_elements(COALESCE(o.payload::jsonb->'ports', '[]')) p
             LEFT JOIN port_view v ON v.view_id = o.view_id || ':' || (p->>'number')) q
          WHERE port->>'state' NOT IN ('completed', 'rejected')
          ORDER BY port->>'requestedAt', order_id"#
    )
    .fetch_all(&state.pool)
    .await?;
    let now = state.clock.now();
    Ok(rows
        .into_iter()
        .map(|row| {
            let port = row.port.0;
            let days = aggregates::transfer::business_days_between(port.requested_at.date_naive(), now.date_naive());
            OpenTransfer {
                order_id: row.order_id,
                order_number: row.order_number,
                email: row.email,
                number: port.number,
                state: port.state,
                state_label: port.state_label,
                requested_at: port.requested_at,
                date: port.date,
                business_days_open: days,
                overdue: days > TRANSFER_PROMISE_BUSINESS_DAYS,
            }
        })
        .collect())
}
