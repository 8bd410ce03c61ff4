//! Puzzles as they are served and answered: those a player may be served, the answers (one rated
//! answer per player and puzzle) and the players' puzzle ratings. An answer is saved in the
//! transaction that moves the player's and the puzzle's ratings, so it counts exactly once,
//! whatever is clicked twice or restarted between.

use crate::game::Move;
use crate::game::Puzzle;

use super::puzzles::PuzzleRow;
use super::{GameId, GuildId, Millis, PlayerId, PuzzleId, Store, StoreError};

/// A Glicko-2 rating as kept: a player's or a puzzle's.
#[derive(Clone, Copy, Debug, PartialEq, sqlx::FromRow)]
pub struct StoredRating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

/// A player's puzzle rating and how many puzzles they solved and failed.
#[derive(Clone, Copy, Debug, PartialEq, sqlx::FromRow)]
pub struct PuzzleRatingRow {
    #[sqlx(flatten)]
    pub rating: StoredRating,
    pub solved: i64,
    pub failed: i64,
}

/// A puzzle as served: its number, the server whose game it comes from (`None`: the built-in
/// set), its rating, and the puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct ServedPuzzle {
    pub id: PuzzleId,
    pub guild_id: Option<GuildId>,
    pub rating: StoredRating,
    pub puzzle: Puzzle,
}

/// A puzzle's row with what serving it needs.
#[derive(sqlx::FromRow)]
struct ServedRow {
    #[sqlx(flatten)]
    puzzle: PuzzleRow,
    guild_id: Option<GuildId>,
    #[sqlx(flatten)]
    rating: StoredRating,
}

impl ServedRow {
    fn read(self) -> Result<ServedPuzzle, StoreError> {
        let (id, puzzle) = self.puzzle.read()?;
        Ok(ServedPuzzle {
            id,
            guild_id: self.guild_id,
            rating: self.rating,
            puzzle,
        })
    }
}

const SERVED_COLUMNS: &str = "p.id, p.variant, p.moves, p.candidates, p.accepted, p.best_line, \
     p.played, p.chance_before, p.chance_after, p.playouts, p.judged, p.seed, p.guild_id, \
     p.rating, p.deviation, p.volatility";

/// Where a puzzle comes from: the stored game it was cut from, or for the built-in set the
/// lab's game's seed (when known) and variant.
#[derive(Clone, Debug, PartialEq, sqlx::FromRow)]
pub struct PuzzleSource {
    pub game_id: Option<GameId>,
    pub seed: Option<i64>,
    pub variant: String,
}

/// A puzzle that may be served: its number, its server (`None`: the built-in set), its
/// rating and where it comes from.
#[derive(Clone, Debug, PartialEq, sqlx::FromRow)]
pub struct PuzzleCandidate {
    pub id: PuzzleId,
    pub guild_id: Option<GuildId>,
    pub rating: f64,
    #[sqlx(flatten)]
    pub source: PuzzleSource,
}

/// A player's answer to a puzzle, as kept.
#[derive(Clone, Debug, PartialEq, sqlx::FromRow)]
pub struct AnswerRow {
    pub player_id: PlayerId,
    pub puzzle_id: PuzzleId,
    /// The move chosen, in the record's notation.
    pub answer: String,
    pub correct: bool,
    pub guild_id: Option<GuildId>,
    pub rating_before: f64,
    pub rating_after: f64,
    pub answered_at: Millis,
}

/// An answer to save.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NewAnswer {
    pub player: PlayerId,
    pub puzzle: PuzzleId,
    pub answer: Move,
    pub correct: bool,
    pub guild: Option<GuildId>,
    pub now: Millis,
}

/// The ratings an answer moves: the player's before (their start for a first puzzle) and
/// after, and the puzzle's after.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rated {
    pub player_before: StoredRating,
    pub player_after: StoredRating,
    pub puzzle_after: StoredRating,
}

/// What saving an answer did.
#[derive(Clone, Debug, PartialEq)]
pub enum Answered {
    /// The player's first answer to the puzzle: saved, with both ratings moved.
    Saved(Rated),
    /// They had answered it before: nothing was written; their first answer, and their
    /// puzzle rating as it is now (after that answer and any since).
    Already { first: AnswerRow, now: StoredRating },
}

