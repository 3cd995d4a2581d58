//! Configuration from environment variables, each with a default that runs locally.

use std::fmt;
use std::net::{IpAddr, SocketAddr};
use std::path::{Path, PathBuf};

/// A value that must never reach a log: `Debug` and `Display` print a mask.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    pub fn new(value: impl Into<String>) -> Self {
        Secret(value.into())
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(***)")
    }
}

/// Development's `VAT_NUMBER` when unset: a sample that says so on every receipt it prints.
const DEVELOPMENT_VAT_NUMBER: &str = "GB 123 4567 89 (sample: set VAT_NUMBER)";

/// A UK VAT registration as receipts print it: "GB" then 9 or 12 digits, spaces allowed.
pub fn valid_vat_number(number: &str) -> bool {
    let compact: String = number.chars().filter(|c| !c.is_whitespace()).collect();
    compact
        .strip_prefix("GB")
        .is_some_and(|digits| digits.chars().all(|c| c.is_ascii_digit()) && matches!(digits.len(), 9 | 12))
}

/// The shortest `LINK_SECRET` taken.
pub const MIN_LINK_SECRET_CHARS: usize = 32;
/// Development's link key when `LINK_SECRET` is unset (never production's: it refuses to start).
const DEVELOPMENT_LINK_SECRET: &str = "development-only-link-secret-not-for-production";

/// `APP_ENV`: `development` (the scripts' default: the Stripe stand-in is allowed) or
/// `production` (unset means production: real keys and a webhook secret are required).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AppEnv {
    Development,
    Production,
}

/// Connections a server keeps to PostgreSQL. A command holds one only while a statement
/// runs, so more connections than cores still help: while one backend waits for its commit
/// to reach the disk, others' commits join the same flush. Measured on 2 cores (issue 15,
/// 50 clients): 5 connections 2,514 cart creations/s, 10 3,182, 20 3,582, 40 3,294 (past
/// 20 the cores only switch between more backends). Two servers at 20, with the number
/// search's 4 each (crate::app::state), stay well inside PostgreSQL's default 100.
pub const DEFAULT_POOL: u32 = 20;

#[derive(Debug, Clone)]
pub struct Config {
    pub app_env: AppEnv,
    /// `TRUSTED_PROXY=1`: the client's address is the right-most `X-Forwarded-For` entry
    /// (set by our own proxy); otherwise the connection's peer address.
    pub trusted_proxy: bool,
    /// `FAULT_INJECTION` (development only): the server aborts at this named point, for the
    /// tests that prove a payment survives a crash (e.g. `after-subscription-created`). The
    /// in-process crash tests set the same point to stop their app instead (store::faults::Stop).
    pub fault_injection: Option<store::faults::Fault>,
    /// `HEARTBEAT_JOB=1` (development only): adds the `heartbeat` job, every second, which
    /// the two-server test counts to prove each tick runs once (jobs::heartbeat).
    pub heartbeat_job: bool,
    /// `CLOCK_OFFSET_DAYS` (development only): the jobs' and commands' clock runs this many
    /// days ahead, so a test can end a trial with the real binary (a week on in one step).
    pub clock_offset_days: i64,
    /// Time stood still at this moment (in-process tests only; no variable sets it): a test
    /// that fills a rate limit to its edge stops the clock inside one window instead of
    /// waiting for the next minute to start.
    pub stopped_clock: Option<chrono::DateTime<chrono::Utc>>,
    /// `METRICS_TOKEN`: GET /metrics also answers `Authorization: Bearer <token>` from any
    /// address; without it, only loopback callers, and none behind a trusted proxy (whose
    /// visitors would all look like loopback). At least 16 characters.
    pub metrics_token: Option<Secret>,
    /// `CARTS_PER_ADDRESS`, default 5: how many carts one client address may hold reserved
    /// numbers in at once (the browser tests, all from one address, raise it).
    pub carts_per_address: i64,
    /// `CARD_SETUPS_PER_ADDRESS`, default 10: new card setups one client address may start an
    /// hour, across orders and trials (429 `too_many_attempts` above; the browser tests, all
    /// from one address, raise it).
    pub card_setups_per_address: i32,
    /// `PAGE_VIEWS_PER_ADDRESS`, default 120: page views kept per client address a minute; the
    /// rest are answered 204 and dropped (the browser tests, all from one address, raise it).
    pub page_views_per_address: i32,
    /// `ADDRESS_LOOKUPS_PER_ADDRESS`, default 30: postcode lookups per client address a minute
    /// (429 `too_many_attempts` above; the browser tests, all from one address, raise it).
    pub address_lookups_per_address: i32,
    /// `HOST`, default 0.0.0.0.
    pub host: IpAddr,
    /// `PORT`, default 8080 (0 picks a free port, as the tests do).
    pub port: u16,
    /// `DATABASE_URL`, default postgres://postgres@127.0.0.1:5432/voip_shop.
    pub database_url: Secret,
    /// `DATABASE_MAX_CONNECTIONS`, default 20 (DEFAULT_POOL).
    pub database_max_connections: u32,
    /// `WEBAPP_DIR`, default webapp/dist: the built web app.
    pub webapp_dir: PathBuf,
    /// `RENDERER_DIR`, default `dist-ssr` beside WEBAPP_DIR: the web app's server bundle,
    /// which renders the live pages (crate::http::live_pages).
    pub renderer_dir: PathBuf,
    /// `NODE_BIN`, default `node` (on the PATH): what runs the renderer.
    pub node_bin: PathBuf,
    /// `BODY_LIMIT_BYTES`, default 65536.
    pub body_limit_bytes: usize,
    /// `SEED_DIR`, default this crate's seed/: the demo catalogue created on first start.
    pub seed_dir: PathBuf,
    pub payments: PaymentsConfig,
    pub address_lookup: AddressLookupConfig,
    /// `GOOGLE_CLIENT_ID`: 'Sign up with Google' is offered only when set.
    pub google_client_id: Option<String>,
    /// `GOOGLE_TOKENINFO_URL`, default Google's: where ID tokens are checked.
    pub google_tokeninfo_url: String,
    /// `SMTP_HOST`: the relay the outbox is sent through; unset, e-mails stay in the outbox
    /// table (and the log). `SMTP_TLS`: `starttls` (the default; a relay without STARTTLS is
    /// refused), `tls` (implicit TLS) or `none` (plain SMTP, for a local relay only).
    /// `SMTP_PORT`: default 587, 465 or 25 to match. `SMTP_FROM`: default
    /// orders@talkbridge.example. `SMTP_USERNAME` + `SMTP_PASSWORD`: both or neither, never
    /// with `none`. `SMTP_CA_FILE`: a PEM root certificate trusted as well (a private CA).
    pub smtp: Option<jobs::outbox::SmtpRelay>,
    /// `SITE_URL`: the shop's address, which e-mails link to (a buyer's order page); default
    /// http://localhost:PORT in development. Production refuses to start without it.
    pub site_url: String,
    /// `SALES_EMAIL`, default sales@talkbridge.co.uk: where quote requests are e-mailed.
    pub sales_email: String,
    /// `VAT_NUMBER`: the shop's UK VAT registration ("GB" and 9 or 12 digits) that its VAT
    /// receipts print. Production refuses to start without a valid one; development prints a
    /// sample that says it is not real.
    pub vat_number: String,
    /// `LINK_SECRET`: the key that signs the links in e-mails to a buyer's order (HMAC,
    /// crate::app::order_links), at least 32 characters. Production refuses to start without
    /// it; development uses a fixed key of its own.
    pub link_secret: Secret,
    pub sip: SipServer,
}

