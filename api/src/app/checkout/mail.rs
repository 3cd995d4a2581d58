//! The service order's confirmation e-mail (no passwords in it, ever).

use aggregates::pricing::{BillingCycle, Pence};
use aggregates::service_order::ServiceOrder;

use crate::platform::config::SipServer;

/// Where a phone connects, as the thank-you pages show it next to each extension.
pub fn sip_server_line(sip: &SipServer) -> String {
    format!("SIP server {}, port {}, {}", sip.domain, sip.port, sip.transport)
}

/// When support answers the phone, as every e-mail that sends a buyer to support says.
pub const SUPPORT_HOURS: &str = "9am to 5:30pm";

/// What the e-mail says about the SIP passwords, which it never contains.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PasswordNote {
    /// The buyer saw them on the confirmation page.
    Shown,
    /// The payment was confirmed after the buyer left: support sets them with the buyer.
    NotSet,
    /// A copy sent again by staff, who cannot tell which of the two it was.
    Resent,
}

/// The subject and body, or None for an order without lines. `order_page` is the buyer's
/// page of the order, where a number transfer's letter of authority is signed.
pub fn confirmation(
    order: &ServiceOrder,
    passwords: PasswordNote,
    order_page: &str,
    sip: &SipServer,
) -> Option<(String, String)> {
    let lines = order.lines.as_ref()?;
    let per = match lines.billing_cycle {
        BillingCycle::Monthly => "month",
        BillingCycle::Yearly => "year",
    };
    let a = &lines.amounts;
    let mut body = format!(
        "Hello {},\n\nThank you for your order {}.\n\nPackage: {} x{}\nSubtotal: {} per {per}\nVAT (20%): {}\nTotal: {} per {per}\n",
        order.customer.first_name,
        order.order_number,
        lines.plan.name(),
        lines.quantity,
        a.subscription_subtotal,
        a.subscription_vat,
        a.subscription_total,
    );
    if a.top_up_subtotal > Pence::ZERO {
        body.push_str(&format!(
            "Top-up credit (one-time): {} + VAT {} = {}\n",
            a.top_up_subtotal, a.top_up_vat, a.top_up_total
        ));
    }
    body.push_str("\nExtensions:\n");
    for extension in &order.extensions {
        body.push_str(&format!("  {} (username {}, {})\n", extension.number, extension.username, sip_server_line(sip)));
    }
    body.push_str("Set up any SIP phone or softphone with the username, its SIP password and this server.\n");
    let note = match passwords {
        PasswordNote::Shown => {
            "\nYour SIP passwords were shown once on the confirmation page; our team will be in touch to help you set up.\n"
                .to_string()
        }
        PasswordNote::NotSet => format!(
            "\nYour payment was confirmed after you left the checkout, so your SIP passwords and account password have not been \
             set yet. Please contact support ({SUPPORT_HOURS}) and we will set them with you.\n"
        ),
        PasswordNote::Resent => format!(
            "\nThis is a copy of your order confirmation, sent again at your request. Your SIP passwords are never sent by \
             e-mail; if you do not have them, contact support ({SUPPORT_HOURS}) and we will set new ones with you.\n"
        ),
    };
    body.push_str(&note);
    // A completed order's transfers (each a Transfer from then on): a mobile's moves with its PAC code.
    let completed = order.status == aggregates::service_order::OrderStatus::Completed;
    let (mobiles, landlines): (Vec<_>, Vec<_>) = order.transfers().filter(|_| completed).partition(|n| n.pac.is_some());
    if !landlines.is_empty() {
        let numbers: Vec<&str> = landlines.iter().map(|n| n.value.as_str()).collect();
        body.push_str(&format!(
            "\nTransferring {}: to start, confirm your current provider's details and sign the letter of authority on \
             your order page: {order_page}\nWe e-mail you at each step; transfers usually complete in 2-3 business days.\n",
            numbers.join(" and ")
        ));
    }
    if !mobiles.is_empty() {
        let numbers: Vec<&str> = mobiles.iter().map(|n| n.value.as_str()).collect();
        body.push_str(&format!(
            "\nTransferring {}: we have the PAC code you gave, and we send the transfer to your mobile network within one \
             business day. Your order page shows where it stands: {order_page}\n",
            numbers.join(" and ")
        ));
    }
    Some((format!("Your order {} is confirmed", order.order_number), body))
}
