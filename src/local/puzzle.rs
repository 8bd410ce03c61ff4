//! `puzzle` and `solve`: a puzzle for the player who acts (the built-in set and the terminal's
//! own games, the terminal being no server), on the text board with its choices by letter, and
//! the answer to it by letter, number or move; their pictures when pictures are wanted.

use super::Session;
use super::words::{LocalError, show_puzzle, show_puzzle_answer};
use crate::service::Choice;
use crate::service::machine_actor;
use crate::tr;

impl Session<'_> {
    /// A puzzle for the player who acts, which `solve` then answers; the picture, when
    /// pictures are wanted, written as `puzzle-<id>.png`.
    pub(super) async fn puzzle(&mut self) -> Result<String, LocalError> {
        let asker = machine_actor(self.acting());
        let Some(view) = self.service.next_puzzle(&asker).await? else {
            return Ok(tr!(self.lang, "puzzle-none"));
        };
        self.puzzle = Some(view.id);
        let out = show_puzzle(self.lang, &view);
        let (lang, name) = (self.lang, format!("puzzle-{}.png", view.id));
        Ok(out + &self.drawn(name, move || view.png(lang)).await)
    }

    /// The answer of the player who acts to the puzzle shown last; the picture of its best
    /// move, when pictures are wanted, written as `puzzle-<id>-answer.png`.
    pub(super) async fn solve(&self, choice: Choice) -> Result<String, LocalError> {
        let asker = machine_actor(self.acting());
        let id = self.puzzle.ok_or(LocalError::NoPuzzle)?;
        let answer = self.service.answer_puzzle(id, &asker, choice).await?;
        let out = show_puzzle_answer(self.lang, &answer);
        let (lang, name) = (self.lang, format!("puzzle-{id}-answer.png"));
        Ok(out + &self.drawn(name, move || answer.png(lang)).await)
    }

    /// The picture `draw` makes, written as `name` when pictures are wanted: the line saying
    /// so (or why not), else nothing.
    pub(super) async fn drawn(
        &self,
        name: String,
        draw: impl FnOnce() -> Vec<u8> + Send + 'static,
    ) -> String {
        if self.pictures.is_none() {
            return String::new();
        }
        match tokio::task::spawn_blocking(draw).await {
            Ok(png) => format!("\n{}", self.save(name, png).await),
            Err(e) => {
                let error = tr!(self.lang, "local-no-picture", error = e.to_string());
                format!("\n{error}")
            }
        }
    }
}
