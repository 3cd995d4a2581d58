use std::sync::Arc;

use chrono::{DateTime, TimeZone, Utc};
use cqrs_es::test::TestFramework;

use super::*;
use crate::clock::FixedClock;
use crate::pricing::{AddOn, BillingCycle, Pence, Plan, Totals};

fn at() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 23, 10, 0, 0).unwrap()
}

fn test() -> TestFramework<ServiceOrder> {
    TestFramework::with(ServiceOrderServices { clock: Arc::new(FixedClock(at())) })
}

fn customer() -> Customer {
    Customer { email: "jane@example.com".into(), first_name: "Jane".into(), ..Customer::default() }
}

fn number(value: &str, free: bool) -> OrderedNumber {
    OrderedNumber {
        value: value.into(),
        display_value: value.into(),
        is_transfer: false,
        is_placeholder: false,
        free,
        price: if free { Pence::ZERO } else { Pence(200) },
        pac: None,
    }
}

/// Single User monthly, call recording, two numbers (one free): £4.99 + £8 + £2.
fn single_lines() -> OrderLines {
    OrderLines {
        plan: Plan::SingleUser,
        billing_cycle: BillingCycle::Monthly,
        quantity: 1,
        add_ons: vec![OrderedAddOn { add_on: AddOn::CallRecording, price: Pence(800) }],
        numbers: vec![number("+442079460001", true), number("+442079460002", false)],
        amounts: Totals::new(Pence(499), Pence(800), Pence(200), Pence::ZERO, Pence::ZERO).into(),
    }
}

fn payg_lines(extras: bool) -> OrderLines {
    let add_ons = if extras { vec![OrderedAddOn { add_on: AddOn::CallForwarding, price: Pence(200) }] } else { vec![] };
    let add_on_total = if extras { Pence(200) } else { Pence::ZERO };
    OrderLines {
        plan: Plan::PayAsYouGo,
        billing_cycle: BillingCycle::Monthly,
        quantity: 1,
        add_ons,
        numbers: vec![],
        amounts: Totals::new(Pence::ZERO, add_on_total, Pence::ZERO, Pence(2500), Pence::ZERO).into(),
    }
}

fn place(lines: OrderLines) -> ServiceOrderCommand {
    ServiceOrderCommand::PlaceOrder {
        order_number: "SB-123456".into(),
        cart_id: "cart-1".into(),
        cart_version: 4,
        customer: customer(),
        lines,
    }
}

fn placed(lines: OrderLines) -> ServiceOrderEvent {
    let payment_type = PaymentType::decide(lines.plan, lines.amounts.subscription_subtotal);
    ServiceOrderEvent::OrderPlaced {
        order_number: "SB-123456".into(),
        cart_id: "cart-1".into(),
        cart_version: 4,
        customer: customer(),
        lines,
        payment_type,
        placed_at: at(),
    }
}

fn customer_registered() -> ServiceOrderEvent {
    ServiceOrderEvent::PaymentCustomerRegistered { customer_id: "cus_1".into() }
}

fn sub_created() -> ServiceOrderEvent {
    ServiceOrderEvent::SubscriptionCreated { subscription_id: "sub_1".into() }
}

fn top_up_created() -> ServiceOrderEvent {
    ServiceOrderEvent::TopUpIntentCreated { payment_intent_id: "pi_1".into() }
}

fn sub_paid() -> Vec<ServiceOrderEvent> {
    vec![
        ServiceOrderEvent::PaymentSucceeded { part: PaymentPart::Subscription, reference: "sub_1".into() },
        ServiceOrderEvent::PaymentConfirmed { confirmed_at: at() },
    ]
}

fn paid_single() -> Vec<ServiceOrderEvent> {
    let mut events = vec![placed(single_lines()), customer_registered(), sub_created()];
    events.extend(sub_paid());
    events
}

fn extensions() -> Vec<Extension> {
    vec![Extension { number: "101".into(), username: "jane101".into() }]
}

fn account_created() -> ServiceOrderEvent {
    ServiceOrderEvent::AccountCreated { account_id: "acc-1".into(), extensions: extensions() }
}

fn numbers_assigned() -> ServiceOrderEvent {
    ServiceOrderEvent::NumbersAssigned { numbers: vec!["+442079460001".into(), "+442079460002".into()] }
}

#[tokio::test]
async fn placing_records_the_servers_amounts_and_decides_the_payment_type() {
    test()
        .given_no_previous_events()
        .when_async(place(single_lines()))
        .await
        .then_expect_events(vec![placed(single_lines())]);
    let ServiceOrderEvent::OrderPlaced { payment_type, lines, .. } = placed(single_lines()) else { unreachable!() };
    assert_eq!(payment_type, PaymentType::Subscription);
    assert_eq!(lines.amounts.subscription_subtotal, Pence(1499));
    assert_eq!(lines.amounts.subscription_vat, Pence(300));
    assert_eq!(lines.amounts.due_today, Pence(1799));
}

#[test]
fn pay_as_you_go_is_a_one_time_payment_without_extras_and_split_with_them() {
    assert_eq!(PaymentType::decide(Plan::PayAsYouGo, Pence::ZERO), PaymentType::PaygTopupOnly);
    assert_eq!(PaymentType::decide(Plan::PayAsYouGo, Pence(200)), PaymentType::PaygSplitPayment);
    assert_eq!(PaymentType::decide(Plan::MultiUser, Pence(2980)), PaymentType::Subscription);
    assert_eq!(PaymentType::PaygSplitPayment.as_str(), "payg_split_payment");
}

#[tokio::test]
async fn placing_twice_is_refused() {
    test()
        .given(vec![placed(single_lines())])
        .when_async(place(single_lines()))
        .await
        .then_expect_error(ServiceOrderError::AlreadyPlaced);
}

#[tokio::test]
async fn a_bad_order_number_is_refused() {
    let command = ServiceOrderCommand::PlaceOrder {
        order_number: "SB-12345".into(),
        cart_id: "c".into(),
        cart_version: 1,
        customer: customer(),
        lines: single_lines(),
    };
    test()
        .given_no_previous_events()
        .when_async(command)
        .await
        .then_expect_error(ServiceOrderError::InvalidOrderNumber);
}

#[tokio::test]
async fn amounts_that_do_not_add_up_are_refused() {
    let mut lines = single_lines();
    lines.amounts.due_today = Pence(1);
    test()
        .given_no_previous_events()
        .when_async(place(lines))
        .await
        .then_expect_error(ServiceOrderError::AmountsDoNotAddUp);
    let mut lines = single_lines();
    lines.add_ons[0].price = Pence(1);
    test()
        .given_no_previous_events()
        .when_async(place(lines))
        .await
        .then_expect_error(ServiceOrderError::AmountsDoNotAddUp);
}

#[tokio::test]
async fn absurd_quantities_add_ons_the_plan_lacks_and_low_top_ups_are_refused() {
    let mut lines = single_lines();
    lines.quantity = 0;
    test().given_no_previous_events().when_async(place(lines)).await.then_expect_error(ServiceOrderError::InvalidLines);
    let mut lines = single_lines();
    lines.quantity = 1_000_000;
    test().given_no_previous_events().when_async(place(lines)).await.then_expect_error(ServiceOrderError::InvalidLines);
    let mut lines = single_lines();
    lines.add_ons[0].add_on = AddOn::CallForwarding;
    test().given_no_previous_events().when_async(place(lines)).await.then_expect_error(ServiceOrderError::InvalidLines);
    let mut lines = payg_lines(false);
    lines.amounts = Totals::new(Pence::ZERO, Pence::ZERO, Pence::ZERO, Pence(500), Pence::ZERO).into();
    test().given_no_previous_events().when_async(place(lines)).await.then_expect_error(ServiceOrderError::InvalidLines);
}

#[tokio::test]
async fn every_step_needs_a_placed_order() {
    test()
        .given_no_previous_events()
        .when_async(ServiceOrderCommand::Checkout(CheckoutStep::RegisterPaymentCustomer {
            customer_id: "cus_1".into(),
        }))
        .await
        .then_expect_error(ServiceOrderError::NotFound);
}

#[tokio::test]
async fn the_payment_customer_is_registered_once() {
    test()
        .given(vec![placed(single_lines())])
        .when_async(ServiceOrderCommand::Checkout(CheckoutStep::RegisterPaymentCustomer {
            customer_id: "cus_1".into(),
        }))
        .await
        .then_expect_events(vec![customer_registered()]);
    test()
        .given(vec![placed(single_lines()), customer_registered()])
        .when_async(ServiceOrderCommand::Checkout(CheckoutStep::RegisterPaymentCustomer {
            customer_id: "cus_2".into(),
        }))
        .await
        .then_expect_error(ServiceOrderError::PaymentCustomerAlreadyRegistered);
}

