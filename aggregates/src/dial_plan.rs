//! The dial plan: what kind of number a call out is to, and whether, and at what rate, each
//! tariff may call it (docs/fraud.md). One table decides, here: `voip-shop migrate` writes it
//! into the database (`dial_prefixes`, `dial_rates`), where the SIP registrar's calls-out
//! function reads it at each call (migrations/*_call_controls.sql), and the charge-calls job
//! rates each call with [`rate`]. A test holds the registrar's decision equal to this one for
//! a list of sample numbers (api/tests/api/fraud.rs).
//!
//! Deny by default: a number is classified by its longest matching prefix, every number
//! outside the UK is `International` unless a row says otherwise, and a class a tariff does
//! not rate is refused. Toll fraud lives in the classes refused here: premium rate (09),
//! personal numbers (070), 084/087, the Crown dependencies' ranges, which UK carriers bill as
//! international, and satellite networks.

use serde::{Deserialize, Serialize};

/// The kinds of number the dial plan tells apart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NumberClass {
    /// 01, 02: landlines.
    UkGeographic,
    /// 03: charged as a landline.
    UkNonGeographic,
    /// 071-075, 077-079.
    UkMobile,
    /// 080, 0500: free to call.
    UkFreephone,
    /// 084, 087: a service charge on top.
    UkSharedCost,
    /// 09: premium rate.
    UkPremium,
    /// 070: personal numbers, forwarded anywhere at the caller's cost.
    UkPersonal,
    /// Anything else under +44 (055, 056, 076 pagers, 06): no rate.
    UkOther,
    /// Guernsey, Jersey and the Isle of Man: under +44, billed as international.
    CrownDependency,
    /// +870, +881, +882, +883: satellite and international networks.
    Satellite,
    /// Western Europe's countries, outside their premium ranges: rated for Pay As You Go,
    /// called only once the owner turned calls abroad on, within the monthly cap they set.
    InternationalStandard,
    /// Every other country (North America's +1 too: it shares its code with the Caribbean's
    /// high-cost islands).
    International,
}

impl NumberClass {
    pub const ALL: [NumberClass; 12] = [
        NumberClass::UkGeographic,
        NumberClass::UkNonGeographic,
        NumberClass::UkMobile,
        NumberClass::UkFreephone,
        NumberClass::UkSharedCost,
        NumberClass::UkPremium,
        NumberClass::UkPersonal,
        NumberClass::UkOther,
        NumberClass::CrownDependency,
        NumberClass::Satellite,
        NumberClass::InternationalStandard,
        NumberClass::International,
    ];

    /// Its name in the database and the call records (`uk_premium`).
    pub fn code(self) -> &'static str {
        match self {
            NumberClass::UkGeographic => "uk_geographic",
            NumberClass::UkNonGeographic => "uk_non_geographic",
            NumberClass::UkMobile => "uk_mobile",
            NumberClass::UkFreephone => "uk_freephone",
            NumberClass::UkSharedCost => "uk_shared_cost",
            NumberClass::UkPremium => "uk_premium",
            NumberClass::UkPersonal => "uk_personal",
            NumberClass::UkOther => "uk_other",
            NumberClass::CrownDependency => "crown_dependency",
            NumberClass::Satellite => "satellite",
            NumberClass::InternationalStandard => "international_standard",
            NumberClass::International => "international",
        }
    }

    /// The reason phrase of the registrar's 403 when a tariff does not rate the class: what
    /// it is, and what to do.
    pub fn refusal(self, tariff: Tariff) -> &'static str {
        use NumberClass::*;
        match (tariff, self) {
            (Tariff::Trial, UkNonGeographic | UkFreephone | InternationalStandard | International) => {
                "Trials call UK landlines and mobiles only: choose a plan to call this number"
            }
            (_, UkPremium) => "Premium-rate numbers are not available on your plan",
            (_, UkPersonal) => "Personal numbers (070) are not available on your plan",
            (_, UkSharedCost) => "084 and 087 numbers are not available on your plan",
            (_, CrownDependency) => "Channel Islands and Isle of Man numbers are not available on your plan",
            (_, Satellite) => "Satellite numbers are not available on your plan",
            (_, InternationalStandard | International) => "International calls are not available on your plan",
            _ => "This number cannot be called on your plan",
        }
    }
}

