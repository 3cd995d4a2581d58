//! The cart view: the cart's contents as the events left them, plus the priced summary
//! the site shows (priced with today's price list each time it is read).

use aggregates::cart::{Cart, CartContents, CartItem, PhoneNumberEntry};
use aggregates::pricing::{number_price, BillingCycle, NumberPrice, NumberType, Pence, Plan, Totals};
use cqrs_es::{EventEnvelope, View};
use serde::{Deserialize, Serialize};

use crate::catch_up::{DerivedView, SequencedView};

/// The table `postgres-es` keeps this view in.
pub const CART_VIEW_TABLE: &str = "cart_view";

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct CartView {
    pub contents: CartContents,
    /// The sequence of the last event applied, so a view never applies one twice.
    #[serde(default)]
    pub last_sequence: usize,
}

impl View<Cart> for CartView {
    fn update(&mut self, event: &EventEnvelope<Cart>) {
        self.contents.apply(event.payload.clone());
        self.last_sequence = event.sequence;
    }
}

impl DerivedView<Cart> for CartView {
    const TABLE: &'static str = CART_VIEW_TABLE;

    fn of(cart: &Cart, sequence: usize) -> CartView {
        CartView { contents: cart.contents().clone(), last_sequence: sequence }
    }
}

impl SequencedView<Cart> for CartView {
    fn last_sequence(&self) -> usize {
        self.last_sequence
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CartSummary {
    pub id: String,
    pub version: i64,
    pub package: Option<Plan>,
    pub billing_cycle: Option<BillingCycle>,
    pub items: Vec<ItemLine>,
    pub add_ons: Vec<AddOnLine>,
    pub top_up_pence: Pence,
    pub phone_numbers: Vec<NumberLine>,
    pub has_selected_numbers: bool,
    /// Whether a number added now falls within the plan's included numbers (the number cards
    /// show "Included"): the plan includes more numbers than the cart holds.
    pub next_number_included: bool,
    pub is_trial_flow: bool,
    pub badge_count: usize,
    pub has_hardware: bool,
    pub has_services: bool,
    pub totals: TotalsLine,
    /// Desk phones whose catalogue price changed since they were added: the lines above
    /// are at today's price, and the cart says so.
    pub price_changes: Vec<PriceChange>,
    /// The version of the services' prices in this cart (package, add-ons, numbers, top-up):
    /// placing a service order on another answers 409 `price_changed`. The desk phones have
    /// their own in the hardware checkout's quote.
    pub quote_version: String,
}

/// A desk phone whose price changed since it went into the cart.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PriceChange {
    pub product_id: String,
    pub name: String,
    pub from_pence: Pence,
    pub to_pence: Pence,
}

impl PriceChange {
    /// What the cart and the checkout say, e.g. "The price of Yealink T54W changed from £119.00 to £129.00".
    pub fn message(&self) -> String {
        format!("The price of {} changed from {} to {}", self.name, self.from_pence, self.to_pence)
    }
}

/// Today's catalogue price of each desk phone (by product id) the cart is priced with.
pub type LivePrices = std::collections::HashMap<String, Pence>;

#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ItemLine {
    pub id: String,
    pub name: String,
    #[serde(rename = "type")]
    pub kind: ItemKind,
    pub plan: Option<Plan>,
    pub product_id: Option<String>,
    pub billing_cycle: Option<BillingCycle>,
    pub quantity: u32,
    pub unit_pence: Pence,
    pub line_pence: Pence,
}

/// What a cart line is: the package, or desk phones.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum ItemKind {
    Package,
    Hardware,
}

/// An add-on line's `type`: always `addOn`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum AddOnKind {
    AddOn,
}

#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddOnLine {
    pub id: &'static str,
    pub name: &'static str,
    #[serde(rename = "type")]
    pub kind: AddOnKind,
    pub billing_cycle: BillingCycle,
    pub original_pence: Pence,
    pub price_pence: Pence,
}

