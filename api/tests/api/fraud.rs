//! Calls nobody can steal (docs/fraud.md): each attack of issue 44, tried with sipp as a
//! customer's own phone and as the carrier's trunk against a registrar of the test's own
//! (sip/kamailio.cfg), on paid orders. Each test names the control it holds.

use std::process::{Command, Stdio};
use std::time::{Duration as StdDuration, Instant};

use aggregates::dial_plan::{classify, rate, Tariff, SAMPLES};
use api::app::state::AppState;
use api::scheduled::charge_calls;

use crate::calls::{
    balance, call, call_and_reason, listen_for, order, owner_of, pair, pay_as_you_go, recorded_call_out, scenario,
    single_user, TrunkCall,
};
use crate::helpers::TestApp;
use crate::sip::{free_port, spawn_app_with_registrar, Registrar};
use crate::trial::{free_numbers, start_confirmed_trial};

const DOMAIN: &str = "sip.talkbridge.localhost";

/// sipp playing `name` once from a port of its own with `args`, for at most `seconds`: whether
/// it went as written, and what it logged.
async fn run(registrar: &Registrar, name: &str, args: &[&str], seconds: u32) -> (bool, String) {
    run_from(registrar, "127.0.0.1", name, args, seconds).await
}

/// As [`run`], from local address `ip` (another address of the loopback: another source).
async fn run_from(registrar: &Registrar, ip: &str, name: &str, args: &[&str], seconds: u32) -> (bool, String) {
    let log = registrar.dir.join(format!("{name}-{}.log", uuid::Uuid::new_v4().simple()));
    let mut all: Vec<String> = vec![format!("127.0.0.1:{}", registrar.port), "-sf".into(), scenario(name)];
    all.extend(args.iter().map(|a| a.to_string()));
    all.extend(["-key".into(), "domain".into(), DOMAIN.into(), "-i".into(), ip.into()]);
    all.extend(["-p".into(), free_port().to_string(), "-nostdin".into(), "-timeout".into(), format!("{seconds}s")]);
    all.extend(["-timeout_error".into(), "-trace_logs".into(), "-log_file".into(), log.display().to_string()]);
    if !args.contains(&"-m") {
        all.extend(["-m".into(), "1".into()]);
    }
    let dir = registrar.dir.clone();
    let went = tokio::task::spawn_blocking(move || {
        Command::new("sipp").args(&all).current_dir(dir).stdout(Stdio::null()).stderr(Stdio::null()).status()
    })
    .await
    .unwrap()
    .expect("sipp (Debian's sip-tester; .ci/test installs it)")
    .success();
    (went, std::fs::read_to_string(&log).unwrap_or_default())
}

/// Extension `(username, password)` calls `dialled` with scenario `name` and `extra` args.
async fn call_with(
    registrar: &Registrar,
    (username, password): (&str, &str),
    dialled: &str,
    name: &str,
    extra: &[&str],
    seconds: u32,
) -> (bool, String) {
    let mut args = vec!["-s", dialled, "-key", "caller", username, "-au", username, "-ap", password];
    args.extend_from_slice(extra);
    run(registrar, name, &args, seconds).await
}

async fn scalar(app: &TestApp, sql: &str, bind: &str) -> i64 {
    sqlx::query_scalar::<_, i64>(sql).bind(bind).fetch_one(&app.pool).await.unwrap()
}

/// Waits until `sql` (one bind) reaches `at_least`, for at most `seconds`.
async fn until(app: &TestApp, sql: &str, bind: &str, at_least: i64, seconds: u64, what: &str) {
    let started = Instant::now();
    while scalar(app, sql, bind).await < at_least {
        assert!(started.elapsed() < StdDuration::from_secs(seconds), "{what}");
        tokio::time::sleep(StdDuration::from_millis(50)).await;
    }
}

const CALLS_ENDED: &str = "SELECT count(*) FROM sip_calls WHERE owner = $1 AND ended_at IS NOT NULL";

