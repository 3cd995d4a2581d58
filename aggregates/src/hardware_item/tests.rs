use std::sync::Arc;

use chrono::{DateTime, TimeZone, Utc};
use cqrs_es::test::TestFramework;
use serde_json::json;

use super::*;
use crate::clock::FixedClock;
use crate::pricing::Pence;

fn at() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 22, 9, 30, 0).unwrap()
}

fn test() -> TestFramework<HardwareItem> {
    TestFramework::with(HardwareServices { clock: Arc::new(FixedClock(at())) })
}

fn stamp(actor: &str) -> Stamp {
    Stamp { actor: actor.into(), at: at() }
}

fn phone() -> HardwareFields {
    HardwareFields {
        name: "Yealink T54W".into(),
        brand: Some(Brand::Yealink),
        model: "T54W".into(),
        price: Pence(11900),
        features: vec!["4.3\" colour screen".into(), "Wi-Fi".into()],
        compatibility: vec!["SIP 2.0".into()],
        ..HardwareFields::default()
    }
}

fn created() -> HardwareEvent {
    HardwareEvent::ItemCreated { fields: phone(), status: ItemStatus::Draft, stamp: stamp("ann@example.com") }
}

fn image(id: &str) -> Image {
    Image { id: id.into(), url: format!("/api/hardware-images/{id}"), filename: format!("{id}.png") }
}

#[tokio::test]
async fn creating_an_item_makes_a_draft_stamped_with_its_admin() {
    let typed = HardwareFields {
        name: "  Yealink T54W ".into(),
        features: vec!["4.3\" colour screen".into(), "  ".into(), "Wi-Fi".into()],
        compatibility: vec!["".into(), "SIP 2.0".into()],
        ..phone()
    };
    test()
        .given_no_previous_events()
        .when_async(HardwareCommand::Create { fields: typed, actor: "ann@example.com".into() })
        .await
        .then_expect_events(vec![created()]);
}

#[tokio::test]
async fn creating_twice_is_refused() {
    test()
        .given(vec![created()])
        .when_async(HardwareCommand::Create { fields: phone(), actor: "ann@example.com".into() })
        .await
        .then_expect_error(HardwareError::AlreadyExists);
}

#[tokio::test]
async fn invalid_fields_are_refused_with_every_message() {
    let empty = HardwareFields {
        name: " ".into(),
        brand: None,
        model: "".into(),
        price: Pence(0),
        features: vec![" ".into()],
        compatibility: vec![],
        rating_halves: 11,
        ..HardwareFields::default()
    };
    let expected = HardwareError::Invalid(vec![
        "Product name is required".into(),
        "Brand is required".into(),
        "Model is required".into(),
        "Valid price is required".into(),
        "At least one feature is required".into(),
        "At least one compatibility item is required".into(),
        "Rating must be from 1 to 5 in half stars".into(),
    ]);
    test()
        .given_no_previous_events()
        .when_async(HardwareCommand::Create { fields: empty, actor: "ann".into() })
        .await
        .then_expect_error(expected.clone());
    assert!(expected.to_string().starts_with("Please fix the following errors: Product name is required, Brand"));
    let negative = HardwareFields { price: Pence(-100), original_price: Some(Pence(-1)), ..phone() };
    test()
        .given_no_previous_events()
        .when_async(HardwareCommand::Create { fields: negative, actor: "ann".into() })
        .await
        .then_expect_error(HardwareError::Invalid(vec![
            "Valid price is required".into(),
            "Original price cannot be negative".into(),
        ]));
    let long = HardwareFields { name: "x".repeat(201), ..phone() };
    test()
        .given_no_previous_events()
        .when_async(HardwareCommand::Create { fields: long, actor: "ann".into() })
        .await
        .then_expect_error(HardwareError::Invalid(vec!["A text is too long".into()]));
}

#[tokio::test]
async fn updating_records_which_fields_changed_from_what_to_what() {
    let cheaper = HardwareFields { price: Pence(10900), in_stock: false, ..phone() };
    test()
        .given(vec![created()])
        .when_async(HardwareCommand::Update { fields: cheaper.clone(), actor: "bob@example.com".into() })
        .await
        .then_expect_events(vec![HardwareEvent::ItemUpdated {
            fields: cheaper,
            changes: vec![
                FieldChange { field: "in_stock".into(), from: json!(true), to: json!(false) },
                FieldChange { field: "price".into(), from: json!(11900), to: json!(10900) },
            ],
            stamp: stamp("bob@example.com"),
        }]);
}

#[tokio::test]
async fn an_update_that_changes_nothing_stores_nothing() {
    test()
        .given(vec![created()])
        .when_async(HardwareCommand::Update { fields: phone(), actor: "bob".into() })
        .await
        .then_expect_events(vec![]);
}

#[tokio::test]
async fn updating_refusals() {
    test()
        .given_no_previous_events()
        .when_async(HardwareCommand::Update { fields: phone(), actor: "bob".into() })
        .await
        .then_expect_error(HardwareError::NotFound);
    let bad = HardwareFields { features: vec![], ..phone() };
    test()
        .given(vec![created()])
        .when_async(HardwareCommand::Update { fields: bad, actor: "bob".into() })
        .await
        .then_expect_error(HardwareError::Invalid(vec!["At least one feature is required".into()]));
}

