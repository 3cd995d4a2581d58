//! The outbox: every e-mail the shop sends (crate::mail, which writes them) is queued here,
//! once per kind and reference, and sent later by the `send-outbox` job.
//!
//! Sends the e-mails waiting in the outbox through an SMTP relay with lettre, which builds
//! the MIME message (encoded headers, so no field can add a header) and speaks ESMTP:
//! STARTTLS that must succeed, implicit TLS, or plain SMTP to a relay on our own network;
//! a login never goes over plain text. Rows are taken with `FOR UPDATE SKIP LOCKED`, so
//! two runners never send one e-mail twice, and marked sent in the same transaction.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use lettre::message::header::{ContentType, MIME_VERSION_1_0};
use lettre::message::Mailbox;
use lettre::transport::smtp::authentication::{Credentials, Mechanism};
use lettre::transport::smtp::client::{Certificate, Tls, TlsParameters};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use sqlx::PgPool;

use crate::mail::{Email, MailKind};

pub const SEND_OUTBOX: &str = "send-outbox";

/// How long one message may take, connection and TLS included.
const PER_MESSAGE: Duration = Duration::from_secs(20);

/// How the connection to the relay is protected (`SMTP_TLS`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SmtpTls {
    /// `starttls`: plain SMTP upgraded with STARTTLS; a relay that does not offer it is
    /// refused before anything else is said.
    StartTls,
    /// `tls`: TLS from the first byte (SMTPS).
    Implicit,
    /// `none`: plain SMTP, only for a relay on this machine or network; no login.
    None,
}

impl SmtpTls {
    pub fn default_port(self) -> u16 {
        match self {
            SmtpTls::StartTls => 587,
            SmtpTls::Implicit => 465,
            SmtpTls::None => 25,
        }
    }
}

impl FromStr for SmtpTls {
    type Err = String;

    fn from_str(value: &str) -> Result<Self, Self::Err> {
        match value {
            "starttls" => Ok(SmtpTls::StartTls),
            "tls" => Ok(SmtpTls::Implicit),
            "none" => Ok(SmtpTls::None),
            other => Err(format!("{other:?} is not starttls, tls or none")),
        }
    }
}

/// Where and how the outbox is sent. `Debug` masks the password.
#[derive(Clone)]
pub struct SmtpRelay {
    pub host: String,
    pub port: u16,
    pub from: String,
    pub tls: SmtpTls,
    pub username: Option<String>,
    pub password: Option<String>,
    /// A root certificate (PEM) to trust besides the public ones: a private relay's CA
    /// (`SMTP_CA_FILE`), or a test relay's self-signed certificate.
    pub root_certificate_pem: Option<String>,
}

impl fmt::Debug for SmtpRelay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SmtpRelay")
            .field("host", &self.host)
            .field("port", &self.port)
            .field("from", &self.from)
            .field("tls", &self.tls)
            .field("username", &self.username)
            .field("password", &self.password.as_ref().map(|_| "***"))
            .field("root_certificate_pem", &self.root_certificate_pem.as_ref().map(|_| "..."))
            .finish()
    }
}

impl SmtpRelay {
    /// Settings that cannot work or would send a login in the clear; one line each.
    pub fn check(&self) -> Result<(), String> {
        Mailer::new(self).map(|_| ())
    }
}

/// Puts `email` for `recipient` in the outbox, once for its kind and `reference` (an order, a
/// trial, a refund, a port's step...): queueing it again queues nothing. Logged by kind,
/// reference and subject, never by content.
pub async fn queue(pool: &PgPool, recipient: &str, reference: &str, email: &Email<'_>) -> Result<(), sqlx::Error> {
    queue_on(&mut *pool.acquire().await?, recipient, reference, email).await
}

/// [`queue`] on a given connection (a transaction that records the e-mail as sent with it).
pub async fn queue_on(
    connection: &mut sqlx::PgConnection,
    recipient: &str,
    reference: &str,
    email: &Email<'_>,
) -> Result<(), sqlx::Error> {
    let (kind, subject, body) = (email.kind().as_str(), email.subject(), email.body());
    sqlx::query!(
        "INSERT INTO outbox (recipient, subject, body, kind, reference) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (kind, reference) DO NOTHING",
        recipient,
        subject,
        body,
        kind,
        reference
    )
    .execute(connection)
    .await?;
    tracing::info!(kind, reference, subject, "e-mail queued in the outbox");
    Ok(())
}

/// After this many failed attempts an e-mail is given up and shown as failed.
pub const MAX_ATTEMPTS: i32 = 6;

