//! `hint`: in the current game against the bot, the move it would play for the player, on the
//! text board (and as a picture when pictures are wanted), with why.

use super::Session;
use super::words::{LocalError, show_hint};
use crate::service::Player;
use crate::service::machine_actor;
use crate::tr;

impl Session<'_> {
    /// A hint in the current game for `asker` (`as NAME`), else for its player who is not the
    /// bot (between people, whoever is to move: the service refuses it with the reason); the
    /// picture, when pictures are wanted, written as `game-<id>-hint.png`.
    pub(super) async fn hint(&self, asker: Option<Player>) -> Result<String, LocalError> {
        let game = self.current().await?;
        let player = match (asker, game.ai) {
            (Some(player), _) => player,
            (None, Some((ai, _))) if game.white.id == ai => game.red.clone(),
            (None, Some(_)) => game.white.clone(),
            (None, None) => game
                .to_move()
                .map_or(game.white.clone(), |(_, p)| p.clone()),
        };
        let hint = self.service.hint(game.id, &machine_actor(player)).await?;
        let mut out = show_hint(self.lang, &hint);
        if self.pictures.is_some() {
            let lang = self.lang;
            let drawn = hint.clone();
            match tokio::task::spawn_blocking(move || drawn.png(lang)).await {
                Ok(png) => {
                    let saved = self.save(format!("game-{}-hint.png", game.id), png).await;
                    out = format!("{out}\n{saved}");
                }
                Err(e) => {
                    let error = tr!(lang, "local-no-picture", error = e.to_string());
                    out = format!("{out}\n{error}");
                }
            }
        }
        Ok(out)
    }
}