#[tokio::test]
async fn publishing_archiving_and_back() {
    test()
        .given(vec![created()])
        .when_async(HardwareCommand::SetStatus { status: ItemStatus::Published, actor: "ann".into() })
        .await
        .then_expect_events(vec![HardwareEvent::StatusChanged {
            from: ItemStatus::Draft,
            to: ItemStatus::Published,
            stamp: stamp("ann"),
        }]);
    let published =
        HardwareEvent::StatusChanged { from: ItemStatus::Draft, to: ItemStatus::Published, stamp: stamp("ann") };
    test()
        .given(vec![created(), published.clone()])
        .when_async(HardwareCommand::SetStatus { status: ItemStatus::Archived, actor: "ann".into() })
        .await
        .then_expect_events(vec![HardwareEvent::StatusChanged {
            from: ItemStatus::Published,
            to: ItemStatus::Archived,
            stamp: stamp("ann"),
        }]);
    test()
        .given(vec![created(), published])
        .when_async(HardwareCommand::SetStatus { status: ItemStatus::Published, actor: "ann".into() })
        .await
        .then_expect_events(vec![]);
    test()
        .given_no_previous_events()
        .when_async(HardwareCommand::SetStatus { status: ItemStatus::Published, actor: "ann".into() })
        .await
        .then_expect_error(HardwareError::NotFound);
}

#[tokio::test]
async fn deleting_an_item_and_nothing_after() {
    test()
        .given(vec![created()])
        .when_async(HardwareCommand::Delete { actor: "ann".into() })
        .await
        .then_expect_events(vec![HardwareEvent::ItemDeleted { stamp: stamp("ann") }]);
    let deleted = vec![created(), HardwareEvent::ItemDeleted { stamp: stamp("ann") }];
    for command in [
        HardwareCommand::Delete { actor: "ann".into() },
        HardwareCommand::Update { fields: phone(), actor: "ann".into() },
        HardwareCommand::AttachImage { image: image("i1"), actor: "ann".into() },
    ] {
        test().given(deleted.clone()).when_async(command).await.then_expect_error(HardwareError::NotFound);
    }
    test()
        .given(deleted)
        .when_async(HardwareCommand::Create { fields: phone(), actor: "ann".into() })
        .await
        .then_expect_error(HardwareError::AlreadyExists);
}

#[tokio::test]
async fn attaching_and_removing_images() {
    test()
        .given(vec![created()])
        .when_async(HardwareCommand::AttachImage { image: image("i1"), actor: "ann".into() })
        .await
        .then_expect_events(vec![HardwareEvent::ImageAttached { image: image("i1"), stamp: stamp("ann") }]);
    let with_image = vec![created(), HardwareEvent::ImageAttached { image: image("i1"), stamp: stamp("ann") }];
    test()
        .given(with_image.clone())
        .when_async(HardwareCommand::AttachImage { image: image("i1"), actor: "ann".into() })
        .await
        .then_expect_events(vec![]);
    test()
        .given(with_image.clone())
        .when_async(HardwareCommand::RemoveImage { image_id: "i1".into(), actor: "bob".into() })
        .await
        .then_expect_events(vec![HardwareEvent::ImageRemoved { image_id: "i1".into(), stamp: stamp("bob") }]);
    test()
        .given(with_image)
        .when_async(HardwareCommand::RemoveImage { image_id: "i2".into(), actor: "bob".into() })
        .await
        .then_expect_error(HardwareError::ImageNotFound);
}

#[tokio::test]
async fn at_most_ten_images() {
    let mut given = vec![created()];
    given.extend(
        (0..MAX_IMAGES).map(|i| HardwareEvent::ImageAttached { image: image(&format!("i{i}")), stamp: stamp("ann") }),
    );
    test()
        .given(given)
        .when_async(HardwareCommand::AttachImage { image: image("extra"), actor: "ann".into() })
        .await
        .then_expect_error(HardwareError::TooManyImages);
}

#[test]
fn brands_parse_case_blind() {
    assert_eq!(Brand::parse(" Yealink "), Some(Brand::Yealink));
    assert_eq!(Brand::parse("POLYCOM"), Some(Brand::Polycom));
    assert_eq!(Brand::parse("nokia"), None);
}

/// An event as postgres-es stored it before the status enum was renamed `ItemStatus`: the
/// type's name never reaches the JSON, so it reads (and writes) exactly as before.
#[test]
fn a_status_change_stored_before_the_rename_still_reads() {
    let stored = json!({ "StatusChanged": { "to": "published", "from": "draft",
        "stamp": { "at": "2026-11-23T16:28:33.380354152Z", "actor": "seed" } } });
    let event: HardwareEvent = serde_json::from_value(stored.clone()).unwrap();
    let HardwareEvent::StatusChanged { from, to, .. } = &event else { panic!("{event:?}") };
    assert_eq!((*from, *to), (ItemStatus::Draft, ItemStatus::Published));
    assert_eq!(serde_json::to_value(&event).unwrap(), stored);
    for (status, wire) in
        [(ItemStatus::Published, "published"), (ItemStatus::Draft, "draft"), (ItemStatus::Archived, "archived")]
    {
        assert_eq!(serde_json::to_value(status).unwrap(), json!(wire));
        assert_eq!(status.as_str(), wire);
    }
}
