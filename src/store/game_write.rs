//! The one write transaction of a game: every move, ending and rating passes through it, with
//! what the service decided the change owes the players, all or nothing.

use sqlx::{Sqlite, Transaction};
use tokio::sync::MutexGuard;

use super::clock::{BindClock, SET_CLOCK};
use super::games::{
    Committed, GameRow, GameUpdate, MoveRow, NewMove, SELECT_GAME, fetch_game, fetch_moves,
};
use super::outbox::{Owed, insert_owed};
use super::vacations::{Absence, absence};
use super::{GameId, Millis, PlayerId, Store, StoreError};

impl Store {
    /// Starts the one write transaction for a game: the game as it is now, under SQLite's
    /// write lock. Returns `None` for an unknown game.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn write_game(&self, id: GameId) -> Result<Option<GameWrite<'_>>, StoreError> {
        let guard = self.writer.lock().await;
        let mut tx = self.pool.begin_with("BEGIN IMMEDIATE").await?;
        let game = sqlx::query_as::<_, GameRow>(&format!("{SELECT_GAME} WHERE g.id = ?"))
            .bind(id)
            .fetch_optional(&mut *tx)
            .await?;
        let Some(game) = game else {
            return Ok(None);
        };
        Ok(Some(GameWrite {
            _guard: guard,
            tx,
            game,
            seen_at: None,
        }))
    }
}

/// A game read for writing; dropping it without [`GameWrite::commit`] changes nothing.
pub struct GameWrite<'a> {
    _guard: MutexGuard<'a, ()>,
    pub(super) tx: Transaction<'static, Sqlite>,
    pub game: GameRow,
    seen_at: Option<Millis>,
}

/// A change to a game: the moves appended to its log and the game's fields after them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameChange {
    pub moves: Vec<NewMove>,
    pub update: GameUpdate,
}

impl GameWrite<'_> {
    /// Records, with the commit, when the move it saves was saved on Discord's clock.
    pub fn seen_at(&mut self, at: Millis) {
        self.seen_at = Some(at);
    }

    /// `player`'s vacation going on (its days used or not) in the game's server, with whether
    /// the game's tournament (if any) stops for vacations, read under the write lock.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn absence(&mut self, player: PlayerId) -> Result<Option<Absence>, StoreError> {
        let (guild, tournament) = (self.game.guild_id, self.game.tournament_id);
        Ok(absence(&mut self.tx, player, guild, tournament).await?)
    }

    /// The game's move log, read under the write lock.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn moves(&mut self) -> Result<Vec<MoveRow>, StoreError> {
        fetch_moves(&mut *self.tx, self.game.id).await
    }

    /// Appends the change's moves to the log, applies its update, saves what it owes the
    /// players and commits, all or nothing.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when the game changed since it was read; database failures.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn commit(
        mut self,
        change: &GameChange,
        owed: &[Owed],
        now: Millis,
    ) -> Result<Committed, StoreError> {
        let (moves, update) = (&change.moves, &change.update);
        // The version check comes first: a stale writer is a conflict, whatever its log says.
        let changed = sqlx::query(&format!(
            "UPDATE games SET white_id = ?, red_id = ?, status = ?, winner = ?, end_reason = ?,
                 to_move_id = ?, {SET_CLOCK}, rated = ?, plies = plies + ?,
                 version = version + 1, updated_at = ?,
                 last_move_seen_at = COALESCE(?, last_move_seen_at)
             WHERE id = ? AND version = ?"
        ))
        .bind(update.white_id)
        .bind(update.red_id)
        .bind(update.status)
        .bind(update.winner)
        .bind(update.end_reason)
        .bind(update.to_move_id)
        .bind_clock(update.clock)
        .bind(update.rated)
        .bind(moves.len() as i64)
        .bind(now)
        .bind(self.seen_at)
        .bind(self.game.id)
        .bind(self.game.version)
        .execute(&mut *self.tx)
        .await?;
        if changed.rows_affected() != 1 {
            return Err(StoreError::Conflict);
        }
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
        insert_owed(&mut self.tx, owed, now).await?;
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
