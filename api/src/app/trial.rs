//! The free trial's use cases (docs/product-rules.md, Free trial): the start (the account,
//! one free number and extension 101, in one transaction), the optional card saved for after
//! the seven days, the trial as its page reads it, and the confirmation of its e-mail address
//! through the link e-mailed to it. The routes (crate::http::routes::trial) only turn these
//! into answers.

use aggregates::customer::Extension;
use aggregates::phone_number::{PhoneNumberCommand, PhoneNumberError};
use aggregates::trial::TrialStep;
use aggregates::trial::{TrialCommand, TrialError, TrialStatus};
use cqrs_es::persist::ViewRepository;
use cqrs_es::AggregateError;
use jobs::mail::MailKind;
use projections::inventory;
use projections::trials::{TrialView, TrialViewStatus};
use uuid::Uuid;

use crate::app::account_form::{CustomerInfo, FieldErrors};
use crate::app::accounts::{self, Owner, Proof};
use crate::app::card_setups;
use crate::app::checkout::gateway::{CardSetup, SetupState};
use crate::app::faults;
use crate::app::locks::locked;
use crate::app::payments::failures::payment_failure;
use crate::app::sip_extensions;
use crate::app::state::AppState;
use crate::app::workflows::{self, trial::START_TRIAL};
use crate::platform::client::ClientAddress;
use crate::platform::error::ApiError;
use crate::platform::limits;
use crate::platform::refusals::{
    CARD_FORM_FAILED, NOT_A_CARD_OF_THE_TRIAL, NOT_A_FREE_TRIAL_NUMBER, PROVIDER_DOWN, TRIAL_ALREADY_USED,
    TRIAL_CONFIRMED_ELSEWHERE, VERIFICATION_LINK_UNKNOWN, VERIFICATION_LINK_USED,
};
use store::commands::BUYER;

/// A started trial, as its start answers it once: the SIP password is in nothing else.
pub struct Started {
    pub id: String,
    pub extension: Extension,
    pub password: String,
    /// The number as people write it, and its value.
    pub display_number: String,
    pub number: String,
    pub ends_at: Option<chrono::DateTime<chrono::Utc>>,
    pub verify_by: Option<chrono::DateTime<chrono::Utc>>,
    /// The welcome e-mail is queued.
    pub email_sent: bool,
    pub package: String,
    pub minutes: u32,
}

