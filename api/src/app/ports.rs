//! Number transfers (ports) through the API: the buyer confirms the details and signs the
//! letter of authority on their order page, staff move the port along in the support
//! console, and each change e-mails the buyer. The rules are the aggregate's
//! (aggregates::service_order::ports).

use aggregates::service_order::{
    PortDetails, PortState, ServiceOrder, ServiceOrderCommand, ServiceOrderError, PORT_PROMISE_BUSINESS_DAYS,
};
use chrono::{DateTime, NaiveDate, Utc};
use serde::Serialize;

use crate::app::checkout::mail::SUPPORT_HOURS;
use crate::app::state::{load, AppState};
use crate::commands::{self, Context, BUYER};
use crate::platform::error::ApiError;

/// What staff do to a port.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StaffStep {
    Submit,
    SetDate(NaiveDate),
    Complete,
    Reject(String),
}

impl StaffStep {
    fn command(self, number: String, by: String) -> ServiceOrderCommand {
        match self {
            StaffStep::Submit => ServiceOrderCommand::SubmitPort { number, by },
            StaffStep::SetDate(date) => ServiceOrderCommand::SetPortDate { number, date, by },
            StaffStep::Complete => ServiceOrderCommand::CompletePort { number, by },
            StaffStep::Reject(reason) => ServiceOrderCommand::RejectPort { number, reason, by },
        }
    }
}

/// The buyer's page for an order: where a transfer's details are confirmed and followed.
pub fn order_page(state: &AppState, id: &str) -> String {
    format!("{}/thank-you?order={id}", state.services.config.site_url)
}

/// The buyer's transfer details and signed letter of authority. The same details sent again
/// record (and e-mail) nothing.
pub async fn confirm_details(state: &AppState, id: &str, number: &str, details: PortDetails) -> Result<(), ApiError> {
    let command = ServiceOrderCommand::ConfirmPortDetails { number: number.to_string(), details };
    execute_and_tell(state, &BUYER, id, command).await
}

/// A new PAC code for a mobile's port, from the buyer.
pub async fn give_pac(state: &AppState, id: &str, number: &str, pac: String) -> Result<(), ApiError> {
    let command = ServiceOrderCommand::GivePortPac { number: number.to_string(), pac };
    execute_and_tell(state, &BUYER, id, command).await
}

/// A staff member's step; `by` is their e-mail.
pub async fn move_port(state: &AppState, id: &str, number: &str, step: StaffStep, by: &str) -> Result<(), ApiError> {
    execute_and_tell(state, &Context::staff(by), id, step.command(number.to_string(), by.to_string())).await
}

async fn execute_and_tell(
    state: &AppState,
    context: &Context,
    id: &str,
    command: ServiceOrderCommand,
) -> Result<(), ApiError> {
    let (_, before) = load::<ServiceOrder>(&state.pool, id).await?;
    if before == 0 {
        return Err(ServiceOrderError::NotFound.into());
    }
    // The e-mail follows from the event (the `tell-buyer` workflow), sent here at once.
    let committed = commands::execute(&state.orders, context, id, command).await?;
    if !committed.events.is_empty() {
        if let Err(error) = crate::app::workflows::run(state, crate::app::workflows::TELL_BUYER, id).await {
            tracing::warn!(order = id, ?error, "the transfer's e-mail is owed; the runner sends it");
        }
    }
    Ok(())
}

