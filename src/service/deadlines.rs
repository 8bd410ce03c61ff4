//! The correspondence clock at work: a game whose deadline passes is lost on time by the player
//! to move, and the player to move is reminded once per move (the rules of both are
//! [`CorrespondenceClock`]'s). Everything is kept in the database, so a restart resolves at once
//! whatever fell due meanwhile.

use super::correspondence_clock::CorrespondenceClock;
use super::saving::Ending;
use super::vacations::clock_of;
use super::{ChallengeView, GameView, Millis, Result, Service, ServiceError};
use crate::store::{
    ClockTimes, DueReminder, EndReason, GameChange, GameId, GameStatus, GameWrite, Owed, StoreError,
};

/// What the clock decided at one tick.
#[derive(Debug, Default)]
pub struct Tick {
    /// Games just lost on time.
    pub timeouts: Vec<GameView>,
    /// Games whose player to move should be reminded, and whether by direct message too.
    pub reminders: Vec<(GameView, bool)>,
    /// Challenges that just expired.
    pub expired: Vec<ChallengeView>,
    /// Tournaments that started (their sign-up deadline came), moved to their next round or
    /// ended.
    pub tournaments: Vec<super::TournamentId>,
}

impl Service {
    /// Everything the clock decides now, in the order that keeps what it says true: vacations
    /// whose days are used end (giving their games their deadlines back), then games past
    /// their deadline are lost on time, reminders fall due, challenges expire and tournaments
    /// move on, and only then are the daily digests owed, so a digest never lists a game the
    /// same tick ends and its item comes after the loss's. Front ends call it regularly and
    /// turn the results into messages; each part runs even when another fails.
    #[tracing::instrument(skip(self))]
    pub async fn tick(&self) -> Tick {
        let log = |what: &str, error: ServiceError| {
            tracing::warn!("{what} failed: {error}");
        };
        // A vacation's end may give back deadlines that passed while the bot was stopped.
        if let Err(error) = self.end_used_vacations().await {
            log("ending used vacations", error);
        }
        let timeouts = self.resolve_timeouts().await.unwrap_or_else(|e| {
            log("resolving timeouts", e);
            Vec::new()
        });
        let reminders = self.take_reminders().await.unwrap_or_else(|e| {
            log("taking reminders", e);
            Vec::new()
        });
        let expired = self.expire_challenges().await.unwrap_or_else(|e| {
            log("expiring challenges", e);
            Vec::new()
        });
        let tournaments = self.tournament_tick().await.unwrap_or_else(|e| {
            log("moving tournaments on", e);
            Vec::new()
        });
        if let Err(error) = self.take_digests().await {
            log("owing the daily digests", error);
        }
        if let Err(error) = self.take_daily_puzzles().await {
            log("owing the daily puzzles", error);
        }
        Tick {
            timeouts,
            reminders,
            expired,
            tournaments,
        }
    }

    /// Ends every game whose player to move ran out of time (a loss on time, rated like any
    /// other result) and returns them, for the announcements. Safe to run at any moment, after a
    /// restart too: a game already decided is left alone.
    ///
    /// # Errors
    /// Database failures.
    #[tracing::instrument(skip(self))]
    pub async fn resolve_timeouts(&self) -> Result<Vec<GameView>> {
        let now = self.now();
        let mut ended = Vec::new();
        for id in self.store.overdue_games(now).await? {
            // One damaged game must not stop the others.
            match self.time_out(id, now).await {
                Ok(Some(view)) => ended.push(view),
                Ok(None) => {}
                Err(error) => tracing::warn!("could not end game #{id} on time: {error}"),
            }
        }
        Ok(ended)
    }

    /// Ends game `id` on time if its deadline has passed.
    async fn time_out(&self, id: GameId, now: Millis) -> Result<Option<GameView>> {
        let Some(write) = self.store.write_game(id).await? else {
            return Ok(None);
        };
        self.end_on_time(write, now).await
    }

    /// Ends a game whose deadline has passed as a loss for the player to move, in its write
    /// transaction, and returns it; a game already over, or not yet due, is left alone.
    pub(super) async fn end_on_time(
        &self,
        mut write: GameWrite<'_>,
        now: Millis,
    ) -> Result<Option<GameView>> {
        // A vacation whose days are used gives its game its deadline back, closed or not.
        let row = write.game.clone();
        if row.status != GameStatus::Active || !clock_of(&row).out_of_time(now) {
            return Ok(None);
        }
        let position = self.position_for_write(&mut write).await?;
        let Some(late) = position.game.to_move() else {
            return Ok(None);
        };
        let ending = Ending::Decided {
            winner: Some(late.other()),
            reason: EndReason::Timeout,
        };
        let change = GameChange {
            moves: Vec::new(),
            update: ending.update([row.white_id, row.red_id], row.rated),
        };
        match self.save_game_change(write, change, position, now).await {
            Ok(view) => Ok(Some(view)),
            Err(StoreError::Conflict) => Ok(None),
            Err(other) => Err(other.into()),
        }
    }

