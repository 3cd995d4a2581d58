//! Given events, when a command, then events or a refusal: one test per branch.

use cqrs_es::test::TestFramework;

use super::*;
use crate::pricing::{AddOn, BillingCycle::*, Pence, Plan::*, MAX_QUANTITY};

type CartTest = TestFramework<Cart>;

fn created() -> Vec<CartEvent> {
    vec![CartEvent::CartCreated]
}

fn with(mut events: Vec<CartEvent>, more: impl IntoIterator<Item = CartEvent>) -> Vec<CartEvent> {
    events.extend(more);
    events
}

fn single_yearly(quantity: u32) -> CartEvent {
    CartEvent::PackageSelected { plan: SingleUser, billing_cycle: Yearly, quantity, keeps_desk_phones: true }
}

fn payg() -> CartEvent {
    CartEvent::PackageSelected { plan: PayAsYouGo, billing_cycle: Monthly, quantity: 1, keeps_desk_phones: true }
}

fn phone() -> CartEvent {
    CartEvent::HardwareAdded {
        product_id: "t54w".into(),
        name: "Yealink T54W".into(),
        unit_price: Pence(11900),
        quantity: 1,
    }
}

fn number(value: &str) -> PhoneNumberEntry {
    PhoneNumberEntry { display_value: Some(value.into()), ..PhoneNumberEntry::new(value) }
}

async fn then_events(given: Vec<CartEvent>, command: CartCommand, expected: Vec<CartEvent>) {
    CartTest::with(()).given(given).when_async(command).await.then_expect_events(expected);
}

async fn then_error(given: Vec<CartEvent>, command: CartCommand, expected: CartError) {
    CartTest::with(()).given(given).when_async(command).await.then_expect_error(expected);
}

/// The contents after some events, through the same `apply` the aggregate and view use.
fn contents_after(events: Vec<CartEvent>) -> CartContents {
    let mut contents = CartContents::default();
    for event in events {
        contents.apply(event);
    }
    contents
}

// --- create ---

#[tokio::test]
async fn creating_a_cart() {
    then_events(vec![], CartCommand::CreateCart, created()).await;
}

#[tokio::test]
async fn creating_a_cart_twice_is_refused() {
    then_error(created(), CartCommand::CreateCart, CartError::AlreadyExists).await;
}

#[tokio::test]
async fn every_command_on_an_unknown_cart_is_refused() {
    let commands = [
        CartCommand::SelectPackage { plan: SingleUser, billing_cycle: Monthly, quantity: 1 },
        CartCommand::ChangeBillingCycle { billing_cycle: Yearly },
        CartCommand::RemoveItem { item_id: "single-monthly".into() },
        CartCommand::SetItemQuantity { item_id: "single-monthly".into(), quantity: 2 },
        CartCommand::AddAddOn { add_on: AddOn::Ivr },
        CartCommand::RemoveAddOn { add_on: AddOn::Ivr },
        CartCommand::SetTopUp { amount: Pence(1000) },
        CartCommand::AddNumber { number: number("442079460123") },
        CartCommand::RemoveNumber { value: "442079460123".into() },
        CartCommand::ReplaceNumbers { numbers: vec![] },
        CartCommand::SetTrialFlow { is_trial_flow: true },
        CartCommand::ClearCart,
    ];
    for command in commands {
        then_error(vec![], command, CartError::NotFound).await;
    }
}

// --- select package ---

#[tokio::test]
async fn selecting_a_plan() {
    then_events(
        created(),
        CartCommand::SelectPackage { plan: SingleUser, billing_cycle: Yearly, quantity: 2 },
        vec![single_yearly(2)],
    )
    .await;
}

