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
use aggregates::pricing::Plan;
use aggregates::service_order::ServiceOrder;
use aggregates::trial::Trial;
use cqrs_es::{Aggregate, AggregateError};
use sqlx::PgPool;
use store::commands::{load, Context, Cqrs};

use crate::mail::{Email, MailKind, MinutesOf};
use crate::outbox::queue;

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
        r#"SELECT coalesce(a.call, a.callid) AS "call_id!", e.owner AS "owner!", coalesce(a.callee, '') AS "callee!"
           FROM sip_acc a
                    JOIN sip_extensions e ON e.username = a.extension
                    JOIN sip_prepaid_owners p ON p.owner = e.owner
           WHERE a.method = 'INVITE' AND a.sip_code = '403' AND a.sip_reason = $1
             AND NOT EXISTS (SELECT 1 FROM call_credit_calls k
                             WHERE k.owner = e.owner AND k.call_id = coalesce(a.call, a.callid)
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
        MailKind::CallCreditRanOut.as_str()
    )
    .fetch_all(job.pool)
    .await
    .map_err(|e| e.to_string())?;
    for event in ran_out {
        let (order, _) = load::<ServiceOrder>(job.pool, &event.owner).await.map_err(|e| format!("{e:?}"))?;
        let reference = format!("{}:{}", event.owner, event.sequence);
        let email = Email::CallCreditRanOut { order: &order };
        queue(job.pool, &order.customer.email, &reference, &email).await.map_err(|e| e.to_string())?;
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
        let (order, _) = load::<ServiceOrder>(job.pool, &row.owner).await.map_err(|e| format!("{e:?}"))?;
        let (order, spent_tenths, cap_tenths, shop_email) = (&order, row.spent, row.cap, job.shop_email);
        let email = if reached {
            Email::DailySpendCapReached { order, spent_tenths, cap_tenths, shop_email }
        } else {
            Email::DailySpendWarning { order, spent_tenths, cap_tenths, shop_email }
        };
        for (recipient, reference) in [
            (order.customer.email.as_str(), format!("{}:{}", row.owner, row.day)),
            (job.shop_email, format!("{}:{}:staff", row.owner, row.day)),
        ] {
            if queue_once(job, recipient, &reference, &email).await? {
                report.emailed += 1;
            }
        }
    }
    Ok(())
}

/// Queues `email` unless its kind and reference are in the outbox already: whether it did.
async fn queue_once(job: &ChargeJob<'_>, recipient: &str, reference: &str, email: &Email<'_>) -> Result<bool, String> {
    let sent = sqlx::query_scalar!(
        r#"SELECT EXISTS (SELECT 1 FROM outbox WHERE kind = $1 AND reference = $2) AS "sent!""#,
        email.kind().as_str(),
        reference
    )
    .fetch_one(job.pool)
    .await
    .map_err(|e| e.to_string())?;
    if sent {
        return Ok(false);
    }
    queue(job.pool, recipient, reference, email).await.map_err(|e| e.to_string())?;
    Ok(true)
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
        MailKind::IncludedMinutesRanOut.as_str()
    )
    .fetch_all(job.pool)
    .await
    .map_err(|e| e.to_string())?
    .into_iter()
    .map(|r| (r.owner, r.sequence, r.period, r.minutes));
    for (owner, sequence, period, minutes) in untold {
        let (contact, order_number) = match owner.strip_prefix("trial:") {
            Some(trial_id) => {
                let (trial, _) = load::<Trial>(job.pool, trial_id).await.map_err(|e| format!("{e:?}"))?;
                (trial.contact, None)
            }
            None => {
                let (order, _) = load::<ServiceOrder>(job.pool, &owner).await.map_err(|e| format!("{e:?}"))?;
                (order.customer, Some(order.order_number))
            }
        };
        let of = match &order_number {
            Some(order_number) => MinutesOf::Month { order_number, period: &period },
            None => MinutesOf::Trial,
        };
        let email = Email::IncludedMinutesRanOut { contact: &contact, minutes, of, shop_email: job.shop_email };
        let reference = format!("{owner}:{sequence}");
        queue(job.pool, &contact.email, &reference, &email).await.map_err(|e| e.to_string())?;
        report.emailed += 1;
    }
    Ok(())
}

fn log_failure(owner: &str, call_id: &str, error: AggregateError<CallCreditError>) {
    tracing::error!(order = owner, call = call_id, error = %error, "{} for a call failed", <CallCredit as Aggregate>::TYPE);
}