/// Where buyers point their phones: the registrar (sip/kamailio.cfg). `SIP_DOMAIN`, default
/// sip.talkbridge.localhost (which resolves to this machine); `SIP_PORT`, default 5060;
/// `SIP_TRANSPORT`, default UDP (the registrar also answers TCP on the same port).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SipServer {
    pub domain: String,
    pub port: u16,
    pub transport: String,
}

impl SipServer {
    /// The server as the e-mails give it next to each extension.
    pub fn for_mail(&self) -> jobs::mail::SipServer<'_> {
        jobs::mail::SipServer { domain: &self.domain, port: self.port, transport: &self.transport }
    }
}

/// Stripe: `STRIPE_SECRET_KEY` and `STRIPE_PUBLISHABLE_KEY` talk to Stripe; without them the
/// local stand-in at `STRIPE_API_BASE` or `LOCALSTRIPE_URL` (default http://127.0.0.1:8420/,
/// started by the run and test scripts) with its own Stripe.js (`LOCALSTRIPE_JS_URL`).
#[derive(Debug, Clone)]
pub struct PaymentsConfig {
    pub secret_key: Secret,
    pub publishable_key: String,
    /// Ends with `/`; the client adds `v1/...`.
    pub api_base: String,
    pub js_url: String,
    /// `STRIPE_WEBHOOK_SECRET`: when set, webhooks must carry a valid `Stripe-Signature`.
    pub webhook_secret: Option<Secret>,
    pub stand_in: bool,
}

/// UK addresses by postcode: an Ideal-Postcodes-shaped API (`ADDRESS_LOOKUP_URL` +
/// `ADDRESS_LOOKUP_KEY`); without a key, an offline set of sample addresses.
#[derive(Debug, Clone)]
pub struct AddressLookupConfig {
    pub url: String,
    pub key: Option<Secret>,
}

/// What the database-only commands (`migrate`, `rebuild-views`, `import-numbers`, `history`,
/// `users add`) read: they never call Stripe, send mail or serve pages, so they are not held
/// to the server's Stripe, mail and site checks ([`Config::from_lookup`]).
#[derive(Debug, Clone)]
pub struct DatabaseSettings {
    /// `DATABASE_URL`, default postgres://postgres@127.0.0.1:5432/voip_shop.
    pub url: Secret,
    /// `DATABASE_MAX_CONNECTIONS`, default 20 (DEFAULT_POOL).
    pub max_connections: u32,
}

