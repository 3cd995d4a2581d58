//! Service follows the money (issue 44, item 7), against PostgreSQL and the Stripe stand-in:
//! each event kind delivered signed and read back from the stand-in, a replay changing
//! nothing, a forged or unsigned event refused, the daily reconciliation against
//! subscriptions changed directly at the stand-in, and admins suspending and restoring calls
//! out. Each test reads the rows the SIP registrar reads: `sip_call_suspensions`,
//! `sip_service_ends` (through `subscriber`, `sip_number_routes`), `sip_outbound_callers`.
//!
//! The stand-in (localstripe 1.15.10) has no disputes: a dispute event names a dispute the
//! stand-in cannot answer for, so in development the server reads back only the charge it
//! names (and the order through it); see api/src/app/stripe_events.rs.

use api::app::auth::Role;
use api::app::state::{AppState, Services};
use api::platform::config::{Config, Secret};
use reqwest::header::COOKIE;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::account_invoices_and_credit::sign_in as customer_sign_in;
use crate::checkout::{cart, charges_of, create_account, pay, single_user, CartSpec, DECLINED_AT_CHARGE, OK_CARD};
use crate::hardening::{signed, webhook};
use crate::hardware_routes::{as_staff, sign_in as staff_sign_in, Session};
use crate::helpers::{expect_error, expect_ok, spawn_app_with, stand_in, stripe, TestApp};

const SECRET: &str = "whsec_service_money";
const PAYMENT_FAILED: &str = "Payment failed: update your card in your account";
const ACCOUNT_SUSPENDED: &str = "Account suspended: contact support";

async fn app() -> TestApp {
    spawn_app_with(|c| c.payments.webhook_secret = Some(Secret::new(SECRET))).await
}

/// A paid, completed order: its id, its Stripe customer and subscription (none for Pay As
/// You Go), and its extension's SIP username.
struct Bought {
    id: String,
    customer: String,
    subscription: Option<String>,
    username: String,
}

async fn buy(app: &TestApp, spec: CartSpec<'_>, email: &str) -> Bought {
    let cart_id = cart(app, spec).await;
    let (_, charge, id) = pay(app, &cart_id, email, OK_CARD).await;
    let paid = expect_ok(charge).await;
    create_account(app, &id).await;
    let username: String = sqlx::query_scalar("SELECT username FROM sip_extensions WHERE owner = $1")
        .bind(&id)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    Bought {
        id,
        customer: paid["customerId"].as_str().unwrap().to_string(),
        subscription: paid["subscriptionId"].as_str().map(str::to_string),
        username,
    }
}

async fn subscription_order(app: &TestApp, email: &str) -> Bought {
    buy(app, single_user(&[]), email).await
}

async fn payg_order(app: &TestApp, email: &str) -> Bought {
    let spec = CartSpec {
        plan: "payAsYouGo",
        cycle: "monthly",
        quantity: 1,
        add_ons: &[],
        numbers: &[],
        top_up_pence: Some(1000),
    };
    buy(app, spec, email).await
}

/// Delivers a signed event of `kind` naming `object`; answers the webhook's JSON.
async fn deliver(app: &TestApp, event_id: &str, kind: &str, object: Value) -> Value {
    let body = json!({ "id": event_id, "type": kind, "data": { "object": object } }).to_string();
    expect_ok(webhook(app, &body, Some(signed(&body, SECRET))).await).await
}

/// The reason the registrar refuses `owner`'s calls out with, if it does.
async fn suspension(app: &TestApp, owner: &str) -> Option<String> {
    sqlx::query_scalar("SELECT reason FROM sip_call_suspensions WHERE owner = $1")
        .bind(owner)
        .fetch_optional(&app.pool)
        .await
        .unwrap()
}