/// The e-mail that tells the buyer where their transfer stands now, or None when the
/// order does not transfer that number.
pub fn port_mail(order: &ServiceOrder, number: &str, order_page: &str) -> Option<(String, String)> {
    let port = order.port(number)?;
    let provider = port.details.as_ref().map_or("your current provider", |d| d.current_provider.as_str());
    if port.moves_with_pac() {
        return mobile_port_mail(order, port, order_page);
    }
    let news = match port.state {
        PortState::Requested => return None,
        PortState::DetailsConfirmed => format!(
            "We have your transfer details and your signed letter of authority. We will send the transfer to {provider} \
             within one business day; transfers usually complete in 2-3 business days."
        ),
        PortState::Submitted => format!(
            "We have sent the transfer of {number} to {provider}. They confirm a transfer date, usually within 2-3 \
             business days, and we will e-mail you as soon as they do. Keep your current service until then."
        ),
        PortState::DateSet => format!(
            "{provider} has agreed to transfer {number} on {}. Calls to it may drop for a few minutes that day. Keep your \
             current service until the number rings on Talkbridge; then you can cancel it with {provider}.",
            port.date.map(|d| d.format("%A %-d %B %Y").to_string()).unwrap_or_default()
        ),
        PortState::Completed => format!(
            "{number} now rings on Talkbridge: calls to it reach your extensions. You can now cancel your service with \
             {provider} (ask them not to cancel the number itself, which is now ours to look after for you)."
        ),
        PortState::Rejected => format!(
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
fn mobile_port_mail(
    order: &ServiceOrder,
    port: &aggregates::service_order::Port,
    order_page: &str,
) -> Option<(String, String)> {
    let number = &port.number;
    let news = match port.state {
        PortState::Requested => return None,
        PortState::DetailsConfirmed => "We have your PAC code. We will send the transfer to your mobile network within one \
             business day; a mobile number usually moves one business day after that."
            .to_string(),
        PortState::Submitted => format!(
            "We have sent the transfer of {number} to your mobile network with your PAC code. They confirm the day it \
             moves, and we will e-mail you as soon as they do. Keep your SIM until then."
        ),
        PortState::DateSet => format!(
            "Your mobile network has agreed to transfer {number} on {}. The SIM stops working for calls to the number \
             that day, once it rings on Talkbridge.",
            port.date.map(|d| d.format("%A %-d %B %Y").to_string()).unwrap_or_default()
        ),
        PortState::Completed => format!(
            "{number} now rings on Talkbridge: calls to it reach your extensions. Your contract with the old network for \
             that number ends with the transfer (any notice or charges under it remain yours)."
        ),
        PortState::Rejected => format!(
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
pub struct OpenPort {
    pub order_id: String,
    pub order_number: String,
    pub email: String,
    pub number: String,
    pub state: PortState,
    pub state_label: String,
    pub requested_at: DateTime<Utc>,
    pub date: Option<NaiveDate>,
    /// Business days since the order completed (weekends not counted).
    pub business_days_open: i64,
    /// Open longer than the 2-3 business days the shop promises.
    pub overdue: bool,
}

struct PortRow {
    order_id: String,
    order_number: String,
    email: String,
    port: sqlx::types::Json<projections::orders::PortLine>,
}

/// Every port not yet completed or rejected, the longest waiting first.
pub async fn open_ports(state: &AppState) -> Result<Vec<OpenPort>, ApiError> {
    let rows = sqlx::query_as!(
        PortRow,
        r#"SELECT view_id AS order_id, payload->>'orderNumber' AS "order_number!", payload->>'email' AS "email!",
                  p AS "port!: sqlx::types::Json<projections::orders::PortLine>"
           FROM order_view, jsonb_array_elements(COALESCE(payload::jsonb->'ports', '[]')) p
          WHERE p->>'state' NOT IN ('completed', 'rejected')
          ORDER BY p->>'requestedAt', view_id"#
    )
    .fetch_all(&state.pool)
    .await?;
    let now = state.clock.now();
    Ok(rows
        .into_iter()
        .map(|row| {
            let port = row.port.0;
            let days =
                aggregates::service_order::business_days_between(port.requested_at.date_naive(), now.date_naive());
            OpenPort {
                order_id: row.order_id,
                order_number: row.order_number,
                email: row.email,
                number: port.number,
                state: port.state,
                state_label: port.state_label,
                requested_at: port.requested_at,
                date: port.date,
                business_days_open: days,
                overdue: days > PORT_PROMISE_BUSINESS_DAYS,
            }
        })
        .collect())
}