impl DatabaseSettings {
    pub fn from_env() -> Result<DatabaseSettings, String> {
        DatabaseSettings::from_lookup(|key| std::env::var(key).ok())
    }

    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<DatabaseSettings, String> {
        Ok(DatabaseSettings {
            url: Secret::new(lookup("DATABASE_URL").unwrap_or_else(|| DEFAULT_DATABASE_URL.to_string())),
            max_connections: parse("DATABASE_MAX_CONNECTIONS", lookup("DATABASE_MAX_CONNECTIONS"), DEFAULT_POOL)?,
        })
    }
}

/// `value` parsed, `default` when unset or blank; a bad value is named with its key.
fn parse<T: std::str::FromStr>(key: &str, value: Option<String>, default: T) -> Result<T, String> {
    match value.filter(|v| !v.trim().is_empty()) {
        None => Ok(default),
        Some(v) => v.trim().parse().map_err(|_| format!("{key} has an invalid value: {v:?}")),
    }
}

/// The shortest `METRICS_TOKEN` the server starts with.
pub const MIN_METRICS_TOKEN_CHARS: usize = 16;

pub const DEFAULT_DATABASE_URL: &str = "postgres://postgres@127.0.0.1:5432/voip_shop";

fn non_empty(value: Option<String>) -> Option<String> {
    value.map(|v| v.trim().to_string()).filter(|v| !v.is_empty())
}

fn with_slash(url: String) -> String {
    if url.ends_with('/') {
        url
    } else {
        format!("{url}/")
    }
}

impl PaymentsConfig {
    fn from_lookup(lookup: &impl Fn(&str) -> Option<String>) -> PaymentsConfig {
        let webhook_secret = non_empty(lookup("STRIPE_WEBHOOK_SECRET")).map(Secret::new);
        match (non_empty(lookup("STRIPE_SECRET_KEY")), non_empty(lookup("STRIPE_PUBLISHABLE_KEY"))) {
            (Some(secret), Some(publishable)) => PaymentsConfig {
                secret_key: Secret::new(secret),
                publishable_key: publishable,
                api_base: with_slash(
                    non_empty(lookup("STRIPE_API_BASE")).unwrap_or_else(|| "https://api.stripe.com/".into()),
                ),
                js_url: non_empty(lookup("STRIPE_JS_URL")).unwrap_or_else(|| "https://js.stripe.com/v3/".into()),
                webhook_secret,
                stand_in: false,
            },
            _ => {
                let base = with_slash(
                    non_empty(lookup("STRIPE_API_BASE"))
                        .or_else(|| non_empty(lookup("LOCALSTRIPE_URL")))
                        .unwrap_or_else(|| "http://127.0.0.1:8420/".into()),
                );
                PaymentsConfig {
                    secret_key: Secret::new("sk_test_localstripe"),
                    publishable_key: "pk_test_localstripe".into(),
                    js_url: non_empty(lookup("STRIPE_JS_URL"))
                        .or_else(|| non_empty(lookup("LOCALSTRIPE_JS_URL")))
                        .unwrap_or_else(|| format!("{base}js.stripe.com/v3/")),
                    api_base: base,
                    webhook_secret,
                    stand_in: true,
                }
            }
        }
    }
}

impl Config {
    /// The clock the jobs and commands go by: the system's, moved by `CLOCK_OFFSET_DAYS`.
    pub fn clock(&self) -> std::sync::Arc<dyn aggregates::clock::Clock> {
        if let Some(moment) = self.stopped_clock {
            std::sync::Arc::new(aggregates::clock::FixedClock(moment))
        } else if self.clock_offset_days == 0 {
            std::sync::Arc::new(aggregates::clock::SystemClock)
        } else {
            std::sync::Arc::new(aggregates::clock::ShiftedClock(chrono::Duration::days(self.clock_offset_days)))
        }
    }

    pub fn from_env() -> Result<Config, String> {
        Config::from_lookup(|key| std::env::var(key).ok())
    }

    /// Everything at its local default, in development mode (the stand-in for Stripe).
    pub fn development() -> Config {
        Config::from_lookup(|key| (key == "APP_ENV").then(|| "development".to_string()))
            .expect("the development defaults are valid")
    }

    pub fn is_production(&self) -> bool {
        self.app_env == AppEnv::Production
    }

    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Config, String> {
        let config = Config::read(&lookup)?;
        config.check()?;
        Ok(config)
    }

