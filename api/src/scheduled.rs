//! The jobs this server runs on schedule (and `voip-shop run-job NAME` runs once).

use std::sync::Arc;

use chrono::Utc;
use jobs::numbers::{release_expired, RELEASE_EXPIRED_NUMBERS};
use jobs::scheduler::Job;

use crate::state::AppState;

pub fn jobs(state: &AppState) -> Vec<Job> {
    let state = state.clone();
    vec![Job {
        name: RELEASE_EXPIRED_NUMBERS,
        // Every minute, at second 0.
        schedule: "0 * * * * *",
        run: Arc::new(move || {
            let state = state.clone();
            Box::pin(async move {
                let released = release_expired(&state.pool, &state.numbers, &state.carts, Utc::now()).await?;
                Ok(format!("{released} numbers released"))
            })
        }),
    }]
}
