//! Who looks at a page and which game it names. On this machine's board the viewer is this
//! machine's player and a game is named by its number; on the public board the viewer is
//! whoever the session cookie names (else no one), a game is named by its page address, a
//! private server's pages show to their players only, and only a game's players move in it.

use std::convert::Infallible;

use axum::extract::{FromRequestParts, Request, State};
use axum::http::StatusCode;
use axum::http::request::Parts;
use axum::middleware::Next;
use axum::response::Response;
use axum_extra::extract::cookie::CookieJar;

use super::api::{Refused, game_id};
use super::lang::SessionLang;
use super::seat::{local_colour, mover_here, seat};
use super::view::BoardView;
use super::{Doors, Web};
use crate::i18n::Lang;
use crate::service::{GameId, GameView, Player, ServiceError, SessionHolder};

/// The cookie that carries a public board's session.
pub(super) const SESSION_COOKIE: &str = "ponte_session";

/// Who a request comes from.
#[derive(Clone, Debug)]
pub(super) enum Viewer {
    /// This machine's player, on `ponte web`.
    Machine(Player),
    /// A player logged in on the public board.
    LoggedIn(SessionHolder),
    /// No one logged in, on the public board: a watcher.
    Anonymous,
}

impl Viewer {
    /// The player the viewer is, if any.
    pub(super) fn player(&self) -> Option<&Player> {
        match self {
            Viewer::Machine(player) => Some(player),
            Viewer::LoggedIn(holder) => Some(&holder.player),
            Viewer::Anonymous => None,
        }
    }
}

impl FromRequestParts<Web> for Viewer {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, web: &Web) -> Result<Viewer, Infallible> {
        Ok(match &web.doors {
            Doors::ThisMachine(player) => Viewer::Machine(player.clone()),
            Doors::Logins(_) => parts
                .extensions
                .get::<Viewer>()
                .cloned()
                .unwrap_or(Viewer::Anonymous),
        })
    }
}

/// The public board's first step for every request: who its session cookie names, looked up
/// once, for the routes (as a [`Viewer`]) and for the language of the answer. A cookie that
/// names no session is no one's; the cookie's value goes nowhere but the service.
pub(super) async fn identify(
    State(web): State<Web>,
    jar: CookieJar,
    mut request: Request,
    next: Next,
) -> Response {
    // The page's own files are the same for everyone: no session is read for them.
    if !request.uri().path().starts_with("/api/") {
        return next.run(request).await;
    }
    let holder = match jar.get(SESSION_COOKIE) {
        Some(cookie) => match web.service.session_holder(cookie.value()).await {
            Ok(holder) => holder,
            Err(error) => {
                tracing::warn!(%error, "a session could not be read: served as no one's");
                None
            }
        },
        None => None,
    };
    if let Some(lang) = holder.as_ref().and_then(|holder| holder.lang) {
        request.extensions_mut().insert(SessionLang(lang));
    }
    let viewer = holder.map_or(Viewer::Anonymous, Viewer::LoggedIn);
    request.extensions_mut().insert(viewer);
    next.run(request).await
}

impl Web {
    /// The game a path names: its number on this machine's board, its page address on the
    /// public board (where a number is no address: 404).
    pub(super) async fn game_at(&self, text: &str, lang: Lang) -> Result<GameId, Refused> {
        match &self.doors {
            Doors::ThisMachine(_) => game_id(text),
            Doors::Logins(_) => (self.service.game_of_page(text).await)
                .map_err(|error| Refused::service(&error, lang)),
        }
    }

    /// Game `id`, when `viewer` may see it: on the public board a private server's games
    /// show to their players only (403).
    pub(super) async fn watched(
        &self,
        id: GameId,
        viewer: &Viewer,
        lang: Lang,
    ) -> Result<GameView, Refused> {
        let refused = |error: ServiceError| Refused::service(&error, lang);
        let game = self.service.game(id).await.map_err(refused)?;
        if let Doors::Logins(_) = self.doors {
            let who = viewer.player().map(|player| player.id);
            if !self.service.may_watch(&game, who).await.map_err(refused)? {
                return Err(refused(ServiceError::PagePrivate));
            }
        }
        Ok(game)
    }

    /// Who moves for `viewer` in `game` now: on this machine the page's seat (see
    /// `seat.rs`; `resigning` lets it resign while the AI thinks); on the public board the
    /// viewer, when one of the game's players (a watcher is refused with 403).
    pub(super) fn mover(
        &self,
        game: &GameView,
        viewer: &Viewer,
        resigning: bool,
        lang: Lang,
    ) -> Result<Player, Refused> {
        match viewer {
            Viewer::Machine(machine) if resigning => Ok(seat(game, machine)),
            Viewer::Machine(machine) => mover_here(game, machine, lang),
            Viewer::LoggedIn(holder) if game.color_of(holder.player.id).is_some() => {
                Ok(holder.player.clone())
            }
            Viewer::LoggedIn(_) | Viewer::Anonymous => Err(Refused(
                StatusCode::FORBIDDEN,
                ServiceError::WatchersCannotMove.words(lang),
            )),
        }
    }

    /// The board of `game` as `viewer` sees it.
    pub(super) async fn board_view(
        &self,
        game: &GameView,
        viewer: &Viewer,
        lang: Lang,
    ) -> Result<BoardView, Refused> {
        let now = self.service.now();
        Ok(match viewer {
            Viewer::Machine(machine) => {
                let you = local_colour(game, machine);
                BoardView::said(game, you, game.id.to_string(), lang, now)
            }
            Viewer::LoggedIn(_) | Viewer::Anonymous => {
                let page = (self.service.game_page(game.id).await)
                    .map_err(|error| Refused::service(&error, lang))?;
                let you = viewer.player().and_then(|player| game.color_of(player.id));
                BoardView::said(game, you, page, lang, now)
            }
        })
    }
}
