//! Vacations: a player away from a server's games for whole days. While they are away, the
//! clock of each of their games there in which they are to move stands still, and they get no
//! reminders (a game without a deadline has none); when they return, by themselves or when the
//! days they asked for are used, each game has the time it had left. Games where the opponent
//! is to move go on. Tournament games stand still only where the tournament allows it.
//!
//! Each server gives a player an allowance of whole days per calendar year (UTC), set by its
//! managers (default 30, 0 turns vacations off); a day begun counts whole, and a vacation ended
//! early gives its unused days back.

use crate::ids::GuildId;
use time::OffsetDateTime;

use super::correspondence_clock::CorrespondenceClock;
use super::{Actor, Millis, PlayerId, Result, Service, ServiceError};
use crate::store::{
    Absence, ClockTimes, DAY, GameClock, GameRow, GameUpdate, GameWrite, NewGame, VacationRow,
    VacationWrite,
};

/// Where a player stands with vacations in a server.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VacationStatus {
    /// While away: when the vacation ends by itself.
    pub away_until: Option<Millis>,
    /// Days left this calendar year (the vacation going on counted whole).
    pub days_left: i64,
    /// Days a player has per calendar year in this server (0: vacations are off).
    pub allowance: i64,
}

/// The longest allowance a server may give (a year's days).
pub const MOST_VACATION_DAYS: i64 = 365;

/// The days a server gives each player a year unless its managers say otherwise.
const DEFAULT_ALLOWANCE: i64 = 30;

impl Service {
    /// The one who acts leaves the games of their server (`by.guild`) for `days` whole days,
    /// from now.
    ///
    /// # Errors
    /// Vacations off in this server, already away, days outside 1 to what is left (nothing is
    /// written then); database failures.
    #[tracing::instrument(skip(self))]
    pub async fn start_vacation(&self, by: &Actor, days: i64) -> Result<VacationStatus> {
        let status = self.vacation_status(by).await?;
        if status.allowance == 0 {
            return Err(ServiceError::VacationsOff);
        }
        if let Some(until) = status.away_until {
            return Err(ServiceError::AlreadyAway(until));
        }
        if !(1..=status.days_left).contains(&days) {
            return Err(ServiceError::VacationDays(status.days_left));
        }
        let now = self.now();
        self.store
            .upsert_player(by.id(), &by.player.name, now)
            .await?;
        let mut write = self.store.write_vacation(by.id(), by.guild).await?;
        // A vacation whose days are used but which the clock has not closed yet ends at its
        // own end first: its games get their time back from then. One still going on (begun
        // meanwhile by another request) stands.
        if let Some(open) = write.open {
            if let Some(until) = away_at(&open, now) {
                return Err(ServiceError::AlreadyAway(until));
            }
            close(&mut write, open.until_at, now).await?;
        }
        let until = now + days * DAY;
        write.start(now, until, year_of(now)).await?;
        for game in clocks_stopped(&mut write).await? {
            let clock = CorrespondenceClock::stored(game.move_seconds, game.clock);
            let paused = clock.pause_at(now, until);
            if paused != clock {
                write.set_clock(&game, paused.times(), now).await?;
            }
        }
        write.commit().await?;
        Ok(VacationStatus {
            away_until: Some(until),
            days_left: status.days_left - days,
            allowance: status.allowance,
        })
    }

    /// The one who acts is back in their server before their vacation's end: the clocks run
    /// again and the days not begun return.
    ///
    /// # Errors
    /// Not away (nothing is written then); database failures.
    #[tracing::instrument(skip(self))]
    pub async fn end_vacation(&self, by: &Actor) -> Result<VacationStatus> {
        let now = self.now();
        let mut write = self.store.write_vacation(by.id(), by.guild).await?;
        let Some(open) = write.open else {
            return Err(ServiceError::NotAway);
        };
        // One whose days are used was over already: it ends at its own end, and the player
        // was not away.
        let used = away_at(&open, now).is_none();
        close(&mut write, now.clamp(open.started_at, open.until_at), now).await?;
        write.commit().await?;
        if used {
            return Err(ServiceError::NotAway);
        }
        self.vacation_status(by).await
    }

