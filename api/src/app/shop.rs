//! The shop's legal identity, as its VAT receipts print it: the one place the server keeps
//! it (the web app's footer and legal pages carry the same name and office address in
//! webapp/src/config/site.ts).

/// Who sells: name, postal address and e-mail (the VAT registration is the `VAT_NUMBER`
/// setting: crate::platform::config).
#[derive(Debug, Clone, Copy)]
pub struct ShopIdentity {
    pub name: &'static str,
    /// The postal address, one line each.
    pub address: &'static [&'static str],
    pub email: &'static str,
}

/// The shop.
pub const SHOP: ShopIdentity = ShopIdentity {
    name: "Talkbridge",
    address: &["27 Great Sutton Street", "London", "EC1V 0DS", "United Kingdom"],
    email: "support@talkbridge.co.uk",
};
