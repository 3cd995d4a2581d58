//! The outbox's SMTP client against a relay in the test: STARTTLS with a self-signed
//! certificate (trusted through `root_certificate_pem`), implicit TLS, a login by PLAIN or
//! LOGIN, and the refusals that keep the login and the message off a plain or unverified
//! connection.

use std::sync::Arc;
use std::time::Duration;

use jobs::outbox::{Mailer, SendError, SmtpRelay, SmtpTls};
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;
use tokio::task::JoinHandle;
use tokio_rustls::rustls::crypto::ring::default_provider;
use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer};
use tokio_rustls::rustls::ServerConfig;
use tokio_rustls::TlsAcceptor;

const USERNAME: &str = "shop";
const PASSWORD: &str = "hunter2";

/// How the test relay behaves.
#[derive(Clone, Copy)]
struct Behaviour {
    /// TLS from the first byte (SMTPS) instead of plain SMTP.
    implicit_tls: bool,
    /// Advertises STARTTLS on the plain connection.
    offers_starttls: bool,
    /// The AUTH mechanisms it advertises once encrypted, and on a plain connection when it
    /// does not offer STARTTLS (a careless relay that would take a login in the clear).
    mechanisms: &'static str,
}

/// What the relay saw: each line the client sent (with whether the connection was
/// encrypted then) and each message it accepted.
#[derive(Debug, Default)]
struct Transcript {
    lines: Vec<(bool, String)>,
    messages: Vec<String>,
    logged_in: bool,
}

trait Stream: AsyncRead + AsyncWrite + Unpin + Send {}
impl<T: AsyncRead + AsyncWrite + Unpin + Send> Stream for T {}

struct Certificate {
    pem: String,
    acceptor: TlsAcceptor,
}

/// A self-signed certificate for 127.0.0.1, and a TLS acceptor that presents it.
fn certificate() -> Certificate {
    let generated = rcgen::generate_simple_self_signed(vec!["127.0.0.1".to_string()]).unwrap();
    let key = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(generated.signing_key.serialize_der()));
    let chain: Vec<CertificateDer<'static>> = vec![generated.cert.der().clone()];
    let config = ServerConfig::builder_with_provider(Arc::new(default_provider()))
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_no_client_auth()
        .with_single_cert(chain, key)
        .unwrap();
    Certificate { pem: generated.cert.pem(), acceptor: TlsAcceptor::from(Arc::new(config)) }
}

/// A relay for one connection; its handle returns what it saw when the client has gone.
async fn spawn_relay(behaviour: Behaviour, acceptor: TlsAcceptor) -> (u16, JoinHandle<Transcript>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let handle = tokio::spawn(async move {
        let (socket, _) = listener.accept().await.unwrap();
        let mut transcript = Transcript::default();
        let (stream, encrypted): (Box<dyn Stream>, bool) = if behaviour.implicit_tls {
            match acceptor.accept(socket).await {
                Ok(tls) => (Box::new(tls), true),
                Err(_) => return transcript,
            }
        } else {
            (Box::new(socket), false)
        };
        converse(stream, encrypted, behaviour, acceptor, &mut transcript).await;
        transcript
    });
    (port, handle)
}

