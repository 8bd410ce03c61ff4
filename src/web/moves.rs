//! Moves from the page: a move, a resignation, the cells a move may go to and a move judged
//! without playing it. The engine decides on the server; the page asks. A move is made by the
//! page's seat: the player to move when a player of this machine other than the AI, so that a
//! game between two names is played from one page, as the terminal plays it; on the public
//! board, by the logged-in player when one of the game's (`viewer.rs`).

use axum::extract::rejection::{JsonRejection, QueryRejection};
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};

use super::Web;
use super::api::Refused;
use super::lang::PageLang;
use super::view::BoardView;
use super::viewer::Viewer;
use crate::game::{BadMove, Bitboard, Cell, IllegalMove, Move, NotACell};
use crate::i18n::Lang;
use crate::service::{GameId, GameView, MoveOutcome, Player, ServiceError};
use crate::tr;

pub(super) fn routes() -> Router<Web> {
    Router::new()
        .route("/api/games/{id}/moves", post(play))
        .route("/api/games/{id}/resign", post(resign))
        .route("/api/games/{id}/targets", get(targets))
        .route("/api/games/{id}/check", get(check))
}

/// A move as the page sends it: the notation (`c3 d4`) and the version of the game it was
/// made on.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    #[serde(rename = "move")]
    pub mv: String,
    pub version: i64,
}

/// A resignation, with the version of the game the page showed: in a game between two names
/// the player to move resigns, so a page behind the game must not resign for the wrong one.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResignRequest {
    pub version: i64,
}

#[derive(Debug, Deserialize)]
pub struct TargetsQuery {
    pub from: Option<String>,
}

/// The cells a move may go to: with a first cell, the second tiles that may go with it and
/// the other ends of the bridges from it; without, the cells a placement or a bridge may
/// start from.
#[derive(Debug, Serialize)]
pub struct Targets {
    pub tiles: Vec<String>,
    pub bridge_ends: Vec<String>,
}

#[derive(Debug, Deserialize)]
pub struct CheckQuery {
    #[serde(rename = "move")]
    pub mv: String,
    pub version: Option<i64>,
}

/// A move the engine would accept now.
#[derive(Debug, Serialize)]
pub struct Judged {
    pub legal: bool,
}

/// The move `text` of game `id`, parsed once; what is no move is said in the page's language
/// (a cell beyond every board as off this game's board, as the engine says it).
async fn parsed(web: &Web, id: GameId, text: &str, lang: Lang) -> Result<Move, Refused> {
    match text.parse::<Move>() {
        Ok(mv) => Ok(mv),
        Err(bad @ BadMove::NotAMove(_)) => {
            let error = web.service.unparsed(id, bad).await;
            Err(Refused(StatusCode::BAD_REQUEST, error.words(lang)))
        }
        Err(bad) => Err(Refused::service(&web.service.unparsed(id, bad).await, lang)),
    }
}

/// Game `id` as the page saw it at `version` (the mover is read from it), else the position
/// changed, before anything else is said of the move.
async fn read_at(
    web: &Web,
    id: GameId,
    viewer: &Viewer,
    version: i64,
    lang: Lang,
) -> Result<GameView, Refused> {
    let game = web.watched(id, viewer, lang).await?;
    if game.version != version {
        return Err(Refused::service(&ServiceError::PositionChanged, lang));
    }
    Ok(game)
}

/// `POST /api/games/{id}/moves`: the move, played by the page's seat on the version the page
/// showed; a resignation as `POST …/resign`.
async fn play(
    State(web): State<Web>,
    PageLang(lang): PageLang,
    viewer: Viewer,
    Path(id): Path<String>,
    body: Result<Json<MoveRequest>, JsonRejection>,
) -> Result<Json<BoardView>, Refused> {
    let Json(request) = body.map_err(|rejection| Refused::body(&rejection))?;
    let id = web.game_at(&id, lang).await?;
    let mv = parsed(&web, id, &request.mv, lang).await?;
    let game = read_at(&web, id, &viewer, request.version, lang).await?;
    let resigning = matches!(mv, Move::Resign(_));
    let player = web.mover(&game, &viewer, resigning, lang)?;
    played(&web, (id, &viewer), &player, mv, request.version, lang).await
}

/// `POST /api/games/{id}/resign`: the page's seat resigns (against the AI, also while the AI
/// thinks), on the version the page showed.
async fn resign(
    State(web): State<Web>,
    PageLang(lang): PageLang,
    viewer: Viewer,
    Path(id): Path<String>,
    body: Result<Json<ResignRequest>, JsonRejection>,
) -> Result<Json<BoardView>, Refused> {
    let Json(request) = body.map_err(|rejection| Refused::body(&rejection))?;
    let id = web.game_at(&id, lang).await?;
    let game = read_at(&web, id, &viewer, request.version, lang).await?;
    let player = web.mover(&game, &viewer, true, lang)?;
    let resign = Move::Resign(None);
    played(&web, (id, &viewer), &player, resign, request.version, lang).await
}

