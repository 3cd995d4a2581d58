//! Which numbers are in service and whose extensions they ring (`sip_numbers`, read by the
//! SIP registrar through the `sip_number_routes` view when the carrier's trunk calls one).
//!
//! A number starts ringing when it becomes its owner's: an order's stock numbers
//! (`NumbersAssigned`), a lost one's replacement (`NumberReplaced`), an area-code
//! placeholder's number (`PlaceholderFilled`), a number transferred in once its port
//! completes (the Transfer's `PortCompleted`, or a port carried over completed, or the legacy
//! step in an older order's stream), and a trial's number (`TrialStarted`). It stops when
//! staff release it (`NumberReleased`) or the trial ends (`TrialEnded`). Rows are keyed by
//! number and owner, so each owner's events only touch that owner's rows, and a replay in
//! any order of the aggregates ends where the live queries did.
//!
//! Whether a number rings all of an order's extensions is a fact of the order's lines
//! (`OrderLines::rings_all_extensions`), which the events that give it numbers do not
//! carry: the order's stream is read for them (through the store's reader, crate::events). Owners are named as in `sip_accounts` (an
//! order by its id, a trial by [`crate::sip::trial_owner`]), so the view joins the two.
//!
//! When an owner's service stops is kept beside (`sip_service_ends`): a subscription
//! cancelled (`SubscriptionCancelled`: at once, or at the end of the period paid for when the
//! card provider said when that is; the buyer's notice, `CancellationScheduled`, on the day
//! it takes effect; `CancellationUndone` takes either back) or a trial ended (`TrialEnded`).
//! And which owners pay for their calls out from call credit (`sip_prepaid_owners`: a Pay As
//! You Go order, from its `AccountCreated`), so the registrar refuses their calls out once
//! the credit is spent; and the minutes the others' plans include (`sip_minute_allowances`:
//! Single User and Multi User each month from `AccountCreated`, a trial's from
//! `TrialStarted`), refused once spoken; and the daily spend caps staff set on an order's
//! calls out (`sip_spend_caps`, from `DailySpendCapSet`; no row: the default). The registrar's views
//! compare it with the time of each call: from then on the owner's numbers answer 404, its
//! extensions are not reached, and they neither register nor call (403 with the reason).
//!
//! And whose calls out are suspended while the money behind them is in doubt
//! (`sip_call_suspensions`: `CallsOutSuspended` writes the row with its reason phrase, for a
//! failed payment, a dispute or staff's decision; `CallsOutRestored` deletes it). The
//! registrar refuses such an owner's calls out with the reason as its 403's phrase.

use aggregates::numbers::e164_digits;
use aggregates::pricing::Plan;
use aggregates::service_order::{cap_tenths, ServiceOrder, ServiceOrderEvent};
use aggregates::transfer::{Transfer, TransferEvent, TransferState};
use aggregates::trial::{Trial, TrialEvent};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use cqrs_es::{Aggregate, EventEnvelope, Query};
use sqlx::PgPool;

use crate::events::EventReader;
use crate::rebuild::RebuildError;
use crate::sip::trial_owner;

/// The live table.
pub const SIP_NUMBERS_TABLE: &str = "sip_numbers";

/// The reason phrases of the registrar's 403 to an owner's extensions once its service
/// stopped (`sip_service_ends.reason`).
pub const SERVICE_CANCELLED: &str = "Service cancelled";
pub const TRIAL_ENDED: &str = "Trial ended";

/// The live query of the numbers' routing; `R` reads the streams it needs (an order's lines).
#[derive(Clone)]
pub struct SipNumbersQuery<R> {
    pool: PgPool,
    reader: R,
}

impl<R: EventReader> SipNumbersQuery<R> {
    pub fn new(pool: PgPool, reader: R) -> Self {
        SipNumbersQuery { pool, reader }
    }

    /// Aggregate `id`'s state from its stored events.
    async fn fold<A: Aggregate>(&self, id: &str) -> Result<A, RebuildError> {
        let mut state = A::default();
        for stored in self.reader.stream::<A>(&self.pool, id).await? {
            state.apply(stored.envelope.payload);
        }
        Ok(state)
    }

