//! The server's series in Prometheus' text format, served by GET /metrics
//! (routes/metrics.rs). README, Operations, lists each series and what it is for.
//!
//! One recorder per process, installed on first use: several applications built in one
//! process (the API tests) share it, and each series counts across them. Histograms are
//! drained into their buckets by a small thread every five seconds, whether or not anyone
//! scrapes.

use std::sync::OnceLock;
use std::time::{Duration, Instant};

use axum::extract::{MatchedPath, Request};
use axum::middleware::Next;
use axum::response::Response;
use metrics::{describe_counter, describe_gauge, describe_histogram, Unit};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use sqlx::PgPool;

pub const HTTP_REQUESTS: &str = "talkbridge_http_requests_total";
pub const HTTP_SECONDS: &str = "talkbridge_http_request_duration_seconds";
pub const STRIPE_CALLS: &str = "talkbridge_stripe_calls_total";
pub const STRIPE_SECONDS: &str = "talkbridge_stripe_call_duration_seconds";
pub const LAG_EVENTS: &str = "talkbridge_projection_lag_events";
pub const LAGGING_AGGREGATES: &str = "talkbridge_projection_lagging_aggregates";
pub const LAG_QUERY_FAILURES: &str = "talkbridge_projection_lag_query_failures_total";
pub const LAST_EVENT: &str = "talkbridge_event_store_last_global_sequence";
pub const OUTBOX_EMAILS: &str = "talkbridge_outbox_emails";
pub const WORKFLOWS_OWED: &str = "talkbridge_workflows_owed";
pub const WORKFLOWS_FAILING: &str = "talkbridge_workflows_failing";
pub const WORKFLOW_OLDEST_SECONDS: &str = "talkbridge_workflow_oldest_seconds";
pub const PAGE_VIEWS: &str = "talkbridge_page_views_total";
pub const LOG_LINES_DROPPED: &str = "talkbridge_log_lines_dropped_total";
pub const RATE_LIMITED: &str = "talkbridge_rate_limited_total";
pub const ADDRESS_LOOKUP_CACHE: &str = "talkbridge_address_lookup_cache_total";

/// Seconds: from a millisecond to a Stripe call's 10-second timeout and beyond.
const BUCKETS: &[f64] = &[0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0];

/// The process's recorder, installed the first time it is asked for.
pub fn handle() -> &'static PrometheusHandle {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    HANDLE.get_or_init(|| {
        let recorder = PrometheusBuilder::new()
            .set_buckets_for_metric(Matcher::Suffix("_seconds".into()), BUCKETS)
            .expect("the buckets are not empty")
            .build_recorder();
        let handle = recorder.handle();
        if metrics::set_global_recorder(recorder).is_err() {
            // Only this function installs one; if something else did, /metrics shows what
            // this handle sees (little) rather than the server failing.
            tracing::warn!("another metrics recorder was installed first; /metrics will be incomplete");
        }
        describe();
        let upkeep = handle.clone();
        let spawned = std::thread::Builder::new().name("metrics-upkeep".into()).spawn(move || loop {
            std::thread::sleep(Duration::from_secs(5));
            upkeep.run_upkeep();
        });
        if let Err(error) = spawned {
            tracing::warn!(%error, "no metrics upkeep thread: histograms are drained at scrape time only");
        }
        handle
    })
}

