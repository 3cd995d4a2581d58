//! The order view: what the thank-you page and support staff read of a service order,
//! built from the ServiceOrder events (amounts as fixed when the order was placed).

use aggregates::pricing::{BillingCycle, Pence, Plan, Totals};
use aggregates::service_order::{PaymentType, ServiceOrder, ServiceOrderEvent};
use aggregates::transfer::TransferState;
use chrono::{DateTime, NaiveDate, Utc};
use cqrs_es::{EventEnvelope, View};
use serde::{Deserialize, Serialize};

use crate::cart::TotalsLine;
use crate::catch_up::SequencedView;
use crate::lines::ExtensionLine;

pub const ORDER_VIEW_TABLE: &str = "order_view";

/// How the shop names an area-code placeholder: `placeholder-020` is a London number to give.
pub const PLACEHOLDER_PREFIX: &str = "placeholder-";

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderView {
    pub order_id: String,
    pub order_number: String,
    pub status: OrderViewStatus,
    pub placed_at: Option<DateTime<Utc>>,
    pub paid_at: Option<DateTime<Utc>>,
    pub completed_at: Option<DateTime<Utc>>,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub company_name: String,
    pub package_name: String,
    pub package_type: Option<Plan>,
    pub quantity: u32,
    pub billing_cycle: Option<BillingCycle>,
    pub payment_type: Option<OrderPaymentType>,
    pub add_ons: Vec<OrderAddOnLine>,
    pub phone_numbers: Vec<OrderNumberLine>,
    /// The amounts as the order fixed them, in the cart's shape.
    pub totals: Option<TotalsLine>,
    pub extensions: Vec<ExtensionLine>,
    pub subscription_id: Option<String>,
    pub last_payment_error: Option<String>,
    /// When the payment attempt under way began (cleared when it fails or the order is
    /// paid): the reconcile job looks at attempts that never finished.
    #[serde(default)]
    pub payment_started_at: Option<DateTime<Utc>>,
    /// The payment provider's ids for this order (customer, setup, subscription, charge):
    /// what support searches by when a buyer quotes one from a bank statement or receipt.
    #[serde(default)]
    pub payment_references: Vec<String>,
    /// Numbers staff gave back to the stock.
    #[serde(default)]
    pub released_numbers: Vec<String>,
    /// Paid numbers the order could not be given, until staff replace them: while there
    /// are any, the order needs a replacement.
    #[serde(default)]
    pub lost_numbers: Vec<String>,
    /// Area-code placeholders of a completed order still waiting for their number (the
    /// fill-placeholders job looks for them).
    #[serde(default)]
    pub open_placeholders: Vec<String>,
    /// The numbers being transferred in, each with where its transfer stands.
    #[serde(default)]
    pub ports: Vec<TransferLine>,
    /// When the order closed unpaid: replaced by a newer order from the same cart, or
    /// expired after 24 hours. The reconcile job looks at it no more.
    #[serde(default)]
    pub closed_at: Option<DateTime<Utc>>,
    /// Bookkeeping of the view, never served (the API leaves it out).
    #[serde(default)]
    #[schema(ignore)]
    pub last_sequence: usize,
}

impl OrderView {
    fn port_mut(&mut self, number: &str) -> Option<&mut TransferLine> {
        self.ports.iter_mut().find(|p| p.number == number)
    }

    fn note_reference(&mut self, reference: &str) {
        if !reference.is_empty() && !self.payment_references.iter().any(|r| r == reference) {
            self.payment_references.push(reference.to_string());
        }
    }
}

