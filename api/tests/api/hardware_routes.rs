//! The hardware routes: roles, CSRF, the sign-in limit, uploads, the audit log, the shop.

use api::app::auth::{add_user, Role};
use reqwest::header::{COOKIE, SET_COOKIE};
use reqwest::multipart::{Form, Part};
use reqwest::{Method, RequestBuilder, StatusCode};
use serde_json::{json, Value};

use crate::helpers::{expect_error, spawn_app, TestApp};

const PASSWORD: &str = "correct horse battery";

pub(crate) struct Session {
    pub(crate) cookie: String,
    csrf: String,
}

pub(crate) async fn sign_in(app: &TestApp, email: &str, role: Role) -> Session {
    add_user(&app.pool, email, role, Some(PASSWORD.into())).await.unwrap();
    let response =
        app.send(Method::POST, "/api/admin/login", Some(json!({ "email": email, "password": PASSWORD }))).await;
    assert_eq!(response.status(), StatusCode::OK);
    let cookie = response.headers()[SET_COOKIE].to_str().unwrap().split(';').next().unwrap().to_string();
    let body: Value = response.json().await.unwrap();
    Session { cookie, csrf: body["csrfToken"].as_str().unwrap().to_string() }
}

pub(crate) fn as_staff(request: RequestBuilder, session: &Session) -> RequestBuilder {
    request.header(COOKIE, &session.cookie).header("x-csrf-token", &session.csrf)
}

/// GET `path` as the signed-in staff member.
pub(crate) async fn staff_get(app: &TestApp, session: &Session, path: &str) -> reqwest::Response {
    as_staff(app.client.get(app.url(path)), session).send().await.unwrap()
}

fn phone(name: &str) -> Value {
    json!({
        "name": name, "brand": "yealink", "model": "T54W", "pricePence": 11900,
        "features": ["Colour screen", "Wi-Fi"], "compatibility": ["SIP 2.0"], "rating": 4.5
    })
}

/// The smallest valid PNG: one transparent pixel.
const PNG: &[u8] = &[
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00,
    0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4, 0x89, 0x00, 0x00, 0x00, 0x0D, 0x49,
    0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x00, 0x01, 0x00, 0x00, 0x05, 0x00, 0x01, 0x0D, 0x0A, 0x2D, 0xB4, 0x00, 0x00,
    0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
];

fn upload_form(bytes: &[u8], filename: &str, brand: Option<&str>) -> Form {
    let form =
        Form::new().part("image", Part::bytes(bytes.to_vec()).file_name(filename.to_string())).text("model", "T54W");
    match brand {
        Some(brand) => form.text("brand", brand.to_string()),
        None => form,
    }
}

