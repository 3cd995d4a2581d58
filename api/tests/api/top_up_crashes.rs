//! An account top-up (issue 34) under the crash matrix's rule: the server stops
//! (FAULT_INJECTION) at each point between two durable writes of a top-up, starts again on
//! the same database, and then either the browser sends the same request again or, the buyer
//! gone, the `settle-top-ups` job runs (`voip-shop run-job`, its clock a day on). Each ends as
//! a run without a crash would: the card charged at most once, the credit bought exactly when
//! the card was charged, nothing left under way.
//!
//! One of them runs the real binary (aborted as `kill -9` would stop it), the others the same
//! app in the test process (crate::crashes). The full matrix with the real binary:
//!
//! ```text
//! CRASH_MATRIX=binary cargo nextest run -p api --test api -E 'test(/^(crash_matrix|top_up_crashes)::/)'
//! ```

use aggregates::call_credit::{CallCredit, CallCreditEvent, CreditSource};
use reqwest::header::COOKIE;
use serde_json::{json, Value};
use sqlx::PgPool;

use crate::account_invoices_and_credit::{payg_order, sign_in, Customer};
use crate::checkout::charges_of;
use crate::crashes::{run_job, CrashServer, JobEnd, Mode};
use crate::helpers::{expect_ok, fresh_database, TestApp};

/// What the buyer's credit and card show once it is over.
struct Outcome {
    balance_tenths: i64,
    top_ups_bought: usize,
    abandoned: usize,
    under_way: bool,
    charged: Vec<i64>,
}

async fn outcome(app: &TestApp, order: &str, customer: &str) -> Outcome {
    let history = store::commands::history::<CallCredit>(&app.pool, order).await.unwrap();
    let (credit, _) = store::commands::load::<CallCredit>(&app.pool, order).await.unwrap();
    let mut charged: Vec<i64> = charges_of(customer)
        .await
        .iter()
        .filter(|c| c["status"] == "succeeded")
        .map(|c| c["amount"].as_i64().unwrap())
        .collect();
    charged.sort_unstable();
    Outcome {
        balance_tenths: credit.balance_tenths,
        top_ups_bought: history
            .iter()
            .filter(|e| matches!(e.payload, CallCreditEvent::CreditBought { source: CreditSource::TopUp, .. }))
            .count(),
        abandoned: history
            .iter()
            .filter(|e| matches!(&e.payload, CallCreditEvent::TopUpDeclined { code, .. } if code == "abandoned"))
            .count(),
        under_way: credit.top_up_under_way().is_some(),
        charged,
    }
}

async fn top_up(app: &TestApp, who: &Customer, order: &str, request_id: &str) -> reqwest::Result<reqwest::Response> {
    app.client
        .post(app.url(&format!("/api/account/orders/{order}/credit/top-ups")))
        .header(COOKIE, &who.cookie)
        .header("x-csrf-token", &who.csrf)
        .json(&json!({ "amountPence": 2000, "requestId": request_id }))
        .send()
        .await
}

