//! Every price the business charges, in integer pence, in one place.
//!
//! Rules (docs/product-rules.md, Cart and prices):
//! - VAT is 20% added on top of a subtotal, computed once per subtotal (never per line)
//!   and rounded half up to the penny.
//! - A yearly price is 12 months at 80% (`monthly x 9.6`), rounded half up to the penny,
//!   except where the price list fixes a yearly figure (Single User £47.90, Multi User £143.04).
//! - Multi User is priced per block of 4 users, blocks rounded up.
//! - Pay as you go has no subscription fee; it takes a one-time top-up of at least £10 in
//!   whole pounds (default £10), also subject to VAT.

use std::fmt;
use std::iter::Sum;
use std::ops::{Add, Mul};

use serde::{Deserialize, Serialize};

/// An amount of money in pence (GBP). Never a float.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize, utoipa::ToSchema,
)]
#[serde(transparent)]
pub struct Pence(pub i64);

impl Pence {
    pub const ZERO: Pence = Pence(0);

    pub const fn pounds(pounds: i64) -> Pence {
        Pence(pounds * 100)
    }

    /// `self x numerator / denominator`, rounded half up (amounts are never negative here).
    pub fn scale_half_up(self, numerator: i64, denominator: i64) -> Pence {
        let scaled = self.0 * numerator;
        Pence((2 * scaled + denominator) / (2 * denominator))
    }

    pub fn is_whole_pounds(self) -> bool {
        self.0 % 100 == 0
    }
}

impl Add for Pence {
    type Output = Pence;
    fn add(self, rhs: Pence) -> Pence {
        Pence(self.0 + rhs.0)
    }
}

impl Mul<u32> for Pence {
    type Output = Pence;
    fn mul(self, rhs: u32) -> Pence {
        Pence(self.0 * i64::from(rhs))
    }
}

impl Sum for Pence {
    fn sum<I: Iterator<Item = Pence>>(iter: I) -> Pence {
        iter.fold(Pence::ZERO, Add::add)
    }
}

impl fmt::Display for Pence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "£{}.{:02}", self.0 / 100, self.0 % 100)
    }
}

pub const VAT_PERCENT: i64 = 20;
pub const YEARLY_DISCOUNT_PERCENT: i64 = 20;
pub const TOP_UP_MINIMUM: Pence = Pence::pounds(10);
pub const TOP_UP_STEP: Pence = Pence::pounds(1);
pub const TOP_UP_DEFAULT: Pence = TOP_UP_MINIMUM;
/// The largest quantity of one cart line; anything above is refused as absurd.
pub const MAX_QUANTITY: u32 = 1000;

/// The version of a quote: a short digest of everything it prices (its canonical JSON), so
/// a request made on a quote the buyer saw can be checked against the quote as it is now.
/// Any change of a price, a quantity or a line gives another version.
pub fn quote_version(priced: &impl Serialize) -> String {
    use sha2::{Digest, Sha256};
    let canonical = serde_json::to_vec(priced).unwrap_or_default();
    let digest = Sha256::digest(&canonical);
    format!("q{}", hex::encode(&digest[..8]))
}

/// VAT on a subtotal: 20%, rounded half up to the penny.
pub fn vat(subtotal: Pence) -> Pence {
    subtotal.scale_half_up(VAT_PERCENT, 100)
}