    /// `number` rings `owner`'s extensions from now on (again: a replay only touches the row).
    async fn route(&self, number: &str, owner: &str, ring_all: bool) -> Result<(), sqlx::Error> {
        let Some(number) = e164_digits(number) else {
            tracing::warn!(%number, owner, "a number that is not E.164 is not routed");
            return Ok(());
        };
        sqlx::query!(
            "INSERT INTO sip_numbers (number, owner, ring_all) VALUES ($1, $2, $3)
             ON CONFLICT (number, owner) DO UPDATE SET ring_all = $3, updated_at = clock_timestamp()",
            number,
            owner,
            ring_all
        )
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    async fn stop(&self, number: &str, owner: &str) -> Result<(), sqlx::Error> {
        if let Some(number) = e164_digits(number) {
            sqlx::query!("DELETE FROM sip_numbers WHERE number = $1 AND owner = $2", number, owner)
                .execute(&self.pool)
                .await?;
        }
        Ok(())
    }

    /// `owner`'s service stops at `ends_at`, or at once (`None`: when the event is stored,
    /// whatever the clock that dated it says). Again: a replay only touches the row.
    async fn end_service(&self, owner: &str, reason: &str, ends_at: Option<DateTime<Utc>>) -> Result<(), sqlx::Error> {
        sqlx::query!(
            "INSERT INTO sip_service_ends (owner, reason, ends_at) VALUES ($1, $2, coalesce($3::timestamptz, '-infinity'))
             ON CONFLICT (owner) DO UPDATE SET reason = $2, ends_at = coalesce($3::timestamptz, '-infinity'),
                 updated_at = clock_timestamp()",
            owner,
            reason,
            ends_at
        )
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// `owner`'s calls out are paid from its call credit (again: a replay only touches the row).
    async fn prepaid(&self, owner: &str) -> Result<(), sqlx::Error> {
        sqlx::query!(
            "INSERT INTO sip_prepaid_owners (owner) VALUES ($1)
             ON CONFLICT (owner) DO UPDATE SET updated_at = clock_timestamp()",
            owner
        )
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// `owner`'s plan includes `minutes` of calls out, each month or (a trial's) in all.
    async fn allow_minutes(&self, owner: &str, minutes: i64, monthly: bool) -> Result<(), sqlx::Error> {
        let minutes = i32::try_from(minutes).unwrap_or(i32::MAX);
        sqlx::query!(
            "INSERT INTO sip_minute_allowances (owner, minutes, monthly) VALUES ($1, $2, $3)
             ON CONFLICT (owner) DO UPDATE SET minutes = $2, monthly = $3, updated_at = clock_timestamp()",
            owner,
            minutes,
            monthly
        )
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// `owner`'s calls out are refused with `reason` (again: a replay only touches the row,
    /// and keeps when the suspension began).
    async fn suspend_calls_out(&self, owner: &str, reason: &str) -> Result<(), sqlx::Error> {
        sqlx::query!(
            "INSERT INTO sip_call_suspensions (owner, reason) VALUES ($1, $2)
             ON CONFLICT (owner) DO UPDATE SET reason = $2, updated_at = clock_timestamp()",
            owner,
            reason
        )
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// `owner`'s calls out may spend at most `tenths` a UK day (again: a replay only touches
    /// the row).
    async fn cap_spend(&self, owner: &str, tenths: i64) -> Result<(), sqlx::Error> {
        sqlx::query!(
            "INSERT INTO sip_spend_caps (owner, daily_tenths) VALUES ($1, $2)
             ON CONFLICT (owner) DO UPDATE SET daily_tenths = $2, updated_at = clock_timestamp()",
            owner,
            tenths
        )
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    async fn restore_calls_out(&self, owner: &str) -> Result<(), sqlx::Error> {
        sqlx::query!("DELETE FROM sip_call_suspensions WHERE owner = $1", owner).execute(&self.pool).await?;
        Ok(())
    }

    async fn resume_service(&self, owner: &str) -> Result<(), sqlx::Error> {
        sqlx::query!("DELETE FROM sip_service_ends WHERE owner = $1", owner).execute(&self.pool).await?;
        Ok(())
    }

    async fn stop_all(&self, owner: &str) -> Result<(), sqlx::Error> {
        sqlx::query!("DELETE FROM sip_numbers WHERE owner = $1", owner).execute(&self.pool).await?;
        Ok(())
    }

    /// Whether order `id`'s numbers ring all its extensions, from its stored events.
    async fn rings_all(&self, id: &str) -> Result<bool, RebuildError> {
        let order: ServiceOrder = self.fold(id).await?;
        Ok(order.lines.as_ref().is_some_and(|lines| lines.rings_all_extensions()))
    }

    pub async fn apply_order(&self, id: &str, event: &ServiceOrderEvent) -> Result<(), RebuildError> {
        use ServiceOrderEvent as Ev;
        let numbers: Vec<&String> = match event {
            Ev::NumbersAssigned { numbers } => numbers.iter().collect(),
            Ev::NumberReplaced { replacement, .. } => vec![replacement],
            Ev::PlaceholderFilled { number, .. } => vec![number],
            // Legacy: a transfer completed in the order's own stream.
            Ev::PortCompleted { number, .. } => vec![number],
            Ev::NumberReleased { number, .. } => return Ok(self.stop(number, id).await?),
            // At once, or at the period's end. A cancellation at the period's end whose end
            // the card provider did not say keeps the service (it is paid for) until a later
            // event says otherwise.
            Ev::SubscriptionCancelled { at_period_end, ends_at, .. } => {
                match (at_period_end, ends_at) {
                    (false, _) => self.end_service(id, SERVICE_CANCELLED, None).await?,
                    (true, Some(ends_at)) => self.end_service(id, SERVICE_CANCELLED, Some(*ends_at)).await?,
                    (true, None) => {}
                }
                return Ok(());
            }
            // Its extensions exist: a Pay As You Go order's calls out are paid from its credit.
            Ev::AccountCreated { .. } => {
                let order: ServiceOrder = self.fold(id).await?;
                let Some(lines) = order.lines.as_ref() else { return Ok(()) };
                match lines.plan {
                    Plan::PayAsYouGo => self.prepaid(id).await?,
                    // docs/product-rules.md: 500 UK minutes a user, 1,500 a block, each month.
                    Plan::SingleUser => self.allow_minutes(id, 500 * i64::from(lines.quantity), true).await?,
                    Plan::MultiUser => {
                        let blocks = Plan::MultiUser.blocks(lines.quantity);
                        self.allow_minutes(id, 1500 * i64::from(blocks), true).await?
                    }
                }
                return Ok(());
            }
            // The buyer's notice: the service ends on the day it takes effect.
            Ev::CancellationScheduled { effective_on, .. } => {
                return Ok(self.end_service(id, SERVICE_CANCELLED, Some(*effective_on)).await?);
            }
            // A cancellation at a period's end undone before it took effect: the service goes on.
            Ev::CancellationUndone { .. } => return Ok(self.resume_service(id).await?),
            Ev::CallsOutSuspended { reason, .. } => return Ok(self.suspend_calls_out(id, reason).await?),
            Ev::CallsOutRestored { .. } => return Ok(self.restore_calls_out(id).await?),
            // Staff set the daily spend cap on calls out (the registrar counts in tenths of a penny).
            Ev::DailySpendCapSet { cap, .. } => return Ok(self.cap_spend(id, cap_tenths(*cap)).await?),
            _ => return Ok(()),
        };
        if numbers.is_empty() {
            return Ok(());
        }
        let ring_all = self.rings_all(id).await?;
        for number in numbers {
            self.route(number, id, ring_all).await?;
        }
        Ok(())
    }

    pub async fn apply_port(&self, id: &str, event: &TransferEvent) -> Result<(), RebuildError> {
        let completed = match event {
            TransferEvent::PortCompleted { .. } => true,
            // A port begun in an older order's stream, carried over already completed.
            TransferEvent::PortOpened { state, .. } => *state == TransferState::Completed,
            _ => false,
        };
        if !completed {
            return Ok(());
        }
        let port: Transfer = self.fold(id).await?;
        let ring_all = self.rings_all(&port.order_id).await?;
        Ok(self.route(event.number(), &port.order_id, ring_all).await?)
    }

    pub async fn apply_trial(&self, id: &str, event: &TrialEvent) -> Result<(), sqlx::Error> {
        match event {
            // One extension: ringing all of them or the first is the same.
            TrialEvent::TrialStarted { number, minutes, .. } => {
                self.route(number, &trial_owner(id), false).await?;
                self.allow_minutes(&trial_owner(id), i64::from(*minutes), false).await
            }
            // docs/product-rules.md, Free trial: an unconverted trial's service stops when it ends.
            TrialEvent::TrialEnded { .. } => {
                self.stop_all(&trial_owner(id)).await?;
                self.end_service(&trial_owner(id), TRIAL_ENDED, None).await
            }
            _ => Ok(()),
        }
    }

    /// After a rebuild replayed every event from `started`: rows no event touched since then
    /// belong to nothing the events know of and go.
    pub async fn sweep(&self, started: DateTime<Utc>) -> Result<u64, sqlx::Error> {
        let swept = sqlx::query!("DELETE FROM sip_numbers WHERE updated_at < $1", started).execute(&self.pool).await?;
        sqlx::query!("DELETE FROM sip_service_ends WHERE updated_at < $1", started).execute(&self.pool).await?;
        sqlx::query!("DELETE FROM sip_prepaid_owners WHERE updated_at < $1", started).execute(&self.pool).await?;
        sqlx::query!("DELETE FROM sip_minute_allowances WHERE updated_at < $1", started).execute(&self.pool).await?;
        sqlx::query!("DELETE FROM sip_call_suspensions WHERE updated_at < $1", started).execute(&self.pool).await?;
        sqlx::query!("DELETE FROM sip_spend_caps WHERE updated_at < $1", started).execute(&self.pool).await?;
        Ok(swept.rows_affected())
    }
}

#[async_trait]
impl<R: EventReader> Query<ServiceOrder> for SipNumbersQuery<R> {
    async fn dispatch(&self, id: &str, events: &[EventEnvelope<ServiceOrder>]) {
        for event in events {
            if let Err(error) = self.apply_order(id, &event.payload).await {
                tracing::error!(order = id, %error, "SIP number routing update failed; run rebuild-views");
            }
        }
    }
}

#[async_trait]
impl<R: EventReader> Query<Transfer> for SipNumbersQuery<R> {
    async fn dispatch(&self, id: &str, events: &[EventEnvelope<Transfer>]) {
        for event in events {
            if let Err(error) = self.apply_port(id, &event.payload).await {
                tracing::error!(port = id, %error, "SIP number routing update failed; run rebuild-views");
            }
        }
    }
}

#[async_trait]
impl<R: EventReader> Query<Trial> for SipNumbersQuery<R> {
    async fn dispatch(&self, id: &str, events: &[EventEnvelope<Trial>]) {
        for event in events {
            if let Err(error) = self.apply_trial(id, &event.payload).await {
                tracing::error!(trial = id, %error, "SIP number routing update failed; run rebuild-views");
            }
        }
    }
}

/// Rebuilds the numbers' routing: replays every order's, port's and trial's events through
/// the projection into the live table (each step is idempotent, so the registrar keeps
/// answering meanwhile), then removes the rows no event accounts for.
pub async fn rebuild(
    pool: &PgPool,
    reader: &impl EventReader,
    watch: &mut dyn crate::rebuild::Watch,
) -> Result<crate::rebuild::Rebuilt, RebuildError> {
    let types = [ServiceOrder::TYPE, Transfer::TYPE, Trial::TYPE];
    let rows_now = rows(pool).await?;
    let mut replay = crate::rebuild::Replay::start(pool, reader, watch, SIP_NUMBERS_TABLE, &types, rows_now).await?;
    let query = SipNumbersQuery::new(pool.clone(), reader.clone());
    replay.each::<ServiceOrder, _>(async |id, event| query.apply_order(id, event).await).await?;
    replay.each::<Transfer, _>(async |id, event| query.apply_port(id, event).await).await?;
    replay.each::<Trial, _>(async |id, event| query.apply_trial(id, event).await).await?;
    let deleted = query.sweep(replay.since()).await?;
    Ok(replay.finish(deleted, rows(pool).await?))
}

async fn rows(pool: &PgPool) -> Result<u64, sqlx::Error> {
    let count: i64 = sqlx::query_scalar!(r#"SELECT count(*) AS "count!" FROM sip_numbers"#).fetch_one(pool).await?;
    Ok(count as u64)
}
