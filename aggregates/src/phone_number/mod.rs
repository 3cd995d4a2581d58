//! The PhoneNumber aggregate: one number of the stock (keyed by its E.164 digits), reserved
//! for a cart while the visitor checks out, released, or assigned for good (an order's,
//! or a free trial's until the number is returned to the stock after the trial).

use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Duration, Utc};
use cqrs_es::event_sink::EventSink;
use cqrs_es::{Aggregate, DomainEvent};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::clock::Clock;

/// How long a cart holds a number.
pub const RESERVATION_MINUTES: i64 = 30;
/// How long a placed order holds its numbers while the buyer pays (3-D Secure included).
pub const ORDER_HOLD_MINUTES: i64 = 120;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PhoneNumberCommand {
    /// Reserve for a cart (again by the same cart: the 30 minutes start over). `number`
    /// is the aggregate's own id, checked against the stock.
    ReserveForCart { number: String, cart_id: String },
    /// The cart let the number go (removed or cleared).
    ReleaseFromCart { cart_id: String },
    /// The reservation ran out (the expiry job).
    ExpireReservation,
    /// An order placed from the cart takes over the cart's reservation (or, when it ran
    /// out and nobody took the number meanwhile, holds it afresh) until it is paid.
    HoldForOrder { number: String, cart_id: String, owner: String },
    /// The number now belongs to an order or a trial. Refused while another cart or order
    /// holds a reservation that has not run out.
    Assign { number: String, owner: String },
    /// The owner gives the number back to the free stock (a trial that ended unconverted).
    ReturnToStock { owner: String },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum PhoneNumberEvent {
    NumberReserved { cart_id: String, until: DateTime<Utc> },
    NumberReleased { cart_id: String, reason: ReleaseReason },
    NumberAssigned { owner: String },
    NumberHeldForOrder { owner: String, cart_id: String, until: DateTime<Utc> },
    NumberReturned { owner: String },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum ReleaseReason {
    RemovedFromCart,
    Expired,
}

impl DomainEvent for PhoneNumberEvent {
    fn event_type(&self) -> String {
        match self {
            PhoneNumberEvent::NumberReserved { .. } => "NumberReserved",
            PhoneNumberEvent::NumberReleased { .. } => "NumberReleased",
            PhoneNumberEvent::NumberAssigned { .. } => "NumberAssigned",
            PhoneNumberEvent::NumberHeldForOrder { .. } => "NumberHeldForOrder",
            PhoneNumberEvent::NumberReturned { .. } => "NumberReturned",
        }
        .to_string()
    }

    fn event_version(&self) -> String {
        "1.0".to_string()
    }
}

#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum PhoneNumberError {
    #[error("This number is not available.")]
    NotInStock,
    #[error("This number has just been taken. Please choose another.")]
    Taken,
    #[error("This number is not reserved for this cart.")]
    NotReservedByCart,
    #[error("The reservation has not run out yet.")]
    NotExpired,
    #[error("This number does not belong to this owner.")]
    NotOwner,
}

impl PhoneNumberError {
    pub fn code(&self) -> &'static str {
        match self {
            PhoneNumberError::NotInStock => "number_not_in_stock",
            PhoneNumberError::Taken => "number_taken",
            PhoneNumberError::NotReservedByCart => "number_not_reserved",
            PhoneNumberError::NotExpired => "reservation_not_expired",
            PhoneNumberError::NotOwner => "number_not_owned",
        }
    }
}

/// What the aggregate needs from outside: the stock and the time.
#[async_trait]
pub trait NumberStock: Send + Sync {
    /// Whether the number is part of the stock we may sell.
    async fn in_stock(&self, value: &str) -> bool;
}

