//! The free trial (docs/product-rules.md, Free trial): the account with one free number and extension 101,
//! an optional card saved for after the seven days, the trial's view, and the confirmation of
//! its e-mail address through the link e-mailed to it.

use aggregates::trial::TrialError;
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use projections::trials::TrialView;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::account_form::CustomerInfo;
use crate::app::card_setups::TOO_MANY_CARD_SETUPS;
use crate::app::customer_account;
use crate::app::ids::{StripeId, StripeKind};
use crate::app::order_access;
use crate::app::order_links::LinkKind;
use crate::app::state::AppState;
use crate::app::trial;
use crate::http::answers::{ExtensionOut, SetupOut};
use crate::http::sessions;
use crate::platform::client::ClientAddress;
use crate::platform::error::{ApiError, Refusal};
use crate::platform::json::ApiJson;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create_trial))
        .routes(routes!(create_trial_setup_intent))
        .routes(routes!(attach_payment_method))
        .routes(routes!(get_trial))
        .routes(routes!(verify_trial_email))
}

const PROVIDER_FAILED: &str = "The payment provider failed (payment_provider_error)";

/// The chosen number: the free-number object (`{ value, ... }`) or its value.
#[derive(Deserialize, ToSchema)]
#[serde(untagged)]
enum SelectedNumber {
    Object {
        /// The number: some character other than a space or `+` (an empty one is refused).
        #[schema(pattern = r"^[^\x00]*([^\s+\x00\x85]|[\x1c-\x1f])[^\x00]*$")]
        value: String,
    },
    Value(NumberText),
}

/// A chosen number's text: some character other than a space or `+` (an empty one is refused).
#[derive(Deserialize, ToSchema)]
#[schema(pattern = r"^[^\x00]*([^\s+\x00\x85]|[\x1c-\x1f])[^\x00]*$")]
struct NumberText(String);

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct TrialBody {
    /// Required: missing, every field of it is refused as empty.
    #[serde(default)]
    #[schema(required = true)]
    customer_info: CustomerInfo,
    /// Required: a trial starts on a number (missing, it is refused like an empty one).
    #[serde(default, deserialize_with = "selected_number")]
    #[schema(required = true, nullable = false)]
    selected_number: Option<SelectedNumber>,
}

/// `selectedNumber` read by hand, not as serde's untagged enum: an untagged enum buffers the
/// object first, and the keys it then ignores are invisible to the JSON extractor's NUL check
/// (platform/json.rs), which refused a NUL in a key the server never reads (schemathesis, seed
/// 28321). Read here, every other key is skipped as ignored, and the answers are the same.
fn selected_number<'de, D: serde::Deserializer<'de>>(from: D) -> Result<Option<SelectedNumber>, D::Error> {
    use serde::de::{self, IgnoredAny, MapAccess, Visitor};
    struct Chosen;
    impl<'de> Visitor<'de> for Chosen {
        type Value = Option<SelectedNumber>;

        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("the chosen number: its text, or an object with its `value`")
        }

        fn visit_none<E: de::Error>(self) -> Result<Self::Value, E> {
            Ok(None)
        }

        fn visit_unit<E: de::Error>(self) -> Result<Self::Value, E> {
            Ok(None)
        }

        fn visit_some<D: serde::Deserializer<'de>>(self, from: D) -> Result<Self::Value, D::Error> {
            from.deserialize_any(Chosen)
        }

        fn visit_str<E: de::Error>(self, text: &str) -> Result<Self::Value, E> {
            Ok(Some(SelectedNumber::Value(NumberText(text.to_string()))))
        }

        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
            let mut value = None;
            while let Some(key) = map.next_key::<String>()? {
                if key != "value" {
                    map.next_value::<IgnoredAny>()?;
                } else if value.replace(map.next_value::<String>()?).is_some() {
                    return Err(de::Error::duplicate_field("value"));
                }
            }
            let value = value.ok_or_else(|| de::Error::missing_field("value"))?;
            Ok(Some(SelectedNumber::Object { value }))
        }
    }
    from.deserialize_option(Chosen)
}

