//! Puzzles in the page: the next one for this machine's player, and their answer (the move
//! clicked on its board, or one of its choices), judged and rated by the service. The same
//! use cases as `/puzzle` and the terminal's `puzzle` and `solve`.

use axum::extract::rejection::JsonRejection;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Serialize;

use super::Web;
use super::api::Refused;
use super::lang::PageLang;
use super::lessons::{AnswerRequest, Given, given};
use super::position::PositionView;
use crate::ids::PuzzleId;
use crate::service::machine_actor;
use crate::service::{Choice, PuzzleAnswer, PuzzleView};
use crate::tr;

pub(super) fn routes() -> Router<Web> {
    Router::new()
        .route("/api/puzzles/next", get(next))
        .route("/api/puzzles/{id}/answer", post(answer))
}

/// A puzzle as the page shows it.
#[derive(Debug, Serialize)]
pub struct PuzzleJson {
    pub id: i64,
    /// "Puzzle #12 · White to move · rated 1540".
    pub title: String,
    /// What to find (and an earlier answer, if the player gave one).
    pub task: String,
    pub position: PositionView,
    pub to_move: &'static str,
    /// The moves offered, in the order shown: a choice's index is its place here.
    pub choices: Vec<String>,
}

/// An answer judged: right or not, the service's words (verdict, accepted moves, best line,
/// why, rating), the board after the best move, and the rating change of a first answer.
#[derive(Debug, Serialize)]
pub struct PuzzleJudged {
    pub right: bool,
    pub chosen: String,
    pub said: String,
    pub after: PositionView,
    pub rating: Option<Rating>,
}

/// A puzzle rating before and after an answer, as players read it: whole numbers.
#[derive(Debug, Serialize)]
pub struct Rating {
    pub before: i64,
    pub after: i64,
}

impl PuzzleJson {
    fn of(view: &PuzzleView, lang: crate::i18n::Lang) -> PuzzleJson {
        PuzzleJson {
            id: view.id.get(),
            title: view.title(lang),
            task: view.task(lang),
            position: PositionView::of(&view.puzzle.game()),
            to_move: view.puzzle.mover().name(),
            choices: view.choices().iter().map(ToString::to_string).collect(),
        }
    }
}

impl PuzzleJudged {
    fn of(answer: &PuzzleAnswer, lang: crate::i18n::Lang) -> PuzzleJudged {
        PuzzleJudged {
            right: answer.correct,
            chosen: answer.chosen.to_string(),
            said: answer.text(lang),
            after: PositionView::of(&answer.after()),
            rating: answer.change.map(|change| Rating {
                before: change.before.round() as i64,
                after: change.after.round() as i64,
            }),
        }
    }
}

/// `GET /api/puzzles/next`: a puzzle for the player (404 with the words when none is left).
async fn next(
    State(web): State<Web>,
    PageLang(lang): PageLang,
) -> Result<Json<PuzzleJson>, Refused> {
    let asker = machine_actor(web.machine(lang)?);
    let view = web
        .service
        .next_puzzle(&asker)
        .await
        .map_err(|error| Refused::service(&error, lang))?
        .ok_or_else(|| Refused(StatusCode::NOT_FOUND, tr!(lang, "puzzle-none")))?;
    Ok(Json(PuzzleJson::of(&view, lang)))
}

/// `POST /api/puzzles/{id}/answer`: the player's answer to puzzle `id`.
async fn answer(
    State(web): State<Web>,
    PageLang(lang): PageLang,
    Path(id): Path<String>,
    body: Result<Json<AnswerRequest>, JsonRejection>,
) -> Result<Json<PuzzleJudged>, Refused> {
    let id: PuzzleId = id
        .parse()
        .map_err(|error: crate::ids::BadId| Refused(StatusCode::BAD_REQUEST, error.to_string()))?;
    let choice = match given(body, lang)? {
        (_, Some(_)) => {
            return Err(Refused(
                StatusCode::BAD_REQUEST,
                tr!(lang, "web-answer-move-or-choice"),
            ));
        }
        (Given::Move(mv), None) => Choice::Move(mv),
        (Given::Choice(index), None) => Choice::Nth(index),
    };
    let asker = machine_actor(web.machine(lang)?);
    let answer = web
        .service
        .answer_puzzle(id, &asker, choice)
        .await
        .map_err(|error| Refused::service(&error, lang))?;
    Ok(Json(PuzzleJudged::of(&answer, lang)))
}
