//! Time as a service, so aggregates and jobs can be tested at any moment.

use chrono::{DateTime, Utc};

pub trait Clock: Send + Sync {
    fn now(&self) -> DateTime<Utc>;
}

/// The real clock moved by a fixed time (tests of the real binary that need a week to pass:
/// `CLOCK_OFFSET_DAYS`, development only).
#[derive(Debug, Clone, Copy)]
pub struct ShiftedClock(pub chrono::Duration);

impl Clock for ShiftedClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now() + self.0
    }
}

/// The real clock.
#[derive(Debug, Clone, Copy, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> DateTime<Utc> {
        Utc::now()
    }
}

/// A clock that stands still at a given moment (tests).
#[derive(Debug, Clone, Copy)]
pub struct FixedClock(pub DateTime<Utc>);

impl Clock for FixedClock {
    fn now(&self) -> DateTime<Utc> {
        self.0
    }
}