/// 12 months at 80%, rounded half up to the penny.
pub fn yearly_from_monthly(monthly: Pence) -> Pence {
    monthly.scale_half_up(12 * (100 - YEARLY_DISCOUNT_PERCENT), 100)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum BillingCycle {
    Monthly,
    Yearly,
}

impl BillingCycle {
    pub fn as_str(self) -> &'static str {
        match self {
            BillingCycle::Monthly => "monthly",
            BillingCycle::Yearly => "yearly",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            BillingCycle::Monthly => "Monthly",
            BillingCycle::Yearly => "Yearly",
        }
    }

    /// The price for this cycle of something with a monthly price and no fixed yearly one.
    pub fn of_monthly(self, monthly: Pence) -> Pence {
        match self {
            BillingCycle::Monthly => monthly,
            BillingCycle::Yearly => yearly_from_monthly(monthly),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum Plan {
    PayAsYouGo,
    SingleUser,
    MultiUser,
}

impl Plan {
    pub const ALL: [Plan; 3] = [Plan::PayAsYouGo, Plan::SingleUser, Plan::MultiUser];

    pub fn name(self) -> &'static str {
        match self {
            Plan::PayAsYouGo => "Pay As You Go",
            Plan::SingleUser => "Single User",
            Plan::MultiUser => "Multi User",
        }
    }

    pub fn description(self) -> &'static str {
        match self {
            Plan::PayAsYouGo => "No monthly fee: pay only for the calls you make, from a £10 credit.",
            Plan::SingleUser => "One user with 500 UK minutes and a free number.",
            Plan::MultiUser => "Up to 4 users per block, 1500 minutes, 2 free numbers and unlimited extensions.",
        }
    }

    /// The first part of a package line's id, as in `single-yearly`.
    pub fn slug(self) -> &'static str {
        match self {
            Plan::PayAsYouGo => "payg",
            Plan::SingleUser => "single",
            Plan::MultiUser => "multi",
        }
    }

    pub fn min_users(self) -> u32 {
        match self {
            Plan::MultiUser => 4,
            _ => 1,
        }
    }

    /// The step of the quantity selectors.
    pub fn increment(self) -> u32 {
        self.users_per_block()
    }

    pub fn users_per_block(self) -> u32 {
        match self {
            Plan::MultiUser => 4,
            _ => 1,
        }
    }

    /// The price of one block of users for a cycle.
    pub fn block_price(self, cycle: BillingCycle) -> Pence {
        match (self, cycle) {
            (Plan::PayAsYouGo, _) => Pence::ZERO,
            (Plan::SingleUser, BillingCycle::Monthly) => Pence(499),
            (Plan::SingleUser, BillingCycle::Yearly) => Pence(4790),
            (Plan::MultiUser, BillingCycle::Monthly) => Pence(1490),
            (Plan::MultiUser, BillingCycle::Yearly) => Pence(14304),
        }
    }

    /// Numbers that come free with the plan.
    pub fn included_numbers(self) -> usize {
        match self {
            Plan::PayAsYouGo => 0,
            Plan::SingleUser => 1,
            Plan::MultiUser => 2,
        }
    }

    /// What UK calls cost by the minute on a plan that charges for them (Pay As You Go), from
    /// the dial plan's rates (crate::dial_plan): the others include their minutes.
    pub fn call_rates(self) -> Option<CallRates> {
        match self {
            Plan::PayAsYouGo => {
                use crate::dial_plan::{rate, NumberClass, Tariff};
                Some(CallRates {
                    uk_landline_tenths: rate(Tariff::Credit, NumberClass::UkGeographic)?,
                    uk_mobile_tenths: rate(Tariff::Credit, NumberClass::UkMobile)?,
                })
            }
            _ => None,
        }
    }

    /// The monthly price of a number beyond the included ones.
    pub fn extra_number_monthly(self) -> Pence {
        match self {
            Plan::PayAsYouGo => Pence(250),
            _ => Pence(200),
        }
    }

    pub fn add_ons(self) -> &'static [AddOn] {
        match self {
            Plan::PayAsYouGo => &[AddOn::CallForwarding],
            Plan::SingleUser => {
                &[AddOn::CallRecording, AddOn::MusicWhileRinging, AddOn::CustomizedHold, AddOn::Ivr, AddOn::RingGroups]
            }
            Plan::MultiUser => &[],
        }
    }

    pub fn offers(self, add_on: AddOn) -> bool {
        self.add_ons().contains(&add_on)
    }

    pub fn takes_top_up(self) -> bool {
        self == Plan::PayAsYouGo
    }

    /// The top-up a freshly selected plan starts with.
    pub fn initial_top_up(self) -> Pence {
        if self.takes_top_up() {
            TOP_UP_DEFAULT
        } else {
            Pence::ZERO
        }
    }

    pub fn blocks(self, quantity: u32) -> u32 {
        quantity.div_ceil(self.users_per_block())
    }

    pub fn quote(self, cycle: BillingCycle, quantity: u32) -> PackageQuote {
        let blocks = self.blocks(quantity);
        let unit = self.block_price(cycle);
        PackageQuote { blocks, unit, line: unit * blocks }
    }
}

