//! Number transfers: opened from the order (or carried over from its stream), the buyer's
//! details and letter of authority (or a mobile's PAC), then staff submit, set the date and
//! complete, or reject with a reason.

use std::sync::Arc;

use chrono::{DateTime, NaiveDate, TimeZone, Utc};
use cqrs_es::test::TestFramework;
use cqrs_es::Aggregate;

use super::*;
use crate::clock::FixedClock;
use crate::customer::{Customer, Extension};
use crate::pricing::{BillingCycle, Pence, Plan, Totals};
use crate::service_order::{OrderLines, OrderedNumber, PaymentPart, PaymentType, ServiceOrderEvent};

const ORDER: &str = "0b7c9f2e-0000-4000-8000-000000000001";
const PORTED: &str = "02079460123";
const MOBILE: &str = "07700900123";
const STAFF: &str = "sam@talkbridge.example";

fn at() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 23, 10, 0, 0).unwrap()
}

fn test() -> TestFramework<Transfer> {
    TestFramework::with(TransferServices { clock: Arc::new(FixedClock(at())) })
}

fn date(day: u32) -> NaiveDate {
    // November 2026: the 23rd is a Monday.
    NaiveDate::from_ymd_opt(2026, 11, day).unwrap()
}

fn line(value: &str, is_transfer: bool, pac: Option<&str>) -> OrderedNumber {
    OrderedNumber {
        value: value.into(),
        display_value: value.into(),
        is_transfer,
        is_placeholder: false,
        free: false,
        price: Pence::ZERO,
        pac: pac.map(str::to_string),
    }
}

/// A completed order with a stock number, a landline and a mobile to transfer in.
fn order_events(completed: bool) -> Vec<ServiceOrderEvent> {
    let lines = OrderLines {
        plan: Plan::SingleUser,
        billing_cycle: BillingCycle::Monthly,
        quantity: 1,
        add_ons: vec![],
        numbers: vec![
            line("+442079460001", false, None),
            line(PORTED, true, None),
            line(MOBILE, true, Some("ABC123456")),
        ],
        amounts: Totals::new(Pence(499), Pence::ZERO, Pence::ZERO, Pence::ZERO, Pence::ZERO).into(),
    };
    let mut events = vec![
        ServiceOrderEvent::OrderPlaced {
            order_number: "SB-123456".into(),
            cart_id: "cart-1".into(),
            cart_version: 1,
            customer: Customer { email: "jane@example.com".into(), first_name: "Jane".into(), ..Customer::default() },
            lines,
            payment_type: PaymentType::Subscription,
            placed_at: at(),
        },
        ServiceOrderEvent::PaymentCustomerRegistered { customer_id: "cus_1".into() },
        ServiceOrderEvent::SubscriptionCreated { subscription_id: "sub_1".into() },
        ServiceOrderEvent::PaymentSucceeded { part: PaymentPart::Subscription, reference: "sub_1".into() },
        ServiceOrderEvent::PaymentConfirmed { confirmed_at: at() },
        ServiceOrderEvent::AccountCreated {
            account_id: "acc-1".into(),
            extensions: vec![Extension { number: "101".into(), username: "jane101".into() }],
        },
        ServiceOrderEvent::NumbersAssigned { numbers: vec!["+442079460001".into()] },
    ];
    if completed {
        events.push(ServiceOrderEvent::OrderCompleted { completed_at: at() });
    }
    events
}

fn open_command(number: &str) -> TransferCommand {
    opening(ORDER, number, &order_events(true)).unwrap()
}

fn opened(number: &str) -> TransferEvent {
    let pac = (number == MOBILE).then(|| "ABC123456".to_string());
    TransferEvent::PortOpened {
        order_id: ORDER.into(),
        number: number.into(),
        requested_at: at(),
        updated_at: None,
        state: if pac.is_some() { TransferState::DetailsConfirmed } else { TransferState::Requested },
        details: None,
        signed_at: None,
        date: None,
        rejection_reason: None,
        pac,
        carried_over: false,
    }
}

