//! A game's correspondence clock as the `games` table keeps it: five columns of times, bound to
//! every statement that writes them by one helper, in the order [`SET_CLOCK`] names them.

use sqlx::query::{Query, QueryScalar};
use sqlx::sqlite::SqliteArguments;
use sqlx::{Encode, Sqlite, Type};

use super::Millis;

/// A game's correspondence clock as stored: the times only. What they mean (a deadline, a
/// reminder, a clock stopped while the player to move is away) is the service's
/// `CorrespondenceClock`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, sqlx::FromRow)]
pub struct ClockTimes {
    pub deadline_at: Option<Millis>,
    pub remind_at: Option<Millis>,
    pub paused_until: Option<Millis>,
    pub paused_deadline_in: Option<Millis>,
    pub paused_remind_in: Option<Millis>,
}

/// The clock's columns set from five parameters, in the order [`BindClock::bind_clock`] binds
/// them.
pub(super) const SET_CLOCK: &str = "deadline_at = ?, remind_at = ?, paused_until = ?, \
     paused_deadline_in = ?, paused_remind_in = ?";

/// A statement that takes a clock's five times as its next five parameters.
pub(super) trait BindClock<'q>: Sized {
    fn bind_one<T: 'q + Encode<'q, Sqlite> + Type<Sqlite>>(self, value: T) -> Self;

    /// Binds `clock`'s times in the order of [`SET_CLOCK`].
    fn bind_clock(self, clock: ClockTimes) -> Self {
        self.bind_one(clock.deadline_at)
            .bind_one(clock.remind_at)
            .bind_one(clock.paused_until)
            .bind_one(clock.paused_deadline_in)
            .bind_one(clock.paused_remind_in)
    }
}

impl<'q> BindClock<'q> for Query<'q, Sqlite, SqliteArguments<'q>> {
    fn bind_one<T: 'q + Encode<'q, Sqlite> + Type<Sqlite>>(self, value: T) -> Self {
        self.bind(value)
    }
}

impl<'q, O> BindClock<'q> for QueryScalar<'q, Sqlite, O, SqliteArguments<'q>> {
    fn bind_one<T: 'q + Encode<'q, Sqlite> + Type<Sqlite>>(self, value: T) -> Self {
        self.bind(value)
    }
}