#[tokio::test]
async fn a_phone_cannot_make_the_trunk_or_the_registrar_its_contact_and_calls_in_reach_where_it_registered_from() {
    let (app, registrar) = spawn_app_with_registrar().await;
    let ours = order(&app, single_user(1, &[], &["442079460301"]), "contact@example.com").await;
    let (user, password) = pair(&ours[0]);
    let trunk = format!("sip:+882123456789@127.0.0.1:{}", registrar.trunk);
    let itself = format!("sip:{user}@127.0.0.1:{}", registrar.port);
    for (contact, what) in [(trunk, "the trunk"), (itself, "the registrar")] {
        let args = ["-s", user, "-au", user, "-ap", password, "-key", "contact", &contact];
        let (_, log) = run(&registrar, "register-contact.xml", &args, 10).await;
        assert!(log.contains("403"), "a contact at {what} is refused: {log}");
    }
    let registered = "SELECT count(*) FROM location WHERE username = $1";
    assert_eq!(scalar(&app, registered, user).await, 0, "neither is kept");

    // A contact elsewhere (a private address, a number at the trunk's host) is kept with the
    // address the REGISTER came from, and calls go there: a phone listening where it
    // registered from answers its own extension's call, and the trunk is sent nothing.
    let port = free_port();
    let args = ["-s", user, "-au", user, "-ap", password, "-key", "contact", "sip:+882123456789@10.1.2.3:5060"];
    let mut args = args.to_vec();
    let port_text = port.to_string();
    args.extend(["-p", &port_text]);
    let log = registrar.dir.join("register-private.log");
    let log_text = log.display().to_string();
    args.extend(["-trace_logs", "-log_file", &log_text]);
    let mut all: Vec<String> =
        vec![format!("127.0.0.1:{}", registrar.port), "-sf".into(), scenario("register-contact.xml")];
    all.extend(args.iter().map(|a| a.to_string()));
    all.extend(
        ["-key", "domain", DOMAIN, "-i", "127.0.0.1", "-m", "1", "-nostdin", "-timeout", "10s"].map(String::from),
    );
    let status = Command::new("sipp").args(&all).current_dir(&registrar.dir).stdout(Stdio::null()).status().unwrap();
    assert!(status.success() && std::fs::read_to_string(&log).unwrap().contains("200"), "a private contact registers");
    let received: String = sqlx::query_scalar("SELECT coalesce(received, '') FROM location WHERE username = $1")
        .bind(user)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert_eq!(received, format!("sip:127.0.0.1:{port}"), "kept with its source address");
    let carrier = TrunkCall::expect(&registrar);
    let phone = listen_for(&registrar, port, "answer.xml", 1, 10, &[]);
    assert_eq!(call(&registrar, (user, password), "101").await, Some(200), "its own extension rings where it is");
    assert!(phone.went().await, "the phone where it registered from answered");
    assert!(!carrier.stop().contains("ruri"), "the trunk was sent nothing");
}

#[tokio::test]
async fn premium_personal_crown_dependency_and_satellite_numbers_are_refused_saying_why_and_never_reach_the_trunk() {
    let (app, registrar) = spawn_app_with_registrar().await;
    let ours = order(&app, single_user(1, &[], &["442079460302"]), "premium@example.com").await;
    let carrier = TrunkCall::expect(&registrar);
    for (dialled, reason) in [
        ("09012345678", "Premium-rate numbers are not available on your plan"),
        ("07012345678", "Personal numbers (070) are not available on your plan"),
        ("08712345678", "084 and 087 numbers are not available on your plan"),
        ("+447624123456", "Channel Islands and Isle of Man numbers are not available on your plan"),
        ("00441481123456", "Channel Islands and Isle of Man numbers are not available on your plan"),
        ("+882123456789", "Satellite numbers are not available on your plan"),
        ("+8707123456789", "Satellite numbers are not available on your plan"),
        ("+33142685300", "International calls are not available on your plan"),
    ] {
        let refused = call_and_reason(&registrar, pair(&ours[0]), dialled).await;
        assert_eq!(refused, (Some(403), Some(reason.to_string())), "{dialled}");
    }
    assert!(!carrier.stop().contains("ruri"), "the trunk was sent nothing");
    let owner = owner_of(&app, &ours[0].0).await;
    let refusals = "SELECT coalesce(sum(count), 0)::bigint FROM sip_refusals WHERE owner = $1";
    assert_eq!(scalar(&app, refusals, &owner).await, 8, "each refusal is counted for staff");

    // A trial calls UK landlines and mobiles only.
    let number = free_numbers(&app).await[0].clone();
    let trial = start_confirmed_trial(&app, "trial.premium@example.com", &number).await;
    let extension = &crate::calls::extensions(&trial)[0];
    let refused = call_and_reason(&registrar, pair(extension), "08001234567").await;
    let only_uk = "Trials call UK landlines and mobiles only: choose a plan to call this number";
    assert_eq!(refused, (Some(403), Some(only_uk.to_string())));
    let carrier = TrunkCall::expect(&registrar);
    assert_eq!(call(&registrar, pair(extension), "07400123456").await, Some(200), "a UK mobile");
    assert!(carrier.went().await.0);
}

