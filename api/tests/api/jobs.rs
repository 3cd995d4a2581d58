use std::sync::Arc;

use aggregates::clock::FixedClock;
use api::app::state::AppState;
use chrono::{Duration, Utc};
use jobs::numbers::release_expired;
use jobs::scheduler::run_once;
use reqwest::Method;
use serde_json::json;
use store::RunOutcome;

use crate::helpers::{expect_ok, spawn_app, TestApp};

async fn status(app: &TestApp, value: &str) -> String {
    sqlx::query_scalar("SELECT status FROM number_inventory WHERE value = $1")
        .bind(value)
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn run_out_reservations_are_released_and_leave_their_carts() {
    let app = spawn_app().await;
    let old_cart = app.create_cart().await;
    let fresh_cart = app.create_cart().await;
    // A reservation made 31 minutes ago, through the same commands, with a moved clock.
    let then = AppState::with_clock(app.pool.clone(), Arc::new(FixedClock(Utc::now() - Duration::minutes(31))));
    let old = aggregates::phone_number::PhoneNumberCommand::ReserveForCart {
        number: "441214960001".into(),
        cart_id: old_cart.clone(),
    };
    then.numbers.cqrs.execute(&store::commands::Context::system(), "441214960001", old).await.unwrap();
    let entry = aggregates::cart::PhoneNumberEntry::new("441214960001");
    then.carts
        .cqrs
        .execute(
            &store::commands::Context::system(),
            &old_cart,
            aggregates::cart::CartCommand::AddNumber { number: entry },
        )
        .await
        .unwrap();
    // One made 29 minutes ago stays.
    let recent = AppState::with_clock(app.pool.clone(), Arc::new(FixedClock(Utc::now() - Duration::minutes(29))));
    let command = aggregates::phone_number::PhoneNumberCommand::ReserveForCart {
        number: "441214960002".into(),
        cart_id: fresh_cart.clone(),
    };
    recent.numbers.cqrs.execute(&store::commands::Context::system(), "441214960002", command).await.unwrap();
    assert_eq!(status(&app, "441214960001").await, "reserved");

    let state = AppState::new(app.pool.clone());
    let released = release_expired(
        &app.pool,
        &state.numbers.cqrs,
        &state.carts.cqrs,
        Utc::now(),
        &store::commands::Context::system(),
    )
    .await
    .unwrap();
    assert_eq!(released, 1);
    assert_eq!(status(&app, "441214960001").await, "available");
    assert_eq!(status(&app, "441214960002").await, "reserved");
    let cart = expect_ok(app.get(&format!("/api/carts/{old_cart}")).await).await;
    assert_eq!(cart["phoneNumbers"], json!([]), "the cart no longer claims it");

    // Idempotent: a second run changes nothing more.
    let events = app.event_count().await;
    assert_eq!(
        release_expired(
            &app.pool,
            &state.numbers.cqrs,
            &state.carts.cqrs,
            Utc::now(),
            &store::commands::Context::system()
        )
        .await
        .unwrap(),
        0
    );
    assert_eq!(app.event_count().await, events);

    // Through the scheduler's entry point (the `run-job` command) too.
    let job = api::scheduled::jobs(&state).into_iter().next().unwrap();
    match run_once(&app.pool, &job).await.unwrap() {
        RunOutcome::Ran(report) => assert_eq!(report.unwrap(), "0 numbers released"),
        RunOutcome::Skipped => panic!("nobody else holds the lock"),
    }
    // And the freed number can be taken by another cart.
    let other = app.create_cart().await;
    let answer =
        app.send(Method::POST, &format!("/api/carts/{other}/numbers"), Some(json!({"value": "441214960001"}))).await;
    expect_ok(answer).await;
}

#[tokio::test]
async fn importing_stock_checks_every_line_and_twice_changes_nothing() {
    let app = spawn_app().await;
    let csv = "country,number,type,area_code,free_trial\n\
               GB,+441202000001,geographic,01202\n\
               GB,01202 000002,geographic,01202,false\n\
               US,+13055550100,local,305,true\n\
               GB,+441202000001,geographic,01202\n\
               GB,07700 900001,geographic,07700\n\
               XX,123456,geographic,1\n\
               GB,+441614960000,geographic,0161\n";
    let report = api::tools::import::import_numbers(&app.pool, csv.as_bytes(), 0).await.unwrap();
    assert_eq!(report.added, 3);
    assert_eq!(report.already_there, 1, "the demo stock already has 01614 960000");
    let lines: Vec<usize> = report.rejected.iter().map(|(line, _)| *line).collect();
    assert_eq!(lines, vec![5, 6, 7]);
    let found = expect_ok(app.get("/api/available_numbers/?country_code=GB&areaCode=01202").await).await;
    assert_eq!(found["total_numbers"], 2);

    let again = api::tools::import::import_numbers(&app.pool, csv.as_bytes(), 0).await.unwrap();
    assert_eq!((again.added, again.already_there, again.rejected.len()), (0, 4, 3));
}

/// Spreadsheets save CSV with a byte order mark, quoted fields and CRLF line ends.
#[tokio::test]
async fn importing_stock_reads_quoted_fields_and_a_byte_order_mark() {
    let app = spawn_app().await;
    let csv = "\u{feff}\"country\",\"number\",\"type\",\"area_code\"\r\n\
               \"GB\",\"+44 1202 000011\",\"geographic\",\"01202\"\r\n\
               GB,\"01202 000012\",geographic,01202,\"false\"\r\n\
               \r\n\
               # a comment line\r\n\
               GB,\"01202,000013\",geographic,01202\r\n";
    let report = api::tools::import::import_numbers(&app.pool, csv.as_bytes(), 0).await.unwrap();
    assert_eq!((report.added, report.already_there), (2, 0), "{report:?}");
    assert_eq!(report.rejected.len(), 1, "{report:?}");
    assert_eq!(report.rejected[0].0, 6, "a comma inside quotes is part of the number: {report:?}");
    let found = expect_ok(app.get("/api/available_numbers/?country_code=GB&areaCode=01202").await).await;
    assert_eq!(found["total_numbers"], 2);
}

/// Linear time: the check for a number's second line is a set, not a scan of the lines
/// before it (20,000 lines took the quadratic version seconds in a debug build).
#[tokio::test]
async fn importing_twenty_thousand_lines_rejects_each_repeated_number_once() {
    let app = spawn_app().await;
    let mut csv = String::from("country,number,type,area_code\n");
    for n in 0..20_000 {
        csv.push_str(&format!("GB,+4412025{:05},geographic,01202\n", n));
    }
    csv.push_str("GB,+441202500007,geographic,01202\n");
    let report = api::tools::import::import_numbers(&app.pool, std::io::Cursor::new(csv), 0).await.unwrap();
    assert_eq!(report.added, 20_000);
    assert_eq!(report.rejected, vec![(20_002, "441202500007 appears twice in the file".to_string())]);
}

/// A relay that accepts everything and hands over each message's DATA.
async fn spawn_smtp_relay() -> (u16, tokio::sync::mpsc::UnboundedReceiver<String>) {
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let (sender, receiver) = tokio::sync::mpsc::unbounded_channel();
    tokio::spawn(async move {
        loop {
            let (socket, _) = listener.accept().await.unwrap();
            let sender = sender.clone();
            tokio::spawn(async move {
                let (read, mut write) = socket.into_split();
                let mut lines = BufReader::new(read).lines();
                write.write_all(b"220 relay ready\r\n").await.unwrap();
                let mut data: Option<String> = None;
                while let Ok(Some(line)) = lines.next_line().await {
                    if let Some(message) = data.as_mut() {
                        if line == "." {
                            sender.send(data.take().unwrap()).unwrap();
                            write.write_all(b"250 queued\r\n").await.unwrap();
                        } else {
                            message.push_str(&line);
                            message.push('\n');
                        }
                        continue;
                    }
                    let reply: &[u8] = match line.split(' ').next().unwrap_or_default() {
                        "EHLO" => b"250-relay\r\n250 8BITMIME\r\n",
                        "DATA" => {
                            data = Some(String::new());
                            b"354 go ahead\r\n"
                        }
                        "QUIT" => b"221 bye\r\n",
                        _ => b"250 ok\r\n",
                    };
                    write.write_all(reply).await.unwrap();
                }
            });
        }
    });
    (port, receiver)
}

/// Plain SMTP without a login, as to a local Postfix.
fn local_relay(port: u16) -> jobs::outbox::SmtpRelay {
    jobs::outbox::SmtpRelay {
        host: "127.0.0.1".into(),
        port,
        from: "orders@talkbridge.example".into(),
        tls: jobs::outbox::SmtpTls::None,
        username: None,
        password: None,
        root_certificate_pem: None,
    }
}

/// Any e-mail will do: a password link's.
const MAIL: jobs::mail::Email<'static> =
    jobs::mail::Email::AccountPasswordReset { site_url: "https://shop.example", token: "abc" };

async fn queue_mail(app: &TestApp, reference: &str) {
    jobs::outbox::queue(&app.pool, "jane@example.com", reference, &MAIL).await.unwrap();
}

async fn mail_status(app: &TestApp, reference: &str) -> &'static str {
    jobs::outbox::status_of(&app.pool, MAIL.kind(), reference).await.unwrap().unwrap().as_str()
}