#[tokio::test]
async fn a_setup_intent_needs_the_payment_customer() {
    let command =
        || ServiceOrderCommand::Checkout(CheckoutStep::RecordSetupIntent { setup_intent_id: "seti_1".into() });
    test()
        .given(vec![placed(single_lines())])
        .when_async(command())
        .await
        .then_expect_error(ServiceOrderError::NoPaymentCustomer);
    test()
        .given(vec![placed(single_lines()), customer_registered()])
        .when_async(command())
        .await
        .then_expect_events(vec![ServiceOrderEvent::SetupIntentCreated { setup_intent_id: "seti_1".into() }]);
    test().given(paid_single()).when_async(command()).await.then_expect_error(ServiceOrderError::AlreadyPaid);
}

#[tokio::test]
async fn the_payment_method_is_recorded_once() {
    let command =
        || ServiceOrderCommand::Checkout(CheckoutStep::RecordPaymentMethod { payment_method_id: "pm_1".into() });
    let recorded = ServiceOrderEvent::PaymentMethodRecorded { payment_method_id: "pm_1".into() };
    test()
        .given(vec![placed(single_lines()), customer_registered()])
        .when_async(command())
        .await
        .then_expect_events(vec![recorded.clone()]);
    test()
        .given(vec![placed(single_lines()), customer_registered(), recorded])
        .when_async(command())
        .await
        .then_expect_events(vec![]);
    test().given(paid_single()).when_async(command()).await.then_expect_error(ServiceOrderError::AlreadyPaid);
}

#[tokio::test]
async fn a_subscription_is_recorded_once_and_only_where_the_order_needs_one() {
    let command =
        || ServiceOrderCommand::Checkout(CheckoutStep::RecordSubscription { subscription_id: "sub_1".into() });
    test()
        .given(vec![placed(single_lines()), customer_registered()])
        .when_async(command())
        .await
        .then_expect_events(vec![sub_created()]);
    test()
        .given(vec![placed(single_lines()), customer_registered(), sub_created()])
        .when_async(command())
        .await
        .then_expect_error(ServiceOrderError::PaymentAlreadyStarted);
    test()
        .given(vec![placed(payg_lines(false)), customer_registered()])
        .when_async(command())
        .await
        .then_expect_error(ServiceOrderError::NoSubscriptionNeeded);
    test()
        .given(vec![placed(single_lines())])
        .when_async(command())
        .await
        .then_expect_error(ServiceOrderError::NoPaymentCustomer);
    test().given(paid_single()).when_async(command()).await.then_expect_error(ServiceOrderError::AlreadyPaid);
}

#[tokio::test]
async fn a_top_up_intent_only_for_pay_as_you_go() {
    let command =
        || ServiceOrderCommand::Checkout(CheckoutStep::RecordTopUpIntent { payment_intent_id: "pi_1".into() });
    test()
        .given(vec![placed(payg_lines(false)), customer_registered()])
        .when_async(command())
        .await
        .then_expect_events(vec![top_up_created()]);
    test()
        .given(vec![placed(single_lines()), customer_registered()])
        .when_async(command())
        .await
        .then_expect_error(ServiceOrderError::NoTopUpNeeded);
}

#[tokio::test]
async fn a_paid_subscription_confirms_a_subscription_order() {
    test()
        .given(vec![placed(single_lines()), customer_registered(), sub_created()])
        .when_async(ServiceOrderCommand::Checkout(CheckoutStep::RecordPaymentSuccess {
            part: PaymentPart::Subscription,
            reference: "sub_1".into(),
        }))
        .await
        .then_expect_events(sub_paid());
}

#[tokio::test]
async fn a_payment_confirmed_twice_is_recorded_once() {
    test()
        .given(paid_single())
        .when_async(ServiceOrderCommand::Checkout(CheckoutStep::RecordPaymentSuccess {
            part: PaymentPart::Subscription,
            reference: "sub_1".into(),
        }))
        .await
        .then_expect_events(vec![]);
}

#[tokio::test]
async fn a_payment_of_another_order_is_refused() {
    test()
        .given(vec![placed(single_lines()), customer_registered(), sub_created()])
        .when_async(ServiceOrderCommand::Checkout(CheckoutStep::RecordPaymentSuccess {
            part: PaymentPart::Subscription,
            reference: "sub_other".into(),
        }))
        .await
        .then_expect_error(ServiceOrderError::UnknownPayment);
}

#[tokio::test]
async fn a_split_payment_is_confirmed_when_both_parts_are_paid() {
    let given = vec![placed(payg_lines(true)), customer_registered(), sub_created(), top_up_created()];
    let sub_success =
        ServiceOrderEvent::PaymentSucceeded { part: PaymentPart::Subscription, reference: "sub_1".into() };
    test()
        .given(given.clone())
        .when_async(ServiceOrderCommand::Checkout(CheckoutStep::RecordPaymentSuccess {
            part: PaymentPart::Subscription,
            reference: "sub_1".into(),
        }))
        .await
        .then_expect_events(vec![sub_success.clone()]);
    let mut both = given;
    both.push(sub_success);
    test()
        .given(both)
        .when_async(ServiceOrderCommand::Checkout(CheckoutStep::RecordPaymentSuccess {
            part: PaymentPart::TopUp,
            reference: "pi_1".into(),
        }))
        .await
        .then_expect_events(vec![
            ServiceOrderEvent::PaymentSucceeded { part: PaymentPart::TopUp, reference: "pi_1".into() },
            ServiceOrderEvent::PaymentConfirmed { confirmed_at: at() },
        ]);
}

#[tokio::test]
async fn a_declined_card_is_recorded_and_the_next_card_starts_again() {
    let failed = ServiceOrderEvent::PaymentFailed {
        part: PaymentPart::TopUp,
        reference: "pi_1".into(),
        code: "card_declined".into(),
        message: "Your card was declined.".into(),
    };
    let given = vec![placed(payg_lines(false)), customer_registered(), top_up_created()];
    test()
        .given(given.clone())
        .when_async(ServiceOrderCommand::Checkout(CheckoutStep::RecordPaymentFailure {
            part: PaymentPart::TopUp,
            reference: "pi_1".into(),
            code: "card_declined".into(),
            message: "Your card was declined.".into(),
        }))
        .await
        .then_expect_events(vec![failed.clone()]);
    let mut after = given;
    after.push(failed);
    test()
        .given(after)
        .when_async(ServiceOrderCommand::Checkout(CheckoutStep::RecordTopUpIntent { payment_intent_id: "pi_2".into() }))
        .await
        .then_expect_events(vec![ServiceOrderEvent::TopUpIntentCreated { payment_intent_id: "pi_2".into() }]);
}

#[tokio::test]
async fn a_failure_after_payment_is_refused() {
    test()
        .given(paid_single())
        .when_async(ServiceOrderCommand::Checkout(CheckoutStep::RecordPaymentFailure {
            part: PaymentPart::Subscription,
            reference: "sub_1".into(),
            code: "card_declined".into(),
            message: "late".into(),
        }))
        .await
        .then_expect_error(ServiceOrderError::AlreadyPaid);
}

#[tokio::test]
async fn no_account_before_payment() {
    test()
        .given(vec![placed(single_lines()), customer_registered(), sub_created()])
        .when_async(ServiceOrderCommand::Checkout(CheckoutStep::CreateAccount {
            account_id: "acc-1".into(),
            extensions: extensions(),
        }))
        .await
        .then_expect_error(ServiceOrderError::PaymentNotConfirmed);
}

#[tokio::test]
async fn the_account_is_created_once_with_its_extensions() {
    test()
        .given(paid_single())
        .when_async(ServiceOrderCommand::Checkout(CheckoutStep::CreateAccount {
            account_id: "acc-1".into(),
            extensions: extensions(),
        }))
        .await
        .then_expect_events(vec![account_created()]);
    test()
        .given(paid_single())
        .when_async(ServiceOrderCommand::Checkout(CheckoutStep::CreateAccount {
            account_id: "acc-1".into(),
            extensions: vec![],
        }))
        .await
        .then_expect_error(ServiceOrderError::NoExtensions);
    let mut given = paid_single();
    given.push(account_created());
    test()
        .given(given)
        .when_async(ServiceOrderCommand::Checkout(CheckoutStep::CreateAccount {
            account_id: "acc-2".into(),
            extensions: extensions(),
        }))
        .await
        .then_expect_error(ServiceOrderError::AccountAlreadyCreated);
}

#[tokio::test]
async fn the_orders_own_numbers_are_assigned_once_after_the_account() {
    let command = |numbers: Vec<&str>| {
        ServiceOrderCommand::Checkout(CheckoutStep::AssignNumbers {
            numbers: numbers.into_iter().map(String::from).collect(),
        })
    };
    test()
        .given(paid_single())
        .when_async(command(vec!["+442079460001", "+442079460002"]))
        .await
        .then_expect_error(ServiceOrderError::NoAccount);
    let mut given = paid_single();
    given.push(account_created());
    test()
        .given(given.clone())
        .when_async(command(vec!["+442079460002", "+442079460001"]))
        .await
        .then_expect_events(vec![numbers_assigned()]);
    test()
        .given(given.clone())
        .when_async(command(vec!["+442079460009"]))
        .await
        .then_expect_error(ServiceOrderError::WrongNumbers);
    given.push(numbers_assigned());
    test()
        .given(given)
        .when_async(command(vec!["+442079460001", "+442079460002"]))
        .await
        .then_expect_error(ServiceOrderError::NumbersAlreadyAssigned);
}