/// `player` plays `mv` in game `id` through the service's one path of a move (which refuses
/// a move out of turn with whose turn it is); the board as `viewer` then sees it.
async fn played(
    web: &Web,
    (id, viewer): (GameId, &Viewer),
    player: &Player,
    mv: Move,
    version: i64,
    lang: Lang,
) -> Result<Json<BoardView>, Refused> {
    let outcome = web
        .service
        .play(id, player.id, mv, Some(version))
        .await
        .map_err(|error| Refused::service(&error, lang))?;
    let game = match outcome {
        MoveOutcome::Played(report) => report.game,
        MoveOutcome::LostOnTime(game) => game,
    };
    tracing::info!(game = %id, player = %player.name, %mv, "played from the page");
    Ok(Json(web.board_view(&game, viewer, lang).await?))
}

/// `GET /api/games/{id}/targets[?from=c3]`: the engine's cells for the side to move, when the
/// page moves for it; none while the AI (or anyone not of this machine) is to move.
async fn targets(
    State(web): State<Web>,
    PageLang(lang): PageLang,
    viewer: Viewer,
    Path(id): Path<String>,
    query: Result<Query<TargetsQuery>, QueryRejection>,
) -> Result<Json<Targets>, Refused> {
    let Query(query) = query.map_err(|r| Refused(StatusCode::BAD_REQUEST, r.body_text()))?;
    let id = web.game_at(&id, lang).await?;
    let game = web.watched(id, &viewer, lang).await?;
    let from = match query.from.as_deref() {
        Some(text) => Some(cell_of(&web, &game, text, lang).await?),
        None => None,
    };
    let seat = match (&viewer, web.mover(&game, &viewer, true, lang)) {
        // Only the public board refuses a watcher here; on this machine the page asks while
        // the AI thinks, and is told of no cells.
        (Viewer::LoggedIn(_) | Viewer::Anonymous, Err(refused)) => return Err(refused),
        (_, seat) => seat.ok(),
    };
    let page_moves = game
        .to_move()
        .is_some_and(|(_, to_move)| seat.as_ref().is_some_and(|seat| seat.id == to_move.id));
    if !page_moves {
        return Ok(Json(Targets {
            tiles: Vec::new(),
            bridge_ends: Vec::new(),
        }));
    }
    let engine = &game.game;
    let (tiles, bridge_ends) = match from {
        Some(from) => (
            engine.legal_second_cells(from),
            engine.legal_bridge_ends(from),
        ),
        None => (
            engine.legal_first_cells(),
            engine
                .legal_bridges()
                .into_iter()
                .flat_map(|bridge| bridge.ends())
                .collect::<Bitboard>(),
        ),
    };
    let names = |cells: Bitboard| cells.iter().map(|cell| cell.to_string()).collect();
    Ok(Json(Targets {
        tiles: names(tiles),
        bridge_ends: names(bridge_ends),
    }))
}

/// The cell `text` names on `game`'s board, or why it names none.
async fn cell_of(web: &Web, game: &GameView, text: &str, lang: Lang) -> Result<Cell, Refused> {
    let size = game.game.board().size();
    match text.parse::<Cell>() {
        Ok(cell) if cell.is_on(size) => Ok(cell),
        Ok(cell) => {
            let off = IllegalMove::OffBoard {
                cell: cell.to_string(),
                size,
            };
            Err(Refused::service(&ServiceError::Illegal(off), lang))
        }
        Err(NotACell::OffEveryBoard(cell)) => {
            let error = web.service.unparsed(game.id, BadMove::OffEveryBoard(cell));
            Err(Refused::service(&error.await, lang))
        }
        Err(NotACell::Malformed(text)) => Err(Refused(
            StatusCode::BAD_REQUEST,
            tr!(lang, "page-not-a-cell", text = text.as_str()),
        )),
    }
}

/// `GET /api/games/{id}/check?move=c3%20d5[&version=N]`: whether the page's seat could play
/// the move now, the engine's reason when not; nothing is played or saved.
async fn check(
    State(web): State<Web>,
    PageLang(lang): PageLang,
    viewer: Viewer,
    Path(id): Path<String>,
    query: Result<Query<CheckQuery>, QueryRejection>,
) -> Result<Json<Judged>, Refused> {
    let Query(query) = query.map_err(|r| Refused(StatusCode::BAD_REQUEST, r.body_text()))?;
    let id = web.game_at(&id, lang).await?;
    let mv = parsed(&web, id, &query.mv, lang).await?;
    let game = match query.version {
        Some(version) => read_at(&web, id, &viewer, version, lang).await?,
        None => web.watched(id, &viewer, lang).await?,
    };
    let refused = |error: ServiceError| Err(Refused::service(&error, lang));
    let player = web.mover(&game, &viewer, false, lang)?;
    let Some((_, to_move)) = game.to_move() else {
        return refused(ServiceError::GameOver(id));
    };
    if game.color_of(player.id).is_none() {
        return refused(ServiceError::NotYourGame(id));
    }
    if to_move.id != player.id && !matches!(mv, Move::Resign(_)) {
        return refused(ServiceError::NotYourTurn(to_move.name.clone()));
    }
    match game.game.check(mv) {
        Ok(()) => Ok(Json(Judged { legal: true })),
        Err(illegal) => refused(ServiceError::Illegal(illegal)),
    }
}