#[tokio::test]
async fn without_a_relay_the_outbox_job_keeps_mail_in_the_local_mailbox() {
    let app = spawn_app().await;
    let without = AppState::new(app.pool.clone());
    assert!(without.services.config.smtp.is_none());
    let job = api::scheduled::jobs(&without).into_iter().find(|job| job.name == jobs::outbox::SEND_OUTBOX).unwrap();
    queue_mail(&app, "w-0").await;
    assert_eq!(mail_status(&app, "w-0").await, "queued");
    match run_once(&app.pool, &job).await.unwrap() {
        RunOutcome::Ran(report) => assert_eq!(report.unwrap(), "1 e-mails kept in the local mailbox"),
        RunOutcome::Skipped => panic!("nobody else holds the lock"),
    }
    assert_eq!(mail_status(&app, "w-0").await, "kept");

    // With a relay, the same job sends through it.
    let (port, mut received) = spawn_smtp_relay().await;
    let mut config = without.services.config.clone();
    config.smtp = Some(local_relay(port));
    let with = without.clone().with_services(api::app::state::Services::from_config(&config).unwrap());
    let job = api::scheduled::jobs(&with).into_iter().find(|job| job.name == jobs::outbox::SEND_OUTBOX).unwrap();
    queue_mail(&app, "w-1").await;
    match run_once(&app.pool, &job).await.unwrap() {
        RunOutcome::Ran(report) => assert_eq!(report.unwrap(), "1 e-mails sent, 0 failed"),
        RunOutcome::Skipped => panic!("nobody else holds the lock"),
    }
    assert!(received.recv().await.unwrap().contains("Subject: Set a new password for your Talkbridge account"));
    assert_eq!(mail_status(&app, "w-1").await, "sent");
}