async fn image_count(app: &TestApp) -> i64 {
    sqlx::query_scalar("SELECT count(*) FROM hardware_images WHERE uploaded_by <> 'seed'")
        .fetch_one(&app.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn writes_need_a_signed_in_admin_with_the_csrf_token() {
    let app = spawn_app().await;
    let admin = sign_in(&app, "ann@example.com", Role::Admin).await;
    let support = sign_in(&app, "sam@example.com", Role::Support).await;
    let events = app.event_count().await;
    let post = || app.client.post(app.url("/api/hardware/")).json(&phone("Desk phone"));

    expect_error(post().send().await.unwrap(), StatusCode::UNAUTHORIZED, "not_signed_in").await;
    expect_error(as_staff(post(), &support).send().await.unwrap(), StatusCode::FORBIDDEN, "forbidden").await;
    let no_token = post().header(COOKIE, &admin.cookie).send().await.unwrap();
    expect_error(no_token, StatusCode::FORBIDDEN, "csrf").await;
    let wrong_token = post().header(COOKIE, &admin.cookie).header("x-csrf-token", &support.csrf).send().await.unwrap();
    expect_error(wrong_token, StatusCode::FORBIDDEN, "csrf").await;
    let forged = post().header(COOKIE, "voip_session=forged").header("x-csrf-token", "x").send().await.unwrap();
    expect_error(forged, StatusCode::UNAUTHORIZED, "not_signed_in").await;
    let upload = app.client.post(app.url("/api/upload-image/")).multipart(upload_form(PNG, "a.png", Some("yealink")));
    expect_error(upload.send().await.unwrap(), StatusCode::UNAUTHORIZED, "not_signed_in").await;
    assert_eq!(app.event_count().await, events, "refusals store nothing");

    let created = as_staff(post(), &admin).send().await.unwrap();
    assert_eq!(created.status(), StatusCode::CREATED);
    let item: Value = created.json().await.unwrap();
    assert_eq!(item["status"], "draft", "the item itself, no envelope: {item}");
    assert!(item.get("success").is_none() && item.get("data").is_none(), "{item}");
    let id = item["id"].as_str().unwrap().to_string();
    for (method, path) in
        [(Method::PUT, format!("/api/hardware/{id}/")), (Method::DELETE, format!("/api/hardware/{id}/"))]
    {
        let request = app.client.request(method.clone(), app.url(&path)).json(&phone("Changed"));
        expect_error(request.send().await.unwrap(), StatusCode::UNAUTHORIZED, "not_signed_in").await;
        let request = as_staff(app.client.request(method, app.url(&path)).json(&phone("Changed")), &support);
        expect_error(request.send().await.unwrap(), StatusCode::FORBIDDEN, "forbidden").await;
    }

    // Reads: the admin list and the audit log for any staff, never anonymous.
    for path in ["/api/admin/hardware/", "/api/admin/audit-log"] {
        expect_error(app.get(path).await, StatusCode::UNAUTHORIZED, "not_signed_in").await;
        let answer = as_staff(app.client.get(app.url(path)), &support).send().await.unwrap();
        assert_eq!(answer.status(), StatusCode::OK, "{path}");
    }

    // Signing out ends the session.
    let out = as_staff(app.client.post(app.url("/api/admin/logout")), &admin).send().await.unwrap();
    assert_eq!(out.status(), StatusCode::NO_CONTENT);
    let me = app.client.get(app.url("/api/admin/me")).header(COOKIE, &admin.cookie).send().await.unwrap();
    expect_error(me, StatusCode::UNAUTHORIZED, "not_signed_in").await;
}

#[tokio::test]
async fn the_session_cookie_is_httponly_strict_and_secure_over_https() {
    let app = spawn_app().await;
    add_user(&app.pool, "ann@example.com", Role::Admin, Some(PASSWORD.into())).await.unwrap();
    let body = json!({ "email": "ANN@example.com ", "password": PASSWORD });
    let plain = app.send(Method::POST, "/api/admin/login", Some(body.clone())).await;
    let cookie = plain.headers()[SET_COOKIE].to_str().unwrap().to_string();
    assert!(
        cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict") && !cookie.contains("Secure"),
        "{cookie}"
    );
    let https = app
        .client
        .post(app.url("/api/admin/login"))
        .header("x-forwarded-proto", "https")
        .json(&body)
        .send()
        .await
        .unwrap();
    assert!(https.headers()[SET_COOKIE].to_str().unwrap().contains("; Secure"));
    let hash: String = sqlx::query_scalar("SELECT password_hash FROM staff_users").fetch_one(&app.pool).await.unwrap();
    assert!(hash.starts_with("$argon2"), "passwords are stored as argon2 hashes");
}

#[tokio::test]
async fn five_failed_sign_ins_a_minute_then_429() {
    let app = spawn_app().await;
    add_user(&app.pool, "ann@example.com", Role::Admin, Some(PASSWORD.into())).await.unwrap();
    for _ in 0..5 {
        let wrong = app
            .send(Method::POST, "/api/admin/login", Some(json!({ "email": "ann@example.com", "password": "guess" })))
            .await;
        expect_error(wrong, StatusCode::UNAUTHORIZED, "invalid_credentials").await;
    }
    let right = app
        .send(Method::POST, "/api/admin/login", Some(json!({ "email": "ann@example.com", "password": PASSWORD })))
        .await;
    expect_error(right, StatusCode::TOO_MANY_REQUESTS, "too_many_attempts").await;
    // The address is limited too, whatever account it tries next.
    let other =
        app.send(Method::POST, "/api/admin/login", Some(json!({ "email": "bob@example.com", "password": "x" }))).await;
    expect_error(other, StatusCode::TOO_MANY_REQUESTS, "too_many_attempts").await;
}

/// A staff sign-in from X-Forwarded-For `from`: its status.
async fn sign_in_from(app: &TestApp, email: &str, password: &str, from: &str) -> StatusCode {
    let body = json!({ "email": email, "password": password });
    let response =
        app.client.post(app.url("/api/admin/login")).header("x-forwarded-for", from).json(&body).send().await.unwrap();
    response.status()
}

#[tokio::test]
async fn failed_sign_ins_elsewhere_never_lock_staff_out_yet_a_spread_guess_stops() {
    let app = crate::helpers::spawn_app_with(|config| {
        crate::helpers::stop_the_clock(config);
        config.trusted_proxy = true;
    })
    .await;
    add_user(&app.pool, "ann@example.com", Role::Admin, Some(PASSWORD.into())).await.unwrap();
    add_user(&app.pool, "bob@example.com", Role::Support, Some(PASSWORD.into())).await.unwrap();
    let (pair, per_email) = (
        api::platform::limits::STAFF_FAILURES_PER_EMAIL_AND_ADDRESS.max,
        api::platform::limits::STAFF_FAILURES_PER_EMAIL.max,
    );
    assert_eq!((pair, per_email), (5, 50));

    // Five failures from A: A's sixth try is refused, even with the right password.
    for _ in 0..pair {
        assert_eq!(sign_in_from(&app, "ann@example.com", "guess", "203.0.113.10").await, StatusCode::UNAUTHORIZED);
    }
    assert_eq!(sign_in_from(&app, "ann@example.com", PASSWORD, "203.0.113.10").await, StatusCode::TOO_MANY_REQUESTS);
    // Ann, from her own address B, signs in.
    assert_eq!(sign_in_from(&app, "ann@example.com", PASSWORD, "198.51.100.20").await, StatusCode::OK);

    // A guess spread over many addresses, one failure each, meets the account's own count
    // (crate::app::password_guesses): five checks, a sixth that sets a wait, then none until
    // the wait is over (the clock is stopped here: it never is), the right password included.
    let free = api::app::password_guesses::FREE_CHECKS;
    for n in 0..=free {
        let status = sign_in_from(&app, "bob@example.com", "guess", &format!("192.0.2.{n}")).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "try {n}");
    }
    for n in free + 1..per_email {
        let status = sign_in_from(&app, "bob@example.com", "guess", &format!("192.0.2.{n}")).await;
        assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "try {n}");
    }
    assert_eq!(sign_in_from(&app, "bob@example.com", PASSWORD, "192.0.2.200").await, StatusCode::TOO_MANY_REQUESTS);
    let sessions: i64 = sqlx::query_scalar("SELECT count(*) FROM staff_sessions").fetch_one(&app.pool).await.unwrap();
    assert_eq!(sessions, 1, "only Ann's own sign-in opened a session");
}