    /// Settings that would leave the shop open fail closed: the server refuses to start.
    fn check(&self) -> Result<(), String> {
        let payments = &self.payments;
        if self.is_production() && payments.stand_in {
            return Err(
                "APP_ENV is production (the default) but STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY are not set: \
                        set both, or APP_ENV=development to use the local Stripe stand-in"
                    .into(),
            );
        }
        if self.is_production() && self.fault_injection.is_some() {
            return Err("FAULT_INJECTION is for tests only and is refused in production: unset it".into());
        }
        if self.is_production() && self.heartbeat_job {
            return Err("HEARTBEAT_JOB is for tests only and is refused in production: unset it".into());
        }
        if self.is_production() && self.clock_offset_days != 0 {
            return Err("CLOCK_OFFSET_DAYS is for tests only and is refused in production: unset it".into());
        }
        if let Some(token) = &self.metrics_token {
            if token.expose().chars().count() < MIN_METRICS_TOKEN_CHARS {
                return Err(format!(
                    "METRICS_TOKEN is too short: use at least {MIN_METRICS_TOKEN_CHARS} random characters \
                     (e.g. `openssl rand -hex 32`), or unset it to serve /metrics to this machine only"
                ));
            }
        }
        if !payments.stand_in && payments.webhook_secret.is_none() {
            return Err(
                "STRIPE_WEBHOOK_SECRET is not set: with Stripe keys the server needs the webhook's signing secret \
                        (Stripe dashboard, Developers, Webhooks) to trust payment events"
                    .into(),
            );
        }
        if self.is_production() && self.smtp.is_none() {
            return Err("APP_ENV is production but SMTP_HOST is not set: set the mail relay (SMTP_HOST, SMTP_FROM, \
                        and SMTP_USERNAME with SMTP_PASSWORD), or APP_ENV=development to keep e-mail in the local \
                        mailbox at /admin/mail"
                .into());
        }
        if self.is_production() && !self.site_url.starts_with("https://") {
            return Err("APP_ENV is production but SITE_URL is not an https:// address: set it to the shop's public \
                        address (e.g. https://www.talkbridge.co.uk), which e-mails link to"
                .into());
        }
        if self.link_secret.expose().chars().count() < MIN_LINK_SECRET_CHARS {
            return Err(format!(
                "LINK_SECRET is not set or too short: production needs at least {MIN_LINK_SECRET_CHARS} random \
                 characters (e.g. `openssl rand -hex 32`) to sign the order links in e-mails"
            ));
        }
        if self.is_production() && !valid_vat_number(&self.vat_number) {
            return Err("VAT_NUMBER is not set or not a UK VAT registration: production prints it on VAT receipts, \
                        so set it to the company's own (GB and 9 or 12 digits, e.g. GB 123 4567 89)"
                .into());
        }
        Ok(())
    }

    /// The settings the database-only commands use, as this configuration has them.
    pub fn database(&self) -> DatabaseSettings {
        DatabaseSettings { url: self.database_url.clone(), max_connections: self.database_max_connections }
    }

