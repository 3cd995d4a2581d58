//! What a signed-in customer does to the services they bought, on their account pages: a new
//! SIP password for one of their extensions, their number transfers and the letter of
//! authority signed from there, and the VAT receipt of a desk-phone order. Every change is a
//! command whose event names the customer (`Actor::Customer`), so support's history of the
//! order shows who did it; every read and change first checks the order is the customer's
//! (crate::app::customer_sessions).

use aggregates::hardware_order::{HardwareOrder, HardwareOrderStatus};
use aggregates::pricing::Pence;
use aggregates::transfer::TransferDetails;
use chrono::{DateTime, Utc};
use cqrs_es::persist::ViewRepository;
use projections::orders::TransferLine;

use crate::app::customer_sessions::{
    require_hardware_order_owner, require_order_owner, require_trial_owner, SignedInCustomer,
};
use crate::app::shop::{ShopIdentity, SHOP};
use crate::app::sip_passwords::{self, Extensions};
use crate::app::state::{load, AppState};
use crate::platform::error::ApiError;
use crate::platform::refusals::RECEIPT_NOT_AVAILABLE;
use store::commands::{Context, BUYER};

fn acting(customer: &SignedInCustomer) -> Context {
    Context::new(customer.actor())
}

/// A new password for extension `number` of the customer's service order `id`: answers its
/// SIP username and the password, shown once.
pub async fn reset_order_sip_password(
    state: &AppState,
    customer: &SignedInCustomer,
    id: &str,
    number: &str,
) -> Result<(String, String), ApiError> {
    require_order_owner(state, customer, id).await?;
    sip_passwords::reset(state, &acting(customer), Extensions::Order(id), number).await
}

/// As [`reset_order_sip_password`] for the extension of the customer's free trial.
pub async fn reset_trial_sip_password(
    state: &AppState,
    customer: &SignedInCustomer,
    id: &str,
    number: &str,
) -> Result<(String, String), ApiError> {
    require_trial_owner(state, customer, id).await?;
    sip_passwords::reset(state, &acting(customer), Extensions::Trial(id), number).await
}

/// The number transfers of the customer's service order, each as its transfer's view has it
/// (none: the order transfers no number in).
pub async fn transfers(state: &AppState, customer: &SignedInCustomer, id: &str) -> Result<Vec<TransferLine>, ApiError> {
    require_order_owner(state, customer, id).await?;
    order_transfers(state, id).await
}

async fn order_transfers(state: &AppState, id: &str) -> Result<Vec<TransferLine>, ApiError> {
    let Some(view) = state.orders.views.load(id).await.map_err(ApiError::internal)? else {
        return Ok(vec![]);
    };
    Ok(crate::app::transfers::with_transfers(state, view).await?.ports)
}

/// The customer signs the letter of authority of one of their order's transfers (or corrects
/// the details signed before): answers the order's transfers as they stand now.
pub async fn sign_letter_of_authority(
    state: &AppState,
    customer: &SignedInCustomer,
    id: &str,
    number: &str,
    details: TransferDetails,
) -> Result<Vec<TransferLine>, ApiError> {
    require_order_owner(state, customer, id).await?;
    crate::app::transfers::confirm_details(state, &acting(customer), id, number, details).await?;
    order_transfers(state, id).await
}

/// Who may take the buyer's steps of a transfer through the order's public page: the browser
/// that placed the order (its order secret), or the signed-in customer who owns it. Answers
/// the actor of the step; 404 `order_not_found` without such an order, 403
/// `order_secret_mismatch` for anyone else (the order id alone is in every e-mail and link,
/// so it proves nothing).
pub async fn transfer_signer(
    state: &AppState,
    id: &str,
    secret: Option<&str>,
    customer: Option<&SignedInCustomer>,
) -> Result<Context, ApiError> {
    if load::<aggregates::service_order::ServiceOrder>(&state.pool, id).await?.1 == 0 {
        return Err(aggregates::service_order::ServiceOrderError::NotFound.into());
    }
    if secret.is_some() && crate::app::checkout::check_order_secret(state, id, secret).await.is_ok() {
        return Ok(BUYER);
    }
    if let Some(customer) = customer {
        if require_order_owner(state, customer, id).await.is_ok() {
            return Ok(acting(customer));
        }
    }
    Err(crate::app::order_secrets::mismatch(id))
}

