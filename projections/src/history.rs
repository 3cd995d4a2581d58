//! An order's history as support reads it: one plain sentence per stored event, and a few
//! labelled facts about the aggregate as it stood after any event (the support console's
//! "replay to here", and `voip-shop history`).

use aggregates::actor::Actor;
use aggregates::call_credit::{CallCredit, CallCreditEvent};
use aggregates::hardware_order::{HardwareOrder, HardwareOrderEvent};
use aggregates::pricing::Pence;
use aggregates::service_order::{OrderStatus, PaymentPart, ServiceOrder, ServiceOrderEvent};
use aggregates::transfer::{legacy_event, Transfer, TransferEvent, TransferState};
use aggregates::trial::{EndReason, Trial, TrialEvent, TrialStatus};
use chrono::{DateTime, Utc};
use cqrs_es::Aggregate;

/// An aggregate support can read the history of.
pub trait Narrated: Aggregate {
    /// What happened, in a sentence for a support agent. `actor` is who caused it, from the
    /// stored event's metadata (events no longer name them: crate::actor).
    fn sentence(event: &Self::Event, actor: &Actor) -> String;
    /// The state as label and value rows, in reading order.
    fn summary(&self) -> Vec<(String, String)>;
}

/// Who acted, as a sentence names them: a staff member's e-mail, "customer <e-mail>" for a
/// signed-in customer, or a job's name, else the kind of actor (the buyer, the webhook, the
/// system).
pub fn who(actor: &Actor) -> String {
    match actor {
        Actor::Customer(email) => format!("customer {email}"),
        _ => actor.name().unwrap_or(actor.kind()).to_string(),
    }
}

fn day(at: &DateTime<Utc>) -> String {
    at.format("%-d %B %Y").to_string()
}

fn yes_no(value: bool) -> String {
    if value { "Yes" } else { "No" }.to_string()
}

fn rows(pairs: Vec<(&str, String)>) -> Vec<(String, String)> {
    pairs.into_iter().map(|(label, value)| (label.to_string(), value)).collect()
}

fn part(part: &PaymentPart) -> &'static str {
    match part {
        PaymentPart::Subscription => "subscription",
        PaymentPart::TopUp => "top-up",
    }
}

/// What a refund covers: the whole order, or its phones as product id x quantity.
fn refund_what(lines: &[(String, u32)], full: bool) -> String {
    if full {
        return "the whole order".to_string();
    }
    lines.iter().map(|(product, quantity)| format!("{product} x{quantity}")).collect::<Vec<_>>().join(", ")
}

fn full_name(first: &str, last: &str) -> String {
    format!("{first} {last}").trim().to_string()
}