#[tokio::test]
async fn completion_needs_the_account_and_numbers_and_happens_once() {
    let mut given = paid_single();
    test()
        .given(given.clone())
        .when_async(ServiceOrderCommand::Checkout(CheckoutStep::Complete))
        .await
        .then_expect_error(ServiceOrderError::NoAccount);
    given.push(account_created());
    test()
        .given(given.clone())
        .when_async(ServiceOrderCommand::Checkout(CheckoutStep::Complete))
        .await
        .then_expect_error(ServiceOrderError::NumbersNotAssigned);
    given.push(numbers_assigned());
    test()
        .given(given.clone())
        .when_async(ServiceOrderCommand::Checkout(CheckoutStep::Complete))
        .await
        .then_expect_events(vec![ServiceOrderEvent::OrderCompleted { completed_at: at() }]);
    given.push(ServiceOrderEvent::OrderCompleted { completed_at: at() });
    test()
        .given(given.clone())
        .when_async(ServiceOrderCommand::Checkout(CheckoutStep::Complete))
        .await
        .then_expect_error(ServiceOrderError::AlreadyCompleted);
    // A late webhook for a completed order changes nothing.
    test()
        .given(given)
        .when_async(ServiceOrderCommand::Checkout(CheckoutStep::RecordPaymentSuccess {
            part: PaymentPart::Subscription,
            reference: "sub_1".into(),
        }))
        .await
        .then_expect_events(vec![]);
}

#[test]
fn order_numbers_are_sb_and_six_digits() {
    assert!(is_order_number("SB-004211"));
    assert!(!is_order_number("SB-4211"));
    assert!(!is_order_number("XB-123456"));
    assert!(!is_order_number("SB-12345a"));
}

#[tokio::test]
async fn a_card_refused_before_the_payment_had_an_id_is_recorded() {
    let failed = ServiceOrderEvent::PaymentFailed {
        part: PaymentPart::TopUp,
        reference: String::new(),
        code: "card_declined".into(),
        message: "Your card was declined.".into(),
    };
    test()
        .given(vec![placed(payg_lines(false)), customer_registered()])
        .when_async(ServiceOrderCommand::Checkout(CheckoutStep::RecordPaymentFailure {
            part: PaymentPart::TopUp,
            reference: String::new(),
            code: "card_declined".into(),
            message: "Your card was declined.".into(),
        }))
        .await
        .then_expect_events(vec![failed]);
    test()
        .given(vec![placed(payg_lines(false)), customer_registered(), top_up_created()])
        .when_async(ServiceOrderCommand::Checkout(CheckoutStep::RecordPaymentFailure {
            part: PaymentPart::TopUp,
            reference: "pi_other".into(),
            code: "card_declined".into(),
            message: "x".into(),
        }))
        .await
        .then_expect_error(ServiceOrderError::UnknownPayment);
}

fn attempt(part: PaymentPart, key: &str) -> ServiceOrderCommand {
    ServiceOrderCommand::Checkout(CheckoutStep::StartPaymentAttempt { part, attempt_key: key.into() })
}

fn attempt_started(part: PaymentPart, key: &str) -> ServiceOrderEvent {
    ServiceOrderEvent::PaymentAttemptStarted { part, attempt_key: key.into(), started_at: at() }
}

#[tokio::test]
async fn a_payment_attempt_is_recorded_before_the_provider_is_asked() {
    test()
        .given(vec![placed(single_lines()), customer_registered()])
        .when_async(attempt(PaymentPart::Subscription, "order-1-subscription-0"))
        .await
        .then_expect_events(vec![attempt_started(PaymentPart::Subscription, "order-1-subscription-0")]);
}

#[tokio::test]
async fn the_same_attempt_again_stores_nothing() {
    test()
        .given(vec![placed(single_lines()), customer_registered(), attempt_started(PaymentPart::Subscription, "k0")])
        .when_async(attempt(PaymentPart::Subscription, "k0"))
        .await
        .then_expect_events(vec![]);
}

#[tokio::test]
async fn an_attempt_needs_a_payment_customer_a_part_the_order_pays_and_a_key() {
    test()
        .given(vec![placed(single_lines())])
        .when_async(attempt(PaymentPart::Subscription, "k0"))
        .await
        .then_expect_error(ServiceOrderError::NoPaymentCustomer);
    test()
        .given(vec![placed(single_lines()), customer_registered()])
        .when_async(attempt(PaymentPart::TopUp, "k0"))
        .await
        .then_expect_error(ServiceOrderError::NoTopUpNeeded);
    test()
        .given(vec![placed(payg_lines(false)), customer_registered()])
        .when_async(attempt(PaymentPart::Subscription, "k0"))
        .await
        .then_expect_error(ServiceOrderError::NoSubscriptionNeeded);
    test()
        .given(vec![placed(payg_lines(false)), customer_registered()])
        .when_async(attempt(PaymentPart::TopUp, " "))
        .await
        .then_expect_error(ServiceOrderError::InvalidAttemptKey);
}

#[tokio::test]
async fn no_new_attempt_once_the_part_has_its_payment_or_the_order_is_paid() {
    test()
        .given(vec![
            placed(single_lines()),
            customer_registered(),
            attempt_started(PaymentPart::Subscription, "k0"),
            sub_created(),
        ])
        .when_async(attempt(PaymentPart::Subscription, "k1"))
        .await
        .then_expect_error(ServiceOrderError::PaymentAlreadyStarted);
    test()
        .given(paid_single())
        .when_async(attempt(PaymentPart::Subscription, "k1"))
        .await
        .then_expect_error(ServiceOrderError::AlreadyPaid);
}

#[tokio::test]
async fn a_failed_attempt_lets_the_next_card_start_a_new_one() {
    let failed = ServiceOrderEvent::PaymentFailed {
        part: PaymentPart::TopUp,
        reference: "pi_1".into(),
        code: "card_declined".into(),
        message: "Your card was declined.".into(),
    };
    test()
        .given(vec![
            placed(payg_lines(false)),
            customer_registered(),
            attempt_started(PaymentPart::TopUp, "k0"),
            top_up_created(),
            failed,
        ])
        .when_async(attempt(PaymentPart::TopUp, "k1"))
        .await
        .then_expect_events(vec![attempt_started(PaymentPart::TopUp, "k1")]);
}

fn folded(events: Vec<ServiceOrderEvent>) -> ServiceOrder {
    let mut order = ServiceOrder::default();
    for event in events {
        cqrs_es::Aggregate::apply(&mut order, event);
    }
    order
}

/// Each part's `PaymentAttempt` follows its events: key, then reference, then paid, and a
/// refusal ends it (keeping its code) so the next card starts afresh.
#[test]
fn each_part_folds_its_payment_attempt_from_the_events() {
    use crate::payment_attempt::AttemptStatus;
    let mut events = vec![placed(payg_lines(true)), customer_registered(), attempt_started(PaymentPart::TopUp, "k0")];
    let order = folded(events.clone());
    assert_eq!(order.top_up.status, AttemptStatus::Started);
    assert!(order.top_up.started_without_reference("k0"));
    assert_eq!(order.subscription.status, AttemptStatus::NotStarted);

    events.push(top_up_created());
    let order = folded(events.clone());
    assert_eq!((order.top_up.under_way(), order.top_up.key()), (Some("pi_1"), Some("k0")));

    let mut declined = events.clone();
    declined.push(ServiceOrderEvent::PaymentFailed {
        part: PaymentPart::TopUp,
        reference: "pi_1".into(),
        code: "card_declined".into(),
        message: "Your card was declined.".into(),
    });
    let order = folded(declined);
    assert_eq!(
        (order.top_up.under_way(), order.top_up.refusal(), order.failed_attempts),
        (None, Some("card_declined"), 1)
    );

    events.push(ServiceOrderEvent::PaymentSucceeded { part: PaymentPart::TopUp, reference: "pi_1".into() });
    let order = folded(events);
    assert_eq!((order.top_up.paid_reference(), order.top_up.under_way()), (Some("pi_1"), None));
    assert!(!order.subscription.is_paid());
}

/// The order's status was called `Status` before `OrderStatus`; the type's name never
/// reaches the JSON, and the variants keep their names.
#[test]
fn order_statuses_keep_their_wire_names() {
    for (status, wire) in [
        (OrderStatus::New, "new"),
        (OrderStatus::Placed, "placed"),
        (OrderStatus::Paid, "paid"),
        (OrderStatus::Completed, "completed"),
    ] {
        assert_eq!(serde_json::to_value(status).unwrap(), serde_json::json!(wire));
        assert_eq!(serde_json::from_value::<OrderStatus>(serde_json::json!(wire)).unwrap(), status);
    }
}

