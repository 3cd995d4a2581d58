use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Duration, TimeZone, Utc};
use cqrs_es::test::TestFramework;

use super::*;
use crate::clock::FixedClock;

const NUMBER: &str = "441614960000";

struct Stock;

#[async_trait]
impl NumberStock for Stock {
    async fn in_stock(&self, value: &str) -> bool {
        value.starts_with("44161496")
    }
}

fn noon() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 22, 12, 0, 0).unwrap()
}

fn at(now: DateTime<Utc>) -> TestFramework<PhoneNumber> {
    TestFramework::with(PhoneNumberServices { stock: Arc::new(Stock), clock: Arc::new(FixedClock(now)) })
}

fn reserved(cart: &str, at: DateTime<Utc>) -> PhoneNumberEvent {
    PhoneNumberEvent::NumberReserved { cart_id: cart.into(), until: at + Duration::minutes(30) }
}

fn reserve(cart: &str) -> PhoneNumberCommand {
    PhoneNumberCommand::ReserveForCart { number: NUMBER.into(), cart_id: cart.into() }
}

#[tokio::test]
async fn reserving_a_free_number_holds_it_for_thirty_minutes() {
    at(noon())
        .given_no_previous_events()
        .when_async(reserve("a"))
        .await
        .then_expect_events(vec![reserved("a", noon())]);
}

#[tokio::test]
async fn a_number_outside_the_stock_cannot_be_reserved_or_assigned() {
    let command = PhoneNumberCommand::ReserveForCart { number: "442079460000".into(), cart_id: "a".into() };
    at(noon()).given_no_previous_events().when_async(command).await.then_expect_error(PhoneNumberError::NotInStock);
    let command = PhoneNumberCommand::Assign { number: "1".into(), owner: "order-1".into() };
    at(noon()).given_no_previous_events().when_async(command).await.then_expect_error(PhoneNumberError::NotInStock);
}

#[tokio::test]
async fn another_cart_is_refused_while_the_reservation_runs() {
    let later = noon() + Duration::minutes(29);
    at(later)
        .given(vec![reserved("a", noon())])
        .when_async(reserve("b"))
        .await
        .then_expect_error(PhoneNumberError::Taken);
}

#[tokio::test]
async fn the_same_cart_renews_its_reservation() {
    let later = noon() + Duration::minutes(10);
    at(later)
        .given(vec![reserved("a", noon())])
        .when_async(reserve("a"))
        .await
        .then_expect_events(vec![reserved("a", later)]);
}

#[tokio::test]
async fn a_run_out_reservation_no_longer_blocks_another_cart() {
    let later = noon() + Duration::minutes(31);
    at(later)
        .given(vec![reserved("a", noon())])
        .when_async(reserve("b"))
        .await
        .then_expect_events(vec![reserved("b", later)]);
}

#[tokio::test]
async fn the_cart_releases_its_number() {
    at(noon())
        .given(vec![reserved("a", noon())])
        .when_async(PhoneNumberCommand::ReleaseFromCart { cart_id: "a".into() })
        .await
        .then_expect_events(vec![PhoneNumberEvent::NumberReleased {
            cart_id: "a".into(),
            reason: ReleaseReason::RemovedFromCart,
        }]);
}

#[tokio::test]
async fn only_the_holding_cart_may_release() {
    at(noon())
        .given(vec![reserved("a", noon())])
        .when_async(PhoneNumberCommand::ReleaseFromCart { cart_id: "b".into() })
        .await
        .then_expect_error(PhoneNumberError::NotReservedByCart);
    at(noon())
        .given_no_previous_events()
        .when_async(PhoneNumberCommand::ReleaseFromCart { cart_id: "a".into() })
        .await
        .then_expect_error(PhoneNumberError::NotReservedByCart);
}

#[tokio::test]
async fn expiry_releases_a_run_out_reservation() {
    at(noon() + Duration::minutes(30))
        .given(vec![reserved("a", noon())])
        .when_async(PhoneNumberCommand::ExpireReservation)
        .await
        .then_expect_events(vec![PhoneNumberEvent::NumberReleased {
            cart_id: "a".into(),
            reason: ReleaseReason::Expired,
        }]);
}