/// What the registrar's calls-out function answers `username` calling a London number: its
/// refusal (the 403's reason phrase), if any.
async fn call_out_refusal(app: &TestApp, username: &str) -> Option<String> {
    let call = format!("test-{}", uuid::Uuid::new_v4().simple());
    sqlx::query_scalar("SELECT refusal FROM sip_call_out($1, '442079460000', $2)")
        .bind(username)
        .bind(call)
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

/// The service's end the registrar reads, if any: its reason and whether it has come.
async fn service_end(app: &TestApp, owner: &str) -> Option<(String, bool)> {
    sqlx::query_as("SELECT reason, ends_at <= now() FROM sip_service_ends WHERE owner = $1")
        .bind(owner)
        .fetch_optional(&app.pool)
        .await
        .unwrap()
}

/// Whether `username` may still register (the registrar's `subscriber` view).
async fn registers(app: &TestApp, username: &str) -> bool {
    sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM subscriber WHERE username = $1)")
        .bind(username)
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

async fn events_of(app: &TestApp, aggregate_type: &str, id: &str, event_type: &str) -> Vec<(String, Option<String>)> {
    sqlx::query_as(
        "SELECT metadata ->> 'actor', metadata ->> 'actor_name' FROM events
          WHERE aggregate_type = $1 AND aggregate_id = $2 AND event_type = $3 ORDER BY sequence",
    )
    .bind(aggregate_type)
    .bind(id)
    .bind(event_type)
    .fetch_all(&app.pool)
    .await
    .unwrap()
}

/// Makes the customer's subscription past due at the stand-in: a card that is refused becomes
/// the default, and the next invoice fails. Answers the failed invoice's id.
///
/// The stand-in marks a subscription past due only when an invoice it makes for the
/// subscription itself fails (an invoice paid through `/v1/invoices/{id}/pay` that fails
/// leaves it active): a change to a yearly price makes one at once.
async fn make_past_due(customer: &str, subscription: &str) -> String {
    use_card(customer, DECLINED_AT_CHARGE).await;
    let now = stripe(Method::GET, &format!("/subscriptions/{subscription}"), "").await;
    let item = now["items"]["data"][0]["id"].as_str().unwrap().to_string();
    let product = now["plan"]["product"].as_str().unwrap().to_string();
    let yearly = format!("plan_yearly_{}", uuid::Uuid::new_v4().simple());
    let form = format!("id={yearly}&amount=15590&currency=gbp&interval=year&product={product}");
    stripe(Method::POST, "/plans", &form).await;
    let form = format!("items[0][id]={item}&items[0][plan]={yearly}");
    stripe(Method::POST, &format!("/subscriptions/{subscription}"), &form).await;
    let now = stripe(Method::GET, &format!("/subscriptions/{subscription}"), "").await;
    assert_eq!(now["status"], "past_due", "{now}");
    now["latest_invoice"].as_str().unwrap().to_string()
}

/// Makes `card` the customer's default card at the stand-in.
async fn use_card(customer: &str, card: &str) {
    let form = format!("type=card&card[number]={card}&card[exp_month]=12&card[exp_year]=2034&card[cvc]=123");
    let method = stripe(Method::POST, "/payment_methods", &form).await;
    let pm = method["id"].as_str().unwrap().to_string();
    stripe(Method::POST, &format!("/payment_methods/{pm}/attach"), &format!("customer={customer}")).await;
    stripe(Method::POST, &format!("/customers/{customer}"), &format!("invoice_settings[default_payment_method]={pm}"))
        .await;
}

#[tokio::test]
async fn a_failed_invoice_suspends_calls_out_and_a_paid_one_restores_them() {
    let app = app().await;
    let order = subscription_order(&app, "past.due@example.com").await;
    let subscription = order.subscription.clone().unwrap();
    assert_eq!(suspension(&app, &order.id).await, None);

    let invoice = make_past_due(&order.customer, &subscription).await;
    let answer = deliver(&app, "evt_failed_1", "invoice.payment_failed", json!({ "id": invoice })).await;
    assert_eq!(answer["handled"], true, "{answer}");
    assert_eq!(suspension(&app, &order.id).await.as_deref(), Some(PAYMENT_FAILED));
    assert_eq!(call_out_refusal(&app, &order.username).await.as_deref(), Some(PAYMENT_FAILED));
    assert_eq!(events_of(&app, "ServiceOrder", &order.id, "CallsOutSuspended").await, [("webhook".into(), None)]);
    // Still registers and is still reached: only calls out stop.
    assert!(registers(&app, &order.username).await);
    // The buyer reads why in their account.
    let customer = customer_sign_in(&app, "past.due@example.com").await;
    let page = app
        .client
        .get(app.url(&format!("/api/account/orders/{}", order.id)))
        .header(COOKIE, &customer.cookie)
        .send()
        .await
        .unwrap();
    assert_eq!(expect_ok(page).await["callsOutSuspended"], PAYMENT_FAILED);

    // The subscription's own update, delivered too, changes nothing more.
    let update = deliver(&app, "evt_updated_1", "customer.subscription.updated", json!({ "id": subscription })).await;
    assert_eq!(update["handled"], false, "{update}");
    assert_eq!(events_of(&app, "ServiceOrder", &order.id, "CallsOutSuspended").await.len(), 1);

    // A new card pays the invoice: the subscription is active again, and so are calls out.
    use_card(&order.customer, OK_CARD).await;
    let paid = stripe(Method::POST, &format!("/invoices/{invoice}/pay"), "").await;
    assert_eq!(paid["status"], "paid", "{paid}");
    let answer = deliver(&app, "evt_paid_1", "invoice.payment_succeeded", json!({ "id": invoice })).await;
    assert_eq!(answer["handled"], true, "{answer}");
    assert_eq!(suspension(&app, &order.id).await, None);
    assert_ne!(call_out_refusal(&app, &order.username).await.as_deref(), Some(PAYMENT_FAILED));
    assert_eq!(events_of(&app, "ServiceOrder", &order.id, "CallsOutRestored").await, [("webhook".into(), None)]);
}

#[tokio::test]
async fn a_subscription_past_due_suspends_calls_out_once_however_often_it_is_told() {
    let app = app().await;
    let order = subscription_order(&app, "told.twice@example.com").await;
    let subscription = order.subscription.clone().unwrap();
    make_past_due(&order.customer, &subscription).await;
    let object = json!({ "id": subscription, "status": "past_due" });
    let first = deliver(&app, "evt_sub_1", "customer.subscription.updated", object.clone()).await;
    assert_eq!(first["handled"], true, "{first}");
    // The same delivery again (Stripe retries): taken already.
    let again = deliver(&app, "evt_sub_1", "customer.subscription.updated", object.clone()).await;
    assert_eq!(again["duplicate"], true, "{again}");
    // Another event saying the same: handled, nothing changed.
    let other = deliver(&app, "evt_sub_2", "customer.subscription.updated", object).await;
    assert_eq!(other["handled"], false, "{other}");
    assert_eq!(events_of(&app, "ServiceOrder", &order.id, "CallsOutSuspended").await.len(), 1);
    assert_eq!(suspension(&app, &order.id).await.as_deref(), Some(PAYMENT_FAILED));
}

#[tokio::test]
async fn a_deleted_subscription_ends_the_service_numbers_and_logins() {
    let app = app().await;
    let order = subscription_order(&app, "deleted@example.com").await;
    let subscription = order.subscription.clone().unwrap();
    assert!(registers(&app, &order.username).await);
    let cancelled = stripe(Method::DELETE, &format!("/subscriptions/{subscription}"), "").await;
    assert_eq!(cancelled["status"], "canceled", "{cancelled}");

    let answer = deliver(&app, "evt_deleted_1", "customer.subscription.deleted", json!({ "id": subscription })).await;
    assert_eq!(answer["handled"], true, "{answer}");
    assert_eq!(service_end(&app, &order.id).await, Some(("Service cancelled".into(), true)));
    assert!(!registers(&app, &order.username).await, "its logins stop registering");
    let routes: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM sip_number_routes r JOIN sip_numbers n USING (number) WHERE n.owner = $1",
    )
    .bind(&order.id)
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(routes, 0, "its numbers answer 404");
    assert_eq!(events_of(&app, "ServiceOrder", &order.id, "SubscriptionCancelled").await, [("webhook".into(), None)]);
    // The buyer is told once.
    let mails: i64 = sqlx::query_scalar("SELECT count(*) FROM outbox WHERE kind = 'subscription_cancelled'")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(mails, 1);

    // Delivered again under another id: nothing more.
    let again = deliver(&app, "evt_deleted_2", "customer.subscription.deleted", json!({ "id": subscription })).await;
    assert_eq!(again["handled"], false, "{again}");
    assert_eq!(events_of(&app, "ServiceOrder", &order.id, "SubscriptionCancelled").await.len(), 1);
}

