use std::sync::Arc;

use chrono::{DateTime, Duration, TimeZone, Utc};
use cqrs_es::test::TestFramework;
use cqrs_es::{Aggregate, DomainEvent};

use super::details::tests::{address, customer};
use super::*;
use crate::clock::FixedClock;
use crate::pricing::Pence;

use HardwareOrderCommand as C;
use HardwareOrderError as E;
use HardwareOrderEvent as Ev;

/// A Monday morning.
fn at() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 23, 10, 0, 0).unwrap()
}

fn test_at(now: DateTime<Utc>) -> TestFramework<HardwareOrder> {
    TestFramework::with(HardwareOrderServices { clock: Arc::new(FixedClock(now)) })
}

async fn expect_at(now: DateTime<Utc>, given: Vec<Ev>, command: C, expected: Vec<Ev>) {
    test_at(now).given(given).when_async(command).await.then_expect_events(expected);
}

async fn expect(given: Vec<Ev>, command: C, expected: Vec<Ev>) {
    expect_at(at(), given, command, expected).await;
}

async fn refuse_at(now: DateTime<Utc>, given: Vec<Ev>, command: C, error: E) {
    test_at(now).given(given).when_async(command).await.then_expect_error(error);
}

async fn refuse(given: Vec<Ev>, command: C, error: E) {
    refuse_at(at(), given, command, error).await;
}

const PAID_ID: &str = "pi_3Mtw1234abcd";
/// Two £64 phones by Saturday delivery: 12800 + 1500 + 2860 VAT.
const TOTAL: Pence = Pence(17160);

fn lines() -> Vec<HardwareLine> {
    vec![HardwareLine {
        product_id: "phone-1".into(),
        name: "Yealink T54W".into(),
        unit_price: Pence(6400),
        quantity: 2,
    }]
}

fn place_with(lines: Vec<HardwareLine>) -> C {
    C::PlaceOrder {
        order_number: "HW-123456".into(),
        cart_id: "cart-1".into(),
        lines,
        shipping: ShippingOption::Saturday,
        customer: customer(),
        address: address(),
    }
}

fn place() -> C {
    place_with(lines())
}

fn placed() -> Ev {
    Ev::OrderPlaced {
        order_number: "HW-123456".into(),
        cart_id: "cart-1".into(),
        lines: lines(),
        shipping: ShippingOption::Saturday,
        customer: customer(),
        address: address(),
        amounts: HardwareAmounts { items: Pence(12800), shipping: Pence(1500), vat: Pence(2860), total: TOTAL },
        placed_at: at(),
    }
}

fn started(id: &str, attempt: u32) -> Ev {
    Ev::PaymentStarted { payment_intent_id: id.into(), card: format!("pm_{attempt}"), amount: TOTAL, attempt }
}

fn start(id: &str, attempt: u32) -> C {
    C::StartPayment { payment_intent_id: id.into(), card: format!("pm_{attempt}"), amount: TOTAL }
}

fn declined(id: &str) -> Ev {
    Ev::PaymentDeclined {
        payment_intent_id: id.into(),
        code: "card_declined".into(),
        decline_code: Some("insufficient_funds".into()),
    }
}

fn decline(id: &str) -> C {
    C::RecordDecline {
        payment_intent_id: id.into(),
        code: "card_declined".into(),
        decline_code: Some("insufficient_funds".into()),
    }
}

fn record(id: &str) -> C {
    C::RecordPayment { payment_intent_id: id.into(), amount: TOTAL, status: "succeeded".into() }
}

fn recorded(id: &str) -> Ev {
    Ev::PaymentRecorded { payment_intent_id: id.into(), amount: TOTAL, status: "succeeded".into(), paid_at: at() }
}

fn confirmed(email_queued: bool, retried: bool) -> Ev {
    Ev::OrderConfirmed { stock: vec![("phone-1".into(), 2)], email_queued, confirmed_at: at(), retried }
}

fn marked_payment_only() -> Ev {
    Ev::MarkedPaymentOnly { reference: format!("temp-{PAID_ID}") }
}

fn marked_error_handled() -> Ev {
    Ev::MarkedErrorHandled { reference: "error-pi_3Mtw1".into() }
}

fn cancelled() -> Ev {
    Ev::OrderCancelled { reason: "expired".into(), cancelled_at: at() + UNPAID_ORDER_LIFETIME }
}

// The order at each status.

fn new() -> Vec<Ev> {
    vec![]
}

fn placed_order() -> Vec<Ev> {
    vec![placed()]
}

fn paid() -> Vec<Ev> {
    vec![placed(), started(PAID_ID, 1), recorded(PAID_ID)]
}

fn with(mut events: Vec<Ev>, more: Ev) -> Vec<Ev> {
    events.push(more);
    events
}

