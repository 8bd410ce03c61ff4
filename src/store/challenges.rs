//! Challenges: offered, then accepted (which starts a game), declined, cancelled or expired.

use super::{ChallengeId, ChallengeStatus, GameId, Millis, PlayerId, Store, StoreError, Variant};
use crate::ids::{ChannelId, GuildId, MessageId};

#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct ChallengeRow {
    pub id: ChallengeId,
    pub challenger_id: PlayerId,
    pub challenged_id: Option<PlayerId>,
    pub variant: Variant,
    pub move_seconds: Option<i64>,
    pub rated: bool,
    pub guild_id: Option<GuildId>,
    pub channel_id: Option<ChannelId>,
    pub message_id: Option<MessageId>,
    pub status: ChallengeStatus,
    pub game_id: Option<GameId>,
    pub created_at: Millis,
    pub expires_at: Millis,
    pub updated_at: Millis,
    /// Who opens the game (a rematch: the loser); `None` means the challenger.
    pub opener_id: Option<PlayerId>,
}

/// What a new challenge says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewChallenge {
    pub challenger_id: PlayerId,
    pub challenged_id: Option<PlayerId>,
    pub variant: Variant,
    pub move_seconds: Option<i64>,
    pub rated: bool,
    pub guild_id: Option<GuildId>,
    pub channel_id: Option<ChannelId>,
    pub created_at: Millis,
    pub expires_at: Millis,
    pub opener_id: Option<PlayerId>,
}

/// Every challenge read returns these columns.
const CHALLENGE_COLUMNS: &str = "id, challenger_id, challenged_id, variant, move_seconds, \
     rated, guild_id, channel_id, message_id, status, game_id, created_at, expires_at, \
     updated_at, opener_id";

