//! The jobs this server runs on schedule (and `voip-shop run-job NAME` runs once).

use std::sync::Arc;

use chrono::Utc;
use jobs::numbers::{release_expired, RELEASE_EXPIRED_NUMBERS};
use jobs::outbox::{send_outbox, SEND_OUTBOX};
use jobs::purge::{purge_old_records, PURGE_OLD_RECORDS};
use jobs::scheduler::Job;

use crate::state::AppState;

pub fn jobs(state: &AppState) -> Vec<Job> {
    let trials = state.clone();
    let purge = state.clone();
    let mut jobs = vec![
        release_numbers(state.clone()),
        Job {
            name: crate::trial_jobs::END_TRIALS,
            // Every minute, at second 15.
            schedule: "15 * * * * *",
            run: Arc::new(move || {
                let state = trials.clone();
                Box::pin(async move { Ok(crate::trial_jobs::run(&state, state.clock.now()).await?.to_string()) })
            }),
        },
        Job {
            name: PURGE_OLD_RECORDS,
            // Daily at 03:20:00.
            schedule: "0 20 3 * * *",
            run: Arc::new(move || {
                let state = purge.clone();
                Box::pin(async move {
                    let report = purge_old_records(&state.pool, state.clock.now()).await.map_err(|e| e.to_string())?;
                    Ok(report.to_string())
                })
            }),
        },
    ];
    let orders = state.clone();
    jobs.push(Job {
        name: crate::reconcile::RECONCILE_PAYMENTS,
        // Every five minutes, at second 45.
        schedule: "45 */5 * * * *",
        run: Arc::new(move || {
            let state = orders.clone();
            Box::pin(async move { Ok(crate::reconcile::run(&state, state.clock.now()).await?.to_string()) })
        }),
    });
    if let Some(relay) = state.services.config.smtp.clone() {
        let state = state.clone();
        jobs.push(Job {
            name: SEND_OUTBOX,
            // Every minute, at second 30.
            schedule: "30 * * * * *",
            run: Arc::new(move || {
                let (state, relay) = (state.clone(), relay.clone());
                Box::pin(async move {
                    let sent = send_outbox(&state.pool, &relay).await?;
                    Ok(format!("{sent} e-mails sent"))
                })
            }),
        });
    }
    jobs
}

fn release_numbers(state: AppState) -> Job {
    Job {
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
    }
}