#[tokio::test]
async fn a_disputed_top_up_suspends_the_account_and_freezes_its_credit() {
    let app = app().await;
    let order = payg_order(&app, "disputed@example.com").await;
    let refusal = |app: &TestApp, username: String| {
        let pool = app.pool.clone();
        async move {
            sqlx::query_scalar::<_, Option<String>>("SELECT refusal FROM sip_outbound_callers WHERE username = $1")
                .bind(username)
                .fetch_one(&pool)
                .await
                .unwrap()
        }
    };
    assert_eq!(refusal(&app, order.username.clone()).await, None, "the credit pays for calls out");
    let charge = charges_of(&order.customer).await.into_iter().find(|c| c["status"] == "succeeded").unwrap();
    let charge_id = charge["id"].as_str().unwrap();

    let dispute = json!({ "id": "dp_test_1", "object": "dispute", "charge": charge_id, "status": "needs_response" });
    let answer = deliver(&app, "evt_dispute_1", "charge.dispute.created", dispute.clone()).await;
    assert_eq!(answer["handled"], true, "{answer}");
    assert_eq!(suspension(&app, &order.id).await.as_deref(), Some(ACCOUNT_SUSPENDED));
    assert_eq!(call_out_refusal(&app, &order.username).await.as_deref(), Some(ACCOUNT_SUSPENDED));
    let frozen: bool =
        sqlx::query_scalar("SELECT (payload ->> 'frozen')::boolean FROM call_credit_view WHERE view_id = $1")
            .bind(&order.id)
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert!(frozen);
    // Whatever the suspension, a frozen credit has nothing to spend for the registrar.
    assert_eq!(refusal(&app, order.username.clone()).await.as_deref(), Some("No call credit left"));
    assert_eq!(events_of(&app, "CallCredit", &order.id, "CreditFrozen").await, [("webhook".into(), None)]);
    // The dispute's later events change nothing more.
    let funds = deliver(&app, "evt_dispute_2", "charge.dispute.funds_withdrawn", dispute).await;
    assert_eq!(funds["handled"], false, "{funds}");
    assert_eq!(events_of(&app, "ServiceOrder", &order.id, "CallsOutSuspended").await.len(), 1);
    // A closed dispute is not taken on the event's word (the stand-in cannot say it was won).
    let won = json!({ "id": "dp_test_1", "object": "dispute", "charge": charge_id, "status": "won" });
    let closed = deliver(&app, "evt_dispute_3", "charge.dispute.closed", won).await;
    assert_eq!(closed["handled"], false, "{closed}");
    assert_eq!(suspension(&app, &order.id).await.as_deref(), Some(ACCOUNT_SUSPENDED));
}

