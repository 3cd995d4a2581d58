use std::sync::Arc;

use chrono::{DateTime, Duration, TimeZone, Utc};
use cqrs_es::test::TestFramework;

use super::*;
use crate::clock::FixedClock;
use crate::customer::{Customer, Extension};
use crate::pricing::Pence;

fn start() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 23, 9, 0, 0).unwrap()
}

fn at(offset: Duration) -> TestFramework<Trial> {
    TestFramework::with(TrialServices { clock: Arc::new(FixedClock(start() + offset)) })
}

fn contact() -> Customer {
    Customer { email: "tara@example.com".into(), first_name: "Tara".into(), ..Customer::default() }
}

fn extension() -> Extension {
    Extension { number: "101".into(), username: "tara101".into() }
}

fn started() -> TrialEvent {
    TrialEvent::TrialStarted {
        number: "441632960001".into(),
        contact: contact(),
        account_id: "acc-1".into(),
        extension: extension(),
        package: TRIAL_PACKAGE.into(),
        price: Pence::ZERO,
        minutes: 50,
        started_at: start(),
        ends_at: start() + Duration::days(7),
        verify_by: Some(start() + Duration::hours(24)),
    }
}

/// A trial's start as stored before e-mail confirmation existed (no `verify_by`).
fn started_before_confirmation() -> TrialEvent {
    let TrialEvent::TrialStarted {
        number,
        contact,
        account_id,
        extension,
        package,
        price,
        minutes,
        started_at,
        ends_at,
        ..
    } = started()
    else {
        unreachable!()
    };
    TrialEvent::TrialStarted {
        number,
        contact,
        account_id,
        extension,
        package,
        price,
        minutes,
        started_at,
        ends_at,
        verify_by: None,
    }
}

fn verified(hours: i64) -> TrialEvent {
    TrialEvent::EmailVerified { email: "tara@example.com".into(), at: start() + Duration::hours(hours) }
}

fn card() -> TrialEvent {
    TrialEvent::PaymentMethodAttached { customer_id: "cus_1".into(), payment_method_id: "pm_1".into() }
}

#[tokio::test]
async fn a_trial_starts_at_no_cost_and_ends_seven_days_later() {
    at(Duration::zero())
        .given_no_previous_events()
        .when_async(TrialCommand::StartTrial {
            number: "441632960001".into(),
            contact: contact(),
            account_id: "acc-1".into(),
            extension: extension(),
        })
        .await
        .then_expect_events(vec![started()]);
}

#[tokio::test]
async fn a_trial_starts_once() {
    at(Duration::zero())
        .given(vec![started()])
        .when_async(TrialCommand::StartTrial {
            number: "441632960002".into(),
            contact: contact(),
            account_id: "acc-1".into(),
            extension: extension(),
        })
        .await
        .then_expect_error(TrialError::AlreadyStarted);
}

#[tokio::test]
async fn commands_need_a_started_trial() {
    at(Duration::zero())
        .given_no_previous_events()
        .when_async(TrialCommand::Running(TrialStep::EndTrial { failure: None }))
        .await
        .then_expect_error(TrialError::NotFound);
}

#[tokio::test]
async fn a_card_is_attached_once() {
    let command = || {
        TrialCommand::Running(TrialStep::AttachPaymentMethod {
            customer_id: "cus_1".into(),
            payment_method_id: "pm_1".into(),
        })
    };
    at(Duration::days(1)).given(vec![started()]).when_async(command()).await.then_expect_events(vec![card()]);
    at(Duration::days(1))
        .given(vec![started(), card()])
        .when_async(command())
        .await
        .then_expect_error(TrialError::PaymentMethodAlreadyAttached);
}