fn port_details() -> TransferDetails {
    TransferDetails {
        account_holder: "Acme Plumbing Ltd".into(),
        current_provider: "BT".into(),
        billing_postcode: "SW1A 1AA".into(),
        signed_name: "Jane Smith".into(),
    }
}

fn confirm() -> TransferCommand {
    TransferCommand::ConfirmDetails { details: port_details() }
}

fn confirmed() -> TransferEvent {
    TransferEvent::PortDetailsConfirmed { number: PORTED.into(), details: port_details(), signed_at: at() }
}

fn submitted() -> TransferEvent {
    TransferEvent::PortSubmitted { number: PORTED.into(), at: at() }
}

fn port_date() -> NaiveDate {
    date(26)
}

fn date_set() -> TransferEvent {
    TransferEvent::PortDateSet { number: PORTED.into(), date: port_date(), at: at() }
}

fn submit() -> TransferCommand {
    TransferCommand::Submit { by: STAFF.into() }
}

fn set_date(date: NaiveDate) -> TransferCommand {
    TransferCommand::SetDate { date, by: STAFF.into() }
}

fn complete_port(by: &str) -> TransferCommand {
    TransferCommand::Complete { by: by.into() }
}

fn reject(reason: &str) -> TransferCommand {
    TransferCommand::Reject { reason: reason.into(), by: STAFF.into() }
}

fn given_port(after: &[TransferEvent]) -> Vec<TransferEvent> {
    let mut given = vec![opened(PORTED)];
    given.extend_from_slice(after);
    given
}

fn given_mobile(after: &[TransferEvent]) -> Vec<TransferEvent> {
    let mut given = vec![opened(MOBILE)];
    given.extend_from_slice(after);
    given
}

fn not_allowed(state: TransferState) -> TransferError {
    TransferError::StepNotAllowed { state: state.label() }
}

fn port_after(events: Vec<TransferEvent>) -> Transfer {
    let mut transfer = Transfer::default();
    for event in events {
        transfer.apply(event);
    }
    transfer
}

// Opening.

/// The id is the stream's key in the events table: pinned, so every transfer stored keeps
/// loading (a changed format would open a second transfer for the same number).
#[test]
fn a_port_id_is_its_order_and_number() {
    assert_eq!(transfer_id("SB-123456", "+442079460123"), "SB-123456:+442079460123");
    assert_eq!(transfer_id(ORDER, PORTED), format!("{ORDER}:{PORTED}"));
    assert_ne!(transfer_id(ORDER, PORTED), transfer_id(ORDER, MOBILE));
}

#[test]
fn a_port_opens_only_for_a_number_a_completed_order_transfers_in() {
    assert_eq!(opening(ORDER, PORTED, &order_events(false)), Err(TransferError::NotStarted));
    // A stock number of the order is not a transfer, nor is a number of someone else's.
    for number in ["+442079460001", "02079469999"] {
        assert_eq!(opening(ORDER, number, &order_events(true)), Err(TransferError::NotATransfer));
    }
    assert_eq!(opening(ORDER, PORTED, &[]), Err(TransferError::NotATransfer));
}

#[tokio::test]
async fn a_landline_port_opens_requested_and_a_mobile_with_its_pac_and_details_in() {
    test().given_no_previous_events().when_async(open_command(PORTED)).await.then_expect_events(vec![opened(PORTED)]);
    test().given_no_previous_events().when_async(open_command(MOBILE)).await.then_expect_events(vec![opened(MOBILE)]);
    let mobile = port_after(vec![opened(MOBILE)]);
    assert_eq!((mobile.state, mobile.pac.as_deref()), (TransferState::DetailsConfirmed, Some("ABC123456")));
    assert!(mobile.moves_with_pac());
    assert_eq!((mobile.details.as_ref(), mobile.signed_at), (None, None), "nothing is signed for a mobile");
    let landline = port_after(vec![opened(PORTED)]);
    assert_eq!(
        (landline.state, landline.pac.as_deref(), landline.requested_at),
        (TransferState::Requested, None, at())
    );
}

