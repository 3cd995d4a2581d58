//! The number inventory: the stock we sell, its search, and its state as the PhoneNumber
//! events leave it (available, reserved for a cart until a time, assigned).

use aggregates::numbers::uk_number_type;
use aggregates::phone_number::{PhoneNumber, PhoneNumberEvent};
use aggregates::pricing::{number_price, NumberPrice, NumberType, Plan};
use async_trait::async_trait;
use chrono::{DateTime, Utc};
use cqrs_es::{EventEnvelope, Query};
use serde::Serialize;
use sqlx::PgPool;

/// The countries we sell numbers in: code, calling code, whether the national form has a
/// trunk 0 that the international form drops.
pub const COUNTRIES: [(&str, &str, bool); 8] = [
    ("GB", "44", true),
    ("US", "1", false),
    ("CA", "1", false),
    ("FR", "33", true),
    ("DE", "49", true),
    ("ES", "34", false),
    ("IT", "39", false),
    ("IE", "353", true),
];

pub fn country(code: &str) -> Option<(&'static str, &'static str, bool)> {
    COUNTRIES.iter().copied().find(|(c, _, _)| *c == code)
}

/// One number of the stock.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StockNumber {
    pub value: String,
    pub country: String,
    pub number_type: NumberType,
    pub area_code: String,
    pub national: String,
    pub free_trial: bool,
    pub demo: bool,
}

impl StockNumber {
    /// From the national form (`01614960000`, `2125550100`): the E.164 digits follow.
    pub fn new(country_code: &str, national: &str, number_type: NumberType, area_code: &str) -> Result<Self, String> {
        let (code, calling, trunk) =
            country(country_code).ok_or_else(|| format!("unknown country {country_code:?}"))?;
        if !national.chars().all(|c| c.is_ascii_digit()) || !(6..=13).contains(&national.len()) {
            return Err(format!("{national:?} is not a national number of 6 to 13 digits"));
        }
        let significant = if trunk {
            national.strip_prefix('0').ok_or_else(|| format!("{national:?} should start with the trunk 0"))?
        } else {
            national
        };
        if area_code.is_empty() || !national.starts_with(area_code) && !significant.starts_with(area_code) {
            return Err(format!("{national:?} does not start with its area code {area_code:?}"));
        }
        if code == "GB" && uk_number_type(national) != Some(number_type) {
            return Err(format!("{national:?} is not a UK {} number we sell", number_type.as_str()));
        }
        Ok(StockNumber {
            value: format!("{calling}{significant}"),
            country: code.to_string(),
            number_type,
            area_code: area_code.to_string(),
            national: national.to_string(),
            free_trial: false,
            demo: false,
        })
    }
}

/// How numbers are written on the site (docs/product-rules.md, Numbers and reservations): 020 numbers 3-4-4, 01 and 07
/// numbers 5-6, 08 (and 03) numbers 4-3-4; abroad, the calling code then the number.
pub fn display(country_code: &str, national: &str) -> String {
    let n = national;
    if country_code == "GB" && n.len() == 11 {
        return if n.starts_with("02") {
            format!("{} {} {}", &n[..3], &n[3..7], &n[7..])
        } else if n.starts_with("01") || n.starts_with("07") {
            format!("{} {}", &n[..5], &n[5..])
        } else {
            format!("{} {} {}", &n[..4], &n[4..7], &n[7..])
        };
    }
    match country(country_code) {
        Some((_, "1", _)) if n.len() == 10 => format!("+1 {}-{}-{}", &n[..3], &n[3..6], &n[6..]),
        Some((_, calling, true)) => format!("+{calling} {}", n.strip_prefix('0').unwrap_or(n)),
        Some((_, calling, false)) => format!("+{calling} {n}"),
        None => n.to_string(),
    }
}

