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
//! Windows are placed by the server's clock (the app's `Clock`, passed in as `now`), not the
//! database's, so a test can stop time at the start of a window instead of waiting for one.
//!
//! Each refusal is counted in `talkbridge_rate_limited_total{limit}` (crate::platform::metrics), by the
//! limit's name.
//!
//! Old rows are useless after two windows: the `rate_limits` table needs a regular purge
//! of rows whose `window_start` is more than two hours old.

use chrono::{DateTime, Utc};
use sha2::{Digest, Sha256};
use sqlx::PgPool;

use crate::platform::error::ApiError;
use crate::platform::refusals::TOO_MANY_ATTEMPTS;

/// At most `max` attempts per key within any `window_seconds`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    pub name: &'static str,
    pub max: i32,
    pub window_seconds: u32,
}

/// Customer password checks (joining an order or a trial to an existing account) per e-mail
/// and client address together: the low ceiling a guesser meets.
pub const PASSWORD_PER_EMAIL_AND_ADDRESS: Limit = Limit { name: "password-email-address", max: 5, window_seconds: 60 };
/// Customer password checks per client address: higher than per e-mail and address, since an
/// office or a mobile network puts many buyers behind one address.
pub const PASSWORD_PER_ADDRESS: Limit = Limit { name: "password-address", max: 20, window_seconds: 60 };
/// Customer password checks per e-mail from any address: much higher, so guesses from other
/// addresses cannot lock the buyer out, yet a guess spread over many addresses still stops.
pub const PASSWORD_PER_EMAIL: Limit = Limit { name: "password-email", max: 50, window_seconds: 60 };
/// Free trial sign-ups per e-mail.
pub const TRIAL_PER_EMAIL: Limit = Limit { name: "trial-email", max: 3, window_seconds: 3600 };
/// Free trial sign-ups per client address.
pub const TRIAL_PER_ADDRESS: Limit = Limit { name: "trial-address", max: 10, window_seconds: 3600 };
/// Failed staff sign-ins per e-mail and client address together.
pub const STAFF_FAILURES_PER_EMAIL_AND_ADDRESS: Limit =
    Limit { name: "staff-email-address", max: 5, window_seconds: 60 };
/// Failed staff sign-ins per client address.
pub const STAFF_FAILURES_PER_ADDRESS: Limit = Limit { name: "staff-address", max: 5, window_seconds: 60 };
/// Failed staff sign-ins per e-mail from any address: much higher, so failures from other
/// addresses cannot lock a staff member out, yet a guess spread over many addresses stops.
pub const STAFF_FAILURES_PER_EMAIL: Limit = Limit { name: "staff-email", max: 50, window_seconds: 60 };
/// Failed customer sign-ins (the account pages) per e-mail and client address together.
pub const CUSTOMER_SIGN_IN_PER_EMAIL_AND_ADDRESS: Limit =
    Limit { name: "customer-sign-in-email-address", max: 5, window_seconds: 60 };
/// Failed customer sign-ins per client address (an office shares one).
pub const CUSTOMER_SIGN_IN_PER_ADDRESS: Limit = Limit { name: "customer-sign-in-address", max: 20, window_seconds: 60 };
/// Failed customer sign-ins per e-mail from any address: much higher, so failures from other
/// addresses cannot lock the customer out, yet a guess spread over many addresses stops.
pub const CUSTOMER_SIGN_IN_PER_EMAIL: Limit = Limit { name: "customer-sign-in-email", max: 50, window_seconds: 60 };
/// "Forgot password" requests per client address an hour.
pub const PASSWORD_RESET_PER_ADDRESS: Limit = Limit { name: "password-reset-address", max: 10, window_seconds: 3600 };
/// "Forgot password" requests per e-mail an hour: few, so nobody can flood an inbox.
pub const PASSWORD_RESET_PER_EMAIL: Limit = Limit { name: "password-reset-email", max: 3, window_seconds: 3600 };
/// New card setups per client address, across service orders, trials and hardware orders:
/// each one lets the caller try a card against the bank (card_setups.rs). `max` is the
/// default of `CARD_SETUPS_PER_ADDRESS`.
pub const CARD_SETUPS_PER_ADDRESS: Limit = Limit { name: "card-setup-address", max: 10, window_seconds: 3600 };
/// Page views kept per client address a minute; the rest are answered 204 and dropped.
/// `max` is the default of `PAGE_VIEWS_PER_ADDRESS`.
pub const PAGE_VIEWS_PER_ADDRESS: Limit = Limit { name: "page-view-address", max: 120, window_seconds: 60 };
/// Postcode lookups per client address a minute (cached answers included). `max` is the
/// default of `ADDRESS_LOOKUPS_PER_ADDRESS`.
pub const ADDRESS_LOOKUPS_PER_ADDRESS: Limit = Limit { name: "address-lookup-address", max: 30, window_seconds: 60 };