#[tokio::test]
async fn an_admin_creates_publishes_edits_and_deletes_with_an_audit_trail() {
    let app = spawn_app().await;
    let admin = sign_in(&app, "ann@example.com", Role::Admin).await;
    let uploaded = as_staff(app.client.post(app.url("/api/upload-image/")), &admin)
        .multipart(upload_form(PNG, "front view.png", Some("yealink")))
        .send()
        .await
        .unwrap();
    assert_eq!(uploaded.status(), StatusCode::CREATED);
    let uploaded: Value = uploaded.json().await.unwrap();
    let image_id = uploaded["imageId"].as_str().unwrap().to_string();
    assert_eq!(uploaded["filename"], "frontview.png");

    let mut body = phone("Yealink T54W Test");
    body["imageIds"] = json!([image_id]);
    body["status"] = json!("published");
    let created: Value = as_staff(app.client.post(app.url("/api/hardware/")), &admin)
        .json(&body)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = created["id"].as_str().unwrap().to_string();
    assert_eq!(created["images"][0]["url"], format!("/api/hardware-images/{image_id}"));

    let public: Value = app.get("/api/hardware/?brand=yealink").await.json().await.unwrap();
    assert!(public["items"].as_array().unwrap().iter().any(|i| i["id"] == id.as_str()));
    let one: Value = app.get(&format!("/api/hardware/{id}/")).await.json().await.unwrap();
    assert_eq!((one["pricePence"].as_i64(), one["rating"].as_f64()), (Some(11900), Some(4.5)));
    let image = app.get(&format!("/api/hardware-images/{image_id}")).await;
    assert_eq!(image.headers()["content-type"], "image/png");
    assert!(image.headers()["cache-control"].to_str().unwrap().contains("max-age=31536000"));
    assert_eq!(image.bytes().await.unwrap().as_ref(), PNG);

    let mut cheaper = body.clone();
    cheaper["pricePence"] = json!(10900);
    let updated =
        as_staff(app.client.put(app.url(&format!("/api/hardware/{id}/"))), &admin).json(&cheaper).send().await.unwrap();
    assert_eq!(updated.status(), StatusCode::OK);

    let invalid = as_staff(app.client.put(app.url(&format!("/api/hardware/{id}/"))), &admin)
        .json(&json!({ "name": "", "brand": "", "model": "", "pricePence": 0 }))
        .send()
        .await
        .unwrap();
    let refused = expect_error(invalid, StatusCode::UNPROCESSABLE_ENTITY, "invalid_hardware").await;
    assert!(refused["error"]
        .as_str()
        .unwrap()
        .starts_with("Please fix the following errors: Product name is required"));
    assert_eq!(refused["errors"].as_array().unwrap().len(), 6);

    let deleted = as_staff(app.client.delete(app.url(&format!("/api/hardware/{id}/"))), &admin).send().await.unwrap();
    assert_eq!(deleted.status(), StatusCode::NO_CONTENT);
    assert!(deleted.bytes().await.unwrap().is_empty());
    expect_error(app.get(&format!("/api/hardware/{id}/")).await, StatusCode::NOT_FOUND, "hardware_not_found").await;

    let audit: Value = as_staff(app.client.get(app.url(&format!("/api/admin/audit-log?item={id}"))), &admin)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let entries: Vec<(String, String)> = audit["entries"]
        .as_array()
        .unwrap()
        .iter()
        .rev()
        .map(|e| (e["action"].as_str().unwrap().to_string(), e["actor"].as_str().unwrap().to_string()))
        .collect();
    let actions: Vec<&str> = entries.iter().map(|(a, _)| a.as_str()).collect();
    assert_eq!(actions, ["created", "status changed", "image added", "updated", "deleted"]);
    assert!(entries.iter().all(|(_, actor)| actor == "ann@example.com"));
    let update = audit["entries"].as_array().unwrap().iter().find(|e| e["action"] == "updated").unwrap();
    assert_eq!(update["changes"], json!([{ "field": "price", "from": 11900, "to": 10900 }]));
    let by_user: Value =
        as_staff(app.client.get(app.url("/api/admin/audit-log?user=ann@example.com&per_page=2")), &admin)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
    assert_eq!(by_user["entries"].as_array().unwrap().len(), 2);
    // The pages after it, by their `next`, hold the user's five entries once each.
    let mut seen: Vec<i64> = by_user["entries"].as_array().unwrap().iter().map(|e| e["id"].as_i64().unwrap()).collect();
    let mut next = by_user["next"].as_str().map(str::to_string);
    while let Some(before) = next {
        let page: Value = as_staff(
            app.client.get(app.url(&format!("/api/admin/audit-log?user=ann@example.com&per_page=2&before={before}"))),
            &admin,
        )
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
        seen.extend(page["entries"].as_array().unwrap().iter().map(|e| e["id"].as_i64().unwrap()));
        next = page["next"].as_str().map(str::to_string);
    }
    let mut newest_first = seen.clone();
    newest_first.sort_unstable_by(|a, b| b.cmp(a));
    assert_eq!((seen.len(), &seen), (5, &newest_first));
    let refused =
        as_staff(app.client.get(app.url("/api/admin/audit-log?before=yesterday")), &admin).send().await.unwrap();
    expect_error(refused, StatusCode::UNPROCESSABLE_ENTITY, "invalid_query").await;
}