#[tokio::test]
async fn the_reminder_goes_three_days_before_the_end_once() {
    at(Duration::days(3))
        .given(vec![started()])
        .when_async(TrialCommand::Running(TrialStep::SendReminder))
        .await
        .then_expect_error(TrialError::ReminderTooEarly);
    let reminded = TrialEvent::ReminderSent { at: start() + Duration::days(4) };
    at(Duration::days(4))
        .given(vec![started()])
        .when_async(TrialCommand::Running(TrialStep::SendReminder))
        .await
        .then_expect_events(vec![reminded.clone()]);
    at(Duration::days(5))
        .given(vec![started(), reminded])
        .when_async(TrialCommand::Running(TrialStep::SendReminder))
        .await
        .then_expect_error(TrialError::ReminderAlreadySent);
}

#[tokio::test]
async fn a_trial_six_days_old_does_not_end_and_one_seven_days_old_does() {
    at(Duration::days(6))
        .given(vec![started()])
        .when_async(TrialCommand::Running(TrialStep::EndTrial { failure: None }))
        .await
        .then_expect_error(TrialError::NotOver);
    at(Duration::days(7))
        .given(vec![started()])
        .when_async(TrialCommand::Running(TrialStep::EndTrial { failure: None }))
        .await
        .then_expect_events(vec![TrialEvent::TrialEnded {
            reason: EndReason::Expired,
            detail: None,
            at: start() + Duration::days(7),
        }]);
}

#[tokio::test]
async fn a_failed_conversion_ends_the_trial_with_its_reason() {
    at(Duration::days(8))
        .given(vec![started(), card()])
        .when_async(TrialCommand::Running(TrialStep::EndTrial { failure: Some("card_declined".into()) }))
        .await
        .then_expect_events(vec![TrialEvent::TrialEnded {
            reason: EndReason::ConversionFailed,
            detail: Some("card_declined".into()),
            at: start() + Duration::days(8),
        }]);
}

#[tokio::test]
async fn a_trial_with_a_card_converts_when_it_is_over() {
    let command = || TrialCommand::Running(TrialStep::ConvertTrial { subscription_id: "sub_1".into() });
    at(Duration::days(7)).given(vec![started(), card()]).when_async(command()).await.then_expect_events(vec![
        TrialEvent::TrialConverted { subscription_id: "sub_1".into(), at: start() + Duration::days(7) },
    ]);
    at(Duration::days(6))
        .given(vec![started(), card()])
        .when_async(command())
        .await
        .then_expect_error(TrialError::NotOver);
    at(Duration::days(7))
        .given(vec![started()])
        .when_async(command())
        .await
        .then_expect_error(TrialError::NoPaymentMethod);
}

#[tokio::test]
async fn nothing_happens_to_a_trial_that_is_over() {
    let ended = TrialEvent::TrialEnded { reason: EndReason::Expired, detail: None, at: start() + Duration::days(7) };
    at(Duration::days(8))
        .given(vec![started(), ended.clone()])
        .when_async(TrialCommand::Running(TrialStep::EndTrial { failure: None }))
        .await
        .then_expect_error(TrialError::AlreadyOver);
    at(Duration::days(8))
        .given(vec![started(), ended])
        .when_async(TrialCommand::Running(TrialStep::AttachPaymentMethod {
            customer_id: "c".into(),
            payment_method_id: "p".into(),
        }))
        .await
        .then_expect_error(TrialError::AlreadyOver);
    let converted = TrialEvent::TrialConverted { subscription_id: "sub_1".into(), at: start() + Duration::days(7) };
    at(Duration::days(8))
        .given(vec![started(), card(), converted])
        .when_async(TrialCommand::Running(TrialStep::ConvertTrial { subscription_id: "sub_2".into() }))
        .await
        .then_expect_error(TrialError::AlreadyOver);
}