fn confirmed_order() -> Vec<Ev> {
    with(paid(), confirmed(true, false))
}

fn payment_only() -> Vec<Ev> {
    with(paid(), marked_payment_only())
}

fn error_handled() -> Vec<Ev> {
    with(paid(), marked_error_handled())
}

fn cancelled_order() -> Vec<Ev> {
    vec![placed(), cancelled()]
}

/// Every status where the money is taken.
fn all_paid() -> [Vec<Ev>; 4] {
    [paid(), confirmed_order(), payment_only(), error_handled()]
}

fn state(events: Vec<Ev>) -> HardwareOrder {
    let mut order = HardwareOrder::default();
    for event in events {
        order.apply(event);
    }
    order
}

// 1. PlaceOrder

#[tokio::test]
async fn placing_prices_the_order_and_keeps_normalised_details() {
    expect(new(), place(), vec![placed()]).await;
    let untidy = C::PlaceOrder {
        order_number: "HW-123456".into(),
        cart_id: "cart-1".into(),
        lines: lines(),
        shipping: ShippingOption::Saturday,
        customer: HardwareCustomer { email: " jane@example.com ".into(), ..customer() },
        address: ShippingAddress { postal_code: "sw1a1aa".into(), city: " London".into(), ..address() },
    };
    expect(new(), untidy, vec![placed()]).await;
}

#[tokio::test]
async fn placing_twice_is_refused() {
    refuse(placed_order(), place(), E::AlreadyPlaced).await;
    refuse(cancelled_order(), place(), E::AlreadyPlaced).await;
}

#[tokio::test]
async fn a_bad_order_number_is_refused() {
    for number in ["HW-12345", "HW-1234567", "SB-123456", "HW-12345a", "hw-123456", ""] {
        let C::PlaceOrder { cart_id, lines, shipping, customer, address, .. } = place() else { unreachable!() };
        let command = C::PlaceOrder { order_number: number.into(), cart_id, lines, shipping, customer, address };
        refuse(new(), command, E::InvalidOrderNumber).await;
    }
    assert!(is_order_number("HW-000001"));
}

#[tokio::test]
async fn an_order_without_phones_is_refused() {
    refuse(new(), place_with(vec![]), E::NoItems).await;
}

#[tokio::test]
async fn quantities_outside_1_to_99_are_refused() {
    for quantity in [0, MAX_QUANTITY + 1] {
        let mut lines = lines();
        lines[0].quantity = quantity;
        refuse(new(), place_with(lines), E::InvalidQuantity).await;
    }
}

#[tokio::test]
async fn more_than_20_lines_are_refused() {
    refuse(new(), place_with(vec![lines()[0].clone(); MAX_LINES + 1]), E::TooManyLines).await;
}

#[tokio::test]
async fn free_negative_or_absurd_prices_are_refused() {
    for price in [Pence::ZERO, Pence(-100), Pence(MAX_UNIT_PRICE.0 + 1)] {
        let mut lines = lines();
        lines[0].unit_price = price;
        refuse(new(), place_with(lines), E::InvalidPrice).await;
    }
}

#[tokio::test]
async fn bad_details_are_refused_field_by_field() {
    let C::PlaceOrder { order_number, cart_id, lines, shipping, customer, .. } = place() else { unreachable!() };
    let address = ShippingAddress { postal_code: "nowhere".into(), country: "FR".into(), ..address() };
    let command = C::PlaceOrder { order_number, cart_id, lines, shipping, customer, address };
    let fields = FieldErrors::from([("country", "Please choose United Kingdom or Ireland.")]);
    refuse(new(), command, E::InvalidDetails(fields)).await;
}

// 2. RegisterPaymentCustomer

fn register(id: &str) -> C {
    C::RegisterPaymentCustomer { customer_id: id.into() }
}

fn registered(id: &str) -> Ev {
    Ev::PaymentCustomerRegistered { customer_id: id.into() }
}

#[tokio::test]
async fn registering_the_payment_customer() {
    expect(placed_order(), register("cus_1"), vec![registered("cus_1")]).await;
    expect(with(placed_order(), registered("cus_1")), register("cus_1"), vec![]).await;
    expect(with(placed_order(), registered("cus_1")), register("cus_2"), vec![registered("cus_2")]).await;
}

#[tokio::test]
async fn registering_needs_an_open_order() {
    refuse(new(), register("cus_1"), E::NotPlaced).await;
    for given in all_paid() {
        refuse(given, register("cus_1"), E::AlreadyPaid).await;
    }
    refuse(cancelled_order(), register("cus_1"), E::Cancelled).await;
}

// 3. StartCardSetup

