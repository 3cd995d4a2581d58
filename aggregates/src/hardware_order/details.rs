//! Who a hardware order is for and where it goes, and the checks the checkout form shows
//! next to its fields (the same messages as the browser's, so a bypassed browser still
//! gets a readable answer).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

pub use crate::customer::uk_postcode;
use crate::text::{is_pattern_space, trim_blanks};

/// Field (as the form names it) -> message.
pub type FieldErrors = BTreeMap<&'static str, &'static str>;

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HardwareCustomer {
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub phone: String,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ShippingAddress {
    pub line1: String,
    /// May be empty.
    pub line2: String,
    pub city: String,
    pub postal_code: String,
    /// `GB` or `IE`.
    pub country: String,
}

impl HardwareCustomer {
    /// Trimmed, as the order keeps it.
    pub fn normalised(&self) -> HardwareCustomer {
        HardwareCustomer {
            email: trim_blanks(&self.email).to_string(),
            first_name: self.first_name.trim().to_string(),
            last_name: self.last_name.trim().to_string(),
            phone: self.phone.trim().to_string(),
        }
    }
}

impl ShippingAddress {
    fn country_code(&self) -> String {
        trim_blanks(&self.country).to_ascii_uppercase()
    }

    /// Trimmed, the country and postcode upper-cased, a UK postcode in its standard form
    /// with one space (`sw1a1aa` -> `SW1A 1AA`), as labels and carriers expect it.
    pub fn normalised(&self) -> ShippingAddress {
        let country = self.country_code();
        let postal_code = match uk_postcode(&self.postal_code) {
            Some(standard) if country == "GB" => standard,
            _ => self.postal_code.trim().to_ascii_uppercase(),
        };
        ShippingAddress {
            line1: self.line1.trim().to_string(),
            line2: self.line2.trim().to_string(),
            city: self.city.trim().to_string(),
            postal_code,
            country,
        }
    }
}

/// The form's checks; whitespace alone counts as missing. All problems at once, so the
/// form can mark every field in one go.
pub fn check_details(customer: &HardwareCustomer, address: &ShippingAddress) -> Result<(), FieldErrors> {
    let mut errors = FieldErrors::new();
    let missing = |text: &str| text.trim().is_empty();
    if missing(&customer.email) {
        errors.insert("email", "Email is required");
    } else if !is_email(trim_blanks(&customer.email)) {
        errors.insert("email", "Email is invalid");
    }
    if missing(&customer.first_name) {
        errors.insert("firstName", "First name is required");
    }
    if missing(&customer.last_name) {
        errors.insert("lastName", "Last name is required");
    }
    if missing(&customer.phone) {
        errors.insert("phone", "Phone number is required");
    }
    if missing(&address.line1) {
        errors.insert("line1", "Address line 1 is required");
    }
    if missing(&address.city) {
        errors.insert("city", "City is required");
    }
    let country = address.country_code();
    if missing(&address.postal_code) {
        errors.insert("postalCode", "Postal code is required");
    } else if country == "GB" && uk_postcode(&address.postal_code).is_none() {
        errors.insert("postalCode", "Please enter a valid UK postal code");
    }
    if country != "GB" && country != "IE" {
        errors.insert("country", "Please choose United Kingdom or Ireland.");
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// `something@something.something` without spaces (the browser's check, not RFC 5322: the
/// confirmation e-mail is the real test).
fn is_email(text: &str) -> bool {
    let Some((local, domain)) = text.split_once('@') else { return false };
    let dot_inside = domain.char_indices().any(|(i, c)| c == '.' && i > 0 && i + 1 < domain.len());
    !local.is_empty() && !domain.contains('@') && dot_inside && !text.chars().any(is_pattern_space)
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    /// A valid buyer and address (shared with the aggregate's tests).
    pub(in crate::hardware_order) fn customer() -> HardwareCustomer {
        HardwareCustomer {
            email: "jane@example.com".into(),
            first_name: "Jane".into(),
            last_name: "Doe".into(),
            phone: "07700 900123".into(),
        }
    }

    pub(in crate::hardware_order) fn address() -> ShippingAddress {
        ShippingAddress {
            line1: "1 High Street".into(),
            line2: String::new(),
            city: "London".into(),
            postal_code: "SW1A 1AA".into(),
            country: "GB".into(),
        }
    }

    fn errors_of(customer: HardwareCustomer, address: ShippingAddress) -> Vec<(&'static str, &'static str)> {
        check_details(&customer, &address).err().unwrap_or_default().into_iter().collect()
    }

    #[test]
    fn complete_details_pass() {
        assert_eq!(check_details(&customer(), &address()), Ok(()));
        let irish = ShippingAddress { postal_code: "D02 X285".into(), country: "IE".into(), ..address() };
        assert_eq!(check_details(&customer(), &irish), Ok(()));
    }

    #[test]
    fn every_missing_field_has_its_message_and_whitespace_is_missing() {
        let blank = "  ".to_string();
        let customer = HardwareCustomer {
            email: blank.clone(),
            first_name: blank.clone(),
            last_name: "".into(),
            phone: blank.clone(),
        };
        let address = ShippingAddress {
            line1: blank.clone(),
            line2: String::new(),
            city: blank.clone(),
            postal_code: blank.clone(),
            country: blank,
        };
        assert_eq!(
            errors_of(customer, address),
            [
                ("city", "City is required"),
                ("country", "Please choose United Kingdom or Ireland."),
                ("email", "Email is required"),
                ("firstName", "First name is required"),
                ("lastName", "Last name is required"),
                ("line1", "Address line 1 is required"),
                ("phone", "Phone number is required"),
                ("postalCode", "Postal code is required"),
            ]
        );
    }

    /// The document allows only space, tab, CR and LF around the e-mail address and the
    /// country, and no separator (U+001C to U+001F) in the address: anything else is refused,
    /// as the document says.
    #[test]
    fn only_the_whitespace_the_document_allows_is_trimmed() {
        for odd in ['\u{85}', '\u{a0}', '\u{2003}', '\u{b}', '\u{1c}'] {
            let email = HardwareCustomer { email: format!("jane@example.com{odd}"), ..customer() };
            assert_eq!(errors_of(email, address()), [("email", "Email is invalid")], "{odd:?}");
            let country = ShippingAddress { country: format!("GB{odd}"), ..address() };
            assert_eq!(
                errors_of(customer(), country),
                [("country", "Please choose United Kingdom or Ireland.")],
                "{odd:?}"
            );
        }
        let blanks = HardwareCustomer { email: " \tjane@example.com\r\n".into(), ..customer() };
        let country = ShippingAddress { country: "\n gb \t".into(), ..address() };
        assert_eq!(check_details(&blanks, &country), Ok(()));
        assert_eq!((blanks.normalised().email, country.normalised().country), ("jane@example.com".into(), "GB".into()));
    }

    #[test]
    fn an_invalid_email_is_named() {
        for email in
            ["jane", "jane@example", "@example.com", "jane@.com", "jane@example.", "ja ne@example.com", "a@b@c.com"]
        {
            let customer = HardwareCustomer { email: email.into(), ..customer() };
            assert_eq!(errors_of(customer, address()), [("email", "Email is invalid")], "{email}");
        }
        let padded = HardwareCustomer { email: " jane@example.co.uk ".into(), ..customer() };
        assert_eq!(check_details(&padded, &address()), Ok(()));
    }

    #[test]
    fn uk_postcodes_of_every_shape_pass_and_others_do_not() {
        for (text, standard) in [
            ("SW1A 1AA", "SW1A 1AA"),
            ("M1 1AE", "M1 1AE"),
            ("EH1 1YZ", "EH1 1YZ"),
            ("ID1 1QD", "ID1 1QD"),
            ("B33 8TH", "B33 8TH"),
            ("CR2 6XH", "CR2 6XH"),
            ("DN55 1PT", "DN55 1PT"),
            ("W1A 0AX", "W1A 0AX"),
            ("sw1a1aa", "SW1A 1AA"),
            (" m1 1ae ", "M1 1AE"),
        ] {
            assert_eq!(uk_postcode(text).as_deref(), Some(standard), "{text}");
        }
        for text in ["", "SW1A", "SW1A  1AA", "SW1A-1AA", "1AA 1AA", "SW1AA 1AA", "SW1A 1A1", "SW1A 11A", "ŚW1A 1AA"] {
            assert_eq!(uk_postcode(text), None, "{text}");
        }
    }

    #[test]
    fn a_uk_address_needs_a_uk_postcode_but_an_irish_one_does_not() {
        let bad = ShippingAddress { postal_code: "12345".into(), ..address() };
        assert_eq!(errors_of(customer(), bad.clone()), [("postalCode", "Please enter a valid UK postal code")]);
        let irish = ShippingAddress { country: "IE".into(), ..bad };
        assert_eq!(check_details(&customer(), &irish), Ok(()));
    }

    #[test]
    fn only_the_uk_and_ireland_are_shipped_to() {
        let french = ShippingAddress { postal_code: "75001".into(), country: "FR".into(), ..address() };
        assert_eq!(errors_of(customer(), french), [("country", "Please choose United Kingdom or Ireland.")]);
    }

    #[test]
    fn normalised_trims_and_standardises_the_postcode() {
        let address = ShippingAddress {
            line1: " 1 High Street ".into(),
            line2: "  ".into(),
            city: "London ".into(),
            postal_code: "sw1a1aa".into(),
            country: "gb".into(),
        };
        assert_eq!(
            address.normalised(),
            ShippingAddress {
                line1: "1 High Street".into(),
                line2: String::new(),
                city: "London".into(),
                postal_code: "SW1A 1AA".into(),
                country: "GB".into(),
            }
        );
        let irish = ShippingAddress { postal_code: " d02 x285 ".into(), country: "IE".into(), ..address };
        assert_eq!(irish.normalised().postal_code, "D02 X285");
        let padded = HardwareCustomer { first_name: " Jane ".into(), ..customer() };
        assert_eq!(padded.normalised(), customer());
    }

    #[test]
    fn the_wire_names_are_camel_case() {
        let json = serde_json::to_value(address()).unwrap();
        assert_eq!(json["postalCode"], "SW1A 1AA");
        assert_eq!(json["line1"], "1 High Street");
        assert_eq!(serde_json::to_value(customer()).unwrap()["firstName"], "Jane");
    }
}
