//! Read models of the hardware catalogue: the item view (the public catalogue and the
//! admin list are built from it) and the audit log of who changed what.

use aggregates::hardware_item::{FieldChange, HardwareEvent, HardwareItem};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use cqrs_es::{Aggregate, EventEnvelope, Query, View};
use serde::{Deserialize, Serialize};
use sqlx::PgPool;

use crate::catch_up::SequencedView;

pub const HARDWARE_VIEW_TABLE: &str = "hardware_view";

/// One item as its events left it, with when it was created and last changed.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct HardwareView {
    pub item: HardwareItem,
    pub created_at: Option<DateTime<Utc>>,
    pub updated_at: Option<DateTime<Utc>>,
    pub last_sequence: usize,
}

impl View<HardwareItem> for HardwareView {
    fn update(&mut self, event: &EventEnvelope<HardwareItem>) {
        let at = event.payload.stamp().at;
        if matches!(event.payload, HardwareEvent::ItemCreated { .. }) {
            self.created_at = Some(at);
        }
        self.updated_at = Some(at);
        self.item.apply(event.payload.clone());
        self.last_sequence = event.sequence;
    }
}

impl SequencedView<HardwareItem> for HardwareView {
    fn last_sequence(&self) -> usize {
        self.last_sequence
    }
}

/// What an event did, for the audit log, with the field changes it carries.
pub fn audit_entry(event: &HardwareEvent) -> (&'static str, Vec<FieldChange>) {
    let change =
        |field: &str, from: serde_json::Value, to: serde_json::Value| FieldChange { field: field.into(), from, to };
    match event {
        HardwareEvent::ItemCreated { .. } => ("created", Vec::new()),
        HardwareEvent::ItemUpdated { changes, .. } => ("updated", changes.clone()),
        HardwareEvent::StatusChanged { from, to, .. } => {
            ("status changed", vec![change("status", from.as_str().into(), to.as_str().into())])
        }
        HardwareEvent::ItemDeleted { .. } => ("deleted", Vec::new()),
        HardwareEvent::ImageAttached { image, .. } => {
            ("image added", vec![change("images", serde_json::Value::Null, image.filename.clone().into())])
        }
        HardwareEvent::ImageRemoved { image_id, .. } => {
            ("image removed", vec![change("images", image_id.clone().into(), serde_json::Value::Null)])
        }
    }
}

/// One row of the audit log, as an event makes it.
#[derive(Debug, Clone, PartialEq)]
pub struct AuditRecord {
    pub sequence: i64,
    pub actor: String,
    pub at: DateTime<Utc>,
    pub action: &'static str,
    pub item_name: String,
    pub changes: serde_json::Value,
}

/// The name an event gives its item, when it carries one (creation and edits do).
pub fn named_by(event: &HardwareEvent) -> Option<&str> {
    match event {
        HardwareEvent::ItemCreated { fields, .. } | HardwareEvent::ItemUpdated { fields, .. } => Some(&fields.name),
        _ => None,
    }
}

impl AuditRecord {
    /// The row of `event`; `earlier_name` is the name the item's earlier rows carry, used
    /// when the event itself names nothing (status changes, images, deletion).
    pub fn of(event: &EventEnvelope<HardwareItem>, earlier_name: Option<&str>) -> AuditRecord {
        let (action, changes) = audit_entry(&event.payload);
        let stamp = event.payload.stamp();
        AuditRecord {
            sequence: event.sequence as i64,
            actor: stamp.actor.clone(),
            at: stamp.at,
            action,
            item_name: named_by(&event.payload).or(earlier_name).unwrap_or_default().to_string(),
            changes: serde_json::to_value(&changes).unwrap_or_default(),
        }
    }
}

/// Writes one audit row per event; a row already written (same item and sequence) is
/// left alone, so replays and retries never double an entry. The rebuild
/// (`voip-shop rebuild-views`) makes the same rows with [`AuditRecord::of`].
pub struct AuditLogQuery {
    pool: PgPool,
}

impl AuditLogQuery {
    pub fn new(pool: PgPool) -> Self {
        AuditLogQuery { pool }
    }