#[tokio::test]
async fn selecting_a_plan_replaces_the_package_clears_add_ons_keeps_desk_phones_numbers_and_trial_flag() {
    let given = with(
        created(),
        [
            phone(),
            single_yearly(1),
            CartEvent::AddOnAdded { add_on: AddOn::CallRecording },
            CartEvent::NumberAdded { number: number("442079460123") },
            CartEvent::TrialFlowSet { is_trial_flow: true },
        ],
    );
    let after = contents_after(with(given.clone(), [payg()]));
    let package = CartItem::Package { plan: PayAsYouGo, billing_cycle: Monthly, quantity: 1 };
    let CartEvent::HardwareAdded { product_id, name, unit_price, quantity } = phone() else { unreachable!() };
    let kept = CartItem::Hardware { product_id, name, unit_price, quantity };
    assert_eq!(after.items, vec![package.clone(), kept], "the desk phones stay, after the package line");
    assert_eq!(after.package, Some(PayAsYouGo));
    assert!(after.add_ons.is_empty());
    assert_eq!(after.top_up, Pence(1000), "pay as you go starts with a £10 top-up");
    assert_eq!(after.phone_numbers.len(), 1);
    assert!(after.is_trial_flow);

    let after = contents_after(with(created(), [payg(), single_yearly(1)]));
    assert_eq!(after.top_up, Pence::ZERO, "other plans have no top-up");

    // A choice stored before the rule (no `keeps_desk_phones`) replays as it happened.
    let old: CartEvent = serde_json::from_value(
        serde_json::json!({ "PackageSelected": { "plan": "payAsYouGo", "billing_cycle": "monthly", "quantity": 1 } }),
    )
    .unwrap();
    assert_eq!(contents_after(with(given, [old])).items, vec![package]);
}

#[tokio::test]
async fn selecting_the_same_plan_again_stores_nothing() {
    then_events(
        with(created(), [single_yearly(2)]),
        CartCommand::SelectPackage { plan: SingleUser, billing_cycle: Yearly, quantity: 2 },
        vec![],
    )
    .await;
}

#[tokio::test]
async fn selecting_a_plan_with_a_bad_quantity_is_refused() {
    for quantity in [0, MAX_QUANTITY + 1, u32::MAX] {
        then_error(
            created(),
            CartCommand::SelectPackage { plan: SingleUser, billing_cycle: Monthly, quantity },
            CartError::InvalidQuantity { max: MAX_QUANTITY },
        )
        .await;
    }
}

#[tokio::test]
async fn multi_user_below_four_is_refused() {
    then_error(
        created(),
        CartCommand::SelectPackage { plan: MultiUser, billing_cycle: Monthly, quantity: 3 },
        CartError::BelowPlanMinimum { plan: MultiUser, min: 4 },
    )
    .await;
}

// --- billing cycle ---

#[tokio::test]
async fn changing_the_billing_cycle() {
    let given = with(created(), [single_yearly(2), CartEvent::AddOnAdded { add_on: AddOn::Ivr }]);
    then_events(
        given.clone(),
        CartCommand::ChangeBillingCycle { billing_cycle: Monthly },
        vec![CartEvent::BillingCycleChanged { billing_cycle: Monthly }],
    )
    .await;
    let after = contents_after(with(given, [CartEvent::BillingCycleChanged { billing_cycle: Monthly }]));
    assert_eq!(after.items[0].id(), "single-monthly");
    assert_eq!(after.add_ons, vec![AddOn::Ivr], "add-ons stay");
}

#[tokio::test]
async fn changing_to_the_billing_cycle_the_cart_has_stores_nothing() {
    then_events(with(created(), [single_yearly(2)]), CartCommand::ChangeBillingCycle { billing_cycle: Yearly }, vec![])
        .await;
}

#[tokio::test]
async fn changing_the_billing_cycle_without_a_package_is_refused() {
    then_error(created(), CartCommand::ChangeBillingCycle { billing_cycle: Yearly }, CartError::NoPackage).await;
}

// --- hardware ---

#[tokio::test]
async fn adding_hardware_appends_it() {
    let add = CartCommand::AddHardware {
        product_id: "t54w".into(),
        name: "Yealink T54W".into(),
        unit_price: Pence(11900),
        quantity: 1,
    };
    then_events(with(created(), [single_yearly(1)]), add, vec![phone()]).await;
    let after = contents_after(with(created(), [single_yearly(1), phone()]));
    assert_eq!(after.items.len(), 2);
    assert_eq!(after.package, Some(SingleUser), "hardware leaves the package alone");
    let after = contents_after(with(created(), [phone(), phone()]));
    assert_eq!(after.items.len(), 1, "the same phone again adds to its line");
    assert_eq!(after.items[0].quantity(), 2);
}

