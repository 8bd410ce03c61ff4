//! The web board from Discord: the Open board button under a game's boards, and its answer for
//! the clicker alone: a personal login link for a player of the game, the game's page for
//! anyone else who may watch it. Also the page addresses the reminders and digests carry.
//!
//! A login link's secret is in the address's fragment (`/login#secret`): it reaches Discord in
//! the answer's Link button and nowhere else; the bot never logs it (see `logs`).

use std::sync::Arc;

use poise::serenity_prelude as serenity;

use super::Error;
use super::button_id::ButtonId;
use super::messages::{button, game_buttons};
use super::outgoing::{self, NOBODY};
use crate::i18n::Lang;
use crate::service::{Actor, GameId, GameView, LINK_LIFETIME, Service, ServiceError};
use crate::tr;

/// Where players reach the web board (`PUBLIC_URL`, without a trailing slash).
#[derive(Clone, Debug)]
pub struct WebBoard {
    url: Arc<str>,
}

impl WebBoard {
    /// The web board reached at `public_url` (checked by the configuration).
    pub fn new(public_url: &str) -> WebBoard {
        WebBoard {
            url: public_url.into(),
        }
    }

    /// The address of the page `page` (see `Service::game_page`).
    pub fn page(&self, page: &str) -> String {
        format!("{}/g/{page}", self.url)
    }

    /// The personal login link of `secret`: in the fragment, which no server, proxy or
    /// link preview sees.
    fn login(&self, secret: &str) -> String {
        format!("{}/login#{secret}", self.url)
    }
}

/// The buttons of a board message: those of [`game_buttons`], and Open board when the web
/// board is served.
pub fn board_buttons(
    lang: Lang,
    game: &GameView,
    web: Option<&WebBoard>,
) -> Vec<serenity::CreateActionRow> {
    let mut rows = game_buttons(lang, game);
    if web.is_some() {
        let open = button(
            ButtonId::OpenBoard(game.id),
            tr!(lang, "button-open-board"),
            serenity::ButtonStyle::Secondary,
        );
        rows.push(serenity::CreateActionRow::Buttons(vec![open]));
    }
    rows
}

/// The address of game `game`'s page, when the web board is served.
///
/// # Errors
/// Database failures.
pub async fn page_address(
    service: &Service,
    web: Option<&WebBoard>,
    game: GameId,
) -> Result<Option<String>, Error> {
    match web {
        Some(web) => Ok(Some(web.page(&service.game_page(game).await?))),
        None => Ok(None),
    }
}

/// The answer to `asker`'s click on Open board of game `game`, for them alone, in `lang`
/// (their own Discord language, which the page will speak too).
///
/// # Errors
/// [`ServiceError::PagePrivate`] for someone who does not play in a game of a server whose
/// pages are private; the game's refusals; database failures.
pub async fn answer(
    service: &Service,
    web: &WebBoard,
    asker: &Actor,
    lang: Lang,
    game: GameId,
) -> Result<serenity::CreateInteractionResponseMessage, Error> {
    let view = service.game_for(game, asker).await?;
    let (text, label, url) = if view.color_of(asker.id()).is_some() {
        let link = service.login_link(asker, game, lang).await?;
        let minutes = LINK_LIFETIME / 60_000;
        let text = tr!(lang, "open-board-login", id = game, minutes = minutes);
        (
            text,
            tr!(lang, "open-board-login-button"),
            web.login(&link.secret),
        )
    } else if service.may_watch(&view, None).await? {
        let page = web.page(&service.game_page(game).await?);
        let text = tr!(lang, "open-board-watch", id = game);
        (text, tr!(lang, "open-board-watch-button"), page)
    } else {
        return Err(ServiceError::PagePrivate.into());
    };
    let link = serenity::CreateButton::new_link(url).label(label);
    Ok(outgoing::response(NOBODY)
        .content(text)
        .components(vec![serenity::CreateActionRow::Buttons(vec![link])])
        .ephemeral(true))
}