#[tokio::test]
async fn the_registrar_decides_each_sample_number_as_the_dial_plan_does() {
    // One source: the registrar's answer for every sample number is the one
    // aggregates::dial_plan gives for Pay As You Go (a rate: the call goes; none: its refusal).
    let (app, registrar) = spawn_app_with_registrar().await;
    let ours = order(&app, pay_as_you_go(&["442079460303"]), "samples@example.com").await;
    let owner = owner_of(&app, &ours[0].0).await;
    // Calls abroad on (Western Europe is rated), with room for every sample.
    turn_calls_abroad_on(&app, &owner, 50_000).await;
    let mut answered = 0;
    for (digits, class) in SAMPLES {
        assert_eq!(classify(digits), *class);
        let dialled = format!("+{digits}");
        match rate(Tariff::Credit, *class) {
            Some(_) => {
                let carrier = TrunkCall::expect(&registrar);
                assert_eq!(call(&registrar, pair(&ours[0]), &dialled).await, Some(200), "{dialled}");
                assert!(carrier.went().await.0, "{dialled} reached the trunk");
                answered += 1;
                until(&app, CALLS_ENDED, &owner, answered, 5, "the call's end was recorded").await;
            }
            None => {
                let refused = call_and_reason(&registrar, pair(&ours[0]), &dialled).await;
                assert_eq!(refused, (Some(403), Some(class.refusal(Tariff::Credit).to_string())), "{dialled}");
            }
        }
    }
    let classes: Vec<(String, String)> =
        sqlx::query_as("SELECT callee, class FROM sip_calls WHERE owner = $1 ORDER BY started_at")
            .bind(&owner)
            .fetch_all(&app.pool)
            .await
            .unwrap();
    let expected: Vec<(String, String)> = SAMPLES
        .iter()
        .filter(|(_, class)| rate(Tariff::Credit, *class).is_some())
        .map(|(digits, class)| (format!("+{digits}"), class.code().to_string()))
        .collect();
    assert_eq!(classes, expected);
}

#[tokio::test]
async fn forged_identity_headers_never_reach_the_trunk() {
    let (app, registrar) = spawn_app_with_registrar().await;
    let ours = order(&app, single_user(1, &[], &["442079460304"]), "forged@example.com").await;
    let carrier = TrunkCall::expect(&registrar);
    let (went, _) = call_with(&registrar, pair(&ours[0]), "02079460999", "call-forged.xml", &[], 10).await;
    assert!(went, "the call went");
    let (went, log) = carrier.log().await;
    assert!(went);
    let field = |name: &str| {
        log.lines().find_map(|line| line.trim().strip_prefix(name).map(|v| v.trim().to_string())).unwrap_or_default()
    };
    assert_eq!(field("pai "), "<sip:+442079460304@sip.talkbridge.localhost;user=phone>", "the order's own number");
    for header in ["rpid", "diversion", "history", "ppi"] {
        assert!(log.lines().any(|line| line.trim() == header), "{header} is stripped: {log}");
    }
}