fn describe() {
    describe_counter!(HTTP_REQUESTS, "HTTP requests answered, by method, matched route and status");
    describe_histogram!(HTTP_SECONDS, Unit::Seconds, "Time to answer an HTTP request, by method and matched route");
    describe_counter!(
        store::metrics::COMMANDS,
        "Commands by aggregate type and outcome: ok, conflict_retried, refused (the user's error), failed"
    );
    describe_counter!(
        jobs::metrics::JOB_RUNS,
        "Scheduled and operators' job runs by job and outcome: ok, failed, skipped"
    );
    describe_histogram!(jobs::metrics::JOB_RUN_SECONDS, Unit::Seconds, "How long a job run took, by job");
    describe_counter!(STRIPE_CALLS, "Calls to Stripe by operation and outcome: ok, declined, not_found, error");
    describe_histogram!(STRIPE_SECONDS, Unit::Seconds, "How long a call to Stripe took, by operation");
    describe_gauge!(LAG_EVENTS, "Stored events not yet applied to their read model, by view (at scrape time)");
    describe_gauge!(LAGGING_AGGREGATES, "Aggregates whose read model is behind their events, by view (at scrape time)");
    describe_counter!(LAG_QUERY_FAILURES, "Scrapes whose projection lag could not be measured");
    describe_gauge!(LAST_EVENT, "The global sequence of the newest stored event");
    describe_gauge!(WORKFLOWS_OWED, "Workflows owed (started by an event, not finished), by workflow (at scrape time)");
    describe_gauge!(WORKFLOWS_FAILING, "Owed workflows whose last run failed (workflows.last_error), by workflow");
    describe_gauge!(
        WORKFLOW_OLDEST_SECONDS,
        "Age of the oldest owed workflow, by workflow: lasting seconds mean a step keeps failing"
    );
    describe_gauge!(
        OUTBOX_EMAILS,
        "E-mails in the outbox by status: queued, retrying, sent, kept (local mailbox), failed (at scrape time)"
    );
    describe_counter!(
        PAGE_VIEWS,
        "Page views by outcome: queued, written, dropped_rate_limited (over PAGE_VIEWS_PER_ADDRESS a minute), \
         dropped_queue_full (a burst over the queue), dropped_no_writer, write_failed (DNT and GPC requests are \
         never counted)"
    );
    describe_counter!(
        RATE_LIMITED,
        "Requests refused (or page views dropped) by a rate limit (api/src/platform/limits.rs), by the limit's name"
    );
    describe_counter!(
        ADDRESS_LOOKUP_CACHE,
        "Postcode lookups by outcome: hit (answered from the 24-hour cache, no upstream call) or miss"
    );
    describe_counter!(
        LOG_LINES_DROPPED,
        "Log lines dropped because the log's queue was full (LOG_BUFFER_LINES): the output is slower than the server"
    );
    describe_counter!(
        projections::catch_up::UPDATE_FAILURES,
        "View updates that failed after every retry, by aggregate: that view needs rebuild-views"
    );
}

/// Counts and times every request by its matched route (never the raw path: ids stay out
/// of the labels). The web app's pages and unknown paths count as `unmatched`.
pub async fn track_http(request: Request, next: Next) -> Response {
    let route = request.extensions().get::<MatchedPath>().map_or("unmatched", MatchedPath::as_str).to_string();
    let method: &'static str = match request.method().as_str() {
        "GET" => "GET",
        "HEAD" => "HEAD",
        "POST" => "POST",
        "PUT" => "PUT",
        "PATCH" => "PATCH",
        "DELETE" => "DELETE",
        "OPTIONS" => "OPTIONS",
        _ => "other",
    };
    // The request's id (routes::REQUEST_ID, set by the layer outside this one) for its log line.
    let id = request.headers().get(crate::platform::logging::REQUEST_ID).cloned();
    let id = id.as_ref().and_then(|v| v.to_str().ok()).unwrap_or("");
    let started = Instant::now();
    let response = crate::platform::logging::serving(id, next.run(request)).await;
    let took = started.elapsed();
    let status = response.status().as_u16();
    // The route is the matched template, never the path: a path's ids (an order's) are not
    // for the log.
    crate::platform::logging::request(id, method, &route, status, took);
    metrics::counter!(HTTP_REQUESTS, "method" => method, "route" => route.clone(), "status" => status.to_string())
        .increment(1);
    metrics::histogram!(HTTP_SECONDS, "method" => method, "route" => route).record(took.as_secs_f64());
    response
}

/// Counts and times one call to Stripe. `operation` names the call without ids
/// (`POST /payment_intents/{id}/confirm`).
pub fn stripe_call(operation: String, outcome: &'static str, took: Duration) {
    metrics::counter!(STRIPE_CALLS, "operation" => operation.clone(), "outcome" => outcome).increment(1);
    metrics::histogram!(STRIPE_SECONDS, "operation" => operation).record(took.as_secs_f64());
}

/// Each read model kept from the events: its name in the labels, its aggregate type, and
/// the SQL reading the last event sequence each aggregate's row has seen.
const VIEWS: &[(&str, &str, &str)] = &[
    ("cart_view", "Cart", "SELECT view_id AS id, (payload->>'last_sequence')::bigint AS seen FROM cart_view"),
    ("order_view", "ServiceOrder", "SELECT view_id AS id, (payload->>'lastSequence')::bigint AS seen FROM order_view"),
    (
        "hardware_order_view",
        "HardwareOrder",
        "SELECT view_id AS id, (payload->>'lastSequence')::bigint AS seen FROM hardware_order_view",
    ),
    ("trial_view", "Trial", "SELECT view_id AS id, (payload->>'lastSequence')::bigint AS seen FROM trial_view"),
    (
        "hardware_view",
        "HardwareItem",
        "SELECT view_id AS id, (payload->>'last_sequence')::bigint AS seen FROM hardware_view",
    ),
    ("number_inventory", "PhoneNumber", "SELECT value AS id, last_sequence AS seen FROM number_inventory"),
];