/// The wait after the `failures`-th failed attempt: 1, 5, 15, 60 minutes, then 3 hours.
pub fn backoff(failures: i32) -> chrono::Duration {
    let minutes = match failures {
        ..=1 => 1,
        2 => 5,
        3 => 15,
        4 => 60,
        _ => 180,
    };
    chrono::Duration::minutes(minutes)
}

/// Where an e-mail stands, as the thank-you pages and /admin/mail show it (`emailStatus`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
#[schema(as = EmailStatus)]
pub enum MailStatus {
    /// Waiting for its first attempt.
    Queued,
    /// An attempt failed; another follows (`next_attempt_at`).
    Retrying,
    /// The mail relay took it.
    Sent,
    /// No relay is set up (development): kept in the local mailbox, read at /admin/mail.
    Kept,
    /// Given up after `MAX_ATTEMPTS`, or it could never be sent (an invalid recipient).
    Failed,
}

impl MailStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            MailStatus::Queued => "queued",
            MailStatus::Retrying => "retrying",
            MailStatus::Sent => "sent",
            MailStatus::Kept => "kept",
            MailStatus::Failed => "failed",
        }
    }

    pub fn parse(text: &str) -> Option<MailStatus> {
        [MailStatus::Queued, MailStatus::Retrying, MailStatus::Sent, MailStatus::Kept, MailStatus::Failed]
            .into_iter()
            .find(|status| status.as_str() == text)
    }
}

/// The status of an outbox row as SQL (one definition for every reader).
pub const STATUS_SQL: &str = "CASE WHEN sent_at IS NOT NULL AND delivered_to = 'local' THEN 'kept' \
     WHEN sent_at IS NOT NULL THEN 'sent' WHEN failed_at IS NOT NULL THEN 'failed' \
     WHEN attempts > 0 THEN 'retrying' ELSE 'queued' END";

/// The status of the e-mail of `kind` about `reference` (an order or a trial), if queued.
pub async fn status_of(pool: &PgPool, kind: MailKind, reference: &str) -> Result<Option<MailStatus>, sqlx::Error> {
    // Runtime SQL: STATUS_SQL is one definition shared by every reader (the macros take only a literal).
    let status: Option<String> =
        sqlx::query_scalar(&format!("SELECT {STATUS_SQL} FROM outbox WHERE kind = $1 AND reference = $2"))
            .bind(kind.as_str())
            .bind(reference)
            .fetch_optional(pool)
            .await?;
    Ok(status.as_deref().and_then(MailStatus::parse))
}

/// With no relay set up: every waiting e-mail goes to the local mailbox (the outbox itself,
/// marked delivered locally), so a newcomer sees at /admin/mail what the shop sends.
pub async fn keep_locally(pool: &PgPool) -> Result<u64, String> {
    let kept = sqlx::query!(
        "UPDATE outbox SET sent_at = now(), delivered_to = 'local', attempts = attempts + 1
          WHERE sent_at IS NULL AND failed_at IS NULL"
    )
    .execute(pool)
    .await
    .map_err(|e| e.to_string())?;
    Ok(kept.rows_affected())
}

/// Records a failed attempt: tried again after the backoff, or given up after the last one
/// (at once when trying again cannot help).
async fn record_failure(
    tx: &mut sqlx::Transaction<'_, sqlx::Postgres>,
    id: i64,
    error: &str,
    hopeless: bool,
) -> Result<(), String> {
    let attempts: i32 = sqlx::query_scalar!(
        "UPDATE outbox SET attempts = attempts + 1, last_error = $2 WHERE id = $1 RETURNING attempts",
        id,
        error
    )
    .fetch_one(&mut **tx)
    .await
    .map_err(|e| e.to_string())?;
    if hopeless || attempts >= MAX_ATTEMPTS {
        sqlx::query!("UPDATE outbox SET failed_at = now() WHERE id = $1", id).execute(&mut **tx).await
    } else {
        sqlx::query!("UPDATE outbox SET next_attempt_at = now() + $2 WHERE id = $1", id, backoff(attempts) as _)
            .execute(&mut **tx)
            .await
    }
    .map_err(|e| e.to_string())?;
    Ok(())
}

/// What one run of the sender did.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct SendReport {
    pub sent: usize,
    pub failed: usize,
}