#[tokio::test]
async fn two_answered_calls_under_one_call_id_are_two_calls_each_charged() {
    let (app, registrar) = spawn_app_with_registrar().await;
    let ours = order(&app, pay_as_you_go(&["442079460305"]), "callid@example.com").await;
    let owner = owner_of(&app, &ours[0].0).await;
    for _ in 0..2 {
        let carrier = TrunkCall::expect(&registrar);
        let args = ["-cid_str", "the-same-call-id@attacker", "-d", "1500"];
        let (went, _) = call_with(&registrar, pair(&ours[0]), "07400123456", "call-held.xml", &args, 10).await;
        assert!(went);
        assert!(carrier.went().await.0);
    }
    until(&app, CALLS_ENDED, &owner, 2, 5, "both ends were recorded").await;
    let report = charge_calls(&AppState::new(app.pool.clone())).await.unwrap();
    assert_eq!(report.charged, 2, "two calls, two charges");
    assert_eq!(balance(&app, &owner).await, 10_000 - 2 * 83, "a started minute to a mobile each");
    let answered =
        "SELECT count(*) FROM call_records WHERE owner = $1 AND outcome = 'answered' AND duration_seconds >= 1";
    assert_eq!(scalar(&app, answered, &owner).await, 2);
}

#[tokio::test]
async fn an_over_long_from_tag_is_refused_before_anything_is_relayed_or_recorded() {
    let (app, registrar) = spawn_app_with_registrar().await;
    let ours = order(&app, single_user(1, &[], &["442079460306"]), "tag@example.com").await;
    let carrier = TrunkCall::expect(&registrar);
    let tag = "t".repeat(200);
    let args = ["-s", "02079460999", "-key", "caller", &ours[0].0, "-key", "fromtag", &tag];
    let (went, log) = run(&registrar, "invite.xml", &args, 10).await;
    assert!(went && log.contains("400"), "refused with 400: {log}");
    assert!(!carrier.stop().contains("ruri"), "the trunk was sent nothing");
    let any = "SELECT count(*) FROM sip_acc WHERE $1 = $1";
    assert_eq!(scalar(&app, any, "").await, 0, "nothing half-recorded");
}

#[tokio::test]
async fn ten_calls_at_once_from_one_extension_reach_the_trunk_two_at_a_time() {
    let (app, registrar) = spawn_app_with_registrar().await;
    let ours = order(&app, pay_as_you_go(&["442079460307"]), "flood@example.com").await;
    let owner = owner_of(&app, &ours[0].0).await;
    let carrier = TrunkCall::expect_calls(&registrar, "trunk.xml", 10, 12);
    let args = ["-m", "10", "-l", "10", "-r", "10", "-d", "3000"];
    call_with(&registrar, pair(&ours[0]), "07400123456", "call-held.xml", &args, 15).await;
    let (_, log) = carrier.log().await;
    let reached = log.lines().filter(|line| line.trim().starts_with("ruri ")).count();
    assert_eq!(reached, 2, "two calls at once from an extension: {log}");
    let refused = "SELECT coalesce(sum(count), 0)::bigint FROM sip_refusals WHERE owner = $1 AND reason = 'Too many calls at once: end a call first'";
    assert_eq!(scalar(&app, refused, &owner).await, 8);
}

#[tokio::test]
async fn a_refer_inside_a_call_is_refused_and_never_reaches_the_trunk() {
    let (app, registrar) = spawn_app_with_registrar().await;
    let ours = order(&app, single_user(1, &[], &["442079460308"]), "refer@example.com").await;
    // trunk.xml expects INVITE, ACK and BYE alone: a REFER relayed to it would fail it.
    let carrier = TrunkCall::expect(&registrar);
    let (went, log) = call_with(&registrar, pair(&ours[0]), "02079460999", "call-refer.xml", &[], 10).await;
    assert!(went && log.contains("refer 403"), "REFER answered 403: {log}");
    assert!(carrier.went().await.0, "the trunk saw the call and its end, nothing else");
}