#[tokio::test]
async fn opening_an_open_port_again_stores_nothing() {
    test().given(given_port(&[confirmed()])).when_async(open_command(PORTED)).await.then_expect_events(vec![]);
}

#[tokio::test]
async fn a_port_begun_in_the_orders_stream_opens_where_it_stood() {
    let mut events = order_events(true);
    events.extend([
        ServiceOrderEvent::PortDetailsConfirmed { number: PORTED.into(), details: port_details(), signed_at: at() },
        ServiceOrderEvent::PortSubmitted { number: PORTED.into(), at: at() },
        // Another number's step is not this transfer's.
        ServiceOrderEvent::PortSubmitted { number: MOBILE.into(), at: at() },
        ServiceOrderEvent::PortRejected { number: PORTED.into(), reason: "Wrong postcode".into(), at: at() },
    ]);
    let command = opening(ORDER, PORTED, &events).unwrap();
    let carried = TransferEvent::PortOpened {
        order_id: ORDER.into(),
        number: PORTED.into(),
        requested_at: at(),
        updated_at: None,
        state: TransferState::Rejected,
        details: Some(port_details()),
        signed_at: Some(at()),
        date: None,
        rejection_reason: Some("Wrong postcode".into()),
        pac: None,
        carried_over: true,
    };
    test().given_no_previous_events().when_async(command).await.then_expect_events(vec![carried.clone()]);
    // And its next step follows from there: corrected details start it again.
    test()
        .given(vec![carried.clone()])
        .when_async(submit())
        .await
        .then_expect_error(not_allowed(TransferState::Rejected));
    test().given(vec![carried]).when_async(confirm()).await.then_expect_events(vec![confirmed()]);
    let mobile = opening(ORDER, MOBILE, &events).unwrap();
    assert!(matches!(mobile, TransferCommand::Open { state: TransferState::Submitted, .. }));
}

#[tokio::test]
async fn no_step_before_the_port_is_opened() {
    for command in [confirm(), TransferCommand::GivePac { pac: "ABC123456".into() }, submit(), complete_port(STAFF)] {
        test().given_no_previous_events().when_async(command).await.then_expect_error(TransferError::NotStarted);
    }
}

// The buyer's step.

#[tokio::test]
async fn the_buyer_signs_the_letter_of_authority_with_the_details() {
    test().given(given_port(&[])).when_async(confirm()).await.then_expect_events(vec![confirmed()]);
    // The same details again (a double click) store nothing; corrected ones before submission do.
    test().given(given_port(&[confirmed()])).when_async(confirm()).await.then_expect_events(vec![]);
    let corrected = TransferDetails { current_provider: "Virgin Media Business".into(), ..port_details() };
    let correct = TransferCommand::ConfirmDetails { details: corrected.clone() };
    test().given(given_port(&[confirmed()])).when_async(correct).await.then_expect_events(vec![
        TransferEvent::PortDetailsConfirmed { number: PORTED.into(), details: corrected, signed_at: at() },
    ]);
}

fn signed_by(name: &str) -> TransferDetails {
    TransferDetails { signed_name: name.into(), ..port_details() }
}

fn confirmed_by(name: &str) -> TransferEvent {
    TransferEvent::PortDetailsConfirmed { number: PORTED.into(), details: signed_by(name), signed_at: at() }
}

#[tokio::test]
async fn the_letter_of_authority_is_signed_at_most_five_times_until_staff_act() {
    let signed: Vec<TransferEvent> = (0..MAX_SIGNATURES).map(|n| confirmed_by(&format!("Jane Smith {n}"))).collect();
    let sign_again = TransferCommand::ConfirmDetails { details: signed_by("Somebody Else") };
    test()
        .given(given_port(&signed))
        .when_async(sign_again.clone())
        .await
        .then_expect_error(TransferError::TooManySignatures);
    // The last details sent again are still a replay that stores nothing, not a refusal.
    let last = TransferCommand::ConfirmDetails { details: signed_by(&format!("Jane Smith {}", MAX_SIGNATURES - 1)) };
    test().given(given_port(&signed)).when_async(last).await.then_expect_events(vec![]);
    // One fewer is still allowed.
    let fewer = &signed[..signed.len() - 1];
    test()
        .given(given_port(fewer))
        .when_async(sign_again.clone())
        .await
        .then_expect_events(vec![confirmed_by("Somebody Else")]);
    // A rejection asks for corrected details: the count starts again.
    let mut rejected = signed.clone();
    rejected.push(submitted());
    rejected.push(TransferEvent::PortRejected { number: PORTED.into(), reason: "Wrong postcode".into(), at: at() });
    test()
        .given(given_port(&rejected))
        .when_async(sign_again)
        .await
        .then_expect_events(vec![confirmed_by("Somebody Else")]);
    assert_eq!(port_after(given_port(&rejected)).signatures, 0);
    assert_eq!(port_after(given_port(&signed)).signatures, MAX_SIGNATURES);
}