/// The key of a bucket counting one e-mail from one client address.
pub fn email_and_address(email: &str, address: &str) -> String {
    format!("{}|{}", email.trim().to_lowercase(), address)
}

/// The answer when a limit is reached.
pub fn too_many_attempts() -> ApiError {
    ApiError::refused(&TOO_MANY_ATTEMPTS)
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

/// One counted attempt on one bucket: its slot when it took one, whether it may go on, and
/// when refused how long until the bucket would let one through.
struct Counted {
    slot: Option<Slot>,
    allowed: bool,
    wait: Option<Wait>,
}

/// How long a refused caller waits before a bucket lets an attempt through again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Wait {
    pub seconds: u32,
}

impl Wait {
    /// The wait in whole minutes, rounded up (at least one).
    pub fn minutes(&self) -> u32 {
        self.seconds.div_ceil(60).max(1)
    }

    /// Seconds until one more attempt fits under the sliding-window estimate, for a bucket
    /// whose current window (`elapsed` of it gone) holds `current` attempts let through and
    /// the previous one `previous`. While the current window has room the previous one's
    /// share shrinks as time passes; when it is full the next window must start and this
    /// one, then the previous, must shrink in its turn.
    fn until_room(limit: &Limit, current: i32, previous: i32, elapsed: f64) -> Wait {
        let (max, window) = (f64::from(limit.max), f64::from(limit.window_seconds));
        let (current, previous, elapsed) = (f64::from(current), f64::from(previous), elapsed.clamp(0.0, 1.0));
        // The point of a window (0 to 1) from which `counted + 1 + earlier * (1 - t)` fits.
        let fits_from = |counted: f64, earlier: f64| {
            if earlier <= 0.0 {
                0.0
            } else {
                (1.0 - (max - counted - 1.0) / earlier).clamp(0.0, 1.0)
            }
        };
        let windows = if current < max {
            (fits_from(current, previous) - elapsed).max(0.0)
        } else {
            (1.0 - elapsed) + fits_from(0.0, current)
        };
        // A hair off before rounding up, so float noise never adds a second.
        Wait { seconds: ((windows * window - 1e-6).ceil() as u32).max(1) }
    }
}

async fn count(pool: &PgPool, now: DateTime<Utc>, limit: &Limit, key: &str) -> Result<Counted, sqlx::Error> {
    let bucket = bucket(limit, key);
    // `before` is the window's count as the statement found it (every part of one statement
    // sees the same snapshot): the full count when the upsert let nothing through.
    let row = sqlx::query!(
        r#"WITH w AS (
             SELECT to_timestamp(floor(t / $3) * $3) AS start, (t - floor(t / $3) * $3) / $3 AS elapsed
             FROM (SELECT extract(epoch FROM $4::timestamptz)::float8 AS t) AS clock
         ), hit AS (
             INSERT INTO rate_limits AS r (bucket, window_start, count)
             SELECT $1, start, 1 FROM w
             ON CONFLICT (bucket, window_start) DO UPDATE SET count = r.count + 1 WHERE r.count < $2
             RETURNING r.count
         )
         SELECT w.start AS "window_start!", (SELECT count FROM hit) AS "count?",
                COALESCE((SELECT c.count FROM rate_limits c WHERE c.bucket = $1 AND c.window_start = w.start), 0)
                  AS "before!",
                COALESCE((SELECT p.count FROM rate_limits p
                          WHERE p.bucket = $1 AND p.window_start = w.start - make_interval(secs => $3)), 0)
                  AS "previous!",
                w.elapsed AS "elapsed!"
         FROM w"#,
        &bucket,
        limit.max,
        f64::from(limit.window_seconds),
        now
    )
    .fetch_one(pool)
    .await?;
    let (window_start, count, before, previous, elapsed) =
        (row.window_start, row.count, row.before, row.previous, row.elapsed);
    let Some(count) = count else {
        let wait = Wait::until_room(limit, before, previous, elapsed);
        return Ok(Counted { slot: None, allowed: false, wait: Some(wait) });
    };
    let estimate = f64::from(count) + f64::from(previous) * (1.0 - elapsed.clamp(0.0, 1.0));
    let allowed = estimate <= f64::from(limit.max);
    // Refused, this attempt gives its slot back: the window holds one fewer than `count`.
    let wait = (!allowed).then(|| Wait::until_room(limit, count - 1, previous, elapsed));
    Ok(Counted { slot: Some(Slot { bucket, window_start }), allowed, wait })
}