/// One line of a VAT receipt: a desk phone, or the delivery.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReceiptLine {
    pub description: String,
    pub quantity: u32,
    /// Each, before VAT.
    pub unit_price_pence: Pence,
    /// `quantity` x `unitPricePence`, before VAT.
    pub net_pence: Pence,
}

/// The shop as the receipt names it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReceiptSeller {
    pub name: String,
    /// The postal address, one line each.
    pub address: Vec<String>,
    pub vat_number: String,
    pub email: String,
}

impl ReceiptSeller {
    /// The shop with its VAT registration (the `VAT_NUMBER` setting).
    pub fn new(shop: ShopIdentity, vat_number: &str) -> Self {
        ReceiptSeller {
            name: shop.name.to_string(),
            address: shop.address.iter().map(|line| line.to_string()).collect(),
            vat_number: vat_number.to_string(),
            email: shop.email.to_string(),
        }
    }
}

/// A paid desk-phone order's VAT receipt, every amount in pence as the order was charged:
/// `netPence + vatPence = totalPence`.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HardwareReceipt {
    pub receipt_number: String,
    pub order_id: String,
    pub order_number: String,
    pub paid_at: DateTime<Utc>,
    pub seller: ReceiptSeller,
    /// The buyer's name and e-mail.
    pub customer_name: String,
    pub customer_email: String,
    /// The delivery address, one line each.
    pub delivery_address: Vec<String>,
    pub lines: Vec<ReceiptLine>,
    pub net_pence: Pence,
    /// The VAT rate, in percent.
    pub vat_rate: i64,
    pub vat_pence: Pence,
    pub total_pence: Pence,
    /// Given back since (refunds), included in nothing above; 0 when none.
    pub refunded_pence: Pence,
}

/// 409: the order has no receipt (it was never paid, or was cancelled unpaid).
pub fn not_paid() -> ApiError {
    ApiError::refused(&RECEIPT_NOT_AVAILABLE)
}

/// The VAT receipt of a paid hardware order, from its events (the aggregate as they make it).
pub fn receipt_of(id: &str, order: &HardwareOrder, seller: ReceiptSeller) -> Result<HardwareReceipt, ApiError> {
    let paid_at = order.paid_at.filter(|_| order.status.is_paid()).ok_or_else(not_paid)?;
    let mut lines: Vec<ReceiptLine> = order
        .lines
        .iter()
        .map(|line| ReceiptLine {
            description: line.name.clone(),
            quantity: line.quantity,
            unit_price_pence: line.unit_price,
            net_pence: line.line_total(),
        })
        .collect();
    if let Some(shipping) = order.shipping {
        lines.push(ReceiptLine {
            description: format!("Delivery: {} ({})", shipping.name(), shipping.carrier()),
            quantity: 1,
            unit_price_pence: order.amounts.shipping,
            net_pence: order.amounts.shipping,
        });
    }
    let amounts = order.amounts;
    let net_pence = Pence(amounts.items.0.saturating_add(amounts.shipping.0));
    if net_pence.0.saturating_add(amounts.vat.0) != amounts.total.0 {
        return Err(ApiError::internal(format!("hardware order {id}: net and VAT do not make its total")));
    }
    let address = &order.address;
    let delivery_address = [&address.line1, &address.line2, &address.city, &address.postal_code, &address.country]
        .into_iter()
        .filter(|line| !line.trim().is_empty())
        .cloned()
        .collect();
    let digits = order.order_number.trim_start_matches("HW-");
    Ok(HardwareReceipt {
        receipt_number: format!("RC-{digits}"),
        order_id: id.to_string(),
        order_number: order.order_number.clone(),
        paid_at,
        seller,
        customer_name: format!("{} {}", order.customer.first_name, order.customer.last_name).trim().to_string(),
        customer_email: order.customer.email.clone(),
        delivery_address,
        lines,
        net_pence,
        vat_rate: aggregates::pricing::VAT_PERCENT,
        vat_pence: amounts.vat,
        total_pence: amounts.total,
        refunded_pence: order.refunded(),
    })
}

