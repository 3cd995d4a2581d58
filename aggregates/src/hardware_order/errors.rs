use thiserror::Error;

use super::details::FieldErrors;
use crate::pricing::Pence;

/// Why a hardware order refuses a command. The messages may reach the buyer, so they say
/// what to do next where there is something to do.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum HardwareOrderError {
    #[error("This order has already been placed.")]
    AlreadyPlaced,
    #[error("Invalid order number.")]
    InvalidOrderNumber,
    #[error("Your cart has no desk phones to check out.")]
    NoItems,
    #[error("Each desk phone's quantity must be between 1 and 99. Please update your cart.")]
    InvalidQuantity,
    #[error("An order can hold at most 20 different desk phones. Please remove some from your cart.")]
    TooManyLines,
    #[error("A desk phone in your cart has no valid price. Please remove it and add it again.")]
    InvalidPrice,
    #[error("Please correct the highlighted fields.")]
    InvalidDetails(FieldErrors),
    /// An order never placed does not exist as far as anyone outside is concerned.
    #[error("Hardware order not found.")]
    NotPlaced,
    #[error("This order is already paid.")]
    AlreadyPaid,
    #[error("This order has expired. Please check out again.")]
    Cancelled,
    #[error("The payment amount does not match the order total. Please try again.")]
    AmountMismatch,
    #[error("That payment does not belong to this order.")]
    UnknownPayment,
    #[error("Your payment has not gone through yet. Please try again.")]
    PaymentNotSucceeded,
    #[error("This order has not been paid yet.")]
    NotPaid,
    #[error("This order is already confirmed.")]
    AlreadyConfirmed,
    #[error("An unpaid order can only be cancelled 24 hours after it was placed.")]
    TooEarlyToCancel,
    #[error("There is no confirmation to resend until the order is confirmed.")]
    NotConfirmed,
    #[error("This order was replaced by a newer one from the same cart. Please pay the newer order.")]
    Superseded,
    #[error("That payment is this order's own, not one to refund.")]
    NotAStrayPayment,
    #[error("Too many card attempts on this order. Please contact support to finish it.")]
    TooManyCardSetups,
    #[error("Give the reason for the refund (at most 500 characters): the buyer's e-mail quotes it.")]
    RefundReasonMissing,
    #[error("Choose at least one desk phone with a quantity of 1 or more, or refund the whole order.")]
    NoRefundLines,
    #[error("That desk phone is not on this order: choose one of the order's lines.")]
    UnknownRefundLine,
    #[error(
        "Only {left} of the {name} on this order can still be refunded: lower the quantity. Nothing was refunded."
    )]
    RefundBeyondQuantity { name: String, left: u32 },
    #[error(
        "That would refund {asked} but only {left} of what the buyer paid is left to refund. Nothing was refunded."
    )]
    RefundExceedsPayment { asked: Pence, left: Pence },
    #[error("This order has been refunded in full already: there is nothing left to refund.")]
    AlreadyRefunded,
    #[error("A refund of this order is still being made: reload the order, then try again.")]
    RefundPending,
    #[error("That refund is not the one being made on this order.")]
    UnknownRefund,
}

impl HardwareOrderError {
    /// Stable snake_case codes for the API's answers (the ones the contract names reuse
    /// its codes: no_hardware, invalid_fields, hardware_order_not_found, ...).
    pub fn code(&self) -> &'static str {
        match self {
            HardwareOrderError::AlreadyPlaced => "order_already_placed",
            HardwareOrderError::InvalidOrderNumber => "invalid_order_number",
            HardwareOrderError::NoItems => "no_hardware",
            HardwareOrderError::InvalidQuantity => "invalid_quantity",
            HardwareOrderError::TooManyLines => "too_many_lines",
            HardwareOrderError::InvalidPrice => "invalid_price",
            HardwareOrderError::InvalidDetails(_) => "invalid_fields",
            HardwareOrderError::NotPlaced => "hardware_order_not_found",
            HardwareOrderError::AlreadyPaid => "order_already_paid",
            HardwareOrderError::Cancelled => "order_cancelled",
            HardwareOrderError::AmountMismatch => "amount_mismatch",
            HardwareOrderError::UnknownPayment => "unknown_payment",
            HardwareOrderError::PaymentNotSucceeded => "payment_not_succeeded",
            HardwareOrderError::NotPaid => "order_not_paid",
            HardwareOrderError::AlreadyConfirmed => "order_already_confirmed",
            HardwareOrderError::TooEarlyToCancel => "too_early_to_cancel",
            HardwareOrderError::NotConfirmed => "not_complete",
            HardwareOrderError::Superseded => "order_superseded",
            HardwareOrderError::NotAStrayPayment => "not_a_stray_payment",
            HardwareOrderError::TooManyCardSetups => "too_many_attempts",
            HardwareOrderError::RefundReasonMissing => "refund_reason_missing",
            HardwareOrderError::NoRefundLines => "no_refund_lines",
            HardwareOrderError::UnknownRefundLine => "unknown_refund_line",
            HardwareOrderError::RefundBeyondQuantity { .. } => "refund_beyond_quantity",
            HardwareOrderError::RefundExceedsPayment { .. } => "refund_exceeds_payment",
            HardwareOrderError::AlreadyRefunded => "already_refunded",
            HardwareOrderError::RefundPending => "refund_pending",
            HardwareOrderError::UnknownRefund => "unknown_refund",
        }
    }
}
