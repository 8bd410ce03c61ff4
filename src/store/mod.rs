//! The only SQL in the crate: players, challenges, games with their append-only move log,
//! ratings and settings in SQLite, one file per table.
//!
//! The schema lives in `migrations/` and is applied at start-up. Writes that must see a consistent
//! game (a move, an ending, an acceptance) run in one `BEGIN IMMEDIATE` transaction, taken one at
//! a time in this process so that SQLite's own lock is never fought over with sleeps; the version
//! check in the final `UPDATE` guards against any other writer on the same file. Writes that are
//! one statement (a thread id, a setting, closing a challenge) need no more than SQLite gives.
//!
//! The store decides nothing: who opens, deadlines and reminder times come from the service.

mod challenges;
mod games;
mod players;
mod ratings;
mod settings;
mod states;

use std::str::FromStr;
use std::time::Duration;

use sqlx::SqlitePool;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use tokio::sync::Mutex;

pub use challenges::{ChallengeRow, NewChallenge};
pub use games::{Committed, GameRow, GameUpdate, GameWrite, MoveRow, NewGame, NewMove};
pub use players::PlayerRow;
pub use ratings::{NamedRating, RatingPoint, RatingRow};
pub use states::{ChallengeStatus, EndReason, GameStatus, Winner};

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

/// Board size and supply as stored: `None` means unlimited.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StoredVariant {
    pub size: i64,
    pub tiles: Option<i64>,
    pub bridges: Option<i64>,
}

pub struct Store {
    pool: SqlitePool,
    /// One write transaction at a time in this process.
    writer: Mutex<()>,
}

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
            // A connection to a local file cannot go stale, and the ping sqlx sends by default
            // costs each query an extra round trip to the connection's worker thread.
            .test_before_acquire(false)
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
}