#[derive(Debug, Clone, PartialEq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NumberLine {
    pub value: String,
    pub display_value: String,
    pub provider: String,
    pub is_transfer: bool,
    pub is_placeholder: bool,
    pub area_code: Option<String>,
    pub number_type: Option<String>,
    pub country: Option<String>,
    pub free: bool,
    pub price_pence: Pence,
    /// A mobile transfer's PAC code, for the order placed from the cart: never served (staff
    /// see it on the order, in the support console).
    #[serde(skip)]
    pub pac: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TotalsLine {
    pub billing_cycle: BillingCycle,
    pub package_pence: Pence,
    pub add_ons_pence: Pence,
    pub numbers_pence: Pence,
    pub subscription_subtotal_pence: Pence,
    pub subscription_vat_pence: Pence,
    pub subscription_total_inc_vat_pence: Pence,
    pub top_up_subtotal_pence: Pence,
    pub top_up_vat_pence: Pence,
    pub top_up_total_inc_vat_pence: Pence,
    /// The desk phones' subtotal, ex VAT.
    pub hardware_pence: Pence,
    /// The services' VAT (subscription and top-up); stored order views call it `totalVatPence`.
    #[serde(alias = "totalVatPence")]
    pub service_vat_pence: Pence,
    /// What the service checkout charges today, VAT included; stored order views call it
    /// `grandTotalIncVatPence`. Desk phones are charged by their own checkout.
    #[serde(alias = "grandTotalIncVatPence")]
    pub service_due_today_pence: Pence,
    /// VAT on the desk phones (20% of their subtotal; shipping is added in their checkout).
    ///
    /// These four are always sent (`default` only reads order views stored before them).
    #[serde(default)]
    #[schema(required = true)]
    pub hardware_vat_pence: Pence,
    #[serde(default)]
    #[schema(required = true)]
    pub hardware_total_inc_vat_pence: Pence,
    /// All the VAT in the cart, and everything in it VAT included (what the cart shows).
    #[serde(default)]
    #[schema(required = true)]
    pub cart_vat_pence: Pence,
    #[serde(default)]
    #[schema(required = true)]
    pub cart_total_inc_vat_pence: Pence,
}

impl From<Totals> for TotalsLine {
    fn from(t: Totals) -> Self {
        // The cycle is filled in by the caller.
        TotalsLine {
            billing_cycle: BillingCycle::Monthly,
            package_pence: t.package,
            add_ons_pence: t.add_ons,
            numbers_pence: t.numbers,
            subscription_subtotal_pence: t.subscription_subtotal,
            subscription_vat_pence: t.subscription_vat,
            subscription_total_inc_vat_pence: t.subscription_total(),
            top_up_subtotal_pence: t.top_up_subtotal,
            top_up_vat_pence: t.top_up_vat,
            top_up_total_inc_vat_pence: t.top_up_total(),
            hardware_pence: t.hardware,
            service_vat_pence: t.total_vat(),
            service_due_today_pence: t.service_due_today(),
            hardware_vat_pence: t.hardware_vat(),
            hardware_total_inc_vat_pence: t.hardware_total(),
            cart_vat_pence: t.cart_vat(),
            cart_total_inc_vat_pence: t.cart_total(),
        }
    }
}

fn item_line(item: &CartItem, live: &LivePrices) -> ItemLine {
    match item {
        CartItem::Package { plan, billing_cycle, quantity } => {
            let quote = plan.quote(*billing_cycle, *quantity);
            ItemLine {
                id: item.id(),
                name: format!("{} x{} ({})", plan.name(), quantity, billing_cycle.label()),
                kind: ItemKind::Package,
                plan: Some(*plan),
                product_id: None,
                billing_cycle: Some(*billing_cycle),
                quantity: *quantity,
                unit_pence: quote.unit,
                line_pence: quote.line,
            }
        }
        CartItem::Hardware { product_id, name, unit_price, quantity } => {
            let unit = live.get(product_id).copied().unwrap_or(*unit_price);
            ItemLine {
                id: item.id(),
                name: name.clone(),
                kind: ItemKind::Hardware,
                plan: None,
                product_id: Some(product_id.clone()),
                billing_cycle: None,
                quantity: *quantity,
                unit_pence: unit,
                line_pence: unit * *quantity,
            }
        }
    }
}

/// The cart's desk phones priced other than when they were added.
fn price_changes(cart: &CartContents, live: &LivePrices) -> Vec<PriceChange> {
    cart.items
        .iter()
        .filter_map(|item| match item {
            CartItem::Hardware { product_id, name, unit_price, .. } => {
                let now = *live.get(product_id)?;
                (now != *unit_price).then(|| PriceChange {
                    product_id: product_id.clone(),
                    name: name.clone(),
                    from_pence: *unit_price,
                    to_pence: now,
                })
            }
            CartItem::Package { .. } => None,
        })
        .collect()
}

