use thiserror::Error;

use crate::refusals;

refusals! {
    #[derive(Debug, Error, Clone, PartialEq, Eq)]
    pub enum ServiceOrderError {
        #[error("Order not found.")]
        #[refusal("order_not_found", 404)]
        NotFound,
        #[error("This order has already been placed.")]
        #[refusal("order_already_placed", 409)]
        AlreadyPlaced,
        #[error("Invalid order number.")]
        #[refusal("invalid_order_number", 422)]
        InvalidOrderNumber,
        #[error("Invalid cart data. Please try again.")]
        #[refusal("empty_cart", 422)]
        InvalidLines,
        #[error("The order's amounts do not add up.")]
        #[refusal("amounts_do_not_add_up", 422)]
        AmountsDoNotAddUp,
        #[error("The payment has already been confirmed.")]
        #[refusal("payment_already_confirmed", 409)]
        AlreadyPaid,
        #[error("This order was replaced by a newer one from the same cart. Please continue with the newer order.")]
        #[refusal("order_superseded", 409)]
        Superseded,
        #[error("This order has expired unpaid. Please check out again.")]
        #[refusal("order_expired", 409)]
        Expired,
        #[error("An unpaid order can only be expired 24 hours after it was placed.")]
        #[refusal("too_early_to_expire", 409)]
        TooEarlyToExpire,
        #[error("That payment is this order's own, not one to refund.")]
        #[refusal("not_a_stray_payment", 409)]
        NotAStrayPayment,
        #[error("The order has no payment customer yet.")]
        #[refusal("no_payment_customer", 409)]
        NoPaymentCustomer,
        #[error("The order already has a payment customer.")]
        #[refusal("payment_customer_exists", 409)]
        PaymentCustomerAlreadyRegistered,
        #[error("This order is not paid by subscription.")]
        #[refusal("no_subscription_needed", 422)]
        NoSubscriptionNeeded,
        #[error("This order has no top-up to pay.")]
        #[refusal("no_top_up_needed", 422)]
        NoTopUpNeeded,
        #[error("A payment for this part is already under way.")]
        #[refusal("payment_already_started", 409)]
        PaymentAlreadyStarted,
        #[error("A payment attempt needs a key.")]
        #[refusal("invalid_attempt_key", 409)]
        InvalidAttemptKey,
        #[error("That payment does not belong to this order.")]
        #[refusal("unknown_payment", 404)]
        UnknownPayment,
        #[error("The payment has not been confirmed yet.")]
        #[refusal("payment_not_confirmed", 409)]
        PaymentNotConfirmed,
        #[error("The account has already been created.")]
        #[refusal("account_already_created", 409)]
        AccountAlreadyCreated,
        #[error("An account needs at least one extension.")]
        #[refusal("no_extensions", 422)]
        NoExtensions,
        #[error("The account has not been created yet.")]
        #[refusal("no_account", 409)]
        NoAccount,
        #[error("The numbers have already been assigned.")]
        #[refusal("numbers_already_assigned", 409)]
        NumbersAlreadyAssigned,
        #[error("Those are not the order's numbers.")]
        #[refusal("wrong_numbers", 422)]
        WrongNumbers,
        #[error("The numbers have not been assigned yet.")]
        #[refusal("numbers_not_assigned", 409)]
        NumbersNotAssigned,
        #[error("This order has already been completed.")]
        #[refusal("order_already_completed", 409)]
        AlreadyCompleted,
        #[error("There is no confirmation to resend until the order is complete.")]
        #[refusal("not_complete", 409)]
        NotComplete,
        #[error("That number is not one of this order's numbers: pick one from the order's list.")]
        #[refusal("not_the_orders_number", 409)]
        NotTheOrdersNumber,
        #[error("That number has already been released.")]
        #[refusal("number_already_released", 409)]
        NumberAlreadyReleased,
        #[error("That number is not waiting for a replacement.")]
        #[refusal("number_not_lost", 409)]
        NotLost,
        #[error("That area code is not waiting for a number on this order.")]
        #[refusal("placeholder_not_open", 409)]
        NotAnOpenPlaceholder,
        #[error("Only a signed-in staff member can move a transfer along.")]
        #[refusal("staff_required", 401)]
        StaffRequired,
        #[error("That extension is not one of this order's: pick one from the order's list.")]
        #[refusal("extension_not_found", 409)]
        ExtensionNotFound,
        #[error("Too many card attempts on this order. Please contact support to finish it.")]
        #[refusal("too_many_attempts", 429)]
        TooManyCardSetups,
        #[error("This order has no subscription to cancel (it is not paid yet, or pays as it goes).")]
        #[refusal("no_subscription", 409)]
        NoSubscriptionToCancel,
        #[error("This subscription is cancelled already: there is nothing more to cancel.")]
        #[refusal("subscription_already_cancelled", 409)]
        SubscriptionAlreadyCancelled,
        #[error("Your service is still in its free trial: it has nothing to cancel yet. Contact support if you do not want it to carry on.")]
        #[refusal("cancellation_in_trial", 409)]
        CancellationInTrial,
        #[error("There is no cancellation to undo: your service carries on.")]
        #[refusal("no_cancellation", 409)]
        NoCancellationToUndo,
        #[error("The cancellation has taken effect already: to have the service again, place a new order.")]
        #[refusal("cancellation_in_effect", 409)]
        CancellationInEffect,
        #[error("That card setup does not belong to this order.")]
        #[refusal("unknown_setup_intent", 422)]
        UnknownCardSetup,
        #[error("Give the reason for the cancellation (at most 500 characters): the buyer's e-mail quotes it.")]
        #[refusal("cancellation_reason_missing", 422)]
        CancellationReasonMissing,
        #[error("Give the reason on one line (1 to 100 characters): phones show it when a call is refused, and the buyer reads it in their account.")]
        #[refusal("suspension_reason_invalid", 422)]
        SuspensionReasonInvalid,
        #[error("Calls out are not suspended: there is nothing to restore.")]
        #[refusal("calls_out_not_suspended", 409)]
        CallsOutNotSuspended,
        #[error("Calls out are suspended already for a disputed payment: restore them first.")]
        #[refusal("calls_out_suspended_for_dispute", 409)]
        SuspendedForDispute,
        #[error("Give the daily cap in whole pence from 0 to 100000 (£0 to £1,000); 0 stops every call out that costs money.")]
        #[refusal("spend_cap_out_of_range", 422)]
        SpendCapOutOfRange,
    }
}