/// `OrderPlaced` 1.0 called the amount due today `grand_total`: an event stored in that
/// shape reads, through its upcaster, as the same order with the amount as `due_today`.
#[test]
fn an_order_placed_in_the_1_0_shape_reads_through_its_upcaster() {
    use cqrs_es::persist::SerializedEvent;
    use cqrs_es::DomainEvent;
    let current = placed(single_lines());
    assert_eq!(current.event_version(), "1.1");
    let mut payload = serde_json::to_value(&current).unwrap();
    let amounts = payload.pointer_mut("/OrderPlaced/lines/amounts").unwrap().as_object_mut().unwrap();
    let due = amounts.remove("due_today").unwrap();
    amounts.insert("grand_total".into(), due);
    let stored = SerializedEvent {
        aggregate_id: "o1".into(),
        sequence: 1,
        aggregate_type: "ServiceOrder".into(),
        event_type: "OrderPlaced".into(),
        event_version: "1.0".into(),
        payload,
        metadata: serde_json::json!({}),
    };
    // Read as stored, the old shape no longer fits the event.
    assert!(serde_json::from_value::<ServiceOrderEvent>(stored.payload.clone()).is_err());
    let upcast = crate::upcasting::upcast(stored);
    assert_eq!(upcast.event_version, "1.1.0");
    let read: ServiceOrderEvent = serde_json::from_value(upcast.payload).unwrap();
    assert_eq!(read, current);
    let ServiceOrderEvent::OrderPlaced { lines, .. } = read else { unreachable!() };
    assert_eq!(lines.amounts.due_today, Pence(1799));
}

// Staff actions: each leaves an event with the staff member's name.

fn completed_single() -> Vec<ServiceOrderEvent> {
    let mut events = paid_single();
    events.extend([account_created(), numbers_assigned(), ServiceOrderEvent::OrderCompleted { completed_at: at() }]);
    events
}

fn resend() -> ServiceOrderCommand {
    ServiceOrderCommand::ResendConfirmation
}

fn release(number: &str) -> ServiceOrderCommand {
    ServiceOrderCommand::ReleaseNumber { number: number.into() }
}

#[tokio::test]
async fn staff_resend_the_confirmation_of_a_completed_order_as_often_as_asked() {
    let resent = ServiceOrderEvent::ConfirmationResent { at: at() };
    test().given(completed_single()).when_async(resend()).await.then_expect_events(vec![resent.clone()]);
    let mut again = completed_single();
    again.push(resent.clone());
    test().given(again).when_async(resend()).await.then_expect_events(vec![resent]);
}

#[tokio::test]
async fn there_is_no_confirmation_to_resend_before_completion() {
    test().given(paid_single()).when_async(resend()).await.then_expect_error(ServiceOrderError::NotComplete);
    test().given_no_previous_events().when_async(resend()).await.then_expect_error(ServiceOrderError::NotFound);
}

#[tokio::test]
async fn staff_release_an_assigned_number_once() {
    let released = ServiceOrderEvent::NumberReleased { number: "+442079460002".into(), at: at() };
    test()
        .given(completed_single())
        .when_async(release("+442079460002"))
        .await
        .then_expect_events(vec![released.clone()]);
    let mut after = completed_single();
    after.push(released);
    test()
        .given(after)
        .when_async(release("+442079460002"))
        .await
        .then_expect_error(ServiceOrderError::NumberAlreadyReleased);
}

#[tokio::test]
async fn staff_cannot_release_a_number_the_order_was_not_given() {
    test()
        .given(completed_single())
        .when_async(release("+442079469999"))
        .await
        .then_expect_error(ServiceOrderError::NotTheOrdersNumber);
    // Before the numbers are assigned the order holds none for good.
    test()
        .given(paid_single())
        .when_async(release("+442079460002"))
        .await
        .then_expect_error(ServiceOrderError::NotTheOrdersNumber);
}

#[tokio::test]
async fn a_lost_number_is_accounted_for_and_replaced_once() {
    let mut given = paid_single();
    given.push(account_created());
    let lost = || ServiceOrderEvent::NumberLost { number: "+442079460002".into() };
    test()
        .given(given.clone())
        .when_async(ServiceOrderCommand::Checkout(CheckoutStep::RecordLostNumber { number: "+442079460002".into() }))
        .await
        .then_expect_events(vec![lost()]);
    test()
        .given(given.clone())
        .when_async(ServiceOrderCommand::Checkout(CheckoutStep::RecordLostNumber { number: "+442079469999".into() }))
        .await
        .then_expect_error(ServiceOrderError::WrongNumbers);
    given.push(lost());
    // The numbers given and the lost one make the order's numbers; not without the lost one.
    let assigned = ServiceOrderEvent::NumbersAssigned { numbers: vec!["+442079460001".into()] };
    test()
        .given(given.clone())
        .when_async(ServiceOrderCommand::Checkout(CheckoutStep::AssignNumbers {
            numbers: vec!["+442079460001".into()],
        }))
        .await
        .then_expect_events(vec![assigned.clone()]);
    test()
        .given(paid_single().into_iter().chain([account_created()]).collect())
        .when_async(ServiceOrderCommand::Checkout(CheckoutStep::AssignNumbers {
            numbers: vec!["+442079460001".into()],
        }))
        .await
        .then_expect_error(ServiceOrderError::WrongNumbers);
    given.extend([assigned, ServiceOrderEvent::OrderCompleted { completed_at: at() }]);
    let replace =
        |lost: &str| ServiceOrderCommand::ReplaceLostNumber { lost: lost.into(), replacement: "+442079460003".into() };
    let replaced = ServiceOrderEvent::NumberReplaced {
        lost: "+442079460002".into(),
        replacement: "+442079460003".into(),
        at: at(),
    };
    test().given(given.clone()).when_async(replace("+442079460002")).await.then_expect_events(vec![replaced.clone()]);
    test()
        .given(given.clone())
        .when_async(replace("+442079460001"))
        .await
        .then_expect_error(ServiceOrderError::NotLost);
    given.push(replaced);
    test()
        .given(given.clone())
        .when_async(replace("+442079460002"))
        .await
        .then_expect_error(ServiceOrderError::NotLost);
    // The replacement is the order's own now: staff may release it.
    test()
        .given(given)
        .when_async(release("+442079460003"))
        .await
        .then_expect_events(vec![ServiceOrderEvent::NumberReleased { number: "+442079460003".into(), at: at() }]);
}

#[tokio::test]
async fn a_paid_area_code_placeholder_is_filled_once_after_completion() {
    let mut lines = single_lines();
    lines.numbers.push(OrderedNumber {
        value: "placeholder-0113".into(),
        display_value: "0113 Leeds number".into(),
        is_transfer: false,
        is_placeholder: true,
        free: false,
        price: Pence(200),
        pac: None,
    });
    let fill = || ServiceOrderCommand::FillPlaceholder {
        placeholder: "placeholder-0113".into(),
        number: "441134960001".into(),
    };
    let mut given = vec![placed(lines), customer_registered(), sub_created()];
    given.extend(sub_paid());
    given.extend([account_created(), numbers_assigned()]);
    // Not before the order is complete.
    test().given(given.clone()).when_async(fill()).await.then_expect_error(ServiceOrderError::NotAnOpenPlaceholder);
    given.push(ServiceOrderEvent::OrderCompleted { completed_at: at() });
    let filled = ServiceOrderEvent::PlaceholderFilled {
        placeholder: "placeholder-0113".into(),
        number: "441134960001".into(),
        at: at(),
    };
    test().given(given.clone()).when_async(fill()).await.then_expect_events(vec![filled.clone()]);
    let stock =
        ServiceOrderCommand::FillPlaceholder { placeholder: "+442079460002".into(), number: "441134960001".into() };
    test().given(given.clone()).when_async(stock).await.then_expect_error(ServiceOrderError::NotAnOpenPlaceholder);
    given.push(filled);
    test().given(given.clone()).when_async(fill()).await.then_expect_error(ServiceOrderError::NotAnOpenPlaceholder);
    // The number is the order's now: staff may release it like any other.
    test()
        .given(given)
        .when_async(release("441134960001"))
        .await
        .then_expect_events(vec![ServiceOrderEvent::NumberReleased { number: "441134960001".into(), at: at() }]);
}

// A transferred-in number is a line of the order; its port is the Transfer aggregate's
// (crate::transfer, where the transfer tests live).

const PORTED: &str = "02079460123";

fn transfer_lines() -> OrderLines {
    let mut lines = single_lines();
    lines.numbers.push(OrderedNumber {
        value: PORTED.into(),
        display_value: "020 7946 0123".into(),
        is_transfer: true,
        is_placeholder: false,
        free: false,
        price: Pence::ZERO,
        pac: None,
    });
    lines
}

fn reset(number: &str) -> ServiceOrderCommand {
    ServiceOrderCommand::ResetSipPassword { number: number.into() }
}

#[tokio::test]
async fn staff_reset_an_extensions_sip_password_and_the_event_names_them_not_the_password() {
    let reset_event = ServiceOrderEvent::SipPasswordReset { number: "101".into(), at: at() };
    test().given(completed_single()).when_async(reset("101")).await.then_expect_events(vec![reset_event]);
}