/// A number's price in the cart (aggregates::pricing::number_price) by its country and type
/// (a UK landline when unknown), the cart's plan and its place among the cart's numbers.
pub fn entry_price(entry: &PhoneNumberEntry, plan: Option<Plan>, position: usize) -> NumberPrice {
    let country = entry.country.as_deref().unwrap_or("GB");
    let kind = entry.number_type.as_deref().and_then(NumberType::parse).unwrap_or(NumberType::Geographic);
    number_price(country, kind, plan, position)
}

fn number_line(entry: &PhoneNumberEntry, price: NumberPrice, cycle: BillingCycle) -> NumberLine {
    NumberLine {
        value: entry.value.clone(),
        display_value: entry.display_value.clone().unwrap_or_else(|| entry.value.clone()),
        provider: entry.provider.clone().unwrap_or_else(|| "unknown".to_string()),
        is_transfer: entry.is_transfer,
        is_placeholder: entry.is_placeholder,
        area_code: entry.area_code.clone(),
        number_type: entry.number_type.clone(),
        country: entry.country.clone(),
        free: price.included,
        price_pence: price.charged(cycle),
        pac: entry.pac.clone(),
    }
}

impl CartView {
    /// The cart priced with the desk phones at the price each was added for (what support's
    /// replay shows of the past); the routes price it with [`CartView::summary_at`].
    pub fn summary(&self, id: &str) -> CartSummary {
        self.summary_at(id, &LivePrices::new())
    }

    /// Prices the cart: package by plan and cycle, add-ons for the cycle, numbers beyond the
    /// included ones at the plan's extra-number price, the top-up once, VAT per subtotal, and
    /// each desk phone at its price in `live` (the catalogue's today), else at the price it
    /// was added for.
    pub fn summary_at(&self, id: &str, live: &LivePrices) -> CartSummary {
        let version = self.last_sequence as i64;
        let cart = &self.contents;
        let cycle = cart.billing_cycle();
        let items: Vec<ItemLine> = cart.items.iter().map(|item| item_line(item, live)).collect();
        let add_ons: Vec<AddOnLine> = cart
            .add_ons
            .iter()
            .map(|add_on| AddOnLine {
                id: add_on.id(),
                name: add_on.name(),
                kind: AddOnKind::AddOn,
                billing_cycle: cycle,
                original_pence: add_on.original_price(cycle),
                price_pence: add_on.price(cycle),
            })
            .collect();
        let phone_numbers: Vec<NumberLine> = cart
            .phone_numbers
            .iter()
            .enumerate()
            .map(|(position, entry)| number_line(entry, entry_price(entry, cart.package, position), cycle))
            .collect();

        let package = items.iter().filter(|i| i.kind == ItemKind::Package).map(|i| i.line_pence).sum();
        let hardware = items.iter().filter(|i| i.kind == ItemKind::Hardware).map(|i| i.line_pence).sum();
        let totals = Totals::new(
            package,
            add_ons.iter().map(|a| a.price_pence).sum(),
            phone_numbers.iter().map(|n| n.price_pence).sum(),
            cart.top_up,
            hardware,
        );
        let has_hardware = cart.items.iter().any(CartItem::is_hardware);
        let priced = (
            items
                .iter()
                .filter(|i| i.kind == ItemKind::Package)
                .map(|i| (&i.id, i.unit_pence, i.quantity, i.line_pence))
                .collect::<Vec<_>>(),
            add_ons.iter().map(|a| (a.id, a.price_pence)).collect::<Vec<_>>(),
            phone_numbers.iter().map(|n| (&n.value, n.price_pence)).collect::<Vec<_>>(),
            cart.top_up,
        );
        let quote_version = aggregates::pricing::quote_version(&priced);
        CartSummary {
            price_changes: price_changes(cart, live),
            quote_version,
            id: id.to_string(),
            version,
            package: cart.package,
            billing_cycle: cart.package.map(|_| cycle),
            has_services: cart.items.iter().any(|i| !i.is_hardware())
                || !cart.add_ons.is_empty()
                || !cart.phone_numbers.is_empty(),
            has_hardware,
            badge_count: cart.badge_count(),
            has_selected_numbers: !cart.phone_numbers.is_empty(),
            next_number_included: number_price("GB", NumberType::Geographic, cart.package, cart.phone_numbers.len())
                .included,
            is_trial_flow: cart.is_trial_flow,
            top_up_pence: cart.top_up,
            totals: TotalsLine { billing_cycle: cycle, ..totals.into() },
            items,
            add_ons,
            phone_numbers,
        }
    }
}