/// A TrialStarted as postgres-es stored it while `Customer` and `Extension` lived in
/// service_order: moving the types changed no name in the JSON.
#[test]
fn a_trial_started_stored_before_the_customer_module_still_reads() {
    let stored = serde_json::json!({ "TrialStarted": {
        "price": 0, "number": "441632960000",
        "contact": { "city": "Manchester", "email": "tara.inventory@example.com", "phone": "020 7946 0001",
            "country": "United Kingdom", "postcode": "M1 1AE", "last_name": "Trial", "first_name": "Tara",
            "company_name": "Tara Ltd", "address_line1": "1 Sample Street", "address_line2": "",
            "google_sign_in": false, "google_subject": null },
        "ends_at": "2026-11-30T16:28:37.584424076Z", "minutes": 50, "package": "Single User VoIP - Trial",
        "extension": { "number": "101", "username": "tarainventory101" },
        "account_id": "4bbad117-0925-4fca-b782-756dc24f57ee", "started_at": "2026-11-23T16:28:37.584424076Z" } });
    let event: TrialEvent = serde_json::from_value(stored.clone()).unwrap();
    let TrialEvent::TrialStarted { contact, extension, verify_by, .. } = &event else { panic!("{event:?}") };
    assert_eq!((contact.first_name.as_str(), extension.username.as_str()), ("Tara", "tarainventory101"));
    assert_eq!(*verify_by, None, "stored before e-mail confirmation: it needs none");
    assert_eq!(serde_json::to_value(&event).unwrap(), stored);
}

#[test]
fn trial_statuses_keep_their_wire_names() {
    for (status, wire) in [
        (TrialStatus::New, "new"),
        (TrialStatus::Active, "active"),
        (TrialStatus::Ended, "ended"),
        (TrialStatus::Converted, "converted"),
    ] {
        assert_eq!(serde_json::to_value(status).unwrap(), serde_json::json!(wire));
        assert_eq!(serde_json::from_value::<TrialStatus>(serde_json::json!(wire)).unwrap(), status);
    }
}

#[tokio::test]
async fn the_payment_customer_is_registered_once_as_an_event() {
    let registered = TrialEvent::PaymentCustomerRegistered { customer_id: "cus_1".into() };
    at(Duration::hours(1))
        .given(vec![started()])
        .when_async(TrialCommand::Running(TrialStep::RegisterPaymentCustomer { customer_id: "cus_1".into() }))
        .await
        .then_expect_events(vec![registered.clone()]);
    at(Duration::hours(1))
        .given(vec![started(), registered])
        .when_async(TrialCommand::Running(TrialStep::RegisterPaymentCustomer { customer_id: "cus_2".into() }))
        .await
        .then_expect_error(TrialError::PaymentCustomerAlreadyRegistered);
    at(Duration::days(8))
        .given(vec![
            started(),
            TrialEvent::TrialEnded { reason: EndReason::Expired, detail: None, at: start() + Duration::days(7) },
        ])
        .when_async(TrialCommand::Running(TrialStep::RegisterPaymentCustomer { customer_id: "cus_1".into() }))
        .await
        .then_expect_error(TrialError::AlreadyOver);
}

// Staff actions.

fn extend(days: u32) -> TrialCommand {
    TrialCommand::Running(TrialStep::Extend { days })
}

fn extended(days: u32, total: i64) -> TrialEvent {
    TrialEvent::TrialExtended { days, ends_at: start() + Duration::days(7 + total) }
}

#[tokio::test]
async fn an_admin_extends_a_running_trial_from_its_end_date() {
    at(Duration::days(2)).given(vec![started()]).when_async(extend(3)).await.then_expect_events(vec![extended(3, 3)]);
}

#[tokio::test]
async fn extensions_add_up_to_seven_days_at_most() {
    at(Duration::days(2))
        .given(vec![started(), extended(3, 3)])
        .when_async(extend(4))
        .await
        .then_expect_events(vec![extended(4, 7)]);
    at(Duration::days(2))
        .given(vec![started(), extended(3, 3)])
        .when_async(extend(5))
        .await
        .then_expect_error(TrialError::ExtensionTooLong(4));
    at(Duration::days(2))
        .given(vec![started()])
        .when_async(extend(0))
        .await
        .then_expect_error(TrialError::ExtensionTooLong(7));
    at(Duration::days(2))
        .given(vec![started()])
        .when_async(extend(8))
        .await
        .then_expect_error(TrialError::ExtensionTooLong(7));
}

#[tokio::test]
async fn an_extended_trial_is_not_over_at_its_first_end_date() {
    at(Duration::days(8))
        .given(vec![started(), extended(3, 3)])
        .when_async(TrialCommand::Running(TrialStep::EndTrial { failure: None }))
        .await
        .then_expect_error(TrialError::NotOver);
}

