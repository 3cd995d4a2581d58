//! `buy-credit`: a Pay As You Go order's top-up paid at the checkout (`PaymentSucceeded` of
//! its top-up part) becomes call credit (aggregates::call_credit): `BuyCredit` of the
//! top-up's amount before VAT, in tenths of a penny, by the payment that paid it. The credit
//! stores nothing for a payment it has recorded already, so a run after a crash (or two
//! runners) buys it once.

use aggregates::call_credit::{tenths_of, CallCreditCommand, CreditSource};
use aggregates::pricing::Pence;
use aggregates::service_order::ServiceOrder;
use store::commands::Context;
use store::workflows::Claim;

use crate::app::state::AppState;
use crate::platform::error::ApiError;

pub use super::triggers::BUY_CREDIT;

pub async fn run(state: &AppState, claim: Claim) -> Result<(), ApiError> {
    match buy(state, &claim.aggregate_id).await {
        Ok(()) => Ok(claim.finish(&state.pool).await?),
        Err(error) => super::failed(state, claim, error).await,
    }
}

/// The credit the order's paid top-up bought; nothing when it has no paid top-up.
async fn buy(state: &AppState, id: &str) -> Result<(), ApiError> {
    let (order, _) = crate::app::state::load::<ServiceOrder>(&state.pool, id).await?;
    let Some(reference) = order.top_up.paid_reference() else {
        return Ok(());
    };
    let amount = order.lines.as_ref().map_or(Pence::ZERO, |l| l.amounts.top_up_subtotal);
    if amount <= Pence::ZERO {
        return Ok(());
    }
    let command = CallCreditCommand::BuyCredit {
        tenths: tenths_of(amount),
        payment_reference: reference.to_string(),
        source: CreditSource::Checkout,
    };
    state.call_credits.cqrs.execute(&Context::job(BUY_CREDIT), id, command).await?;
    Ok(())
}
