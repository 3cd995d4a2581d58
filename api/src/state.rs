//! What the handlers share: the CQRS frameworks, the view repositories, the pool.

use std::sync::Arc;

use aggregates::cart::Cart;
use aggregates::clock::{Clock, SystemClock};
use aggregates::hardware::{HardwareItem, HardwareServices};
use aggregates::phone_number::{NumberStock, PhoneNumber, PhoneNumberServices};
use postgres_es::{PostgresCqrs, PostgresEventRepository, PostgresViewRepository};
use projections::cart::{CartView, CART_VIEW_TABLE};
use projections::catch_up::CatchUpQuery;
use projections::hardware::{AuditLogQuery, HardwareView, HARDWARE_VIEW_TABLE};
use projections::inventory::InventoryQuery;
use sqlx::PgPool;

use cqrs_es::persist::PersistedEventStore;
use cqrs_es::CqrsFramework;

pub type CartViews = PostgresViewRepository<CartView, Cart>;
pub type CartStore = PersistedEventStore<PostgresEventRepository, Cart>;
pub type CartViewQuery = CatchUpQuery<CartStore, CartViews, CartView, Cart>;
pub type HardwareViews = PostgresViewRepository<HardwareView, HardwareItem>;
pub type HardwareStore = PersistedEventStore<PostgresEventRepository, HardwareItem>;

#[derive(Clone)]
pub struct AppState {
    pub pool: PgPool,
    pub carts: Arc<PostgresCqrs<Cart>>,
    pub cart_views: Arc<CartViews>,
    pub cart_view_query: Arc<CartViewQuery>,
    pub numbers: Arc<PostgresCqrs<PhoneNumber>>,
    pub hardware: Arc<PostgresCqrs<HardwareItem>>,
    pub hardware_views: Arc<HardwareViews>,
}

impl AppState {
    pub fn new(pool: PgPool) -> AppState {
        AppState::with_clock(pool, Arc::new(SystemClock))
    }

    pub fn with_clock(pool: PgPool, clock: Arc<dyn Clock>) -> AppState {
        let cart_views = Arc::new(CartViews::new(CART_VIEW_TABLE, pool.clone()));
        let cart_view_query = Arc::new(CatchUpQuery::new(Arc::new(cart_store(&pool)), cart_views.clone()));
        let carts = CqrsFramework::new(cart_store(&pool), vec![Box::new(SharedQuery(cart_view_query.clone()))], ());
        let numbers = postgres_es::postgres_cqrs(
            pool.clone(),
            vec![Box::new(InventoryQuery::new(pool.clone()))],
            PhoneNumberServices { stock: Arc::new(PgStock(pool.clone())), clock: clock.clone() },
        );
        let hardware_views = Arc::new(HardwareViews::new(HARDWARE_VIEW_TABLE, pool.clone()));
        let hardware_store = PersistedEventStore::new_event_store(PostgresEventRepository::new(pool.clone()));
        let hardware_view_query = CatchUpQuery::new(Arc::new(hardware_store), hardware_views.clone());
        let hardware = CqrsFramework::new(
            PersistedEventStore::new_event_store(PostgresEventRepository::new(pool.clone())),
            vec![Box::new(hardware_view_query), Box::new(AuditLogQuery::new(pool.clone()))],
            HardwareServices { clock },
        );
        AppState {
            pool,
            carts: Arc::new(carts),
            cart_views,
            cart_view_query,
            numbers: Arc::new(numbers),
            hardware: Arc::new(hardware),
            hardware_views,
        }
    }
}

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

pub fn cart_store(pool: &PgPool) -> CartStore {
    PersistedEventStore::new_event_store(PostgresEventRepository::new(pool.clone()))
}

/// Lets the framework and the rebuild command share one query.
struct SharedQuery<Q>(Arc<Q>);

#[async_trait::async_trait]
impl<A: cqrs_es::Aggregate, Q: cqrs_es::Query<A>> cqrs_es::Query<A> for SharedQuery<Q> {
    async fn dispatch(&self, id: &str, events: &[cqrs_es::EventEnvelope<A>]) {
        self.0.dispatch(id, events).await;
    }
}
