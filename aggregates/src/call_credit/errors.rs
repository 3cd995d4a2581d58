use thiserror::Error;

use crate::refusals;

refusals! {
    #[derive(Debug, Error, Clone, PartialEq, Eq)]
    pub enum CallCreditError {
        #[error("Credit is bought in whole tenths of a penny above nothing.")]
        #[refusal("invalid_credit_amount", 422)]
        InvalidAmount,
        #[error("Credit needs the payment that bought it.")]
        #[refusal("payment_reference_missing", 422)]
        PaymentReferenceMissing,
        #[error("The minimum top-up is £10.")]
        #[refusal("top_up_below_minimum", 422)]
        TopUpBelowMinimum,
        #[error("The top-up must be in whole pounds.")]
        #[refusal("top_up_not_whole_pounds", 422)]
        TopUpNotWholePounds,
        #[error("The largest top-up online is £5,000.")]
        #[refusal("top_up_above_maximum", 422)]
        TopUpAboveMaximum,
        #[error("A top-up needs a request id (1 to 64 letters, digits or dashes): reload the page and try again.")]
        #[refusal("invalid_request_id", 422)]
        InvalidRequestId,
        #[error("Another top-up is still being paid. Wait a moment, reload the page and try again.")]
        #[refusal("top_up_under_way", 409)]
        TopUpUnderWay,
        #[error("Your bank is still checking the earlier top-up. Finish the bank's check in the other window, or try again in a few minutes.")]
        #[refusal("top_up_with_bank", 409)]
        TopUpWithBank,
        #[error("That top-up ended without a charge (the bank refused it, or it was given up). Choose an amount and top up again.")]
        #[refusal("top_up_request_ended", 409)]
        TopUpRequestEnded,
        #[error("That payment is not this credit's top-up.")]
        #[refusal("unknown_payment", 404)]
        UnknownPayment,
        #[error("Calls to that number have no rate on Pay As You Go: only UK landlines and mobiles are charged from the credit.")]
        #[refusal("no_call_rate", 422)]
        NoCallRate,
        #[error("A call is charged for a whole number of seconds, from nothing up.")]
        #[refusal("invalid_call", 422)]
        InvalidCall,
        #[error("That call is recorded already: a call is charged once, and a refused call noted once.")]
        #[refusal("call_already_recorded", 409)]
        CallAlreadyRecorded,
        #[error("A period of included minutes is a month (2026-12) or trial, with minutes from one up.")]
        #[refusal("invalid_minutes_period", 422)]
        InvalidMinutesPeriod,
        #[error("The included minutes already ran out for that period: the buyer was told once.")]
        #[refusal("minutes_already_ran_out", 409)]
        MinutesAlreadyRanOut,
        #[error("Your call credit is frozen while a payment is disputed: contact support.")]
        #[refusal("credit_frozen", 409)]
        CreditFrozen,
        #[error("Choose a monthly limit for calls abroad from £1 to £500, in whole pence.")]
        #[refusal("international_cap_out_of_range", 422)]
        InternationalCapOutOfRange,
        #[error("A freeze needs its reason: the dispute that caused it.")]
        #[refusal("freeze_reason_missing", 422)]
        FreezeReasonMissing,
    }
}
