//! Each server's settings (the `guild_settings` table): the language its managers chose, the
//! locale Discord last reported for it, and whether members may create tournaments.

use super::{Store, StoreError};
use crate::ids::GuildId;

/// What is known of a server's language.
#[derive(Clone, Debug, Default, PartialEq, Eq, sqlx::FromRow)]
pub struct GuildLanguage {
    /// Chosen with `/settings language`; `None` to follow Discord's.
    pub chosen: Option<String>,
    /// The server's locale as Discord last reported it.
    pub discord_locale: Option<String>,
}

impl Store {
    /// Whether members who cannot manage the server may create tournaments there.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn members_create_tournaments(&self, guild: GuildId) -> Result<bool, StoreError> {
        Ok(sqlx::query_scalar(
            "SELECT members_create_tournaments FROM guild_settings WHERE guild_id = ?",
        )
        .bind(guild)
        .fetch_optional(&self.pool)
        .await?
        .unwrap_or(false))
    }

    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn set_members_create_tournaments(
        &self,
        guild: GuildId,
        allowed: bool,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO guild_settings (guild_id, members_create_tournaments) VALUES (?, ?)
             ON CONFLICT (guild_id) DO UPDATE
             SET members_create_tournaments = excluded.members_create_tournaments",
        )
        .bind(guild)
        .bind(allowed)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn guild_language(&self, guild: GuildId) -> Result<GuildLanguage, StoreError> {
        Ok(sqlx::query_as::<_, GuildLanguage>(
            "SELECT chosen, discord_locale FROM guild_settings WHERE guild_id = ?",
        )
        .bind(guild)
        .fetch_optional(&self.pool)
        .await?
        .unwrap_or_default())
    }

    /// Sets the server's chosen language (`None`: follow Discord's).
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn choose_guild_language(
        &self,
        guild: GuildId,
        chosen: Option<&str>,
    ) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO guild_settings (guild_id, chosen) VALUES (?, ?)
             ON CONFLICT (guild_id) DO UPDATE SET chosen = excluded.chosen",
        )
        .bind(guild)
        .bind(chosen)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Records the locale Discord reports for the server.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn note_guild_locale(&self, guild: GuildId, locale: &str) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO guild_settings (guild_id, discord_locale) VALUES (?, ?)
             ON CONFLICT (guild_id) DO UPDATE SET discord_locale = excluded.discord_locale",
        )
        .bind(guild)
        .bind(locale)
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::GuildLanguage;
    use crate::store::test_support::empty_store;

    #[tokio::test]
    async fn a_servers_choice_and_discords_locale_are_kept_apart() {
        let (_dir, store) = empty_store().await;
        assert_eq!(
            store.guild_language(7.into()).await.unwrap(),
            GuildLanguage::default()
        );
        store.note_guild_locale(7.into(), "fr").await.unwrap();
        store
            .choose_guild_language(7.into(), Some("de"))
            .await
            .unwrap();
        store.note_guild_locale(7.into(), "en-US").await.unwrap();
        let known = store.guild_language(7.into()).await.unwrap();
        assert_eq!(known.chosen.as_deref(), Some("de"));
        assert_eq!(known.discord_locale.as_deref(), Some("en-US"));
        store.choose_guild_language(7.into(), None).await.unwrap();
        assert_eq!(store.guild_language(7.into()).await.unwrap().chosen, None);
        assert!(!store.members_create_tournaments(7.into()).await.unwrap());
        store
            .set_members_create_tournaments(7.into(), true)
            .await
            .unwrap();
        assert!(store.members_create_tournaments(7.into()).await.unwrap());
        assert_eq!(known.chosen.as_deref(), Some("de"), "the language stays");
        // Another server is untouched.
        assert_eq!(
            store.guild_language(8.into()).await.unwrap(),
            GuildLanguage::default()
        );
    }
}