#[tokio::test]
async fn a_call_whose_bye_is_answered_481_is_still_ended_and_charged() {
    let (app, registrar) = spawn_app_with_registrar().await;
    let ours = order(&app, pay_as_you_go(&["442079460309"]), "bye481@example.com").await;
    let owner = owner_of(&app, &ours[0].0).await;
    let carrier = TrunkCall::expect_calls(&registrar, "trunk-481.xml", 1, 10);
    let (went, _) = call_with(&registrar, pair(&ours[0]), "02079460999", "call-held.xml", &["-d", "1200"], 10).await;
    assert!(went);
    assert!(carrier.log().await.0);
    until(&app, CALLS_ENDED, &owner, 1, 5, "the call's end was recorded").await;
    let report = charge_calls(&AppState::new(app.pool.clone())).await.unwrap();
    assert_eq!(report.charged, 1);
    assert_eq!(balance(&app, &owner).await, 10_000 - 10, "one started minute to a landline");
}

#[tokio::test]
async fn a_call_is_cut_at_its_maximum_length_by_the_registrar_and_charged_no_more() {
    let (app, registrar) = spawn_app_with_registrar().await;
    let ours = order(&app, single_user(1, &[], &["442079460310"]), "cut@example.com").await;
    let owner = owner_of(&app, &ours[0].0).await;
    // 499 of the month's 500 minutes spoken: this call may last one minute.
    recorded_call_out(&app, "call-499-cut", &ours[0].0, "+447400123456", 499 * 60).await;
    let carrier = TrunkCall::expect_calls(&registrar, "trunk.xml", 1, 100);
    let started = Instant::now();
    let (went, log) = call_with(&registrar, pair(&ours[0]), "07400123456", "call-cut.xml", &[], 100).await;
    assert!(went && log.contains("cut"), "the registrar hung up on the phone: {log}");
    assert!(carrier.log().await.0, "and on the trunk (its BYE answered)");
    assert!(started.elapsed() >= StdDuration::from_secs(59), "at one minute, not before");
    until(&app, CALLS_ENDED, &owner, 2, 5, "the call's end was recorded").await;
    let seconds: i64 = sqlx::query_scalar(
        "SELECT duration_seconds::bigint FROM call_records WHERE owner = $1 AND call_id <> 'call-499-cut' AND outcome = 'answered'",
    )
    .bind(&owner)
    .fetch_one(&app.pool)
    .await
    .unwrap();
    assert!((59..=60).contains(&seconds), "{seconds} s");
    let used = "SELECT coalesce((SELECT this_month FROM sip_minutes_used WHERE owner = $1), 0)";
    assert_eq!(scalar(&app, used, &owner).await, 500, "the last minute, and no more");
    let refused = call_and_reason(&registrar, pair(&ours[0]), "07400123456").await;
    assert_eq!(refused, (Some(403), Some("No minutes left this month".to_string())));
}

#[tokio::test]
async fn a_registrar_killed_mid_call_and_started_again_ends_and_charges_the_call_once() {
    let (app, mut registrar) = spawn_app_with_registrar().await;
    let ours = order(&app, pay_as_you_go(&["442079460311"]), "crash@example.com").await;
    let owner = owner_of(&app, &ours[0].0).await;
    let carrier = TrunkCall::expect_calls(&registrar, "trunk.xml", 1, 20);
    let caller = {
        let dir = registrar.dir.clone();
        let log = dir.join("crash-call.log");
        let mut args: Vec<String> =
            vec![format!("127.0.0.1:{}", registrar.port), "-sf".into(), scenario("call-held.xml")];
        let (user, password) = pair(&ours[0]);
        for a in ["-s", "02079460999", "-key", "caller", user, "-au", user, "-ap", password, "-d", "6000"] {
            args.push(a.to_string());
        }
        args.extend(
            ["-key", "domain", DOMAIN, "-i", "127.0.0.1", "-m", "1", "-nostdin", "-timeout", "20s"].map(String::from),
        );
        args.extend(["-timeout_error".into(), "-p".into(), free_port().to_string()]);
        args.extend(["-trace_logs".into(), "-log_file".into(), log.display().to_string()]);
        tokio::task::spawn_blocking(move || {
            Command::new("sipp").args(&args).current_dir(dir).stdout(Stdio::null()).stderr(Stdio::null()).status()
        })
    };
    let answered = "SELECT count(*) FROM sip_calls WHERE owner = $1 AND answered_at IS NOT NULL";
    until(&app, answered, &owner, 1, 5, "the call was answered").await;
    let in_progress = "SELECT count(*) FROM dialog WHERE $1 = $1";
    assert_eq!(scalar(&app, in_progress, "").await, 1, "the call in progress is in the database");
    registrar.kill_and_restart(&app).await;
    assert!(caller.await.unwrap().unwrap().success(), "the phone's BYE reached the trunk through the new registrar");
    assert!(carrier.log().await.0);
    until(&app, CALLS_ENDED, &owner, 1, 5, "the call's end was recorded").await;
    let ends =
        "SELECT count(*) FROM sip_acc WHERE method = 'END' AND call = (SELECT call FROM sip_calls WHERE owner = $1)";
    assert_eq!(scalar(&app, ends, &owner).await, 1, "one end");
    let state = AppState::new(app.pool.clone());
    assert_eq!(charge_calls(&state).await.unwrap().charged, 1);
    assert_eq!(charge_calls(&state).await.unwrap().charged, 0, "charged once");
    let talked: i64 = sqlx::query_scalar("SELECT duration_seconds::bigint FROM call_records WHERE owner = $1")
        .bind(&owner)
        .fetch_one(&app.pool)
        .await
        .unwrap();
    assert!((5..=8).contains(&talked), "{talked} s");
    assert_eq!(balance(&app, &owner).await, 10_000 - 10);
}

