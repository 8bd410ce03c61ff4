//! Copies of the live database: SQLite's `VACUUM INTO` reads the whole database in one read
//! transaction, so a copy holds every commit made before it began and none after, while the
//! bot's writers go on. Copying the file instead can lose acknowledged moves: the latest ones
//! may still be only in the `-wal` file beside it.

use std::path::Path;

use super::{Store, StoreError};

/// What a copy holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Copied {
    pub games: i64,
    pub moves: i64,
}

impl Store {
    /// Writes a consistent copy of the database to `dest`, which must not exist, and returns
    /// what the copy holds (counted in the copy's own snapshot).
    ///
    /// # Errors
    /// When `dest` exists or cannot be written; database failures.
    pub async fn copy_into(&self, dest: &Path) -> Result<Copied, StoreError> {
        let mut conn = self.pool.acquire().await?;
        let dest = dest.to_string_lossy().into_owned();
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::test_support::{commit, going_on, new_moves, start, store_with_players};

    #[tokio::test]
    async fn a_copy_holds_every_game_and_move_saved_before_it() {
        let (dir, store) = store_with_players().await;
        let game = start(&store, 1, 2).await;
        let moves = new_moves(&[(1, "c3 e5")]);
        commit(&store, game, &moves, &going_on(1, 2, 2, None), 1).await;
        let dest = dir.path().join("copy.db");
        let copied = store.copy_into(&dest).await.unwrap();
        assert_eq!(copied, Copied { games: 1, moves: 1 });

        let url = format!("sqlite://{}", dest.display());
        let copy = Store::open(&url).await.unwrap();
        assert_eq!(copy.moves(game).await.unwrap().len(), 1);
        assert_eq!(
            copy.game(game).await.unwrap(),
            store.game(game).await.unwrap()
        );
        // An existing file is not overwritten.
        assert!(store.copy_into(&dest).await.is_err());
    }
}
