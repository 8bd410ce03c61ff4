//! `resign` in the terminal: asked, then confirmed by `yes` on the next line (anything else
//! keeps the game going), as the web page and Discord's button ask; `resign white` or
//! `resign red` must name the resigning player's own colour.

use super::Line;
use super::Session;
use super::words::LocalError;
use crate::game::{Color, Move};
use crate::i18n::{color_name, with_color};
use crate::service::{GameId, Player, ServiceError};
use crate::tr;

/// A resignation asked for and waiting for its `yes`.
pub(super) struct Resigning {
    game: GameId,
    player: Player,
}

impl Session<'_> {
    /// `resign` (or `resign white|red`) by `mover` (`as NAME`), else by the player to move:
    /// the question to confirm it, which the next line answers.
    pub(super) async fn ask_resign(
        &mut self,
        named: Option<Color>,
        mover: Option<Player>,
    ) -> Result<String, LocalError> {
        let game = self.current().await?;
        let player = match (mover, game.to_move()) {
            (_, None) => return Err(ServiceError::GameOver(game.id).into()),
            (Some(player), _) => player,
            (None, Some((_, player))) => player.clone(),
        };
        if game.ai.is_some_and(|(ai, _)| ai == player.id) {
            return Err(LocalError::BotToMove { name: player.name });
        }
        let Some(color) = game.color_of(player.id) else {
            return Err(ServiceError::NotYourGame(game.id).into());
        };
        let who = with_color(self.lang, &player.name, color);
        if let Some(named) = named.filter(|&named| named != color) {
            let named = color_name(self.lang, named);
            return Err(LocalError::NotYourColour { who, named });
        }
        self.resigning = Some(Resigning {
            game: game.id,
            player,
        });
        Ok(tr!(self.lang, "local-resign-ask", id = game.id, who = who))
    }

    /// The line after `resign`: `yes` resigns, `quit` quits (`None`), anything else keeps the
    /// game going.
    pub(super) async fn confirm_resign(
        &mut self,
        resigning: Resigning,
        line: &str,
    ) -> Option<String> {
        if !line.trim().eq_ignore_ascii_case("yes") {
            if Line::parse(line) == Line::Quit {
                self.clock_news().await;
                return None;
            }
            let kept = tr!(self.lang, "local-resign-kept", id = resigning.game);
            return Some(kept);
        }
        // As before every command: the clock first (the game may be lost on time already).
        let clock = self.clock_news().await;
        // The game asked about is still the current one: nothing ran in between.
        let resign = Ok(Move::Resign(None));
        let resigned = self.play_move(resign, Some(resigning.player)).await;
        Some(self.reply(&clock, resigned))
    }
}