#[tokio::test]
async fn adding_bad_hardware_is_refused() {
    let bad = |product_id: &str, unit_price: i64, quantity: u32| CartCommand::AddHardware {
        product_id: product_id.into(),
        name: "Phone".into(),
        unit_price: Pence(unit_price),
        quantity,
    };
    then_error(created(), bad("", 100, 1), CartError::InvalidProduct).await;
    then_error(created(), bad("p1", -1, 1), CartError::InvalidProduct).await;
    then_error(created(), bad("p1", 100, 0), CartError::InvalidQuantity { max: MAX_QUANTITY }).await;
    then_error(
        with(created(), [phone()]),
        bad("t54w", 100, MAX_QUANTITY),
        CartError::InvalidQuantity { max: MAX_QUANTITY },
    )
    .await;
}

// --- remove item ---

#[tokio::test]
async fn removing_the_package_clears_package_add_ons_and_top_up() {
    let given = with(created(), [payg(), CartEvent::AddOnAdded { add_on: AddOn::CallForwarding }]);
    then_events(
        given.clone(),
        CartCommand::RemoveItem { item_id: "payg-monthly".into() },
        vec![CartEvent::ItemRemoved { item_id: "payg-monthly".into() }],
    )
    .await;
    let after = contents_after(with(given, [CartEvent::ItemRemoved { item_id: "payg-monthly".into() }]));
    assert!(after.items.is_empty());
    assert_eq!(after.package, None);
    assert!(after.add_ons.is_empty());
    assert_eq!(after.top_up, Pence::ZERO);
}

#[tokio::test]
async fn removing_hardware_keeps_the_package() {
    let after = contents_after(with(
        created(),
        [single_yearly(1), phone(), CartEvent::ItemRemoved { item_id: "hardware-t54w".into() }],
    ));
    assert_eq!(after.package, Some(SingleUser));
    assert_eq!(after.items.len(), 1);
}

#[tokio::test]
async fn removing_an_unknown_item_is_refused() {
    then_error(created(), CartCommand::RemoveItem { item_id: "single-yearly".into() }, CartError::ItemNotFound).await;
}

// --- quantity ---

#[tokio::test]
async fn setting_a_quantity() {
    then_events(
        with(created(), [single_yearly(1)]),
        CartCommand::SetItemQuantity { item_id: "single-yearly".into(), quantity: 3 },
        vec![CartEvent::ItemQuantitySet { item_id: "single-yearly".into(), quantity: 3 }],
    )
    .await;
    let after = contents_after(with(
        created(),
        [single_yearly(1), CartEvent::ItemQuantitySet { item_id: "single-yearly".into(), quantity: 3 }],
    ));
    assert_eq!(after.items[0].quantity(), 3);
}

#[tokio::test]
async fn setting_the_quantity_a_line_has_stores_nothing() {
    let given = with(created(), [single_yearly(2), phone()]);
    then_events(given.clone(), CartCommand::SetItemQuantity { item_id: "single-yearly".into(), quantity: 2 }, vec![])
        .await;
    then_events(given, CartCommand::SetItemQuantity { item_id: "hardware-t54w".into(), quantity: 1 }, vec![]).await;
}

#[tokio::test]
async fn setting_a_bad_quantity_is_refused() {
    let given = with(created(), [single_yearly(1), phone()]);
    for (item_id, quantity) in [("single-yearly", 0), ("hardware-t54w", 0), ("hardware-t54w", MAX_QUANTITY + 1)] {
        then_error(
            given.clone(),
            CartCommand::SetItemQuantity { item_id: item_id.into(), quantity },
            CartError::InvalidQuantity { max: MAX_QUANTITY },
        )
        .await;
    }
    then_error(given, CartCommand::SetItemQuantity { item_id: "nope".into(), quantity: 1 }, CartError::ItemNotFound)
        .await;
    then_error(
        with(
            created(),
            [CartEvent::PackageSelected {
                plan: MultiUser,
                billing_cycle: Monthly,
                quantity: 8,
                keeps_desk_phones: true,
            }],
        ),
        CartCommand::SetItemQuantity { item_id: "multi-monthly".into(), quantity: 3 },
        CartError::BelowPlanMinimum { plan: MultiUser, min: 4 },
    )
    .await;
}