fn setup(id: &str) -> C {
    C::StartCardSetup { setup_intent_id: id.into() }
}

fn setup_started(id: &str) -> Ev {
    Ev::CardSetupStarted { setup_intent_id: id.into() }
}

#[tokio::test]
async fn starting_a_card_setup() {
    expect(placed_order(), setup("seti_1"), vec![setup_started("seti_1")]).await;
    expect(with(placed_order(), setup_started("seti_1")), setup("seti_1"), vec![]).await;
    // After a declined card the browser gets a new one.
    expect(with(placed_order(), setup_started("seti_1")), setup("seti_2"), vec![setup_started("seti_2")]).await;
}

#[tokio::test]
async fn a_card_setup_needs_an_open_order() {
    refuse(new(), setup("seti_1"), E::NotPlaced).await;
    for given in all_paid() {
        refuse(given, setup("seti_1"), E::AlreadyPaid).await;
    }
    refuse(cancelled_order(), setup("seti_1"), E::Cancelled).await;
}

// 4. StartPayment

#[tokio::test]
async fn starting_a_payment_of_the_order_total() {
    expect(placed_order(), start("pi_1", 1), vec![started("pi_1", 1)]).await;
    expect(with(placed_order(), started("pi_1", 1)), start("pi_1", 1), vec![]).await;
}

#[tokio::test]
async fn a_payment_needs_an_open_order_and_the_orders_total() {
    refuse(new(), start("pi_1", 1), E::NotPlaced).await;
    for given in all_paid() {
        refuse(given, start("pi_1", 1), E::AlreadyPaid).await;
    }
    refuse(cancelled_order(), start("pi_1", 1), E::Cancelled).await;
    let wrong = C::StartPayment { payment_intent_id: "pi_1".into(), card: "pm_1".into(), amount: Pence(15360) };
    refuse(placed_order(), wrong, E::AmountMismatch).await;
}

// 5. RecordDecline

#[tokio::test]
async fn a_decline_closes_the_attempt_and_the_next_is_attempt_2() {
    let given = vec![placed(), started("pi_1", 1)];
    expect(given.clone(), decline("pi_1"), vec![declined("pi_1")]).await;
    let given = with(given, declined("pi_1"));
    expect(given.clone(), start("pi_2", 2), vec![started("pi_2", 2)]).await;
    let order = state(given.clone());
    assert_eq!(
        (order.payment.under_way(), order.payment.refusal(), order.declined_attempts),
        (None, Some("card_declined"), 1)
    );
    // The next attempt is under way with its card and its number.
    let order = state(with(given, started("pi_2", 2)));
    assert_eq!((order.payment.under_way(), order.payment.number), (Some("pi_2"), 2));
    assert_eq!(order.payment.refusal(), None);
}

#[tokio::test]
async fn a_decline_of_a_payment_not_under_way_is_refused() {
    refuse(new(), decline("pi_1"), E::NotPlaced).await;
    for given in all_paid() {
        refuse(given, decline(PAID_ID), E::AlreadyPaid).await;
    }
    refuse(placed_order(), decline("pi_1"), E::UnknownPayment).await;
    refuse(vec![placed(), started("pi_2", 1)], decline("pi_1"), E::UnknownPayment).await;
    // Declined once already: that attempt is over.
    refuse(vec![placed(), started("pi_1", 1), declined("pi_1")], decline("pi_1"), E::UnknownPayment).await;
}

#[tokio::test]
async fn a_decline_after_expiry_still_closes_the_attempt() {
    let given = vec![placed(), started("pi_1", 1), cancelled()];
    expect(given, decline("pi_1"), vec![declined("pi_1")]).await;
}

// 6. RecordPayment

#[tokio::test]
async fn recording_the_payment() {
    expect(vec![placed(), started("pi_1", 1)], record("pi_1"), vec![recorded("pi_1")]).await;
    for given in all_paid() {
        expect(given, record(PAID_ID), vec![]).await;
    }
}

#[tokio::test]
async fn a_payment_that_succeeds_after_expiry_makes_the_order_paid() {
    let given = vec![placed(), started("pi_1", 1), cancelled()];
    expect(given.clone(), record("pi_1"), vec![recorded("pi_1")]).await;
    let order = state(with(given, recorded("pi_1")));
    assert_eq!(order.status, HardwareOrderStatus::Paid);
    assert_eq!(order.cancelled_at, None);
}

#[tokio::test]
async fn a_payment_is_recorded_only_once_succeeded_and_for_the_total() {
    refuse(new(), record("pi_1"), E::NotPlaced).await;
    for given in all_paid() {
        refuse(given, record("pi_other"), E::AlreadyPaid).await;
    }
    let pending = C::RecordPayment { payment_intent_id: "pi_1".into(), amount: TOTAL, status: "processing".into() };
    refuse(placed_order(), pending, E::PaymentNotSucceeded).await;
    let short = C::RecordPayment { payment_intent_id: "pi_1".into(), amount: Pence(100), status: "succeeded".into() };
    refuse(placed_order(), short, E::AmountMismatch).await;
}

