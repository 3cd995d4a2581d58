//! The support console: find an order, read its history with the aggregate replayed to
//! any event, and act on it only through commands whose events name the staff member.

pub mod calls;
pub mod calls_out;
pub mod fraud;
pub mod history;
pub mod refunds;
pub mod search;

use aggregates::hardware_order::{HardwareOrder, HardwareOrderCommand, HardwareOrderStatus};
use aggregates::phone_number::{PhoneNumberCommand, PhoneNumberError};
use aggregates::service_order::{OrderStatus, ServiceOrder, ServiceOrderCommand, ServiceOrderError};
use aggregates::transfer::{Transfer, TransferState, TransferStep};
use aggregates::trial::TrialStep;
use aggregates::trial::{Trial, TrialCommand, TrialStatus, MAX_EXTENSION_DAYS};
use cqrs_es::persist::ViewRepository;
use cqrs_es::AggregateError;
use jobs::mail::{Email, PasswordNote};
use jobs::outbox::queue;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use self::history::{emails, replay, replay_service_order, state_json, EmailOut, EventOut, Replay};
use crate::app::auth::{Role, Staff};
use crate::app::state::{load, AppState};
use crate::platform::error::ApiError;
use crate::platform::refusals::{
    NOTHING_TO_RELEASE, NOT_A_FREE_NUMBER, NOT_OWNER, NO_NUMBER_IN_AREA, NO_SUCH_ORDER_FOR_STAFF, ONLY_TRIALS_EXTEND,
};
use store::commands::Context;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum OrderKind {
    Service,
    Trial,
    Hardware,
}

impl OrderKind {
    pub fn parse(text: &str) -> Option<OrderKind> {
        match text {
            "service" => Some(OrderKind::Service),
            "trial" => Some(OrderKind::Trial),
            "hardware" => Some(OrderKind::Hardware),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            OrderKind::Service => "service",
            OrderKind::Trial => "trial",
            OrderKind::Hardware => "hardware",
        }
    }
}

impl TryFrom<String> for OrderKind {
    type Error = String;

    fn try_from(text: String) -> Result<Self, Self::Error> {
        OrderKind::parse(&text).ok_or_else(|| format!("{text:?} is not an order kind"))
    }
}

/// What staff may do to the order now (for the buttons; each command checks again).
#[derive(Debug, Default, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Actions {
    pub resend_confirmation: bool,
    pub releasable_numbers: Vec<String>,
    /// Paid numbers the order could not be given: each can be replaced in one click.
    pub replaceable_numbers: Vec<String>,
    /// Area codes paid for and still waiting for a number, each with free numbers to pick.
    pub open_placeholders: Vec<OpenPlaceholder>,
    pub extend_trial: bool,
    /// The order's number transfers, each with the steps staff may take now.
    pub ports: Vec<TransferAction>,
    /// Extensions whose SIP password staff may reset (none once a trial ended unconverted).
    pub sip_extensions: Vec<String>,
    /// What of a paid hardware order is left to refund (none when nothing is).
    pub refund: Option<RefundAction>,
    /// A service order's subscription that may be cancelled (none when it may not).
    pub cancel_subscription: Option<CancelAction>,
    /// A service order's calls out, which an admin may suspend or restore (none for support
    /// staff, and before the order has its account).
    pub calls_out: Option<CallsOutAction>,
}

/// A service order's calls out, as the console offers them to an admin.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CallsOutAction {
    /// Why they are suspended (the phones' 403 phrase), and for what; none while they go.
    pub suspended: Option<String>,
    pub cause: Option<aggregates::service_order::SuspensionCause>,
}

/// A paid hardware order's refund, as the console offers it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RefundAction {
    /// What is left of what the buyer paid (a whole-order refund gives this back).
    pub left: aggregates::pricing::Pence,
    /// Each phone with how many are left to refund.
    pub lines: Vec<RefundableLine>,
    /// Admins carry refunds out; support staff propose them.
    pub perform: bool,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RefundableLine {
    pub product_id: String,
    pub name: String,
    pub unit_price: aggregates::pricing::Pence,
    pub quantity: u32,
    pub quantity_left: u32,
}

