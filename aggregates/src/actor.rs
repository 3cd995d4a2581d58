//! Who caused an event: kept in each stored event's metadata (never in its payload), so the
//! support console can say who did what without every command carrying a name.

use std::collections::HashMap;

const KIND: &str = "actor";
const NAME: &str = "actor_name";

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Actor {
    /// A buyer on the public site, not signed in (carts, checkout, trials).
    Buyer,
    /// A signed-in staff member, by e-mail.
    Staff(String),
    /// A signed-in customer (the shop's own account pages), by the account's e-mail.
    Customer(String),
    /// A scheduled job, by name.
    Job(String),
    /// The payment provider's webhook.
    Webhook,
    /// Anything else: an operator's command line, a background task, events stored before
    /// actors were recorded.
    System,
}

impl Actor {
    pub fn kind(&self) -> &'static str {
        match self {
            Actor::Buyer => "buyer",
            Actor::Staff(_) => "staff",
            Actor::Customer(_) => "customer",
            Actor::Job(_) => "job",
            Actor::Webhook => "webhook",
            Actor::System => "system",
        }
    }

    pub fn name(&self) -> Option<&str> {
        match self {
            Actor::Staff(name) | Actor::Customer(name) | Actor::Job(name) => Some(name),
            _ => None,
        }
    }

    /// The metadata stored with each event the actor's command makes.
    pub fn metadata(&self) -> HashMap<String, String> {
        let mut metadata = HashMap::from([(KIND.to_string(), self.kind().to_string())]);
        if let Some(name) = self.name() {
            metadata.insert(NAME.to_string(), name.to_string());
        }
        metadata
    }

    /// The actor an event's metadata names (`System` when it names none).
    pub fn from_metadata(metadata: &HashMap<String, String>) -> Actor {
        let name = metadata.get(NAME).cloned().unwrap_or_default();
        match metadata.get(KIND).map(String::as_str) {
            Some("buyer") => Actor::Buyer,
            Some("staff") if !name.is_empty() => Actor::Staff(name),
            Some("customer") if !name.is_empty() => Actor::Customer(name),
            Some("job") if !name.is_empty() => Actor::Job(name),
            Some("webhook") => Actor::Webhook,
            _ => Actor::System,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_actor_reads_back_from_its_metadata() {
        for actor in [
            Actor::Buyer,
            Actor::Staff("sam@talkbridge.example".into()),
            Actor::Customer("jane@example.com".into()),
            Actor::Job("end-trials".into()),
            Actor::Webhook,
            Actor::System,
        ] {
            assert_eq!(Actor::from_metadata(&actor.metadata()), actor);
        }
    }

    #[test]
    fn events_stored_without_an_actor_read_as_the_system() {
        assert_eq!(Actor::from_metadata(&HashMap::new()), Actor::System);
        let nameless = HashMap::from([(KIND.to_string(), "staff".to_string())]);
        assert_eq!(Actor::from_metadata(&nameless), Actor::System);
        let nameless = HashMap::from([(KIND.to_string(), "customer".to_string())]);
        assert_eq!(Actor::from_metadata(&nameless), Actor::System);
    }

    #[test]
    fn a_customer_is_named_by_the_account_email() {
        let actor = Actor::Customer("jane@example.com".into());
        assert_eq!(actor.kind(), "customer");
        assert_eq!(actor.name(), Some("jane@example.com"));
        assert_eq!(actor.metadata().get(NAME).map(String::as_str), Some("jane@example.com"));
    }
}