#[tokio::test]
async fn a_disputed_subscription_payment_is_traced_to_its_order_through_the_invoice() {
    let app = app().await;
    let order = subscription_order(&app, "disputed.plan@example.com").await;
    let charge = charges_of(&order.customer).await.into_iter().find(|c| c["status"] == "succeeded").unwrap();
    let dispute = json!({ "id": "dp_test_2", "charge": charge["id"], "status": "needs_response" });
    let answer = deliver(&app, "evt_dispute_plan", "charge.dispute.created", dispute).await;
    assert_eq!(answer["handled"], true, "{answer}");
    assert_eq!(suspension(&app, &order.id).await.as_deref(), Some(ACCOUNT_SUSPENDED));
    // A plan with included minutes has no credit to freeze.
    assert!(events_of(&app, "CallCredit", &order.id, "CreditFrozen").await.is_empty());
}

#[tokio::test]
async fn forged_and_unsigned_events_change_nothing() {
    let app = app().await;
    let order = subscription_order(&app, "forged@example.com").await;
    let subscription = order.subscription.clone().unwrap();
    let body = json!({ "id": "evt_forged_1", "type": "customer.subscription.deleted", "data": { "object": { "id": subscription, "status": "canceled" } } }).to_string();
    expect_error(webhook(&app, &body, None).await, StatusCode::BAD_REQUEST, "bad_signature").await;
    let wrong = signed(&body, "whsec_someone_else");
    expect_error(webhook(&app, &body, Some(wrong)).await, StatusCode::BAD_REQUEST, "bad_signature").await;
    // Even signed, the event's word is not taken: the stand-in says the subscription is active.
    for (id, kind) in
        [("evt_forged_2", "customer.subscription.deleted"), ("evt_forged_3", "customer.subscription.updated")]
    {
        let object = json!({ "id": subscription, "status": "past_due" });
        assert_eq!(deliver(&app, id, kind, object).await["handled"], false);
    }
    // A dispute of a charge the stand-in never made, and an invoice it never made.
    let made_up = json!({ "id": "dp_forged", "charge": "ch_madeup", "status": "needs_response" });
    assert_eq!(deliver(&app, "evt_forged_4", "charge.dispute.created", made_up).await["handled"], false);
    assert_eq!(
        deliver(&app, "evt_forged_5", "invoice.payment_failed", json!({ "id": "in_madeup" })).await["handled"],
        false
    );
    assert_eq!(suspension(&app, &order.id).await, None);
    assert_eq!(service_end(&app, &order.id).await, None);
    assert!(registers(&app, &order.username).await);
}

