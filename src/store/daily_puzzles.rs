//! The daily puzzle (the `daily_puzzles` table and two columns of `guild_settings`): the
//! channel a server's managers chose for it, when the next is due, and the puzzles posted. The
//! post owed each day is saved in the outbox in the transaction that records the puzzle as
//! posted and moves the next one on a day, so a day owes one post, whatever restarts or fails,
//! and no puzzle is posted twice in a server.

use super::outbox::{Owed, insert_owed};
use super::puzzle_answers::SAME_GAME;
use super::{ChannelId, GuildId, Millis, PuzzleId, Store, StoreError};

/// A server whose daily puzzle has fallen due.
#[derive(sqlx::FromRow)]
struct Due {
    guild_id: GuildId,
    puzzle_channel_id: ChannelId,
}

/// A daily puzzle posted before another in its server, and how many solved it since.
#[derive(Clone, Copy, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct EarlierDaily {
    pub puzzle_id: PuzzleId,
    pub solvers: i64,
}

impl Store {
    /// Sets the channel of server `guild`'s daily puzzle (`None`: no daily puzzle) and when
    /// the next is due.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn set_puzzle_channel(
        &self,
        guild: GuildId,
        channel: Option<ChannelId>,
        next_at: Option<Millis>,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO guild_settings (guild_id, puzzle_channel_id, puzzle_next_at)
             VALUES (?, ?, ?)
             ON CONFLICT (guild_id) DO UPDATE SET puzzle_channel_id = excluded.puzzle_channel_id,
                 puzzle_next_at = excluded.puzzle_next_at",
        )
        .bind(guild)
        .bind(channel)
        .bind(next_at)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Owes the daily puzzles due at `now`, each in one transaction with its record: a puzzle
    /// of the server's own games not posted there yet, else one of the built-in set (not one
    /// dropped from it); never one of the game of the day before's, whose answer could give
    /// it away; the next is due at `next_at`. A server with no puzzle left owes nothing that
    /// day.
    ///
    /// # Errors
    /// On a database failure; what was owed before it stays owed.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn take_due_daily_puzzles(
        &self,
        now: Millis,
        next_at: Millis,
    ) -> Result<Vec<Owed>, StoreError> {
        let _writer = self.writer.lock().await;
        let mut tx = self.pool.begin_with("BEGIN IMMEDIATE").await?;
        let due: Vec<Due> = sqlx::query_as(
            "SELECT guild_id, puzzle_channel_id FROM guild_settings
             WHERE puzzle_channel_id IS NOT NULL AND puzzle_next_at <= ?",
        )
        .bind(now)
        .fetch_all(&mut *tx)
        .await?;
        let mut owed = Vec::new();
        for server in due {
            let puzzle: Option<PuzzleId> = sqlx::query_scalar(&format!(
                "SELECT p.id FROM puzzles p
                     WHERE (p.guild_id = ?1 OR p.guild_id IS NULL)
                       AND p.retired_at IS NULL
                       AND NOT EXISTS (SELECT 1 FROM daily_puzzles d
                                       WHERE d.guild_id = ?1 AND d.puzzle_id = p.id)
                       AND NOT EXISTS (SELECT 1 FROM puzzles q
                                       WHERE q.id = (SELECT d.puzzle_id FROM daily_puzzles d
                                                     WHERE d.guild_id = ?1
                                                     ORDER BY d.owed_at DESC, d.rowid DESC
                                                     LIMIT 1)
                                         AND {SAME_GAME})
                     ORDER BY p.guild_id IS NULL, p.id LIMIT 1"
            ))
            .bind(server.guild_id)
            .fetch_optional(&mut *tx)
            .await?;
            if let Some(puzzle) = puzzle {
                sqlx::query(
                    "INSERT INTO daily_puzzles (guild_id, puzzle_id, channel_id, owed_at)
                     VALUES (?, ?, ?, ?)",
                )
                .bind(server.guild_id)
                .bind(puzzle)
                .bind(server.puzzle_channel_id)
                .bind(now)
                .execute(&mut *tx)
                .await?;
                let item = Owed::DailyPuzzle {
                    puzzle,
                    channel: server.puzzle_channel_id,
                };
                insert_owed(&mut tx, &[item], now).await?;
                owed.push(item);
            }
            sqlx::query("UPDATE guild_settings SET puzzle_next_at = ? WHERE guild_id = ?")
                .bind(next_at)
                .bind(server.guild_id)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(owed)
    }

    /// The server that was owed puzzle `puzzle` as its daily puzzle in `channel`.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn daily_puzzle_server(
        &self,
        puzzle: PuzzleId,
        channel: ChannelId,
    ) -> Result<Option<GuildId>, StoreError> {
        Ok(sqlx::query_scalar(
            "SELECT guild_id FROM daily_puzzles WHERE puzzle_id = ? AND channel_id = ?
             ORDER BY owed_at DESC LIMIT 1",
        )
        .bind(puzzle)
        .bind(channel)
        .fetch_optional(&self.pool)
        .await?)
    }

    /// The daily puzzle server `guild` was owed before `puzzle`, with the players who solved
    /// it (a right first answer) since it was owed.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn daily_puzzle_before(
        &self,
        guild: GuildId,
        puzzle: PuzzleId,
    ) -> Result<Option<EarlierDaily>, StoreError> {
        Ok(sqlx::query_as::<_, EarlierDaily>(
            "SELECT d.puzzle_id,
                    (SELECT count(*) FROM puzzle_answers a
                     WHERE a.puzzle_id = d.puzzle_id AND a.correct AND a.answered_at >= d.owed_at)
                        AS solvers
             FROM daily_puzzles d
             WHERE d.guild_id = ?1
               AND d.owed_at < (SELECT owed_at FROM daily_puzzles
                                WHERE guild_id = ?1 AND puzzle_id = ?2)
             ORDER BY d.owed_at DESC LIMIT 1",
        )
        .bind(guild)
        .bind(puzzle)
        .fetch_optional(&self.pool)
        .await?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Puzzle;
    use crate::store::puzzle_answers::tests::{answer, keep, keep_of, step};
    use crate::store::test_support::{
        CHANNEL, GUILD, NOW, OTHER_GUILD, due, puzzle, start, store_with_players,
    };
    use crate::store::{DAY, NewAnswer};

    /// The puzzles owed on the days from `from`, one a day, until none is.
    async fn posted(store: &Store, from: Millis) -> Vec<PuzzleId> {
        let mut posted = Vec::new();
        for day in 0..10 {
            let now = from + day * DAY;
            for owed in store.take_due_daily_puzzles(now, now + DAY).await.unwrap() {
                let Owed::DailyPuzzle { puzzle, .. } = owed else {
                    panic!("{owed:?}");
                };
                posted.push(puzzle);
            }
        }
        posted
    }

    #[tokio::test]
    async fn no_two_daily_puzzles_in_a_row_come_from_one_game() {
        let (_dir, store) = store_with_players().await;
        let (game, other_game) = (start(&store, 1, 2).await, start(&store, 1, 3).await);
        let [a, b, c] = [(0, game), (1, game), (2, other_game)];
        let mut ids = Vec::new();
        for (n, game) in [a, b, c] {
            ids.push(keep_of(&store, &puzzle(n), Some(game), Some(GUILD), 1500.0).await);
        }
        // The built-in set: two of one lab game, in the order kept, then another's.
        let of_seed = |n: usize, seed: u64| Puzzle {
            seed: Some(seed),
            ..puzzle(n)
        };
        for (n, seed) in [(3, 9), (4, 9), (5, 10)] {
            ids.push(keep_of(&store, &of_seed(n, seed), None, None, 1500.0).await);
        }
        store
            .set_puzzle_channel(GUILD, Some(CHANNEL), Some(NOW))
            .await
            .unwrap();
        // The server's: the first, the other game's, the first game's second; then the
        // built-in: the first, the other lab game's, the first's second.
        assert_eq!(
            posted(&store, NOW).await,
            [ids[0], ids[2], ids[1], ids[3], ids[5], ids[4]]
        );
    }

    #[tokio::test]
    async fn a_day_owes_one_daily_puzzle_the_servers_own_first_and_none_twice() {
        let (_dir, store) = store_with_players().await;
        let built_in = keep(&store, 0, None, 1500.0).await;
        keep(&store, 1, Some(OTHER_GUILD), 1500.0).await;
        let own = keep(&store, 2, Some(GUILD), 1500.0).await;
        assert_eq!(
            store.take_due_daily_puzzles(NOW, NOW + DAY).await.unwrap(),
            []
        );

        store
            .set_puzzle_channel(GUILD, Some(CHANNEL), Some(NOW))
            .await
            .unwrap();
        let first = Owed::DailyPuzzle {
            puzzle: own,
            channel: CHANNEL,
        };
        assert_eq!(
            store.take_due_daily_puzzles(NOW, NOW + DAY).await.unwrap(),
            [first]
        );
        assert_eq!(
            store
                .take_due_daily_puzzles(NOW + 1, NOW + DAY)
                .await
                .unwrap(),
            [],
            "one a day"
        );
        let item = due(&store, NOW, 10).await;
        assert_eq!(item.iter().map(|i| i.owed).collect::<Vec<_>>(), [first]);
        assert_eq!(
            store.daily_puzzle_server(own, CHANNEL).await.unwrap(),
            Some(GUILD)
        );
        assert_eq!(store.daily_puzzle_before(GUILD, own).await.unwrap(), None);

        // Solved by alice after the post, by bob before it (not counted), missed by carol.
        let after = NewAnswer {
            now: NOW + 5,
            ..answer(1, own, true)
        };
        store.save_puzzle_answer(&after, step).await.unwrap();
        let before = NewAnswer {
            now: NOW - 5,
            ..answer(2, own, true)
        };
        store.save_puzzle_answer(&before, step).await.unwrap();
        let missed = NewAnswer {
            now: NOW + 6,
            ..answer(3, own, false)
        };
        store.save_puzzle_answer(&missed, step).await.unwrap();

        // The next day: the built-in one, saying how many solved the day before's.
        let second = store
            .take_due_daily_puzzles(NOW + DAY, NOW + 2 * DAY)
            .await
            .unwrap();
        assert_eq!(
            second,
            [Owed::DailyPuzzle {
                puzzle: built_in,
                channel: CHANNEL
            }]
        );
        assert_eq!(
            store.daily_puzzle_before(GUILD, built_in).await.unwrap(),
            Some(EarlierDaily {
                puzzle_id: own,
                solvers: 1
            })
        );
        // Each post is its own queue: the second is due while the first waits.
        assert_eq!(due(&store, NOW + DAY, 10).await.len(), 2);

        // None left (another server's is never posted): nothing owed, the day moves on.
        assert_eq!(
            store
                .take_due_daily_puzzles(NOW + 2 * DAY, NOW + 3 * DAY)
                .await
                .unwrap(),
            []
        );
        keep(&store, 3, None, 1500.0).await;
        assert_eq!(
            store
                .take_due_daily_puzzles(NOW + 2 * DAY + 1, NOW + 3 * DAY)
                .await
                .unwrap(),
            [],
            "not due before its time"
        );
        // Turned off: nothing more.
        store.set_puzzle_channel(GUILD, None, None).await.unwrap();
        assert_eq!(
            store
                .take_due_daily_puzzles(NOW + 9 * DAY, NOW + 10 * DAY)
                .await
                .unwrap(),
            []
        );
    }
}