async fn give_back(pool: &PgPool, slots: &[Slot]) -> Result<(), sqlx::Error> {
    for slot in slots {
        sqlx::query!(
            "UPDATE rate_limits SET count = count - 1 WHERE bucket = $1 AND window_start = $2 AND count > 0",
            &slot.bucket,
            slot.window_start
        )
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
pub async fn attempt(
    pool: &PgPool,
    now: DateTime<Utc>,
    checks: &[(&Limit, &str)],
) -> Result<Option<Attempt>, sqlx::Error> {
    Ok(attempt_or_wait(pool, now, checks).await?.ok())
}

/// As `attempt`, saying when refused how long the full bucket asks the caller to wait.
pub async fn attempt_or_wait(
    pool: &PgPool,
    now: DateTime<Utc>,
    checks: &[(&Limit, &str)],
) -> Result<Result<Attempt, Wait>, sqlx::Error> {
    let mut slots = vec![];
    for (limit, key) in checks {
        let counted = count(pool, now, limit, key).await?;
        slots.extend(counted.slot);
        if !counted.allowed {
            metrics::counter!(crate::platform::metrics::RATE_LIMITED, "limit" => limit.name).increment(1);
            give_back(pool, &slots).await?;
            return Ok(Err(counted.wait.unwrap_or(Wait { seconds: limit.window_seconds })));
        }
    }
    Ok(Ok(Attempt { slots }))
}

/// Counts one attempt in each bucket, or answers 429 `too_many_attempts`.
pub async fn require(pool: &PgPool, now: DateTime<Utc>, checks: &[(&Limit, &str)]) -> Result<Attempt, ApiError> {
    attempt(pool, now, checks).await?.ok_or_else(too_many_attempts)
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

    const TEN_AN_HOUR: Limit = CARD_SETUPS_PER_ADDRESS;

    #[test]
    fn a_full_window_waits_for_the_next_and_its_own_share_to_shrink() {
        // Ten in this window, none before, a quarter of the hour gone: the rest of this hour,
        // then a tenth of the next (10 * (1 - t) + 1 <= 10).
        let wait = Wait::until_room(&TEN_AN_HOUR, 10, 0, 0.25);
        assert_eq!(wait.seconds, 2700 + 360);
        assert_eq!(wait.minutes(), 51);
    }

    #[test]
    fn room_in_this_window_waits_for_the_previous_share_to_shrink() {
        // Four now, ten last hour, 0.4 gone: 4 + 1 + 10 * (1 - t) <= 10 from t = 0.5.
        assert_eq!(Wait::until_room(&TEN_AN_HOUR, 4, 10, 0.4).seconds, 360);
        // Never less than a second, and minutes round up.
        assert_eq!(Wait::until_room(&TEN_AN_HOUR, 4, 10, 0.9).seconds, 1);
        assert_eq!(Wait { seconds: 61 }.minutes(), 2);
        assert_eq!(Wait { seconds: 1 }.minutes(), 1);
    }
}