#[tokio::test]
async fn the_daily_spend_cap_refuses_calls_out_once_spent() {
    let (app, registrar) = spawn_app_with_registrar().await;
    let ours = order(&app, pay_as_you_go(&["442079460312"]), "cap@example.com").await;
    let owner = owner_of(&app, &ours[0].0).await;
    // Staff lowered this account's cap to 50p; 49.8p of it is spent today.
    sqlx::query("INSERT INTO sip_spend_caps (owner, daily_tenths) VALUES ($1, 500)")
        .bind(&owner)
        .execute(&app.pool)
        .await
        .unwrap();
    sqlx::query(
        "INSERT INTO sip_usage (owner, day, calls, seconds, minutes, spend_tenths)
         VALUES ($1, (now() AT TIME ZONE 'Europe/London')::date, 6, 360, 6, 498)",
    )
    .bind(&owner)
    .execute(&app.pool)
    .await
    .unwrap();
    let refused = call_and_reason(&registrar, pair(&ours[0]), "07400123456").await;
    let reason = "Daily spending limit reached: calls out resume tomorrow";
    assert_eq!(refused, (Some(403), Some(reason.to_string())), "8.3p more would pass the cap");
    let carrier = TrunkCall::expect(&registrar);
    assert_eq!(call(&registrar, pair(&ours[0]), "999").await, Some(200), "the emergency services still answer");
    assert!(carrier.went().await.0);

    // Past 80% of the cap the owner and staff are told, once; at the cap, once more.
    let state = AppState::new(app.pool.clone());
    let mails = "SELECT count(*) FROM outbox WHERE kind = $1";
    assert_eq!(charge_calls(&state).await.unwrap().emailed, 2);
    assert_eq!(charge_calls(&state).await.unwrap().emailed, 0, "once a day");
    assert_eq!(scalar(&app, mails, "daily_spend_warning").await, 2);
    let recipients: Vec<String> =
        sqlx::query_scalar("SELECT recipient FROM outbox WHERE kind = 'daily_spend_warning' ORDER BY recipient")
            .fetch_all(&app.pool)
            .await
            .unwrap();
    assert_eq!(recipients, ["cap@example.com", "support@talkbridge.co.uk"]);
    sqlx::query("UPDATE sip_usage SET spend_tenths = 500 WHERE owner = $1")
        .bind(&owner)
        .execute(&app.pool)
        .await
        .unwrap();
    assert_eq!(charge_calls(&state).await.unwrap().emailed, 2);
    assert_eq!(scalar(&app, mails, "daily_spend_cap_reached").await, 2);
}

