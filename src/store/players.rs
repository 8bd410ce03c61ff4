//! Players: the names other players know them by, and whether they want reminders by direct
//! message.

use super::{Millis, PlayerId, Store, StoreError};

#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct PlayerRow {
    pub id: PlayerId,
    pub name: String,
}

impl Store {
    /// Records a player, or refreshes the cached display name.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn upsert_player(
        &self,
        id: PlayerId,
        name: &str,
        now: Millis,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO players (id, name, created_at, updated_at) VALUES (?1, ?2, ?3, ?3)
             ON CONFLICT (id) DO UPDATE SET name = excluded.name, updated_at = excluded.updated_at
             WHERE name <> excluded.name",
        )
        .bind(id)
        .bind(name)
        .bind(now)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn player(&self, id: PlayerId) -> Result<Option<PlayerRow>, StoreError> {
        Ok(
            sqlx::query_as::<_, PlayerRow>("SELECT id, name FROM players WHERE id = ?")
                .bind(id)
                .fetch_optional(&self.pool)
                .await?,
        )
    }

    /// Up to `limit` players of the terminal (the players Discord does not know), but for
    /// `except`, the one who acted last first.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn players_off_discord(
        &self,
        except: PlayerId,
        limit: u32,
    ) -> Result<Vec<PlayerRow>, StoreError> {
        Ok(sqlx::query_as::<_, PlayerRow>(
            "SELECT id, name FROM players WHERE id < 0 AND id <> ?
             ORDER BY updated_at DESC, id LIMIT ?",
        )
        .bind(except)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?)
    }

    /// Turns reminder direct messages on or off for a player.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn set_notify(&self, player: PlayerId, on: bool) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE players SET notify_dm = ?, digest_hour = NULL, time_zone = NULL,
                 digest_next_at = NULL
             WHERE id = ?",
        )
        .bind(on)
        .bind(player)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn wants_dm(&self, player: PlayerId) -> Result<bool, StoreError> {
        Ok(
            sqlx::query_scalar::<_, bool>("SELECT notify_dm FROM players WHERE id = ?")
                .bind(player)
                .fetch_optional(&self.pool)
                .await?
                .unwrap_or(false),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::test_support::{NOW, empty_store, number};

    #[tokio::test]
    async fn upsert_player_records_a_player_then_keeps_the_latest_name() {
        let (_dir, store) = empty_store().await;
        assert_eq!(store.player(PlayerId::new(1)).await.unwrap(), None);
        store
            .upsert_player(PlayerId::new(1), "alice", NOW)
            .await
            .unwrap();
        store
            .upsert_player(PlayerId::new(2), "bob", NOW)
            .await
            .unwrap();
        assert_eq!(
            store.player(PlayerId::new(1)).await.unwrap(),
            Some(PlayerRow {
                id: PlayerId::new(1),
                name: "alice".to_string(),
            })
        );

        let times = || async {
            sqlx::query_as::<_, (Millis, Millis)>(
                "SELECT created_at, updated_at FROM players WHERE id = 1",
            )
            .fetch_one(&store.pool)
            .await
            .unwrap()
        };
        store
            .upsert_player(PlayerId::new(1), "alice", NOW + 5)
            .await
            .unwrap();
        assert_eq!(times().await, (NOW, NOW), "the same name changes nothing");
        store
            .upsert_player(PlayerId::new(1), "Alice B.", NOW + 7)
            .await
            .unwrap();
        assert_eq!(
            store.player(PlayerId::new(1)).await.unwrap().unwrap().name,
            "Alice B."
        );
        assert_eq!(times().await, (NOW, NOW + 7));
        assert_eq!(
            store.player(PlayerId::new(2)).await.unwrap().unwrap().name,
            "bob"
        );
        assert_eq!(number(&store, "SELECT COUNT(*) FROM players").await, 2);
    }

    #[tokio::test]
    async fn the_players_off_discord_are_the_terminals_but_for_the_one_left_out() {
        let (_dir, store) = empty_store().await;
        let terminal = |name: &str| PlayerId::of_terminal(name);
        store
            .upsert_player(PlayerId::new(7), "discord", NOW)
            .await
            .unwrap();
        store
            .upsert_player(terminal("ponte"), "ponte", NOW - 1)
            .await
            .unwrap();
        let names = |rows: Vec<PlayerRow>| rows.into_iter().map(|r| r.name).collect::<Vec<_>>();
        let off = store
            .players_off_discord(terminal("ponte"), 2)
            .await
            .unwrap();
        assert!(off.is_empty(), "{off:?}");
        store
            .upsert_player(terminal("alice"), "alice", NOW)
            .await
            .unwrap();
        store
            .upsert_player(terminal("bob"), "bob", NOW + 1)
            .await
            .unwrap();
        store
            .upsert_player(terminal("carol"), "carol", NOW + 2)
            .await
            .unwrap();
        let off = store
            .players_off_discord(terminal("ponte"), 2)
            .await
            .unwrap();
        assert_eq!(names(off), ["carol", "bob"]);
        let off = store
            .players_off_discord(terminal("carol"), 5)
            .await
            .unwrap();
        assert_eq!(names(off), ["bob", "alice", "ponte"]);
    }

    #[tokio::test]
    async fn set_notify_turns_reminder_messages_on_and_off() {
        let (_dir, store) = empty_store().await;
        store
            .upsert_player(PlayerId::new(1), "alice", NOW)
            .await
            .unwrap();
        store
            .upsert_player(PlayerId::new(2), "bob", NOW)
            .await
            .unwrap();
        assert!(
            !store.wants_dm(PlayerId::new(1)).await.unwrap(),
            "off by default"
        );
        store.set_notify(PlayerId::new(1), true).await.unwrap();
        assert!(store.wants_dm(PlayerId::new(1)).await.unwrap());
        assert!(!store.wants_dm(PlayerId::new(2)).await.unwrap());
        store.set_notify(PlayerId::new(1), false).await.unwrap();
        assert!(!store.wants_dm(PlayerId::new(1)).await.unwrap());

        store.set_notify(PlayerId::new(99), true).await.unwrap();
        assert!(
            !store.wants_dm(PlayerId::new(99)).await.unwrap(),
            "an unknown player wants nothing"
        );
        assert_eq!(store.player(PlayerId::new(99)).await.unwrap(), None);
    }
}
