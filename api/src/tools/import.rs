//! `voip-shop import-numbers FILE.csv`: adds an operator's real stock. Every line is
//! checked; rejected lines are reported with their line number and reason; numbers
//! already in the stock are left alone, so importing a file twice changes nothing.
//!
//! The file is read as a stream (the `csv` crate: quoted fields, a byte order mark) on a
//! thread of its own, which hands batches of checked numbers to the inserts, so reading and
//! writing overlap and memory holds a few batches plus one set of the file's numbers (to
//! reject a number's second line), not the file. PostgreSQL finds the numbers already in
//! stock (`ON CONFLICT DO NOTHING`).
//!
//! The stock is source data, not a read model: the rows come only from the seed and from
//! this import, and `rebuild-views` rewrites only their state columns from the PhoneNumber
//! events (docs/architecture.md), so imported stock survives every rebuild.

use std::collections::{HashSet, VecDeque};
use std::io::Read;
use std::path::Path;

use projections::inventory::{add_stock, parse_stock_fields, StockNumber};
use sqlx::PgPool;
use tokio::sync::mpsc;

use crate::tools::progress::Progress;

/// Numbers inserted per statement.
const BATCH: usize = 5000;

#[derive(Debug, Default, PartialEq, Eq)]
pub struct ImportReport {
    pub added: u64,
    pub already_there: u64,
    pub rejected: Vec<(usize, String)>,
}

#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
    #[error("cannot read the file: {0}")]
    Read(String),
}

/// Imports the file at `path`, with progress on the terminal or in the log.
pub async fn import_file(pool: &PgPool, path: &Path) -> Result<ImportReport, ImportError> {
    let file = std::fs::File::open(path).map_err(|e| ImportError::Read(format!("{}: {e}", path.display())))?;
    let size = file.metadata().map(|m| m.len()).unwrap_or(0);
    import_numbers(pool, std::io::BufReader::with_capacity(1 << 20, file), size).await
}

/// Imports a stock file read from `input` (`size` bytes long, for progress; 0 if unknown).
pub async fn import_numbers<R: Read + Send + 'static>(
    pool: &PgPool,
    input: R,
    size: u64,
) -> Result<ImportReport, ImportError> {
    let (batches, mut incoming) = mpsc::channel::<Vec<StockNumber>>(2);
    let reader = tokio::task::spawn_blocking(move || read_stock(input, size, batches));
    let (mut added, mut valid) = (0, 0);
    let mut failed = None;
    while let Some(batch) = incoming.recv().await {
        valid += batch.len() as u64;
        match add_stock(pool, &batch).await {
            Ok(n) => added += n,
            Err(error) => {
                // Closing the channel stops the reader at its next batch.
                failed = Some(error);
                break;
            }
        }
    }
    drop(incoming);
    let read = reader.await.map_err(|e| ImportError::Read(e.to_string()))?;
    if let Some(error) = failed {
        return Err(error.into());
    }
    let rejected = read?;
    Ok(ImportReport { added, already_there: valid - added, rejected })
}

/// Reads and checks every line, sending the valid numbers in batches; answers the rejected
/// lines. Runs on a blocking thread: the `csv` reader is synchronous.
fn read_stock<R: Read>(
    input: R,
    size: u64,
    batches: mpsc::Sender<Vec<StockNumber>>,
) -> Result<Vec<(usize, String)>, ImportError> {
    let mut reader = csv::ReaderBuilder::new().has_headers(false).flexible(true).from_reader(LineCounter {
        inner: input,
        offset: 0,
        newlines: VecDeque::new(),
        passed: 0,
    });
    let mut progress = Progress::new("importing numbers", "bytes", size);
    let mut seen: HashSet<u64> = HashSet::new();
    let mut rejected = Vec::new();
    let mut batch = Vec::with_capacity(BATCH);
    let mut record = csv::ByteRecord::new();
    let mut lines = 0_u64;
    while reader.read_byte_record(&mut record).map_err(|e| ImportError::Read(e.to_string()))? {
        let end = reader.position().byte();
        let line = reader.get_mut().line_ending_at(end);
        lines += 1;
        let fields: Result<Vec<&str>, _> = record.iter().map(std::str::from_utf8).collect();
        let Ok(mut fields) = fields else {
            rejected.push((line, "is not UTF-8 text: save the file as UTF-8 CSV".to_string()));
            continue;
        };
        if line == 1 {
            // A byte order mark (spreadsheets write one) is not part of the first field.
            if let Some(first) = fields.first_mut() {
                *first = first.trim_start_matches('\u{feff}');
            }
            if fields.first().is_some_and(|f| f.trim().to_ascii_lowercase().starts_with("country")) {
                continue;
            }
        }
        // Blank lines and `#` comments.
        if fields.iter().all(|f| f.trim().is_empty()) || fields.first().is_some_and(|f| f.trim_start().starts_with('#'))
        {
            continue;
        }
        match parse_stock_fields(&fields) {
            // A stock number's value is its E.164 digits (at most 15), so it fits in a u64:
            // the set of a million numbers takes a few megabytes.
            Ok(number) => match number.value.parse::<u64>() {
                Ok(key) if !seen.insert(key) => {
                    rejected.push((line, format!("{} appears twice in the file", number.value)));
                }
                Ok(_) => {
                    batch.push(number);
                    if batch.len() == BATCH {
                        let full = std::mem::replace(&mut batch, Vec::with_capacity(BATCH));
                        if batches.blocking_send(full).is_err() {
                            // The inserts stopped on an error; they report it.
                            return Ok(rejected);
                        }
                    }
                }
                Err(_) => rejected.push((line, format!("{} is not a number of digits", number.value))),
            },
            Err(reason) => rejected.push((line, reason)),
        }
        if lines.is_multiple_of(1024) {
            let at = record.position().map_or(0, |p| p.byte());
            progress.set(at, || format!("{lines} lines"));
        }
    }
    if !batch.is_empty() {
        let _ = batches.blocking_send(batch);
    }
    progress.set(size, || format!("{lines} lines"));
    progress.finish();
    tracing::info!(lines, seconds = progress.elapsed().as_secs_f64(), "stock file read");
    Ok(rejected)
}

/// The file's line numbers for the report: the `csv` reader counts only the lines it
/// returns (not blank ones), so the newlines are counted here as the bytes go by. Only those
/// in the reader's buffer ahead of the current record are kept.
struct LineCounter<R> {
    inner: R,
    offset: u64,
    newlines: VecDeque<u64>,
    passed: usize,
}

impl<R> LineCounter<R> {
    /// The line of the record that ends at byte `end` (records come in order): the
    /// newlines before it, its own terminator included, or one more when the file's last
    /// line has none. (A record's start is no help: it is counted from before the blank
    /// lines the reader skipped.)
    fn line_ending_at(&mut self, end: u64) -> usize {
        let mut terminated = false;
        while self.newlines.front().is_some_and(|&newline| newline < end) {
            terminated = self.newlines.pop_front() == Some(end - 1);
            self.passed += 1;
        }
        if terminated {
            self.passed
        } else {
            self.passed + 1
        }
    }
}

impl<R: Read> Read for LineCounter<R> {
    fn read(&mut self, buffer: &mut [u8]) -> std::io::Result<usize> {
        let read = self.inner.read(buffer)?;
        for (at, _) in buffer[..read].iter().enumerate().filter(|(_, &b)| b == b'\n') {
            self.newlines.push_back(self.offset + at as u64);
        }
        self.offset += read as u64;
        Ok(read)
    }
}
