//! What a hardware order buys (the cart's desk-phone lines at the catalogue price of the
//! moment each was added) and what it costs.

use serde::{Deserialize, Serialize};

use super::shipping::ShippingOption;
use crate::pricing::{vat, Pence};

/// The most of one desk phone an order takes.
pub const MAX_QUANTITY: u32 = 99;
/// The most different desk phones an order takes.
pub const MAX_LINES: usize = 20;
/// The dearest desk phone an order takes: £100,000 (above is a catalogue mistake).
pub const MAX_UNIT_PRICE: Pence = Pence(10_000_000);

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HardwareLine {
    pub product_id: String,
    pub name: String,
    pub unit_price: Pence,
    pub quantity: u32,
}

impl HardwareLine {
    pub fn line_total(&self) -> Pence {
        Pence(self.unit_price.0.saturating_mul(i64::from(self.quantity)))
    }
}

/// The amounts of a hardware order, priced by the server.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HardwareAmounts {
    pub items: Pence,
    pub shipping: Pence,
    /// 20% of items + shipping, rounded half up (on the items alone before shipping is chosen).
    pub vat: Pence,
    pub total: Pence,
}

/// The version of a quote for `lines` shipped by `shipping` (see [`crate::pricing::quote_version`]):
/// a quote of the cart and the order placed from it have the same one while nothing changed.
pub fn quote_version(lines: &[HardwareLine], shipping: Option<ShippingOption>) -> String {
    let priced: Vec<(&str, i64, u32)> =
        lines.iter().map(|l| (l.product_id.as_str(), l.unit_price.0, l.quantity)).collect();
    crate::pricing::quote_version(&(priced, shipping.map(ShippingOption::id)))
}

/// `vat()` multiplies by 40 before dividing; below this it cannot overflow.
const VAT_BASE_LIMIT: i64 = i64::MAX / 50;

impl HardwareAmounts {
    /// Within the aggregate's limits (20 lines of at most 99 phones at most £100,000) the
    /// total stays under £240M, far from i64's range. Sums saturate and the VAT base is
    /// clamped so that even input beyond the limits (which the aggregate refuses anyway)
    /// cannot panic or wrap around.
    pub fn compute(lines: &[HardwareLine], shipping: Option<ShippingOption>) -> HardwareAmounts {
        let items = lines.iter().fold(0i64, |sum, line| sum.saturating_add(line.line_total().0));
        let shipping = shipping.map_or(Pence::ZERO, ShippingOption::price);
        let subtotal = items.saturating_add(shipping.0);
        let vat = vat(Pence(subtotal.clamp(-VAT_BASE_LIMIT, VAT_BASE_LIMIT)));
        HardwareAmounts { items: Pence(items), shipping, vat, total: Pence(subtotal.saturating_add(vat.0)) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn phone(price: i64, quantity: u32) -> HardwareLine {
        HardwareLine { product_id: "p1".into(), name: "Yealink T54W".into(), unit_price: Pence(price), quantity }
    }

    fn amounts(items: i64, shipping: i64, vat: i64, total: i64) -> HardwareAmounts {
        HardwareAmounts { items: Pence(items), shipping: Pence(shipping), vat: Pence(vat), total: Pence(total) }
    }

    #[test]
    fn two_64_pound_phones_with_each_shipping_option() {
        let lines = [phone(6400, 2)];
        let compute = |option| HardwareAmounts::compute(&lines, option);
        assert_eq!(compute(None), amounts(12800, 0, 2560, 15360));
        assert_eq!(compute(Some(ShippingOption::Economy)), amounts(12800, 400, 2640, 15840));
        assert_eq!(compute(Some(ShippingOption::Standard)), amounts(12800, 800, 2720, 16320));
        assert_eq!(compute(Some(ShippingOption::Express)), amounts(12800, 845, 2729, 16374));
        assert_eq!(compute(Some(ShippingOption::Saturday)), amounts(12800, 1500, 2860, 17160));
    }

    #[test]
    fn vat_is_rounded_half_up_on_the_whole_subtotal() {
        // 4999 + 400 = 5399: 1079.8 -> 1080. 4997 + 400 = 5397: 1079.4 -> 1079.
        assert_eq!(HardwareAmounts::compute(&[phone(4999, 1)], Some(ShippingOption::Economy)).vat, Pence(1080));
        assert_eq!(HardwareAmounts::compute(&[phone(4997, 1)], Some(ShippingOption::Economy)).vat, Pence(1079));
        // Per line each 1p phone would carry 0p VAT; on the subtotal (3p) it is 0.6 -> 1p.
        let lines = [phone(1, 1), phone(1, 1), phone(1, 1)];
        assert_eq!(HardwareAmounts::compute(&lines, None), amounts(3, 0, 1, 4));
    }

    #[test]
    fn the_largest_order_fits_and_absurd_input_does_not_overflow() {
        let largest = vec![phone(MAX_UNIT_PRICE.0, MAX_QUANTITY); MAX_LINES];
        let amounts = HardwareAmounts::compute(&largest, Some(ShippingOption::Saturday));
        assert_eq!(amounts.items, Pence(19_800_000_000));
        assert_eq!(amounts.total, Pence(19_800_001_500 + 3_960_000_300));
        let absurd = vec![phone(i64::MAX, u32::MAX); 3];
        assert_eq!(HardwareAmounts::compute(&absurd, Some(ShippingOption::Saturday)).total, Pence(i64::MAX));
    }
}
