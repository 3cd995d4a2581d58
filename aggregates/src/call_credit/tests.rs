//! Credit bought at the checkout and by top-ups from the account (started, made, paid or
//! refused), each recorded once.

use std::sync::Arc;

use chrono::{DateTime, TimeZone, Utc};
use cqrs_es::test::TestFramework;
use cqrs_es::Aggregate;

use super::*;
use crate::clock::FixedClock;
use crate::pricing::Pence;

const ORDER: &str = "0b7c9f2e-0000-4000-8000-000000000001";

fn at() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 27, 10, 0, 0).unwrap()
}

fn test() -> TestFramework<CallCredit> {
    TestFramework::with(CallCreditServices { clock: Arc::new(FixedClock(at())) })
}

fn bought_at_checkout() -> CallCreditEvent {
    CallCreditEvent::CreditBought {
        tenths: 10_000,
        payment_reference: "pi_checkout".into(),
        source: CreditSource::Checkout,
        at: at(),
    }
}

fn key(request: &str) -> String {
    CallCredit::attempt_key(ORDER, request)
}

fn start(amount: i64, request: &str) -> CallCreditCommand {
    CallCreditCommand::StartTopUp { amount: Pence(amount), request_id: request.into(), attempt_key: key(request) }
}

fn started(amount: i64, request: &str) -> CallCreditEvent {
    CallCreditEvent::TopUpStarted {
        amount: Pence(amount),
        charged: Pence(amount * 12 / 10),
        request_id: request.into(),
        attempt_key: key(request),
        at: at(),
    }
}

fn made(pi: &str) -> CallCreditEvent {
    CallCreditEvent::TopUpPaymentMade { payment_intent_id: pi.into(), card: "pm_1".into(), at: at() }
}

fn fold(events: Vec<CallCreditEvent>) -> CallCredit {
    let mut credit = CallCredit::default();
    for event in events {
        credit.apply(event);
    }
    credit
}

#[test]
fn the_checkouts_top_up_buys_its_credit_in_tenths_of_a_penny() {
    test()
        .given_no_previous_events()
        .when(CallCreditCommand::BuyCredit {
            tenths: tenths_of(Pence(1000)),
            payment_reference: "pi_checkout".into(),
            source: CreditSource::Checkout,
        })
        .then_expect_events(vec![bought_at_checkout()]);
    assert_eq!(fold(vec![bought_at_checkout()]).balance_tenths, 10_000);
}

#[test]
fn the_same_payment_buys_credit_once() {
    test()
        .given(vec![bought_at_checkout()])
        .when(CallCreditCommand::BuyCredit {
            tenths: 10_000,
            payment_reference: "pi_checkout".into(),
            source: CreditSource::Checkout,
        })
        .then_expect_events(vec![]);
}

#[test]
fn credit_needs_an_amount_and_a_payment() {
    test()
        .given_no_previous_events()
        .when(CallCreditCommand::BuyCredit {
            tenths: 0,
            payment_reference: "pi_1".into(),
            source: CreditSource::Checkout,
        })
        .then_expect_error(CallCreditError::InvalidAmount);
    test()
        .given_no_previous_events()
        .when(CallCreditCommand::BuyCredit { tenths: 10, payment_reference: " ".into(), source: CreditSource::TopUp })
        .then_expect_error(CallCreditError::PaymentReferenceMissing);
}

#[test]
fn a_top_up_starts_with_its_vat_and_key_before_the_provider_is_asked() {
    test()
        .given(vec![bought_at_checkout()])
        .when(start(2000, "req-1"))
        .then_expect_events(vec![started(2000, "req-1")]);
    let credit = fold(vec![started(2000, "req-1")]);
    assert_eq!(credit.attempt.key(), Some(key("req-1").as_str()));
    assert_eq!(credit.top_up_under_way().map(|t| t.charged), Some(Pence(2400)));
}