/// A £20 top-up (£24 with VAT) on a Pay As You Go order bought with £10 of credit (£12), with
/// the server aborting at `point`; then the buyer's retry (`buyer_returns`) or the job.
async fn top_up_crash_at(point: &str, buyer_returns: bool, mode: Mode) -> String {
    let database = fresh_database().await;
    let pool = PgPool::connect(&database).await.unwrap();
    let first = CrashServer::start(mode, &database, &[("FAULT_INJECTION", point)]).await;
    let app = first.app(&pool);
    let email = format!("top-up-{point}-{buyer_returns}@example.com");
    let order = payg_order(&app, &email, 1000).await;
    let jane = sign_in(&app, &email).await;
    assert!(top_up(&app, &jane, &order.id, "req-crash").await.is_err(), "{point}: the server died mid-request");
    first.crashed().await;

    let second = CrashServer::start(mode, &database, &[]).await;
    let app = second.app(&pool);
    let charged_at_crash = charges_of(&order.customer).await.iter().filter(|c| c["status"] == "succeeded").count();
    let (how, after) = if buyer_returns {
        // The page sends the same request again (its request id kept): paid once.
        let paid = expect_ok(top_up(&app, &jane, &order.id, "req-crash").await.unwrap()).await;
        assert_eq!((paid["status"].as_str(), paid["chargedPence"].as_i64()), (Some("paid"), Some(2400)));
        let end = outcome(&app, &order.id, &order.customer).await;
        assert_eq!(
            (end.balance_tenths, end.top_ups_bought, end.abandoned, end.under_way),
            (30_000, 1, 0, false),
            "{point}: the retry buys the credit once"
        );
        assert_eq!(end.charged, vec![1200, 2400], "{point}: the checkout's and the top-up's, each once");
        ("the retry", end)
    } else {
        let ran = run_job(mode, &database, &[("CLOCK_OFFSET_DAYS", "1")], "settle-top-ups").await;
        assert_eq!(ran, JobEnd::Finished, "{point}: the job ran");
        let end = outcome(&app, &order.id, &order.customer).await;
        assert!(!end.under_way, "{point}: nothing is left under way");
        if point == "after-top-up-charged" {
            // The card was charged before the crash: the job records it; nothing more is taken.
            assert_eq!((end.balance_tenths, end.top_ups_bought, end.abandoned), (30_000, 1, 0), "{point}");
            assert_eq!(end.charged, vec![1200, 2400], "{point}");
        } else {
            // Never charged: given up (cancelled at Stripe), nothing taken, nothing bought.
            assert_eq!((end.balance_tenths, end.top_ups_bought, end.abandoned), (10_000, 0, 1), "{point}");
            assert_eq!(end.charged, vec![1200], "{point}");
            // The buyer's next top-up is paid at once.
            let next = expect_ok(top_up(&app, &jane, &order.id, "req-next").await.unwrap()).await;
            assert_eq!(next["credit"]["balanceTenths"], 30_000, "{point}: {next}");
        }
        // A second run changes nothing.
        assert_eq!(run_job(mode, &database, &[("CLOCK_OFFSET_DAYS", "1")], "settle-top-ups").await, JobEnd::Finished);
        let again = outcome(&app, &order.id, &order.customer).await;
        assert_eq!((again.balance_tenths, again.charged.len()), (30_000, 2), "{point}");
        ("the job", end)
    };
    // The same request once more (a double click after it all): nothing more is charged.
    if after.top_ups_bought == 1 {
        let replay = expect_ok(top_up(&app, &jane, &order.id, "req-crash").await.unwrap()).await;
        assert_eq!(replay["credit"]["balanceTenths"], 30_000, "{point}: {replay}");
    } else {
        // Given up: that request is over, and says so (a new one was paid above).
        let replay = top_up(&app, &jane, &order.id, "req-crash").await.unwrap();
        crate::helpers::expect_error(replay, reqwest::StatusCode::CONFLICT, "top_up_request_ended").await;
    }
    let last = outcome(&app, &order.id, &order.customer).await;
    assert_eq!(last.charged, vec![1200, 2400], "{point}: one £24 charge");
    format!(
        "| top-up | {point} | {how}: card charges at the crash {charged_at_crash}; credit {}p, top-ups bought {}, abandoned {}; charges {:?} |",
        after.balance_tenths / 10,
        after.top_ups_bought,
        after.abandoned,
        after.charged
    )
}

/// Each point twice, in the mode its test runs in by default (one with the real binary:
/// crate::crash_matrix's guard holds that).
macro_rules! top_up_points {
    ($($test:ident => ($point:literal, $buyer_returns:literal), $mode:ident;)*) => {
        $(
            #[tokio::test]
            async fn $test() {
                println!("{}", top_up_crash_at($point, $buyer_returns, Mode::chosen(Mode::$mode)).await);
            }
        )*

        /// Each point tested here, with the mode its test runs in by default.
        pub(crate) const TESTED: &[(&str, Mode)] = &[$(($point, Mode::$mode)),*];

        /// Every top-up point is tested both ways: the buyer back, and the job settling alone.
        #[test]
        fn every_fault_point_of_a_top_up_is_tested_both_ways() {
            let tested = [$(($point, $buyer_returns)),*];
            for point in api::app::call_credit::TOP_UP_FAULT_POINTS {
                for returns in [true, false] {
                    assert!(tested.contains(&(point, returns)), "{point} (buyer returns: {returns}) is not tested");
                }
            }
        }
    };
}

