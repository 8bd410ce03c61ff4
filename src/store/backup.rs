//! Copies of the live database: SQLite's `VACUUM INTO` reads the whole database in one read
//! transaction, so a copy holds every commit made before it began and none after, while the
//! bot's writers go on. Copying the file instead can lose acknowledged moves: the latest ones
//! may still be only in the `-wal` file beside it.
//!
//! The database copied is opened read-only, neither created nor migrated: a backup never
//! changes what it copies, and a mistyped name is refused instead of copied as a new, empty
//! database.

use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Duration;

use sqlx::ConnectOptions;
use sqlx::sqlite::SqliteConnectOptions;
use sqlx::{Connection, SqliteConnection};

use super::StoreError;

/// SQLite's result codes for a full disk (`SQLITE_FULL`), a file it cannot open or create
/// (`SQLITE_CANTOPEN`) and a file that is no database (`SQLITE_NOTADB`).
const FULL: &str = "13";
const CANNOT_OPEN: &str = "14";
const NOT_A_DATABASE: &str = "26";

/// The tables every version of ponte's schema has.
const PONTE_TABLES: [&str; 3] = ["_sqlx_migrations", "games", "moves"];

/// What a copy holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Copied {
    pub games: i64,
    pub moves: i64,
}

/// Why a database could not be opened for copying, or copied.
#[derive(Debug, thiserror::Error)]
pub enum CopyError {
    /// The file is no SQLite database, or one without ponte's tables.
    #[error("not a ponte database")]
    NotPonte,
    /// The destination's file system has no room left for the copy.
    #[error("no room left on the disk")]
    Full,
    /// The copy's file could not be created (its folder is missing or not writable).
    #[error("cannot create the file")]
    CannotCreate,
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// A failure of the copy: a full disk and a file that cannot be created are told apart.
impl From<sqlx::Error> for CopyError {
    fn from(error: sqlx::Error) -> CopyError {
        let code = error.as_database_error().and_then(|e| e.code());
        match code.as_deref() {
            Some(FULL) => CopyError::Full,
            Some(CANNOT_OPEN) => CopyError::CannotCreate,
            _ => CopyError::Store(error.into()),
        }
    }
}

/// A failure to open the database or read its schema: only a file that is no database is told
/// apart.
fn opening(error: sqlx::Error) -> CopyError {
    match error.as_database_error().and_then(|e| e.code()).as_deref() {
        Some(NOT_A_DATABASE) => CopyError::NotPonte,
        _ => CopyError::Store(error.into()),
    }
}

/// The file of the SQLite database at `url`, e.g. `ponte.db` for `sqlite://ponte.db`.
///
/// # Errors
/// When `url` is no SQLite URL.
pub fn database_file(url: &str) -> Result<PathBuf, StoreError> {
    Ok(SqliteConnectOptions::from_str(url)?
        .get_filename()
        .to_path_buf())
}

/// A ponte database opened read-only, to be copied.
pub struct Source {
    conn: SqliteConnection,
}

impl Source {
    /// Opens the existing database at `url` read-only: it is neither created nor migrated, and
    /// must hold ponte's tables.
    ///
    /// # Errors
    /// [`CopyError::NotPonte`] for a file that is no ponte database; database failures (a file
    /// that does not exist among them).
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn open(url: &str) -> Result<Source, CopyError> {
        let options = SqliteConnectOptions::from_str(url)?
            .read_only(true)
            .create_if_missing(false)
            .busy_timeout(Duration::from_secs(10));
        let mut conn = options.connect().await.map_err(opening)?;
        let tables: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM sqlite_schema WHERE type = 'table' AND name IN (?, ?, ?)",
        )
        .bind(PONTE_TABLES[0])
        .bind(PONTE_TABLES[1])
        .bind(PONTE_TABLES[2])
        .fetch_one(&mut conn)
        .await
        .map_err(opening)?;
        if tables != PONTE_TABLES.len() as i64 {
            conn.close().await?;
            return Err(CopyError::NotPonte);
        }
        Ok(Source { conn })
    }