/// The demo stock seeded into an empty inventory: only ranges regulators keep for drama
/// and fiction (Ofcom's UK drama ranges, 555-01xx in North America); other countries get
/// a demo range marked `demo` that must be replaced by real stock before selling there.
pub fn demo_stock() -> Vec<StockNumber> {
    use NumberType::*;
    // (country, national prefix, digits to add, first, count, type, area code)
    let ranges: &[(&str, &str, usize, u32, u32, NumberType, &str)] = &[
        ("GB", "0207946", 4, 0, 1000, Geographic, "020"),
        ("GB", "0113496", 4, 0, 1000, Geographic, "0113"),
        ("GB", "0114496", 4, 0, 1000, Geographic, "0114"),
        ("GB", "0115496", 4, 0, 1000, Geographic, "0115"),
        ("GB", "0116496", 4, 0, 1000, Geographic, "0116"),
        ("GB", "0117496", 4, 0, 1000, Geographic, "0117"),
        ("GB", "0118496", 4, 0, 1000, Geographic, "0118"),
        ("GB", "0121496", 4, 0, 1000, Geographic, "0121"),
        ("GB", "0131496", 4, 0, 1000, Geographic, "0131"),
        ("GB", "0141496", 4, 0, 1000, Geographic, "0141"),
        ("GB", "0151496", 4, 0, 1000, Geographic, "0151"),
        ("GB", "0161496", 4, 0, 1000, Geographic, "0161"),
        ("GB", "0191498", 4, 0, 1000, Geographic, "0191"),
        ("GB", "0292018", 4, 0, 1000, Geographic, "029"),
        ("GB", "0289649", 4, 6000, 1000, Geographic, "028"),
        ("GB", "01632960", 3, 0, 1000, Geographic, "01632"),
        ("GB", "07700900", 3, 0, 1000, Mobile, "07700"),
        ("GB", "08081570", 3, 0, 1000, Freephone, "0808"),
        ("GB", "03069990", 3, 0, 1000, National, "0306"),
        ("US", "2125550", 3, 100, 100, Geographic, "212"),
        ("US", "4155550", 3, 100, 100, Geographic, "415"),
        ("US", "3125550", 3, 100, 100, Geographic, "312"),
        ("US", "8005550", 3, 100, 100, Freephone, "800"),
        ("CA", "4165550", 3, 100, 100, Geographic, "416"),
        ("CA", "6045550", 3, 100, 100, Geographic, "604"),
        ("FR", "0199000", 3, 0, 100, Geographic, "1"),
        ("FR", "0465710", 3, 0, 100, Geographic, "4"),
        ("FR", "0800990", 3, 0, 100, Freephone, "800"),
        ("DE", "03023125", 3, 0, 100, Geographic, "30"),
        ("DE", "08999998", 3, 0, 100, Geographic, "89"),
        ("ES", "9100000", 2, 0, 100, Geographic, "91"),
        ("IT", "0600000", 3, 0, 100, Geographic, "06"),
        ("IE", "015550", 3, 0, 100, Geographic, "1"),
    ];
    let mut stock = Vec::new();
    for &(country, prefix, digits, first, count, kind, area) in ranges {
        for n in first..first + count {
            let national = format!("{prefix}{n:0digits$}");
            let mut number = StockNumber::new(country, &national, kind, area).expect("the demo ranges are valid");
            // Outside the UK and North America no fiction range is published.
            number.demo = !matches!(country, "GB" | "US" | "CA");
            // 01632 960000-960049 ("no area" drama numbers) are the free-trial pool.
            number.free_trial = prefix == "01632960" && n < 50;
            stock.push(number);
        }
    }
    stock
}

/// Adds numbers to the stock; numbers already there are left as they are. Returns how
/// many were new.
pub async fn add_stock(pool: &PgPool, numbers: &[StockNumber]) -> Result<u64, sqlx::Error> {
    let mut added = 0;
    for chunk in numbers.chunks(5000) {
        let column = |f: fn(&StockNumber) -> String| chunk.iter().map(f).collect::<Vec<String>>();
        let result = sqlx::query!(
            "INSERT INTO number_inventory (value, country, number_type, area_code, national, free_trial, demo)
             SELECT * FROM UNNEST($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::bool[], $7::bool[])
             ON CONFLICT (value) DO NOTHING",
            &column(|n| n.value.clone()),
            &column(|n| n.country.clone()),
            &column(|n| n.number_type.as_str().to_string()),
            &column(|n| n.area_code.clone()),
            &column(|n| n.national.clone()),
            &chunk.iter().map(|n| n.free_trial).collect::<Vec<bool>>(),
            &chunk.iter().map(|n| n.demo).collect::<Vec<bool>>()
        )
        .execute(pool)
        .await?;
        added += result.rows_affected();
    }
    Ok(added)
}

