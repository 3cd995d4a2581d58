//! A signed-in buyer's billing against PostgreSQL and the Stripe stand-in: invoices, the
//! card on file, notice of cancellation (and keeping the service), and Pay As You Go credit
//! with its top-ups.

use aggregates::call_credit::{CallCredit, CallCreditEvent, CreditSource};
use serde_json::Value;

use crate::checkout::{cart, create_account, pay, CartSpec, OK_CARD};
use crate::helpers::{expect_ok, spawn_app, TestApp};

/// A Pay As You Go order with only a top-up of `top_up_pence`, paid and completed: its id.
pub(crate) async fn payg_order(app: &TestApp, email: &str, top_up_pence: i64) -> String {
    let spec = CartSpec {
        plan: "payAsYouGo",
        cycle: "monthly",
        quantity: 1,
        add_ons: &[],
        numbers: &[],
        top_up_pence: Some(top_up_pence),
    };
    let cart_id = cart(app, spec).await;
    let (_, charge, order) = pay(app, &cart_id, email, OK_CARD).await;
    assert_eq!(expect_ok(charge).await["status"], "succeeded");
    create_account(app, &order).await;
    order
}

#[tokio::test]
async fn the_checkouts_top_up_becomes_the_orders_call_credit_once() {
    let app = spawn_app().await;
    let order = payg_order(&app, "credit@example.com", 2500).await;
    let history = jobs::commands::history::<CallCredit>(&app.pool, &order).await.unwrap();
    assert_eq!(history.len(), 1, "one CreditBought: {history:?}");
    match &history[0].payload {
        CallCreditEvent::CreditBought { tenths, payment_reference, source, .. } => {
            assert_eq!((*tenths, *source), (25_000, CreditSource::Checkout));
            assert!(payment_reference.starts_with("pi_"));
        }
        other => panic!("not a purchase: {other:?}"),
    }
    assert_eq!(history[0].metadata.get("actor").map(String::as_str), Some("job"));
    let view: Value = sqlx::query_scalar::<_, sqlx::types::Json<Value>>(
        "SELECT payload::jsonb FROM call_credit_view WHERE view_id = $1",
    )
    .bind(&order)
    .fetch_one(&app.pool)
    .await
    .unwrap()
    .0;
    assert_eq!(view["balanceTenths"], 25_000);
    // Run again (a crash before the workflow's row went): nothing more is bought.
    sqlx::query(
        "INSERT INTO workflows (workflow, aggregate_id, sequence, latest) VALUES ('buy-credit', $1, 1, 1)
         ON CONFLICT DO NOTHING",
    )
    .bind(&order)
    .execute(&app.pool)
    .await
    .unwrap();
    let state = api::app::state::AppState::new(app.pool.clone());
    api::app::workflows::run(&state, api::app::workflows::BUY_CREDIT, &order).await.unwrap();
    assert_eq!(jobs::commands::history::<CallCredit>(&app.pool, &order).await.unwrap().len(), 1);
}
