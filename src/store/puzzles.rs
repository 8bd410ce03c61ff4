//! Puzzles as they are made: cut from finished games (with the game's server) or loaded from
//! the built-in set (with none), one row per position. Moves are kept in the record's notation,
//! one per line; a position already kept is not kept twice.

use crate::game::Puzzle;
use crate::game::puzzle::{PuzzleColumns, judged_text};

use super::PuzzleId;
use super::{GameId, GuildId, Millis, Store, StoreError};

/// A puzzle's row as kept, before its text is read.
#[derive(sqlx::FromRow)]
pub(super) struct PuzzleRow {
    pub(super) id: PuzzleId,
    pub(super) variant: String,
    pub(super) moves: String,
    pub(super) candidates: String,
    pub(super) accepted: String,
    pub(super) best_line: String,
    pub(super) played: Option<String>,
    pub(super) chance_before: f64,
    pub(super) chance_after: f64,
    pub(super) playouts: i64,
    pub(super) judged: String,
    pub(super) seed: Option<i64>,
}

impl PuzzleRow {
    pub(super) fn read(self) -> Result<(PuzzleId, Puzzle), StoreError> {
        let id = self.id;
        let impossible = |error: String| StoreError::Impossible(format!("puzzle {id}: {error}"));
        let columns = PuzzleColumns {
            variant: self.variant,
            moves: self.moves,
            candidates: self.candidates,
            accepted: self.accepted,
            best_line: self.best_line,
            played: self.played,
            chance_before: self.chance_before,
            chance_after: self.chance_after,
            playouts: u64::try_from(self.playouts).map_err(|e| impossible(e.to_string()))?,
            judged: self.judged,
            seed: self
                .seed
                .map(u64::try_from)
                .transpose()
                .map_err(|e| impossible(e.to_string()))?,
        };
        Ok((id, Puzzle::try_from(columns).map_err(impossible)?))
    }
}

impl Store {
    /// Keeps `puzzle`, cut from `game` of `guild` (both `None` for the built-in set); `None`
    /// when its position is kept already (from another game, or the built-in set loaded
    /// before), which is then left as it is.
    ///
    /// # Errors
    /// On a database failure; nothing is written then.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn insert_puzzle(
        &self,
        puzzle: &Puzzle,
        game: Option<GameId>,
        guild: Option<GuildId>,
        now: Millis,
    ) -> Result<Option<PuzzleId>, StoreError> {
        let _writer = self.writer.lock().await;
        let mut conn = self.pool.acquire().await?;
        Ok(insert(&mut conn, puzzle, game, guild, now).await?)
    }

    /// The puzzles cut from `game`, in the order they were kept.
    ///
    /// # Errors
    /// On a database failure, or a row this version cannot read ([`StoreError::Impossible`]).
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn puzzles_of_game(
        &self,
        game: GameId,
    ) -> Result<Vec<(PuzzleId, Puzzle)>, StoreError> {
        let rows: Vec<PuzzleRow> = sqlx::query_as(
            "SELECT id, variant, moves, candidates, accepted, best_line, played,
                    chance_before, chance_after, playouts, judged, seed
             FROM puzzles WHERE game_id = ? ORDER BY id",
        )
        .bind(game)
        .fetch_all(&self.pool)
        .await?;
        rows.into_iter().map(PuzzleRow::read).collect()
    }
}

/// A finished game whose analysis is made and whose puzzles are yet to be cut.
#[derive(Clone, Copy, Debug, PartialEq, sqlx::FromRow)]
pub struct GameToCut {
    pub game_id: GameId,
    /// The server the game was played in; `None` in a direct message or the terminal.
    pub guild_id: Option<GuildId>,
}

impl Store {
    /// The finished games (not aborted) whose analysis is made and whose puzzles are yet to be
    /// cut, those analysed first first.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn games_to_cut(&self) -> Result<Vec<GameToCut>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT a.game_id, g.guild_id FROM analyses a JOIN games g ON g.id = a.game_id
             WHERE a.finished_at IS NOT NULL AND a.puzzles_cut_at IS NULL
               AND g.status = 'finished'
             ORDER BY a.finished_at, a.game_id",
        )
        .fetch_all(&self.pool)
        .await?)
    }

    /// Keeps the puzzles cut from `game` (of `guild`), each position once, and marks the game
    /// cut, in one transaction; the ids of those newly kept. Nothing is kept when the game
    /// was cut already (by another process), so a game's puzzles are made once.
    ///
    /// # Errors
    /// On a database failure; nothing is written then.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn save_cut_puzzles(
        &self,
        game: GameId,
        guild: Option<GuildId>,
        puzzles: &[Puzzle],
        now: Millis,
    ) -> Result<Vec<PuzzleId>, StoreError> {
        let _writer = self.writer.lock().await;
        let mut tx = self.pool.begin_with("BEGIN IMMEDIATE").await?;
        let marked = sqlx::query(
            "UPDATE analyses SET puzzles_cut_at = ?
             WHERE game_id = ? AND finished_at IS NOT NULL AND puzzles_cut_at IS NULL",
        )
        .bind(now)
        .bind(game)
        .execute(&mut *tx)
        .await?;
        if marked.rows_affected() == 0 {
            return Ok(Vec::new());
        }
        let mut kept = Vec::new();
        for puzzle in puzzles {
            kept.extend(insert(&mut tx, puzzle, Some(game), guild, now).await?);
        }
        tx.commit().await?;
        Ok(kept)
    }
}

