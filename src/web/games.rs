//! `GET /api/games/{id}`: a game as the page draws it. `GET /api/games`: the games going on between this machine's players (the terminal's and
//! the page's, off Discord), newest first, each with whose turn it is in words; on the public
//! board the logged-in player's own games going on, with their page addresses (no one's: none).

use axum::extract::{Path, State};
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;

use super::api::Refused;
use super::lang::PageLang;
use super::view::BoardView;
use super::viewer::Viewer;
use super::{Doors, Web};
use crate::game::Color;
use crate::i18n::{Lang, color_name, with_color};
use crate::service::{GameView, PlayerId};
use crate::tr;

pub(super) fn routes() -> Router<Web> {
    Router::new()
        .route("/api/games", get(games))
        .route("/api/games/{id}", get(game))
}

/// `GET /api/games/{id}`: the game as the page draws it (`{id}`: its page address on the
/// public board).
async fn game(
    State(web): State<Web>,
    PageLang(lang): PageLang,
    viewer: Viewer,
    Path(id): Path<String>,
) -> Result<Json<BoardView>, Refused> {
    let id = web.game_at(&id, lang).await?;
    let game = web.watched(id, &viewer, lang).await?;
    Ok(Json(web.board_view(&game, &viewer, lang).await?))
}

#[derive(Debug, Serialize)]
pub struct GameList {
    pub games: Vec<GameLine>,
}

/// One game of the list.
#[derive(Debug, Serialize)]
pub struct GameLine {
    pub id: i64,
    /// The address the page names the game by (its page address on the public board).
    pub page: String,
    pub white: String,
    pub red: String,
    /// `white` or `red`; none when the game is over.
    pub to_move: Option<&'static str>,
    /// Whose turn it is, in words ("your turn (White)", "ponte (red) to move").
    pub status: String,
    pub over: bool,
}

async fn games(
    State(web): State<Web>,
    PageLang(lang): PageLang,
    viewer: Viewer,
) -> Result<Json<GameList>, Refused> {
    let refused = |error| Refused::service(&error, lang);
    let Some(player) = viewer.player() else {
        return Ok(Json(GameList { games: Vec::new() }));
    };
    let open = match web.doors {
        Doors::ThisMachine(_) => web.service.active_games_off_discord().await,
        Doors::Logins(_) => web.service.active_games(player.id).await,
    }
    .map_err(refused)?;
    let mut games = Vec::with_capacity(open.len());
    for game in open.iter().rev() {
        let page = match web.doors {
            Doors::ThisMachine(_) => game.id.to_string(),
            Doors::Logins(_) => web.service.game_page(game.id).await.map_err(refused)?,
        };
        let hot_seat = matches!(web.doors, Doors::ThisMachine(_));
        games.push(line(lang, game, (player.id, hot_seat), page));
    }
    Ok(Json(GameList { games }))
}

/// A game's line for `viewer`; `hot_seat` on this machine's board, where the page moves for
/// both names of a game between people.
fn line(
    lang: Lang,
    game: &GameView,
    (viewer, hot_seat): (PlayerId, bool),
    page: String,
) -> GameLine {
    let to_move = game.to_move();
    let status = match to_move {
        // The page moves for the player to move unless the bot is: in a hot-seat game every
        // turn is the viewer's.
        Some((color, player)) if player.id == viewer || (hot_seat && game.ai.is_none()) => tr!(
            lang,
            "panel-list-your-turn",
            color = color_name(lang, color)
        ),
        Some((color, player)) => tr!(
            lang,
            "panel-list-to-move",
            who = with_color(lang, &player.name, color)
        ),
        None => tr!(lang, "games-over"),
    };
    GameLine {
        id: game.id.get(),
        page,
        white: game.white.name.clone(),
        red: game.red.name.clone(),
        to_move: to_move.map(|(color, _)| Color::name(color)),
        status,
        over: game.is_over(),
    }
}