fn trial_id(raw: &str) -> Result<String, ApiError> {
    super::uuid_id(raw, TrialError::NotFound)
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SelectedNumberOut {
    value: String,
    display_value: String,
}

/// The trial started: its account, extension 101 (its password shown once) and number.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct TrialStarted {
    /// The trial's id (the older site's name).
    customer_id: String,
    trial_id: String,
    extensions: Vec<ExtensionOut>,
    /// When the trial ends (RFC 3339).
    #[serde(rename = "trial_ends")]
    trial_ends: String,
    /// The welcome e-mail is queued.
    #[serde(rename = "email_sent")]
    email_sent: bool,
    /// By when the e-mail address must be confirmed through the link e-mailed to it (RFC
    /// 3339): until then the trial places no outgoing call, and after it an unconfirmed trial
    /// ends and its number is released.
    verify_by: Option<String>,
    selected_number: SelectedNumberOut,
    package: String,
    minutes: u32,
}

/// Starts a free trial: the account, one free number and extension 101.
///
/// The cheap refusals first (the form, the limits, an e-mail that had its trial, a number
/// that is not free), then the proof of an existing account, and the argon2 hash last.
#[utoipa::path(
    post,
    path = "/create-free-trial-account/",
    tag = "trial",
    request_body = TrialBody,
    responses(
        (status = 200, body = TrialStarted, headers(("set-cookie" = String, description = "The account's session (HttpOnly): the browser that started the trial is signed in"))),
        (status = 409, description = "This e-mail has a confirmed trial, or one started before confirmation existed (trial_already_used), the number was just taken (number_taken), or a start for this e-mail is under way (busy)", body = Refusal),
        (status = 422, description = "Invalid details, each in fieldErrors (invalid_fields), or not a free-trial number (not_a_free_number)", body = Refusal),
        (status = 429, description = "Too many trials or password checks for this e-mail or address (too_many_attempts)", body = Refusal),
        (status = 502, description = "Google sign-in could not be checked", body = Refusal),
    )
)]
async fn create_trial(
    State(state): State<AppState>,
    address: ClientAddress,
    headers: HeaderMap,
    ApiJson(body): ApiJson<TrialBody>,
) -> Result<Response, ApiError> {
    let number = match &body.selected_number {
        Some(SelectedNumber::Object { value } | SelectedNumber::Value(NumberText(value))) => {
            value.trim().trim_start_matches('+').to_string()
        }
        None => String::new(),
    };
    let started = trial::start(&state, &address, &body.customer_info, number).await?;
    let signed_in = customer_account::sign_in_buyer(&state, &body.customer_info.email).await?;
    let rfc3339 = |t: chrono::DateTime<chrono::Utc>| t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    let answer = Json(TrialStarted {
        customer_id: started.id.clone(),
        trial_id: started.id,
        extensions: vec![ExtensionOut {
            number: started.extension.number,
            username: started.extension.username,
            password: Some(started.password),
        }],
        trial_ends: started.ends_at.map(rfc3339).unwrap_or_default(),
        email_sent: started.email_sent,
        verify_by: started.verify_by.map(rfc3339),
        selected_number: SelectedNumberOut { display_value: started.display_number, value: started.number },
        package: started.package,
        minutes: started.minutes,
    });
    Ok(match signed_in {
        Some(signed_in) => {
            ([(header::SET_COOKIE, sessions::signed_in_customer_cookie(&state, &headers, &signed_in))], answer)
                .into_response()
        }
        None => answer.into_response(),
    })
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct TrialRef {
    /// The trial's id.
    customer_id: String,
}

/// A setup intent for the trial's optional card (confirmed in the browser with Stripe.js):
/// the last one while it still waits for a card, else a new one within the caps of
/// card_setups.rs (per trial, per client address).
#[utoipa::path(
    post,
    path = "/create-trial-setup-intent/",
    tag = "trial",
    request_body = TrialRef,
    responses(
        (status = 200, body = SetupOut),
        (status = 404, description = "No such trial (trial_not_found)", body = Refusal),
        (status = 409, description = "The trial is over (trial_over), has a card already (payment_method_already_attached), or another card step is under way (busy, conflict)", body = Refusal),
        (status = 429, description = TOO_MANY_CARD_SETUPS, body = Refusal, headers(("retry-after" = u32, description = "Seconds to wait (the hourly cap per address only)"))),
        (status = 502, description = PROVIDER_FAILED, body = Refusal),
    )
)]
async fn create_trial_setup_intent(
    State(state): State<AppState>,
    address: ClientAddress,
    ApiJson(body): ApiJson<TrialRef>,
) -> Result<Json<SetupOut>, ApiError> {
    let id = trial_id(&body.customer_id)?;
    Ok(Json(SetupOut::from(trial::card_setup(&state, &address, &id).await?)))
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct AttachBody {
    /// The card a setup of this trial confirmed (Stripe's payment method id).
    #[schema(pattern = "^pm_[A-Za-z0-9]+$", max_length = 255)]
    payment_method_id: String,
    customer_id: String,
}

/// Saves the card (confirmed by a setup intent of this trial) for after the trial. A
/// failure changes nothing on the trial.
#[utoipa::path(
    post,
    path = "/attach-payment-method/",
    tag = "trial",
    request_body = AttachBody,
    responses(
        (status = 204, description = "The card is saved"),
        (status = 402, description = "The card was declined (the card's code, with decline_code, status and a flag)", body = Refusal),
        (status = 404, description = "No such trial (trial_not_found)", body = Refusal),
        (status = 409, description = "The trial is over (trial_over), has a card already (payment_method_already_attached), or another card step is under way (busy, conflict)", body = Refusal),
        (status = 422, description = "Not a card a setup of this trial confirmed (invalid_payment_method), or paymentMethodId not of its shape (invalid_fields, naming it: nothing reaches Stripe)", body = Refusal),
        (status = 502, description = PROVIDER_FAILED, body = Refusal),
    )
)]
async fn attach_payment_method(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<AttachBody>,
) -> Result<StatusCode, ApiError> {
    let method = StripeId::field(StripeKind::PaymentMethod, "paymentMethodId", &body.payment_method_id)?.into_string();
    let id = trial_id(&body.customer_id)?;
    trial::save_card(&state, &id, method).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The trial as its thank-you page reads it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct TrialOut {
    #[serde(flatten)]
    view: TrialView,
    /// The number as people write it, when it is in the stock.
    #[serde(skip_serializing_if = "Option::is_none")]
    display_number: Option<String>,
    /// The welcome e-mail is queued.
    email_sent: bool,
    /// Where the welcome e-mail stands: queued, retrying, sent, kept (the local mailbox of a
    /// shop without a mail relay) or failed; null before it is queued.
    email_status: Option<jobs::outbox::MailStatus>,
}

/// A trial of a path.
#[derive(serde::Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
struct TrialPath {
    /// The trial's id (a UUID; anything else names no trial).
    id: String,
}

/// A trial's status alone: what `GET /trials/{id}` answers a caller who has not shown the
/// trial is theirs (no e-mail, names, company, phone, number, extension or payment references).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct TrialStatusOut {
    trial_id: String,
    status: projections::trials::TrialViewStatus,
    package: String,
    started_at: Option<chrono::DateTime<chrono::Utc>>,
    ends_at: Option<chrono::DateTime<chrono::Utc>>,
    verify_by: Option<chrono::DateTime<chrono::Utc>>,
    email_verified: bool,
    email_sent: bool,
    email_status: Option<jobs::outbox::MailStatus>,
    /// Always true: the answer holds the status alone.
    restricted: bool,
}

