//! The account setup form (docs/product-rules.md, Account form), checked again on the server with the same
//! messages the page shows, one per field.

use std::collections::BTreeMap;

use aggregates::customer::Customer;
use aggregates::text::{is_pattern_space, trim_blanks};
use serde::Deserialize;

use crate::app::password_rules;

/// The form as the page sends it (`customerInfo`). Missing fields read as empty. The schema
/// states the checks of [`CustomerInfo::check`] (a test holds them to its limits); texts are
/// trimmed first, and `confirmPassword`, when sent, must equal `password`.
#[derive(Debug, Clone, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", default)]
pub struct CustomerInfo {
    /// An e-mail address (at most 200 characters).
    #[schema(
        required = true,
        max_length = 200,
        pattern = r"^[ \t\n\r]*[^@\s\x00\x85\x1c-\x1f]+@[^@\s.\x00\x85\x1c-\x1f][^@\s\x00\x85\x1c-\x1f]*\.[^@\s\x00\x85\x1c-\x1f]*[^@\s.\x00\x85\x1c-\x1f][ \t\n\r]*$"
    )]
    pub email: String,
    /// 12 to 256 characters (none with Google sign-in); a new account's password must also not
    /// be on the list of passwords from breaches nor easy to guess (zxcvbn, which no schema can
    /// state: api/src/app/password_rules.rs).
    #[schema(required = true, min_length = 12, max_length = 256)]
    pub password: String,
    /// The password again: equal to `password`.
    pub confirm_password: Option<String>,
    #[schema(required = true, max_length = 200, pattern = r"^[^\x00]*([^\s\x00\x85]|[\x1c-\x1f])[^\x00]*$")]
    pub first_name: String,
    #[schema(required = true, max_length = 200, pattern = r"^[^\x00]*([^\s\x00\x85]|[\x1c-\x1f])[^\x00]*$")]
    pub last_name: String,
    #[schema(required = true, max_length = 200, pattern = r"^[^\x00]*([^\s\x00\x85]|[\x1c-\x1f])[^\x00]*$")]
    pub company_name: String,
    /// An optional leading +, then 10 to 40 digits, spaces, hyphens or brackets.
    #[schema(
        required = true,
        pattern = r"^[ \t\n\r]*(\+[0-9 ()-]{9,38}[0-9()-]|[0-9()-][0-9 ()-]{8,38}[0-9()-])[ \t\n\r]*$"
    )]
    pub phone: String,
    /// A UK postcode, like SW1A 1AA.
    #[schema(
        required = true,
        pattern = r"^[ \t\n\r]*[A-Za-z]([0-9]|[0-9][0-9]|[A-Za-z][0-9]|[A-Za-z][0-9][0-9]|[0-9][A-Za-z]|[A-Za-z][0-9][A-Za-z]) ?[0-9][A-Za-z]{2}[ \t\n\r]*$"
    )]
    pub postcode: String,
    /// Not read (the address is in the lines below).
    pub address: String,
    #[schema(required = true, max_length = 200, pattern = r"^[^\x00]*([^\s\x00\x85]|[\x1c-\x1f])[^\x00]*$")]
    pub address_line1: String,
    #[schema(max_length = 200)]
    pub address_line2: String,
    #[schema(required = true, max_length = 200, pattern = r"^[^\x00]*([^\s\x00\x85]|[\x1c-\x1f])[^\x00]*$")]
    pub city: String,
    /// Not read: the shop serves the United Kingdom.
    pub country: String,
    pub is_google_sign_in: bool,
    pub google_credential: Option<String>,
}

pub type FieldErrors = BTreeMap<&'static str, &'static str>;

/// 422 with one message per field, under the form's banner.
pub fn field_errors(errors: FieldErrors) -> crate::platform::error::ApiError {
    let mut extra = serde_json::Map::new();
    extra.insert("fieldErrors".into(), serde_json::json!(errors));
    crate::platform::error::ApiError::refused(&crate::platform::refusals::INVALID_FIELDS_OF_FORM).with_extra(extra)
}

const MAX_FIELD: usize = 200;

pub fn is_email(text: &str) -> bool {
    let Some((local, domain)) = text.split_once('@') else { return false };
    !local.is_empty()
        && !domain.contains('@')
        && domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !text.chars().any(is_pattern_space)
}

/// An optional leading plus, then at least 10 digits, spaces, hyphens or brackets.
pub fn is_phone(text: &str) -> bool {
    let rest = text.strip_prefix('+').unwrap_or(text);
    rest.chars().count() >= 10 && rest.chars().all(|c| c.is_ascii_digit() || matches!(c, ' ' | '-' | '(' | ')'))
}