/// Starts a free trial on `number` (digits, no `+`; empty when none was chosen).
///
/// The cheap refusals first (the form, the limits, an e-mail that had its trial, a number
/// that is not free), then the proof of an existing account, and the argon2 hash last.
pub async fn start(
    state: &AppState,
    address: &ClientAddress,
    info: &CustomerInfo,
    number: String,
) -> Result<Started, ApiError> {
    let state = state.clone();
    let mut errors = FieldErrors::new();
    if number.is_empty() {
        errors.insert("selectedNumber", "Please choose a free number first.");
    }
    let mut contact = accounts::checked_form(info, true, errors)?;
    limits::require(
        &state.pool,
        state.clock.now(),
        &[
            (&limits::TRIAL_PER_EMAIL, aggregates::customer::mailbox(&contact.email).as_str()),
            (&limits::TRIAL_PER_ADDRESS, address.as_str()),
        ],
    )
    .await?;
    // A trial row uses up its e-mail address (`verified_at IS NOT NULL OR NOT needs_verification`,
    // here and in the start below) when its address was confirmed, or it started before
    // confirmation existed: one trial per confirmed address; an address whose trials all ended
    // unconfirmed may start another.
    let found = sqlx::query!(
        r#"SELECT EXISTS (SELECT 1 FROM trials WHERE email = $1 AND number = $2 AND sip_password = 'owed' AND number_returned_at IS NULL) AS "owed!",
                EXISTS (SELECT 1 FROM trials WHERE mailbox_of(email) = mailbox_of($1) AND (verified_at IS NOT NULL OR NOT needs_verification)) AS "email_used!",
                EXISTS (SELECT 1 FROM trials WHERE number = $2 AND number_returned_at IS NULL) AS "number_used!""#,
        &contact.email,
        &number
    )
    .fetch_one(&state.pool)
    .await?;
    let (owed, email_used, number_used) = (found.owed, found.email_used, found.number_used);
    if owed {
        if let Some(answer) = resume_start(&state, address, info, &mut contact, &number).await? {
            return Ok(answer);
        }
    }
    if email_used {
        return Err(ApiError::refused(&TRIAL_ALREADY_USED));
    }
    let row = inventory::find_free_trial(&state.pool, &number)
        .await?
        .ok_or_else(|| ApiError::refused(&NOT_A_FREE_TRIAL_NUMBER))?;
    if number_used {
        return Err(PhoneNumberError::Taken.into());
    }
    let owner = accounts::prove_owner(&state, info, &mut contact, address).await?;
    // A new password account keeps a hash of its password; an existing account keeps its
    // own, and a Google account has none.
    let hash = match owner {
        Owner::NewAccount if !info.is_google_sign_in => Some(accounts::hash(info.password.clone()).await?),
        _ => None,
    };

    let id = Uuid::new_v4().to_string();
    let state2 = state.clone();
    let (id2, contact2) = (id.clone(), contact.clone());
    // One start per e-mail address at a time; the table's unique keys settle the rest.
    let (extension, password) = locked(&state, format!("trial-{}", aggregates::customer::mailbox(&contact.email)), async move {
        let (state, id, contact) = (state2, id2, contact2);
        let mut tx = state.pool.begin().await?;
        let email_used: bool =
            sqlx::query_scalar!(
                r#"SELECT EXISTS (SELECT 1 FROM trials WHERE mailbox_of(email) = mailbox_of($1) AND (verified_at IS NOT NULL OR NOT needs_verification)) AS "e!""#,
                &contact.email
            )
            .fetch_one(&mut *tx)
            .await?;
        if email_used {
            return Err(ApiError::refused(&TRIAL_ALREADY_USED));
        }
        // The row needs its e-mail confirmed (the column's default).
        let claimed =
            sqlx::query!(
                "INSERT INTO trials (trial_id, email, number, sip_password) VALUES ($1, $2, $3, 'owed') ON CONFLICT DO NOTHING",
                &id,
                &contact.email,
                &number
            )
                .execute(&mut *tx)
                .await?;
        if claimed.rows_affected() == 0 {
            return Err(PhoneNumberError::Taken.into());
        }
        // Everything the trial is, in one transaction: its row, the account, the extension's
        // digests and SIP login, the number assigned, and `TrialStarted` (which starts the
        // `start-trial` workflow: the welcome e-mail).
        let owner = projections::sip::trial_owner(&id);
        // An account made for this address since its password was checked is not joined on a
        // password that never opened it; Google claims an account nobody had proven.
        let proof = match &hash {
            _ if contact.google_sign_in => Proof::Google,
            Some(hash) => Proof::NewPassword(hash),
            None => Proof::Password,
        };
        let (account_id, rotated) =
            Box::pin(accounts::upsert_account(&state, &mut tx, &BUYER, &owner, &contact, proof)).await?;
        let (mut extensions, mut passwords) =
            accounts::add_extensions(&mut tx, &owner, account_id, &contact.email, 1, &id[..8]).await?;
        let extension = extensions.remove(0);
        // It registers at once; it calls out once the e-mail address is confirmed.
        projections::sip::allow_on(&mut tx, &owner, &extension.number, &extension.username, false).await?;
        let assign = PhoneNumberCommand::Assign { number: number.clone(), owner: owner.clone() };
        let assigned = match state.numbers.cqrs.execute_in(&mut tx, &BUYER, &number, assign).await {
            Ok(committed) => committed,
            Err(AggregateError::UserError(PhoneNumberError::Taken) | AggregateError::AggregateConflict) => {
                return Err(PhoneNumberError::Taken.into())
            }
            Err(error) => return Err(error.into()),
        };
        let start = TrialCommand::StartTrial {
            number: number.clone(),
            contact: contact.clone(),
            account_id: account_id.to_string(),
            extension: extension.clone(),
        };
        let started = state.trials.cqrs.execute_in(&mut tx, &BUYER, &id, start).await?;
        tx.commit().await?;
        rotated.publish(&state).await;
        state.numbers.cqrs.publish(&number, &assigned).await;
        state.trials.cqrs.publish(&id, &started).await;
        Ok((extension, passwords.remove(0).1))
    })
    .await?;
    faults::point(&state, "after-trial-started");
    started(&state, &id, extension, password, &row.display(), row.value).await
}

