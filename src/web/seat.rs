//! Who the page moves for: this machine has no login, so the page acts for the player to move
//! when that is one of this machine's players other than the AI (a game between two names is
//! played from one page, as in the terminal), else for this machine's player.

use axum::http::StatusCode;

use super::api::Refused;
use crate::game::Color;
use crate::i18n::Lang;
use crate::service::{GameView, Player};
use crate::tr;

/// Who the page acts for in `game` now: the player to move when one of this machine's players
/// other than the AI; else `machine` when it plays in the game (against the AI while the AI
/// thinks); else the game's player of this machine who is not the AI; else `machine`, whom the
/// service refuses as not playing.
pub(super) fn seat(game: &GameView, machine: &Player) -> Player {
    let ai = game.ai.map(|(id, _)| id);
    let ours = |player: &Player| player.id.snowflake().is_none() && Some(player.id) != ai;
    if let Some((_, to_move)) = game.to_move().filter(|(_, p)| ours(p)) {
        return to_move.clone();
    }
    if game.color_of(machine.id).is_some() {
        return machine.clone();
    }
    [&game.white, &game.red]
        .into_iter()
        .find(|p| ours(p))
        .unwrap_or(machine)
        .clone()
}

/// The colour the page moves for: in a game against the AI the machine player's own; in a
/// game between two names of this machine (hot seat) the colour to move.
pub(super) fn local_colour(game: &GameView, machine: &Player) -> Option<Color> {
    let player = seat(game, machine).id;
    if game.ai.is_some() {
        return game.color_of(player);
    }
    game.to_move()
        .map(|(color, _)| color)
        .or_else(|| game.color_of(player))
}

/// The player who makes a move now: the page's seat, unless the AI is to move (it plays its
/// own moves, as in the terminal).
pub(super) fn mover_here(game: &GameView, machine: &Player, lang: Lang) -> Result<Player, Refused> {
    match (game.to_move(), game.ai) {
        (Some((_, to_move)), Some((ai, _))) if to_move.id == ai => Err(Refused(
            StatusCode::UNPROCESSABLE_ENTITY,
            tr!(lang, "page-ai-to-move", name = to_move.name.as_str()),
        )),
        _ => Ok(seat(game, machine)),
    }
}
