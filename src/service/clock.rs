//! Time as the service sees it: the system clock in production, a hand-moved clock in tests.

use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use crate::store::Millis;

pub trait Clock: Send + Sync {
    /// Unix time in milliseconds.
    fn now(&self) -> Millis;
}

pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> Millis {
        SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as Millis)
    }
}

/// A clock that only moves when told to.
pub struct ManualClock(AtomicI64);

impl ManualClock {
    pub fn new(start: Millis) -> ManualClock {
        ManualClock(AtomicI64::new(start))
    }

    pub fn advance(&self, millis: Millis) {
        self.0.fetch_add(millis, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now(&self) -> Millis {
        self.0.load(Ordering::SeqCst)
    }
}

/// The system clock moved by a fixed offset (tests of the bot binary use it to be "later").
pub struct OffsetClock(pub Millis);

impl Clock for OffsetClock {
    fn now(&self) -> Millis {
        SystemClock.now() + self.0
    }
}