/// A UK postcode: the one rule of the shop (aggregates::customer::uk_postcode).
pub fn is_uk_postcode(text: &str) -> bool {
    aggregates::customer::uk_postcode(text).is_some()
}

impl CustomerInfo {
    fn trimmed(&self) -> CustomerInfo {
        CustomerInfo {
            email: trim_blanks(&self.email).to_lowercase(),
            first_name: self.first_name.trim().into(),
            last_name: self.last_name.trim().into(),
            company_name: self.company_name.trim().into(),
            phone: trim_blanks(&self.phone).into(),
            postcode: trim_blanks(&self.postcode).to_uppercase(),
            address_line1: self.address_line1.trim().into(),
            address_line2: self.address_line2.trim().into(),
            city: self.city.trim().into(),
            ..self.clone()
        }
    }

    /// The customer the order records, or every field's message. `with_password`: the
    /// password rules apply (not for Google sign-in).
    pub fn check(&self, with_password: bool) -> Result<Customer, FieldErrors> {
        let f = self.trimmed();
        let mut errors = FieldErrors::new();
        if f.email.is_empty() {
            errors.insert("email", "Email is required");
        } else if !is_email(&f.email) || self.email.chars().count() > MAX_FIELD {
            errors.insert("email", "Please enter a valid email address");
        }
        if with_password && !self.is_google_sign_in {
            // The length here, in the form's own check; whether a new account's password is
            // common or easy to guess once it is known there is no account
            // (crate::app::accounts::prove_owner).
            let count = self.password.chars().count();
            if self.password.is_empty() {
                errors.insert("password", password_rules::REQUIRED);
            } else if count < password_rules::MIN_LENGTH {
                errors.insert("password", password_rules::TOO_SHORT);
            } else if count > password_rules::MAX_LENGTH {
                errors.insert("password", password_rules::TOO_LONG);
            }
            if self.confirm_password.as_ref().is_some_and(|c| *c != self.password) {
                errors.insert("confirmPassword", "Passwords do not match");
            }
        }
        // Lengths are of the values as sent, as the document's maxLength is.
        let required = [
            ("companyName", &f.company_name, &self.company_name, "Company name is required"),
            ("firstName", &f.first_name, &self.first_name, "First name is required"),
            ("lastName", &f.last_name, &self.last_name, "Last name is required"),
            ("addressLine1", &f.address_line1, &self.address_line1, "Address line 1 is required"),
            ("city", &f.city, &self.city, "City is required"),
        ];
        for (field, value, sent, message) in required {
            if value.is_empty() {
                errors.insert(field, message);
            } else if sent.chars().count() > MAX_FIELD {
                errors.insert(field, "This is too long");
            }
        }
        if self.address_line2.chars().count() > MAX_FIELD {
            errors.insert("addressLine2", "This is too long");
        }
        if f.phone.is_empty() {
            errors.insert("phone", "Phone number is required");
        } else if !is_phone(&f.phone) || f.phone.len() > 40 {
            errors.insert("phone", "Please enter a valid phone number");
        }
        if f.postcode.is_empty() {
            errors.insert("postcode", "Postcode is required");
        } else if !is_uk_postcode(&f.postcode) {
            errors.insert("postcode", "Please enter a valid UK postcode (e.g., SW1A 1AA)");
        }
        if !errors.is_empty() {
            return Err(errors);
        }
        Ok(Customer {
            email: f.email,
            first_name: f.first_name,
            last_name: f.last_name,
            company_name: f.company_name,
            phone: f.phone,
            address_line1: f.address_line1,
            address_line2: f.address_line2,
            city: f.city,
            postcode: f.postcode,
            country: "United Kingdom".into(),
            google_sign_in: self.is_google_sign_in,
            // Set from the verified Google token, never from the form.
            google_subject: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn valid() -> CustomerInfo {
        CustomerInfo {
            email: " Jane@Example.com ".into(),
            password: "correct horse".into(),
            confirm_password: Some("correct horse".into()),
            first_name: "Jane".into(),
            last_name: "Doe".into(),
            company_name: "Doe Ltd".into(),
            phone: "+44 (0)20 7946 0000".into(),
            postcode: "sw1a 1aa".into(),
            address_line1: "1 Test Street".into(),
            city: "London".into(),
            ..CustomerInfo::default()
        }
    }

    #[test]
    fn a_complete_form_becomes_the_customer() {
        let customer = valid().check(true).unwrap();
        assert_eq!(customer.email, "jane@example.com");
        assert_eq!(customer.postcode, "SW1A 1AA");
        assert_eq!(customer.country, "United Kingdom");
    }

    #[test]
    fn every_field_has_its_message() {
        let errors = CustomerInfo::default().check(true).unwrap_err();
        assert_eq!(errors["email"], "Email is required");
        assert_eq!(errors["password"], "Password is required");
        assert_eq!(errors["companyName"], "Company name is required");
        assert_eq!(errors["firstName"], "First name is required");
        assert_eq!(errors["lastName"], "Last name is required");
        assert_eq!(errors["phone"], "Phone number is required");
        assert_eq!(errors["postcode"], "Postcode is required");
        assert_eq!(errors["addressLine1"], "Address line 1 is required");
        assert_eq!(errors["city"], "City is required");
        let bad = CustomerInfo {
            email: "jane@".into(),
            password: "short".into(),
            confirm_password: Some("other".into()),
            phone: "12345".into(),
            postcode: "12345".into(),
            ..valid()
        };
        let errors = bad.check(true).unwrap_err();
        assert_eq!(errors["email"], "Please enter a valid email address");
        assert_eq!(errors["password"], "Password must be at least 12 characters");
        assert_eq!(errors["confirmPassword"], "Passwords do not match");
        assert_eq!(errors["phone"], "Please enter a valid phone number");
        assert_eq!(errors["postcode"], "Please enter a valid UK postcode (e.g., SW1A 1AA)");
    }

    #[test]
    fn google_sign_in_needs_no_password() {
        let form = CustomerInfo { password: String::new(), confirm_password: None, is_google_sign_in: true, ..valid() };
        assert!(form.check(true).is_ok());
    }

    /// The OpenAPI schema states the limits `check` applies.
    #[test]
    fn the_schema_states_the_checks_limits() {
        use utoipa::PartialSchema;
        let schema = serde_json::to_value(CustomerInfo::schema()).unwrap();
        let properties = &schema["properties"];
        for field in ["email", "firstName", "lastName", "companyName", "addressLine1", "addressLine2", "city"] {
            assert_eq!(properties[field]["maxLength"], MAX_FIELD, "{field}");
        }
        assert_eq!(properties["password"]["minLength"], password_rules::MIN_LENGTH);
        assert_eq!(properties["password"]["maxLength"], password_rules::MAX_LENGTH);
        let required: Vec<&str> = schema["required"].as_array().unwrap().iter().filter_map(|v| v.as_str()).collect();
        let errors = CustomerInfo::default().check(true).unwrap_err();
        for field in errors.keys() {
            assert!(required.contains(field), "{field} is required by check but not by the schema");
        }
    }

    /// The document's maxLength is of the value as sent, spaces around it included.
    #[test]
    fn lengths_are_of_what_was_sent() {
        let long = CustomerInfo { city: format!("  {}", "L".repeat(MAX_FIELD - 1)), ..valid() };
        assert_eq!(long.check(true).unwrap_err()["city"], "This is too long");
        let fits = CustomerInfo { city: format!(" {}", "L".repeat(MAX_FIELD - 1)), ..valid() };
        assert!(fits.check(true).is_ok());
    }

    /// Around the e-mail address, phone number and postcode the document allows space, tab,
    /// CR and LF only; the server trims those and refuses the rest, as the document does.
    #[test]
    fn only_the_whitespace_the_document_allows_is_trimmed() {
        for odd in ['\u{85}', '\u{a0}', '\u{2003}', '\u{b}', '\u{1c}'] {
            let form = CustomerInfo {
                email: format!("jane@example.com{odd}"),
                phone: format!("{odd}020 7946 0000"),
                postcode: format!("SW1A 1AA{odd}"),
                ..valid()
            };
            let errors = form.check(true).unwrap_err();
            assert_eq!(errors.keys().copied().collect::<Vec<_>>(), ["email", "phone", "postcode"], "{odd:?}");
        }
        let blanks = CustomerInfo {
            email: "\tjane@example.com\n".into(),
            phone: "\r\n020 7946 0000 ".into(),
            postcode: " sw1a 1aa\t".into(),
            ..valid()
        };
        let customer = blanks.check(true).unwrap();
        assert_eq!(
            (customer.email.as_str(), customer.phone.as_str(), customer.postcode.as_str()),
            ("jane@example.com", "020 7946 0000", "SW1A 1AA")
        );
    }

    #[test]
    fn uk_postcodes() {
        for good in ["SW1A 1AA", "M1 1AE", "B33 8TH", "CR2 6XH", "DN55 1PT", "ID1 1QD", "ec1a1bb"] {
            assert!(is_uk_postcode(good), "{good}");
        }
        for bad in ["", "SW1A", "1AA SW1", "SW1A 1A1", "ABC1 1AA", "SW1A  1AA", "SW1AA 1AA"] {
            assert!(!is_uk_postcode(bad), "{bad}");
        }
    }
}
