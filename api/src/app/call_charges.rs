//! Pay As You Go pays for its calls (the `charge-calls` job, every ten seconds): each answered
//! call out of a Pay As You Go order, once the registrar recorded its end (`call_records`), is
//! charged from the order's call credit at the pricing module's rates, each started minute
//! (`ChargeCall`: a `CallCharged` event, once per call); each call the registrar refused for
//! want of credit is recorded (`CallRefused`); and when a charge spends the last of the credit
//! (`CreditRanOut`), the buyer is e-mailed, once for each time it runs out. Every step is
//! idempotent (the events say what was charged, the outbox's reference what was sent), so a
//! run that stops half way is finished by the next.

use std::fmt;

use aggregates::call_credit::{CallCredit, CallCreditCommand, CallCreditError};
use aggregates::pricing::Plan;
use aggregates::service_order::ServiceOrder;
use cqrs_es::{Aggregate, AggregateError};
use jobs::commands::Context;
use jobs::outbox::{queue, Mail};

use crate::app::state::{load, AppState};

/// The job's name (its events' actor, `voip-shop run-job charge-calls`).
pub const CHARGE_CALLS: &str = "charge-calls";

/// The outbox kind of the e-mail that tells the buyer the credit ran out.
pub const CREDIT_RAN_OUT_MAIL: &str = "call_credit_ran_out";

/// The registrar's reason phrase for a call out refused for want of credit
/// (migrations/*_prepaid_calls.sql, sip_outbound_callers).
pub const NO_CREDIT_LEFT: &str = "No call credit left";

#[derive(Debug, Default, PartialEq, Eq)]
pub struct Report {
    pub charged: usize,
    pub refused: usize,
    pub emailed: usize,
    pub failed: usize,
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} calls charged, {} refusals recorded, {} buyers e-mailed, {} failed",
            self.charged, self.refused, self.emailed, self.failed
        )
    }
}

/// One run of the job.
pub async fn charge_calls(state: &AppState) -> Result<Report, String> {
    let context = Context::job(CHARGE_CALLS);
    let rates = Plan::PayAsYouGo.call_rates().ok_or("Pay As You Go has no call rates")?;
    let mut report = Report::default();

    // Answered calls out of prepaid owners, ended, and not charged yet.
    let answered = sqlx::query!(
        r#"SELECT r.call_id AS "call_id!", r.owner AS "owner!", r.callee AS "callee!",
                  r.duration_seconds AS "seconds!"
           FROM call_records r
                    JOIN sip_prepaid_owners p ON p.owner = r.owner
           WHERE r.direction = 'outbound' AND r.outcome = 'answered' AND r.duration_seconds IS NOT NULL
             AND NOT EXISTS (SELECT 1 FROM events e
                             WHERE e.aggregate_type = 'CallCredit' AND e.aggregate_id = r.owner
                               AND e.event_type = 'CallCharged'
                               AND e.payload -> 'CallCharged' ->> 'call_id' = r.call_id)
           ORDER BY r.started_at"#
    )
    .fetch_all(&state.pool)
    .await
    .map_err(|e| e.to_string())?;
    for call in answered {
        let command = CallCreditCommand::ChargeCall {
            call_id: call.call_id.clone(),
            to: call.callee,
            seconds: call.seconds.into(),
            rates,
        };
        match state.call_credits.execute(&context, &call.owner, command).await {
            Ok(_) => report.charged += 1,
            Err(error) => {
                report.failed += 1;
                log_failure(&call.owner, &call.call_id, error);
            }
        }
    }

    // Calls out the registrar refused for want of credit, not recorded yet.
    let refused = sqlx::query!(
        r#"SELECT r.call_id AS "call_id!", r.owner AS "owner!", r.callee AS "callee!"
           FROM call_records r
                    JOIN sip_prepaid_owners p ON p.owner = r.owner
           WHERE r.direction = 'outbound' AND r.outcome = 'refused' AND r.sip_reason = $1
             AND NOT EXISTS (SELECT 1 FROM events e
                             WHERE e.aggregate_type = 'CallCredit' AND e.aggregate_id = r.owner
                               AND e.event_type = 'CallRefused'
                               AND e.payload -> 'CallRefused' ->> 'call_id' = r.call_id)
           ORDER BY r.started_at"#,
        NO_CREDIT_LEFT
    )
    .fetch_all(&state.pool)
    .await
    .map_err(|e| e.to_string())?;
    for call in refused {
        let command = CallCreditCommand::RecordRefusedCall { call_id: call.call_id.clone(), to: call.callee };
        match state.call_credits.execute(&context, &call.owner, command).await {
            Ok(_) => report.refused += 1,
            Err(error) => {
                report.failed += 1;
                log_failure(&call.owner, &call.call_id, error);
            }
        }
    }

    // Each time a credit ran out, its buyer is told (once: the outbox keeps one e-mail for
    // each kind and reference).
    let ran_out = sqlx::query!(
        r#"SELECT e.aggregate_id AS "owner!", e.sequence AS "sequence!"
           FROM events e
           WHERE e.aggregate_type = 'CallCredit' AND e.event_type = 'CreditRanOut'
             AND NOT EXISTS (SELECT 1 FROM outbox o
                             WHERE o.kind = $1 AND o.reference = e.aggregate_id || ':' || e.sequence)"#,
        CREDIT_RAN_OUT_MAIL
    )
    .fetch_all(&state.pool)
    .await
    .map_err(|e| e.to_string())?;
    for event in ran_out {
        let (order, _) = load::<ServiceOrder>(&state.pool, &event.owner).await.map_err(|e| format!("{e:?}"))?;
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
        queue(&state.pool, mail).await.map_err(|e| e.to_string())?;
        report.emailed += 1;
    }
    Ok(report)
}

fn log_failure(owner: &str, call_id: &str, error: AggregateError<CallCreditError>) {
    tracing::error!(order = owner, call = call_id, error = %error, "{} for a call failed", <CallCredit as Aggregate>::TYPE);
}
