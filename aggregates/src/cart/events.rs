use cqrs_es::DomainEvent;
use serde::{Deserialize, Serialize};

use super::contents::PhoneNumberEntry;
use crate::pricing::{AddOn, BillingCycle, Pence, Plan};

/// What happened to a cart. Prices are not stored: a cart is always priced with today's
/// price list when it is read (an order fixes its amounts when it is placed).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum CartEvent {
    CartCreated,
    PackageSelected {
        plan: Plan,
        billing_cycle: BillingCycle,
        quantity: u32,
        /// The desk phones stay in the cart (they are bought in their own checkout). Events
        /// stored before this rule lack it and replay as they happened: phones removed.
        #[serde(default)]
        keeps_desk_phones: bool,
    },
    BillingCycleChanged {
        billing_cycle: BillingCycle,
    },
    HardwareAdded {
        product_id: String,
        name: String,
        unit_price: Pence,
        quantity: u32,
    },
    ItemRemoved {
        item_id: String,
    },
    ItemQuantitySet {
        item_id: String,
        quantity: u32,
    },
    AddOnAdded {
        add_on: AddOn,
    },
    AddOnRemoved {
        add_on: AddOn,
    },
    TopUpSet {
        amount: Pence,
    },
    NumberAdded {
        number: PhoneNumberEntry,
    },
    NumberRemoved {
        value: String,
    },
    NumbersReplaced {
        numbers: Vec<PhoneNumberEntry>,
    },
    TrialFlowSet {
        is_trial_flow: bool,
    },
    CartCleared,
}

impl DomainEvent for CartEvent {
    fn event_type(&self) -> String {
        let name = match self {
            CartEvent::CartCreated => "CartCreated",
            CartEvent::PackageSelected { .. } => "PackageSelected",
            CartEvent::BillingCycleChanged { .. } => "BillingCycleChanged",
            CartEvent::HardwareAdded { .. } => "HardwareAdded",
            CartEvent::ItemRemoved { .. } => "ItemRemoved",
            CartEvent::ItemQuantitySet { .. } => "ItemQuantitySet",
            CartEvent::AddOnAdded { .. } => "AddOnAdded",
            CartEvent::AddOnRemoved { .. } => "AddOnRemoved",
            CartEvent::TopUpSet { .. } => "TopUpSet",
            CartEvent::NumberAdded { .. } => "NumberAdded",
            CartEvent::NumberRemoved { .. } => "NumberRemoved",
            CartEvent::NumbersReplaced { .. } => "NumbersReplaced",
            CartEvent::TrialFlowSet { .. } => "TrialFlowSet",
            CartEvent::CartCleared => "CartCleared",
        };
        name.to_string()
    }

    fn event_version(&self) -> String {
        "1.0".to_string()
    }
}
