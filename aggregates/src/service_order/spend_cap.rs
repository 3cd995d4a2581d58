//! The daily spend cap on an order's calls out (issue 44, item 8; docs/product-rules.md, Fraud
//! panel). The registrar refuses a Pay As You Go order's calls out once a UK day's spend
//! reaches it ("Daily spending limit reached: calls out resume tomorrow"); an order without a
//! cap of its own has the default. Admins change it, each change an event naming them
//! (`DailySpendCapSet`), which projections::sip_numbers writes into `sip_spend_caps` (in
//! tenths of a penny, as the registrar counts).

use super::errors::ServiceOrderError;
use crate::pricing::Pence;

/// The cap of an order nobody changed: £20 a day (`sip_call_out`'s 20,000 tenths).
pub const DEFAULT_DAILY_SPEND_CAP: Pence = Pence::pounds(20);

/// The highest cap staff may set: £1,000 a day. More is no cap at all, which is what toll
/// fraud needs.
pub const MAX_DAILY_SPEND_CAP: Pence = Pence::pounds(1000);

/// A cap staff asked for, within 0 (no call out that costs money) and the highest.
pub fn check_spend_cap(cap: Pence) -> Result<Pence, ServiceOrderError> {
    if cap < Pence::ZERO || cap > MAX_DAILY_SPEND_CAP {
        return Err(ServiceOrderError::SpendCapOutOfRange);
    }
    Ok(cap)
}

/// A cap in the registrar's unit, tenths of a penny.
pub fn cap_tenths(cap: Pence) -> i64 {
    cap.0 * 10
}
