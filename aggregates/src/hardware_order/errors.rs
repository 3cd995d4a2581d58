use thiserror::Error;

use super::details::FieldErrors;

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
        }
    }
}
