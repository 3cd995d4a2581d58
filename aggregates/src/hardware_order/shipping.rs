//! How a hardware order travels: the four shipping options (the server's price list), the
//! delivery estimate, and the countries the checkout offers.

use chrono::{Datelike, NaiveDate, Weekday};
use serde::{Deserialize, Serialize};

use crate::pricing::Pence;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ShippingOption {
    Economy,
    Standard,
    Express,
    Saturday,
}

impl ShippingOption {
    /// In the order the checkout lists them.
    pub const ALL: [ShippingOption; 4] =
        [ShippingOption::Economy, ShippingOption::Standard, ShippingOption::Express, ShippingOption::Saturday];

    /// The wire id (the same as the serde name).
    pub fn id(self) -> &'static str {
        match self {
            ShippingOption::Economy => "economy",
            ShippingOption::Standard => "standard",
            ShippingOption::Express => "express",
            ShippingOption::Saturday => "saturday",
        }
    }

    pub fn from_id(id: &str) -> Option<ShippingOption> {
        ShippingOption::ALL.into_iter().find(|option| option.id() == id)
    }

    pub fn name(self) -> &'static str {
        match self {
            ShippingOption::Economy => "Economy 3 Day - DPD",
            ShippingOption::Standard => "Next Business Day - DPD",
            ShippingOption::Express => "Royal Mail Special (Non-Guaranteed)",
            ShippingOption::Saturday => "SATURDAY - DPD",
        }
    }

    pub fn carrier(self) -> &'static str {
        match self {
            ShippingOption::Express => "Royal Mail",
            _ => "DPD",
        }
    }

    /// Before VAT.
    pub fn price(self) -> Pence {
        match self {
            ShippingOption::Economy => Pence(400),
            ShippingOption::Standard => Pence(800),
            ShippingOption::Express => Pence(845),
            ShippingOption::Saturday => Pence(1500),
        }
    }

    pub fn description(self) -> &'static str {
        match self {
            ShippingOption::Economy => "Delivered in 3 working days",
            ShippingOption::Standard => "Delivered the next working day",
            ShippingOption::Express => "Usually delivered the next working day",
            ShippingOption::Saturday => "Delivered on Saturday",
        }
    }

    /// When a parcel sent on `from` should arrive: economy 3 working days later, standard and
    /// express the next working day, saturday the next Saturday strictly after `from`.
    pub fn estimated_delivery(self, from: NaiveDate) -> NaiveDate {
        match self {
            ShippingOption::Economy => add_working_days(from, 3),
            ShippingOption::Standard | ShippingOption::Express => add_working_days(from, 1),
            ShippingOption::Saturday => {
                let mut day = from;
                // At least one step, so a Saturday order goes out the following Saturday.
                while let Some(next) = day.succ_opt() {
                    day = next;
                    if day.weekday() == Weekday::Sat {
                        break;
                    }
                }
                day
            }
        }
    }
}

/// Monday to Friday. Bank holidays are not counted: the estimate is a promise of "about
/// then", and a holiday calendar would be data to maintain for a one-day difference.
fn is_working_day(day: NaiveDate) -> bool {
    !matches!(day.weekday(), Weekday::Sat | Weekday::Sun)
}

fn add_working_days(from: NaiveDate, days: u32) -> NaiveDate {
    let mut day = from;
    let mut left = days;
    while left > 0 {
        // Only the last date chrono knows has no successor; stop there rather than panic.
        let Some(next) = day.succ_opt() else { break };
        day = next;
        if is_working_day(day) {
            left -= 1;
        }
    }
    day
}

/// Where desk phones are sent (code, name); the first is the default.
pub const SHIPPING_COUNTRIES: [(&str, &str); 2] = [("GB", "United Kingdom"), ("IE", "Ireland")];

/// Where the paying card may be registered (code, name); the first is the default.
pub const BILLING_COUNTRIES: [(&str, &str); 10] = [
    ("GB", "United Kingdom"),
    ("US", "United States"),
    ("CA", "Canada"),
    ("AU", "Australia"),
    ("NZ", "New Zealand"),
    ("IE", "Ireland"),
    ("FR", "France"),
    ("DE", "Germany"),
    ("ES", "Spain"),
    ("IT", "Italy"),
];

#[cfg(test)]
mod tests {
    use super::*;

    fn date(day: u32) -> NaiveDate {
        // November 2026: the 25th is a Wednesday, the 27th a Friday.
        NaiveDate::from_ymd_opt(2026, 11, day).unwrap()
    }

    fn december(day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(2026, 12, day).unwrap()
    }

    #[test]
    fn delivery_estimates_skip_weekends() {
        use ShippingOption::*;
        let (wednesday, friday, saturday, sunday) = (date(25), date(27), date(28), date(29));
        assert_eq!(wednesday.weekday(), Weekday::Wed);
        assert_eq!(friday.weekday(), Weekday::Fri);
        let table = [
            (Economy, friday, december(2)),
            (Economy, saturday, december(2)),
            (Economy, sunday, december(2)),
            (Economy, wednesday, date(30)),
            (Standard, friday, date(30)),
            (Standard, saturday, date(30)),
            (Standard, sunday, date(30)),
            (Standard, wednesday, date(26)),
            (Express, friday, date(30)),
            (Express, saturday, date(30)),
            (Express, sunday, date(30)),
            (Express, wednesday, date(26)),
            (Saturday, friday, date(28)),
            (Saturday, saturday, december(5)),
            (Saturday, sunday, december(5)),
            (Saturday, wednesday, date(28)),
        ];
        for (option, from, expected) in table {
            assert_eq!(option.estimated_delivery(from), expected, "{} from {from}", option.id());
        }
    }

    #[test]
    fn ids_round_trip_and_match_serde() {
        for option in ShippingOption::ALL {
            assert_eq!(ShippingOption::from_id(option.id()), Some(option));
            assert_eq!(serde_json::to_value(option).unwrap(), serde_json::json!(option.id()));
        }
        assert_eq!(ShippingOption::from_id("Economy"), None);
        assert_eq!(ShippingOption::from_id("overnight"), None);
    }

    #[test]
    fn the_price_list() {
        let list: Vec<_> =
            ShippingOption::ALL.iter().map(|o| (o.id(), o.name(), o.carrier(), o.price().0, o.description())).collect();
        assert_eq!(
            list,
            [
                ("economy", "Economy 3 Day - DPD", "DPD", 400, "Delivered in 3 working days"),
                ("standard", "Next Business Day - DPD", "DPD", 800, "Delivered the next working day"),
                (
                    "express",
                    "Royal Mail Special (Non-Guaranteed)",
                    "Royal Mail",
                    845,
                    "Usually delivered the next working day"
                ),
                ("saturday", "SATURDAY - DPD", "DPD", 1500, "Delivered on Saturday"),
            ]
        );
        assert_eq!(SHIPPING_COUNTRIES[0], ("GB", "United Kingdom"));
        assert_eq!(BILLING_COUNTRIES.len(), 10);
    }
}
