//! Glicko-2 ratings per server and their history. New ratings are written inside a game's write
//! transaction, so a result counts exactly once.

use super::{GameId, GameWrite, Millis, PlayerId, Store, StoreError};

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

const RATING_COLUMNS: &str = "r.guild_id, r.player_id, r.rating, r.deviation, r.volatility, r.wins, r.losses, r.draws, \
     r.updated_at";

impl Store {
    /// A server's ratings with the players' names, highest first.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn ratings_in(&self, guild: i64) -> Result<Vec<NamedRating>, StoreError> {
        Ok(sqlx::query_as::<_, NamedRating>(&format!(
            "SELECT p.name, {RATING_COLUMNS} FROM ratings r JOIN players p ON p.id = r.player_id
             WHERE r.guild_id = ? ORDER BY r.rating DESC, r.player_id"
        ))
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
            *slot = sqlx::query_as::<_, RatingRow>(&format!(
                "SELECT {RATING_COLUMNS} FROM ratings r WHERE r.guild_id = ? AND r.player_id = ?"
            ))
            .bind(guild)
            .bind(player)
            .fetch_optional(&mut *self.tx)
            .await?;
        }
        Ok(found)
    }

    /// Records new ratings for this game (with their history) as part of the commit, and marks
    /// the game's result as applied.
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
}
