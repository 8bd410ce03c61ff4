//! Who the page moves for: this machine has no login, so the page acts for the player to move
//! when that is one of this machine's players other than the AI (a game between two names is
//! played from one page, as in the terminal), else for this machine's player.

use super::Web;
use super::view::BoardView;
use crate::i18n::Lang;
use crate::service::{GameView, Player};

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

/// The board of `game` as the page sees it: the colour it moves for is its seat's.
pub(super) fn board_view(game: &GameView, web: &Web, lang: Lang) -> BoardView {
    BoardView::said(game, seat(game, &web.player).id, lang, web.service.now())
}
