//! The SIP registrar with a real phone: a Kamailio of each test's own (sip/kamailio.cfg,
//! rendered as .ci/lib.sh does, on a free port, its files in a folder of its own) against the
//! test's database as the registrar's own role, and sipp registering as a softphone would
//! (sip/tests/*.xml). Nothing is shared with a site's registrar on 5060 (.ci/start): the
//! server under test tells buyers its own registrar's port (SIP_PORT).

use std::net::{TcpStream, UdpSocket};
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration as StdDuration, Instant};

use aggregates::clock::FixedClock;
use api::app::auth::Role;
use api::app::state::AppState;
use chrono::{Duration, Utc};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use sqlx::{Connection, PgConnection};

use crate::checkout::{cart, create_account, pay, single_user};
use crate::hardware_routes::{as_staff, sign_in, staff_get};
use crate::helpers::{admin_url, expect_error, expect_ok, spawn_app, spawn_app_with, with_database, TestApp};
use crate::trial::{free_numbers, start_confirmed_trial};

const DOMAIN: &str = "sip.talkbridge.localhost";

pub(crate) fn free_port() -> u16 {
    // A port free for TCP and for UDP, where the registrar listens on both.
    loop {
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        if UdpSocket::bind(("127.0.0.1", port)).is_ok() {
            return port;
        }
    }
}

/// The registrar's own PostgreSQL role (migrations/*_sip_registrar_role.sql).
pub(crate) const REGISTRAR_ROLE: &str = "talkbridge_registrar";

/// `database` as the registrar's role: Kamailio's database URL. The password is
/// SIP_REGISTRAR_DB_PASSWORD's (.ci/test sets it with .ci/lib.sh's ensure_registrar_login); a
/// server that trusts local connections, as the scripts' does, needs none. A role nobody gave
/// a login yet (a fresh server, tests run by hand) gets one here, without a password.
pub(crate) async fn registrar_database_url(database: &str) -> String {
    let mut admin = PgConnection::connect(&admin_url()).await.unwrap();
    let mut tx = admin.begin().await.unwrap();
    // Two tests altering the role at once would fail one ("tuple concurrently updated").
    sqlx::query("SELECT pg_advisory_xact_lock(hashtext('talkbridge_registrar login'))")
        .execute(&mut *tx)
        .await
        .unwrap();
    let can_login: Option<bool> = sqlx::query_scalar("SELECT rolcanlogin FROM pg_roles WHERE rolname = $1")
        .bind(REGISTRAR_ROLE)
        .fetch_optional(&mut *tx)
        .await
        .unwrap();
    match can_login {
        None => panic!("no role {REGISTRAR_ROLE}: the migrations make it"),
        Some(false) => {
            sqlx::query(&format!("ALTER ROLE {REGISTRAR_ROLE} LOGIN")).execute(&mut *tx).await.unwrap();
        }
        Some(true) => {}
    }
    tx.commit().await.unwrap();
    let mut url = reqwest::Url::parse(&with_database(&admin_url(), database)).unwrap();
    url.set_username(REGISTRAR_ROLE).unwrap();
    url.set_password(std::env::var("SIP_REGISTRAR_DB_PASSWORD").ok().filter(|p| !p.is_empty()).as_deref()).unwrap();
    url.to_string()
}

/// A registrar of this test, stopped when dropped.
pub(crate) struct Registrar {
    child: Child,
    pub(crate) port: u16,
    /// The port of 127.0.0.1 it takes for the carrier's trunk (SIP_TRUNK): calls from there
    /// to the shop's numbers need no digest (crate::calls).
    pub(crate) trunk: u16,
    pub(crate) dir: PathBuf,
}

