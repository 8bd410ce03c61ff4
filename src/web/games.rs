//! `GET /api/games`: the games going on between this machine's players (the terminal's and
//! the page's, off Discord), newest first, each with whose turn it is in words.

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;

use super::Web;
use super::api::Refused;
use super::lang::PageLang;
use crate::game::Color;
use crate::i18n::{Lang, color_name, with_color};
use crate::service::{GameView, PlayerId};
use crate::tr;

pub(super) fn routes() -> Router<Web> {
    Router::new().route("/api/games", get(games))
}

#[derive(Debug, Serialize)]
pub struct GameList {
    pub games: Vec<GameLine>,
}

/// One game of the list.
#[derive(Debug, Serialize)]
pub struct GameLine {
    pub id: i64,
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
) -> Result<Json<GameList>, Refused> {
    let open = web
        .service
        .active_games_off_discord()
        .await
        .map_err(|error| Refused::service(&error, lang))?;
    let games = open
        .iter()
        .rev()
        .map(|game| line(lang, game, web.player.id))
        .collect();
    Ok(Json(GameList { games }))
}

fn line(lang: Lang, game: &GameView, viewer: PlayerId) -> GameLine {
    let to_move = game.to_move();
    let status = match to_move {
        // The page moves for the player to move unless the bot is: in a hot-seat game every
        // turn is the viewer's.
        Some((color, player)) if player.id == viewer || game.ai.is_none() => tr!(
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
        white: game.white.name.clone(),
        red: game.red.name.clone(),
        to_move: to_move.map(|(color, _)| Color::name(color)),
        status,
        over: game.is_over(),
    }
}
