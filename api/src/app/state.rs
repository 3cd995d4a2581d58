//! What the handlers share: each aggregate's parts grouped in one field ([`AggregateParts`]:
//! `state.orders.cqrs`, `state.orders.views`, `state.orders.query`), the pool and the services.

use std::sync::Arc;

use aggregates::call_credit::{CallCredit, CallCreditServices};
use aggregates::cart::Cart;
use aggregates::clock::{Clock, SystemClock};
use aggregates::hardware_item::{HardwareItem, HardwareServices};
use aggregates::hardware_order::{HardwareOrder, HardwareOrderServices};
use aggregates::phone_number::{NumberStock, PhoneNumber, PhoneNumberServices};
use aggregates::transfer::{Transfer, TransferServices};
use postgres_es::PostgresViewRepository;
use projections::call_credit::{CallCreditView, CALL_CREDIT_VIEW_TABLE};
use projections::cart::{CartView, CART_VIEW_TABLE};
use projections::catch_up::CatchUpQuery;
use projections::hardware::{AuditLogQuery, HardwareView, HARDWARE_VIEW_TABLE};
use projections::hardware_orders::{HardwareOrderView, HARDWARE_ORDER_VIEW_TABLE};
use projections::inventory::InventoryQuery;
use projections::sip::SipAccountsQuery;
use projections::sip_numbers::SipNumbersQuery;
use sqlx::PgPool;
use store::commands::Cqrs;
use store::event_store::Reader;

use aggregates::quote_request::{QuoteRequest, QuoteRequestServices};
use aggregates::service_order::{ServiceOrder, ServiceOrderServices};
use aggregates::trial::{Trial, TrialServices};
use projections::orders::{OrderView, ORDER_VIEW_TABLE};
use projections::quotes::{QuoteRequestView, QUOTE_REQUEST_VIEW_TABLE};
use projections::transfers::{TransferView, TRANSFER_VIEW_TABLE};
use projections::trials::{TrialView, TRIAL_VIEW_TABLE};

use crate::adapters::stripe::Stripe;
use crate::app::checkout::gateway::PaymentGateway;
use crate::app::public_reads::Part;
use crate::platform::config::Config;

pub type CartViews = PostgresViewRepository<CartView, Cart>;
pub type HardwareViews = PostgresViewRepository<HardwareView, HardwareItem>;
pub type OrderViews = PostgresViewRepository<OrderView, ServiceOrder>;
pub type TransferViews = PostgresViewRepository<TransferView, Transfer>;
pub type CallCreditViews = PostgresViewRepository<CallCreditView, CallCredit>;
/// The order view's live query, reading a stream through the store's one reader when it finds a gap.
pub type OrderViewQuery = CatchUpQuery<Reader, OrderViews, OrderView, ServiceOrder>;
pub type HardwareOrderViews = PostgresViewRepository<HardwareOrderView, HardwareOrder>;
pub type HardwareOrderViewQuery = CatchUpQuery<Reader, HardwareOrderViews, HardwareOrderView, HardwareOrder>;
pub type TrialViews = PostgresViewRepository<TrialView, Trial>;
pub type TrialViewQuery = CatchUpQuery<Reader, TrialViews, TrialView, Trial>;
pub type QuoteRequestViews = PostgresViewRepository<QuoteRequestView, QuoteRequest>;
pub type QuoteRequestViewQuery = CatchUpQuery<Reader, QuoteRequestViews, QuoteRequestView, QuoteRequest>;

/// The outside services the checkout talks to, from the configuration.
pub struct Services {
    pub config: Config,
    /// The payment provider: Stripe (or its local stand-in), a fake in some tests.
    pub gateway: Arc<dyn PaymentGateway>,
    pub http: reqwest::Client,
    /// How many locked steps (crate::app::locks) may run at once: each may use up to three
    /// pooled connections (its lock, a transaction, an event write), and the rest of the
    /// pool must stay free for every other page.
    pub step_slots: Arc<tokio::sync::Semaphore>,
}