// --- add-ons ---

#[tokio::test]
async fn adding_and_removing_an_add_on() {
    let given = with(created(), [single_yearly(1)]);
    then_events(
        given.clone(),
        CartCommand::AddAddOn { add_on: AddOn::CallRecording },
        vec![CartEvent::AddOnAdded { add_on: AddOn::CallRecording }],
    )
    .await;
    let given = with(given, [CartEvent::AddOnAdded { add_on: AddOn::CallRecording }]);
    then_events(given.clone(), CartCommand::AddAddOn { add_on: AddOn::CallRecording }, vec![]).await;
    then_events(
        given,
        CartCommand::RemoveAddOn { add_on: AddOn::CallRecording },
        vec![CartEvent::AddOnRemoved { add_on: AddOn::CallRecording }],
    )
    .await;
}

#[tokio::test]
async fn add_on_refusals() {
    then_error(created(), CartCommand::AddAddOn { add_on: AddOn::Ivr }, CartError::NoPackage).await;
    then_error(
        with(created(), [payg()]),
        CartCommand::AddAddOn { add_on: AddOn::CallRecording },
        CartError::AddOnNotOffered { add_on: AddOn::CallRecording, plan: PayAsYouGo },
    )
    .await;
    then_error(
        with(
            created(),
            [CartEvent::PackageSelected {
                plan: MultiUser,
                billing_cycle: Monthly,
                quantity: 4,
                keeps_desk_phones: true,
            }],
        ),
        CartCommand::AddAddOn { add_on: AddOn::Ivr },
        CartError::AddOnNotOffered { add_on: AddOn::Ivr, plan: MultiUser },
    )
    .await;
    then_error(
        with(created(), [single_yearly(1)]),
        CartCommand::RemoveAddOn { add_on: AddOn::Ivr },
        CartError::AddOnNotInCart,
    )
    .await;
}

// --- top-up ---

#[tokio::test]
async fn setting_the_top_up() {
    then_events(
        with(created(), [payg()]),
        CartCommand::SetTopUp { amount: Pence(2500) },
        vec![CartEvent::TopUpSet { amount: Pence(2500) }],
    )
    .await;
    then_events(with(created(), [payg()]), CartCommand::SetTopUp { amount: Pence(1000) }, vec![]).await;
}

#[tokio::test]
async fn top_up_refusals() {
    let given = with(created(), [payg()]);
    for (amount, error) in [
        (999, CartError::TopUpBelowMinimum),
        (0, CartError::TopUpBelowMinimum),
        (-1000, CartError::TopUpBelowMinimum),
        (1050, CartError::TopUpNotWholePounds),
        (500_100, CartError::TopUpAboveMaximum),
    ] {
        then_error(given.clone(), CartCommand::SetTopUp { amount: Pence(amount) }, error).await;
    }
    then_error(created(), CartCommand::SetTopUp { amount: Pence(1000) }, CartError::NoPackage).await;
    then_error(
        with(created(), [single_yearly(1)]),
        CartCommand::SetTopUp { amount: Pence(1000) },
        CartError::TopUpNotAvailable,
    )
    .await;
}

// --- numbers ---

#[tokio::test]
async fn adding_a_number_normalises_it() {
    let typed = PhoneNumberEntry { is_transfer: true, ..PhoneNumberEntry::new(" 020 7946-0123 ") };
    let expected = PhoneNumberEntry {
        is_transfer: true,
        number_type: Some("geographic".into()),
        country: Some("GB".into()),
        ..PhoneNumberEntry::new("02079460123")
    };
    then_events(created(), CartCommand::AddNumber { number: typed }, vec![CartEvent::NumberAdded { number: expected }])
        .await;
}