/// Sends up to 50 e-mails whose turn has come. A message the relay did not take is tried
/// again after a backoff, up to `MAX_ATTEMPTS`; one with an invalid recipient fails at once.
pub async fn send_outbox(pool: &PgPool, relay: &SmtpRelay) -> Result<SendReport, String> {
    let mailer = Mailer::new(relay)?;
    let mut tx = pool.begin().await.map_err(|e| e.to_string())?;
    let rows: Vec<(i64, String, String, String)> = sqlx::query!(
        "SELECT id, recipient, subject, body FROM outbox
          WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= now()
          ORDER BY id LIMIT 50 FOR UPDATE SKIP LOCKED"
    )
    .fetch_all(&mut *tx)
    .await
    .map_err(|e| e.to_string())?
    .into_iter()
    .map(|r| (r.id, r.recipient, r.subject, r.body))
    .collect();
    if rows.is_empty() {
        return Ok(SendReport::default());
    }
    let mut report = SendReport::default();
    // One login before the batch: a relay that is down or refuses the login costs one
    // attempt per run, not one per e-mail (which could get the account locked).
    let ready = match tokio::time::timeout(PER_MESSAGE, mailer.verify()).await {
        Ok(Ok(())) => Ok(()),
        Ok(Err(error)) => Err(format!("the relay refused: {error}")),
        Err(_) => Err("the relay did not answer in time".to_string()),
    };
    if let Err(error) = ready {
        for (id, ..) in &rows {
            record_failure(&mut tx, *id, &error, false).await?;
        }
        tx.commit().await.map_err(|e| e.to_string())?;
        return Err(format!("nothing sent: {error}"));
    }
    for (id, recipient, subject, body) in rows {
        let outcome = match tokio::time::timeout(PER_MESSAGE, mailer.send(&recipient, &subject, &body)).await {
            Ok(result) => result,
            Err(_) => Err(SendError::Relay("the relay did not answer in time".into())),
        };
        match outcome {
            Ok(()) => {
                sqlx::query!(
                    "UPDATE outbox SET sent_at = now(), delivered_to = 'relay', attempts = attempts + 1, last_error = NULL
                      WHERE id = $1",
                    id
                )
                .execute(&mut *tx)
                .await
                .map_err(|e| e.to_string())?;
                report.sent += 1;
            }
            Err(error) => {
                let hopeless = matches!(error, SendError::Unsendable(_));
                tracing::warn!(id, %error, hopeless, "e-mail not sent");
                record_failure(&mut tx, id, &error.to_string(), hopeless).await?;
                report.failed += 1;
            }
        }
    }
    tx.commit().await.map_err(|e| e.to_string())?;
    Ok(report)
}

/// Why one message was not sent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SendError {
    /// The row itself is wrong (its recipient is not a mailbox): trying again will not help.
    Unsendable(String),
    /// The relay refused, failed or could not be reached (or TLS failed): try again later.
    Relay(String),
}

impl fmt::Display for SendError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SendError::Unsendable(error) => write!(f, "{error}"),
            SendError::Relay(error) => write!(f, "{error}"),
        }
    }
}

/// A relay made ready to send: its connection settings and the sender's mailbox.
pub struct Mailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

impl Mailer {
    pub fn new(relay: &SmtpRelay) -> Result<Mailer, String> {
        let from: Mailbox =
            relay.from.parse().map_err(|e| format!("SMTP_FROM {:?} is not an e-mail address: {e}", relay.from))?;
        let tls_parameters = || {
            let mut builder = TlsParameters::builder(relay.host.clone());
            if let Some(pem) = &relay.root_certificate_pem {
                let certificate = Certificate::from_pem(pem.as_bytes())
                    .map_err(|e| format!("SMTP_CA_FILE is not a PEM certificate: {e}"))?;
                builder = builder.add_root_certificate(certificate);
            }
            builder.build_rustls().map_err(|e| format!("SMTP TLS settings: {e}"))
        };
        let tls = match relay.tls {
            SmtpTls::StartTls => Tls::Required(tls_parameters()?),
            SmtpTls::Implicit => Tls::Wrapper(tls_parameters()?),
            SmtpTls::None => Tls::None,
        };
        let mut builder = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(&relay.host)
            .port(relay.port)
            .timeout(Some(PER_MESSAGE))
            .tls(tls);
        match (&relay.username, &relay.password) {
            (None, None) => {}
            (Some(_), Some(_)) if relay.tls == SmtpTls::None => {
                return Err("SMTP_USERNAME is set but SMTP_TLS is none: a login never goes over plain text \
                            (use SMTP_TLS=starttls or tls)"
                    .into())
            }
            (Some(username), Some(password)) => {
                builder = builder
                    .credentials(Credentials::new(username.clone(), password.clone()))
                    .authentication(vec![Mechanism::Plain, Mechanism::Login]);
            }
            _ => return Err("SMTP_USERNAME and SMTP_PASSWORD go together: set both or neither".into()),
        }
        Ok(Mailer { transport: builder.build(), from })
    }