#[tokio::test]
async fn port_details_are_checked() {
    let unsigned = TransferDetails { signed_name: " ".into(), ..port_details() };
    test()
        .given(given_port(&[]))
        .when_async(TransferCommand::ConfirmDetails { details: unsigned })
        .await
        .then_expect_error(TransferError::InvalidDetails("signed_name"));
}

#[test]
fn details_are_trimmed_and_the_postcode_standardised() {
    let details = TransferDetails {
        account_holder: "  Acme   Plumbing Ltd ".into(),
        current_provider: "BT".into(),
        billing_postcode: "sw1a1aa".into(),
        signed_name: "Jane Smith".into(),
    };
    let checked = details.clone().checked().unwrap();
    assert_eq!(checked.account_holder, "Acme Plumbing Ltd");
    assert_eq!(checked.billing_postcode, "SW1A 1AA");
    let bad = TransferDetails { billing_postcode: "12345".into(), ..details.clone() };
    assert_eq!(bad.checked(), Err(TransferError::InvalidDetails("billing_postcode")));
    let unsigned = TransferDetails { signed_name: "   ".into(), ..details.clone() };
    assert_eq!(unsigned.checked(), Err(TransferError::InvalidDetails("signed_name")));
    let long = TransferDetails { current_provider: "x".repeat(MAX_TRANSFER_TEXT + 1), ..details };
    assert_eq!(long.checked(), Err(TransferError::InvalidDetails("current_provider")));
}

// Staff steps.

#[tokio::test]
async fn staff_submit_set_the_date_and_complete_in_that_order() {
    test().given(given_port(&[confirmed()])).when_async(submit()).await.then_expect_events(vec![submitted()]);
    test()
        .given(given_port(&[confirmed(), submitted()]))
        .when_async(set_date(port_date()))
        .await
        .then_expect_events(vec![date_set()]);
    // A date can be moved before the number moves.
    let later = date(30);
    test()
        .given(given_port(&[confirmed(), submitted(), date_set()]))
        .when_async(set_date(later))
        .await
        .then_expect_events(vec![TransferEvent::PortDateSet { number: PORTED.into(), date: later, at: at() }]);
    test()
        .given(given_port(&[confirmed(), submitted(), date_set()]))
        .when_async(complete_port(STAFF))
        .await
        .then_expect_events(vec![TransferEvent::PortCompleted { number: PORTED.into(), at: at() }]);
}

#[tokio::test]
async fn no_step_is_skipped() {
    // Nothing to submit before the buyer's details.
    test().given(given_port(&[])).when_async(submit()).await.then_expect_error(not_allowed(TransferState::Requested));
    // No date before submission; no completion before a date is set.
    test()
        .given(given_port(&[confirmed()]))
        .when_async(set_date(port_date()))
        .await
        .then_expect_error(not_allowed(TransferState::DetailsConfirmed));
    test()
        .given(given_port(&[confirmed(), submitted()]))
        .when_async(complete_port(STAFF))
        .await
        .then_expect_error(not_allowed(TransferState::Submitted));
    test()
        .given(given_port(&[]))
        .when_async(complete_port(STAFF))
        .await
        .then_expect_error(not_allowed(TransferState::Requested));
    // Once submitted, the buyer's details are with the provider: no more corrections.
    test()
        .given(given_port(&[confirmed(), submitted()]))
        .when_async(confirm())
        .await
        .then_expect_error(not_allowed(TransferState::Submitted));
    // A completed transfer is done.
    let done = TransferEvent::PortCompleted { number: PORTED.into(), at: at() };
    test()
        .given(given_port(&[confirmed(), submitted(), date_set(), done]))
        .when_async(reject("Too late"))
        .await
        .then_expect_error(not_allowed(TransferState::Completed));
}

