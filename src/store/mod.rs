//! The only SQL in the crate: players, challenges, games and the append-only move log in SQLite.
//!
//! The schema lives in `migrations/` and is applied at start-up. Writes that must see a consistent
//! game (a move, an ending, an acceptance) run in one `BEGIN IMMEDIATE` transaction, taken one at
//! a time in this process so that SQLite's own lock is never fought over with sleeps; the version
//! check in the final `UPDATE` guards against any other writer on the same file. Writes that are
//! one statement (a thread id, a setting, closing a challenge) need no more than SQLite gives.
//! Reminders are marked before they are sent: a failed send loses that reminder, never doubles it.

use std::str::FromStr;
use std::time::Duration;

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Sqlite, SqlitePool, Transaction};
use tokio::sync::{Mutex, MutexGuard};

/// A Discord user id, or a negative id for a player of the local mode.
pub type PlayerId = i64;
pub type GameId = i64;
pub type ChallengeId = i64;
/// Unix time in milliseconds.
pub type Millis = i64;

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
    #[error("database migration failed: {0}")]
    Migration(#[from] sqlx::migrate::MigrateError),
    /// Another writer changed the game between reading and writing it.
    #[error("the game changed while the move was being saved")]
    Conflict,
}

#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct PlayerRow {
    pub id: PlayerId,
    pub name: String,
}

/// Board size and supply as stored: `None` means unlimited.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StoredVariant {
    pub size: i64,
    pub tiles: Option<i64>,
    pub bridges: Option<i64>,
}

#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct ChallengeRow {
    pub id: ChallengeId,
    pub challenger_id: PlayerId,
    pub challenged_id: Option<PlayerId>,
    pub size: i64,
    pub tiles: Option<i64>,
    pub bridges: Option<i64>,
    pub move_seconds: Option<i64>,
    pub rated: bool,
    pub guild_id: Option<i64>,
    pub channel_id: Option<i64>,
    pub message_id: Option<i64>,
    pub status: String,
    pub game_id: Option<GameId>,
    pub created_at: Millis,
    pub expires_at: Millis,
    pub updated_at: Millis,
    /// Who opens the game (a rematch: the loser); `None` means the challenger.
    pub opener_id: Option<PlayerId>,
}

/// What a new challenge says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewChallenge {
    pub challenger_id: PlayerId,
    pub challenged_id: Option<PlayerId>,
    pub variant: StoredVariant,
    pub move_seconds: Option<i64>,
    pub rated: bool,
    pub guild_id: Option<i64>,
    pub channel_id: Option<i64>,
    pub created_at: Millis,
    pub expires_at: Millis,
    pub opener_id: Option<PlayerId>,
}

#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct GameRow {
    pub id: GameId,
    pub opener_id: PlayerId,
    pub other_id: PlayerId,
    pub white_id: PlayerId,
    pub red_id: PlayerId,
    pub size: i64,
    pub tiles: Option<i64>,
    pub bridges: Option<i64>,
    pub move_seconds: Option<i64>,
    pub rated: bool,
    pub status: String,
    pub winner: Option<String>,
    pub end_reason: Option<String>,
    pub guild_id: Option<i64>,
    pub channel_id: Option<i64>,
    pub thread_id: Option<i64>,
    pub plies: i64,
    pub to_move_id: Option<PlayerId>,
    pub deadline_at: Option<Millis>,
    /// The deadline a reminder was sent for.
    pub reminded_deadline: Option<Millis>,
    pub rating_applied: bool,
    pub version: i64,
    pub created_at: Millis,
    pub updated_at: Millis,
}

#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct MoveRow {
    pub ply: i64,
    pub player_id: PlayerId,
    pub notation: String,
    pub forced: bool,
    pub played_at: Millis,
}

/// A move to append to a game's log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewMove {
    pub player_id: PlayerId,
    pub notation: String,
    pub forced: bool,
}

/// The state of a game after a write. `status`, `winner` and `end_reason` use the schema's
/// words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameUpdate {
    pub white_id: PlayerId,
    pub red_id: PlayerId,
    pub status: &'static str,
    pub winner: Option<&'static str>,
    pub end_reason: Option<&'static str>,
    pub to_move_id: Option<PlayerId>,
    pub deadline_at: Option<Millis>,
    /// Whether the game may count for ratings (an abort makes it unrated).
    pub rated: bool,
}

