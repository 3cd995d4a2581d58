//! The service order's confirmation e-mail (no passwords in it, ever).

use aggregates::pricing::{BillingCycle, Pence};
use aggregates::service_order::ServiceOrder;

/// The subject and body, or None for an order without lines. `passwords_shown`: the buyer
/// saw the SIP passwords on the confirmation page (else they are set later with support).
pub fn confirmation(order: &ServiceOrder, passwords_shown: bool) -> Option<(String, String)> {
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
        body.push_str(&format!("  {} (username {})\n", extension.number, extension.username));
    }
    if passwords_shown {
        body.push_str("\nYour SIP passwords were shown once on the confirmation page; our team will be in touch to help you set up.\n");
    } else {
        body.push_str(
            "\nYour payment was confirmed after you left the checkout, so your SIP passwords and account password have not been \
             set yet. Please contact support (9am to 5:30pm) and we will set them with you.\n",
        );
    }
    Some((format!("Your order {} is confirmed", order.order_number), body))
}