#[tokio::test]
async fn expiry_refuses_a_running_reservation_or_a_free_number() {
    at(noon() + Duration::minutes(29))
        .given(vec![reserved("a", noon())])
        .when_async(PhoneNumberCommand::ExpireReservation)
        .await
        .then_expect_error(PhoneNumberError::NotExpired);
    at(noon())
        .given_no_previous_events()
        .when_async(PhoneNumberCommand::ExpireReservation)
        .await
        .then_expect_error(PhoneNumberError::NotExpired);
}

#[tokio::test]
async fn assigning_a_number_for_good() {
    let assign = PhoneNumberCommand::Assign { number: NUMBER.into(), owner: "order-1".into() };
    at(noon())
        .given(vec![reserved("a", noon()), held("a", "order-1", noon())])
        .when_async(assign.clone())
        .await
        .then_expect_events(vec![PhoneNumberEvent::NumberAssigned { owner: "order-1".into() }]);
    at(noon())
        .given(vec![PhoneNumberEvent::NumberAssigned { owner: "order-0".into() }])
        .when_async(assign)
        .await
        .then_expect_error(PhoneNumberError::Taken);
    // Assigned again to the same owner (a workflow resumed after a crash): nothing to store.
    at(noon())
        .given(vec![PhoneNumberEvent::NumberAssigned { owner: "order-1".into() }])
        .when_async(PhoneNumberCommand::Assign { number: NUMBER.into(), owner: "order-1".into() })
        .await
        .then_expect_events(vec![]);
    at(noon())
        .given(vec![PhoneNumberEvent::NumberAssigned { owner: "order-0".into() }])
        .when_async(reserve("a"))
        .await
        .then_expect_error(PhoneNumberError::Taken);
}

fn hold(cart: &str, owner: &str) -> PhoneNumberCommand {
    PhoneNumberCommand::HoldForOrder { number: NUMBER.into(), cart_id: cart.into(), owner: owner.into() }
}

fn held(cart: &str, owner: &str, at: DateTime<Utc>) -> PhoneNumberEvent {
    PhoneNumberEvent::NumberHeldForOrder {
        owner: owner.into(),
        cart_id: cart.into(),
        until: at + Duration::minutes(ORDER_HOLD_MINUTES),
    }
}

fn assign(owner: &str) -> PhoneNumberCommand {
    PhoneNumberCommand::Assign { number: NUMBER.into(), owner: owner.into() }
}

#[tokio::test]
async fn placing_an_order_moves_the_carts_reservation_to_the_order() {
    let later = noon() + Duration::minutes(10);
    at(later)
        .given(vec![reserved("a", noon())])
        .when_async(hold("a", "order:1"))
        .await
        .then_expect_events(vec![held("a", "order:1", later)]);
}

#[tokio::test]
async fn an_order_cannot_take_a_number_another_cart_or_order_holds() {
    let later = noon() + Duration::minutes(10);
    at(later)
        .given(vec![reserved("b", noon())])
        .when_async(hold("a", "order:1"))
        .await
        .then_expect_error(PhoneNumberError::Taken);
    at(later)
        .given(vec![held("b", "order:2", noon())])
        .when_async(hold("a", "order:1"))
        .await
        .then_expect_error(PhoneNumberError::Taken);
    // A newer order of the same cart takes over.
    at(later)
        .given(vec![held("a", "order:0", noon())])
        .when_async(hold("a", "order:1"))
        .await
        .then_expect_events(vec![held("a", "order:1", later)]);
    at(later)
        .given(vec![PhoneNumberEvent::NumberAssigned { owner: "trial:1".into() }])
        .when_async(hold("a", "order:1"))
        .await
        .then_expect_error(PhoneNumberError::Taken);
}

#[tokio::test]
async fn a_reservation_that_ran_out_may_be_held_by_the_order_again() {
    let much_later = noon() + Duration::minutes(45);
    at(much_later)
        .given(vec![reserved("b", noon())])
        .when_async(hold("a", "order:1"))
        .await
        .then_expect_events(vec![held("a", "order:1", much_later)]);
}

#[tokio::test]
async fn assigning_is_refused_while_another_cart_or_order_holds_the_number() {
    let later = noon() + Duration::minutes(10);
    at(later)
        .given(vec![reserved("b", noon())])
        .when_async(assign("trial:1"))
        .await
        .then_expect_error(PhoneNumberError::Taken);
    at(later)
        .given(vec![held("b", "order:2", noon())])
        .when_async(assign("order:1"))
        .await
        .then_expect_error(PhoneNumberError::Taken);
    // A cart's reservation cannot be turned into someone's number by skipping the order.
    at(later)
        .given(vec![reserved("a", noon())])
        .when_async(assign("order:1"))
        .await
        .then_expect_error(PhoneNumberError::Taken);
}

