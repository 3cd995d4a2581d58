//! Staff's fraud panel (issue 44, item 8; docs/architecture.md, Fraud panel): what the SIP
//! registrar's call controls count, read across accounts and for one. The registrar keeps,
//! per owner (an order's id, or `trial:<id>`), its calls out (`sip_calls`), each UK day's
//! usage (`sip_usage`) and refusals by reason (`sip_refusals`); the daily spend cap is
//! `sip_spend_caps` (no row: the default) and a suspension `sip_call_suspensions`. Money is
//! in tenths of a penny, as the registrar counts it (call rates are finer than a penny).
//!
//! "Today" is the UK day of the database's clock, the registrar's own: the counters are kept
//! by it, so the panel reads the same day the registrar refuses on.

use aggregates::service_order::{
    cap_tenths, ServiceOrder, ServiceOrderCommand, ServiceOrderError, DEFAULT_DAILY_SPEND_CAP,
};
use aggregates::trial::Trial;
use chrono::{DateTime, NaiveDate, Utc};
use cqrs_es::Aggregate;
use serde::Serialize;

use super::search::trial_number;
use super::{no_such_order, OrderKind};
use crate::app::auth::Staff;
use crate::app::state::AppState;
use crate::platform::error::ApiError;
use crate::platform::refusals::{NO_CALLS, NO_SPEND_CAP_ON_TRIALS};
use store::commands::Context;

/// The most accounts the overview lists (the totals count them all).
pub const MAX_ACCOUNTS_SHOWN: i64 = 50;

/// The days of usage the account's chart shows, today included.
pub const USAGE_DAYS: i32 = 7;

/// The share of its cap at which an account counts as near it (the registrar's warning).
pub const NEAR_CAP_PERCENT: i64 = 80;

/// Refused attempts for one reason (the registrar's 403 phrase).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReasonCount {
    /// The phrase the registrar refused with ("No call credit left", "Premium-rate numbers
    /// are not available on your plan").
    pub reason: String,
    pub count: i64,
}

/// One account's figures, as the overview lists it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FraudAccountRow {
    /// As the registrar names the owner: the order's id, or `trial:<trial id>`.
    pub owner: String,
    /// `service` or `trial` (the support console's kinds).
    pub kind: OrderKind,
    /// The order's or trial's id.
    pub id: String,
    /// SB- or TR- and its number, as staff search for it.
    pub order_number: String,
    /// Calls out the registrar let through in the last hour.
    pub calls_last_hour: i64,
    /// Calls out in progress (granted, not ended, within their longest length).
    pub calls_in_progress: i64,
    /// Calls out ended today (UK day), and what they spent, in tenths of a penny.
    pub calls_today: i64,
    pub spend_today_tenths: i64,
    /// The daily spend cap, in tenths of a penny (staff's, or the default £20).
    pub cap_tenths: i64,
    /// Whether staff set the cap (false: the default).
    pub cap_set_by_staff: bool,
    /// Today's spend as a whole percentage of the cap, rounded down (over 100 when calls in
    /// progress at the cap ran past it; a cap of 0 with any spend is 100).
    pub cap_used_percent: i64,
    /// Calls out refused today, in all and by reason (most first).
    pub refused_today: i64,
    pub refusals_today: Vec<ReasonCount>,
    /// Calls out suspended: the registrar's 403 phrase, or null.
    pub suspended: Option<String>,
}

/// The totals over every account with activity, not only those listed.
#[derive(Debug, Default, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FraudTotals {
    /// Accounts with calls out today or in the last hour, refusals today, calls in progress
    /// or a suspension.
    pub accounts: i64,
    pub calls_last_hour: i64,
    pub calls_in_progress: i64,
    pub spend_today_tenths: i64,
    pub refused_today: i64,
    /// Accounts at 80% of their cap or more.
    pub near_cap: i64,
    pub suspended: i64,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FraudOverview {
    /// Today, the UK day the counters are of.
    pub day: NaiveDate,
    /// Nearest their cap first (share of the cap spent today), then the most refused, then
    /// the most calls in the last hour; at most 50.
    pub accounts: Vec<FraudAccountRow>,
    pub totals: FraudTotals,
}