impl Store {
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn insert_challenge(&self, new: &NewChallenge) -> Result<ChallengeId, StoreError> {
        let id = sqlx::query_scalar(
            "INSERT INTO challenges (challenger_id, challenged_id, variant, move_seconds, rated,
                 guild_id, channel_id, created_at, expires_at, updated_at, opener_id)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
        )
        .bind(new.challenger_id)
        .bind(new.challenged_id)
        .bind(new.variant)
        .bind(new.move_seconds)
        .bind(new.rated)
        .bind(new.guild_id)
        .bind(new.channel_id)
        .bind(new.created_at)
        .bind(new.expires_at)
        .bind(new.created_at)
        .bind(new.opener_id)
        .fetch_all(&self.pool)
        .await?
        .pop()
        .ok_or(sqlx::Error::RowNotFound)?;
        Ok(id)
    }

    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn challenge(&self, id: ChallengeId) -> Result<Option<ChallengeRow>, StoreError> {
        Ok(sqlx::query_as::<_, ChallengeRow>(&format!(
            "SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE id = ?"
        ))
        .bind(id)
        .fetch_optional(&self.pool)
        .await?)
    }

    /// Remembers the message that shows a challenge (to edit it later).
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn set_challenge_message(
        &self,
        id: ChallengeId,
        message_id: MessageId,
    ) -> Result<(), StoreError> {
        sqlx::query("UPDATE challenges SET message_id = ? WHERE id = ?")
            .bind(message_id)
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Moves an open challenge to `status` (declined, cancelled). Returns whether it was still
    /// open.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn close_challenge(
        &self,
        id: ChallengeId,
        status: ChallengeStatus,
        now: Millis,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "UPDATE challenges SET status = ?, updated_at = ? WHERE id = ? AND status = 'open'",
        )
        .bind(status)
        .bind(now)
        .bind(id)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Marks every open challenge whose time has run out as expired and returns them.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn expire_challenges(&self, now: Millis) -> Result<Vec<ChallengeRow>, StoreError> {
        Ok(sqlx::query_as::<_, ChallengeRow>(&format!(
            "UPDATE challenges SET status = 'expired', updated_at = ?1
             WHERE status = 'open' AND expires_at <= ?1 RETURNING {CHALLENGE_COLUMNS}"
        ))
        .bind(now)
        .fetch_all(&self.pool)
        .await?)
    }

    /// Open challenges a player made or received.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn open_challenges_of(
        &self,
        player: PlayerId,
    ) -> Result<Vec<ChallengeRow>, StoreError> {
        Ok(sqlx::query_as::<_, ChallengeRow>(&format!(
            "SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE status = 'open'
               AND (challenger_id = ?1 OR challenged_id = ?1) ORDER BY id"
        ))
        .bind(player)
        .fetch_all(&self.pool)
        .await?)
    }

    /// Open challenges to anyone made in a venue (`None` and `None`: the terminal), oldest
    /// first.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn challenges_to_anyone(
        &self,
        guild: Option<GuildId>,
        channel: Option<ChannelId>,
    ) -> Result<Vec<ChallengeRow>, StoreError> {
        Ok(sqlx::query_as::<_, ChallengeRow>(&format!(
            "SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE status = 'open'
               AND challenged_id IS NULL AND guild_id IS ? AND channel_id IS ? ORDER BY id"
        ))
        .bind(guild)
        .bind(channel)
        .fetch_all(&self.pool)
        .await?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::test_support::{
        CHANNEL, DEADLINE, GUILD, NOW, REMIND, VARIANT, kept_if_away, new_challenge, new_game,
        number, owing_nothing, store_with_players,
    };
    use crate::store::{NewGame, Origin};

    /// `game` started by accepting `challenge`.
    fn accepting(challenge: ChallengeId, mut game: NewGame) -> NewGame {
        game.origin = Some(Origin::Challenge(challenge));
        game
    }

    fn ids(challenges: &[ChallengeRow]) -> Vec<ChallengeId> {
        challenges.iter().map(|c| c.id).collect()
    }

    #[tokio::test]
    async fn challenges_to_anyone_are_found_where_they_were_made() {
        let (_dir, store) = store_with_players().await;
        let here = store
            .insert_challenge(&new_challenge(1, None, NOW + 1000))
            .await
            .unwrap();
        let terminal = NewChallenge {
            guild_id: None,
            channel_id: None,
            ..new_challenge(2, None, NOW + 1000)
        };
        let in_terminal = store.insert_challenge(&terminal).await.unwrap();
        store
            .insert_challenge(&new_challenge(1, Some(3), NOW + 1000))
            .await
            .unwrap();
        let found = |guild, channel| store.challenges_to_anyone(guild, channel);
        assert_eq!(
            ids(&found(Some(GUILD), Some(CHANNEL)).await.unwrap()),
            [here]
        );
        assert_eq!(ids(&found(None, None).await.unwrap()), [in_terminal]);
        assert!(
            store
                .close_challenge(here, ChallengeStatus::Cancelled, NOW)
                .await
                .unwrap()
        );
        assert_eq!(ids(&found(Some(GUILD), Some(CHANNEL)).await.unwrap()), []);
    }

    #[tokio::test]
    async fn a_challenge_reads_back_as_it_was_made() {
        let (_dir, store) = store_with_players().await;
        let first = store
            .insert_challenge(&new_challenge(1, Some(2), NOW + 1000))
            .await
            .unwrap();
        let rematch = NewChallenge {
            challenged_id: None,
            variant: Variant::unlimited(8).unwrap(),
            move_seconds: None,
            rated: false,
            guild_id: None,
            channel_id: None,
            opener_id: Some(PlayerId::new(2)),
            ..new_challenge(3, None, NOW + 2000)
        };
        let second = store.insert_challenge(&rematch).await.unwrap();
        assert_ne!(first, second);

        let row = store.challenge(first).await.unwrap().unwrap();
        assert_eq!(
            row,
            ChallengeRow {
                id: first,
                challenger_id: PlayerId::new(1),
                challenged_id: Some(PlayerId::new(2)),
                variant: VARIANT,
                move_seconds: Some(86_400),
                rated: true,
                guild_id: Some(GUILD),
                channel_id: Some(CHANNEL),
                message_id: None,
                status: ChallengeStatus::Open,
                game_id: None,
                created_at: NOW,
                expires_at: NOW + 1000,
                updated_at: NOW,
                opener_id: None,
            }
        );
        let row = store.challenge(second).await.unwrap().unwrap();
        assert_eq!(
            (row.challenger_id, row.challenged_id, row.opener_id),
            (PlayerId::new(3), None, Some(PlayerId::new(2)))
        );
        assert_eq!(row.variant, rematch.variant);
        assert_eq!(
            (row.move_seconds, row.rated, row.guild_id, row.channel_id),
            (None, false, None, None)
        );
        assert_eq!(row.expires_at, NOW + 2000);
        assert_eq!(
            store
                .challenge(ChallengeId::new(second.get() + 1))
                .await
                .unwrap(),
            None
        );
    }

    #[tokio::test]
    async fn set_challenge_message_remembers_one_challenges_message() {
        let (_dir, store) = store_with_players().await;
        let id = store
            .insert_challenge(&new_challenge(1, Some(2), NOW + 1000))
            .await
            .unwrap();
        let other = store
            .insert_challenge(&new_challenge(2, None, NOW + 1000))
            .await
            .unwrap();
        store.set_challenge_message(id, 4242.into()).await.unwrap();
        assert_eq!(
            store.challenge(id).await.unwrap().unwrap().message_id,
            Some(4242.into())
        );
        assert_eq!(
            store.challenge(other).await.unwrap().unwrap().message_id,
            None
        );
    }

    #[tokio::test]
    async fn close_challenge_closes_an_open_challenge_once() {
        let (_dir, store) = store_with_players().await;
        let id = store
            .insert_challenge(&new_challenge(1, Some(2), NOW + 1000))
            .await
            .unwrap();
        assert!(
            store
                .close_challenge(id, ChallengeStatus::Declined, NOW + 5)
                .await
                .unwrap()
        );
        let row = store.challenge(id).await.unwrap().unwrap();
        assert_eq!(
            (row.status, row.updated_at),
            (ChallengeStatus::Declined, NOW + 5)
        );
        assert!(
            !store
                .close_challenge(id, ChallengeStatus::Cancelled, NOW + 6)
                .await
                .unwrap(),
            "a closed challenge is not open any more"
        );
        assert_eq!(store.challenge(id).await.unwrap().unwrap(), row);
        assert!(
            !store
                .close_challenge(
                    ChallengeId::new(id.get() + 1),
                    ChallengeStatus::Cancelled,
                    NOW + 6
                )
                .await
                .unwrap()
        );
    }

    #[tokio::test]
    async fn expire_challenges_expires_open_challenges_whose_time_is_up() {
        let (_dir, store) = store_with_players().await;
        let soon = store
            .insert_challenge(&new_challenge(1, Some(2), NOW + 500))
            .await
            .unwrap();
        let sooner = store
            .insert_challenge(&new_challenge(3, None, NOW + 400))
            .await
            .unwrap();
        let later = store
            .insert_challenge(&new_challenge(2, Some(3), NOW + 900))
            .await
            .unwrap();
        let declined = store
            .insert_challenge(&new_challenge(2, Some(1), NOW + 100))
            .await
            .unwrap();
        store
            .close_challenge(declined, ChallengeStatus::Declined, NOW + 1)
            .await
            .unwrap();

        assert_eq!(store.expire_challenges(NOW + 399).await.unwrap(), []);
        let mut expired = store.expire_challenges(NOW + 500).await.unwrap();
        expired.sort_by_key(|c| c.id);
        assert_eq!(ids(&expired), [soon, sooner]);
        for row in &expired {
            assert_eq!(row.status, ChallengeStatus::Expired);
            assert_eq!(row.updated_at, NOW + 500);
            assert_eq!(store.challenge(row.id).await.unwrap().unwrap(), *row);
        }
        assert_eq!(
            store.expire_challenges(NOW + 600).await.unwrap(),
            [],
            "expired once"
        );
        for (id, status) in [
            (later, ChallengeStatus::Open),
            (declined, ChallengeStatus::Declined),
        ] {
            assert_eq!(store.challenge(id).await.unwrap().unwrap().status, status);
        }
    }

    #[tokio::test]
    async fn open_challenges_of_a_player_made_or_received() {
        let (_dir, store) = store_with_players().await;
        let made = store
            .insert_challenge(&new_challenge(1, Some(2), NOW + 1000))
            .await
            .unwrap();
        let received = store
            .insert_challenge(&new_challenge(3, Some(1), NOW + 1000))
            .await
            .unwrap();
        let to_anyone = store
            .insert_challenge(&new_challenge(2, None, NOW + 1000))
            .await
            .unwrap();
        let closed = store
            .insert_challenge(&new_challenge(1, Some(3), NOW + 1000))
            .await
            .unwrap();
        store
            .close_challenge(closed, ChallengeStatus::Cancelled, NOW + 1)
            .await
            .unwrap();

        assert_eq!(
            ids(&store.open_challenges_of(PlayerId::new(1)).await.unwrap()),
            [made, received]
        );
        assert_eq!(
            ids(&store.open_challenges_of(PlayerId::new(2)).await.unwrap()),
            [made, to_anyone]
        );
        assert_eq!(
            ids(&store.open_challenges_of(PlayerId::new(3)).await.unwrap()),
            [received]
        );
        assert_eq!(
            store.open_challenges_of(PlayerId::new(4)).await.unwrap(),
            []
        );
    }

    #[tokio::test]
    async fn accept_challenge_starts_the_game_and_links_it() {
        let (_dir, store) = store_with_players().await;
        let id = store
            .insert_challenge(&new_challenge(1, Some(2), NOW + 1000))
            .await
            .unwrap();
        let game = NewGame {
            created_at: NOW + 5,
            ..new_game(2, 1)
        };
        let game_id = store
            .start_game(&accepting(id, game), owing_nothing, kept_if_away)
            .await
            .unwrap()
            .expect("an open challenge is accepted");

        let row = store.challenge(id).await.unwrap().unwrap();
        assert_eq!(
            (row.status, row.game_id, row.updated_at),
            (ChallengeStatus::Accepted, Some(game_id), NOW + 5)
        );
        let started = store.game(game_id).await.unwrap().unwrap();
        assert_eq!(
            (started.opener_id, started.white_id, started.red_id),
            (PlayerId::new(2), PlayerId::new(2), PlayerId::new(1))
        );
        assert_eq!(
            started.to_move_id,
            Some(PlayerId::new(2)),
            "the opener moves first"
        );
        assert_eq!(
            (
                started.clock.deadline_at,
                started.clock.remind_at,
                started.created_at
            ),
            (Some(DEADLINE), Some(REMIND), NOW + 5)
        );
        assert!(
            store
                .open_challenges_of(PlayerId::new(1))
                .await
                .unwrap()
                .is_empty()
        );
    }

    #[tokio::test]
    async fn accept_challenge_refuses_an_accepted_challenge_and_writes_nothing() {
        let (_dir, store) = store_with_players().await;
        let id = store
            .insert_challenge(&new_challenge(1, Some(2), NOW + 1000))
            .await
            .unwrap();
        store
            .start_game(&accepting(id, new_game(1, 2)), owing_nothing, kept_if_away)
            .await
            .unwrap()
            .unwrap();
        let accepted = store.challenge(id).await.unwrap().unwrap();

        let again = NewGame {
            created_at: NOW + 7,
            ..new_game(1, 2)
        };
        assert_eq!(
            store
                .start_game(&accepting(id, again), owing_nothing, kept_if_away)
                .await
                .unwrap(),
            None
        );
        assert_eq!(number(&store, "SELECT COUNT(*) FROM games").await, 1);
        assert_eq!(store.challenge(id).await.unwrap().unwrap(), accepted);
    }

    #[tokio::test]
    async fn accept_challenge_refuses_an_expired_or_closed_challenge_and_writes_nothing() {
        let (_dir, store) = store_with_players().await;
        let id = store
            .insert_challenge(&new_challenge(1, Some(2), NOW + 10))
            .await
            .unwrap();
        let offered = store.challenge(id).await.unwrap().unwrap();
        let at = |time| NewGame {
            created_at: time,
            ..new_game(1, 2)
        };
        assert_eq!(
            store
                .start_game(&accepting(id, at(NOW + 10)), owing_nothing, kept_if_away)
                .await
                .unwrap(),
            None,
            "expired at the moment of the answer"
        );
        assert_eq!(number(&store, "SELECT COUNT(*) FROM games").await, 0);
        assert_eq!(store.challenge(id).await.unwrap().unwrap(), offered);

        let declined = store
            .insert_challenge(&new_challenge(3, Some(2), NOW + 1000))
            .await
            .unwrap();
        store
            .close_challenge(declined, ChallengeStatus::Declined, NOW + 1)
            .await
            .unwrap();
        assert_eq!(
            store
                .start_game(
                    &accepting(declined, at(NOW + 2)),
                    owing_nothing,
                    kept_if_away
                )
                .await
                .unwrap(),
            None
        );
        assert_eq!(
            store
                .start_game(
                    &accepting(ChallengeId::new(999), at(NOW + 2)),
                    owing_nothing,
                    kept_if_away
                )
                .await
                .unwrap(),
            None
        );
        assert_eq!(number(&store, "SELECT COUNT(*) FROM games").await, 0);
        assert_eq!(
            store.challenge(declined).await.unwrap().unwrap().status,
            ChallengeStatus::Declined
        );

        // A moment earlier the first one was still open.
        assert!(
            store
                .start_game(&accepting(id, at(NOW + 9)), owing_nothing, kept_if_away)
                .await
                .unwrap()
                .is_some()
        );
    }
}
