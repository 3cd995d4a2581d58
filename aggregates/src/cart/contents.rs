use serde::{Deserialize, Serialize};

use super::events::CartEvent;
use crate::pricing::{AddOn, BillingCycle, Pence, Plan};

/// The state of a cart, shared by the aggregate (to decide) and the cart view (to show).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct CartContents {
    pub exists: bool,
    pub items: Vec<CartItem>,
    pub package: Option<Plan>,
    pub add_ons: Vec<AddOn>,
    pub top_up: Pence,
    pub phone_numbers: Vec<PhoneNumberEntry>,
    pub is_trial_flow: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum CartItem {
    Package { plan: Plan, billing_cycle: BillingCycle, quantity: u32 },
    Hardware { product_id: String, name: String, unit_price: Pence, quantity: u32 },
}

impl CartItem {
    pub fn package_id(plan: Plan, cycle: BillingCycle) -> String {
        format!("{}-{}", plan.slug(), cycle.as_str())
    }

    pub fn hardware_id(product_id: &str) -> String {
        format!("hardware-{product_id}")
    }

    /// `single-yearly` for a package line, `hardware-{product id}` for a phone.
    pub fn id(&self) -> String {
        match self {
            CartItem::Package { plan, billing_cycle, .. } => Self::package_id(*plan, *billing_cycle),
            CartItem::Hardware { product_id, .. } => Self::hardware_id(product_id),
        }
    }

    pub fn quantity(&self) -> u32 {
        match self {
            CartItem::Package { quantity, .. } | CartItem::Hardware { quantity, .. } => *quantity,
        }
    }

    fn set_quantity(&mut self, new_quantity: u32) {
        match self {
            CartItem::Package { quantity, .. } | CartItem::Hardware { quantity, .. } => *quantity = new_quantity,
        }
    }

    pub fn is_hardware(&self) -> bool {
        matches!(self, CartItem::Hardware { .. })
    }
}

/// A phone number chosen for the cart (new, ported in, or an area-code placeholder that
/// is provisioned after payment).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct PhoneNumberEntry {
    pub value: String,
    pub display_value: Option<String>,
    pub provider: Option<String>,
    pub is_transfer: bool,
    pub is_placeholder: bool,
    pub area_code: Option<String>,
    pub number_type: Option<String>,
    pub country: Option<String>,
    /// A UK mobile's PAC code (3 letters then 6 digits, upper case), with which its network
    /// releases it: only on a mobile number transferred in. Staff see it; never logged.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pac: Option<String>,
}

impl PhoneNumberEntry {
    pub fn new(value: &str) -> Self {
        PhoneNumberEntry { value: value.to_string(), ..Default::default() }
    }

    /// A number of our stock (neither ported in nor a placeholder): the cart reserves it.
    pub fn holds_stock(&self) -> bool {
        !self.is_transfer && !self.is_placeholder
    }
}

impl CartContents {
    /// The billing cycle of the package line; monthly when there is none.
    pub fn billing_cycle(&self) -> BillingCycle {
        self.items
            .iter()
            .find_map(|item| match item {
                CartItem::Package { billing_cycle, .. } => Some(*billing_cycle),
                CartItem::Hardware { .. } => None,
            })
            .unwrap_or(BillingCycle::Monthly)
    }

    pub fn item(&self, item_id: &str) -> Option<&CartItem> {
        self.items.iter().find(|item| item.id() == item_id)
    }

    pub fn has_number(&self, value: &str) -> bool {
        self.phone_numbers.iter().any(|n| n.value == value)
    }

    /// How many numbers of our stock the cart holds.
    pub fn held_numbers(&self) -> usize {
        self.phone_numbers.iter().filter(|n| n.holds_stock()).count()
    }

    /// Items + add-ons + phone numbers, as the header's cart badge shows.
    pub fn badge_count(&self) -> usize {
        self.items.len() + self.add_ons.len() + self.phone_numbers.len()
    }

    pub fn apply(&mut self, event: CartEvent) {
        match event {
            CartEvent::CartCreated => self.exists = true,
            CartEvent::PackageSelected { plan, billing_cycle, quantity, keeps_desk_phones } => {
                // The package line first, then the desk phones (kept: bought in their own checkout).
                let phones = self.items.drain(..).filter(|item| keeps_desk_phones && item.is_hardware());
                let phones: Vec<CartItem> = phones.collect();
                self.items = vec![CartItem::Package { plan, billing_cycle, quantity }];
                self.items.extend(phones);
                self.add_ons.clear();
                self.package = Some(plan);
                self.top_up = plan.initial_top_up();
            }
            CartEvent::BillingCycleChanged { billing_cycle: cycle } => {
                for item in &mut self.items {
                    if let CartItem::Package { billing_cycle, .. } = item {
                        *billing_cycle = cycle;
                    }
                }
            }
            CartEvent::HardwareAdded { product_id, name, unit_price, quantity } => {
                let id = CartItem::hardware_id(&product_id);
                match self.items.iter_mut().find(|item| item.id() == id) {
                    Some(line) => {
                        let total = line.quantity() + quantity;
                        line.set_quantity(total);
                    }
                    None => self.items.push(CartItem::Hardware { product_id, name, unit_price, quantity }),
                }
            }
            CartEvent::ItemRemoved { item_id } => {
                let removed_package = matches!(self.item(&item_id), Some(CartItem::Package { .. }));
                self.items.retain(|item| item.id() != item_id);
                if removed_package || self.items.is_empty() {
                    // The add-ons and the top-up belong to the package.
                    self.package = None;
                    self.add_ons.clear();
                    self.top_up = Pence::ZERO;
                }
            }
            CartEvent::ItemQuantitySet { item_id, quantity } => {
                if let Some(line) = self.items.iter_mut().find(|item| item.id() == item_id) {
                    line.set_quantity(quantity);
                }
            }
            CartEvent::AddOnAdded { add_on } => {
                if !self.add_ons.contains(&add_on) {
                    self.add_ons.push(add_on);
                }
            }
            CartEvent::AddOnRemoved { add_on } => self.add_ons.retain(|a| *a != add_on),
            CartEvent::TopUpSet { amount } => self.top_up = amount,
            CartEvent::NumberAdded { number } => {
                if !self.has_number(&number.value) {
                    self.phone_numbers.push(number);
                }
            }
            CartEvent::NumberRemoved { value } => self.phone_numbers.retain(|n| n.value != value),
            CartEvent::NumbersReplaced { numbers } => self.phone_numbers = numbers,
            CartEvent::TrialFlowSet { is_trial_flow } => self.is_trial_flow = is_trial_flow,
            CartEvent::CartCleared => *self = CartContents { exists: true, ..Default::default() },
        }
    }
}
