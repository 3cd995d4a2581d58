use thiserror::Error;

#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum ServiceOrderError {
    #[error("Order not found.")]
    NotFound,
    #[error("This order has already been placed.")]
    AlreadyPlaced,
    #[error("Invalid order number.")]
    InvalidOrderNumber,
    #[error("Invalid cart data. Please try again.")]
    InvalidLines,
    #[error("The order's amounts do not add up.")]
    AmountsDoNotAddUp,
    #[error("The payment has already been confirmed.")]
    AlreadyPaid,
    #[error("The order has no payment customer yet.")]
    NoPaymentCustomer,
    #[error("The order already has a payment customer.")]
    PaymentCustomerAlreadyRegistered,
    #[error("This order is not paid by subscription.")]
    NoSubscriptionNeeded,
    #[error("This order has no top-up to pay.")]
    NoTopUpNeeded,
    #[error("A payment for this part is already under way.")]
    PaymentAlreadyStarted,
    #[error("A payment attempt needs a key.")]
    InvalidAttemptKey,
    #[error("That payment does not belong to this order.")]
    UnknownPayment,
    #[error("The payment has not been confirmed yet.")]
    PaymentNotConfirmed,
    #[error("The account has already been created.")]
    AccountAlreadyCreated,
    #[error("An account needs at least one extension.")]
    NoExtensions,
    #[error("The account has not been created yet.")]
    NoAccount,
    #[error("The numbers have already been assigned.")]
    NumbersAlreadyAssigned,
    #[error("Those are not the order's numbers.")]
    WrongNumbers,
    #[error("The numbers have not been assigned yet.")]
    NumbersNotAssigned,
    #[error("This order has already been completed.")]
    AlreadyCompleted,
    #[error("There is no confirmation to resend until the order is complete.")]
    NotComplete,
    #[error("That number is not one of this order's numbers: pick one from the order's list.")]
    NotTheOrdersNumber,
    #[error("That number has already been released.")]
    NumberAlreadyReleased,
    #[error("That number is not waiting for a replacement.")]
    NotLost,
    #[error("That area code is not waiting for a number on this order.")]
    NotAnOpenPlaceholder,
}

impl ServiceOrderError {
    pub fn code(&self) -> &'static str {
        match self {
            ServiceOrderError::NotFound => "order_not_found",
            ServiceOrderError::AlreadyPlaced => "order_already_placed",
            ServiceOrderError::InvalidOrderNumber => "invalid_order_number",
            ServiceOrderError::InvalidLines => "empty_cart",
            ServiceOrderError::AmountsDoNotAddUp => "amounts_do_not_add_up",
            ServiceOrderError::AlreadyPaid => "payment_already_confirmed",
            ServiceOrderError::NoPaymentCustomer => "no_payment_customer",
            ServiceOrderError::PaymentCustomerAlreadyRegistered => "payment_customer_exists",
            ServiceOrderError::NoSubscriptionNeeded => "no_subscription_needed",
            ServiceOrderError::NoTopUpNeeded => "no_top_up_needed",
            ServiceOrderError::PaymentAlreadyStarted => "payment_already_started",
            ServiceOrderError::InvalidAttemptKey => "invalid_attempt_key",
            ServiceOrderError::UnknownPayment => "unknown_payment",
            ServiceOrderError::PaymentNotConfirmed => "payment_not_confirmed",
            ServiceOrderError::AccountAlreadyCreated => "account_already_created",
            ServiceOrderError::NoExtensions => "no_extensions",
            ServiceOrderError::NoAccount => "no_account",
            ServiceOrderError::NumbersAlreadyAssigned => "numbers_already_assigned",
            ServiceOrderError::WrongNumbers => "wrong_numbers",
            ServiceOrderError::NumbersNotAssigned => "numbers_not_assigned",
            ServiceOrderError::AlreadyCompleted => "order_already_completed",
            ServiceOrderError::NotComplete => "not_complete",
            ServiceOrderError::NotTheOrdersNumber => "not_the_orders_number",
            ServiceOrderError::NumberAlreadyReleased => "number_already_released",
            ServiceOrderError::NotLost => "number_not_lost",
            ServiceOrderError::NotAnOpenPlaceholder => "placeholder_not_open",
        }
    }
}