async fn converse(
    stream: Box<dyn Stream>,
    mut encrypted: bool,
    behaviour: Behaviour,
    acceptor: TlsAcceptor,
    transcript: &mut Transcript,
) {
    let mut stream = BufReader::new(stream);
    let say = async |stream: &mut BufReader<Box<dyn Stream>>, text: &str| {
        stream.get_mut().write_all(text.as_bytes()).await.is_ok() && stream.get_mut().flush().await.is_ok()
    };
    say(&mut stream, "220 relay.test ESMTP ready\r\n").await;
    loop {
        let Some(line) = read_line(&mut stream).await else { return };
        transcript.lines.push((encrypted, line.clone()));
        let verb = line.split(' ').next().unwrap_or_default().to_ascii_uppercase();
        let reply = match verb.as_str() {
            "EHLO" => {
                let mut reply = String::from("250-relay.test\r\n");
                if !encrypted && behaviour.offers_starttls {
                    reply.push_str("250-STARTTLS\r\n");
                } else {
                    reply.push_str(&format!("250-AUTH {}\r\n", behaviour.mechanisms));
                }
                reply.push_str("250 8BITMIME\r\n");
                reply
            }
            "STARTTLS" if !encrypted && behaviour.offers_starttls => {
                say(&mut stream, "220 go ahead\r\n").await;
                let Ok(tls) = acceptor.accept(stream.into_inner()).await else { return };
                stream = BufReader::new(Box::new(tls));
                encrypted = true;
                continue;
            }
            "AUTH" => {
                let words: Vec<&str> = line.split(' ').collect();
                let login = match words.get(1).map(|m| m.to_ascii_uppercase()).as_deref() {
                    Some("PLAIN") => {
                        let given = match words.get(2) {
                            Some(initial) => initial.to_string(),
                            None => {
                                say(&mut stream, "334 \r\n").await;
                                let Some(answer) = read_line(&mut stream).await else { return };
                                answer
                            }
                        };
                        given == base64(format!("\0{USERNAME}\0{PASSWORD}").as_bytes())
                    }
                    Some("LOGIN") => {
                        say(&mut stream, &format!("334 {}\r\n", base64(b"Username:"))).await;
                        let Some(user) = read_line(&mut stream).await else { return };
                        say(&mut stream, &format!("334 {}\r\n", base64(b"Password:"))).await;
                        let Some(password) = read_line(&mut stream).await else { return };
                        transcript.lines.push((encrypted, user.clone()));
                        transcript.lines.push((encrypted, password.clone()));
                        user == base64(USERNAME.as_bytes()) && password == base64(PASSWORD.as_bytes())
                    }
                    _ => false,
                };
                transcript.logged_in |= login;
                if login {
                    "235 welcome\r\n".into()
                } else {
                    "535 no\r\n".into()
                }
            }
            "MAIL" if !transcript.logged_in => "530 log in first\r\n".into(),
            "DATA" => {
                say(&mut stream, "354 go ahead\r\n").await;
                let mut message = String::new();
                loop {
                    let Some(line) = read_line(&mut stream).await else { return };
                    if line == "." {
                        break;
                    }
                    message.push_str(&line);
                    message.push('\n');
                }
                transcript.messages.push(message);
                "250 queued\r\n".into()
            }
            "QUIT" => {
                say(&mut stream, "221 bye\r\n").await;
                return;
            }
            _ => "250 ok\r\n".into(),
        };
        if !say(&mut stream, &reply).await {
            return;
        }
    }
}

/// One line without its CRLF; `None` when the client has gone.
async fn read_line(stream: &mut BufReader<Box<dyn Stream>>) -> Option<String> {
    let mut line = String::new();
    match stream.read_line(&mut line).await {
        Ok(0) | Err(_) => None,
        Ok(_) => Some(line.trim_end_matches(['\r', '\n']).to_string()),
    }
}

fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = (u32::from(chunk[0]) << 16)
            | (u32::from(*chunk.get(1).unwrap_or(&0)) << 8)
            | u32::from(*chunk.get(2).unwrap_or(&0));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[(n >> (18 - 6 * i) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

fn relay(port: u16, tls: SmtpTls, certificate_pem: Option<&str>) -> SmtpRelay {
    SmtpRelay {
        host: "127.0.0.1".into(),
        port,
        from: "orders@talkbridge.example".into(),
        tls,
        username: Some(USERNAME.into()),
        password: Some(PASSWORD.into()),
        root_certificate_pem: certificate_pem.map(str::to_string),
    }
}

/// Sends one message and returns the result and what the relay saw.
async fn send_through(behaviour: Behaviour, tls: SmtpTls, trust: bool) -> (Result<(), SendError>, Transcript) {
    let certificate = certificate();
    let (port, relay_task) = spawn_relay(behaviour, certificate.acceptor).await;
    let relay = relay(port, tls, trust.then_some(certificate.pem.as_str()));
    let mailer = Mailer::new(&relay).unwrap();
    let result = mailer.send("jane@example.com", "Your order SB-000001 is confirmed", "Hello Jane,\nBye").await;
    let transcript = tokio::time::timeout(Duration::from_secs(10), relay_task).await.unwrap().unwrap();
    (result, transcript)
}

/// Nothing secret or private went over the wire in the clear, nor at all unless encrypted.
fn assert_nothing_in_the_clear(transcript: &Transcript) {
    for (encrypted, line) in &transcript.lines {
        let verb = line.split(' ').next().unwrap_or_default().to_ascii_uppercase();
        assert!(*encrypted || ["EHLO", "STARTTLS", "QUIT"].contains(&verb.as_str()), "sent in the clear: {line:?}");
    }
}

const STARTTLS_RELAY: Behaviour = Behaviour { implicit_tls: false, offers_starttls: true, mechanisms: "PLAIN LOGIN" };

#[tokio::test]
async fn starttls_upgrades_logs_in_and_sends() {
    let (result, transcript) = send_through(STARTTLS_RELAY, SmtpTls::StartTls, true).await;
    result.unwrap();
    assert!(transcript.logged_in, "{transcript:?}");
    assert_nothing_in_the_clear(&transcript);
    assert!(
        transcript.lines.iter().any(|(encrypted, line)| *encrypted && line.starts_with("AUTH PLAIN")),
        "{transcript:?}"
    );
    let [message] = transcript.messages.as_slice() else { panic!("one message: {transcript:?}") };
    assert!(message.contains("To: jane@example.com"), "{message}");
    assert!(message.contains("Subject: Your order SB-000001 is confirmed"), "{message}");
    assert!(message.contains("Content-Type: text/plain; charset=utf-8"), "{message}");
}

#[tokio::test]
async fn a_relay_that_offers_only_login_gets_login() {
    let behaviour = Behaviour { mechanisms: "LOGIN", ..STARTTLS_RELAY };
    let (result, transcript) = send_through(behaviour, SmtpTls::StartTls, true).await;
    result.unwrap();
    assert!(transcript.logged_in, "{transcript:?}");
    assert!(transcript.lines.iter().any(|(encrypted, line)| *encrypted && line == "AUTH LOGIN"), "{transcript:?}");
    assert_nothing_in_the_clear(&transcript);
    assert_eq!(transcript.messages.len(), 1);
}

#[tokio::test]
async fn implicit_tls_logs_in_and_sends() {
    let behaviour = Behaviour { implicit_tls: true, offers_starttls: false, mechanisms: "PLAIN" };
    let (result, transcript) = send_through(behaviour, SmtpTls::Implicit, true).await;
    result.unwrap();
    assert!(transcript.lines.iter().all(|(encrypted, _)| *encrypted), "{transcript:?}");
    assert!(transcript.logged_in);
    assert_eq!(transcript.messages.len(), 1);
}

#[tokio::test]
async fn a_relay_without_starttls_gets_neither_the_login_nor_the_message() {
    // It would even take a login in the clear.
    let behaviour = Behaviour { offers_starttls: false, ..STARTTLS_RELAY };
    let (result, transcript) = send_through(behaviour, SmtpTls::StartTls, true).await;
    let error = result.unwrap_err();
    assert!(matches!(&error, SendError::Relay(text) if text.contains("STARTTLS")), "{error:?}");
    assert!(!transcript.logged_in);
    assert!(transcript.messages.is_empty());
    let verbs: Vec<&str> =
        transcript.lines.iter().map(|(_, line)| line.split(' ').next().unwrap_or_default()).collect();
    assert_eq!(verbs, ["EHLO"], "{transcript:?}");
    assert!(!format!("{error} {error:?}").contains(PASSWORD));
}

#[tokio::test]
async fn an_untrusted_certificate_gets_neither_the_login_nor_the_message() {
    let (result, transcript) = send_through(STARTTLS_RELAY, SmtpTls::StartTls, false).await;
    assert!(matches!(result, Err(SendError::Relay(_))), "{result:?}");
    assert!(!transcript.logged_in);
    assert!(transcript.messages.is_empty());
    assert!(
        transcript.lines.iter().all(|(encrypted, _)| !encrypted),
        "nothing said after the failed handshake: {transcript:?}"
    );
    assert_nothing_in_the_clear(&transcript);
}

#[tokio::test]
async fn a_wrong_password_is_refused_before_any_message() {
    let certificate = certificate();
    let (port, relay_task) = spawn_relay(STARTTLS_RELAY, certificate.acceptor).await;
    let relay = SmtpRelay { password: Some("wrong".into()), ..relay(port, SmtpTls::StartTls, Some(&certificate.pem)) };
    let error = Mailer::new(&relay).unwrap().verify().await.unwrap_err();
    assert!(error.contains("535") && !error.contains("wrong"), "{error}");
    let transcript = tokio::time::timeout(Duration::from_secs(10), relay_task).await.unwrap().unwrap();
    assert!(!transcript.logged_in && transcript.messages.is_empty(), "{transcript:?}");
    assert!(!transcript.lines.iter().any(|(_, line)| line.starts_with("MAIL")), "{transcript:?}");
    assert_nothing_in_the_clear(&transcript);
}

#[tokio::test]
async fn verify_logs_in_and_quits() {
    let certificate = certificate();
    let (port, relay_task) = spawn_relay(STARTTLS_RELAY, certificate.acceptor).await;
    Mailer::new(&relay(port, SmtpTls::StartTls, Some(&certificate.pem))).unwrap().verify().await.unwrap();
    let transcript = tokio::time::timeout(Duration::from_secs(10), relay_task).await.unwrap().unwrap();
    assert!(transcript.logged_in && transcript.messages.is_empty(), "{transcript:?}");
    assert_nothing_in_the_clear(&transcript);
}

#[test]
fn the_test_base64_is_base64() {
    assert_eq!(base64(b"\0shop\0hunter2"), "AHNob3AAaHVudGVyMg==");
    assert_eq!(base64(b"Username:"), "VXNlcm5hbWU6");
    assert_eq!(base64(b"Password:"), "UGFzc3dvcmQ6");
}