pub struct PhoneNumberServices {
    pub stock: Arc<dyn NumberStock>,
    pub clock: Arc<dyn Clock>,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Holder {
    #[default]
    Nobody,
    Cart {
        cart_id: String,
        until: DateTime<Utc>,
    },
    Owner {
        owner: String,
    },
    /// A placed order, until it is paid or the hold runs out.
    Order {
        owner: String,
        #[serde(default)]
        cart_id: String,
        until: DateTime<Utc>,
    },
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PhoneNumber {
    pub holder: Holder,
}

impl PhoneNumber {
    fn decide(&self, command: PhoneNumberCommand, now: DateTime<Utc>) -> Result<PhoneNumberEvent, PhoneNumberError> {
        use PhoneNumberCommand as C;
        match (command, &self.holder) {
            (C::ReserveForCart { .. } | C::HoldForOrder { .. }, Holder::Owner { .. }) => Err(PhoneNumberError::Taken),
            // The cart an order came from may take its numbers back (the buyer went back to change it).
            (C::ReserveForCart { cart_id, .. }, Holder::Order { cart_id: from, until, .. })
                if *from != cart_id && *until > now =>
            {
                Err(PhoneNumberError::Taken)
            }
            (C::ReserveForCart { cart_id, .. }, Holder::Cart { cart_id: holder, until })
                if *holder != cart_id && *until > now =>
            {
                Err(PhoneNumberError::Taken)
            }
            (C::ReserveForCart { cart_id, .. }, _) => {
                Ok(PhoneNumberEvent::NumberReserved { cart_id, until: now + Duration::minutes(RESERVATION_MINUTES) })
            }
            (C::HoldForOrder { cart_id, owner, .. }, holder) => {
                let free = match holder {
                    Holder::Nobody => true,
                    Holder::Cart { cart_id: by, until } => *by == cart_id || *until <= now,
                    // A newer order from the same cart (the cart changed, or another try).
                    Holder::Order { owner: by, cart_id: from, until } => *by == owner || *from == cart_id || *until <= now,
                    Holder::Owner { .. } => false,
                };
                if !free {
                    return Err(PhoneNumberError::Taken);
                }
                Ok(PhoneNumberEvent::NumberHeldForOrder { owner, cart_id, until: now + Duration::minutes(ORDER_HOLD_MINUTES) })
            }
            (C::ReleaseFromCart { cart_id }, Holder::Cart { cart_id: holder, .. }) if *holder == cart_id => {
                Ok(PhoneNumberEvent::NumberReleased { cart_id, reason: ReleaseReason::RemovedFromCart })
            }
            (C::ReleaseFromCart { .. }, _) => Err(PhoneNumberError::NotReservedByCart),
            (C::ExpireReservation, Holder::Cart { cart_id, until }) if *until <= now => {
                Ok(PhoneNumberEvent::NumberReleased { cart_id: cart_id.clone(), reason: ReleaseReason::Expired })
            }
            (C::ExpireReservation, Holder::Order { owner, until, .. }) if *until <= now => {
                Ok(PhoneNumberEvent::NumberReleased { cart_id: owner.clone(), reason: ReleaseReason::Expired })
            }
            (C::ExpireReservation, _) => Err(PhoneNumberError::NotExpired),
            (C::Assign { .. }, Holder::Owner { .. }) => Err(PhoneNumberError::Taken),
            (C::Assign { owner, .. }, Holder::Order { owner: by, until, .. }) if *by != owner && *until > now => {
                Err(PhoneNumberError::Taken)
            }
            (C::Assign { .. }, Holder::Cart { until, .. }) if *until > now => Err(PhoneNumberError::Taken),
            (C::Assign { owner, .. }, _) => Ok(PhoneNumberEvent::NumberAssigned { owner }),
            (C::ReturnToStock { owner }, Holder::Owner { owner: holder }) if *holder == owner => {
                Ok(PhoneNumberEvent::NumberReturned { owner })
            }
            (C::ReturnToStock { .. }, _) => Err(PhoneNumberError::NotOwner),
        }
    }
}

#[cfg(test)]
mod tests;

impl Aggregate for PhoneNumber {
    const TYPE: &'static str = "PhoneNumber";
    type Command = PhoneNumberCommand;
    type Event = PhoneNumberEvent;
    type Error = PhoneNumberError;
    type Services = PhoneNumberServices;

    async fn handle(
        &mut self,
        command: PhoneNumberCommand,
        services: &PhoneNumberServices,
        sink: &EventSink<Self>,
    ) -> Result<(), PhoneNumberError> {
        if let PhoneNumberCommand::ReserveForCart { number, .. }
        | PhoneNumberCommand::Assign { number, .. }
        | PhoneNumberCommand::HoldForOrder { number, .. } = &command
        {
            if !services.stock.in_stock(number).await {
                return Err(PhoneNumberError::NotInStock);
            }
        }
        let event = self.decide(command, services.clock.now())?;
        sink.write(event, self).await;
        Ok(())
    }

    fn apply(&mut self, event: PhoneNumberEvent) {
        self.holder = match event {
            PhoneNumberEvent::NumberReserved { cart_id, until } => Holder::Cart { cart_id, until },
            PhoneNumberEvent::NumberReleased { .. } | PhoneNumberEvent::NumberReturned { .. } => Holder::Nobody,
            PhoneNumberEvent::NumberAssigned { owner } => Holder::Owner { owner },
            PhoneNumberEvent::NumberHeldForOrder { owner, cart_id, until } => Holder::Order { owner, cart_id, until },
        };
    }
}
