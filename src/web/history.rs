//! `GET /api/games/{id}/positions/{n}`: the position after the first `n` moves of a game,
//! replayed by the service from the game's log, for stepping back through its history.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;

use super::Web;
use super::api::Refused;
use super::lang::PageLang;
use super::position::PositionView;
use super::viewer::Viewer;
use crate::i18n::move_words;
use crate::tr;

pub(super) fn routes() -> Router<Web> {
    Router::new().route("/api/games/{id}/positions/{n}", get(position))
}

/// One moment of a game's history.
#[derive(Debug, Serialize)]
pub struct HistoryView {
    /// Moves played to reach this position.
    pub n: u32,
    /// Moves in the game.
    pub total: u32,
    /// The move that led here ("c3 d4"); none at the start.
    #[serde(rename = "move")]
    pub notation: Option<String>,
    /// Where this is, in words: "Move 3 of 12: c3 d4".
    pub words: String,
    #[serde(flatten)]
    pub board: PositionView,
}

async fn position(
    State(web): State<Web>,
    PageLang(lang): PageLang,
    viewer: Viewer,
    Path((id, n)): Path<(String, String)>,
) -> Result<Json<HistoryView>, Refused> {
    let id = web.game_at(&id, lang).await?;
    let n: u32 = n.parse().map_err(|error: std::num::ParseIntError| {
        Refused(StatusCode::BAD_REQUEST, error.to_string())
    })?;
    let view = web.watched(id, &viewer, lang).await?;
    let total = u32::try_from(view.moves.len()).unwrap_or(u32::MAX);
    let game = match view.position_after(n as usize) {
        Ok(Some(game)) => game,
        Ok(None) => {
            return Err(Refused(
                StatusCode::NOT_FOUND,
                tr!(lang, "panel-no-position", n = n, total = total),
            ));
        }
        Err(error) => {
            tracing::warn!(game = %id, %error, "a stored log did not replay");
            return Err(Refused(
                StatusCode::INTERNAL_SERVER_ERROR,
                tr!(lang, "web-server-fault"),
            ));
        }
    };
    let played = n
        .checked_sub(1)
        .and_then(|i| view.moves.get(i as usize))
        .map(|logged| move_words(lang, logged.mv));
    let words = match &played {
        Some(mv) => tr!(lang, "panel-step", n = n, total = total, move = mv.clone()),
        None => tr!(lang, "panel-step-start", total = total),
    };
    Ok(Json(HistoryView {
        n,
        total,
        notation: played,
        words,
        board: PositionView::of(&game),
    }))
}