/// A number being transferred in, as the buyer's page and the staff console read it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TransferLine {
    pub number: String,
    pub display_number: String,
    pub state: TransferState,
    /// The state in words ("Submitted to your current provider").
    pub state_label: String,
    pub requested_at: DateTime<Utc>,
    /// When the state last changed.
    pub updated_at: DateTime<Utc>,
    pub account_holder: Option<String>,
    pub current_provider: Option<String>,
    /// Who signed the letter of authority, and when.
    pub signed_name: Option<String>,
    pub signed_at: Option<DateTime<Utc>>,
    /// The day the number moves, once the losing provider has set it.
    pub date: Option<NaiveDate>,
    pub rejection_reason: Option<String>,
    /// A UK mobile: it moves with the PAC code the buyer gave (which this view never holds),
    /// with no letter of authority; after a rejection the buyer gives a new PAC.
    #[serde(default)]
    pub moves_with_pac: bool,
}

impl TransferLine {
    fn moved(&mut self, state: TransferState, at: DateTime<Utc>) {
        self.state = state;
        self.state_label = state.label().to_string();
        self.updated_at = at;
    }
}

/// Where an order stands, as the thank-you page and support read it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum OrderViewStatus {
    #[default]
    Placed,
    Paid,
    /// The last card was refused; another may be tried.
    Failed,
    Completed,
}

/// How the order is paid, as the thank-you page reads it (the wire names of the aggregate's
/// payment type, which stays free to change inside).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum OrderPaymentType {
    Subscription,
    PaygTopupOnly,
    PaygSplitPayment,
}

