//! Finding an order the way a caller describes it: its number (SB-, HW-, or a trial's TR-),
//! an e-mail address, a phone number in any spacing, or a payment reference from a bank
//! statement or receipt. One query over the three order views, newest first.

use chrono::{DateTime, Utc};
use serde::Serialize;
use sqlx::PgPool;

use super::OrderKind;

pub const PER_PAGE: i64 = 20;
/// Longer than any order number, e-mail address or reference support would paste.
pub const MAX_QUERY_CHARS: usize = 254;
/// Matches are counted up to this many: past it the exact number tells support nothing
/// (they narrow the search), and counting a million matches would cost more than the page.
pub const COUNT_CAP: i64 = 1000;

#[derive(Debug, Clone, Serialize, sqlx::FromRow, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Found {
    #[sqlx(try_from = "String")]
    pub kind: OrderKind,
    pub id: String,
    pub order_number: String,
    pub email: String,
    pub name: String,
    pub status: String,
    #[sqlx(rename = "shown_placed_at")]
    pub placed_at: Option<DateTime<Utc>>,
    pub phone_numbers: Vec<String>,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SearchPage {
    /// Newest first, at most 20.
    pub results: Vec<Found>,
    /// Give this as `before` for the next (older) page; null on the last page.
    pub next: Option<String>,
    /// The orders matching, counted up to 1,000 (see `totalCapped`).
    pub total: i64,
    /// True when more than `total` orders match: show "more than 1,000".
    pub total_capped: bool,
    pub query: String,
}

/// Where a page of the search starts: after the order (`placed_at`, `kind`, `id`), newest
/// first. `placed_at` is None for an order not placed yet (they come last).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchCursor {
    pub placed_at: Option<DateTime<Utc>>,
    pub kind: OrderKind,
    pub id: String,
}

impl SearchCursor {
    pub fn of(found: &Found) -> SearchCursor {
        SearchCursor { placed_at: found.placed_at, kind: found.kind, id: found.id.clone() }
    }

    /// `MICROSECONDS.KIND.ID` (`-` for no time), like the audit log's: opaque to the console,
    /// which hands it back as `before`.
    pub fn encode(&self) -> String {
        let at = self.placed_at.map_or("-".to_string(), |at| at.timestamp_micros().to_string());
        format!("{at}.{}.{}", self.kind.as_str(), self.id)
    }

    pub fn decode(text: &str) -> Option<SearchCursor> {
        let mut parts = text.splitn(3, '.');
        let (at, kind, id) = (parts.next()?, parts.next()?, parts.next()?);
        let placed_at = match at {
            "-" => None,
            micros => Some(DateTime::from_timestamp_micros(micros.parse().ok()?)?),
        };
        // Ids are UUIDs; anything else is no row's and not worth a query.
        uuid::Uuid::parse_str(id).ok()?;
        Some(SearchCursor { placed_at, kind: OrderKind::parse(kind)?, id: id.to_string() })
    }
}

/// A phone number as digits, UK numbers in their national form (+44 20... is 020...), so
/// that "020 7946 0001", "+44 20 7946 0001" and "442079460001" all match.
pub fn phone_digits(text: &str) -> String {
    let digits: String = text.chars().filter(char::is_ascii_digit).collect();
    match digits.strip_prefix("44") {
        Some(rest) if digits.len() > 10 => format!("0{rest}"),
        _ => digits,
    }
}

/// The trial's number for staff: trials have no order number of their own.
pub fn trial_number(id: &str) -> String {
    format!("TR-{}", id.chars().filter(char::is_ascii_hexdigit).take(8).collect::<String>().to_uppercase())
}

/// What a search row shows. The time shown is named apart from `placed_at`, so that
/// `ORDER BY placed_at` sorts by the column (and its index), not by the time shown.
const COLUMNS: &str =
    "kind, id, order_number, email, name, status, NULLIF(placed_at, '-infinity') AS shown_placed_at, phone_numbers";
/// The order of the pages, the keyset's: newest first, and a stable order among orders
/// placed in the same microsecond.
const NEWEST: &str = "ORDER BY placed_at DESC, kind DESC, id DESC";

