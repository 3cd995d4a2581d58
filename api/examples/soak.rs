//! The soak's load (api/bench/soak.sh): a mixed load of browsing, number searches, cart
//! changes and page views at a fixed rate, with service and hardware checkouts on the
//! Stripe stand-in beside it.
//!
//! `soak capacity URL SECONDS` drives the mix closed-loop (64 requests in flight) and prints
//! the rate it got; `soak run URL STAND_IN RATE SECONDS` drives it open-loop at RATE a second
//! with 10 service and 5 hardware checkouts a minute, and prints a JSON report: answers per
//! route with p50 and p99, the 5xx count, what was sent and answered (to hold against the
//! event store) and the checkouts done.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rand::Rng;
use reqwest::{Client, Method, StatusCode};
use serde_json::{json, Value};
use tokio::sync::Semaphore;

type Error = Box<dyn std::error::Error + Send + Sync>;

const AREA_CODES: &[&str] = &["020", "0161", "0121", "0131", "0141", "0113", "0117", "029"];
const PAGES: &[&str] =
    &["/", "/plans-and-pricing", "/add-ons", "/hardware", "/all-phone-numbers", "/free-trial-numbers"];
const PLANS: &[(&str, u32)] = &[("singleUser", 1), ("multiUser", 4), ("payAsYouGo", 1)];

/// Latencies (microseconds) and statuses per route, and the counts to hold against the store.
#[derive(Default)]
struct Tally {
    latencies: BTreeMap<&'static str, Vec<u32>>,
    statuses: BTreeMap<&'static str, BTreeMap<u16, u64>>,
    failed: BTreeMap<&'static str, u64>,
}

struct Load {
    client: Client,
    base: String,
    tally: Mutex<Tally>,
    /// Carts made by this load, each with its plan's index; a cart is taken out while a
    /// request changes it, so no two changes of one cart are in flight.
    carts: Mutex<Vec<(String, usize)>>,
    carts_created: AtomicU64,
    packages_chosen: AtomicU64,
    page_views_sent: AtomicU64,
    service_done: AtomicU64,
    service_failed: AtomicU64,
    hardware_done: AtomicU64,
    hardware_failed: AtomicU64,
    checkout_errors: Mutex<Vec<String>>,
}

fn address() -> String {
    let mut rng = rand::thread_rng();
    format!("10.{}.{}.{}", rng.gen_range(0..64), rng.gen_range(0..256), rng.gen_range(1..255))
}

impl Load {
    fn new(base: &str) -> Result<Arc<Load>, Error> {
        let client = Client::builder().pool_max_idle_per_host(256).timeout(Duration::from_secs(30)).build()?;
        Ok(Arc::new(Load {
            client,
            base: base.trim_end_matches('/').to_string(),
            tally: Mutex::default(),
            carts: Mutex::default(),
            carts_created: AtomicU64::new(0),
            packages_chosen: AtomicU64::new(0),
            page_views_sent: AtomicU64::new(0),
            service_done: AtomicU64::new(0),
            service_failed: AtomicU64::new(0),
            hardware_done: AtomicU64::new(0),
            hardware_failed: AtomicU64::new(0),
            checkout_errors: Mutex::default(),
        }))
    }

    /// One request, timed and tallied under `route`; the answer's status and JSON body.
    async fn call(
        &self,
        route: &'static str,
        method: Method,
        path: &str,
        body: Option<Value>,
        from: &str,
    ) -> Option<(StatusCode, Value)> {
        let mut request = self.client.request(method, format!("{}{path}", self.base)).header("x-forwarded-for", from);
        if let Some(body) = body {
            request = request.json(&body);
        }
        let started = Instant::now();
        let answer = request.send().await;
        let answer = match answer {
            Ok(answer) => {
                let status = answer.status();
                let body =
                    answer.bytes().await.ok().and_then(|b| serde_json::from_slice(&b).ok()).unwrap_or(Value::Null);
                Some((status, body))
            }
            Err(_) => None,
        };
        let took = started.elapsed().as_micros().min(u128::from(u32::MAX)) as u32;
        let mut tally = self.tally.lock().unwrap();
        match &answer {
            Some((status, _)) => {
                tally.latencies.entry(route).or_default().push(took);
                *tally.statuses.entry(route).or_default().entry(status.as_u16()).or_default() += 1;
            }
            None => *tally.failed.entry(route).or_default() += 1,
        }
        answer
    }

