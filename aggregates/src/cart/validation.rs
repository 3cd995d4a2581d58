use super::contents::{CartItem, PhoneNumberEntry};
use super::errors::CartError;
use crate::numbers::uk_number_type;
use crate::pricing::{NumberType, Pence, Plan, MAX_QUANTITY, TOP_UP_MINIMUM};

/// At most this many phone numbers in one cart.
pub const MAX_NUMBERS: usize = 50;
/// At most this many of them from our stock (each reserved while the cart holds it), so
/// one visitor cannot hold the stock away from everyone else.
pub const MAX_HELD_NUMBERS: usize = 10;
/// The largest one-time top-up taken online.
pub const MAX_TOP_UP: Pence = Pence::pounds(5000);
const MAX_TEXT: usize = 64;

pub(super) fn quantity(quantity: u32) -> Result<u32, CartError> {
    if (1..=MAX_QUANTITY).contains(&quantity) {
        Ok(quantity)
    } else {
        Err(CartError::InvalidQuantity { max: MAX_QUANTITY })
    }
}

pub fn package_quantity(plan: Plan, value: u32) -> Result<u32, CartError> {
    let value = quantity(value)?;
    if value < plan.min_users() {
        return Err(CartError::BelowPlanMinimum { plan, min: plan.min_users() });
    }
    Ok(value)
}

pub(super) fn line_quantity(item: &CartItem, value: u32) -> Result<u32, CartError> {
    match item {
        CartItem::Package { plan, .. } => package_quantity(*plan, value),
        CartItem::Hardware { .. } => quantity(value),
    }
}

pub(super) fn top_up(amount: Pence) -> Result<Pence, CartError> {
    if amount < TOP_UP_MINIMUM {
        Err(CartError::TopUpBelowMinimum)
    } else if amount > MAX_TOP_UP {
        Err(CartError::TopUpAboveMaximum)
    } else if !amount.is_whole_pounds() {
        Err(CartError::TopUpNotWholePounds)
    } else {
        Ok(amount)
    }
}

/// Strips the spaces, hyphens and brackets people type in numbers.
pub(super) fn normalise_number_value(value: &str) -> String {
    value.chars().filter(|c| !matches!(c, ' ' | '-' | '(' | ')' | '.')).collect()
}

fn text(field: &str, value: Option<String>) -> Result<Option<String>, CartError> {
    let value = value.map(|v| v.trim().to_string()).filter(|v| !v.is_empty());
    match value {
        Some(v) if v.chars().count() > MAX_TEXT || v.chars().any(char::is_control) => {
            Err(CartError::InvalidPhoneNumber(format!("The {field} of a phone number is too long or not text.")))
        }
        other => Ok(other),
    }
}

/// The message for a number that cannot be transferred in online.
pub const NOT_PORTABLE: &str = "Only UK numbers starting 01, 02, 03, 07, 0800, 0808, 0845 or 0870 can be transferred.";

/// A UK number to port in: national form (0...), 10 or 11 digits, of a type of the UK
/// number plan (mobiles with their PAC code).
fn portable_uk_number(value: &str) -> Option<(String, NumberType)> {
    let digits = value.strip_prefix('+').unwrap_or(value);
    if !digits.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let national = if let Some(rest) = digits.strip_prefix("0044") {
        format!("0{rest}")
    } else if let (Some(rest), true) = (digits.strip_prefix("44"), digits.len() >= 12) {
        format!("0{rest}")
    } else {
        digits.to_string()
    };
    if !(10..=11).contains(&national.len()) {
        return None;
    }
    let kind = uk_number_type(&national)?;
    Some((national, kind))
}

/// A number written in international form (`+` or `00`) with a country code other than 44:
/// transferred on a quote, not online.
pub fn is_foreign_number(value: &str) -> bool {
    let international = value.strip_prefix('+').or_else(|| value.strip_prefix("00"));
    international.is_some_and(|rest| !rest.is_empty() && !rest.starts_with("44"))
}

