//! Rate limits counted in PostgreSQL, so every server shares one count.
//!
//! A bucket is a limit's name and a key (an e-mail address, a client address), stored as a
//! SHA-256 digest so the table holds no addresses. Each attempt is one atomic upsert on
//! (bucket, window_start): `count = count + 1` only while the count is under the limit,
//! returning the new count. Two hundred requests at once therefore take at most `max`
//! slots between them whatever the servers and connections: the row lock orders them.
//!
//! Fixed windows alone would let `max` through at the end of one window and `max` more at
//! the start of the next, so the previous window still counts for the part of it that the
//! sliding window covers (`previous * (1 - elapsed)`), as in the usual sliding-window
//! estimate. A bucket counts the attempts it let through: a refused attempt gives its slot
//! back, and a caller can give slots back for attempts that turned out well (the staff
//! sign-in limit counts failures only).
//!
//! Old rows are useless after two windows: the `rate_limits` table needs a regular purge
//! of rows whose `window_start` is more than two hours old.

use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use sha2::{Digest, Sha256};
use sqlx::PgPool;

use crate::error::ApiError;

/// At most `max` attempts per key within any `window_seconds`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    pub name: &'static str,
    pub max: i32,
    pub window_seconds: u32,
}

/// Customer password checks (joining an order or a trial to an existing account), per e-mail.
pub const PASSWORD_PER_EMAIL: Limit = Limit { name: "password-email", max: 5, window_seconds: 60 };
/// Customer password checks per client address: higher than per e-mail, since an office or
/// a mobile network puts many buyers behind one address.
pub const PASSWORD_PER_ADDRESS: Limit = Limit { name: "password-address", max: 20, window_seconds: 60 };
/// Free trial sign-ups per e-mail.
pub const TRIAL_PER_EMAIL: Limit = Limit { name: "trial-email", max: 3, window_seconds: 3600 };
/// Free trial sign-ups per client address.
pub const TRIAL_PER_ADDRESS: Limit = Limit { name: "trial-address", max: 10, window_seconds: 3600 };
/// Failed staff sign-ins per e-mail.
pub const STAFF_FAILURES_PER_EMAIL: Limit = Limit { name: "staff-email", max: 5, window_seconds: 60 };
/// Failed staff sign-ins per client address.
pub const STAFF_FAILURES_PER_ADDRESS: Limit = Limit { name: "staff-address", max: 5, window_seconds: 60 };

/// The answer when a limit is reached.
pub fn too_many_attempts() -> ApiError {
    ApiError::refused(
        StatusCode::TOO_MANY_REQUESTS,
        "too_many_attempts",
        "Too many attempts. Please wait a minute and try again.",
    )
}

fn bucket(limit: &Limit, key: &str) -> String {
    let digest = hex::encode(Sha256::digest(key.trim().to_lowercase().as_bytes()));
    format!("{}:{}", limit.name, &digest[..32])
}

/// One slot taken in one bucket's window.
#[derive(Debug)]
struct Slot {
    bucket: String,
    window_start: DateTime<Utc>,
}

/// One counted attempt on one bucket: its slot when it took one, and whether it may go on.
struct Counted {
    slot: Option<Slot>,
    allowed: bool,
}

async fn count(pool: &PgPool, limit: &Limit, key: &str) -> Result<Counted, sqlx::Error> {
    let bucket = bucket(limit, key);
    let (window_start, count, previous, elapsed): (DateTime<Utc>, Option<i32>, i32, f64) = sqlx::query_as(
        "WITH w AS (
             SELECT to_timestamp(floor(t / $3) * $3) AS start, (t - floor(t / $3) * $3) / $3 AS elapsed
             FROM (SELECT extract(epoch FROM now())::float8 AS t) AS clock
         ), hit AS (
             INSERT INTO rate_limits AS r (bucket, window_start, count)
             SELECT $1, start, 1 FROM w
             ON CONFLICT (bucket, window_start) DO UPDATE SET count = r.count + 1 WHERE r.count < $2
             RETURNING r.count
         )
         SELECT w.start, (SELECT count FROM hit),
                COALESCE((SELECT p.count FROM rate_limits p
                          WHERE p.bucket = $1 AND p.window_start = w.start - make_interval(secs => $3)), 0),
                w.elapsed
         FROM w",
    )
    .bind(&bucket)
    .bind(limit.max)
    .bind(f64::from(limit.window_seconds))
    .fetch_one(pool)
    .await?;
    let Some(count) = count else { return Ok(Counted { slot: None, allowed: false }) };
    let estimate = f64::from(count) + f64::from(previous) * (1.0 - elapsed.clamp(0.0, 1.0));
    Ok(Counted { slot: Some(Slot { bucket, window_start }), allowed: estimate <= f64::from(limit.max) })
}

async fn give_back(pool: &PgPool, slots: &[Slot]) -> Result<(), sqlx::Error> {
    for slot in slots {
        sqlx::query("UPDATE rate_limits SET count = count - 1 WHERE bucket = $1 AND window_start = $2 AND count > 0")
            .bind(&slot.bucket)
            .bind(slot.window_start)
            .execute(pool)
            .await?;
    }
    Ok(())
}

/// An attempt let through by every bucket it was counted in.
#[derive(Debug)]
pub struct Attempt {
    slots: Vec<Slot>,
}

impl Attempt {
    /// Gives the attempt's slots back: it does not count (a successful staff sign-in).
    pub async fn forget(self, pool: &PgPool) -> Result<(), sqlx::Error> {
        give_back(pool, &self.slots).await
    }
}

/// Counts one attempt in each (limit, key) bucket, in order. None when a bucket is full,
/// and then the attempt counts nowhere (the buckets after it are not asked).
pub async fn attempt(pool: &PgPool, checks: &[(&Limit, &str)]) -> Result<Option<Attempt>, sqlx::Error> {
    let mut slots = vec![];
    for (limit, key) in checks {
        let counted = count(pool, limit, key).await?;
        slots.extend(counted.slot);
        if !counted.allowed {
            give_back(pool, &slots).await?;
            return Ok(None);
        }
    }
    Ok(Some(Attempt { slots }))
}

/// Counts one attempt in each bucket, or answers 429 `too_many_attempts`.
pub async fn require(pool: &PgPool, checks: &[(&Limit, &str)]) -> Result<Attempt, ApiError> {
    attempt(pool, checks).await?.ok_or_else(too_many_attempts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_hide_their_keys_and_ignore_case() {
        let a = bucket(&PASSWORD_PER_EMAIL, "Jane@Example.com ");
        assert_eq!(a, bucket(&PASSWORD_PER_EMAIL, "jane@example.com"));
        assert!(a.starts_with("password-email:") && !a.contains("jane"));
        assert_ne!(a, bucket(&PASSWORD_PER_ADDRESS, "jane@example.com"));
    }
}