    /// One request of the mix, chosen at random by weight.
    async fn one_of_the_mix(self: Arc<Self>) {
        let from = address();
        let roll = rand::thread_rng().gen_range(0..100);
        match roll {
            0..=24 => {
                self.call("GET /api/hardware/", Method::GET, "/api/hardware/", None, &from).await;
            }
            25..=32 => {
                self.call("GET /api/catalogue", Method::GET, "/api/catalogue", None, &from).await;
            }
            33..=39 => {
                let page = PAGES[rand::thread_rng().gen_range(0..PAGES.len())];
                self.call("GET (page)", Method::GET, page, None, &from).await;
            }
            40..=59 => {
                let (code, page) = {
                    let mut rng = rand::thread_rng();
                    (AREA_CODES[rng.gen_range(0..AREA_CODES.len())], rng.gen_range(1..=5))
                };
                let path = format!(
                    "/api/available_numbers/?country_code=GB&per_page=20&page={page}&areaCode={code}&numberType=geographic"
                );
                self.call("GET /api/available_numbers/", Method::GET, &path, None, &from).await;
            }
            60..=64 => self.new_cart(&from).await,
            65..=79 => self.change_a_cart(&from).await,
            _ => {
                let page = PAGES[rand::thread_rng().gen_range(0..PAGES.len())];
                let body = json!({ "path": page, "referrer": "https://www.google.co.uk/", "viewport": "large" });
                let sent = self.call("POST /api/page-views", Method::POST, "/api/page-views", Some(body), &from).await;
                if sent.is_some_and(|(status, _)| status == StatusCode::NO_CONTENT) {
                    self.page_views_sent.fetch_add(1, Ordering::Relaxed);
                }
            }
        }
    }

    async fn new_cart(&self, from: &str) {
        if let Some((status, body)) = self.call("POST /api/carts", Method::POST, "/api/carts", None, from).await {
            if let (true, Some(id)) = (status.is_success(), body["id"].as_str()) {
                self.carts_created.fetch_add(1, Ordering::Relaxed);
                self.carts.lock().unwrap().push((id.to_string(), PLANS.len()));
            }
        }
    }

    /// Chooses another plan than the cart has (so each answered change is one event).
    async fn change_a_cart(&self, from: &str) {
        let taken = {
            let mut carts = self.carts.lock().unwrap();
            let len = carts.len();
            (len > 0).then(|| carts.swap_remove(rand::thread_rng().gen_range(0..len)))
        };
        let Some((id, plan)) = taken else { return self.new_cart(from).await };
        let next = (plan + 1) % PLANS.len();
        let (name, quantity) = PLANS[next];
        let body = json!({ "plan": name, "billingCycle": "monthly", "quantity": quantity });
        let answer = self
            .call("PUT /api/carts/{id}/package", Method::PUT, &format!("/api/carts/{id}/package"), Some(body), from)
            .await;
        let changed = answer.is_some_and(|(status, _)| status.is_success());
        if changed {
            self.packages_chosen.fetch_add(1, Ordering::Relaxed);
        }
        self.carts.lock().unwrap().push((id, if changed { next } else { plan }));
    }

    fn checkout_failed(&self, what: &str, error: String) {
        let mut errors = self.checkout_errors.lock().unwrap();
        if errors.len() < 20 {
            errors.push(format!("{what}: {error}"));
        }
    }

    /// Expects a 2xx answer and its body.
    async fn step(
        &self,
        route: &'static str,
        method: Method,
        path: &str,
        body: Option<Value>,
        from: &str,
    ) -> Result<Value, String> {
        match self.call(route, method, path, body, from).await {
            Some((status, body)) if status.is_success() => Ok(body),
            Some((status, body)) => Err(format!("{route}: {status} {body}")),
            None => Err(format!("{route}: no answer")),
        }
    }

