use super::events::CreditSource;
use crate::pricing::{CallRates, Pence};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CallCreditCommand {
    /// Credit paid for elsewhere (the checkout's top-up, by `payment_reference`): recorded
    /// once per payment.
    BuyCredit { tenths: i64, payment_reference: String, source: CreditSource },
    /// The buyer asks for a top-up of `amount` (before VAT: the credit it buys) from the
    /// account, paid by the card on file; written before the provider is asked.
    /// `request_id` is the browser's, the same for a replay of one request.
    /// `attempt_key` tags what the provider makes (CallCredit::attempt_key).
    StartTopUp { amount: Pence, request_id: String, attempt_key: String },
    /// The provider made the top-up's payment (not charged yet) with `card`.
    RecordTopUpPayment { payment_intent_id: String, card: String },
    /// The top-up's payment succeeded: its credit is bought.
    RecordTopUpPaid { payment_intent_id: String },
    /// The bank refused the top-up's payment: the attempt is over.
    RecordTopUpDeclined { payment_intent_id: String, code: String },
    /// A new top-up gives up the one under way whose payment waits on the buyer (the bank's
    /// 3-D Secure check left unfinished) once it is old enough (CallCredit::may_abandon_top_up):
    /// declined as `abandoned`; the caller cancels the payment at the provider first.
    AbandonTopUp { payment_intent_id: String },
    /// An answered call out (`call_id`) to `to` (E.164, +44… or other) that lasted `seconds`,
    /// charged at `rates` for each started minute: once per call (a call charged already is
    /// refused, `CallAlreadyRecorded`, by the key of its row in `call_credit_calls`, which the
    /// store writes with the event: projections::call_credit::derived_rows).
    ChargeCall { call_id: String, to: String, seconds: i64, rates: CallRates },
    /// The registrar refused call `call_id` to `to` for want of credit: recorded once (again
    /// is refused, `CallAlreadyRecorded`, as for ChargeCall).
    RecordRefusedCall { call_id: String, to: String },
    /// The minutes the owner's plan includes are spoken for `period` (a UK calendar month,
    /// `2026-12`, or `trial` for a trial's whole length): `minutes` of them. Recorded once a
    /// period; again is refused.
    RecordIncludedMinutesRanOut { period: String, minutes: i64 },
    /// A payment of the account was disputed (a chargeback): the credit is frozen, nothing of
    /// it may be spent (the registrar reads a frozen credit as none left) and no top-up is
    /// taken. `reason` names the dispute. Frozen already: nothing changes.
    FreezeCredit { reason: String },
    /// The dispute ended in the shop's favour (or staff decided): the credit may be spent again.
    /// Not frozen: nothing changes.
    UnfreezeCredit { reason: String },
    /// The owner turns calls abroad on, with the most they may spend on them in a UK calendar
    /// month (`Some(tenths)`, £1 to £500), or off (`None`). Calls abroad are refused without it.
    SetInternationalCalls { monthly_cap_tenths: Option<i64> },
}