#[tokio::test]
async fn a_sip_password_is_reset_only_on_an_extension_of_the_orders_account() {
    test()
        .given(completed_single())
        .when_async(reset("102"))
        .await
        .then_expect_error(ServiceOrderError::ExtensionNotFound);
    test().given(paid_single()).when_async(reset("101")).await.then_expect_error(ServiceOrderError::NoAccount);
    test().given_no_previous_events().when_async(reset("101")).await.then_expect_error(ServiceOrderError::NotFound);
}

#[tokio::test]
async fn the_customer_resets_their_own_extension_and_an_unknown_one_is_refused() {
    // The signed-in customer's reset is the same command, `by` their account's e-mail (the
    // event's actor, in its metadata, says it was the customer).
    let by_customer = |number: &str| ServiceOrderCommand::ResetSipPassword { number: number.into() };
    test()
        .given(completed_single())
        .when_async(by_customer("101"))
        .await
        .then_expect_events(vec![ServiceOrderEvent::SipPasswordReset { number: "101".into(), at: at() }]);
    test()
        .given(completed_single())
        .when_async(by_customer("999"))
        .await
        .then_expect_error(ServiceOrderError::ExtensionNotFound);
}

// Cancelling the subscription.

fn cancel(at_period_end: bool, reason: &str) -> ServiceOrderCommand {
    ServiceOrderCommand::CancelSubscription {
        at_period_end,
        ends_at: at_period_end.then(|| at() + chrono::Duration::days(30)),
        reason: reason.into(),
        by: "alex@talkbridge.example".into(),
    }
}

fn cancelled(at_period_end: bool) -> ServiceOrderEvent {
    ServiceOrderEvent::SubscriptionCancelled {
        subscription_id: "sub_1".into(),
        at_period_end,
        ends_at: at_period_end.then(|| at() + chrono::Duration::days(30)),
        reason: "Moving provider".into(),
        at: at(),
    }
}

#[tokio::test]
async fn an_admin_cancels_a_paid_subscription_now_or_at_the_end_of_its_period() {
    test()
        .given(completed_single())
        .when_async(cancel(false, " Moving provider "))
        .await
        .then_expect_events(vec![cancelled(false)]);
    test()
        .given(paid_single())
        .when_async(cancel(true, "Moving provider"))
        .await
        .then_expect_events(vec![cancelled(true)]);
}

#[tokio::test]
async fn a_cancellation_at_the_period_end_may_be_brought_forward_but_not_repeated() {
    let mut given = completed_single();
    given.push(cancelled(true));
    test()
        .given(given.clone())
        .when_async(cancel(false, "Moving provider"))
        .await
        .then_expect_events(vec![cancelled(false)]);
    test()
        .given(given)
        .when_async(cancel(true, "Moving provider"))
        .await
        .then_expect_error(ServiceOrderError::SubscriptionAlreadyCancelled);
    let mut now = completed_single();
    now.push(cancelled(false));
    for at_period_end in [false, true] {
        test()
            .given(now.clone())
            .when_async(cancel(at_period_end, "Again"))
            .await
            .then_expect_error(ServiceOrderError::SubscriptionAlreadyCancelled);
    }
}

#[tokio::test]
async fn only_a_paid_subscription_is_cancelled() {
    test().given(vec![]).when_async(cancel(false, "x")).await.then_expect_error(ServiceOrderError::NotFound);
    test()
        .given(vec![placed(single_lines()), customer_registered(), sub_created()])
        .when_async(cancel(false, "x"))
        .await
        .then_expect_error(ServiceOrderError::NoSubscriptionToCancel);
    let payg = vec![
        placed(payg_lines(false)),
        customer_registered(),
        top_up_created(),
        ServiceOrderEvent::PaymentSucceeded { part: PaymentPart::TopUp, reference: "pi_1".into() },
        ServiceOrderEvent::PaymentConfirmed { confirmed_at: at() },
    ];
    test()
        .given(payg)
        .when_async(cancel(false, "x"))
        .await
        .then_expect_error(ServiceOrderError::NoSubscriptionToCancel);
}

#[tokio::test]
async fn a_cancellation_needs_a_reason_and_a_staff_member() {
    test()
        .given(completed_single())
        .when_async(cancel(false, "   "))
        .await
        .then_expect_error(ServiceOrderError::CancellationReasonMissing);
    test()
        .given(completed_single())
        .when_async(cancel(false, &"x".repeat(MAX_CANCELLATION_REASON + 1)))
        .await
        .then_expect_error(ServiceOrderError::CancellationReasonMissing);
    let anonymous = ServiceOrderCommand::CancelSubscription {
        at_period_end: false,
        ends_at: None,
        reason: "x".into(),
        by: " ".into(),
    };
    test().given(completed_single()).when_async(anonymous).await.then_expect_error(ServiceOrderError::StaffRequired);
}

#[tokio::test]
async fn support_propose_a_cancellation_checked_as_a_cancellation_is() {
    let propose = |reason: &str| ServiceOrderCommand::ProposeCancellation {
        at_period_end: true,
        reason: reason.into(),
        by: "sam@talkbridge.example".into(),
    };
    test().given(completed_single()).when_async(propose("Asked by phone")).await.then_expect_events(vec![
        ServiceOrderEvent::CancellationProposed { at_period_end: true, reason: "Asked by phone".into(), at: at() },
    ]);
    let mut gone = completed_single();
    gone.push(cancelled(false));
    test()
        .given(gone)
        .when_async(propose("Again"))
        .await
        .then_expect_error(ServiceOrderError::SubscriptionAlreadyCancelled);
    test()
        .given(completed_single())
        .when_async(propose(""))
        .await
        .then_expect_error(ServiceOrderError::CancellationReasonMissing);
}

#[tokio::test]
async fn an_unpaid_order_is_superseded_once_and_then_takes_no_payment_step() {
    let supersede = |by: &str| ServiceOrderCommand::Supersede { by: by.into() };
    let superseded = ServiceOrderEvent::OrderSuperseded { by: "order-2".into(), at: at() };
    let placed_with_customer = vec![placed(payg_lines(false)), customer_registered(), top_up_created()];
    test()
        .given(placed_with_customer.clone())
        .when_async(supersede("order-2"))
        .await
        .then_expect_events(vec![superseded.clone()]);
    let gone = [placed_with_customer, vec![superseded]].concat();
    test().given(gone.clone()).when_async(supersede("order-2")).await.then_expect_events(vec![]);
    test().given(gone.clone()).when_async(supersede("order-3")).await.then_expect_error(ServiceOrderError::Superseded);
    for step in [
        ServiceOrderCommand::Checkout(CheckoutStep::RecordSetupIntent { setup_intent_id: "seti_2".into() }),
        ServiceOrderCommand::Checkout(CheckoutStep::RecordPaymentMethod { payment_method_id: "pm_2".into() }),
        ServiceOrderCommand::Checkout(CheckoutStep::RecordPaymentSuccess {
            part: PaymentPart::TopUp,
            reference: "pi_1".into(),
        }),
    ] {
        test().given(gone.clone()).when_async(step).await.then_expect_error(ServiceOrderError::Superseded);
    }
}

#[tokio::test]
async fn a_paid_or_unplaced_order_is_never_superseded() {
    let supersede = ServiceOrderCommand::Supersede { by: "order-2".into() };
    test().given(paid_single()).when_async(supersede.clone()).await.then_expect_error(ServiceOrderError::AlreadyPaid);
    test().given(vec![]).when_async(supersede).await.then_expect_error(ServiceOrderError::NotFound);
}

fn placed_a_day_ago() -> ServiceOrderEvent {
    match placed(single_lines()) {
        ServiceOrderEvent::OrderPlaced {
            order_number, cart_id, cart_version, customer, lines, payment_type, ..
        } => {
            let placed_at = at() - chrono::Duration::hours(25);
            ServiceOrderEvent::OrderPlaced {
                order_number,
                cart_id,
                cart_version,
                customer,
                lines,
                payment_type,
                placed_at,
            }
        }
        other => other,
    }
}

#[tokio::test]
async fn an_order_unpaid_after_a_day_expires_once_and_then_takes_no_payment_step() {
    let expire = |refund: Option<&str>| ServiceOrderCommand::Expire { refund_id: refund.map(str::to_string) };
    let expired = ServiceOrderEvent::OrderExpired { refund_id: None, at: at() };
    let unpaid = vec![placed_a_day_ago(), customer_registered(), sub_created()];
    test().given(unpaid.clone()).when_async(expire(None)).await.then_expect_events(vec![expired.clone()]);
    let closed = [unpaid, vec![expired]].concat();
    test().given(closed.clone()).when_async(expire(None)).await.then_expect_events(vec![]);
    test()
        .given(closed)
        .when_async(ServiceOrderCommand::Checkout(CheckoutStep::RecordSetupIntent { setup_intent_id: "seti_9".into() }))
        .await
        .then_expect_error(ServiceOrderError::Expired);
}

