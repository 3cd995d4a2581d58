//! The `settle-top-ups` job (every minute): each order's Pay As You Go top-up under way for a
//! minute or more is settled with the payment provider, so a payment taken just before a
//! crash, or confirmed in a window the buyer then closed, still buys its credit, and one left
//! at the bank's check is given up after a while. How one top-up is settled is the account's
//! billing (the API implements [`SettleTopUp`], the same steps a buyer's next top-up takes);
//! the job decides which and when, and counts how each ended. An order the provider could not
//! be asked about is tried again next run.

use std::fmt;

use async_trait::async_trait;
use chrono::{DateTime, Duration, Utc};
use sqlx::PgPool;

/// The job's name (its events' actor, `voip-shop run-job settle-top-ups`).
pub const SETTLE_TOP_UPS: &str = "settle-top-ups";

/// A top-up under way is left to its own request for this long before the job asks.
pub const SETTLE_AFTER_MINUTES: i64 = 1;

/// How the provider left a top-up that was under way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Settled {
    /// Paid: its credit is bought.
    Paid,
    /// Refused by the bank: declined.
    Refused,
    /// Left with the buyer (or never charged) for longer than
    /// TOP_UP_ABANDONED_AFTER_MINUTES: cancelled at the provider and declined as abandoned.
    Abandoned,
    /// Still with the buyer (the bank's check), and not for long enough to give up.
    WithBuyer,
    /// The bank is still processing the payment.
    Processing,
}

/// Settles the top-up under way of one order's call credit with the provider, holding the
/// credit's lock: None when none is under way any more (ended meanwhile).
#[async_trait]
pub trait SettleTopUp: Send + Sync {
    async fn settle_top_up(&self, order_id: &str) -> Result<Option<Settled>, String>;
}

/// What the job works with.
pub struct TopUpJob<'a> {
    pub pool: &'a PgPool,
    pub settler: &'a dyn SettleTopUp,
}

/// What a run of `settle-top-ups` ended.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Report {
    pub paid: usize,
    pub refused: usize,
    pub abandoned: usize,
    pub waiting: usize,
    pub failed: usize,
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "top-ups settled: {} paid, {} refused, {} abandoned; {} still with the buyer or bank, {} to try again",
            self.paid, self.refused, self.abandoned, self.waiting, self.failed
        )
    }
}

/// One run at `now`: every top-up under way since SETTLE_AFTER_MINUTES before it.
pub async fn settle_top_ups(job: &TopUpJob<'_>, now: DateTime<Utc>) -> Result<Report, String> {
    let since = now - Duration::minutes(SETTLE_AFTER_MINUTES);
    let ids: Vec<String> = sqlx::query_scalar!(
        r#"SELECT view_id AS "view_id!" FROM call_credit_view
            WHERE payload ->> 'topUpUnderWay' IS NOT NULL AND (payload ->> 'updatedAt')::timestamptz <= $1
            ORDER BY view_id"#,
        since
    )
    .fetch_all(job.pool)
    .await
    .map_err(|e| e.to_string())?;
    let mut report = Report::default();
    for id in ids {
        match job.settler.settle_top_up(&id).await {
            Ok(Some(Settled::Paid)) => report.paid += 1,
            Ok(Some(Settled::Refused)) => report.refused += 1,
            Ok(Some(Settled::Abandoned)) => report.abandoned += 1,
            Ok(Some(Settled::WithBuyer | Settled::Processing)) => report.waiting += 1,
            Ok(None) => {}
            Err(error) => {
                tracing::warn!(order = %id, %error, "a top-up under way was not settled; the next run tries again");
                report.failed += 1;
            }
        }
    }
    Ok(report)
}