#[test]
fn a_top_up_follows_the_pricing_rules() {
    for (amount, error) in [
        (900, CallCreditError::TopUpBelowMinimum),
        (1050, CallCreditError::TopUpNotWholePounds),
        (500_100, CallCreditError::TopUpAboveMaximum),
    ] {
        test().given_no_previous_events().when(start(amount, "req-1")).then_expect_error(error);
    }
}

#[test]
fn a_top_up_needs_a_request_id() {
    for request in ["", "has space", &"x".repeat(MAX_TOP_UP_REQUEST_ID + 1)] {
        test()
            .given_no_previous_events()
            .when(CallCreditCommand::StartTopUp {
                amount: Pence(1000),
                request_id: request.to_string(),
                attempt_key: "k".into(),
            })
            .then_expect_error(CallCreditError::InvalidRequestId);
    }
}

#[test]
fn a_replayed_request_starts_nothing_new() {
    test().given(vec![started(1000, "req-1")]).when(start(1000, "req-1")).then_expect_events(vec![]);
    test().given(vec![started(1000, "req-1"), made("pi_1")]).when(start(1000, "req-1")).then_expect_events(vec![]);
}

#[test]
fn another_top_up_waits_for_the_one_under_way() {
    test()
        .given(vec![started(1000, "req-1"), made("pi_1")])
        .when(start(2000, "req-2"))
        .then_expect_error(CallCreditError::TopUpUnderWay);
}

#[test]
fn the_payment_made_is_recorded_once() {
    test()
        .given(vec![started(1000, "req-1")])
        .when(CallCreditCommand::RecordTopUpPayment { payment_intent_id: "pi_1".into(), card: "pm_1".into() })
        .then_expect_events(vec![made("pi_1")]);
    test()
        .given(vec![started(1000, "req-1"), made("pi_1")])
        .when(CallCreditCommand::RecordTopUpPayment { payment_intent_id: "pi_1".into(), card: "pm_1".into() })
        .then_expect_events(vec![]);
    test()
        .given(vec![started(1000, "req-1"), made("pi_1")])
        .when(CallCreditCommand::RecordTopUpPayment { payment_intent_id: "pi_2".into(), card: "pm_1".into() })
        .then_expect_error(CallCreditError::TopUpUnderWay);
    test()
        .given_no_previous_events()
        .when(CallCreditCommand::RecordTopUpPayment { payment_intent_id: "pi_1".into(), card: "pm_1".into() })
        .then_expect_error(CallCreditError::UnknownPayment);
}

#[test]
fn a_paid_top_up_buys_its_credit_once_and_a_replay_buys_nothing() {
    let bought = CallCreditEvent::CreditBought {
        tenths: 20_000,
        payment_reference: "pi_1".into(),
        source: CreditSource::TopUp,
        at: at(),
    };
    test()
        .given(vec![bought_at_checkout(), started(2000, "req-1"), made("pi_1")])
        .when(CallCreditCommand::RecordTopUpPaid { payment_intent_id: "pi_1".into() })
        .then_expect_events(vec![bought.clone()]);
    let history = vec![bought_at_checkout(), started(2000, "req-1"), made("pi_1"), bought];
    test()
        .given(history.clone())
        .when(CallCreditCommand::RecordTopUpPaid { payment_intent_id: "pi_1".into() })
        .then_expect_events(vec![]);
    test().given(history.clone()).when(start(2000, "req-1")).then_expect_events(vec![]);
    let credit = fold(history);
    assert_eq!((credit.balance_tenths, credit.bought_tenths), (30_000, 30_000));
    assert!(credit.request_paid("req-1") && credit.top_up_under_way().is_none());
}

#[test]
fn only_the_payment_under_way_is_paid_or_declined() {
    test()
        .given(vec![started(1000, "req-1"), made("pi_1")])
        .when(CallCreditCommand::RecordTopUpPaid { payment_intent_id: "pi_9".into() })
        .then_expect_error(CallCreditError::UnknownPayment);
    test()
        .given(vec![started(1000, "req-1")])
        .when(CallCreditCommand::RecordTopUpDeclined { payment_intent_id: "pi_1".into(), code: "card_declined".into() })
        .then_expect_error(CallCreditError::UnknownPayment);
}

