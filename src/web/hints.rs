//! A hint in the page: in an unrated game against the AI, the move it would play for the
//! player and its one line of why; elsewhere the service's refusal, with nothing counted. The
//! same use case as `/hint` and the terminal's `hint`.

use axum::extract::{Path, State};
use axum::routing::post;
use axum::{Json, Router};
use serde::Serialize;

use super::Web;
use super::api::{Refused, game_id};
use super::lang::PageLang;
use crate::game::Move;
use crate::service::machine_actor;
use crate::service::{GameView, ServiceError};

pub(super) fn routes() -> Router<Web> {
    // A POST: a hint is counted on the game, which its end announces.
    Router::new().route("/api/games/{id}/hint", post(hint))
}

/// A hint as the page shows it: the move, drawn on the board as a preview before anything is
/// played, and the service's words for it.
#[derive(Debug, Serialize)]
pub struct HintJson {
    #[serde(rename = "move")]
    pub notation: String,
    /// The colour the hint is for.
    pub color: &'static str,
    /// The move as the board previews it: `{"tiles": [a, b], "color"}` or
    /// `{"bridge": [from, to], "color"}`; none for a swap or a pass.
    pub preview: Option<Preview>,
    /// One line of why.
    pub why: String,
    /// The whole hint: the game, the line of why, and how many hints it has had.
    pub said: String,
    /// The game's version the hint was found on: a page showing another ignores it.
    pub version: i64,
    pub hints: u32,
}

#[derive(Debug, Serialize)]
pub struct Preview {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tiles: Option<[String; 2]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bridge: Option<[String; 2]>,
    pub color: &'static str,
}

fn preview(mv: Move, color: &'static str) -> Option<Preview> {
    match mv {
        Move::Place(a, b) => Some(Preview {
            tiles: Some([a.to_string(), b.to_string()]),
            bridge: None,
            color,
        }),
        Move::Bridge(a, b) => Some(Preview {
            tiles: None,
            bridge: Some([a.to_string(), b.to_string()]),
            color,
        }),
        _ => None,
    }
}

/// Who asks in `game`: in a game against the AI its other player, between people the one to
/// move (whom the service then refuses with its reason), as the terminal's `hint` asks.
fn asker(game: &GameView) -> crate::service::Player {
    match game.ai {
        Some((ai, _)) if game.white.id == ai => game.red.clone(),
        Some(_) => game.white.clone(),
        None => game
            .to_move()
            .map_or_else(|| game.white.clone(), |(_, p)| p.clone()),
    }
}

/// `POST /api/games/{id}/hint`: the hint for the game's player, or the service's refusal.
async fn hint(
    State(web): State<Web>,
    PageLang(lang): PageLang,
    Path(id): Path<String>,
) -> Result<Json<HintJson>, Refused> {
    let refused = |error: ServiceError| Refused::service(&error, lang);
    // Only this machine's board offers hints: its player asks.
    web.machine(lang)?;
    let game = web.service.game(game_id(&id)?).await.map_err(refused)?;
    let hint = web
        .service
        .hint(game.id, &machine_actor(asker(&game)))
        .await
        .map_err(refused)?;
    let color = hint.color.name();
    Ok(Json(HintJson {
        notation: hint.suggested.to_string(),
        color,
        preview: preview(hint.suggested, color),
        why: hint.why(lang),
        said: hint.text(lang),
        version: hint.game.version,
        hints: hint.game.hints,
    }))
}