#[tokio::test]
async fn the_outbox_is_sent_through_the_relay_once() {
    let app = spawn_app().await;
    // A row whose recipient is not an address comes first: it fails at once, and the batch
    // goes on.
    sqlx::query(
        "INSERT INTO outbox (recipient, subject, body, kind, reference) VALUES
         ('not an address', 'Broken', 'Never sent', 'order_confirmation', 'o-0'),
         ('jane@example.com', 'Your order SB-000001 is confirmed', 'Hello Jane,\n.dot line\nBye', 'order_confirmation', 'o-1')",
    )
    .execute(&app.pool)
    .await
    .unwrap();
    let (port, mut received) = spawn_smtp_relay().await;
    let relay = local_relay(port);
    let report = jobs::outbox::send_outbox(&app.pool, &relay).await.unwrap();
    assert_eq!(report, jobs::outbox::SendReport { sent: 1, failed: 1 });
    let message = received.recv().await.unwrap();
    assert!(message.contains("To: jane@example.com"), "{message}");
    assert!(message.contains("Subject: Your order SB-000001 is confirmed"));
    assert!(message.contains("\n..dot line\n"), "dot-stuffed: {message}");
    assert!(message.contains("From: orders@talkbridge.example\n"), "{message}");
    assert!(message.contains("Content-Type: text/plain; charset=utf-8\n"), "{message}");
    assert!(received.try_recv().is_err(), "only the valid row was sent");
    // Sent once: the next run sends nothing, and the broken row is failed with its reason.
    assert_eq!(jobs::outbox::send_outbox(&app.pool, &relay).await.unwrap(), jobs::outbox::SendReport::default());
    let rows: Vec<(String, String, Option<String>)> = sqlx::query_as(&format!(
        "SELECT reference, {}, last_error FROM outbox ORDER BY reference",
        jobs::outbox::STATUS_SQL
    ))
    .fetch_all(&app.pool)
    .await
    .unwrap();
    assert_eq!((rows[0].0.as_str(), rows[0].1.as_str()), ("o-0", "failed"));
    assert!(rows[0].2.as_deref().unwrap().contains("invalid recipient"), "{rows:?}");
    assert_eq!((rows[1].0.as_str(), rows[1].1.as_str(), rows[1].2.as_deref()), ("o-1", "sent", None));
}

