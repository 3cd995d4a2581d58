//! Every e-mail the shop sends, in one place. [`Email`] has a variant for each, carrying what
//! its text needs, and writes its subject and body; [`MailKind`] is its name in the outbox
//! (`outbox.kind`: with the reference, what makes an e-mail once-only) and says when it is
//! sent. Whoever sends one builds its variant and hands it to crate::outbox (`queue`, or
//! `queue_on` inside a transaction of their own); nothing else writes a subject or a body.
//!
//! It lives next to the outbox, in this crate, because both the API's use cases and
//! workflows and this crate's jobs (call charges) send e-mails, and the API depends on this
//! crate, not the other way round.
//!
//! docs/architecture.md's list of e-mails is generated from here (the test
//! `architecture_md_lists_every_email`; `UPDATE_ARCHITECTURE_MD=1` writes it).
//!
//! No e-mail ever holds a password: SIP passwords are shown once on a page, and a link
//! carries a one-time token whose digest only is kept.

use std::fmt;

use aggregates::customer::Customer;
use aggregates::hardware_order::{HardwareOrder, RefundState};
use aggregates::pricing::{BillingCycle, Pence};
use aggregates::quote_request::QuoteDetails;
use aggregates::service_order::{OrderLines, OrderStatus, ServiceOrder};
use aggregates::transfer::{Transfer, TransferState};
use chrono::{DateTime, Utc};
use projections::trials::TrialView;

/// When support answers the phone, as every e-mail that sends a buyer to support says.
pub const SUPPORT_HOURS: &str = "9am to 5:30pm";

/// The web app's page a password link opens (it sends the token to `POST /api/account/password`).
pub const RESET_PATH: &str = "/account/reset-password";

/// The web app's page a trial's confirmation link opens (it sends the token to
/// `POST /api/trial-email-verifications`).
pub const VERIFY_PATH: &str = "/trial/verify";

/// The name of each e-mail in the outbox (`outbox.kind`). The names are stored, and with the
/// reference make an e-mail once-only: never rename one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MailKind {
    OrderConfirmation,
    HardwareConfirmation,
    HardwareRefund,
    StrayPaymentRefunded,
    TrialVerification,
    TrialWelcome,
    TrialReminder,
    AccountPasswordReset,
    QuoteRequest,
    QuoteAcknowledgement,
    TransferUpdate,
    PlaceholderFilled,
    NumberReplaced,
    SubscriptionCancelled,
    NoticeGiven,
    CallCreditRanOut,
    IncludedMinutesRanOut,
    DailySpendWarning,
    DailySpendCapReached,
}

impl MailKind {
    /// Every kind, in the order docs/architecture.md lists them.
    pub const ALL: [MailKind; 19] = [
        MailKind::OrderConfirmation,
        MailKind::HardwareConfirmation,
        MailKind::HardwareRefund,
        MailKind::StrayPaymentRefunded,
        MailKind::TrialVerification,
        MailKind::TrialWelcome,
        MailKind::TrialReminder,
        MailKind::AccountPasswordReset,
        MailKind::QuoteRequest,
        MailKind::QuoteAcknowledgement,
        MailKind::TransferUpdate,
        MailKind::PlaceholderFilled,
        MailKind::NumberReplaced,
        MailKind::SubscriptionCancelled,
        MailKind::NoticeGiven,
        MailKind::CallCreditRanOut,
        MailKind::IncludedMinutesRanOut,
        MailKind::DailySpendWarning,
        MailKind::DailySpendCapReached,
    ];

    /// Its name as stored in `outbox.kind`.
    pub const fn as_str(self) -> &'static str {
        match self {
            MailKind::OrderConfirmation => "order_confirmation",
            MailKind::HardwareConfirmation => "hardware_confirmation",
            MailKind::HardwareRefund => "hardware_refund",
            MailKind::StrayPaymentRefunded => "stray_payment_refunded",
            MailKind::TrialVerification => "trial_verification",
            MailKind::TrialWelcome => "trial_welcome",
            MailKind::TrialReminder => "trial_reminder",
            MailKind::AccountPasswordReset => "account_password_reset",
            MailKind::QuoteRequest => "quote_request",
            MailKind::QuoteAcknowledgement => "quote_acknowledgement",
            MailKind::TransferUpdate => "port_update",
            MailKind::PlaceholderFilled => "placeholder_filled",
            MailKind::NumberReplaced => "number_replaced",
            MailKind::SubscriptionCancelled => "subscription_cancelled",
            MailKind::NoticeGiven => "notice_given",
            MailKind::CallCreditRanOut => "call_credit_ran_out",
            MailKind::IncludedMinutesRanOut => "included_minutes_ran_out",
            MailKind::DailySpendWarning => "daily_spend_warning",
            MailKind::DailySpendCapReached => "daily_spend_cap_reached",
        }
    }

    /// When it is sent, to whom when not the buyer, and once per what (its reference): one
    /// line of docs/architecture.md's list.
    pub fn when(self) -> &'static str {
        match self {
            MailKind::OrderConfirmation => {
                "a service order completes (`complete-service-order`, once per order); a copy each time staff resend it"
            }
            MailKind::HardwareConfirmation => {
                "a desk-phone order is paid and confirmed (`confirm-hardware-order`, once per order); a copy each time \
                 staff resend it"
            }
            MailKind::HardwareRefund => {
                "an admin refunds some or all of a hardware order (in the transaction that records `HardwareRefunded`; \
                 once per refund)"
            }
            MailKind::StrayPaymentRefunded => {
                "a payment an order did not take is refunded (`refund-stray-payment`; once per payment)"
            }
            MailKind::TrialVerification => {
                "a free trial starts: the link that confirms the address (`start-trial`, in the transaction that keeps \
                 the token's digest; once per trial)"
            }
            MailKind::TrialWelcome => "a free trial starts (`start-trial`, once per trial); a copy each time staff resend it",
            MailKind::TrialReminder => "three days before a trial ends (`ReminderSent`: `remind-trial`, once per trial)",
            MailKind::AccountPasswordReset => {
                "a buyer asks for a new password (\"Forgot password\"): the one-time link, once per link"
            }
            MailKind::QuoteRequest => "a quote request comes in: to the sales mailbox (`SALES_EMAIL`), once per request",
            MailKind::QuoteAcknowledgement => "a quote request comes in: to the buyer, once per request",
            MailKind::TransferUpdate => {
                "each step of a number transfer once the buyer's details are in (`tell-transfer`, once per step)"
            }
            MailKind::PlaceholderFilled => {
                "a paid area-code placeholder gets its number (`PlaceholderFilled`: `tell-buyer`, once per placeholder)"
            }
            MailKind::NumberReplaced => {
                "a number taken before its order completed is replaced (`NumberReplaced`: `tell-buyer`, once per event)"
            }
            MailKind::SubscriptionCancelled => {
                "an admin cancels a subscription (`SubscriptionCancelled`: `tell-buyer`, once per event)"
            }
            MailKind::NoticeGiven => {
                "the buyer gives notice to cancel (`CancellationScheduled`: `tell-buyer`, once per event)"
            }
            MailKind::CallCreditRanOut => {
                "a Pay As You Go order's call credit runs out (`CreditRanOut`: `charge-calls`, once per event)"
            }
            MailKind::IncludedMinutesRanOut => {
                "an order's minutes for the month, or a trial's, are spoken (`IncludedMinutesRanOut`: `charge-calls`, \
                 once per event)"
            }
            MailKind::DailySpendWarning => {
                "today's calls out of an order spent 80% of its daily cap: to the buyer and to the shop (`charge-calls`, \
                 once a day each)"
            }
            MailKind::DailySpendCapReached => {
                "today's calls out of an order spent all of its daily cap: to the buyer and to the shop \
                 (`charge-calls`, once a day each)"
            }
        }
    }
}