#[tokio::test]
async fn a_date_in_the_past_is_refused() {
    test()
        .given(given_port(&[confirmed(), submitted()]))
        .when_async(set_date(date(22)))
        .await
        .then_expect_error(TransferError::DateInThePast);
}

#[tokio::test]
async fn a_port_cannot_be_moved_by_an_anonymous_caller() {
    test()
        .given(given_port(&[confirmed(), submitted(), date_set()]))
        .when_async(complete_port("  "))
        .await
        .then_expect_error(TransferError::StaffRequired);
    test()
        .given(given_port(&[confirmed()]))
        .when_async(TransferCommand::Submit { by: String::new() })
        .await
        .then_expect_error(TransferError::StaffRequired);
    test()
        .given(given_port(&[confirmed(), submitted()]))
        .when_async(TransferCommand::SetDate { date: port_date(), by: " ".into() })
        .await
        .then_expect_error(TransferError::StaffRequired);
    test()
        .given(given_port(&[confirmed()]))
        .when_async(TransferCommand::Reject { reason: "x".into(), by: "".into() })
        .await
        .then_expect_error(TransferError::StaffRequired);
}

#[tokio::test]
async fn a_rejection_needs_a_reason_and_the_buyer_can_try_again() {
    test()
        .given(given_port(&[confirmed(), submitted()]))
        .when_async(reject("  "))
        .await
        .then_expect_error(TransferError::RejectionReasonMissing);
    test()
        .given(given_port(&[confirmed(), submitted()]))
        .when_async(reject(&"x".repeat(MAX_REJECTION_REASON + 1)))
        .await
        .then_expect_error(TransferError::RejectionReasonMissing);
    // Not before there is anything to reject.
    test()
        .given(given_port(&[]))
        .when_async(reject("Wrong postcode"))
        .await
        .then_expect_error(not_allowed(TransferState::Requested));
    let rejected = TransferEvent::PortRejected {
        number: PORTED.into(),
        reason: "The billing postcode does not match the account.".into(),
        at: at(),
    };
    test()
        .given(given_port(&[confirmed(), submitted()]))
        .when_async(reject(" The billing postcode does not match the account. "))
        .await
        .then_expect_events(vec![rejected.clone()]);
    // Corrected details start it again; staff cannot submit a rejected transfer as it stands.
    test()
        .given(given_port(&[confirmed(), submitted(), rejected.clone()]))
        .when_async(submit())
        .await
        .then_expect_error(not_allowed(TransferState::Rejected));
    test()
        .given(given_port(&[confirmed(), submitted(), rejected]))
        .when_async(confirm())
        .await
        .then_expect_events(vec![confirmed()]);
}

// A mobile: the same transfer, with the PAC as its authority.

#[tokio::test]
async fn a_mobile_port_goes_through_the_staff_steps() {
    let number = || MOBILE.to_string();
    test()
        .given(given_mobile(&[]))
        .when_async(submit())
        .await
        .then_expect_events(vec![TransferEvent::PortSubmitted { number: number(), at: at() }]);
    let submitted = TransferEvent::PortSubmitted { number: number(), at: at() };
    let date_set = TransferEvent::PortDateSet { number: number(), date: port_date(), at: at() };
    test()
        .given(given_mobile(&[submitted, date_set]))
        .when_async(complete_port(STAFF))
        .await
        .then_expect_events(vec![TransferEvent::PortCompleted { number: number(), at: at() }]);
}

#[tokio::test]
async fn a_mobile_port_has_no_letter_of_authority_to_sign() {
    test().given(given_mobile(&[])).when_async(confirm()).await.then_expect_error(TransferError::MovesWithPac);
}