    async fn record(&self, item_id: &str, event: &EventEnvelope<HardwareItem>) -> Result<(), sqlx::Error> {
        let earlier_name: Option<String> = match named_by(&event.payload) {
            Some(_) => None,
            None => {
                sqlx::query_scalar!(
                    "SELECT item_name FROM hardware_audit WHERE item_id = $1 ORDER BY sequence DESC LIMIT 1",
                    item_id
                )
                .fetch_optional(&self.pool)
                .await?
            }
        };
        let row = AuditRecord::of(event, earlier_name.as_deref());
        sqlx::query!(
            "INSERT INTO hardware_audit (item_id, sequence, actor, at, action, item_name, changes)
             VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (item_id, sequence) DO NOTHING",
            item_id,
            row.sequence,
            &row.actor,
            row.at,
            row.action,
            &row.item_name,
            &row.changes
        )
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}

#[async_trait]
impl Query<HardwareItem> for AuditLogQuery {
    async fn dispatch(&self, item_id: &str, events: &[EventEnvelope<HardwareItem>]) {
        for event in events {
            if let Err(error) = self.record(item_id, event).await {
                tracing::error!(item_id, %error, "audit log write failed; rebuild it from the events");
            }
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditRow {
    pub id: i64,
    pub item_id: String,
    pub item_name: String,
    pub actor: String,
    pub at: DateTime<Utc>,
    pub action: String,
    /// The fields the action changed (stored as JSON).
    #[schema(value_type = Vec<aggregates::hardware_item::FieldChange>)]
    pub changes: serde_json::Value,
}

/// Where a page of the audit log starts: after the entry at (`at`, `id`), newest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AuditCursor {
    pub at: DateTime<Utc>,
    pub id: i64,
}

impl AuditCursor {
    pub fn of(row: &AuditRow) -> AuditCursor {
        AuditCursor { at: row.at, id: row.id }
    }

    /// `MICROSECONDS.ID`: opaque to the staff pages, which hand it back as `before`.
    pub fn encode(&self) -> String {
        format!("{}.{}", self.at.timestamp_micros(), self.id)
    }

    pub fn decode(text: &str) -> Option<AuditCursor> {
        let (micros, id) = text.split_once('.')?;
        let at = DateTime::from_timestamp_micros(micros.parse().ok()?)?;
        Some(AuditCursor { at, id: id.parse().ok()? })
    }
}

/// Up to `limit` entries of the audit log older than `before` (from the newest without it),
/// newest first, optionally for one item or one user. Keyset paging, not OFFSET, and no
/// count: every page costs one index range, on the first page as on the thousandth.
pub async fn audit_page(
    pool: &PgPool,
    item_id: Option<&str>,
    actor: Option<&str>,
    before: Option<AuditCursor>,
    limit: u32,
) -> Result<Vec<AuditRow>, sqlx::Error> {
    // Runtime SQL: only the filters given appear in the statement, so each shape keeps the
    // plan on its own index (a generic plan of `$1 IS NULL OR item_id = $1` would scan).
    let mut conditions = Vec::new();
    if item_id.is_some() {
        conditions.push("item_id = $1");
    }
    if actor.is_some() {
        conditions.push("actor = $2");
    }
    if before.is_some() {
        conditions.push("(at, id) < ($3, $4)");
    }
    let filter = if conditions.is_empty() { String::new() } else { format!("WHERE {}", conditions.join(" AND ")) };
    // Unused parameters are still bound (typed), so every shape takes the same four.
    sqlx::query_as(&format!(
        "SELECT id, item_id, item_name, actor, at, action, changes FROM hardware_audit {filter}
         ORDER BY at DESC, id DESC LIMIT $5"
    ))
    .bind(item_id)
    .bind(actor)
    .bind(before.map(|c| c.at))
    .bind(before.map(|c| c.id))
    .bind(i64::from(limit))
    .fetch_all(pool)
    .await
}

/// Rebuilds the hardware catalogue view (the shop's catalogue and the admin list) from the event store while the live table keeps answering
/// (crate::rebuild).
pub async fn rebuild(
    pool: &sqlx::PgPool,
    reader: &impl crate::events::EventReader,
    watch: &mut dyn crate::rebuild::Watch,
) -> Result<crate::rebuild::Rebuilt, crate::rebuild::RebuildError> {
    crate::rebuild::rebuild(
        pool,
        reader,
        &crate::rebuild::ViewTable::<HardwareItem, HardwareView>::new(HARDWARE_VIEW_TABLE),
        watch,
    )
    .await
}

/// Rebuilds the admin audit log of catalogue changes (crate::rebuild).
pub async fn rebuild_audit_log(
    pool: &sqlx::PgPool,
    reader: &impl crate::events::EventReader,
    watch: &mut dyn crate::rebuild::Watch,
) -> Result<crate::rebuild::Rebuilt, crate::rebuild::RebuildError> {
    crate::rebuild::rebuild(pool, reader, &AuditLog, watch).await
}

/// One item's audit rows so far, and its name as its last event left it (an entry names
/// the item as it was).
#[derive(Default)]
struct AuditRows {
    name: Option<String>,
    rows: Vec<(String, i64, AuditRecord)>,
}

/// The audit log (`hardware_audit`): one row per catalogue event. Rows are matched by
/// (item, sequence), so a row already right keeps its id; in the work table the id is the
/// event's global sequence, and missing rows are inserted in that order.
struct AuditLog;

// The work table is a temporary table that exists only while the rebuild runs
// (crate::rebuild), so the checked macros cannot see it: these queries stay runtime.
#[async_trait]
impl crate::rebuild::ReadModel for AuditLog {
    type A = HardwareItem;
    type Row = (String, i64, AuditRecord);
    type State = AuditRows;

    fn table(&self) -> &'static str {
        "hardware_audit"
    }

    fn work(&self) -> String {
        "hardware_audit_rebuild".to_string()
    }

    fn create_work(&self) -> String {
        "CREATE TEMPORARY TABLE hardware_audit_rebuild (LIKE hardware_audit INCLUDING ALL)".to_string()
    }

    fn apply(&self, state: &mut AuditRows, event: &crate::events::Stored<HardwareItem>) {
        let record = AuditRecord::of(&event.envelope, state.name.as_deref());
        state.name = Some(record.item_name.clone());
        state.rows.push((event.envelope.aggregate_id.clone(), event.global_sequence, record));
    }

    fn rows(&self, _id: &str, state: AuditRows) -> Vec<Self::Row> {
        state.rows
    }

    async fn insert(&self, conn: &mut sqlx::PgConnection, rows: Vec<Self::Row>) -> Result<(), sqlx::Error> {
        for chunk in rows.chunks(crate::rebuild::BATCH) {
            let column = |f: fn(&Self::Row) -> String| chunk.iter().map(f).collect::<Vec<String>>();
            sqlx::query(
                "INSERT INTO hardware_audit_rebuild (id, item_id, sequence, actor, at, action, item_name, changes)
                 OVERRIDING SYSTEM VALUE
                 SELECT * FROM UNNEST($1::bigint[], $2::text[], $3::bigint[], $4::text[], $5::timestamptz[],
                                      $6::text[], $7::text[], $8::jsonb[])",
            )
            .bind(chunk.iter().map(|r| r.1).collect::<Vec<i64>>())
            .bind(column(|r| r.0.clone()))
            .bind(chunk.iter().map(|r| r.2.sequence).collect::<Vec<i64>>())
            .bind(column(|r| r.2.actor.clone()))
            .bind(chunk.iter().map(|r| r.2.at).collect::<Vec<_>>())
            .bind(column(|r| r.2.action.to_string()))
            .bind(column(|r| r.2.item_name.clone()))
            .bind(chunk.iter().map(|r| &r.2.changes).collect::<Vec<_>>())
            .execute(&mut *conn)
            .await?;
        }
        Ok(())
    }

    fn built(&self) -> String {
        "SELECT item_id AS id, max(sequence) AS last FROM hardware_audit_rebuild GROUP BY item_id".to_string()
    }

    fn id_column(&self) -> &'static str {
        "item_id"
    }

