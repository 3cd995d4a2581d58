//! Page views are kept 13 months (docs/personal-data.md). Older days are folded into daily
//! totals (`page_view_totals`) that the staff report still reads, and their rows deleted, by
//! the purge job.
//!
//! A visitor is one browser on one UTC day (its hash changes with the day's salt), so a
//! period's visitors are the sum of its days': totals per day lose nothing the report shows.
//! One day is folded per transaction, totals and deletion together, so a crash at any point
//! leaves each day either whole in `page_views` or whole in `page_view_totals`.

use chrono::{DateTime, Months, NaiveDate, Utc};
use sqlx::PgPool;

/// Months a page view is kept as it came in.
pub const KEPT_MONTHS: u32 = 13;

/// The order funnel: each step with the paths that show it. A visitor counts at a step when
/// they reached it or any later one that day (a buyer may choose a plan on the home page and
/// go straight to the add-ons), so no step has more visitors than the one before.
pub const FUNNEL: &[(&str, &str, &[&str])] = &[
    ("plans", "Plans and pricing", &["/plans-and-pricing"]),
    ("add-ons", "Add-ons", &["/add-ons"]),
    ("checkout", "Checkout", &["/checkout", "/checkout/account-setup"]),
    ("thank-you", "Thank-you page", &["/thank-you"]),
];

/// The funnel as two parallel arrays for SQL: each path and its step (from 1).
pub fn funnel_paths() -> (Vec<String>, Vec<i32>) {
    FUNNEL
        .iter()
        .enumerate()
        .flat_map(|(index, (_, _, paths))| paths.iter().map(move |path| (path.to_string(), index as i32 + 1)))
        .unzip()
}

/// The first day whose page views are still kept as they came in, as of `now`.
pub fn first_kept_day(now: DateTime<Utc>) -> NaiveDate {
    let today = now.date_naive();
    today.checked_sub_months(Months::new(KEPT_MONTHS)).unwrap_or(today)
}

/// Folds every day before `first_kept_day(now)` into totals, oldest first; answers how many
/// page views were folded. Running it again folds nothing more.
pub async fn fold_old_page_views(pool: &PgPool, now: DateTime<Utc>) -> Result<u64, sqlx::Error> {
    let before = first_kept_day(now);
    let mut folded = 0;
    loop {
        let oldest: Option<NaiveDate> = sqlx::query_scalar!(
            "SELECT (min(viewed_at) AT TIME ZONE 'UTC')::date FROM page_views
              WHERE viewed_at < ($1::date)::timestamp AT TIME ZONE 'UTC'",
            before
        )
        .fetch_one(pool)
        .await?;
        let Some(day) = oldest else { return Ok(folded) };
        folded += fold_day(pool, day).await?;
    }
}

/// Adds one day's totals and deletes its page views, in one transaction.
async fn fold_day(pool: &PgPool, day: NaiveDate) -> Result<u64, sqlx::Error> {
    let mut tx = pool.begin().await?;
    // The day's rows, locked: a second purge folding the same day at once waits here and
    // then finds them gone.
    let locked: Vec<i64> = sqlx::query_scalar!(
        "SELECT id FROM page_views
          WHERE viewed_at >= ($1::date)::timestamp AT TIME ZONE 'UTC'
            AND viewed_at < ($1::date + 1)::timestamp AT TIME ZONE 'UTC'
          ORDER BY id FOR UPDATE",
        day
    )
    .fetch_all(&mut *tx)
    .await?;
    sqlx::query!(
        "INSERT INTO page_view_totals (day, kind, key, views, visitors)
         SELECT $2, 'day', '', count(*), count(DISTINCT visitor) FROM page_views WHERE id = ANY($1)
         HAVING count(*) > 0
         ON CONFLICT (day, kind, key) DO UPDATE
         SET views = page_view_totals.views + excluded.views,
             visitors = page_view_totals.visitors + excluded.visitors",
        &locked,
        day
    )
    .execute(&mut *tx)
    .await?;
    sqlx::query!(
        "INSERT INTO page_view_totals (day, kind, key, views, visitors)
         SELECT $2, 'page', path, count(*), count(DISTINCT visitor) FROM page_views WHERE id = ANY($1)
         GROUP BY path
         ON CONFLICT (day, kind, key) DO UPDATE
         SET views = page_view_totals.views + excluded.views,
             visitors = page_view_totals.visitors + excluded.visitors",
        &locked,
        day
    )
    .execute(&mut *tx)
    .await?;
    sqlx::query!(
        "INSERT INTO page_view_totals (day, kind, key, views, visitors)
         SELECT $2, 'referrer', referrer_host, count(*), 0 FROM page_views
          WHERE id = ANY($1) AND referrer_host IS NOT NULL
         GROUP BY referrer_host
         ON CONFLICT (day, kind, key) DO UPDATE
         SET views = page_view_totals.views + excluded.views,
             visitors = page_view_totals.visitors + excluded.visitors",
        &locked,
        day
    )
    .execute(&mut *tx)
    .await?;
    let (paths, steps) = funnel_paths();
    sqlx::query!(
        "WITH furthest AS (
             SELECT max(s.step) AS step
               FROM page_views v JOIN UNNEST($3::text[], $4::int[]) AS s(path, step) ON s.path = v.path
              WHERE v.id = ANY($1)
              GROUP BY v.visitor)
         INSERT INTO page_view_totals (day, kind, key, views, visitors)
         SELECT $2, 'funnel', n::text, 0, count(f.step) FILTER (WHERE f.step >= n)
           FROM generate_series(1, $5) AS n LEFT JOIN furthest f ON true
          GROUP BY n
         HAVING count(f.step) FILTER (WHERE f.step >= n) > 0
         ON CONFLICT (day, kind, key) DO UPDATE
         SET views = page_view_totals.views + excluded.views,
             visitors = page_view_totals.visitors + excluded.visitors",
        &locked,
        day,
        &paths,
        &steps,
        FUNNEL.len() as i32
    )
    .execute(&mut *tx)
    .await?;
    let deleted = sqlx::query!("DELETE FROM page_views WHERE id = ANY($1)", &locked).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(deleted.rows_affected())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thirteen_months_are_kept_to_the_day() {
        let at = |text: &str| text.parse::<DateTime<Utc>>().unwrap();
        let day = |text: &str| text.parse::<NaiveDate>().unwrap();
        assert_eq!(first_kept_day(at("2026-11-26T17:00:00Z")), day("2025-10-26"));
        // A month without the day keeps from its last day.
        assert_eq!(first_kept_day(at("2027-03-31T00:00:00Z")), day("2026-02-28"));
    }

    #[test]
    fn every_funnel_path_has_its_step() {
        let (paths, steps) = funnel_paths();
        assert_eq!(paths.len(), steps.len());
        assert_eq!(steps.first(), Some(&1));
        assert_eq!(steps.last(), Some(&(FUNNEL.len() as i32)));
        assert!(paths.contains(&"/checkout/account-setup".to_string()));
    }
}
