//! The only SQL in the crate: players, challenges, games with their append-only move log,
//! ratings and settings in SQLite, one file per table.
//!
//! The schema lives in `migrations/` and is applied at start-up. Writes that must see a consistent
//! game (a move, an ending, an acceptance) run in one `BEGIN IMMEDIATE` transaction, taken one at
//! a time in this process so that SQLite's own lock is never fought over with sleeps; the version
//! check in the final `UPDATE` guards against any other writer on the same file. Writes that are
//! one statement (a thread id, a setting, closing a challenge) need no more than SQLite gives.
//!
//! A write with `RETURNING` reads its rows with `fetch_all`, never `fetch_one` or
//! `fetch_optional`: those stop the statement at its first row, but SQLite makes a lone
//! statement's commit at the statement's end, which sqlx then reaches only by a reset whose
//! failure it drops. On a full disk, a hint, a wrong lesson answer or a new challenge was
//! counted or numbered and reported done while its commit failed. `.ci/run` refuses the two.
//!
//! The store decides nothing: who opens, deadlines and reminder times, and which puzzle is served
//! (daily or asked for) and what it owes, come from the service.
//!
//! Each public function is a span at trace level (`RUST_LOG=ponte::store=trace` shows every
//! query's function and time); an error it returns is logged at debug level only, because the
//! service decides whether it is a fault (a game changed meanwhile is not) and logs it if so.

mod ai_games;
mod analyses;
mod backup;
mod challenges;
mod clock;
mod daily_puzzles;
mod digests;
mod game_start;
mod game_write;
mod games;
mod guild_settings;
mod lessons;
mod load;
mod outbox;
mod players;
mod puzzle_answers;
mod puzzles;
mod ratings;
mod settings;
mod states;
#[cfg(test)]
pub(crate) mod test_support;
mod tournaments;
mod vacations;
mod variant;
mod web_doors;

use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Duration;

use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Connection, SqliteConnection, SqlitePool};
use tokio::sync::Mutex;

use crate::game::Variant;

pub use ai_games::AiRecord;
pub use analyses::{AnalysisPosition, AnalysisRequest, AnalysisRow, PendingAnalysis};
pub use backup::{Copied, CopyError, Source, database_file};
pub use challenges::{ChallengeRow, NewChallenge};
pub use clock::ClockTimes;
pub use daily_puzzles::{DueDaily, EarlierDaily};
pub use digests::{DueDigest, StoredNotify};
pub use game_start::{AiSide, ClockIfAway, NewGame, Origin, OwedByStart};
pub use game_write::{GameChange, GameWrite};
pub use games::{Committed, DueReminder, GameRow, GameUpdate, MoveRow, NewMove};
pub use guild_settings::GuildLanguage;
pub use lessons::LessonProgress;
pub use load::Load;
pub use outbox::{OutboxItem, Owed};
pub use players::PlayerRow;
pub use puzzle_answers::{
    AnswerRow, Answered, NewAnswer, PuzzleCandidate, PuzzleRatingRow, PuzzleSource, Rated,
    ServedPuzzle, StoredRating,
};
pub use puzzles::{BuiltInKept, GameToCut};
pub use ratings::{NamedRating, RatingPoint, RatingRow};
pub use states::{ChallengeStatus, EndReason, GameStatus, StoredLevel, Winner};
pub use tournaments::{
    EntrantRow, NewRound, NewTournament, StoredFormat, TournamentGameRow, TournamentRow,
    TournamentStatus,
};

pub use vacations::{Absence, DAY, GameClock, VacationRow, VacationWrite};
pub use web_doors::{LinkRow, NewSession, SessionRow};