#[tokio::test]
async fn uploads_are_checked_by_their_bytes_and_size_and_nothing_bad_is_stored() {
    let app = spawn_app().await;
    let admin = sign_in(&app, "ann@example.com", Role::Admin).await;
    let upload = |form: Form| as_staff(app.client.post(app.url("/api/upload-image/")), &admin).multipart(form).send();
    let text_as_png = upload(upload_form(b"just some text, not an image", "photo.png", Some("yealink"))).await.unwrap();
    let body = expect_error(text_as_png, StatusCode::UNPROCESSABLE_ENTITY, "invalid_image").await;
    assert!(body["error"].as_str().unwrap().contains("JPEG, PNG or WebP"));
    let no_brand = upload(upload_form(PNG, "photo.png", None)).await.unwrap();
    let body = expect_error(no_brand, StatusCode::UNPROCESSABLE_ENTITY, "invalid_image").await;
    assert_eq!(body["error"], "Please select a brand before uploading images");
    let mut huge = PNG.to_vec();
    huge.resize(5 * 1024 * 1024 + 10, 0);
    let oversized = upload(upload_form(&huge, "big.png", Some("yealink"))).await.unwrap();
    assert!(
        matches!(oversized.status(), StatusCode::UNPROCESSABLE_ENTITY | StatusCode::PAYLOAD_TOO_LARGE),
        "{}",
        oversized.status()
    );
    assert_eq!(image_count(&app).await, 0, "nothing stored");
    let webp = [b"RIFF".as_slice(), &[0, 0, 0, 0], b"WEBPVP8 "].concat();
    let accepted = upload(upload_form(&webp, "w.webp", Some("cisco"))).await.unwrap();
    assert_eq!(accepted.status(), StatusCode::CREATED);
    let id = accepted.json::<Value>().await.unwrap()["imageId"].as_str().unwrap().to_string();
    let removed =
        as_staff(app.client.delete(app.url(&format!("/api/hardware-images/{id}/"))), &admin).send().await.unwrap();
    assert_eq!(removed.status(), StatusCode::NO_CONTENT);
    assert_eq!(image_count(&app).await, 0);
}