#[tokio::test]
async fn the_daily_reconciliation_follows_subscriptions_changed_at_stripe_once() {
    let app = app().await;
    let cancelled = subscription_order(&app, "cancelled.at.stripe@example.com").await;
    let late = subscription_order(&app, "late.payer@example.com").await;
    let fine = subscription_order(&app, "fine@example.com").await;
    // Changed at Stripe directly; no webhook ever comes.
    stripe(Method::DELETE, &format!("/subscriptions/{}", cancelled.subscription.clone().unwrap()), "").await;
    make_past_due(&late.customer, late.subscription.as_deref().unwrap()).await;

    let mut config = Config::development();
    config.payments.api_base = stand_in();
    let state = AppState::new(app.pool.clone()).with_services(Services::from_config(&config).unwrap());
    let report = api::scheduled::reconcile_subscriptions(&state).await.unwrap();
    assert_eq!((report.checked, report.ended, report.suspended, report.unchanged, report.failed), (3, 1, 1, 1, 0));
    assert_eq!(
        report.to_string(),
        "subscriptions reconciled: 3 checked, 1 ended, 1 suspended, 0 restored, 1 as they were, 0 to try again"
    );
    assert_eq!(service_end(&app, &cancelled.id).await, Some(("Service cancelled".into(), true)));
    assert!(!registers(&app, &cancelled.username).await);
    assert_eq!(suspension(&app, &late.id).await.as_deref(), Some(PAYMENT_FAILED));
    assert_eq!(suspension(&app, &fine.id).await, None);
    assert_eq!(service_end(&app, &fine.id).await, None);
    let job = || vec![("job".to_string(), Some("reconcile-subscriptions".to_string()))];
    assert_eq!(events_of(&app, "ServiceOrder", &cancelled.id, "SubscriptionCancelled").await, job());
    assert_eq!(events_of(&app, "ServiceOrder", &late.id, "CallsOutSuspended").await, job());

    // Again: the ended service is not asked about, the rest is as it was.
    let again = api::scheduled::reconcile_subscriptions(&state).await.unwrap();
    assert_eq!((again.checked, again.ended, again.suspended, again.unchanged), (2, 0, 0, 2));
    assert_eq!(events_of(&app, "ServiceOrder", &late.id, "CallsOutSuspended").await.len(), 1);
}

async fn staff_post(app: &TestApp, session: Option<&Session>, path: &str, body: Value) -> reqwest::Response {
    let request = app.client.post(app.url(path)).json(&body);
    let request = match session {
        Some(session) => as_staff(request, session),
        None => request,
    };
    request.send().await.unwrap()
}