impl Narrated for ServiceOrder {
    fn sentence(event: &ServiceOrderEvent, actor: &Actor) -> String {
        let by = who(actor);
        use ServiceOrderEvent as Ev;
        match event {
            Ev::OrderPlaced { order_number, customer, lines, .. } => format!(
                "Order placed: {order_number} by {}, {} x{} ({}), {} due today.",
                full_name(&customer.first_name, &customer.last_name),
                lines.plan.name(),
                lines.quantity,
                lines.billing_cycle.label().to_lowercase(),
                lines.amounts.due_today
            ),
            Ev::PaymentCustomerRegistered { customer_id } => {
                format!("Customer {customer_id} registered with the card provider.")
            }
            Ev::SetupIntentCreated { setup_intent_id } => format!("Card form opened ({setup_intent_id})."),
            Ev::PaymentMethodRecorded { payment_method_id } => format!("Card set up ({payment_method_id})."),
            Ev::PaymentAttemptStarted { part: p, .. } => format!("Payment of the {} started.", part(p)),
            Ev::SubscriptionCreated { subscription_id } => format!("Subscription {subscription_id} created."),
            Ev::TopUpIntentCreated { payment_intent_id } => format!("Top-up charge {payment_intent_id} created."),
            Ev::PaymentSucceeded { part: p, reference } => {
                format!("Payment received for the {} ({reference}).", part(p))
            }
            Ev::PaymentConfirmed { .. } => "Paid in full: every part of the order is paid.".to_string(),
            Ev::PaymentFailed { part: p, message, code, .. } => {
                format!("Payment of the {} failed: {message} ({code}).", part(p))
            }
            Ev::AccountCreated { extensions, .. } => {
                let numbers: Vec<&str> = extensions.iter().map(|e| e.number.as_str()).collect();
                format!("Account created with extension {}.", numbers.join(", "))
            }
            Ev::NumbersAssigned { numbers } if numbers.is_empty() => "No stock numbers to assign.".to_string(),
            Ev::NumbersAssigned { numbers } => format!("Numbers assigned: {}.", numbers.join(", ")),
            Ev::OrderCompleted { .. } => "Order completed.".to_string(),
            Ev::ConfirmationResent { .. } => format!("Confirmation e-mail resent by {by}."),
            Ev::OrderSuperseded { by, .. } => {
                format!("Replaced by a newer order from the same cart ({by}); its payments were cancelled.")
            }
            Ev::OrderExpired { refund_id, .. } => match refund_id {
                Some(refund) => format!("Expired unpaid after 24 hours; its top-up refunded ({refund})."),
                None => "Expired unpaid after 24 hours; what it started at the card provider was cancelled.".to_string(),
            },
            Ev::StrayPaymentReceived { payment_intent_id, amount, .. } => {
                format!("Overpayment: {amount} taken by a payment the order did not need ({payment_intent_id}); it is refunded.")
            }
            Ev::StrayPaymentRefunded { payment_intent_id, refund_id, amount, .. } => {
                format!("Overpayment of {amount} refunded ({refund_id} for {payment_intent_id}); the buyer is e-mailed.")
            }
            Ev::SipPasswordReset { number, .. } => format!("SIP password of extension {number} reset by {by}."),
            Ev::NumberReleased { number, .. } => format!("Number {number} released to stock by {by}."),
            Ev::NumberLost { number } => format!(
                "Number {number} was paid for but could not be given (its hold ran out and another order took it): it needs a replacement."
            ),
            Ev::NumberReplaced { lost, replacement, .. } => format!("Number {lost} replaced with {replacement} by {by}."),
            Ev::PlaceholderFilled { placeholder, number, .. } => {
                let code = placeholder.trim_start_matches(crate::orders::PLACEHOLDER_PREFIX);
                format!("Number {number} given for the {code} area code by {by}.")
            }
            // Transfer steps an older order stored in its own stream: told as the port's own.
            Ev::PortDetailsConfirmed { .. }
            | Ev::PortPacGiven { .. }
            | Ev::PortSubmitted { .. }
            | Ev::PortDateSet { .. }
            | Ev::PortCompleted { .. }
            | Ev::PortRejected { .. } => {
                legacy_event(event).map(|event| Transfer::sentence(&event, actor)).unwrap_or_default()
            }
            Ev::CancellationProposed { at_period_end, reason, .. } => format!(
                "Cancellation of the subscription {} proposed by {by}, for an admin to carry out: {reason}",
                if *at_period_end { "at the end of its period" } else { "now" }
            ),
            Ev::SubscriptionCancelled { subscription_id, at_period_end: false, reason, .. } => {
                format!("Subscription {subscription_id} cancelled now by {by}: {reason}")
            }
            Ev::SubscriptionCancelled { subscription_id, ends_at, reason, .. } => format!(
                "Subscription {subscription_id} cancelled by {by} from the end of its period{}: {reason}",
                ends_at.as_ref().map(|end| format!(" ({})", day(end))).unwrap_or_default()
            ),
            Ev::CancellationScheduled { subscription_id, effective_on, .. } => format!(
                "Notice given by {by}: subscription {subscription_id} ends on {}, at the end of its period.",
                day(effective_on)
            ),
            Ev::CancellationUndone { subscription_id, .. } => {
                format!("Cancellation of subscription {subscription_id} undone by {by}: the service carries on.")
            }
            Ev::CardChangeStarted { setup_intent_id, .. } => {
                format!("Card change opened by {by} ({setup_intent_id}).")
            }
            Ev::CardChanged { payment_method_id, brand, last4, .. } => {
                format!("Card on file changed by {by} to {brand} ending {last4} ({payment_method_id}).")
            }
            Ev::CallsOutSuspended { cause, reason, detail, .. } => {
                let detail = if detail.is_empty() { String::new() } else { format!(" ({detail})") };
                format!("Calls out suspended by {by}, {}{detail}: phones are refused with \"{reason}\".", cause.label())
            }
            Ev::CallsOutRestored { lifted, reason, .. } => {
                format!("Calls out restored by {by} (the {} suspension lifted): {reason}", lifted.label())
            }
            Ev::DailySpendCapSet { cap, .. } => {
                format!("Daily spend cap on calls out set to {cap} by {by}.")
            }
        }
    }