#[test]
fn a_declined_top_up_buys_nothing_and_the_next_one_may_start() {
    let declined =
        CallCreditEvent::TopUpDeclined { payment_intent_id: "pi_1".into(), code: "card_declined".into(), at: at() };
    test()
        .given(vec![started(1000, "req-1"), made("pi_1")])
        .when(CallCreditCommand::RecordTopUpDeclined { payment_intent_id: "pi_1".into(), code: "card_declined".into() })
        .then_expect_events(vec![declined.clone()]);
    let history = vec![started(1000, "req-1"), made("pi_1"), declined];
    test()
        .given(history.clone())
        .when(CallCreditCommand::RecordTopUpDeclined { payment_intent_id: "pi_1".into(), code: "card_declined".into() })
        .then_expect_events(vec![]);
    test().given(history.clone()).when(start(1000, "req-2")).then_expect_events(vec![started(1000, "req-2")]);
    assert_eq!(fold(history).balance_tenths, 0);
}

#[test]
fn events_read_back_as_written() {
    for event in [bought_at_checkout(), started(1000, "req-1"), made("pi_1")] {
        let json = serde_json::to_value(&event).unwrap();
        assert_eq!(serde_json::from_value::<CallCreditEvent>(json).unwrap(), event);
    }
    assert_eq!(serde_json::to_value(CreditSource::TopUp).unwrap(), "topUp");
}

const RATES: crate::pricing::CallRates = crate::pricing::CallRates { uk_landline_tenths: 10, uk_mobile_tenths: 83 };

fn charge(call_id: &str, to: &str, seconds: i64) -> CallCreditCommand {
    CallCreditCommand::ChargeCall { call_id: call_id.into(), to: to.into(), seconds, rates: RATES }
}

fn charged(call_id: &str, to: &str, seconds: i64, minutes: i64, rate_tenths: i64) -> CallCreditEvent {
    CallCreditEvent::CallCharged {
        call_id: call_id.into(),
        to: to.into(),
        seconds,
        minutes,
        rate_tenths,
        tenths: minutes * rate_tenths,
        at: at(),
    }
}

#[test]
fn a_61_second_call_to_a_mobile_costs_two_started_minutes_166_tenths() {
    test()
        .given(vec![bought_at_checkout()])
        .when(charge("call-1", "+447700900123", 61))
        .then_expect_events(vec![charged("call-1", "+447700900123", 61, 2, 83)]);
    test()
        .given(vec![bought_at_checkout()])
        .when(charge("call-2", "+442079460999", 60))
        .then_expect_events(vec![charged("call-2", "+442079460999", 60, 1, 10)]);
    assert_eq!(call_cost(61, 83), (2, 166));
    assert_eq!(call_cost(0, 83), (0, 0));
}

#[test]
fn the_aggregate_decides_a_charge_from_the_balance_and_leaves_once_a_call_to_the_stores_key() {
    // The calls charged are not in the state (a list that only grew, in every snapshot): a
    // second charge of call-1 is decided like the first, on the balance, and refused where
    // it is stored, by the key of its row in call_credit_calls (projections::call_credit,
    // api/tests/api/event_store.rs), as `CallAlreadyRecorded`.
    test()
        .given(vec![bought_at_checkout(), charged("call-1", "+447700900123", 61, 2, 83)])
        .when(charge("call-1", "+447700900123", 61))
        .then_expect_events(vec![charged("call-1", "+447700900123", 61, 2, 83)]);
    let credit = fold(vec![bought_at_checkout(), charged("call-1", "+447700900123", 61, 2, 83)]);
    assert_eq!(credit.balance_tenths, 10_000 - 166);
}