/// A player's rating in one server.
#[derive(Clone, Debug, PartialEq, sqlx::FromRow)]
pub struct RatingRow {
    pub guild_id: i64,
    pub player_id: PlayerId,
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
    pub wins: i64,
    pub losses: i64,
    pub draws: i64,
    pub updated_at: Millis,
}

/// A rating with the player's name, for leaderboards.
#[derive(Clone, Debug, PartialEq, sqlx::FromRow)]
pub struct NamedRating {
    pub name: String,
    #[sqlx(flatten)]
    pub rating: RatingRow,
}

/// A point of a player's rating history.
#[derive(Clone, Debug, PartialEq, sqlx::FromRow)]
pub struct RatingPoint {
    pub game_id: GameId,
    pub rating: f64,
    pub deviation: f64,
    pub at: Millis,
}

pub struct Store {
    pool: SqlitePool,
    /// One write transaction at a time in this process.
    writer: Mutex<()>,
}

const GAME_COLUMNS: &str = "id, opener_id, other_id, white_id, red_id, size, tiles, bridges, \
     move_seconds, rated, status, winner, end_reason, guild_id, channel_id, thread_id, plies, \
     to_move_id, deadline_at, reminded_deadline, rating_applied, version, created_at, updated_at";

impl Store {
    /// Opens (creating when missing) the database at `url`, e.g. `sqlite://ponte.db`, and applies
    /// the migrations it lacks.
    ///
    /// # Errors
    /// When the file cannot be opened or a migration fails.
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        let options = SqliteConnectOptions::from_str(url)?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            // A move the bot acknowledged must survive a crash, so every commit is synced.
            .synchronous(SqliteSynchronous::Full)
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(10));
        let pool = SqlitePoolOptions::new()
            .max_connections(8)
            .connect_with(options)
            .await?;
        sqlx::migrate!().run(&pool).await?;
        Ok(Store {
            pool,
            writer: Mutex::new(()),
        })
    }

    /// Closes every connection (checkpointing the write-ahead log).
    pub async fn close(&self) {
        self.pool.close().await;
    }

    /// Records a player, or refreshes the cached display name.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn upsert_player(
        &self,
        id: PlayerId,
        name: &str,
        now: Millis,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO players (id, name, created_at, updated_at) VALUES (?1, ?2, ?3, ?3)
             ON CONFLICT (id) DO UPDATE SET name = excluded.name, updated_at = excluded.updated_at
             WHERE name <> excluded.name",
        )
        .bind(id)
        .bind(name)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// # Errors
    /// On a database failure.
    pub async fn player(&self, id: PlayerId) -> Result<Option<PlayerRow>, StoreError> {
        Ok(
            sqlx::query_as::<_, PlayerRow>("SELECT id, name FROM players WHERE id = ?")
                .bind(id)
                .fetch_optional(&self.pool)
                .await?,
        )
    }

    /// # Errors
    /// On a database failure.
    pub async fn insert_challenge(&self, new: &NewChallenge) -> Result<ChallengeId, StoreError> {
        let id = sqlx::query_scalar(
            "INSERT INTO challenges (challenger_id, challenged_id, size, tiles, bridges,
                 move_seconds, rated, guild_id, channel_id, created_at, expires_at, updated_at,
                 opener_id)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
        )
        .bind(new.challenger_id)
        .bind(new.challenged_id)
        .bind(new.variant.size)
        .bind(new.variant.tiles)
        .bind(new.variant.bridges)
        .bind(new.move_seconds)
        .bind(new.rated)
        .bind(new.guild_id)
        .bind(new.channel_id)
        .bind(new.created_at)
        .bind(new.expires_at)
        .bind(new.created_at)
        .bind(new.opener_id)
        .fetch_one(&self.pool)
        .await?;
        Ok(id)
    }

    /// # Errors
    /// On a database failure.
    pub async fn challenge(&self, id: ChallengeId) -> Result<Option<ChallengeRow>, StoreError> {
        Ok(
            sqlx::query_as::<_, ChallengeRow>("SELECT * FROM challenges WHERE id = ?")
                .bind(id)
                .fetch_optional(&self.pool)
                .await?,
        )
    }

    /// Remembers the message that shows a challenge (to edit it later).
    ///
    /// # Errors
    /// On a database failure.
    pub async fn set_challenge_message(
        &self,
        id: ChallengeId,
        message_id: i64,
    ) -> Result<(), StoreError> {
        sqlx::query("UPDATE challenges SET message_id = ? WHERE id = ?")
            .bind(message_id)
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Moves an open challenge to `status` (declined, cancelled, expired). Returns whether it was
    /// still open.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn close_challenge(
        &self,
        id: ChallengeId,
        status: &str,
        now: Millis,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE challenges SET status = ?, updated_at = ? WHERE id = ? AND status = 'open'",
        )
        .bind(status)
        .bind(now)
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Marks every open challenge whose time has run out as expired and returns them.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn expire_challenges(&self, now: Millis) -> Result<Vec<ChallengeRow>, StoreError> {
        Ok(sqlx::query_as::<_, ChallengeRow>(
            "UPDATE challenges SET status = 'expired', updated_at = ?1
             WHERE status = 'open' AND expires_at <= ?1 RETURNING *",
        )
        .bind(now)
        .fetch_all(&self.pool)
        .await?)
    }

    /// Open challenges a player made or received.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn open_challenges_of(
        &self,
        player: PlayerId,
    ) -> Result<Vec<ChallengeRow>, StoreError> {
        Ok(sqlx::query_as::<_, ChallengeRow>(
            "SELECT * FROM challenges WHERE status = 'open'
               AND (challenger_id = ?1 OR challenged_id = ?1) ORDER BY id",
        )
        .bind(player)
        .fetch_all(&self.pool)
        .await?)
    }

    /// Accepts an open, unexpired challenge by starting its game, in one transaction. Returns
    /// `None` when the challenge was no longer open (someone else was first, or it expired).
    ///
    /// # Errors
    /// On a database failure.
    pub async fn accept_challenge(
        &self,
        challenge: &ChallengeRow,
        accepter: PlayerId,
        now: Millis,
    ) -> Result<Option<GameId>, StoreError> {
        let _writer = self.writer.lock().await;
        let mut tx = self.pool.begin_with("BEGIN IMMEDIATE").await?;
        let taken = sqlx::query(
            "UPDATE challenges SET status = 'accepted', updated_at = ?1
             WHERE id = ?2 AND status = 'open' AND expires_at > ?1",
        )
        .bind(now)
        .bind(challenge.id)
        .execute(&mut *tx)
        .await?;
        if taken.rows_affected() == 0 {
            return Ok(None);
        }
        let opener = challenge.opener_id.unwrap_or(challenge.challenger_id);
        let other = if opener == challenge.challenger_id {
            accepter
        } else {
            challenge.challenger_id
        };
        let deadline = challenge.move_seconds.map(|s| now + s * 1000);
        let game_id: GameId = sqlx::query_scalar(
            "INSERT INTO games (opener_id, other_id, white_id, red_id, size, tiles, bridges,
                 move_seconds, rated, guild_id, channel_id, to_move_id, deadline_at,
                 created_at, updated_at)
             VALUES (?1, ?2, ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?1, ?10, ?11, ?11) RETURNING id",
        )
        .bind(opener)
        .bind(other)
        .bind(challenge.size)
        .bind(challenge.tiles)
        .bind(challenge.bridges)
        .bind(challenge.move_seconds)
        .bind(challenge.rated)
        .bind(challenge.guild_id)
        .bind(challenge.channel_id)
        .bind(deadline)
        .bind(now)
        .fetch_one(&mut *tx)
        .await?;
        sqlx::query("UPDATE challenges SET game_id = ? WHERE id = ?")
            .bind(game_id)
            .bind(challenge.id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(Some(game_id))
    }

    /// # Errors
    /// On a database failure.
    pub async fn game(&self, id: GameId) -> Result<Option<GameRow>, StoreError> {
        Ok(
            sqlx::query_as::<_, GameRow>(&format!("SELECT {GAME_COLUMNS} FROM games WHERE id = ?"))
                .bind(id)
                .fetch_optional(&self.pool)
                .await?,
        )
    }

    /// A game's move log in order.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn moves(&self, game: GameId) -> Result<Vec<MoveRow>, StoreError> {
        Ok(sqlx::query_as::<_, MoveRow>(
            "SELECT ply, player_id, notation, forced, played_at FROM moves
             WHERE game_id = ? ORDER BY ply",
        )
        .bind(game)
        .fetch_all(&self.pool)
        .await?)
    }

    /// Active games shown in a channel: those in the thread with this id, or posted in the
    /// channel itself when they have no thread.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn active_games_in(&self, channel: i64) -> Result<Vec<GameRow>, StoreError> {
        Ok(sqlx::query_as::<_, GameRow>(&format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE status = 'active'
               AND (thread_id = ?1 OR (thread_id IS NULL AND channel_id = ?1)) ORDER BY id"
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
            "SELECT {GAME_COLUMNS} FROM games WHERE thread_id = ? ORDER BY id DESC LIMIT 1"
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
            "SELECT {GAME_COLUMNS} FROM games WHERE status = 'active'
               AND (white_id = ?1 OR red_id = ?1) ORDER BY id"
        ))
        .bind(player)
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

    /// A value the bot keeps between starts.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn setting(&self, key: &str) -> Result<Option<String>, StoreError> {
        Ok(
            sqlx::query_scalar("SELECT value FROM bot_state WHERE key = ?")
                .bind(key)
                .fetch_optional(&self.pool)
                .await?,
        )
    }

    /// # Errors
    /// On a database failure.
    pub async fn set_setting(&self, key: &str, value: &str) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO bot_state (key, value) VALUES (?, ?)
             ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        )
        .bind(key)
        .bind(value)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Turns reminder direct messages on or off for a player.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn set_notify(&self, player: PlayerId, on: bool) -> Result<(), StoreError> {
        sqlx::query("UPDATE players SET notify_dm = ? WHERE id = ?")
            .bind(on)
            .bind(player)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// # Errors
    /// On a database failure.
    pub async fn wants_dm(&self, player: PlayerId) -> Result<bool, StoreError> {
        Ok(
            sqlx::query_scalar::<_, bool>("SELECT notify_dm FROM players WHERE id = ?")
                .bind(player)
                .fetch_optional(&self.pool)
                .await?
                .unwrap_or(false),
        )
    }

    /// Active games whose deadline has passed.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn overdue_games(&self, now: Millis) -> Result<Vec<GameId>, StoreError> {
        Ok(sqlx::query_scalar(
            "SELECT id FROM games WHERE status = 'active' AND deadline_at <= ? ORDER BY deadline_at",
        )
        .bind(now)
        .fetch_all(&self.pool)
        .await?)
    }

    /// Marks the reminder of every active game with a quarter of its time left (or less) and no
    /// reminder yet for this deadline, and returns those games.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn take_due_reminders(&self, now: Millis) -> Result<Vec<GameRow>, StoreError> {
        let _writer = self.writer.lock().await;
        Ok(sqlx::query_as::<_, GameRow>(&format!(
            "UPDATE games SET reminded_deadline = deadline_at
             WHERE status = 'active' AND deadline_at > ?1
               AND deadline_at - move_seconds * 250 <= ?1
               AND (reminded_deadline IS NULL OR reminded_deadline <> deadline_at)
             RETURNING {GAME_COLUMNS}"
        ))
        .bind(now)
        .fetch_all(&self.pool)
        .await?)
    }

    /// A server's ratings with the players' names.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn ratings_in(&self, guild: i64) -> Result<Vec<NamedRating>, StoreError> {
        Ok(sqlx::query_as::<_, NamedRating>(
            "SELECT p.name, r.* FROM ratings r JOIN players p ON p.id = r.player_id
             WHERE r.guild_id = ? ORDER BY r.rating DESC, r.player_id",
        )
        .bind(guild)
        .fetch_all(&self.pool)
        .await?)
    }

    /// A player's rating changes in a server, oldest first.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn rating_history(
        &self,
        guild: i64,
        player: PlayerId,
    ) -> Result<Vec<RatingPoint>, StoreError> {
        Ok(sqlx::query_as::<_, RatingPoint>(
            "SELECT game_id, rating, deviation, at FROM rating_history
             WHERE guild_id = ? AND player_id = ? ORDER BY at, game_id",
        )
        .bind(guild)
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
            "SELECT {GAME_COLUMNS} FROM games WHERE guild_id = ?1 AND status = 'finished'
               AND (white_id = ?2 OR red_id = ?2) ORDER BY updated_at DESC, id DESC LIMIT ?3"
        ))
        .bind(guild)
        .bind(player)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?)
    }

    /// Starts the one write transaction for a game: the game and its log as they are now, under
    /// SQLite's write lock. Returns `None` for an unknown game.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn write_game(&self, id: GameId) -> Result<Option<GameWrite<'_>>, StoreError> {
        let guard = self.writer.lock().await;
        let mut tx = self.pool.begin_with("BEGIN IMMEDIATE").await?;
        let Some(game) =
            sqlx::query_as::<_, GameRow>(&format!("SELECT {GAME_COLUMNS} FROM games WHERE id = ?"))
                .bind(id)
                .fetch_optional(&mut *tx)
                .await?
        else {
            return Ok(None);
        };
        let moves = sqlx::query_as::<_, MoveRow>(
            "SELECT ply, player_id, notation, forced, played_at FROM moves
             WHERE game_id = ? ORDER BY ply",
        )
        .bind(id)
        .fetch_all(&mut *tx)
        .await?;
        Ok(Some(GameWrite {
            _guard: guard,
            tx,
            game,
            moves,
        }))
    }
}