    /// The games whose player to move has a quarter of the time left, each reminded once per
    /// move, with whether that player asked for a direct message.
    ///
    /// # Errors
    /// Database failures.
    #[tracing::instrument(skip(self))]
    pub async fn take_reminders(&self) -> Result<Vec<(GameView, bool)>> {
        let mut due = Vec::new();
        let now = self.now();
        let taken = self
            .store
            .take_due_reminders(now, |due| take_reminder(due, now))
            .await?;
        if !taken.is_empty() {
            self.outbox_changed();
        }
        for reminder in taken {
            let id = reminder.game_id;
            match self.game(id).await {
                Ok(view) => due.push((view, reminder.wants_dm)),
                Err(error) => tracing::warn!("no reminder for game #{id}: {error}"),
            }
        }
        Ok(due)
    }

    /// Turns the reminder direct messages of the one who acts on or off.
    ///
    /// # Errors
    /// Database failures.
    #[tracing::instrument(skip(self))]
    pub async fn set_notify(&self, by: &super::Actor, on: bool) -> Result<()> {
        self.store
            .upsert_player(by.id(), &by.player.name, self.now())
            .await?;
        Ok(self.store.set_notify(by.id(), on).await?)
    }
}

/// A reminder taken at `now` when its clock says it is due: the clock once reminded, and what
/// the reminder owes.
fn take_reminder(due: &DueReminder, now: Millis) -> Option<(ClockTimes, Vec<Owed>)> {
    let clock = CorrespondenceClock::stored(due.move_seconds, due.clock);
    clock
        .reminder_due(now)
        .then(|| (clock.reminded().times(), reminders_owed(due)))
}

/// What a reminder owes: a word in the game's thread when it has one, and a direct message to a
/// player who asked for those.
fn reminders_owed(due: &DueReminder) -> Vec<Owed> {
    let (game, ply) = (due.game_id, due.plies);
    let thread = due.channel_id.map(|_| Owed::Reminder { game, ply });
    let direct = due.wants_dm.then_some(Owed::ReminderDm { game, ply });
    thread.into_iter().chain(direct).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reminder_goes_to_the_thread_and_by_direct_message_to_who_asked() {
        let due = |channel_id, wants_dm| DueReminder {
            game_id: GameId::new(4),
            plies: 6,
            channel_id,
            wants_dm,
            move_seconds: Some(86_400),
            clock: ClockTimes::default(),
        };
        let (game, ply) = (GameId::new(4), 6);
        let thread = Owed::Reminder { game, ply };
        let direct = Owed::ReminderDm { game, ply };
        assert_eq!(reminders_owed(&due(Some(70.into()), false)), [thread]);
        assert_eq!(
            reminders_owed(&due(Some(70.into()), true)),
            [thread, direct]
        );
        assert_eq!(reminders_owed(&due(None, true)), [direct]);
        assert_eq!(reminders_owed(&due(None, false)), []);
    }
}

#[cfg(test)]
mod reminder_tests {
    use super::*;

    #[test]
    fn a_reminder_is_taken_only_when_its_clock_says_so_and_then_cleared() {
        const DAY: Millis = 86_400_000;
        let clock = CorrespondenceClock::new(Some(4 * 86_400)).start(0);
        let due = |clock: CorrespondenceClock| DueReminder {
            game_id: GameId::new(4),
            plies: 6,
            channel_id: Some(70.into()),
            wants_dm: false,
            move_seconds: Some(4 * 86_400),
            clock: clock.times(),
        };
        assert_eq!(take_reminder(&due(clock), 3 * DAY - 1), None);
        let (cleared, owed) = take_reminder(&due(clock), 3 * DAY).unwrap();
        assert_eq!(cleared, clock.reminded().times());
        assert_eq!(owed.len(), 1);
        assert_eq!(take_reminder(&due(clock), 4 * DAY), None, "out of time");
        let away = clock.pause_at(DAY, 10 * DAY);
        assert_eq!(take_reminder(&due(away), 5 * DAY), None, "away");
    }
}