/// Seeds the demo stock when the inventory is empty (the first start).
pub async fn seed_if_empty(pool: &PgPool) -> Result<u64, sqlx::Error> {
    let any: bool =
        sqlx::query_scalar!(r#"SELECT EXISTS (SELECT 1 FROM number_inventory) AS "exists!""#).fetch_one(pool).await?;
    if any {
        return Ok(0);
    }
    add_stock(pool, &demo_stock()).await
}

/// Whether a number is in the stock.
pub async fn in_stock(pool: &PgPool, value: &str) -> Result<bool, sqlx::Error> {
    sqlx::query_scalar!(r#"SELECT EXISTS (SELECT 1 FROM number_inventory WHERE value = $1) AS "exists!""#, value)
        .fetch_one(pool)
        .await
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct StockRow {
    pub value: String,
    pub country: String,
    pub number_type: String,
    pub area_code: String,
    pub national: String,
    pub demo: bool,
}

impl StockRow {
    pub fn kind(&self) -> NumberType {
        NumberType::parse(&self.number_type).unwrap_or(NumberType::Geographic)
    }

    pub fn display(&self) -> String {
        display(&self.country, &self.national)
    }

    /// Its price for a cart with `plan` holding `held` numbers (aggregates::pricing::number_price):
    /// the place it would take is the next one.
    pub fn price_for(&self, plan: Option<Plan>, held: usize) -> NumberPrice {
        number_price(&self.country, self.kind(), plan, held)
    }
}

/// A number of the free-trial pool, whatever its status now.
pub async fn find_free_trial(pool: &PgPool, value: &str) -> Result<Option<StockRow>, sqlx::Error> {
    sqlx::query_as!(
        StockRow,
        "SELECT value, country, number_type, area_code, national, demo FROM number_inventory
         WHERE value = $1 AND free_trial",
        value
    )
    .fetch_optional(pool)
    .await
}

pub async fn find(pool: &PgPool, value: &str) -> Result<Option<StockRow>, sqlx::Error> {
    sqlx::query_as!(
        StockRow,
        "SELECT value, country, number_type, area_code, national, demo FROM number_inventory WHERE value = $1",
        value
    )
    .fetch_optional(pool)
    .await
}

/// A few available numbers of the same kind in the same area code as `value` (a lost
/// number's replacement), first in the national order.
pub async fn available_like(pool: &PgPool, value: &str, limit: i64) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar!(
        "SELECT n.value FROM number_inventory n JOIN number_inventory lost ON lost.value = $1
          WHERE n.country = lost.country AND n.area_code = lost.area_code AND n.number_type = lost.number_type
            AND n.status = 'available' AND NOT n.free_trial
          ORDER BY n.national LIMIT $2",
        value,
        limit
    )
    .fetch_all(pool)
    .await
}

/// A search of the available stock.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Search {
    pub country: String,
    pub number_type: Option<NumberType>,
    /// GB: the start of the national number; elsewhere the exact area code.
    pub area_code: Option<String>,
    /// The start of the national number (GB mobiles: 07, 077...).
    pub national_prefix: Option<String>,
    pub page: u32,
    pub per_page: u32,
    /// Keyset paging: the page starts after this national number (the last of the page
    /// before), so it stays in place while numbers are added or taken before it. Without
    /// it, `page` skips the pages before (OFFSET: kept for older callers).
    pub after: Option<String>,
}

pub struct SearchPage {
    pub numbers: Vec<StockRow>,
    pub total: i64,
}

/// A page row with the search's total (the total alone when the page is empty).
#[derive(sqlx::FromRow)]
struct SearchRow {
    total: i64,
    value: Option<String>,
    country: Option<String>,
    number_type: Option<String>,
    area_code: Option<String>,
    national: Option<String>,
    demo: Option<bool>,
}

/// The search's one statement, one per shape of filter (with or without a type, with or
/// without an exact area code): each shape is its own prepared statement with a plan of its
/// own on the partial indexes of migrations/20261122000002_number_inventory.sql, where one
/// statement with `$n IS NULL OR ...` would settle on a generic plan that fits none.
/// The national prefix is a range (national >= prefix AND national < prefix || '~': digits
/// sort before '~' in the C collation), the keyset a bound (national > after), the total the
/// kept counts (number_counts). $1 country, $2 type, $3 prefix, $4 exact area code,
/// $5 page size, $6 offset, $7 after.
static SEARCH_SQL: std::sync::LazyLock<[String; 4]> = std::sync::LazyLock::new(|| {
    let shape = |kind: bool, area: bool| {
        format!(
            "WITH page AS (
               SELECT value, country, number_type, area_code, national, demo FROM number_inventory
               WHERE status = 'available' AND NOT free_trial AND country = $1 {kind}
                 AND national >= COALESCE($3, '') AND national < COALESCE($3, '') || '~'
                 AND national > COALESCE($7, '') {area}
               ORDER BY national LIMIT $5 OFFSET $6)
             SELECT ({COUNT_SQL}) AS total, page.* FROM (SELECT 1) one LEFT JOIN page ON true ORDER BY page.national",
            kind = if kind { "AND number_type = $2" } else { "AND $2::text IS NULL" },
            area = if area { "AND area_code = $4" } else { "AND $4::text IS NULL" },
        )
    };
    [shape(false, false), shape(true, false), shape(false, true), shape(true, true)]
});

