//! The daily puzzle (the `daily_puzzles` table and two columns of `guild_settings`): the
//! channel a server's managers chose for it, when the next is due, and the puzzles posted. The
//! post owed each day (the puzzle and its item, chosen by the service) is saved in the outbox in
//! the transaction that records the puzzle as posted and moves the next one on a day, so a day
//! owes one post, whatever restarts or fails, and no puzzle is posted twice in a server.

use super::outbox::{Owed, insert_owed};
use super::puzzle_answers::{PuzzleCandidate, PuzzleSource};
use super::{ChannelId, GuildId, Millis, PuzzleId, Store, StoreError};

/// A server whose daily puzzle has fallen due.
#[derive(sqlx::FromRow)]
struct Due {
    guild_id: GuildId,
    puzzle_channel_id: ChannelId,
}

/// A server whose daily puzzle has fallen due, with what may be posted: the puzzles not
/// posted there yet (its own and the built-in set's, not dropped from it), in the order kept,
/// and where the day before's came from.
#[derive(Clone, Debug, PartialEq)]
pub struct DueDaily {
    pub guild: GuildId,
    pub channel: ChannelId,
    pub candidates: Vec<PuzzleCandidate>,
    pub before: Option<PuzzleSource>,
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

    /// Owes the daily puzzles due at `now` as `choose` decides (the puzzle and the item it
    /// owes; `None`: nothing that day), each in one transaction with its record; the next is
    /// due at `next_at` either way.
    ///
    /// # Errors
    /// On a database failure; what was owed before it stays owed.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn take_due_daily_puzzles(
        &self,
        now: Millis,
        next_at: Millis,
        choose: impl Fn(&DueDaily) -> Option<(PuzzleId, Owed)>,
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
            let candidates: Vec<PuzzleCandidate> = sqlx::query_as(
                "SELECT p.id, p.guild_id, p.rating, p.game_id, p.seed, p.variant FROM puzzles p
                 WHERE (p.guild_id = ?1 OR p.guild_id IS NULL)
                   AND p.retired_at IS NULL
                   AND NOT EXISTS (SELECT 1 FROM daily_puzzles d
                                   WHERE d.guild_id = ?1 AND d.puzzle_id = p.id)
                 ORDER BY p.id",
            )
            .bind(server.guild_id)
            .fetch_all(&mut *tx)
            .await?;
            let before: Option<PuzzleSource> = sqlx::query_as(
                "SELECT p.game_id, p.seed, p.variant FROM daily_puzzles d
                 JOIN puzzles p ON p.id = d.puzzle_id
                 WHERE d.guild_id = ?
                 ORDER BY d.owed_at DESC, d.rowid DESC LIMIT 1",
            )
            .bind(server.guild_id)
            .fetch_optional(&mut *tx)
            .await?;
            let day = DueDaily {
                guild: server.guild_id,
                channel: server.puzzle_channel_id,
                candidates,
                before,
            };
            if let Some((puzzle, item)) = choose(&day) {
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
    use crate::store::test_support::{CHANNEL, GUILD, NOW, due, keep, store_with_players};
    use crate::store::test_support::{answer, step};
    use crate::store::{DAY, NewAnswer};

    /// Takes the first candidate, as the service's choice stands in here.
    fn first(day: &DueDaily) -> Option<(PuzzleId, Owed)> {
        let puzzle = day.candidates.first()?.id;
        let channel = day.channel;
        Some((puzzle, Owed::DailyPuzzle { puzzle, channel }))
    }

    #[tokio::test]
    async fn a_day_owes_what_was_chosen_once_with_its_record() {
        let (_dir, store) = store_with_players().await;
        let built_in = keep(&store, 0, None, 1500.0).await;
        let own = keep(&store, 2, Some(GUILD), 1500.0).await;
        assert_eq!(
            store
                .take_due_daily_puzzles(NOW, NOW + DAY, first)
                .await
                .unwrap(),
            []
        );
        store
            .set_puzzle_channel(GUILD, Some(CHANNEL), Some(NOW))
            .await
            .unwrap();
        let seen = std::sync::Mutex::new(Vec::new());
        let chosen = |day: &DueDaily| {
            seen.lock().unwrap().push(day.clone());
            let puzzle = own;
            Some((
                puzzle,
                Owed::DailyPuzzle {
                    puzzle,
                    channel: day.channel,
                },
            ))
        };
        let item = Owed::DailyPuzzle {
            puzzle: own,
            channel: CHANNEL,
        };
        assert_eq!(
            store
                .take_due_daily_puzzles(NOW, NOW + DAY, chosen)
                .await
                .unwrap(),
            [item]
        );
        let day = seen.lock().unwrap().pop().unwrap();
        assert_eq!(
            day.candidates.iter().map(|c| c.id).collect::<Vec<_>>(),
            [built_in, own],
            "in the order kept"
        );
        assert_eq!((day.guild, day.channel, day.before), (GUILD, CHANNEL, None));
        assert_eq!(
            store
                .take_due_daily_puzzles(NOW + 1, NOW + DAY, first)
                .await
                .unwrap(),
            [],
            "one a day"
        );
        let items = due(&store, NOW, 10).await;
        assert_eq!(items.iter().map(|i| i.owed).collect::<Vec<_>>(), [item]);
        assert_eq!(
            store.daily_puzzle_server(own, CHANNEL).await.unwrap(),
            Some(GUILD)
        );
        assert_eq!(store.daily_puzzle_before(GUILD, own).await.unwrap(), None);

        // Solved by alice after the post, by bob before it (not counted), missed by carol.
        for (player, at, correct) in [(1, NOW + 5, true), (2, NOW - 5, true), (3, NOW + 6, false)] {
            let answer = NewAnswer {
                now: at,
                ..answer(player, own, correct)
            };
            store.save_puzzle_answer(&answer, step).await.unwrap();
        }
        // The next day: what is left, the day before's source told; its solvers counted.
        let second = store
            .take_due_daily_puzzles(NOW + DAY, NOW + 2 * DAY, first)
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
        assert_eq!(due(&store, NOW + DAY, 10).await.len(), 2);
        // Nothing chosen: nothing owed, the day moves on; turned off: nothing more.
        let none = |_: &DueDaily| None;
        assert_eq!(
            store
                .take_due_daily_puzzles(NOW + 2 * DAY, NOW + 3 * DAY, none)
                .await
                .unwrap(),
            []
        );
        assert_eq!(
            store
                .take_due_daily_puzzles(NOW + 2 * DAY + 1, NOW + 3 * DAY, first)
                .await
                .unwrap(),
            [],
            "not due before its time"
        );
        store.set_puzzle_channel(GUILD, None, None).await.unwrap();
        assert_eq!(
            store
                .take_due_daily_puzzles(NOW + 9 * DAY, NOW + 10 * DAY, first)
                .await
                .unwrap(),
            []
        );
    }
}
