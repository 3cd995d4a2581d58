//! Who an order or a trial is for, and the extensions an account gets: shared by the
//! ServiceOrder and Trial aggregates (and their views).

use serde::{Deserialize, Serialize};

/// Who the order is for, as typed in account setup (no password: that never enters an event).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Customer {
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub company_name: String,
    pub phone: String,
    pub address_line1: String,
    pub address_line2: String,
    pub city: String,
    pub postcode: String,
    pub country: String,
    pub google_sign_in: bool,
    /// The Google account (`sub` of its verified ID token) of a Google sign-in: an
    /// identifier, not a secret. Absent from events stored before it was recorded.
    #[serde(default)]
    pub google_subject: Option<String>,
}

/// An extension as events keep it: its number and SIP username, never its password.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Extension {
    pub number: String,
    pub username: String,
}

/// A UK postcode in its standard form (`SW1A 1AA`), or None. Accepts lower case and no
/// space; the outward code is A9, A99, AA9, AA99, A9A or AA9A (A a letter, 9 a digit), then
/// at most one space, then the inward code 9AA.
pub fn uk_postcode(text: &str) -> Option<String> {
    let text = crate::text::trim_blanks(text).to_ascii_uppercase();
    if !text.is_ascii() {
        return None;
    }
    let (outward, inward) = match text.split_once(' ') {
        Some(parts) => parts,
        None if text.len() > 3 => text.split_at(text.len() - 3),
        None => return None,
    };
    // Each character as its class; anything else (a second space, a dash) matches no shape.
    let shape = |part: &str| -> String {
        part.chars()
            .map(|c| match c {
                'A'..='Z' => 'A',
                '0'..='9' => '9',
                _ => '?',
            })
            .collect()
    };
    let outward_ok = matches!(shape(outward).as_str(), "A9" | "A99" | "AA9" | "AA99" | "A9A" | "AA9A");
    (outward_ok && shape(inward) == "9AA").then(|| format!("{outward} {inward}"))
}

/// The mailbox an e-mail address delivers to, for "one free trial per mailbox": lower case,
/// without a `+tag` on the local part, and for Gmail (gmail.com, googlemail.com, which
/// ignore dots) without its dots. `Jane.Doe+trial2@GoogleMail.com` is `janedoe@gmail.com`.
/// The database's `mailbox_of` (migrations/*_trial_mailbox.sql) applies the same rule to
/// stored addresses; api/tests/api/trial.rs holds the two equal.
pub fn mailbox(email: &str) -> String {
    let email = email.trim().to_lowercase();
    let Some((local, domain)) = email.rsplit_once('@') else { return email };
    let local = local.split('+').next().unwrap_or_default();
    match domain {
        "gmail.com" | "googlemail.com" => format!("{}@gmail.com", local.replace('.', "")),
        _ => format!("{local}@{domain}"),
    }
}

#[cfg(test)]
mod mailbox_tests {
    use super::mailbox;

    #[test]
    fn tags_case_and_gmail_dots_are_one_mailbox() {
        assert_eq!(mailbox("Jane.Doe+trial2@GoogleMail.com"), "janedoe@gmail.com");
        assert_eq!(mailbox("j.a.n.e.doe@gmail.com"), "janedoe@gmail.com");
        assert_eq!(mailbox("Sales+x@Example.co.uk"), "sales@example.co.uk");
        // Dots matter elsewhere.
        assert_eq!(mailbox("jane.doe@example.com"), "jane.doe@example.com");
    }
}