    /// Connects (TLS as configured), logs in if configured, and quits.
    pub async fn verify(&self) -> Result<(), String> {
        match self.transport.test_connection().await {
            Ok(true) => Ok(()),
            Ok(false) => Err("the relay did not answer NOOP".into()),
            Err(error) => Err(error.to_string()),
        }
    }

    /// One message: connect (TLS as configured), log in if configured, send, quit.
    pub async fn send(&self, to: &str, subject: &str, body: &str) -> Result<(), SendError> {
        let message = message(&self.from, to, subject, body)?;
        self.transport.send(message).await.map_err(|e| SendError::Relay(e.to_string()))?;
        Ok(())
    }
}

/// A text/plain UTF-8 message; lettre encodes the subject and checks both addresses.
fn message(from: &Mailbox, to: &str, subject: &str, body: &str) -> Result<Message, SendError> {
    let to: Mailbox = to
        .parse()
        .map_err(|e: lettre::address::AddressError| SendError::Unsendable(format!("invalid recipient: {e}")))?;
    Message::builder()
        .from(from.clone())
        .to(to)
        .subject(subject)
        .message_id(None)
        .header(MIME_VERSION_1_0)
        .header(ContentType::TEXT_PLAIN)
        .body(body.to_string())
        .map_err(|e| SendError::Unsendable(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mail_status_is_sent_by_the_name_it_is_stored_and_parsed_by() {
        for status in [MailStatus::Queued, MailStatus::Retrying, MailStatus::Sent, MailStatus::Kept, MailStatus::Failed]
        {
            assert_eq!(serde_json::to_value(status).unwrap(), status.as_str());
            assert_eq!(MailStatus::parse(status.as_str()), Some(status));
        }
    }

    fn from() -> Mailbox {
        "Talkbridge <orders@talkbridge.example>".parse().unwrap()
    }

    fn relay() -> SmtpRelay {
        SmtpRelay {
            host: "smtp.example.com".into(),
            port: 587,
            from: "orders@talkbridge.example".into(),
            tls: SmtpTls::StartTls,
            username: Some("shop".into()),
            password: Some("hunter2".into()),
            root_certificate_pem: None,
        }
    }

    #[test]
    fn a_line_break_in_the_subject_adds_no_header() {
        let message = message(&from(), "jane@example.com", "Your order\r\nBcc: x@evil.example", "Hello").unwrap();
        let text = String::from_utf8(message.formatted()).unwrap();
        let headers = text.split("\r\n\r\n").next().unwrap();
        assert!(!headers.lines().any(|line| line.to_ascii_lowercase().starts_with("bcc:")), "{headers}");
        assert!(!text.contains("\nBcc: x@evil"), "{text}");
        for header in ["MIME-Version: 1.0", "Content-Type: text/plain; charset=utf-8", "Message-ID: <"] {
            assert!(headers.contains(header), "{header}: {headers}");
        }
    }

    #[test]
    fn a_non_ascii_subject_is_encoded() {
        let message = message(&from(), "jane@example.com", "Bestellung für Jürgen", "Grüße").unwrap();
        let text = String::from_utf8(message.formatted()).unwrap();
        assert!(text.contains("Subject: Bestellung =?utf-8?") && !text.contains("für"), "{text}");
    }

    #[test]
    fn an_invalid_recipient_is_refused_as_such() {
        for to in ["not an address", "jane@example.com\r\nBcc: x@evil.example", "a@b.example, c@d.example"] {
            let error = message(&from(), to, "Subject", "Body").unwrap_err();
            assert!(matches!(error, SendError::Unsendable(_)), "{to:?}: {error:?}");
        }
    }

    #[test]
    fn the_password_never_prints() {
        let printed = format!("{:?}", relay());
        assert!(!printed.contains("hunter2") && printed.contains("shop"), "{printed}");
    }

    #[test]
    fn a_login_is_refused_over_plain_smtp_and_needs_both_halves() {
        assert!(relay().check().is_ok());
        let plain = SmtpRelay { tls: SmtpTls::None, ..relay() };
        let error = plain.check().unwrap_err();
        assert!(error.contains("SMTP_TLS") && !error.contains('\n'), "{error}");
        let half = SmtpRelay { password: None, ..relay() };
        assert!(half.check().unwrap_err().contains("SMTP_PASSWORD"));
        let anonymous = SmtpRelay { tls: SmtpTls::None, username: None, password: None, ..relay() };
        assert!(anonymous.check().is_ok());
        let bad_from = SmtpRelay { from: "orders".into(), ..relay() };
        assert!(bad_from.check().unwrap_err().contains("SMTP_FROM"));
    }
}