    /// Where the one who acts stands with vacations in their server.
    ///
    /// # Errors
    /// Database failures.
    pub async fn vacation_status(&self, by: &Actor) -> Result<VacationStatus> {
        let (player, guild) = (by.id(), by.guild);
        let now = self.now();
        let allowance = self
            .store
            .vacation_allowance(guild)
            .await?
            .unwrap_or(DEFAULT_ALLOWANCE);
        let taken: i64 = self
            .store
            .vacations_in_year(player, guild, year_of(now))
            .await?
            .iter()
            .map(days_taken)
            .sum();
        let away = self.store.vacation(player, guild).await?;
        Ok(VacationStatus {
            away_until: away.and_then(|open| away_at(&open, now)),
            days_left: (allowance - taken).max(0),
            allowance,
        })
    }

    /// When `player`'s vacation in `guild` ends, if they are away.
    ///
    /// # Errors
    /// Database failures.
    pub async fn away_until(
        &self,
        player: PlayerId,
        guild: Option<GuildId>,
    ) -> Result<Option<Millis>> {
        let away = self.store.vacation(player, guild).await?;
        Ok(away.and_then(|open| away_at(&open, self.now())))
    }

    /// Sets the days of vacation a player has per calendar year in `by`'s server (0: off).
    /// Taken days stay taken; a vacation going on goes on.
    ///
    /// # Errors
    /// [`ServiceError::NoServer`] outside a server; [`ServiceError::ManagersOnly`] to a
    /// member who does not manage it; more days than a year has; database failures.
    pub async fn set_vacation_allowance(&self, by: &Actor, days: i64) -> Result<()> {
        let guild = by.managed_guild()?;
        if !(0..=MOST_VACATION_DAYS).contains(&days) {
            return Err(ServiceError::VacationAllowance(MOST_VACATION_DAYS));
        }
        Ok(self.store.set_vacation_allowance(guild, days).await?)
    }

    /// Ends the vacations whose days are used, each at its own end (not now: a bot that was
    /// stopped meanwhile counts the time since), restarting their games' clocks.
    ///
    /// # Errors
    /// Database failures.
    pub(super) async fn end_used_vacations(&self) -> Result<usize> {
        let now = self.now();
        let mut ended = 0;
        let open = self.store.open_vacations().await?;
        for vacation in open.iter().filter(|open| away_at(open, now).is_none()) {
            let mut write = self
                .store
                .write_vacation(vacation.player_id, vacation.guild_id)
                .await?;
            // Ended meanwhile (the player came back): nothing left to close.
            let Some(open) = write.open.filter(|open| away_at(open, now).is_none()) else {
                continue;
            };
            close(&mut write, open.until_at, now).await?;
            write.commit().await?;
            ended += 1;
        }
        Ok(ended)
    }
}

/// Ends the vacation going on at `at` and gives the clocks it stopped the time each had left,
/// from `at`; the games' versions move on at `now`.
async fn close(write: &mut VacationWrite<'_>, at: Millis, now: Millis) -> Result<()> {
    write.end(at).await?;
    for game in clocks_stopped(write).await? {
        let clock = CorrespondenceClock::stored(game.move_seconds, game.clock);
        let resumed = clock.resume_at(at);
        if resumed != clock {
            write.set_clock(&game, resumed.times(), now).await?;
        }
    }
    Ok(())
}

/// Stops the clock `update` starts when the player it gives the move to is away (and the
/// game is one a vacation stops): the time the clock would have had is kept for their return.
pub(super) async fn stop_clock_if_away(
    write: &mut GameWrite<'_>,
    update: &mut GameUpdate,
    now: Millis,
) -> Result<()> {
    let Some(next) = update.to_move_id else {
        return Ok(());
    };
    let clock = CorrespondenceClock::stored(write.game.move_seconds, update.clock);
    if clock.time_left(now).is_none() {
        return Ok(());
    }
    let absence = write.absence(next).await?;
    if let Some(until) = absence.and_then(|absence| stopped_until(&absence, now)) {
        update.clock = clock.pause_at(now, until).times();
    }
    Ok(())
}

/// The clock a new game starts with when its opener, the player to move, has a vacation going
/// on there: stopped from its start until their return, with the whole time of the first move
/// kept, when the game is one a vacation stops and the vacation is not over.
pub(super) fn new_clock_if_away(game: &NewGame, absence: &Absence) -> ClockTimes {
    match stopped_until(absence, game.created_at) {
        Some(until) => CorrespondenceClock::stored(game.move_seconds, game.clock)
            .pause_at(game.created_at, until)
            .times(),
        None => game.clock,
    }
}

/// When a vacation going on ends, if it is not over at `now`: a vacation is over at its end,
/// whether or not the clock's tick has closed it yet.
fn away_at(open: &VacationRow, now: Millis) -> Option<Millis> {
    Some(open.until_at).filter(|&until| until > now)
}

