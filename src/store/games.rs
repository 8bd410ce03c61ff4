//! Games and their append-only move log: reads for the front ends' views, and the one write
//! transaction through which every move, ending and rating passes.

use sqlx::{Executor, Sqlite, Transaction};
use tokio::sync::MutexGuard;

use super::{
    EndReason, GameId, GameStatus, Millis, PlayerId, Store, StoreError, StoredVariant, Winner,
};

/// A game as stored, with its players' names.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct GameRow {
    pub id: GameId,
    pub opener_id: PlayerId,
    pub other_id: PlayerId,
    pub white_id: PlayerId,
    pub red_id: PlayerId,
    pub white_name: String,
    pub red_name: String,
    pub size: i64,
    pub tiles: Option<i64>,
    pub bridges: Option<i64>,
    pub move_seconds: Option<i64>,
    pub rated: bool,
    pub status: GameStatus,
    pub winner: Option<Winner>,
    pub end_reason: Option<EndReason>,
    pub guild_id: Option<i64>,
    pub channel_id: Option<i64>,
    pub thread_id: Option<i64>,
    pub plies: i64,
    pub to_move_id: Option<PlayerId>,
    pub deadline_at: Option<Millis>,
    /// When the player to move is to be reminded; cleared once they are.
    pub remind_at: Option<Millis>,
    pub rating_applied: bool,
    pub version: i64,
    pub created_at: Millis,
    pub updated_at: Millis,
}

impl GameRow {
    pub fn variant(&self) -> StoredVariant {
        StoredVariant {
            size: self.size,
            tiles: self.tiles,
            bridges: self.bridges,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct MoveRow {
    pub ply: i64,
    pub player_id: PlayerId,
    pub notation: String,
    pub forced: bool,
    pub played_at: Millis,
}

/// A game to start, as the service decided it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGame {
    /// Places White's first tiles; White until a swap.
    pub opener_id: PlayerId,
    pub other_id: PlayerId,
    pub variant: StoredVariant,
    pub move_seconds: Option<i64>,
    pub rated: bool,
    pub guild_id: Option<i64>,
    pub channel_id: Option<i64>,
    pub deadline_at: Option<Millis>,
    pub remind_at: Option<Millis>,
    pub created_at: Millis,
}

/// A move to append to a game's log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewMove {
    pub player_id: PlayerId,
    pub notation: String,
    pub forced: bool,
}

/// The state of a game after a write.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameUpdate {
    pub white_id: PlayerId,
    pub red_id: PlayerId,
    pub status: GameStatus,
    pub winner: Option<Winner>,
    pub end_reason: Option<EndReason>,
    pub to_move_id: Option<PlayerId>,
    pub deadline_at: Option<Millis>,
    pub remind_at: Option<Millis>,
    /// Whether the game may count for ratings (an abort makes it unrated).
    pub rated: bool,
}

/// What a commit wrote: the game as it now stands and the moves appended to its log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Committed {
    pub game: GameRow,
    pub moves: Vec<MoveRow>,
}

/// Every game read selects these columns, with the players' names.
const SELECT_GAME: &str = "SELECT g.id, g.opener_id, g.other_id, g.white_id, g.red_id, \
     w.name AS white_name, r.name AS red_name, g.size, g.tiles, g.bridges, g.move_seconds, \
     g.rated, g.status, g.winner, g.end_reason, g.guild_id, g.channel_id, g.thread_id, g.plies, \
     g.to_move_id, g.deadline_at, g.remind_at, g.rating_applied, g.version, g.created_at, \
     g.updated_at FROM games g JOIN players w ON w.id = g.white_id \
     JOIN players r ON r.id = g.red_id";

async fn fetch_game<'e>(
    executor: impl Executor<'e, Database = Sqlite>,
    id: GameId,
) -> Result<Option<GameRow>, StoreError> {
    Ok(
        sqlx::query_as::<_, GameRow>(&format!("{SELECT_GAME} WHERE g.id = ?"))
            .bind(id)
            .fetch_optional(executor)
            .await?,
    )
}