    fn read(lookup: &impl Fn(&str) -> Option<String>) -> Result<Config, String> {
        let app_env = match non_empty(lookup("APP_ENV")).as_deref() {
            None | Some("production") => AppEnv::Production,
            Some("development") => AppEnv::Development,
            Some(other) => {
                return Err(format!("APP_ENV has an invalid value: {other:?} (use production or development)"))
            }
        };
        let port = parse("PORT", lookup("PORT"), 8080)?;
        let site_url = match non_empty(lookup("SITE_URL")) {
            Some(url) => url.trim_end_matches('/').to_string(),
            None if app_env == AppEnv::Development => format!("http://localhost:{port}"),
            None => String::new(),
        };
        let webapp_dir = PathBuf::from(lookup("WEBAPP_DIR").unwrap_or_else(|| "webapp/dist".to_string()));
        let database = DatabaseSettings::from_lookup(lookup)?;
        Ok(Config {
            app_env,
            site_url,
            sales_email: non_empty(lookup("SALES_EMAIL")).unwrap_or_else(|| "sales@talkbridge.co.uk".to_string()),
            vat_number: match non_empty(lookup("VAT_NUMBER")) {
                Some(number) => number.trim().to_string(),
                None if app_env == AppEnv::Development => DEVELOPMENT_VAT_NUMBER.to_string(),
                None => String::new(),
            },
            link_secret: Secret::new(match non_empty(lookup("LINK_SECRET")) {
                Some(secret) => secret,
                None if app_env == AppEnv::Development => DEVELOPMENT_LINK_SECRET.to_string(),
                None => String::new(),
            }),
            fault_injection: non_empty(lookup("FAULT_INJECTION")).map(store::faults::Fault::abort),
            heartbeat_job: matches!(non_empty(lookup("HEARTBEAT_JOB")).as_deref(), Some("1" | "true")),
            clock_offset_days: match non_empty(lookup("CLOCK_OFFSET_DAYS")) {
                Some(days) => days
                    .parse()
                    .ok()
                    .filter(|d: &i64| d.abs() <= 3650)
                    .ok_or("CLOCK_OFFSET_DAYS must be a whole number of days (at most 3650 either way)")?,
                None => 0,
            },
            stopped_clock: None,
            metrics_token: non_empty(lookup("METRICS_TOKEN")).map(Secret::new),
            trusted_proxy: matches!(non_empty(lookup("TRUSTED_PROXY")).as_deref(), Some("1" | "true")),
            carts_per_address: parse("CARTS_PER_ADDRESS", lookup("CARTS_PER_ADDRESS"), 5)?,
            card_setups_per_address: parse("CARD_SETUPS_PER_ADDRESS", lookup("CARD_SETUPS_PER_ADDRESS"), 10)?,
            page_views_per_address: parse("PAGE_VIEWS_PER_ADDRESS", lookup("PAGE_VIEWS_PER_ADDRESS"), 120)?,
            address_lookups_per_address: parse(
                "ADDRESS_LOOKUPS_PER_ADDRESS",
                lookup("ADDRESS_LOOKUPS_PER_ADDRESS"),
                30,
            )?,
            host: parse("HOST", lookup("HOST"), IpAddr::from([0, 0, 0, 0]))?,
            port,
            database_url: database.url,
            database_max_connections: database.max_connections,
            webapp_dir: webapp_dir.clone(),
            renderer_dir: lookup("RENDERER_DIR").map_or_else(|| default_renderer_dir(&webapp_dir), PathBuf::from),
            node_bin: PathBuf::from(lookup("NODE_BIN").unwrap_or_else(|| "node".to_string())),
            body_limit_bytes: parse("BODY_LIMIT_BYTES", lookup("BODY_LIMIT_BYTES"), 64 * 1024)?,
            seed_dir: PathBuf::from(
                lookup("SEED_DIR").unwrap_or_else(|| concat!(env!("CARGO_MANIFEST_DIR"), "/seed").to_string()),
            ),
            payments: PaymentsConfig::from_lookup(lookup),
            address_lookup: AddressLookupConfig {
                url: non_empty(lookup("ADDRESS_LOOKUP_URL"))
                    .unwrap_or_else(|| "https://api.ideal-postcodes.co.uk/v1/postcodes/".to_string()),
                key: non_empty(lookup("ADDRESS_LOOKUP_KEY")).map(Secret::new),
            },
            google_client_id: non_empty(lookup("GOOGLE_CLIENT_ID")),
            google_tokeninfo_url: non_empty(lookup("GOOGLE_TOKENINFO_URL"))
                .unwrap_or_else(|| "https://oauth2.googleapis.com/tokeninfo".to_string()),
            sip: SipServer {
                domain: non_empty(lookup("SIP_DOMAIN")).unwrap_or_else(|| "sip.talkbridge.localhost".to_string()),
                port: parse("SIP_PORT", lookup("SIP_PORT"), 5060)?,
                transport: match non_empty(lookup("SIP_TRANSPORT")).map(|t| t.to_ascii_uppercase()).as_deref() {
                    None | Some("UDP") => "UDP".to_string(),
                    Some("TCP") => "TCP".to_string(),
                    Some(other) => {
                        return Err(format!("SIP_TRANSPORT has an invalid value: {other:?} (use UDP or TCP)"))
                    }
                },
            },
            smtp: match non_empty(lookup("SMTP_HOST")) {
                None => None,
                Some(host) => Some(smtp_relay(host, lookup)?),
            },
        })
    }

    pub fn address(&self) -> SocketAddr {
        SocketAddr::new(self.host, self.port)
    }
}

/// The `SMTP_*` settings, refused in one line when they cannot work or would send the login
/// in the clear.
fn smtp_relay(host: String, lookup: &impl Fn(&str) -> Option<String>) -> Result<jobs::outbox::SmtpRelay, String> {
    use jobs::outbox::{SmtpRelay, SmtpTls};
    let tls = match non_empty(lookup("SMTP_TLS")) {
        None => SmtpTls::StartTls,
        Some(value) => value
            .parse()
            .map_err(|_| format!("SMTP_TLS has an invalid value: {value:?} (use starttls, tls or none)"))?,
    };
    let port = match non_empty(lookup("SMTP_PORT")) {
        None => tls.default_port(),
        Some(value) => value.parse().map_err(|_| format!("SMTP_PORT has an invalid value: {value:?}"))?,
    };
    let root_certificate_pem = match non_empty(lookup("SMTP_CA_FILE")) {
        None => None,
        Some(path) => {
            Some(std::fs::read_to_string(&path).map_err(|e| format!("SMTP_CA_FILE {path:?} cannot be read: {e}"))?)
        }
    };
    let relay = SmtpRelay {
        host,
        port,
        from: non_empty(lookup("SMTP_FROM")).unwrap_or_else(|| "orders@talkbridge.example".to_string()),
        tls,
        username: non_empty(lookup("SMTP_USERNAME")),
        // Not trimmed: a password may end in a space.
        password: lookup("SMTP_PASSWORD").filter(|v| !v.is_empty()),
        root_certificate_pem,
    };
    relay.check()?;
    Ok(relay)
}

