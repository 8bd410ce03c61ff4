//! The web board's doors (the `web_links`, `web_sessions` and `game_pages` tables): login links
//! and sessions, each kept only as the hash the service made of its secret, and each game's
//! page address. Which link or session is still good is the service's rule; the store only
//! spends a link once.

use super::{GameId, Millis, PlayerId, Store, StoreError};
use crate::ids::GuildId;

/// A login link as kept: whose, into which game, until when, and whether it was spent.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct LinkRow {
    pub player_id: PlayerId,
    pub game_id: GameId,
    pub lang: Option<String>,
    pub expires_at: Millis,
    pub used_at: Option<Millis>,
}

/// A session as kept: whose, in which language, until when.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct SessionRow {
    pub player_id: PlayerId,
    pub lang: Option<String>,
    pub expires_at: Millis,
}

/// A session to open: its hash and what it holds.
#[derive(Clone, Debug)]
pub struct NewSession<'a> {
    pub hash: &'a str,
    pub player_id: PlayerId,
    pub lang: Option<&'a str>,
    pub created_at: Millis,
    pub expires_at: Millis,
}

impl Store {
    /// Keeps a new login link (its hash) and forgets the links and sessions that ran out
    /// before `forget_before`.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn save_login_link(
        &self,
        hash: &str,
        link: &LinkRow,
        forget_before: Millis,
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("DELETE FROM web_links WHERE expires_at < ?")
            .bind(forget_before)
            .execute(&mut *tx)
            .await?;
        sqlx::query("DELETE FROM web_sessions WHERE expires_at < ?")
            .bind(forget_before)
            .execute(&mut *tx)
            .await?;
        sqlx::query(
            "INSERT INTO web_links (hash, player_id, game_id, lang, expires_at, used_at)
             VALUES (?, ?, ?, ?, ?, ?)",
        )
        .bind(hash)
        .bind(link.player_id)
        .bind(link.game_id)
        .bind(&link.lang)
        .bind(link.expires_at)
        .bind(link.used_at)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// The login link whose secret hashes to `hash`.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn login_link(&self, hash: &str) -> Result<Option<LinkRow>, StoreError> {
        Ok(sqlx::query_as(
            "SELECT player_id, game_id, lang, expires_at, used_at FROM web_links WHERE hash = ?",
        )
        .bind(hash)
        .fetch_optional(&self.pool)
        .await?)
    }

    /// Spends the link `hash` at `now` and opens `session` with it, in one transaction; false,
    /// and nothing written, when the link was already spent (two confirmations at once).
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn spend_login_link(
        &self,
        hash: &str,
        now: Millis,
        session: &NewSession<'_>,
    ) -> Result<bool, StoreError> {
        let mut tx = self.pool.begin().await?;
        let spent =
            sqlx::query("UPDATE web_links SET used_at = ? WHERE hash = ? AND used_at IS NULL")
                .bind(now)
                .bind(hash)
                .execute(&mut *tx)
                .await?
                .rows_affected();
        if spent == 0 {
            return Ok(false);
        }
        sqlx::query(
            "INSERT INTO web_sessions (hash, player_id, lang, created_at, expires_at)
             VALUES (?, ?, ?, ?, ?)",
        )
        .bind(session.hash)
        .bind(session.player_id)
        .bind(session.lang)
        .bind(session.created_at)
        .bind(session.expires_at)
        .execute(&mut *tx)
        .await?;
        tx.commit().await?;
        Ok(true)
    }

    /// The session whose cookie hashes to `hash`.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn web_session(&self, hash: &str) -> Result<Option<SessionRow>, StoreError> {
        Ok(
            sqlx::query_as("SELECT player_id, lang, expires_at FROM web_sessions WHERE hash = ?")
                .bind(hash)
                .fetch_optional(&self.pool)
                .await?,
        )
    }

    /// Ends every session of `player` and spends their unspent links; how many sessions ended.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn end_web_sessions(&self, player: PlayerId, now: Millis) -> Result<u64, StoreError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("UPDATE web_links SET used_at = ? WHERE player_id = ? AND used_at IS NULL")
            .bind(now)
            .bind(player)
            .execute(&mut *tx)
            .await?;
        let ended = sqlx::query("DELETE FROM web_sessions WHERE player_id = ?")
            .bind(player)
            .execute(&mut *tx)
            .await?
            .rows_affected();
        tx.commit().await?;
        Ok(ended)
    }

    /// Game `game`'s page address; when it has none yet, `new()` is kept as it (when two ask
    /// at once, the first kept is the one both get).
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn game_page(
        &self,
        game: GameId,
        new: impl FnOnce() -> String,
    ) -> Result<String, StoreError> {
        const ADDRESS: &str = "SELECT address FROM game_pages WHERE game_id = ?";
        // Most asks find it: a read, not a write, on every link and reminder.
        let kept = sqlx::query_scalar(ADDRESS)
            .bind(game)
            .fetch_optional(&self.pool)
            .await?;
        if let Some(address) = kept {
            return Ok(address);
        }
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "INSERT INTO game_pages (game_id, address) VALUES (?, ?) ON CONFLICT DO NOTHING",
        )
        .bind(game)
        .bind(new())
        .execute(&mut *tx)
        .await?;
        let address = sqlx::query_scalar(ADDRESS)
            .bind(game)
            .fetch_one(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(address)
    }

    /// The game whose page address is `address`.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn game_of_page(&self, address: &str) -> Result<Option<GameId>, StoreError> {
        Ok(
            sqlx::query_scalar("SELECT game_id FROM game_pages WHERE address = ?")
                .bind(address)
                .fetch_optional(&self.pool)
                .await?,
        )
    }

    /// Whether server `guild`'s game pages show only to their players.
    ///
    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn private_pages(&self, guild: GuildId) -> Result<bool, StoreError> {
        Ok(
            sqlx::query_scalar("SELECT private_pages FROM guild_settings WHERE guild_id = ?")
                .bind(guild)
                .fetch_optional(&self.pool)
                .await?
                .unwrap_or(false),
        )
    }

    /// # Errors
    /// On a database failure.
    #[tracing::instrument(level = "trace", skip_all, err(level = "debug"))]
    pub async fn set_private_pages(&self, guild: GuildId, private: bool) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO guild_settings (guild_id, private_pages) VALUES (?, ?)
             ON CONFLICT (guild_id) DO UPDATE SET private_pages = excluded.private_pages",
        )
        .bind(guild)
        .bind(private)
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}