#[tokio::test]
async fn an_order_is_not_expired_within_its_day_nor_once_paid_or_replaced() {
    let expire = ServiceOrderCommand::Expire { refund_id: None };
    test()
        .given(vec![placed(single_lines())])
        .when_async(expire.clone())
        .await
        .then_expect_error(ServiceOrderError::TooEarlyToExpire);
    test().given(paid_single()).when_async(expire.clone()).await.then_expect_error(ServiceOrderError::AlreadyPaid);
    let replaced = vec![placed_a_day_ago(), ServiceOrderEvent::OrderSuperseded { by: "order-2".into(), at: at() }];
    test().given(replaced).when_async(expire.clone()).await.then_expect_error(ServiceOrderError::Superseded);
    test().given(vec![]).when_async(expire).await.then_expect_error(ServiceOrderError::NotFound);
}

#[tokio::test]
async fn a_top_up_of_a_closed_order_is_a_stray_and_an_open_orders_own_is_not() {
    let stray =
        |id: &str| ServiceOrderCommand::RecordStrayPayment { payment_intent_id: id.into(), amount: Pence(1200) };
    let received =
        ServiceOrderEvent::StrayPaymentReceived { payment_intent_id: "pi_1".into(), amount: Pence(1200), at: at() };
    let open = vec![placed_a_day_ago(), customer_registered(), top_up_created()];
    test().given(open.clone()).when_async(stray("pi_1")).await.then_expect_error(ServiceOrderError::NotAStrayPayment);
    let expired = [open, vec![ServiceOrderEvent::OrderExpired { refund_id: None, at: at() }]].concat();
    test().given(expired.clone()).when_async(stray("pi_1")).await.then_expect_events(vec![received.clone()]);
    let recorded = [expired, vec![received]].concat();
    test().given(recorded.clone()).when_async(stray("pi_1")).await.then_expect_events(vec![]);
    let refund = |amount| ServiceOrderCommand::RecordStrayRefund {
        payment_intent_id: "pi_1".into(),
        refund_id: "re_1".into(),
        amount: Pence(amount),
    };
    test().given(recorded.clone()).when_async(refund(1)).await.then_expect_error(ServiceOrderError::AmountsDoNotAddUp);
    test().given(recorded).when_async(refund(1200)).await.then_expect_events(vec![
        ServiceOrderEvent::StrayPaymentRefunded {
            payment_intent_id: "pi_1".into(),
            refund_id: "re_1".into(),
            amount: Pence(1200),
            at: at(),
        },
    ]);
}

// A mobile transferred in with its PAC code: the same port, with the PAC as its authority.

const MOBILE: &str = "07700900123";

fn mobile_number(pac: Option<&str>) -> OrderedNumber {
    OrderedNumber {
        value: MOBILE.into(),
        display_value: "07700 900123".into(),
        is_transfer: true,
        is_placeholder: false,
        free: false,
        price: Pence::ZERO,
        pac: pac.map(str::to_string),
    }
}

#[tokio::test]
async fn a_mobile_transfer_is_placed_only_with_a_well_formed_pac() {
    for pac in [None, Some("abc123456"), Some("AB1234567")] {
        let mut lines = single_lines();
        lines.numbers.push(mobile_number(pac));
        test()
            .given_no_previous_events()
            .when_async(place(lines))
            .await
            .then_expect_error(ServiceOrderError::InvalidLines);
    }
    // A PAC with a landline or a stock number is refused too.
    let mut lines = transfer_lines();
    lines.numbers[2].pac = Some("ABC123456".into());
    test().given_no_previous_events().when_async(place(lines)).await.then_expect_error(ServiceOrderError::InvalidLines);
    let mut lines = single_lines();
    lines.numbers[0].pac = Some("ABC123456".into());
    test().given_no_previous_events().when_async(place(lines)).await.then_expect_error(ServiceOrderError::InvalidLines);
    let mut lines = single_lines();
    lines.numbers.push(mobile_number(Some("ABC123456")));
    test().given_no_previous_events().when_async(place(lines.clone())).await.then_expect_events(vec![placed(lines)]);
}

#[test]
fn the_orders_transfers_are_its_transferred_in_numbers_with_their_pac() {
    let mut lines = transfer_lines();
    lines.numbers.push(mobile_number(Some("ABC123456")));
    let mut order = ServiceOrder::default();
    cqrs_es::Aggregate::apply(&mut order, placed(lines));
    let transfers: Vec<(&str, Option<&str>)> =
        order.transfers().map(|n| (n.value.as_str(), n.pac.as_deref())).collect();
    assert_eq!(transfers, vec![(PORTED, None), (MOBILE, Some("ABC123456"))]);
}

#[test]
fn legacy_transfer_steps_in_an_order_stream_still_read_and_change_nothing_of_the_order() {
    let stored = serde_json::json!({ "PortRejected": { "number": PORTED, "reason": "Wrong postcode", "at": "2026-11-23T10:00:00Z" } });
    let event: ServiceOrderEvent = serde_json::from_value(stored).unwrap();
    let mut given = paid_single();
    given.extend([account_created(), numbers_assigned(), ServiceOrderEvent::OrderCompleted { completed_at: at() }]);
    let mut order = ServiceOrder::default();
    for e in given {
        cqrs_es::Aggregate::apply(&mut order, e);
    }
    let before = order.clone();
    cqrs_es::Aggregate::apply(&mut order, event);
    assert_eq!(order, before);
}

#[test]
fn numbers_ring_every_extension_with_ring_groups_or_multi_user_and_the_first_otherwise() {
    let mut lines = single_lines();
    assert!(!lines.rings_all_extensions(), "Single User without Ring Groups rings extension 101");
    lines.add_ons.push(OrderedAddOn { add_on: AddOn::RingGroups, price: Pence(200) });
    assert!(lines.rings_all_extensions());
    assert!(!payg_lines(true).rings_all_extensions());
    let multi = OrderLines { plan: Plan::MultiUser, quantity: 4, add_ons: vec![], ..single_lines() };
    assert!(multi.rings_all_extensions());
}

// The buyer's own billing: notice with the period's end, undone until then; the card on file.

fn notice_ends() -> DateTime<Utc> {
    at() + chrono::Duration::days(30)
}

fn schedule(in_trial: bool) -> ServiceOrderCommand {
    ServiceOrderCommand::ScheduleCancellation { effective_on: notice_ends(), in_trial }
}

fn scheduled() -> ServiceOrderEvent {
    ServiceOrderEvent::CancellationScheduled { subscription_id: "sub_1".into(), effective_on: notice_ends(), at: at() }
}

fn payg_paid() -> Vec<ServiceOrderEvent> {
    vec![
        placed(payg_lines(false)),
        customer_registered(),
        top_up_created(),
        ServiceOrderEvent::PaymentSucceeded { part: PaymentPart::TopUp, reference: "pi_1".into() },
        ServiceOrderEvent::PaymentConfirmed { confirmed_at: at() },
    ]
}

#[tokio::test]
async fn the_buyer_gives_notice_and_the_subscription_ends_at_the_period_it_runs_out_in() {
    test().given(completed_single()).when_async(schedule(false)).await.then_expect_events(vec![scheduled()]);
    let mut given = completed_single();
    given.push(scheduled());
    let order = folded(given);
    let cancellation = order.cancellation.expect("scheduled");
    assert!(cancellation.at_period_end);
    assert_eq!((cancellation.ends_at, cancellation.reason.as_str()), (Some(notice_ends()), CUSTOMER_NOTICE));
}

#[tokio::test]
async fn notice_is_refused_when_there_is_nothing_to_cancel() {
    test().given(vec![]).when_async(schedule(false)).await.then_expect_error(ServiceOrderError::NotFound);
    test()
        .given(vec![placed(single_lines()), customer_registered(), sub_created()])
        .when_async(schedule(false))
        .await
        .then_expect_error(ServiceOrderError::NoSubscriptionToCancel);
    test()
        .given(payg_paid())
        .when_async(schedule(false))
        .await
        .then_expect_error(ServiceOrderError::NoSubscriptionToCancel);
}

#[tokio::test]
async fn notice_is_refused_in_a_trial_and_when_already_cancelled() {
    test()
        .given(completed_single())
        .when_async(schedule(true))
        .await
        .then_expect_error(ServiceOrderError::CancellationInTrial);
    for done in [scheduled(), cancelled(true), cancelled(false)] {
        let mut given = completed_single();
        given.push(done);
        test()
            .given(given)
            .when_async(schedule(false))
            .await
            .then_expect_error(ServiceOrderError::SubscriptionAlreadyCancelled);
    }
    test()
        .given(completed_single())
        .when_async(ServiceOrderCommand::ScheduleCancellation { effective_on: at(), in_trial: false })
        .await
        .then_expect_error(ServiceOrderError::CancellationInEffect);
}

#[tokio::test]
async fn keep_my_service_undoes_the_notice_until_the_day_it_takes_effect() {
    let undone = ServiceOrderEvent::CancellationUndone { subscription_id: "sub_1".into(), at: at() };
    for done in [scheduled(), cancelled(true)] {
        let mut given = completed_single();
        given.push(done);
        test()
            .given(given)
            .when_async(ServiceOrderCommand::UndoCancellation)
            .await
            .then_expect_events(vec![undone.clone()]);
    }
    let mut given = completed_single();
    given.extend([scheduled(), undone]);
    assert_eq!(folded(given.clone()).cancellation, None);
    // Given notice again after keeping it.
    test().given(given).when_async(schedule(false)).await.then_expect_events(vec![scheduled()]);
}