/// A call out in progress.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CallInProgress {
    /// The registrar's id for the call.
    pub call: String,
    /// The extension's username it was made from.
    pub username: String,
    /// The number called (E.164, with +).
    pub callee: String,
    /// The dial plan's class of the number (`ukGeographic`, `mobile`, `international`...).
    pub class: String,
    /// The rate it is charged at, tenths of a penny a minute (0: included minutes).
    pub rate_tenths: i32,
    /// The longest it may last: the registrar ends it then.
    pub max_seconds: i32,
    pub started_at: DateTime<Utc>,
    /// When it was answered; null while it rings.
    pub answered_at: Option<DateTime<Utc>>,
}

/// One UK day of an account's calls out.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UsageDay {
    pub day: NaiveDate,
    pub calls: i64,
    pub seconds: i64,
    pub minutes: i64,
    pub spend_tenths: i64,
}

/// Refusals for one reason today and over the days of the chart.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReasonWeek {
    pub reason: String,
    pub today: i64,
    /// The last 7 UK days, today included.
    pub week: i64,
}

/// One account's panel.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FraudAccount {
    pub day: NaiveDate,
    /// The same figures the overview lists.
    pub account: FraudAccountRow,
    /// How its calls out are paid: `credit` (Pay As You Go: the cap applies), `minutes`
    /// (a plan's included minutes), `trial`, or null (none set up).
    pub tariff: Option<String>,
    /// Its calls out in progress, the oldest first.
    pub calls_in_progress: Vec<CallInProgress>,
    /// The last 7 UK days, the oldest first, days without calls as zeros.
    pub usage: Vec<UsageDay>,
    /// Refusals by reason over the same days, the most today first.
    pub refusals: Vec<ReasonWeek>,
    /// Whether the cap may be changed here: a service order's (admins only); a trial has
    /// none to change.
    pub cap_changeable: bool,
}

/// The overview row's columns, from the one query.
struct Row {
    owner: String,
    calls_last_hour: i64,
    calls_in_progress: i64,
    calls_today: i64,
    spend_today_tenths: i64,
    cap_tenths: i64,
    cap_set_by_staff: bool,
    refused_today: i64,
    suspended: Option<String>,
    accounts: i64,
    total_calls_last_hour: i64,
    total_calls_in_progress: i64,
    total_spend_today_tenths: i64,
    total_refused_today: i64,
    total_near_cap: i64,
    total_suspended: i64,
}