#[tokio::test]
async fn the_holding_order_or_anyone_after_the_hold_ran_out_may_assign() {
    let later = noon() + Duration::minutes(10);
    at(later)
        .given(vec![held("a", "order:1", noon())])
        .when_async(assign("order:1"))
        .await
        .then_expect_events(vec![PhoneNumberEvent::NumberAssigned { owner: "order:1".into() }]);
    let much_later = noon() + Duration::minutes(ORDER_HOLD_MINUTES + 1);
    at(much_later)
        .given(vec![held("a", "order:1", noon())])
        .when_async(assign("trial:9"))
        .await
        .then_expect_events(vec![PhoneNumberEvent::NumberAssigned { owner: "trial:9".into() }]);
}

#[tokio::test]
async fn an_order_hold_runs_out_like_a_reservation_and_blocks_carts_until_then() {
    let later = noon() + Duration::minutes(10);
    at(later)
        .given(vec![held("a", "order:1", noon())])
        .when_async(reserve("b"))
        .await
        .then_expect_error(PhoneNumberError::Taken);
    // Its own cart may take it back.
    at(later)
        .given(vec![held("a", "order:1", noon())])
        .when_async(reserve("a"))
        .await
        .then_expect_events(vec![reserved("a", later)]);
    let much_later = noon() + Duration::minutes(ORDER_HOLD_MINUTES + 1);
    at(much_later)
        .given(vec![held("a", "order:1", noon())])
        .when_async(PhoneNumberCommand::ExpireReservation)
        .await
        .then_expect_events(vec![PhoneNumberEvent::NumberReleased {
            cart_id: "order:1".into(),
            reason: ReleaseReason::Expired,
        }]);
}

fn returned_to_stock(owner: &str) -> PhoneNumberCommand {
    PhoneNumberCommand::ReturnToStock { owner: owner.into() }
}

#[tokio::test]
async fn the_owner_returns_its_number_to_the_stock() {
    at(noon())
        .given(vec![PhoneNumberEvent::NumberAssigned { owner: "trial:1".into() }])
        .when_async(returned_to_stock("trial:1"))
        .await
        .then_expect_events(vec![PhoneNumberEvent::NumberReturned { owner: "trial:1".into() }]);
}

#[tokio::test]
async fn only_the_owner_may_return_a_number() {
    at(noon())
        .given(vec![PhoneNumberEvent::NumberAssigned { owner: "trial:1".into() }])
        .when_async(returned_to_stock("trial:2"))
        .await
        .then_expect_error(PhoneNumberError::NotOwner);
    at(noon())
        .given(vec![reserved("trial:1", noon())])
        .when_async(returned_to_stock("trial:1"))
        .await
        .then_expect_error(PhoneNumberError::NotOwner);
    at(noon())
        .given_no_previous_events()
        .when_async(returned_to_stock("trial:1"))
        .await
        .then_expect_error(PhoneNumberError::NotOwner);
    // Returned once: a second return is refused.
    at(noon())
        .given(vec![
            PhoneNumberEvent::NumberAssigned { owner: "trial:1".into() },
            PhoneNumberEvent::NumberReturned { owner: "trial:1".into() },
        ])
        .when_async(returned_to_stock("trial:1"))
        .await
        .then_expect_error(PhoneNumberError::NotOwner);
}

#[tokio::test]
async fn a_returned_number_can_be_assigned_again() {
    let given = vec![
        PhoneNumberEvent::NumberAssigned { owner: "trial:1".into() },
        PhoneNumberEvent::NumberReturned { owner: "trial:1".into() },
    ];
    at(noon())
        .given(given.clone())
        .when_async(PhoneNumberCommand::Assign { number: NUMBER.into(), owner: "trial:2".into() })
        .await
        .then_expect_events(vec![PhoneNumberEvent::NumberAssigned { owner: "trial:2".into() }]);
    at(noon()).given(given).when_async(reserve("a")).await.then_expect_events(vec![reserved("a", noon())]);
}
