use thiserror::Error;

use crate::refusals;

use super::details::FieldErrors;
use crate::pricing::Pence;

refusals! {
    /// Why a hardware order refuses a command. The messages may reach the buyer, so they say
    /// what to do next where there is something to do.
    #[derive(Debug, Error, Clone, PartialEq, Eq)]
    pub enum HardwareOrderError {
        #[error("This order has already been placed.")]
        #[refusal("order_already_placed", 409)]
        AlreadyPlaced,
        #[error("Invalid order number.")]
        #[refusal("invalid_order_number", 422)]
        InvalidOrderNumber,
        #[error("Your cart has no desk phones to check out.")]
        #[refusal("no_hardware", 422)]
        NoItems,
        #[error("Each desk phone's quantity must be between 1 and 99. Please update your cart.")]
        #[refusal("invalid_quantity", 422)]
        InvalidQuantity,
        #[error("An order can hold at most 20 different desk phones. Please remove some from your cart.")]
        #[refusal("too_many_lines", 422)]
        TooManyLines,
        #[error("A desk phone in your cart has no valid price. Please remove it and add it again.")]
        #[refusal("invalid_price", 422)]
        InvalidPrice,
        #[error("Please correct the errors below and try again.")]
        #[refusal("invalid_fields", 422, extra = "fieldErrors")]
        InvalidDetails(FieldErrors),
        /// An order never placed does not exist as far as anyone outside is concerned.
        #[error("Hardware order not found.")]
        #[refusal("hardware_order_not_found", 404)]
        NotPlaced,
        #[error("This order is already paid.")]
        #[refusal("order_already_paid", 409)]
        AlreadyPaid,
        #[error("This order has expired. Please check out again.")]
        #[refusal("order_cancelled", 409)]
        Cancelled,
        #[error("The payment amount does not match the order total. Please try again.")]
        #[refusal("amount_mismatch", 422)]
        AmountMismatch,
        #[error("That payment does not belong to this order.")]
        #[refusal("unknown_payment", 404)]
        UnknownPayment,
        #[error("Your payment has not gone through yet. Please try again.")]
        #[refusal("payment_not_succeeded", 409)]
        PaymentNotSucceeded,
        #[error("This order has not been paid yet.")]
        #[refusal("order_not_paid", 409)]
        NotPaid,
        #[error("This order is already confirmed.")]
        #[refusal("order_already_confirmed", 409)]
        AlreadyConfirmed,
        #[error("An unpaid order can only be cancelled 24 hours after it was placed.")]
        #[refusal("too_early_to_cancel", 409)]
        TooEarlyToCancel,
        #[error("There is no confirmation to resend until the order is confirmed.")]
        #[refusal("not_complete", 409)]
        NotConfirmed,
        #[error("This order was replaced by a newer one from the same cart. Please pay the newer order.")]
        #[refusal("order_superseded", 409)]
        Superseded,
        #[error("That payment is this order's own, not one to refund.")]
        #[refusal("not_a_stray_payment", 409)]
        NotAStrayPayment,
        #[error("Too many card attempts on this order. Please contact support to finish it.")]
        #[refusal("too_many_attempts", 429)]
        TooManyCardSetups,
        #[error("Give the reason for the refund (at most 500 characters): the buyer's e-mail quotes it.")]
        #[refusal("refund_reason_missing", 422)]
        RefundReasonMissing,
        #[error("Choose at least one desk phone with a quantity of 1 or more, or refund the whole order.")]
        #[refusal("no_refund_lines", 422)]
        NoRefundLines,
        #[error("That desk phone is not on this order: choose one of the order's lines.")]
        #[refusal("unknown_refund_line", 422)]
        UnknownRefundLine,
        #[error(
            "Only {left} of the {name} on this order can still be refunded: lower the quantity. Nothing was refunded."
        )]
        #[refusal("refund_beyond_quantity", 422)]
        RefundBeyondQuantity { name: String, left: u32 },
        #[error(
            "That would refund {asked} but only {left} of what the buyer paid is left to refund. Nothing was refunded."
        )]
        #[refusal("refund_exceeds_payment", 409)]
        RefundExceedsPayment { asked: Pence, left: Pence },
        #[error("This order has been refunded in full already: there is nothing left to refund.")]
        #[refusal("already_refunded", 409)]
        AlreadyRefunded,
        #[error("A refund of this order is still being made: reload the order, then try again.")]
        #[refusal("refund_pending", 409)]
        RefundPending,
        #[error("That refund is not the one being made on this order.")]
        #[refusal("unknown_refund", 409)]
        UnknownRefund,
    }
}