async fn fetch_moves<'e>(
    executor: impl Executor<'e, Database = Sqlite>,
    game: GameId,
) -> Result<Vec<MoveRow>, StoreError> {
    Ok(sqlx::query_as::<_, MoveRow>(
        "SELECT ply, player_id, notation, forced, played_at FROM moves
         WHERE game_id = ? ORDER BY ply",
    )
    .bind(game)
    .fetch_all(executor)
    .await?)
}

/// Starts a game inside a caller's transaction; returns its id.
pub(super) async fn insert_game(
    tx: &mut Transaction<'static, Sqlite>,
    game: &NewGame,
) -> Result<GameId, StoreError> {
    Ok(sqlx::query_scalar(
        "INSERT INTO games (opener_id, other_id, white_id, red_id, size, tiles, bridges,
             move_seconds, rated, guild_id, channel_id, to_move_id, deadline_at, remind_at,
             created_at, updated_at)
         VALUES (?1, ?2, ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?1, ?10, ?11, ?12, ?12)
         RETURNING id",
    )
    .bind(game.opener_id)
    .bind(game.other_id)
    .bind(game.variant.size)
    .bind(game.variant.tiles)
    .bind(game.variant.bridges)
    .bind(game.move_seconds)
    .bind(game.rated)
    .bind(game.guild_id)
    .bind(game.channel_id)
    .bind(game.deadline_at)
    .bind(game.remind_at)
    .bind(game.created_at)
    .fetch_one(&mut **tx)
    .await?)
}

impl Store {
    /// # Errors
    /// On a database failure.
    pub async fn game(&self, id: GameId) -> Result<Option<GameRow>, StoreError> {
        fetch_game(&self.pool, id).await
    }

    /// A game's move log in order.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn moves(&self, game: GameId) -> Result<Vec<MoveRow>, StoreError> {
        fetch_moves(&self.pool, game).await
    }

    /// Active games shown in a channel: those in the thread with this id, or posted in the
    /// channel itself when they have no thread.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn active_games_in(&self, channel: i64) -> Result<Vec<GameRow>, StoreError> {
        Ok(sqlx::query_as::<_, GameRow>(&format!(
            "{SELECT_GAME} WHERE g.status = 'active'
               AND (g.thread_id = ?1 OR (g.thread_id IS NULL AND g.channel_id = ?1))
             ORDER BY g.id"
        ))
        .bind(channel)
        .fetch_all(&self.pool)
        .await?)
    }

    /// The most recent game (of any status) in a thread, for commands typed there after the end.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn game_in_thread(&self, thread: i64) -> Result<Option<GameRow>, StoreError> {
        Ok(sqlx::query_as::<_, GameRow>(&format!(
            "{SELECT_GAME} WHERE g.thread_id = ? ORDER BY g.id DESC LIMIT 1"
        ))
        .bind(thread)
        .fetch_optional(&self.pool)
        .await?)
    }

    /// A player's active games, oldest first.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn active_games_of(&self, player: PlayerId) -> Result<Vec<GameRow>, StoreError> {
        Ok(sqlx::query_as::<_, GameRow>(&format!(
            "{SELECT_GAME} WHERE g.status = 'active' AND (g.white_id = ?1 OR g.red_id = ?1)
             ORDER BY g.id"
        ))
        .bind(player)
        .fetch_all(&self.pool)
        .await?)
    }

    /// A player's finished games in a server, newest first.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn finished_games_of(
        &self,
        guild: i64,
        player: PlayerId,
        limit: i64,
    ) -> Result<Vec<GameRow>, StoreError> {
        Ok(sqlx::query_as::<_, GameRow>(&format!(
            "{SELECT_GAME} WHERE g.guild_id = ?1 AND g.status = 'finished'
               AND (g.white_id = ?2 OR g.red_id = ?2)
             ORDER BY g.updated_at DESC, g.id DESC LIMIT ?3"
        ))
        .bind(guild)
        .bind(player)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?)
    }

    /// Records the thread a game is played in (`None`: in its channel).
    ///
    /// # Errors
    /// On a database failure.
    pub async fn set_thread(&self, game: GameId, thread: Option<i64>) -> Result<(), StoreError> {
        sqlx::query("UPDATE games SET thread_id = ? WHERE id = ?")
            .bind(thread)
            .bind(game)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Active games whose deadline is at or before `now`, the earliest first.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn overdue_games(&self, now: Millis) -> Result<Vec<GameId>, StoreError> {
        Ok(sqlx::query_scalar(
            "SELECT id FROM games WHERE status = 'active' AND deadline_at <= ?
             ORDER BY deadline_at",
        )
        .bind(now)
        .fetch_all(&self.pool)
        .await?)
    }

    /// Takes the reminders due at `now` (before the deadline) and returns their games. A
    /// reminder is taken before it is sent: a failed send loses that reminder, never doubles it.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn take_due_reminders(&self, now: Millis) -> Result<Vec<GameId>, StoreError> {
        let _writer = self.writer.lock().await;
        Ok(sqlx::query_scalar(
            "UPDATE games SET remind_at = NULL
             WHERE status = 'active' AND remind_at <= ?1 AND deadline_at > ?1
             RETURNING id",
        )
        .bind(now)
        .fetch_all(&self.pool)
        .await?)
    }

    /// Starts the one write transaction for a game: the game as it is now, under SQLite's
    /// write lock. Returns `None` for an unknown game.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn write_game(&self, id: GameId) -> Result<Option<GameWrite<'_>>, StoreError> {
        let guard = self.writer.lock().await;
        let mut tx = self.pool.begin_with("BEGIN IMMEDIATE").await?;
        let Some(game) = fetch_game(&mut *tx, id).await? else {
            return Ok(None);
        };
        Ok(Some(GameWrite {
            _guard: guard,
            tx,
            game,
        }))
    }
}

