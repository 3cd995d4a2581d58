//! Refunds of a paid hardware order (docs/product-rules.md, Refunds and cancellations): the whole order, or
//! some of its phones (a returned phone: a line and a quantity). The amount is always the
//! order's own: a phone's unit price times the quantity plus the VAT on that (20%, rounded
//! half up, the line's share of the order's VAT); the whole order is what is left of what
//! was paid, shipping included. No line is refunded beyond its quantity and no refund goes
//! beyond what was paid, counting a refund still being made as made.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::aggregate::{HardwareOrder, HardwareOrderStatus};
use super::errors::HardwareOrderError;
use crate::pricing::{vat, Pence};

/// The longest reason a refund takes.
pub const MAX_REFUND_REASON: usize = 500;

/// A refund as the order records it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RefundState {
    /// 1 for the order's first refund, one more for each after.
    pub number: u32,
    /// The provider's refund (`re_...`), once it made it.
    pub refund_id: Option<String>,
    pub amount: Pence,
    /// (product id, quantity).
    pub lines: Vec<(String, u32)>,
    pub full: bool,
    pub reason: String,
}

/// A refund checked against the order, ready to record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefundPlan {
    pub lines: Vec<(String, u32)>,
    pub full: bool,
    pub amount: Pence,
    pub reason: String,
}

/// The key the card provider's refund is asked with: the order and the refund's number, so
/// a retry of the same refund never makes a second one.
pub fn refund_key(order_id: &str, number: u32) -> String {
    format!("hardware-{order_id}-refund-{number}")
}

impl HardwareOrder {
    /// The refunds made and the one being made.
    fn refunds_counted(&self) -> impl Iterator<Item = &RefundState> {
        self.refunds.iter().chain(self.pending_refund.as_ref())
    }

    /// What has been given back, or is being given back.
    pub fn refunded(&self) -> Pence {
        self.refunds_counted().map(|r| r.amount).sum()
    }

    /// What is left of what the buyer paid to refund.
    pub fn refund_left(&self) -> Pence {
        if !self.status.is_paid() {
            return Pence::ZERO;
        }
        Pence((self.amounts.total.0 - self.refunded().0).max(0))
    }

    /// How many of a desk phone can still be refunded.
    pub fn refundable_quantity(&self, product_id: &str) -> u32 {
        let bought: u32 = self.lines.iter().filter(|l| l.product_id == product_id).map(|l| l.quantity).sum();
        let refunded: u32 = self
            .refunds_counted()
            .flat_map(|r| &r.lines)
            .filter(|(product, _)| product == product_id)
            .map(|(_, quantity)| quantity)
            .sum();
        bought.saturating_sub(refunded)
    }

    /// Checks a refund of `lines` (the whole order when `None`) and prices it.
    pub fn plan_refund(
        &self,
        lines: Option<Vec<(String, u32)>>,
        reason: &str,
    ) -> Result<RefundPlan, HardwareOrderError> {
        use HardwareOrderError as E;
        match self.status {
            HardwareOrderStatus::New => return Err(E::NotPlaced),
            status if !status.is_paid() => return Err(E::NotPaid),
            _ => {}
        }
        let reason = reason.trim().to_string();
        if reason.is_empty() || reason.chars().count() > MAX_REFUND_REASON {
            return Err(E::RefundReasonMissing);
        }
        let left = self.refund_left();
        let Some(asked) = lines else {
            if left == Pence::ZERO {
                return Err(E::AlreadyRefunded);
            }
            let lines = self
                .lines
                .iter()
                .map(|l| (l.product_id.clone(), self.refundable_quantity(&l.product_id)))
                .filter(|(_, quantity)| *quantity > 0)
                .collect();
            return Ok(RefundPlan { lines, full: true, amount: left, reason });
        };
        // The same phone named twice counts once, with both quantities.
        let mut merged: BTreeMap<String, u32> = BTreeMap::new();
        for (product, quantity) in asked {
            let total = merged.entry(product.trim().to_string()).or_default();
            *total = total.saturating_add(quantity);
        }
        if merged.is_empty() || merged.values().any(|q| *q == 0) {
            return Err(E::NoRefundLines);
        }
        let mut items = Pence::ZERO;
        for (product, quantity) in &merged {
            let line = self.lines.iter().find(|l| &l.product_id == product).ok_or(E::UnknownRefundLine)?;
            let available = self.refundable_quantity(product);
            if *quantity > available {
                return Err(E::RefundBeyondQuantity { name: line.name.clone(), left: available });
            }
            items = items + line.unit_price * *quantity;
        }
        let amount = items + vat(items);
        if amount > left {
            return Err(if left == Pence::ZERO {
                E::AlreadyRefunded
            } else {
                E::RefundExceedsPayment { asked: amount, left }
            });
        }
        // In the order's own line order.
        let lines =
            self.lines.iter().filter_map(|l| merged.get(&l.product_id).map(|q| (l.product_id.clone(), *q))).collect();
        Ok(RefundPlan { lines, full: false, amount, reason })
    }
}