/// A PAC code as Ofcom's scheme issues it: 3 letters then 6 digits. Spaces and hyphens are
/// dropped and the letters upper-cased; None when it is not one.
pub fn pac_code(typed: &str) -> Option<String> {
    let pac: String = typed.chars().filter(|c| !matches!(c, ' ' | '-')).collect::<String>().to_ascii_uppercase();
    let bytes = pac.as_bytes();
    let valid =
        bytes.len() == 9 && bytes[..3].iter().all(u8::is_ascii_uppercase) && bytes[3..].iter().all(u8::is_ascii_digit);
    valid.then_some(pac)
}

/// Checks and normalises a number entry: a real number has an optional `+` and 4 to 15
/// digits; a placeholder (an area code provisioned after payment) has a short code. A number
/// transferred in is a UK one (a mobile with its PAC code); only such a mobile has a PAC.
pub(super) fn phone_number(entry: PhoneNumberEntry) -> Result<PhoneNumberEntry, CartError> {
    let value =
        if entry.is_placeholder { entry.value.trim().to_string() } else { normalise_number_value(entry.value.trim()) };
    let digits = value.strip_prefix('+').unwrap_or(&value);
    let valid = if entry.is_placeholder {
        (1..=24).contains(&value.len()) && value.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    } else {
        (4..=15).contains(&digits.len()) && digits.chars().all(|c| c.is_ascii_digit())
    };
    if !valid {
        return Err(CartError::InvalidPhoneNumber(
            "Please enter a phone number of 4 to 15 digits (an optional + first).".to_string(),
        ));
    }
    let typed_pac = entry.pac.as_deref().map(str::trim).filter(|p| !p.is_empty());
    let (value, number_type, country, pac) = if entry.is_transfer && !entry.is_placeholder {
        if is_foreign_number(&value) {
            return Err(CartError::InternationalTransfer);
        }
        let (national, kind) =
            portable_uk_number(&value).ok_or_else(|| CartError::InvalidPhoneNumber(NOT_PORTABLE.to_string()))?;
        let pac = match (kind, typed_pac) {
            (NumberType::Mobile, None) => return Err(CartError::PacRequired),
            (NumberType::Mobile, Some(typed)) => Some(pac_code(typed).ok_or(CartError::InvalidPac)?),
            (_, Some(_)) => return Err(CartError::PacNotForThisNumber),
            (_, None) => None,
        };
        (national, Some(kind.as_str().to_string()), Some("GB".to_string()), pac)
    } else {
        if typed_pac.is_some() {
            return Err(CartError::PacNotForThisNumber);
        }
        (value, entry.number_type, entry.country, None)
    };
    Ok(PhoneNumberEntry {
        value,
        display_value: text("display value", entry.display_value)?,
        provider: text("provider", entry.provider)?,
        is_transfer: entry.is_transfer,
        is_placeholder: entry.is_placeholder,
        area_code: text("area code", entry.area_code)?,
        number_type: text("number type", number_type)?,
        country: text("country", country)?,
        pac,
    })
}

pub(super) fn phone_numbers(entries: Vec<PhoneNumberEntry>) -> Result<Vec<PhoneNumberEntry>, CartError> {
    let mut numbers: Vec<PhoneNumberEntry> = Vec::with_capacity(entries.len());
    for entry in entries {
        let entry = phone_number(entry)?;
        if !numbers.iter().any(|n| n.value == entry.value) {
            numbers.push(entry);
        }
    }
    if numbers.len() > MAX_NUMBERS {
        return Err(CartError::TooManyNumbers { max: MAX_NUMBERS });
    }
    if numbers.iter().filter(|n| n.holds_stock()).count() > MAX_HELD_NUMBERS {
        return Err(CartError::TooManyHeldNumbers { max: MAX_HELD_NUMBERS });
    }
    Ok(numbers)
}