impl Drop for Registrar {
    fn drop(&mut self) {
        // SIGTERM to its process group: Kamailio's main process and every worker it forked
        // (a SIGKILL to the main process alone would leave the workers running).
        let group = format!("-{}", self.child.id());
        let _ = Command::new("kill").args(["-TERM", "--", &group]).status();
        let _ = self.child.wait();
        // KEEP_REGISTRAR_FILES=1 keeps its config and log for reading after a failure.
        if std::env::var_os("KEEP_REGISTRAR_FILES").is_none() {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

/// The app with a registrar of its own, on the port the app tells buyers (SIP_PORT).
pub(crate) async fn spawn_app_with_registrar() -> (TestApp, Registrar) {
    let port = free_port();
    let app = spawn_app_with(|config| config.sip.port = port).await;
    let registrar = registrar_on(&app, port).await;
    (app, registrar)
}

/// A registrar of this test on a free port, against `app`'s database.
pub(crate) async fn registrar(app: &TestApp) -> Registrar {
    registrar_on(app, free_port()).await
}

/// A registrar of this test on `port` (free for UDP and TCP), against `app`'s database.
pub(crate) async fn registrar_on(app: &TestApp, port: u16) -> Registrar {
    let database: String = sqlx::query_scalar("SELECT current_database()").fetch_one(&app.pool).await.unwrap();
    let trunk = free_port();
    let config = include_str!("../../../sip/kamailio.cfg")
        .replace("@DB_URL@", &registrar_database_url(&database).await)
        .replace("@LISTEN@", &format!("127.0.0.1:{port}"))
        .replace("@SIP_DOMAIN@", DOMAIN)
        .replace("@ALGORITHM@", "MD5")
        .replace("@HA1_COLUMN@", "ha1")
        .replace("@TRUNK@", &format!("127.0.0.1:{trunk}"));
    let dir = std::env::temp_dir().join(format!("talkbridge-registrar-{port}-{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("kamailio.cfg"), config).unwrap();
    let child = run_kamailio(&dir, "kamailio.log");
    let mut registrar = Registrar { child, port, trunk, dir };
    registrar.wait_started(app).await;
    registrar
}

/// Kamailio with the config in `dir`, in a process group of its own, logging to `log` there.
fn run_kamailio(dir: &std::path::Path, log: &str) -> Child {
    let log = std::fs::File::create(dir.join(log)).unwrap();
    Command::new("kamailio")
        .args(["-f", "kamailio.cfg", "-DD", "-E"])
        .current_dir(dir)
        .env("TZ", "UTC")
        .process_group(0)
        .stdout(log.try_clone().unwrap())
        .stderr(log)
        .spawn()
        .expect("kamailio (Debian's kamailio and kamailio-postgres-modules; .ci/test installs them)")
}

impl Registrar {
    async fn wait_started(&mut self, app: &TestApp) {
        let started = Instant::now();
        let port = self.port;
        // Its own answer, not another process's on the port: it still runs once the port answers.
        let running = |registrar: &mut Registrar| registrar.child.try_wait().unwrap().is_none();
        while TcpStream::connect(("127.0.0.1", port)).is_err() || !running(self) {
            assert!(running(self), "the registrar stopped while starting: {:?}", self.dir);
            assert!(started.elapsed() < StdDuration::from_secs(10), "the registrar did not start: {:?}", self.dir);
            tokio::time::sleep(StdDuration::from_millis(50)).await;
        }
        // It reads its tables as its own role (usrloc loads `location` at start).
        let as_role = "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND usename = $1";
        while sqlx::query_scalar::<_, i64>(as_role).bind(REGISTRAR_ROLE).fetch_one(&app.pool).await.unwrap() == 0 {
            assert!(
                started.elapsed() < StdDuration::from_secs(10),
                "the registrar is not connected as {REGISTRAR_ROLE}"
            );
            tokio::time::sleep(StdDuration::from_millis(50)).await;
        }
    }

    /// `kill -9` of every process of the registrar (a crash, a power cut), then a new one on
    /// the same ports with the same config, as a supervisor would start it again.
    pub(crate) async fn kill_and_restart(&mut self, app: &TestApp) {
        let group = format!("-{}", self.child.id());
        let _ = Command::new("kill").args(["-KILL", "--", &group]).status();
        let _ = self.child.wait();
        // Its workers die with it; its connections close once PostgreSQL sees them go.
        let as_role = "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND usename = $1";
        let started = Instant::now();
        while sqlx::query_scalar::<_, i64>(as_role).bind(REGISTRAR_ROLE).fetch_one(&app.pool).await.unwrap() > 0 {
            assert!(started.elapsed() < StdDuration::from_secs(10), "the killed registrar's connections stayed");
            tokio::time::sleep(StdDuration::from_millis(50)).await;
        }
        while TcpStream::connect(("127.0.0.1", self.port)).is_ok() {
            assert!(started.elapsed() < StdDuration::from_secs(10), "the killed registrar's port stayed open");
            tokio::time::sleep(StdDuration::from_millis(50)).await;
        }
        self.child = run_kamailio(&self.dir, "kamailio-restarted.log");
        self.wait_started(app).await;
    }
}

/// sipp registers `username` with `password` (sip/tests/register.xml, or
/// register-refused.xml when a 403 is expected); true when the scenario went as written.
pub(crate) async fn sipp(registrar: &Registrar, scenario: &str, username: &str, password: &str) -> bool {
    let scenario = format!("{}/../sip/tests/{scenario}", env!("CARGO_MANIFEST_DIR"));
    let (target, local) = (format!("127.0.0.1:{}", registrar.port), free_port().to_string());
    let args = [
        target.as_str(),
        "-sf",
        &scenario,
        "-m",
        "1",
        "-s",
        username,
        "-au",
        username,
        "-ap",
        password,
        "-key",
        "domain",
        DOMAIN,
        "-i",
        "127.0.0.1",
        "-p",
        &local,
        "-nostdin",
        "-timeout",
        "10s",
        "-timeout_error",
    ];
    let dir = registrar.dir.clone();
    let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
    let status = tokio::task::spawn_blocking(move || {
        Command::new("sipp").args(&args).current_dir(dir).stdout(Stdio::null()).stderr(Stdio::null()).status()
    })
    .await
    .unwrap()
    .expect("sipp (Debian's sip-tester; .ci/test installs it)");
    status.success()
}

async fn registrations(app: &TestApp, path: &str) -> Value {
    expect_ok(app.get(&format!("/api/{path}/registrations")).await).await
}

#[tokio::test]
async fn a_paid_orders_extension_registers_within_two_seconds_and_a_wrong_password_is_refused() {
    let (app, registrar) = spawn_app_with_registrar().await;
    let cart_id = cart(&app, single_user(&[])).await;
    let (_, charge, order) = pay(&app, &cart_id, "dial@example.com", "4242424242424242").await;
    expect_ok(charge).await;
    let account = create_account(&app, &order).await;
    let completed = Instant::now();
    let extension = &account["extensions"][0];
    let (username, password) = (extension["username"].as_str().unwrap(), extension["password"].as_str().unwrap());

    let before = registrations(&app, &format!("orders/{order}")).await;
    assert_eq!(before["sipServer"]["domain"], DOMAIN);
    assert_eq!(before["sipServer"]["port"], registrar.port, "the port of the registrar the phone registers with");
    assert_eq!(before["sipServer"]["transport"], "UDP");
    assert_eq!(before["extensions"][0]["username"], username);
    assert_eq!(
        (&before["extensions"][0]["active"], &before["extensions"][0]["registered"]),
        (&true.into(), &false.into())
    );

    assert!(sipp(&registrar, "register.xml", username, password).await, "200 OK after the challenge");
    let took = completed.elapsed();
    assert!(took < StdDuration::from_secs(2), "registered {took:?} after the order completed");
    let after = registrations(&app, &format!("orders/{order}")).await;
    assert_eq!(after["extensions"][0]["registered"], true);
    // The SIP usernames are for the order's owner: the id alone (a browser without the owner's
    // session, secret or link) is refused.
    let stranger = app.client.get(app.url(&format!("/api/orders/{order}/registrations"))).send().await.unwrap();
    assert_eq!(stranger.status(), StatusCode::FORBIDDEN);
    assert_eq!(stranger.json::<Value>().await.unwrap()["code"], "not_your_order");

    assert!(sipp(&registrar, "register-refused.xml", username, "not-the-password").await, "403 to a wrong password");
    assert!(!sipp(&registrar, "register.xml", username, "not-the-password").await, "and never 200");
    assert!(sipp(&registrar, "register-refused.xml", "nobody101", password).await, "403 to an unknown user");

    // Staff reset the password: the old one is refused at once, the new one registers, and
    // the order's history says who reset it. Anonymous callers are refused.
    let path = format!("/api/admin/orders/service/{order}/reset-sip-password");
    let anonymous = app.send(Method::POST, &path, Some(json!({ "number": "101" }))).await;
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);
    let support = sign_in(&app, "sam@talkbridge.example", Role::Support).await;
    let staff_post = |body: Value| as_staff(app.client.post(app.url(&path)), &support).json(&body).send();
    expect_error(staff_post(json!({ "number": "102" })).await.unwrap(), StatusCode::CONFLICT, "extension_not_found")
        .await;
    let reset = expect_ok(staff_post(json!({ "number": "101" })).await.unwrap()).await;
    assert_eq!(reset["username"], username);
    let new_password = reset["password"].as_str().unwrap();
    assert_ne!(new_password, password);
    assert!(sipp(&registrar, "register-refused.xml", username, password).await, "the old password is refused");
    assert!(sipp(&registrar, "register.xml", username, new_password).await, "the new one registers");
    let history =
        expect_ok(staff_get(&app, &support, &format!("/api/admin/orders/service/{order}/history")).await).await;
    let last = history["events"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(last["sentence"], "SIP password of extension 101 reset by sam@talkbridge.example.");
    let events: String =
        sqlx::query_scalar("SELECT string_agg(payload::text, ' ') FROM events").fetch_one(&app.pool).await.unwrap();
    assert!(!events.contains(new_password) && !events.contains(password), "no password in any event");

    // The confirmation e-mail says where to connect, without the password.
    let mail: String =
        sqlx::query_scalar("SELECT body FROM outbox WHERE kind = 'order_confirmation' AND reference = $1")
            .bind(&order)
            .fetch_one(&app.pool)
            .await
            .unwrap();
    let port = registrar.port;
    assert!(mail.contains(&format!("101 (username {username}, SIP server {DOMAIN}, port {port}, UDP)")), "{mail}");
    assert!(!mail.contains(password));

    // The stored credentials are digests of the password, never the password.
    let stored: Vec<String> =
        sqlx::query_scalar("SELECT ha1 || ha1b || ha1_sha256 FROM subscriber").fetch_all(&app.pool).await.unwrap();
    assert_eq!(stored.len(), 1);
    assert!(!stored[0].contains(password) && !stored[0].contains(new_password));
}

#[tokio::test]
async fn an_ended_trials_extension_is_refused_and_a_rebuild_keeps_it_out() {
    let (app, registrar) = spawn_app_with_registrar().await;
    let numbers = free_numbers(&app).await;
    let ending = start_confirmed_trial(&app, "ending@example.com", &numbers[0]).await;
    let (id, extension) = (ending["customerId"].as_str().unwrap(), &ending["extensions"][0]);
    let (username, password) = (extension["username"].as_str().unwrap(), extension["password"].as_str().unwrap());
    assert!(sipp(&registrar, "register.xml", username, password).await, "a trial's extension registers");
    assert_eq!(registrations(&app, &format!("trials/{id}")).await["extensions"][0]["registered"], true);
    let stranger = app.client.get(app.url(&format!("/api/trials/{id}/registrations"))).send().await.unwrap();
    assert_eq!(stranger.status(), StatusCode::FORBIDDEN, "the id alone shows no SIP username");

    // A week on, the trial (without a card) ends unconverted.
    let week = AppState::with_clock(app.pool.clone(), Arc::new(FixedClock(Utc::now() + Duration::days(7))));
    let report = api::scheduled::end_trials(&week, week.clock.now() + Duration::minutes(1)).await.unwrap();
    assert_eq!(report.ended, 1);
    let ended = registrations(&app, &format!("trials/{id}")).await;
    assert_eq!(
        (&ended["extensions"][0]["active"], &ended["extensions"][0]["registered"]),
        (&false.into(), &false.into())
    );
    assert!(sipp(&registrar, "register-refused.xml", username, password).await, "403 once the trial ended");

    // rebuild-views: the table comes back from the events alone: an order's extension a lost
    // update had left out is back, the ended trial's stays out, a row no event made goes.
    let cart_id = cart(&app, single_user(&[])).await;
    let (_, charge, order) = pay(&app, &cart_id, "rebuilt@example.com", "4242424242424242").await;
    expect_ok(charge).await;
    let account = create_account(&app, &order).await;
    let may_call_out = || async {
        let rows: Vec<bool> =
            sqlx::query_scalar("SELECT may_call_out FROM sip_accounts").fetch_all(&app.pool).await.unwrap();
        rows
    };
    assert_eq!(may_call_out().await, vec![true], "a service order's extension may call out");
    sqlx::query("DELETE FROM sip_accounts").execute(&app.pool).await.unwrap();
    sqlx::query(
        "INSERT INTO sip_accounts (username, owner, number, domain) VALUES ('ghost101', 'trial:x', '101', 'x')",
    )
    .execute(&app.pool)
    .await
    .unwrap();
    let state = AppState::new(app.pool.clone());
    let rebuilt = api::tools::rebuild::rebuild_all(&state).await.unwrap();
    let sip = rebuilt.iter().find(|r| r.table == "sip_accounts").expect("rebuild-views rebuilds sip_accounts");
    assert_eq!((sip.deleted, sip.inserted), (1, 1), "the row no event accounts for goes, the lost one comes back");
    let usernames: Vec<String> =
        sqlx::query_scalar("SELECT username FROM sip_accounts").fetch_all(&app.pool).await.unwrap();
    let ordered = account["extensions"][0]["username"].as_str().unwrap();
    assert_eq!(usernames, vec![ordered.to_string()]);
    assert_eq!(may_call_out().await, vec![true], "and may again once rebuilt");
    assert!(sipp(&registrar, "register.xml", ordered, account["extensions"][0]["password"].as_str().unwrap()).await);
    assert!(sipp(&registrar, "register-refused.xml", username, password).await);
    assert_eq!(app.get("/api/trials/not-a-trial/registrations").await.status(), StatusCode::NOT_FOUND);
}

/// The SQLSTATE of a refused statement (None when it went through).
fn refusal<T>(result: Result<T, sqlx::Error>) -> Option<String> {
    match result {
        Ok(_) => None,
        Err(e) => {
            Some(e.as_database_error().and_then(|d| d.code()).map(|c| c.to_string()).unwrap_or_else(|| e.to_string()))
        }
    }
}

#[tokio::test]
async fn the_registrars_role_reads_subscribers_and_writes_locations_and_nothing_else() {
    let app = spawn_app().await;
    let database: String = sqlx::query_scalar("SELECT current_database()").fetch_one(&app.pool).await.unwrap();
    // Three extensions the projection lets in: one with an MD5 digest, one without (made
    // before the column existed), one with an empty one.
    let account = uuid::Uuid::new_v4();
    sqlx::query(
        "INSERT INTO customer_accounts (id, email, first_name, last_name, company_name, phone)
         VALUES ($1, 'role@example.com', 'Ro', 'Le', 'Role Ltd', '+447700900000')",
    )
    .bind(account)
    .execute(&app.pool)
    .await
    .unwrap();
    for (number, username, md5) in
        [("101", "md5ext101", Some("0123abcd")), ("102", "nomd5ext102", None), ("103", "emptymd5ext103", Some(""))]
    {
        sqlx::query(
            "INSERT INTO sip_extensions (owner, account_id, number, username, secret_digest, ha1_md5)
             VALUES ('order-role', $1, $2, $3, 'sha256digest', $4)",
        )
        .bind(account)
        .bind(number)
        .bind(username)
        .bind(md5)
        .execute(&app.pool)
        .await
        .unwrap();
        sqlx::query(
            "INSERT INTO sip_accounts (username, owner, number, domain) VALUES ($1, 'order:order-role', $2, $3)",
        )
        .bind(username)
        .bind(number)
        .bind(DOMAIN)
        .execute(&app.pool)
        .await
        .unwrap();
    }

    let mut registrar = PgConnection::connect(&registrar_database_url(&database).await).await.unwrap();
    let who: String = sqlx::query_scalar("SELECT current_user::text").fetch_one(&mut registrar).await.unwrap();
    assert_eq!(who, REGISTRAR_ROLE);

    // What auth_db reads: only the extension with an MD5 digest.
    let subscribers: Vec<(String, String, String)> =
        sqlx::query_as("SELECT username::text, domain::text, ha1::text FROM subscriber ORDER BY username")
            .fetch_all(&mut registrar)
            .await
            .unwrap();
    assert_eq!(subscribers, vec![("md5ext101".to_string(), DOMAIN.to_string(), "0123abcd".to_string())]);
    let version: i32 = sqlx::query_scalar("SELECT table_version FROM version WHERE table_name = 'location'")
        .fetch_one(&mut registrar)
        .await
        .unwrap();
    assert_eq!(version, 9);

    // What the call routing reads: who an extension reaches by number or username (without
    // any owner), and which extensions a number rings (none here: the owner has no number).
    let dialled: Vec<(String, bool)> = sqlx::query_as(
        "SELECT callee, same_owner FROM sip_dial_plan WHERE caller = 'md5ext101' AND dialled IN ('102', 'emptymd5ext103')
         ORDER BY callee",
    )
    .fetch_all(&mut registrar)
    .await
    .unwrap();
    assert_eq!(dialled, vec![("emptymd5ext103".to_string(), true), ("nomd5ext102".to_string(), true)]);
    let routes: i64 =
        sqlx::query_scalar("SELECT count(*) FROM sip_number_routes").fetch_one(&mut registrar).await.unwrap();
    assert_eq!(routes, 0);

    // What usrloc writes: a registration, its refresh, an attribute, and their removal.
    let id: i32 = sqlx::query_scalar(
        "INSERT INTO location (ruid, username, contact, expires, last_modified)
         VALUES ('ruid-1', 'md5ext101', 'sip:md5ext101@127.0.0.1:5062', now() + interval '1 hour', now()) RETURNING id",
    )
    .fetch_one(&mut registrar)
    .await
    .unwrap();
    let refreshed =
        sqlx::query("UPDATE location SET cseq = 2 WHERE id = $1").bind(id).execute(&mut registrar).await.unwrap();
    assert_eq!(refreshed.rows_affected(), 1);
    sqlx::query("INSERT INTO location_attrs (ruid, username, aname, avalue) VALUES ('ruid-1', 'md5ext101', 'a', 'b')")
        .execute(&mut registrar)
        .await
        .unwrap();
    let seen: i64 =
        sqlx::query_scalar("SELECT count(*) FROM location WHERE cseq = 2").fetch_one(&app.pool).await.unwrap();
    assert_eq!(seen, 1, "the shop sees the registration");
    let gone = sqlx::query("DELETE FROM location_attrs WHERE ruid = 'ruid-1'").execute(&mut registrar).await.unwrap();
    assert_eq!(gone.rows_affected(), 1);
    let gone = sqlx::query("DELETE FROM location WHERE id = $1").bind(id).execute(&mut registrar).await.unwrap();
    assert_eq!(gone.rows_affected(), 1);

    // Nothing else: customers, staff password hashes, events, the digests' own table, the
    // projection's, and no writing what it only reads. 42501: permission denied.
    for table in [
        "customer_accounts",
        "staff_users",
        "staff_sessions",
        "events",
        "sip_extensions",
        "sip_accounts",
        "sip_numbers",
        "sip_service_ends",
        "sip_acc",
        "call_records",
        "outbox",
        "sip_calls",
        "sip_usage",
        "dial_rates",
        "sip_call_suspensions",
    ] {
        let read = sqlx::query(&format!("SELECT 1 FROM {table} LIMIT 1")).fetch_all(&mut registrar).await;
        assert_eq!(refusal(read).as_deref(), Some("42501"), "reading {table}");
    }
    for statement in [
        "INSERT INTO version (table_name, table_version) VALUES ('x', 1)",
        "UPDATE version SET table_version = 0",
        "INSERT INTO sip_accounts (username, owner, number, domain) VALUES ('intruder', 'x', '1', 'x')",
        "UPDATE staff_users SET password_hash = ''",
        "CREATE TABLE registrar_was_here (id int)",
    ] {
        let written = sqlx::query(statement).execute(&mut registrar).await;
        assert_eq!(refusal(written).as_deref(), Some("42501"), "{statement}");
    }

    // The whole list, as the catalogue has it: exactly eleven relations and five sequences.
    let relations: Vec<String> = sqlx::query_scalar(
        "SELECT c.relname::text FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = 'public' AND (
             (c.relkind IN ('r', 'v', 'm', 'p', 'f')
                 AND has_table_privilege($1, c.oid, 'SELECT, INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER'))
             OR (c.relkind = 'S' AND has_sequence_privilege($1, c.oid, 'USAGE, SELECT, UPDATE')))
         ORDER BY 1",
    )
    .bind(REGISTRAR_ROLE)
    .fetch_all(&app.pool)
    .await
    .unwrap();
    assert_eq!(
        relations,
        [
            "dialog",
            "dialog_id_seq",
            "dialog_vars",
            "dialog_vars_id_seq",
            "location",
            "location_attrs",
            "location_attrs_id_seq",
            "location_id_seq",
            "sip_acc",
            "sip_acc_id_seq",
            "sip_dial_plan",
            "sip_number_routes",
            "sip_outbound_callers",
            "sip_stopped_subscriber",
            "subscriber",
            "version"
        ]
    );
    let writable: Vec<String> = sqlx::query_scalar(
        "SELECT c.relname::text FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = 'public' AND c.relkind IN ('r', 'v')
           AND has_table_privilege($1, c.oid, 'INSERT, UPDATE, DELETE, TRUNCATE') ORDER BY 1",
    )
    .bind(REGISTRAR_ROLE)
    .fetch_all(&app.pool)
    .await
    .unwrap();
    // sip_acc: the calls' records, which it may add and never read, change or delete; dialog
    // and dialog_vars: the calls in progress (the dialog module's db_mode).
    assert_eq!(writable, ["dialog", "dialog_vars", "location", "location_attrs", "sip_acc"]);
    // And of the functions that run as their owner, one: the calls-out decision (sip_call_out).
    let functions: Vec<String> = sqlx::query_scalar(
        "SELECT p.proname::text FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
         WHERE n.nspname = 'public' AND p.prosecdef AND has_function_privilege($1, p.oid, 'EXECUTE') ORDER BY 1",
    )
    .bind(REGISTRAR_ROLE)
    .fetch_all(&app.pool)
    .await
    .unwrap();
    assert_eq!(functions, ["sip_call_out"]);
    for statement in ["UPDATE sip_acc SET sip_code = '200'", "DELETE FROM sip_acc"] {
        let written = sqlx::query(statement).execute(&mut registrar).await;
        assert_eq!(refusal(written).as_deref(), Some("42501"), "{statement}");
    }
    // No power over the server or other roles.
    let powers: (bool, bool, bool, bool, bool, i64) = sqlx::query_as(
        "SELECT rolsuper, rolcreaterole, rolcreatedb, rolreplication, rolbypassrls,
                (SELECT count(*) FROM pg_auth_members m WHERE m.member = r.oid)
         FROM pg_roles r WHERE rolname = $1",
    )
    .bind(REGISTRAR_ROLE)
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert_eq!(powers, (false, false, false, false, false, 0));
}