    /// The card confirmed at the stand-in as Stripe.js would: the setup intent's payment method.
    async fn confirm_card(&self, stand_in: &str, client_secret: &str) -> Result<String, String> {
        let intent = client_secret.split("_secret_").next().unwrap_or_default();
        let form = [
            ("key", "pk_test_localstripe"),
            ("client_secret", client_secret),
            ("payment_method_data[type]", "card"),
            ("payment_method_data[card][number]", "4242424242424242"),
            ("payment_method_data[card][exp_month]", "12"),
            ("payment_method_data[card][exp_year]", "2031"),
            ("payment_method_data[card][cvc]", "123"),
        ];
        let answer = self
            .client
            .post(format!("{}/v1/setup_intents/{intent}/confirm", stand_in.trim_end_matches('/')))
            .form(&form)
            .send()
            .await
            .map_err(|e| e.to_string())?;
        let body: Value = answer.json().await.map_err(|e| e.to_string())?;
        body["payment_method"].as_str().map(str::to_string).ok_or_else(|| format!("stand-in: {body}"))
    }

    async fn service_checkout(self: Arc<Self>, stand_in: String, n: u64) {
        let result = self.try_service_checkout(&stand_in, n).await;
        match result {
            Ok(()) => self.service_done.fetch_add(1, Ordering::Relaxed),
            Err(error) => {
                self.checkout_failed("service", error);
                self.service_failed.fetch_add(1, Ordering::Relaxed)
            }
        };
    }

    async fn try_service_checkout(&self, stand_in: &str, n: u64) -> Result<(), String> {
        let from = address();
        let cart = self.step("POST /api/carts", Method::POST, "/api/carts", None, &from).await?;
        self.carts_created.fetch_add(1, Ordering::Relaxed);
        let cart_id = cart["id"].as_str().ok_or("no cart id")?.to_string();
        let body = json!({ "plan": "singleUser", "billingCycle": "monthly", "quantity": 1 });
        let path = format!("/api/carts/{cart_id}/package");
        self.step("PUT /api/carts/{id}/package", Method::PUT, &path, Some(body), &from).await?;
        self.packages_chosen.fetch_add(1, Ordering::Relaxed);
        let customer = json!({
            "email": format!("soak-{n}-{}@example.com", rand::thread_rng().gen::<u32>()),
            "password": "soak-Passw0rd", "confirmPassword": "soak-Passw0rd",
            "firstName": "Soak", "lastName": "Test", "companyName": "Soak Ltd", "phone": "020 7946 0000",
            "postcode": "ID1 1QD", "addressLine1": "1 Example Road", "city": "Testtown", "country": "United Kingdom",
        });
        let body = json!({ "cartId": cart_id, "customerInfo": customer });
        let intent = self
            .step("POST /api/create-payment-intent/", Method::POST, "/api/create-payment-intent/", Some(body), &from)
            .await?;
        let order = intent["orderId"].as_str().ok_or("no order id")?.to_string();
        let secret = intent["orderSecret"].as_str().ok_or("no order secret")?.to_string();
        let body = json!({ "orderId": order });
        let setup = self
            .step("POST /api/create-setup-intent/", Method::POST, "/api/create-setup-intent/", Some(body), &from)
            .await?;
        let method = self.confirm_card(stand_in, setup["client_secret"].as_str().ok_or("no client secret")?).await?;
        let body = json!({ "orderId": order, "paymentMethodId": method, "setupIntentId": setup["setup_intent_id"] });
        let paid = self
            .step("POST /api/create-subscription/", Method::POST, "/api/create-subscription/", Some(body), &from)
            .await?;
        if paid["success"] != json!(true) {
            return Err(format!("create-subscription: {paid}"));
        }
        let body = json!({ "orderId": order, "orderSecret": secret, "password": "soak-Passw0rd" });
        let account = self
            .step("POST /api/create-user-account/", Method::POST, "/api/create-user-account/", Some(body), &from)
            .await?;
        if account["success"] != json!(true) {
            return Err(format!("create-user-account: {account}"));
        }
        Ok(())
    }