#[tokio::test]
async fn a_relay_that_is_down_is_retried_with_backoff_then_the_mail_is_failed() {
    let app = spawn_app().await;
    queue_mail(&app, "r-1").await;
    // A port nothing listens on.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let relay = local_relay(closed);
    for attempt in 1..=jobs::outbox::MAX_ATTEMPTS {
        let error = jobs::outbox::send_outbox(&app.pool, &relay).await.unwrap_err();
        assert!(error.starts_with("nothing sent"), "{error}");
        let (attempts, wait): (i32, f64) = sqlx::query_as(
            "SELECT attempts, EXTRACT(EPOCH FROM next_attempt_at - now())::float8 FROM outbox WHERE reference = 'r-1'",
        )
        .fetch_one(&app.pool)
        .await
        .unwrap();
        assert_eq!(attempts, attempt);
        if attempt < jobs::outbox::MAX_ATTEMPTS {
            assert_eq!(mail_status(&app, "r-1").await, "retrying");
            let expected = jobs::outbox::backoff(attempt).num_seconds() as f64;
            assert!((wait - expected).abs() < 30.0, "attempt {attempt}: waits {wait}s, not {expected}s");
            // Not before its time; then its time comes.
            assert_eq!(jobs::outbox::send_outbox(&app.pool, &relay).await.unwrap(), Default::default());
            sqlx::query("UPDATE outbox SET next_attempt_at = now()").execute(&app.pool).await.unwrap();
        }
    }
    assert_eq!(mail_status(&app, "r-1").await, "failed");
    assert_eq!(jobs::outbox::send_outbox(&app.pool, &relay).await.unwrap(), Default::default());
}

async fn count(app: &TestApp, sql: &str) -> i64 {
    sqlx::query_scalar(sql).fetch_one(&app.pool).await.unwrap()
}

/// Moves every event of a cart `days` into the past, and its view row's time with them (the
/// time the purge reads: written with the cart's events).
async fn age_cart(app: &TestApp, cart: &str, days: i64) {
    sqlx::query("UPDATE events SET recorded_at = now() - make_interval(days => $2) WHERE aggregate_type = 'Cart' AND aggregate_id = $1")
        .bind(cart)
        .bind(days as i32)
        .execute(&app.pool)
        .await
        .unwrap();
    sqlx::query("UPDATE cart_view SET updated_at = now() - make_interval(days => $2) WHERE view_id = $1")
        .bind(cart)
        .bind(days as i32)
        .execute(&app.pool)
        .await
        .unwrap();
}

