//! Daily digests (columns of `players`): who wants one, at which hour of which time zone, and
//! when the next is due. The digest owed each day is saved in the outbox in the transaction
//! that moves the next one on a day, so a day owes one, whatever restarts or fails.

use super::outbox::{Owed, insert_owed};
use super::{Millis, PlayerId, Store, StoreError};

/// A player's digest that has fallen due.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct DueDigest {
    pub player_id: PlayerId,
    pub digest_hour: i64,
    pub time_zone: String,
    pub digest_next_at: Millis,
}

/// How a player wants to hear of their games outside the game's thread.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoredNotify {
    /// A direct message with each reminder.
    Reminders,
    /// One direct message a day at `hour` in `zone`, the first at `next_at`.
    Digest {
        hour: i64,
        zone: String,
        next_at: Millis,
    },
    /// No direct messages.
    Nothing,
}

impl Store {
    /// Sets how `player` hears of their games, and the language of their direct messages.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn set_notification(
        &self,
        player: PlayerId,
        notify: &StoredNotify,
        language: &str,
    ) -> Result<(), StoreError> {
        let (dm, hour, zone, next_at) = match notify {
            StoredNotify::Reminders => (true, None, None, None),
            StoredNotify::Nothing => (false, None, None, None),
            StoredNotify::Digest {
                hour,
                zone,
                next_at,
            } => (false, Some(*hour), Some(zone.as_str()), Some(*next_at)),
        };
        sqlx::query(
            "UPDATE players SET notify_dm = ?, digest_hour = ?, time_zone = ?, digest_next_at = ?,
                 dm_language = ?
             WHERE id = ?",
        )
        .bind(dm)
        .bind(hour)
        .bind(zone)
        .bind(next_at)
        .bind(language)
        .bind(player)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// The language `player` last used with the bot's direct messages in mind, if any.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn dm_language(&self, player: PlayerId) -> Result<Option<String>, StoreError> {
        Ok(
            sqlx::query_scalar("SELECT dm_language FROM players WHERE id = ?")
                .bind(player)
                .fetch_optional(&self.pool)
                .await?
                .flatten(),
        )
    }

    /// Owes each digest due at `now` (one item each), moving its next one to `next(due)`, all
    /// in one transaction; returns the players owed one.
    ///
    /// # Errors
    /// On a database failure; nothing is written then.
    pub async fn take_due_digests(
        &self,
        now: Millis,
        next: impl Fn(&DueDigest) -> Millis,
    ) -> Result<Vec<PlayerId>, StoreError> {
        let _writer = self.writer.lock().await;
        let mut tx = self.pool.begin_with("BEGIN IMMEDIATE").await?;
        let due: Vec<DueDigest> = sqlx::query_as(
            "SELECT id AS player_id, digest_hour, time_zone, digest_next_at FROM players
             WHERE digest_next_at <= ? AND digest_hour IS NOT NULL AND time_zone IS NOT NULL
             ORDER BY digest_next_at, id",
        )
        .bind(now)
        .fetch_all(&mut *tx)
        .await?;
        for digest in &due {
            sqlx::query("UPDATE players SET digest_next_at = ? WHERE id = ?")
                .bind(next(digest))
                .bind(digest.player_id)
                .execute(&mut *tx)
                .await?;
            let owed = [Owed::Digest {
                player: digest.player_id,
            }];
            insert_owed(&mut tx, &owed, now).await?;
        }
        tx.commit().await?;
        Ok(due.into_iter().map(|d| d.player_id).collect())
    }
}