#[test]
fn an_old_snapshot_with_the_calls_charged_and_refused_still_loads() {
    let mut old =
        serde_json::to_value(fold(vec![bought_at_checkout(), charged("call-1", "+447700900123", 61, 2, 83)])).unwrap();
    old["charged_calls"] = serde_json::json!(["call-1"]);
    old["refused_calls"] = serde_json::json!(["call-0"]);
    let loaded: CallCredit = serde_json::from_value(old).unwrap();
    assert_eq!((loaded.balance_tenths, loaded.bought_tenths), (10_000 - 166, 10_000));
    assert!(serde_json::to_value(&loaded).unwrap().get("charged_calls").is_none());
}

#[test]
fn a_number_abroad_has_no_rate_and_a_call_needs_an_id_and_a_length() {
    test()
        .given(vec![bought_at_checkout()])
        .when(charge("call-1", "+12025550123", 61))
        .then_expect_error(CallCreditError::NoCallRate);
    // Western Europe has a rate (the registrar lets it through only with the owner's opt-in).
    test()
        .given(vec![bought_at_checkout()])
        .when(charge("call-2", "+33142685300", 61))
        .then_expect_events(vec![charged("call-2", "+33142685300", 61, 2, 30)]);
    test()
        .given(vec![bought_at_checkout()])
        .when(charge("", "+447700900123", 61))
        .then_expect_error(CallCreditError::InvalidCall);
    test()
        .given(vec![bought_at_checkout()])
        .when(charge("call-1", "+447700900123", -1))
        .then_expect_error(CallCreditError::InvalidCall);
}

#[test]
fn each_class_is_rated_as_the_dial_plan_says_never_a_premium_number_at_the_landline_rate() {
    for to in ["+449012345678", "+447012345678", "+448712345678", "+447624123456", "+882123456789"] {
        test()
            .given(vec![bought_at_checkout()])
            .when(charge("call-1", to, 61))
            .then_expect_error(CallCreditError::NoCallRate);
    }
    test()
        .given(vec![bought_at_checkout()])
        .when(charge("call-03", "+443069990000", 61))
        .then_expect_events(vec![charged("call-03", "+443069990000", 61, 2, 10)]);
    test()
        .given(vec![bought_at_checkout()])
        .when(charge("call-0800", "+448001234567", 600))
        .then_expect_events(vec![charged("call-0800", "+448001234567", 600, 10, 0)]);
}

#[test]
fn the_call_that_spends_the_last_credit_says_it_ran_out_once_until_credit_is_bought() {
    // 10,000 tenths (£10): 120 minutes to a mobile is 9,960, then 1 minute more is -43.
    let long = charged("call-1", "+447700900123", 7200, 120, 83);
    test()
        .given(vec![bought_at_checkout(), long.clone()])
        .when(charge("call-2", "+447700900123", 30))
        .then_expect_events(vec![
            charged("call-2", "+447700900123", 30, 1, 83),
            CallCreditEvent::CreditRanOut { at: at() },
        ]);
    let ran_out = vec![
        bought_at_checkout(),
        long,
        charged("call-2", "+447700900123", 30, 1, 83),
        CallCreditEvent::CreditRanOut { at: at() },
    ];
    // A call that ended after the credit ran out is still charged, and told no more.
    test().given(ran_out.clone()).when(charge("call-3", "+442079460999", 5)).then_expect_events(vec![charged(
        "call-3",
        "+442079460999",
        5,
        1,
        10,
    )]);
    // Credit bought: running out again is told again.
    let mut topped_up = ran_out;
    topped_up.push(CallCreditEvent::CreditBought {
        tenths: 100,
        payment_reference: "pi_more".into(),
        source: CreditSource::TopUp,
        at: at(),
    });
    test().given(topped_up).when(charge("call-4", "+447700900123", 60)).then_expect_events(vec![
        charged("call-4", "+447700900123", 60, 1, 83),
        CallCreditEvent::CreditRanOut { at: at() },
    ]);
}

