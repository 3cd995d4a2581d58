//! Calls through the SIP registrar (sip/kamailio.cfg), each test with a Kamailio of its own
//! (crate::sip): sipp as the phones, which register from a port of their own and then answer
//! or ring there (sip/tests/answer.xml, ring.xml), as the caller with its digest
//! (call.xml), and as the carrier's trunk from the port the registrar takes for it
//! (inbound.xml). The callers' scenarios log the final answer they got, so each test checks
//! the code sipp saw.

use std::net::UdpSocket;
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration as StdDuration, Instant};

use aggregates::clock::FixedClock;
use api::app::auth::Role;
use api::app::state::AppState;
use chrono::{Duration, Utc};
use serde_json::{json, Value};

use crate::checkout::{cart, create_account, pay, CartSpec, OK_CARD};
use crate::hardware_routes::{as_staff, sign_in, staff_get, Session};
use crate::helpers::{expect_ok, TestApp};
use crate::sip::{free_port, spawn_app_with_registrar, Registrar};
use crate::trial::{free_numbers, start_confirmed_trial, start_trial};

const DOMAIN: &str = "sip.talkbridge.localhost";

pub(crate) fn scenario(name: &str) -> String {
    format!("{}/../sip/tests/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// Runs sipp to the end (at most its 10 s timeout) with `args` after the registrar's address,
/// in the registrar's folder: whether the scenario went as written.
pub(crate) async fn sipp(registrar: &Registrar, args: Vec<String>) -> bool {
    let mut all = vec![format!("127.0.0.1:{}", registrar.port)];
    all.extend(args);
    all.extend(["-m", "1", "-i", "127.0.0.1", "-nostdin", "-timeout", "10s", "-timeout_error"].map(String::from));
    let dir = registrar.dir.clone();
    tokio::task::spawn_blocking(move || {
        Command::new("sipp").args(&all).current_dir(dir).stdout(Stdio::null()).stderr(Stdio::null()).status()
    })
    .await
    .unwrap()
    .expect("sipp (Debian's sip-tester; .ci/test installs it)")
    .success()
}

/// A caller's scenario `name` run with `args`: the final answer it got (200 once the call was
/// answered and hung up), or None when it got none it expected; and the reason phrase of a
/// 403 (call.xml logs it).
pub(crate) async fn answer_and_reason(
    registrar: &Registrar,
    name: &str,
    mut args: Vec<String>,
) -> (Option<u16>, Option<String>) {
    let log = registrar.dir.join(format!("{name}-{}.log", uuid::Uuid::new_v4().simple()));
    args.extend(["-sf".into(), scenario(name), "-trace_logs".into(), "-log_file".into(), log.display().to_string()]);
    let went = sipp(registrar, args).await;
    let logged = std::fs::read_to_string(&log).unwrap_or_default();
    let code = logged.lines().find_map(|line| line.trim().parse().ok());
    let reason = logged.lines().find_map(|line| line.trim().strip_prefix("reason ").map(|r| r.trim().to_string()));
    (went.then_some(code).flatten(), reason)
}

pub(crate) async fn final_answer(registrar: &Registrar, name: &str, args: Vec<String>) -> Option<u16> {
    answer_and_reason(registrar, name, args).await.0
}

/// Extension `username` (with `password`) dials `dialled`.
pub(crate) async fn call(registrar: &Registrar, extension: (&str, &str), dialled: &str) -> Option<u16> {
    call_and_reason(registrar, extension, dialled).await.0
}

/// Extension `username` (with `password`) dials `dialled`: the final answer and a 403's reason.
pub(crate) async fn call_and_reason(
    registrar: &Registrar,
    (username, password): (&str, &str),
    dialled: &str,
) -> (Option<u16>, Option<String>) {
    let args = ["-s", dialled, "-key", "caller", username, "-au", username, "-ap", password, "-key", "domain", DOMAIN];
    let local = free_port().to_string();
    let mut args: Vec<String> = args.map(String::from).to_vec();
    args.extend(["-p".to_string(), local]);
    answer_and_reason(registrar, "call.xml", args).await
}

/// The carrier's trunk, waiting on the port the registrar sends calls out to (SIP_TRUNK) for
/// one call, which it answers (sip/tests/trunk.xml), logging its request URI and caller ID.
pub(crate) struct TrunkCall {
    waiting: Waiting,
    log: std::path::PathBuf,
}

impl TrunkCall {
    pub(crate) fn expect(registrar: &Registrar) -> TrunkCall {
        TrunkCall::expect_calls(registrar, "trunk.xml", 1, 10)
    }

    /// The trunk playing `name` (trunk.xml, trunk-481.xml) for `calls` calls, waiting at most
    /// `seconds`.
    pub(crate) fn expect_calls(registrar: &Registrar, name: &str, calls: u32, seconds: u32) -> TrunkCall {
        let log = registrar.dir.join(format!("trunk-{}.log", uuid::Uuid::new_v4().simple()));
        let logging = ["-trace_logs".to_string(), "-log_file".to_string(), log.display().to_string()];
        let waiting = listen_for(registrar, registrar.trunk, name, calls, seconds, &logging);
        TrunkCall { waiting, log }
    }

    /// Stops waiting: what the trunk logged (a "ruri ..." line for each call it was sent).
    pub(crate) fn stop(self) -> String {
        drop(self.waiting);
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// Waits for the end of its scenario: whether it went as written, and what it logged.
    pub(crate) async fn log(self) -> (bool, String) {
        let went = self.waiting.went().await;
        (went, std::fs::read_to_string(&self.log).unwrap_or_default())
    }

    /// Whether the call came and was answered, with the request URI and the
    /// P-Asserted-Identity it came with (empty: none).
    pub(crate) async fn went(self) -> (bool, String, String) {
        let went = self.waiting.went().await;
        let logged = std::fs::read_to_string(&self.log).unwrap_or_default();
        let field = |name: &str| {
            logged
                .lines()
                .find_map(|line| line.trim().strip_prefix(name).map(|v| v.trim().to_string()))
                .unwrap_or_default()
        };
        (went, field("ruri "), field("pai "))
    }
}

/// sipp waiting on `port` for one call, playing `name` (answer.xml, ring.xml, trunk.xml).
pub(crate) fn listen(registrar: &Registrar, port: u16, name: &str, extra: &[String]) -> Waiting {
    listen_for(registrar, port, name, 1, 10, extra)
}

/// sipp waiting on `port` for `calls` calls, for at most `seconds`, playing `name`.
pub(crate) fn listen_for(
    registrar: &Registrar,
    port: u16,
    name: &str,
    calls: u32,
    seconds: u32,
    extra: &[String],
) -> Waiting {
    let child = Command::new("sipp")
        .args(["-sf", &scenario(name), "-m", &calls.to_string(), "-i", "127.0.0.1", "-p", &port.to_string()])
        .args(["-nostdin", "-timeout", &format!("{seconds}s"), "-timeout_error"])
        .args(extra)
        .current_dir(&registrar.dir)
        .process_group(0)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("sipp (Debian's sip-tester; .ci/test installs it)");
    // Listening once its port is taken: a call sent before would find no one.
    let started = Instant::now();
    while UdpSocket::bind(("127.0.0.1", port)).is_ok() {
        assert!(started.elapsed() < StdDuration::from_secs(5), "the phone's sipp did not start");
        std::thread::sleep(StdDuration::from_millis(10));
    }
    Waiting { child: Some(child) }
}

/// The carrier calls `number` from `port` (the trunk's, unless a test says otherwise).
async fn call_in_from(registrar: &Registrar, port: u16, number: &str) -> Option<u16> {
    let args = ["-s", number, "-key", "caller", "+447700900123", "-p", &port.to_string()].map(String::from).to_vec();
    final_answer(registrar, "inbound.xml", args).await
}

async fn call_in(registrar: &Registrar, number: &str) -> Option<u16> {
    call_in_from(registrar, registrar.trunk, number).await
}

/// A phone registered as an extension, from a port of its own.
pub(crate) struct Phone {
    pub(crate) port: u16,
}

impl Phone {
    pub(crate) async fn register(registrar: &Registrar, (username, password): (&str, &str)) -> Phone {
        let port = free_port();
        let args = [
            "-sf",
            &scenario("register.xml"),
            "-s",
            username,
            "-au",
            username,
            "-ap",
            password,
            "-key",
            "domain",
            DOMAIN,
            "-p",
            &port.to_string(),
        ]
        .map(String::from)
        .to_vec();
        assert!(sipp(registrar, args).await, "{username} registers");
        Phone { port }
    }

    /// The phone waits for one call on its port and plays `name` (answer.xml, ring.xml).
    pub(crate) fn expect(&self, registrar: &Registrar, name: &str) -> Waiting {
        listen(registrar, self.port, name, &[])
    }
}

/// A phone's sipp waiting for its call; stopped if the test ends first.
pub(crate) struct Waiting {
    child: Option<Child>,
}

impl Waiting {
    /// Whether the phone's scenario went as written (it was called, and answered or rang).
    pub(crate) async fn went(mut self) -> bool {
        let mut child = self.child.take().unwrap();
        tokio::task::spawn_blocking(move || child.wait()).await.unwrap().unwrap().success()
    }
}

impl Drop for Waiting {
    fn drop(&mut self) {
        if let Some(child) = &mut self.child {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// A paid and completed order of `spec` for `email`: its extensions as (username, password),
/// in extension order.
pub(crate) async fn order(app: &TestApp, spec: CartSpec<'_>, email: &str) -> Vec<(String, String)> {
    let cart_id = cart(app, spec).await;
    let (_, charge, order) = pay(app, &cart_id, email, OK_CARD).await;
    expect_ok(charge).await;
    extensions(&create_account(app, &order).await)
}

pub(crate) fn extensions(account: &Value) -> Vec<(String, String)> {
    account["extensions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["username"].as_str().unwrap().to_string(), e["password"].as_str().unwrap().to_string()))
        .collect()
}

/// Pay As You Go for one user with `numbers` and £10 of credit.
pub(crate) fn pay_as_you_go(numbers: &'static [&'static str]) -> CartSpec<'static> {
    CartSpec { plan: "payAsYouGo", cycle: "monthly", quantity: 1, add_ons: &[], numbers, top_up_pence: Some(1000) }
}

pub(crate) fn single_user(
    users: u32,
    add_ons: &'static [&'static str],
    numbers: &'static [&'static str],
) -> CartSpec<'static> {
    CartSpec { plan: "singleUser", cycle: "monthly", quantity: users, add_ons, numbers, top_up_pence: None }
}

/// The numbers the registrar routes to `owner`'s extensions (`sip_numbers`), each with
/// whether it rings them all.
pub(crate) async fn routed(app: &TestApp, owner: &str) -> Vec<(String, bool)> {
    sqlx::query_as("SELECT number, ring_all FROM sip_numbers WHERE owner = $1 ORDER BY number")
        .bind(owner)
        .fetch_all(&app.pool)
        .await
        .unwrap()
}

pub(crate) fn pair(extension: &(String, String)) -> (&str, &str) {
    (&extension.0, &extension.1)
}

#[tokio::test]
async fn an_extension_calls_another_of_its_order_by_number_or_username_and_no_one_elses() {
    let (app, registrar) = spawn_app_with_registrar().await;
    let ours = order(&app, single_user(2, &[], &[]), "calls@example.com").await;
    let theirs = order(&app, single_user(1, &[], &[]), "neighbour@example.com").await;
    let (first, second) = (pair(&ours[0]), pair(&ours[1]));

    assert_eq!(call(&registrar, first, "102").await, Some(480), "102 is not registered yet");
    let phone = Phone::register(&registrar, second).await;
    let ringing = phone.expect(&registrar, "answer.xml");
    assert_eq!(call(&registrar, first, "102").await, Some(200), "101 dials 102");
    assert!(ringing.went().await, "102 answered, and the caller hung up");
    let ringing = phone.expect(&registrar, "answer.xml");
    assert_eq!(call(&registrar, first, second.0).await, Some(200), "101 dials 102's username");
    assert!(ringing.went().await);

    // Another order's extension, registered and reachable, is not ours to call.
    let neighbour = Phone::register(&registrar, pair(&theirs[0])).await;
    let _unanswered = neighbour.expect(&registrar, "answer.xml");
    assert_eq!(call(&registrar, first, &theirs[0].0).await, Some(403), "another order's extension");
    assert_eq!(call(&registrar, pair(&theirs[0]), second.0).await, Some(403), "and the other way");
    assert_eq!(call(&registrar, pair(&theirs[0]), "102").await, Some(404), "its order has no 102");
    assert_eq!(call(&registrar, first, "103").await, Some(404));
    assert_eq!(call(&registrar, first, "nobody101").await, Some(404));
    assert_eq!(call(&registrar, (first.0, "not-the-password"), "102").await, Some(403), "a wrong password");
}

#[tokio::test]
async fn the_trunk_rings_a_bought_numbers_first_extension_and_refuses_numbers_out_of_service() {
    let (app, registrar) = spawn_app_with_registrar().await;
    let ours = order(&app, single_user(2, &[], &["442079460101"]), "inbound@example.com").await;

    assert_eq!(call_in(&registrar, "+442079460101").await, Some(480), "no phone registered");
    // The number rings 101 alone: 102's phone does not take its calls.
    let second = Phone::register(&registrar, pair(&ours[1])).await;
    let _never_rung = second.expect(&registrar, "answer.xml");
    assert_eq!(call_in(&registrar, "+442079460101").await, Some(480), "102 is not rung");
    let first = Phone::register(&registrar, pair(&ours[0])).await;
    let ringing = first.expect(&registrar, "answer.xml");
    assert_eq!(call_in(&registrar, "+442079460101").await, Some(200), "101 answers");
    assert!(ringing.went().await);
    let ringing = first.expect(&registrar, "answer.xml");
    assert_eq!(call_in(&registrar, "442079460101").await, Some(200), "without the + too");
    assert!(ringing.went().await);

    assert_eq!(call_in(&registrar, "+442079460199").await, Some(404), "a number not in service");
    assert_eq!(call_in(&registrar, "101").await, Some(404), "not a number from the trunk");
    // Anyone else must answer a digest challenge, whatever they call.
    assert_eq!(call_in_from(&registrar, free_port(), "+442079460101").await, Some(407));

    // rebuild-views: the routing comes back from the events alone.
    sqlx::query("DELETE FROM sip_numbers").execute(&app.pool).await.unwrap();
    sqlx::query("INSERT INTO sip_numbers (number, owner, ring_all) VALUES ('442079460199', 'ghost', false)")
        .execute(&app.pool)
        .await
        .unwrap();
    let rebuilt = api::tools::rebuild::rebuild_sip_numbers(&AppState::new(app.pool.clone())).await.unwrap();
    assert_eq!((rebuilt.deleted, rebuilt.inserted), (1, 1));
    let ringing = first.expect(&registrar, "answer.xml");
    assert_eq!(call_in(&registrar, "+442079460101").await, Some(200));
    assert!(ringing.went().await);
    assert_eq!(call_in(&registrar, "+442079460199").await, Some(404));
}

#[tokio::test]
async fn a_ring_group_rings_both_phones_and_the_first_to_answer_takes_the_call() {
    let (app, registrar) = spawn_app_with_registrar().await;
    let ours = order(&app, single_user(2, &["ringGroups"], &["442079460102"]), "group@example.com").await;
    let first = Phone::register(&registrar, pair(&ours[0])).await;
    let second = Phone::register(&registrar, pair(&ours[1])).await;

    // 101 answers; 102 rings until the registrar cancels its leg.
    let answering = first.expect(&registrar, "answer.xml");
    let ringing = second.expect(&registrar, "ring.xml");
    assert_eq!(call_in(&registrar, "+442079460102").await, Some(200));
    assert!(answering.went().await, "101 answered");
    assert!(ringing.went().await, "102 rang, and was cancelled");
}

#[tokio::test]
async fn an_ended_trials_extension_can_neither_call_nor_be_called() {
    let (app, registrar) = spawn_app_with_registrar().await;
    let number = free_numbers(&app).await[0].clone();
    let trial = start_confirmed_trial(&app, "calling@example.com", &number).await;
    let extension = &extensions(&trial)[0];
    let neighbour = order(&app, single_user(1, &[], &[]), "caller@example.com").await;

    let phone = Phone::register(&registrar, pair(extension)).await;
    let ringing = phone.expect(&registrar, "answer.xml");
    assert_eq!(call_in(&registrar, &format!("+{number}")).await, Some(200), "the trial's number rings its phone");
    assert!(ringing.went().await);
    assert_eq!(call(&registrar, pair(extension), "102").await, Some(404), "it may call (it has no 102)");
    assert_eq!(call(&registrar, pair(&neighbour[0]), &extension.0).await, Some(403), "not another owner's");

    // A week on, the trial (without a card) ends unconverted.
    let week = AppState::with_clock(app.pool.clone(), Arc::new(FixedClock(Utc::now() + Duration::days(7))));
    let report = api::scheduled::end_trials(&week, week.clock.now() + Duration::minutes(1)).await.unwrap();
    assert_eq!(report.ended, 1);

    // Registered still in the registrar's memory, but out of service.
    let _unanswered = phone.expect(&registrar, "answer.xml");
    assert_eq!(call_in(&registrar, &format!("+{number}")).await, Some(404), "its number is not in service");
    assert_eq!(call(&registrar, pair(&neighbour[0]), &extension.0).await, Some(404), "its extension is gone");
    let refused = (Some(403), Some("Trial ended".to_string()));
    assert_eq!(call_and_reason(&registrar, pair(extension), "101").await, refused, "and it may not call");
    assert_eq!(call_and_reason(&registrar, pair(extension), "07700900123").await, refused, "nor out");
    // Nobody but its phone learns why: a wrong password is only wrong.
    let wrong = (Some(403), Some("Wrong username or password".to_string()));
    assert_eq!(call_and_reason(&registrar, (&extension.0, "not-the-password"), "101").await, wrong);
}

/// The caller ID the trunk sees for `number` (E.164 digits).
fn caller_id(number: &str) -> String {
    format!("<sip:+{number}@{DOMAIN};user=phone>")
}

#[tokio::test]
async fn a_number_dialled_out_reaches_the_trunk_with_the_orders_first_number_as_caller_id() {
    let (app, registrar) = spawn_app_with_registrar().await;
    let ours = order(&app, single_user(2, &[], &["442079460103", "442079460104"]), "out@example.com").await;
    let trunk = registrar.trunk;
    for (dialled, to) in [
        ("07700900123", "+447700900123"),
        ("02079460999", "+442079460999"),
        ("+442079460998", "+442079460998"),
        ("03069990000", "+443069990000"),
        ("08001234567", "+448001234567"),
    ] {
        let carrier = TrunkCall::expect(&registrar);
        assert_eq!(call(&registrar, pair(&ours[1]), dialled).await, Some(200), "{dialled} is answered");
        let (went, ruri, pai) = carrier.went().await;
        assert!(went, "the trunk took the call to {dialled}");
        assert_eq!(ruri, format!("sip:{to}@127.0.0.1:{trunk};user=phone"), "{dialled}");
        // Both extensions call as the order's first number.
        assert_eq!(pai, caller_id("442079460103"), "{dialled}");
    }

    // Numbers abroad have no rate on a plan (docs/fraud.md): refused, saying so.
    for dialled in ["0033142685300", "+12025550123"] {
        let refused = call_and_reason(&registrar, pair(&ours[1]), dialled).await;
        assert_eq!(refused, (Some(403), Some("International calls are not available on your plan".to_string())));
    }

    // Neither too short nor too long for a number: not out, and no extension either.
    let _never_called = TrunkCall::expect(&registrar);
    assert_eq!(call(&registrar, pair(&ours[0]), "0123").await, Some(404));
    assert_eq!(call(&registrar, pair(&ours[0]), "+1234567890123456").await, Some(404));

    // An order without a number has nothing to call out as.
    let none = order(&app, single_user(1, &[], &[]), "no.number@example.com").await;
    let refused = call_and_reason(&registrar, pair(&none[0]), "07700900123").await;
    assert_eq!(refused, (Some(403), Some("No number to call from".to_string())));
}

#[tokio::test]
async fn a_cancelled_service_rings_and_calls_until_its_end_then_neither_calls_nor_is_called() {
    let (app, registrar) = spawn_app_with_registrar().await;
    let ours = order(&app, single_user(2, &[], &["442079460105"]), "cancelled@example.com").await;
    let admin = sign_in(&app, "admin@talkbridge.example", Role::Admin).await;
    let path = format!("/api/admin/orders/service/{}/cancel-subscription", owner_of(&app, &ours[0].0).await);
    let cancel = |when: &str| {
        as_staff(app.client.post(app.url(&path)), &admin).json(&json!({ "when": when, "reason": "Closing down" }))
    };
    let first = Phone::register(&registrar, pair(&ours[0])).await;

    // At the end of the period paid for: until then, nothing changes.
    expect_ok(cancel("periodEnd").send().await.unwrap()).await;
    let ringing = first.expect(&registrar, "answer.xml");
    assert_eq!(call_in(&registrar, "+442079460105").await, Some(200), "its number still rings");
    assert!(ringing.went().await);
    let carrier = TrunkCall::expect(&registrar);
    assert_eq!(call(&registrar, pair(&ours[1]), "07700900123").await, Some(200), "it still calls out");
    assert!(carrier.went().await.0);

    // At once: its number is out of service, its extensions are not reached, and they may
    // neither call nor register, and are told why.
    expect_ok(cancel("now").send().await.unwrap()).await;
    let _unanswered = first.expect(&registrar, "answer.xml");
    assert_eq!(call_in(&registrar, "+442079460105").await, Some(404), "its number is not in service");
    let _never_called = TrunkCall::expect(&registrar);
    let refused = (Some(403), Some("Service cancelled".to_string()));
    assert_eq!(call_and_reason(&registrar, pair(&ours[1]), "07700900123").await, refused, "it may not call out");
    assert_eq!(call_and_reason(&registrar, pair(&ours[1]), "101").await, refused, "nor in");
    let neighbour = order(&app, single_user(1, &[], &[]), "neighbour@example.com").await;
    assert_eq!(call(&registrar, pair(&neighbour[0]), &ours[0].0).await, Some(404), "its extension is gone");
}

/// The order (or trial) extension `username` belongs to.
pub(crate) async fn owner_of(app: &TestApp, username: &str) -> String {
    sqlx::query_scalar("SELECT owner FROM sip_extensions WHERE username = $1")
        .bind(username)
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

/// Order `id`'s calls as support sees them (`/api/admin/orders/service/{id}/calls`), once the
/// registrar wrote `records` of them (it writes each as the call ends: a moment after the
/// caller's sipp is done).
async fn calls_of(app: &TestApp, support: &Session, path: &str, records: u64) -> Value {
    let started = Instant::now();
    loop {
        let calls = expect_ok(staff_get(app, support, path).await).await;
        if calls["total"] == json!(records) || started.elapsed() > StdDuration::from_secs(5) {
            return calls;
        }
        tokio::time::sleep(StdDuration::from_millis(100)).await;
    }
}

#[tokio::test]
async fn every_call_leaves_a_record_which_support_sees_in_the_order_with_counts_by_outcome() {
    let (app, registrar) = spawn_app_with_registrar().await;
    let ours = order(&app, single_user(2, &[], &[]), "records@example.com").await;
    let id = owner_of(&app, &ours[0].0).await;
    let path = format!("/api/admin/orders/service/{id}/calls");
    let anonymous = app.send(reqwest::Method::GET, &path, None).await;
    assert_eq!(anonymous.status(), reqwest::StatusCode::UNAUTHORIZED);
    let support = sign_in(&app, "support.calls@talkbridge.example", Role::Support).await;
    let none = calls_of(&app, &support, &path, 0).await;
    assert_eq!(none["calls"], json!([]));

    // Answered: 101 calls 102, which answers and is hung up on.
    let phone = Phone::register(&registrar, pair(&ours[1])).await;
    let ringing = phone.expect(&registrar, "answer.xml");
    let before = Utc::now();
    assert_eq!(call(&registrar, pair(&ours[0]), "102").await, Some(200));
    assert!(ringing.went().await);
    // Refused: the order has no number to call out as.
    let refused = call_and_reason(&registrar, pair(&ours[0]), "07700900123").await;
    assert_eq!(refused, (Some(403), Some("No number to call from".to_string())));
    // Failed: nothing answers to 103.
    assert_eq!(call(&registrar, pair(&ours[1]), "103").await, Some(404));

    let calls = calls_of(&app, &support, &path, 3).await;
    assert_eq!(calls["total"], 3, "{calls}");
    let records = calls["calls"].as_array().unwrap();
    let [failed, refused, answered] = [&records[0], &records[1], &records[2]];
    assert_eq!(answered["direction"], "internal");
    assert_eq!((answered["from"].as_str(), answered["to"].as_str()), (Some(ours[0].0.as_str()), Some("102")));
    assert_eq!(answered["extension"], ours[0].0.as_str());
    assert_eq!((answered["outcome"].as_str(), answered["sipCode"].as_i64()), (Some("answered"), Some(200)));
    assert!(answered["number"].is_null());
    let at = |field: &str, record: &Value| {
        chrono::DateTime::parse_from_rfc3339(record[field].as_str().unwrap_or_else(|| panic!("{field}: {record}")))
            .unwrap()
            .with_timezone(&Utc)
    };
    let (started, answer, end) = (at("startedAt", answered), at("answeredAt", answered), at("endedAt", answered));
    assert!(before <= started && started <= answer && answer <= end && end <= Utc::now(), "{answered}");
    // answer.xml answers after 200 ms; call.xml hangs up 100 ms after the answer.
    assert!(answer - started >= Duration::milliseconds(150), "{answered}");
    assert_eq!(answered["durationSeconds"], 1, "each started second");

    assert_eq!(refused["direction"], "outbound");
    assert_eq!((refused["from"].as_str(), refused["to"].as_str()), (Some(ours[0].0.as_str()), Some("07700900123")));
    assert_eq!((refused["outcome"].as_str(), refused["sipCode"].as_i64()), (Some("refused"), Some(403)));
    assert_eq!(refused["reason"], "No number to call from");
    assert!(refused["answeredAt"].is_null());
    assert_eq!(refused["durationSeconds"], 0);
    assert_eq!(at("startedAt", refused), at("endedAt", refused).min(at("startedAt", refused)));

    assert_eq!((failed["outcome"].as_str(), failed["sipCode"].as_i64()), (Some("failed"), Some(404)));
    assert_eq!(failed["extension"], ours[1].0.as_str());

    let outcomes: Vec<(String, i64)> = calls["outcomes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| (o["outcome"].as_str().unwrap().to_string(), o["calls"].as_i64().unwrap()))
        .collect();
    let expected = [("answered", 1), ("busy", 0), ("no answer", 0), ("refused", 1), ("failed", 1)];
    assert_eq!(outcomes, expected.map(|(o, n)| (o.to_string(), n)));

    // Another order sees none of them; an unknown order is no order.
    let theirs = order(&app, single_user(1, &[], &[]), "other.records@example.com").await;
    let other = format!("/api/admin/orders/service/{}/calls", owner_of(&app, &theirs[0].0).await);
    assert_eq!(calls_of(&app, &support, &other, 0).await["total"], 0);
    let unknown = format!("/api/admin/orders/service/{}/calls", uuid::Uuid::new_v4());
    let missing = staff_get(&app, &support, &unknown).await;
    assert_eq!(missing.status(), reqwest::StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn an_inbound_call_and_one_out_are_recorded_with_the_number_used() {
    let (app, registrar) = spawn_app_with_registrar().await;
    let ours = order(&app, single_user(1, &[], &["442079460111"]), "records.numbers@example.com").await;
    let path = format!("/api/admin/orders/service/{}/calls", owner_of(&app, &ours[0].0).await);
    let phone = Phone::register(&registrar, pair(&ours[0])).await;
    let ringing = phone.expect(&registrar, "answer.xml");
    assert_eq!(call_in(&registrar, "+442079460111").await, Some(200));
    assert!(ringing.went().await);
    let carrier = TrunkCall::expect(&registrar);
    assert_eq!(call(&registrar, pair(&ours[0]), "07700900123").await, Some(200));
    assert!(carrier.went().await.0);

    let support = sign_in(&app, "support.calls@talkbridge.example", Role::Support).await;
    let calls = calls_of(&app, &support, &path, 2).await;
    let records = calls["calls"].as_array().unwrap();
    let (out, inbound) = (&records[0], &records[1]);
    assert_eq!(inbound["direction"], "inbound");
    assert_eq!((inbound["from"].as_str(), inbound["to"].as_str()), (Some("+447700900123"), Some("+442079460111")));
    assert_eq!((inbound["number"].as_str(), inbound["outcome"].as_str()), (Some("442079460111"), Some("answered")));
    assert_eq!(inbound["extension"], ours[0].0.as_str());
    assert_eq!(out["direction"], "outbound");
    assert_eq!((out["to"].as_str(), out["number"].as_str()), (Some("+447700900123"), Some("442079460111")));
    assert_eq!(out["outcome"], "answered");
}

#[tokio::test]
async fn the_buyers_notice_stops_the_service_on_its_day_and_undoing_it_keeps_it() {
    use aggregates::service_order::ServiceOrderEvent as Ev;
    let (app, registrar) = spawn_app_with_registrar().await;
    let ours = order(&app, single_user(1, &[], &["442079460150"]), "notice@example.com").await;
    let id = owner_of(&app, &ours[0].0).await;
    let projection = projections::sip_numbers::SipNumbersQuery::new(app.pool.clone(), store::event_store::Reader);
    let phone = Phone::register(&registrar, pair(&ours[0])).await;
    let notice =
        |effective_on| Ev::CancellationScheduled { subscription_id: "sub_1".into(), effective_on, at: Utc::now() };

    // Notice for next month: nothing changes yet.
    projection.apply_order(&id, &notice(Utc::now() + Duration::days(30))).await.unwrap();
    let ringing = phone.expect(&registrar, "answer.xml");
    assert_eq!(call_in(&registrar, "+442079460150").await, Some(200));
    assert!(ringing.went().await);

    // Its day came: the number is out of service and the extension told why.
    projection.apply_order(&id, &notice(Utc::now() - Duration::seconds(1))).await.unwrap();
    assert_eq!(call_in(&registrar, "+442079460150").await, Some(404));
    let refused = (Some(403), Some("Service cancelled".to_string()));
    assert_eq!(call_and_reason(&registrar, pair(&ours[0]), "07700900123").await, refused);

    // Undone: it rings again.
    let undone = Ev::CancellationUndone { subscription_id: "sub_1".into(), at: Utc::now() };
    projection.apply_order(&id, &undone).await.unwrap();
    let ringing = phone.expect(&registrar, "answer.xml");
    assert_eq!(call_in(&registrar, "+442079460150").await, Some(200));
    assert!(ringing.went().await);
}

/// A call out of `extension` to `to` that lasted `seconds` from its answer, as the registrar
/// records one (sip_acc: the INVITE's 200, then the BYE).
pub(crate) async fn recorded_call_out(app: &TestApp, call_id: &str, extension: &str, to: &str, seconds: i64) {
    // Started a moment ago (this month, whenever the test runs), ended `seconds` after. As
    // the registrar records one: the grant sip_call_out makes (at no rate: the charge-calls
    // job rates it), then its answer and its end, which move the owner's counters on.
    let started = Utc::now().timestamp() - 5;
    sqlx::query(
        "INSERT INTO sip_calls (call, owner, username, callee, class, tariff, rate_tenths, max_seconds, started_at)
         SELECT $1, e.owner, $2, $3, 'uk_mobile', 'minutes', 0, greatest($5, 1), to_timestamp($4)
         FROM sip_extensions e WHERE e.username = $2",
    )
    .bind(call_id)
    .bind(extension)
    .bind(to)
    .bind(started as f64)
    .bind(seconds as i32)
    .execute(&app.pool)
    .await
    .unwrap();
    sqlx::query(
        "INSERT INTO sip_acc (method, callid, call, sip_code, sip_reason, direction, caller, callee, number, extension, started, at)
         VALUES ('INVITE', $1, $1, '200', 'OK', 'outbound', $2, $3, '442079460201', $2, $4, $5),
                ('END', '', $1, '', '', 'outbound', NULL, NULL, NULL, NULL, NULL, $6)",
    )
    .bind(call_id)
    .bind(extension)
    .bind(to)
    .bind(format!("{started}.000000"))
    .bind(format!("{}.000000", started + 1))
    .bind(format!("{}.000000", started + 1 + seconds))
    .execute(&app.pool)
    .await
    .unwrap();
}

pub(crate) async fn balance(app: &TestApp, order: &str) -> i64 {
    let view: Option<sqlx::types::Json<Value>> =
        sqlx::query_scalar("SELECT payload::jsonb FROM call_credit_view WHERE view_id = $1")
            .bind(order)
            .fetch_optional(&app.pool)
            .await
            .unwrap();
    view.map(|v| v.0["balanceTenths"].as_i64().unwrap()).unwrap_or(0)
}

#[tokio::test]
async fn pay_as_you_go_pays_for_calls_from_its_credit_and_refuses_them_once_it_is_spent() {
    use aggregates::call_credit::{CallCredit, CallCreditEvent};
    use api::scheduled::charge_calls;
    use jobs::call_charges::Report;
    let (app, registrar) = spawn_app_with_registrar().await;
    let spec = pay_as_you_go(&["442079460201"]);
    let ours = order(&app, spec, "payg.calls@example.com").await;
    let id = owner_of(&app, &ours[0].0).await;
    let state = AppState::new(app.pool.clone());
    assert_eq!(balance(&app, &id).await, 10_000, "£10 of credit");

    // A call out to a mobile, answered and hung up within its first minute: 8.3p.
    let carrier = TrunkCall::expect(&registrar);
    assert_eq!(call(&registrar, pair(&ours[0]), "07700900123").await, Some(200));
    assert!(carrier.went().await.0);
    // The credit pays abroad only once the owner turned calls abroad on (crate::fraud).
    let abroad = call_and_reason(&registrar, pair(&ours[0]), "0033142685300").await;
    assert_eq!(abroad, (Some(403), Some("International calls are off: turn them on in your account".to_string())));
    // And a 61-second call to a mobile: two started minutes, 16.6p.
    recorded_call_out(&app, "call-61", &ours[0].0, "+447700900123", 61).await;
    let ended =
        "SELECT count(*) FROM call_records WHERE owner = $1 AND outcome = 'answered' AND duration_seconds IS NOT NULL";
    let started = Instant::now();
    while sqlx::query_scalar::<_, i64>(ended).bind(&id).fetch_one(&app.pool).await.unwrap() < 2 {
        assert!(started.elapsed() < StdDuration::from_secs(5), "the real call's end was not recorded");
        tokio::time::sleep(StdDuration::from_millis(50)).await;
    }
    let report = charge_calls(&state).await.unwrap();
    assert_eq!(report, Report { charged: 2, ..Report::default() });
    assert_eq!(balance(&app, &id).await, 10_000 - 83 - 166);
    let history = store::commands::history::<CallCredit>(&app.pool, &id).await.unwrap();
    let sixty_one = history.iter().find_map(|e| match &e.payload {
        CallCreditEvent::CallCharged { call_id, seconds, minutes, tenths, .. } if call_id == "call-61" => {
            Some((*seconds, *minutes, *tenths))
        }
        _ => None,
    });
    assert_eq!(sixty_one, Some((61, 2, 166)), "a 61-second call to a mobile costs 16.6p");
    assert_eq!(charge_calls(&state).await.unwrap(), Report::default(), "each call is charged once");

    // Two hours more spend the rest (120 minutes at 8.3p is £9.96): the credit runs out, and
    // the buyer is e-mailed.
    recorded_call_out(&app, "call-long", &ours[0].0, "+447700900124", 7200).await;
    assert_eq!(charge_calls(&state).await.unwrap(), Report { charged: 1, emailed: 1, ..Report::default() });
    assert_eq!(balance(&app, &id).await, 10_000 - 83 - 166 - 9_960);

    // The next call out is refused, recorded as such, and the buyer is not e-mailed again.
    let refused = call_and_reason(&registrar, pair(&ours[0]), "07700900123").await;
    assert_eq!(refused, (Some(403), Some("No call credit left".to_string())));
    let refused_again = call_and_reason(&registrar, pair(&ours[0]), "02079460999").await;
    assert_eq!(refused_again.1.as_deref(), Some("No call credit left"));
    let started = Instant::now();
    let mut report = Report::default();
    while report.refused < 2 {
        assert!(started.elapsed() < StdDuration::from_secs(5), "the refusals were not recorded: {report:?}");
        let more = charge_calls(&state).await.unwrap();
        assert_eq!((more.charged, more.emailed), (0, 0));
        report.refused += more.refused;
        tokio::time::sleep(StdDuration::from_millis(50)).await;
    }
    let mails: Vec<(String, String)> =
        sqlx::query_as("SELECT recipient, subject FROM outbox WHERE kind = 'call_credit_ran_out'")
            .fetch_all(&app.pool)
            .await
            .unwrap();
    assert_eq!(mails.len(), 1, "{mails:?}");
    assert_eq!(mails[0].0, "payg.calls@example.com");
    assert!(mails[0].1.contains("has run out"), "{mails:?}");
    let types: Vec<String> = store::commands::history::<CallCredit>(&app.pool, &id)
        .await
        .unwrap()
        .iter()
        .map(|e| cqrs_es::DomainEvent::event_type(&e.payload))
        .collect();
    assert_eq!(
        types,
        ["CreditBought", "CallCharged", "CallCharged", "CallCharged", "CreditRanOut", "CallRefused", "CallRefused"]
    );
    // Calls in still ring.
    let phone = Phone::register(&registrar, pair(&ours[0])).await;
    let ringing = phone.expect(&registrar, "answer.xml");
    assert_eq!(call_in(&registrar, "+442079460201").await, Some(200));
    assert!(ringing.went().await);
}

#[tokio::test]
async fn a_plans_included_minutes_are_counted_down_and_calls_out_refused_once_spoken() {
    let (app, registrar) = spawn_app_with_registrar().await;
    let ours = order(&app, single_user(1, &[], &["442079460202"]), "minutes@example.com").await;
    let id = owner_of(&app, &ours[0].0).await;
    // 499 of its 500 minutes spoken this month (the last one started, not whole).
    recorded_call_out(&app, "call-499", &ours[0].0, "+447700900123", 498 * 60 + 1).await;
    let carrier = TrunkCall::expect(&registrar);
    assert_eq!(call(&registrar, pair(&ours[0]), "07700900123").await, Some(200), "one minute left");
    assert!(carrier.went().await.0);
    let used = "SELECT coalesce((SELECT this_month FROM sip_minutes_used WHERE owner = $1), 0)";
    let started = Instant::now();
    while sqlx::query_scalar::<_, i64>(used).bind(&id).fetch_one(&app.pool).await.unwrap() < 500 {
        assert!(started.elapsed() < StdDuration::from_secs(5), "the call's end was not recorded");
        tokio::time::sleep(StdDuration::from_millis(50)).await;
    }
    let refused = call_and_reason(&registrar, pair(&ours[0]), "07700900123").await;
    assert_eq!(refused, (Some(403), Some("No minutes left this month".to_string())));
    // Calls between its extensions and calls in are not counted.
    assert_eq!(call(&registrar, pair(&ours[0]), "102").await, Some(404));

    // A trial's 50 minutes, for its whole length.
    let number = free_numbers(&app).await[0].clone();
    let trial = start_confirmed_trial(&app, "trial.minutes@example.com", &number).await;
    let extension = &extensions(&trial)[0];
    recorded_call_out(&app, "trial-call", &extension.0, "+447700900123", 49 * 60).await;
    let carrier = TrunkCall::expect(&registrar);
    assert_eq!(call(&registrar, pair(extension), "07700900123").await, Some(200), "49 of 50 spoken");
    assert!(carrier.went().await.0);
    let trial_owner = format!("trial:{}", trial["trialId"].as_str().unwrap_or_default());
    let in_all = "SELECT coalesce((SELECT in_all FROM sip_minutes_used WHERE owner = $1), 0)";
    let started = Instant::now();
    while sqlx::query_scalar::<_, i64>(in_all).bind(&trial_owner).fetch_one(&app.pool).await.unwrap() < 50 {
        assert!(started.elapsed() < StdDuration::from_secs(5), "the trial's call was not recorded ({trial_owner})");
        tokio::time::sleep(StdDuration::from_millis(50)).await;
    }
    let refused = call_and_reason(&registrar, pair(extension), "07700900123").await;
    assert_eq!(refused, (Some(403), Some("No trial minutes left".to_string())));
}

/// The included-minutes e-mails queued so far: (recipient, subject, body).
async fn minutes_mails(app: &TestApp) -> Vec<(String, String, String)> {
    sqlx::query_as(
        "SELECT recipient, subject, body FROM outbox WHERE kind = 'included_minutes_ran_out' ORDER BY recipient",
    )
    .fetch_all(&app.pool)
    .await
    .unwrap()
}

#[tokio::test]
async fn the_buyer_is_emailed_once_when_the_included_minutes_run_out() {
    use aggregates::call_credit::{CallCredit, CallCreditEvent};
    use api::scheduled::charge_calls;
    use jobs::call_charges::Report;
    let app = crate::helpers::spawn_app().await;
    let state = AppState::new(app.pool.clone());
    let ours = order(&app, single_user(1, &[], &["442079460203"]), "minutes.mail@example.com").await;
    let id = owner_of(&app, &ours[0].0).await;
    let number = free_numbers(&app).await[0].clone();
    let trial = start_confirmed_trial(&app, "trial.minutes.mail@example.com", &number).await;
    let extension = &extensions(&trial)[0];
    let trial_owner = format!("trial:{}", trial["trialId"].as_str().unwrap_or_default());

    // 499 of the order's 500 minutes, and 49 of the trial's 50: nothing to tell yet.
    recorded_call_out(&app, "mail-499", &ours[0].0, "+447700900123", 499 * 60).await;
    recorded_call_out(&app, "trial-49", &extension.0, "+447700900123", 49 * 60).await;
    assert_eq!(charge_calls(&state).await.unwrap(), Report::default());
    assert!(minutes_mails(&app).await.is_empty());

    // The last minute of each is spoken: each buyer is e-mailed, once over two runs.
    recorded_call_out(&app, "mail-500", &ours[0].0, "+442079460999", 30).await;
    recorded_call_out(&app, "trial-50", &extension.0, "+442079460999", 60).await;
    let first = charge_calls(&state).await.unwrap();
    assert_eq!(first, Report { minutes_ran_out: 2, emailed: 2, ..Report::default() });
    assert_eq!(charge_calls(&state).await.unwrap(), Report::default(), "told once");
    let mails = minutes_mails(&app).await;
    assert_eq!(mails.len(), 2, "{mails:?}");
    let (recipient, subject, body) = &mails[0];
    assert_eq!(recipient, "minutes.mail@example.com");
    assert!(subject.contains("used up for this month"), "{subject}");
    assert!(body.contains("All 500 minutes") && body.contains("renew on the 1st"), "{body}");
    let (recipient, subject, body) = &mails[1];
    assert_eq!(recipient, "trial.minutes.mail@example.com");
    assert!(subject.contains("free trial"), "{subject}");
    assert!(body.contains("All 50 minutes") && body.contains("choose a plan"), "{body}");

    // One event each, for this month and for the trial's whole length.
    let month = Utc::now().with_timezone(&chrono_tz::Europe::London).format("%Y-%m").to_string();
    for (owner, period, minutes) in [(id.as_str(), month.as_str(), 500), (trial_owner.as_str(), "trial", 50)] {
        let recorded: Vec<(String, i64)> = store::commands::history::<CallCredit>(&app.pool, owner)
            .await
            .unwrap()
            .into_iter()
            .filter_map(|e| match e.payload {
                CallCreditEvent::IncludedMinutesRanOut { period, minutes, .. } => Some((period, minutes)),
                _ => None,
            })
            .collect();
        assert_eq!(recorded, [(period.to_string(), minutes)], "{owner}");
    }

    // More calls after the minutes ran out (ended before the refusal took) tell no more.
    recorded_call_out(&app, "mail-501", &ours[0].0, "+442079460999", 60).await;
    assert_eq!(charge_calls(&state).await.unwrap(), Report::default());
    assert_eq!(minutes_mails(&app).await.len(), 2);
}

#[tokio::test]
async fn a_call_charged_by_a_run_that_stopped_before_marking_it_is_marked_and_never_charged_twice() {
    use api::scheduled::charge_calls;
    use jobs::call_charges::Report;
    let app = crate::helpers::spawn_app().await;
    let state = AppState::new(app.pool.clone());
    let ours = order(&app, pay_as_you_go(&["442079460205"]), "payg.once@example.com").await;
    let id = owner_of(&app, &ours[0].0).await;
    recorded_call_out(&app, "once-61", &ours[0].0, "+447700900123", 61).await;
    assert_eq!(charge_calls(&state).await.unwrap(), Report { charged: 1, ..Report::default() });
    assert_eq!(balance(&app, &id).await, 10_000 - 166);

    // A run that died between the charge and marking the call left it unmarked: the next
    // run's charge is refused by the call's row (charged already), and the call is marked.
    sqlx::query("UPDATE sip_calls SET charged_at = NULL WHERE call = 'once-61'").execute(&app.pool).await.unwrap();
    assert_eq!(charge_calls(&state).await.unwrap(), Report::default());
    assert_eq!(balance(&app, &id).await, 10_000 - 166, "charged once");
    let marked: bool = sqlx::query_scalar("SELECT charged_at IS NOT NULL FROM sip_calls WHERE call = 'once-61'")
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert!(marked);
    let rows: Vec<(String, String)> = sqlx::query_as("SELECT call_id, kind FROM call_credit_calls WHERE owner = $1")
        .bind(&id)
        .fetch_all(&app.pool)
        .await
        .unwrap();
    assert_eq!(rows, [("once-61".to_string(), "charged".to_string())]);
}

#[tokio::test]
async fn a_trial_calls_out_only_once_its_email_address_is_confirmed() {
    let (app, registrar) = spawn_app_with_registrar().await;
    let number = free_numbers(&app).await[0].clone();
    let started = expect_ok(start_trial(&app, "unconfirmed@example.com", &number).await).await;
    let extension = &extensions(&started)[0];
    let refused = call_and_reason(&registrar, pair(extension), "07700900123").await;
    assert_eq!(refused, (Some(403), Some("Confirm your e-mail address first".to_string())));
}

#[tokio::test]
async fn an_emergency_call_reaches_the_trunk_whatever_the_credit_and_is_never_charged() {
    use aggregates::call_credit::CallCredit;
    use api::scheduled::charge_calls;
    use jobs::call_charges::Report;
    let (app, registrar) = spawn_app_with_registrar().await;
    let spec = pay_as_you_go(&["442079460204"]);
    let ours = order(&app, spec, "payg.emergency@example.com").await;
    let id = owner_of(&app, &ours[0].0).await;
    let state = AppState::new(app.pool.clone());
    // Its £10 of credit spent: 121 started minutes to a mobile are £10.04.
    recorded_call_out(&app, "call-121", &ours[0].0, "+447700900123", 120 * 60 + 1).await;
    assert_eq!(charge_calls(&state).await.unwrap(), Report { charged: 1, emailed: 1, ..Report::default() });
    let spent = balance(&app, &id).await;
    assert_eq!(spent, 10_000 - 121 * 83);
    let refused = call_and_reason(&registrar, pair(&ours[0]), "07700900123").await;
    assert_eq!(refused, (Some(403), Some("No call credit left".to_string())), "an ordinary call out is refused");

    // 999 and 112 go out as dialled, with the order's number as the caller ID.
    let trunk = registrar.trunk;
    for dialled in ["999", "112"] {
        let carrier = TrunkCall::expect(&registrar);
        assert_eq!(call(&registrar, pair(&ours[0]), dialled).await, Some(200), "{dialled} is answered");
        let (went, ruri, pai) = carrier.went().await;
        assert!(went, "the trunk took the call to {dialled}");
        assert_eq!(ruri, format!("sip:{dialled}@127.0.0.1:{trunk};user=phone"));
        assert_eq!(pai, caller_id("442079460204"), "{dialled}");
    }
    let refused = call_and_reason(&registrar, pair(&ours[0]), "02079460999").await;
    assert_eq!(refused.1.as_deref(), Some("No call credit left"), "and still refused after");

    // Recorded as emergency calls, answered and ended; the job charges neither, nor counts
    // their minutes: it records the refusals alone.
    let ended = "SELECT callee, number FROM call_records
                 WHERE owner = $1 AND direction = 'emergency' AND outcome = 'answered' AND duration_seconds IS NOT NULL
                 ORDER BY started_at";
    let started = Instant::now();
    let mut recorded: Vec<(String, Option<String>)> = Vec::new();
    while recorded.len() < 2 {
        assert!(started.elapsed() < StdDuration::from_secs(5), "the emergency calls' ends were not recorded");
        tokio::time::sleep(StdDuration::from_millis(50)).await;
        recorded = sqlx::query_as(ended).bind(&id).fetch_all(&app.pool).await.unwrap();
    }
    let number = Some("442079460204".to_string());
    assert_eq!(recorded, [("999".to_string(), number.clone()), ("112".to_string(), number)]);
    assert_eq!(charge_calls(&state).await.unwrap(), Report { refused: 2, ..Report::default() });
    assert_eq!(balance(&app, &id).await, spent, "the credit is unchanged");
    let types: Vec<String> = store::commands::history::<CallCredit>(&app.pool, &id)
        .await
        .unwrap()
        .iter()
        .map(|e| cqrs_es::DomainEvent::event_type(&e.payload))
        .collect();
    assert_eq!(types, ["CreditBought", "CallCharged", "CreditRanOut", "CallRefused", "CallRefused"]);
    let minutes: i64 = sqlx::query_scalar("SELECT in_all FROM sip_minutes_used WHERE owner = $1")
        .bind(&id)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(minutes, 121, "the call out's minutes alone");

    // An order without a number still reaches the emergency services: no caller ID of ours
    // (the carrier presents its default one).
    let none = order(&app, single_user(1, &[], &[]), "no.number.emergency@example.com").await;
    let refused = call_and_reason(&registrar, pair(&none[0]), "07700900123").await;
    assert_eq!(refused, (Some(403), Some("No number to call from".to_string())));
    let carrier = TrunkCall::expect(&registrar);
    assert_eq!(call(&registrar, pair(&none[0]), "999").await, Some(200));
    let (went, ruri, pai) = carrier.went().await;
    assert!(went, "the trunk took the call");
    assert_eq!(ruri, format!("sip:999@127.0.0.1:{trunk};user=phone"));
    assert_eq!(pai, "", "no P-Asserted-Identity");
}