// 7. Confirm

#[tokio::test]
async fn confirming_notes_the_stock_once() {
    expect(paid(), C::Confirm { email_queued: true }, vec![confirmed(true, false)]).await;
    expect(paid(), C::Confirm { email_queued: false }, vec![confirmed(false, false)]).await;
    expect(confirmed_order(), C::Confirm { email_queued: true }, vec![]).await;
}

#[tokio::test]
async fn confirming_a_marked_order_is_its_retry() {
    expect(payment_only(), C::Confirm { email_queued: true }, vec![confirmed(true, true)]).await;
    expect(error_handled(), C::Confirm { email_queued: true }, vec![confirmed(true, true)]).await;
}

#[tokio::test]
async fn confirming_needs_the_payment() {
    for given in [new(), placed_order(), cancelled_order()] {
        refuse(given, C::Confirm { email_queued: true }, E::NotPaid).await;
    }
}

// 8. MarkPaymentOnly

#[tokio::test]
async fn marking_payment_only() {
    expect(paid(), C::MarkPaymentOnly, vec![marked_payment_only()]).await;
    expect(payment_only(), C::MarkPaymentOnly, vec![]).await;
    // Error-handled is the stronger mark: it stays.
    expect(error_handled(), C::MarkPaymentOnly, vec![]).await;
}

#[tokio::test]
async fn marking_payment_only_needs_a_paid_unconfirmed_order() {
    refuse(confirmed_order(), C::MarkPaymentOnly, E::AlreadyConfirmed).await;
    for given in [new(), placed_order(), cancelled_order()] {
        refuse(given, C::MarkPaymentOnly, E::NotPaid).await;
    }
}

// 9. MarkErrorHandled

#[tokio::test]
async fn marking_error_handled_with_the_payments_first_8_characters() {
    expect(paid(), C::MarkErrorHandled, vec![marked_error_handled()]).await;
    expect(payment_only(), C::MarkErrorHandled, vec![marked_error_handled()]).await;
    expect(error_handled(), C::MarkErrorHandled, vec![]).await;
}

#[tokio::test]
async fn marking_error_handled_needs_a_paid_unconfirmed_order() {
    refuse(confirmed_order(), C::MarkErrorHandled, E::AlreadyConfirmed).await;
    for given in [new(), placed_order(), cancelled_order()] {
        refuse(given, C::MarkErrorHandled, E::NotPaid).await;
    }
}

// 10. RetryConfirmation

#[tokio::test]
async fn retrying_confirms_a_paid_order_once() {
    for given in [paid(), payment_only(), error_handled()] {
        expect(given, C::RetryConfirmation { email_queued: true }, vec![confirmed(true, true)]).await;
    }
    expect(confirmed_order(), C::RetryConfirmation { email_queued: true }, vec![]).await;
}

#[tokio::test]
async fn retrying_needs_the_payment() {
    for given in [new(), placed_order(), cancelled_order()] {
        refuse(given, C::RetryConfirmation { email_queued: true }, E::NotPaid).await;
    }
}

// 11. Cancel

#[tokio::test]
async fn an_unpaid_order_expires_after_24_hours() {
    let deadline = at() + UNPAID_ORDER_LIFETIME;
    expect_at(deadline, placed_order(), C::Cancel, vec![cancelled()]).await;
    expect_at(deadline + Duration::hours(1), cancelled_order(), C::Cancel, vec![]).await;
}

#[tokio::test]
async fn cancelling_is_refused_too_early_paid_or_unplaced() {
    let deadline = at() + UNPAID_ORDER_LIFETIME;
    refuse_at(deadline - Duration::seconds(1), placed_order(), C::Cancel, E::TooEarlyToCancel).await;
    for given in all_paid() {
        refuse_at(deadline, given, C::Cancel, E::AlreadyPaid).await;
    }
    refuse_at(deadline, new(), C::Cancel, E::NotPlaced).await;
}

// Whole journeys and the stored shapes.