fn give_pac(pac: &str) -> TransferCommand {
    TransferCommand::GivePac { pac: pac.into() }
}

#[tokio::test]
async fn after_a_rejection_the_buyer_gives_a_new_pac() {
    let rejected =
        TransferEvent::PortRejected { number: MOBILE.into(), reason: "The PAC code has expired".into(), at: at() };
    let submitted = TransferEvent::PortSubmitted { number: MOBILE.into(), at: at() };
    let given = given_mobile(&[submitted.clone(), rejected]);
    let new_pac = TransferEvent::PortPacGiven { number: MOBILE.into(), pac: "XYZ654321".into(), at: at() };
    test().given(given.clone()).when_async(give_pac("xyz 654 321")).await.then_expect_events(vec![new_pac.clone()]);
    let mut after = given.clone();
    after.push(new_pac);
    let transfer = port_after(after.clone());
    assert_eq!(
        (transfer.state, transfer.pac.as_deref(), transfer.rejection_reason),
        (TransferState::DetailsConfirmed, Some("XYZ654321"), None)
    );
    // The same PAC again stores nothing; a malformed one is refused.
    test().given(after).when_async(give_pac("XYZ654321")).await.then_expect_events(vec![]);
    test().given(given).when_async(give_pac("XYZ65432")).await.then_expect_error(TransferError::InvalidPac);
    // Not once submitted; not for a landline, which moves with a letter of authority.
    test()
        .given(given_mobile(&[submitted]))
        .when_async(give_pac("XYZ654321"))
        .await
        .then_expect_error(not_allowed(TransferState::Submitted));
    test().given(given_port(&[])).when_async(give_pac("XYZ654321")).await.then_expect_error(TransferError::NeedsLetter);
}

// The promise.

#[test]
fn business_days_skip_weekends() {
    assert_eq!(business_days_between(date(23), date(23)), 0);
    assert_eq!(business_days_between(date(23), date(24)), 1);
    // Friday 27th to Monday 30th: one business day.
    assert_eq!(business_days_between(date(27), date(30)), 1);
    // Monday to the Monday after: five.
    assert_eq!(business_days_between(date(23), date(30)), 5);
    // Saturday to Sunday: none.
    assert_eq!(business_days_between(date(28), date(29)), 0);
    assert_eq!(business_days_between(date(24), date(23)), 0);
    // Three weeks and four days from a Thursday (26th) lands on Monday 21 Dec: 15 + Fri + Mon.
    assert_eq!(business_days_between(date(26), NaiveDate::from_ymd_opt(2026, 12, 21).unwrap()), 17);
}

#[test]
fn a_port_is_overdue_after_three_business_days_open() {
    let on = |day: u32| date(day).and_hms_opt(10, 0, 0).unwrap().and_utc();
    // Requested on Thursday 26th: Mon 30th is 2 business days, Tue 1 Dec 3, Wed 2 Dec 4.
    let mut transfer = port_after(vec![opened(PORTED)]);
    transfer.requested_at = on(26);
    assert!(!transfer.overdue(on(30)));
    assert!(!transfer.overdue(Utc.with_ymd_and_hms(2026, 12, 1, 10, 0, 0).unwrap()));
    assert!(transfer.overdue(Utc.with_ymd_and_hms(2026, 12, 2, 10, 0, 0).unwrap()));
    transfer.state = TransferState::Completed;
    assert!(!transfer.overdue(Utc.with_ymd_and_hms(2026, 12, 2, 10, 0, 0).unwrap()));
}

#[test]
fn port_states_keep_their_wire_names() {
    for (state, wire) in [
        (TransferState::Requested, "requested"),
        (TransferState::DetailsConfirmed, "detailsConfirmed"),
        (TransferState::Submitted, "submitted"),
        (TransferState::DateSet, "dateSet"),
        (TransferState::Completed, "completed"),
        (TransferState::Rejected, "rejected"),
    ] {
        assert_eq!(serde_json::to_value(state).unwrap(), serde_json::json!(wire));
    }
}
