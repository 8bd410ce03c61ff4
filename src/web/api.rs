//! The API the page calls: start a game against the AI, read a game, make a move. Each route
//! is one service call; a refusal is a status and the service's words for it.

use axum::extract::rejection::JsonRejection;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};

use super::Web;
use super::lang::PageLang;
use super::view::BoardView;
use crate::game::Move;
use crate::i18n::Lang;
use crate::local::{bot, local_actor};
use crate::service::{AiTerms, GameId, MoveOutcome, ServiceError, Venue};

pub(super) fn routes() -> Router<Web> {
    Router::new()
        .route("/api/games", post(start))
        .route("/api/games/{id}", get(game))
        .route("/api/games/{id}/moves", post(play))
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

/// Why a request did nothing, as the page shows it.
#[derive(Debug, Serialize)]
pub struct Refusal {
    pub error: String,
}

/// A refusal: its status and its words.
pub(super) struct Refused(pub(super) StatusCode, pub(super) String);

impl IntoResponse for Refused {
    fn into_response(self) -> Response {
        (self.0, Json(Refusal { error: self.1 })).into_response()
    }
}

impl Refused {
    /// The service's refusal in the page's language, with its status; a fault is logged and
    /// said without its details.
    pub(super) fn service(error: &ServiceError, lang: Lang) -> Refused {
        let status = match error {
            ServiceError::UnknownGame(_) => StatusCode::NOT_FOUND,
            ServiceError::PositionChanged => StatusCode::CONFLICT,
            refusal if refusal.is_user_error() => StatusCode::UNPROCESSABLE_ENTITY,
            fault => {
                tracing::warn!(error = %fault, "a request failed");
                return Refused(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    crate::tr!(lang, "web-server-fault"),
                );
            }
        };
        Refused(status, error.words(lang))
    }
}

/// `POST /api/games`: a new game against `easy` on 8×8, this machine's player opening.
async fn start(
    State(web): State<Web>,
    PageLang(lang): PageLang,
) -> Result<(StatusCode, Json<BoardView>), Refused> {
    let terms = AiTerms::first_game(Venue::default());
    let actor = local_actor(web.player.clone());
    let game = web
        .service
        .start_ai_game(&actor, &bot(), terms, None)
        .await
        .map_err(|error| Refused::service(&error, lang))?;
    tracing::info!(game = %game.id, player = %web.player.name, "a game against easy started");
    Ok((
        StatusCode::CREATED,
        Json(BoardView::of(&game, web.player.id)),
    ))
}

/// `GET /api/games/{id}`: the game as the page draws it.
async fn game(
    State(web): State<Web>,
    PageLang(lang): PageLang,
    Path(id): Path<String>,
) -> Result<Json<BoardView>, Refused> {
    let game = web
        .service
        .game(game_id(&id)?)
        .await
        .map_err(|error| Refused::service(&error, lang))?;
    let now = web.service.now();
    Ok(Json(BoardView::said(&game, web.player.id, lang, now)))
}

/// `POST /api/games/{id}/moves`: the move, parsed once here, played by this machine's player
/// on the version the page showed.
async fn play(
    State(web): State<Web>,
    PageLang(lang): PageLang,
    Path(id): Path<String>,
    body: Result<Json<MoveRequest>, JsonRejection>,
) -> Result<Json<BoardView>, Refused> {
    let Json(request) =
        body.map_err(|rejection| Refused(bad_body_status(&rejection), rejection.body_text()))?;
    let mv: Move = request.mv.parse().map_err(|error: crate::game::BadMove| {
        Refused(StatusCode::BAD_REQUEST, error.to_string())
    })?;
    let played = web
        .service
        .play(game_id(&id)?, web.player.id, mv, Some(request.version))
        .await
        .map_err(|error| Refused::service(&error, lang))?;
    let game = match played {
        MoveOutcome::Played(report) => report.game,
        MoveOutcome::LostOnTime(game) => game,
    };
    Ok(Json(BoardView::of(&game, web.player.id)))
}

/// The game a path names: a game's number, else a bad request.
pub(super) fn game_id(text: &str) -> Result<GameId, Refused> {
    text.parse()
        .map_err(|error: crate::ids::BadId| Refused(StatusCode::BAD_REQUEST, error.to_string()))
}

/// A body too large says so (413); any other body that is not a move request is a bad request,
/// whether its JSON is broken, of another shape or not declared JSON: 422 is kept for moves
/// the game refuses.
fn bad_body_status(rejection: &JsonRejection) -> StatusCode {
    if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
        StatusCode::PAYLOAD_TOO_LARGE
    } else {
        StatusCode::BAD_REQUEST
    }
}
