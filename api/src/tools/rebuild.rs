//! `voip-shop rebuild-views`: rebuilds every read model from the event store while the site
//! keeps answering from the old one. Each read model owns its rebuild beside its fold in
//! projections/ (the engine and why it is safe under live writes: projections/src/rebuild.rs);
//! this file runs them one after the other with a progress bar, each reading the events
//! through the store's one reader (store::event_store::Reader).

use projections::rebuild::Watch;
pub use projections::rebuild::{RebuildError, Rebuilt};
use store::event_store::Reader;

use crate::app::state::AppState;
use crate::tools::progress::Progress;

/// The operator's progress bar (a log line per step when stderr is not a terminal).
#[derive(Default)]
struct Bar(Option<Progress>);

impl Watch for Bar {
    fn start(&mut self, table: &'static str, events: u64) {
        self.0 = Some(Progress::new(table, "events", events));
    }

    fn add(&mut self, events: u64) {
        if let Some(progress) = &mut self.0 {
            progress.add(events);
        }
    }

    fn finish(&mut self) {
        if let Some(progress) = &self.0 {
            progress.finish();
        }
    }
}

/// Every read model, one after the other.
pub async fn rebuild_all(state: &AppState) -> Result<Vec<Rebuilt>, RebuildError> {
    Ok(vec![
        rebuild_cart_views(state).await?,
        rebuild_order_views(state).await?,
        rebuild_transfer_views(state).await?,
        rebuild_call_credit_views(state).await?,
        rebuild_trial_views(state).await?,
        rebuild_quote_request_views(state).await?,
        rebuild_hardware_order_views(state).await?,
        rebuild_hardware_views(state).await?,
        rebuild_audit_log(state).await?,
        rebuild_number_inventory(state).await?,
        rebuild_sip_accounts(state).await?,
        rebuild_sip_numbers(state).await?,
    ])
}

/// The cart view.
pub async fn rebuild_cart_views(state: &AppState) -> Result<Rebuilt, RebuildError> {
    projections::cart::rebuild(&state.pool, &Reader, &mut Bar::default()).await
}

/// The order view.
pub async fn rebuild_order_views(state: &AppState) -> Result<Rebuilt, RebuildError> {
    projections::orders::rebuild(&state.pool, &Reader, &mut Bar::default()).await
}

/// The transfer view (number transfers).
pub async fn rebuild_transfer_views(state: &AppState) -> Result<Rebuilt, RebuildError> {
    projections::transfers::rebuild(&state.pool, &Reader, &mut Bar::default()).await
}

/// The call credit view (Pay As You Go credit).
pub async fn rebuild_call_credit_views(state: &AppState) -> Result<Rebuilt, RebuildError> {
    projections::call_credit::rebuild(&state.pool, &Reader, &mut Bar::default()).await
}

/// The trial view.
pub async fn rebuild_trial_views(state: &AppState) -> Result<Rebuilt, RebuildError> {
    projections::trials::rebuild(&state.pool, &Reader, &mut Bar::default()).await
}

/// The quote request view.
pub async fn rebuild_quote_request_views(state: &AppState) -> Result<Rebuilt, RebuildError> {
    projections::quotes::rebuild(&state.pool, &Reader, &mut Bar::default()).await
}

/// The hardware order view.
pub async fn rebuild_hardware_order_views(state: &AppState) -> Result<Rebuilt, RebuildError> {
    projections::hardware_orders::rebuild(&state.pool, &Reader, &mut Bar::default()).await
}

/// The hardware catalogue view.
pub async fn rebuild_hardware_views(state: &AppState) -> Result<Rebuilt, RebuildError> {
    projections::hardware::rebuild(&state.pool, &Reader, &mut Bar::default()).await
}

/// The admin audit log of catalogue changes.
pub async fn rebuild_audit_log(state: &AppState) -> Result<Rebuilt, RebuildError> {
    projections::hardware::rebuild_audit_log(&state.pool, &Reader, &mut Bar::default()).await
}

/// The number inventory's state columns.
pub async fn rebuild_number_inventory(state: &AppState) -> Result<Rebuilt, RebuildError> {
    projections::inventory::rebuild(&state.pool, &Reader, &mut Bar::default()).await
}

/// The SIP registrar's extensions (`sip_accounts`).
pub async fn rebuild_sip_accounts(state: &AppState) -> Result<Rebuilt, RebuildError> {
    projections::sip::rebuild(&state.pool, &Reader, &mut Bar::default()).await
}

/// The SIP registrar's routing of the shop's numbers (`sip_numbers`).
pub async fn rebuild_sip_numbers(state: &AppState) -> Result<Rebuilt, RebuildError> {
    projections::sip_numbers::rebuild(&state.pool, &Reader, &mut Bar::default()).await
}