/// Per-minute call rates in tenths of a penny (8.3p is 83): the one price finer than a penny,
/// charged from the call credit by the minute, never summed into an amount paid by card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CallRates {
    pub uk_landline_tenths: u32,
    pub uk_mobile_tenths: u32,
}

impl CallRates {
    /// "1p", "8.3p".
    pub fn label(tenths: u32) -> String {
        match tenths % 10 {
            0 => format!("{}p", tenths / 10),
            rest => format!("{}.{rest}p", tenths / 10),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PackageQuote {
    pub blocks: u32,
    pub unit: Pence,
    pub line: Pence,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum AddOn {
    CallForwarding,
    CallRecording,
    MusicWhileRinging,
    CustomizedHold,
    Ivr,
    RingGroups,
}

impl AddOn {
    pub const ALL: [AddOn; 6] = [
        AddOn::CallForwarding,
        AddOn::CallRecording,
        AddOn::MusicWhileRinging,
        AddOn::CustomizedHold,
        AddOn::Ivr,
        AddOn::RingGroups,
    ];

    pub fn id(self) -> &'static str {
        match self {
            AddOn::CallForwarding => "callForwarding",
            AddOn::CallRecording => "callRecording",
            AddOn::MusicWhileRinging => "musicWhileRinging",
            AddOn::CustomizedHold => "customizedHold",
            AddOn::Ivr => "ivr",
            AddOn::RingGroups => "ringGroups",
        }
    }

    pub fn from_id(id: &str) -> Option<AddOn> {
        AddOn::ALL.into_iter().find(|a| a.id() == id)
    }

    pub fn name(self) -> &'static str {
        match self {
            AddOn::CallForwarding => "Call Forwarding & Routing",
            AddOn::CallRecording => "Call recording",
            AddOn::MusicWhileRinging => "Music While Ringing",
            AddOn::CustomizedHold => "Customized / Music on Hold",
            AddOn::Ivr => "Interactive Voice Response",
            AddOn::RingGroups => "Ring Groups",
        }
    }

    pub fn monthly(self) -> Pence {
        match self {
            AddOn::CallRecording => Pence(800),
            _ => Pence(200),
        }
    }

    pub fn price(self, cycle: BillingCycle) -> Pence {
        cycle.of_monthly(self.monthly())
    }

    /// The undiscounted price for the cycle (12 full months for yearly).
    pub fn original_price(self, cycle: BillingCycle) -> Pence {
        match cycle {
            BillingCycle::Monthly => self.monthly(),
            BillingCycle::Yearly => self.monthly() * 12,
        }
    }
}

/// The kinds of phone number the stock holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum NumberType {
    Geographic,
    Freephone,
    National,
    Mobile,
}

impl NumberType {
    pub const ALL: [NumberType; 4] =
        [NumberType::Geographic, NumberType::Freephone, NumberType::National, NumberType::Mobile];

    pub fn as_str(self) -> &'static str {
        match self {
            NumberType::Geographic => "geographic",
            NumberType::Freephone => "freephone",
            NumberType::National => "national",
            NumberType::Mobile => "mobile",
        }
    }

    /// Our names and the ones the number pages use (local, toll-free).
    pub fn parse(text: &str) -> Option<NumberType> {
        match text.trim().to_ascii_lowercase().as_str() {
            "geographic" | "local" | "landline" => Some(NumberType::Geographic),
            "freephone" | "toll-free" | "tollfree" | "toll_free" => Some(NumberType::Freephone),
            "national" => Some(NumberType::National),
            "mobile" => Some(NumberType::Mobile),
            _ => None,
        }
    }
}

/// The monthly price of a number beyond the plan's included ones (docs/product-rules.md,
/// Numbers and reservations): UK landline, freephone and national £2.00 (£2.50 with pay as you
/// go), UK mobile £4.99; elsewhere toll-free £4.50, else US and CA £2.50, DE and ES £3.00, FR
/// £3.50, other countries £2.50. Without a plan, as with Single User.
fn number_monthly(country: &str, number_type: NumberType, plan: Option<Plan>) -> Pence {
    match (country, number_type) {
        ("GB", NumberType::Mobile) => Pence(499),
        ("GB", _) => plan.unwrap_or(Plan::SingleUser).extra_number_monthly(),
        (_, NumberType::Freephone) => Pence(450),
        ("DE" | "ES", _) => Pence(300),
        ("FR", _) => Pence(350),
        _ => Pence(250),
    }
}