#[tokio::test]
async fn the_purge_deletes_old_records_and_idle_empty_carts_only() {
    let app = spawn_app().await;
    // Staff sessions: one expired, one running. Sign-in failures: two days old and fresh.
    api::app::auth::add_user(
        &app.pool,
        "purge@example.com",
        api::app::auth::Role::Support,
        Some("a-long-password-1".into()),
    )
    .await
    .unwrap();
    sqlx::query(
        "INSERT INTO staff_sessions (token_hash, user_id, csrf_token, expires_at)
         SELECT t.hash, u.id, 'csrf', t.expires FROM staff_users u,
           (VALUES ('expired', now() - interval '1 hour'), ('running', now() + interval '1 hour')) AS t(hash, expires)",
    )
    .execute(&app.pool)
    .await
    .unwrap();
    sqlx::query(
        "INSERT INTO sign_in_failures (email, address, at) VALUES
           ('a@example.com', '203.0.113.1', now() - interval '2 days'), ('a@example.com', '203.0.113.1', now())",
    )
    .execute(&app.pool)
    .await
    .unwrap();
    sqlx::query(
        "INSERT INTO rate_limits (bucket, window_start, count) VALUES ('old', now() - interval '3 hours', 5), ('new', now(), 1)",
    )
    .execute(&app.pool)
    .await
    .unwrap();
    sqlx::query(
        "INSERT INTO stripe_webhook_events (event_id, event_type, received_at) VALUES
           ('evt_old', 'payment_intent.succeeded', now() - interval '31 days'), ('evt_new', 'payment_intent.succeeded', now())",
    )
    .execute(&app.pool)
    .await
    .unwrap();

    // Carts: empty and idle 31 days (purged); emptied after holding a number, idle 31 days
    // (purged, with its address); empty but used 29 days ago; idle 31 days with a plan.
    let idle = app.create_cart().await;
    let emptied = app.create_cart().await;
    expect_ok(
        app.send(Method::POST, &format!("/api/carts/{emptied}/numbers"), Some(json!({"value": "441214960001"}))).await,
    )
    .await;
    expect_ok(app.send(Method::POST, &format!("/api/carts/{emptied}/clear"), None).await).await;
    let recent = app.create_cart().await;
    let with_plan = app.create_cart().await;
    let package = json!({"plan": "singleUser", "billingCycle": "monthly", "quantity": 1});
    expect_ok(app.send(Method::PUT, &format!("/api/carts/{with_plan}/package"), Some(package)).await).await;
    for (cart, days) in [(&idle, 31), (&emptied, 31), (&recent, 29), (&with_plan, 31)] {
        age_cart(&app, cart, days).await;
    }
    // The address of a cart that reserved two days ago goes; today's stays.
    sqlx::query(
        "INSERT INTO cart_reservation_sources (cart_id, address, reserved_at) VALUES
           ('old-cart', '203.0.113.1', now() - interval '2 days'), ($1, '203.0.113.1', now())",
    )
    .bind(&with_plan)
    .execute(&app.pool)
    .await
    .unwrap();

    // A count of wrong passwords whose hour and wait are over goes; one still waiting stays.
    sqlx::query(
        "INSERT INTO password_guesses (key, failures, window_start, not_before) VALUES
           ('old', 7, now() - interval '2 hours', now() - interval '2 hours'), ('waiting', 7, now() - interval '2 hours', now() + interval '1 minute')",
    )
    .execute(&app.pool)
    .await
    .unwrap();

    // The page-view salt of yesterday goes; today's stays.
    sqlx::query(
        "INSERT INTO page_view_salts (day, salt) VALUES
           ((now() AT TIME ZONE 'UTC')::date - 1, decode(repeat('ab', 32), 'hex')), ((now() AT TIME ZONE 'UTC')::date, decode(repeat('ab', 32), 'hex'))",
    )
    .execute(&app.pool)
    .await
    .unwrap();

    let state = AppState::new(app.pool.clone());
    let job = api::scheduled::jobs(&state).into_iter().find(|j| j.name == "purge-old-records").unwrap();
    let report = match run_once(&app.pool, &job).await.unwrap() {
        RunOutcome::Ran(report) => report.unwrap(),
        RunOutcome::Skipped => panic!("nobody else holds the lock"),
    };
    assert_eq!(
        report,
        "1 expired staff sessions, 1 old sign-in failures, 1 old rate-limit windows, 1 old password-guess counts, \
         0 cached postcode lookups, \
         1 old webhook event ids, 1 cart addresses, 2 idle empty carts, 1 old page-view salts deleted; \
         0 page views over 13 months old folded into daily totals"
    );
    assert_eq!(count(&app, "SELECT count(*) FROM staff_sessions WHERE token_hash = 'running'").await, 1);
    assert_eq!(count(&app, "SELECT count(*) FROM sign_in_failures").await, 1);
    assert_eq!(count(&app, "SELECT count(*) FROM rate_limits").await, 1);
    assert_eq!(count(&app, "SELECT count(*) FROM password_guesses WHERE key = 'waiting'").await, 1);
    assert_eq!(count(&app, "SELECT count(*) FROM password_guesses").await, 1);
    assert_eq!(count(&app, "SELECT count(*) FROM stripe_webhook_events WHERE event_id = 'evt_new'").await, 1);
    for cart in [&idle, &emptied] {
        let gone = app.get(&format!("/api/carts/{cart}")).await;
        assert_eq!(gone.status(), reqwest::StatusCode::NOT_FOUND);
        let events: i64 = sqlx::query_scalar("SELECT count(*) FROM events WHERE aggregate_id = $1")
            .bind(cart)
            .fetch_one(&app.pool)
            .await
            .unwrap();
        assert_eq!(events, 0);
    }
    assert_eq!(count(&app, "SELECT count(*) FROM cart_reservation_sources").await, 1);
    assert_eq!(count(&app, "SELECT count(*) FROM page_view_salts").await, 1);
    for cart in [&recent, &with_plan] {
        expect_ok(app.get(&format!("/api/carts/{cart}")).await).await;
    }
    // The number the emptied cart once held is untouched (its own events).
    assert_eq!(status(&app, "441214960001").await, "available");

    // Twice deletes nothing more.
    let again = jobs::purge::purge_old_records(&app.pool, chrono::Utc::now()).await.unwrap();
    assert_eq!(again, jobs::purge::PurgeReport::default());
}