#[tokio::test]
async fn transfers_must_be_portable_uk_numbers() {
    let transfer = |value: &str| PhoneNumberEntry { is_transfer: true, ..PhoneNumberEntry::new(value) };
    for (typed, national, kind) in [
        ("+44 161 496 0000", "01614960000", "geographic"),
        ("0044 3069 990000", "03069990000", "national"),
        ("0808 157 0000", "08081570000", "freephone"),
        ("0800 123 4567", "08001234567", "freephone"),
        ("0845 123 4567", "08451234567", "national"),
        ("0870 123 4567", "08701234567", "national"),
        ("0843 123 4567", "08431234567", "national"),
        ("0844 123 4567", "08441234567", "national"),
        ("+44 871 123 4567", "08711234567", "national"),
        ("0872 123 4567", "08721234567", "national"),
        ("0873 123 4567", "08731234567", "national"),
    ] {
        let events = CartTest::with(())
            .given(created())
            .when_async(CartCommand::AddNumber { number: transfer(typed) })
            .await
            .inspect_result()
            .unwrap_or_else(|e| panic!("{typed}: {e}"));
        let CartEvent::NumberAdded { number } = &events[0] else { panic!("{events:?}") };
        assert_eq!((number.value.as_str(), number.number_type.as_deref()), (national, Some(kind)), "{typed}");
    }
    let refused = ["0909 879 0000", "0500 123 4567", "0842 123 4567", "0161 496", "020 7946 0000 1"];
    for typed in refused {
        let result = CartTest::with(())
            .given(created())
            .when_async(CartCommand::AddNumber { number: transfer(typed) })
            .await
            .inspect_result();
        assert!(
            matches!(result, Err(CartError::InvalidPhoneNumber(ref m)) if m.contains("can be transferred")),
            "{typed}: {result:?}"
        );
    }
}

fn mobile_transfer(value: &str, pac: Option<&str>) -> PhoneNumberEntry {
    PhoneNumberEntry { is_transfer: true, pac: pac.map(str::to_string), ..PhoneNumberEntry::new(value) }
}

#[tokio::test]
async fn a_mobile_is_transferred_with_its_pac_stored_upper_case() {
    for (typed_number, typed_pac) in
        [("07700 900123", "ABC123456"), ("+44 7700 900123", "abc 123 456"), ("0044 7700 900123", " abc-123456 ")]
    {
        let expected = PhoneNumberEntry {
            is_transfer: true,
            number_type: Some("mobile".into()),
            country: Some("GB".into()),
            pac: Some("ABC123456".into()),
            ..PhoneNumberEntry::new("07700900123")
        };
        then_events(
            created(),
            CartCommand::AddNumber { number: mobile_transfer(typed_number, Some(typed_pac)) },
            vec![CartEvent::NumberAdded { number: expected }],
        )
        .await;
    }
}

#[tokio::test]
async fn a_mobile_without_its_pac_is_refused() {
    for pac in [None, Some(""), Some("   ")] {
        then_error(
            created(),
            CartCommand::AddNumber { number: mobile_transfer("07700 900123", pac) },
            CartError::PacRequired,
        )
        .await;
    }
}

#[tokio::test]
async fn a_malformed_pac_is_refused() {
    for pac in ["AB1234567", "ABCD12345", "ABC12345", "ABC1234567", "123ABC456", "ÄBC123456", "ABC12345X"] {
        then_error(
            created(),
            CartCommand::AddNumber { number: mobile_transfer("07700 900123", Some(pac)) },
            CartError::InvalidPac,
        )
        .await;
    }
}

#[tokio::test]
async fn a_pac_with_a_landline_or_a_stock_number_is_refused() {
    then_error(
        created(),
        CartCommand::AddNumber { number: mobile_transfer("020 7946 0123", Some("ABC123456")) },
        CartError::PacNotForThisNumber,
    )
    .await;
    let stock = PhoneNumberEntry { pac: Some("ABC123456".into()), ..number("447700900123") };
    then_error(created(), CartCommand::AddNumber { number: stock }, CartError::PacNotForThisNumber).await;
    // A malformed PAC on a landline is refused for being there at all.
    then_error(
        created(),
        CartCommand::AddNumber { number: mobile_transfer("0800 123 4567", Some("nonsense")) },
        CartError::PacNotForThisNumber,
    )
    .await;
}

#[tokio::test]
async fn a_foreign_number_is_transferred_on_a_quote() {
    for typed in ["+1 212 555 0100", "0033 1 23 45 67 89", "+353 1 234 5678"] {
        then_error(
            created(),
            CartCommand::AddNumber { number: mobile_transfer(typed, None) },
            CartError::InternationalTransfer,
        )
        .await;
    }
}

