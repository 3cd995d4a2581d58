//! Ids from requests.

use crate::platform::error::ApiError;

/// An id that must be a UUID (from a path or a body), in its canonical form; anything else
/// names nothing, which answers `missing`.
pub fn uuid_id(raw: &str, missing: impl Into<ApiError>) -> Result<String, ApiError> {
    uuid::Uuid::parse_str(raw.trim()).map(|id| id.to_string()).map_err(|_| missing.into())
}

/// The kinds of Stripe object a request may name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StripeKind {
    PaymentIntent,
    SetupIntent,
    PaymentMethod,
    Customer,
    Subscription,
}

/// The longest Stripe id taken from a request.
pub const MAX_STRIPE_ID: usize = 255;

impl StripeKind {
    pub const ALL: [StripeKind; 5] = [
        StripeKind::PaymentIntent,
        StripeKind::SetupIntent,
        StripeKind::PaymentMethod,
        StripeKind::Customer,
        StripeKind::Subscription,
    ];

    /// What Stripe's ids of this kind start with.
    pub const fn prefix(self) -> &'static str {
        match self {
            StripeKind::PaymentIntent => "pi_",
            StripeKind::SetupIntent => "seti_",
            StripeKind::PaymentMethod => "pm_",
            StripeKind::Customer => "cus_",
            StripeKind::Subscription => "sub_",
        }
    }

    /// The shape as the OpenAPI document states it on each field (with `maxLength` 255):
    /// the prefix, then letters and digits only.
    pub const fn pattern(self) -> &'static str {
        match self {
            StripeKind::PaymentIntent => "^pi_[A-Za-z0-9]+$",
            StripeKind::SetupIntent => "^seti_[A-Za-z0-9]+$",
            StripeKind::PaymentMethod => "^pm_[A-Za-z0-9]+$",
            StripeKind::Customer => "^cus_[A-Za-z0-9]+$",
            StripeKind::Subscription => "^sub_[A-Za-z0-9]+$",
        }
    }

    /// The field's message when a request's id is not of this shape.
    const fn refusal(self) -> &'static str {
        match self {
            StripeKind::PaymentIntent => {
                "This is not a payment reference (pi_ then letters and digits). Please reload the page and try again."
            }
            StripeKind::SetupIntent => {
                "This is not a card setup reference (seti_ then letters and digits). Please reload the page and try again."
            }
            StripeKind::PaymentMethod => "This is not a card reference (pm_ then letters and digits). Please enter your card details again.",
            StripeKind::Customer => {
                "This is not a customer reference (cus_ then letters and digits). Please check it and try again."
            }
            StripeKind::Subscription => {
                "This is not a subscription reference (sub_ then letters and digits). Please check it and try again."
            }
        }
    }
}

/// A Stripe id from a request, of its documented shape: `prefix` then letters and digits, at
/// most `MAX_STRIPE_ID` characters. Only such an id is ever put in a call to Stripe (whose
/// paths and queries it becomes part of), so `pi_x/../../v1/customers` or `?expand[]=` never
/// reach it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StripeId(String);

impl StripeId {
    /// `text` as an id of `kind`, or None when it is not of that shape (nothing is trimmed).
    pub fn parse(kind: StripeKind, text: &str) -> Option<StripeId> {
        let rest = text.strip_prefix(kind.prefix())?;
        let fits = !rest.is_empty() && text.len() <= MAX_STRIPE_ID && rest.bytes().all(|b| b.is_ascii_alphanumeric());
        fits.then(|| StripeId(text.to_string()))
    }

    /// As `parse`, or 422 `invalid_fields` whose `fieldErrors` name `field` (as the request
    /// spells it).
    pub fn field(kind: StripeKind, field: &'static str, text: &str) -> Result<StripeId, ApiError> {
        StripeId::parse(kind, text).ok_or_else(|| {
            let mut errors = crate::app::account_form::FieldErrors::new();
            errors.insert(field, kind.refusal());
            crate::app::account_form::field_errors(errors)
        })
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

impl std::fmt::Display for StripeId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stripe_id_is_its_prefix_then_letters_and_digits() {
        for (kind, good) in [
            (StripeKind::PaymentIntent, "pi_3NvX2bAbCdEf"),
            (StripeKind::SetupIntent, "seti_1"),
            (StripeKind::PaymentMethod, "pm_1NvX2bAbCdEf"),
            (StripeKind::Customer, "cus_Abc123"),
            (StripeKind::Subscription, "sub_9"),
        ] {
            assert_eq!(StripeId::parse(kind, good).unwrap().as_str(), good);
        }
        let long = format!("pi_{}", "a".repeat(MAX_STRIPE_ID - 3));
        assert!(StripeId::parse(StripeKind::PaymentIntent, &long).is_some());
        for bad in [
            "",
            "pi_",
            "pi_x/../../v1/customers/cus_1?expand[]=x",
            "pi_a b",
            " pi_1",
            "pi_1 ",
            "pi_1?expand=x",
            "pi_1&customer=cus_1",
            "PI_1",
            "pi_é",
            "pm_1",
            "pi_1%2F",
            &format!("{long}a"),
        ] {
            assert!(StripeId::parse(StripeKind::PaymentIntent, bad).is_none(), "{bad}");
        }
        for bad in ["", "pm_", "pm_../x", "pm_a b", "pm_a?expand=x", "card_123", "PM_123", "pm_é"] {
            assert!(StripeId::parse(StripeKind::PaymentMethod, bad).is_none(), "{bad}");
        }
        assert!(StripeId::parse(StripeKind::SetupIntent, "seti_1_secret_2").is_none());
    }

    #[test]
    fn each_pattern_is_the_prefix_then_letters_and_digits() {
        for kind in StripeKind::ALL {
            assert_eq!(kind.pattern(), format!("^{}[A-Za-z0-9]+$", kind.prefix()));
        }
    }
}