/// What `GET /trials/{id}` answers: the whole trial to its owner, else its status alone.
#[derive(ToSchema)]
#[serde(untagged)]
#[allow(dead_code, clippy::large_enum_variant)]
enum TrialAnswer {
    Whole(TrialOut),
    StatusOnly(TrialStatusOut),
}

/// The fields of [`TrialStatusOut`].
const TRIAL_STATUS_FIELDS: &[&str] =
    &["trialId", "status", "package", "startedAt", "endsAt", "verifyBy", "emailVerified", "emailSent", "emailStatus"];

/// The trial, as its thank-you page reads it. The whole trial (with its personal data) only to
/// the signed-in owner (the browser that started it is signed in), the reader of a signed link
/// (`X-Order-Link`) or staff; anyone else gets its status alone (`restricted: true`).
#[utoipa::path(
    get,
    path = "/trials/{id}",
    tag = "trial",
    params(
        TrialPath,
        ("x-order-link" = Option<String>, Header, description = "The signed token of a link in an e-mail about the trial (30 days)"),
    ),
    responses(
        (status = 200, body = TrialAnswer, description = "The whole trial (TrialOut) to its owner; else the status alone (TrialStatusOut, restricted: true)"),
        (status = 404, description = "No such trial (trial_not_found)", body = Refusal),
    )
)]
async fn get_trial(
    State(state): State<AppState>,
    headers: HeaderMap,
    Path(TrialPath { id: raw }): Path<TrialPath>,
) -> Result<Json<Value>, ApiError> {
    let id = trial_id(&raw)?;
    let read = trial::read(&state, &id).await?;
    let answer = TrialOut {
        view: read.view,
        display_number: read.display_number,
        email_sent: read.email_sent,
        email_status: read.email_status,
    };
    let mut body = serde_json::to_value(answer).map_err(ApiError::internal)?;
    // The view's bookkeeping is not part of the answer.
    if let Value::Object(map) = &mut body {
        map.remove("lastSequence");
    }
    let tokens = sessions::Tokens::of(&headers);
    if order_access::may_read_personal(&state, sessions::presented(&headers, &tokens), LinkKind::Trial, &id).await? {
        return Ok(Json(body));
    }
    Ok(Json(order_access::status_only(body, TRIAL_STATUS_FIELDS)))
}