#[test]
fn a_call_refused_for_want_of_credit_is_recorded_and_changes_no_credit() {
    let refused = CallCreditEvent::CallRefused { call_id: "call-9".into(), to: "+447700900123".into(), at: at() };
    let record = || CallCreditCommand::RecordRefusedCall { call_id: "call-9".into(), to: "+447700900123".into() };
    test().given(vec![bought_at_checkout()]).when(record()).then_expect_events(vec![refused.clone()]);
    // Once a call: the key of its row in call_credit_calls refuses a second record where it
    // is stored (CallAlreadyRecorded), as for a charge.
    test().given(vec![refused.clone()]).when(record()).then_expect_events(vec![refused.clone()]);
    test()
        .given_no_previous_events()
        .when(CallCreditCommand::RecordRefusedCall { call_id: " ".into(), to: "+447700900123".into() })
        .then_expect_error(CallCreditError::InvalidCall);
    assert_eq!(fold(vec![bought_at_checkout(), refused]).balance_tenths, 10_000);
}

fn minutes_ran_out(period: &str, minutes: i64) -> CallCreditEvent {
    CallCreditEvent::IncludedMinutesRanOut { period: period.into(), minutes, at: at() }
}

fn record_minutes_ran_out(period: &str, minutes: i64) -> CallCreditCommand {
    CallCreditCommand::RecordIncludedMinutesRanOut { period: period.into(), minutes }
}

#[test]
fn included_minutes_run_out_once_a_month_and_once_in_a_trials_whole_length() {
    test()
        .given(vec![])
        .when(record_minutes_ran_out("2026-11", 500))
        .then_expect_events(vec![minutes_ran_out("2026-11", 500)]);
    test()
        .given(vec![minutes_ran_out("2026-11", 500)])
        .when(record_minutes_ran_out("2026-11", 500))
        .then_expect_error(CallCreditError::MinutesAlreadyRanOut);
    // The next month's minutes run out again, and are told again.
    test()
        .given(vec![minutes_ran_out("2026-11", 500)])
        .when(record_minutes_ran_out("2026-12", 500))
        .then_expect_events(vec![minutes_ran_out("2026-12", 500)]);
    // A trial's minutes run out once in all.
    test()
        .given(vec![])
        .when(record_minutes_ran_out(TRIAL_PERIOD, 50))
        .then_expect_events(vec![minutes_ran_out("trial", 50)]);
    test()
        .given(vec![minutes_ran_out("trial", 50)])
        .when(record_minutes_ran_out("trial", 50))
        .then_expect_error(CallCreditError::MinutesAlreadyRanOut);
}

#[test]
fn included_minutes_run_out_only_for_a_month_or_a_trial_and_some_minutes() {
    for (period, minutes) in
        [("", 500), ("2026-13", 500), ("2026-1", 500), ("26-11-01", 500), ("month", 500), ("2026-11", 0)]
    {
        test()
            .given(vec![])
            .when(record_minutes_ran_out(period, minutes))
            .then_expect_error(CallCreditError::InvalidMinutesPeriod);
    }
}
fn started_minutes_ago(amount: i64, request: &str, minutes: i64) -> CallCreditEvent {
    match started(amount, request) {
        CallCreditEvent::TopUpStarted { amount, charged, request_id, attempt_key, .. } => {
            CallCreditEvent::TopUpStarted {
                amount,
                charged,
                request_id,
                attempt_key,
                at: at() - chrono::Duration::minutes(minutes),
            }
        }
        other => other,
    }
}

fn abandon(pi: &str) -> CallCreditCommand {
    CallCreditCommand::AbandonTopUp { payment_intent_id: pi.into() }
}