#[tokio::test]
async fn the_happy_path() {
    let mut given = new();
    let steps = [
        (place(), placed()),
        (register("cus_1"), registered("cus_1")),
        (setup("seti_1"), setup_started("seti_1")),
        (start(PAID_ID, 1), started(PAID_ID, 1)),
        (record(PAID_ID), recorded(PAID_ID)),
        (C::Confirm { email_queued: true }, confirmed(true, false)),
    ];
    for (command, event) in steps {
        expect(given.clone(), command, vec![event.clone()]).await;
        given.push(event);
    }
    let order = state(given);
    assert_eq!(order.status, HardwareOrderStatus::Confirmed);
    assert_eq!(order.payment.paid_reference(), Some(PAID_ID));
    assert_eq!(order.payment_customer_id.as_deref(), Some("cus_1"));
    assert_eq!(order.card_setup_id.as_deref(), Some("seti_1"));
    assert_eq!(order.amounts.total, TOTAL);
    assert_eq!((order.paid_at, order.confirmed_at), (Some(at()), Some(at())));
    assert_eq!((order.payment.under_way(), order.reference.clone(), order.email_queued), (None, None, true));
}

#[test]
fn a_mark_keeps_its_reference_until_confirmed() {
    assert_eq!(state(payment_only()).reference, Some(format!("temp-{PAID_ID}")));
    assert_eq!(state(error_handled()).reference.as_deref(), Some("error-pi_3Mtw1"));
    let order = state(with(error_handled(), confirmed(false, true)));
    assert_eq!((order.status, order.reference, order.email_queued), (HardwareOrderStatus::Confirmed, None, false));
}

#[test]
fn events_round_trip_through_json_with_version_1_0() {
    for event in [placed(), started("pi_1", 1), declined("pi_1"), recorded("pi_1"), confirmed(true, true), cancelled()]
    {
        let json = serde_json::to_string(&event).unwrap();
        assert_eq!(serde_json::from_str::<Ev>(&json).unwrap(), event);
        assert_eq!(event.event_version(), "1.0");
    }
    assert_eq!(placed().event_type(), "OrderPlaced");
    assert_eq!(HardwareOrder::TYPE, "HardwareOrder");
    let json = serde_json::to_value(placed()).unwrap();
    assert_eq!(json["OrderPlaced"]["address"]["postalCode"], "SW1A 1AA");
    assert_eq!(json["OrderPlaced"]["shipping"], "saturday");
}

#[test]
fn status_wire_names() {
    use HardwareOrderStatus as S;
    let all = [S::New, S::Placed, S::Paid, S::Confirmed, S::PaymentOnly, S::ErrorHandled, S::Cancelled];
    let names: Vec<_> = all.iter().map(|s| serde_json::to_value(s).unwrap()).collect();
    assert_eq!(names, ["new", "placed", "paid", "confirmed", "payment-only", "error-handled", "cancelled"]);
    for status in all {
        assert_eq!(serde_json::to_value(status).unwrap(), status.as_str());
    }
    assert_eq!(HardwareOrderStatus::default(), S::New);
}

#[test]
fn error_codes_are_stable_snake_case_and_distinct() {
    let all = [
        E::AlreadyPlaced,
        E::InvalidOrderNumber,
        E::NoItems,
        E::InvalidQuantity,
        E::TooManyLines,
        E::InvalidPrice,
        E::InvalidDetails(FieldErrors::new()),
        E::NotPlaced,
        E::AlreadyPaid,
        E::Cancelled,
        E::AmountMismatch,
        E::UnknownPayment,
        E::PaymentNotSucceeded,
        E::NotPaid,
        E::AlreadyConfirmed,
        E::TooEarlyToCancel,
    ];
    let mut codes: Vec<_> = all.iter().map(E::code).collect();
    assert!(codes.iter().all(|c| c.bytes().all(|b| b.is_ascii_lowercase() || b == b'_')));
    codes.sort();
    codes.dedup();
    assert_eq!(codes.len(), all.len());
    assert_eq!(E::NoItems.to_string(), "Your cart has no desk phones to check out.");
    assert_eq!(E::Cancelled.to_string(), "This order has expired. Please check out again.");
    assert_eq!(E::AlreadyPaid.code(), "order_already_paid");
}

#[tokio::test]
async fn staff_resend_the_confirmation_of_a_confirmed_order_only() {
    let resend = || C::ResendConfirmation;
    let resent = Ev::ConfirmationResent { at: at() };
    expect(confirmed_order(), resend(), vec![resent]).await;
    refuse(new(), resend(), E::NotPlaced).await;
    for unconfirmed in [placed_order(), paid(), payment_only(), error_handled(), cancelled_order()] {
        refuse(unconfirmed, resend(), E::NotConfirmed).await;
    }
}

// Refunds. The order: two £64 phones (line `phone-1`) and a £20 phone (`phone-2`) by
// Saturday delivery (£15): 14800 + 1500 = 16300, VAT 3260, total 19560.

const REFUND_TOTAL: Pence = Pence(19560);

