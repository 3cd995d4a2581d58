//! `voip-shop import-numbers FILE.csv`: adds an operator's real stock. Every line is
//! checked; rejected lines are reported with their line number and reason; numbers
//! already in the stock are left alone, so importing a file twice changes nothing.

use projections::inventory::{add_stock, parse_stock_line, StockNumber};
use sqlx::PgPool;

#[derive(Debug, Default, PartialEq, Eq)]
pub struct ImportReport {
    pub added: u64,
    pub already_there: u64,
    pub rejected: Vec<(usize, String)>,
}

pub async fn import_numbers(pool: &PgPool, csv: &str) -> Result<ImportReport, sqlx::Error> {
    let mut report = ImportReport::default();
    let mut valid: Vec<StockNumber> = Vec::new();
    for (index, line) in csv.lines().enumerate() {
        let line = line.trim();
        let is_header = index == 0 && line.to_ascii_lowercase().starts_with("country");
        if line.is_empty() || line.starts_with('#') || is_header {
            continue;
        }
        match parse_stock_line(line) {
            Ok(number) if valid.iter().any(|n| n.value == number.value) => {
                report.rejected.push((index + 1, format!("{} appears twice in the file", number.value)));
            }
            Ok(number) => valid.push(number),
            Err(reason) => report.rejected.push((index + 1, reason)),
        }
    }
    report.added = add_stock(pool, &valid).await?;
    report.already_there = valid.len() as u64 - report.added;
    Ok(report)
}