pub async fn search(pool: &PgPool, search: &Search) -> Result<SearchPage, sqlx::Error> {
    // Prefixes are digits only (checked by the caller).
    let mut prefix = search.national_prefix.as_deref();
    let mut exact_area = None;
    match (search.area_code.as_deref(), search.country.as_str()) {
        (Some(code), "GB") => {
            prefix = Some(match prefix {
                // Both must hold: keep the longer when one extends the other.
                Some(p) if p.starts_with(code) => p,
                Some(p) if code.starts_with(p) => code,
                Some(_) => return Ok(SearchPage { numbers: Vec::new(), total: 0 }),
                None => code,
            })
        }
        (Some(code), _) => exact_area = Some(code),
        (None, _) => {}
    }
    let kind = search.number_type.map(|k| k.as_str());
    let offset =
        if search.after.is_some() { 0 } else { i64::from(search.page.saturating_sub(1)) * i64::from(search.per_page) };
    // Runtime SQL: one of four statement shapes, chosen by the filters given.
    let sql = &SEARCH_SQL[usize::from(kind.is_some()) + 2 * usize::from(exact_area.is_some())];
    let rows: Vec<SearchRow> = sqlx::query_as(sql)
        .bind(&search.country)
        .bind(kind)
        .bind(prefix)
        .bind(exact_area)
        .bind(i64::from(search.per_page))
        .bind(offset)
        .bind(search.after.as_deref())
        .fetch_all(pool)
        .await?;
    let total = rows.first().map_or(0, |row| row.total);
    let numbers = rows
        .into_iter()
        .filter_map(|row| {
            Some(StockRow {
                value: row.value?,
                country: row.country?,
                number_type: row.number_type?,
                area_code: row.area_code?,
                national: row.national?,
                demo: row.demo?,
            })
        })
        .collect();
    Ok(SearchPage { numbers, total })
}

