//! The scheduled jobs, every one the server runs: one module each, taking what it works with as a struct of
//! handles and ports (the payment gateway, the store's command handlers, the pool, and a
//! trait the API implements where a step belongs to a use case or workflow), so the API's
//! api/src/scheduled.rs only wires its state into them. Also the scheduler that runs them
//! (scheduler.rs), the outbox and its sender (outbox.rs), and every e-mail the shop sends,
//! the API's as well as the jobs' (mail.rs).
//!
//! Several servers may run the scheduler; each tick of a job is claimed once in `job_runs`
//! (ticks.rs), and a PostgreSQL advisory lock per job (store::under_lock, transaction-scoped,
//! so it cannot outlive its run) makes sure one run of a job happens at a time across all
//! of them.

pub mod call_charges;
pub mod hardware_orders;
pub mod heartbeat;
pub mod mail;
pub mod metrics;
pub mod numbers;
pub mod outbox;
pub mod page_views;
pub mod placeholders;
pub mod purge;
pub mod reconcile;
pub mod scheduler;
pub mod subscriptions;
pub mod ticks;
pub mod top_ups;
pub mod trials;

/// The name of every job of this crate, each its advisory lock's name too (`voip-shop
/// run-job` offers these; a test there keeps them equal to the jobs the scheduler runs).
pub const JOB_NAMES: [&str; 11] = [
    numbers::RELEASE_EXPIRED_NUMBERS,
    call_charges::CHARGE_CALLS,
    top_ups::SETTLE_TOP_UPS,
    trials::END_TRIALS,
    hardware_orders::CONFIRM_HARDWARE_ORDERS,
    reconcile::RECONCILE_PAYMENTS,
    subscriptions::RECONCILE_SUBSCRIPTIONS,
    purge::PURGE_OLD_RECORDS,
    outbox::SEND_OUTBOX,
    placeholders::FILL_PLACEHOLDERS,
    heartbeat::HEARTBEAT,
];

#[cfg(test)]
mod tests {
    use store::lock_key;

    use super::*;

    /// Each job's lock key as every server computes it, pinned to the value computed once
    /// (FNV-1a of the name): a changed hash, or a renamed job, would let a server of the old
    /// version and one of the new run the same job at once during a rolling deploy.
    #[test]
    fn lock_keys_are_pinned_and_distinct() {
        let pinned: [(&str, i64); 11] = [
            ("release-expired-numbers", 541_936_451_774_171_885),
            ("charge-calls", -3_787_826_288_717_581_435),
            ("settle-top-ups", 9_041_501_090_262_940_783),
            ("end-trials", -8_038_849_748_040_644_128),
            ("confirm-hardware-orders", -5_395_991_531_686_684_284),
            ("reconcile-payments", -6_026_206_174_069_771_427),
            ("reconcile-subscriptions", -5_660_772_152_703_861_232),
            ("purge-old-records", -6_056_484_652_820_325_629),
            ("send-outbox", 8_708_584_098_802_730_007),
            ("fill-placeholders", -6_964_744_225_240_689_195),
            ("heartbeat", -60_340_637_225_897_705),
        ];
        assert_eq!(JOB_NAMES, pinned.map(|(name, _)| name), "every job is pinned, by its name");
        for (name, key) in pinned {
            assert_eq!(lock_key(name), key, "{name}");
        }
        // The per-order and per-workflow locks go through the same hash.
        assert_eq!(lock_key(&hardware_orders::lock_name("HW-1")), -7_733_991_849_176_150_004);
        assert_eq!(lock_key("workflow:confirm-hardware-order:HW-1"), -1_670_079_181_969_142_675);
        let keys: std::collections::BTreeSet<i64> = pinned.iter().map(|(_, key)| *key).collect();
        assert_eq!(keys.len(), pinned.len(), "no two jobs share a lock");
    }
}
