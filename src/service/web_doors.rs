//! The doors of the web board served with the bot: a personal login link given privately to a
//! game's player in Discord, spent once on a confirmation for a session of 30 days, and each
//! game's page address, unguessable so that only those given it can watch.
//!
//! Links and sessions are random secrets (256 bits from the system's source) held only by the
//! player's browser; the database keeps their SHA-256 hashes, so a copy of it opens no door.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use sha2::{Digest, Sha256};

use super::{Actor, GameId, GameView, Millis, Player, PlayerId, Result, Service, ServiceError};
use crate::i18n::Lang;
use crate::store::{LinkRow, NewSession};

/// How long a login link may wait to be opened.
pub const LINK_LIFETIME: Millis = 15 * 60 * 1000;

/// How long a session lasts.
pub const SESSION_LIFETIME: Millis = 30 * 24 * 60 * 60 * 1000;

/// A personal login link's secret, for the front end to put in the address it hands over.
#[derive(Clone)]
pub struct LoginLink {
    pub secret: String,
    pub expires_at: Millis,
}

/// What a login link would open, shown before it is spent: who, and into which game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoginOffer {
    pub player: Player,
    pub game: GameId,
    /// The game's page address.
    pub page: String,
}

/// A session opened by a spent link: its secret (the cookie), whose, until when.
#[derive(Clone)]
pub struct WebSession {
    pub secret: String,
    pub player: Player,
    pub lang: Option<Lang>,
    pub expires_at: Millis,
    /// The page of the game the link was for.
    pub page: String,
}

/// Who a session cookie names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SessionHolder {
    pub player: Player,
    /// Their Discord language when they took the link.
    pub lang: Option<Lang>,
}

// Secrets never reach a log line, not even at trace: their Debug prints nothing of them.
impl std::fmt::Debug for LoginLink {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LoginLink")
            .field("expires_at", &self.expires_at)
            .finish_non_exhaustive()
    }
}

impl std::fmt::Debug for WebSession {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WebSession")
            .field("player", &self.player)
            .field("expires_at", &self.expires_at)
            .finish_non_exhaustive()
    }
}

/// 256 random bits from the system's source, as 43 URL-safe characters.
fn new_secret() -> String {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).expect("the system's random source answers");
    URL_SAFE_NO_PAD.encode(bytes)
}

/// What the database keeps of a secret.
fn hashed(secret: &str) -> String {
    Sha256::digest(secret.as_bytes())
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
}

impl Service {
    /// A personal login link for `by` into game `game`, good for [`LINK_LIFETIME`] and once;
    /// `lang` is `by`'s Discord language, which the page will speak.
    ///
    /// # Errors
    /// [`ServiceError::UnknownGame`]; [`ServiceError::NotYourGame`] when `by` does not play in
    /// it; database failures.
    pub async fn login_link(&self, by: &Actor, game: GameId, lang: Lang) -> Result<LoginLink> {
        let view = self.game(game).await?;
        if view.color_of(by.id()).is_none() {
            return Err(ServiceError::NotYourGame(game));
        }
        let now = self.now();
        let link = LoginLink {
            secret: new_secret(),
            expires_at: now + LINK_LIFETIME,
        };
        let row = LinkRow {
            player_id: by.id(),
            game_id: game,
            lang: Some(lang.code().to_string()),
            expires_at: link.expires_at,
            used_at: None,
        };
        self.store
            .save_login_link(&hashed(&link.secret), &row, now)
            .await?;
        Ok(link)
    }

    /// Who and which game the link `secret` would log in, without spending it.
    ///
    /// # Errors
    /// [`ServiceError::LinkUnknown`], [`ServiceError::LinkUsed`], [`ServiceError::LinkExpired`];
    /// database failures.
    pub async fn login_offer(&self, secret: &str) -> Result<LoginOffer> {
        let row = self.good_link(secret).await?;
        Ok(LoginOffer {
            player: self.player(row.player_id).await?,
            game: row.game_id,
            page: self.game_page(row.game_id).await?,
        })
    }

