//! Daily digests (columns of `players`): who wants one, at which hour of which time zone, when
//! the next is due and when the last was owed. The digest owed each day is saved in the outbox
//! in the transaction that moves the next one on a day and records it as the last, so a day
//! owes one, whatever restarts, fails or changes the settings.

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
    /// Sets how `player` hears of their games, as `decide` makes it of when their last digest
    /// was owed (read in the same transaction, so a digest owed meanwhile is seen), and the
    /// language of their direct messages.
    ///
    /// # Errors
    /// On a database failure; nothing is written then.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn set_notification(
        &self,
        player: PlayerId,
        language: &str,
        decide: impl FnOnce(Option<Millis>) -> StoredNotify,
    ) -> Result<(), StoreError> {
        let _writer = self.writer.lock().await;
        let mut tx = self.pool.begin_with("BEGIN IMMEDIATE").await?;
        let sent: Option<Millis> =
            sqlx::query_scalar("SELECT digest_sent_at FROM players WHERE id = ?")
                .bind(player)
                .fetch_optional(&mut *tx)
                .await?
                .flatten();
        let (dm, hour, zone, next_at) = match decide(sent) {
            StoredNotify::Reminders => (true, None, None, None),
            StoredNotify::Nothing => (false, None, None, None),
            StoredNotify::Digest {
                hour,
                zone,
                next_at,
            } => (false, Some(hour), Some(zone), Some(next_at)),
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
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// The language `player` last used with the bot's direct messages in mind, if any.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn dm_language(&self, player: PlayerId) -> Result<Option<String>, StoreError> {
        Ok(
            sqlx::query_scalar("SELECT dm_language FROM players WHERE id = ?")
                .bind(player)
                .fetch_optional(&self.pool)
                .await?
                .flatten(),
        )
    }

    /// Owes each digest due at `now` what `owed_for(due)` says it owes, recording it as the
    /// last and moving its next one to `next(due)`, all in one transaction; returns the
    /// players owed one.
    ///
    /// # Errors
    /// On a database failure; nothing is written then.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn take_due_digests(
        &self,
        now: Millis,
        next: impl Fn(&DueDigest) -> Millis,
        owed_for: impl Fn(&DueDigest) -> Vec<Owed>,
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
            sqlx::query("UPDATE players SET digest_next_at = ?, digest_sent_at = ? WHERE id = ?")
                .bind(next(digest))
                .bind(now)
                .bind(digest.player_id)
                .execute(&mut *tx)
                .await?;
            insert_owed(&mut tx, &owed_for(digest), now).await?;
        }
        tx.commit().await?;
        Ok(due.into_iter().map(|d| d.player_id).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::test_support::{NOW, store_with_players};

    fn owed(due: &DueDigest) -> Vec<Owed> {
        vec![Owed::Digest {
            player: due.player_id,
        }]
    }

    fn digest_at(next_at: Millis) -> StoredNotify {
        StoredNotify::Digest {
            hour: 8,
            zone: "UTC".into(),
            next_at,
        }
    }

    #[tokio::test]
    async fn a_digest_owed_is_recorded_as_the_last_and_settings_see_it() {
        let (_dir, store) = store_with_players().await;
        let bob = PlayerId::new(2);
        let mut seen = Vec::new();
        store
            .set_notification(bob, "de", |sent| {
                seen.push(sent);
                digest_at(NOW + 10)
            })
            .await
            .unwrap();
        assert!(
            store
                .take_due_digests(NOW, |_| 0, owed)
                .await
                .unwrap()
                .is_empty()
        );
        let taken = store
            .take_due_digests(
                NOW + 20,
                |due| {
                    assert_eq!(due.digest_next_at, NOW + 10);
                    NOW + 1000
                },
                owed,
            )
            .await
            .unwrap();
        assert_eq!(taken, [bob]);
        assert!(
            store
                .take_due_digests(NOW + 999, |_| 0, owed)
                .await
                .unwrap()
                .is_empty(),
            "the next is moved on"
        );
        // Back to reminders and to a digest again: the last one owed is still known.
        store
            .set_notification(bob, "de", |sent| {
                seen.push(sent);
                StoredNotify::Reminders
            })
            .await
            .unwrap();
        assert!(
            store
                .take_due_digests(NOW + 5000, |_| 0, owed)
                .await
                .unwrap()
                .is_empty()
        );
        store
            .set_notification(bob, "de", |sent| {
                seen.push(sent);
                digest_at(NOW + 6000)
            })
            .await
            .unwrap();
        assert_eq!(seen, [None, Some(NOW + 20), Some(NOW + 20)]);
        assert_eq!(store.dm_language(bob).await.unwrap().as_deref(), Some("de"));
    }
}
