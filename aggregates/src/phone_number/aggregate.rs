use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, Duration, Utc};
use cqrs_es::event_sink::EventSink;
use cqrs_es::Aggregate;
use serde::{Deserialize, Serialize};

use super::commands::PhoneNumberCommand;
use super::errors::PhoneNumberError;
use super::events::{PhoneNumberEvent, ReleaseReason};
use crate::clock::Clock;

/// How long a cart holds a number.
pub const RESERVATION_MINUTES: i64 = 30;
/// How long a placed order holds its numbers while the buyer pays (3-D Secure included).
pub const ORDER_HOLD_MINUTES: i64 = 120;

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
    /// The events a command leads to, or why it is refused. Every command that is not
    /// refused changes who holds the number (or until when), except assigning it again to
    /// the owner it already has: a process manager that resumes after a crash repeats the
    /// step it may have done, and it stores nothing.
    fn decide(
        &self,
        command: PhoneNumberCommand,
        now: DateTime<Utc>,
    ) -> Result<Vec<PhoneNumberEvent>, PhoneNumberError> {
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
            (C::ReserveForCart { cart_id, .. }, _) => Ok(vec![PhoneNumberEvent::NumberReserved {
                cart_id,
                until: now + Duration::minutes(RESERVATION_MINUTES),
            }]),
            (C::HoldForOrder { cart_id, owner, .. }, holder) => {
                let free = match holder {
                    Holder::Nobody => true,
                    Holder::Cart { cart_id: by, until } => *by == cart_id || *until <= now,
                    // A newer order from the same cart (the cart changed, or another try).
                    Holder::Order { owner: by, cart_id: from, until } => {
                        *by == owner || *from == cart_id || *until <= now
                    }
                    Holder::Owner { .. } => false,
                };
                if !free {
                    return Err(PhoneNumberError::Taken);
                }
                Ok(vec![PhoneNumberEvent::NumberHeldForOrder {
                    owner,
                    cart_id,
                    until: now + Duration::minutes(ORDER_HOLD_MINUTES),
                }])
            }
            (C::ReleaseFromCart { cart_id }, Holder::Cart { cart_id: holder, .. }) if *holder == cart_id => {
                Ok(vec![PhoneNumberEvent::NumberReleased { cart_id, reason: ReleaseReason::RemovedFromCart }])
            }
            (C::ReleaseFromCart { .. }, _) => Err(PhoneNumberError::NotReservedByCart),
            (C::ExpireReservation, Holder::Cart { cart_id, until }) if *until <= now => {
                Ok(vec![PhoneNumberEvent::NumberReleased { cart_id: cart_id.clone(), reason: ReleaseReason::Expired }])
            }
            (C::ExpireReservation, Holder::Order { owner, until, .. }) if *until <= now => {
                Ok(vec![PhoneNumberEvent::NumberReleased { cart_id: owner.clone(), reason: ReleaseReason::Expired }])
            }
            (C::ExpireReservation, _) => Err(PhoneNumberError::NotExpired),
            (C::Assign { owner, .. }, Holder::Owner { owner: holder }) if *holder == owner => Ok(vec![]),
            (C::Assign { .. }, Holder::Owner { .. }) => Err(PhoneNumberError::Taken),
            (C::Assign { owner, .. }, Holder::Order { owner: by, until, .. }) if *by != owner && *until > now => {
                Err(PhoneNumberError::Taken)
            }
            (C::Assign { .. }, Holder::Cart { until, .. }) if *until > now => Err(PhoneNumberError::Taken),
            (C::Assign { owner, .. }, _) => Ok(vec![PhoneNumberEvent::NumberAssigned { owner }]),
            (C::ReturnToStock { owner }, Holder::Owner { owner: holder }) if *holder == owner => {
                Ok(vec![PhoneNumberEvent::NumberReturned { owner }])
            }
            (C::ReturnToStock { .. }, _) => Err(PhoneNumberError::NotOwner),
        }
    }
}

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
        for event in self.decide(command, services.clock.now())? {
            sink.write(event, self).await;
        }
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
