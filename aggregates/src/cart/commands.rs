use super::contents::PhoneNumberEntry;
use crate::pricing::{AddOn, BillingCycle, Pence, Plan};

/// What a visitor asks of a cart. Built by the API from its request bodies.
#[derive(Debug, Clone, PartialEq)]
pub enum CartCommand {
    CreateCart,
    SelectPackage {
        plan: Plan,
        billing_cycle: BillingCycle,
        quantity: u32,
    },
    ChangeBillingCycle {
        billing_cycle: BillingCycle,
    },
    /// The API fills name and price from the hardware catalogue, never from the browser.
    AddHardware {
        product_id: String,
        name: String,
        unit_price: Pence,
        quantity: u32,
    },
    RemoveItem {
        item_id: String,
    },
    SetItemQuantity {
        item_id: String,
        quantity: u32,
    },
    AddAddOn {
        add_on: AddOn,
    },
    RemoveAddOn {
        add_on: AddOn,
    },
    SetTopUp {
        amount: Pence,
    },
    AddNumber {
        number: PhoneNumberEntry,
    },
    RemoveNumber {
        value: String,
    },
    ReplaceNumbers {
        numbers: Vec<PhoneNumberEntry>,
    },
    SetTrialFlow {
        is_trial_flow: bool,
    },
    ClearCart,
}
