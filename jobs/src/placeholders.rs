//! Area-code placeholders: a buyer may pay for "a London number" (`placeholder-020`) when the
//! stock has none to show. Once the order is complete, each placeholder gets a free number of
//! that area code: the `fill-placeholders` job gives the first one as soon as stock exists,
//! or staff pick one in the support console. Either way the number's aggregate assigns it to
//! the order first, the order records who gave it (`PlaceholderFilled`), and the buyer is
//! e-mailed the number.

use crate::commands::{Context, Cqrs};
use aggregates::phone_number::{PhoneNumber, PhoneNumberCommand, PhoneNumberError};
use aggregates::service_order::{ServiceOrder, ServiceOrderCommand};
use cqrs_es::AggregateError;
use projections::orders::PLACEHOLDER_PREFIX;
use sqlx::PgPool;

use crate::commands;
use crate::outbox::{queue, Mail};

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
    sqlx::query_scalar(
        "SELECT value FROM number_inventory
          WHERE country = 'GB' AND number_type = 'geographic' AND national LIKE $1 || '%'
            AND status = 'available' AND NOT free_trial
          ORDER BY national LIMIT $2",
    )
    .bind(code)
    .bind(limit)
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
    by: &str,
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
    let number = match assign_first_free(ctx.numbers, &ctx.context, tries, &format!("order:{id}"))
        .await
        .map_err(|e| failed(&e))?
    {
        Some(number) => number,
        // Staff's pick was taken by a cart meanwhile.
        None if wanted.is_some() => return Err(FillError::NotACandidate),
        None => return Ok(None),
    };
    let command = ServiceOrderCommand::FillPlaceholder {
        placeholder: placeholder.to_string(),
        number: number.clone(),
        by: by.to_string(),
    };
    commands::execute(ctx.orders, &ctx.context, id, command).await.map_err(|e| failed(&e))?;
    tell_the_buyer(ctx.pool, id, &order, placeholder, &number).await;
    Ok(Some(number))
}

/// Assigns `owner` the first of `candidates` that is still free (a cart may take one
/// meanwhile): the number given, or None when every one was taken.
pub async fn assign_first_free(
    numbers: &Cqrs<PhoneNumber>,
    context: &Context,
    candidates: Vec<String>,
    owner: &str,
) -> Result<Option<String>, AggregateError<PhoneNumberError>> {
    for number in candidates {
        let assign = PhoneNumberCommand::Assign { number: number.clone(), owner: owner.to_string() };
        match commands::execute(numbers, context, &number, assign).await {
            Ok(_) => return Ok(Some(number)),
            Err(AggregateError::UserError(_)) => continue,
            Err(error) => return Err(error),
        }
    }
    Ok(None)
}

async fn tell_the_buyer(pool: &PgPool, id: &str, order: &ServiceOrder, placeholder: &str, number: &str) {
    let body = format!(
        "Hello {},\n\nYour new {} number for order {} is ready: {number}.\n\nIt is live on your account now; \
         set it up in your dashboard, or reply to this e-mail if you would like a different one.\n",
        order.customer.first_name,
        area_code(placeholder),
        order.order_number
    );
    let subject = format!("Your new number for order {}", order.order_number);
    let reference = format!("{id}#{placeholder}");
    let mail = Mail {
        recipient: &order.customer.email,
        subject: &subject,
        body: &body,
        kind: "placeholder_filled",
        reference: &reference,
    };
    if let Err(error) = queue(pool, mail).await {
        tracing::error!(order = %order.order_number, %error, "the new number's e-mail was not queued");
    }
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
    let open: Vec<(String, String)> = sqlx::query_as(
        "SELECT view_id, p FROM order_view, json_array_elements_text(payload -> 'openPlaceholders') p
          WHERE payload ->> 'status' = 'completed' ORDER BY payload ->> 'completedAt', view_id LIMIT 200",
    )
    .fetch_all(ctx.pool)
    .await
    .map_err(|e| e.to_string())?;
    let mut report = Report::default();
    for (id, placeholder) in open {
        match fill(ctx, &id, &placeholder, None, FILL_PLACEHOLDERS).await {
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
