//! `POST /api/games`: a new game from the page's form, against the AI or between two names
//! of this machine (played from one page), started with the same service calls as the
//! terminal's `play NAME ai:LEVEL` and `play NAME NAME`. Options are read whole before
//! anything is written: a bad one is refused with its words, and no game starts.

use axum::body::Bytes;
use axum::extract::State;
use axum::extract::rejection::BytesRejection;
use axum::http::StatusCode;
use axum::routing::post;
use axum::{Json, Router};
use serde::Deserialize;

use super::Web;
use super::api::Refused;
use super::lang::PageLang;
use super::view::BoardView;
use super::viewer::Viewer;
use crate::game::Variant;
use crate::i18n::Lang;
use crate::service::{AiTerms, ChallengeOptions, GameView, Level, Opener, Player};
use crate::service::{ServiceError, Venue};
use crate::service::{machine_actor, machine_bot, machine_player};
use crate::tr;

pub(super) fn routes() -> Router<Web> {
    Router::new().route("/api/games", post(start))
}

/// The smallest and largest boards the page offers.
const SIZES: std::ops::RangeInclusive<i64> = 8..=12;

/// The longest name of a player the page starts a game for (a display name's length).
const LONGEST_NAME: usize = 32;

/// The form's options as sent; every one may be left out (see [`Start::of`]).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartRequest {
    pub opponent: Option<String>,
    pub level: Option<String>,
    pub size: Option<i64>,
    pub supply: Option<String>,
    pub opener: Option<String>,
    pub white: Option<String>,
    pub red: Option<String>,
}

/// A game to start, its options checked.
#[derive(Debug, PartialEq)]
enum Start {
    Ai {
        level: Level,
        variant: Variant,
        opener: Opener,
    },
    /// Two names of this machine, White first (White opens).
    People {
        white: String,
        red: String,
        variant: Variant,
    },
}

/// Why the form's options start no game.
#[derive(Debug, PartialEq)]
enum BadStart {
    Opponent(String),
    Level(String),
    Size(i64),
    Supply(String),
    Opener(String),
    /// An option of the other kind of game (`level` between people, `white` against the AI).
    NotHere {
        option: &'static str,
        ai: bool,
    },
    /// A game between people without both names.
    Names,
    /// A name empty or too long.
    Name,
    /// The AI's own name given to a person.
    BotName(String),
}

impl BadStart {
    fn words(&self, lang: Lang) -> String {
        match self {
            BadStart::Opponent(value) => tr!(lang, "page-start-opponent", value = value),
            BadStart::Level(value) => tr!(lang, "page-start-level", value = value),
            BadStart::Size(size) => tr!(lang, "page-start-size", size = size.to_string()),
            BadStart::Supply(value) => tr!(lang, "page-start-supply", value = value),
            BadStart::Opener(value) => tr!(lang, "page-start-opener", value = value),
            BadStart::NotHere { option, ai: true } => {
                tr!(lang, "page-start-people-only", option = *option)
            }
            BadStart::NotHere { option, ai: false } => {
                tr!(lang, "page-start-ai-only", option = *option)
            }
            BadStart::Names => tr!(lang, "page-start-names"),
            BadStart::Name => tr!(lang, "page-start-name", most = LONGEST_NAME),
            BadStart::BotName(name) => tr!(lang, "page-start-bot-name", name = name.as_str()),
        }
    }
}

impl Start {
    /// The game `request` asks for: against `easy` on 8×8 with the box's supply, this
    /// machine's player opening, for every option left out.
    fn of(request: StartRequest) -> Result<Start, BadStart> {
        let size = request.size.unwrap_or(8);
        let size = u8::try_from(size)
            .ok()
            .filter(|_| SIZES.contains(&size))
            .ok_or(BadStart::Size(size))?;
        let variant = match request.supply.as_deref().unwrap_or("finite") {
            "finite" => Variant::boxed(size),
            "unlimited" => Variant::unlimited(size),
            other => return Err(BadStart::Supply(other.to_string())),
        }
        .map_err(|_| BadStart::Size(i64::from(size)))?;
        match request.opponent.as_deref().unwrap_or("ai") {
            "ai" => {
                for (option, given) in [("white", &request.white), ("red", &request.red)] {
                    if given.is_some() {
                        return Err(BadStart::NotHere { option, ai: true });
                    }
                }
                let level = match request.level.as_deref().unwrap_or("easy") {
                    "easy" => Level::Easy,
                    "medium" => Level::Medium,
                    "hard" => Level::Hard,
                    other => return Err(BadStart::Level(other.to_string())),
                };
                let opener = match request.opener.as_deref().unwrap_or("you") {
                    "you" => Opener::Human,
                    "ai" => Opener::Ai,
                    other => return Err(BadStart::Opener(other.to_string())),
                };
                Ok(Start::Ai {
                    level,
                    variant,
                    opener,
                })
            }
            "people" => {
                for (option, given) in [("level", &request.level), ("opener", &request.opener)] {
                    if given.is_some() {
                        return Err(BadStart::NotHere { option, ai: false });
                    }
                }
                let (Some(white), Some(red)) = (request.white, request.red) else {
                    return Err(BadStart::Names);
                };
                Ok(Start::People {
                    white: name(&white)?,
                    red: name(&red)?,
                    variant,
                })
            }
            other => Err(BadStart::Opponent(other.to_string())),
        }
    }
}

