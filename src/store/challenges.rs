//! Challenges: offered, then accepted (which starts a game), declined, cancelled or expired.

use super::games::{NewGame, insert_game};
use super::{
    ChallengeId, ChallengeStatus, GameId, Millis, PlayerId, Store, StoreError, StoredVariant,
};

#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct ChallengeRow {
    pub id: ChallengeId,
    pub challenger_id: PlayerId,
    pub challenged_id: Option<PlayerId>,
    pub size: i64,
    pub tiles: Option<i64>,
    pub bridges: Option<i64>,
    pub move_seconds: Option<i64>,
    pub rated: bool,
    pub guild_id: Option<i64>,
    pub channel_id: Option<i64>,
    pub message_id: Option<i64>,
    pub status: ChallengeStatus,
    pub game_id: Option<GameId>,
    pub created_at: Millis,
    pub expires_at: Millis,
    pub updated_at: Millis,
    /// Who opens the game (a rematch: the loser); `None` means the challenger.
    pub opener_id: Option<PlayerId>,
}

impl ChallengeRow {
    pub fn variant(&self) -> StoredVariant {
        StoredVariant {
            size: self.size,
            tiles: self.tiles,
            bridges: self.bridges,
        }
    }
}

/// What a new challenge says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewChallenge {
    pub challenger_id: PlayerId,
    pub challenged_id: Option<PlayerId>,
    pub variant: StoredVariant,
    pub move_seconds: Option<i64>,
    pub rated: bool,
    pub guild_id: Option<i64>,
    pub channel_id: Option<i64>,
    pub created_at: Millis,
    pub expires_at: Millis,
    pub opener_id: Option<PlayerId>,
}

const SELECT_CHALLENGE: &str = "SELECT id, challenger_id, challenged_id, size, tiles, bridges, \
     move_seconds, rated, guild_id, channel_id, message_id, status, game_id, created_at, \
     expires_at, updated_at, opener_id FROM challenges";

impl Store {
    /// # Errors
    /// On a database failure.
    pub async fn insert_challenge(&self, new: &NewChallenge) -> Result<ChallengeId, StoreError> {
        let id = sqlx::query_scalar(
            "INSERT INTO challenges (challenger_id, challenged_id, size, tiles, bridges,
                 move_seconds, rated, guild_id, channel_id, created_at, expires_at, updated_at,
                 opener_id)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
        )
        .bind(new.challenger_id)
        .bind(new.challenged_id)
        .bind(new.variant.size)
        .bind(new.variant.tiles)
        .bind(new.variant.bridges)
        .bind(new.move_seconds)
        .bind(new.rated)
        .bind(new.guild_id)
        .bind(new.channel_id)
        .bind(new.created_at)
        .bind(new.expires_at)
        .bind(new.created_at)
        .bind(new.opener_id)
        .fetch_one(&self.pool)
        .await?;
        Ok(id)
    }

    /// # Errors
    /// On a database failure.
    pub async fn challenge(&self, id: ChallengeId) -> Result<Option<ChallengeRow>, StoreError> {
        Ok(
            sqlx::query_as::<_, ChallengeRow>(&format!("{SELECT_CHALLENGE} WHERE id = ?"))
                .bind(id)
                .fetch_optional(&self.pool)
                .await?,
        )
    }

    /// Remembers the message that shows a challenge (to edit it later).
    ///
    /// # Errors
    /// On a database failure.
    pub async fn set_challenge_message(
        &self,
        id: ChallengeId,
        message_id: i64,
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
    pub async fn expire_challenges(&self, now: Millis) -> Result<Vec<ChallengeRow>, StoreError> {
        Ok(sqlx::query_as::<_, ChallengeRow>(
            "UPDATE challenges SET status = 'expired', updated_at = ?1
             WHERE status = 'open' AND expires_at <= ?1
             RETURNING id, challenger_id, challenged_id, size, tiles, bridges, move_seconds,
                 rated, guild_id, channel_id, message_id, status, game_id, created_at,
                 expires_at, updated_at, opener_id",
        )
        .bind(now)
        .fetch_all(&self.pool)
        .await?)
    }

    /// Open challenges a player made or received.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn open_challenges_of(
        &self,
        player: PlayerId,
    ) -> Result<Vec<ChallengeRow>, StoreError> {
        Ok(sqlx::query_as::<_, ChallengeRow>(&format!(
            "{SELECT_CHALLENGE} WHERE status = 'open'
               AND (challenger_id = ?1 OR challenged_id = ?1) ORDER BY id"
        ))
        .bind(player)
        .fetch_all(&self.pool)
        .await?)
    }

    /// Accepts an open challenge that has not expired at `game.created_at` by starting `game`,
    /// in one transaction. Returns `None` when the challenge was no longer open (someone else
    /// was first, or it expired).
    ///
    /// # Errors
    /// On a database failure.
    pub async fn accept_challenge(
        &self,
        challenge: ChallengeId,
        game: &NewGame,
    ) -> Result<Option<GameId>, StoreError> {
        let _writer = self.writer.lock().await;
        let mut tx = self.pool.begin_with("BEGIN IMMEDIATE").await?;
        let taken = sqlx::query(
            "UPDATE challenges SET status = 'accepted', updated_at = ?1
             WHERE id = ?2 AND status = 'open' AND expires_at > ?1",
        )
        .bind(game.created_at)
        .bind(challenge)
        .execute(&mut *tx)
        .await?;
        if taken.rows_affected() == 0 {
            return Ok(None);
        }
        let game_id = insert_game(&mut tx, game).await?;
        sqlx::query("UPDATE challenges SET game_id = ? WHERE id = ?")
            .bind(game_id)
            .bind(challenge)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(Some(game_id))
    }
}
