//! Calls out suspended while the money behind them is in doubt (issue 44, item 7): the card
//! provider says the subscription's payment failed, a payment was disputed, or staff decided.
//! While suspended, the registrar refuses every call out with the suspension's `reason` as its
//! 403's reason phrase (`sip_call_suspensions`, written by projections::sip_numbers); calls in,
//! calls between extensions and emergency calls go on.

use serde::{Deserialize, Serialize};

use super::errors::ServiceOrderError;

/// The 403's phrase while the subscription's payment has failed (docs/product-rules.md).
pub const PAYMENT_FAILED_REASON: &str = "Payment failed: update your card in your account";
/// The 403's phrase while a payment of the account is disputed (docs/product-rules.md).
pub const ACCOUNT_SUSPENDED_REASON: &str = "Account suspended: contact support";
/// The longest reason staff give (it is the registrar's reason phrase: one short line).
pub const MAX_SUSPENSION_REASON: usize = 100;

/// Why calls out are suspended. A weightier cause is never replaced by a lighter one: a
/// payment failing again while a dispute stands changes nothing, and a paid invoice lifts only
/// a suspension for a failed payment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum SuspensionCause {
    /// The card provider says the subscription is past due or unpaid, or an invoice failed.
    PaymentFailed,
    /// Staff suspended the account's calls out, with a reason of their own.
    Staff,
    /// A payment of the account was disputed (a chargeback): the account is suspended.
    Dispute,
}

impl SuspensionCause {
    fn weight(self) -> u8 {
        match self {
            SuspensionCause::PaymentFailed => 1,
            SuspensionCause::Staff => 2,
            SuspensionCause::Dispute => 3,
        }
    }

    /// Whether a suspension for `self` gives way to one for `other`.
    pub fn yields_to(self, other: SuspensionCause) -> bool {
        other.weight() >= self.weight()
    }

    pub fn label(self) -> &'static str {
        match self {
            SuspensionCause::PaymentFailed => "payment failed",
            SuspensionCause::Staff => "staff",
            SuspensionCause::Dispute => "payment disputed",
        }
    }
}

/// The suspension in force.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CallsOutSuspension {
    pub cause: SuspensionCause,
    /// The registrar's 403 reason phrase, which the buyer also reads in their account.
    pub reason: String,
}

/// A staff member's reason, trimmed: 1 to MAX_SUSPENSION_REASON characters on one line (it
/// becomes a SIP reason phrase).
pub fn check_staff_reason(reason: &str) -> Result<String, ServiceOrderError> {
    let reason = reason.trim();
    let fine = !reason.is_empty()
        && reason.chars().count() <= MAX_SUSPENSION_REASON
        && !reason.chars().any(|c| c.is_control());
    if fine {
        Ok(reason.to_string())
    } else {
        Err(ServiceOrderError::SuspensionReasonInvalid)
    }
}
