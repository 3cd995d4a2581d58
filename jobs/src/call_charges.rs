//! Pay As You Go pays for its calls (the `charge-calls` job, every ten seconds): each answered
//! call out of a Pay As You Go order, once the registrar recorded its end (`sip_calls`), is
//! charged from the order's call credit at the pricing module's rates, each started minute
//! (`ChargeCall`: a `CallCharged` event, once per call); each call the registrar refused for
//! want of credit is recorded (`CallRefused`); and when a charge spends the last of the credit
//! (`CreditRanOut`), the buyer is e-mailed, once for each time it runs out. Every step is
//! idempotent (the rows below say what was charged and recorded, the outbox's reference what
//! was sent), so a run that stops half way is finished by the next.
//!
//! What is charged, recorded and to tell is read from rows the store writes in the statement
//! of each CallCredit event (projections::call_credit::derived_rows), never from the events'
//! payloads: `call_credit_calls` (each call charged or refused; its key refuses a second
//! charge of one call, `CallAlreadyRecorded`, so a call is charged once however often it is
//! tried) and `call_credit_notices` (each time the credit or the included minutes ran out).
//!
//! A plan with included minutes (Single User, Multi User, a trial) is refused calls out by
//! the registrar once they are spoken; the job records it on the owner's CallCredit stream
//! (`IncludedMinutesRanOut`, once a UK month, or once in a trial's whole length: the stream
//! of the registrar's owner, the order's id or `trial:<id>`), and the buyer is e-mailed once
//! for each such event.

use std::fmt;

use aggregates::call_credit::{CallCredit, CallCreditCommand, CallCreditError};
use aggregates::customer::Customer;
use aggregates::pricing::Plan;
use aggregates::service_order::ServiceOrder;
use aggregates::trial::Trial;
use cqrs_es::{Aggregate, AggregateError};
use sqlx::PgPool;
use store::commands::{load, Context, Cqrs};

use crate::outbox::{queue, Mail};

/// What the job works with.
pub struct ChargeJob<'a> {
    pub pool: &'a PgPool,
    pub call_credits: &'a Cqrs<CallCredit>,
    /// The shop's address, in the e-mails (the buyers' contact, and the staff copy of a
    /// daily cap's warning).
    pub shop_email: &'a str,
}

/// The job's name (its events' actor, `voip-shop run-job charge-calls`).
pub const CHARGE_CALLS: &str = "charge-calls";

/// The outbox kind of the e-mail that tells the buyer the credit ran out.
pub const CREDIT_RAN_OUT_MAIL: &str = "call_credit_ran_out";

/// The outbox kind of the e-mail that tells the buyer the included minutes ran out.
pub const MINUTES_RAN_OUT_MAIL: &str = "included_minutes_ran_out";

/// The outbox kinds of the e-mails that tell an owner, and staff, that today's calls spent
/// 80% of the daily cap, and all of it.
pub const SPEND_WARNING_MAIL: &str = "daily_spend_warning";
pub const SPEND_CAP_REACHED_MAIL: &str = "daily_spend_cap_reached";

/// The registrar's reason phrase for a call out refused for want of credit
/// (migrations/*_prepaid_calls.sql, sip_outbound_callers).
pub const NO_CREDIT_LEFT: &str = "No call credit left";

#[derive(Debug, Default, PartialEq, Eq)]
pub struct Report {
    pub charged: usize,
    pub refused: usize,
    pub emailed: usize,
    pub failed: usize,
    /// Owners whose included minutes ran out (recorded this run).
    pub minutes_ran_out: usize,
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} calls charged, {} refusals recorded, {} included minutes ran out, {} buyers e-mailed, {} failed",
            self.charged, self.refused, self.minutes_ran_out, self.emailed, self.failed
        )
    }
}