/// The UK day the registrar counts in now.
async fn today(state: &AppState) -> Result<NaiveDate, ApiError> {
    sqlx::query_scalar!(r#"SELECT (now() AT TIME ZONE 'Europe/London')::date AS "day!""#)
        .fetch_one(&state.pool)
        .await
        .map_err(ApiError::internal)
}

/// The accounts nearest their caps, with the totals of every account with activity.
pub async fn overview(state: &AppState) -> Result<FraudOverview, ApiError> {
    let day = today(state).await?;
    let rows = rows(state, day, None, MAX_ACCOUNTS_SHOWN).await?;
    let totals = rows
        .first()
        .map(|r| FraudTotals {
            accounts: r.accounts,
            calls_last_hour: r.total_calls_last_hour,
            calls_in_progress: r.total_calls_in_progress,
            spend_today_tenths: r.total_spend_today_tenths,
            refused_today: r.total_refused_today,
            near_cap: r.total_near_cap,
            suspended: r.total_suspended,
        })
        .unwrap_or_default();
    let accounts = with_names(state, day, rows).await?;
    Ok(FraudOverview { day, accounts, totals })
}

/// The figures of every owner with activity today (or of `only`, with or without), nearest
/// their cap first, each row carrying the totals over all of them.
async fn rows(state: &AppState, day: NaiveDate, only: Option<&str>, limit: i64) -> Result<Vec<Row>, ApiError> {
    let default_cap = cap_tenths(DEFAULT_DAILY_SPEND_CAP);
    sqlx::query_as!(
        Row,
        r#"WITH usage AS (SELECT owner, calls, spend_tenths FROM sip_usage WHERE day = $1),
                refused AS (SELECT owner, sum(count)::bigint AS refused FROM sip_refusals WHERE day = $1 GROUP BY owner),
                calls AS (SELECT owner,
                                 count(*) FILTER (WHERE started_at > now() - interval '1 hour') AS last_hour,
                                 count(*) FILTER (WHERE ended_at IS NULL
                                     AND started_at + make_interval(secs => max_seconds + 180) > now()) AS in_progress
                          FROM sip_calls
                          WHERE started_at > now() - interval '1 hour' OR ended_at IS NULL
                          GROUP BY owner),
                owners AS (SELECT owner FROM usage
                           UNION SELECT owner FROM refused
                           UNION SELECT owner FROM calls WHERE last_hour > 0 OR in_progress > 0
                           UNION SELECT owner FROM sip_call_suspensions
                           UNION SELECT $3::text WHERE $3::text IS NOT NULL),
                figures AS (SELECT o.owner,
                                   coalesce(c.last_hour, 0)                 AS calls_last_hour,
                                   coalesce(c.in_progress, 0)               AS calls_in_progress,
                                   coalesce(u.calls, 0)::bigint             AS calls_today,
                                   coalesce(u.spend_tenths, 0)              AS spend_today_tenths,
                                   coalesce(k.daily_tenths, $2)             AS cap_tenths,
                                   k.owner IS NOT NULL                      AS cap_set_by_staff,
                                   coalesce(r.refused, 0)                   AS refused_today,
                                   s.reason                                 AS suspended
                            FROM owners o
                                     LEFT JOIN usage u ON u.owner = o.owner
                                     LEFT JOIN refused r ON r.owner = o.owner
                                     LEFT JOIN calls c ON c.owner = o.owner
                                     LEFT JOIN sip_spend_caps k ON k.owner = o.owner
                                     LEFT JOIN sip_call_suspensions s ON s.owner = o.owner)
           SELECT owner AS "owner!",
                  calls_last_hour AS "calls_last_hour!",
                  calls_in_progress AS "calls_in_progress!",
                  calls_today AS "calls_today!",
                  spend_today_tenths AS "spend_today_tenths!",
                  cap_tenths AS "cap_tenths!",
                  cap_set_by_staff AS "cap_set_by_staff!",
                  refused_today AS "refused_today!",
                  suspended AS "suspended?",
                  count(*) OVER () AS "accounts!",
                  (sum(calls_last_hour) OVER ())::bigint AS "total_calls_last_hour!",
                  (sum(calls_in_progress) OVER ())::bigint AS "total_calls_in_progress!",
                  (sum(spend_today_tenths) OVER ())::bigint AS "total_spend_today_tenths!",
                  (sum(refused_today) OVER ())::bigint AS "total_refused_today!",
                  (count(*) FILTER (WHERE spend_today_tenths * 100 >= $5 * cap_tenths AND spend_today_tenths > 0)
                      OVER ()) AS "total_near_cap!",
                  (count(*) FILTER (WHERE suspended IS NOT NULL) OVER ()) AS "total_suspended!"
           FROM figures
           WHERE $3::text IS NULL OR owner = $3::text
           ORDER BY spend_today_tenths::numeric / greatest(cap_tenths, 1) DESC, refused_today DESC,
                    calls_last_hour DESC, owner
           LIMIT $4"#,
        day,
        default_cap,
        only,
        limit,
        NEAR_CAP_PERCENT
    )
    .fetch_all(&state.pool)
    .await
    .map_err(ApiError::internal)
}

/// The rows with their kinds, order numbers and today's refusals by reason.
async fn with_names(state: &AppState, day: NaiveDate, rows: Vec<Row>) -> Result<Vec<FraudAccountRow>, ApiError> {
    let owners: Vec<String> = rows.iter().map(|r| r.owner.clone()).collect();
    let numbers = sqlx::query!(
        r#"SELECT order_id AS "order_id!", order_number AS "order_number!" FROM service_orders
           WHERE order_id = ANY($1)"#,
        &owners
    )
    .fetch_all(&state.pool)
    .await
    .map_err(ApiError::internal)?;
    let refusals = sqlx::query!(
        r#"SELECT owner AS "owner!", reason AS "reason!", count::bigint AS "count!" FROM sip_refusals
           WHERE day = $1 AND owner = ANY($2) ORDER BY count DESC, reason"#,
        day,
        &owners
    )
    .fetch_all(&state.pool)
    .await
    .map_err(ApiError::internal)?;
    Ok(rows
        .into_iter()
        .map(|r| {
            let (kind, id) = match r.owner.strip_prefix("trial:") {
                Some(trial) => (OrderKind::Trial, trial.to_string()),
                None => (OrderKind::Service, r.owner.clone()),
            };
            let order_number = match kind {
                OrderKind::Trial => trial_number(&id),
                _ => numbers.iter().find(|n| n.order_id == id).map(|n| n.order_number.clone()).unwrap_or_default(),
            };
            let refusals_today = refusals
                .iter()
                .filter(|f| f.owner == r.owner)
                .map(|f| ReasonCount { reason: f.reason.clone(), count: f.count })
                .collect();
            FraudAccountRow {
                cap_used_percent: used_percent(r.spend_today_tenths, r.cap_tenths),
                owner: r.owner,
                kind,
                id,
                order_number,
                calls_last_hour: r.calls_last_hour,
                calls_in_progress: r.calls_in_progress,
                calls_today: r.calls_today,
                spend_today_tenths: r.spend_today_tenths,
                cap_tenths: r.cap_tenths,
                cap_set_by_staff: r.cap_set_by_staff,
                refused_today: r.refused_today,
                refusals_today,
                suspended: r.suspended,
            }
        })
        .collect())
}

/// Today's spend as a whole percentage of the cap, rounded down; all of a cap of 0 is used
/// once anything is spent.
pub fn used_percent(spend: i64, cap: i64) -> i64 {
    match (spend, cap) {
        (0, _) => 0,
        (_, cap) if cap <= 0 => 100,
        (spend, cap) => spend.saturating_mul(100) / cap,
    }
}

/// The registrar's owner of a service order or trial, once it is known to exist. A hardware
/// order has no phone service.
async fn owner_of(state: &AppState, kind: OrderKind, id: &str) -> Result<String, ApiError> {
    let (aggregate_type, owner) = match kind {
        OrderKind::Service => (ServiceOrder::TYPE, id.to_string()),
        OrderKind::Trial => (Trial::TYPE, projections::sip::trial_owner(id)),
        OrderKind::Hardware => return Err(ApiError::refused(&NO_CALLS)),
    };
    let exists = store::event_store::exists(&state.pool, aggregate_type, id).await.map_err(ApiError::internal)?;
    if !exists {
        return Err(no_such_order());
    }
    Ok(owner)
}

/// One account's panel: its figures, calls in progress, 7 days of usage and refusals.
pub async fn account(state: &AppState, kind: OrderKind, id: &str) -> Result<FraudAccount, ApiError> {
    let owner = owner_of(state, kind, id).await?;
    let day = today(state).await?;
    let rows = rows(state, day, Some(&owner), 1).await?;
    let account = with_names(state, day, rows).await?.into_iter().next().ok_or_else(no_such_order)?;
    let tariff = sqlx::query_scalar!(
        r#"SELECT CASE
                      WHEN EXISTS (SELECT 1 FROM sip_prepaid_owners p WHERE p.owner = $1) THEN 'credit'
                      WHEN m.monthly THEN 'minutes'
                      WHEN NOT m.monthly THEN 'trial'
                      END AS tariff
           FROM (SELECT 1) one LEFT JOIN sip_minute_allowances m ON m.owner = $1"#,
        owner
    )
    .fetch_one(&state.pool)
    .await
    .map_err(ApiError::internal)?;
    let calls_in_progress = sqlx::query_as!(
        CallInProgress,
        r#"SELECT call, username, callee, class, rate_tenths, max_seconds, started_at, answered_at
           FROM sip_calls
           WHERE owner = $1 AND ended_at IS NULL
             AND started_at + make_interval(secs => max_seconds + 180) > now()
           ORDER BY started_at, call"#,
        owner
    )
    .fetch_all(&state.pool)
    .await
    .map_err(ApiError::internal)?;
    let usage = sqlx::query_as!(
        UsageDay,
        r#"SELECT d.day::date AS "day!",
                  coalesce(u.calls, 0)::bigint AS "calls!",
                  coalesce(u.seconds, 0) AS "seconds!",
                  coalesce(u.minutes, 0) AS "minutes!",
                  coalesce(u.spend_tenths, 0) AS "spend_tenths!"
           FROM generate_series($2::date - ($3::int - 1), $2::date, interval '1 day') AS d(day)
                    LEFT JOIN sip_usage u ON u.owner = $1 AND u.day = d.day::date
           ORDER BY d.day"#,
        owner,
        day,
        USAGE_DAYS
    )
    .fetch_all(&state.pool)
    .await
    .map_err(ApiError::internal)?;
    let refusals = sqlx::query_as!(
        ReasonWeek,
        r#"SELECT reason AS "reason!",
                  coalesce(sum(count) FILTER (WHERE day = $2), 0)::bigint AS "today!",
                  sum(count)::bigint AS "week!"
           FROM sip_refusals
           WHERE owner = $1 AND day > $2::date - $3::int AND day <= $2
           GROUP BY reason
           ORDER BY 2 DESC, 3 DESC, reason"#,
        owner,
        day,
        USAGE_DAYS
    )
    .fetch_all(&state.pool)
    .await
    .map_err(ApiError::internal)?;
    Ok(FraudAccount {
        day,
        account,
        tariff,
        calls_in_progress,
        usage,
        refusals,
        cap_changeable: kind == OrderKind::Service,
    })
}

/// An admin sets a service order's daily spend cap (whole pence): an event naming them, which
/// the projection writes for the registrar. Answers the account's panel afresh.
pub async fn set_daily_cap(
    state: &AppState,
    admin: &Staff,
    kind: OrderKind,
    id: &str,
    pence: i64,
) -> Result<FraudAccount, ApiError> {
    if kind == OrderKind::Trial {
        owner_of(state, kind, id).await?;
        return Err(ApiError::refused(&NO_SPEND_CAP_ON_TRIALS));
    }
    aggregates::service_order::check_spend_cap(aggregates::pricing::Pence(pence))?;
    owner_of(state, kind, id).await?;
    let command =
        ServiceOrderCommand::SetDailySpendCap { cap: aggregates::pricing::Pence(pence), by: admin.email.clone() };
    state.orders.cqrs.execute(&Context::staff(&admin.email), id, command).await?;
    account(state, kind, id).await
}

/// A refusal of the cap's value, as the order's own.
pub fn invalid_cap() -> ApiError {
    ServiceOrderError::SpendCapOutOfRange.into()
}

#[cfg(test)]
mod tests {
    use super::used_percent;

    #[test]
    fn the_share_of_the_cap_is_rounded_down_and_a_cap_of_nothing_is_all_used_once_spent() {
        assert_eq!(used_percent(0, 20_000), 0);
        assert_eq!(used_percent(15_999, 20_000), 79);
        assert_eq!(used_percent(16_000, 20_000), 80);
        assert_eq!(used_percent(25_000, 20_000), 125);
        assert_eq!(used_percent(0, 0), 0);
        assert_eq!(used_percent(1, 0), 100);
    }
}