#[tokio::test]
async fn replacing_the_numbers_checks_each_pac() {
    let numbers = vec![mobile_transfer("07700 900123", Some("abc123456")), mobile_transfer("07700 900124", None)];
    then_error(created(), CartCommand::ReplaceNumbers { numbers }, CartError::PacRequired).await;
}

#[tokio::test]
async fn adding_a_number_twice_stores_nothing() {
    let given = with(created(), [CartEvent::NumberAdded { number: number("442079460123") }]);
    then_events(given, CartCommand::AddNumber { number: number("442079460123") }, vec![]).await;
}

#[tokio::test]
async fn invalid_numbers_are_refused() {
    for value in ["", "12", "abc12345", "+44 20 7946 0123 999999", "12345678901234567"] {
        let result = CartTest::with(())
            .given(created())
            .when_async(CartCommand::AddNumber { number: PhoneNumberEntry::new(value) })
            .await
            .inspect_result();
        assert!(matches!(result, Err(CartError::InvalidPhoneNumber(_))), "{value:?} gave {result:?}");
    }
    let long_text = PhoneNumberEntry { display_value: Some("x".repeat(65)), ..PhoneNumberEntry::new("442079460123") };
    let result = CartTest::with(())
        .given(created())
        .when_async(CartCommand::AddNumber { number: long_text })
        .await
        .inspect_result();
    assert!(matches!(result, Err(CartError::InvalidPhoneNumber(_))));
}

#[tokio::test]
async fn a_placeholder_number_is_an_area_code() {
    let placeholder = PhoneNumberEntry {
        is_placeholder: true,
        area_code: Some("0161".into()),
        ..PhoneNumberEntry::new("placeholder-0161")
    };
    then_events(
        created(),
        CartCommand::AddNumber { number: placeholder.clone() },
        vec![CartEvent::NumberAdded { number: placeholder.clone() }],
    )
    .await;
    then_events(
        with(created(), [CartEvent::NumberAdded { number: placeholder }]),
        CartCommand::RemoveNumber { value: "placeholder-0161".into() },
        vec![CartEvent::NumberRemoved { value: "placeholder-0161".into() }],
    )
    .await;
}

fn placeholder(i: usize) -> PhoneNumberEntry {
    PhoneNumberEntry { is_placeholder: true, ..PhoneNumberEntry::new(&format!("placeholder-{i:02}")) }
}

#[tokio::test]
async fn at_most_fifty_numbers() {
    let given = with(created(), (0..MAX_NUMBERS).map(|i| CartEvent::NumberAdded { number: placeholder(i) }));
    then_error(
        given,
        CartCommand::AddNumber { number: placeholder(99) },
        CartError::TooManyNumbers { max: MAX_NUMBERS },
    )
    .await;
    let too_many = (0..=MAX_NUMBERS).map(placeholder).collect();
    then_error(
        created(),
        CartCommand::ReplaceNumbers { numbers: too_many },
        CartError::TooManyNumbers { max: MAX_NUMBERS },
    )
    .await;
}

#[tokio::test]
async fn at_most_ten_numbers_of_the_stock() {
    let ten = with(
        created(),
        (0..MAX_HELD_NUMBERS).map(|i| CartEvent::NumberAdded { number: number(&format!("4420794600{i:02}")) }),
    );
    then_error(
        ten.clone(),
        CartCommand::AddNumber { number: number("442079469999") },
        CartError::TooManyHeldNumbers { max: MAX_HELD_NUMBERS },
    )
    .await;
    assert_eq!(
        CartError::TooManyHeldNumbers { max: MAX_HELD_NUMBERS }.to_string(),
        "A cart can hold at most 10 numbers. Remove one to add another."
    );
    assert_eq!(CartError::TooManyHeldNumbers { max: MAX_HELD_NUMBERS }.code(), "too_many_numbers");
    // One of the ten again is no eleventh (and stores nothing); transfers and placeholders
    // hold no stock.
    then_events(ten.clone(), CartCommand::AddNumber { number: number("442079460000") }, vec![]).await;
    let transfer = PhoneNumberEntry {
        is_transfer: true,
        number_type: Some("geographic".into()),
        country: Some("GB".into()),
        ..PhoneNumberEntry::new("01614960001")
    };
    then_events(
        ten.clone(),
        CartCommand::AddNumber { number: transfer.clone() },
        vec![CartEvent::NumberAdded { number: transfer }],
    )
    .await;
    then_events(
        ten,
        CartCommand::AddNumber { number: placeholder(1) },
        vec![CartEvent::NumberAdded { number: placeholder(1) }],
    )
    .await;
    let eleven = (0..=MAX_HELD_NUMBERS).map(|i| number(&format!("4420794600{i:02}"))).collect();
    then_error(
        created(),
        CartCommand::ReplaceNumbers { numbers: eleven },
        CartError::TooManyHeldNumbers { max: MAX_HELD_NUMBERS },
    )
    .await;
    let ten_and_placeholders: Vec<PhoneNumberEntry> =
        (0..MAX_HELD_NUMBERS).map(|i| number(&format!("4420794600{i:02}"))).chain((0..5).map(placeholder)).collect();
    then_events(
        created(),
        CartCommand::ReplaceNumbers { numbers: ten_and_placeholders.clone() },
        vec![CartEvent::NumbersReplaced { numbers: ten_and_placeholders }],
    )
    .await;
}