/// Whether a vacation stops a game: every game outside tournaments, and a tournament's only
/// where the tournament stops for vacations (`tournament_pauses`, `None` outside one).
fn stops(tournament_pauses: Option<bool>) -> bool {
    tournament_pauses != Some(false)
}

/// Until when `absence` stops its game's clock at `now`, if it does.
fn stopped_until(absence: &Absence, now: Millis) -> Option<Millis> {
    away_at(&absence.vacation, now).filter(|_| stops(absence.tournament_pauses))
}

/// The clocks of the player's games that their vacation stops.
async fn clocks_stopped(write: &mut VacationWrite<'_>) -> Result<Vec<GameClock>> {
    let mut clocks = write.game_clocks().await?;
    clocks.retain(|game| stops(game.tournament_pauses));
    Ok(clocks)
}

/// The clock of a stored game.
pub(super) fn clock_of(row: &GameRow) -> CorrespondenceClock {
    CorrespondenceClock::stored(row.move_seconds, row.clock)
}

/// A game as it stands at `now`: a vacation is over at its end whether or not the clock's
/// tick has closed it yet, so a game it stopped has its deadline (and its reminder) back,
/// counted from that end, as closing the vacation will save it.
pub(super) fn as_of(mut row: GameRow, now: Millis) -> GameRow {
    row.clock = clock_of(&row).as_of(now).times();
    row
}

/// The whole days a vacation takes from the allowance: a day begun counts whole (one going on
/// holds the days it was asked for).
fn days_taken(vacation: &VacationRow) -> i64 {
    let end = vacation.ended_at.unwrap_or(vacation.until_at);
    (end - vacation.started_at + DAY - 1).div_euclid(DAY).max(0)
}

/// The calendar year (UTC) of a moment.
fn year_of(at: Millis) -> i64 {
    OffsetDateTime::from_unix_timestamp_nanos(i128::from(at) * 1_000_000)
        .map_or(1970, |moment| i64::from(moment.year()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_day_begun_counts_whole() {
        let taken = |started_at, until_at, ended_at| {
            days_taken(&VacationRow {
                player_id: PlayerId::new(1),
                guild_id: Some(GuildId::from(7)),
                started_at,
                until_at,
                ended_at,
                year: 2026,
            })
        };
        assert_eq!(taken(0, 10 * DAY, None), 10, "going on: the days asked for");
        assert_eq!(taken(0, 10 * DAY, Some(1)), 1);
        assert_eq!(taken(0, 10 * DAY, Some(DAY)), 1);
        assert_eq!(taken(0, 10 * DAY, Some(DAY + 1)), 2);
        assert_eq!(taken(0, 10 * DAY, Some(0)), 0, "back at once");
    }

    #[test]
    fn a_new_game_stops_for_a_vacation_not_over_outside_tournaments_that_keep_going() {
        let game = NewGame {
            opener_id: PlayerId::new(1),
            other_id: PlayerId::new(2),
            variant: crate::game::Variant::DEFAULT,
            move_seconds: Some(86_400),
            rated: true,
            guild_id: None,
            channel_id: None,
            clock: CorrespondenceClock::new(Some(86_400)).start(0).times(),
            created_at: 0,
            origin: None,
            anchor: None,
        };
        let absence = |until_at, tournament_pauses| Absence {
            vacation: VacationRow {
                player_id: PlayerId::new(1),
                guild_id: None,
                started_at: -DAY,
                until_at,
                ended_at: None,
                year: 1970,
            },
            tournament_pauses,
        };
        let stopped = CorrespondenceClock::stored(Some(86_400), game.clock)
            .pause_at(0, 3 * DAY)
            .times();
        assert_eq!(new_clock_if_away(&game, &absence(3 * DAY, None)), stopped);
        assert_eq!(
            new_clock_if_away(&game, &absence(3 * DAY, Some(true))),
            stopped
        );
        assert_eq!(
            new_clock_if_away(&game, &absence(3 * DAY, Some(false))),
            game.clock,
            "a tournament that keeps going"
        );
        assert_eq!(
            new_clock_if_away(&game, &absence(0, None)),
            game.clock,
            "over at its end, closed or not"
        );
    }

    #[test]
    fn a_vacation_counts_in_the_calendar_year_it_starts() {
        // 2025-12-31 23:59:59.999 UTC and a millisecond later.
        assert_eq!(year_of(1_767_225_599_999), 2025);
        assert_eq!(year_of(1_767_225_600_000), 2026);
    }
}
