//! Glicko-2 ratings per server and their history. New ratings are written inside a game's write
//! transaction, so a result counts exactly once.

use super::{GameId, GameWrite, Millis, PlayerId, Store, StoreError};
use crate::ids::GuildId;

/// A player's rating in one server.
#[derive(Clone, Debug, PartialEq, sqlx::FromRow)]
pub struct RatingRow {
    pub guild_id: GuildId,
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
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn ratings_in(&self, guild: GuildId) -> Result<Vec<NamedRating>, StoreError> {
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
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn rating_history(
        &self,
        guild: GuildId,
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
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn ratings(
        &mut self,
        guild: GuildId,
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
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::test_support::{
        GUILD, NOW, change, insert, new_game, new_moves, number, start, store_with_players, won,
    };
    use crate::store::{EndReason, NewGame, Winner};

    fn rating(guild_id: GuildId, player_id: i64, rating: f64, at: Millis) -> RatingRow {
        RatingRow {
            guild_id,
            player_id: PlayerId::new(player_id),
            rating,
            deviation: 250.5,
            volatility: 0.06,
            wins: player_id,
            losses: 2 * player_id,
            draws: 3 * player_id,
            updated_at: at,
        }
    }

    /// `before` after one more game: every column but the keys changes.
    fn after(before: &RatingRow, rating: f64, at: Millis) -> RatingRow {
        RatingRow {
            rating,
            deviation: before.deviation - 10.0,
            volatility: before.volatility + 0.001,
            wins: before.wins + 1,
            losses: before.losses + 2,
            draws: before.draws + 3,
            updated_at: at,
            ..before.clone()
        }
    }

    fn named(name: &str, rating: &RatingRow) -> NamedRating {
        NamedRating {
            name: name.to_string(),
            rating: rating.clone(),
        }
    }

    fn point(game_id: GameId, rating: &RatingRow) -> RatingPoint {
        RatingPoint {
            game_id,
            rating: rating.rating,
            deviation: rating.deviation,
            at: rating.updated_at,
        }
    }

    /// Ends game `id` (White wins) with `ratings` saved in the same commit.
    async fn rate(store: &Store, id: GameId, ratings: &[RatingRow], now: Millis) {
        let mut write = store.write_game(id).await.unwrap().unwrap();
        let (white, red) = (write.game.white_id, write.game.red_id);
        write.save_ratings(ratings).await.unwrap();
        let done = write
            .commit(
                &change(
                    new_moves(&[(red.get(), "resign")]),
                    won(white, red, Winner::White, EndReason::Resign),
                ),
                &[],
                now,
            )
            .await
            .unwrap();
        assert!(done.game.rating_applied);
    }

    #[tokio::test]
    async fn save_ratings_writes_ratings_and_history_with_the_commit() {
        let (_dir, store) = store_with_players().await;
        let first = start(&store, 1, 2).await;
        let mut write = store.write_game(first).await.unwrap().unwrap();
        assert_eq!(
            write
                .ratings(GUILD, [PlayerId::new(1), PlayerId::new(2)])
                .await
                .unwrap(),
            [None, None]
        );
        let alice = rating(GUILD, 1, 1662.5, NOW + 1);
        let bob = rating(GUILD, 2, 1337.5, NOW + 1);
        write
            .save_ratings(&[alice.clone(), bob.clone()])
            .await
            .unwrap();
        assert_eq!(
            write
                .ratings(GUILD, [PlayerId::new(2), PlayerId::new(1)])
                .await
                .unwrap(),
            [Some(bob.clone()), Some(alice.clone())],
            "read inside the write, in the order asked"
        );
        assert_eq!(
            write
                .ratings(8.into(), [PlayerId::new(1), PlayerId::new(2)])
                .await
                .unwrap(),
            [None, None]
        );
        write
            .commit(
                &change(
                    new_moves(&[(2, "resign")]),
                    won(1, 2, Winner::White, EndReason::Resign),
                ),
                &[],
                NOW + 1,
            )
            .await
            .unwrap();
        assert!(store.game(first).await.unwrap().unwrap().rating_applied);
        assert_eq!(
            store.ratings_in(GUILD).await.unwrap(),
            [named("alice", &alice), named("bob", &bob)]
        );
        assert_eq!(
            store.rating_history(GUILD, PlayerId::new(1)).await.unwrap(),
            [point(first, &alice)]
        );

        // The next game replaces the ratings and adds to the history.
        let second = start(&store, 2, 1).await;
        let alice2 = after(&alice, 1500.0, NOW + 2);
        let bob2 = after(&bob, 1510.0, NOW + 2);
        rate(&store, second, &[alice2.clone(), bob2.clone()], NOW + 2).await;
        assert_eq!(
            store.ratings_in(GUILD).await.unwrap(),
            [named("bob", &bob2), named("alice", &alice2)]
        );
        assert_eq!(
            store.rating_history(GUILD, PlayerId::new(2)).await.unwrap(),
            [point(first, &bob), point(second, &bob2)]
        );
        assert_eq!(number(&store, "SELECT COUNT(*) FROM ratings").await, 2);
    }

    #[tokio::test]
    async fn ratings_saved_in_a_write_that_is_not_committed_are_not_kept() {
        let (_dir, store) = store_with_players().await;
        let first = start(&store, 1, 2).await;
        let alice = rating(GUILD, 1, 1600.0, NOW + 1);
        rate(
            &store,
            first,
            &[alice.clone(), rating(GUILD, 2, 1400.0, NOW + 1)],
            NOW + 1,
        )
        .await;
        let before = store.ratings_in(GUILD).await.unwrap();

        let second = start(&store, 1, 3).await;
        let mut write = store.write_game(second).await.unwrap().unwrap();
        assert_eq!(
            write
                .ratings(GUILD, [PlayerId::new(1), PlayerId::new(3)])
                .await
                .unwrap(),
            [Some(alice), None]
        );
        write
            .save_ratings(&[
                rating(GUILD, 1, 1700.0, NOW + 2),
                rating(GUILD, 3, 1300.0, NOW + 2),
            ])
            .await
            .unwrap();
        drop(write);
        assert_eq!(store.ratings_in(GUILD).await.unwrap(), before);
        assert_eq!(
            store.rating_history(GUILD, PlayerId::new(3)).await.unwrap(),
            []
        );
        assert_eq!(
            store
                .rating_history(GUILD, PlayerId::new(1))
                .await
                .unwrap()
                .len(),
            1
        );
        assert!(!store.game(second).await.unwrap().unwrap().rating_applied);
    }

    #[tokio::test]
    async fn ratings_in_lists_one_server_highest_first_with_current_names() {
        let (_dir, store) = store_with_players().await;
        let here = start(&store, 3, 2).await;
        let carol = rating(GUILD, 3, 1500.0, NOW + 1);
        let bob = rating(GUILD, 2, 1500.0, NOW + 1);
        rate(&store, here, &[carol.clone(), bob.clone()], NOW + 1).await;
        let there = insert(
            &store,
            &NewGame {
                guild_id: Some(8.into()),
                ..new_game(1, 2)
            },
        )
        .await;
        let alice = rating(8.into(), 1, 1600.0, NOW + 2);
        rate(&store, there, std::slice::from_ref(&alice), NOW + 2).await;

        store
            .upsert_player(PlayerId::new(3), "Carol C.", NOW + 3)
            .await
            .unwrap();
        assert_eq!(
            store.ratings_in(GUILD).await.unwrap(),
            [named("bob", &bob), named("Carol C.", &carol)],
            "equal ratings in player order"
        );
        assert_eq!(
            store.ratings_in(8.into()).await.unwrap(),
            [named("alice", &alice)]
        );
        assert_eq!(store.ratings_in(9.into()).await.unwrap(), []);
    }

    #[tokio::test]
    async fn rating_history_is_one_players_changes_in_one_server_oldest_first() {
        let (_dir, store) = store_with_players().await;
        let a = start(&store, 1, 2).await;
        let b = start(&store, 1, 3).await;
        let c = start(&store, 2, 1).await;
        let elsewhere = insert(
            &store,
            &NewGame {
                guild_id: Some(8.into()),
                ..new_game(1, 2)
            },
        )
        .await;
        // Game `a` is rated last; `b` and `c` at the same time.
        let late = rating(GUILD, 1, 1510.0, NOW + 30);
        let first = rating(GUILD, 1, 1490.0, NOW + 10);
        let tied = rating(GUILD, 1, 1480.0, NOW + 10);
        rate(&store, a, std::slice::from_ref(&late), NOW + 30).await;
        rate(&store, c, std::slice::from_ref(&tied), NOW + 10).await;
        rate(
            &store,
            b,
            &[first.clone(), rating(GUILD, 3, 1400.0, NOW + 10)],
            NOW + 10,
        )
        .await;
        rate(
            &store,
            elsewhere,
            &[rating(8.into(), 1, 1700.0, NOW + 1)],
            NOW + 1,
        )
        .await;

        assert_eq!(
            store.rating_history(GUILD, PlayerId::new(1)).await.unwrap(),
            [point(b, &first), point(c, &tied), point(a, &late)]
        );
        assert_eq!(
            store
                .rating_history(8.into(), PlayerId::new(1))
                .await
                .unwrap()
                .len(),
            1
        );
        assert_eq!(
            store
                .rating_history(GUILD, PlayerId::new(3))
                .await
                .unwrap()
                .len(),
            1
        );
        assert_eq!(
            store.rating_history(GUILD, PlayerId::new(2)).await.unwrap(),
            []
        );
    }
}