fn two_lines() -> Vec<HardwareLine> {
    let mut lines = lines();
    lines.push(HardwareLine {
        product_id: "phone-2".into(),
        name: "Grandstream GXP1610".into(),
        unit_price: Pence(2000),
        quantity: 1,
    });
    lines
}

fn paid_two_lines() -> Vec<Ev> {
    let amounts = HardwareAmounts::compute(&two_lines(), Some(ShippingOption::Saturday));
    assert_eq!(amounts.total, REFUND_TOTAL);
    let Ev::OrderPlaced { order_number, cart_id, shipping, customer, address, placed_at, .. } = placed() else {
        unreachable!()
    };
    vec![
        Ev::OrderPlaced { order_number, cart_id, lines: two_lines(), shipping, customer, address, amounts, placed_at },
        Ev::PaymentRecorded {
            payment_intent_id: PAID_ID.into(),
            amount: REFUND_TOTAL,
            status: "succeeded".into(),
            paid_at: at(),
        },
    ]
}

fn one_phone() -> Option<Vec<(String, u32)>> {
    Some(vec![("phone-1".into(), 1)])
}

fn request(lines: Option<Vec<(String, u32)>>) -> C {
    C::RequestRefund { lines, reason: "Returned unused".into() }
}

/// Refund `number` of one £64 phone: 6400 + 1280 VAT.
fn requested_one_phone(number: u32) -> Ev {
    Ev::RefundRequested {
        number,
        lines: vec![("phone-1".into(), 1)],
        full: false,
        amount: Pence(7680),
        reason: "Returned unused".into(),
        at: at(),
    }
}

fn refunded_one_phone(number: u32) -> Ev {
    Ev::HardwareRefunded {
        number,
        refund_id: format!("re_{number}"),
        amount: Pence(7680),
        lines: vec![("phone-1".into(), 1)],
        full: false,
        reason: "Returned unused".into(),
        at: at(),
    }
}

#[tokio::test]
async fn a_refund_of_one_phone_is_its_price_and_its_vat_recorded_before_the_provider_is_asked() {
    expect(paid_two_lines(), request(one_phone()), vec![requested_one_phone(1)]).await;
}

#[tokio::test]
async fn a_refund_of_the_whole_order_is_all_that_was_paid_shipping_included() {
    let expected = Ev::RefundRequested {
        number: 1,
        lines: vec![("phone-1".into(), 2), ("phone-2".into(), 1)],
        full: true,
        amount: REFUND_TOTAL,
        reason: "Returned unused".into(),
        at: at(),
    };
    expect(paid_two_lines(), request(None), vec![expected]).await;
}

#[tokio::test]
async fn after_a_phone_is_refunded_the_whole_order_refunds_what_is_left() {
    let given = [paid_two_lines(), vec![requested_one_phone(1), refunded_one_phone(1)]].concat();
    let expected = Ev::RefundRequested {
        number: 2,
        lines: vec![("phone-1".into(), 1), ("phone-2".into(), 1)],
        full: true,
        amount: Pence(REFUND_TOTAL.0 - 7680),
        reason: "Returned unused".into(),
        at: at(),
    };
    expect(given, request(None), vec![expected]).await;
}

#[tokio::test]
async fn the_same_phone_named_twice_counts_both_quantities() {
    let twice = Some(vec![("phone-1".into(), 1), (" phone-1".into(), 1)]);
    let Ev::RefundRequested { lines, amount, .. } =
        test_at(at()).given(paid_two_lines()).when_async(request(twice)).await.inspect_result().unwrap().remove(0)
    else {
        panic!("a refund requested")
    };
    assert_eq!((lines, amount), (vec![("phone-1".to_string(), 2)], Pence(15360)));
}

#[tokio::test]
async fn the_provider_answer_records_the_refund_once() {
    let given = [paid_two_lines(), vec![requested_one_phone(1)]].concat();
    let record = || C::RecordRefund { number: 1, refund_id: "re_1".into(), amount: Pence(7680) };
    expect(given.clone(), record(), vec![refunded_one_phone(1)]).await;
    expect(with(given, refunded_one_phone(1)), record(), vec![]).await;
}

#[tokio::test]
async fn a_refused_refund_frees_its_phones_for_another_try() {
    let given = [paid_two_lines(), vec![requested_one_phone(1)]].concat();
    let failed = Ev::RefundFailed { number: 1, message: "card expired".into(), at: at() };
    expect(given.clone(), C::RecordRefundFailure { number: 1, message: "card expired".into() }, vec![failed.clone()])
        .await;
    // The next try has a number (and so a provider key) of its own.
    let two_phones = Some(vec![("phone-1".into(), 2)]);
    let Ev::RefundRequested { number, .. } = test_at(at())
        .given(with(given, failed))
        .when_async(request(two_phones))
        .await
        .inspect_result()
        .unwrap()
        .remove(0)
    else {
        panic!("a refund requested")
    };
    assert_eq!(number, 2);
}

