//! The SIP registrar with a real phone: a Kamailio of each test's own (sip/kamailio.cfg,
//! rendered as .ci/lib.sh does, on a free port) against the test's database, and sipp
//! registering as a softphone would (sip/tests/*.xml).

use std::net::{TcpStream, UdpSocket};
use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration as StdDuration, Instant};

use aggregates::clock::FixedClock;
use api::auth::Role;
use api::state::AppState;
use chrono::{Duration, Utc};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::checkout::{cart, create_account, pay, single_user};
use crate::hardware_routes::{as_staff, sign_in, staff_get};
use crate::helpers::{admin_url, expect_error, expect_ok, spawn_app, with_database, TestApp};
use crate::trial::{free_numbers, start_confirmed_trial};

const DOMAIN: &str = "sip.talkbridge.localhost";

fn free_port() -> u16 {
    // A port free for TCP and for UDP, where the registrar listens on both.
    loop {
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        if UdpSocket::bind(("127.0.0.1", port)).is_ok() {
            return port;
        }
    }
}

/// A registrar of this test, stopped when dropped.
pub(crate) struct Registrar {
    child: Child,
    port: u16,
    dir: PathBuf,
}

impl Drop for Registrar {
    fn drop(&mut self) {
        // SIGTERM to its process group: Kamailio's main process and every worker it forked
        // (a SIGKILL to the main process alone would leave the workers running).
        let group = format!("-{}", self.child.id());
        let _ = Command::new("kill").args(["-TERM", "--", &group]).status();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

pub(crate) async fn registrar(app: &TestApp) -> Registrar {
    let database: String = sqlx::query_scalar("SELECT current_database()").fetch_one(&app.pool).await.unwrap();
    let port = free_port();
    let config = include_str!("../../../sip/kamailio.cfg")
        .replace("@DB_URL@", &with_database(&admin_url(), &database))
        .replace("@LISTEN@", &format!("127.0.0.1:{port}"))
        .replace("@SIP_DOMAIN@", DOMAIN)
        .replace("@ALGORITHM@", "MD5")
        .replace("@HA1_COLUMN@", "ha1");
    let dir = std::env::temp_dir().join(format!("talkbridge-registrar-{port}"));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("kamailio.cfg"), config).unwrap();
    let log = std::fs::File::create(dir.join("kamailio.log")).unwrap();
    let child = Command::new("kamailio")
        .args(["-f", "kamailio.cfg", "-DD", "-E"])
        .current_dir(&dir)
        .env("TZ", "UTC")
        .process_group(0)
        .stdout(log.try_clone().unwrap())
        .stderr(log)
        .spawn()
        .expect("kamailio (Debian's kamailio and kamailio-postgres-modules; .ci/test installs them)");
    let registrar = Registrar { child, port, dir };
    let started = Instant::now();
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(started.elapsed() < StdDuration::from_secs(10), "the registrar did not start: {:?}", registrar.dir);
        tokio::time::sleep(StdDuration::from_millis(50)).await;
    }
    registrar
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
    let app = spawn_app().await;
    let registrar = registrar(&app).await;
    let cart_id = cart(&app, single_user(&[])).await;
    let (_, charge, order) = pay(&app, &cart_id, "dial@example.com", "4242424242424242").await;
    expect_ok(charge).await;
    let account = create_account(&app, &order).await;
    let completed = Instant::now();
    let extension = &account["extensions"][0];
    let (username, password) = (extension["username"].as_str().unwrap(), extension["password"].as_str().unwrap());

    let before = registrations(&app, &format!("orders/{order}")).await;
    assert_eq!(before["sipServer"]["domain"], DOMAIN);
    assert_eq!(before["sipServer"]["port"], 5060);
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
    assert!(mail.contains(&format!("101 (username {username}, SIP server {DOMAIN}, port 5060, UDP)")), "{mail}");
    assert!(!mail.contains(password));

    // The stored credentials are digests of the password, never the password.
    let stored: Vec<String> =
        sqlx::query_scalar("SELECT ha1 || ha1b || ha1_sha256 FROM subscriber").fetch_all(&app.pool).await.unwrap();
    assert_eq!(stored.len(), 1);
    assert!(!stored[0].contains(password) && !stored[0].contains(new_password));
}

#[tokio::test]
async fn an_ended_trials_extension_is_refused_and_a_rebuild_keeps_it_out() {
    let app = spawn_app().await;
    let registrar = registrar(&app).await;
    let numbers = free_numbers(&app).await;
    let ending = start_confirmed_trial(&app, "ending@example.com", &numbers[0]).await;
    let (id, extension) = (ending["customerId"].as_str().unwrap(), &ending["extensions"][0]);
    let (username, password) = (extension["username"].as_str().unwrap(), extension["password"].as_str().unwrap());
    assert!(sipp(&registrar, "register.xml", username, password).await, "a trial's extension registers");
    assert_eq!(registrations(&app, &format!("trials/{id}")).await["extensions"][0]["registered"], true);

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
    let rebuilt = api::rebuild::rebuild_all(&state).await.unwrap();
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
