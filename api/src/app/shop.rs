//! The shop's legal identity, as its VAT receipts print it: the one place the server keeps
//! it (the web app's footer and legal pages carry the same name and office address in
//! webapp/src/config/site.ts).

/// Who sells: name, postal address and VAT registration.
#[derive(Debug, Clone, Copy)]
pub struct ShopIdentity {
    pub name: &'static str,
    /// The postal address, one line each.
    pub address: &'static [&'static str],
    /// The UK VAT registration number receipts print.
    pub vat_number: &'static str,
    pub email: &'static str,
}

/// The shop. The VAT number was configured nowhere before VAT receipts needed it: it is set
/// here, and only here, and must be the company's own registration before going live.
pub const SHOP: ShopIdentity = ShopIdentity {
    name: "Talkbridge",
    address: &["27 Great Sutton Street", "London", "EC1V 0DS", "United Kingdom"],
    vat_number: "GB 284 7391 62",
    email: "support@talkbridge.co.uk",
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_vat_number_is_a_uk_registration() {
        let digits: String = SHOP.vat_number.chars().filter(char::is_ascii_digit).collect();
        assert!(SHOP.vat_number.starts_with("GB"));
        assert_eq!(digits.len(), 9);
    }
}