top_up_points! {
    top_up_after_started_then_retried => ("after-top-up-started", true), InProcess;
    top_up_after_started_then_settled => ("after-top-up-started", false), InProcess;
    top_up_after_payment_made_then_retried => ("after-top-up-payment-made", true), InProcess;
    top_up_after_payment_made_then_settled => ("after-top-up-payment-made", false), Binary;
    top_up_after_charged_then_retried => ("after-top-up-charged", true), InProcess;
    top_up_after_charged_then_settled => ("after-top-up-charged", false), InProcess;
}

/// A buyer who passed the bank's check in the Stripe window and closed the page never sends
/// the request again: the job, a minute on, records the payment and buys the credit.
#[tokio::test]
async fn a_top_up_paid_in_a_closed_window_is_bought_by_the_job() {
    let app = crate::helpers::spawn_app().await;
    let order = payg_order(&app, "closed-window@example.com", 1000).await;
    let jane = sign_in(&app, "closed-window@example.com").await;
    let card = format!("/api/account/orders/{}/card", order.id);
    let setup: Value = expect_ok(
        app.client
            .post(app.url(&format!("{card}/setup")))
            .header(COOKIE, &jane.cookie)
            .header("x-csrf-token", &jane.csrf)
            .send()
            .await
            .unwrap(),
    )
    .await;
    crate::checkout::confirm_card(setup["clientSecret"].as_str().unwrap(), crate::checkout::THREE_D_SECURE).await;
    let saved = app
        .client
        .post(app.url(&card))
        .header(COOKIE, &jane.cookie)
        .header("x-csrf-token", &jane.csrf)
        .json(&json!({ "setupIntentId": setup["setupIntentId"] }))
        .send()
        .await
        .unwrap();
    expect_ok(saved).await;
    let left = expect_ok(top_up(&app, &jane, &order.id, "req-window").await.unwrap()).await;
    assert_eq!(left["status"], "needsAction", "{left}");
    crate::checkout::authenticate(left["clientSecret"].as_str().unwrap()).await;

    // Within the minute the job leaves it to the page.
    let now = api::app::state::AppState::new(app.pool.clone());
    let report = api::scheduled::settle_top_ups(&now).await.unwrap();
    assert_eq!(report, jobs::top_ups::Report::default(), "not yet a minute old");
    let later = api::app::state::AppState::with_clock(
        app.pool.clone(),
        std::sync::Arc::new(aggregates::clock::FixedClock(chrono::Utc::now() + chrono::Duration::minutes(2))),
    );
    let report = api::scheduled::settle_top_ups(&later).await.unwrap();
    assert_eq!(report.paid, 1, "{report}");
    let end = outcome(&app, &order.id, &order.customer).await;
    assert_eq!((end.balance_tenths, end.top_ups_bought, end.under_way), (30_000, 1, false));
    assert_eq!(end.charged, vec![1200, 2400]);
    let actor: (String, String) = sqlx::query_as(
        "SELECT metadata->>'actor', metadata->>'actor_name' FROM events
          WHERE aggregate_type = 'CallCredit' AND aggregate_id = $1 AND event_type = 'CreditBought'
          ORDER BY sequence DESC LIMIT 1",
    )
    .bind(&order.id)
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(actor, ("job".to_string(), "settle-top-ups".to_string()));
    // Nothing left for a second run.
    assert_eq!(api::scheduled::settle_top_ups(&later).await.unwrap(), jobs::top_ups::Report::default());
}
