use std::sync::Arc;

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
        .given(vec![reserved("a", noon())])
        .when_async(assign.clone())
        .await
        .then_expect_events(vec![PhoneNumberEvent::NumberAssigned { owner: "order-1".into() }]);
    at(noon())
        .given(vec![PhoneNumberEvent::NumberAssigned { owner: "order-0".into() }])
        .when_async(assign)
        .await
        .then_expect_error(PhoneNumberError::Taken);
    at(noon())
        .given(vec![PhoneNumberEvent::NumberAssigned { owner: "order-0".into() }])
        .when_async(reserve("a"))
        .await
        .then_expect_error(PhoneNumberError::Taken);
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
    at(noon()).given_no_previous_events().when_async(returned_to_stock("trial:1")).await.then_expect_error(PhoneNumberError::NotOwner);
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
