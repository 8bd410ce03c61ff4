//! The files a terminal session writes when asked for pictures: the board after every game
//! shown, a game's replay and its analysis chart.

use super::Session;
use super::words::LocalError;
use crate::progress::Bar;
use crate::service::{Actor, AnalysisView, GameId, GameView};
use crate::tr;

impl Session<'_> {
    /// The current game's replay, written as `game-<id>.gif`.
    pub(super) async fn replay(&self, game: Option<GameId>) -> Result<String, LocalError> {
        if self.pictures.is_none() {
            return Err(LocalError::NoPictures);
        }
        let game = self.named_or_current(game).await?;
        let gif = self.service.replay_gif(&game, self.lang).await?;
        Ok(self.save(format!("game-{}.gif", game.id), gif).await)
    }

    /// The current game's analysis (computed here if it was not before, with a progress bar
    /// on a terminal): the moves that changed it most, and its chart written as
    /// `game-<id>-analysis.png`.
    pub(super) async fn analyse(&self, game: Option<GameId>) -> Result<String, LocalError> {
        let lang = self.lang;
        let game = self.named_or_current(game).await?;
        let asker = Actor::member(game.white.clone(), game.venue.guild_id);
        let bar = Bar::positions(lang);
        let analysis = self
            .service
            .analysis_now(game.id, &asker, |done, total| bar.show(done, total))
            .await;
        drop(bar);
        let analysis = analysis?;
        let mut out = analysis.summary(lang);
        if self.pictures.is_some() {
            let title = AnalysisView::title(lang, &game);
            let chart = tokio::task::spawn_blocking(move || analysis.chart(lang, &title))
                .await
                .map_err(LocalError::Chart)?;
            let saved = self.save(format!("game-{}-analysis.png", game.id), chart);
            out = format!("{out}\n{}", saved.await);
        }
        Ok(out)
    }

    /// Writes the game's picture and says where, when pictures are wanted.
    pub(super) async fn picture(&self, game: &GameView) -> String {
        if self.pictures.is_none() {
            return String::new();
        }
        let lang = self.lang;
        match game.png(lang).await {
            Ok(png) => format!(
                "\n{}",
                self.save(format!("game-{}.png", game.id), png).await
            ),
            Err(e) => format!("\n{}", tr!(lang, "local-no-picture", error = e.to_string())),
        }
    }

    /// Writes `bytes` as the file `name` in the pictures directory and says where (or why
    /// not). Only called when there is a directory.
    pub(super) async fn save(&self, name: String, bytes: Vec<u8>) -> String {
        let lang = self.lang;
        let Some(dir) = &self.pictures else {
            return String::new();
        };
        let path = dir.join(name);
        let written = match tokio::fs::create_dir_all(dir).await {
            Ok(()) => {
                let path = path.clone();
                tokio::task::spawn_blocking(move || crate::files::write_whole(&path, &bytes))
                    .await
                    .unwrap_or_else(|e| Err(std::io::Error::other(e)))
            }
            Err(e) => Err(e),
        };
        match written {
            Ok(()) => tr!(lang, "local-picture", path = path.display().to_string()),
            Err(e) => tr!(
                lang,
                "local-picture-failed",
                path = path.display().to_string(),
                error = e.to_string()
            ),
        }
    }
}
