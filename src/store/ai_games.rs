//! Games against the bot's own AI: started at once (no challenge to answer), found again
//! when the AI is to move, and counted per level for a player's stats.

use super::outbox::insert_owed;
use super::{GameId, GuildId, Millis, Owed, PlayerId, Store, StoreError, StoredLevel};

/// A player's finished games against one level of the AI.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct AiRecord {
    pub level: StoredLevel,
    pub wins: i64,
    pub losses: i64,
    pub draws: i64,
}

impl Store {
    /// The games in which the AI is to move, the longest waiting first.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn ai_turns(&self) -> Result<Vec<GameId>, StoreError> {
        Ok(sqlx::query_scalar(
            "SELECT id FROM games
             WHERE ai_player_id IS NOT NULL AND status = 'active' AND to_move_id = ai_player_id
             ORDER BY updated_at, id",
        )
        .fetch_all(&self.pool)
        .await?)
    }

    /// The levels of the games in which the AI is to move, the longest waiting first.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn ai_turn_levels(&self) -> Result<Vec<(GameId, StoredLevel)>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT id, ai_level FROM games
             WHERE ai_player_id IS NOT NULL AND status = 'active' AND to_move_id = ai_player_id
             ORDER BY updated_at, id",
        )
        .fetch_all(&self.pool)
        .await?)
    }

    /// Saves, for each of `games` that is shown in a channel and still waits for the AI, what
    /// its wait owes (`owed` of the game and its plies), once per wait: a wait already noticed
    /// (the same game at the same ply) owes nothing again, across restarts too. The games
    /// noticed now.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn owe_slow_replies(
        &self,
        games: &[GameId],
        owed: impl Fn(GameId, i64) -> Owed,
        now: Millis,
    ) -> Result<Vec<GameId>, StoreError> {
        let mut tx = self.pool.begin().await?;
        let mut noticed = Vec::new();
        for &game in games {
            let ply: Option<i64> = sqlx::query_scalar(
                "UPDATE games SET slow_notice_ply = plies
                 WHERE id = ? AND status = 'active' AND to_move_id = ai_player_id
                   AND channel_id IS NOT NULL AND slow_notice_ply IS NOT plies
                 RETURNING plies",
            )
            .bind(game)
            .fetch_all(&mut *tx)
            .await?
            .pop();
            if let Some(ply) = ply {
                insert_owed(&mut tx, &[owed(game, ply)], now).await?;
                noticed.push(game);
            }
        }
        tx.commit().await?;
        Ok(noticed)
    }

    /// Counts a hint given in game `game` as it stood at `version`, and returns the game's
    /// hints so far; `None` (nothing counted) when the game moved on or ended since, or is not
    /// against the AI. The game's version stays: a hint changes no position, and the board's
    /// buttons must still work.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn count_hint(&self, game: GameId, version: i64) -> Result<Option<i64>, StoreError> {
        Ok(sqlx::query_scalar(
            "UPDATE games SET hints = hints + 1
             WHERE id = ? AND version = ? AND status = 'active' AND ai_player_id IS NOT NULL
             RETURNING hints",
        )
        .bind(game)
        .bind(version)
        .fetch_all(&self.pool)
        .await?
        .pop())
    }

    /// `player`'s results against each level of the AI, in the finished games of a server.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn ai_records(
        &self,
        guild: GuildId,
        player: PlayerId,
    ) -> Result<Vec<AiRecord>, StoreError> {
        Ok(sqlx::query_as::<_, AiRecord>(
            "SELECT ai_level AS level,
                 SUM(winner = CASE WHEN white_id = ?1 THEN 'white' ELSE 'red' END) AS wins,
                 SUM(winner = CASE WHEN white_id = ?1 THEN 'red' ELSE 'white' END) AS losses,
                 SUM(winner = 'draw') AS draws
             FROM games
             WHERE ai_player_id IS NOT NULL AND ai_player_id <> ?1 AND status = 'finished'
               AND (white_id = ?1 OR red_id = ?1) AND guild_id = ?2
             GROUP BY ai_level
             ORDER BY CASE ai_level WHEN 'easy' THEN 0 WHEN 'medium' THEN 1 ELSE 2 END",
        )
        .bind(player)
        .bind(guild)
        .fetch_all(&self.pool)
        .await?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ids::MessageId;
    use crate::store::test_support::{
        GUILD, NOW, OTHER_GUILD, commit, due, kept_if_away, new_game, number, owing_nothing,
        owing_start, store_with_players, won,
    };
    use crate::store::{AiSide, EndReason, NewGame, Origin, Owed, Winner};

    /// A game of `opener` and `other` against the AI playing as `ai`, its thread opening on
    /// `anchor`.
    fn ai_game(opener: i64, other: i64, ai: AiSide, anchor: Option<MessageId>) -> NewGame {
        NewGame {
            origin: Some(Origin::Ai(ai)),
            anchor,
            ..new_game(opener, other)
        }
    }

    async fn start(store: &Store, game: &NewGame) -> GameId {
        store
            .start_game(game, owing_start, kept_if_away)
            .await
            .unwrap()
            .unwrap()
    }

    fn hard(player_id: PlayerId) -> AiSide {
        AiSide {
            player_id,
            level: StoredLevel::Hard,
        }
    }

    #[tokio::test]
    async fn an_ai_game_starts_with_its_announcement_and_waits_for_the_ai_when_it_opens() {
        let (_dir, store) = store_with_players().await;
        let bot_opens = start(
            &store,
            &ai_game(2, 1, hard(PlayerId::new(2)), Some(77.into())),
        )
        .await;
        let human_opens = start(&store, &ai_game(1, 2, hard(PlayerId::new(2)), None)).await;
        let row = store.game(bot_opens).await.unwrap().unwrap();
        assert_eq!(
            (row.ai_player_id, row.ai_level),
            (Some(PlayerId::new(2)), Some(StoredLevel::Hard))
        );
        assert_eq!(store.ai_turns().await.unwrap(), vec![bot_opens]);
        let owed: Vec<Owed> = due(&store, NOW + 1, 10)
            .await
            .iter()
            .map(|d| d.owed)
            .collect();
        let started = |game, anchor| Owed::Started { game, anchor };
        assert_eq!(
            owed,
            vec![
                started(bot_opens, Some(77.into())),
                started(human_opens, None)
            ]
        );
    }

    /// A level this version does not know (written by a later one, past the schema's check) is
    /// an error, never a game between people.
    #[tokio::test]
    async fn an_unknown_stored_level_is_an_error() {
        let (_dir, store) = store_with_players().await;
        let game = ai_game(1, 2, hard(PlayerId::new(2)), None);
        let id = store
            .start_game(&game, owing_nothing, kept_if_away)
            .await
            .unwrap()
            .unwrap();
        let mut conn = store.pool.acquire().await.unwrap();
        for statement in [
            "PRAGMA ignore_check_constraints = ON",
            "UPDATE games SET ai_level = 'grandmaster'",
            "PRAGMA ignore_check_constraints = OFF",
        ] {
            sqlx::query(statement).execute(&mut *conn).await.unwrap();
        }
        drop(conn);
        assert!(store.game(id).await.is_err());
    }

    #[tokio::test]
    async fn results_against_the_ai_are_counted_per_level_from_the_players_side() {
        let (_dir, store) = store_with_players().await;
        let end = |white, red, winner| won(white, red, winner, EndReason::Score);
        let easy = AiSide {
            player_id: PlayerId::new(2),
            level: StoredLevel::Easy,
        };
        for (opener, other, ai, winner) in [
            (1, 2, &easy, Winner::White),
            (2, 1, &easy, Winner::White),
            (1, 2, &hard(PlayerId::new(2)), Winner::Red),
            (1, 2, &hard(PlayerId::new(2)), Winner::Draw),
        ] {
            let id = start(&store, &ai_game(opener, other, *ai, None)).await;
            commit(&store, id, &[], &end(opener, other, winner), NOW + 10).await;
        }
        // A game between people does not count.
        let people = crate::store::test_support::start(&store, 1, 3).await;
        commit(&store, people, &[], &end(1, 3, Winner::White), NOW + 10).await;
        let record = |level, wins, losses, draws| AiRecord {
            level,
            wins,
            losses,
            draws,
        };
        assert_eq!(
            store.ai_records(GUILD, PlayerId::new(1)).await.unwrap(),
            vec![
                record(StoredLevel::Easy, 1, 1, 0),
                record(StoredLevel::Hard, 0, 1, 1)
            ]
        );
        assert_eq!(
            store.ai_records(GUILD, PlayerId::new(2)).await.unwrap(),
            vec![]
        );
        assert_eq!(
            store
                .ai_records(OTHER_GUILD, PlayerId::new(1))
                .await
                .unwrap(),
            vec![]
        );
    }

    /// A wait for the AI is noticed once: again at the same ply owes nothing, across a new
    /// store on the same file too; the AI's next wait (a later ply) is noticed again; a game
    /// shown in no channel and a game where the human is to move owe nothing.
    #[tokio::test]
    async fn a_slow_reply_is_owed_once_per_wait_of_a_game_shown_in_a_channel() {
        let (dir, store) = store_with_players().await;
        let waiting = start(&store, &ai_game(2, 1, hard(PlayerId::new(2)), None)).await;
        let unseen = ai_game(2, 1, hard(PlayerId::new(2)), None);
        let unseen = NewGame {
            channel_id: None,
            ..unseen
        };
        let unseen = start(&store, &unseen).await;
        let human = start(&store, &ai_game(1, 2, hard(PlayerId::new(2)), None)).await;
        let slow = |game, ply| Owed::SlowReply {
            game,
            ply,
            seconds: 9,
        };
        let all = [waiting, unseen, human];
        let noticed = store.owe_slow_replies(&all, slow, NOW).await.unwrap();
        assert_eq!(noticed, [waiting]);
        assert!(
            store
                .owe_slow_replies(&all, slow, NOW)
                .await
                .unwrap()
                .is_empty()
        );
        let url = format!("sqlite://{}", dir.path().join("store.db").display());
        let reopened = Store::open(&url).await.unwrap();
        assert!(
            reopened
                .owe_slow_replies(&all, slow, NOW)
                .await
                .unwrap()
                .is_empty()
        );
        // The AI's next wait, two plies on.
        sqlx::query("UPDATE games SET plies = plies + 2 WHERE id = ?")
            .bind(waiting)
            .execute(&store.pool)
            .await
            .unwrap();
        assert_eq!(
            store.owe_slow_replies(&all, slow, NOW).await.unwrap(),
            [waiting]
        );
        let owed: Vec<Owed> = due(&store, NOW + 1, 10)
            .await
            .iter()
            .map(|d| d.owed)
            .collect();
        // Behind each game's start.
        assert!(
            owed.iter().all(|o| matches!(o, Owed::Started { .. })),
            "{owed:?}"
        );
        let slow_rows = "SELECT COUNT(*) FROM outbox WHERE kind = 'slow_reply'";
        assert_eq!(number(&store, slow_rows).await, 2);
    }

    #[tokio::test]
    async fn a_hint_is_counted_once_at_the_version_it_was_given_and_only_against_the_ai() {
        let (_dir, store) = store_with_players().await;
        let against_ai = start(&store, &ai_game(1, 2, hard(PlayerId::new(2)), None)).await;
        let between_people = start(&store, &new_game(1, 3)).await;
        let hints = |id: GameId| {
            let store = &store;
            async move { store.game(id).await.unwrap().unwrap().hints }
        };
        let version = store.game(against_ai).await.unwrap().unwrap().version;
        assert_eq!(
            store.count_hint(against_ai, version).await.unwrap(),
            Some(1)
        );
        assert_eq!(hints(against_ai).await, 1);
        assert_eq!(
            store.game(against_ai).await.unwrap().unwrap().version,
            version,
            "a hint changes no position: the version stays"
        );
        assert_eq!(
            store.count_hint(against_ai, version + 1).await.unwrap(),
            None
        );
        assert_eq!(hints(against_ai).await, 1, "a stale version counts nothing");
        assert_eq!(store.count_hint(between_people, 0).await.unwrap(), None);
        assert_eq!(hints(between_people).await, 0);
    }
}