/// A retry of a start whose answer never reached the browser (a crash after the trial was
/// stored): the trial of this e-mail and number whose SIP password was never shown. The
/// visitor proves the address as a start does (the account's password, or its Google
/// account) and is answered as the start would have been, with a new SIP password: nobody
/// saw the old one, which stops working at once. None for anything else.
async fn resume_start(
    state: &AppState,
    address: &ClientAddress,
    info: &CustomerInfo,
    contact: &mut aggregates::customer::Customer,
    number: &str,
) -> Result<Option<Started>, ApiError> {
    let owed: Option<String> = sqlx::query_scalar!(
        "SELECT trial_id FROM trials WHERE email = $1 AND number = $2 AND sip_password = 'owed' AND number_returned_at IS NULL",
        &contact.email,
        number
    )
    .fetch_optional(&state.pool)
    .await?;
    let Some(id) = owed else { return Ok(None) };
    if accounts::prove_owner(state, info, contact, address).await? != Owner::Proven {
        return Ok(None);
    }
    let owner = projections::sip::trial_owner(&id);
    let (number_of, username) = sip_extensions::first(&state.pool, &owner).await?;
    let password =
        sip_extensions::new_password(&mut *state.pool.acquire().await?, &owner, &number_of, &username).await?;
    tracing::info!(trial = %id, "SIP password made again: the start's answer never reached the visitor");
    let row = inventory::find(&state.pool, number).await?.ok_or(TrialError::NotFound)?;
    let extension = Extension { number: number_of, username };
    Ok(Some(started(state, &id, extension, password, &row.display(), row.value).await?))
}

/// The answer to a start: the `start-trial` workflow run first (the welcome e-mail), then
/// the SIP password recorded as shown, right before it is.
async fn started(
    state: &AppState,
    id: &str,
    extension: Extension,
    password: String,
    display: &str,
    value: String,
) -> Result<Started, ApiError> {
    if let Err(error) = workflows::run(state, START_TRIAL, id).await {
        tracing::error!(trial = %id, ?error, "the trial's welcome failed; it will be resumed");
    }
    let view: TrialView = state.trials.views.load(id).await.map_err(ApiError::internal)?.ok_or(TrialError::NotFound)?;
    let email_sent = jobs::outbox::status_of(&state.pool, MailKind::TrialWelcome, id).await?.is_some();
    faults::point(state, "before-trial-password-shown");
    sqlx::query!("UPDATE trials SET sip_password = 'shown' WHERE trial_id = $1", id).execute(&state.pool).await?;
    Ok(Started {
        id: id.to_string(),
        extension,
        password,
        display_number: display.to_string(),
        number: value,
        ends_at: view.ends_at,
        verify_by: view.verify_by,
        email_sent,
        package: view.package,
        minutes: view.minutes,
    })
}

/// The payment customer of a trial, made on first use and kept as an event of the trial.
async fn trial_customer(state: &AppState, id: &str) -> Result<String, ApiError> {
    let (trial, _) = crate::app::state::load::<aggregates::trial::Trial>(&state.pool, id).await?;
    if trial.status == TrialStatus::New {
        return Err(TrialError::NotFound.into());
    }
    if let Some(customer) = trial.payment_customer_id {
        return Ok(customer);
    }
    let email = &trial.contact.email;
    let created = state
        .services
        .gateway
        .create_customer(email, email, id, &format!("trial-{id}-customer"))
        .await
        .map_err(|e| payment_failure(e, &CARD_FORM_FAILED))?;
    let command = TrialCommand::Running(TrialStep::RegisterPaymentCustomer { customer_id: created.clone() });
    state.trials.cqrs.execute(&BUYER, id, command).await.map_err(ApiError::from)?;
    Ok(created)
}

async fn active_trial(state: &AppState, id: &str) -> Result<TrialView, ApiError> {
    let view: TrialView = state.trials.views.load(id).await.map_err(ApiError::internal)?.ok_or(TrialError::NotFound)?;
    if view.status != TrialViewStatus::Active {
        return Err(TrialError::AlreadyOver.into());
    }
    if view.payment_method_saved {
        return Err(TrialError::PaymentMethodAlreadyAttached.into());
    }
    Ok(view)
}