/// Sets the projection-lag gauges from the database: per view, how many stored events its
/// rows have not applied yet, and for how many aggregates. Each view is compared with the
/// newest event of each of its aggregates, one grouped read of the events' primary key per
/// view, so it is measured at most every 10 seconds however often anyone scrapes.
pub async fn measure_projection_lag(pool: &PgPool, workflows: &[&'static str]) {
    static LAST: std::sync::Mutex<Option<Instant>> = std::sync::Mutex::new(None);
    {
        let mut last = LAST.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        if last.is_some_and(|at| at.elapsed() < Duration::from_secs(10)) {
            return;
        }
        *last = Some(Instant::now());
    }
    if let Err(error) = measure(pool, workflows).await {
        metrics::counter!(LAG_QUERY_FAILURES).increment(1);
        tracing::warn!(%error, "projection lag not measured");
    }
}

async fn measure(pool: &PgPool, workflows: &[&'static str]) -> Result<(), sqlx::Error> {
    let mut tx = pool.begin().await?;
    // A scrape never holds the database for long.
    sqlx::query!("SET LOCAL statement_timeout = '5s'").execute(&mut *tx).await?;
    let last: Option<i64> = sqlx::query_scalar!("SELECT max(global_sequence) FROM events").fetch_one(&mut *tx).await?;
    metrics::gauge!(LAST_EVENT).set(last.unwrap_or(0) as f64);
    for (view, aggregate, seen) in VIEWS {
        // Runtime SQL: each view's own `seen` subquery is spliced in.
        let (events, aggregates): (i64, i64) = sqlx::query_as(&format!(
            "SELECT coalesce(sum(e.last - coalesce(v.seen, 0)), 0)::bigint, count(*)
             FROM (SELECT aggregate_id, max(sequence) AS last FROM events WHERE aggregate_type = $1 GROUP BY aggregate_id) e
             LEFT JOIN ({seen}) v ON v.id = e.aggregate_id
             WHERE e.last > coalesce(v.seen, 0)"
        ))
        .bind(aggregate)
        .fetch_one(&mut *tx)
        .await?;
        metrics::gauge!(LAG_EVENTS, "view" => *view).set(events as f64);
        metrics::gauge!(LAGGING_AGGREGATES, "view" => *view).set(aggregates as f64);
    }
    // Runtime SQL: STATUS_SQL is one definition shared by every reader (the macros take only a literal).
    let statuses: Vec<(String, i64)> =
        sqlx::query_as(&format!("SELECT {}, count(*) FROM outbox GROUP BY 1", jobs::outbox::STATUS_SQL))
            .fetch_all(&mut *tx)
            .await?;
    for status in ["queued", "retrying", "sent", "kept", "failed"] {
        let count = statuses.iter().find(|(s, _)| s == status).map_or(0, |(_, count)| *count);
        metrics::gauge!(OUTBOX_EMAILS, "status" => status).set(count as f64);
    }
    let owed: Vec<(String, i64, i64, f64)> = sqlx::query!(
        r#"SELECT workflow, count(*) AS "count!", count(*) FILTER (WHERE last_error IS NOT NULL) AS "failing!",
                coalesce(extract(epoch FROM now() - min(created_at)), 0)::float8 AS "oldest!"
           FROM workflows GROUP BY workflow"#
    )
    .fetch_all(&mut *tx)
    .await?
    .into_iter()
    .map(|r| (r.workflow, r.count, r.failing, r.oldest))
    .collect();
    for &workflow in workflows {
        let (count, failing, oldest) =
            owed.iter().find(|(w, ..)| w == workflow).map_or((0, 0, 0.0), |(_, c, f, o)| (*c, *f, *o));
        metrics::gauge!(WORKFLOWS_OWED, "workflow" => workflow).set(count as f64);
        metrics::gauge!(WORKFLOWS_FAILING, "workflow" => workflow).set(failing as f64);
        metrics::gauge!(WORKFLOW_OLDEST_SECONDS, "workflow" => workflow).set(oldest);
    }
    tx.commit().await
}