/// How a service pays for its calls out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Tariff {
    /// Pay As You Go: each started minute from the call credit, at the class's rate.
    Credit,
    /// Single User, Multi User: the plan's minutes each month.
    Minutes,
    /// A free trial: its minutes, UK landlines and mobiles only.
    Trial,
}

impl Tariff {
    pub const ALL: [Tariff; 3] = [Tariff::Credit, Tariff::Minutes, Tariff::Trial];

    pub fn code(self) -> &'static str {
        match self {
            Tariff::Credit => "credit",
            Tariff::Minutes => "minutes",
            Tariff::Trial => "trial",
        }
    }
}

/// What a minute of a call costs on a tariff: tenths of a penny from the credit (Credit), or
/// one of the included minutes (Minutes, Trial: 0 tenths, the minute counted).
pub fn rate(tariff: Tariff, class: NumberClass) -> Option<u32> {
    use NumberClass::*;
    match (tariff, class) {
        (Tariff::Credit, UkGeographic | UkNonGeographic) => Some(10),
        (Tariff::Credit, UkMobile) => Some(83),
        (Tariff::Credit, UkFreephone) => Some(0),
        (Tariff::Credit, InternationalStandard) => Some(30),
        (Tariff::Minutes, UkGeographic | UkNonGeographic | UkMobile | UkFreephone) => Some(0),
        (Tariff::Trial, UkGeographic | UkMobile) => Some(0),
        _ => None,
    }
}

/// The prefixes (E.164 digits, no `+`) and their class; the longest match wins, and a number
/// matching none is International. Ofcom's National Telephone Numbering Plan for +44.
pub const PREFIXES: &[(&str, NumberClass)] = &[
    ("44", NumberClass::UkOther),
    ("441", NumberClass::UkGeographic),
    ("442", NumberClass::UkGeographic),
    ("443", NumberClass::UkNonGeographic),
    ("4471", NumberClass::UkMobile),
    ("4472", NumberClass::UkMobile),
    ("4473", NumberClass::UkMobile),
    ("4474", NumberClass::UkMobile),
    ("4475", NumberClass::UkMobile),
    ("4477", NumberClass::UkMobile),
    ("4478", NumberClass::UkMobile),
    ("4479", NumberClass::UkMobile),
    ("4470", NumberClass::UkPersonal),
    ("4476", NumberClass::UkOther),
    ("4480", NumberClass::UkFreephone),
    ("44500", NumberClass::UkFreephone),
    ("4484", NumberClass::UkSharedCost),
    ("4487", NumberClass::UkSharedCost),
    ("449", NumberClass::UkPremium),
    // Guernsey, Jersey, the Isle of Man: landlines, then mobiles.
    ("441481", NumberClass::CrownDependency),
    ("441534", NumberClass::CrownDependency),
    ("441624", NumberClass::CrownDependency),
    ("447524", NumberClass::CrownDependency),
    ("447624", NumberClass::CrownDependency),
    ("447700", NumberClass::CrownDependency),
    // Ofcom's range for drama and tests (07700 900000-900999): a mobile, though it rings nobody.
    ("447700900", NumberClass::UkMobile),
    ("447781", NumberClass::CrownDependency),
    ("447797", NumberClass::CrownDependency),
    ("447829", NumberClass::CrownDependency),
    ("447839", NumberClass::CrownDependency),
    ("447911", NumberClass::CrownDependency),
    ("447924", NumberClass::CrownDependency),
    ("447937", NumberClass::CrownDependency),
    // Western Europe, less the premium ranges known to be used for fraud (France's 089,
    // Germany's 0900 and 0137, Spain's 80x and 90x, Italy's 899, the Netherlands' 0900).
    ("30", NumberClass::InternationalStandard),
    ("31", NumberClass::InternationalStandard),
    ("3190", NumberClass::International),
    ("32", NumberClass::InternationalStandard),
    ("33", NumberClass::InternationalStandard),
    ("3389", NumberClass::International),
    ("34", NumberClass::InternationalStandard),
    ("348", NumberClass::International),
    ("349", NumberClass::International),
    ("351", NumberClass::InternationalStandard),
    ("353", NumberClass::InternationalStandard),
    ("358", NumberClass::InternationalStandard),
    ("39", NumberClass::InternationalStandard),
    ("39899", NumberClass::International),
    ("41", NumberClass::InternationalStandard),
    ("43", NumberClass::InternationalStandard),
    ("45", NumberClass::InternationalStandard),
    ("46", NumberClass::InternationalStandard),
    ("47", NumberClass::InternationalStandard),
    ("49", NumberClass::InternationalStandard),
    ("49137", NumberClass::International),
    ("49900", NumberClass::International),
    ("870", NumberClass::Satellite),
    ("881", NumberClass::Satellite),
    ("882", NumberClass::Satellite),
    ("883", NumberClass::Satellite),
];

