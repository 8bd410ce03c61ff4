//! Vacations: a player away from a server's games for whole days. While they are away, the
//! clock of each of their games there in which they are to move stands still, and they get no
//! reminders (a game without a deadline has none); when they return, by themselves or when the
//! days they asked for are used, each game has the time it had left. Games where the opponent
//! is to move go on. Tournament games stand still only where the tournament allows it.
//!
//! Each server gives a player an allowance of whole days per calendar year (UTC), set by its
//! managers (default 30, 0 turns vacations off); a day begun counts whole, and a vacation ended
//! early gives its unused days back.

use time::OffsetDateTime;

use super::{Millis, Player, PlayerId, Result, Service, ServiceError};
use crate::store::{DAY, GameRow, GameUpdate, GameWrite, Paused, VacationRow};

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

impl Service {
    /// `player` leaves the server's games for `days` whole days, from now.
    ///
    /// # Errors
    /// Vacations off in this server, already away, days outside 1 to what is left (nothing is
    /// written then); database failures.
    #[tracing::instrument(skip(self))]
    pub async fn start_vacation(
        &self,
        player: &Player,
        guild: i64,
        days: i64,
    ) -> Result<VacationStatus> {
        let status = self.vacation_status(player.id, guild).await?;
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
            .upsert_player(player.id, &player.name, now)
            .await?;
        // A vacation whose days are used but which the clock has not closed yet ends at its
        // own end first: its games get their time back from then.
        self.end_used_vacation(player.id, guild, now).await?;
        let until = now + days * DAY;
        let started = self
            .store
            .start_vacation(player.id, guild, now, until, year_of(now))
            .await?;
        // Two at once: the other started it.
        let Some(started) = started else {
            return Err(ServiceError::AlreadyAway(until));
        };
        Ok(VacationStatus {
            away_until: Some(started.until_at),
            days_left: status.days_left - days,
            allowance: status.allowance,
        })
    }

    /// `player` is back before their vacation's end: the clocks run again and the days not
    /// begun return.
    ///
    /// # Errors
    /// Not away (nothing is written then); database failures.
    #[tracing::instrument(skip(self))]
    pub async fn end_vacation(&self, player: PlayerId, guild: i64) -> Result<VacationStatus> {
        let now = self.now();
        // One whose days are used was over already: it ends at its own end, and the player
        // was not away.
        if self.end_used_vacation(player, guild, now).await? {
            return Err(ServiceError::NotAway);
        }
        let ended = self.store.end_vacation(player, guild, now).await?;
        if ended.is_none() {
            return Err(ServiceError::NotAway);
        }
        self.vacation_status(player, guild).await
    }

    /// Ends `player`'s vacation in `guild` at its own end if its days are used at `now`;
    /// whether there was one to end.
    async fn end_used_vacation(&self, player: PlayerId, guild: i64, now: Millis) -> Result<bool> {
        let Some(used) = self
            .store
            .vacation(player, guild)
            .await?
            .filter(|v| v.until_at <= now)
        else {
            return Ok(false);
        };
        self.store
            .end_vacation(player, guild, used.until_at)
            .await?;
        Ok(true)
    }

    /// Where `player` stands with vacations in `guild`.
    ///
    /// # Errors
    /// Database failures.
    pub async fn vacation_status(&self, player: PlayerId, guild: i64) -> Result<VacationStatus> {
        let now = self.now();
        let allowance = self.store.vacation_allowance(guild).await?;
        let taken = self
            .store
            .vacation_days_taken(player, guild, year_of(now))
            .await?;
        let away = self.store.vacation(player, guild).await?;
        Ok(VacationStatus {
            away_until: away_at(away, now),
            days_left: (allowance - taken).max(0),
            allowance,
        })
    }

    /// When `player`'s vacation in `guild` ends, if they are away.
    ///
    /// # Errors
    /// Database failures.
    pub async fn away_until(&self, player: PlayerId, guild: i64) -> Result<Option<Millis>> {
        let away = self.store.vacation(player, guild).await?;
        Ok(away_at(away, self.now()))
    }

    /// Sets the days of vacation a player has per calendar year in `guild` (0: off). Taken
    /// days stay taken; a vacation going on goes on.
    ///
    /// # Errors
    /// More days than a year has; database failures.
    pub async fn set_vacation_allowance(&self, guild: i64, days: i64) -> Result<()> {
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
        let ending = self.store.vacations_ending(self.now()).await?;
        for vacation in &ending {
            self.store
                .end_vacation(vacation.player_id, vacation.guild_id, vacation.until_at)
                .await?;
        }
        Ok(ending.len())
    }
}

/// Stops the clock `update` starts when the player it gives the move to is away (and the
/// game is one a vacation stops): the time the clock would have had is kept for their return.
pub(super) async fn stop_clock_if_away(
    write: &mut GameWrite<'_>,
    update: &mut GameUpdate,
    now: Millis,
) -> Result<()> {
    let (Some(next), Some(deadline)) = (update.to_move_id, update.deadline_at) else {
        return Ok(());
    };
    // A vacation whose days are used is over, whether or not the clock has closed it yet.
    if let Some(until) = write.away_until(next).await?.filter(|&until| until > now) {
        update.paused = Some(Paused {
            until,
            deadline_in: deadline - now,
            remind_in: update.remind_at.map(|at| at - now),
        });
        (update.deadline_at, update.remind_at) = (None, None);
    }
    Ok(())
}

/// When a player's open vacation ends, if they are still away at `now`: it is over at its
/// end, not when the clock's tick next closes it.
fn away_at(open: Option<VacationRow>, now: Millis) -> Option<Millis> {
    open.map(|v| v.until_at).filter(|&until| until > now)
}

/// A game as it stands at `now`: a vacation is over at its end whether or not the clock's
/// tick has closed it yet, so a game it stopped has its deadline (and its reminder) back,
/// counted from that end, as closing the vacation will save it.
pub(super) fn as_of(mut row: GameRow, now: Millis) -> GameRow {
    if let Some(until) = row.paused_until.filter(|&until| until <= now) {
        row.deadline_at = row.paused_deadline_in.map(|left| until + left);
        row.remind_at = row.paused_remind_in.map(|left| until + left);
        (
            row.paused_until,
            row.paused_deadline_in,
            row.paused_remind_in,
        ) = (None, None, None);
    }
    row
}

/// The calendar year (UTC) of a moment.
fn year_of(at: Millis) -> i64 {
    OffsetDateTime::from_unix_timestamp_nanos(i128::from(at) * 1_000_000)
        .map_or(1970, |moment| i64::from(moment.year()))
}

#[cfg(test)]
mod tests {
    use super::year_of;

    #[test]
    fn a_vacation_counts_in_the_calendar_year_it_starts() {
        // 2025-12-31 23:59:59.999 UTC and a millisecond later.
        assert_eq!(year_of(1_767_225_599_999), 2025);
        assert_eq!(year_of(1_767_225_600_000), 2026);
    }
}
