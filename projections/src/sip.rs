//! Which extensions the SIP registrar lets register (`sip_accounts`, read by Kamailio through
//! the `subscriber` view), which of them may place outgoing calls (`may_call_out`, for the
//! call routing), and whether each is registered now (Kamailio's `location` table).
//!
//! The projection keeps no secret: an extension's digests are written by the API beside the
//! password it shows once (`sip_extensions`), inside the transaction that also stores the
//! order's or trial's event. The event reaches this projection before that transaction
//! commits, so the view joins the two tables instead of copying the digests: the extension
//! can register once both rows are committed, in whichever order that happens.

use aggregates::service_order::{ServiceOrder, ServiceOrderEvent};
use aggregates::trial::{Trial, TrialEvent};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use cqrs_es::{EventEnvelope, Query};
use sqlx::PgPool;

/// The realm of the SIP digests (HA1 = H(username:realm:password)) and of the registrar's
/// challenge (sip/kamailio.cfg). Changing it would void every stored digest.
pub const SIP_REALM: &str = "sip.talkbridge.example";

/// The live table.
pub const SIP_ACCOUNTS_TABLE: &str = "sip_accounts";

/// The owner of a trial's extensions in `sip_extensions` and `sip_accounts`; an order's are
/// owned by the order id itself.
pub fn trial_owner(trial_id: &str) -> String {
    format!("{TRIAL_OWNER_PREFIX}{trial_id}")
}

/// What a trial's owner starts with (an order's is its id alone).
pub const TRIAL_OWNER_PREFIX: &str = "trial:";

/// Lets an extension register, on `connection` (the transaction that stores the event which
/// makes the extension, so the registrar never waits for the projection; replaying the
/// event later only touches the row). `may_call_out`: whether it may place outgoing calls
/// (`sip_accounts.may_call_out`, read by the call routing): a service order's extensions
/// may; a trial's once its e-mail address is confirmed ([`allow_calls_on`]). A replay
/// never takes the right back: only the row's removal does.
pub async fn allow_on(
    connection: &mut sqlx::PgConnection,
    owner: &str,
    number: &str,
    username: &str,
    may_call_out: bool,
) -> Result<(), sqlx::Error> {
    sqlx::query!(
        "INSERT INTO sip_accounts (username, owner, number, domain, may_call_out) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (username) DO UPDATE SET owner = $2, number = $3, domain = $4,
             may_call_out = sip_accounts.may_call_out OR $5, updated_at = clock_timestamp()",
        username,
        owner,
        number,
        SIP_REALM,
        may_call_out
    )
    .execute(connection)
    .await?;
    Ok(())
}

/// Lets every extension of `owner` place outgoing calls (a trial whose e-mail address was
/// confirmed), on `connection` (the transaction that stores `EmailVerified`; the
/// projection's replay of the event does it again, harmlessly).
pub async fn allow_calls_on(connection: &mut sqlx::PgConnection, owner: &str) -> Result<(), sqlx::Error> {
    sqlx::query!("UPDATE sip_accounts SET may_call_out = true, updated_at = clock_timestamp() WHERE owner = $1", owner)
        .execute(connection)
        .await?;
    Ok(())
}

/// Refuses every extension of `owner` from now on, and forgets where they were registered
/// (again: nothing left to refuse changes nothing).
pub async fn remove(pool: &PgPool, owner: &str) -> Result<(), sqlx::Error> {
    let mut tx = pool.begin().await?;
    let usernames: Vec<String> =
        sqlx::query_scalar!("DELETE FROM sip_accounts WHERE owner = $1 RETURNING username", owner)
            .fetch_all(&mut *tx)
            .await?;
    sqlx::query!("DELETE FROM location WHERE username = ANY($1)", &usernames).execute(&mut *tx).await?;
    tx.commit().await
}

#[derive(Clone)]
pub struct SipAccountsQuery {
    pool: PgPool,
}

impl SipAccountsQuery {
    pub fn new(pool: PgPool) -> Self {
        SipAccountsQuery { pool }
    }

    /// Lets an extension register (again: a replay or rebuild only touches the row).
    async fn allow(&self, owner: &str, number: &str, username: &str, may_call_out: bool) -> Result<(), sqlx::Error> {
        let mut connection = self.pool.acquire().await?;
        allow_on(&mut connection, owner, number, username, may_call_out).await
    }

    async fn remove(&self, owner: &str) -> Result<(), sqlx::Error> {
        remove(&self.pool, owner).await
    }