/// A setup intent for the trial's optional card (confirmed in the browser with Stripe.js):
/// the last one while it still waits for a card, else a new one within the caps of
/// card_setups.rs (per trial, per client address).
pub async fn card_setup(state: &AppState, address: &ClientAddress, id: &str) -> Result<CardSetup, ApiError> {
    active_trial(state, id).await?;
    let state2 = state.clone();
    let id2 = id.to_string();
    let address = address.clone();
    locked(state, format!("trial-card-{id}"), async move {
        let (state, id) = (state2, id2);
        let customer = trial_customer(&state, &id).await?;
        let (trial, _) = crate::app::state::load::<aggregates::trial::Trial>(&state.pool, &id).await?;
        let gateway = &state.services.gateway;
        if let Some(last) = &trial.card_setup_id {
            let setup = gateway.card_setup(last).await.map_err(|e| payment_failure(e, &CARD_FORM_FAILED))?;
            if setup.state == SetupState::AwaitingCard {
                return Ok(setup);
            }
        }
        if !trial.may_start_card_setup() {
            return Err(TrialError::TooManyCardSetups.into());
        }
        let key = format!("trial-{id}-setup-{}", Uuid::new_v4().simple());
        let intent = card_setups::make_counted(
            &state,
            &address,
            &CARD_FORM_FAILED,
            gateway.create_card_setup(&customer, &id, &key),
        )
        .await?;
        sqlx::query!(
            "INSERT INTO trial_setup_intents (setup_intent_id, trial_id) VALUES ($1, $2) ON CONFLICT DO NOTHING",
            &intent.id,
            &id
        )
        .execute(&state.pool)
        .await?;
        let command = TrialCommand::Running(TrialStep::StartCardSetup { setup_intent_id: intent.id.clone() });
        state.trials.cqrs.execute(&BUYER, &id, command).await.map_err(ApiError::from)?;
        Ok(intent)
    })
    .await
}

/// How many of a trial's newest setup intents are searched for the card.
const SETUP_INTENTS_SEARCHED: i64 = 5;

pub fn not_this_trials_card() -> ApiError {
    ApiError::refused(&NOT_A_CARD_OF_THE_TRIAL)
}