#[test]
fn a_top_up_left_with_the_bank_holds_off_a_new_one_for_a_few_minutes() {
    test()
        .given(vec![started_minutes_ago(1000, "req-1", TOP_UP_ABANDONED_AFTER_MINUTES - 1), made("pi_1")])
        .when(abandon("pi_1"))
        .then_expect_error(CallCreditError::TopUpWithBank);
    let young = fold(vec![started_minutes_ago(1000, "req-1", 1), made("pi_1")]);
    assert_eq!(young.may_abandon_top_up(at()), Err(CallCreditError::TopUpWithBank));
    assert_eq!(young.may_abandon_top_up(at() + chrono::Duration::minutes(TOP_UP_ABANDONED_AFTER_MINUTES)), Ok(()));
}

#[test]
fn an_abandoned_top_up_is_declined_once_and_the_next_one_may_start() {
    let history = vec![started_minutes_ago(1000, "req-1", TOP_UP_ABANDONED_AFTER_MINUTES), made("pi_1")];
    let declined =
        CallCreditEvent::TopUpDeclined { payment_intent_id: "pi_1".into(), code: ABANDONED.into(), at: at() };
    test().given(history.clone()).when(abandon("pi_1")).then_expect_events(vec![declined.clone()]);
    let after = [history, vec![declined]].concat();
    test().given(after.clone()).when(abandon("pi_1")).then_expect_events(vec![]);
    test().given(after.clone()).when(start(2000, "req-2")).then_expect_events(vec![started(2000, "req-2")]);
    let credit = fold(after);
    assert_eq!((credit.balance_tenths, credit.top_up_under_way()), (0, None));
}

#[test]
fn only_the_payment_under_way_is_abandoned() {
    let history = vec![started_minutes_ago(1000, "req-1", 60), made("pi_1")];
    test().given(history).when(abandon("pi_2")).then_expect_error(CallCreditError::UnknownPayment);
    test().given_no_previous_events().when(abandon("pi_1")).then_expect_error(CallCreditError::UnknownPayment);
    // Paid already: nothing to give up.
    let paid = CallCreditEvent::CreditBought {
        tenths: 10_000,
        payment_reference: "pi_1".into(),
        source: CreditSource::TopUp,
        at: at(),
    };
    test()
        .given(vec![started_minutes_ago(1000, "req-1", 60), made("pi_1"), paid])
        .when(abandon("pi_1"))
        .then_expect_error(CallCreditError::UnknownPayment);
}

#[test]
fn a_payment_made_again_for_a_replayed_request_is_abandoned_again() {
    // A declined request sent again gets the same payment back from the provider (same key).
    let declined =
        CallCreditEvent::TopUpDeclined { payment_intent_id: "pi_1".into(), code: ABANDONED.into(), at: at() };
    let history = vec![
        started_minutes_ago(1000, "req-1", 60),
        made("pi_1"),
        declined.clone(),
        started_minutes_ago(1000, "req-1", 30),
        made("pi_1"),
    ];
    test().given(history.clone()).when(abandon("pi_1")).then_expect_events(vec![declined]);
    let refused =
        CallCreditEvent::TopUpDeclined { payment_intent_id: "pi_1".into(), code: "card_declined".into(), at: at() };
    test()
        .given(history)
        .when(CallCreditCommand::RecordTopUpDeclined { payment_intent_id: "pi_1".into(), code: "card_declined".into() })
        .then_expect_events(vec![refused]);
}

#[test]
fn a_top_up_request_that_ended_without_a_charge_is_refused_when_sent_again() {
    for code in ["card_declined", ABANDONED] {
        let declined = CallCreditEvent::TopUpDeclined { payment_intent_id: "pi_1".into(), code: code.into(), at: at() };
        let history = vec![started_minutes_ago(1000, "req-1", 60), made("pi_1"), declined];
        test().given(history.clone()).when(start(1000, "req-1")).then_expect_error(CallCreditError::TopUpRequestEnded);
        // A new request starts at once.
        test().given(history.clone()).when(start(1000, "req-2")).then_expect_events(vec![started(1000, "req-2")]);
        assert_eq!(fold(history).requests_ended, vec!["req-1".to_string()]);
    }
}

// A disputed payment freezes the credit (issue 44, item 7).