/// How many numbers a search matches (SEARCH_SQL's total), from the per-area counts the
/// triggers keep exact. Area codes that start with the prefix count whole; an area code
/// shorter than the prefix (020 for a search of 0207) has its matching numbers counted one
/// by one.
const COUNT_SQL: &str = "SELECT (SELECT COALESCE(sum(available), 0) FROM number_counts
                 WHERE country = $1 AND NOT free_trial AND ($2::text IS NULL OR number_type = $2)
                   AND ($3::text IS NULL OR area_code LIKE $3 || '%') AND ($4::text IS NULL OR area_code = $4))::bigint
              + CASE WHEN $3::text IS NOT NULL AND EXISTS (
                         SELECT 1 FROM number_counts WHERE country = $1 AND available > 0
                           AND length(area_code) < length($3) AND $3 LIKE area_code || '%')
                     THEN (SELECT count(*) FROM number_inventory
                           WHERE status = 'available' AND NOT free_trial AND country = $1
                             AND ($2::text IS NULL OR number_type = $2) AND national LIKE $3 || '%'
                             AND length(area_code) < length($3))
                     ELSE 0 END";

/// The free-trial pool still available, in order.
pub async fn free_trial_numbers(pool: &PgPool, limit: i64) -> Result<Vec<StockRow>, sqlx::Error> {
    sqlx::query_as!(
        StockRow,
        "SELECT value, country, number_type, area_code, national, demo FROM number_inventory
         WHERE free_trial AND status = 'available' ORDER BY national LIMIT $1",
        limit
    )
    .fetch_all(pool)
    .await
}

/// Numbers whose cart reservation ran out before `now`, with the cart that held each.
pub async fn expired_reservations(pool: &PgPool, now: DateTime<Utc>) -> Result<Vec<(String, String)>, sqlx::Error> {
    let rows = sqlx::query!(
        r#"SELECT value, held_by AS "held_by!" FROM number_inventory
           WHERE status = 'reserved' AND held_until <= $1 ORDER BY held_until"#,
        now
    )
    .fetch_all(pool)
    .await?;
    Ok(rows.into_iter().map(|r| (r.value, r.held_by)).collect())
}

/// A number's state columns (status, held_by, held_until) as one event leaves them: each
/// event sets all three, so a number's state is that of its latest event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NumberState {
    pub status: &'static str,
    pub held_by: Option<String>,
    pub held_until: Option<DateTime<Utc>>,
}

impl NumberState {
    pub fn after(event: &PhoneNumberEvent) -> NumberState {
        let (status, held_by, held_until) = match event {
            PhoneNumberEvent::NumberReserved { cart_id, until } => ("reserved", Some(cart_id), Some(*until)),
            PhoneNumberEvent::NumberReleased { .. } | PhoneNumberEvent::NumberReturned { .. } => {
                ("available", None, None)
            }
            PhoneNumberEvent::NumberAssigned { owner } => ("assigned", Some(owner), None),
            PhoneNumberEvent::NumberHeldForOrder { owner, until, .. } => ("reserved", Some(owner), Some(*until)),
        };
        NumberState { status, held_by: held_by.cloned(), held_until }
    }
}

/// Keeps each number's status in step with its events. Applying an event only when its
/// sequence is newer than the row's makes the result independent of dispatch order.
pub struct InventoryQuery {
    pool: PgPool,
}

impl InventoryQuery {
    pub fn new(pool: PgPool) -> Self {
        InventoryQuery { pool }
    }