#[tokio::test]
async fn the_shop_lists_the_seeded_catalogue_and_sells_it_at_its_price() {
    let app = spawn_app().await;
    let all: Value = app.get("/api/hardware/").await.json().await.unwrap();
    let items = all["items"].as_array().unwrap();
    assert!(items.len() >= 11, "the demo catalogue is seeded");
    assert!(items.iter().all(|i| i["status"] == "published"));
    for brand in ["grandstream", "yealink", "polycom", "cisco"] {
        let listed: Value = app.get(&format!("/api/hardware/?brand={brand}")).await.json().await.unwrap();
        let listed = listed["items"].as_array().unwrap();
        assert!(!listed.is_empty() && listed.iter().all(|i| i["brand"] == brand), "{brand}");
    }
    // A brand as the document's pattern has it: lower case, with spaces around it and nothing else.
    for brand in ["nokia", "Yealink", "%0A", "%09cisco"] {
        let refused = app.get(&format!("/api/hardware/?brand={brand}")).await;
        expect_error(refused, StatusCode::UNPROCESSABLE_ENTITY, "invalid_query").await;
    }
    let spaced: Value = app.get("/api/hardware/?brand=%20cisco%20").await.json().await.unwrap();
    let spaced = spaced["items"].as_array().unwrap();
    assert!(!spaced.is_empty() && spaced.iter().all(|item| item["brand"] == "cisco"), "{spaced:?}");
    let seeded_image = items.iter().find_map(|i| i["images"][0]["url"].as_str()).unwrap();
    assert_eq!(app.get(seeded_image).await.headers()["content-type"], "image/svg+xml");

    let phone = items.iter().find(|i| i["inStock"] == true).unwrap();
    let cart = app.create_cart().await;
    let body = json!({ "productId": phone["id"], "quantity": 2 });
    let answer: Value =
        app.send(Method::POST, &format!("/api/carts/{cart}/hardware"), Some(body)).await.json().await.unwrap();
    let line = &answer["items"][0];
    assert_eq!(line["type"], "hardware");
    assert_eq!(line["linePence"].as_i64(), phone["pricePence"].as_i64().map(|p| p * 2));
    assert_eq!(answer["hasHardware"], true);

    let events = app.event_count().await;
    if let Some(out_of_stock) = items.iter().find(|i| i["inStock"] == false) {
        let refused = app
            .send(
                Method::POST,
                &format!("/api/carts/{cart}/hardware"),
                Some(json!({ "productId": out_of_stock["id"], "quantity": 1 })),
            )
            .await;
        expect_error(refused, StatusCode::UNPROCESSABLE_ENTITY, "hardware_unavailable").await;
    }
    let unknown = app
        .send(Method::POST, &format!("/api/carts/{cart}/hardware"), Some(json!({ "productId": "nope", "quantity": 1 })))
        .await;
    expect_error(unknown, StatusCode::UNPROCESSABLE_ENTITY, "hardware_unavailable").await;
    let zero = app
        .send(
            Method::POST,
            &format!("/api/carts/{cart}/hardware"),
            Some(json!({ "productId": phone["id"], "quantity": 0 })),
        )
        .await;
    expect_error(zero, StatusCode::UNPROCESSABLE_ENTITY, "invalid_quantity").await;
    assert_eq!(app.event_count().await, events);
}

