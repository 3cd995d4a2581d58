//! Deletes what the shop no longer needs to keep (docs/personal-data.md lists it all):
//! expired staff sessions, failed staff sign-ins older than a day (the limit looks back one minute), Stripe webhook event ids
//! older than 30 days (Stripe retries a delivery for three days), the client addresses of
//! carts that hold nothing any more, idle empty carts, and the page-view salts of past days
//! (api/src/app/analytics/collector.rs: a visitor's hash must never be recomputed the day after,
//! even when no page view came in to make the writer delete yesterday's salt). Page views
//! themselves are kept 13 months, then folded into daily totals (page_views.rs).
//!
//! An idle empty cart (no plan, phone or number in it, and no event for 30 days: its view
//! row's contents and `updated_at`, both written with its events) is purged whole: its events, snapshots, view row and reservation address. It holds no order (an
//! order keeps its own lines and amounts) and nothing about anyone, and its id in a browser
//! then reads as an empty cart. Its events are deleted, not kept with a tombstone, because
//! an event store of abandoned empty carts only grows.

use chrono::{DateTime, Duration, Utc};
use sqlx::PgPool;

pub const PURGE_OLD_RECORDS: &str = "purge-old-records";

/// Failed staff sign-ins are kept this long.
pub const SIGN_IN_FAILURE_DAYS: i64 = 1;
/// Stripe webhook event ids (which make a redelivered event a no-op) are kept this long.
pub const WEBHOOK_EVENT_DAYS: i64 = 30;
/// A cart with nothing in it is purged after this long without an event.
pub const IDLE_CART_DAYS: i64 = 30;
/// The address a cart reserved from is kept this long after its last reservation (which
/// holds a number for 30 minutes).
pub const RESERVATION_SOURCE_DAYS: i64 = 1;

#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct PurgeReport {
    pub staff_sessions: u64,
    pub sign_in_failures: u64,
    /// Rate-limit windows (api/src/platform/limits.rs) over two hours old: no limit looks that far back.
    pub rate_limit_windows: u64,
    /// Counts of wrong passwords (api/src/app/password_guesses.rs) whose hour and wait are over.
    pub password_guesses: u64,
    /// Postcode lookups cached over 24 hours ago (api/src/http/routes/address.rs uses them no longer).
    pub address_lookups: u64,
    pub webhook_events: u64,
    pub reservation_sources: u64,
    pub idle_carts: u64,
    /// The visitor-hash salts of days before today (UTC).
    pub page_view_salts: u64,
    /// Page views over 13 months old, folded into daily totals (page_views.rs).
    pub page_views_folded: u64,
}

impl std::fmt::Display for PurgeReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} expired staff sessions, {} old sign-in failures, {} old rate-limit windows, {} old password-guess counts, \
             {} cached postcode lookups, \
             {} old webhook event ids, \
             {} cart addresses, {} idle empty carts, {} old page-view salts deleted; \
             {} page views over 13 months old folded into daily totals",
            self.staff_sessions,
            self.sign_in_failures,
            self.rate_limit_windows,
            self.password_guesses,
            self.address_lookups,
            self.webhook_events,
            self.reservation_sources,
            self.idle_carts,
            self.page_view_salts,
            self.page_views_folded
        )
    }
}

/// Runs every purge as of `now`. Running it twice deletes nothing more.
pub async fn purge_old_records(pool: &PgPool, now: DateTime<Utc>) -> Result<PurgeReport, sqlx::Error> {
    Ok(PurgeReport {
        staff_sessions: sqlx::query!("DELETE FROM staff_sessions WHERE expires_at < $1", now)
            .execute(pool)
            .await?
            .rows_affected(),
        sign_in_failures: sqlx::query!(
            "DELETE FROM sign_in_failures WHERE at < $1",
            now - Duration::days(SIGN_IN_FAILURE_DAYS)
        )
        .execute(pool)
        .await?
        .rows_affected(),
        rate_limit_windows: sqlx::query!("DELETE FROM rate_limits WHERE window_start < $1", now - Duration::hours(2))
            .execute(pool)
            .await?
            .rows_affected(),
        password_guesses: sqlx::query!(
            "DELETE FROM password_guesses WHERE window_start < $1 AND not_before < $2",
            now - Duration::hours(1),
            now
        )
        .execute(pool)
        .await?
        .rows_affected(),
        address_lookups: sqlx::query!("DELETE FROM address_lookups WHERE fetched_at < $1", now - Duration::hours(24))
            .execute(pool)
            .await?
            .rows_affected(),
        webhook_events: sqlx::query!(
            "DELETE FROM stripe_webhook_events WHERE received_at < $1",
            now - Duration::days(WEBHOOK_EVENT_DAYS)
        )
        .execute(pool)
        .await?
        .rows_affected(),
        reservation_sources: sqlx::query!(
            "DELETE FROM cart_reservation_sources WHERE reserved_at < $1",
            now - Duration::days(RESERVATION_SOURCE_DAYS)
        )
        .execute(pool)
        .await?
        .rows_affected(),
        idle_carts: purge_idle_empty_carts(pool, now - Duration::days(IDLE_CART_DAYS)).await?,
        page_view_salts: sqlx::query!("DELETE FROM page_view_salts WHERE day < $1", now.date_naive())
            .execute(pool)
            .await?
            .rows_affected(),
        page_views_folded: crate::page_views::fold_old_page_views(pool, now).await?,
    })
}

/// Deletes the carts with no lines (no plan or phone, no number) whose last event is
/// older than `before` (the view row's `updated_at`, written in the statement of the cart's
/// events: store::commands::Cqrs::with_view); answers how many.
pub async fn purge_idle_empty_carts(pool: &PgPool, before: DateTime<Utc>) -> Result<u64, sqlx::Error> {
    let mut tx = pool.begin().await?;
    let ids: Vec<String> = sqlx::query_scalar!(
        "SELECT v.view_id FROM cart_view v
         WHERE json_array_length(v.payload -> 'contents' -> 'items') = 0
           AND json_array_length(v.payload -> 'contents' -> 'phone_numbers') = 0
           AND v.updated_at < $1
         ORDER BY v.view_id
         FOR UPDATE OF v SKIP LOCKED",
        before
    )
    .fetch_all(&mut *tx)
    .await?;
    if ids.is_empty() {
        return Ok(0);
    }
    sqlx::query!("DELETE FROM events WHERE aggregate_type = 'Cart' AND aggregate_id = ANY($1)", &ids)
        .execute(&mut *tx)
        .await?;
    sqlx::query!("DELETE FROM snapshots WHERE aggregate_type = 'Cart' AND aggregate_id = ANY($1)", &ids)
        .execute(&mut *tx)
        .await?;
    sqlx::query!("DELETE FROM cart_reservation_sources WHERE cart_id = ANY($1)", &ids).execute(&mut *tx).await?;
    let carts = sqlx::query!("DELETE FROM cart_view WHERE view_id = ANY($1)", &ids).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(carts.rows_affected())
}