#[tokio::test]
async fn repeated_wrong_passwords_ban_the_username_and_the_address_for_fifteen_minutes() {
    let (app, registrar) = spawn_app_with_registrar().await;
    let ours = order(&app, single_user(2, &[], &["442079460313"]), "guess@example.com").await;
    let user = ours[0].0.as_str();
    for _ in 0..10 {
        let refused = call_and_reason(&registrar, (user, "a-guess"), "102").await;
        assert_eq!(refused, (Some(403), Some("Wrong username or password".to_string())));
    }
    // The guessing address is not answered any more, even for another username.
    let args = ["-s", "02079460999", "-key", "caller", &ours[1].0, "-key", "fromtag", "a-tag"];
    let (_, unanswered) = run(&registrar, "invite.xml", &args, 3).await;
    assert!(!unanswered.contains("40"), "127.0.0.1 is banned: {unanswered}");
    // From another address, the guessed username is refused before any challenge, saying
    // for how long; another username is challenged as usual.
    let first = |username: &str| {
        ["-s", "02079460999", "-key", "caller", username, "-key", "fromtag", "a-tag"].map(String::from)
    };
    let args = first(user);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let banned = run_from(&registrar, "127.0.0.2", "invite.xml", &args, 10).await.1;
    assert!(banned.contains("reason Too many failed attempts: try again in 15 minutes"), "{banned}");
    let args = first(&ours[1].0);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let other = run_from(&registrar, "127.0.0.2", "invite.xml", &args, 10).await.1;
    assert!(other.contains("407") && !other.contains("403"), "{other}");
    let any = "SELECT count(*) FROM sip_acc WHERE $1 = $1";
    assert_eq!(scalar(&app, any, "").await, 0, "unauthenticated refusals leave no record");
}

#[tokio::test]
async fn a_phone_hangs_up_a_call_in_from_the_trunk_and_its_bye_reaches_the_carrier() {
    // The rule that keeps in-dialog requests off the trunk (an extension-to-extension call's)
    // lets a call with the trunk end from either side.
    let (app, registrar) = spawn_app_with_registrar().await;
    let ours = order(&app, single_user(1, &[], &["442079460314"]), "hangup@example.com").await;
    let phone = crate::calls::Phone::register(&registrar, pair(&ours[0])).await;
    let trace = [
        "-trace_msg".to_string(),
        "-message_file".to_string(),
        registrar.dir.join("phone-msgs.log").display().to_string(),
    ];
    let answering = listen_for(&registrar, phone.port, "answer-hangup.xml", 1, 10, &trace);
    let trunk = registrar.trunk.to_string();
    let args = ["-s", "+442079460314", "-key", "caller", "+447700900123", "-p", &trunk];
    let mut all: Vec<String> =
        vec![format!("127.0.0.1:{}", registrar.port), "-sf".into(), scenario("inbound-hung-up.xml")];
    all.extend(args.iter().map(|a| a.to_string()));
    all.extend(["-i", "127.0.0.1", "-m", "1", "-nostdin", "-timeout", "10s", "-timeout_error"].map(String::from));
    all.extend([
        "-trace_msg".to_string(),
        "-message_file".to_string(),
        registrar.dir.join("trunk-msgs.log").display().to_string(),
    ]);
    let dir = registrar.dir.clone();
    let carrier = tokio::task::spawn_blocking(move || {
        Command::new("sipp").args(&all).current_dir(dir).stdout(Stdio::null()).stderr(Stdio::null()).status()
    });
    assert!(answering.went().await, "the phone answered and its BYE was answered");
    assert!(carrier.await.unwrap().unwrap().success(), "the carrier got the phone's BYE");
    let ended = "SELECT count(*) FROM sip_acc WHERE method = 'END' AND direction = $1";
    until(&app, ended, "inbound", 1, 5, "the call's end was recorded").await;
}

/// The owner turns calls abroad on with a monthly cap of `cap_pence` (as /account does).
async fn turn_calls_abroad_on(app: &TestApp, owner: &str, cap_pence: i64) {
    use aggregates::call_credit::CallCreditCommand;
    let state = AppState::new(app.pool.clone());
    let context = store::commands::Context::new(aggregates::actor::Actor::Customer("owner@example.com".into()));
    let command = CallCreditCommand::SetInternationalCalls { monthly_cap_tenths: Some(cap_pence * 10) };
    state.call_credits.cqrs.execute(&context, owner, command).await.unwrap();
}