    fn summary(&self) -> Vec<(String, String)> {
        let status = match self.status {
            OrderStatus::New => "Not placed",
            OrderStatus::Placed => "Placed, not paid",
            OrderStatus::Paid => "Paid",
            OrderStatus::Completed => "Completed",
        };
        let mut facts = vec![("Status", status.to_string()), ("Order", self.order_number.clone())];
        if let Some(lines) = &self.lines {
            facts
                .push(("Plan", format!("{} x{} ({})", lines.plan.name(), lines.quantity, lines.billing_cycle.label())));
            facts.push(("Due today", lines.amounts.due_today.to_string()));
        }
        facts.push(("Card set up", yes_no(self.payment_method_id.is_some())));
        if self.subscription.reference().is_some() {
            facts.push(("Subscription paid", yes_no(self.subscription.is_paid())));
        }
        if self.top_up.reference().is_some() {
            facts.push(("Top-up paid", yes_no(self.top_up.is_paid())));
        }
        facts.push(("Failed payments", self.failed_attempts.to_string()));
        facts.push(("Account", if self.account_id.is_some() { "Created" } else { "Not yet" }.to_string()));
        if !self.assigned_numbers.is_empty() {
            facts.push(("Numbers", self.assigned_numbers.join(", ")));
        }
        if !self.lost_numbers.is_empty() {
            facts.push(("Needs a replacement", self.lost_numbers.join(", ")));
        }
        let open = self.open_placeholders();
        if !open.is_empty() {
            facts.push(("Area codes waiting for a number", open.join(", ")));
        }
        if !self.released_numbers.is_empty() {
            facts.push(("Released", self.released_numbers.join(", ")));
        }
        if let Some(cancellation) = &self.cancellation {
            let ends = match (cancellation.at_period_end, &cancellation.ends_at) {
                (false, _) => "Cancelled".to_string(),
                (true, Some(end)) => format!("Ends on {}", day(end)),
                (true, None) => "Ends at the end of its period".to_string(),
            };
            facts.push(("Subscription", ends));
        }
        if let Some(suspension) = &self.suspension {
            facts.push(("Calls out", format!("Suspended ({}): {}", suspension.cause.label(), suspension.reason)));
        }
        rows(facts)
    }
}

/// A number transfer's history is its order's: support reads its events in the order's
/// timeline (the port's id names the order), and its state among the order's facts.
impl Narrated for Transfer {
    fn sentence(event: &TransferEvent, actor: &Actor) -> String {
        let by = who(actor);
        match event {
            TransferEvent::PortOpened { number, state, carried_over: false, .. } => {
                format!("Transfer of {number} opened: {}.", state.label().to_lowercase())
            }
            TransferEvent::PortOpened { number, state, .. } => {
                format!("Transfer of {number} carried on in its own record, {}.", state.label().to_lowercase())
            }
            TransferEvent::PortDetailsConfirmed { number, details, .. } => format!(
                "Transfer of {number}: details confirmed and the letter of authority signed by {} (account holder {}, with {}).",
                details.signed_name, details.account_holder, details.current_provider
            ),
            TransferEvent::PortPacGiven { number, pac, .. } => {
                format!("Transfer of {number}: the buyer gave a new PAC code, {pac}.")
            }
            TransferEvent::PortSubmitted { number, .. } => {
                format!("Transfer of {number} submitted to the current provider by {by}.")
            }
            TransferEvent::PortDateSet { number, date, .. } => {
                format!("Transfer date of {number} set to {} by {by}.", date.format("%A %-d %B %Y"))
            }
            TransferEvent::PortCompleted { number, .. } => format!("Transfer of {number} completed by {by}."),
            TransferEvent::PortRejected { number, reason, .. } => {
                format!("Transfer of {number} rejected by {by}: {reason}")
            }
        }
    }