/// Rebuilds the cart view from the event store while the live table keeps answering
/// (crate::rebuild).
pub async fn rebuild(
    pool: &sqlx::PgPool,
    reader: &impl crate::events::EventReader,
    watch: &mut dyn crate::rebuild::Watch,
) -> Result<crate::rebuild::Rebuilt, crate::rebuild::RebuildError> {
    crate::rebuild::rebuild(pool, reader, &crate::rebuild::ViewTable::<Cart, CartView>::new(CART_VIEW_TABLE), watch)
        .await
}

#[cfg(test)]
mod tests {
    use aggregates::cart::CartEvent;
    use aggregates::pricing::AddOn;

    use super::*;

    fn view_after(events: Vec<CartEvent>) -> CartView {
        let mut view = CartView::default();
        for (i, payload) in events.into_iter().enumerate() {
            view.update(&EventEnvelope {
                aggregate_id: "c1".into(),
                sequence: i + 1,
                payload,
                metadata: Default::default(),
            });
        }
        view
    }

    fn number(value: &str) -> CartEvent {
        CartEvent::NumberAdded { number: PhoneNumberEntry::new(value) }
    }

    #[test]
    fn prices_a_single_user_yearly_cart() {
        let view = view_after(vec![
            CartEvent::CartCreated,
            CartEvent::PackageSelected {
                plan: Plan::SingleUser,
                billing_cycle: BillingCycle::Yearly,
                quantity: 2,
                keeps_desk_phones: true,
            },
            CartEvent::AddOnAdded { add_on: AddOn::CallRecording },
            number("442079460123"),
            number("442079460124"),
        ]);
        let summary = view.summary("c1");
        assert_eq!(summary.items[0].id, "single-yearly");
        assert_eq!(summary.items[0].name, "Single User x2 (Yearly)");
        assert_eq!(summary.items[0].line_pence, Pence(9580));
        assert_eq!(summary.add_ons[0].price_pence, Pence(7680));
        assert_eq!(summary.add_ons[0].original_pence, Pence(9600));
        assert!(summary.phone_numbers[0].free);
        assert!(!summary.phone_numbers[1].free);
        assert!(!summary.next_number_included);
        assert_eq!(summary.phone_numbers[1].price_pence, Pence(1920));
        assert_eq!(summary.totals.subscription_subtotal_pence, Pence(9580 + 7680 + 1920));
        assert_eq!(summary.totals.subscription_vat_pence, Pence(3836));
        assert_eq!(summary.totals.service_due_today_pence, Pence(19180 + 3836));
        assert_eq!(summary.badge_count, 4);
        assert!(summary.has_services && !summary.has_hardware);
    }

    #[test]
    fn a_desk_phone_is_priced_at_todays_price_and_the_change_is_named() {
        let view = view_after(vec![
            CartEvent::CartCreated,
            CartEvent::HardwareAdded {
                product_id: "t54w".into(),
                name: "Yealink T54W".into(),
                unit_price: Pence(11900),
                quantity: 2,
            },
        ]);
        let then = view.summary("c1");
        let live = LivePrices::from([("t54w".to_string(), Pence(12900))]);
        let now = view.summary_at("c1", &live);
        assert_eq!(now.items[0].unit_pence, Pence(12900));
        assert_eq!(now.totals.hardware_pence, Pence(25800));
        assert_eq!(now.price_changes[0].message(), "The price of Yealink T54W changed from £119.00 to £129.00");
        assert!(then.price_changes.is_empty());
        assert_eq!(then.quote_version, now.quote_version, "the services' version ignores desk phones");
        let same = view.summary_at("c1", &LivePrices::from([("t54w".to_string(), Pence(11900))]));
        assert!(same.price_changes.is_empty());
    }

