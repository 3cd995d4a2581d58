use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use serde::{Deserialize, Serialize};

use super::commands::CartCommand;
use super::contents::{CartContents, CartItem};
use super::errors::CartError;
use super::events::CartEvent;
use super::validation::{self, MAX_HELD_NUMBERS, MAX_NUMBERS};
use crate::pricing::{Plan, MAX_QUANTITY};

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Cart {
    contents: CartContents,
}

impl Cart {
    pub fn contents(&self) -> &CartContents {
        &self.contents
    }

    fn package(&self) -> Result<Plan, CartError> {
        self.contents.package.ok_or(CartError::NoPackage)
    }

    /// Decides which events a command leads to, or why it is refused. A command that
    /// would change nothing (a replayed request, a number or add-on already in the cart)
    /// leads to none, so nothing is stored.
    fn decide(&self, command: CartCommand) -> Result<Vec<CartEvent>, CartError> {
        let event = self.event_for(command)?;
        let mut next = self.contents.clone();
        next.apply(event.clone());
        Ok(if next == self.contents { vec![] } else { vec![event] })
    }

    /// The event a command asks for, or why it is refused.
    fn event_for(&self, command: CartCommand) -> Result<CartEvent, CartError> {
        let cart = &self.contents;
        if !cart.exists {
            return match command {
                CartCommand::CreateCart => Ok(CartEvent::CartCreated),
                _ => Err(CartError::NotFound),
            };
        }
        Ok(match command {
            CartCommand::CreateCart => return Err(CartError::AlreadyExists),
            CartCommand::SelectPackage { plan, billing_cycle, quantity } => CartEvent::PackageSelected {
                plan,
                billing_cycle,
                quantity: validation::package_quantity(plan, quantity)?,
                keeps_desk_phones: true,
            },
            CartCommand::ChangeBillingCycle { billing_cycle } => {
                self.package()?;
                CartEvent::BillingCycleChanged { billing_cycle }
            }
            CartCommand::AddHardware { product_id, name, unit_price, quantity } => {
                if product_id.trim().is_empty() || name.trim().is_empty() || unit_price.0 < 0 {
                    return Err(CartError::InvalidProduct);
                }
                let quantity = validation::quantity(quantity)?;
                let already = cart.item(&CartItem::hardware_id(&product_id)).map_or(0, CartItem::quantity);
                if already + quantity > MAX_QUANTITY {
                    return Err(CartError::InvalidQuantity { max: MAX_QUANTITY });
                }
                CartEvent::HardwareAdded { product_id, name, unit_price, quantity }
            }
            CartCommand::RemoveItem { item_id } => {
                cart.item(&item_id).ok_or(CartError::ItemNotFound)?;
                CartEvent::ItemRemoved { item_id }
            }
            CartCommand::SetItemQuantity { item_id, quantity } => {
                let item = cart.item(&item_id).ok_or(CartError::ItemNotFound)?;
                CartEvent::ItemQuantitySet { quantity: validation::line_quantity(item, quantity)?, item_id }
            }
            CartCommand::AddAddOn { add_on } => {
                let plan = self.package()?;
                if !plan.offers(add_on) {
                    return Err(CartError::AddOnNotOffered { add_on, plan });
                }
                CartEvent::AddOnAdded { add_on }
            }
            CartCommand::RemoveAddOn { add_on } => {
                if !cart.add_ons.contains(&add_on) {
                    return Err(CartError::AddOnNotInCart);
                }
                CartEvent::AddOnRemoved { add_on }
            }
            CartCommand::SetTopUp { amount } => {
                if !self.package()?.takes_top_up() {
                    return Err(CartError::TopUpNotAvailable);
                }
                CartEvent::TopUpSet { amount: validation::top_up(amount)? }
            }
            CartCommand::AddNumber { number } => {
                let number = validation::phone_number(number)?;
                if !cart.has_number(&number.value) {
                    if cart.phone_numbers.len() >= MAX_NUMBERS {
                        return Err(CartError::TooManyNumbers { max: MAX_NUMBERS });
                    }
                    if number.holds_stock() && cart.held_numbers() >= MAX_HELD_NUMBERS {
                        return Err(CartError::TooManyHeldNumbers { max: MAX_HELD_NUMBERS });
                    }
                }
                CartEvent::NumberAdded { number }
            }
            CartCommand::RemoveNumber { value } => {
                let value = match value.trim() {
                    exact if cart.has_number(exact) => exact.to_string(),
                    typed => validation::normalise_number_value(typed),
                };
                if !cart.has_number(&value) {
                    return Err(CartError::NumberNotInCart);
                }
                CartEvent::NumberRemoved { value }
            }
            CartCommand::ReplaceNumbers { numbers } => {
                CartEvent::NumbersReplaced { numbers: validation::phone_numbers(numbers)? }
            }
            CartCommand::SetTrialFlow { is_trial_flow } => CartEvent::TrialFlowSet { is_trial_flow },
            CartCommand::ClearCart => CartEvent::CartCleared,
        })
    }
}

impl Aggregate for Cart {
    const TYPE: &'static str = "Cart";
    type Command = CartCommand;
    type Event = CartEvent;
    type Error = CartError;
    type Services = ();

    async fn handle(&mut self, command: CartCommand, _: &(), sink: &EventSink<Self>) -> Result<(), CartError> {
        for event in self.decide(command)? {
            sink.write(event, self).await;
        }
        Ok(())
    }

    fn apply(&mut self, event: CartEvent) {
        self.contents.apply(event);
    }
}