    fn summary(&self) -> Vec<(String, String)> {
        let state = match self.date {
            Some(date) if self.state == TransferState::DateSet => format!("{} ({date})", self.state.label()),
            _ => self.state.label().to_string(),
        };
        rows(vec![("Transfer", format!("{}: {state}", self.number))])
    }
}

/// Call credit in tenths of a penny as support reads it: pence, with the tenth when there
/// is one (1234 is 123.4p).
pub fn credit_label(tenths: i64) -> String {
    let pence = Pence(tenths / 10);
    match tenths % 10 {
        0 => pence.to_string(),
        rest => format!("{pence} and {}/10p", rest.abs()),
    }
}

/// A Pay As You Go order's call credit: its history is its order's (the credit's id is the
/// order's), read in the order's timeline.
impl Narrated for CallCredit {
    fn sentence(event: &CallCreditEvent, actor: &Actor) -> String {
        let by = who(actor);
        match event {
            CallCreditEvent::CreditBought { tenths, payment_reference, source, .. } => format!(
                "Call credit of {} bought ({}, payment {payment_reference}) by {by}.",
                credit_label(*tenths),
                source.label()
            ),
            CallCreditEvent::TopUpStarted { amount, charged, .. } => {
                format!("Top-up of {amount} credit ({charged} with VAT, by the card on file) started by {by}.")
            }
            CallCreditEvent::TopUpPaymentMade { payment_intent_id, .. } => {
                format!("Top-up charge {payment_intent_id} created.")
            }
            CallCreditEvent::TopUpDeclined { payment_intent_id, code, .. } => {
                format!("Top-up charge {payment_intent_id} declined ({code}): no credit bought.")
            }
            CallCreditEvent::CallCharged { to, seconds, minutes, rate_tenths, tenths, .. } => format!(
                "Call to {to} of {seconds} s charged: {minutes} min at {} a minute, {}.",
                credit_label(*rate_tenths),
                credit_label(*tenths)
            ),
            CallCreditEvent::CreditRanOut { .. } => {
                "Call credit ran out: calls out are refused until a top-up; the buyer is e-mailed.".to_string()
            }
            CallCreditEvent::CallRefused { to, .. } => format!("Call to {to} refused: no call credit left."),
            CallCreditEvent::CreditFrozen { reason, .. } => {
                format!("Call credit frozen by {by} ({reason}): none of it may be spent, no top-up is taken.")
            }
            CallCreditEvent::CreditUnfrozen { reason, .. } => {
                format!("Call credit unfrozen by {by} ({reason}): it may be spent again.")
            }
            CallCreditEvent::InternationalCallsSet { monthly_cap_tenths: Some(cap), .. } => {
                format!("Calls abroad turned on by {by}, up to {} a month.", credit_label(*cap))
            }
            CallCreditEvent::InternationalCallsSet { monthly_cap_tenths: None, .. } => {
                format!("Calls abroad turned off by {by}.")
            }
            CallCreditEvent::IncludedMinutesRanOut { period, minutes, .. } => format!(
                "The {minutes} included minutes ran out ({period}): calls out are refused until they renew; the buyer is e-mailed."
            ),
        }
    }

    fn summary(&self) -> Vec<(String, String)> {
        rows(vec![("Call credit", credit_label(self.balance_tenths))])
    }
}

