//! The CallCredit aggregate: a Pay As You Go order's call credit, one stream per service
//! order (keyed by the order's id). Credit is a sequence of events, never a number edited in
//! place: what was bought (the checkout's top-up, or a top-up from the account paid by the
//! card on file), and later what calls spent (issue 35). Its balance is the sum of them, in
//! tenths of a penny (call rates are finer than a penny: crate::pricing::CallRates).
//!
//! A top-up from the account follows the payment attempt of every order
//! (crate::payment_attempt): `StartTopUp` is written before the provider is asked (with the
//! buyer's request id, so a replayed request charges once), the payment the provider made
//! is recorded, and its success buys the credit (`CreditBought`) or its refusal ends the
//! attempt (`TopUpDeclined`).
//!
//! | command | event |
//! |---|---|
//! | `BuyCredit { tenths, payment_reference, source }` (the checkout's paid top-up; the same payment again stores nothing) | `CreditBought` |
//! | `StartTopUp { amount, request_id }` (the same request again stores nothing) | `TopUpStarted` |
//! | `RecordTopUpPayment { payment_intent_id, card }` | `TopUpPaymentMade` |
//! | `RecordTopUpPaid { payment_intent_id }` | `CreditBought { source: topUp }` |
//! | `RecordTopUpDeclined { payment_intent_id, code }` | `TopUpDeclined` |
//! | `ChargeCall { call_id, to, seconds, rates }` (once a call; again is refused) | `CallCharged`, and `CreditRanOut` when it spends the last of the credit |
//! | `RecordRefusedCall { call_id, to }` (once a call; again is refused) | `CallRefused` |
//! | `RecordIncludedMinutesRanOut { period, minutes }` (once a period; again is refused) | `IncludedMinutesRanOut` |
//!
//! The calls charged and refused are not in the aggregate's state (a list that only grows,
//! in every snapshot): each event's row in `call_credit_calls` records its call, written in
//! the statement that stores the event (projections::call_credit::derived_rows), and that
//! table's key refuses a second `CallCharged` or `CallRefused` of one call
//! (`CallAlreadyRecorded`): the aggregate decides the charge, the key makes it once.
//! `CreditRanOut` and `IncludedMinutesRanOut` also write a row each (`call_credit_notices`),
//! which the `charge-calls` job e-mails the buyer about.
//!
//! A plan with included minutes (Single User, Multi User, a trial) has no credit, but its
//! stream records when the minutes ran out, once a period (a UK month, or a trial's whole
//! length), so the buyer is e-mailed once. Its key is the registrar's owner: the order's id,
//! or `trial:<trial id>` for a trial.

mod aggregate;
mod commands;
mod errors;
mod events;

pub use aggregate::{
    call_cost, rate_for, tenths_of, CallCredit, CallCreditServices, PendingTopUp, ABANDONED, INTERNATIONAL_CAP_TENTHS,
    MAX_TOP_UP_REQUEST_ID, TOP_UP_ABANDONED_AFTER_MINUTES, TRIAL_PERIOD,
};
pub use commands::CallCreditCommand;
pub use errors::CallCreditError;
pub use events::{CallCreditEvent, CreditSource};

#[cfg(test)]
mod tests;