/// Whether `method` is the card a setup intent of this trial confirmed (Stripe is asked:
/// the setup intent succeeded with this very payment method).
async fn confirmed_by_this_trial(state: &AppState, id: &str, method: &str) -> Result<bool, ApiError> {
    let intents: Vec<String> = sqlx::query_scalar!(
        "SELECT setup_intent_id FROM trial_setup_intents WHERE trial_id = $1 ORDER BY created_at DESC LIMIT $2",
        id,
        SETUP_INTENTS_SEARCHED
    )
    .fetch_all(&state.pool)
    .await?;
    for intent in intents {
        let setup = state.services.gateway.card_setup(&intent).await.map_err(|e| payment_failure(e, &PROVIDER_DOWN))?;
        if setup.state == SetupState::Succeeded && setup.card.as_deref() == Some(method) {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Saves the card (`method`: confirmed by a setup intent of this trial) for after the trial.
/// A failure changes nothing on the trial.
pub async fn save_card(state: &AppState, id: &str, method: String) -> Result<(), ApiError> {
    active_trial(state, id).await?;
    let state2 = state.clone();
    let id2 = id.to_string();
    locked(state, format!("trial-card-{id}"), async move {
        let (state, id) = (state2, id2);
        active_trial(&state, &id).await?;
        if !confirmed_by_this_trial(&state, &id, &method).await? {
            return Err(not_this_trials_card());
        }
        let customer = trial_customer(&state, &id).await?;
        let gateway = &state.services.gateway;
        let owner = gateway.card_owner(&method).await.map_err(|e| payment_failure(e, &PROVIDER_DOWN))?;
        if owner.as_deref().is_some_and(|owner| owner != customer) {
            return Err(not_this_trials_card());
        }
        gateway
            .use_card(&customer, &method, &format!("trial-{id}-card"))
            .await
            .map_err(|e| payment_failure(e, &PROVIDER_DOWN))?;
        let command =
            TrialCommand::Running(TrialStep::AttachPaymentMethod { customer_id: customer, payment_method_id: method });
        state.trials.cqrs.execute(&BUYER, &id, command).await.map_err(ApiError::from)?;
        Ok(())
    })
    .await
}

/// The trial as its page reads it.
pub struct TrialRead {
    pub view: TrialView,
    /// The number as people write it, when it is in the stock.
    pub display_number: Option<String>,
    /// The welcome e-mail is queued.
    pub email_sent: bool,
    /// Where the welcome e-mail stands (jobs::outbox), None before it is queued.
    pub email_status: Option<jobs::outbox::MailStatus>,
}

/// The trial `id`, as its thank-you page reads it.
pub async fn read(state: &AppState, id: &str) -> Result<TrialRead, ApiError> {
    let view: TrialView = state.trials.views.load(id).await.map_err(ApiError::internal)?.ok_or(TrialError::NotFound)?;
    let display_number = match inventory::find(&state.pool, &view.number).await {
        Ok(Some(row)) => Some(row.display()),
        _ => None,
    };
    // The view's bookkeeping is not part of the answer.
    let email_status = jobs::outbox::status_of(&state.pool, MailKind::TrialWelcome, id).await?;
    Ok(TrialRead { view, display_number, email_sent: email_status.is_some(), email_status })
}

fn link_unknown() -> ApiError {
    ApiError::refused(&VERIFICATION_LINK_UNKNOWN)
}

fn link_used() -> ApiError {
    ApiError::refused(&VERIFICATION_LINK_USED)
}

fn link_expired() -> ApiError {
    TrialError::VerificationExpired.into()
}

/// A trial's e-mail address, confirmed.
pub struct Confirmed {
    pub trial_id: String,
    pub email: String,
    /// The trial's number as people write it.
    pub display_number: String,
    pub ends_at: Option<chrono::DateTime<chrono::Utc>>,
}

/// Confirms a trial's e-mail address: the token of the link e-mailed to it, followed before
/// the deadline (24 hours after the start). Records `EmailVerified` (the buyer its actor),
/// lets the trial's extension call out (`sip_accounts.may_call_out`) and uses up the address
/// for other trials, all in one transaction; any refusal changes nothing.
pub async fn verify_email(state: &AppState, token: &str) -> Result<Confirmed, ApiError> {
    let token = token.trim().to_ascii_lowercase();
    if token.len() != 64 || !token.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(link_unknown());
    }
    let found = sqlx::query!(
        r#"SELECT trial_id, verified_at IS NOT NULL AS "used!" FROM trials WHERE verify_digest = $1"#,
        crate::app::order_secrets::digest(&token)
    )
    .fetch_optional(&state.pool)
    .await?
    .map(|r| (r.trial_id, r.used));
    let Some((id, used)) = found else { return Err(link_unknown()) };
    if used {
        return Err(link_used());
    }
    let mut tx = state.pool.begin().await?;
    // One confirmed trial per address: the unique index refuses a second.
    let marked = sqlx::query!(
        "UPDATE trials SET verified_at = $2 WHERE trial_id = $1 AND verified_at IS NULL",
        &id,
        state.clock.now()
    )
    .execute(&mut *tx)
    .await;
    match marked {
        Err(sqlx::Error::Database(error)) if error.is_unique_violation() => {
            return Err(ApiError::refused(&TRIAL_CONFIRMED_ELSEWHERE));
        }
        Err(error) => return Err(error.into()),
        Ok(done) if done.rows_affected() == 0 => return Err(link_used()),
        Ok(_) => {}
    }
    let committed =
        match state.trials.cqrs.execute_in(&mut tx, &BUYER, &id, TrialCommand::Running(TrialStep::VerifyEmail)).await {
            Ok(committed) => committed,
            Err(AggregateError::UserError(TrialError::VerificationExpired | TrialError::AlreadyOver)) => {
                return Err(link_expired())
            }
            Err(AggregateError::UserError(TrialError::EmailAlreadyVerified)) => return Err(link_used()),
            Err(error) => return Err(error.into()),
        };
    projections::sip::allow_calls_on(&mut tx, &projections::sip::trial_owner(&id)).await?;
    tx.commit().await?;
    state.trials.cqrs.publish(&id, &committed).await;
    let trial = &committed.state;
    let display_number = match inventory::find(&state.pool, &trial.number).await? {
        Some(row) => row.display(),
        None => trial.number.clone(),
    };
    Ok(Confirmed { trial_id: id, email: trial.contact.email.clone(), display_number, ends_at: trial.ends_at })
}
