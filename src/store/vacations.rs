//! Vacations (the `vacations` table) and the clocks they stop. Starting one stops, in the same
//! transaction, the clock of each game of the player in that server where they are to move
//! (tournament games only where the tournament allows it); ending one gives each game the time
//! it had left. A game whose clock stands still has no deadline meanwhile, so the clock's
//! queries pass it by.

use sqlx::{Sqlite, SqliteConnection, Transaction};

use super::game_write::GameWrite;
use super::{GameId, Millis, PlayerId, Store, StoreError};

/// A day, the unit of vacations.
pub const DAY: Millis = 86_400_000;

#[derive(Clone, Copy, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct VacationRow {
    pub player_id: PlayerId,
    pub guild_id: i64,
    pub started_at: Millis,
    pub until_at: Millis,
    pub ended_at: Option<Millis>,
    pub year: i64,
}

/// A game clock stopped by a vacation: until when, and the time that was left to the deadline
/// and to the reminder (`None`: already reminded).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Paused {
    pub until: Millis,
    pub deadline_in: Millis,
    pub remind_in: Option<Millis>,
}

const SELECT_VACATION: &str =
    "SELECT player_id, guild_id, started_at, until_at, ended_at, year FROM vacations";

/// The server of the games outside any server (`ponte local`'s): a vacation there stops them.
pub const NO_SERVER: i64 = 0;

/// The games whose clock a vacation of `player` in `guild` stops: theirs to move, with a
/// deadline still ahead, outside tournaments that keep going.
const PAUSABLE: &str = "status = 'active' AND COALESCE(guild_id, 0) = ?2 AND to_move_id = ?1
     AND (tournament_id IS NULL
          OR tournament_id IN (SELECT id FROM tournaments WHERE vacations_pause = 1))";

impl Store {
    /// `player`'s vacation in `guild`, if they are away.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn vacation(
        &self,
        player: PlayerId,
        guild: i64,
    ) -> Result<Option<VacationRow>, StoreError> {
        Ok(current(&mut *self.pool.acquire().await?, player, guild).await?)
    }

    /// The whole days of vacation `player` has taken (or holds, for one going on) in `guild`
    /// in calendar `year`: a day begun counts whole.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn vacation_days_taken(
        &self,
        player: PlayerId,
        guild: i64,
        year: i64,
    ) -> Result<i64, StoreError> {
        Ok(sqlx::query_scalar(
            "SELECT COALESCE(SUM((COALESCE(ended_at, until_at) - started_at + ?4 - 1) / ?4), 0)
             FROM vacations WHERE player_id = ?1 AND guild_id = ?2 AND year = ?3",
        )
        .bind(player)
        .bind(guild)
        .bind(year)
        .bind(DAY)
        .fetch_one(&self.pool)
        .await?)
    }

    /// The vacation days a player has per calendar year in `guild`.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn vacation_allowance(&self, guild: i64) -> Result<i64, StoreError> {
        Ok(
            sqlx::query_scalar("SELECT vacation_days FROM guild_settings WHERE guild_id = ?")
                .bind(guild)
                .fetch_optional(&self.pool)
                .await?
                .unwrap_or(DEFAULT_ALLOWANCE),
        )
    }

    /// # Errors
    /// On a database failure.
    pub async fn set_vacation_allowance(&self, guild: i64, days: i64) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO guild_settings (guild_id, vacation_days) VALUES (?, ?)
             ON CONFLICT (guild_id) DO UPDATE SET vacation_days = excluded.vacation_days",
        )
        .bind(guild)
        .bind(days)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Starts `player`'s vacation in `guild` at `now`, to end by itself at `until`, counted in
    /// `year`, and stops the clocks it stops; all or nothing. `None` when they are away already.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn start_vacation(
        &self,
        player: PlayerId,
        guild: i64,
        now: Millis,
        until: Millis,
        year: i64,
    ) -> Result<Option<VacationRow>, StoreError> {
        let _writer = self.writer.lock().await;
        let mut tx = self.pool.begin_with("BEGIN IMMEDIATE").await?;
        if current(&mut tx, player, guild).await?.is_some() {
            return Ok(None);
        }
        sqlx::query(
            "INSERT INTO vacations (player_id, guild_id, started_at, until_at, year)
             VALUES (?, ?, ?, ?, ?)",
        )
        .bind(player)
        .bind(guild)
        .bind(now)
        .bind(until)
        .bind(year)
        .execute(&mut *tx)
        .await?;
        sqlx::query(&format!(
            "UPDATE games SET paused_until = ?4, paused_deadline_in = deadline_at - ?3,
                 paused_remind_in = remind_at - ?3, deadline_at = NULL, remind_at = NULL
             WHERE {PAUSABLE} AND deadline_at > ?3"
        ))
        .bind(player)
        .bind(guild)
        .bind(now)
        .bind(until)
        .execute(&mut *tx)
        .await?;
        let started = current(&mut tx, player, guild).await?;
        tx.commit().await?;
        Ok(started)
    }

    /// Ends `player`'s vacation in `guild` at `at` (its end, or earlier) and restarts the
    /// clocks it stopped with the time each had left; all or nothing. `None` when they were
    /// not away.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn end_vacation(
        &self,
        player: PlayerId,
        guild: i64,
        at: Millis,
    ) -> Result<Option<VacationRow>, StoreError> {
        let _writer = self.writer.lock().await;
        let mut tx = self.pool.begin_with("BEGIN IMMEDIATE").await?;
        let Some(vacation) = current(&mut tx, player, guild).await? else {
            return Ok(None);
        };
        let at = at.clamp(vacation.started_at, vacation.until_at);
        sqlx::query("UPDATE vacations SET ended_at = ?3 WHERE player_id = ?1 AND guild_id = ?2 AND ended_at IS NULL")
            .bind(player)
            .bind(guild)
            .bind(at)
            .execute(&mut *tx)
            .await?;
        resume(&mut tx, player, guild, at).await?;
        tx.commit().await?;
        Ok(Some(VacationRow {
            ended_at: Some(at),
            ..vacation
        }))
    }

    /// The vacations whose days are used up at `now`, the first to end first.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn vacations_ending(&self, now: Millis) -> Result<Vec<VacationRow>, StoreError> {
        Ok(sqlx::query_as(&format!(
            "{SELECT_VACATION} WHERE ended_at IS NULL AND until_at <= ? ORDER BY until_at"
        ))
        .bind(now)
        .fetch_all(&self.pool)
        .await?)
    }
}