impl Store {
    /// `player`'s puzzle rating, if they have answered a puzzle.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn puzzle_rating(
        &self,
        player: PlayerId,
    ) -> Result<Option<PuzzleRatingRow>, StoreError> {
        Ok(sqlx::query_as::<_, PuzzleRatingRow>(
            "SELECT rating, deviation, volatility, solved, failed FROM puzzle_ratings
             WHERE player_id = ?",
        )
        .bind(player)
        .fetch_optional(&self.pool)
        .await?)
    }

    /// The puzzles `player` has not answered, not dropped from the built-in set: those of
    /// server `guild`'s games (none for `guild` `None`), then those of the built-in set, each
    /// the nearest to `near` first and at most `limit` of each (all for `None`).
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn unanswered_puzzles(
        &self,
        player: PlayerId,
        guild: Option<GuildId>,
        near: f64,
        limit: Option<usize>,
    ) -> Result<Vec<PuzzleCandidate>, StoreError> {
        let limit = limit.map_or(-1, |limit| i64::try_from(limit).unwrap_or(i64::MAX));
        let mut candidates = Vec::new();
        // `p.guild_id = NULL` is never true: without a server, only the built-in set.
        for own in [true, false] {
            candidates.extend(
                sqlx::query_as::<_, PuzzleCandidate>(
                    "SELECT p.id, p.guild_id, p.rating, p.game_id, p.seed, p.variant
                     FROM puzzles p
                     WHERE (CASE WHEN ?4 THEN p.guild_id = ?1 ELSE p.guild_id IS NULL END)
                       AND p.retired_at IS NULL
                       AND NOT EXISTS (SELECT 1 FROM puzzle_answers a
                                       WHERE a.puzzle_id = p.id AND a.player_id = ?2)
                     ORDER BY abs(p.rating - ?3), p.id
                     LIMIT ?5",
                )
                .bind(guild)
                .bind(player)
                .bind(near)
                .bind(own)
                .bind(limit)
                .fetch_all(&self.pool)
                .await?,
            );
        }
        Ok(candidates)
    }

    /// Where the puzzle `player` answered last comes from.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn last_answered_source(
        &self,
        player: PlayerId,
    ) -> Result<Option<PuzzleSource>, StoreError> {
        Ok(sqlx::query_as::<_, PuzzleSource>(
            "SELECT p.game_id, p.seed, p.variant FROM puzzle_answers a
             JOIN puzzles p ON p.id = a.puzzle_id
             WHERE a.player_id = ?
             ORDER BY a.answered_at DESC, a.rowid DESC LIMIT 1",
        )
        .bind(player)
        .fetch_optional(&self.pool)
        .await?)
    }

    /// Puzzle `id` as served, whichever server it is from (the service checks who may see it).
    ///
    /// # Errors
    /// On a database failure, or a row this version cannot read.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn served_puzzle(&self, id: PuzzleId) -> Result<Option<ServedPuzzle>, StoreError> {
        let row = sqlx::query_as::<_, ServedRow>(&format!(
            "SELECT {SERVED_COLUMNS} FROM puzzles p WHERE p.id = ?"
        ))
        .bind(id)
        .fetch_optional(&self.pool)
        .await?;
        row.map(ServedRow::read).transpose()
    }

    /// `player`'s answer to puzzle `puzzle`, if they gave one.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn puzzle_answer(
        &self,
        player: PlayerId,
        puzzle: PuzzleId,
    ) -> Result<Option<AnswerRow>, StoreError> {
        Ok(sqlx::query_as::<_, AnswerRow>(
            "SELECT player_id, puzzle_id, answer, correct, guild_id, rating_before, rating_after,
                    answered_at
             FROM puzzle_answers WHERE player_id = ? AND puzzle_id = ?",
        )
        .bind(player)
        .bind(puzzle)
        .fetch_optional(&self.pool)
        .await?)
    }

    /// Saves `answer` with both ratings as `rate` makes them of the player's rating (`None`
    /// before their first puzzle) and the puzzle's, read in the same transaction; or, when the
    /// player answered this puzzle before, writes nothing and gives their first answer and
    /// their rating as it is now (a double click's second answer, read after the first's).
    ///
    /// # Errors
    /// On a database failure (nothing is written then); [`StoreError::Impossible`] for a
    /// puzzle that is not kept.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn save_puzzle_answer(
        &self,
        answer: &NewAnswer,
        rate: impl FnOnce(Option<StoredRating>, StoredRating) -> Rated,
    ) -> Result<Answered, StoreError> {
        let _writer = self.writer.lock().await;
        let mut tx = self.pool.begin_with("BEGIN IMMEDIATE").await?;
        let earlier = sqlx::query_as::<_, AnswerRow>(
            "SELECT player_id, puzzle_id, answer, correct, guild_id, rating_before, rating_after,
                    answered_at
             FROM puzzle_answers WHERE player_id = ? AND puzzle_id = ?",
        )
        .bind(answer.player)
        .bind(answer.puzzle)
        .fetch_optional(&mut *tx)
        .await?;
        let player_before = rating_of(&mut tx, answer.player).await?;
        if let Some(first) = earlier {
            let now = player_before
                .ok_or_else(|| StoreError::Impossible(format!("player {}", answer.player)))?;
            return Ok(Answered::Already { first, now });
        }
        let puzzle_before = sqlx::query_as::<_, StoredRating>(
            "SELECT rating, deviation, volatility FROM puzzles WHERE id = ?",
        )
        .bind(answer.puzzle)
        .fetch_optional(&mut *tx)
        .await?
        .ok_or_else(|| StoreError::Impossible(format!("puzzle {}", answer.puzzle)))?;
        let rated = rate(player_before, puzzle_before);
        let (player_after, puzzle_after) = (rated.player_after, rated.puzzle_after);
        sqlx::query(
            "INSERT INTO puzzle_ratings (player_id, rating, deviation, volatility, solved, failed,
                                         updated_at)
             VALUES (?1, ?2, ?3, ?4, ?5, 1 - ?5, ?6)
             ON CONFLICT (player_id) DO UPDATE SET rating = excluded.rating,
                 deviation = excluded.deviation, volatility = excluded.volatility,
                 solved = solved + excluded.solved, failed = failed + excluded.failed,
                 updated_at = excluded.updated_at",
        )
        .bind(answer.player)
        .bind(player_after.rating)
        .bind(player_after.deviation)
        .bind(player_after.volatility)
        .bind(i64::from(answer.correct))
        .bind(answer.now)
        .execute(&mut *tx)
        .await?;
        sqlx::query("UPDATE puzzles SET rating = ?, deviation = ?, volatility = ? WHERE id = ?")
            .bind(puzzle_after.rating)
            .bind(puzzle_after.deviation)
            .bind(puzzle_after.volatility)
            .bind(answer.puzzle)
            .execute(&mut *tx)
            .await?;
        sqlx::query(
            "INSERT INTO puzzle_answers (player_id, puzzle_id, answer, correct, guild_id,
                                         rating_before, rating_after, answered_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        )
        .bind(answer.player)
        .bind(answer.puzzle)
        .bind(answer.answer.to_string())
        .bind(answer.correct)
        .bind(answer.guild)
        .bind(rated.player_before.rating)
        .bind(player_after.rating)
        .bind(answer.now)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(Answered::Saved(rated))
    }
}

