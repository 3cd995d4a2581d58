//! The hardware order view: what the hardware thank-you page, support staff and the
//! confirm-hardware-orders job read of a desk-phone order, built from its events (amounts as
//! fixed when the order was placed).

use aggregates::hardware_order::{HardwareOrder, HardwareOrderEvent, ShippingOption};
use aggregates::pricing::Pence;
use chrono::{DateTime, NaiveDate, Utc};
use cqrs_es::{EventEnvelope, View};
use serde::{Deserialize, Serialize};
use sqlx::PgPool;

use crate::catch_up::SequencedView;

pub const HARDWARE_ORDER_VIEW_TABLE: &str = "hardware_order_view";

/// Where a hardware order stands (wire names: placed, paid, confirmed, payment-only,
/// error-handled, cancelled).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum HardwareOrderViewStatus {
    #[default]
    Placed,
    Paid,
    Confirmed,
    /// Paid; confirming failed and the job confirms it.
    PaymentOnly,
    /// Paid; something unexpected failed and the job confirms it.
    ErrorHandled,
    Cancelled,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HardwareOrderLine {
    pub product_id: String,
    pub name: String,
    pub unit_price_pence: Pence,
    pub quantity: u32,
    pub line_pence: Pence,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShippingLine {
    pub id: String,
    pub name: String,
    pub carrier: String,
    pub price_pence: Pence,
}

impl From<ShippingOption> for ShippingLine {
    fn from(option: ShippingOption) -> Self {
        ShippingLine {
            id: option.id().into(),
            name: option.name().into(),
            carrier: option.carrier().into(),
            price_pence: option.price(),
        }
    }
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BuyerLine {
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub phone: String,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddressLine {
    pub line1: String,
    pub line2: String,
    pub city: String,
    pub postal_code: String,
    pub country: String,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AmountsLine {
    pub items_pence: Pence,
    pub shipping_pence: Pence,
    pub vat_pence: Pence,
    pub total_pence: Pence,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HardwareOrderView {
    pub order_id: String,
    pub order_number: String,
    pub status: HardwareOrderViewStatus,
    pub cart_id: String,
    pub lines: Vec<HardwareOrderLine>,
    pub shipping: ShippingLine,
    pub customer: BuyerLine,
    pub address: AddressLine,
    pub amounts: AmountsLine,
    /// The payment intent paid (or under way), or the `temp-`/`error-` reference while the
    /// order waits for its confirmation.
    pub payment_reference: Option<String>,
    /// The payment intent that paid the order.
    pub payment_intent_id: Option<String>,
    pub placed_at: Option<DateTime<Utc>>,
    pub paid_at: Option<DateTime<Utc>>,
    pub confirmed_at: Option<DateTime<Utc>>,
    pub cancelled_at: Option<DateTime<Utc>>,
    /// Counted from the day it was paid (placed, before that), in working days.
    pub estimated_delivery: Option<NaiveDate>,
    pub email_queued: bool,
    pub last_payment_error: Option<String>,
    #[serde(default)]
    pub last_sequence: usize,
}

impl HardwareOrderView {
    fn estimate_from(&mut self, at: DateTime<Utc>) {
        if let Some(option) = ShippingOption::from_id(&self.shipping.id) {
            // Delivery days are UK days; the date of a UTC moment is close enough for an
            // estimate (it differs only around midnight in summer).
            self.estimated_delivery = Some(option.estimated_delivery(at.date_naive()));
        }
    }
}

impl View<HardwareOrder> for HardwareOrderView {
    fn update(&mut self, event: &EventEnvelope<HardwareOrder>) {
        use HardwareOrderEvent as Ev;
        self.last_sequence = event.sequence;
        self.order_id = event.aggregate_id.clone();
        match &event.payload {
            Ev::OrderPlaced { order_number, cart_id, lines, shipping, customer, address, amounts, placed_at } => {
                self.order_number = order_number.clone();
                self.status = HardwareOrderViewStatus::Placed;
                self.cart_id = cart_id.clone();
                self.lines = lines
                    .iter()
                    .map(|l| HardwareOrderLine {
                        product_id: l.product_id.clone(),
                        name: l.name.clone(),
                        unit_price_pence: l.unit_price,
                        quantity: l.quantity,
                        line_pence: l.line_total(),
                    })
                    .collect();
                self.shipping = (*shipping).into();
                self.customer = BuyerLine {
                    email: customer.email.clone(),
                    first_name: customer.first_name.clone(),
                    last_name: customer.last_name.clone(),
                    phone: customer.phone.clone(),
                };
                self.address = AddressLine {
                    line1: address.line1.clone(),
                    line2: address.line2.clone(),
                    city: address.city.clone(),
                    postal_code: address.postal_code.clone(),
                    country: address.country.clone(),
                };
                self.amounts = AmountsLine {
                    items_pence: amounts.items,
                    shipping_pence: amounts.shipping,
                    vat_pence: amounts.vat,
                    total_pence: amounts.total,
                };
                self.placed_at = Some(*placed_at);
                self.estimate_from(*placed_at);
            }
            Ev::PaymentStarted { payment_intent_id, .. } => {
                self.payment_reference = Some(payment_intent_id.clone());
            }
            Ev::PaymentDeclined { code, decline_code, .. } => {
                self.last_payment_error = Some(decline_code.clone().unwrap_or_else(|| code.clone()));
            }
            Ev::PaymentRecorded { payment_intent_id, paid_at, .. } => {
                self.status = HardwareOrderViewStatus::Paid;
                self.payment_reference = Some(payment_intent_id.clone());
                self.payment_intent_id = Some(payment_intent_id.clone());
                self.paid_at = Some(*paid_at);
                self.cancelled_at = None;
                self.last_payment_error = None;
                self.estimate_from(*paid_at);
            }
            Ev::OrderConfirmed { email_queued, confirmed_at, .. } => {
                self.status = HardwareOrderViewStatus::Confirmed;
                self.email_queued = *email_queued;
                self.confirmed_at = Some(*confirmed_at);
                self.payment_reference = self.payment_intent_id.clone();
            }
            Ev::MarkedPaymentOnly { reference } => {
                self.status = HardwareOrderViewStatus::PaymentOnly;
                self.payment_reference = Some(reference.clone());
            }
            Ev::MarkedErrorHandled { reference } => {
                self.status = HardwareOrderViewStatus::ErrorHandled;
                self.payment_reference = Some(reference.clone());
            }
            Ev::OrderCancelled { cancelled_at, .. } => {
                self.status = HardwareOrderViewStatus::Cancelled;
                self.cancelled_at = Some(*cancelled_at);
            }
            Ev::OrderSuperseded { at, .. } => {
                self.status = HardwareOrderViewStatus::Cancelled;
                self.cancelled_at = Some(*at);
            }
            // Refunds and overpayments show in the order's history and state (support), not in this view.
            Ev::PaymentCustomerRegistered { .. }
            | Ev::CardSetupStarted { .. }
            | Ev::ConfirmationResent { .. }
            | Ev::StrayPaymentReceived { .. }
            | Ev::StrayPaymentRefunded { .. }
            | Ev::RefundProposed { .. }
            | Ev::RefundRequested { .. }
            | Ev::HardwareRefunded { .. }
            | Ev::RefundFailed { .. } => {}
        }
    }
}

impl SequencedView<HardwareOrder> for HardwareOrderView {
    fn last_sequence(&self) -> usize {
        self.last_sequence
    }
}

/// Paid orders still waiting for their confirmation (paid, payment-only, error-handled),
/// oldest first: the confirm-hardware-orders job's work.
pub async fn awaiting_confirmation(pool: &PgPool) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar!(
        "SELECT view_id FROM hardware_order_view
          WHERE payload ->> 'status' IN ('paid', 'payment-only', 'error-handled')
          ORDER BY payload ->> 'paidAt', view_id LIMIT 500"
    )
    .fetch_all(pool)
    .await
}

/// Orders placed before `cutoff` and not paid (oldest first): the job asks about their
/// payments under way and expires them once their 24 hours are over.
pub async fn unpaid_since(pool: &PgPool, cutoff: DateTime<Utc>) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar!(
        "SELECT view_id FROM hardware_order_view
          WHERE payload ->> 'status' = 'placed' AND (payload ->> 'placedAt')::timestamptz <= $1
          ORDER BY payload ->> 'placedAt', view_id LIMIT 500",
        cutoff
    )
    .fetch_all(pool)
    .await
}

/// Rebuilds the hardware order view (the hardware thank-you page, the confirm job) from the event store while the live table keeps answering
/// (crate::rebuild).
pub async fn rebuild(
    pool: &sqlx::PgPool,
    reader: &impl crate::events::EventReader,
    watch: &mut dyn crate::rebuild::Watch,
) -> Result<crate::rebuild::Rebuilt, crate::rebuild::RebuildError> {
    crate::rebuild::rebuild(
        pool,
        reader,
        &crate::rebuild::ViewTable::<HardwareOrder, HardwareOrderView>::new(HARDWARE_ORDER_VIEW_TABLE),
        watch,
    )
    .await
}

#[cfg(test)]
mod tests {
    use super::*;
    use aggregates::hardware_order::{HardwareAmounts, HardwareCustomer, HardwareLine, ShippingAddress};
    use chrono::TimeZone;

    fn envelope(sequence: usize, payload: HardwareOrderEvent) -> EventEnvelope<HardwareOrder> {
        EventEnvelope { aggregate_id: "o1".into(), sequence, payload, metadata: Default::default() }
    }

    fn placed(at: DateTime<Utc>) -> HardwareOrderEvent {
        let lines = vec![HardwareLine {
            product_id: "p1".into(),
            name: "Desk phone".into(),
            unit_price: Pence(6400),
            quantity: 2,
        }];
        HardwareOrderEvent::OrderPlaced {
            order_number: "HW-123456".into(),
            cart_id: "c1".into(),
            amounts: HardwareAmounts::compute(&lines, Some(ShippingOption::Saturday)),
            lines,
            shipping: ShippingOption::Saturday,
            customer: HardwareCustomer {
                email: "jo@example.com".into(),
                first_name: "Jo".into(),
                last_name: "Bloggs".into(),
                phone: "07700900123".into(),
            },
            address: ShippingAddress {
                line1: "1 High St".into(),
                line2: String::new(),
                city: "Leeds".into(),
                postal_code: "LS1 1AA".into(),
                country: "GB".into(),
            },
            placed_at: at,
        }
    }

    #[test]
    fn a_placed_then_paid_order_shows_its_amounts_and_the_next_saturday() {
        // Placed on Thursday 26 November 2026, paid on Saturday 28th: delivered Saturday 5 December.
        let thursday = Utc.with_ymd_and_hms(2026, 11, 26, 10, 0, 0).unwrap();
        let saturday = Utc.with_ymd_and_hms(2026, 11, 28, 9, 0, 0).unwrap();
        let mut view = HardwareOrderView::default();
        view.update(&envelope(1, placed(thursday)));
        assert_eq!(view.status, HardwareOrderViewStatus::Placed);
        assert_eq!(view.amounts.total_pence, Pence(17160));
        assert_eq!(view.estimated_delivery, NaiveDate::from_ymd_opt(2026, 11, 28));
        let paid = HardwareOrderEvent::PaymentRecorded {
            payment_intent_id: "pi_1".into(),
            amount: Pence(17160),
            status: "succeeded".into(),
            paid_at: saturday,
        };
        view.update(&envelope(2, paid));
        assert_eq!(view.status, HardwareOrderViewStatus::Paid);
        assert_eq!(view.estimated_delivery, NaiveDate::from_ymd_opt(2026, 12, 5));
        assert_eq!(view.payment_reference.as_deref(), Some("pi_1"));
        view.update(&envelope(3, HardwareOrderEvent::MarkedPaymentOnly { reference: "temp-pi_1".into() }));
        assert_eq!(serde_json::to_value(view.status).unwrap(), "payment-only");
        assert_eq!(view.payment_reference.as_deref(), Some("temp-pi_1"));
        let confirmed = HardwareOrderEvent::OrderConfirmed {
            stock: vec![("p1".into(), 2)],
            email_queued: true,
            confirmed_at: saturday,
            retried: true,
        };
        view.update(&envelope(4, confirmed));
        assert_eq!(view.status, HardwareOrderViewStatus::Confirmed);
        assert_eq!(view.payment_reference.as_deref(), Some("pi_1"));
        assert!(view.email_queued);
        assert_eq!(view.last_sequence, 4);
    }
}