    async fn swap(&self, conn: &mut sqlx::PgConnection) -> Result<(u64, u64, u64), sqlx::Error> {
        let deleted = sqlx::query(
            "DELETE FROM hardware_audit a WHERE NOT EXISTS
               (SELECT 1 FROM hardware_audit_rebuild w WHERE (w.item_id, w.sequence) = (a.item_id, a.sequence))",
        )
        .execute(&mut *conn)
        .await?;
        let updated = sqlx::query(
            "UPDATE hardware_audit a
             SET actor = w.actor, at = w.at, action = w.action, item_name = w.item_name, changes = w.changes
             FROM hardware_audit_rebuild w
             WHERE (w.item_id, w.sequence) = (a.item_id, a.sequence)
               AND (a.actor, a.at, a.action, a.item_name, a.changes)
                   IS DISTINCT FROM (w.actor, w.at, w.action, w.item_name, w.changes)",
        )
        .execute(&mut *conn)
        .await?;
        let inserted = sqlx::query(
            "INSERT INTO hardware_audit (item_id, sequence, actor, at, action, item_name, changes)
             SELECT w.item_id, w.sequence, w.actor, w.at, w.action, w.item_name, w.changes
             FROM hardware_audit_rebuild w
             WHERE NOT EXISTS (SELECT 1 FROM hardware_audit a WHERE (a.item_id, a.sequence) = (w.item_id, w.sequence))
             ORDER BY w.id",
        )
        .execute(&mut *conn)
        .await?;
        Ok((deleted.rows_affected(), updated.rows_affected(), inserted.rows_affected()))
    }
}

#[cfg(test)]
mod tests {
    use aggregates::hardware_item::{Brand, HardwareFields, Image, ItemStatus, Stamp};
    use aggregates::pricing::Pence;
    use chrono::TimeZone;