    pub async fn apply_order(&self, id: &str, event: &ServiceOrderEvent) -> Result<(), sqlx::Error> {
        if let ServiceOrderEvent::AccountCreated { extensions, .. } = event {
            for extension in extensions {
                self.allow(id, &extension.number, &extension.username, true).await?;
            }
        }
        Ok(())
    }

    pub async fn apply_trial(&self, id: &str, event: &TrialEvent) -> Result<(), sqlx::Error> {
        match event {
            // A trial started before e-mail confirmation existed needs none: it may call out.
            TrialEvent::TrialStarted { extension, verify_by, .. } => {
                self.allow(&trial_owner(id), &extension.number, &extension.username, verify_by.is_none()).await
            }
            // docs/product-rules.md, Free trial: no outgoing call before the e-mail is confirmed.
            TrialEvent::EmailVerified { .. } => {
                allow_calls_on(&mut *self.pool.acquire().await?, &trial_owner(id)).await
            }
            // docs/product-rules.md, Free trial: an unconverted trial's service stops when it ends.
            TrialEvent::TrialEnded { .. } => self.remove(&trial_owner(id)).await,
            _ => Ok(()),
        }
    }

    /// After a rebuild replayed every event from `started`: rows no event touched since then
    /// belong to nothing the events know of and go.
    pub async fn sweep(&self, started: DateTime<Utc>) -> Result<u64, sqlx::Error> {
        let mut tx = self.pool.begin().await?;
        let usernames: Vec<String> =
            sqlx::query_scalar!("DELETE FROM sip_accounts WHERE updated_at < $1 RETURNING username", started)
                .fetch_all(&mut *tx)
                .await?;
        sqlx::query!("DELETE FROM location WHERE username = ANY($1)", &usernames).execute(&mut *tx).await?;
        tx.commit().await?;
        Ok(usernames.len() as u64)
    }
}

#[async_trait]
impl Query<ServiceOrder> for SipAccountsQuery {
    async fn dispatch(&self, id: &str, events: &[EventEnvelope<ServiceOrder>]) {
        for event in events {
            if let Err(error) = self.apply_order(id, &event.payload).await {
                tracing::error!(order = id, %error, "SIP account update failed; run rebuild-views");
            }
        }
    }
}

#[async_trait]
impl Query<Trial> for SipAccountsQuery {
    async fn dispatch(&self, id: &str, events: &[EventEnvelope<Trial>]) {
        for event in events {
            if let Err(error) = self.apply_trial(id, &event.payload).await {
                tracing::error!(trial = id, %error, "SIP account update failed; run rebuild-views");
            }
        }
    }
}

/// Of `usernames`, those registered now: a contact whose registration has not expired
/// (Kamailio writes `expires` in UTC and deletes a contact when the phone unregisters).
pub async fn registered(pool: &PgPool, usernames: &[String]) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar!(
        r#"SELECT DISTINCT username::text AS "username!" FROM location
         WHERE username = ANY($1) AND expires > (now() AT TIME ZONE 'UTC') ORDER BY 1"#,
        usernames
    )
    .fetch_all(pool)
    .await
}

/// Rebuilds the registrar's list of extensions: replays every order's and trial's events
/// through the projection into the live table (each step is idempotent, so the registrar
/// keeps answering meanwhile), then removes the rows no event accounts for.
pub async fn rebuild(
    pool: &PgPool,
    reader: &impl crate::events::EventReader,
    watch: &mut dyn crate::rebuild::Watch,
) -> Result<crate::rebuild::Rebuilt, crate::rebuild::RebuildError> {
    use cqrs_es::Aggregate;
    let types = [ServiceOrder::TYPE, Trial::TYPE];
    let mut replay =
        crate::rebuild::Replay::start(pool, reader, watch, SIP_ACCOUNTS_TABLE, &types, sip_rows(pool).await?).await?;
    let query = SipAccountsQuery::new(pool.clone());
    replay.each::<ServiceOrder, _>(async |id, event| query.apply_order(id, event).await).await?;
    replay.each::<Trial, _>(async |id, event| query.apply_trial(id, event).await).await?;
    let deleted = query.sweep(replay.since()).await?;
    Ok(replay.finish(deleted, sip_rows(pool).await?))
}

async fn sip_rows(pool: &PgPool) -> Result<u64, sqlx::Error> {
    let count: i64 = sqlx::query_scalar!(r#"SELECT count(*) AS "count!" FROM sip_accounts"#).fetch_one(pool).await?;
    Ok(count as u64)
}
