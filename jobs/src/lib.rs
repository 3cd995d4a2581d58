//! Scheduled jobs. Several servers may run the scheduler; each tick of a job is claimed
//! once in `job_runs` (ticks.rs), and a PostgreSQL advisory lock per job (transaction-scoped,
//! so it cannot outlive its run) makes sure one run
//! of a job happens at a time across all of them.

pub mod hardware_orders;
pub mod heartbeat;
pub mod metrics;
pub mod numbers;
pub mod outbox;
pub mod page_views;
pub mod placeholders;
pub mod purge;
pub mod reconcile;
pub mod scheduler;
pub mod ticks;
pub mod trials;

#[cfg(test)]
mod tests {
    use store::lock_key;

    use super::*;

    #[test]
    fn lock_keys_are_stable_and_distinct() {
        let names = [
            numbers::RELEASE_EXPIRED_NUMBERS,
            outbox::SEND_OUTBOX,
            purge::PURGE_OLD_RECORDS,
            trials::END_TRIALS,
            reconcile::RECONCILE_PAYMENTS,
            hardware_orders::CONFIRM_HARDWARE_ORDERS,
        ];
        for name in names {
            assert_eq!(lock_key(name), lock_key(name));
        }
        let keys: std::collections::BTreeSet<i64> = names.iter().map(|n| lock_key(n)).collect();
        assert_eq!(keys.len(), names.len());
    }
}