/// A game read for writing; dropping it without [`GameWrite::commit`] changes nothing.
pub struct GameWrite<'a> {
    _guard: MutexGuard<'a, ()>,
    pub(super) tx: Transaction<'static, Sqlite>,
    pub game: GameRow,
}

impl GameWrite<'_> {
    /// The game's move log, read under the write lock.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn moves(&mut self) -> Result<Vec<MoveRow>, StoreError> {
        fetch_moves(&mut *self.tx, self.game.id).await
    }

    /// Appends `moves` to the log, applies `update` and commits, all or nothing.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when the game changed since it was read; database failures.
    pub async fn commit(
        mut self,
        moves: &[NewMove],
        update: &GameUpdate,
        now: Millis,
    ) -> Result<Committed, StoreError> {
        let mut written = Vec::with_capacity(moves.len());
        for (ply, new) in (self.game.plies + 1..).zip(moves) {
            sqlx::query(
                "INSERT INTO moves (game_id, ply, player_id, notation, forced, played_at)
                 VALUES (?, ?, ?, ?, ?, ?)",
            )
            .bind(self.game.id)
            .bind(ply)
            .bind(new.player_id)
            .bind(&new.notation)
            .bind(new.forced)
            .bind(now)
            .execute(&mut *self.tx)
            .await?;
            written.push(MoveRow {
                ply,
                player_id: new.player_id,
                notation: new.notation.clone(),
                forced: new.forced,
                played_at: now,
            });
        }
        let changed = sqlx::query(
            "UPDATE games SET white_id = ?, red_id = ?, status = ?, winner = ?, end_reason = ?,
                 to_move_id = ?, deadline_at = ?, remind_at = ?, rated = ?, plies = plies + ?,
                 version = version + 1, updated_at = ?
             WHERE id = ? AND version = ?",
        )
        .bind(update.white_id)
        .bind(update.red_id)
        .bind(update.status)
        .bind(update.winner)
        .bind(update.end_reason)
        .bind(update.to_move_id)
        .bind(update.deadline_at)
        .bind(update.remind_at)
        .bind(update.rated)
        .bind(moves.len() as i64)
        .bind(now)
        .bind(self.game.id)
        .bind(self.game.version)
        .execute(&mut *self.tx)
        .await?;
        if changed.rows_affected() != 1 {
            return Err(StoreError::Conflict);
        }
        let game = fetch_game(&mut *self.tx, self.game.id)
            .await?
            .ok_or(StoreError::Conflict)?;
        self.tx.commit().await?;
        Ok(Committed {
            game,
            moves: written,
        })
    }
}
