//! How much work is waiting, for the operator's health and metrics pages: one read of a few
//! counts, cheap enough for every scrape.

use super::{Millis, Store, StoreError};

/// The work waiting in the database at one moment.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, sqlx::FromRow)]
pub struct Load {
    /// Games going on (neither finished nor aborted).
    pub games_active: i64,
    /// Posts owed to the players and not yet made (set-aside ones apart).
    pub outbox_waiting: i64,
    /// When the oldest of them was saved.
    pub outbox_oldest_at: Option<Millis>,
    /// Posts Discord refused for good, set aside for the operator.
    pub outbox_abandoned: i64,
    /// Games where the bot's AI is to move.
    pub ai_turns: i64,
    /// Analyses asked for and neither made nor given up.
    pub analyses_waiting: i64,
}

impl Store {
    /// The work waiting now; an answer also says that the database answers.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn load(&self) -> Result<Load, StoreError> {
        Ok(sqlx::query_as(
            "SELECT
                (SELECT COUNT(*) FROM games WHERE status = 'active') AS games_active,
                (SELECT COUNT(*) FROM outbox WHERE abandoned_at IS NULL) AS outbox_waiting,
                (SELECT MIN(created_at) FROM outbox WHERE abandoned_at IS NULL)
                    AS outbox_oldest_at,
                (SELECT COUNT(*) FROM outbox WHERE abandoned_at IS NOT NULL) AS outbox_abandoned,
                (SELECT COUNT(*) FROM games
                  WHERE ai_player_id IS NOT NULL AND status = 'active'
                    AND to_move_id = ai_player_id) AS ai_turns,
                (SELECT COUNT(*) FROM analyses WHERE finished_at IS NULL AND failed_at IS NULL)
                    AS analyses_waiting",
        )
        .fetch_one(&self.pool)
        .await?)
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::*;
    use super::*;
    use crate::store::{AiSide, EndReason, NewGame, Origin, Owed, PlayerId, StoredLevel, Winner};

    #[tokio::test]
    async fn an_empty_database_has_no_work_waiting() {
        let (_dir, store) = empty_store().await;
        assert_eq!(store.load().await.unwrap(), Load::default());
    }

    #[tokio::test]
    async fn games_posts_ai_turns_and_analyses_waiting_are_counted() {
        let (_dir, store) = store_with_players().await;
        let human = start(&store, 1, 2).await;
        let decided = start(&store, 2, 3).await;
        commit(
            &store,
            decided,
            &[],
            &won(2, 3, Winner::White, EndReason::Resign),
            NOW,
        )
        .await;
        // carol (3) plays the bot's side and opens: the AI is to move.
        let ai = AiSide {
            player_id: PlayerId::new(3),
            level: StoredLevel::Easy,
        };
        let against_ai = NewGame {
            origin: Some(Origin::Ai(ai)),
            ..new_game(3, 1)
        };
        store
            .start_game(&against_ai, owing_nothing, kept_if_away)
            .await
            .unwrap();
        owe(
            &store,
            &[Owed::Ended {
                game: decided,
                ply: 0,
            }],
        )
        .await;
        let mut saved_at = NOW + 5_000;
        for game in [human, decided] {
            saved_at += 1;
            let mut conn = store.pool.acquire().await.unwrap();
            let owed = [Owed::Started { game, anchor: None }];
            super::super::outbox::insert_owed(&mut conn, &owed, saved_at)
                .await
                .unwrap();
        }
        let refused = due(&store, NOW + 10_000, 1).await[0].id;
        store
            .announcement_abandoned(refused, NOW, "Missing Access")
            .await
            .unwrap();
        store
            .request_analysis(decided, 100, None, NOW)
            .await
            .unwrap();

        let load = store.load().await.unwrap();
        assert_eq!(
            load,
            Load {
                games_active: 2,
                outbox_waiting: 2,
                outbox_oldest_at: Some(NOW + 5_001),
                outbox_abandoned: 1,
                ai_turns: 1,
                analyses_waiting: 1,
            }
        );
    }
}