/// What keeping the built-in set changed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BuiltInKept {
    /// Puzzles kept for the first time.
    pub new: usize,
    /// Puzzles of the set dropped since, no longer served from now on.
    pub retired: usize,
}

impl Store {
    /// Keeps the built-in `puzzles` (no game, no server), each position once, and stops
    /// serving the `retired` ones (puzzles once in the set, dropped since), in one transaction.
    /// A puzzle of the set kept before takes the set's game and judged chances, and its
    /// starting rating while nobody has answered it (its rating is the players' after that).
    ///
    /// # Errors
    /// On a database failure; nothing is written then.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn insert_built_in_puzzles(
        &self,
        puzzles: &[Puzzle],
        retired: &[Puzzle],
        now: Millis,
    ) -> Result<BuiltInKept, StoreError> {
        let _writer = self.writer.lock().await;
        let mut tx = self.pool.begin_with("BEGIN IMMEDIATE").await?;
        let mut kept = BuiltInKept::default();
        for puzzle in puzzles {
            if insert(&mut tx, puzzle, None, None, now).await?.is_some() {
                kept.new += 1;
                continue;
            }
            sqlx::query(
                "UPDATE puzzles SET seed = ?2, judged = ?3, retired_at = NULL,
                     rating = CASE WHEN EXISTS (SELECT 1 FROM puzzle_answers a
                                                WHERE a.puzzle_id = puzzles.id)
                                   THEN rating ELSE ?4 END
                 WHERE position_key = ?1 AND game_id IS NULL AND guild_id IS NULL",
            )
            .bind(puzzle.key())
            .bind(
                puzzle
                    .seed
                    .map(|seed| i64::try_from(seed).unwrap_or(i64::MAX)),
            )
            .bind(judged_text(&puzzle.judged))
            .bind(puzzle.start_rating())
            .execute(&mut *tx)
            .await?;
        }
        for puzzle in retired {
            let done = sqlx::query(
                "UPDATE puzzles SET retired_at = ?2
                 WHERE position_key = ?1 AND game_id IS NULL AND guild_id IS NULL
                   AND retired_at IS NULL",
            )
            .bind(puzzle.key())
            .bind(now)
            .execute(&mut *tx)
            .await?;
            kept.retired += usize::try_from(done.rows_affected()).unwrap_or_default();
        }
        tx.commit().await?;
        Ok(kept)
    }
}