/// One run of the job.
pub async fn charge_calls(job: &ChargeJob<'_>) -> Result<Report, String> {
    let context = Context::job(CHARGE_CALLS);
    let rates = Plan::PayAsYouGo.call_rates().ok_or("Pay As You Go has no call rates")?;
    let mut report = Report::default();

    // Answered calls out of prepaid owners, ended, and not charged yet (sip_calls: one row a
    // call, its length never past what it was granted).
    let answered = sqlx::query!(
        r#"SELECT c.call AS "call_id!", c.owner AS "owner!", c.callee AS "callee!",
                  least(greatest(ceil(extract(epoch FROM c.ended_at - c.answered_at)), 0), c.max_seconds)::int AS "seconds!"
           FROM sip_calls c
                    JOIN sip_prepaid_owners p ON p.owner = c.owner
           WHERE c.ended_at IS NOT NULL AND c.answered_at IS NOT NULL AND c.charged_at IS NULL
           ORDER BY c.started_at"#
    )
    .fetch_all(job.pool)
    .await
    .map_err(|e| e.to_string())?;
    for call in answered {
        let command = CallCreditCommand::ChargeCall {
            call_id: call.call_id.clone(),
            to: call.callee,
            seconds: call.seconds.into(),
            rates,
        };
        let charged = match job.call_credits.execute(&context, &call.owner, command).await {
            Ok(_) => true,
            // Charged already (by a run that stopped before marking it): marked now.
            Err(AggregateError::UserError(CallCreditError::CallAlreadyRecorded)) => false,
            Err(error) => {
                report.failed += 1;
                log_failure(&call.owner, &call.call_id, error);
                continue;
            }
        };
        report.charged += usize::from(charged);
        sqlx::query!("UPDATE sip_calls SET charged_at = now() WHERE call = $1", call.call_id)
            .execute(job.pool)
            .await
            .map_err(|e| e.to_string())?;
    }

    // Calls out the registrar refused for want of credit, not recorded yet.
    let refused = sqlx::query!(
        r#"SELECT coalesce(a.call, a.callid) AS "call_id!", e.order_id AS "owner!", coalesce(a.callee, '') AS "callee!"
           FROM sip_acc a
                    JOIN sip_extensions e ON e.username = a.extension
                    JOIN sip_prepaid_owners p ON p.owner = e.order_id
           WHERE a.method = 'INVITE' AND a.sip_code = '403' AND a.sip_reason = $1
             AND NOT EXISTS (SELECT 1 FROM call_credit_calls k
                             WHERE k.owner = e.order_id AND k.call_id = coalesce(a.call, a.callid)
                               AND k.kind = 'refused')
           ORDER BY a.id"#,
        NO_CREDIT_LEFT
    )
    .fetch_all(job.pool)
    .await
    .map_err(|e| e.to_string())?;
    for call in refused {
        let command = CallCreditCommand::RecordRefusedCall { call_id: call.call_id.clone(), to: call.callee };
        match job.call_credits.execute(&context, &call.owner, command).await {
            Ok(_) => report.refused += 1,
            // Recorded meanwhile: nothing more to do.
            Err(AggregateError::UserError(CallCreditError::CallAlreadyRecorded)) => {}
            Err(error) => {
                report.failed += 1;
                log_failure(&call.owner, &call.call_id, error);
            }
        }
    }

    // Each time a credit ran out, its buyer is told (once: the outbox keeps one e-mail for
    // each kind and reference).
    let ran_out = sqlx::query!(
        r#"SELECT n.owner AS "owner!", n.sequence AS "sequence!"
           FROM call_credit_notices n
           WHERE n.kind = 'credit_ran_out'
             AND NOT EXISTS (SELECT 1 FROM outbox o
                             WHERE o.kind = $1 AND o.reference = n.owner || ':' || n.sequence)
           ORDER BY n.owner, n.sequence"#,
        CREDIT_RAN_OUT_MAIL
    )
    .fetch_all(job.pool)
    .await
    .map_err(|e| e.to_string())?;
    for event in ran_out {
        let (order, _) = load::<ServiceOrder>(job.pool, &event.owner).await.map_err(|e| format!("{e:?}"))?;
        let subject = format!("Your call credit for order {} has run out", order.order_number);
        let body = format!(
            "Hello {},\n\nThe Pay As You Go call credit of order {} has run out, so calls out from its \
             phones are refused until you top it up. Calls in still ring as before.\n\nTop up from your \
             account: sign in, open the order and choose Top up credit. The credit is ready for calls as \
             soon as the payment goes through.\n\nTalkbridge\n",
            order.customer.first_name, order.order_number
        );
        let reference = format!("{}:{}", event.owner, event.sequence);
        let mail = Mail {
            recipient: &order.customer.email,
            subject: &subject,
            body: &body,
            kind: CREDIT_RAN_OUT_MAIL,
            reference: &reference,
        };
        queue(job.pool, mail).await.map_err(|e| e.to_string())?;
        report.emailed += 1;
    }

    included_minutes(job, &context, &mut report).await?;
    daily_spend(job, &mut report).await?;
    Ok(report)
}