fn freeze() -> CallCreditCommand {
    CallCreditCommand::FreezeCredit { reason: "dispute dp_1 on ch_1".into() }
}

fn frozen() -> CallCreditEvent {
    CallCreditEvent::CreditFrozen { reason: "dispute dp_1 on ch_1".into(), at: at() }
}

fn unfreeze() -> CallCreditCommand {
    CallCreditCommand::UnfreezeCredit { reason: "dispute dp_1 won".into() }
}

#[tokio::test]
async fn a_dispute_freezes_the_credit_once() {
    test().given(vec![bought_at_checkout()]).when_async(freeze()).await.then_expect_events(vec![frozen()]);
    // The same dispute delivered again changes nothing.
    test().given(vec![bought_at_checkout(), frozen()]).when_async(freeze()).await.then_expect_events(vec![]);
    let credit = fold(vec![bought_at_checkout(), frozen()]);
    assert!(credit.frozen);
    assert_eq!(credit.balance_tenths, 10_000, "the balance is kept; only spending it stops");
}

#[tokio::test]
async fn a_freeze_and_its_lifting_need_a_reason() {
    let blank = CallCreditCommand::FreezeCredit { reason: "  ".into() };
    test()
        .given(vec![bought_at_checkout()])
        .when_async(blank)
        .await
        .then_expect_error(CallCreditError::FreezeReasonMissing);
    let blank = CallCreditCommand::UnfreezeCredit { reason: String::new() };
    test()
        .given(vec![bought_at_checkout(), frozen()])
        .when_async(blank)
        .await
        .then_expect_error(CallCreditError::FreezeReasonMissing);
}

#[tokio::test]
async fn a_frozen_credit_takes_no_top_up() {
    test()
        .given(vec![bought_at_checkout(), frozen()])
        .when_async(start(1000, "req-1"))
        .await
        .then_expect_error(CallCreditError::CreditFrozen);
}

#[tokio::test]
async fn an_unfrozen_credit_may_be_spent_and_topped_up_again() {
    test()
        .given(vec![bought_at_checkout(), frozen()])
        .when_async(unfreeze())
        .await
        .then_expect_events(vec![CallCreditEvent::CreditUnfrozen { reason: "dispute dp_1 won".into(), at: at() }]);
    // Not frozen: nothing to lift.
    test().given(vec![bought_at_checkout()]).when_async(unfreeze()).await.then_expect_events(vec![]);
    let credit =
        fold(vec![bought_at_checkout(), frozen(), CallCreditEvent::CreditUnfrozen { reason: "won".into(), at: at() }]);
    assert!(!credit.frozen);
    test()
        .given(vec![bought_at_checkout(), frozen(), CallCreditEvent::CreditUnfrozen { reason: "won".into(), at: at() }])
        .when_async(start(1000, "req-1"))
        .await
        .then_expect_events(vec![started(1000, "req-1")]);
}

#[test]
fn calls_abroad_are_turned_on_with_a_monthly_cap_of_1_to_500_pounds_and_off() {
    let on = |cap| CallCreditCommand::SetInternationalCalls { monthly_cap_tenths: cap };
    let set = |cap| CallCreditEvent::InternationalCallsSet { monthly_cap_tenths: cap, at: at() };
    test().given(vec![bought_at_checkout()]).when(on(Some(20_000))).then_expect_events(vec![set(Some(20_000))]);
    test().given(vec![bought_at_checkout(), set(Some(20_000))]).when(on(Some(20_000))).then_expect_events(vec![]);
    test().given(vec![bought_at_checkout(), set(Some(20_000))]).when(on(None)).then_expect_events(vec![set(None)]);
    test().given(vec![bought_at_checkout()]).when(on(None)).then_expect_events(vec![]);
    for cap in [0, 999, 500_010, -10, i64::MAX, 1_005] {
        test()
            .given(vec![bought_at_checkout()])
            .when(on(Some(cap)))
            .then_expect_error(CallCreditError::InternationalCapOutOfRange);
    }
}