#[tokio::test]
async fn an_ended_trial_cannot_be_extended_but_its_welcome_can_be_resent() {
    let ended = TrialEvent::TrialEnded { reason: EndReason::Expired, detail: None, at: start() + Duration::days(7) };
    at(Duration::days(8))
        .given(vec![started(), ended.clone()])
        .when_async(extend(2))
        .await
        .then_expect_error(TrialError::AlreadyOver);
    let resend = TrialCommand::ResendConfirmation;
    at(Duration::days(8))
        .given(vec![started(), ended])
        .when_async(resend.clone())
        .await
        .then_expect_events(vec![TrialEvent::ConfirmationResent { at: start() + Duration::days(8) }]);
    at(Duration::zero()).given_no_previous_events().when_async(resend).await.then_expect_error(TrialError::NotFound);
}

#[tokio::test]
async fn staff_reset_extension_101s_sip_password_while_the_line_is_live_but_not_after_it_ended() {
    let reset = TrialCommand::ResetSipPassword;
    let done = TrialEvent::SipPasswordReset { at: start() + Duration::days(1) };
    at(Duration::days(1)).given(vec![started()]).when_async(reset.clone()).await.then_expect_events(vec![done.clone()]);
    let converted = TrialEvent::TrialConverted { subscription_id: "sub_1".into(), at: start() + Duration::days(7) };
    let later = TrialEvent::SipPasswordReset { at: start() + Duration::days(8) };
    at(Duration::days(8))
        .given(vec![started(), card(), converted])
        .when_async(reset.clone())
        .await
        .then_expect_events(vec![later]);
    let ended = TrialEvent::TrialEnded { reason: EndReason::Expired, detail: None, at: start() + Duration::days(7) };
    at(Duration::days(8))
        .given(vec![started(), ended])
        .when_async(reset.clone())
        .await
        .then_expect_error(TrialError::AlreadyOver);
    at(Duration::zero()).given_no_previous_events().when_async(reset).await.then_expect_error(TrialError::NotFound);
}

fn setup(id: &str) -> TrialCommand {
    TrialCommand::Running(TrialStep::StartCardSetup { setup_intent_id: id.into() })
}

fn setup_started(id: &str) -> TrialEvent {
    TrialEvent::CardSetupStarted { setup_intent_id: id.into() }
}

#[tokio::test]
async fn a_running_trial_starts_a_card_setup_once_per_setup() {
    at(Duration::days(1))
        .given(vec![started()])
        .when_async(setup("seti_1"))
        .await
        .then_expect_events(vec![setup_started("seti_1")]);
    at(Duration::days(1))
        .given(vec![started(), setup_started("seti_1")])
        .when_async(setup("seti_1"))
        .await
        .then_expect_events(vec![]);
    at(Duration::days(1))
        .given(vec![started(), card()])
        .when_async(setup("seti_1"))
        .await
        .then_expect_error(TrialError::PaymentMethodAlreadyAttached);
}

#[tokio::test]
async fn a_trial_starts_at_most_five_card_setups() {
    let mut given = vec![started()];
    given.extend((1..=5).map(|n| setup_started(&format!("seti_{n}"))));
    at(Duration::days(1))
        .given(given)
        .when_async(setup("seti_6"))
        .await
        .then_expect_error(TrialError::TooManyCardSetups);
    assert_eq!(TrialError::TooManyCardSetups.code(), "too_many_attempts");
}

// E-mail confirmation.

#[tokio::test]
async fn the_email_is_confirmed_once_within_24_hours() {
    at(Duration::hours(23))
        .given(vec![started()])
        .when_async(TrialCommand::Running(TrialStep::VerifyEmail))
        .await
        .then_expect_events(vec![verified(23)]);
    at(Duration::hours(23))
        .given(vec![started(), verified(2)])
        .when_async(TrialCommand::Running(TrialStep::VerifyEmail))
        .await
        .then_expect_error(TrialError::EmailAlreadyVerified);
    at(Duration::hours(24))
        .given(vec![started()])
        .when_async(TrialCommand::Running(TrialStep::VerifyEmail))
        .await
        .then_expect_error(TrialError::VerificationExpired);
    at(Duration::zero())
        .given_no_previous_events()
        .when_async(TrialCommand::Running(TrialStep::VerifyEmail))
        .await
        .then_expect_error(TrialError::NotFound);
}