pub use crate::ids::{
    ChallengeId, ChannelId, GameId, GuildId, MessageId, OutboxId, PlayerId, PuzzleId, TournamentId,
};
/// Unix time in milliseconds.
pub type Millis = i64;

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
    #[error("database migration failed: {0}")]
    Migration(#[from] sqlx::migrate::MigrateError),
    #[error("cannot lock the database for its migrations: {0}")]
    Lock(std::io::Error),
    /// Another writer changed the game between reading and writing it.
    #[error("the game changed while the move was being saved")]
    Conflict,
    /// A row the schema's checks should have refused (written past them, or by another
    /// version).
    #[error("{0} holds values this version cannot read")]
    Impossible(String),
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
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn open(url: &str) -> Result<Store, StoreError> {
        Store::open_with(url, SqlitePoolOptions::new().max_connections(8)).await
    }

    async fn open_with(url: &str, pool: SqlitePoolOptions) -> Result<Store, StoreError> {
        let options = SqliteConnectOptions::from_str(url)?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            // A move the bot acknowledged must survive a crash, so every commit is synced.
            .synchronous(SqliteSynchronous::Full)
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(10));
        // Opening a new file (switching it to WAL) and migrating it, one process at a time.
        let lock = lock_schema(options.get_filename()).await?;
        let pool = pool
            // A connection to a local file cannot go stale, and the ping sqlx sends by default
            // costs each query an extra round trip to the connection's worker thread; only a
            // connection left inside a transaction is not handed out.
            .test_before_acquire(false)
            .before_acquire(|conn, _| Box::pin(async move { usable(conn).await }))
            .connect_with(options.clone())
            .await?;
        sqlx::migrate!().run(&pool).await?;
        drop(lock);
        Ok(Store {
            pool,
            writer: Mutex::new(()),
        })
    }

    /// Closes every connection, checkpointing the write-ahead log away (no `-wal` file left).
    ///
    /// SQLite removes the log when the last connection closes, but two connections closing at
    /// once can each leave it to the other; and sqlx's close can return while a connection
    /// released a moment before is still on its way back to the pool (a task of its own). So
    /// the pool is closed until no connection is left, and a log still there is removed by
    /// one connection opened and closed alone.
    pub async fn close(&self) {
        self.pool.close().await;
        while self.pool.size() > 0 {
            tokio::time::sleep(Duration::from_millis(1)).await;
            self.pool.close().await;
        }
        let options = self.pool.connect_options();
        let wal = format!("{}-wal", options.get_filename().display());
        if Path::new(&wal).exists()
            && let Ok(last) = SqliteConnection::connect_with(&options).await
        {
            let _ = last.close().await;
        }
    }
}

/// Locks the database's schema against other processes until the returned file is dropped:
/// two processes started at once on a new file would otherwise both switch it to WAL and create
/// its tables, and one of them would fail ("database is locked", "table players already
/// exists"). The lock is an advisory lock on a file beside the database; an in-memory database
/// needs none.
async fn lock_schema(database: &Path) -> Result<Option<std::fs::File>, StoreError> {
    let name = database.to_string_lossy();
    if name.is_empty() || name.contains(":memory:") {
        return Ok(None);
    }
    let path = PathBuf::from(format!("{name}-migrate-lock"));
    let locked = tokio::task::spawn_blocking(move || {
        let file = std::fs::File::create(&path)?;
        file.lock()?;
        Ok::<_, std::io::Error>(file)
    })
    .await
    .map_err(|e| StoreError::Lock(std::io::Error::other(e)))?;
    Ok(Some(locked.map_err(StoreError::Lock)?))
}

