//! Small facts a front end keeps between starts (the `bot_state` table), e.g. a fingerprint of
//! the registered slash commands.

use super::{Store, StoreError};

impl Store {
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn setting(&self, key: &str) -> Result<Option<String>, StoreError> {
        Ok(
            sqlx::query_scalar("SELECT value FROM bot_state WHERE key = ?")
                .bind(key)
                .fetch_optional(&self.pool)
                .await?,
        )
    }

    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn set_setting(&self, key: &str, value: &str) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO bot_state (key, value) VALUES (?, ?)
             ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        )
        .bind(key)
        .bind(value)
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::store::test_support::{empty_store, number};

    #[tokio::test]
    async fn set_setting_keeps_and_replaces_values_by_key() {
        let (_dir, store) = empty_store().await;
        assert_eq!(store.setting("commands").await.unwrap(), None);
        store.set_setting("commands", "v1").await.unwrap();
        store.set_setting("locale", "it").await.unwrap();
        assert_eq!(
            store.setting("commands").await.unwrap().as_deref(),
            Some("v1")
        );
        store.set_setting("commands", "v2").await.unwrap();
        assert_eq!(
            store.setting("commands").await.unwrap().as_deref(),
            Some("v2")
        );
        assert_eq!(
            store.setting("locale").await.unwrap().as_deref(),
            Some("it")
        );
        assert_eq!(number(&store, "SELECT COUNT(*) FROM bot_state").await, 2);
    }
}