#[tokio::test]
async fn an_unpaid_order_is_not_refunded() {
    refuse(placed_order(), request(None), E::NotPaid).await;
    refuse(cancelled_order(), request(one_phone()), E::NotPaid).await;
    refuse(new(), request(None), E::NotPlaced).await;
}

#[tokio::test]
async fn a_refund_needs_a_reason() {
    let blank = C::RequestRefund { lines: None, reason: "  ".into() };
    refuse(paid_two_lines(), blank, E::RefundReasonMissing).await;
    let long = C::RequestRefund { lines: None, reason: "x".repeat(MAX_REFUND_REASON + 1) };
    refuse(paid_two_lines(), long, E::RefundReasonMissing).await;
}

#[tokio::test]
async fn a_phone_is_not_refunded_beyond_its_quantity() {
    let three = Some(vec![("phone-1".into(), 3)]);
    let beyond = E::RefundBeyondQuantity { name: "Yealink T54W".into(), left: 2 };
    refuse(paid_two_lines(), request(three), beyond).await;
    // One refunded already and one being refunded: none left.
    let given =
        [paid_two_lines(), vec![requested_one_phone(1), refunded_one_phone(1), requested_one_phone(2)]].concat();
    let state = state(given.clone());
    assert_eq!(state.refundable_quantity("phone-1"), 0);
    let after = [paid_two_lines(), vec![requested_one_phone(1), refunded_one_phone(1)]].concat();
    let none_left = E::RefundBeyondQuantity { name: "Yealink T54W".into(), left: 1 };
    refuse(after, request(Some(vec![("phone-1".into(), 2)])), none_left).await;
}

#[tokio::test]
async fn unknown_phones_and_empty_or_zero_lines_are_refused() {
    refuse(paid_two_lines(), request(Some(vec![("phone-9".into(), 1)])), E::UnknownRefundLine).await;
    refuse(paid_two_lines(), request(Some(vec![])), E::NoRefundLines).await;
    refuse(paid_two_lines(), request(Some(vec![("phone-1".into(), 0)])), E::NoRefundLines).await;
}

#[tokio::test]
async fn nothing_is_refunded_beyond_what_was_paid() {
    // Everything given back: a whole-order refund has nothing left, a phone neither.
    let full = Ev::RefundRequested {
        number: 1,
        lines: vec![("phone-1".into(), 1)],
        full: false,
        amount: Pence(REFUND_TOTAL.0 - 100),
        reason: "Goodwill".into(),
        at: at(),
    };
    let given = [paid_two_lines(), vec![full.clone()]].concat();
    let given = with(
        given,
        Ev::HardwareRefunded {
            number: 1,
            refund_id: "re_1".into(),
            amount: Pence(REFUND_TOTAL.0 - 100),
            lines: vec![("phone-1".into(), 1)],
            full: false,
            reason: "Goodwill".into(),
            at: at(),
        },
    );
    let exceeds = E::RefundExceedsPayment { asked: Pence(2400), left: Pence(100) };
    refuse(given.clone(), request(Some(vec![("phone-2".into(), 1)])), exceeds).await;
    let everything = [
        paid_two_lines(),
        vec![Ev::RefundRequested {
            number: 1,
            lines: vec![],
            full: true,
            amount: REFUND_TOTAL,
            reason: "Goodwill".into(),
            at: at(),
        }],
    ]
    .concat();
    let everything = with(
        everything,
        Ev::HardwareRefunded {
            number: 1,
            refund_id: "re_1".into(),
            amount: REFUND_TOTAL,
            lines: vec![],
            full: true,
            reason: "Goodwill".into(),
            at: at(),
        },
    );
    refuse(everything.clone(), request(None), E::AlreadyRefunded).await;
    refuse(everything, request(one_phone()), E::AlreadyRefunded).await;
}

#[tokio::test]
async fn one_refund_at_a_time_and_only_the_one_under_way_is_recorded() {
    let given = [paid_two_lines(), vec![requested_one_phone(1)]].concat();
    refuse(given.clone(), request(Some(vec![("phone-2".into(), 1)])), E::RefundPending).await;
    let other = C::RecordRefund { number: 2, refund_id: "re_2".into(), amount: Pence(7680) };
    refuse(given.clone(), other, E::UnknownRefund).await;
    refuse(paid_two_lines(), C::RecordRefundFailure { number: 1, message: "no".into() }, E::UnknownRefund).await;
}