/// The VAT receipt of the customer's paid hardware order `id`.
pub async fn hardware_receipt(
    state: &AppState,
    customer: &SignedInCustomer,
    id: &str,
) -> Result<HardwareReceipt, ApiError> {
    require_hardware_order_owner(state, customer, id).await?;
    let (order, _) = load::<HardwareOrder>(&state.pool, id).await?;
    if order.status == HardwareOrderStatus::New {
        return Err(aggregates::hardware_order::HardwareOrderError::NotPlaced.into());
    }
    receipt_of(id, &order, ReceiptSeller::new(SHOP, &state.services.config.vat_number))
}

#[cfg(test)]
mod tests {
    use aggregates::hardware_order::{
        HardwareAmounts, HardwareCustomer, HardwareLine, HardwareOrderEvent, ShippingAddress, ShippingOption,
    };
    use chrono::TimeZone;
    use cqrs_es::Aggregate;

    use super::*;

    fn placed() -> HardwareOrderEvent {
        let lines = vec![
            HardwareLine { product_id: "p1".into(), name: "Yealink T54W".into(), unit_price: Pence(6400), quantity: 2 },
            HardwareLine { product_id: "p2".into(), name: "Poly VVX 250".into(), unit_price: Pence(4999), quantity: 1 },
        ];
        HardwareOrderEvent::OrderPlaced {
            order_number: "HW-123456".into(),
            cart_id: "c1".into(),
            amounts: HardwareAmounts::compute(&lines, Some(ShippingOption::Express)),
            lines,
            shipping: ShippingOption::Express,
            customer: HardwareCustomer {
                email: "jo@example.com".into(),
                first_name: "Jo".into(),
                last_name: "Bloggs".into(),
                phone: "07700900123".into(),
            },
            address: ShippingAddress {
                line1: "1 High St".into(),
                line2: String::new(),
                city: "Leeds".into(),
                postal_code: "LS1 1AA".into(),
                country: "GB".into(),
            },
            placed_at: Utc.with_ymd_and_hms(2026, 11, 26, 10, 0, 0).unwrap(),
        }
    }

    fn order(events: Vec<HardwareOrderEvent>) -> HardwareOrder {
        let mut order = HardwareOrder::default();
        for event in events {
            order.apply(event);
        }
        order
    }

    #[test]
    fn a_paid_orders_receipt_adds_up_in_pence() {
        let paid_at = Utc.with_ymd_and_hms(2026, 11, 26, 10, 5, 0).unwrap();
        let paid = HardwareOrderEvent::PaymentRecorded {
            payment_intent_id: "pi_1".into(),
            amount: Pence(21977),
            status: "succeeded".into(),
            paid_at,
        };
        let receipt =
            receipt_of("o1", &order(vec![placed(), paid]), ReceiptSeller::new(SHOP, "GB 123 4567 89")).unwrap();
        // 2 x 64.00 + 49.99 + 8.45 delivery = 186.44 net; VAT 20% = 37.288 -> 37.29; 223.73.
        assert_eq!(receipt.net_pence, Pence(18644));
        assert_eq!(receipt.vat_pence, Pence(3729));
        assert_eq!(receipt.total_pence, Pence(22373));
        assert_eq!(receipt.net_pence.0 + receipt.vat_pence.0, receipt.total_pence.0);
        assert_eq!(receipt.lines.iter().map(|l| l.net_pence.0).sum::<i64>(), receipt.net_pence.0);
        assert_eq!(receipt.lines.len(), 3);
        assert_eq!(receipt.lines[0].net_pence, Pence(12800));
        assert!(receipt.lines[2].description.starts_with("Delivery: "));
        assert_eq!(receipt.receipt_number, "RC-123456");
        assert_eq!(receipt.paid_at, paid_at);
        assert_eq!(receipt.vat_rate, 20);
        assert_eq!(receipt.seller.vat_number, "GB 123 4567 89");
        assert_eq!(receipt.delivery_address, vec!["1 High St", "Leeds", "LS1 1AA", "GB"]);
        assert_eq!(receipt.refunded_pence, Pence::ZERO);
    }

    #[test]
    fn an_unpaid_order_has_no_receipt() {
        let refused = receipt_of("o1", &order(vec![placed()]), ReceiptSeller::new(SHOP, "GB 123 4567 89")).unwrap_err();
        assert!(refused.is(&RECEIPT_NOT_AVAILABLE), "{refused:?}");
    }
}
