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
    pub placed_at: Option<DateTime<Utc>>,
    pub phone_numbers: Vec<String>,
    #[serde(skip)]
    pub total: i64,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SearchPage {
    pub results: Vec<Found>,
    pub page: i64,
    pub page_count: i64,
    pub total: i64,
    pub query: String,
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

/// Every order of each kind as one row: (kind, id, number, e-mail, name, status, placed,
/// phone numbers, payment references).
const ORDERS: &str = r#"
    SELECT 'service' AS kind, view_id AS id, payload->>'orderNumber' AS order_number,
           payload->>'email' AS email,
           trim(concat(payload->>'firstName', ' ', payload->>'lastName')) AS name,
           CASE WHEN jsonb_array_length(COALESCE(payload::jsonb->'lostNumbers', '[]')) > 0 THEN 'needs replacement'
                ELSE payload->>'status' END AS status,
           (payload->>'placedAt')::timestamptz AS placed_at,
           ARRAY(SELECT n->>'value' FROM jsonb_array_elements(payload::jsonb->'phoneNumbers') n) AS phone_numbers,
           ARRAY(SELECT jsonb_array_elements_text(COALESCE(payload::jsonb->'paymentReferences', '[]'))) AS refs
      FROM order_view
    UNION ALL
    SELECT 'trial', view_id, 'TR-' || upper(left(replace(view_id, '-', ''), 8)),
           payload->>'email',
           trim(concat(payload->>'firstName', ' ', payload->>'lastName')),
           payload->>'status', (payload->>'startedAt')::timestamptz,
           ARRAY[payload->>'number', payload->>'phone'],
           ARRAY(SELECT jsonb_array_elements_text(COALESCE(payload::jsonb->'paymentReferences', '[]')))
      FROM trial_view
    UNION ALL
    SELECT 'hardware', view_id, payload->>'orderNumber',
           payload->'customer'->>'email',
           trim(concat(payload->'customer'->>'firstName', ' ', payload->'customer'->>'lastName')),
           payload->>'status', (payload->>'placedAt')::timestamptz,
           ARRAY[payload->'customer'->>'phone'],
           array_remove(ARRAY[payload->>'paymentReference', payload->>'paymentIntentId'], NULL)
      FROM hardware_order_view
"#;

/// One page of the orders matching `query` (all orders when it is empty), newest first.
pub async fn search(pool: &PgPool, query: &str, page: i64) -> Result<SearchPage, sqlx::Error> {
    let query = query.trim();
    let digits = phone_digits(query);
    // A phone number needs enough digits to mean something; "SB-1" is not a phone number.
    let digits = if digits.len() >= 4 && query.chars().all(|c| c.is_ascii_digit() || " +()-".contains(c)) {
        digits
    } else {
        String::new()
    };
    let matching = "WITH orders AS (ORDERS) SELECT * FROM orders
          WHERE $1 = ''
             OR lower(order_number) LIKE lower($2) || '%' ESCAPE '\\'
             OR lower(email) LIKE '%' || lower($2) || '%' ESCAPE '\\'
             OR $1 = ANY(refs)
             OR ($3 <> '' AND EXISTS (
                   SELECT 1 FROM unnest(phone_numbers) p
                    WHERE regexp_replace(regexp_replace(p, '\\D', '', 'g'), '^44(\\d{9,})$', '0\\1') LIKE '%' || $3 || '%'))"
        .replace("ORDERS", ORDERS);
    let sql = format!(
        "SELECT kind, id, order_number, COALESCE(email, '') AS email, name, COALESCE(status, '') AS status, placed_at,
                ARRAY(SELECT p FROM unnest(phone_numbers) p WHERE p IS NOT NULL AND p <> '') AS phone_numbers,
                count(*) OVER () AS total
           FROM ({matching}) found
          ORDER BY placed_at DESC NULLS LAST, id
          LIMIT $4 OFFSET $5"
    );
    let like = escape_like(query);
    let results: Vec<Found> = sqlx::query_as(&sql)
        .bind(query)
        .bind(&like)
        .bind(&digits)
        .bind(PER_PAGE)
        .bind((page - 1) * PER_PAGE)
        .fetch_all(pool)
        .await?;
    let total = match results.first() {
        Some(first) => first.total,
        // Past the last page: counted on its own, so the page still says how many there are.
        None if page > 1 => {
            sqlx::query_scalar(&format!("SELECT count(*) FROM ({matching}) found"))
                .bind(query)
                .bind(&like)
                .bind(&digits)
                .fetch_one(pool)
                .await?
        }
        None => 0,
    };
    Ok(SearchPage { results, page, page_count: (total + PER_PAGE - 1) / PER_PAGE, total, query: query.to_string() })
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
    fn a_trial_is_named_by_the_start_of_its_id() {
        assert_eq!(trial_number("3f2a9c1e-77aa-4b3c-9d2e-0123456789ab"), "TR-3F2A9C1E");
    }
}