#[tokio::test]
async fn only_an_admin_suspends_and_restores_calls_out_with_a_reason() {
    let app = app().await;
    let order = subscription_order(&app, "watched@example.com").await;
    let suspend = format!("/api/admin/orders/service/{}/suspend-calls-out", order.id);
    let restore = format!("/api/admin/orders/service/{}/restore-calls-out", order.id);
    let reason = json!({ "reason": "Unusual calls abroad: call us on 0800 000 000" });

    expect_error(staff_post(&app, None, &suspend, reason.clone()).await, StatusCode::UNAUTHORIZED, "not_signed_in")
        .await;
    let support = staff_sign_in(&app, "sam@talkbridge.example", Role::Support).await;
    expect_error(staff_post(&app, Some(&support), &suspend, reason.clone()).await, StatusCode::FORBIDDEN, "forbidden")
        .await;
    assert_eq!(suspension(&app, &order.id).await, None);

    let admin = staff_sign_in(&app, "alex@talkbridge.example", Role::Admin).await;
    let bad = json!({ "reason": "two\nlines" });
    expect_error(
        staff_post(&app, Some(&admin), &suspend, bad).await,
        StatusCode::UNPROCESSABLE_ENTITY,
        "suspension_reason_invalid",
    )
    .await;
    let history = expect_ok(staff_post(&app, Some(&admin), &suspend, reason.clone()).await).await;
    assert_eq!(history["actions"]["callsOut"]["suspended"], "Unusual calls abroad: call us on 0800 000 000");
    assert_eq!(history["actions"]["callsOut"]["cause"], "staff");
    let sentences: Vec<&str> =
        history["events"].as_array().unwrap().iter().map(|e| e["sentence"].as_str().unwrap()).collect();
    assert!(
        sentences.iter().any(|s| s.starts_with("Calls out suspended by alex@talkbridge.example, staff")),
        "{sentences:?}"
    );
    assert_eq!(suspension(&app, &order.id).await.as_deref(), Some("Unusual calls abroad: call us on 0800 000 000"));
    // The same again: nothing more.
    expect_ok(staff_post(&app, Some(&admin), &suspend, reason).await).await;
    assert_eq!(
        events_of(&app, "ServiceOrder", &order.id, "CallsOutSuspended").await,
        [("staff".into(), Some("alex@talkbridge.example".into()))]
    );

    let why = json!({ "reason": "Spoke to the customer" });
    expect_error(staff_post(&app, None, &restore, why.clone()).await, StatusCode::UNAUTHORIZED, "not_signed_in").await;
    expect_error(staff_post(&app, Some(&support), &restore, why.clone()).await, StatusCode::FORBIDDEN, "forbidden")
        .await;
    assert!(suspension(&app, &order.id).await.is_some());
    let history = expect_ok(staff_post(&app, Some(&admin), &restore, why.clone()).await).await;
    assert_eq!(history["actions"]["callsOut"]["suspended"], Value::Null);
    assert_eq!(suspension(&app, &order.id).await, None);
    // Support staff are not offered it.
    let path = format!("/api/admin/orders/service/{}/history", order.id);
    let seen = expect_ok(crate::hardware_routes::staff_get(&app, &support, &path).await).await;
    assert_eq!(seen["actions"]["callsOut"], Value::Null);
    expect_error(staff_post(&app, Some(&admin), &restore, why).await, StatusCode::CONFLICT, "calls_out_not_suspended")
        .await;
}

#[tokio::test]
async fn an_admin_restoring_a_disputed_account_unfreezes_its_credit() {
    let app = app().await;
    let order = payg_order(&app, "forgiven@example.com").await;
    let charge = charges_of(&order.customer).await.into_iter().find(|c| c["status"] == "succeeded").unwrap();
    let dispute = json!({ "id": "dp_test_3", "charge": charge["id"], "status": "needs_response" });
    assert_eq!(deliver(&app, "evt_dispute_4", "charge.dispute.created", dispute).await["handled"], true);
    let admin = staff_sign_in(&app, "alex@talkbridge.example", Role::Admin).await;
    // A dispute stands: it is lifted first, not written over.
    let suspend = format!("/api/admin/orders/service/{}/suspend-calls-out", order.id);
    let over = staff_post(&app, Some(&admin), &suspend, json!({ "reason": "Checking" })).await;
    expect_error(over, StatusCode::CONFLICT, "calls_out_suspended_for_dispute").await;
    let restore = format!("/api/admin/orders/service/{}/restore-calls-out", order.id);
    expect_ok(staff_post(&app, Some(&admin), &restore, json!({ "reason": "Dispute withdrawn by the bank" })).await)
        .await;
    assert_eq!(suspension(&app, &order.id).await, None);
    let frozen: bool =
        sqlx::query_scalar("SELECT (payload ->> 'frozen')::boolean FROM call_credit_view WHERE view_id = $1")
            .bind(&order.id)
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert!(!frozen);
    let refusal: Option<String> = sqlx::query_scalar("SELECT refusal FROM sip_outbound_callers WHERE username = $1")
        .bind(&order.username)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(refusal, None, "the credit pays for calls out again");
    let now = call_out_refusal(&app, &order.username).await;
    assert!(!matches!(now.as_deref(), Some(ACCOUNT_SUSPENDED | "No call credit left")), "{now:?}");
}
