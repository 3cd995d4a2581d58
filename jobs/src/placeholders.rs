//! Area-code placeholders: a buyer may pay for "a London number" (`placeholder-020`) when the
//! stock has none to show. Once the order is complete, each placeholder gets a free number of
//! that area code: the `fill-placeholders` job gives the first one as soon as stock exists,
//! or staff pick one in the support console. Either way the number's aggregate assigns it to
//! the order and the order records who gave it (`PlaceholderFilled`) in one transaction, so a
//! number is never left assigned to an order that refused it; the e-mail to the buyer follows
//! from the event (the `tell-buyer` workflow, api/src/workflows).

use aggregates::phone_number::{PhoneNumber, PhoneNumberCommand};
use aggregates::service_order::{ServiceOrder, ServiceOrderCommand, ServiceOrderError};
use cqrs_es::AggregateError;
use projections::orders::PLACEHOLDER_PREFIX;
use sqlx::PgPool;
use store::commands::{Context, Cqrs};

use store::commands;

pub const FILL_PLACEHOLDERS: &str = "fill-placeholders";

/// What filling needs: the store, and the orders and numbers to command.
pub struct Placeholders<'a> {
    pub pool: &'a PgPool,
    pub orders: &'a Cqrs<ServiceOrder>,
    pub numbers: &'a Cqrs<PhoneNumber>,
    /// Who fills: the job, or a staff member picking a number.
    pub context: Context,
}

/// Why a placeholder was not filled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FillError {
    /// The order does not wait for a number in that area code.
    NotOpen,
    /// The number staff picked is not a free number of that area code (any more).
    NotACandidate,
    Failed(String),
}

/// The area code a placeholder names (`placeholder-020` is `020`).
pub fn area_code(placeholder: &str) -> &str {
    placeholder.trim_start_matches(PLACEHOLDER_PREFIX)
}

/// Free UK geographic numbers of the placeholder's area code, first in national order.
pub async fn candidates(pool: &PgPool, placeholder: &str, limit: i64) -> Result<Vec<String>, sqlx::Error> {
    let code = area_code(placeholder);
    if code.is_empty() || !code.bytes().all(|b| b.is_ascii_digit()) {
        return Ok(vec![]);
    }
    sqlx::query_scalar!(
        "SELECT value FROM number_inventory
          WHERE country = 'GB' AND number_type = 'geographic' AND national LIKE $1 || '%'
            AND status = 'available' AND NOT free_trial
          ORDER BY national LIMIT $2",
        code,
        limit
    )
    .fetch_all(pool)
    .await
}

/// Gives order `id`'s `placeholder` a number: `wanted` when staff picked one, else the first
/// free one of its area code. Answers the number, or None when the stock has none yet.
pub async fn fill(
    ctx: &Placeholders<'_>,
    id: &str,
    placeholder: &str,
    wanted: Option<&str>,
) -> Result<Option<String>, FillError> {
    let failed = |e: &dyn std::fmt::Display| FillError::Failed(e.to_string());
    let (order, _) = commands::load::<ServiceOrder>(ctx.pool, id).await.map_err(|e| failed(&e))?;
    if !order.open_placeholders().iter().any(|p| p == placeholder) {
        return Err(FillError::NotOpen);
    }
    let free =
        candidates(ctx.pool, placeholder, if wanted.is_some() { 1000 } else { 5 }).await.map_err(|e| failed(&e))?;
    let tries: Vec<String> = match wanted {
        Some(number) if free.iter().any(|n| n == number) => vec![number.to_string()],
        Some(_) => return Err(FillError::NotACandidate),
        None => free,
    };
    let record = |number: &str| ServiceOrderCommand::FillPlaceholder {
        placeholder: placeholder.to_string(),
        number: number.to_string(),
    };
    let given = assign_and_record(ctx, id, tries, record).await.map_err(|e| match e {
        Given::Refused(ServiceOrderError::NotAnOpenPlaceholder) => FillError::NotOpen,
        other => failed(&other),
    })?;
    match given {
        Some(number) => Ok(Some(number)),
        // Staff's pick was taken by a cart meanwhile.
        None if wanted.is_some() => Err(FillError::NotACandidate),
        None => Ok(None),
    }
}

/// Why a number could not be given to an order.
#[derive(Debug)]
pub enum Given {
    /// The order refused the number (nothing was assigned).
    Refused(ServiceOrderError),
    Failed(String),
}

impl std::fmt::Display for Given {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Given::Refused(refusal) => write!(f, "the order refused the number: {refusal}"),
            Given::Failed(error) => write!(f, "{error}"),
        }
    }
}

/// The first of `candidates` still free (a cart may take one meanwhile) becomes order
/// `id`'s: assigned to it and recorded on it by `record(number)` in one transaction, so the
/// number is never left assigned to an order that refused it, nor the order told of a number
/// that is not its own. The number given, or None when every one was taken.
pub async fn assign_and_record(
    ctx: &Placeholders<'_>,
    id: &str,
    candidates: Vec<String>,
    record: impl Fn(&str) -> ServiceOrderCommand,
) -> Result<Option<String>, Given> {
    let failed = |e: &dyn std::fmt::Display| Given::Failed(e.to_string());
    let owner = format!("order:{id}");
    for number in candidates {
        let mut tx = ctx.pool.begin().await.map_err(|e| failed(&e))?;
        let assign = PhoneNumberCommand::Assign { number: number.clone(), owner: owner.clone() };
        let assigned = match ctx.numbers.execute_in(&mut tx, &ctx.context, &number, assign).await {
            Ok(assigned) => assigned,
            // Taken (or being taken) by someone else: the next one.
            Err(AggregateError::UserError(_) | AggregateError::AggregateConflict) => continue,
            Err(error) => return Err(failed(&error)),
        };
        let recorded = match ctx.orders.execute_in(&mut tx, &ctx.context, id, record(&number)).await {
            Ok(recorded) => recorded,
            Err(AggregateError::UserError(refusal)) => return Err(Given::Refused(refusal)),
            Err(error) => return Err(failed(&error)),
        };
        tx.commit().await.map_err(|e| failed(&e))?;
        ctx.numbers.publish(&number, &assigned).await;
        ctx.orders.publish(id, &recorded).await;
        return Ok(Some(number));
    }
    Ok(None)
}

/// What one run did.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Report {
    pub filled: usize,
    pub waiting: usize,
}

impl std::fmt::Display for Report {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} placeholders filled, {} still waiting for stock", self.filled, self.waiting)
    }
}

/// Fills every open placeholder of completed orders whose area code has free stock.
pub async fn fill_open(ctx: &Placeholders<'_>) -> Result<Report, String> {
    let open: Vec<(String, String)> = sqlx::query!(
        r#"SELECT view_id, p AS "placeholder!" FROM order_view, json_array_elements_text(payload -> 'openPlaceholders') p
          WHERE payload ->> 'status' = 'completed' ORDER BY payload ->> 'completedAt', view_id LIMIT 200"#
    )
    .fetch_all(ctx.pool)
    .await
    .map_err(|e| e.to_string())?
    .into_iter()
    .map(|r| (r.view_id, r.placeholder))
    .collect();
    let mut report = Report::default();
    for (id, placeholder) in open {
        match fill(ctx, &id, &placeholder, None).await {
            Ok(Some(_)) => report.filled += 1,
            Ok(None) => report.waiting += 1,
            // Filled by staff meanwhile.
            Err(FillError::NotOpen) => {}
            Err(FillError::NotACandidate) => report.waiting += 1,
            Err(FillError::Failed(error)) => return Err(error),
        }
    }
    Ok(report)
}