/// What one number costs a cart a month.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NumberPrice {
    /// Its monthly price with the cart's plan, as charged when it is not included.
    pub monthly: Pence,
    /// Within the plan's included numbers: the cart charges nothing for it ("Included").
    pub included: bool,
}

impl NumberPrice {
    /// What the cart charges for it for a billing cycle: nothing when included.
    pub fn charged(self, cycle: BillingCycle) -> Pence {
        if self.included {
            Pence::ZERO
        } else {
            cycle.of_monthly(self.monthly)
        }
    }
}

/// The one rule for a number's price in a cart, used by the cart and by the number search:
/// by its country and type and the cart's plan (none: as Single User), and free when it falls
/// within the plan's included numbers. `position` is its place among the cart's numbers (0 for
/// the first); a number the cart does not hold yet is priced at the place it would take (the
/// count of numbers the cart holds).
pub fn number_price(country: &str, number_type: NumberType, plan: Option<Plan>, position: usize) -> NumberPrice {
    NumberPrice {
        monthly: number_monthly(country, number_type, plan),
        included: position < plan.map_or(0, Plan::included_numbers),
    }
}

/// A connection sold by the month at a fixed speed (business broadband, leased lines).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ConnectionTier {
    pub speed_mbps: u32,
    /// The speed as the pages name it ("1000 Mbps" for broadband, "1 Gbps" for a leased line).
    pub speed_label: &'static str,
    /// A month, ex VAT.
    pub monthly: Pence,
}

/// A connection product: its tiers and the length of its agreement.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ConnectionOffer {
    pub agreement_months: u32,
    pub tiers: &'static [ConnectionTier],
}

/// Symmetrical business broadband, a month ex VAT, on a 24-month agreement.
pub const BUSINESS_BROADBAND: ConnectionOffer = ConnectionOffer {
    agreement_months: 24,
    tiers: &[
        ConnectionTier { speed_mbps: 100, speed_label: "100 Mbps", monthly: Pence(6810) },
        ConnectionTier { speed_mbps: 500, speed_label: "500 Mbps", monthly: Pence(11610) },
        ConnectionTier { speed_mbps: 1000, speed_label: "1000 Mbps", monthly: Pence(13560) },
    ],
};

/// Leased lines, a month ex VAT, on a 36-month agreement.
pub const LEASED_LINES: ConnectionOffer = ConnectionOffer {
    agreement_months: 36,
    tiers: &[
        ConnectionTier { speed_mbps: 100, speed_label: "100 Mbps", monthly: Pence::pounds(290) },
        ConnectionTier { speed_mbps: 1000, speed_label: "1 Gbps", monthly: Pence::pounds(350) },
        ConnectionTier { speed_mbps: 10_000, speed_label: "10 Gbps", monthly: Pence::pounds(750) },
    ],
};

/// A professional voice recording (a greeting or menu read by a voice artist): one price per
/// recording of up to `max_words` words, delivered the next working day.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VoiceRecordingOffer {
    pub price: Pence,
    pub max_words: u32,
}

pub const VOICE_RECORDING: VoiceRecordingOffer = VoiceRecordingOffer { price: Pence::pounds(25), max_words: 150 };

/// The residential service's starting price a month (no plan of the shop sells it yet).
pub const RESIDENTIAL_FROM_MONTHLY: Pence = Pence::pounds(8);

/// The top of the cloud PBX price range a month, for larger set-ups (the bottom is Multi User).
pub const CLOUD_PBX_TO_MONTHLY: Pence = Pence(4990);

/// The prices the marketing pages quote (docs/product-rules.md, Marketing prices), in one list
/// so no page types a price into its copy.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PriceList {
    pub business_broadband: ConnectionOffer,
    pub leased_lines: ConnectionOffer,
    pub voice_recording: VoiceRecordingOffer,
    pub residential_from_monthly: Pence,
    /// Business service from: the Multi User plan's monthly price.
    pub business_from_monthly: Pence,
    /// Cloud PBX from: the Multi User plan's monthly price.
    pub cloud_pbx_from_monthly: Pence,
    pub cloud_pbx_to_monthly: Pence,
    /// Add-ons from: the cheapest add-on a month.
    pub add_ons_from_monthly: Pence,
}