#[tokio::test]
async fn removing_a_number_by_value() {
    let given = with(created(), [CartEvent::NumberAdded { number: number("442079460123") }]);
    then_events(
        given.clone(),
        CartCommand::RemoveNumber { value: "442079460123".into() },
        vec![CartEvent::NumberRemoved { value: "442079460123".into() }],
    )
    .await;
    then_error(given, CartCommand::RemoveNumber { value: "441619460000".into() }, CartError::NumberNotInCart).await;
}

#[tokio::test]
async fn replacing_the_numbers_drops_duplicates() {
    let given = with(created(), [CartEvent::NumberAdded { number: number("442079460123") }]);
    then_events(
        given.clone(),
        CartCommand::ReplaceNumbers { numbers: vec![number("441619460000"), number("441619460000")] },
        vec![CartEvent::NumbersReplaced { numbers: vec![number("441619460000")] }],
    )
    .await;
    then_events(
        given,
        CartCommand::ReplaceNumbers { numbers: vec![] },
        vec![CartEvent::NumbersReplaced { numbers: vec![] }],
    )
    .await;
    let result = CartTest::with(())
        .given(created())
        .when_async(CartCommand::ReplaceNumbers { numbers: vec![number("1")] })
        .await
        .inspect_result();
    assert!(matches!(result, Err(CartError::InvalidPhoneNumber(_))));
}

#[tokio::test]
async fn replacing_the_numbers_with_the_same_ones_stores_nothing() {
    let given = with(created(), [CartEvent::NumberAdded { number: number("442079460123") }]);
    then_events(given, CartCommand::ReplaceNumbers { numbers: vec![number("442079460123")] }, vec![]).await;
}

// --- trial flag and clear ---

#[tokio::test]
async fn setting_the_trial_flag() {
    then_events(
        created(),
        CartCommand::SetTrialFlow { is_trial_flow: true },
        vec![CartEvent::TrialFlowSet { is_trial_flow: true }],
    )
    .await;
    then_events(created(), CartCommand::SetTrialFlow { is_trial_flow: false }, vec![]).await;
}

#[tokio::test]
async fn clearing_the_cart() {
    let given = with(
        created(),
        [
            single_yearly(1),
            CartEvent::NumberAdded { number: number("442079460123") },
            CartEvent::TrialFlowSet { is_trial_flow: true },
        ],
    );
    then_events(given.clone(), CartCommand::ClearCart, vec![CartEvent::CartCleared]).await;
    let after = contents_after(with(given, [CartEvent::CartCleared]));
    assert_eq!(after, CartContents { exists: true, ..Default::default() });
    then_events(created(), CartCommand::ClearCart, vec![]).await;
}

#[test]
fn badge_counts_items_add_ons_and_numbers() {
    let after = contents_after(with(
        created(),
        [
            single_yearly(2),
            CartEvent::AddOnAdded { add_on: AddOn::CallRecording },
            CartEvent::NumberAdded { number: number("442079460123") },
            phone(),
        ],
    ));
    assert_eq!(after.badge_count(), 4);
}