/// Owners whose calls today (UK) spent 80% of their daily cap, or all of it
/// (migrations/*_call_controls.sql: sip_usage, sip_spend_caps, £20 by default): the owner and
/// staff are e-mailed, once a day for each (the outbox keeps one e-mail for each kind and
/// reference). At the cap the registrar already refuses calls out until the next day.
async fn daily_spend(job: &ChargeJob<'_>, report: &mut Report) -> Result<(), String> {
    let near = sqlx::query!(
        r#"SELECT u.owner AS "owner!", u.day::text AS "day!", u.spend_tenths AS "spent!",
                  coalesce(c.daily_tenths, 20000) AS "cap!"
           FROM sip_usage u
                    LEFT JOIN sip_spend_caps c ON c.owner = u.owner
           WHERE u.day = (now() AT TIME ZONE 'Europe/London')::date
             AND u.owner NOT LIKE 'trial:%'
             AND u.spend_tenths * 10 >= coalesce(c.daily_tenths, 20000) * 8
           ORDER BY u.owner"#
    )
    .fetch_all(job.pool)
    .await
    .map_err(|e| e.to_string())?;
    for row in near {
        let reached = row.spent >= row.cap;
        let kind = if reached { SPEND_CAP_REACHED_MAIL } else { SPEND_WARNING_MAIL };
        let (order, _) = load::<ServiceOrder>(job.pool, &row.owner).await.map_err(|e| format!("{e:?}"))?;
        let (spent, cap) = (pence_label(row.spent), pence_label(row.cap));
        let subject = if reached {
            format!(
                "Calls out from order {} are paused until tomorrow: the daily limit of {cap} is spent",
                order.order_number
            )
        } else {
            format!("Calls from order {} have spent {spent} of today's {cap} limit", order.order_number)
        };
        let body = format!(
            "Hello {},\n\nCalls out from the phones of order {} have spent {spent} today, of a daily limit of {cap}. {}\n\n\
             If you did not make these calls, change your phones' passwords now: sign in to your account, open the order \
             and reset each extension's password, then contact us at {}.\n\nTalkbridge\n",
            order.customer.first_name,
            order.order_number,
            if reached {
                "Calls out are refused until midnight (UK time); calls in, calls between your extensions and 999 still work. \
                 To raise the limit, contact us."
            } else {
                "At the limit, calls out are refused until midnight (UK time)."
            },
            job.shop_email
        );
        for (recipient, reference) in [
            (order.customer.email.as_str(), format!("{}:{}", row.owner, row.day)),
            (job.shop_email, format!("{}:{}:staff", row.owner, row.day)),
        ] {
            let mail = Mail { recipient, subject: &subject, body: &body, kind, reference: &reference };
            if queue_once(job, mail).await? {
                report.emailed += 1;
            }
        }
    }
    Ok(())
}

/// Queues `mail` unless its kind and reference are in the outbox already: whether it did.
async fn queue_once(job: &ChargeJob<'_>, mail: Mail<'_>) -> Result<bool, String> {
    let sent = sqlx::query_scalar!(
        r#"SELECT EXISTS (SELECT 1 FROM outbox WHERE kind = $1 AND reference = $2) AS "sent!""#,
        mail.kind,
        mail.reference
    )
    .fetch_one(job.pool)
    .await
    .map_err(|e| e.to_string())?;
    if sent {
        return Ok(false);
    }
    queue(job.pool, mail).await.map_err(|e| e.to_string())?;
    Ok(true)
}

/// Tenths of a penny as pounds and pence, rounded down to the penny: 19,980 is "£19.98".
fn pence_label(tenths: i64) -> String {
    let pence = tenths / 10;
    format!("£{}.{:02}", pence / 100, pence % 100)
}