/// Inserts `puzzle` unless its position is kept already (`None` then), at the rating its
/// cut's judging makes it start at ([`Puzzle::start_rating`]).
pub(super) async fn insert(
    conn: &mut sqlx::SqliteConnection,
    puzzle: &Puzzle,
    game: Option<GameId>,
    guild: Option<GuildId>,
    now: Millis,
) -> Result<Option<PuzzleId>, sqlx::Error> {
    let columns = PuzzleColumns::from(puzzle);
    sqlx::query_scalar(
        "INSERT INTO puzzles (game_id, guild_id, position_key, variant, moves, candidates,
                              accepted, best_line, played, chance_before, chance_after,
                              playouts, created_at, judged, seed, rating)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (position_key) DO NOTHING
         RETURNING id",
    )
    .bind(game)
    .bind(guild)
    .bind(puzzle.key())
    .bind(columns.variant)
    .bind(columns.moves)
    .bind(columns.candidates)
    .bind(columns.accepted)
    .bind(columns.best_line)
    .bind(columns.played)
    .bind(columns.chance_before)
    .bind(columns.chance_after)
    .bind(i64::try_from(columns.playouts).unwrap_or(i64::MAX))
    .bind(now)
    .bind(columns.judged)
    .bind(
        columns
            .seed
            .map(|seed| i64::try_from(seed).unwrap_or(i64::MAX)),
    )
    .bind(puzzle.start_rating())
    .fetch_all(conn)
    .await
    .map(|mut id| id.pop())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Move, Variant};
    use crate::store::test_support::{GUILD, NOW, start, store_with_players};

    fn moves(text: &[&str]) -> Vec<Move> {
        text.iter().map(|m| m.parse().unwrap()).collect()
    }

    fn puzzle() -> Puzzle {
        Puzzle {
            variant: Variant::boxed(10).unwrap(),
            moves: moves(&["c3 d5", "f6 g8", "a1 a3"]),
            candidates: moves(&["h1 h3", "g2 g4", "f1 f3"]),
            accepted: moves(&["g2 g4", "f1 f3"]),
            best_line: moves(&["g2 g4", "b6 b8", "c3-d5"]),
            played: Some("h1 h3".parse().unwrap()),
            chance_before: 0.7,
            chance_after: 0.4,
            playouts: 400,
            judged: vec![0.4, 0.7, 0.68],
            seed: None,
        }
    }

    #[tokio::test]
    async fn a_puzzle_is_kept_once_per_position_and_read_back_whole() {
        let (_dir, store) = store_with_players().await;
        let game = start(&store, 1, 2).await;
        let kept = store
            .insert_puzzle(&puzzle(), Some(game), Some(GUILD), NOW)
            .await
            .unwrap();
        let id = kept.expect("a new position is kept");
        assert_eq!(store.puzzles_of_game(game).await.unwrap(), [(id, puzzle())]);

        // The same position again, reached another way and from the built-in set: not kept.
        let again = Puzzle {
            moves: moves(&["a3 a1", "g8 f6", "d5 c3"]),
            played: None,
            ..puzzle()
        };
        assert_eq!(
            store
                .insert_puzzle(&again, None, None, NOW + 1)
                .await
                .unwrap(),
            None
        );
        let (count, guild): (i64, Option<GuildId>) =
            sqlx::query_as("SELECT count(*), max(guild_id) FROM puzzles")
                .fetch_one(&store.pool)
                .await
                .unwrap();
        assert_eq!((count, guild), (1, Some(GUILD)));

        // Another position is another puzzle; the built-in set's have no game or server.
        let other = Puzzle {
            moves: moves(&["c3 d5"]),
            candidates: moves(&["swap", "h1 h3"]),
            accepted: moves(&["swap"]),
            best_line: moves(&["swap"]),
            played: None,
            ..puzzle()
        };
        let built_in = store.insert_puzzle(&other, None, None, NOW).await.unwrap();
        assert!(built_in.is_some_and(|other| other != id));
        assert_eq!(store.puzzles_of_game(game).await.unwrap().len(), 1);
    }

    /// Marks `game` finished (the store's tests need no real ending) with its analysis made.
    async fn analysed(store: &Store, game: GameId, status: &str) {
        sqlx::query("UPDATE games SET status = ? WHERE id = ?")
            .bind(status)
            .bind(game)
            .execute(&store.pool)
            .await
            .unwrap();
        store.request_analysis(game, 100, None, NOW).await.unwrap();
        let position = crate::store::AnalysisPosition {
            ply: 0,
            white_chance: 0.5,
            preferred: None,
        };
        store
            .save_analysis(game, &[position], |_| unreachable!("nobody waits"), NOW)
            .await
            .unwrap();
    }

    #[tokio::test]
    async fn a_finished_games_puzzles_are_cut_once_and_an_aborted_or_running_game_is_never_cut() {
        let (_dir, store) = store_with_players().await;
        let [finished, aborted, running, unanalysed] = [
            start(&store, 1, 2).await,
            start(&store, 1, 3).await,
            start(&store, 2, 3).await,
            start(&store, 2, 1).await,
        ];
        analysed(&store, finished, "finished").await;
        analysed(&store, aborted, "aborted").await;
        analysed(&store, running, "active").await;
        sqlx::query("UPDATE games SET status = 'finished' WHERE id = ?")
            .bind(unanalysed)
            .execute(&store.pool)
            .await
            .unwrap();
        let to_cut = [GameToCut {
            game_id: finished,
            guild_id: Some(GUILD),
        }];
        assert_eq!(store.games_to_cut().await.unwrap(), to_cut);

        let kept = store
            .save_cut_puzzles(finished, Some(GUILD), &[puzzle()], NOW)
            .await
            .unwrap();
        assert_eq!(kept.len(), 1);
        assert_eq!(store.games_to_cut().await.unwrap(), []);
        // Cut again (another process, a restart): nothing more is kept.
        let other = Puzzle {
            moves: moves(&["c3 d5"]),
            candidates: moves(&["swap", "h1 h3"]),
            accepted: moves(&["swap"]),
            best_line: moves(&["swap"]),
            played: None,
            ..puzzle()
        };
        let again = store
            .save_cut_puzzles(finished, Some(GUILD), &[puzzle(), other], NOW)
            .await
            .unwrap();
        assert_eq!(again, []);
        assert_eq!(store.puzzles_of_game(finished).await.unwrap().len(), 1);
        // A game without puzzles is cut too.
        let (_dir, store) = store_with_players().await;
        let game = start(&store, 1, 2).await;
        analysed(&store, game, "finished").await;
        let none = store.save_cut_puzzles(game, None, &[], NOW).await.unwrap();
        assert_eq!(none, []);
        assert_eq!(store.games_to_cut().await.unwrap(), []);
    }
}