impl Services {
    pub fn from_config(config: &Config) -> Result<Services, String> {
        let http = reqwest::Client::builder()
            .timeout(std::time::Duration::from_secs(10))
            .build()
            .map_err(|e| e.to_string())?;
        let stripe = Stripe::new(&config.payments.secret_key, &config.payments.api_base)?;
        let slots = (config.database_max_connections.saturating_sub(2) / 3).max(1) as usize;
        let gateway: Arc<dyn PaymentGateway> = Arc::new(stripe);
        Ok(Services { config: config.clone(), gateway, http, step_slots: Arc::new(tokio::sync::Semaphore::new(slots)) })
    }
}

/// What every handler reaches, behind one `Arc`: axum clones the state for each request
/// (and each layer that takes it), and cloning a struct of twenty-odd `Arc`s was a sixth of
/// the server's time on GET /api/hardware/ (issue 15's profile): twenty atomic counts on
/// cache lines both cores share, up and down again per request.
#[derive(Clone)]
pub struct AppState(Arc<Shared>);

impl std::ops::Deref for AppState {
    type Target = Shared;

    fn deref(&self) -> &Shared {
        &self.0
    }
}

/// One aggregate's parts in the state: its command side (`cqrs`), its view repository
/// (`views`) and the catch-up query that keeps that view in step (`query`, the same one the
/// command side dispatches its events to). A part an aggregate lacks is `()`: the phone
/// numbers have only their command side, and views written by the command side itself
/// (carts, transfers, call credits: `with_view`) or by a query only the command side holds
/// (the hardware catalogue) have no `query` here.
pub struct AggregateParts<A: cqrs_es::Aggregate, V = (), Q = ()> {
    pub cqrs: Arc<Cqrs<A>>,
    pub views: Arc<V>,
    pub query: Arc<Q>,
}

// By hand: a derived Clone would ask the aggregate, the views and the query to be Clone,
// where only their `Arc`s are cloned.
impl<A: cqrs_es::Aggregate, V, Q> Clone for AggregateParts<A, V, Q> {
    fn clone(&self) -> Self {
        AggregateParts { cqrs: self.cqrs.clone(), views: self.views.clone(), query: self.query.clone() }
    }
}

#[derive(Clone)]
pub struct Shared {
    pub pool: PgPool,
    pub carts: AggregateParts<Cart, CartViews>,
    pub numbers: AggregateParts<PhoneNumber>,
    pub hardware: AggregateParts<HardwareItem, HardwareViews>,
    pub orders: AggregateParts<ServiceOrder, OrderViews, OrderViewQuery>,
    /// The number transfers of paid orders, one aggregate per number (crate::app::transfers).
    pub transfers: AggregateParts<Transfer, TransferViews>,
    /// The call credit of Pay As You Go orders, one aggregate per order
    /// (crate::app::call_credit), and its balance view; its events' rows (each call charged
    /// or refused, once, and each notice) are written with them (projections::call_credit).
    pub call_credits: AggregateParts<CallCredit, CallCreditViews>,
    pub hardware_orders: AggregateParts<HardwareOrder, HardwareOrderViews, HardwareOrderViewQuery>,
    pub trials: AggregateParts<Trial, TrialViews, TrialViewQuery>,
    pub quote_requests: AggregateParts<QuoteRequest, QuoteRequestViews, QuoteRequestViewQuery>,
    pub services: Arc<Services>,
    /// The time the jobs go by (a moved clock in tests).
    pub clock: Arc<dyn Clock>,
    /// Where page views go to be written in batches (crate::app::analytics); dropped unless the
    /// server started its writer.
    pub page_views: crate::app::analytics::PageViewQueue,
    /// The public catalogue's answers kept in memory (crate::app::public_reads).
    pub public_reads: crate::app::public_reads::PublicReads,
    /// The web app's renderer of the live pages (crate::http::live_pages), once the server started it.
    pub renderer: Option<crate::adapters::renderer::Renderer>,
    /// Connections of the number search alone (see [`search_pool`]).
    pub search_pool: PgPool,
}

impl AppState {
    pub fn new(pool: PgPool) -> AppState {
        AppState::with_clock(pool, Arc::new(SystemClock))
    }