impl Narrated for Trial {
    fn sentence(event: &TrialEvent, actor: &Actor) -> String {
        let by = who(actor);
        match event {
            TrialEvent::TrialStarted { number, contact, ends_at, .. } => format!(
                "Free trial started by {} with number {number}; it ends on {}.",
                full_name(&contact.first_name, &contact.last_name),
                day(ends_at)
            ),
            TrialEvent::PaymentCustomerRegistered { customer_id } => {
                format!("Customer {customer_id} registered with the card provider.")
            }
            TrialEvent::CardSetupStarted { setup_intent_id } => format!("Card form opened ({setup_intent_id})."),
            TrialEvent::PaymentMethodAttached { .. } => "Card saved to pay after the trial.".to_string(),
            TrialEvent::ReminderSent { .. } => "Reminder e-mail sent: the trial ends soon.".to_string(),
            TrialEvent::TrialEnded { reason: EndReason::Expired, .. } => {
                "Trial ended: seven days passed with no card saved.".to_string()
            }
            TrialEvent::EmailVerified { email, .. } => format!("E-mail address {email} confirmed through its link."),
            TrialEvent::TrialEnded { reason: EndReason::Unverified, .. } => {
                "Trial ended: the e-mail address was not confirmed within 24 hours; the number went back to the pool."
                    .to_string()
            }
            TrialEvent::TrialEnded { reason: EndReason::ConversionFailed, detail, .. } => format!(
                "Trial ended: the saved card was refused{}.",
                detail.as_ref().map(|d| format!(" ({d})")).unwrap_or_default()
            ),
            TrialEvent::TrialConverted { subscription_id, .. } => {
                format!("Converted to a paid plan: subscription {subscription_id}.")
            }
            TrialEvent::ConfirmationResent { .. } => format!("Welcome e-mail resent by {by}."),
            TrialEvent::SipPasswordReset { .. } => format!("SIP password of extension 101 reset by {by}."),
            TrialEvent::TrialExtended { days, ends_at } => {
                let plural = if *days == 1 { "" } else { "s" };
                format!("Trial extended by {days} day{plural} to {} by {by}.", day(ends_at))
            }
        }
    }

    fn summary(&self) -> Vec<(String, String)> {
        let status = match self.status {
            TrialStatus::New => "Not started",
            TrialStatus::Active => "Active",
            TrialStatus::Ended => "Ended",
            TrialStatus::Converted => "Converted",
        };
        rows(vec![
            ("Status", status.to_string()),
            ("Number", self.number.clone()),
            ("Ends", self.ends_at.as_ref().map(day).unwrap_or_default()),
            ("Days added by staff", self.extended_days.to_string()),
            ("Card saved", yes_no(self.payment_method_id.is_some())),
            ("Reminder sent", yes_no(self.reminder_sent)),
            (
                "E-mail confirmed",
                if self.verify_by.is_none() { "Not needed".to_string() } else { yes_no(self.email_verified) },
            ),
        ])
    }
}

