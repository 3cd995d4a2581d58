//! The `reconcile-subscriptions` job (daily): every service order with a paid subscription has
//! its subscription read from the payment provider, and where the provider disagrees
//! (canceled, past_due, unpaid; or active again after a suspension for a failed payment) the
//! same command as the webhook's is issued, as the job. A webhook lost or never configured is
//! made good by the next run; a run again changes nothing. How one order follows its
//! subscription is the API's (it implements [`FollowSubscription`] with the steps the webhook
//! takes, api/src/app/service_money.rs); the job decides which orders and counts the outcomes.

use std::fmt;

use async_trait::async_trait;
use sqlx::PgPool;

/// The job's name (its events' actor, `voip-shop run-job reconcile-subscriptions`).
pub const RECONCILE_SUBSCRIPTIONS: &str = "reconcile-subscriptions";

/// What reconciling one order did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reconciled {
    /// Nothing to ask the provider: no paid subscription, or the service ended already.
    Skipped,
    /// The service ended (the provider ended the subscription).
    Ended,
    /// Calls out suspended.
    Suspended,
    /// Calls out restored.
    Restored,
    /// The order already followed the provider: nothing stored.
    Unchanged,
    /// The order refused the command the provider's answer calls for (logged, not retried).
    Refused(String),
}

/// Makes one order's service follow its subscription as the provider reports it now. An error
/// is an order that could not be read or a provider that did not answer: the next run tries
/// again.
#[async_trait]
pub trait FollowSubscription: Send + Sync {
    async fn reconcile(&self, order_id: &str) -> Result<Reconciled, String>;
}

/// What the job works with.
pub struct ReconcileSubscriptionsJob<'a> {
    pub pool: &'a PgPool,
    pub follower: &'a dyn FollowSubscription,
}

/// What a run of `reconcile-subscriptions` did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Report {
    pub checked: usize,
    pub ended: usize,
    pub suspended: usize,
    pub restored: usize,
    pub unchanged: usize,
    pub failed: usize,
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "subscriptions reconciled: {} checked, {} ended, {} suspended, {} restored, {} as they were, {} to try again",
            self.checked, self.ended, self.suspended, self.restored, self.unchanged, self.failed
        )
    }
}

/// One run: every paid or completed service order with a subscription, in order of id.
pub async fn reconcile_subscriptions(job: &ReconcileSubscriptionsJob<'_>) -> Result<Report, String> {
    let ids: Vec<String> = sqlx::query_scalar!(
        r#"SELECT view_id AS "view_id!" FROM order_view
            WHERE payload ->> 'status' IN ('paid', 'completed') AND payload ->> 'subscriptionId' IS NOT NULL
            ORDER BY view_id"#
    )
    .fetch_all(job.pool)
    .await
    .map_err(|e| e.to_string())?;
    let mut report = Report::default();
    for id in ids {
        let reconciled = job.follower.reconcile(&id).await;
        if !matches!(reconciled, Ok(Reconciled::Skipped)) {
            report.checked += 1;
        }
        match reconciled {
            Ok(Reconciled::Skipped) => {}
            Ok(Reconciled::Ended) => report.ended += 1,
            Ok(Reconciled::Suspended) => report.suspended += 1,
            Ok(Reconciled::Restored) => report.restored += 1,
            Ok(Reconciled::Unchanged) => report.unchanged += 1,
            Ok(Reconciled::Refused(why)) => {
                tracing::info!(order = %id, why, "subscription left as it is");
                report.unchanged += 1;
            }
            Err(error) => {
                tracing::warn!(order = %id, %error, "an order was not reconciled; the next run tries again");
                report.failed += 1;
            }
        }
    }
    Ok(report)
}