    pub fn with_clock(pool: PgPool, clock: Arc<dyn Clock>) -> AppState {
        let cart_views = Arc::new(CartViews::new(CART_VIEW_TABLE, pool.clone()));
        let carts = Cqrs::new(&pool, vec![], ()).with_view::<CartView>().keeping(KEPT_CARTS);
        let public_reads = crate::app::public_reads::PublicReads::default();
        let numbers = Cqrs::new(
            &pool,
            vec![Box::new(InventoryQuery::new(pool.clone())), Box::new(public_reads.invalidator(Part::FreeNumbers))],
            PhoneNumberServices { stock: Arc::new(PgStock(pool.clone())), clock: clock.clone() },
        );
        let hardware_views = Arc::new(HardwareViews::new(HARDWARE_VIEW_TABLE, pool.clone()));
        let hardware_view_query = CatchUpQuery::new(&pool, Reader, hardware_views.clone());
        let hardware = Cqrs::new(
            &pool,
            vec![
                Box::new(hardware_view_query),
                Box::new(public_reads.invalidator(Part::Hardware)),
                Box::new(AuditLogQuery::new(pool.clone())),
            ],
            HardwareServices { clock: clock.clone() },
        );
        let order_views = Arc::new(OrderViews::new(ORDER_VIEW_TABLE, pool.clone()));
        let order_view_query = Arc::new(CatchUpQuery::new(&pool, Reader, order_views.clone()));
        let orders = Cqrs::new(
            &pool,
            vec![
                Box::new(SharedQuery(order_view_query.clone())),
                Box::new(SipAccountsQuery::new(pool.clone())),
                Box::new(SipNumbersQuery::new(pool.clone(), Reader)),
            ],
            ServiceOrderServices { clock: clock.clone() },
        )
        .starting(crate::app::workflows::triggers::service_order_started_by);
        let transfer_views = Arc::new(TransferViews::new(TRANSFER_VIEW_TABLE, pool.clone()));
        let transfers = Cqrs::new(
            &pool,
            vec![Box::new(SipNumbersQuery::new(pool.clone(), Reader))],
            TransferServices { clock: clock.clone() },
        )
        .with_view::<TransferView>()
        .starting(crate::app::workflows::triggers::transfer_started_by);
        let call_credit_views = Arc::new(CallCreditViews::new(CALL_CREDIT_VIEW_TABLE, pool.clone()));
        let call_credits = Cqrs::new(&pool, vec![], CallCreditServices { clock: clock.clone() })
            .with_view::<CallCreditView>()
            .with_rows(projections::call_credit::derived_rows);
        let hardware_order_views = Arc::new(HardwareOrderViews::new(HARDWARE_ORDER_VIEW_TABLE, pool.clone()));
        let hardware_order_view_query = Arc::new(CatchUpQuery::new(&pool, Reader, hardware_order_views.clone()));
        let hardware_orders = Cqrs::new(
            &pool,
            vec![Box::new(SharedQuery(hardware_order_view_query.clone()))],
            HardwareOrderServices { clock: clock.clone() },
        )
        .starting(crate::app::workflows::triggers::hardware_order_started_by);
        let trial_views = Arc::new(TrialViews::new(TRIAL_VIEW_TABLE, pool.clone()));
        let trial_view_query = Arc::new(CatchUpQuery::new(&pool, Reader, trial_views.clone()));
        let trials = Cqrs::new(
            &pool,
            vec![
                Box::new(SharedQuery(trial_view_query.clone())),
                Box::new(SipAccountsQuery::new(pool.clone())),
                Box::new(SipNumbersQuery::new(pool.clone(), Reader)),
            ],
            TrialServices { clock: clock.clone() },
        )
        .starting(crate::app::workflows::triggers::trial_started_by);
        let quote_request_views = Arc::new(QuoteRequestViews::new(QUOTE_REQUEST_VIEW_TABLE, pool.clone()));
        let quote_request_view_query = Arc::new(CatchUpQuery::new(&pool, Reader, quote_request_views.clone()));
        let quote_requests = Cqrs::new(
            &pool,
            vec![Box::new(SharedQuery(quote_request_view_query.clone()))],
            QuoteRequestServices { clock: clock.clone() },
        );
        let defaults = Config::from_env().unwrap_or_else(|_| Config::development());
        AppState(Arc::new(Shared {
            search_pool: search_pool(&pool),
            clock,
            page_views: crate::app::analytics::PageViewQueue::default(),
            public_reads,
            renderer: None,
            carts: AggregateParts { cqrs: Arc::new(carts), views: cart_views, query: Arc::default() },
            numbers: AggregateParts { cqrs: Arc::new(numbers), views: Arc::default(), query: Arc::default() },
            hardware: AggregateParts { cqrs: Arc::new(hardware), views: hardware_views, query: Arc::default() },
            orders: AggregateParts { cqrs: Arc::new(orders), views: order_views, query: order_view_query },
            transfers: AggregateParts { cqrs: Arc::new(transfers), views: transfer_views, query: Arc::default() },
            call_credits: AggregateParts {
                cqrs: Arc::new(call_credits),
                views: call_credit_views,
                query: Arc::default(),
            },
            hardware_orders: AggregateParts {
                cqrs: Arc::new(hardware_orders),
                views: hardware_order_views,
                query: hardware_order_view_query,
            },
            trials: AggregateParts { cqrs: Arc::new(trials), views: trial_views, query: trial_view_query },
            quote_requests: AggregateParts {
                cqrs: Arc::new(quote_requests),
                views: quote_request_views,
                query: quote_request_view_query,
            },
            services: Arc::new(Services::from_config(&defaults).expect("the default services build")),
            pool,
        }))
    }