impl GameWrite<'_> {
    /// When the vacation of `player` stops this game's clock ends, if they are away and the
    /// game is one a vacation stops (outside tournaments that keep going).
    ///
    /// # Errors
    /// On a database failure.
    pub async fn away_until(&mut self, player: PlayerId) -> Result<Option<Millis>, StoreError> {
        let guild = self.game.guild_id.unwrap_or(NO_SERVER);
        Ok(sqlx::query_scalar(
            "SELECT v.until_at FROM vacations v
             WHERE v.player_id = ?1 AND v.guild_id = ?2 AND v.ended_at IS NULL
               AND (?3 IS NULL OR EXISTS (SELECT 1 FROM tournaments t
                                          WHERE t.id = ?3 AND t.vacations_pause = 1))",
        )
        .bind(player)
        .bind(guild)
        .bind(self.game.tournament_id)
        .fetch_optional(&mut *self.tx)
        .await?)
    }
}

/// The days a server gives each player a year unless its managers say otherwise.
pub const DEFAULT_ALLOWANCE: i64 = 30;

async fn current(
    conn: &mut SqliteConnection,
    player: PlayerId,
    guild: i64,
) -> Result<Option<VacationRow>, sqlx::Error> {
    sqlx::query_as(&format!(
        "{SELECT_VACATION} WHERE player_id = ? AND guild_id = ? AND ended_at IS NULL"
    ))
    .bind(player)
    .bind(guild)
    .fetch_optional(conn)
    .await
}

/// Stops the clock of a game just started (in its transaction, once it is whole: a
/// tournament's game knows its tournament) when the player to move is away and the game is one
/// a vacation stops: a new game for a player on vacation waits like their other games (one
/// whose days are used is over, whether or not the clock has closed it yet).
pub(super) async fn stop_new_clock_if_away(
    tx: &mut Transaction<'static, Sqlite>,
    game: GameId,
) -> Result<(), sqlx::Error> {
    let away = "SELECT v.until_at FROM vacations v
         WHERE v.player_id = games.to_move_id AND v.guild_id = COALESCE(games.guild_id, 0)
           AND v.ended_at IS NULL AND v.until_at > games.created_at";
    sqlx::query(&format!(
        "UPDATE games SET paused_until = ({away}),
             paused_deadline_in = deadline_at - created_at,
             paused_remind_in = remind_at - created_at, deadline_at = NULL, remind_at = NULL
         WHERE id = ? AND status = 'active' AND deadline_at IS NOT NULL
           AND EXISTS ({away})
           AND (tournament_id IS NULL
                OR tournament_id IN (SELECT id FROM tournaments WHERE vacations_pause = 1))"
    ))
    .bind(game)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Gives the games a vacation stopped their time back, counted from `at`.
async fn resume(
    tx: &mut Transaction<'static, Sqlite>,
    player: PlayerId,
    guild: i64,
    at: Millis,
) -> Result<(), sqlx::Error> {
    sqlx::query(&format!(
        "UPDATE games SET deadline_at = ?3 + paused_deadline_in,
             remind_at = ?3 + paused_remind_in,
             paused_until = NULL, paused_deadline_in = NULL, paused_remind_in = NULL
         WHERE {PAUSABLE} AND paused_until IS NOT NULL"
    ))
    .bind(player)
    .bind(guild)
    .bind(at)
    .execute(&mut **tx)
    .await?;
    Ok(())
}