#[tokio::test]
async fn staff_read_the_mailbox_with_each_mails_status_and_body() {
    use crate::hardware_routes::{as_staff, sign_in};
    let app = spawn_app().await;
    let support = sign_in(&app, "sam@talkbridge.example", api::app::auth::Role::Support).await;
    queue_mail(&app, "m-1").await;
    jobs::outbox::keep_locally(&app.pool).await.unwrap();
    queue_mail(&app, "m-2").await;
    sqlx::query(
        "INSERT INTO outbox (recipient, subject, body, kind, reference, failed_at, attempts, last_error)
                 VALUES ('x', 'Broken', 'b', 'welcome', 'm-3', now(), 1, 'invalid recipient')",
    )
    .execute(&app.pool)
    .await
    .unwrap();
    let get = |path: &str| as_staff(app.client.get(app.url(path)), &support).send();

    let mailbox = expect_ok(get("/api/admin/mail").await.unwrap()).await;
    let statuses: Vec<&str> =
        mailbox["mails"].as_array().unwrap().iter().map(|m| m["status"].as_str().unwrap()).collect();
    assert_eq!(statuses, ["failed", "queued", "kept"], "newest first");
    assert_eq!(mailbox["counts"], serde_json::json!({ "queued": 1, "retrying": 0, "sent": 0, "kept": 1, "failed": 1 }));
    assert_eq!(mailbox["relayConfigured"], false);
    assert_eq!(mailbox["mails"][0]["lastError"], "invalid recipient");
    assert!(mailbox["mails"][0].get("body").is_none(), "bodies only one at a time");

    let failed = expect_ok(get("/api/admin/mail?status=failed").await.unwrap()).await;
    assert_eq!(failed["mails"].as_array().unwrap().len(), 1);
    let id = mailbox["mails"][2]["id"].as_i64().unwrap();
    let one = expect_ok(get(&format!("/api/admin/mail/{id}")).await.unwrap()).await;
    assert_eq!(
        (one["subject"].as_str(), one["body"].as_str(), one["status"].as_str()),
        (Some(MAIL.subject().as_str()), Some(MAIL.body().as_str()), Some("kept"))
    );

    for bad in ["/api/admin/mail?status=lost", "/api/admin/mail?page=0", "/api/admin/mail?order=asc"] {
        crate::helpers::expect_error(get(bad).await.unwrap(), reqwest::StatusCode::BAD_REQUEST, "invalid_query").await;
    }
    for missing in ["/api/admin/mail/999999", "/api/admin/mail/abc"] {
        crate::helpers::expect_error(get(missing).await.unwrap(), reqwest::StatusCode::NOT_FOUND, "mail_not_found")
            .await;
    }
    crate::helpers::expect_error(app.get("/api/admin/mail").await, reqwest::StatusCode::UNAUTHORIZED, "not_signed_in")
        .await;
}