/// The token of a trial's confirmation link.
#[derive(Deserialize, ToSchema)]
struct VerifyBody {
    /// The `token` of the link in the confirmation e-mail (`/trial/verify?token=...`): 64
    /// hexadecimal digits.
    #[schema(min_length = 64, max_length = 64, pattern = "^[0-9a-fA-F]{64}$")]
    token: String,
}

/// The trial's e-mail address is confirmed.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct EmailConfirmed {
    /// Always true.
    verified: bool,
    trial_id: String,
    /// The address confirmed.
    email: String,
    /// The trial's number as people write it.
    display_number: String,
    /// When the trial ends (RFC 3339).
    ends_at: Option<String>,
}

/// Confirms a trial's e-mail address: the token of the link e-mailed to it, followed before
/// the deadline (24 hours after the start). Records `EmailVerified` (the buyer its actor),
/// lets the trial's extension call out (`sip_accounts.may_call_out`) and uses up the address
/// for other trials, all in one transaction; any refusal changes nothing.
#[utoipa::path(
    post,
    path = "/trial-email-verifications",
    tag = "trial",
    request_body = VerifyBody,
    responses(
        (status = 200, body = EmailConfirmed),
        (status = 404, description = "No link has this token (verification_link_unknown)", body = Refusal),
        (status = 409, description = "The link was used already (verification_link_used), this e-mail address has another confirmed trial (trial_already_used), or the trial changed at the same moment (conflict)", body = Refusal),
        (status = 410, description = "The 24 hours passed: the trial ended and its number was released (verification_link_expired)", body = Refusal),
    )
)]
async fn verify_trial_email(
    State(state): State<AppState>,
    ApiJson(body): ApiJson<VerifyBody>,
) -> Result<Json<EmailConfirmed>, ApiError> {
    let confirmed = trial::verify_email(&state, &body.token).await?;
    Ok(Json(EmailConfirmed {
        verified: true,
        trial_id: confirmed.trial_id,
        email: confirmed.email,
        display_number: confirmed.display_number,
        ends_at: confirmed.ends_at.map(|t| t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)),
    }))
}

#[cfg(test)]
mod tests {
    use axum::extract::FromRequest;

    use super::*;

    async fn read(body: &str) -> Result<Option<String>, ApiError> {
        let request = axum::http::Request::post("/")
            .header("content-type", "application/json")
            .body(axum::body::Body::from(body.to_string()))
            .unwrap();
        let ApiJson(body) = ApiJson::<TrialBody>::from_request(request, &()).await?;
        Ok(body.selected_number.map(|chosen| match chosen {
            SelectedNumber::Object { value } | SelectedNumber::Value(NumberText(value)) => value,
        }))
    }

    #[tokio::test]
    async fn the_number_is_its_text_or_its_objects_value_and_other_keys_are_ignored() {
        assert_eq!(read(r#"{"selectedNumber":"01632 960001"}"#).await.unwrap().as_deref(), Some("01632 960001"));
        let object = r#"{"selectedNumber":{"value":"01632960001","displayValue":"01632 960001","x\u0000":"\u0000"}}"#;
        assert_eq!(read(object).await.unwrap().as_deref(), Some("01632960001"), "a NUL in an ignored key is not read");
        assert_eq!(read(r#"{"selectedNumber":null}"#).await.unwrap(), None);
        assert_eq!(read("{}").await.unwrap(), None);
        for refused in [
            r#"{"selectedNumber":{"value":"0163\u00002960001"}}"#,
            r#"{"selectedNumber":{"displayValue":"01632 960001"}}"#,
            r#"{"selectedNumber":{"value":"1","value":"2"}}"#,
            r#"{"selectedNumber":5}"#,
        ] {
            assert!(read(refused).await.is_err(), "{refused} is refused");
        }
    }
}
