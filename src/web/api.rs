//! What every route of the API shares: a refusal as a status and the service's words for it,
//! the game a path names, this machine's player. Reading games is in `games.rs`, starting
//! them in `start.rs`, moves and what they may be in `moves.rs`.

use axum::Json;
use axum::extract::rejection::JsonRejection;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use super::{Doors, Web};
use crate::i18n::Lang;
use crate::service::{GameId, Player, ServiceError};

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
            ServiceError::UnknownGame(_)
            | ServiceError::UnknownLesson(_)
            | ServiceError::UnknownPuzzle(_)
            | ServiceError::UnknownPage
            | ServiceError::LinkUnknown => StatusCode::NOT_FOUND,
            ServiceError::LinkUsed | ServiceError::LinkExpired => StatusCode::GONE,
            ServiceError::PagePrivate | ServiceError::WatchersCannotMove => StatusCode::FORBIDDEN,
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

    /// A body that is no request of its route: too large (413), else a bad request, whether
    /// its JSON is broken, of another shape or not declared JSON (422 is kept for what the
    /// game or the service refuses).
    pub(super) fn body(rejection: &JsonRejection) -> Refused {
        let status = if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
            StatusCode::PAYLOAD_TOO_LARGE
        } else {
            StatusCode::BAD_REQUEST
        };
        Refused(status, rejection.body_text())
    }
}

impl Web {
    /// This machine's player, for what only this machine's board offers (starting games,
    /// lessons, puzzles, hints); those routes are not on the public board, and this refuses
    /// as an address no route serves if one ever were.
    pub(super) fn machine(&self, lang: Lang) -> Result<Player, Refused> {
        match &self.doors {
            Doors::ThisMachine(player) => Ok(player.clone()),
            Doors::Logins(_) => Err(Refused(
                StatusCode::NOT_FOUND,
                crate::tr!(lang, "web-no-such-address"),
            )),
        }
    }
}

/// The game a path names: a game's number, else a bad request.
pub(super) fn game_id(text: &str) -> Result<GameId, Refused> {
    text.parse()
        .map_err(|error: crate::ids::BadId| Refused(StatusCode::BAD_REQUEST, error.to_string()))
}