/// The marketing price list. Figures that are plan or add-on prices are read from them, never
/// repeated: business and cloud PBX "from" are Multi User's monthly price (£14.90), and the
/// add-ons "from" is the cheapest add-on (£2).
pub fn price_list() -> PriceList {
    let multi_user_monthly = Plan::MultiUser.block_price(BillingCycle::Monthly);
    PriceList {
        business_broadband: BUSINESS_BROADBAND,
        leased_lines: LEASED_LINES,
        voice_recording: VOICE_RECORDING,
        residential_from_monthly: RESIDENTIAL_FROM_MONTHLY,
        business_from_monthly: multi_user_monthly,
        cloud_pbx_from_monthly: multi_user_monthly,
        cloud_pbx_to_monthly: CLOUD_PBX_TO_MONTHLY,
        add_ons_from_monthly: AddOn::ALL.into_iter().map(AddOn::monthly).min().unwrap_or(Pence::ZERO),
    }
}

/// The amounts of an order or cart, as the checkout charges them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Totals {
    pub package: Pence,
    pub add_ons: Pence,
    pub numbers: Pence,
    pub subscription_subtotal: Pence,
    pub subscription_vat: Pence,
    pub top_up_subtotal: Pence,
    pub top_up_vat: Pence,
    pub hardware: Pence,
}

impl Totals {
    pub fn new(package: Pence, add_ons: Pence, numbers: Pence, top_up: Pence, hardware: Pence) -> Totals {
        let subscription_subtotal = package + add_ons + numbers;
        Totals {
            package,
            add_ons,
            numbers,
            subscription_subtotal,
            subscription_vat: vat(subscription_subtotal),
            top_up_subtotal: top_up,
            top_up_vat: vat(top_up),
            hardware,
        }
    }

    pub fn subscription_total(&self) -> Pence {
        self.subscription_subtotal + self.subscription_vat
    }

    pub fn top_up_total(&self) -> Pence {
        self.top_up_subtotal + self.top_up_vat
    }

    /// The VAT of the services (subscription and top-up).
    pub fn total_vat(&self) -> Pence {
        self.subscription_vat + self.top_up_vat
    }

    /// VAT on the desk phones' subtotal (ex VAT, before shipping: the hardware checkout adds
    /// shipping and its VAT once an option is chosen).
    pub fn hardware_vat(&self) -> Pence {
        vat(self.hardware)
    }

    pub fn hardware_total(&self) -> Pence {
        self.hardware + self.hardware_vat()
    }

    /// All the VAT in the cart: the services' and the desk phones'.
    pub fn cart_vat(&self) -> Pence {
        self.total_vat() + self.hardware_vat()
    }

    /// Everything in the cart, VAT included: the services due today and the desk phones
    /// (each paid in its own checkout).
    pub fn cart_total(&self) -> Pence {
        self.service_due_today() + self.hardware_total()
    }