/// Keyset paging: entries written while staff read the log (newer ones, and one at the very
/// same time as the page's last) neither repeat a row nor skip one on the next page, as an
/// OFFSET page would.
#[tokio::test]
async fn audit_log_pages_stay_in_order_while_entries_are_added() {
    let app = spawn_app().await;
    let support = sign_in(&app, "sue@example.com", Role::Support).await;
    let add = |minute: i32, name: &str| {
        sqlx::query(
            "INSERT INTO hardware_audit (item_id, sequence, actor, at, action, item_name)
             VALUES ('item-' || $2, 1, 'keyset@example.com', timestamptz '2026-11-01 09:00Z' + make_interval(mins => $1), 'created', $2)",
        )
        .bind(minute)
        .bind(name.to_string())
        .execute(&app.pool)
    };
    for minute in 0..7 {
        add(minute, &format!("first-{minute}")).await.unwrap();
    }
    let page = |before: Option<String>| {
        let url = match before {
            Some(b) => format!("/api/admin/audit-log?user=keyset@example.com&per_page=3&before={b}"),
            None => "/api/admin/audit-log?user=keyset@example.com&per_page=3".to_string(),
        };
        as_staff(app.client.get(app.url(&url)), &support).send()
    };
    let names = |page: &Value| -> Vec<String> {
        page["entries"].as_array().unwrap().iter().map(|e| e["itemName"].as_str().unwrap().to_string()).collect()
    };
    let first: Value = page(None).await.unwrap().json().await.unwrap();
    assert_eq!(names(&first), ["first-6", "first-5", "first-4"]);
    // Meanwhile: three newer entries and one at the same minute as the page's last.
    for minute in 7..10 {
        add(minute, &format!("later-{minute}")).await.unwrap();
    }
    add(4, "later-same-minute").await.unwrap();
    let second: Value = page(first["next"].as_str().map(str::to_string)).await.unwrap().json().await.unwrap();
    assert_eq!(names(&second), ["first-3", "first-2", "first-1"], "no row of the first page again, none skipped");
    let third: Value = page(second["next"].as_str().map(str::to_string)).await.unwrap().json().await.unwrap();
    assert_eq!((names(&third), third["next"].is_null()), (vec!["first-0".to_string()], true));
    let fresh: Value = page(None).await.unwrap().json().await.unwrap();
    assert_eq!(names(&fresh), ["later-9", "later-8", "later-7"]);
}