impl fmt::Display for MailKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Where a phone connects, as the e-mails give it next to each extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SipServer<'a> {
    pub domain: &'a str,
    pub port: u16,
    pub transport: &'a str,
}

impl fmt::Display for SipServer<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "SIP server {}, port {}, {}", self.domain, self.port, self.transport)
    }
}

/// What the order confirmation says about the SIP passwords, which it never contains.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PasswordNote {
    /// The buyer saw them on the confirmation page.
    Shown,
    /// The payment was confirmed after the buyer left: support sets them with the buyer.
    NotSet,
    /// A copy sent again by staff, who cannot tell which of the two it was.
    Resent,
}

/// Why a stray payment was not the one its order needed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StrayReason {
    /// Made for an order a newer one from the same cart replaced.
    Superseded,
    /// Came after the order was paid.
    AlreadyPaid,
    /// Anything else the order was not waiting for.
    NotAwaited,
}

impl StrayReason {
    pub fn of(superseded: bool, paid: bool) -> StrayReason {
        match (superseded, paid) {
            (true, _) => StrayReason::Superseded,
            (false, true) => StrayReason::AlreadyPaid,
            (false, false) => StrayReason::NotAwaited,
        }
    }

    fn text(self) -> &'static str {
        match self {
            StrayReason::Superseded => "was made for an order you replaced with a newer one from the same cart",
            StrayReason::AlreadyPaid => "came after your order had already been paid",
            StrayReason::NotAwaited => "was not the payment your order was waiting for",
        }
    }
}

/// Whose included minutes ran out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MinutesOf<'a> {
    /// An order's, for the UK month `period` (`2026-12`).
    Month { order_number: &'a str, period: &'a str },
    /// A free trial's, for its whole length.
    Trial,
}

