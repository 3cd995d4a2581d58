//! One count of wrong passwords per account, across every place its password is checked:
//! sign-in, the checkout's and the trial's check of an existing account's password, and the
//! checkout's account step (OWASP ASVS 2.2.1). The per-address and per-e-mail buckets of
//! crate::platform::limits stay in front of it; this count follows the account wherever the
//! guesses come from.
//!
//! Every check is counted when it starts, and a right password clears the count: parallel
//! guesses therefore cannot all slip in before the first is known to be wrong. The first
//! [`FREE_CHECKS`] checks in an hour wait for nothing; each one after that makes the next
//! wait [`delay_seconds`] (2, 4, 8 ... up to a minute), and at most [`MAX_CHECKS_PER_HOUR`]
//! are checked an hour. A refused check costs no argon2 work and answers 429 with
//! `Retry-After`. The owner is never locked out for long: the waits stop growing at a minute,
//! "Forgot password" and Google sign-in do not count, and a right password starts afresh.

use aggregates::clock::Clock;
use chrono::{DateTime, Duration, Utc};
use sha2::{Digest, Sha256};
use sqlx::PgPool;

use crate::platform::error::ApiError;
use crate::platform::limits::Wait;
use crate::platform::refusals::{TOO_MANY_PASSWORD_GUESSES, TOO_MANY_STAFF_PASSWORD_GUESSES};

/// Checks in an hour that wait for nothing (a buyer mistyping).
pub const FREE_CHECKS: i32 = 5;
/// The longest wait between two checks, in seconds.
pub const MAX_DELAY_SECONDS: i64 = 60;
/// The ceiling ASVS 2.2.1 asks for: at most 100 wrong passwords an hour per account.
pub const MAX_CHECKS_PER_HOUR: i32 = 100;

/// Whose password: a customer account's or a staff member's (two namespaces of e-mail).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Whose {
    Customer,
    Staff,
}

fn key(whose: Whose, email: &str) -> String {
    let kind = match whose {
        Whose::Customer => "customer",
        Whose::Staff => "staff",
    };
    hex::encode(Sha256::digest(format!("{kind}:{}", email.trim().to_lowercase()).as_bytes()))
}

/// The wait after the `checks`-th check of the hour: none for the first [`FREE_CHECKS`], then
/// doubling from 2 seconds, at most [`MAX_DELAY_SECONDS`].
pub fn delay_seconds(checks: i32) -> i64 {
    if checks <= FREE_CHECKS {
        return 0;
    }
    let doublings = u32::try_from(checks - FREE_CHECKS).unwrap_or(u32::MAX).min(6);
    (1i64 << doublings).min(MAX_DELAY_SECONDS)
}

/// A check under way: [`Check::right`] clears the count when the password was right.
#[must_use = "a right password must clear the count"]
pub struct Check {
    key: String,
}

impl Check {
    /// The password was right: the count starts afresh.
    pub async fn right(self, pool: &PgPool) -> Result<(), sqlx::Error> {
        sqlx::query!("DELETE FROM password_guesses WHERE key = $1", self.key).execute(pool).await?;
        Ok(())
    }
}

fn too_many(whose: Whose, wait_seconds: i64) -> ApiError {
    let refusal = match whose {
        Whose::Customer => &TOO_MANY_PASSWORD_GUESSES,
        Whose::Staff => &TOO_MANY_STAFF_PASSWORD_GUESSES,
    };
    ApiError::limited(refusal, Wait { seconds: u32::try_from(wait_seconds.max(1)).unwrap_or(u32::MAX) })
}

/// Counts a check of `email`'s password, or refuses it (429) while the account must wait. One
/// transaction with the row locked, so checks of one account are counted in turn, each at the
/// time `clock` says once it holds the lock (a time read before the wait could be older than
/// that of the check counted before it, which would then seem to be still waiting).
pub async fn begin(pool: &PgPool, clock: &dyn Clock, whose: Whose, email: &str) -> Result<Check, ApiError> {
    let key = key(whose, email);
    let mut tx = pool.begin().await?;
    sqlx::query!(
        "INSERT INTO password_guesses (key, failures, window_start, not_before) VALUES ($1, 0, $2, $2)
         ON CONFLICT (key) DO NOTHING",
        &key,
        clock.now()
    )
    .execute(&mut *tx)
    .await?;
    let row =
        sqlx::query!("SELECT failures, window_start, not_before FROM password_guesses WHERE key = $1 FOR UPDATE", &key)
            .fetch_one(&mut *tx)
            .await?;
    let now: DateTime<Utc> = clock.now();
    let hour_over = row.window_start <= now - Duration::hours(1);
    let (checks, window_start) = if hour_over { (0, now) } else { (row.failures, row.window_start) };
    if !hour_over && row.not_before > now {
        return Err(too_many(whose, (row.not_before - now).num_seconds() + 1));
    }
    if checks >= MAX_CHECKS_PER_HOUR {
        return Err(too_many(whose, (window_start + Duration::hours(1) - now).num_seconds() + 1));
    }
    let checks = checks + 1;
    sqlx::query!(
        "UPDATE password_guesses SET failures = $2, window_start = $3, not_before = $4 WHERE key = $1",
        &key,
        checks,
        window_start,
        now + Duration::seconds(delay_seconds(checks))
    )
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(Check { key })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_waits_grow_from_the_sixth_check_to_a_minute() {
        let waits: Vec<i64> = (1..=14).map(delay_seconds).collect();
        assert_eq!(waits, [0, 0, 0, 0, 0, 2, 4, 8, 16, 32, 60, 60, 60, 60]);
        assert_eq!(delay_seconds(i32::MAX), MAX_DELAY_SECONDS);
    }

    /// However fast the guesses come, the waits alone keep an account under the ceiling: the
    /// checks that fit in an hour, each made the moment the one before allows.
    #[test]
    fn an_hour_of_waits_holds_fewer_checks_than_the_ceiling() {
        let (mut at, mut checks) = (0i64, 0);
        while at < 3600 {
            checks += 1;
            at += delay_seconds(checks);
        }
        assert_eq!(checks, 69, "5 at once, 5 over 62 seconds, then one a minute");
        assert!(checks <= MAX_CHECKS_PER_HOUR);
    }

    #[test]
    fn keys_hide_the_address_and_keep_staff_and_customers_apart() {
        let customer = key(Whose::Customer, " Jane@Example.com");
        assert_eq!(customer, key(Whose::Customer, "jane@example.com"));
        assert_ne!(customer, key(Whose::Staff, "jane@example.com"));
        assert!(!customer.contains("jane") && customer.len() == 64);
    }
}