    pub async fn apply(&self, value: &str, event: &EventEnvelope<PhoneNumber>) -> Result<(), sqlx::Error> {
        let state = NumberState::after(&event.payload);
        sqlx::query!(
            "UPDATE number_inventory SET status = $2, held_by = $3, held_until = $4, last_sequence = $5
             WHERE value = $1 AND last_sequence < $5",
            value,
            state.status,
            state.held_by.as_deref(),
            state.held_until,
            event.sequence as i64
        )
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}

#[async_trait]
impl Query<PhoneNumber> for InventoryQuery {
    async fn dispatch(&self, value: &str, events: &[EventEnvelope<PhoneNumber>]) {
        for event in events {
            if let Err(error) = self.apply(value, event).await {
                tracing::error!(value, %error, "inventory update failed; rebuild it from the events");
            }
        }
    }
}

/// One line of an operator's stock file: `country,number,type,area_code[,free_trial]`
/// with the number in national form or E.164 (`+441614960000`).
pub fn parse_stock_line(line: &str) -> Result<StockNumber, String> {
    let fields: Vec<&str> = line.split(',').map(str::trim).collect();
    parse_stock_fields(&fields)
}

/// One stock line already split into its fields (the import's CSV reader unquotes them).
pub fn parse_stock_fields(fields: &[&str]) -> Result<StockNumber, String> {
    let fields: Vec<&str> = fields.iter().map(|f| f.trim()).collect();
    if !(4..=5).contains(&fields.len()) {
        return Err(format!("expected 4 or 5 fields, found {}", fields.len()));
    }
    let (code, number, kind, area) = (fields[0].to_ascii_uppercase(), fields[1], fields[2], fields[3]);
    let (_, calling, trunk) = country(&code).ok_or_else(|| format!("unknown country {code:?}"))?;
    let kind = NumberType::parse(kind).ok_or_else(|| format!("unknown number type {kind:?}"))?;
    let digits: String = number.chars().filter(|c| !matches!(c, ' ' | '-' | '(' | ')')).collect();
    let national = match digits.strip_prefix('+') {
        Some(e164) => {
            let rest = e164.strip_prefix(calling).ok_or_else(|| format!("{number:?} is not a {code} number"))?;
            if trunk {
                format!("0{rest}")
            } else {
                rest.to_string()
            }
        }
        None => digits,
    };
    let mut stock = StockNumber::new(&code, &national, kind, area)?;
    stock.free_trial = match fields.get(4).map(|f| f.to_ascii_lowercase()) {
        None => false,
        Some(f) if f.is_empty() || f == "false" || f == "no" || f == "0" => false,
        Some(f) if f == "true" || f == "yes" || f == "1" => true,
        Some(f) => return Err(format!("free_trial must be true or false, not {f:?}")),
    };
    Ok(stock)
}

/// Rebuilds the number inventory's state columns (status, held_by, held_until,
/// last_sequence); the stock rows themselves come from the seed and imports and are left as
/// they are (crate::rebuild).
pub async fn rebuild(
    pool: &PgPool,
    reader: &impl crate::events::EventReader,
    watch: &mut dyn crate::rebuild::Watch,
) -> Result<crate::rebuild::Rebuilt, crate::rebuild::RebuildError> {
    crate::rebuild::rebuild(pool, reader, &Inventory, watch).await
}

/// The state columns of `number_inventory`. A stock number without events is available,
/// held by no one, at sequence 0 (the columns' defaults); numbers in events but not in the
/// stock have no row to update. The number_counts triggers see the changed rows only.
struct Inventory;

// The work table is a temporary table that exists only while the rebuild runs
// (crate::rebuild), so the checked macros cannot see it: these queries stay runtime.
#[async_trait]
impl crate::rebuild::ReadModel for Inventory {
    type A = PhoneNumber;
    type Row = (String, i64, NumberState);
    /// The state after the number's last event so far, and that event's sequence.
    type State = Option<(i64, NumberState)>;

    fn table(&self) -> &'static str {
        "number_inventory"
    }

    fn work(&self) -> String {
        "number_inventory_rebuild".to_string()
    }

    fn create_work(&self) -> String {
        "CREATE TEMPORARY TABLE number_inventory_rebuild
         (value text PRIMARY KEY, status text NOT NULL, held_by text, held_until timestamptz, last_sequence bigint NOT NULL)"
            .to_string()
    }

    fn apply(&self, state: &mut Self::State, event: &crate::events::Stored<PhoneNumber>) {
        *state = Some((event.envelope.sequence as i64, NumberState::after(&event.envelope.payload)));
    }

    fn rows(&self, id: &str, state: Self::State) -> Vec<Self::Row> {
        state.map(|(sequence, number)| (id.to_string(), sequence, number)).into_iter().collect()
    }