/// One page of the orders matching `query` (all orders when it is empty), newest first,
/// after `before` (from the newest without it). Reads `order_search`, which the database
/// keeps from the three order views (migrations/20261129100001_order_search.sql): keyset
/// paging and an index for each way of searching, so a page costs the same at a million
/// orders as at ten, and on the fiftieth page as on the first.
///
/// PostgreSQL text holds no NUL, so a query with one matches nothing.
pub async fn search(pool: &PgPool, query: &str, before: Option<&SearchCursor>) -> Result<SearchPage, sqlx::Error> {
    let query = query.trim();
    if query.contains('\0') {
        let query = query.to_string();
        return Ok(SearchPage { results: vec![], next: None, total: 0, total_capped: false, query });
    }
    let digits = phone_digits(query);
    // A phone number needs enough digits to mean something; "SB-1" is not a phone number.
    let digits = if digits.len() >= 4 && query.chars().all(|c| c.is_ascii_digit() || " +()-".contains(c)) {
        digits
    } else {
        String::new()
    };
    let keyset = if before.is_some() { "(placed_at, kind, id) < (COALESCE($4, '-infinity'), $5, $6)" } else { "TRUE" };
    let (page_sql, count_sql) = if query.is_empty() {
        (
            format!("SELECT {COLUMNS} FROM order_search WHERE {keyset} {NEWEST} LIMIT $7"),
            "SELECT count(*) FROM (SELECT 1 FROM order_search LIMIT $4) capped".to_string(),
        )
    } else {
        // Only the ways the text can match appear in the statement, each one an index
        // answers: the number's beginning, part of the address, digits of a phone number;
        // PostgreSQL picks between those indexes and walking the newest first, by how many
        // orders it expects to match. A payment reference names one order or a few, but its
        // match cannot be estimated (each reference is unique): it is looked up on its own,
        // by its index, so that guess never sends a search walking a million orders.
        let mut ways = Vec::new();
        // Order numbers and e-mail addresses hold no spaces: a text with one ("020 7946
        // 0001") is looked for in the phone numbers only.
        if !query.contains(char::is_whitespace) {
            ways.extend([
                "lower(order_number) LIKE lower($2) || '%' ESCAPE '\\'",
                "lower(email) LIKE '%' || lower($2) || '%' ESCAPE '\\'",
            ]);
        }
        if !digits.is_empty() {
            ways.push("phone_digits LIKE '%' || $3 || '%'");
        }
        let ways = if ways.is_empty() { "FALSE".to_string() } else { ways.join(" OR ") };
        let by_ref = "WITH by_ref AS MATERIALIZED (SELECT * FROM order_search WHERE refs @> ARRAY[$1])";
        (
            format!(
                "{by_ref}
                 SELECT {COLUMNS} FROM (
                   (SELECT * FROM order_search WHERE ({ways}) AND {keyset} {NEWEST} LIMIT $7)
                   UNION (SELECT * FROM by_ref WHERE {keyset} {NEWEST} LIMIT $7)
                 ) found {NEWEST} LIMIT $7"
            ),
            format!(
                "{by_ref}
                 SELECT count(*) FROM (
                   (SELECT kind, id FROM order_search WHERE {ways} LIMIT $4) UNION (SELECT kind, id FROM by_ref)
                 ) capped"
            ),
        )
    };
    let like = escape_like(query);
    // Runtime SQL: the statements are built from the ways the text can match (above).
    // Unnamed statements: each is planned with its values (a cached generic plan of
    // `LIKE $2 || '%'` could use no index).
    let mut results: Vec<Found> = sqlx::query_as(&page_sql)
        .persistent(false)
        .bind(query)
        .bind(&like)
        .bind(&digits)
        .bind(before.and_then(|b| b.placed_at))
        .bind(before.map(|b| b.kind.as_str()))
        .bind(before.map(|b| b.id.as_str()))
        // One more than the page: whether there is an older page, without counting.
        .bind(PER_PAGE + 1)
        .fetch_all(pool)
        .await?;
    let more = results.len() as i64 > PER_PAGE;
    // A first page with no page after it holds every match: most searches for one order
    // (a number, an address, a phone number, a reference) end here, without a second query.
    let counted = if before.is_none() && !more {
        results.len() as i64
    } else {
        sqlx::query_scalar(&count_sql)
            .persistent(false)
            .bind(query)
            .bind(&like)
            .bind(&digits)
            .bind(COUNT_CAP + 1)
            .fetch_one(pool)
            .await?
    };
    let next = if more {
        results.truncate(PER_PAGE as usize);
        results.last().map(|last| SearchCursor::of(last).encode())
    } else {
        None
    };
    Ok(SearchPage {
        results,
        next,
        total: counted.min(COUNT_CAP),
        total_capped: counted > COUNT_CAP,
        query: query.to_string(),
    })
}

/// `%` and `_` typed by staff are literal characters, not patterns.
fn escape_like(text: &str) -> String {
    text.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phone_numbers_match_in_any_spacing_and_prefix() {
        assert_eq!(phone_digits("020 7946 0001"), "02079460001");
        assert_eq!(phone_digits("+44 20 7946 0001"), "02079460001");
        assert_eq!(phone_digits("442079460001"), "02079460001");
        assert_eq!(phone_digits("4401"), "4401");
    }

    #[test]
    fn a_cursor_reads_back_as_written_and_nothing_else_reads() {
        let id = "3f2a9c1e-77aa-4b3c-9d2e-0123456789ab".to_string();
        let placed = DateTime::from_timestamp_micros(1_767_258_000_123_456);
        for cursor in [
            SearchCursor { placed_at: placed, kind: OrderKind::Hardware, id: id.clone() },
            SearchCursor { placed_at: None, kind: OrderKind::Trial, id: id.clone() },
        ] {
            assert_eq!(SearchCursor::decode(&cursor.encode()), Some(cursor));
        }
        assert_eq!(
            SearchCursor { placed_at: placed, kind: OrderKind::Service, id: id.clone() }.encode(),
            format!("1767258000123456.service.{id}")
        );
        for bad in ["", "-", "1.service", "x.service.{id}", "1.cart.{id}", "1.service.not-an-id", "1.service.{id}.2"] {
            assert_eq!(SearchCursor::decode(&bad.replace("{id}", &id)), None, "{bad}");
        }
    }

    #[test]
    fn a_trial_is_named_by_the_start_of_its_id() {
        assert_eq!(trial_number("3f2a9c1e-77aa-4b3c-9d2e-0123456789ab"), "TR-3F2A9C1E");
    }
}