    async fn hardware_checkout(self: Arc<Self>, stand_in: String, n: u64) {
        let result = self.try_hardware_checkout(&stand_in, n).await;
        match result {
            Ok(()) => self.hardware_done.fetch_add(1, Ordering::Relaxed),
            Err(error) => {
                self.checkout_failed("hardware", error);
                self.hardware_failed.fetch_add(1, Ordering::Relaxed)
            }
        };
    }

    async fn try_hardware_checkout(&self, stand_in: &str, n: u64) -> Result<(), String> {
        let from = address();
        let catalogue = self.step("GET /api/hardware/", Method::GET, "/api/hardware/", None, &from).await?;
        let phone = catalogue["data"]
            .as_array()
            .and_then(|items| items.iter().find(|item| item["inStock"] == json!(true)))
            .and_then(|item| item["id"].as_str())
            .ok_or("no phone in stock")?
            .to_string();
        let cart = self.step("POST /api/carts", Method::POST, "/api/carts", None, &from).await?;
        self.carts_created.fetch_add(1, Ordering::Relaxed);
        let cart_id = cart["id"].as_str().ok_or("no cart id")?.to_string();
        let body = json!({ "productId": phone, "quantity": 1 });
        let path = format!("/api/carts/{cart_id}/hardware");
        self.step("POST /api/carts/{id}/hardware", Method::POST, &path, Some(body), &from).await?;
        let path = format!("/api/hardware-checkout/quote?cartId={cart_id}&shippingOption=standard");
        let quote = self.step("GET /api/hardware-checkout/quote", Method::GET, &path, None, &from).await?;
        let customer = json!({
            "email": format!("soak-hw-{n}-{}@example.com", rand::thread_rng().gen::<u32>()),
            "firstName": "Soak", "lastName": "Test", "phone": "020 7946 0000",
            "address": { "line1": "1 Example Road", "line2": "", "city": "Testtown", "postalCode": "ID1 1QD", "country": "GB" },
        });
        let body = json!({ "cartId": cart_id, "shippingOption": "standard", "customerInfo": customer, "quoteVersion": quote["version"] });
        let order =
            self.step("POST /api/hardware-orders", Method::POST, "/api/hardware-orders", Some(body), &from).await?;
        let order_id = order["orderId"].as_str().ok_or("no order id")?.to_string();
        let secret = order["orderSecret"].as_str().ok_or("no order secret")?.to_string();
        let path = format!("/api/hardware-orders/{order_id}/card-setup");
        let body = json!({ "orderSecret": secret });
        let setup =
            self.step("POST /api/hardware-orders/{id}/card-setup", Method::POST, &path, Some(body), &from).await?;
        let method = self.confirm_card(stand_in, setup["clientSecret"].as_str().ok_or("no client secret")?).await?;
        let body = json!({ "order_id": order_id, "order_secret": secret, "payment_method_id": method, "payment_type": "hardware_purchase" });
        let paid = self
            .step(
                "POST /api/create-hardware-payment/",
                Method::POST,
                "/api/create-hardware-payment/",
                Some(body),
                &from,
            )
            .await?;
        if paid["status"] != json!("succeeded") {
            return Err(format!("create-hardware-payment: {paid}"));
        }
        let body = json!({ "paymentIntentId": paid["payment_intent_id"], "orderId": order_id, "orderSecret": secret });
        let done = self
            .step(
                "POST /api/confirm-hardware-payment/",
                Method::POST,
                "/api/confirm-hardware-payment/",
                Some(body),
                &from,
            )
            .await?;
        if done["status"] != json!("confirmed") {
            return Err(format!("confirm-hardware-payment: {done}"));
        }
        Ok(())
    }
}

fn percentile(sorted: &[u32], share: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let index = ((sorted.len() as f64 * share).ceil() as usize).clamp(1, sorted.len()) - 1;
    f64::from(sorted[index]) / 1000.0
}