    /// The state's parts, to change one while setting the server up (a copy if the state
    /// is already shared).
    pub fn parts_mut(&mut self) -> &mut Shared {
        Arc::make_mut(&mut self.0)
    }
}

/// The number search's own few connections, which plan its statements once
/// (`plan_cache_mode = force_generic_plan`). Left to choose, PostgreSQL plans each search
/// afresh: its estimate of the generic plan is poor, so it keeps the custom one, and
/// planning took 0.18 ms of each 0.25 ms search at a million numbers, where the generic
/// plan runs the same index range in 0.11 ms with no planning (issue 15's profile). Only
/// here: statements whose plan depends on the values given (a LIKE prefix) need custom
/// plans, and the rest of the pool keeps them.
fn search_pool(pool: &PgPool) -> PgPool {
    let options = (*pool.connect_options()).clone().options([("plan_cache_mode", "force_generic_plan")]);
    sqlx::postgres::PgPoolOptions::new().max_connections(SEARCH_CONNECTIONS).connect_lazy_with(options)
}

/// Carts whose state each server keeps in memory after their last command (about 1 KB
/// each), so the next command on one starts without reading it (store::commands::Cqrs).
const KEPT_CARTS: usize = 20_000;

/// Enough to keep both cores of the database busy with searches; more would only queue
/// inside PostgreSQL instead of here.
const SEARCH_CONNECTIONS: u32 = 4;

/// The stock the PhoneNumber aggregate checks against: the inventory table.
struct PgStock(PgPool);

#[async_trait::async_trait]
impl NumberStock for PgStock {
    async fn in_stock(&self, value: &str) -> bool {
        match projections::inventory::in_stock(&self.0, value).await {
            Ok(found) => found,
            Err(error) => {
                tracing::error!(%error, "stock lookup failed");
                false
            }
        }
    }
}

impl AppState {
    /// The same state talking to the services of `config`.
    pub fn with_services(mut self, services: Services) -> AppState {
        self.parts_mut().services = Arc::new(services);
        self
    }
}

/// An aggregate as its stored events make it, with the sequence of its last event (a new
/// aggregate, with no events, when there are none).
pub async fn load<A: cqrs_es::Aggregate>(
    pool: &PgPool,
    id: &str,
) -> Result<(A, usize), crate::platform::error::ApiError> {
    store::commands::load::<A>(pool, id).await.map_err(crate::platform::error::ApiError::unexpected)
}

/// Lets the command side and the state ([`AggregateParts::query`]) share one query.
struct SharedQuery<Q>(Arc<Q>);

#[async_trait::async_trait]
impl<A: cqrs_es::Aggregate, Q: cqrs_es::Query<A>> cqrs_es::Query<A> for SharedQuery<Q> {
    async fn dispatch(&self, id: &str, events: &[cqrs_es::EventEnvelope<A>]) {
        self.0.dispatch(id, events).await;
    }
}

/// What filling area-code placeholders needs of the state.
pub fn placeholders(state: &AppState, context: store::commands::Context) -> jobs::placeholders::Placeholders<'_> {
    jobs::placeholders::Placeholders {
        pool: &state.pool,
        orders: &state.orders.cqrs,
        numbers: &state.numbers.cqrs,
        context,
    }
}