#[tokio::test]
async fn an_undo_is_refused_with_nothing_to_undo_after_a_cancellation_now_and_after_the_date() {
    test()
        .given(completed_single())
        .when_async(ServiceOrderCommand::UndoCancellation)
        .await
        .then_expect_error(ServiceOrderError::NoCancellationToUndo);
    let mut now = completed_single();
    now.push(cancelled(false));
    test()
        .given(now)
        .when_async(ServiceOrderCommand::UndoCancellation)
        .await
        .then_expect_error(ServiceOrderError::SubscriptionAlreadyCancelled);
    let mut passed = completed_single();
    passed.push(ServiceOrderEvent::CancellationScheduled {
        subscription_id: "sub_1".into(),
        effective_on: at() - chrono::Duration::days(1),
        at: at() - chrono::Duration::days(31),
    });
    test()
        .given(passed)
        .when_async(ServiceOrderCommand::UndoCancellation)
        .await
        .then_expect_error(ServiceOrderError::CancellationInEffect);
    test()
        .given(vec![])
        .when_async(ServiceOrderCommand::UndoCancellation)
        .await
        .then_expect_error(ServiceOrderError::NotFound);
}

fn change_card(setup: &str, card: &str) -> ServiceOrderCommand {
    ServiceOrderCommand::ChangeCard {
        setup_intent_id: setup.into(),
        payment_method_id: card.into(),
        brand: "visa".into(),
        last4: "4242".into(),
    }
}

fn card_changed(card: &str) -> ServiceOrderEvent {
    ServiceOrderEvent::CardChanged {
        payment_method_id: card.into(),
        brand: "visa".into(),
        last4: "4242".into(),
        at: at(),
    }
}

fn change_started(setup: &str) -> ServiceOrderEvent {
    ServiceOrderEvent::CardChangeStarted { setup_intent_id: setup.into(), at: at() }
}

#[tokio::test]
async fn the_buyer_changes_the_card_through_a_card_setup_of_the_order() {
    test()
        .given(completed_single())
        .when_async(ServiceOrderCommand::StartCardChange { setup_intent_id: "seti_9".into() })
        .await
        .then_expect_events(vec![change_started("seti_9")]);
    let mut given = completed_single();
    given.push(change_started("seti_9"));
    test()
        .given(given.clone())
        .when_async(ServiceOrderCommand::StartCardChange { setup_intent_id: "seti_9".into() })
        .await
        .then_expect_events(vec![]);
    test()
        .given(given.clone())
        .when_async(change_card("seti_9", "pm_9"))
        .await
        .then_expect_events(vec![card_changed("pm_9")]);
    test()
        .given(given.clone())
        .when_async(change_card("seti_other", "pm_9"))
        .await
        .then_expect_error(ServiceOrderError::UnknownCardSetup);
    given.push(card_changed("pm_9"));
    test().given(given.clone()).when_async(change_card("seti_9", "pm_9")).await.then_expect_events(vec![]);
    assert_eq!(folded(given).card_on_file.as_deref(), Some("pm_9"));
}

#[tokio::test]
async fn a_card_change_needs_a_paid_order_and_stops_at_its_cap() {
    test()
        .given(vec![placed(single_lines()), customer_registered()])
        .when_async(ServiceOrderCommand::StartCardChange { setup_intent_id: "seti_1".into() })
        .await
        .then_expect_error(ServiceOrderError::PaymentNotConfirmed);
    test()
        .given(vec![])
        .when_async(ServiceOrderCommand::StartCardChange { setup_intent_id: "seti_1".into() })
        .await
        .then_expect_error(ServiceOrderError::NotFound);
    let mut given = completed_single();
    given.extend((0..MAX_CARD_CHANGES).map(|n| change_started(&format!("seti_{n}"))));
    test()
        .given(given)
        .when_async(ServiceOrderCommand::StartCardChange { setup_intent_id: "seti_more".into() })
        .await
        .then_expect_error(ServiceOrderError::TooManyCardSetups);
}

// Service follows the money (issue 44, item 7): calls out suspended and restored, and a
// subscription the card provider ended.

const ADMIN: &str = "alex@talkbridge.example";

fn suspend(cause: SuspensionCause, reason: &str) -> ServiceOrderCommand {
    let by = if cause == SuspensionCause::Staff { ADMIN } else { "" };
    ServiceOrderCommand::SuspendCallsOut { cause, reason: reason.into(), by: by.into() }
}

fn restore(cause: SuspensionCause, reason: &str) -> ServiceOrderCommand {
    let by = if cause == SuspensionCause::Staff { ADMIN } else { "" };
    ServiceOrderCommand::RestoreCallsOut { cause, reason: reason.into(), by: by.into() }
}

fn suspended(cause: SuspensionCause, reason: &str, detail: &str) -> ServiceOrderEvent {
    ServiceOrderEvent::CallsOutSuspended { cause, reason: reason.into(), detail: detail.into(), at: at() }
}

fn payment_failed() -> ServiceOrderEvent {
    suspended(SuspensionCause::PaymentFailed, PAYMENT_FAILED_REASON, "subscription sub_1 is past_due")
}

fn disputed() -> ServiceOrderEvent {
    suspended(SuspensionCause::Dispute, ACCOUNT_SUSPENDED_REASON, "dispute dp_1")
}

fn with(
    mut events: Vec<ServiceOrderEvent>,
    more: impl IntoIterator<Item = ServiceOrderEvent>,
) -> Vec<ServiceOrderEvent> {
    events.extend(more);
    events
}

#[tokio::test]
async fn a_failed_payment_suspends_calls_out_with_the_products_phrase_once() {
    test()
        .given(completed_single())
        .when_async(suspend(SuspensionCause::PaymentFailed, " subscription sub_1 is past_due "))
        .await
        .then_expect_events(vec![payment_failed()]);
    // The provider saying it again (another event, the job) changes nothing.
    test()
        .given(with(completed_single(), [payment_failed()]))
        .when_async(suspend(SuspensionCause::PaymentFailed, "invoice in_2 payment failed"))
        .await
        .then_expect_events(vec![]);
    let order = folded(with(completed_single(), [payment_failed()]));
    assert_eq!(
        order.suspension,
        Some(CallsOutSuspension { cause: SuspensionCause::PaymentFailed, reason: PAYMENT_FAILED_REASON.into() })
    );
}

#[tokio::test]
async fn a_suspension_needs_the_orders_account() {
    test()
        .given(paid_single())
        .when_async(suspend(SuspensionCause::PaymentFailed, "past_due"))
        .await
        .then_expect_error(ServiceOrderError::NoAccount);
    test()
        .given_no_previous_events()
        .when_async(suspend(SuspensionCause::Dispute, "dp_1"))
        .await
        .then_expect_error(ServiceOrderError::NotFound);
}

#[tokio::test]
async fn a_paid_invoice_restores_calls_out_suspended_for_a_failed_payment_only() {
    test()
        .given(with(completed_single(), [payment_failed()]))
        .when_async(restore(SuspensionCause::PaymentFailed, "invoice in_3 paid"))
        .await
        .then_expect_events(vec![ServiceOrderEvent::CallsOutRestored {
            lifted: SuspensionCause::PaymentFailed,
            reason: "invoice in_3 paid".into(),
            at: at(),
        }]);
    // Nothing suspended, or suspended for a dispute: a payment lifts nothing.
    test()
        .given(completed_single())
        .when_async(restore(SuspensionCause::PaymentFailed, "invoice in_3 paid"))
        .await
        .then_expect_events(vec![]);
    test()
        .given(with(completed_single(), [disputed()]))
        .when_async(restore(SuspensionCause::PaymentFailed, "invoice in_3 paid"))
        .await
        .then_expect_events(vec![]);
    let order = folded(with(
        completed_single(),
        [
            payment_failed(),
            ServiceOrderEvent::CallsOutRestored {
                lifted: SuspensionCause::PaymentFailed,
                reason: "paid".into(),
                at: at(),
            },
        ],
    ));
    assert_eq!(order.suspension, None);
}

#[tokio::test]
async fn a_dispute_outweighs_a_failed_payment_and_is_not_replaced_by_one() {
    test()
        .given(with(completed_single(), [payment_failed()]))
        .when_async(suspend(SuspensionCause::Dispute, "dispute dp_1"))
        .await
        .then_expect_events(vec![disputed()]);
    test()
        .given(with(completed_single(), [disputed()]))
        .when_async(suspend(SuspensionCause::PaymentFailed, "past_due"))
        .await
        .then_expect_events(vec![]);
    test()
        .given(with(completed_single(), [disputed()]))
        .when_async(suspend(SuspensionCause::Dispute, "dispute dp_1"))
        .await
        .then_expect_events(vec![]);
}