    /// Spends the link `secret` on a session of [`SESSION_LIFETIME`].
    ///
    /// # Errors
    /// As [`Service::login_offer`]; [`ServiceError::LinkUsed`] too when another confirmation
    /// spent it at the same moment.
    pub async fn log_in(&self, secret: &str) -> Result<WebSession> {
        let row = self.good_link(secret).await?;
        let now = self.now();
        let session = WebSession {
            secret: new_secret(),
            player: self.player(row.player_id).await?,
            lang: row.lang.as_deref().and_then(Lang::of_locale),
            expires_at: now + SESSION_LIFETIME,
            page: self.game_page(row.game_id).await?,
        };
        let hash = hashed(&session.secret);
        let new = NewSession {
            hash: &hash,
            player_id: row.player_id,
            lang: row.lang.as_deref(),
            created_at: now,
            expires_at: session.expires_at,
        };
        if !self
            .store
            .spend_login_link(&hashed(secret), now, &new)
            .await?
        {
            return Err(ServiceError::LinkUsed);
        }
        Ok(session)
    }

    async fn good_link(&self, secret: &str) -> Result<LinkRow> {
        let row = self
            .store
            .login_link(&hashed(secret))
            .await?
            .ok_or(ServiceError::LinkUnknown)?;
        if row.used_at.is_some() {
            return Err(ServiceError::LinkUsed);
        }
        if row.expires_at <= self.now() {
            return Err(ServiceError::LinkExpired);
        }
        Ok(row)
    }

    /// Who the session cookie `secret` names, while it lasts.
    ///
    /// # Errors
    /// Database failures.
    pub async fn session_holder(&self, secret: &str) -> Result<Option<SessionHolder>> {
        let Some(row) = self.store.web_session(&hashed(secret)).await? else {
            return Ok(None);
        };
        if row.expires_at <= self.now() {
            return Ok(None);
        }
        Ok(Some(SessionHolder {
            player: self.player(row.player_id).await?,
            lang: row.lang.as_deref().and_then(Lang::of_locale),
        }))
    }

    /// Ends every web session of `player`, and spends the links they were given but did not
    /// open; how many sessions ended.
    ///
    /// # Errors
    /// Database failures.
    pub async fn log_out_everywhere(&self, player: PlayerId) -> Result<u64> {
        Ok(self.store.end_web_sessions(player, self.now()).await?)
    }

    /// Game `game`'s page address (made the first time it is asked for).
    ///
    /// # Errors
    /// Database failures.
    pub async fn game_page(&self, game: GameId) -> Result<String> {
        // 128 random bits: no one finds a page by trying addresses.
        let new = || {
            let mut address = new_secret();
            address.truncate(22);
            address
        };
        Ok(self.store.game_page(game, new).await?)
    }

    /// The game whose page address is `page`.
    ///
    /// # Errors
    /// [`ServiceError::UnknownPage`]; database failures.
    pub async fn game_of_page(&self, page: &str) -> Result<GameId> {
        self.store
            .game_of_page(page)
            .await?
            .ok_or(ServiceError::UnknownPage)
    }

    /// Whether `viewer` (`None`: no one logged in) may see `game`'s page: anyone with its
    /// address, but in a server whose managers made game pages private, its players only.
    ///
    /// # Errors
    /// Database failures.
    pub async fn may_watch(&self, game: &GameView, viewer: Option<PlayerId>) -> Result<bool> {
        if viewer.is_some_and(|viewer| game.color_of(viewer).is_some()) {
            return Ok(true);
        }
        Ok(match game.venue.guild_id {
            Some(guild) => !self.store.private_pages(guild).await?,
            None => true,
        })
    }

    /// Whether `by`'s server shows its game pages to their players only.
    ///
    /// # Errors
    /// [`ServiceError::NoServer`] outside a server; database failures.
    pub async fn private_pages(&self, by: &Actor) -> Result<bool> {
        let guild = by.guild.ok_or(ServiceError::NoServer)?;
        Ok(self.store.private_pages(guild).await?)
    }

    /// Makes `by`'s server's game pages private (players only) or open to their address.
    ///
    /// # Errors
    /// [`ServiceError::NoServer`]; [`ServiceError::ManagersOnly`]; database failures.
    pub async fn set_private_pages(&self, by: &Actor, private: bool) -> Result<()> {
        let guild = by.managed_guild()?;
        Ok(self.store.set_private_pages(guild, private).await?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_long_random_and_kept_only_hashed() {
        let (a, b) = (new_secret(), new_secret());
        assert_eq!(a.len(), 43);
        assert_ne!(a, b);
        assert_eq!(hashed(&a).len(), 64);
        assert_ne!(hashed(&a), a);
        assert_eq!(hashed(&a), hashed(&a));
    }
}