/// A subscription's cancellation, as the console offers it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CancelAction {
    /// Cancelled from the end of its period already: it may still be ended now.
    pub at_period_end_already: bool,
    /// Admins carry cancellations out; support staff propose them.
    pub perform: bool,
}

/// A number transfer as staff act on it: what the losing provider needs, and the next steps.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TransferAction {
    pub number: String,
    pub state: TransferState,
    pub state_label: String,
    /// Of `submit`, `setDate`, `complete`, `reject`: those that follow from the state.
    pub steps: Vec<String>,
    pub business_days_open: i64,
    /// Open longer than the 2-3 business days the shop promises.
    pub overdue: bool,
    pub account_holder: Option<String>,
    pub current_provider: Option<String>,
    pub billing_postcode: Option<String>,
    pub signed_name: Option<String>,
    pub signed_at: Option<chrono::DateTime<chrono::Utc>>,
    pub date: Option<chrono::NaiveDate>,
    pub rejection_reason: Option<String>,
    /// A mobile's PAC code, its authority to move in place of a letter of authority (staff
    /// only: the buyer's order view never carries it).
    pub pac: Option<String>,
}

fn port_actions(ports: &[Transfer], now: chrono::DateTime<chrono::Utc>) -> Vec<TransferAction> {
    let today = now.date_naive();
    ports
        .iter()
        .map(|port| {
            let steps = [
                ("submit", TransferStep::Submit),
                ("setDate", TransferStep::SetDate(today)),
                ("complete", TransferStep::Complete),
                ("reject", TransferStep::Reject),
            ]
            .into_iter()
            .filter(|(_, step)| port.check_step(*step, today).is_ok())
            .map(|(name, _)| name.to_string())
            .collect();
            let details = port.details.as_ref();
            TransferAction {
                number: port.number.clone(),
                state: port.state,
                state_label: port.state.label().to_string(),
                steps,
                business_days_open: port.business_days_open(now),
                overdue: port.overdue(now),
                account_holder: details.map(|d| d.account_holder.clone()),
                current_provider: details.map(|d| d.current_provider.clone()),
                billing_postcode: details.map(|d| d.billing_postcode.clone()),
                signed_name: details.map(|d| d.signed_name.clone()),
                signed_at: port.signed_at,
                date: port.date,
                rejection_reason: port.rejection_reason.clone(),
                pac: port.pac.clone(),
            }
        })
        .collect()
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpenPlaceholder {
    /// As the order names it: `placeholder-020`.
    pub placeholder: String,
    pub area_code: String,
    /// A few free numbers of that area code (none yet: the job fills it when stock arrives).
    pub candidates: Vec<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderHistory {
    pub kind: OrderKind,
    pub id: String,
    pub order_number: String,
    pub up_to: usize,
    pub last_sequence: usize,
    pub events: Vec<EventOut>,
    /// The aggregate as it stood after event `upTo`, without street addresses or credentials.
    #[schema(value_type = std::collections::HashMap<String, Value>)]
    pub state: Value,
    /// The same as label and value pairs, in reading order.
    #[schema(value_type = Vec<Vec<String>>)]
    pub state_summary: Vec<(String, String)>,
    /// The read model as it is now (null when it has none yet).
    #[schema(value_type = Option<std::collections::HashMap<String, Value>>)]
    pub view: Value,
    pub emails: Vec<EmailOut>,
    pub actions: Actions,
}

fn no_such_order() -> ApiError {
    ApiError::refused(&NO_SUCH_ORDER_FOR_STAFF)
}

fn view_json<V: Serialize>(view: Option<V>) -> Value {
    let mut value = view.map(|v| state_json(&v)).unwrap_or(Value::Null);
    if let Value::Object(map) = &mut value {
        map.remove("lastSequence");
    }
    value
}

fn assemble<A: projections::history::Narrated>(
    kind: OrderKind,
    id: &str,
    order_number: String,
    replayed: Replay<A>,
    view: Value,
    emails: Vec<EmailOut>,
    actions: Actions,
) -> OrderHistory {
    OrderHistory {
        kind,
        id: id.to_string(),
        order_number,
        up_to: replayed.up_to,
        last_sequence: replayed.events.last().map_or(0, |e| e.sequence),
        state_summary: replayed.state.summary(),
        state: state_json(&replayed.state),
        events: replayed.events,
        view,
        emails,
        actions,
    }
}

/// The order's history replayed to `up_to` (its last event when `None`).
pub async fn order_history(
    state: &AppState,
    staff: &Staff,
    kind: OrderKind,
    id: &str,
    up_to: Option<usize>,
) -> Result<OrderHistory, ApiError> {
    let mail = emails(&state.pool, id).await?;
    Ok(match kind {
        OrderKind::Service => {
            let replayed = replay_service_order(&state.pool, id, up_to).await?.ok_or_else(no_such_order)?;
            let current_ports = crate::app::transfers::transfers_of(state, id).await?;
            let (replayed, ports, credit) = (replayed.replay, replayed.ports, replayed.credit);
            let current = &replayed.current;
            let actions = Actions {
                resend_confirmation: current.status == OrderStatus::Completed,
                releasable_numbers: current
                    .assigned_numbers
                    .iter()
                    .filter(|n| !current.released_numbers.contains(n))
                    .cloned()
                    .collect(),
                replaceable_numbers: current.lost_numbers.clone(),
                open_placeholders: open_placeholders(state, current).await?,
                extend_trial: false,
                ports: port_actions(&current_ports, state.clock.now()),
                sip_extensions: current.extensions.iter().map(|e| e.number.clone()).collect(),
                refund: None,
                cancel_subscription: current.check_cancellation(false, "-").is_ok().then(|| CancelAction {
                    at_period_end_already: current.cancellation.as_ref().is_some_and(|c| c.at_period_end),
                    perform: staff.role == Role::Admin,
                }),
                calls_out: (staff.role == Role::Admin && current.account_id.is_some()).then(|| CallsOutAction {
                    suspended: current.suspension.as_ref().map(|s| s.reason.clone()),
                    cause: current.suspension.as_ref().map(|s| s.cause),
                }),
            };
            let view = match state.orders.views.load(id).await.map_err(ApiError::internal)? {
                Some(view) => Some(crate::app::transfers::with_transfers(state, view).await?),
                None => None,
            };
            let view = view_json(view);
            let number = current.order_number.clone();
            let mut history = assemble(kind, id, number, replayed, view, mail, actions);
            // The order's ports are part of it, as they stood then.
            history.state_summary.extend(ports.iter().flat_map(projections::history::Narrated::summary));
            // And its call credit (Pay As You Go), as it stood then.
            history.state_summary.extend(credit.iter().flat_map(projections::history::Narrated::summary));
            if let Value::Object(map) = &mut history.state {
                map.insert("ports".to_string(), state_json(&ports));
                if let Some(credit) = &credit {
                    map.insert("callCredit".to_string(), state_json(credit));
                }
            }
            history
        }
        OrderKind::Trial => {
            let replayed = replay::<Trial>(&state.pool, id, up_to).await?.ok_or_else(no_such_order)?;
            let current = &replayed.current;
            let actions = Actions {
                resend_confirmation: current.status != TrialStatus::New,
                releasable_numbers: vec![],
                replaceable_numbers: vec![],
                open_placeholders: vec![],
                ports: vec![],
                sip_extensions: if matches!(current.status, TrialStatus::Active | TrialStatus::Converted) {
                    vec!["101".to_string()]
                } else {
                    vec![]
                },
                extend_trial: staff.role == Role::Admin
                    && current.status == TrialStatus::Active
                    && current.extended_days < MAX_EXTENSION_DAYS,
                refund: None,
                cancel_subscription: None,
                calls_out: None,
            };
            let view = view_json(state.trials.views.load(id).await.map_err(ApiError::internal)?);
            assemble(kind, id, search::trial_number(id), replayed, view, mail, actions)
        }
        OrderKind::Hardware => {
            let replayed = replay::<HardwareOrder>(&state.pool, id, up_to).await?.ok_or_else(no_such_order)?;
            let current = &replayed.current;
            let left = current.refund_left();
            let refund = (left > aggregates::pricing::Pence::ZERO).then(|| RefundAction {
                left,
                lines: current
                    .lines
                    .iter()
                    .map(|line| RefundableLine {
                        product_id: line.product_id.clone(),
                        name: line.name.clone(),
                        unit_price: line.unit_price,
                        quantity: line.quantity,
                        quantity_left: current.refundable_quantity(&line.product_id),
                    })
                    .collect(),
                perform: staff.role == Role::Admin,
            });
            let actions = Actions {
                resend_confirmation: current.status == HardwareOrderStatus::Confirmed,
                refund,
                ..Actions::default()
            };
            let view = view_json(state.hardware_orders.views.load(id).await.map_err(ApiError::internal)?);
            let number = current.order_number.clone();
            assemble(kind, id, number, replayed, view, mail, actions)
        }
    })
}

async fn open_placeholders(state: &AppState, order: &ServiceOrder) -> Result<Vec<OpenPlaceholder>, ApiError> {
    let mut open = vec![];
    for placeholder in order.open_placeholders() {
        let candidates = jobs::placeholders::candidates(&state.pool, &placeholder, 5).await?;
        let area_code = jobs::placeholders::area_code(&placeholder).to_string();
        open.push(OpenPlaceholder { placeholder, area_code, candidates });
    }
    Ok(open)
}

/// A staff member gives an area-code placeholder one of the free numbers of its code; answers
/// the fresh history (as every staff action on an order does, but the SIP password's reset).
pub async fn fill_placeholder(
    state: &AppState,
    staff: &Staff,
    kind: OrderKind,
    id: &str,
    placeholder: &str,
    number: &str,
) -> Result<OrderHistory, ApiError> {
    use jobs::placeholders::FillError;
    if kind != OrderKind::Service {
        return Err(aggregates::service_order::ServiceOrderError::NotAnOpenPlaceholder.into());
    }
    existing::<ServiceOrder>(state, id).await?;
    let filled = jobs::placeholders::fill(
        &crate::app::state::placeholders(state, Context::staff(&staff.email)),
        id,
        placeholder,
        Some(number),
    )
    .await;
    match filled {
        Ok(Some(_)) => {
            if let Err(error) = crate::app::workflows::run(state, crate::app::workflows::TELL_BUYER, id).await {
                tracing::warn!(order = id, ?error, "the buyer's e-mail is owed; the runner sends it");
            }
        }
        Ok(None) | Err(FillError::NotACandidate) => return Err(ApiError::refused_with(&NOT_A_FREE_NUMBER, number)),
        Err(FillError::NotOpen) => {
            return Err(aggregates::service_order::ServiceOrderError::NotAnOpenPlaceholder.into())
        }
        Err(FillError::Failed(error)) => return Err(ApiError::internal(error)),
    }
    order_history(state, staff, kind, id, None).await
}

/// The sequence of the aggregate's last event, or 404 when it has none.
async fn existing<A: cqrs_es::Aggregate>(state: &AppState, id: &str) -> Result<(A, usize), ApiError> {
    match load::<A>(&state.pool, id).await? {
        (_, 0) => Err(no_such_order()),
        found => Ok(found),
    }
}

/// A new SIP password for one extension of a service order or trial, answered once for staff
/// to read to the buyer (crate::app::sip_passwords, which the customer's own reset shares).
pub async fn reset_sip_password(
    state: &AppState,
    staff: &Staff,
    kind: OrderKind,
    id: &str,
    number: &str,
) -> Result<(String, String), ApiError> {
    use crate::app::sip_passwords::{reset, Extensions};
    let whose = match kind {
        OrderKind::Service => Extensions::Order(id),
        OrderKind::Trial => Extensions::Trial(id),
        OrderKind::Hardware => return Err(ServiceOrderError::ExtensionNotFound.into()),
    };
    reset(state, &Context::staff(&staff.email), whose, number).await
}

/// A copy of the order's confirmation (the trial's welcome) to the buyer, after an event
/// that says who asked for it. Each copy is its own e-mail in the outbox.
pub async fn resend_confirmation(
    state: &AppState,
    staff: &Staff,
    kind: OrderKind,
    id: &str,
) -> Result<OrderHistory, ApiError> {
    // Each copy its own e-mail: the event that asked for it names it.
    let reference = |sequence: usize| format!("{id}#resent-{sequence}");
    let sip = state.services.config.sip.for_mail();
    match kind {
        OrderKind::Service => {
            existing::<ServiceOrder>(state, id).await?;
            state
                .orders
                .cqrs
                .execute(&Context::staff(&staff.email), id, ServiceOrderCommand::ResendConfirmation)
                .await?;
            let (order, sequence) = load::<ServiceOrder>(&state.pool, id).await?;
            let lines = order.lines.as_ref().ok_or_else(no_such_order)?;
            let order_page = crate::app::transfers::order_page(state, id);
            let passwords = PasswordNote::Resent;
            let email = Email::OrderConfirmation { order: &order, lines, passwords, order_page: &order_page, sip };
            queue(&state.pool, &order.customer.email, &reference(sequence), &email).await?;
        }
        OrderKind::Trial => {
            existing::<Trial>(state, id).await?;
            state.trials.cqrs.execute(&Context::staff(&staff.email), id, TrialCommand::ResendConfirmation).await?;
            let (_, sequence) = load::<Trial>(&state.pool, id).await?;
            let view = state.trials.views.load(id).await.map_err(ApiError::internal)?.ok_or_else(no_such_order)?;
            let email = Email::TrialWelcome { view: &view, number: &view.number, sip };
            queue(&state.pool, &view.email, &reference(sequence), &email).await?;
        }
        OrderKind::Hardware => {
            existing::<HardwareOrder>(state, id).await?;
            state
                .hardware_orders
                .cqrs
                .execute(&Context::staff(&staff.email), id, HardwareOrderCommand::ResendConfirmation)
                .await?;
            let (order, sequence) = load::<HardwareOrder>(&state.pool, id).await?;
            let email = Email::HardwareConfirmation { order: &order };
            queue(&state.pool, &order.customer.email, &reference(sequence), &email).await?;
        }
    }
    order_history(state, staff, kind, id, None).await
}

/// One of a service order's numbers back to the free stock: the number's own aggregate
/// lets go first (refused when the order no longer owns it), then the order records it.
pub async fn release_number(
    state: &AppState,
    staff: &Staff,
    kind: OrderKind,
    id: &str,
    number: &str,
) -> Result<OrderHistory, ApiError> {
    if kind != OrderKind::Service {
        return Err(ApiError::refused(&NOTHING_TO_RELEASE));
    }
    let (order, _) = existing::<ServiceOrder>(state, id).await?;
    if order.released_numbers.iter().any(|n| n == number) {
        return Err(aggregates::service_order::ServiceOrderError::NumberAlreadyReleased.into());
    }
    if !order.assigned_numbers.iter().any(|n| n == number) {
        return Err(aggregates::service_order::ServiceOrderError::NotTheOrdersNumber.into());
    }
    let command = PhoneNumberCommand::ReturnToStock { owner: format!("order:{id}") };
    match state.numbers.cqrs.execute(&Context::staff(&staff.email), number, command).await {
        Ok(_) => {}
        Err(AggregateError::UserError(PhoneNumberError::NotOwner)) => return Err(ApiError::refused(&NOT_OWNER)),
        Err(error) => return Err(error.into()),
    }
    let command = ServiceOrderCommand::ReleaseNumber { number: number.to_string() };
    state.orders.cqrs.execute(&Context::staff(&staff.email), id, command).await?;
    order_history(state, staff, kind, id, None).await
}

/// A lost number's replacement: the first free number of the same kind in the same area
/// code becomes the order's, the order records who gave it, and the buyer is told by e-mail.
pub async fn replace_lost_number(
    state: &AppState,
    staff: &Staff,
    kind: OrderKind,
    id: &str,
    lost: &str,
) -> Result<OrderHistory, ApiError> {
    use aggregates::service_order::ServiceOrderError;
    if kind != OrderKind::Service {
        return Err(ServiceOrderError::NotLost.into());
    }
    let (order, _) = existing::<ServiceOrder>(state, id).await?;
    if !order.lost_numbers.iter().any(|n| n == lost) {
        return Err(ServiceOrderError::NotLost.into());
    }
    let candidates = projections::inventory::available_like(&state.pool, lost, 5).await?;
    // The replacement is assigned and recorded in one transaction; the e-mail to the buyer
    // follows from `NumberReplaced` (the `tell-buyer` workflow).
    let record = |replacement: &str| ServiceOrderCommand::ReplaceLostNumber {
        lost: lost.to_string(),
        replacement: replacement.to_string(),
    };
    let ctx = crate::app::state::placeholders(state, Context::staff(&staff.email));
    let replacement = match jobs::placeholders::assign_and_record(&ctx, id, candidates, record).await {
        Ok(replacement) => replacement,
        Err(jobs::placeholders::Given::Refused(refusal)) => return Err(refusal.into()),
        Err(jobs::placeholders::Given::Failed(error)) => return Err(ApiError::internal(error)),
    };
    if replacement.is_none() {
        return Err(ApiError::refused_with(&NO_NUMBER_IN_AREA, lost));
    }
    if let Err(error) = crate::app::workflows::run(state, crate::app::workflows::TELL_BUYER, id).await {
        tracing::warn!(order = %order.order_number, ?error, "the buyer's e-mail is owed; the runner sends it");
    }
    order_history(state, staff, kind, id, None).await
}

/// More days for a running trial (admins only: the route asks for `Admin`).
pub async fn extend_trial(
    state: &AppState,
    staff: &Staff,
    kind: OrderKind,
    id: &str,
    days: u32,
) -> Result<OrderHistory, ApiError> {
    if kind != OrderKind::Trial {
        return Err(ApiError::refused(&ONLY_TRIALS_EXTEND));
    }
    existing::<Trial>(state, id).await?;
    state
        .trials
        .cqrs
        .execute(&Context::staff(&staff.email), id, TrialCommand::Running(TrialStep::Extend { days }))
        .await?;
    order_history(state, staff, kind, id, None).await
}

/// Moves a service order's number transfer a step along (the buyer is e-mailed).
pub async fn move_transfer(
    state: &AppState,
    staff: &Staff,
    id: &str,
    number: &str,
    step: crate::app::transfers::StaffStep,
) -> Result<OrderHistory, ApiError> {
    crate::app::transfers::move_transfer(state, id, number, step, &staff.email).await?;
    order_history(state, staff, OrderKind::Service, id, None).await
}

/// The order an order number (SB-, HW-, TR-) or an order id names, for the command line.
pub async fn find_order(state: &AppState, text: &str) -> Result<Option<(OrderKind, String)>, ApiError> {
    let text = text.trim();
    let page = search::search(&state.pool, text, None).await?;
    let exact = page.results.iter().find(|found| found.order_number.eq_ignore_ascii_case(text) || found.id == text);
    Ok(exact.map(|found| (found.kind, found.id.clone())))
}

/// The order's timeline as text: one line per event (position, time, actor, sentence),
/// then its e-mails. `voip-shop history ORDER-NUMBER` prints it.
pub async fn timeline(state: &AppState, kind: OrderKind, id: &str) -> Result<String, ApiError> {
    let (number, events) = match kind {
        OrderKind::Service => {
            let replayed = replay::<ServiceOrder>(&state.pool, id, None).await?.ok_or_else(no_such_order)?;
            (replayed.current.order_number.clone(), replayed.events)
        }
        OrderKind::Trial => {
            let replayed = replay::<Trial>(&state.pool, id, None).await?.ok_or_else(no_such_order)?;
            (search::trial_number(id), replayed.events)
        }
        OrderKind::Hardware => {
            let replayed = replay::<HardwareOrder>(&state.pool, id, None).await?.ok_or_else(no_such_order)?;
            (replayed.current.order_number.clone(), replayed.events)
        }
    };
    let kind_name = match kind {
        OrderKind::Service => "service order",
        OrderKind::Trial => "free trial",
        OrderKind::Hardware => "hardware order",
    };
    let mut text = format!("{number}: {kind_name} {id}, {} events\n", events.len());
    for event in &events {
        let actor = match &event.actor.name {
            Some(name) => format!("{} {name}", event.actor.kind),
            None => event.actor.kind.to_string(),
        };
        text.push_str(&format!(
            "{:>4}  {}  {:<32}  {}\n",
            event.sequence,
            event.recorded_at.format("%Y-%m-%d %H:%M:%S UTC"),
            actor,
            event.sentence
        ));
    }
    let mail = emails(&state.pool, id).await?;
    if !mail.is_empty() {
        text.push_str("E-mails:\n");
        for email in &mail {
            text.push_str(&format!(
                "      {}  {:<6}  {}: {}\n",
                email.created_at.format("%Y-%m-%d %H:%M:%S UTC"),
                email.status,
                email.kind,
                email.subject
            ));
        }
    }
    Ok(text)
}
