//! Sends the e-mails waiting in the outbox through an SMTP relay (plain SMTP to a relay the
//! operator runs, such as a local Postfix; no TLS or login here). Rows are taken with
//! `FOR UPDATE SKIP LOCKED`, so two runners never send one e-mail twice, and marked sent
//! in the same transaction.

use std::time::Duration;

use sqlx::PgPool;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

pub const SEND_OUTBOX: &str = "send-outbox";

#[derive(Debug, Clone)]
pub struct SmtpRelay {
    pub host: String,
    pub port: u16,
    pub from: String,
}

/// An e-mail for the outbox; `kind` and `reference` (an order or trial) make it unique, so
/// queueing it twice queues it once.
pub struct Mail<'a> {
    pub recipient: &'a str,
    pub subject: &'a str,
    pub body: &'a str,
    pub kind: &'a str,
    pub reference: &'a str,
}

/// Puts the e-mail in the outbox (logged by subject, never by content).
pub async fn queue(pool: &PgPool, mail: Mail<'_>) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO outbox (recipient, subject, body, kind, reference) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (kind, reference) DO NOTHING",
    )
    .bind(mail.recipient)
    .bind(mail.subject)
    .bind(mail.body)
    .bind(mail.kind)
    .bind(mail.reference)
    .execute(pool)
    .await?;
    tracing::info!(kind = mail.kind, reference = mail.reference, subject = mail.subject, "e-mail queued in the outbox");
    Ok(())
}

/// Sends up to 50 waiting e-mails; returns how many were sent.
pub async fn send_outbox(pool: &PgPool, relay: &SmtpRelay) -> Result<usize, String> {
    let mut tx = pool.begin().await.map_err(|e| e.to_string())?;
    let rows: Vec<(i64, String, String, String)> = sqlx::query_as(
        "SELECT id, recipient, subject, body FROM outbox WHERE sent_at IS NULL ORDER BY id LIMIT 50 FOR UPDATE SKIP LOCKED",
    )
    .fetch_all(&mut *tx)
    .await
    .map_err(|e| e.to_string())?;
    let mut sent = 0;
    for (id, recipient, subject, body) in rows {
        match tokio::time::timeout(Duration::from_secs(20), send(relay, &recipient, &subject, &body)).await {
            Ok(Ok(())) => {
                sqlx::query("UPDATE outbox SET sent_at = now() WHERE id = $1")
                    .bind(id)
                    .execute(&mut *tx)
                    .await
                    .map_err(|e| e.to_string())?;
                sent += 1;
            }
            Ok(Err(error)) => tracing::warn!(id, %error, "e-mail not sent; the next run tries again"),
            Err(_) => tracing::warn!(id, "e-mail not sent: the relay did not answer in time"),
        }
    }
    tx.commit().await.map_err(|e| e.to_string())?;
    Ok(sent)
}

/// One message: EHLO, MAIL FROM, RCPT TO, DATA, QUIT.
pub async fn send(relay: &SmtpRelay, to: &str, subject: &str, body: &str) -> Result<(), String> {
    if [to, subject, &relay.from].iter().any(|v| v.contains(['\r', '\n'])) {
        return Err("header values may not contain line breaks".into());
    }
    let stream = TcpStream::connect((relay.host.as_str(), relay.port)).await.map_err(|e| e.to_string())?;
    let (read, mut write) = stream.into_split();
    let mut lines = BufReader::new(read).lines();
    let mut expect = async |code: &str| -> Result<(), String> {
        loop {
            let line = lines.next_line().await.map_err(|e| e.to_string())?.ok_or("the relay closed the connection")?;
            if !line.starts_with(code) {
                return Err(format!("the relay answered {line:?}, expected {code}"));
            }
            // "250-..." continues, "250 ..." ends the reply.
            if line.as_bytes().get(3) != Some(&b'-') {
                return Ok(());
            }
        }
    };
    expect("220").await?;
    let mut say = async |text: String| write.write_all(format!("{text}\r\n").as_bytes()).await.map_err(|e| e.to_string());
    say("EHLO localhost".into()).await?;
    expect("250").await?;
    say(format!("MAIL FROM:<{}>", relay.from)).await?;
    expect("250").await?;
    say(format!("RCPT TO:<{to}>")).await?;
    expect("250").await?;
    say("DATA".into()).await?;
    expect("354").await?;
    // Dot-stuffing: a line starting with '.' gets another.
    let text: String = body.replace("\r\n", "\n").lines().map(|l| if l.starts_with('.') { format!(".{l}\r\n") } else { format!("{l}\r\n") }).collect();
    let message = format!(
        "From: {}\r\nTo: {to}\r\nSubject: {subject}\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n{text}.",
        relay.from
    );
    say(message).await?;
    expect("250").await?;
    say("QUIT".into()).await?;
    Ok(())
}