/// The renderer's directory by default: `dist-ssr` beside the web app's build.
pub fn default_renderer_dir(webapp_dir: &Path) -> PathBuf {
    webapp_dir.parent().map_or_else(|| PathBuf::from("dist-ssr"), |parent| parent.join("dist-ssr"))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `pairs` plus APP_ENV=development.
    fn dev(pairs: &'static [(&'static str, &'static str)]) -> Result<Config, String> {
        Config::from_lookup(|k| {
            pairs.iter().chain(&[("APP_ENV", "development")]).find(|(key, _)| *key == k).map(|(_, v)| v.to_string())
        })
    }

    /// Everything a production server needs to start.
    const LIVE: [(&str, &str); 7] = [
        ("STRIPE_SECRET_KEY", "sk_live_x"),
        ("STRIPE_PUBLISHABLE_KEY", "pk_live_x"),
        ("STRIPE_WEBHOOK_SECRET", "whsec_x"),
        ("SMTP_HOST", "smtp.example.com"),
        ("SITE_URL", "https://shop.example"),
        ("LINK_SECRET", "0123456789abcdef0123456789abcdef"),
        ("VAT_NUMBER", "GB 123 4567 89"),
    ];

    /// A production server's settings: `set` first (None leaves a setting unset), then LIVE.
    fn production(set: &[(&str, Option<&str>)]) -> Result<Config, String> {
        Config::from_lookup(|k| match set.iter().find(|(key, _)| *key == k) {
            Some((_, value)) => value.map(str::to_string),
            None => LIVE.iter().find(|(key, _)| *key == k).map(|(_, v)| v.to_string()),
        })
    }

    #[test]
    fn defaults_run_locally() {
        let config = dev(&[]).unwrap();
        assert_eq!(config.address().to_string(), "0.0.0.0:8080");
        assert_eq!(config.database_url.expose(), DEFAULT_DATABASE_URL);
        assert_eq!(config.body_limit_bytes, 65536);
    }

    #[test]
    fn environment_overrides_and_bad_values_are_named() {
        let config = dev(&[("PORT", "9000")]).unwrap();
        assert_eq!(config.port, 9000);
        let error = dev(&[("PORT", "http")]).unwrap_err();
        assert!(error.contains("PORT"));
    }

    #[test]
    fn payments_go_to_stripe_with_keys_and_to_the_stand_in_without() {
        let local = dev(&[("LOCALSTRIPE_URL", "http://stripe:8420")]).unwrap();
        assert!(local.payments.stand_in);
        assert_eq!(local.payments.api_base, "http://stripe:8420/");
        assert_eq!(local.payments.js_url, "http://stripe:8420/js.stripe.com/v3/");
        let live = production(&[
            ("LOCALSTRIPE_URL", Some("http://stripe:8420/")),
            ("LOCALSTRIPE_JS_URL", Some("http://stripe:8420/")),
            ("SITE_URL", Some("https://shop.example/")),
        ])
        .unwrap();
        assert!(live.is_production());
        assert_eq!(live.site_url, "https://shop.example");
        assert!(!live.payments.stand_in);
        assert_eq!(live.payments.api_base, "https://api.stripe.com/");
        assert_eq!(live.payments.js_url, "https://js.stripe.com/v3/");
        assert!(!format!("{live:?}").contains("sk_live_x"));
    }

    #[test]
    fn the_database_commands_read_the_database_alone() {
        // What refuses the server (production without Stripe, mail or the site's address)
        // is no concern of a command that only writes the database.
        assert!(Config::from_lookup(|_| None).is_err());
        let settings = DatabaseSettings::from_lookup(|_| None).unwrap();
        assert_eq!((settings.url.expose(), settings.max_connections), (DEFAULT_DATABASE_URL, DEFAULT_POOL));
        let settings = DatabaseSettings::from_lookup(|k| match k {
            "DATABASE_URL" => Some("postgres://u:hunter2@db/x".into()),
            "DATABASE_MAX_CONNECTIONS" => Some("3".into()),
            "STRIPE_SECRET_KEY" => Some("sk_live_x".into()),
            _ => None,
        })
        .unwrap();
        assert_eq!((settings.url.expose(), settings.max_connections), ("postgres://u:hunter2@db/x", 3));
        assert!(!format!("{settings:?}").contains("hunter2"));
        let error = DatabaseSettings::from_lookup(|k| (k == "DATABASE_MAX_CONNECTIONS").then(|| "lots".into()));
        assert!(error.unwrap_err().contains("DATABASE_MAX_CONNECTIONS"));
    }

    #[test]
    fn the_servers_database_settings_are_the_commands() {
        let config = dev(&[("DATABASE_URL", "postgres://db/shop"), ("DATABASE_MAX_CONNECTIONS", "7")]).unwrap();
        let settings = config.database();
        assert_eq!((settings.url.expose(), settings.max_connections), ("postgres://db/shop", 7));
    }

    #[test]
    fn secrets_never_print() {
        let config = dev(&[("DATABASE_URL", "postgres://u:hunter2@db/x")]).unwrap();
        assert!(!format!("{config:?}").contains("hunter2"));
    }

    #[test]
    fn production_is_the_default_and_refuses_to_start_without_stripe() {
        let error = Config::from_lookup(|_| None).unwrap_err();
        assert!(error.contains("STRIPE_SECRET_KEY") && !error.contains('\n'), "{error}");
        let error = Config::from_lookup(|k| (k == "APP_ENV").then(|| "prod".into())).unwrap_err();
        assert!(error.contains("APP_ENV"), "{error}");
    }

    #[test]
    fn production_without_a_mail_relay_refuses_to_start() {
        let error = Config::from_lookup(|k| match k {
            "STRIPE_SECRET_KEY" => Some("sk_live_x".into()),
            "STRIPE_PUBLISHABLE_KEY" => Some("pk_live_x".into()),
            "STRIPE_WEBHOOK_SECRET" => Some("whsec_x".into()),
            _ => None,
        })
        .unwrap_err();
        assert!(error.contains("SMTP_HOST") && error.contains("/admin/mail") && !error.contains('\n'), "{error}");
    }

    #[test]
    fn production_without_the_sites_https_address_refuses_to_start_and_development_links_to_itself() {
        for site_url in [None, Some("http://shop.example")] {
            let error = production(&[("SITE_URL", site_url)]).unwrap_err();
            assert!(error.contains("SITE_URL") && !error.contains('\n'), "{error}");
        }
        assert_eq!(dev(&[("PORT", "9000")]).unwrap().site_url, "http://localhost:9000");
    }

    #[test]
    fn production_without_a_link_secret_refuses_to_start_and_development_has_one() {
        for secret in [None, Some("tiny-secret")] {
            let error = production(&[("LINK_SECRET", secret)]).unwrap_err();
            assert!(
                error.contains("LINK_SECRET") && !error.contains("tiny-secret") && !error.contains('\n'),
                "{error}"
            );
        }
        assert!(dev(&[]).unwrap().link_secret.expose().len() >= MIN_LINK_SECRET_CHARS);
    }

    #[test]
    fn production_without_a_vat_number_refuses_to_start_and_development_prints_a_sample() {
        for number in [None, Some("123456789"), Some("GB 12345"), Some("GB12345678X")] {
            let error = production(&[("VAT_NUMBER", number)]).unwrap_err();
            assert!(error.contains("VAT_NUMBER") && !error.contains('\n'), "{number:?}: {error}");
        }
        for good in ["GB 123 4567 89", "GB123456789", "GB 123 4567 89 012"] {
            assert!(valid_vat_number(good), "{good}");
        }
        assert!(dev(&[]).unwrap().vat_number.contains("sample"));
    }

    #[test]
    fn stripe_keys_without_a_webhook_secret_refuse_to_start() {
        for env in ["production", "development"] {
            let error = Config::from_lookup(|k| match k {
                "APP_ENV" => Some(env.into()),
                "STRIPE_SECRET_KEY" => Some("sk_live_x".into()),
                "STRIPE_PUBLISHABLE_KEY" => Some("pk_live_x".into()),
                _ => None,
            })
            .unwrap_err();
            assert!(error.contains("STRIPE_WEBHOOK_SECRET") && !error.contains('\n'), "{error}");
        }
    }

    #[test]
    fn smtp_requires_starttls_by_default_on_its_port() {
        assert!(dev(&[]).unwrap().smtp.is_none());
        let relay = dev(&[("SMTP_HOST", "smtp.example.com")]).unwrap().smtp.unwrap();
        assert_eq!((relay.tls, relay.port), (jobs::outbox::SmtpTls::StartTls, 587));
        let relay = dev(&[("SMTP_HOST", "smtp.example.com"), ("SMTP_TLS", "tls")]).unwrap().smtp.unwrap();
        assert_eq!((relay.tls, relay.port), (jobs::outbox::SmtpTls::Implicit, 465));
        let relay = dev(&[("SMTP_HOST", "localhost"), ("SMTP_TLS", "none")]).unwrap().smtp.unwrap();
        assert_eq!(
            (relay.tls, relay.port, relay.from.as_str()),
            (jobs::outbox::SmtpTls::None, 25, "orders@talkbridge.example")
        );
        let relay =
            dev(&[("SMTP_HOST", "localhost"), ("SMTP_TLS", "none"), ("SMTP_PORT", "2525")]).unwrap().smtp.unwrap();
        assert_eq!(relay.port, 2525);
        let error = dev(&[("SMTP_HOST", "localhost"), ("SMTP_TLS", "ssl")]).unwrap_err();
        assert!(error.contains("SMTP_TLS") && !error.contains('\n'), "{error}");
    }

    #[test]
    fn an_smtp_login_needs_both_halves_and_never_goes_over_plain_text() {
        let config =
            dev(&[("SMTP_HOST", "smtp.example.com"), ("SMTP_USERNAME", "shop"), ("SMTP_PASSWORD", "hunter2")]).unwrap();
        let relay = config.smtp.as_ref().unwrap();
        assert_eq!((relay.username.as_deref(), relay.password.as_deref()), (Some("shop"), Some("hunter2")));
        assert!(!format!("{config:?}").contains("hunter2"));

        let error = dev(&[
            ("SMTP_HOST", "smtp.example.com"),
            ("SMTP_USERNAME", "shop"),
            ("SMTP_PASSWORD", "hunter2"),
            ("SMTP_TLS", "none"),
        ])
        .unwrap_err();
        assert!(error.contains("SMTP_TLS") && !error.contains('\n') && !error.contains("hunter2"), "{error}");
        let only_user = dev(&[("SMTP_HOST", "smtp.example.com"), ("SMTP_USERNAME", "shop")]).unwrap_err();
        let only_password = dev(&[("SMTP_HOST", "smtp.example.com"), ("SMTP_PASSWORD", "hunter2")]).unwrap_err();
        for error in [only_user, only_password] {
            assert!(
                error.contains("SMTP_USERNAME") && error.contains("SMTP_PASSWORD") && !error.contains('\n'),
                "{error}"
            );
        }
        let error = dev(&[("SMTP_HOST", "smtp.example.com"), ("SMTP_FROM", "orders")]).unwrap_err();
        assert!(error.contains("SMTP_FROM"), "{error}");
        let error = dev(&[("SMTP_HOST", "smtp.example.com"), ("SMTP_CA_FILE", "/nonexistent/ca.pem")]).unwrap_err();
        assert!(error.contains("SMTP_CA_FILE"), "{error}");
    }

    #[test]
    fn five_carts_per_address_unless_configured() {
        assert_eq!(dev(&[]).unwrap().carts_per_address, 5);
        assert_eq!(dev(&[("CARTS_PER_ADDRESS", "1000")]).unwrap().carts_per_address, 1000);
        assert_eq!(dev(&[]).unwrap().card_setups_per_address, 10);
        assert_eq!(dev(&[("CARD_SETUPS_PER_ADDRESS", "1000")]).unwrap().card_setups_per_address, 1000);
        assert!(dev(&[("CARTS_PER_ADDRESS", "many")]).unwrap_err().contains("CARTS_PER_ADDRESS"));
        assert_eq!(dev(&[]).unwrap().page_views_per_address, crate::platform::limits::PAGE_VIEWS_PER_ADDRESS.max);
        assert_eq!(
            dev(&[]).unwrap().address_lookups_per_address,
            crate::platform::limits::ADDRESS_LOOKUPS_PER_ADDRESS.max
        );
        assert_eq!(dev(&[("ADDRESS_LOOKUPS_PER_ADDRESS", "1000")]).unwrap().address_lookups_per_address, 1000);
    }

    #[test]
    fn the_heartbeat_job_is_refused_in_production() {
        assert!(!dev(&[]).unwrap().heartbeat_job);
        assert!(dev(&[("HEARTBEAT_JOB", "1")]).unwrap().heartbeat_job);
    }

    #[test]
    fn a_moved_clock_is_for_tests_only() {
        assert_eq!(dev(&[]).unwrap().clock_offset_days, 0);
        assert_eq!(dev(&[("CLOCK_OFFSET_DAYS", "8")]).unwrap().clock_offset_days, 8);
        assert!(dev(&[("CLOCK_OFFSET_DAYS", "a week")]).is_err());
        assert!(dev(&[("CLOCK_OFFSET_DAYS", "99999")]).is_err());
        let mut production = dev(&[("CLOCK_OFFSET_DAYS", "8")]).unwrap();
        production.app_env = AppEnv::Production;
        production.payments.stand_in = false;
        let refused = production.check().unwrap_err();
        assert!(refused.contains("CLOCK_OFFSET_DAYS"), "{refused}");
        let error = Config::from_lookup(|k| match k {
            "HEARTBEAT_JOB" => Some("1".into()),
            "STRIPE_SECRET_KEY" => Some("sk_live_x".into()),
            "STRIPE_PUBLISHABLE_KEY" => Some("pk_live_x".into()),
            "STRIPE_WEBHOOK_SECRET" => Some("whsec_x".into()),
            _ => None,
        })
        .unwrap_err();
        assert!(error.contains("HEARTBEAT_JOB") && !error.contains('\n'), "{error}");
    }

    #[test]
    fn a_metrics_token_is_long_and_never_printed() {
        assert!(dev(&[]).unwrap().metrics_token.is_none());
        let config = dev(&[("METRICS_TOKEN", "0123456789abcdef-scrape")]).unwrap();
        assert_eq!(config.metrics_token.as_ref().unwrap().expose(), "0123456789abcdef-scrape");
        assert!(!format!("{config:?}").contains("0123456789abcdef"));
        let error = dev(&[("METRICS_TOKEN", "short-secret")]).unwrap_err();
        assert!(error.contains("METRICS_TOKEN") && !error.contains("short-secret") && !error.contains('\n'), "{error}");
    }

    #[test]
    fn the_proxy_header_is_trusted_only_when_configured() {
        assert!(!dev(&[]).unwrap().trusted_proxy);
        assert!(dev(&[("TRUSTED_PROXY", "1")]).unwrap().trusted_proxy);
    }
}