/// A game read for writing; dropping it without [`GameWrite::commit`] changes nothing.
pub struct GameWrite<'a> {
    _guard: MutexGuard<'a, ()>,
    tx: Transaction<'static, Sqlite>,
    pub game: GameRow,
    pub moves: Vec<MoveRow>,
}

impl GameWrite<'_> {
    /// The current ratings of two players in a server, read under the write lock.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn ratings(
        &mut self,
        guild: i64,
        players: [PlayerId; 2],
    ) -> Result<[Option<RatingRow>; 2], StoreError> {
        let mut found = [None, None];
        for (slot, player) in found.iter_mut().zip(players) {
            *slot = sqlx::query_as::<_, RatingRow>(
                "SELECT * FROM ratings WHERE guild_id = ? AND player_id = ?",
            )
            .bind(guild)
            .bind(player)
            .fetch_optional(&mut *self.tx)
            .await?;
        }
        Ok(found)
    }

    /// Records new ratings for this game (with their history) as part of the commit.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn save_ratings(&mut self, ratings: &[RatingRow]) -> Result<(), StoreError> {
        for r in ratings {
            sqlx::query(
                "INSERT INTO ratings (guild_id, player_id, rating, deviation, volatility, wins,
                     losses, draws, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                 ON CONFLICT (guild_id, player_id) DO UPDATE SET rating = excluded.rating,
                     deviation = excluded.deviation, volatility = excluded.volatility,
                     wins = excluded.wins, losses = excluded.losses, draws = excluded.draws,
                     updated_at = excluded.updated_at",
            )
            .bind(r.guild_id)
            .bind(r.player_id)
            .bind(r.rating)
            .bind(r.deviation)
            .bind(r.volatility)
            .bind(r.wins)
            .bind(r.losses)
            .bind(r.draws)
            .bind(r.updated_at)
            .execute(&mut *self.tx)
            .await?;
            sqlx::query(
                "INSERT INTO rating_history (guild_id, player_id, game_id, rating, deviation, at)
                 VALUES (?, ?, ?, ?, ?, ?)",
            )
            .bind(r.guild_id)
            .bind(r.player_id)
            .bind(self.game.id)
            .bind(r.rating)
            .bind(r.deviation)
            .bind(r.updated_at)
            .execute(&mut *self.tx)
            .await?;
        }
        sqlx::query("UPDATE games SET rating_applied = 1 WHERE id = ?")
            .bind(self.game.id)
            .execute(&mut *self.tx)
            .await?;
        Ok(())
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
    ) -> Result<GameRow, StoreError> {
        let first_ply = self.game.plies + 1;
        for (i, new) in moves.iter().enumerate() {
            sqlx::query(
                "INSERT INTO moves (game_id, ply, player_id, notation, forced, played_at)
                 VALUES (?, ?, ?, ?, ?, ?)",
            )
            .bind(self.game.id)
            .bind(first_ply + i as i64)
            .bind(new.player_id)
            .bind(&new.notation)
            .bind(new.forced)
            .bind(now)
            .execute(&mut *self.tx)
            .await?;
        }
        let row = sqlx::query_as::<_, GameRow>(&format!(
            "UPDATE games SET white_id = ?, red_id = ?, status = ?, winner = ?, end_reason = ?,
                 to_move_id = ?, deadline_at = ?, rated = ?, plies = plies + ?,
                 version = version + 1, updated_at = ?
             WHERE id = ? AND version = ? RETURNING {GAME_COLUMNS}"
        ))
        .bind(update.white_id)
        .bind(update.red_id)
        .bind(update.status)
        .bind(update.winner)
        .bind(update.end_reason)
        .bind(update.to_move_id)
        .bind(update.deadline_at)
        .bind(update.rated)
        .bind(moves.len() as i64)
        .bind(now)
        .bind(self.game.id)
        .bind(self.game.version)
        .fetch_optional(&mut *self.tx)
        .await?
        .ok_or(StoreError::Conflict)?;
        self.tx.commit().await?;
        Ok(row)
    }
}
