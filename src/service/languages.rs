//! Which language a server reads: the one its managers chose with `/settings language`, else
//! the locale Discord reports for it, else English. Answers only one user reads follow that
//! user's own locale instead (the front end knows it).

use crate::ids::GuildId;
use std::collections::HashMap;

use super::{Actor, Result, Service};
use crate::i18n::Lang;

impl Service {
    /// The language of a server's public posts (`None`, a direct message: English).
    ///
    /// # Errors
    /// Database failures.
    pub async fn guild_language(&self, guild: Option<GuildId>) -> Result<Lang> {
        let Some(guild) = guild else {
            return Ok(Lang::En);
        };
        let known = self.store.guild_language(guild).await?;
        let chosen = known.chosen.as_deref().and_then(Lang::of_locale);
        Ok(chosen
            .or_else(|| known.discord_locale.as_deref().and_then(Lang::of_locale))
            .unwrap_or_default())
    }

    /// Fixes the language of the posts of `by`'s server (`None`: follow Discord's server
    /// locale again).
    ///
    /// # Errors
    /// [`ServiceError::NoServer`] outside a server; [`ServiceError::ManagersOnly`] to a
    /// member who does not manage it; database failures.
    pub async fn choose_guild_language(&self, by: &Actor, lang: Option<Lang>) -> Result<()> {
        let guild = by.managed_guild()?;
        Ok(self
            .store
            .choose_guild_language(guild, lang.map(Lang::code))
            .await?)
    }

    /// Remembers the locale Discord reported for a server with an interaction, for the posts
    /// made without one. Written only when it changed.
    ///
    /// # Errors
    /// Database failures.
    pub async fn note_guild_locale(&self, guild: GuildId, locale: &str) -> Result<()> {
        if self
            .seen_locales
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(&guild)
            == Some(&locale.to_string())
        {
            return Ok(());
        }
        self.store.note_guild_locale(guild, locale).await?;
        self.seen_locales
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(guild, locale.to_string());
        Ok(())
    }
}

/// The server locales noted since the start, so that each is written once.
pub(super) type SeenLocales = std::sync::Mutex<HashMap<GuildId, String>>;
