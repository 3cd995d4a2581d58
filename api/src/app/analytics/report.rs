//! What staff read of the page views for a period of UTC days.
//!
//! A visitor's hash changes every day (its salt does), so a visitor is one browser on one
//! day: the visitors of a period are the sum of its days' visitors. Days over 13 months old
//! are read from their daily totals (`page_view_totals`, jobs/src/page_views.rs), the rest
//! from the page views themselves; each query adds the two.

use chrono::{DateTime, Days, NaiveDate, Utc};
use serde::Serialize;
use sqlx::PgPool;
use utoipa::ToSchema;

use crate::platform::error::ApiError;
use crate::platform::refusals::{ANALYTICS_FROM_AFTER_TO, ANALYTICS_PERIOD_TOO_LONG};

/// The longest period one report covers, in days.
pub const MAX_DAYS: i64 = 366;
/// The period when none is asked for, in days (today included).
pub const DEFAULT_DAYS: u64 = 30;
/// Rows in the top pages and top referrers.
const TOP: i64 = 10;

/// The order funnel's steps (kept beside the page views' retention, which folds it).
pub use jobs::page_views::FUNNEL;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AnalyticsReport {
    /// The first day (UTC), included.
    pub from: NaiveDate,
    /// The last day (UTC), included.
    pub to: NaiveDate,
    /// Page views and visitors over the period.
    pub totals: Totals,
    /// Every day of the period, days without views included.
    pub days: Vec<DayLine>,
    /// The ten most viewed pages.
    pub top_pages: Vec<PageLine>,
    /// The ten sites that sent the most views (their host).
    pub top_referrers: Vec<ReferrerLine>,
    /// Plans, add-ons, checkout, thank-you: visitors at each step and who dropped off.
    pub funnel: Vec<FunnelStep>,
    /// Service orders completed in the period (from the orders' own records).
    pub orders: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Totals {
    pub views: i64,
    /// Visitors summed over the days (a browser counts once a day).
    pub visitors: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DayLine {
    pub day: NaiveDate,
    pub views: i64,
    pub visitors: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PageLine {
    pub path: String,
    pub views: i64,
    pub visitors: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReferrerLine {
    pub host: String,
    pub views: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FunnelStep {
    /// `plans`, `add-ons`, `checkout` or `thank-you`.
    pub step: String,
    pub label: String,
    /// The pages that show this step.
    pub paths: Vec<String>,
    /// Visitors who reached this step (or a later one).
    pub visitors: i64,
    /// Visitors of the previous step who did not reach this one (0 for the first step).
    pub drop_off: i64,
    /// `dropOff` as a percentage of the previous step's visitors, one decimal; null for the
    /// first step or when the previous step had nobody.
    pub drop_off_percent: Option<f64>,
}

/// The period asked for, or why it cannot be read.
pub fn period(
    from: Option<NaiveDate>,
    to: Option<NaiveDate>,
    today: NaiveDate,
) -> Result<(NaiveDate, NaiveDate), ApiError> {
    let back = |day: NaiveDate| day.checked_sub_days(Days::new(DEFAULT_DAYS - 1)).unwrap_or(day);
    let forward = |day: NaiveDate| day.checked_add_days(Days::new(DEFAULT_DAYS - 1)).unwrap_or(day);
    let (from, to) = match (from, to) {
        (Some(from), Some(to)) => (from, to),
        (Some(from), None) => (from, forward(from).min(today).max(from)),
        (None, Some(to)) => (back(to), to),
        (None, None) => (back(today), today),
    };
    if from > to {
        return Err(ApiError::refused(&ANALYTICS_FROM_AFTER_TO));
    }
    if (to - from).num_days() + 1 > MAX_DAYS {
        return Err(ApiError::refused_with(&ANALYTICS_PERIOD_TOO_LONG, MAX_DAYS));
    }
    Ok((from, to))
}

fn start_of(day: NaiveDate) -> DateTime<Utc> {
    day.and_hms_opt(0, 0, 0).expect("midnight exists").and_utc()
}

/// The report for the UTC days `from` to `to`, both included.
pub async fn report(pool: &PgPool, from: NaiveDate, to: NaiveDate) -> Result<AnalyticsReport, sqlx::Error> {
    let (start, end) = (start_of(from), start_of(to) + chrono::Duration::days(1));
    let days: Vec<(NaiveDate, i64, i64)> = sqlx::query!(
        r#"WITH per_day AS (
             SELECT day, sum(views) AS views, sum(visitors) AS visitors FROM (
                 SELECT (viewed_at AT TIME ZONE 'UTC')::date AS day, count(*) AS views, count(DISTINCT visitor) AS visitors
                   FROM page_views WHERE viewed_at >= $1 AND viewed_at < $2 GROUP BY 1
                 UNION ALL
                 SELECT day, views, visitors FROM page_view_totals WHERE kind = 'day' AND day BETWEEN $3 AND $4
             ) AS both_kinds GROUP BY day)
         SELECT d::date AS "day!", coalesce(p.views, 0)::bigint AS "views!", coalesce(p.visitors, 0)::bigint AS "visitors!"
           FROM generate_series($3::date, $4::date, interval '1 day') AS d
           LEFT JOIN per_day p ON p.day = d::date
          ORDER BY 1"#,
        start,
        end,
        from,
        to
    )
    .fetch_all(pool)
    .await?
    .into_iter()
    .map(|r| (r.day, r.views, r.visitors))
    .collect();
    let totals = Totals {
        views: days.iter().map(|(_, views, _)| views).sum(),
        visitors: days.iter().map(|(_, _, visitors)| visitors).sum(),
    };
    let days = days.into_iter().map(|(day, views, visitors)| DayLine { day, views, visitors }).collect();

    // A visitor is a hash of one day: (day, hash) names one browser on one day.
    let top_pages: Vec<(String, i64, i64)> = sqlx::query!(
        r#"SELECT path AS "path!", sum(views)::bigint AS "views!", sum(visitors)::bigint AS "visitors!" FROM (
             SELECT path, count(*) AS views, count(DISTINCT ((viewed_at AT TIME ZONE 'UTC')::date::text || visitor)) AS visitors
               FROM page_views WHERE viewed_at >= $1 AND viewed_at < $2 GROUP BY path
             UNION ALL
             SELECT key, views, visitors FROM page_view_totals WHERE kind = 'page' AND day BETWEEN $4 AND $5
          ) AS both_kinds
          GROUP BY path ORDER BY 2 DESC, path LIMIT $3"#,
        start,
        end,
        TOP,
        from,
        to
    )
    .fetch_all(pool)
    .await?
    .into_iter()
    .map(|r| (r.path, r.views, r.visitors))
    .collect();
    let top_referrers: Vec<(String, i64)> = sqlx::query!(
        r#"SELECT host AS "host!", sum(views)::bigint AS "views!" FROM (
             SELECT referrer_host AS host, count(*) AS views FROM page_views
              WHERE viewed_at >= $1 AND viewed_at < $2 AND referrer_host IS NOT NULL GROUP BY referrer_host
             UNION ALL
             SELECT key, views FROM page_view_totals WHERE kind = 'referrer' AND day BETWEEN $4 AND $5
          ) AS both_kinds
          GROUP BY host ORDER BY 2 DESC, host LIMIT $3"#,
        start,
        end,
        TOP,
        from,
        to
    )
    .fetch_all(pool)
    .await?
    .into_iter()
    .map(|r| (r.host, r.views))
    .collect();

    let (paths, steps) = jobs::page_views::funnel_paths();
    // Each visitor's furthest step that day; a step counts everyone who got that far, and
    // the folded days' counts of the same.
    let reached: Vec<i64> = sqlx::query_scalar!(
        r#"WITH furthest AS (
             SELECT max(s.step) AS step
               FROM page_views v JOIN UNNEST($3::text[], $4::int[]) AS s(path, step) ON s.path = v.path
              WHERE v.viewed_at >= $1 AND v.viewed_at < $2
              GROUP BY (v.viewed_at AT TIME ZONE 'UTC')::date, v.visitor)
         SELECT (SELECT count(*) FROM furthest f WHERE f.step >= n)
                + coalesce((SELECT sum(t.visitors) FROM page_view_totals t
                             WHERE t.kind = 'funnel' AND t.key = n::text AND t.day BETWEEN $6 AND $7), 0)::bigint
                AS "reached!"
           FROM generate_series(1, $5) AS n
          ORDER BY n"#,
        start,
        end,
        &paths,
        &steps,
        FUNNEL.len() as i32,
        from,
        to
    )
    .fetch_all(pool)
    .await?;
    let funnel = funnel(&reached);

    let orders: i64 = sqlx::query_scalar!(
        r#"SELECT count(*) AS "count!" FROM order_view
          WHERE (payload->>'completedAt')::timestamptz >= $1 AND (payload->>'completedAt')::timestamptz < $2"#,
        start,
        end
    )
    .fetch_one(pool)
    .await?;

    Ok(AnalyticsReport {
        from,
        to,
        totals,
        days,
        top_pages: top_pages.into_iter().map(|(path, views, visitors)| PageLine { path, views, visitors }).collect(),
        top_referrers: top_referrers.into_iter().map(|(host, views)| ReferrerLine { host, views }).collect(),
        funnel,
        orders,
    })
}

/// The funnel's steps from the visitors who reached each.
fn funnel(reached: &[i64]) -> Vec<FunnelStep> {
    FUNNEL
        .iter()
        .enumerate()
        .map(|(index, (step, label, paths))| {
            let visitors = reached.get(index).copied().unwrap_or(0);
            let previous = index.checked_sub(1).map(|i| reached.get(i).copied().unwrap_or(0));
            let drop_off = previous.map_or(0, |previous| (previous - visitors).max(0));
            let drop_off_percent = previous
                .filter(|previous| *previous > 0)
                .map(|previous| (drop_off as f64 * 1000.0 / previous as f64).round() / 10.0);
            FunnelStep {
                step: step.to_string(),
                label: label.to_string(),
                paths: paths.iter().map(|p| p.to_string()).collect(),
                visitors,
                drop_off,
                drop_off_percent,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> NaiveDate {
        text.parse().unwrap()
    }

    #[test]
    fn the_period_defaults_to_the_last_30_days_and_is_at_most_366() {
        let today = day("2026-11-27");
        assert_eq!(period(None, None, today).ok(), Some((day("2026-10-29"), today)));
        assert_eq!(period(None, Some(day("2026-01-30")), today).ok(), Some((day("2026-01-01"), day("2026-01-30"))));
        assert_eq!(period(Some(day("2026-11-20")), None, today).ok(), Some((day("2026-11-20"), today)));
        assert!(period(Some(day("2026-11-28")), Some(today), today).is_err());
        assert!(period(Some(day("2025-01-01")), Some(day("2025-12-31")), today).is_ok());
        assert!(period(Some(day("2024-01-01")), Some(day("2024-12-31")), today).is_ok(), "a leap year is 366 days");
        assert!(period(Some(day("2024-01-01")), Some(day("2025-01-01")), today).is_err());
    }

    #[test]
    fn each_step_drops_off_from_the_one_before() {
        let steps = funnel(&[200, 50, 20, 20]);
        let summary: Vec<(i64, i64, Option<f64>)> =
            steps.iter().map(|s| (s.visitors, s.drop_off, s.drop_off_percent)).collect();
        assert_eq!(summary, [(200, 0, None), (50, 150, Some(75.0)), (20, 30, Some(60.0)), (20, 0, Some(0.0))]);
        assert_eq!(funnel(&[0, 0, 0, 0])[1].drop_off_percent, None);
        assert_eq!(funnel(&[3, 2, 0, 0])[1].drop_off_percent, Some(33.3));
    }
}
