//! The operator's commands beside `serve`: rebuilding the read tables from the events,
//! importing numbers, seeding a development database, with their progress bars.

pub mod import;
pub mod progress;
pub mod rebuild;
pub mod seed;