    /// Writes a consistent copy of the database to `dest`, which must not exist, returns what
    /// the copy holds (counted in the copy's own snapshot) and closes the database.
    ///
    /// # Errors
    /// [`CopyError::Full`], [`CopyError::CannotCreate`] when `dest` cannot be written; database
    /// failures.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn copy_into(mut self, dest: &Path) -> Result<Copied, CopyError> {
        let copied = copy(&mut self.conn, dest).await;
        self.conn.close().await?;
        copied
    }
}

async fn copy(conn: &mut SqliteConnection, dest: &Path) -> Result<Copied, CopyError> {
    let dest = dest.to_string_lossy().into_owned();
    // VACUUM INTO creates its file even on a read-only connection.
    sqlx::query("VACUUM INTO ?")
        .bind(&dest)
        .execute(&mut *conn)
        .await?;
    // Counted in the copy itself: what it holds, not what the database holds now.
    sqlx::query("ATTACH DATABASE ? AS copy")
        .bind(&dest)
        .execute(&mut *conn)
        .await?;
    let counted: Result<(i64, i64), sqlx::Error> = sqlx::query_as(
        "SELECT (SELECT COUNT(*) FROM copy.games), (SELECT COUNT(*) FROM copy.moves)",
    )
    .fetch_one(&mut *conn)
    .await;
    sqlx::query("DETACH DATABASE copy")
        .execute(&mut *conn)
        .await?;
    let (games, moves) = counted?;
    Ok(Copied { games, moves })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Store;
    use crate::store::test_support::{commit, going_on, new_moves, start, store_with_players};

    fn url(path: &Path) -> String {
        format!("sqlite://{}", path.display())
    }

    #[tokio::test]
    async fn a_copy_holds_every_game_and_move_saved_before_it() {
        let (dir, store) = store_with_players().await;
        let game = start(&store, 1, 2).await;
        let moves = new_moves(&[(1, "c3 e5")]);
        commit(&store, game, &moves, &going_on(1, 2, 2, None), 1).await;
        let dest = dir.path().join("copy.db");
        let source = Source::open(&url(&dir.path().join("store.db")))
            .await
            .unwrap();
        let copied = source.copy_into(&dest).await.unwrap();
        assert_eq!(copied, Copied { games: 1, moves: 1 });

        let copy = Store::open(&url(&dest)).await.unwrap();
        assert_eq!(copy.moves(game).await.unwrap().len(), 1);
        assert_eq!(
            copy.game(game).await.unwrap(),
            store.game(game).await.unwrap()
        );
        // An existing file is not overwritten.
        let source = Source::open(&url(&dir.path().join("store.db")))
            .await
            .unwrap();
        assert!(source.copy_into(&dest).await.is_err());
    }

    #[tokio::test]
    async fn only_an_existing_ponte_database_is_opened_and_nothing_is_created() {
        let dir = tempfile::tempdir().unwrap();
        let missing = dir.path().join("ponet.db");
        assert!(Source::open(&url(&missing)).await.is_err());
        let text = dir.path().join("notes.db");
        std::fs::write(&text, "not a database at all, just some words").unwrap();
        assert!(matches!(
            Source::open(&url(&text)).await,
            Err(CopyError::NotPonte)
        ));
        let empty = dir.path().join("empty.db");
        std::fs::write(&empty, "").unwrap();
        assert!(matches!(
            Source::open(&url(&empty)).await,
            Err(CopyError::NotPonte)
        ));
        let mut names: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        assert_eq!(names, ["empty.db", "notes.db"]);
    }

    #[tokio::test]
    async fn a_copy_into_a_missing_folder_says_it_cannot_create_the_file() {
        let (dir, _store) = store_with_players().await;
        let source = Source::open(&url(&dir.path().join("store.db")))
            .await
            .unwrap();
        let dest = dir.path().join("missing").join("copy.db");
        assert!(matches!(
            source.copy_into(&dest).await,
            Err(CopyError::CannotCreate)
        ));
    }
}