/// `player`'s puzzle rating as `conn` reads it; `None` before their first puzzle.
async fn rating_of(
    conn: &mut sqlx::SqliteConnection,
    player: PlayerId,
) -> Result<Option<StoredRating>, sqlx::Error> {
    sqlx::query_as::<_, StoredRating>(
        "SELECT rating, deviation, volatility FROM puzzle_ratings WHERE player_id = ?",
    )
    .bind(player)
    .fetch_optional(conn)
    .await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::test_support::{NOW, answer, keep, step, store_with_players};

    #[tokio::test]
    async fn a_second_answer_tells_the_rating_as_it_is_now() {
        let (_dir, store) = store_with_players().await;
        let (one, two) = (
            keep(&store, 0, None, 1500.0).await,
            keep(&store, 1, None, 1500.0).await,
        );
        for id in [one, two] {
            store
                .save_puzzle_answer(&answer(1, id, true), step)
                .await
                .unwrap();
        }
        let again = store
            .save_puzzle_answer(&answer(1, one, false), step)
            .await
            .unwrap();
        let Answered::Already { first, now } = again else {
            panic!("answered twice: {again:?}");
        };
        assert_eq!((first.rating_after, now.rating), (1510.0, 1520.0));
    }

    #[tokio::test]
    async fn an_answer_moves_both_ratings_once_and_a_second_writes_nothing() {
        let (_dir, store) = store_with_players().await;
        let id = keep(&store, 0, None, 1500.0).await;
        assert_eq!(store.puzzle_rating(PlayerId::new(1)).await.unwrap(), None);
        let saved = store
            .save_puzzle_answer(&answer(1, id, true), step)
            .await
            .unwrap();
        let Answered::Saved(rated) = saved else {
            panic!("not saved: {saved:?}");
        };
        assert_eq!(rated.player_after.rating, 1510.0);
        let again = NewAnswer {
            answer: "h1 h3".parse().unwrap(),
            correct: false,
            now: NOW + 5,
            ..answer(1, id, true)
        };
        let saved = store.save_puzzle_answer(&again, step).await.unwrap();
        let Answered::Already { first, now } = saved else {
            panic!("answered twice: {saved:?}");
        };
        assert_eq!(now.rating, 1510.0, "the rating the first answer made");
        assert_eq!(
            (
                first.answer.as_str(),
                first.correct,
                first.rating_before,
                first.rating_after
            ),
            ("g2 g4", true, 1500.0, 1510.0)
        );
        let rating = store
            .puzzle_rating(PlayerId::new(1))
            .await
            .unwrap()
            .unwrap();
        assert_eq!(
            (rating.rating.rating, rating.solved, rating.failed),
            (1510.0, 1, 0)
        );
        assert_eq!(
            store
                .served_puzzle(id)
                .await
                .unwrap()
                .unwrap()
                .rating
                .rating,
            1490.0
        );
        assert_eq!(
            store.puzzle_answer(PlayerId::new(1), id).await.unwrap(),
            Some(first)
        );

        // Another player's wrong answer counts for them, from the puzzle's rating as it is now.
        store
            .save_puzzle_answer(&answer(2, id, false), step)
            .await
            .unwrap();
        let bob = store
            .puzzle_rating(PlayerId::new(2))
            .await
            .unwrap()
            .unwrap();
        assert_eq!((bob.solved, bob.failed), (0, 1));
        assert_eq!(
            store
                .served_puzzle(id)
                .await
                .unwrap()
                .unwrap()
                .rating
                .rating,
            1480.0
        );
    }
}