/// One e-mail, with what its text needs. See [`MailKind::when`] for when each is sent.
#[derive(Debug, Clone, Copy)]
pub enum Email<'a> {
    /// The service order's confirmation: its lines and amounts, its extensions and where
    /// they connect, what became of the SIP passwords, and how its transfers start.
    /// `order_page` is the buyer's page of the order, where a transfer's letter of
    /// authority is signed.
    OrderConfirmation {
        order: &'a ServiceOrder,
        lines: &'a OrderLines,
        passwords: PasswordNote,
        order_page: &'a str,
        sip: SipServer<'a>,
    },
    /// The desk-phone order's confirmation (no card data; the payment reference only).
    HardwareConfirmation { order: &'a HardwareOrder },
    /// A refund of some or all of a hardware order (`amount`: what the provider gave back).
    HardwareRefund { order: &'a HardwareOrder, refund: &'a RefundState, amount: Pence },
    /// A payment the order did not take, refunded in full.
    StrayPaymentRefunded {
        first_name: &'a str,
        order_number: &'a str,
        why: StrayReason,
        payment_intent_id: &'a str,
        amount: Pence,
    },
    /// The link that confirms a trial's e-mail address, carrying `token`. `number` is the
    /// trial's number as shown.
    TrialVerification { view: &'a TrialView, number: &'a str, site_url: &'a str, token: &'a str },
    /// The trial's welcome (no password in it).
    TrialWelcome { view: &'a TrialView, number: &'a str, sip: SipServer<'a> },
    /// The reminder three days before a trial ends.
    TrialReminder { view: &'a TrialView },
    /// "Forgot password": the link that carries `token`.
    AccountPasswordReset { site_url: &'a str, token: &'a str },
    /// A quote request, to the sales mailbox.
    QuoteRequest { details: &'a QuoteDetails, reply_promise: &'a str, site_url: &'a str },
    /// A quote request's acknowledgement, to the buyer.
    QuoteAcknowledgement { details: &'a QuoteDetails, reply_promise: &'a str },
    /// Where a transfer stands now, with the transfer as it stood right after its step. Built
    /// with [`Email::transfer_update`], which tells nothing while the transfer waits for the buyer's
    /// details.
    TransferUpdate { order: &'a ServiceOrder, transfer: &'a Transfer, order_page: &'a str },
    /// A placeholder's number (`placeholder` is `placeholder-020`).
    PlaceholderFilled { order: &'a ServiceOrder, placeholder: &'a str, number: &'a str },
    /// A lost number's replacement.
    NumberReplaced { order: &'a ServiceOrder, lost: &'a str, replacement: &'a str },
    /// The subscription cancelled by an admin, now or at the end of the paid period.
    SubscriptionCancelled {
        order: &'a ServiceOrder,
        at_period_end: bool,
        ends_at: Option<&'a DateTime<Utc>>,
        reason: &'a str,
    },
    /// The buyer's notice to cancel, confirmed: when the service ends and how to keep it
    /// (`page`: the order's page in the account).
    NoticeGiven { order: &'a ServiceOrder, effective_on: &'a DateTime<Utc>, page: &'a str },
    /// A Pay As You Go order's call credit ran out.
    CallCreditRanOut { order: &'a ServiceOrder },
    /// The included minutes ran out: an order's for the month, or a trial's.
    IncludedMinutesRanOut { contact: &'a Customer, minutes: i64, of: MinutesOf<'a>, shop_email: &'a str },
    /// Today's calls out spent 80% of the daily cap (tenths of a penny).
    DailySpendWarning { order: &'a ServiceOrder, spent_tenths: i64, cap_tenths: i64, shop_email: &'a str },
    /// Today's calls out spent all of the daily cap (tenths of a penny).
    DailySpendCapReached { order: &'a ServiceOrder, spent_tenths: i64, cap_tenths: i64, shop_email: &'a str },
}

impl<'a> Email<'a> {
    /// The e-mail of a transfer's step, or None while the transfer waits for the buyer's details
    /// (nothing to tell yet).
    pub fn transfer_update(order: &'a ServiceOrder, transfer: &'a Transfer, order_page: &'a str) -> Option<Email<'a>> {
        (transfer.state != TransferState::Requested).then_some(Email::TransferUpdate { order, transfer, order_page })
    }

    /// Its name in the outbox.
    pub fn kind(&self) -> MailKind {
        match self {
            Email::OrderConfirmation { .. } => MailKind::OrderConfirmation,
            Email::HardwareConfirmation { .. } => MailKind::HardwareConfirmation,
            Email::HardwareRefund { .. } => MailKind::HardwareRefund,
            Email::StrayPaymentRefunded { .. } => MailKind::StrayPaymentRefunded,
            Email::TrialVerification { .. } => MailKind::TrialVerification,
            Email::TrialWelcome { .. } => MailKind::TrialWelcome,
            Email::TrialReminder { .. } => MailKind::TrialReminder,
            Email::AccountPasswordReset { .. } => MailKind::AccountPasswordReset,
            Email::QuoteRequest { .. } => MailKind::QuoteRequest,
            Email::QuoteAcknowledgement { .. } => MailKind::QuoteAcknowledgement,
            Email::TransferUpdate { .. } => MailKind::TransferUpdate,
            Email::PlaceholderFilled { .. } => MailKind::PlaceholderFilled,
            Email::NumberReplaced { .. } => MailKind::NumberReplaced,
            Email::SubscriptionCancelled { .. } => MailKind::SubscriptionCancelled,
            Email::NoticeGiven { .. } => MailKind::NoticeGiven,
            Email::CallCreditRanOut { .. } => MailKind::CallCreditRanOut,
            Email::IncludedMinutesRanOut { .. } => MailKind::IncludedMinutesRanOut,
            Email::DailySpendWarning { .. } => MailKind::DailySpendWarning,
            Email::DailySpendCapReached { .. } => MailKind::DailySpendCapReached,
        }
    }

    /// When it is sent (its kind's).
    pub fn when(&self) -> &'static str {
        self.kind().when()
    }

    /// Its subject line.
    pub fn subject(&self) -> String {
        match *self {
            Email::OrderConfirmation { order, .. } => format!("Your order {} is confirmed", order.order_number),
            Email::HardwareConfirmation { order } => format!("Your desk phone order {}", order.order_number),
            Email::HardwareRefund { order, amount, .. } => {
                format!("Refund of {amount} for order {}", order.order_number)
            }
            Email::StrayPaymentRefunded { order_number, .. } => {
                format!("We have refunded a payment for order {order_number}")
            }
            Email::TrialVerification { .. } => "Confirm your email address to keep your free trial".into(),
            Email::TrialWelcome { .. } => "Your 7-day free trial has started".into(),
            Email::TrialReminder { .. } => "Your free trial ends in 3 days".into(),
            Email::AccountPasswordReset { .. } => "Set a new password for your Talkbridge account".into(),
            Email::QuoteRequest { details, .. } => {
                format!("Quote request: {} for {}", details.product.label(), details.company)
            }
            Email::QuoteAcknowledgement { details, .. } => {
                format!("We have your quote request: {}", details.product.label())
            }
            Email::TransferUpdate { transfer, .. } => {
                format!("Transfer of {}: {}", transfer.number, transfer.state.label().to_lowercase())
            }
            Email::PlaceholderFilled { order, .. } | Email::NumberReplaced { order, .. } => {
                format!("Your new number for order {}", order.order_number)
            }
            Email::SubscriptionCancelled { order, .. } => {
                format!("Your subscription for order {} is cancelled", order.order_number)
            }
            Email::NoticeGiven { order, .. } => {
                format!("Your notice to cancel order {} is received", order.order_number)
            }
            Email::CallCreditRanOut { order } => {
                format!("Your call credit for order {} has run out", order.order_number)
            }
            Email::IncludedMinutesRanOut { of: MinutesOf::Month { order_number, .. }, .. } => {
                format!("The included call minutes of order {order_number} are used up for this month")
            }
            Email::IncludedMinutesRanOut { of: MinutesOf::Trial, .. } => {
                "Your free trial's call minutes are used up".into()
            }
            Email::DailySpendWarning { order, spent_tenths, cap_tenths, .. } => format!(
                "Calls from order {} have spent {} of today's {} limit",
                order.order_number,
                pence_label(spent_tenths),
                pence_label(cap_tenths)
            ),
            Email::DailySpendCapReached { order, cap_tenths, .. } => format!(
                "Calls out from order {} are paused until tomorrow: the daily limit of {} is spent",
                order.order_number,
                pence_label(cap_tenths)
            ),
        }
    }

    /// Its text (plain text, UTF-8).
    pub fn body(&self) -> String {
        match *self {
            Email::OrderConfirmation { order, lines, passwords, order_page, sip } => {
                order_confirmation(order, lines, passwords, order_page, sip)
            }
            Email::HardwareConfirmation { order } => hardware_confirmation(order),
            Email::HardwareRefund { order, refund, amount } => hardware_refund(order, refund, amount),
            Email::StrayPaymentRefunded { first_name, order_number, why, payment_intent_id, amount } => format!(
                "Hello {first_name},\n\nA card payment of {amount} (reference {payment_intent_id}) {} ({order_number}). \
                 We have refunded it in full: your bank usually shows the money back within 5 to 10 working days.\n\n\
                 You do not need to do anything. If you have a question, reply to this e-mail or call support \
                 ({SUPPORT_HOURS}).\n",
                why.text(),
            ),
            Email::TrialVerification { view, number, site_url, token } => format!(
                "Hello {},\n\nPlease confirm your email address to keep your Talkbridge free trial:\n\n\
                 {}{VERIFY_PATH}?token={token}\n\n\
                 Until you confirm it, your trial cannot make outgoing calls. If the link is not followed within 24 hours \
                 (by {}), the trial ends and your number {number} is released.\n\n\
                 The link works once. If you did not start a free trial with us, ignore this email: the trial ends by itself.\n",
                view.first_name,
                site_url.trim_end_matches('/'),
                when(view.verify_by),
            ),
            Email::TrialWelcome { view, number, sip } => trial_welcome(view, number, sip),
            Email::TrialReminder { view } => format!(
                "Hello {},\n\nYour free trial ends on {}. {}\n\nSee our plans: /plans-and-pricing\n",
                view.first_name,
                view.ends_at.map(|t| t.format("%A %-d %B %Y").to_string()).unwrap_or_default(),
                if view.payment_method_saved {
                    "Your saved card will then pay for Single User VoIP each month unless you cancel."
                } else {
                    "Add a card or choose a plan to keep your number."
                }
            ),
            Email::AccountPasswordReset { site_url, token } => format!(
                "Hello,\n\nSomeone (we hope you) asked to set a new password for the Talkbridge account of this e-mail address.\n\n\
                 Set a new password here:\n\n{}{RESET_PATH}?token={token}\n\n\
                 The link works once, for one hour. Setting a password also confirms that the account is yours: anyone else \
                 signed in to it is signed out.\n\n\
                 If you did not ask for this, ignore this e-mail: your password stays as it is.\n",
                site_url.trim_end_matches('/')
            ),
            Email::QuoteRequest { details, reply_promise, site_url } => format!(
                "A quote request came in; the buyer was promised a reply {reply_promise}.\n\n{}\nMark it answered in the \
                 console: {}/admin/quotes\n",
                quote_summary(details),
                site_url.trim_end_matches('/')
            ),
            Email::QuoteAcknowledgement { details, reply_promise } => format!(
                "Hello {},\n\nThank you for asking about {}. Our sales team will reply {reply_promise} by e-mail, with a \
                 quote for {}.\n\nWhat you sent us:\n{}\nOur office hours are {SUPPORT_HOURS}, Monday to Friday (UK \
                 time). If anything changes before we reply, just reply to this e-mail.\n",
                details.name,
                details.product.label().to_lowercase(),
                details.company,
                quote_summary(details)
            ),
            Email::TransferUpdate { order, transfer, order_page } => format!(
                "Hello {},\n\n{}\n\nYour order {} shows where the transfer stands: {order_page}\n\nQuestions? Reply to \
                 this e-mail or call support ({SUPPORT_HOURS}, Monday to Friday).\n",
                order.customer.first_name,
                transfer_news(transfer),
                order.order_number
            ),
            Email::PlaceholderFilled { order, placeholder, number } => format!(
                "Hello {},\n\nYour new {} number for order {} is ready: {number}.\n\nIt is live on your account now; \
                 set it up in your dashboard, or reply to this e-mail if you would like a different one.\n",
                order.customer.first_name,
                crate::placeholders::area_code(placeholder),
                order.order_number
            ),
            Email::NumberReplaced { order, lost, replacement } => format!(
                "Hello {},\n\nThe number {lost} you chose for your order {} was taken before your order completed, so \
                 we have given you {replacement} in the same area code instead, at the same price.\n\nIf you would \
                 rather have another number, reply to this e-mail or call support ({SUPPORT_HOURS}).\n",
                order.customer.first_name, order.order_number
            ),
            Email::SubscriptionCancelled { order, at_period_end, ends_at, reason } => {
                let when = match (at_period_end, ends_at) {
                    (false, _) => "It has ended today: you will not be charged for it again.".to_string(),
                    (true, Some(end)) => format!(
                        "It ends at the end of the period you have paid for, on {}: you will not be charged for it \
                         again.",
                        end.format("%-d %B %Y")
                    ),
                    (true, None) => "It ends at the end of the period you have paid for: you will not be charged for \
                                     it again."
                        .to_string(),
                };
                format!(
                    "Hello {},\n\nWe have cancelled the subscription of your order {}.\n\n{when}\n\nReason: {reason}\n\n\
                     If this is not what you expected, reply to this e-mail or call support ({SUPPORT_HOURS}).\n",
                    order.customer.first_name, order.order_number
                )
            }
            Email::NoticeGiven { order, effective_on, page } => format!(
                "Hello {},\n\nWe have your notice to cancel order {}. Your service keeps working, and is charged, until \
                 the end of its billing period on {}; then it ends and you will not be charged again.\n\nChanged your \
                 mind? Sign in to your account and choose Keep my service on the order's page before that day: \
                 {page}\n\nQuestions: reply to this e-mail or call support ({SUPPORT_HOURS}).\n",
                order.customer.first_name,
                order.order_number,
                effective_on.format("%-d %B %Y"),
            ),
            Email::CallCreditRanOut { order } => format!(
                "Hello {},\n\nThe Pay As You Go call credit of order {} has run out, so calls out from its \
                 phones are refused until you top it up. Calls in still ring as before.\n\nTop up from your \
                 account: sign in, open the order and choose Top up credit. The credit is ready for calls as \
                 soon as the payment goes through.\n\nTalkbridge\n",
                order.customer.first_name, order.order_number
            ),
            Email::IncludedMinutesRanOut { contact, minutes, of: MinutesOf::Month { order_number, period }, shop_email } => {
                format!(
                    "Hello {},\n\nAll {minutes} minutes of calls out included with order {order_number} this month \
                     ({period}) are spoken, so calls out from its phones are refused until the minutes renew on the 1st \
                     of next month (UK time). Calls in, and calls between your extensions, still work as before.\n\nTo \
                     call out before then, contact us at {shop_email} to move the order to a plan with more \
                     minutes.\n\nTalkbridge\n",
                    contact.first_name
                )
            }
            Email::IncludedMinutesRanOut { contact, minutes, of: MinutesOf::Trial, shop_email } => format!(
                "Hello {},\n\nAll {minutes} minutes of calls out included with your free trial are spoken, so calls out \
                 from its phone are refused for the rest of the trial. Calls in still ring as before.\n\nTo keep calling \
                 out, choose a plan (see /plans-and-pricing; Single User includes 500 minutes a month), or contact us at \
                 {shop_email}.\n\nTalkbridge\n",
                contact.first_name
            ),
            Email::DailySpendWarning { order, spent_tenths, cap_tenths, shop_email } => {
                daily_spend(order, spent_tenths, cap_tenths, shop_email, false)
            }
            Email::DailySpendCapReached { order, spent_tenths, cap_tenths, shop_email } => {
                daily_spend(order, spent_tenths, cap_tenths, shop_email, true)
            }
        }
    }
}

/// A trial's dates as its e-mails give them.
fn when(at: Option<DateTime<Utc>>) -> String {
    at.map(|t| t.format("%A %-d %B %Y, %H:%M UTC").to_string()).unwrap_or_default()
}

/// Tenths of a penny as pounds and pence, rounded down to the penny: 19,980 is "£19.98".
fn pence_label(tenths: i64) -> String {
    let pence = tenths / 10;
    format!("£{}.{:02}", pence / 100, pence % 100)
}

fn order_confirmation(
    order: &ServiceOrder,
    lines: &OrderLines,
    passwords: PasswordNote,
    order_page: &str,
    sip: SipServer<'_>,
) -> String {
    let per = match lines.billing_cycle {
        BillingCycle::Monthly => "month",
        BillingCycle::Yearly => "year",
    };
    let a = &lines.amounts;
    let mut body = format!(
        "Hello {},\n\nThank you for your order {}.\n\nPackage: {} x{}\nSubtotal: {} per {per}\nVAT (20%): {}\nTotal: {} per {per}\n",
        order.customer.first_name,
        order.order_number,
        lines.plan.name(),
        lines.quantity,
        a.subscription_subtotal,
        a.subscription_vat,
        a.subscription_total,
    );
    if a.top_up_subtotal > Pence::ZERO {
        body.push_str(&format!(
            "Top-up credit (one-time): {} + VAT {} = {}\n",
            a.top_up_subtotal, a.top_up_vat, a.top_up_total
        ));
    }
    body.push_str("\nExtensions:\n");
    for extension in &order.extensions {
        body.push_str(&format!("  {} (username {}, {sip})\n", extension.number, extension.username));
    }
    body.push_str("Set up any SIP phone or softphone with the username, its SIP password and this server.\n");
    let note = match passwords {
        PasswordNote::Shown => {
            "\nYour SIP passwords were shown once on the confirmation page; our team will be in touch to help you set up.\n"
                .to_string()
        }
        PasswordNote::NotSet => format!(
            "\nYour payment was confirmed after you left the checkout, so your SIP passwords and account password have not been \
             set yet. Please contact support ({SUPPORT_HOURS}) and we will set them with you.\n"
        ),
        PasswordNote::Resent => format!(
            "\nThis is a copy of your order confirmation, sent again at your request. Your SIP passwords are never sent by \
             e-mail; if you do not have them, contact support ({SUPPORT_HOURS}) and we will set new ones with you.\n"
        ),
    };
    body.push_str(&note);
    // A completed order's transfers (each a Transfer from then on): a mobile's moves with its PAC code.
    let completed = order.status == OrderStatus::Completed;
    let (mobiles, landlines): (Vec<_>, Vec<_>) = order.transfers().filter(|_| completed).partition(|n| n.pac.is_some());
    if !landlines.is_empty() {
        let numbers: Vec<&str> = landlines.iter().map(|n| n.value.as_str()).collect();
        body.push_str(&format!(
            "\nTransferring {}: to start, confirm your current provider's details and sign the letter of authority on \
             your order page: {order_page}\nWe e-mail you at each step; transfers usually complete in 2-3 business days.\n",
            numbers.join(" and ")
        ));
    }
    if !mobiles.is_empty() {
        let numbers: Vec<&str> = mobiles.iter().map(|n| n.value.as_str()).collect();
        body.push_str(&format!(
            "\nTransferring {}: we have the PAC code you gave, and we send the transfer to your mobile network within one \
             business day. Your order page shows where it stands: {order_page}\n",
            numbers.join(" and ")
        ));
    }
    body
}

fn hardware_confirmation(order: &HardwareOrder) -> String {
    let mut body =
        format!("Hello {},\n\nThank you for your order {}.\n\n", order.customer.first_name, order.order_number);
    for line in &order.lines {
        body.push_str(&format!("{} x{}: {}\n", line.name, line.quantity, line.line_total()));
    }
    let a = &order.amounts;
    let shipping = order.shipping.map(|s| s.name()).unwrap_or_default();
    body.push_str(&format!(
        "\nItems: {}\nShipping ({shipping}): {}\nVAT (20%): {}\nTotal paid: {}\n",
        a.items, a.shipping, a.vat, a.total
    ));
    let address = &order.address;
    let mut lines = vec![address.line1.as_str()];
    if !address.line2.is_empty() {
        lines.push(&address.line2);
    }
    lines.extend([address.city.as_str(), address.postal_code.as_str(), address.country.as_str()]);
    body.push_str(&format!("\nDelivering to:\n{}\n", lines.join("\n")));
    if let (Some(option), Some(paid_at)) = (order.shipping, order.paid_at) {
        let date = option.estimated_delivery(paid_at.date_naive());
        body.push_str(&format!("Estimated delivery: {} ({})\n", date.format("%A %-d %B %Y"), option.carrier()));
    }
    if let Some(reference) = order.payment.paid_reference() {
        body.push_str(&format!("Payment reference: {reference}\n"));
    }
    body.push_str(
        "\nWe will e-mail you the tracking details when your phones are on their way.\nSet-up guides: /support\n",
    );
    body
}

fn hardware_refund(order: &HardwareOrder, refund: &RefundState, amount: Pence) -> String {
    let what = if refund.full {
        "your whole order, delivery included".to_string()
    } else {
        let phones: Vec<String> = refund
            .lines
            .iter()
            .map(|(product, quantity)| {
                let name = order.lines.iter().find(|l| &l.product_id == product).map_or(product.as_str(), |l| &l.name);
                format!("{quantity} x {name}")
            })
            .collect();
        phones.join(", ")
    };
    format!(
        "Hello {},\n\nWe have refunded {amount} for {what} on your order {}.\n\nReason: {}\n\nThe money goes back to the \
         card you paid with. Banks usually show it within 5 to 10 working days.\n\nIf you have a question, reply to this \
         e-mail or call support ({SUPPORT_HOURS}).\n",
        order.customer.first_name, order.order_number, refund.reason,
    )
}

fn trial_welcome(view: &TrialView, number: &str, sip: SipServer<'_>) -> String {
    let ends = when(view.ends_at);
    let username = view.extension.as_ref().map(|e| e.username.clone()).unwrap_or_default();
    let confirm = if view.verify_by.is_some() && !view.email_verified {
        format!(
            "Please confirm your email address with the link in our email \"Confirm your email address to keep your \
             free trial\", by {}. Until then your trial cannot make outgoing calls, and if it is not confirmed by then \
             the trial ends and your number is released.\n\n",
            when(view.verify_by)
        )
    } else {
        String::new()
    };
    format!(
        "Hello {},\n\nYour 7-day free trial has started successfully.\n\n{confirm}Your number: {number}\nExtension: 101 (username {username}, {sip})\n\
         Minutes included: {}\nYour trial ends: {ends}\n\nSet up any SIP phone or softphone with the username, its SIP password \
         and this server. Log in with your e-mail address and the password you chose.\n",
        view.first_name, view.minutes
    )
}

/// What a quote request said, as both its e-mails repeat it.
fn quote_summary(details: &QuoteDetails) -> String {
    let line = match (details.speed, details.sites, details.numbers) {
        (Some(speed), Some(sites), _) => format!("Speed: {}\nSites: {sites}\n", speed.label()),
        (_, _, Some(numbers)) => format!("Numbers: {numbers}\n"),
        _ => String::new(),
    };
    format!(
        "Product: {}\n{line}Name: {}\nCompany: {}\nE-mail: {}\nPhone: {}\nPostcode: {}\n{}",
        details.product.label(),
        details.name,
        details.company,
        details.email,
        details.phone,
        details.postcode,
        if details.message.is_empty() { String::new() } else { format!("\nMessage:\n{}\n", details.message) }
    )
}

/// What a transfer's step means for the buyer: a number moved with a letter of authority, or
/// a mobile with its PAC code. Empty while the transfer waits for the buyer's details (no e-mail
/// is sent then: [`Email::transfer_update`]).
fn transfer_news(transfer: &Transfer) -> String {
    let number = &transfer.number;
    let date = || transfer.date.map(|d| d.format("%A %-d %B %Y").to_string()).unwrap_or_default();
    let reason = || transfer.rejection_reason.as_deref().unwrap_or("no reason was given");
    if transfer.moves_with_pac() {
        return match transfer.state {
            TransferState::Requested => String::new(),
            TransferState::DetailsConfirmed => "We have your PAC code. We will send the transfer to your mobile network \
                 within one business day; a mobile number usually moves one business day after that."
                .to_string(),
            TransferState::Submitted => format!(
                "We have sent the transfer of {number} to your mobile network with your PAC code. They confirm the day it \
                 moves, and we will e-mail you as soon as they do. Keep your SIM until then."
            ),
            TransferState::DateSet => format!(
                "Your mobile network has agreed to transfer {number} on {}. The SIM stops working for calls to the number \
                 that day, once it rings on Talkbridge.",
                date()
            ),
            TransferState::Completed => format!(
                "{number} now rings on Talkbridge: calls to it reach your extensions. Your contract with the old network for \
                 that number ends with the transfer (any notice or charges under it remain yours)."
            ),
            TransferState::Rejected => format!(
                "Your mobile network did not release {number}: {}\n\nA PAC code is valid for 30 days. Text PAC to 65075 \
                 from the phone for a new one and enter it on your order page; we will send the transfer again as soon as you do.",
                reason()
            ),
        };
    }
    let provider = transfer.details.as_ref().map_or("your current provider", |d| d.current_provider.as_str());
    match transfer.state {
        TransferState::Requested => String::new(),
        TransferState::DetailsConfirmed => format!(
            "We have your transfer details and your signed letter of authority. We will send the transfer to {provider} \
             within one business day; transfers usually complete in 2-3 business days."
        ),
        TransferState::Submitted => format!(
            "We have sent the transfer of {number} to {provider}. They confirm a transfer date, usually within 2-3 \
             business days, and we will e-mail you as soon as they do. Keep your current service until then."
        ),
        TransferState::DateSet => format!(
            "{provider} has agreed to transfer {number} on {}. Calls to it may drop for a few minutes that day. Keep your \
             current service until the number rings on Talkbridge; then you can cancel it with {provider}.",
            date()
        ),
        TransferState::Completed => format!(
            "{number} now rings on Talkbridge: calls to it reach your extensions. You can now cancel your service with \
             {provider} (ask them not to cancel the number itself, which is now ours to look after for you)."
        ),
        TransferState::Rejected => format!(
            "{provider} did not release {number}: {}\n\nPlease correct your transfer details and sign again on your order \
             page; we will send it again as soon as you do.",
            reason()
        ),
    }
}

fn daily_spend(order: &ServiceOrder, spent_tenths: i64, cap_tenths: i64, shop_email: &str, reached: bool) -> String {
    let (spent, cap) = (pence_label(spent_tenths), pence_label(cap_tenths));
    format!(
        "Hello {},\n\nCalls out from the phones of order {} have spent {spent} today, of a daily limit of {cap}. {}\n\n\
         If you did not make these calls, change your phones' passwords now: sign in to your account, open the order \
         and reset each extension's password, then contact us at {shop_email}.\n\nTalkbridge\n",
        order.customer.first_name,
        order.order_number,
        if reached {
            "Calls out are refused until midnight (UK time); calls in, calls between your extensions and 999 still work. \
             To raise the limit, contact us."
        } else {
            "At the limit, calls out are refused until midnight (UK time)."
        },
    )
}

#[cfg(test)]
mod tests {
    use aggregates::customer::Extension;
    use aggregates::hardware_order::{HardwareAmounts, HardwareLine, ShippingAddress, ShippingOption};
    use aggregates::payment_attempt::{AttemptStatus, PaymentAttempt};
    use aggregates::pricing::Plan;
    use aggregates::quote_request::{LineSpeed, QuoteProduct};
    use aggregates::service_order::{OrderAmounts, OrderedNumber};
    use aggregates::transfer::TransferDetails;
    use chrono::TimeZone;
    use projections::lines::ExtensionLine;

    use super::*;

    const SIP: SipServer<'static> = SipServer { domain: "sip.example.com", port: 5060, transport: "udp" };
    const SITE: &str = "https://shop.example/";
    const SHOP: &str = "support@talkbridge.example";

    /// The data the sample e-mails borrow: each value distinct, so that the docs' subject
    /// patterns can name it ([`PLACEHOLDERS`]).
    struct Fixtures {
        order: ServiceOrder,
        completed: ServiceOrder,
        hardware: HardwareOrder,
        full_refund: RefundState,
        partial_refund: RefundState,
        trial: TrialView,
        confirmed_trial: TrialView,
        leased_line: QuoteDetails,
        numbers_quote: QuoteDetails,
        transfer: Transfer,
        mobile_transfer: Transfer,
        day: DateTime<Utc>,
        contact: Customer,
    }

    /// The sample values the subjects hold, and what the docs call them.
    const PLACEHOLDERS: [(&str, &str); 15] = [
        ("SB-123456", "{order number}"),
        ("HW-654321", "{order number}"),
        ("£12.34", "{amount}"),
        ("Leased line", "{product}"),
        ("More than 10 phone numbers", "{product}"),
        ("Acme Ltd", "{company}"),
        ("02079460001", "{number}"),
        ("07700900123", "{number}"),
        ("details confirmed", "{step}"),
        ("submitted to your current provider", "{step}"),
        ("transfer date set", "{step}"),
        ("transferred", "{step}"),
        ("rejected", "{step}"),
        ("£16.00", "{spent}"),
        ("£20.00", "{cap}"),
    ];

    fn number(value: &str, is_transfer: bool, pac: Option<&str>) -> OrderedNumber {
        OrderedNumber {
            value: value.into(),
            display_value: value.into(),
            is_transfer,
            is_placeholder: false,
            free: true,
            price: Pence::ZERO,
            pac: pac.map(Into::into),
        }
    }

    fn fixtures() -> Fixtures {
        let customer = Customer {
            email: "jane@example.com".into(),
            first_name: "Jane".into(),
            last_name: "Doe".into(),
            ..Customer::default()
        };
        let amounts = OrderAmounts {
            subscription_subtotal: Pence(1000),
            subscription_vat: Pence(200),
            subscription_total: Pence(1200),
            top_up_subtotal: Pence(1000),
            top_up_vat: Pence(200),
            top_up_total: Pence(1200),
            ..OrderAmounts::default()
        };
        let lines = OrderLines {
            plan: Plan::SingleUser,
            billing_cycle: BillingCycle::Monthly,
            quantity: 1,
            add_ons: vec![],
            numbers: vec![number("02079460000", false, None)],
            amounts,
        };
        let order = ServiceOrder {
            status: OrderStatus::Paid,
            order_number: "SB-123456".into(),
            customer: customer.clone(),
            lines: Some(lines.clone()),
            extensions: vec![Extension { number: "02079460000".into(), username: "jane101".into() }],
            ..ServiceOrder::default()
        };
        let mut moving = lines;
        moving.numbers.push(number("02079460001", true, None));
        moving.numbers.push(number("07700900123", true, Some("ABC123456")));
        let completed = ServiceOrder { status: OrderStatus::Completed, lines: Some(moving), ..order.clone() };
        let day = Utc.with_ymd_and_hms(2026, 12, 4, 9, 30, 0).unwrap();
        let hardware = HardwareOrder {
            order_number: "HW-654321".into(),
            lines: vec![
                HardwareLine {
                    product_id: "yealink-t31p".into(),
                    name: "Yealink T31P".into(),
                    unit_price: Pence(5000),
                    quantity: 2,
                },
                HardwareLine {
                    product_id: "yealink-w73p".into(),
                    name: "Yealink W73P".into(),
                    unit_price: Pence(9000),
                    quantity: 1,
                },
            ],
            shipping: Some(ShippingOption::Standard),
            customer: aggregates::hardware_order::HardwareCustomer {
                email: "jane@example.com".into(),
                first_name: "Jane".into(),
                last_name: "Doe".into(),
                phone: "07700900000".into(),
            },
            address: ShippingAddress {
                line1: "1 High Street".into(),
                line2: String::new(),
                city: "London".into(),
                postal_code: "SW1A 1AA".into(),
                country: "GB".into(),
            },
            amounts: HardwareAmounts {
                items: Pence(19000),
                shipping: Pence(500),
                vat: Pence(3900),
                total: Pence(23400),
            },
            paid_at: Some(day),
            payment: PaymentAttempt {
                reference: Some("pi_paid".into()),
                status: AttemptStatus::Paid,
                ..PaymentAttempt::default()
            },
            ..HardwareOrder::default()
        };
        let refund = |full: bool, lines: Vec<(String, u32)>| RefundState {
            number: 1,
            refund_id: Some("re_1".into()),
            amount: Pence(1234),
            lines,
            full,
            reason: "Arrived damaged".into(),
        };
        let trial = TrialView {
            first_name: "Sam".into(),
            email: "sam@example.com".into(),
            minutes: 50,
            ends_at: Some(day),
            verify_by: Some(Utc.with_ymd_and_hms(2026, 11, 28, 9, 30, 0).unwrap()),
            extension: Some(ExtensionLine { number: "02079460999".into(), username: "sam101".into() }),
            ..TrialView::default()
        };
        let confirmed_trial = TrialView { email_verified: true, payment_method_saved: true, ..trial.clone() };
        let leased_line = QuoteDetails {
            name: "Alex".into(),
            company: "Acme Ltd".into(),
            email: "alex@acme.example".into(),
            phone: "02079460555".into(),
            postcode: "SW1A 1AA".into(),
            product: QuoteProduct::LeasedLine,
            speed: Some(LineSpeed::Gbps1),
            sites: Some(3),
            numbers: None,
            message: "Two offices".into(),
        };
        let numbers_quote = QuoteDetails {
            product: QuoteProduct::PhoneNumbers,
            speed: None,
            sites: None,
            numbers: Some(40),
            message: String::new(),
            ..leased_line.clone()
        };
        let transfer = Transfer {
            opened: true,
            order_id: "order-1".into(),
            number: "02079460001".into(),
            state: TransferState::DetailsConfirmed,
            details: Some(TransferDetails {
                account_holder: "Jane Doe".into(),
                current_provider: "BT".into(),
                billing_postcode: "SW1A 1AA".into(),
                signed_name: "Jane Doe".into(),
            }),
            ..Transfer::default()
        };
        let mobile_transfer = Transfer {
            number: "07700900123".into(),
            state: TransferState::Rejected,
            details: None,
            pac: Some("ABC123456".into()),
            rejection_reason: Some("The PAC code has expired".into()),
            ..transfer.clone()
        };
        Fixtures {
            order,
            completed,
            hardware,
            full_refund: refund(true, vec![]),
            partial_refund: refund(false, vec![("yealink-t31p".into(), 1)]),
            trial,
            confirmed_trial,
            leased_line,
            numbers_quote,
            transfer,
            mobile_transfer,
            day,
            contact: customer,
        }
    }

    /// A sample of each e-mail (some kinds more than one), with what its subject and body
    /// must hold.
    fn samples(f: &Fixtures) -> Vec<(Email<'_>, Vec<&'static str>)> {
        let lines = f.order.lines.as_ref().unwrap();
        let completed_lines = f.completed.lines.as_ref().unwrap();
        let page = "https://shop.example/thank-you?order=order-1";
        let confirmation =
            |order, lines, passwords| Email::OrderConfirmation { order, lines, passwords, order_page: page, sip: SIP };
        vec![
            (
                confirmation(&f.order, lines, PasswordNote::Shown),
                vec![
                    "Your order SB-123456 is confirmed",
                    "Hello Jane,",
                    "Thank you for your order SB-123456.",
                    "Package: Single User x1\nSubtotal: £10.00 per month\nVAT (20%): £2.00\nTotal: £12.00 per month\n",
                    "Top-up credit (one-time): £10.00 + VAT £2.00 = £12.00\n",
                    "  02079460000 (username jane101, SIP server sip.example.com, port 5060, udp)\n",
                    "shown once on the confirmation page",
                ],
            ),
            (
                confirmation(&f.order, lines, PasswordNote::NotSet),
                vec!["have not been set yet. Please contact support (9am to 5:30pm)"],
            ),
            (
                confirmation(&f.completed, completed_lines, PasswordNote::Resent),
                vec![
                    "This is a copy of your order confirmation",
                    "\nTransferring 02079460001: to start, confirm your current provider's details and sign the letter of \
                     authority on your order page: https://shop.example/thank-you?order=order-1\n",
                    "\nTransferring 07700900123: we have the PAC code you gave",
                ],
            ),
            (
                Email::HardwareConfirmation { order: &f.hardware },
                vec![
                    "Your desk phone order HW-654321",
                    "Thank you for your order HW-654321.",
                    "Yealink T31P x2: £100.00\nYealink W73P x1: £90.00\n",
                    "Items: £190.00\nShipping (Next Business Day - DPD): £5.00\nVAT (20%): £39.00\nTotal paid: £234.00\n",
                    "Delivering to:\n1 High Street\nLondon\nSW1A 1AA\nGB\n",
                    "Estimated delivery: Monday 7 December 2026 (DPD)\n",
                    "Payment reference: pi_paid\n",
                ],
            ),
            (
                Email::HardwareRefund { order: &f.hardware, refund: &f.full_refund, amount: Pence(1234) },
                vec![
                    "Refund of £12.34 for order HW-654321",
                    "We have refunded £12.34 for your whole order, delivery included on your order HW-654321.",
                    "Reason: Arrived damaged",
                ],
            ),
            (
                Email::HardwareRefund { order: &f.hardware, refund: &f.partial_refund, amount: Pence(1234) },
                vec!["We have refunded £12.34 for 1 x Yealink T31P on your order HW-654321."],
            ),
            (
                Email::StrayPaymentRefunded {
                    first_name: "Jane",
                    order_number: "SB-123456",
                    why: StrayReason::of(true, true),
                    payment_intent_id: "pi_stray",
                    amount: Pence(1234),
                },
                vec![
                    "We have refunded a payment for order SB-123456",
                    "A card payment of £12.34 (reference pi_stray) was made for an order you replaced with a newer one \
                     from the same cart (SB-123456). We have refunded it in full",
                ],
            ),
            (
                Email::TrialVerification { view: &f.trial, number: "020 7946 0999", site_url: SITE, token: "tok123" },
                vec![
                    "Confirm your email address to keep your free trial",
                    "Hello Sam,",
                    "\n\nhttps://shop.example/trial/verify?token=tok123\n\n",
                    "(by Saturday 28 November 2026, 09:30 UTC), the trial ends and your number 020 7946 0999 is released.",
                ],
            ),
            (
                Email::TrialWelcome { view: &f.trial, number: "020 7946 0999", sip: SIP },
                vec![
                    "Your 7-day free trial has started",
                    "Please confirm your email address with the link in our email \"Confirm your email address to keep \
                     your free trial\", by Saturday 28 November 2026, 09:30 UTC.",
                    "Your number: 020 7946 0999\nExtension: 101 (username sam101, SIP server sip.example.com, port \
                     5060, udp)\nMinutes included: 50\nYour trial ends: Friday 4 December 2026, 09:30 UTC\n",
                ],
            ),
            (
                Email::TrialReminder { view: &f.trial },
                vec![
                    "Your free trial ends in 3 days",
                    "Your free trial ends on Friday 4 December 2026. Add a card or choose a plan to keep your number.",
                ],
            ),
            (
                Email::TrialReminder { view: &f.confirmed_trial },
                vec!["Your saved card will then pay for Single User VoIP each month unless you cancel."],
            ),
            (
                Email::AccountPasswordReset { site_url: SITE, token: "tok456" },
                vec![
                    "Set a new password for your Talkbridge account",
                    "\n\nhttps://shop.example/account/reset-password?token=tok456\n\n",
                    "The link works once, for one hour.",
                ],
            ),
            (
                Email::QuoteRequest { details: &f.leased_line, reply_promise: "by 3pm today", site_url: SITE },
                vec![
                    "Quote request: Leased line for Acme Ltd",
                    "the buyer was promised a reply by 3pm today.",
                    "Product: Leased line\nSpeed: 1 Gbps\nSites: 3\nName: Alex\nCompany: Acme Ltd\n\
                     E-mail: alex@acme.example\nPhone: 02079460555\nPostcode: SW1A 1AA\n\nMessage:\nTwo offices\n",
                    "Mark it answered in the console: https://shop.example/admin/quotes\n",
                ],
            ),
            (
                Email::QuoteAcknowledgement { details: &f.numbers_quote, reply_promise: "by 3pm today" },
                vec![
                    "We have your quote request: More than 10 phone numbers",
                    "Thank you for asking about more than 10 phone numbers. Our sales team will reply by 3pm today by \
                     e-mail, with a quote for Acme Ltd.",
                    "Numbers: 40\nName: Alex",
                    "Our office hours are 9am to 5:30pm",
                ],
            ),
            (
                Email::transfer_update(&f.completed, &f.transfer, page).unwrap(),
                vec![
                    "Transfer of 02079460001: details confirmed",
                    "We will send the transfer to BT within one business day",
                    "Your order SB-123456 shows where the transfer stands: https://shop.example/thank-you?order=order-1",
                ],
            ),
            (
                Email::transfer_update(&f.completed, &f.mobile_transfer, page).unwrap(),
                vec![
                    "Transfer of 07700900123: rejected",
                    "Your mobile network did not release 07700900123: The PAC code has expired",
                    "Text PAC to 65075",
                ],
            ),
            (
                Email::PlaceholderFilled { order: &f.order, placeholder: "placeholder-020", number: "02079460002" },
                vec![
                    "Your new number for order SB-123456",
                    "Your new 020 number for order SB-123456 is ready: 02079460002.",
                ],
            ),
            (
                Email::NumberReplaced { order: &f.order, lost: "02079460003", replacement: "02079460004" },
                vec![
                    "Your new number for order SB-123456",
                    "The number 02079460003 you chose for your order SB-123456 was taken",
                    "we have given you 02079460004 in the same area code instead",
                ],
            ),
            (
                Email::SubscriptionCancelled {
                    order: &f.order,
                    at_period_end: true,
                    ends_at: Some(&f.day),
                    reason: "Moved away",
                },
                vec![
                    "Your subscription for order SB-123456 is cancelled",
                    "It ends at the end of the period you have paid for, on 4 December 2026: you will not be charged for \
                     it again.",
                    "Reason: Moved away\n\nIf this is not what you expected",
                ],
            ),
            (
                Email::SubscriptionCancelled { order: &f.order, at_period_end: false, ends_at: None, reason: "Fraud" },
                vec!["It has ended today: you will not be charged for it again."],
            ),
            (
                Email::NoticeGiven { order: &f.order, effective_on: &f.day, page: "https://shop.example/account/orders/o" },
                vec![
                    "Your notice to cancel order SB-123456 is received",
                    "until the end of its billing period on 4 December 2026;",
                    "before that day: https://shop.example/account/orders/o\n",
                ],
            ),
            (
                Email::CallCreditRanOut { order: &f.order },
                vec!["Your call credit for order SB-123456 has run out", "choose Top up credit"],
            ),
            (
                Email::IncludedMinutesRanOut {
                    contact: &f.contact,
                    minutes: 500,
                    of: MinutesOf::Month { order_number: "SB-123456", period: "2026-12" },
                    shop_email: SHOP,
                },
                vec![
                    "The included call minutes of order SB-123456 are used up for this month",
                    "All 500 minutes of calls out included with order SB-123456 this month (2026-12) are spoken",
                    "contact us at support@talkbridge.example to move the order",
                ],
            ),
            (
                Email::IncludedMinutesRanOut { contact: &f.contact, minutes: 50, of: MinutesOf::Trial, shop_email: SHOP },
                vec![
                    "Your free trial's call minutes are used up",
                    "All 50 minutes of calls out included with your free trial are spoken",
                ],
            ),
            (
                Email::DailySpendWarning { order: &f.order, spent_tenths: 16_000, cap_tenths: 20_000, shop_email: SHOP },
                vec![
                    "Calls from order SB-123456 have spent £16.00 of today's £20.00 limit",
                    "have spent £16.00 today, of a daily limit of £20.00. At the limit, calls out are refused",
                    "then contact us at support@talkbridge.example.",
                ],
            ),
            (
                Email::DailySpendCapReached {
                    order: &f.order,
                    spent_tenths: 20_009,
                    cap_tenths: 20_000,
                    shop_email: SHOP,
                },
                vec![
                    "Calls out from order SB-123456 are paused until tomorrow: the daily limit of £20.00 is spent",
                    "have spent £20.00 today, of a daily limit of £20.00. Calls out are refused until midnight",
                ],
            ),
        ]
    }

    #[test]
    fn each_email_says_what_it_must() {
        let f = fixtures();
        for (email, needles) in samples(&f) {
            let (subject, body) = (email.subject(), email.body());
            for needle in needles {
                assert!(
                    subject.contains(needle) || body.contains(needle),
                    "{}: {needle:?} in\n{subject}\n{body}",
                    email.kind()
                );
            }
            assert!(!subject.contains('\n') && !subject.is_empty(), "{}: {subject:?}", email.kind());
            assert!(body.ends_with('\n') && !body.contains('{'), "{}: {body}", email.kind());
        }
    }

    /// SITE ends with a `/`, as a SITE_URL may: every link made from it drops it.
    #[test]
    fn links_drop_the_site_urls_trailing_slash() {
        let f = fixtures();
        for (email, _) in samples(&f) {
            let body = email.body();
            assert!(!body.contains("shop.example//"), "{}: {body}", email.kind());
        }
    }

    #[test]
    fn every_kind_has_a_sample_and_its_stored_name() {
        let f = fixtures();
        let sampled: std::collections::BTreeSet<MailKind> = samples(&f).iter().map(|(e, _)| e.kind()).collect();
        assert_eq!(sampled.into_iter().collect::<Vec<_>>(), MailKind::ALL.to_vec(), "ALL in the enum's order");
        // The names are stored in `outbox.kind` and make e-mails once-only: pinned.
        let names = [
            "order_confirmation",
            "hardware_confirmation",
            "hardware_refund",
            "stray_payment_refunded",
            "trial_verification",
            "trial_welcome",
            "trial_reminder",
            "account_password_reset",
            "quote_request",
            "quote_acknowledgement",
            "port_update",
            "placeholder_filled",
            "number_replaced",
            "subscription_cancelled",
            "notice_given",
            "call_credit_ran_out",
            "included_minutes_ran_out",
            "daily_spend_warning",
            "daily_spend_cap_reached",
        ];
        assert_eq!(MailKind::ALL.map(MailKind::as_str), names);
        for kind in MailKind::ALL {
            assert!(!kind.when().contains('|') && !kind.when().contains('\n'), "{kind}");
        }
    }

    #[test]
    fn a_transfer_waiting_for_the_buyer_tells_nothing() {
        let f = fixtures();
        let waiting = Transfer { state: TransferState::Requested, ..f.transfer.clone() };
        assert!(Email::transfer_update(&f.completed, &waiting, "page").is_none());
        let mobile = Transfer { state: TransferState::Requested, ..f.mobile_transfer.clone() };
        assert!(Email::transfer_update(&f.completed, &mobile, "page").is_none());
    }

    #[test]
    fn each_transfer_step_has_its_news() {
        let f = fixtures();
        let steps = [
            TransferState::DetailsConfirmed,
            TransferState::Submitted,
            TransferState::DateSet,
            TransferState::Completed,
            TransferState::Rejected,
        ];
        for transfer in [&f.transfer, &f.mobile_transfer] {
            for state in steps {
                let transfer = Transfer { state, date: Some(f.day.date_naive()), ..transfer.clone() };
                let email = Email::transfer_update(&f.completed, &transfer, "page").unwrap();
                assert!(
                    email.body().starts_with("Hello Jane,\n\n") && !email.body().starts_with("Hello Jane,\n\n\n"),
                    "{state:?}"
                );
                let subject = email.subject();
                assert_eq!(subject, format!("Transfer of {}: {}", transfer.number, state.label().to_lowercase()));
            }
        }
        let dated = Transfer { state: TransferState::DateSet, date: Some(f.day.date_naive()), ..f.transfer.clone() };
        assert!(Email::transfer_update(&f.completed, &dated, "p")
            .unwrap()
            .body()
            .contains("BT has agreed to transfer 02079460001 on Friday 4 December 2026."));
    }

    #[test]
    fn amounts_in_tenths_of_a_penny_round_down() {
        assert_eq!(pence_label(19_980), "£19.98");
        assert_eq!(pence_label(19_989), "£19.98");
        assert_eq!(pence_label(5), "£0.00");
    }

    #[test]
    fn a_stray_payment_says_why() {
        assert_eq!(StrayReason::of(true, false), StrayReason::Superseded);
        assert_eq!(StrayReason::of(false, true), StrayReason::AlreadyPaid);
        assert_eq!(StrayReason::of(false, false), StrayReason::NotAwaited);
    }

    /// Each kind's subject as the docs give it: the samples' subjects with their values named.
    fn subject_patterns(kind: MailKind, samples: &[(Email<'_>, Vec<&'static str>)]) -> Vec<String> {
        let mut patterns: Vec<String> = Vec::new();
        for (email, _) in samples.iter().filter(|(email, _)| email.kind() == kind) {
            let mut subject = email.subject();
            for (value, name) in PLACEHOLDERS {
                subject = subject.replace(value, name);
            }
            if !patterns.contains(&subject) {
                patterns.push(subject);
            }
        }
        patterns
    }

    /// docs/architecture.md's list of e-mails.
    fn email_table() -> String {
        let f = fixtures();
        let samples = samples(&f);
        let mut table = String::from("| kind | when it is sent | subject |\n|---|---|---|\n");
        for kind in MailKind::ALL {
            let subjects = subject_patterns(kind, &samples).join(" / ");
            table.push_str(&format!("| `{kind}` | {} | {subjects} |\n", kind.when()));
        }
        table
    }

    const LIST_START: &str = "<!-- e-mails: generated from jobs/src/mail.rs (email_table) -->\n";
    const LIST_END: &str = "<!-- end of e-mails -->";

    /// docs/architecture.md's list of e-mails is this module's (UPDATE_ARCHITECTURE_MD=1 writes it).
    #[test]
    fn architecture_md_lists_every_email() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/architecture.md");
        let text = std::fs::read_to_string(&path).unwrap();
        let start = text.find(LIST_START).expect("architecture.md has the e-mails' start marker") + LIST_START.len();
        let end = text[start..].find(LIST_END).expect("architecture.md has the e-mails' end marker") + start;
        let table = email_table();
        if std::env::var_os("UPDATE_ARCHITECTURE_MD").is_some() {
            std::fs::write(&path, format!("{}{table}{}", &text[..start], &text[end..])).unwrap();
            return;
        }
        assert_eq!(
            &text[start..end],
            table,
            "docs/architecture.md's e-mails differ: run with UPDATE_ARCHITECTURE_MD=1"
        );
    }
}