#[tokio::test]
async fn an_admin_suspends_with_their_reason_and_restores_any_suspension() {
    test()
        .given(completed_single())
        .when_async(suspend(SuspensionCause::Staff, " Unusual calls to premium numbers "))
        .await
        .then_expect_events(vec![suspended(SuspensionCause::Staff, "Unusual calls to premium numbers", "")]);
    // A failed payment's suspension gives way to the admin's; the same again changes nothing.
    test()
        .given(with(completed_single(), [payment_failed()]))
        .when_async(suspend(SuspensionCause::Staff, "Checking the account"))
        .await
        .then_expect_events(vec![suspended(SuspensionCause::Staff, "Checking the account", "")]);
    test()
        .given(with(completed_single(), [suspended(SuspensionCause::Staff, "Checking the account", "")]))
        .when_async(suspend(SuspensionCause::Staff, "Checking the account"))
        .await
        .then_expect_events(vec![]);
    for given in [payment_failed(), disputed(), suspended(SuspensionCause::Staff, "Checking", "")] {
        let ServiceOrderEvent::CallsOutSuspended { cause, .. } = given.clone() else { unreachable!() };
        test()
            .given(with(completed_single(), [given]))
            .when_async(restore(SuspensionCause::Staff, "Spoke to the customer"))
            .await
            .then_expect_events(vec![ServiceOrderEvent::CallsOutRestored {
                lifted: cause,
                reason: "Spoke to the customer".into(),
                at: at(),
            }]);
    }
}

#[tokio::test]
async fn an_admins_suspension_and_restore_are_refused_without_a_reason_a_name_or_a_suspension() {
    for reason in ["  ", "line one\r\nline two"] {
        test()
            .given(completed_single())
            .when_async(suspend(SuspensionCause::Staff, reason))
            .await
            .then_expect_error(ServiceOrderError::SuspensionReasonInvalid);
    }
    test()
        .given(completed_single())
        .when_async(suspend(SuspensionCause::Staff, &"x".repeat(MAX_SUSPENSION_REASON + 1)))
        .await
        .then_expect_error(ServiceOrderError::SuspensionReasonInvalid);
    let anonymous =
        ServiceOrderCommand::SuspendCallsOut { cause: SuspensionCause::Staff, reason: "x".into(), by: " ".into() };
    test().given(completed_single()).when_async(anonymous).await.then_expect_error(ServiceOrderError::StaffRequired);
    let anonymous =
        ServiceOrderCommand::RestoreCallsOut { cause: SuspensionCause::Staff, reason: "x".into(), by: String::new() };
    test()
        .given(with(completed_single(), [payment_failed()]))
        .when_async(anonymous)
        .await
        .then_expect_error(ServiceOrderError::StaffRequired);
    test()
        .given(with(completed_single(), [payment_failed()]))
        .when_async(restore(SuspensionCause::Staff, ""))
        .await
        .then_expect_error(ServiceOrderError::SuspensionReasonInvalid);
    test()
        .given(completed_single())
        .when_async(restore(SuspensionCause::Staff, "Nothing to lift"))
        .await
        .then_expect_error(ServiceOrderError::CallsOutNotSuspended);
    // A dispute is lifted first (restore), not written over.
    test()
        .given(with(completed_single(), [disputed()]))
        .when_async(suspend(SuspensionCause::Staff, "Checking"))
        .await
        .then_expect_error(ServiceOrderError::SuspendedForDispute);
}

fn end_subscription(subscription: &str) -> ServiceOrderCommand {
    ServiceOrderCommand::EndSubscription {
        subscription_id: subscription.into(),
        reason: " The card provider ended the subscription (canceled). ".into(),
    }
}

fn ended_by_provider() -> ServiceOrderEvent {
    ServiceOrderEvent::SubscriptionCancelled {
        subscription_id: "sub_1".into(),
        at_period_end: false,
        ends_at: None,
        reason: "The card provider ended the subscription (canceled).".into(),
        at: at(),
    }
}

#[tokio::test]
async fn a_subscription_the_provider_ended_ends_the_service_at_once_once() {
    test()
        .given(completed_single())
        .when_async(end_subscription("sub_1"))
        .await
        .then_expect_events(vec![ended_by_provider()]);
    // Delivered again, or found by the job after the webhook: nothing more.
    test()
        .given(with(completed_single(), [ended_by_provider()]))
        .when_async(end_subscription("sub_1"))
        .await
        .then_expect_events(vec![]);
    // An admin's cancellation at once came first: over already.
    test()
        .given(with(completed_single(), [cancelled(false)]))
        .when_async(end_subscription("sub_1"))
        .await
        .then_expect_events(vec![]);
}

#[tokio::test]
async fn a_scheduled_end_that_has_come_is_not_recorded_again_but_an_early_one_is() {
    let ended_on_time = ServiceOrderEvent::SubscriptionCancelled {
        subscription_id: "sub_1".into(),
        at_period_end: true,
        ends_at: Some(at() - chrono::Duration::minutes(1)),
        reason: "Moving provider".into(),
        at: at() - chrono::Duration::days(30),
    };
    test()
        .given(with(completed_single(), [ended_on_time]))
        .when_async(end_subscription("sub_1"))
        .await
        .then_expect_events(vec![]);
    // Ended by the provider before the period's end the order knows: at once.
    test()
        .given(with(completed_single(), [cancelled(true)]))
        .when_async(end_subscription("sub_1"))
        .await
        .then_expect_events(vec![ended_by_provider()]);
}

#[tokio::test]
async fn only_the_orders_own_paid_subscription_is_ended() {
    test()
        .given(completed_single())
        .when_async(end_subscription("sub_other"))
        .await
        .then_expect_error(ServiceOrderError::UnknownPayment);
    test()
        .given(vec![placed(single_lines()), customer_registered(), sub_created()])
        .when_async(end_subscription("sub_1"))
        .await
        .then_expect_error(ServiceOrderError::NoSubscriptionToCancel);
    test()
        .given_no_previous_events()
        .when_async(end_subscription("sub_1"))
        .await
        .then_expect_error(ServiceOrderError::NotFound);
}

// The daily spend cap on calls out (issue 44, item 8): admins set it, each change an event.

fn set_cap(pence: i64) -> ServiceOrderCommand {
    ServiceOrderCommand::SetDailySpendCap { cap: Pence(pence), by: "ada@talkbridge.example".into() }
}

fn cap_set(pence: i64) -> ServiceOrderEvent {
    ServiceOrderEvent::DailySpendCapSet { cap: Pence(pence), at: at() }
}

#[tokio::test]
async fn an_admin_sets_the_daily_spend_cap_of_an_order_with_an_account() {
    test().given(completed_single()).when_async(set_cap(5000)).await.then_expect_events(vec![cap_set(5000)]);
    // The bounds are caps too: 0 stops every call out that costs money, £1,000 is the most.
    test().given(completed_single()).when_async(set_cap(0)).await.then_expect_events(vec![cap_set(0)]);
    test().given(completed_single()).when_async(set_cap(100_000)).await.then_expect_events(vec![cap_set(100_000)]);
    // Changed again: a new event each time.
    let mut changed = completed_single();
    changed.push(cap_set(5000));
    test().given(changed).when_async(set_cap(1500)).await.then_expect_events(vec![cap_set(1500)]);
}

#[tokio::test]
async fn the_cap_an_order_has_already_stores_nothing() {
    // No cap of its own: the default, £20.
    test().given(completed_single()).when_async(set_cap(2000)).await.then_expect_events(vec![]);
    let mut changed = completed_single();
    changed.push(cap_set(5000));
    test().given(changed.clone()).when_async(set_cap(5000)).await.then_expect_events(vec![]);
    // Back to the default from a cap of its own is a change.
    test().given(changed).when_async(set_cap(2000)).await.then_expect_events(vec![cap_set(2000)]);
}

#[tokio::test]
async fn a_negative_or_absurd_cap_is_refused() {
    for pence in [-1, -2000, 100_001, 10_000_000, i64::MAX, i64::MIN] {
        test()
            .given(completed_single())
            .when_async(set_cap(pence))
            .await
            .then_expect_error(ServiceOrderError::SpendCapOutOfRange);
    }
}

#[tokio::test]
async fn a_cap_needs_a_known_order_with_an_account_and_a_staff_member() {
    test().given_no_previous_events().when_async(set_cap(5000)).await.then_expect_error(ServiceOrderError::NotFound);
    test().given(paid_single()).when_async(set_cap(5000)).await.then_expect_error(ServiceOrderError::NoAccount);
    let anonymous = ServiceOrderCommand::SetDailySpendCap { cap: Pence(5000), by: " ".into() };
    test().given(completed_single()).when_async(anonymous).await.then_expect_error(ServiceOrderError::StaffRequired);
}

#[test]
fn the_cap_reads_the_default_until_staff_set_one() {
    let mut order = ServiceOrder::default();
    for event in completed_single() {
        cqrs_es::Aggregate::apply(&mut order, event);
    }
    assert_eq!(order.spend_cap(), DEFAULT_DAILY_SPEND_CAP);
    cqrs_es::Aggregate::apply(&mut order, cap_set(750));
    assert_eq!(order.spend_cap(), Pence(750));
    assert_eq!(cap_tenths(order.spend_cap()), 7500);
}