/// Owners whose included minutes are spoken for the period are recorded (once a period),
/// and each such record is told to its buyer once (the outbox's reference). The period whose
/// minutes count now is this UK month (`2026-12`), or a trial's whole length (`trial`).
async fn included_minutes(job: &ChargeJob<'_>, context: &Context, report: &mut Report) -> Result<(), String> {
    let spoken = sqlx::query!(
        r#"SELECT m.owner AS "owner!", m.minutes::bigint AS "minutes!",
                  CASE WHEN m.monthly THEN to_char(now() AT TIME ZONE 'Europe/London', 'YYYY-MM')
                       ELSE 'trial' END AS "period!"
           FROM sip_minute_allowances m
                    JOIN sip_minutes_used u ON u.owner = m.owner
           WHERE m.minutes > 0
             AND coalesce(CASE WHEN m.monthly THEN u.this_month ELSE u.in_all END, 0) >= m.minutes
             AND NOT EXISTS (SELECT 1 FROM call_credit_notices n
                             WHERE n.owner = m.owner AND n.kind = 'included_minutes_ran_out'
                               AND n.period = CASE WHEN m.monthly THEN to_char(now() AT TIME ZONE 'Europe/London', 'YYYY-MM')
                                                   ELSE 'trial' END)
           ORDER BY m.owner"#
    )
    .fetch_all(job.pool)
    .await
    .map_err(|e| e.to_string())?
    .into_iter()
    .map(|r| (r.owner, r.minutes, r.period));
    for (owner, minutes, period) in spoken {
        let command = CallCreditCommand::RecordIncludedMinutesRanOut { period: period.clone(), minutes };
        match job.call_credits.execute(context, &owner, command).await {
            Ok(_) => report.minutes_ran_out += 1,
            // Recorded meanwhile (another run): nothing more to do.
            Err(AggregateError::UserError(CallCreditError::MinutesAlreadyRanOut)) => {}
            Err(error) => {
                report.failed += 1;
                log_failure(&owner, &period, error);
            }
        }
    }

    let untold = sqlx::query!(
        r#"SELECT n.owner AS "owner!", n.sequence AS "sequence!", n.period AS "period!", n.minutes AS "minutes!"
           FROM call_credit_notices n
           WHERE n.kind = 'included_minutes_ran_out'
             AND NOT EXISTS (SELECT 1 FROM outbox o
                             WHERE o.kind = $1 AND o.reference = n.owner || ':' || n.sequence)
           ORDER BY n.owner, n.sequence"#,
        MINUTES_RAN_OUT_MAIL
    )
    .fetch_all(job.pool)
    .await
    .map_err(|e| e.to_string())?
    .into_iter()
    .map(|r| (r.owner, r.sequence, r.period, r.minutes));
    for (owner, sequence, period, minutes) in untold {
        let (contact, subject, body) = match owner.strip_prefix("trial:") {
            Some(trial_id) => {
                let (trial, _) = load::<Trial>(job.pool, trial_id).await.map_err(|e| format!("{e:?}"))?;
                let (subject, body) = trial_minutes_mail(&trial.contact, minutes, job.shop_email);
                (trial.contact, subject, body)
            }
            None => {
                let (order, _) = load::<ServiceOrder>(job.pool, &owner).await.map_err(|e| format!("{e:?}"))?;
                let (subject, body) =
                    monthly_minutes_mail(&order.customer, &order.order_number, minutes, &period, job.shop_email);
                (order.customer, subject, body)
            }
        };
        let reference = format!("{owner}:{sequence}");
        let mail = Mail {
            recipient: &contact.email,
            subject: &subject,
            body: &body,
            kind: MINUTES_RAN_OUT_MAIL,
            reference: &reference,
        };
        queue(job.pool, mail).await.map_err(|e| e.to_string())?;
        report.emailed += 1;
    }
    Ok(())
}

/// The e-mail for an order whose month's included minutes are spoken.
fn monthly_minutes_mail(
    customer: &Customer,
    order_number: &str,
    minutes: i64,
    period: &str,
    shop_email: &str,
) -> (String, String) {
    let subject = format!("The included call minutes of order {order_number} are used up for this month");
    let body = format!(
        "Hello {},\n\nAll {minutes} minutes of calls out included with order {order_number} this month ({period}) \
         are spoken, so calls out from its phones are refused until the minutes renew on the 1st of next month \
         (UK time). Calls in, and calls between your extensions, still work as before.\n\nTo call out before \
         then, contact us at {} to move the order to a plan with more minutes.\n\nTalkbridge\n",
        customer.first_name, shop_email
    );
    (subject, body)
}

/// The e-mail for a trial whose minutes are spoken.
fn trial_minutes_mail(contact: &Customer, minutes: i64, shop_email: &str) -> (String, String) {
    let subject = "Your free trial's call minutes are used up".to_string();
    let body = format!(
        "Hello {},\n\nAll {minutes} minutes of calls out included with your free trial are spoken, so calls out \
         from its phone are refused for the rest of the trial. Calls in still ring as before.\n\nTo keep calling \
         out, choose a plan (see /plans-and-pricing; Single User includes 500 minutes a month), or contact us at \
         {}.\n\nTalkbridge\n",
        contact.first_name, shop_email
    );
    (subject, body)
}

fn log_failure(owner: &str, call_id: &str, error: AggregateError<CallCreditError>) {
    tracing::error!(order = owner, call = call_id, error = %error, "{} for a call failed", <CallCredit as Aggregate>::TYPE);
}
