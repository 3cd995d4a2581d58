//! Answer shapes that more than one resource's routes send (a route imports no other route):
//! a card setup, an extension with its password shown once, and an order as its thank-you page
//! reads it.

use projections::orders::OrderView;
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

use crate::app::state::AppState;
use crate::platform::error::ApiError;

/// A card setup (Stripe setup intent) for the browser to confirm with Stripe.js.
#[derive(Serialize, ToSchema)]
pub(crate) struct SetupOut {
    pub(crate) client_secret: Option<String>,
    pub(crate) setup_intent_id: String,
    /// Stripe's status of the setup intent.
    pub(crate) status: String,
}

impl From<crate::app::checkout::gateway::CardSetup> for SetupOut {
    fn from(setup: crate::app::checkout::gateway::CardSetup) -> Self {
        SetupOut { client_secret: setup.client_secret, setup_intent_id: setup.id, status: setup.status }
    }
}

/// An extension with its SIP password, shown once (null on a replay).
#[derive(Serialize, ToSchema)]
pub(crate) struct ExtensionOut {
    pub(crate) number: String,
    pub(crate) username: String,
    pub(crate) password: Option<String>,
}

/// The order as its thank-you page reads it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct OrderOut {
    #[serde(flatten)]
    view: OrderView,
    /// The confirmation e-mail is queued.
    email_sent: bool,
    /// Where the confirmation e-mail stands: queued, retrying, sent, kept (the local
    /// mailbox of a shop without a mail relay) or failed; null before it is queued.
    email_status: Option<jobs::outbox::MailStatus>,
}

/// The order's view with where its confirmation e-mail stands, as GET /orders/{id} answers.
pub(crate) async fn order_out(state: &AppState, id: &str) -> Result<Value, ApiError> {
    let crate::app::checkout::OrderPage { view, email_sent, email_status } =
        crate::app::checkout::order_page(state, id).await?;
    let mut body = serde_json::to_value(OrderOut { view, email_sent, email_status }).map_err(ApiError::internal)?;
    // The view's bookkeeping is not part of the answer.
    if let Value::Object(map) = &mut body {
        map.remove("lastSequence");
    }
    Ok(body)
}