#[tokio::test]
async fn support_propose_a_refund_checked_as_a_refund_is() {
    let propose = |lines| C::ProposeRefund { lines, reason: "Returned unused".into() };
    let proposed = Ev::RefundProposed {
        lines: vec![("phone-1".into(), 1)],
        full: false,
        amount: Pence(7680),
        reason: "Returned unused".into(),
        at: at(),
    };
    expect(paid_two_lines(), propose(one_phone()), vec![proposed.clone()]).await;
    assert_eq!(state(with(paid_two_lines(), proposed)).refund_proposal.map(|p| p.amount), Some(Pence(7680)));
    refuse(placed_order(), propose(None), E::NotPaid).await;
    let beyond = E::RefundBeyondQuantity { name: "Yealink T54W".into(), left: 2 };
    refuse(paid_two_lines(), propose(Some(vec![("phone-1".into(), 5)])), beyond).await;
}

#[test]
fn refund_keys_name_the_order_and_the_refund() {
    assert_eq!(refund_key("o-1", 2), "hardware-o-1-refund-2");
}

// Replaced by a newer order from the same cart, and payments the order did not take.

fn superseded() -> Ev {
    Ev::OrderSuperseded { by: "order-2".into(), at: at() }
}

fn stray(id: &str) -> Ev {
    Ev::StrayPaymentReceived { payment_intent_id: id.into(), amount: TOTAL, at: at() }
}

fn record_stray(id: &str) -> C {
    C::RecordStrayPayment { payment_intent_id: id.into(), amount: TOTAL }
}

#[tokio::test]
async fn an_unpaid_order_is_superseded_once_and_then_takes_no_payment_step() {
    expect(placed_order(), C::Supersede { by: "order-2".into() }, vec![superseded()]).await;
    expect(with(placed_order(), superseded()), C::Supersede { by: "order-2".into() }, vec![]).await;
    let gone = with(with(placed_order(), started("pi_1", 1)), superseded());
    refuse(gone.clone(), C::Supersede { by: "order-3".into() }, E::Superseded).await;
    refuse(gone.clone(), start("pi_2", 2), E::Superseded).await;
    refuse(gone.clone(), C::StartCardSetup { setup_intent_id: "seti_1".into() }, E::Superseded).await;
    // Its payment completing late is not the order's: it is refunded as a stray.
    refuse(gone.clone(), record("pi_1"), E::Superseded).await;
    expect(gone, record_stray("pi_1"), vec![stray("pi_1")]).await;
}

#[tokio::test]
async fn a_paid_or_unplaced_order_is_never_superseded() {
    refuse(paid(), C::Supersede { by: "order-2".into() }, E::AlreadyPaid).await;
    refuse(new(), C::Supersede { by: "order-2".into() }, E::NotPlaced).await;
    refuse(with(placed_order(), cancelled()), C::Supersede { by: "order-2".into() }, E::Cancelled).await;
}

#[tokio::test]
async fn an_expired_order_paid_late_is_served() {
    let expired = with(with(placed_order(), started("pi_1", 1)), cancelled());
    expect(expired, record("pi_1"), vec![recorded("pi_1")]).await;
}

#[tokio::test]
async fn a_payment_the_order_did_not_take_is_recorded_once_and_refunded_once() {
    // A declined attempt completed later in another tab, after the order was paid by another.
    let paid_twice = with(with(placed_order(), started("pi_1", 1)), declined("pi_1"));
    let paid_twice = [paid_twice, vec![started(PAID_ID, 2), recorded(PAID_ID)]].concat();
    expect(paid_twice.clone(), record_stray("pi_1"), vec![stray("pi_1")]).await;
    let recorded_stray = with(paid_twice.clone(), stray("pi_1"));
    expect(recorded_stray.clone(), record_stray("pi_1"), vec![]).await;
    let refund = |amount| C::RecordStrayRefund { payment_intent_id: "pi_1".into(), refund_id: "re_1".into(), amount };
    let refunded = Ev::StrayPaymentRefunded {
        payment_intent_id: "pi_1".into(),
        refund_id: "re_1".into(),
        amount: TOTAL,
        at: at(),
    };
    expect(recorded_stray.clone(), refund(TOTAL), vec![refunded.clone()]).await;
    expect(with(recorded_stray.clone(), refunded), refund(TOTAL), vec![]).await;
    refuse(recorded_stray, refund(Pence(1)), E::AmountMismatch).await;
    refuse(paid_twice.clone(), refund(TOTAL), E::UnknownPayment).await;
    // The order's own payment, taken or under way, is never a stray.
    refuse(paid_twice, record_stray(PAID_ID), E::NotAStrayPayment).await;
    refuse(with(placed_order(), started("pi_1", 1)), record_stray("pi_1"), E::NotAStrayPayment).await;
    refuse(new(), record_stray("pi_1"), E::NotPlaced).await;
}