    #[test]
    fn a_number_added_now_is_included_while_the_plan_includes_more_than_the_cart_holds() {
        let single = |numbers: usize| {
            let mut events = vec![
                CartEvent::CartCreated,
                CartEvent::PackageSelected {
                    plan: Plan::SingleUser,
                    billing_cycle: BillingCycle::Monthly,
                    quantity: 1,
                    keeps_desk_phones: true,
                },
            ];
            events.extend((0..numbers).map(|i| number(&format!("44207946012{i}"))));
            view_after(events).summary("c1").next_number_included
        };
        assert!(single(0));
        assert!(!single(1));
        let payg = view_after(vec![
            CartEvent::CartCreated,
            CartEvent::PackageSelected {
                plan: Plan::PayAsYouGo,
                billing_cycle: BillingCycle::Monthly,
                quantity: 1,
                keeps_desk_phones: true,
            },
        ]);
        assert!(!payg.summary("c1").next_number_included);
        assert!(!view_after(vec![CartEvent::CartCreated]).summary("c1").next_number_included, "no plan, none included");
    }

    #[test]
    fn prices_pay_as_you_go_with_its_top_up_and_dearer_numbers() {
        let view = view_after(vec![
            CartEvent::CartCreated,
            CartEvent::PackageSelected {
                plan: Plan::PayAsYouGo,
                billing_cycle: BillingCycle::Monthly,
                quantity: 1,
                keeps_desk_phones: true,
            },
            number("442079460123"),
            CartEvent::TopUpSet { amount: Pence(2000) },
        ]);
        let summary = view.summary("c1");
        assert!(!summary.phone_numbers[0].free, "pay as you go includes no number");
        assert_eq!(summary.phone_numbers[0].price_pence, Pence(250));
        assert_eq!(summary.totals.subscription_subtotal_pence, Pence(250));
        assert_eq!(summary.totals.top_up_subtotal_pence, Pence(2000));
        assert_eq!(summary.totals.top_up_vat_pence, Pence(400));
        assert_eq!(summary.totals.service_due_today_pence, Pence(250 + 50 + 2400));
    }

    #[test]
    fn multi_user_includes_two_numbers_and_prices_blocks() {
        let view = view_after(vec![
            CartEvent::CartCreated,
            CartEvent::PackageSelected {
                plan: Plan::MultiUser,
                billing_cycle: BillingCycle::Monthly,
                quantity: 5,
                keeps_desk_phones: true,
            },
            number("442079460121"),
            number("442079460122"),
            number("442079460123"),
        ]);
        let summary = view.summary("c1");
        assert_eq!(summary.items[0].line_pence, Pence(2980));
        let free: Vec<bool> = summary.phone_numbers.iter().map(|n| n.free).collect();
        assert_eq!(free, vec![true, true, false]);
        assert!(!summary.next_number_included, "both included numbers are taken");
    }

    #[test]
    fn numbers_are_priced_by_country_and_type() {
        let entry = |value: &str, country: &str, kind: &str| CartEvent::NumberAdded {
            number: PhoneNumberEntry {
                country: Some(country.into()),
                number_type: Some(kind.into()),
                ..PhoneNumberEntry::new(value)
            },
        };
        let view = view_after(vec![
            CartEvent::CartCreated,
            entry("447700900000", "GB", "mobile"),
            entry("33800900000", "FR", "freephone"),
            entry("12125550100", "US", "geographic"),
        ]);
        let prices: Vec<i64> = view.summary("c1").phone_numbers.iter().map(|n| n.price_pence.0).collect();
        assert_eq!(prices, vec![499, 450, 250]);
    }

    #[test]
    fn a_hardware_only_cart_has_no_services() {
        let view = view_after(vec![
            CartEvent::CartCreated,
            CartEvent::HardwareAdded {
                product_id: "p1".into(),
                name: "Phone".into(),
                unit_price: Pence(5000),
                quantity: 2,
            },
        ]);
        let summary = view.summary("c1");
        assert!(summary.has_hardware && !summary.has_services);
        assert_eq!(summary.totals.hardware_pence, Pence(10000));
        assert_eq!(summary.totals.service_due_today_pence, Pence::ZERO);
        assert_eq!(summary.totals.hardware_vat_pence, Pence(2000));
        assert_eq!(summary.totals.cart_vat_pence, Pence(2000));
        assert_eq!(summary.totals.cart_total_inc_vat_pence, Pence(12000));
        assert_eq!(summary.billing_cycle, None);
    }
}
