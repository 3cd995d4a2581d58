use super::details::{HardwareCustomer, ShippingAddress};
use super::lines::HardwareLine;
use super::shipping::ShippingOption;
use crate::pricing::Pence;

#[derive(Debug, Clone, PartialEq, Eq)]
// Placing carries the whole order; the others are small. Each value lives for one command,
// so boxing would only add noise.
#[allow(clippy::large_enum_variant)]
pub enum HardwareOrderCommand {
    /// No amounts: the aggregate prices the lines and the shipping itself.
    PlaceOrder {
        order_number: String,
        cart_id: String,
        lines: Vec<HardwareLine>,
        shipping: ShippingOption,
        customer: HardwareCustomer,
        address: ShippingAddress,
    },
    /// The card provider's customer for this order.
    RegisterPaymentCustomer { customer_id: String },
    /// A setup intent was made for the browser to collect a card with.
    StartCardSetup { setup_intent_id: String },
    /// Written before the charge is confirmed, so a retry finds the intent it already made.
    StartPayment { payment_intent_id: String, card: String, amount: Pence },
    /// The card was declined; the order stays open for another card.
    RecordDecline { payment_intent_id: String, code: String, decline_code: Option<String> },
    /// The provider says the money was taken (from the browser's call or a check afterwards).
    RecordPayment { payment_intent_id: String, amount: Pence, status: String },
    /// Stock noted and the confirmation e-mail queued (or not, `email_queued`).
    Confirm { email_queued: bool },
    /// Paid but confirming failed; a job retries it (reference `temp-{payment intent}`).
    MarkPaymentOnly,
    /// Paid but something unexpected failed (reference `error-{first 8 of the intent}`).
    MarkErrorHandled,
    /// The job's second go at confirming a paid order.
    RetryConfirmation { email_queued: bool },
    /// An order left unpaid for [`super::UNPAID_ORDER_LIFETIME`] expires.
    Cancel,
    /// Staff send the confirmation e-mail again; who asked is the context's actor.
    ResendConfirmation,
    /// A newer order from the same cart replaces this unpaid one (`by`: its id).
    Supersede { by: String },
    /// A payment made for this order succeeded although the order did not take it (an
    /// earlier attempt completed in another tab, or after the order was replaced): the
    /// money is refunded (the `refund-stray-payment` workflow).
    RecordStrayPayment { payment_intent_id: String, amount: Pence },
    /// The provider refunded that payment.
    RecordStrayRefund { payment_intent_id: String, refund_id: String, amount: Pence },
    /// Support staff propose a refund for an admin to carry out: checked as a refund is,
    /// recorded in the order's history, nothing paid back. `lines`: (product id, quantity)
    /// of the phones to refund; `None` for the whole order.
    ProposeRefund { lines: Option<Vec<(String, u32)>>, reason: String },
    /// An admin refunds: recorded (with the amount the order's own lines make) before the
    /// card provider is asked, so a retry after a crash asks for the same refund again
    /// (its key names the order and the refund's number) and never for a second one.
    RequestRefund { lines: Option<Vec<(String, u32)>>, reason: String },
    /// The provider made refund `number` (its `re_...` id and the amount it gave back).
    RecordRefund { number: u32, refund_id: String, amount: Pence },
    /// The provider refused refund `number`: nothing was given back, its phones and money
    /// may be refunded again.
    RecordRefundFailure { number: u32, message: String },
}
