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