    async fn insert(&self, conn: &mut sqlx::PgConnection, rows: Vec<Self::Row>) -> Result<(), sqlx::Error> {
        for chunk in rows.chunks(crate::rebuild::BATCH) {
            sqlx::query(
                "INSERT INTO number_inventory_rebuild (value, status, held_by, held_until, last_sequence)
                 SELECT * FROM UNNEST($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::bigint[])",
            )
            .bind(chunk.iter().map(|r| r.0.as_str()).collect::<Vec<_>>())
            .bind(chunk.iter().map(|r| r.2.status).collect::<Vec<_>>())
            .bind(chunk.iter().map(|r| r.2.held_by.as_deref()).collect::<Vec<_>>())
            .bind(chunk.iter().map(|r| r.2.held_until).collect::<Vec<_>>())
            .bind(chunk.iter().map(|r| r.1).collect::<Vec<_>>())
            .execute(&mut *conn)
            .await?;
        }
        Ok(())
    }

    fn built(&self) -> String {
        "SELECT value AS id, last_sequence AS last FROM number_inventory_rebuild".to_string()
    }

    fn id_column(&self) -> &'static str {
        "value"
    }

    async fn swap(&self, conn: &mut sqlx::PgConnection) -> Result<(u64, u64, u64), sqlx::Error> {
        let from_events = sqlx::query(
            "UPDATE number_inventory n
             SET status = w.status, held_by = w.held_by, held_until = w.held_until, last_sequence = w.last_sequence
             FROM number_inventory_rebuild w
             WHERE w.value = n.value
               AND (n.status, n.held_by, n.held_until, n.last_sequence)
                   IS DISTINCT FROM (w.status, w.held_by, w.held_until, w.last_sequence)",
        )
        .execute(&mut *conn)
        .await?;
        let untouched = sqlx::query(
            "UPDATE number_inventory n
             SET status = 'available', held_by = NULL, held_until = NULL, last_sequence = 0
             WHERE (n.status <> 'available' OR n.held_by IS NOT NULL OR n.held_until IS NOT NULL OR n.last_sequence <> 0)
               AND NOT EXISTS (SELECT 1 FROM number_inventory_rebuild w WHERE w.value = n.value)",
        )
        .execute(&mut *conn)
        .await?;
        Ok((0, from_events.rows_affected() + untouched.rows_affected(), 0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_numbers_state_is_that_of_its_latest_event() {
        use aggregates::phone_number::ReleaseReason;
        let until = chrono::TimeZone::with_ymd_and_hms(&Utc, 2026, 11, 23, 12, 0, 0).unwrap();
        let reserved = NumberState::after(&PhoneNumberEvent::NumberReserved { cart_id: "c1".into(), until });
        assert_eq!(reserved, NumberState { status: "reserved", held_by: Some("c1".into()), held_until: Some(until) });
        let held = PhoneNumberEvent::NumberHeldForOrder { owner: "o1".into(), cart_id: "c1".into(), until };
        assert_eq!(
            NumberState::after(&held),
            NumberState { status: "reserved", held_by: Some("o1".into()), held_until: Some(until) }
        );
        let assigned = NumberState::after(&PhoneNumberEvent::NumberAssigned { owner: "o1".into() });
        assert_eq!(assigned, NumberState { status: "assigned", held_by: Some("o1".into()), held_until: None });
        let free = NumberState { status: "available", held_by: None, held_until: None };
        let released = PhoneNumberEvent::NumberReleased { cart_id: "c1".into(), reason: ReleaseReason::Expired };
        assert_eq!(NumberState::after(&released), free);
        assert_eq!(NumberState::after(&PhoneNumberEvent::NumberReturned { owner: "t1".into() }), free);
    }

    #[test]
    fn display_formats() {
        assert_eq!(display("GB", "02079460123"), "020 7946 0123");
        assert_eq!(display("GB", "01614960000"), "01614 960000");
        assert_eq!(display("GB", "07700900123"), "07700 900123");
        assert_eq!(display("GB", "08081570000"), "0808 157 0000");
        assert_eq!(display("US", "2125550100"), "+1 212-555-0100");
        assert_eq!(display("FR", "0199000001"), "+33 199000001");
        assert_eq!(display("ES", "910000001"), "+34 910000001");
    }

    #[test]
    fn demo_stock_is_drama_ranges_and_marked_demo_abroad() {
        let stock = demo_stock();
        let london: Vec<&StockNumber> = stock.iter().filter(|n| n.area_code == "020").collect();
        assert_eq!(london.len(), 1000);
        assert!(london.iter().all(|n| n.national.starts_with("0207946") && n.value.starts_with("44207946")));
        assert!(stock
            .iter()
            .filter(|n| n.number_type == NumberType::Mobile)
            .all(|n| n.national.starts_with("07700900")));
        assert!(stock.iter().filter(|n| n.country == "US").all(|n| n.national[3..].starts_with("55501")));
        assert!(stock.iter().filter(|n| !matches!(n.country.as_str(), "GB" | "US" | "CA")).all(|n| n.demo));
        assert!(stock.iter().filter(|n| n.country == "GB").all(|n| !n.demo));
        assert_eq!(stock.iter().filter(|n| n.free_trial).count(), 50);
        let mut values: Vec<&str> = stock.iter().map(|n| n.value.as_str()).collect();
        values.sort_unstable();
        values.dedup();
        assert_eq!(values.len(), stock.len(), "no number twice");
    }

    /// The import and the cart classify UK numbers by the same rule (aggregates::numbers):
    /// the 084 and 087 ranges in use are national numbers, as 03 is.
    #[test]
    fn uk_stock_lines_are_typed_by_the_shared_number_plan() {
        for (line, kind) in [
            ("GB,02079460123,geographic,020", NumberType::Geographic),
            ("GB,07700900123,mobile,07700", NumberType::Mobile),
            ("GB,08081570000,freephone,0808", NumberType::Freephone),
            ("GB,08001234567,freephone,0800", NumberType::Freephone),
            ("GB,03069990000,national,0306", NumberType::National),
            ("GB,08431234567,national,0843", NumberType::National),
            ("GB,08441234567,national,0844", NumberType::National),
            ("GB,08451234567,national,0845", NumberType::National),
            ("GB,+448701234567,national,0870", NumberType::National),
            ("GB,08711234567,national,0871", NumberType::National),
            ("GB,08721234567,national,0872", NumberType::National),
            ("GB,08731234567,national,0873", NumberType::National),
        ] {
            let number = parse_stock_line(line).unwrap_or_else(|e| panic!("{line}: {e}"));
            assert_eq!(number.number_type, kind, "{line}");
        }
    }

    #[test]
    fn stock_lines_are_checked() {
        let n = parse_stock_line("GB,+441614960000,geographic,0161").unwrap();
        assert_eq!((n.value.as_str(), n.national.as_str()), ("441614960000", "01614960000"));
        let n = parse_stock_line("us, 212-555-0100 , local, 212, true").unwrap();
        assert_eq!((n.value.as_str(), n.free_trial), ("12125550100", true));
        for (line, why) in [
            ("GB,+441614960000,geographic", "fields"),
            ("XX,+441614960000,geographic,0161", "country"),
            ("GB,+441614960000,fax,0161", "number type"),
            ("GB,+331614960000,geographic,0161", "is not a GB number"),
            ("GB,01614960000,mobile,0161", "mobile"),
            ("GB,01614960000,geographic,020", "area code"),
            ("GB,0161abc,geographic,0161", "national number"),
            ("GB,01614960000,geographic,0161,maybe", "free_trial"),
            ("GB,08451234567,geographic,0845", "geographic"),
            ("GB,08001234567,national,0800", "national"),
            ("GB,09098790000,national,0909", "national"),
            ("GB,05001234567,freephone,0500", "freephone"),
        ] {
            let error = parse_stock_line(line).unwrap_err();
            assert!(error.contains(why), "{line}: {error}");
        }
    }
}