impl Narrated for HardwareOrder {
    fn sentence(event: &HardwareOrderEvent, actor: &Actor) -> String {
        let by = who(actor);
        use HardwareOrderEvent as Ev;
        match event {
            Ev::OrderPlaced { order_number, lines, shipping, customer, amounts, .. } => {
                let phones: u32 = lines.iter().map(|l| l.quantity).sum();
                let plural = if phones == 1 { "" } else { "s" };
                format!(
                    "Order placed: {order_number} by {}, {phones} desk phone{plural} by {} delivery, {} inc. VAT.",
                    full_name(&customer.first_name, &customer.last_name),
                    shipping.name().to_lowercase(),
                    amounts.total
                )
            }
            Ev::PaymentCustomerRegistered { customer_id } => {
                format!("Customer {customer_id} registered with the card provider.")
            }
            Ev::CardSetupStarted { setup_intent_id } => format!("Card form opened ({setup_intent_id})."),
            Ev::PaymentStarted { payment_intent_id, amount, attempt, .. } => {
                format!("Card payment of {amount} started, attempt {attempt} ({payment_intent_id}).")
            }
            Ev::PaymentDeclined { code, decline_code, .. } => format!(
                "Card declined: {}.",
                decline_code.as_ref().map(|d| format!("{code}, {d}")).unwrap_or_else(|| code.clone())
            ),
            Ev::PaymentRecorded { payment_intent_id, amount, .. } => format!("Paid {amount} ({payment_intent_id})."),
            Ev::OrderConfirmed { email_queued, retried, .. } => format!(
                "Order confirmed{}; {}.",
                if *retried { " by a retry" } else { "" },
                if *email_queued { "confirmation e-mail queued" } else { "no confirmation e-mail queued" }
            ),
            Ev::MarkedPaymentOnly { reference } => {
                format!("Paid, but not confirmed yet: a job retries it ({reference}).")
            }
            Ev::MarkedErrorHandled { reference } => {
                format!("Paid, but confirming failed: a person follows it up ({reference}).")
            }
            Ev::OrderCancelled { reason, .. } => format!("Order cancelled: {reason}."),
            Ev::ConfirmationResent { .. } => format!("Confirmation e-mail resent by {by}."),
            Ev::OrderSuperseded { by, .. } => {
                format!("Replaced by a newer order from the same cart ({by}); its payments were cancelled.")
            }
            Ev::StrayPaymentReceived { payment_intent_id, amount, .. } => {
                format!("Overpayment: {amount} taken by a payment the order did not need ({payment_intent_id}); it is refunded.")
            }
            Ev::StrayPaymentRefunded { payment_intent_id, refund_id, amount, .. } => {
                format!(
                    "Overpayment of {amount} refunded ({refund_id} for {payment_intent_id}); the buyer is e-mailed."
                )
            }
            Ev::RefundProposed { lines, full, amount, reason, .. } => format!(
                "Refund of {amount} ({}) proposed by {by}, for an admin to carry out: {reason}",
                refund_what(lines, *full)
            ),
            Ev::RefundRequested { number, lines, full, amount, .. } => format!(
                "Refund {number} of {amount} ({}) asked of the card provider by {by}.",
                refund_what(lines, *full)
            ),
            Ev::HardwareRefunded { number, refund_id, amount, lines, full, reason, .. } => format!(
                "Refunded {amount} ({}) by {by}, refund {number} ({refund_id}): {reason}",
                refund_what(lines, *full)
            ),
            Ev::RefundFailed { number, message, .. } => {
                format!("Refund {number} refused by the card provider, nothing refunded: {message}")
            }
        }
    }