#[tokio::test]
async fn a_tick_already_run_by_one_server_is_not_run_again_by_another() {
    use jobs::scheduler::{Job, JobFuture};
    use std::sync::atomic::{AtomicUsize, Ordering};
    let app = spawn_app().await;
    // A quick job every second: the lock alone would let a second server run the same
    // tick once the first had finished.
    let runs = Arc::new(AtomicUsize::new(0));
    let counted = runs.clone();
    let job = Job {
        name: "tick-test",
        schedule: "* * * * * *",
        run: Arc::new(move || -> JobFuture {
            counted.fetch_add(1, Ordering::SeqCst);
            Box::pin(async { Ok("ran".to_string()) })
        }),
    };
    // Two pools stand for two servers firing the same tick one after the other.
    let other = sqlx::PgPool::connect_with(app.pool.connect_options().as_ref().clone()).await.unwrap();
    let first = jobs::ticks::run_tick(&app.pool, &job).await.unwrap();
    let second = jobs::ticks::run_tick(&other, &job).await.unwrap();
    let outcomes = [first, second];
    assert!(outcomes.contains(&RunOutcome::Ran(Ok("ran".into()))), "{outcomes:?}");
    // Unless the second landed on the next second's tick, it skipped.
    let ticks: i64 =
        sqlx::query_scalar("SELECT count(*) FROM job_runs WHERE job = 'tick-test'").fetch_one(&app.pool).await.unwrap();
    assert_eq!(runs.load(Ordering::SeqCst) as i64, ticks);
    let (runner, outcome): (String, String) =
        sqlx::query_as("SELECT runner, outcome FROM job_runs WHERE job = 'tick-test' ORDER BY tick LIMIT 1")
            .fetch_one(&app.pool)
            .await
            .unwrap();
    assert_eq!((runner.as_str(), outcome.as_str()), (jobs::ticks::runner(), "ok"));

    // One tick, claimed by both at once: one claim wins.
    let tick = chrono::SubsecRound::trunc_subsecs(Utc::now() + Duration::hours(1), 0);
    let (a, b) =
        tokio::join!(jobs::ticks::claim(&app.pool, "claim-test", tick), jobs::ticks::claim(&other, "claim-test", tick));
    assert!(a.unwrap() ^ b.unwrap());
    // A week of history is kept: the next claim deletes older rows of the job.
    assert!(jobs::ticks::claim(&app.pool, "claim-test", tick + Duration::days(8)).await.unwrap());
    let left: Vec<chrono::DateTime<Utc>> =
        sqlx::query_scalar("SELECT tick FROM job_runs WHERE job = 'claim-test'").fetch_all(&app.pool).await.unwrap();
    assert_eq!(left, [tick + Duration::days(8)]);
}