#[tokio::test]
async fn an_ended_trial_is_not_confirmed() {
    let released =
        TrialEvent::TrialEnded { reason: EndReason::Unverified, detail: None, at: start() + Duration::hours(24) };
    at(Duration::hours(25))
        .given(vec![started(), released])
        .when_async(TrialCommand::Running(TrialStep::VerifyEmail))
        .await
        .then_expect_error(TrialError::AlreadyOver);
}

#[tokio::test]
async fn an_unconfirmed_trial_ends_24_hours_after_its_start_and_not_before() {
    at(Duration::hours(24) - Duration::seconds(1))
        .given(vec![started()])
        .when_async(TrialCommand::Running(TrialStep::EndUnverified))
        .await
        .then_expect_error(TrialError::VerificationNotDue);
    at(Duration::hours(24))
        .given(vec![started()])
        .when_async(TrialCommand::Running(TrialStep::EndUnverified))
        .await
        .then_expect_events(vec![TrialEvent::TrialEnded {
            reason: EndReason::Unverified,
            detail: None,
            at: start() + Duration::hours(24),
        }]);
}

#[tokio::test]
async fn a_confirmed_trial_is_not_ended_for_it_and_an_ended_one_not_again() {
    at(Duration::hours(30))
        .given(vec![started(), verified(1)])
        .when_async(TrialCommand::Running(TrialStep::EndUnverified))
        .await
        .then_expect_error(TrialError::EmailAlreadyVerified);
    let released =
        TrialEvent::TrialEnded { reason: EndReason::Unverified, detail: None, at: start() + Duration::hours(24) };
    at(Duration::hours(30))
        .given(vec![started(), released])
        .when_async(TrialCommand::Running(TrialStep::EndUnverified))
        .await
        .then_expect_error(TrialError::AlreadyOver);
}

#[tokio::test]
async fn a_trial_started_before_email_confirmation_needs_none() {
    for command in [TrialCommand::Running(TrialStep::VerifyEmail), TrialCommand::Running(TrialStep::EndUnverified)] {
        at(Duration::hours(30))
            .given(vec![started_before_confirmation()])
            .when_async(command)
            .await
            .then_expect_error(TrialError::NoVerificationNeeded);
    }
    // It ends after its seven days as before.
    at(Duration::days(7))
        .given(vec![started_before_confirmation()])
        .when_async(TrialCommand::Running(TrialStep::EndTrial { failure: None }))
        .await
        .then_expect_events(vec![TrialEvent::TrialEnded {
            reason: EndReason::Expired,
            detail: None,
            at: start() + Duration::days(7),
        }]);
}

#[test]
fn the_new_event_and_end_reason_keep_their_wire_names() {
    assert_eq!(serde_json::to_value(EndReason::Unverified).unwrap(), serde_json::json!("unverified"));
    let stored = serde_json::json!({ "EmailVerified": { "email": "tara@example.com", "at": "2026-11-23T10:00:00Z" } });
    let event: TrialEvent = serde_json::from_value(stored.clone()).unwrap();
    assert_eq!(cqrs_es::DomainEvent::event_type(&event), "EmailVerified");
    assert_eq!(serde_json::to_value(&event).unwrap(), stored);
    // A state snapshotted before confirmation existed still loads: it needs none.
    let old: Trial = serde_json::from_value(serde_json::json!({
        "status": "active", "number": "441632960001", "contact": serde_json::to_value(contact()).unwrap(),
        "ends_at": null, "payment_customer_id": null, "payment_method_id": null, "reminder_sent": false
    }))
    .unwrap();
    assert_eq!((old.verify_by, old.email_verified, old.end_reason), (None, false, None));
}