    fn summary(&self) -> Vec<(String, String)> {
        let phones: u32 = self.lines.iter().map(|l| l.quantity).sum();
        let mut facts = vec![
            ("Status", self.status.as_str().replace('-', " ")),
            ("Order", self.order_number.clone()),
            ("Desk phones", phones.to_string()),
            ("Total inc. VAT", self.amounts.total.to_string()),
            ("Declined cards", self.declined_attempts.to_string()),
        ];
        if let Some(paid) = self.payment.paid_reference() {
            facts.push(("Paid by", paid.to_string()));
        }
        if let Some(reference) = &self.reference {
            facts.push(("Reference", reference.clone()));
        }
        if let Some(by) = &self.superseded_by {
            facts.push(("Replaced by", by.clone()));
        }
        for stray in &self.strays {
            let refund = stray.refund_id.as_deref().map_or("refund pending".to_string(), |r| format!("refunded {r}"));
            facts.push(("Overpayment", format!("{} ({}), {refund}", stray.amount, stray.payment_intent_id)));
        }
        if !self.refunds.is_empty() {
            facts.push(("Refunded", self.refunds.iter().map(|r| r.amount).sum::<Pence>().to_string()));
        }
        if let Some(pending) = &self.pending_refund {
            facts.push(("Refund being made", pending.amount.to_string()));
        }
        if let Some(proposal) = &self.refund_proposal {
            facts.push(("Refund proposed", format!("{}: {}", proposal.amount, proposal.reason)));
        }
        rows(facts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use aggregates::customer::Extension;

    #[test]
    fn a_card_order_reads_placed_card_set_up_paid() {
        let buyer = Actor::Buyer;
        let sentences = [
            ServiceOrder::sentence(
                &ServiceOrderEvent::PaymentMethodRecorded { payment_method_id: "pm_1".into() },
                &buyer,
            ),
            ServiceOrder::sentence(&ServiceOrderEvent::PaymentConfirmed { confirmed_at: Utc::now() }, &Actor::Webhook),
            ServiceOrder::sentence(
                &ServiceOrderEvent::AccountCreated {
                    account_id: "a".into(),
                    extensions: vec![Extension { number: "101".into(), username: "u".into() }],
                },
                &Actor::System,
            ),
        ];
        assert_eq!(
            sentences,
            [
                "Card set up (pm_1).",
                "Paid in full: every part of the order is paid.",
                "Account created with extension 101."
            ]
        );
    }

    #[test]
    fn a_signed_in_customer_is_named_as_a_customer() {
        assert_eq!(who(&Actor::Customer("jane@example.com".into())), "customer jane@example.com");
        assert_eq!(who(&Actor::Staff("ada@talkbridge.example".into())), "ada@talkbridge.example");
        assert_eq!(who(&Actor::Buyer), "buyer");
    }

    #[test]
    fn refunds_and_cancellations_name_what_who_and_why() {
        let at = Utc::now();
        // Who acted comes from the event's metadata, not its payload.
        let (ada, sam) = (Actor::Staff("ada@talkbridge.example".into()), Actor::Staff("sam@talkbridge.example".into()));
        let refunded = HardwareOrder::sentence(
            &HardwareOrderEvent::HardwareRefunded {
                number: 1,
                refund_id: "re_1".into(),
                amount: Pence(7680),
                lines: vec![("yealink-t54w".into(), 1)],
                full: false,
                reason: "Returned unused".into(),
                at,
            },
            &ada,
        );
        assert_eq!(
            refunded,
            "Refunded £76.80 (yealink-t54w x1) by ada@talkbridge.example, refund 1 (re_1): Returned unused"
        );
        let proposed = HardwareOrder::sentence(
            &HardwareOrderEvent::RefundProposed {
                lines: vec![],
                full: true,
                amount: Pence(16560),
                reason: "Never delivered".into(),
                at,
            },
            &sam,
        );
        assert_eq!(
            proposed,
            "Refund of £165.60 (the whole order) proposed by sam@talkbridge.example, for an admin to carry out: Never delivered"
        );
        let cancelled = ServiceOrder::sentence(
            &ServiceOrderEvent::SubscriptionCancelled {
                subscription_id: "sub_1".into(),
                at_period_end: false,
                ends_at: None,
                reason: "Moving".into(),
                at,
            },
            &ada,
        );
        assert_eq!(cancelled, "Subscription sub_1 cancelled now by ada@talkbridge.example: Moving");
        let mut order = ServiceOrder::default();
        order.apply(ServiceOrderEvent::SubscriptionCancelled {
            subscription_id: "sub_1".into(),
            at_period_end: true,
            ends_at: None,
            reason: "Moving".into(),
            at,
        });
        assert!(order.summary().contains(&("Subscription".to_string(), "Ends at the end of its period".to_string())));
    }

    #[test]
    fn a_replayed_state_names_its_status_first() {
        let mut order = ServiceOrder::default();
        assert_eq!(order.summary()[0], ("Status".to_string(), "Not placed".to_string()));
        order.apply(ServiceOrderEvent::PaymentConfirmed { confirmed_at: Utc::now() });
        assert_eq!(order.summary()[0].1, "Paid");
        let trial = Trial::default();
        assert_eq!(trial.summary()[0].1, "Not started");
        assert_eq!(HardwareOrder::default().summary()[0].1, "new");
    }

    #[test]
    fn a_job_or_an_actor_without_a_name_is_named_by_its_kind() {
        let filled = ServiceOrderEvent::PlaceholderFilled {
            placeholder: "placeholder-0161".into(),
            number: "01612345678".into(),
            at: Utc::now(),
        };
        assert_eq!(
            ServiceOrder::sentence(&filled, &Actor::Job("fill-placeholders".into())),
            "Number 01612345678 given for the 0161 area code by fill-placeholders."
        );
        let resent = TrialEvent::ConfirmationResent { at: Utc::now() };
        assert_eq!(Trial::sentence(&resent, &Actor::System), "Welcome e-mail resent by system.");
    }
}
