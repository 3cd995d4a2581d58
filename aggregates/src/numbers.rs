//! The UK number plan as we use it: which national prefix is a geographic, mobile,
//! freephone or national (non-geographic) number. The cart checks numbers to port in with
//! it and the stock import checks operators' files with it; before it existed the two
//! kept their own lists and disagreed on 0845 and 0870 (the cart took them as national,
//! the import refused them).

use crate::pricing::NumberType;

/// Freephone: free to call from landlines and mobiles.
pub const UK_FREEPHONE_PREFIXES: [&str; 2] = ["0800", "0808"];
/// Non-geographic numbers charged as national calls: all of 03, and the 084 and 087
/// ranges in use (0843, 0844, 0845, 0870 to 0873).
pub const UK_NATIONAL_PREFIXES: [&str; 8] = ["03", "0843", "0844", "0845", "0870", "0871", "0872", "0873"];

/// The type of a UK number in national form (`0` then the digits), or `None` for a range
/// we neither sell nor port in (premium 09, personal and corporate 05, anything unknown).
pub fn uk_number_type(national: &str) -> Option<NumberType> {
    let starts = |prefixes: &[&str]| prefixes.iter().any(|p| national.starts_with(p));
    if starts(&["01", "02"]) {
        Some(NumberType::Geographic)
    } else if starts(&["07"]) {
        Some(NumberType::Mobile)
    } else if starts(&UK_FREEPHONE_PREFIXES) {
        Some(NumberType::Freephone)
    } else if starts(&UK_NATIONAL_PREFIXES) {
        Some(NumberType::National)
    } else {
        None
    }
}

/// A number as E.164 digits without the `+` (`442079460123`), the form the stock keeps and
/// a carrier's trunk dials: a stock value stays as it is, a UK number in national form (a
/// transfer's, `02079460123`) gets its country code, `+` or `00` goes. None when what is
/// left is not 6 to 15 digits starting 1 to 9.
pub fn e164_digits(value: &str) -> Option<String> {
    let value: String = value.chars().filter(|c| !matches!(c, ' ' | '-')).collect();
    let digits = if let Some(international) = value.strip_prefix('+').or_else(|| value.strip_prefix("00")) {
        international.to_string()
    } else if let Some(national) = value.strip_prefix('0') {
        format!("44{national}")
    } else {
        value
    };
    let valid =
        (6..=15).contains(&digits.len()) && digits.bytes().all(|b| b.is_ascii_digit()) && !digits.starts_with('0');
    valid.then_some(digits)
}

#[cfg(test)]
mod tests {
    use super::*;
    use NumberType::*;

    #[test]
    fn every_uk_prefix_has_its_type() {
        for (national, expected) in [
            ("01614960000", Some(Geographic)),
            ("01632960000", Some(Geographic)),
            ("02079460123", Some(Geographic)),
            ("02890180000", Some(Geographic)),
            ("07700900123", Some(Mobile)),
            ("07911123456", Some(Mobile)),
            ("08001234567", Some(Freephone)),
            ("08081570000", Some(Freephone)),
            ("03069990000", Some(National)),
            ("03301234567", Some(National)),
            ("08431234567", Some(National)),
            ("08441234567", Some(National)),
            ("08451234567", Some(National)),
            ("08701234567", Some(National)),
            ("08711234567", Some(National)),
            ("08721234567", Some(National)),
            ("08731234567", Some(National)),
            // Not a range we sell or port in.
            ("08421234567", None),
            ("08741234567", None),
            ("08991234567", None),
            ("09098790000", None),
            ("05001234567", None),
            ("05612345678", None),
            ("00441614960000", None),
            ("1614960000", None),
            ("", None),
        ] {
            assert_eq!(uk_number_type(national), expected, "{national}");
        }
    }

    #[test]
    fn numbers_in_any_of_our_forms_become_e164_digits() {
        for (value, expected) in [
            ("442079460123", Some("442079460123")),
            ("+442079460123", Some("442079460123")),
            ("00442079460123", Some("442079460123")),
            ("02079460123", Some("442079460123")),
            ("07700 900123", Some("447700900123")),
            ("353123456789", Some("353123456789")),
            ("+", None),
            ("0", None),
            ("12345", None),
            ("1234567890123456", None),
            ("44207946012x", None),
            ("", None),
        ] {
            assert_eq!(e164_digits(value).as_deref(), expected, "{value}");
        }
    }
}
