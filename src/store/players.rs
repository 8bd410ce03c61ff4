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
    pub async fn player(&self, id: PlayerId) -> Result<Option<PlayerRow>, StoreError> {
        Ok(
            sqlx::query_as::<_, PlayerRow>("SELECT id, name FROM players WHERE id = ?")
                .bind(id)
                .fetch_optional(&self.pool)
                .await?,
        )
    }

    /// Turns reminder direct messages on or off for a player.
    ///
    /// # Errors
    /// On a database failure.
    pub async fn set_notify(&self, player: PlayerId, on: bool) -> Result<(), StoreError> {
        sqlx::query("UPDATE players SET notify_dm = ? WHERE id = ?")
            .bind(on)
            .bind(player)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// # Errors
    /// On a database failure.
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
