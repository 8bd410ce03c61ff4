//! The lessons in the page: where this machine's player is, a lesson started (or started
//! again), and an answer (cells clicked as a move, or a choice) judged by the service, in the
//! page's language. The same use cases as `/learn` and the terminal's `learn`.

use axum::extract::rejection::JsonRejection;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};

use super::Web;
use super::api::Refused;
use super::lang::PageLang;
use super::position::PositionView;
use crate::game::{Color, Move};
use crate::i18n::Lang;
use crate::service::machine_actor;
use crate::service::{Answered, LESSONS, Learning, LessonAnswer, LessonView, ServiceError};
use crate::tr;

pub(super) fn routes() -> Router<Web> {
    Router::new()
        .route("/api/lessons", get(place))
        .route("/api/lessons/answer", post(answer))
        .route("/api/lessons/{number}", post(start))
}

/// An answer as the page sends it: a move's notation or a choice's index (from 0), exactly
/// one of them. A lesson's answer may name the lesson it answers (`lesson`), so that a
/// second click on a lesson already passed counts for nothing.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnswerRequest {
    #[serde(rename = "move")]
    pub mv: Option<String>,
    pub choice: Option<usize>,
    pub lesson: Option<usize>,
}

/// What an answer request asks, parsed once.
pub(super) enum Given {
    Move(Move),
    Choice(usize),
}

/// The body of an answer: its JSON, then exactly one of a move (parsed here) or a choice.
pub(super) fn given(
    body: Result<Json<AnswerRequest>, JsonRejection>,
    lang: Lang,
) -> Result<(Given, Option<usize>), Refused> {
    let Json(request) = body.map_err(|rejection| Refused::body(&rejection))?;
    let given = match (request.mv, request.choice) {
        (Some(text), None) => {
            Given::Move(text.parse().map_err(|error: crate::game::BadMove| {
                // The page sends clicked cells: only a request made by hand gets here.
                let words = match error {
                    crate::game::BadMove::NotAMove(text) => {
                        ServiceError::NotAMove(text).words(lang)
                    }
                    off_every_board => off_every_board.to_string(),
                };
                Refused(StatusCode::BAD_REQUEST, words)
            })?)
        }
        (None, Some(choice)) => Given::Choice(choice),
        _ => {
            return Err(Refused(
                StatusCode::BAD_REQUEST,
                tr!(lang, "web-answer-move-or-choice"),
            ));
        }
    };
    Ok((given, request.lesson))
}

/// A lesson as the page shows it.
#[derive(Debug, Serialize)]
pub struct LessonJson {
    pub number: usize,
    pub total: usize,
    /// "Lesson 3 of 8 — Islands".
    pub title: String,
    /// The idea of the rules it teaches; `**` marks the words to stress.
    pub text: String,
    pub task: String,
    pub position: PositionView,
    /// The side whose move the lesson asks for; none once its game is over.
    pub to_move: Option<&'static str>,
    /// `move` (cells clicked, or a pass) or `choice` (one of `choices`).
    pub answer: &'static str,
    pub choices: Vec<String>,
}

/// Where the player is: at a lesson, or through all of them (then what to do next).
#[derive(Debug, Serialize)]
pub struct Place {
    pub lesson: Option<LessonJson>,
    pub finished: Option<String>,
}

/// An answer judged: right or not, the service's words, the board after a right move, and
/// (when right) where the player is now.
#[derive(Debug, Serialize)]
pub struct Judged {
    pub right: bool,
    pub said: String,
    pub after: Option<PositionView>,
    pub next: Option<Place>,
}

impl LessonJson {
    fn of(view: &LessonView, lang: Lang) -> LessonJson {
        let wants_move = view.lesson.wants_move();
        LessonJson {
            number: view.number,
            total: LESSONS,
            title: view.title(lang),
            text: view.explanation(lang),
            task: view.task(lang),
            position: PositionView::of(&view.position),
            to_move: view.position.to_move().map(Color::name),
            answer: if wants_move { "move" } else { "choice" },
            choices: view.choices(lang),
        }
    }
}

impl Place {
    fn of(learning: &Learning, lang: Lang) -> Place {
        match learning {
            Learning::At(view) => Place {
                lesson: Some(LessonJson::of(view, lang)),
                finished: None,
            },
            Learning::Finished => Place {
                lesson: None,
                finished: Some(tr!(lang, "lesson-finished", total = LESSONS)),
            },
        }
    }
}

/// `GET /api/lessons`: the lesson the player is at (the first, saved, the first time).
async fn place(State(web): State<Web>, PageLang(lang): PageLang) -> Result<Json<Place>, Refused> {
    let learner = machine_actor(web.machine(lang)?);
    let learning = web
        .service
        .learning(&learner)
        .await
        .map_err(|error| Refused::service(&error, lang))?;
    Ok(Json(Place::of(&learning, lang)))
}

/// `POST /api/lessons/{number}`: the player put at lesson `number`, to pick it or start again.
async fn start(
    State(web): State<Web>,
    PageLang(lang): PageLang,
    Path(number): Path<String>,
) -> Result<Json<Place>, Refused> {
    let number: i64 = number.parse().map_err(|_| {
        Refused(
            StatusCode::BAD_REQUEST,
            tr!(lang, "web-not-a-lesson-number"),
        )
    })?;
    let learner = machine_actor(web.machine(lang)?);
    let view = web
        .service
        .start_lesson(&learner, number)
        .await
        .map_err(|error| Refused::service(&error, lang))?;
    Ok(Json(Place::of(&Learning::At(Box::new(view)), lang)))
}

/// `POST /api/lessons/answer`: the player's answer to their lesson, judged by the service.
async fn answer(
    State(web): State<Web>,
    PageLang(lang): PageLang,
    body: Result<Json<AnswerRequest>, JsonRejection>,
) -> Result<Json<Judged>, Refused> {
    let (given, lesson) = given(body, lang)?;
    let answer = match given {
        Given::Move(mv) => LessonAnswer::Move(mv),
        Given::Choice(index) => LessonAnswer::Choice(index),
    };
    let learner = machine_actor(web.machine(lang)?);
    let answered = web
        .service
        .answer_lesson(&learner, lesson, answer)
        .await
        .map_err(|error| Refused::service(&error, lang))?;
    let said = answered.text(lang);
    Ok(Json(match answered {
        Answered::Right { right, next, .. } => Judged {
            right: true,
            said,
            after: right.after.as_ref().map(PositionView::of),
            next: Some(Place::of(&next, lang)),
        },
        Answered::Wrong { .. } => Judged {
            right: false,
            said,
            after: None,
            next: None,
        },
    }))
}