    use super::*;

    fn stamp(minute: u32) -> Stamp {
        Stamp { actor: "ann@example.com".into(), at: Utc.with_ymd_and_hms(2026, 11, 22, 9, minute, 0).unwrap() }
    }

    fn envelope(sequence: usize, payload: HardwareEvent) -> EventEnvelope<HardwareItem> {
        EventEnvelope { aggregate_id: "h1".into(), sequence, payload, metadata: Default::default() }
    }

    /// A view as the hardware_view table held it before the status enum was renamed
    /// `ItemStatus` (the public catalogue filters on it): it reads and writes the same.
    #[test]
    fn a_view_stored_before_the_status_rename_still_reads() {
        let stored = serde_json::json!({ "item": { "exists": true, "fields": {
                "sku": "GRA-GRP2612W", "name": "Grandstream GRP2612W", "brand": "grandstream", "model": "GRP2612W",
                "price": 6400, "specs": { "Screen": "2.4\" colour" }, "features": ["Built-in Wi-Fi"],
                "in_stock": true, "short_desc": "Compact two-line colour phone.", "description": "A small phone.",
                "compatibility": ["SIP 2.0"], "rating_halves": 8, "original_price": null, "gross_weight_grams": 950 },
            "images": [{ "id": "5d79", "url": "/api/hardware-images/5d79", "filename": "grp2612w-front.svg" }],
            "status": "published", "deleted": false },
            "created_at": "2026-11-23T16:28:33.266262362Z", "updated_at": "2026-11-23T16:28:33.339824167Z",
            "last_sequence": 3 });
        let view: HardwareView = serde_json::from_value(stored.clone()).unwrap();
        assert_eq!(view.item.status, ItemStatus::Published);
        assert_eq!(serde_json::to_value(&view).unwrap(), stored);
    }

    #[test]
    fn the_view_follows_the_events_with_its_times() {
        let fields = HardwareFields {
            name: "Cisco 8851".into(),
            brand: Some(Brand::Cisco),
            price: Pence(25000),
            ..HardwareFields::default()
        };
        let mut view = HardwareView::default();
        view.update(&envelope(1, HardwareEvent::ItemCreated { fields, status: ItemStatus::Draft, stamp: stamp(1) }));
        view.update(&envelope(
            2,
            HardwareEvent::StatusChanged { from: ItemStatus::Draft, to: ItemStatus::Published, stamp: stamp(2) },
        ));
        let image = Image { id: "i1".into(), url: "/api/hardware-images/i1".into(), filename: "front.png".into() };
        view.update(&envelope(3, HardwareEvent::ImageAttached { image, stamp: stamp(3) }));
        assert_eq!(view.item.status, ItemStatus::Published);
        assert_eq!(view.item.images.len(), 1);
        assert_eq!(view.created_at, Some(stamp(1).at));
        assert_eq!(view.updated_at, Some(stamp(3).at));
        assert_eq!(view.last_sequence, 3);
    }

    #[test]
    fn an_audit_row_carries_the_name_its_event_gives_or_the_earlier_one() {
        let fields = HardwareFields { name: "Cisco 8851".into(), ..HardwareFields::default() };
        let created = AuditRecord::of(
            &envelope(1, HardwareEvent::ItemCreated { fields, status: ItemStatus::Draft, stamp: stamp(1) }),
            Some("ignored"),
        );
        assert_eq!((created.sequence, created.action, created.item_name.as_str()), (1, "created", "Cisco 8851"));
        assert_eq!((created.actor.as_str(), created.at), ("ann@example.com", stamp(1).at));
        let deleted = AuditRecord::of(&envelope(2, HardwareEvent::ItemDeleted { stamp: stamp(2) }), Some("Cisco 8851"));
        assert_eq!((deleted.action, deleted.item_name.as_str()), ("deleted", "Cisco 8851"));
        assert_eq!(deleted.changes, serde_json::json!([]));
        let orphan = AuditRecord::of(&envelope(3, HardwareEvent::ItemDeleted { stamp: stamp(3) }), None);
        assert_eq!(orphan.item_name, "");
    }

    #[test]
    fn audit_entries_name_the_action_and_changes() {
        let archived =
            HardwareEvent::StatusChanged { from: ItemStatus::Draft, to: ItemStatus::Archived, stamp: stamp(1) };
        let (action, changes) = audit_entry(&archived);
        assert_eq!(action, "status changed");
        assert_eq!(changes[0].field, "status");
        assert_eq!((changes[0].from.as_str(), changes[0].to.as_str()), (Some("draft"), Some("archived")));
        assert_eq!(audit_entry(&HardwareEvent::ItemDeleted { stamp: stamp(2) }).0, "deleted");
    }
}