/// The class of a number dialled out, as E.164 digits without the `+` (447700900123).
pub fn classify(digits: &str) -> NumberClass {
    PREFIXES
        .iter()
        .filter(|(prefix, _)| digits.starts_with(prefix))
        .max_by_key(|(prefix, _)| prefix.len())
        .map(|(_, class)| *class)
        .unwrap_or(NumberClass::International)
}

/// Sample numbers and their class: the registrar's decision is held equal to [`classify`] on
/// these (api/tests/api/fraud.rs), and so is this module's own test.
pub const SAMPLES: &[(&str, NumberClass)] = &[
    ("442079460000", NumberClass::UkGeographic),
    ("441632960000", NumberClass::UkGeographic),
    ("443069990000", NumberClass::UkNonGeographic),
    ("447700900123", NumberClass::UkMobile),
    ("447700123456", NumberClass::CrownDependency),
    ("447400123456", NumberClass::UkMobile),
    ("447911123456", NumberClass::CrownDependency),
    ("447624123456", NumberClass::CrownDependency),
    ("447012345678", NumberClass::UkPersonal),
    ("448001234567", NumberClass::UkFreephone),
    ("448451234567", NumberClass::UkSharedCost),
    ("448712345678", NumberClass::UkSharedCost),
    ("449012345678", NumberClass::UkPremium),
    ("441481123456", NumberClass::CrownDependency),
    ("447600123456", NumberClass::UkOther),
    ("8821234567890", NumberClass::Satellite),
    ("8707123456789", NumberClass::Satellite),
    ("33142685300", NumberClass::InternationalStandard),
    ("33899123456", NumberClass::International),
    ("4930123456", NumberClass::InternationalStandard),
    ("499001234567", NumberClass::International),
    ("12025550123", NumberClass::International),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_sample_number_has_its_class() {
        for (number, class) in SAMPLES {
            assert_eq!(classify(number), *class, "{number}");
        }
    }

    #[test]
    fn premium_personal_shared_cost_crown_and_satellite_numbers_have_no_rate_on_any_tariff() {
        use NumberClass::*;
        for tariff in Tariff::ALL {
            for class in [UkPremium, UkPersonal, UkSharedCost, UkOther, CrownDependency, Satellite, International] {
                assert_eq!(rate(tariff, class), None, "{tariff:?} {class:?}");
                assert!(!class.refusal(tariff).is_empty());
            }
        }
    }

    #[test]
    fn pay_as_you_go_rates_each_class_never_a_premium_number_at_the_landline_rate() {
        assert_eq!(rate(Tariff::Credit, classify("442079460000")), Some(10));
        assert_eq!(rate(Tariff::Credit, classify("447400123456")), Some(83));
        assert_eq!(rate(Tariff::Credit, classify("448001234567")), Some(0));
        assert_eq!(rate(Tariff::Credit, classify("449012345678")), None);
        // Abroad: Western Europe at 3p (with the owner's opt-in), not its premium ranges.
        assert_eq!(rate(Tariff::Credit, classify("33142685300")), Some(30));
        assert_eq!(rate(Tariff::Credit, classify("33899123456")), None);
        assert_eq!(rate(Tariff::Minutes, classify("33142685300")), None);
    }

    #[test]
    fn a_trial_calls_uk_landlines_and_mobiles_only() {
        let rated: Vec<NumberClass> =
            NumberClass::ALL.into_iter().filter(|class| rate(Tariff::Trial, *class).is_some()).collect();
        assert_eq!(rated, vec![NumberClass::UkGeographic, NumberClass::UkMobile]);
        assert_eq!(
            NumberClass::UkFreephone.refusal(Tariff::Trial),
            "Trials call UK landlines and mobiles only: choose a plan to call this number"
        );
    }

    #[test]
    fn every_refusal_fits_a_sip_reason_phrase() {
        for tariff in Tariff::ALL {
            for class in NumberClass::ALL {
                let phrase = class.refusal(tariff);
                assert!(phrase.len() <= 100 && phrase.is_ascii() && !phrase.contains(['\r', '\n', '\'']), "{phrase}");
            }
        }
    }
}