    /// The service total due today, what the service checkout charges: the first period of
    /// the subscription plus the one-time top-up, VAT included. Desk phones are not in it:
    /// they have their own checkout.
    pub fn service_due_today(&self) -> Pence {
        self.subscription_total() + self.top_up_total()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use BillingCycle::{Monthly, Yearly};

    #[test]
    fn plan_prices_match_the_price_list() {
        // (plan, cycle, quantity, blocks, line) from the price list in docs/product-rules.md.
        let table = [
            (Plan::SingleUser, Monthly, 1, 1, 499),
            (Plan::SingleUser, Yearly, 1, 1, 4790),
            (Plan::SingleUser, Yearly, 2, 2, 9580),
            (Plan::SingleUser, Monthly, 3, 3, 1497),
            (Plan::MultiUser, Monthly, 4, 1, 1490),
            (Plan::MultiUser, Yearly, 4, 1, 14304),
            (Plan::MultiUser, Monthly, 5, 2, 2980),
            (Plan::MultiUser, Monthly, 8, 2, 2980),
            (Plan::MultiUser, Yearly, 8, 2, 28608),
            (Plan::MultiUser, Monthly, 9, 3, 4470),
            (Plan::PayAsYouGo, Monthly, 1, 1, 0),
            (Plan::PayAsYouGo, Yearly, 3, 3, 0),
        ];
        for (plan, cycle, quantity, blocks, line) in table {
            let quote = plan.quote(cycle, quantity);
            assert_eq!((quote.blocks, quote.line), (blocks, Pence(line)), "{plan:?} {cycle:?} x{quantity}");
        }
    }

    #[test]
    fn plan_rules_match_the_spec() {
        // (plan, min users, increment, included numbers, extra number monthly, takes top-up)
        let table = [
            (Plan::PayAsYouGo, 1, 1, 0, 250, true),
            (Plan::SingleUser, 1, 1, 1, 200, false),
            (Plan::MultiUser, 4, 4, 2, 200, false),
        ];
        for (plan, min, step, included, extra, top_up) in table {
            assert_eq!(plan.min_users(), min, "{plan:?}");
            assert_eq!(plan.increment(), step, "{plan:?}");
            assert_eq!(plan.included_numbers(), included, "{plan:?}");
            assert_eq!(plan.extra_number_monthly(), Pence(extra), "{plan:?}");
            assert_eq!(plan.takes_top_up(), top_up, "{plan:?}");
        }
    }

    #[test]
    fn yearly_is_twelve_months_at_eighty_percent() {
        // extra number £19.20 / £24.00 a year; add-ons £2 -> £19.20, £8 -> £76.80.
        let table = [(200, 1920), (250, 2400), (800, 7680), (499, 4790), (1490, 14304), (1, 10), (0, 0)];
        for (monthly, yearly) in table {
            assert_eq!(yearly_from_monthly(Pence(monthly)), Pence(yearly), "monthly {monthly}");
        }
        // 4.99 x 9.6 = 47.904 and 14.90 x 9.6 = 143.04: the fixed yearly prices agree with the rule.
        assert_eq!(Plan::SingleUser.block_price(Yearly), yearly_from_monthly(Plan::SingleUser.block_price(Monthly)));
        assert_eq!(Plan::MultiUser.block_price(Yearly), yearly_from_monthly(Plan::MultiUser.block_price(Monthly)));
    }

    #[test]
    fn add_ons_match_the_add_on_table() {
        // (add-on, id, monthly, yearly, offered by payg, single, multi)
        let table = [
            (AddOn::CallForwarding, "callForwarding", 200, 1920, [true, false, false]),
            (AddOn::CallRecording, "callRecording", 800, 7680, [false, true, false]),
            (AddOn::MusicWhileRinging, "musicWhileRinging", 200, 1920, [false, true, false]),
            (AddOn::CustomizedHold, "customizedHold", 200, 1920, [false, true, false]),
            (AddOn::Ivr, "ivr", 200, 1920, [false, true, false]),
        ];
        for (add_on, id, monthly, yearly, offered) in table {
            assert_eq!(add_on.id(), id);
            assert_eq!(AddOn::from_id(id), Some(add_on));
            assert_eq!(add_on.price(Monthly), Pence(monthly), "{id}");
            assert_eq!(add_on.price(Yearly), Pence(yearly), "{id}");
            assert_eq!(add_on.original_price(Yearly), Pence(monthly * 12), "{id}");
            for (plan, expected) in Plan::ALL.into_iter().zip(offered) {
                assert_eq!(plan.offers(add_on), expected, "{id} on {plan:?}");
            }
        }
        assert!(Plan::MultiUser.add_ons().is_empty());
        let rates = Plan::PayAsYouGo.call_rates().unwrap();
        assert_eq!(
            (CallRates::label(rates.uk_landline_tenths), CallRates::label(rates.uk_mobile_tenths)),
            ("1p".into(), "8.3p".into())
        );
        assert_eq!(Plan::SingleUser.call_rates(), None);
        assert_eq!(AddOn::from_id("fax"), None);
    }

    #[test]
    fn vat_is_twenty_percent_rounded_half_up() {
        let table =
            [(0, 0), (499, 100), (1000, 200), (4790, 958), (1, 0), (2, 0), (3, 1), (7, 1), (8, 2), (17260, 3452)];
        for (subtotal, expected) in table {
            assert_eq!(vat(Pence(subtotal)), Pence(expected), "subtotal {subtotal}");
        }
    }

    #[test]
    fn top_up_constants() {
        assert_eq!(TOP_UP_MINIMUM, Pence(1000));
        assert_eq!(TOP_UP_DEFAULT, Pence(1000));
        assert_eq!(TOP_UP_STEP, Pence(100));
        assert_eq!(Plan::PayAsYouGo.initial_top_up(), Pence(1000));
        assert_eq!(Plan::SingleUser.initial_top_up(), Pence::ZERO);
        assert!(Pence(2000).is_whole_pounds());
        assert!(!Pence(1050).is_whole_pounds());
    }

    #[test]
    fn totals_add_vat_per_subtotal() {
        let totals = Totals::new(Pence(9580), Pence(7680), Pence(0), Pence(1000), Pence(0));
        assert_eq!(totals.subscription_subtotal, Pence(17260));
        assert_eq!(totals.subscription_vat, Pence(3452));
        assert_eq!(totals.top_up_vat, Pence(200));
        assert_eq!(totals.total_vat(), Pence(3652));
        assert_eq!(totals.service_due_today(), Pence(17260 + 3452 + 1200));
        assert_eq!(totals.cart_total(), totals.service_due_today());
    }

    /// The web app's fake servers price carts with the same table of cases
    /// (webapp/src/testing/cart-totals-cases.json): both sides must agree to the penny.
    #[test]
    fn the_shared_table_of_cart_totals_matches_the_web_apps_fakes() {
        let cases: serde_json::Value =
            serde_json::from_str(include_str!("../../webapp/src/testing/cart-totals-cases.json")).unwrap();
        let cases = cases.as_array().unwrap();
        assert!(cases.len() >= 4);
        for case in cases {
            let pence = |key: &str| Pence(case["input"][key].as_i64().unwrap());
            let totals = Totals::new(
                pence("subscriptionSubtotalPence"),
                Pence::ZERO,
                Pence::ZERO,
                pence("topUpSubtotalPence"),
                pence("hardwarePence"),
            );
            let computed = serde_json::json!({
                "subscriptionVatPence": totals.subscription_vat.0,
                "topUpVatPence": totals.top_up_vat.0,
                "serviceVatPence": totals.total_vat().0,
                "serviceDueTodayPence": totals.service_due_today().0,
                "hardwareVatPence": totals.hardware_vat().0,
                "hardwareTotalIncVatPence": totals.hardware_total().0,
                "cartVatPence": totals.cart_vat().0,
                "cartTotalIncVatPence": totals.cart_total().0,
            });
            assert_eq!(computed, case["expected"], "{}", case["name"]);
        }
    }

    #[test]
    fn the_cart_total_adds_the_desk_phones_with_their_vat() {
        // Two £64.00 phones alone: £128.00 + £25.60 VAT.
        let phones = Totals::new(Pence::ZERO, Pence::ZERO, Pence::ZERO, Pence::ZERO, Pence(12800));
        assert_eq!(
            (phones.hardware_vat(), phones.cart_vat(), phones.cart_total()),
            (Pence(2560), Pence(2560), Pence(15360))
        );
        assert_eq!(phones.service_due_today(), Pence::ZERO);
        // Single User monthly (£4.99) and one £64.99 phone: VAT per subtotal, rounded half up.
        let mixed = Totals::new(Pence(499), Pence::ZERO, Pence::ZERO, Pence::ZERO, Pence(6499));
        assert_eq!(mixed.service_due_today(), Pence(499 + 100));
        assert_eq!(mixed.hardware_vat(), Pence(1300));
        assert_eq!(mixed.cart_vat(), Pence(100 + 1300));
        assert_eq!(mixed.cart_total(), Pence(599 + 6499 + 1300));
    }

    #[test]
    fn number_prices_by_country_and_type() {
        use NumberType::*;
        let table = [
            ("GB", Geographic, None, 200),
            ("GB", Freephone, Some(Plan::SingleUser), 200),
            ("GB", National, Some(Plan::MultiUser), 200),
            ("GB", Geographic, Some(Plan::PayAsYouGo), 250),
            ("GB", Mobile, Some(Plan::PayAsYouGo), 499),
            ("US", Geographic, None, 250),
            ("CA", Geographic, None, 250),
            ("DE", Geographic, None, 300),
            ("ES", Geographic, None, 300),
            ("FR", Geographic, None, 350),
            ("IT", Geographic, None, 250),
            ("IE", Mobile, None, 250),
            ("FR", Freephone, None, 450),
            ("US", Freephone, None, 450),
        ];
        for (country, kind, plan, monthly) in table {
            // Past the included numbers of every plan (Multi User includes 2).
            let price = number_price(country, kind, plan, 2);
            assert_eq!(price, NumberPrice { monthly: Pence(monthly), included: false }, "{country} {kind:?} {plan:?}");
        }
        assert_eq!(NumberType::parse("toll-free"), Some(Freephone));
        assert_eq!(NumberType::parse("Local"), Some(Geographic));
        assert_eq!(NumberType::parse("fax"), None);
    }

    /// Every plan (and none) x every UK type and a foreign one x the first, second and third
    /// number of the cart: the monthly price, whether it is included, and what the cart charges.
    #[test]
    fn a_numbers_price_in_a_cart_by_plan_kind_and_place() {
        use NumberType::*;
        let kinds = [("GB", Geographic), ("GB", Freephone), ("GB", National), ("GB", Mobile), ("FR", Geographic)];
        // (plan, the monthly price of each kind above, how many numbers it includes)
        let plans = [
            (None, [200, 200, 200, 499, 350], 0),
            (Some(Plan::PayAsYouGo), [250, 250, 250, 499, 350], 0),
            (Some(Plan::SingleUser), [200, 200, 200, 499, 350], 1),
            (Some(Plan::MultiUser), [200, 200, 200, 499, 350], 2),
        ];
        for (plan, monthly, included) in plans {
            for ((country, kind), monthly) in kinds.into_iter().zip(monthly) {
                for position in 0..3 {
                    let price = number_price(country, kind, plan, position);
                    let case = format!("{plan:?} {country} {kind:?} number {}", position + 1);
                    assert_eq!(price.monthly, Pence(monthly), "{case}");
                    assert_eq!(price.included, position < included, "{case}");
                    let charged = if position < included { 0 } else { monthly };
                    assert_eq!(price.charged(Monthly), Pence(charged), "{case}");
                    assert_eq!(price.charged(Yearly), yearly_from_monthly(Pence(charged)), "{case}");
                }
            }
        }
        // A Pay As You Go UK landline: £2.50 a month, £24.00 a year; Single User's second: £2.00.
        assert_eq!(number_price("GB", Geographic, Some(Plan::PayAsYouGo), 0).charged(Yearly), Pence(2400));
        assert_eq!(number_price("GB", Geographic, Some(Plan::SingleUser), 1).charged(Monthly), Pence(200));
    }

    #[test]
    fn the_marketing_price_list_reads_plan_and_add_on_prices_and_matches_the_spec() {
        let list = price_list();
        // Derived: Multi User's monthly price and the cheapest add-on.
        assert_eq!(list.business_from_monthly, Plan::MultiUser.block_price(Monthly));
        assert_eq!(list.cloud_pbx_from_monthly, Plan::MultiUser.block_price(Monthly));
        assert_eq!(list.business_from_monthly, Pence(1490));
        assert_eq!(list.add_ons_from_monthly, Pence(200));
        assert!(AddOn::ALL.into_iter().all(|add_on| add_on.monthly() >= list.add_ons_from_monthly));
        assert!(list.cloud_pbx_from_monthly < list.cloud_pbx_to_monthly);
        assert_eq!((list.residential_from_monthly, list.cloud_pbx_to_monthly), (Pence(800), Pence(4990)));
        assert_eq!((list.voice_recording.price, list.voice_recording.max_words), (Pence(2500), 150));
        let tiers = |offer: ConnectionOffer| -> Vec<(u32, &str, i64)> {
            offer.tiers.iter().map(|tier| (tier.speed_mbps, tier.speed_label, tier.monthly.0)).collect()
        };
        assert_eq!(list.business_broadband.agreement_months, 24);
        assert_eq!(
            tiers(list.business_broadband),
            [(100, "100 Mbps", 6810), (500, "500 Mbps", 11610), (1000, "1000 Mbps", 13560)]
        );
        assert_eq!(list.leased_lines.agreement_months, 36);
        assert_eq!(
            tiers(list.leased_lines),
            [(100, "100 Mbps", 29000), (1000, "1 Gbps", 35000), (10_000, "10 Gbps", 75000)]
        );
    }

    #[test]
    fn pence_display_in_pounds() {
        assert_eq!(Pence(4790).to_string(), "£47.90");
        assert_eq!(Pence(5).to_string(), "£0.05");
    }
}