/// A person's name as given, trimmed: 1 to [`LONGEST_NAME`] characters, not the AI's.
fn name(given: &str) -> Result<String, BadStart> {
    let name = given.trim();
    if name.is_empty() || name.chars().count() > LONGEST_NAME {
        return Err(BadStart::Name);
    }
    if name.eq_ignore_ascii_case(&machine_bot().name) {
        return Err(BadStart::BotName(name.to_string()));
    }
    Ok(name.to_string())
}

/// `POST /api/games`: the game the options ask for, started; no body is the default game.
async fn start(
    State(web): State<Web>,
    PageLang(lang): PageLang,
    body: Result<Bytes, BytesRejection>,
) -> Result<(StatusCode, Json<BoardView>), Refused> {
    let body = body.map_err(|rejection| Refused(rejection.status(), rejection.body_text()))?;
    // No body (or an empty one) is the default game; a body that is no options is refused.
    let request = if body.iter().all(u8::is_ascii_whitespace) {
        StartRequest::default()
    } else {
        serde_json::from_slice(&body)
            .map_err(|error| Refused(StatusCode::BAD_REQUEST, error.to_string()))?
    };
    let start = Start::of(request)
        .map_err(|bad| Refused(StatusCode::UNPROCESSABLE_ENTITY, bad.words(lang)))?;
    let machine = web.machine(lang)?;
    let game = started(&web, &machine, start)
        .await
        .map_err(|error| Refused::service(&error, lang))?;
    tracing::info!(game = %game.id, white = %game.white.name, red = %game.red.name, "a game started");
    let view = web
        .board_view(&game, &Viewer::Machine(machine), lang)
        .await?;
    Ok((StatusCode::CREATED, Json(view)))
}

/// Starts `start` as the terminal's `play` does: against the AI at once, unrated and without
/// a time limit; between two people as a challenge from White that Red accepts.
async fn started(web: &Web, machine: &Player, start: Start) -> Result<GameView, ServiceError> {
    match start {
        Start::Ai {
            level,
            variant,
            opener,
        } => {
            let terms = AiTerms {
                level,
                options: ChallengeOptions {
                    variant,
                    move_time: None,
                    rated: false,
                },
                venue: Venue::default(),
                opener,
            };
            let human = machine_actor(machine.clone());
            web.service
                .start_ai_game(&human, &machine_bot(), terms, None)
                .await
        }
        Start::People {
            white,
            red,
            variant,
        } => {
            let options = ChallengeOptions {
                variant,
                ..ChallengeOptions::default()
            };
            let (white, red) = (machine_player(&white), machine_player(&red));
            let challenge = web
                .service
                .challenge(&machine_actor(white), Some(&red), options, Venue::default())
                .await?;
            web.service.accept(challenge.id, &machine_actor(red)).await
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn start(json: &str) -> Result<Start, BadStart> {
        Start::of(serde_json::from_str(json).unwrap())
    }

    #[test]
    fn left_out_options_are_the_first_game() {
        assert_eq!(
            start("{}"),
            Ok(Start::Ai {
                level: Level::Easy,
                variant: Variant::boxed(8).unwrap(),
                opener: Opener::Human,
            })
        );
    }

    #[test]
    fn each_bad_option_is_named() {
        assert_eq!(start(r#"{"size": 13}"#), Err(BadStart::Size(13)));
        assert_eq!(start(r#"{"size": -1}"#), Err(BadStart::Size(-1)));
        assert_eq!(
            start(r#"{"level": "best"}"#),
            Err(BadStart::Level("best".into()))
        );
        assert_eq!(
            start(r#"{"opponent": "people", "white": "bob"}"#),
            Err(BadStart::Names)
        );
        assert_eq!(
            start(r#"{"opponent": "people", "white": "bob", "red": "Ponte"}"#),
            Err(BadStart::BotName("Ponte".into()))
        );
        assert_eq!(
            start(r#"{"white": "bob"}"#),
            Err(BadStart::NotHere {
                option: "white",
                ai: true
            })
        );
    }
}
