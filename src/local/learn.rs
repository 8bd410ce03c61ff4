//! `learn`: the lessons for the player who acts, on the text board with their words (and as
//! pictures when pictures are wanted), answered by a typed move or a choice's number. A game
//! always wins over a lesson: a move typed alone goes to the current game when there is one,
//! and answers the lesson only when no game is current; `learn` and the move answers the
//! lesson whatever is current.

use super::Session;
use super::command::Learn;
use super::words::{LocalError, show_answered, show_learning};
use crate::game::{BadMove, IllegalMove, Move};
use crate::service::machine_actor;
use crate::service::{Actor, Answered, Learning, LessonAnswer, ServiceError};
use crate::tr;

impl Session<'_> {
    /// `learn`, `learn 3`, `learn again` or `learn` and a move, for the player who acts.
    pub(super) async fn learn(&self, ask: Learn) -> Result<String, LocalError> {
        let learner = machine_actor(self.acting());
        let learning = match ask {
            Learn::Resume => self.service.learning(&learner).await?,
            Learn::Lesson(number) => {
                let view = self.service.start_lesson(&learner, number).await?;
                Learning::At(Box::new(view))
            }
            Learn::Again => Learning::At(Box::new(self.service.start_lesson(&learner, 1).await?)),
            Learn::Move(mv) => return self.lesson_move(&learner, mv).await,
        };
        let mut out = self.learning_shown(&learning, &learner).await;
        // A move typed alone goes to the current game: said where it would be misread.
        if let (Learning::At(view), Some(id)) = (&learning, self.current_game)
            && view.lesson.wants_move()
        {
            let game_first = tr!(self.lang, "local-lesson-game-current", id = id);
            out = format!("{out}\n{game_first}");
        }
        Ok(out)
    }

    /// Whether a move typed alone answers the lesson of the player who acts: when no game is
    /// current and their lesson waits for a move.
    pub(super) async fn answers_lesson(&self) -> Result<bool, LocalError> {
        match self.current_game {
            None => Ok(self.service.lesson_wants_move(self.actor.id).await?),
            Some(_) => Ok(false),
        }
    }

    /// A move answering the lesson of `learner`.
    pub(super) async fn lesson_move(
        &self,
        learner: &Actor,
        mv: Result<Move, BadMove>,
    ) -> Result<String, LocalError> {
        let mv = match mv {
            Ok(mv) => mv,
            Err(BadMove::NotAMove(text)) => return Err(ServiceError::NotAMove(text).into()),
            Err(BadMove::OffEveryBoard(cell)) => {
                let Learning::At(view) = self.service.learning(learner).await? else {
                    return Err(ServiceError::NoLesson.into());
                };
                let size = view.position.variant().size();
                return Err(ServiceError::from(IllegalMove::OffBoard { cell, size }).into());
            }
        };
        let answered = self
            .service
            .answer_lesson(learner, None, LessonAnswer::Move(mv))
            .await?;
        Ok(self.answered_shown(answered, learner).await)
    }

    /// Choice `number` (from 1) of the lesson of the player who acts.
    pub(super) async fn choose(&self, number: usize) -> Result<String, LocalError> {
        let learner = machine_actor(self.acting());
        let answer = LessonAnswer::Choice(number.saturating_sub(1));
        let answered = self.service.answer_lesson(&learner, None, answer).await?;
        Ok(self.answered_shown(answered, &learner).await)
    }

    /// An answer on the text board, then the next lesson (or the end); the board after a right
    /// move written as `lesson-<n>-answer.png` and the next lesson's as `lesson-<n>.png`, when
    /// pictures are wanted.
    async fn answered_shown(&self, answered: Answered, learner: &Actor) -> String {
        let out = show_answered(self.lang, &answered);
        let Answered::Right {
            number,
            right,
            next,
        } = &answered
        else {
            return out;
        };
        let next = self.learning_shown(next, learner).await;
        // A choice has no board after it: no picture of it.
        let after = match right.after {
            Some(_) => {
                let (lang, drawn) = (self.lang, answered.clone());
                let name = format!("lesson-{number}-answer.png");
                self.drawn(name, move || drawn.png(lang).unwrap_or_default())
                    .await
            }
            None => String::new(),
        };
        format!("{out}{after}\n\n{next}")
    }

    /// Where the learner is on the text board, with its picture.
    async fn learning_shown(&self, learning: &Learning, learner: &Actor) -> String {
        show_learning(self.lang, learning, &learner.player.name) + &self.picture_of(learning).await
    }

    /// The lesson's picture, written as `lesson-<n>.png` when pictures are wanted.
    async fn picture_of(&self, learning: &Learning) -> String {
        let Learning::At(view) = learning else {
            return String::new();
        };
        let (lang, view) = (self.lang, view.clone());
        let name = format!("lesson-{}.png", view.number);
        self.drawn(name, move || view.png(lang)).await
    }
}