async fn capacity(base: &str, seconds: u64) -> Result<(), Error> {
    let load = Load::new(base)?;
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let workers: Vec<_> = (0..64)
        .map(|_| {
            let load = load.clone();
            tokio::spawn(async move {
                while Instant::now() < deadline {
                    load.clone().one_of_the_mix().await;
                }
            })
        })
        .collect();
    for worker in workers {
        worker.await?;
    }
    let answered: usize = load.tally.lock().unwrap().latencies.values().map(Vec::len).sum();
    println!("{:.0}", answered as f64 / seconds as f64);
    Ok(())
}

async fn run(base: &str, stand_in: &str, rate: f64, seconds: u64) -> Result<(), Error> {
    let load = Load::new(base)?;
    let in_flight = Arc::new(Semaphore::new(512));
    let mut skipped = 0u64;
    let started = Instant::now();
    let deadline = started + Duration::from_secs(seconds);
    let mut tick = tokio::time::interval(Duration::from_millis(5));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Burst);
    let (mut sent, mut service, mut hardware) = (0u64, 0u64, 0u64);
    let mut tasks = tokio::task::JoinSet::new();
    while Instant::now() < deadline {
        tick.tick().await;
        let elapsed = started.elapsed().as_secs_f64();
        // Open loop: whatever the answers' speed, the mix is sent at `rate`.
        while (sent as f64) < elapsed * rate {
            sent += 1;
            match in_flight.clone().try_acquire_owned() {
                Ok(permit) => {
                    let load = load.clone();
                    tasks.spawn(async move {
                        load.one_of_the_mix().await;
                        drop(permit);
                    });
                }
                Err(_) => skipped += 1,
            }
        }
        // 10 service checkouts and 5 hardware checkouts a minute.
        if (service as f64) < elapsed / 6.0 {
            service += 1;
            tasks.spawn(load.clone().service_checkout(stand_in.to_string(), service));
        }
        if (hardware as f64) < elapsed / 12.0 {
            hardware += 1;
            tasks.spawn(load.clone().hardware_checkout(stand_in.to_string(), hardware));
        }
        while tasks.try_join_next().is_some() {}
    }
    while tasks.join_next().await.is_some() {}

    let tally = std::mem::take(&mut *load.tally.lock().unwrap());
    let mut routes = serde_json::Map::new();
    let mut server_errors = 0;
    for (route, mut latencies) in tally.latencies {
        latencies.sort_unstable();
        let statuses = tally.statuses.get(route).cloned().unwrap_or_default();
        server_errors += statuses.iter().filter(|(status, _)| **status >= 500).map(|(_, n)| n).sum::<u64>();
        routes.insert(
            route.to_string(),
            json!({
                "answers": latencies.len(),
                "p50_ms": percentile(&latencies, 0.50),
                "p99_ms": percentile(&latencies, 0.99),
                "statuses": statuses.iter().map(|(s, n)| (s.to_string(), json!(n))).collect::<serde_json::Map<_, _>>(),
            }),
        );
    }
    let report = json!({
        "seconds": started.elapsed().as_secs_f64().round(),
        "rate": rate,
        "sent": sent,
        "skipped_over_512_in_flight": skipped,
        "no_answer": tally.failed,
        "server_errors": server_errors,
        "routes": routes,
        "carts_created": load.carts_created.load(Ordering::Relaxed),
        "packages_chosen": load.packages_chosen.load(Ordering::Relaxed),
        "page_views_answered": load.page_views_sent.load(Ordering::Relaxed),
        "service_checkouts": { "completed": load.service_done.load(Ordering::Relaxed), "failed": load.service_failed.load(Ordering::Relaxed) },
        "hardware_checkouts": { "confirmed": load.hardware_done.load(Ordering::Relaxed), "failed": load.hardware_failed.load(Ordering::Relaxed) },
        "checkout_errors": *load.checkout_errors.lock().unwrap(),
    });
    println!("{}", serde_json::to_string_pretty(&report)?);
    Ok(())
}

#[tokio::main]
async fn main() -> Result<(), Error> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: soak capacity URL SECONDS | soak run URL STAND_IN RATE SECONDS";
    match args.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        ["capacity", base, seconds] => capacity(base, seconds.parse()?).await,
        ["run", base, stand_in, rate, seconds] => run(base, stand_in, rate.parse()?, seconds.parse()?).await,
        _ => Err(usage.into()),
    }
}