#[tokio::test]
async fn calls_abroad_need_the_owners_opt_in_and_stop_at_the_monthly_cap_they_set() {
    let (app, registrar) = spawn_app_with_registrar().await;
    let ours = order(&app, pay_as_you_go(&["442079460315"]), "abroad.calls@example.com").await;
    let owner = owner_of(&app, &ours[0].0).await;
    let off = call_and_reason(&registrar, pair(&ours[0]), "0033142685300").await;
    let reason = "International calls are off: turn them on in your account";
    assert_eq!(off, (Some(403), Some(reason.to_string())), "off until the owner turns them on");

    // On, up to £1 a month: a call to Paris at 3p a minute goes, given at most what is left.
    turn_calls_abroad_on(&app, &owner, 100).await;
    let carrier = TrunkCall::expect(&registrar);
    assert_eq!(call(&registrar, pair(&ours[0]), "0033142685300").await, Some(200));
    assert!(carrier.went().await.0);
    let granted: i32 =
        sqlx::query_scalar("SELECT max_seconds FROM sip_calls WHERE owner = $1 AND class = 'international_standard'")
            .bind(&owner)
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert_eq!(granted, 16 * 60, "£1 at 3p a minute is 33 minutes, half of it while a second call may start");
    until(&app, CALLS_ENDED, &owner, 1, 5, "the call's end was recorded").await;
    // Its premium ranges and the rest of the world stay refused.
    let premium = call_and_reason(&registrar, pair(&ours[0]), "0033899123456").await;
    assert_eq!(premium, (Some(403), Some("International calls are not available on your plan".to_string())));

    // This month's calls abroad spent 98p of the £1: the next is refused.
    sqlx::query("UPDATE sip_usage SET international_tenths = 980 WHERE owner = $1")
        .bind(&owner)
        .execute(&app.pool)
        .await
        .unwrap();
    let capped = call_and_reason(&registrar, pair(&ours[0]), "0033142685300").await;
    let reason = "Your monthly limit for calls abroad is reached: raise it in your account";
    assert_eq!(capped, (Some(403), Some(reason.to_string())));
    // UK calls are not held by it.
    let carrier = TrunkCall::expect(&registrar);
    assert_eq!(call(&registrar, pair(&ours[0]), "02079460999").await, Some(200));
    assert!(carrier.went().await.0);
}

#[tokio::test]
async fn a_flood_from_one_address_goes_unanswered_until_it_stops() {
    let (_app, registrar) = spawn_app_with_registrar().await;
    // 300 requests in under a second from one address: pike answers at most its 120 in 2 s.
    let (_, log) = run(&registrar, "options.xml", &["-m", "300", "-r", "500", "-l", "300"], 10).await;
    let answered = log.lines().filter(|line| line.trim() == "ok").count();
    assert!((100..300).contains(&answered), "{answered} of 300 answered");
    // Once it stops (pike forgets an address a few seconds after), it is answered again.
    tokio::time::sleep(StdDuration::from_secs(8)).await;
    let (went, log) = run(&registrar, "options.xml", &[], 5).await;
    assert!(went && log.contains("ok"), "answered again: {log}");
}

#[tokio::test]
async fn an_extension_keeps_at_most_five_phones_registered() {
    let (app, registrar) = spawn_app_with_registrar().await;
    let ours = order(&app, single_user(1, &[], &["442079460316"]), "phones@example.com").await;
    let (user, password) = pair(&ours[0]);
    let mut answers = Vec::new();
    for phone in 1..=6 {
        let contact = format!("sip:{user}@10.0.0.{phone}:5060");
        let args = ["-s", user, "-au", user, "-ap", password, "-key", "contact", &contact];
        answers.push(run(&registrar, "register-contact.xml", &args, 10).await.1.contains("200"));
    }
    assert_eq!(answers, [true, true, true, true, true, false], "a sixth phone is refused");
    let kept = "SELECT count(*) FROM location WHERE username = $1";
    assert_eq!(scalar(&app, kept, user).await, 5);
}