/// Whether a pooled connection may be handed out, or must be closed: it must not be inside a
/// transaction.
///
/// A transaction dropped without a commit queues its ROLLBACK, and sqlx counts it open until that
/// ROLLBACK succeeds. But when a statement or the COMMIT fails on a full disk, SQLite has already
/// rolled the transaction back itself, so that ROLLBACK fails and sqlx counts the transaction
/// open for good: every later write on the connection failed ("non-zero transaction depth"), or,
/// as a single statement, vanished into a transaction never committed, until a restart. Such a
/// connection is closed here (which ends whatever SQLite still holds) and another one used. The
/// ping waits for a queued ROLLBACK, so only a connection still counted inside a transaction
/// after it is closed.
async fn usable(conn: &mut sqlx::SqliteConnection) -> Result<bool, sqlx::Error> {
    use sqlx::Connection;
    if !conn.is_in_transaction() {
        return Ok(true);
    }
    conn.ping().await?;
    Ok(!conn.is_in_transaction())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::test_support::{NOW, change, going_on, new_challenge, new_moves, start};

    /// Closing right after a query, whose connection may still be on its way back to the
    /// pool, closes that one too: the write-ahead log is checkpointed away.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn closing_right_after_a_query_leaves_no_write_ahead_log() {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("ponte.db").display());
        for round in 0..50 {
            let store = Store::open(&url).await.unwrap();
            sqlx::query("SELECT 1").execute(&store.pool).await.unwrap();
            store.close().await;
            let wal = dir.path().join("ponte.db-wal");
            assert!(!wal.exists(), "round {round}: the -wal is left");
        }
    }

    /// Sets how many pages the database file may have, on the store's one connection: at the
    /// current count it behaves like a full disk.
    async fn limit_pages(store: &Store, pages: Option<i64>) {
        let pages = match pages {
            Some(pages) => pages,
            None => sqlx::query_scalar("PRAGMA page_count")
                .fetch_one(&store.pool)
                .await
                .unwrap(),
        };
        sqlx::query(&format!("PRAGMA max_page_count = {pages}"))
            .execute(&store.pool)
            .await
            .unwrap();
    }

    #[tokio::test]
    async fn a_full_disk_fails_one_write_and_the_next_writes_work_once_there_is_room() {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("sqlite://{}", dir.path().join("full.db").display());
        let one = SqlitePoolOptions::new().max_connections(1);
        let store = Store::open_with(&url, one).await.unwrap();
        for (id, name) in [(1, "alice"), (2, "bob")] {
            store
                .upsert_player(PlayerId::new(id), name, NOW)
                .await
                .unwrap();
        }
        let game = start(&store, 1, 2).await;
        limit_pages(&store, None).await;

        // Long moves fill the file's last free space: the write that finds none fails, and says so.
        let long = "x".repeat(3000);
        let mut saved = 0;
        let failure = loop {
            let write = store.write_game(game).await.unwrap().unwrap();
            let player = if saved % 2 == 0 { 1 } else { 2 };
            let update = going_on(1, 2, 3 - player, None);
            match write
                .commit(
                    &change(new_moves(&[(player, &long)]), update.clone()),
                    &[],
                    NOW,
                )
                .await
            {
                Ok(_) => saved += 1,
                Err(error) => break error,
            }
            assert!(saved < 1000, "the page limit never bit");
        };
        assert!(failure.to_string().contains("full"), "{failure}");
        let row = store.game(game).await.unwrap().unwrap();
        assert_eq!(row.plies, saved, "the failed write left nothing");
        assert_eq!(store.moves(game).await.unwrap().len() as i64, saved);

        // Room again (as after freeing disk space): writes work without a restart, and a write
        // that reports success is really saved.
        limit_pages(&store, Some(1_000_000)).await;
        let write = store.write_game(game).await.unwrap().unwrap();
        let player = if saved % 2 == 0 { 1 } else { 2 };
        let update = going_on(1, 2, 3 - player, None);
        write
            .commit(
                &change(new_moves(&[(player, "c3 d4")]), update.clone()),
                &[],
                NOW,
            )
            .await
            .unwrap();
        assert_eq!(store.game(game).await.unwrap().unwrap().plies, saved + 1);
        let challenge = store
            .insert_challenge(&new_challenge(1, Some(2), NOW + 1000))
            .await
            .unwrap();
        assert!(store.challenge(challenge).await.unwrap().is_some());
    }
}