impl From<PaymentType> for OrderPaymentType {
    fn from(kind: PaymentType) -> Self {
        match kind {
            PaymentType::Subscription => OrderPaymentType::Subscription,
            PaymentType::PaygTopupOnly => OrderPaymentType::PaygTopupOnly,
            PaymentType::PaygSplitPayment => OrderPaymentType::PaygSplitPayment,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderAddOnLine {
    pub id: String,
    pub name: String,
    pub price_pence: Pence,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderNumberLine {
    pub value: String,
    pub display_value: String,
    pub is_transfer: bool,
    pub free: bool,
    pub price_pence: Pence,
}

impl View<ServiceOrder> for OrderView {
    fn update(&mut self, event: &EventEnvelope<ServiceOrder>) {
        self.last_sequence = event.sequence;
        self.order_id = event.aggregate_id.clone();
        match &event.payload {
            ServiceOrderEvent::OrderPlaced { order_number, customer, lines, payment_type, placed_at, .. } => {
                let a = &lines.amounts;
                self.order_number = order_number.clone();
                self.status = OrderViewStatus::Placed;
                self.placed_at = Some(*placed_at);
                self.email = customer.email.clone();
                self.first_name = customer.first_name.clone();
                self.last_name = customer.last_name.clone();
                self.company_name = customer.company_name.clone();
                self.package_name =
                    format!("{} x{} ({})", lines.plan.name(), lines.quantity, lines.billing_cycle.label());
                self.package_type = Some(lines.plan);
                self.quantity = lines.quantity;
                self.billing_cycle = Some(lines.billing_cycle);
                self.payment_type = Some((*payment_type).into());
                self.add_ons = lines
                    .add_ons
                    .iter()
                    .map(|x| OrderAddOnLine {
                        id: x.add_on.id().into(),
                        name: x.add_on.name().into(),
                        price_pence: x.price,
                    })
                    .collect();
                self.phone_numbers = lines
                    .numbers
                    .iter()
                    .map(|n| OrderNumberLine {
                        value: n.value.clone(),
                        display_value: n.display_value.clone(),
                        is_transfer: n.is_transfer,
                        free: n.free,
                        price_pence: n.price,
                    })
                    .collect();
                let totals = Totals::new(a.package, a.add_ons, a.numbers, a.top_up_subtotal, Pence::ZERO);
                self.totals = Some(TotalsLine { billing_cycle: lines.billing_cycle, ..totals.into() });
            }
            ServiceOrderEvent::SubscriptionCreated { subscription_id } => {
                self.note_reference(subscription_id);
                self.subscription_id = Some(subscription_id.clone())
            }
            ServiceOrderEvent::PaymentAttemptStarted { started_at, .. } => {
                self.payment_started_at.get_or_insert(*started_at);
            }
            ServiceOrderEvent::PaymentFailed { message, .. } => {
                self.payment_started_at = None;
                self.status = OrderViewStatus::Failed;
                self.last_payment_error = Some(message.clone());
            }
            ServiceOrderEvent::PaymentConfirmed { confirmed_at } => {
                self.status = OrderViewStatus::Paid;
                self.payment_started_at = None;
                self.paid_at = Some(*confirmed_at);
                self.last_payment_error = None;
            }
            ServiceOrderEvent::AccountCreated { extensions, .. } => {
                self.extensions = extensions.iter().map(ExtensionLine::from).collect()
            }
            ServiceOrderEvent::OrderCompleted { completed_at } => {
                self.status = OrderViewStatus::Completed;
                self.completed_at = Some(*completed_at);
                self.open_placeholders = self
                    .phone_numbers
                    .iter()
                    .filter(|line| line.value.starts_with(PLACEHOLDER_PREFIX))
                    .map(|line| line.value.clone())
                    .collect();
                self.ports = self
                    .phone_numbers
                    .iter()
                    .filter(|line| line.is_transfer && !line.value.starts_with(PLACEHOLDER_PREFIX))
                    .map(|line| {
                        // A mobile (07) came with its PAC code (the order's lines hold it): its details are in.
                        let moves_with_pac = line.value.starts_with("07");
                        let state =
                            if moves_with_pac { TransferState::DetailsConfirmed } else { TransferState::Requested };
                        TransferLine {
                            number: line.value.clone(),
                            display_number: line.display_value.clone(),
                            state,
                            state_label: state.label().to_string(),
                            requested_at: *completed_at,
                            updated_at: *completed_at,
                            account_holder: None,
                            current_provider: None,
                            signed_name: None,
                            signed_at: None,
                            date: None,
                            rejection_reason: None,
                            moves_with_pac,
                        }
                    })
                    .collect();
            }
            ServiceOrderEvent::PortPacGiven { number, at, .. } => {
                if let Some(port) = self.port_mut(number) {
                    port.moved(TransferState::DetailsConfirmed, *at);
                    port.date = None;
                    port.rejection_reason = None;
                }
            }
            ServiceOrderEvent::PortDetailsConfirmed { number, details, signed_at } => {
                if let Some(port) = self.port_mut(number) {
                    port.moved(TransferState::DetailsConfirmed, *signed_at);
                    port.account_holder = Some(details.account_holder.clone());
                    port.current_provider = Some(details.current_provider.clone());
                    port.signed_name = Some(details.signed_name.clone());
                    port.signed_at = Some(*signed_at);
                    port.date = None;
                    port.rejection_reason = None;
                }
            }
            ServiceOrderEvent::PortSubmitted { number, at, .. } => {
                if let Some(port) = self.port_mut(number) {
                    port.moved(TransferState::Submitted, *at);
                }
            }
            ServiceOrderEvent::PortDateSet { number, date, at, .. } => {
                if let Some(port) = self.port_mut(number) {
                    port.moved(TransferState::DateSet, *at);
                    port.date = Some(*date);
                }
            }
            ServiceOrderEvent::PortCompleted { number, at, .. } => {
                if let Some(port) = self.port_mut(number) {
                    port.moved(TransferState::Completed, *at);
                }
            }
            ServiceOrderEvent::PortRejected { number, reason, at, .. } => {
                if let Some(port) = self.port_mut(number) {
                    port.moved(TransferState::Rejected, *at);
                    port.rejection_reason = Some(reason.clone());
                }
            }
            ServiceOrderEvent::PaymentCustomerRegistered { customer_id: reference }
            | ServiceOrderEvent::SetupIntentCreated { setup_intent_id: reference }
            | ServiceOrderEvent::TopUpIntentCreated { payment_intent_id: reference }
            | ServiceOrderEvent::PaymentSucceeded { reference, .. } => self.note_reference(reference),
            ServiceOrderEvent::NumberReleased { number, .. } => self.released_numbers.push(number.clone()),
            // Shown in the order's history and state (support), not in this view.
            ServiceOrderEvent::CancellationProposed { .. }
            | ServiceOrderEvent::SubscriptionCancelled { .. }
            | ServiceOrderEvent::CancellationScheduled { .. }
            | ServiceOrderEvent::CancellationUndone { .. }
            | ServiceOrderEvent::CardChangeStarted { .. }
            | ServiceOrderEvent::CardChanged { .. }
            | ServiceOrderEvent::CallsOutSuspended { .. }
            | ServiceOrderEvent::CallsOutRestored { .. }
            | ServiceOrderEvent::DailySpendCapSet { .. } => {}
            ServiceOrderEvent::NumberLost { number } => self.lost_numbers.push(number.clone()),
            ServiceOrderEvent::PlaceholderFilled { placeholder, number, .. } => {
                self.open_placeholders.retain(|p| p != placeholder);
                for line in self.phone_numbers.iter_mut().filter(|line| line.value == *placeholder) {
                    line.value = number.clone();
                    line.display_value = number.clone();
                }
            }
            ServiceOrderEvent::NumberReplaced { lost, replacement, .. } => {
                self.lost_numbers.retain(|n| n != lost);
                for line in self.phone_numbers.iter_mut().filter(|line| line.value == *lost) {
                    line.value = replacement.clone();
                    line.display_value = replacement.clone();
                }
            }
            ServiceOrderEvent::OrderSuperseded { at, .. } | ServiceOrderEvent::OrderExpired { at, .. } => {
                self.closed_at = Some(*at);
                self.payment_started_at = None;
            }
            ServiceOrderEvent::PaymentMethodRecorded { .. }
            | ServiceOrderEvent::NumbersAssigned { .. }
            | ServiceOrderEvent::ConfirmationResent { .. }
            | ServiceOrderEvent::StrayPaymentReceived { .. }
            | ServiceOrderEvent::StrayPaymentRefunded { .. }
            | ServiceOrderEvent::SipPasswordReset { .. } => {}
        }
    }
}

impl SequencedView<ServiceOrder> for OrderView {
    fn last_sequence(&self) -> usize {
        self.last_sequence
    }
}

/// Rebuilds the order view (thank-you pages, support, the reconcile job) from the event store while the live table keeps answering
/// (crate::rebuild).
pub async fn rebuild(
    pool: &sqlx::PgPool,
    reader: &impl crate::events::EventReader,
    watch: &mut dyn crate::rebuild::Watch,
) -> Result<crate::rebuild::Rebuilt, crate::rebuild::RebuildError> {
    crate::rebuild::rebuild(
        pool,
        reader,
        &crate::rebuild::ViewTable::<ServiceOrder, OrderView>::new(ORDER_VIEW_TABLE),
        watch,
    )
    .await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_view_statuses_keep_their_wire_names_and_stored_views_still_read() {
        for (status, wire) in [
            (OrderViewStatus::Placed, "placed"),
            (OrderViewStatus::Paid, "paid"),
            (OrderViewStatus::Failed, "failed"),
            (OrderViewStatus::Completed, "completed"),
        ] {
            assert_eq!(serde_json::to_value(status).unwrap(), serde_json::json!(wire));
        }
        // A view stored while the status was a string.
        let stored = serde_json::json!({ "orderId": "o", "orderNumber": "SB-123456", "status": "failed", "email": "a@b.c",
            "firstName": "", "lastName": "", "companyName": "", "packageName": "", "quantity": 1, "addOns": [],
            "phoneNumbers": [], "extensions": [] });
        let view: OrderView = serde_json::from_value(stored).unwrap();
        assert_eq!(view.status, OrderViewStatus::Failed);
    }
}
