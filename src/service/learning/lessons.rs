//! The lessons as each player goes through them: where they are (saved per player, so `/learn`
//! again continues there), the lesson shown as words and a board, and their answers judged by
//! the lesson ([`lesson_book`]); a right answer moves them on in one statement that succeeds once,
//! so an answer given twice moves nobody on twice.

use super::lesson_book::{self, Answer, Fact, Goal, LESSONS, Lesson, Miss, Right};
use super::{Sides, titled_board, titled_caption};
use crate::game::{Color, Game};
use crate::i18n::{Hidden, Lang, illegal_move, painted_diagram_hiding};
use crate::service::{Actor, PlayerId, Result, Service, ServiceError};
use crate::tr;

/// A lesson as shown: its number (from 1) and its position.
#[derive(Clone, Debug)]
pub struct LessonView {
    pub number: usize,
    pub lesson: &'static Lesson,
    pub position: Game,
}

/// Where a player is in the lessons.
#[derive(Clone, Debug)]
pub enum Learning {
    At(Box<LessonView>),
    /// Through all of them.
    Finished,
}

/// What an answer earned.
#[derive(Clone, Debug)]
pub enum Answered {
    /// Right: what was right about it, the position after a move, and what comes next.
    Right {
        number: usize,
        right: Box<Right>,
        next: Learning,
    },
    /// Not right: why, and how many wrong answers the lesson has had (from the second, the
    /// answer is told).
    Wrong {
        number: usize,
        miss: Miss,
        tries: i64,
    },
}

/// A part of lesson `key`'s words: `lesson-<key>-<part>`.
fn part(lang: Lang, key: &str, part: &str) -> String {
    crate::i18n::text(
        lang,
        &format!("lesson-{key}-{part}"),
        &crate::i18n::Args::new(),
    )
}

impl LessonView {
    fn of(number: usize) -> Option<LessonView> {
        let lesson = lesson_book::lesson(number)?;
        Some(LessonView {
            number,
            lesson,
            position: lesson.position(),
        })
    }

    /// "Lesson 3 of 8 — Islands".
    pub fn title(&self, lang: Lang) -> String {
        let name = part(lang, self.lesson.key, "title");
        tr!(
            lang,
            "lesson-title",
            number = self.number,
            total = LESSONS,
            name = name
        )
    }

    /// The title, the explanation and the task (each front end says how to answer).
    pub fn text(&self, lang: Lang) -> String {
        format!(
            "**{}**\n{}\n\n**{}**",
            self.title(lang),
            self.explanation(lang),
            self.task(lang),
        )
    }

    /// The lesson's idea of the rules, in a few sentences.
    pub fn explanation(&self, lang: Lang) -> String {
        part(lang, self.lesson.key, "text")
    }

    /// What the learner is asked to do.
    pub fn task(&self, lang: Lang) -> String {
        part(lang, self.lesson.key, "task")
    }

    /// The choices' labels, when the task is a choice.
    pub fn choices(&self, lang: Lang) -> Vec<String> {
        self.lesson
            .choices()
            .iter()
            .map(|fact| label(lang, *fact))
            .collect()
    }

    /// What the lesson's board leaves out of its words because the question asks it: the
    /// points when a choice is a number of points, what the side to move may do when a
    /// choice is a move.
    pub fn hidden(&self) -> Hidden {
        let choices = self.lesson.choices();
        Hidden {
            points: choices
                .iter()
                .any(|fact| matches!(fact, Fact::WhitePoints(_))),
            options: choices
                .iter()
                .any(|fact| matches!(fact, Fact::Legal(_) | Fact::Illegal(_))),
        }
    }

    /// The lesson's board (PNG bytes), titled with the lesson. Takes a few milliseconds: call
    /// it off the async threads.
    pub fn png(&self, lang: Lang) -> Vec<u8> {
        let title = self.title(lang);
        titled_board(&self.position, Sides::Colours, &title, lang, self.hidden())
    }

    /// The words of the caption under [`LessonView::png`]'s board, a line each.
    pub fn caption(&self, lang: Lang) -> String {
        let title = self.title(lang);
        titled_caption(&self.position, Sides::Colours, &title, lang, self.hidden())
    }

    /// The lesson's board as text with its legend, each tile and bridge passed through
    /// `paint` (a terminal colours them).
    pub fn diagram(&self, lang: Lang, paint: &dyn Fn(Option<Color>, &str) -> String) -> String {
        painted_diagram_hiding(lang, &self.position, paint, self.hidden())
    }
}

/// A choice's label: the move it names, a number of points, or who won and why.
fn label(lang: Lang, fact: Fact) -> String {
    match fact {
        Fact::Illegal(mv) | Fact::Legal(mv) => mv.to_string(),
        Fact::WhitePoints(points) => tr!(lang, "lesson-choice-points", points = points),
        Fact::Won(winner, by) => tr!(
            lang,
            "lesson-choice-won",
            winner = winner.map_or("none", Color::name),
            by = by.name()
        ),
    }
}

impl Answered {
    /// What the learner is told.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            Answered::Right { number, right, .. } => {
                let lesson = lesson_book::lesson(*number).expect("an answered lesson");
                let refusal = right.refusal.as_ref().map(|refusal| {
                    tr!(lang, "lesson-refused", reason = illegal_move(lang, refusal)) + " "
                });
                let said = part(lang, lesson.key, "right");
                tr!(
                    lang,
                    "lesson-right",
                    said = format!("{}{said}", refusal.unwrap_or_default())
                )
            }
            Answered::Wrong {
                number,
                miss,
                tries,
            } => {
                let lesson = lesson_book::lesson(*number).expect("an answered lesson");
                let why = miss_words(lang, lesson, miss);
                if *tries < 2 {
                    return tr!(lang, "lesson-wrong", why = why);
                }
                let solution = match lesson.solution() {
                    Answer::Move(mv) => mv.to_string(),
                    Answer::Choice(index) => label(lang, lesson.choices()[index]),
                };
                tr!(lang, "lesson-wrong-told", why = why, solution = solution)
            }
        }
    }

    /// The board after a right move, titled with its lesson (PNG bytes), if the answer was one.
    pub fn png(&self, lang: Lang) -> Option<Vec<u8>> {
        let Answered::Right { number, right, .. } = self else {
            return None;
        };
        let after = right.after.as_ref()?;
        let view = LessonView::of(*number)?;
        let title = view.title(lang);
        Some(titled_board(
            after,
            Sides::Colours,
            &title,
            lang,
            Hidden::default(),
        ))
    }
}

/// Why an answer is not right, in the engine's words where it refused a move.
fn miss_words(lang: Lang, lesson: &Lesson, miss: &Miss) -> String {
    match miss {
        Miss::Illegal(illegal) => tr!(lang, "lesson-refused", reason = illegal_move(lang, illegal)),
        Miss::Goal(goal) => tr!(lang, goal_key(*goal)),
        Miss::Choice { fact, verdict } => match (fact, verdict) {
            (Fact::Illegal(mv), None) => tr!(lang, "lesson-choice-legal", move = *mv),
            (Fact::Legal(mv), Some(refusal)) => tr!(
                lang,
                "lesson-choice-illegal",
                move = *mv,
                reason = illegal_move(lang, refusal)
            ),
            _ => part(lang, lesson.key, "wrong"),
        },
        Miss::WrongKind | Miss::NoSuchChoice => tr!(lang, "error-lesson-wants-choice"),
    }
}

fn goal_key(goal: Goal) -> &'static str {
    match goal {
        Goal::Place => "lesson-missed-place",
        Goal::Island => "lesson-missed-island",
        Goal::JoinIslands => "lesson-missed-join",
        Goal::Pass => "lesson-missed-pass",
    }
}

/// The stored lesson number of lesson `number` (they are small).
fn stored(number: usize) -> i64 {
    i64::try_from(number).unwrap_or(i64::MAX)
}

impl Service {
    /// Where `who` is in the lessons; the first time, they start at lesson 1 (saved).
    ///
    /// # Errors
    /// Database failures.
    #[tracing::instrument(skip(self))]
    pub async fn learning(&self, who: &Actor) -> Result<Learning> {
        match self.store.lesson_progress(who.id()).await? {
            Some(progress) => Ok(at(progress.lesson)),
            None => Ok(Learning::At(Box::new(self.start_lesson(who, 1).await?))),
        }
    }

    /// Puts `who` at lesson `number` (from 1): to pick a lesson, or to start again.
    ///
    /// # Errors
    /// [`ServiceError::UnknownLesson`]; database failures.
    #[tracing::instrument(skip(self))]
    pub async fn start_lesson(&self, who: &Actor, number: i64) -> Result<LessonView> {
        let view = usize::try_from(number)
            .ok()
            .and_then(LessonView::of)
            .ok_or(ServiceError::UnknownLesson(number))?;
        let now = self.now();
        self.store
            .upsert_player(who.id(), &who.player.name, now)
            .await?;
        self.store.set_lesson(who.id(), number, now).await?;
        Ok(view)
    }

    /// Whether `player`'s lesson waits for a move (so that `/place`, `/bridge` and `/pass`
    /// outside any game answer it).
    ///
    /// # Errors
    /// Database failures.
    pub async fn lesson_wants_move(&self, player: PlayerId) -> Result<bool> {
        let progress = self.store.lesson_progress(player).await?;
        Ok(progress
            .is_some_and(|p| matches!(at(p.lesson), Learning::At(v) if v.lesson.wants_move())))
    }

    /// `who` answers their lesson: lesson `number` when the answer names it (a button does:
    /// it must still be the lesson they are at), else the one they are at. A right answer
    /// moves them on; a wrong one is counted.
    ///
    /// # Errors
    /// [`ServiceError::NoLesson`] when no lesson waits; [`ServiceError::LessonAnswered`] when
    /// they are at another lesson (the answer was given already); a move to a choice or a
    /// choice to a move ([`ServiceError::LessonWantsChoice`], [`ServiceError::LessonWantsMove`],
    /// nothing counted); database failures.
    #[tracing::instrument(skip(self))]
    pub async fn answer_lesson(
        &self,
        who: &Actor,
        number: Option<usize>,
        answer: Answer,
    ) -> Result<Answered> {
        let player = who.id();
        let Some(progress) = self.store.lesson_progress(player).await? else {
            return Err(ServiceError::NoLesson);
        };
        let Learning::At(view) = at(progress.lesson) else {
            return Err(ServiceError::NoLesson);
        };
        if number.is_some_and(|n| n != view.number) {
            return Err(self.moved_on(player).await?);
        }
        let now = self.now();
        match view.lesson.judge(answer) {
            Ok(right) => {
                let next = view.number + 1;
                let (from, to) = (stored(view.number), stored(next));
                let finished = next > LESSONS;
                if !self
                    .store
                    .pass_lesson(player, from, to, finished, now)
                    .await?
                {
                    return Err(self.moved_on(player).await?);
                }
                Ok(Answered::Right {
                    number: view.number,
                    right: Box::new(right),
                    next: at(to),
                })
            }
            Err(Miss::WrongKind | Miss::NoSuchChoice) if view.lesson.wants_move() => {
                Err(ServiceError::LessonWantsMove)
            }
            Err(Miss::WrongKind | Miss::NoSuchChoice) => Err(ServiceError::LessonWantsChoice),
            Err(miss) => {
                let counted = self
                    .store
                    .count_wrong_answer(player, stored(view.number), now)
                    .await?;
                let Some(tries) = counted else {
                    return Err(self.moved_on(player).await?);
                };
                Ok(Answered::Wrong {
                    number: view.number,
                    miss,
                    tries,
                })
            }
        }
    }
}

impl Service {
    /// Why an answer to a lesson `player` has left since it was read (another answer, as the
    /// other click of a double click, moved them on) counts for nothing: it names the lesson
    /// they are at now, not the one the answer was for.
    async fn moved_on(&self, player: PlayerId) -> Result<ServiceError> {
        let progress = self.store.lesson_progress(player).await?;
        Ok(match progress.map(|p| at(p.lesson)) {
            Some(Learning::At(view)) => ServiceError::LessonAnswered(view.number),
            _ => ServiceError::NoLesson,
        })
    }
}

/// The place of stored lesson number `lesson`.
fn at(lesson: i64) -> Learning {
    usize::try_from(lesson)
        .ok()
        .and_then(LessonView::of)
        .map_or(Learning::Finished, |view| Learning::At(Box::new(view)))
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::game::Move;
    use crate::service::{ManualClock, Player};

    fn alice() -> Actor {
        Actor::member(Player::new(PlayerId::new(1001), "alice"), None)
    }

    async fn open(dir: &tempfile::TempDir) -> Service {
        let url = format!("sqlite://{}", dir.path().join("ponte.db").display());
        Service::open_with_clock(&url, Arc::new(ManualClock::new(1_700_000_000_000)))
            .await
            .unwrap()
    }

    fn number(learning: &Learning) -> Option<usize> {
        match learning {
            Learning::At(view) => Some(view.number),
            Learning::Finished => None,
        }
    }

    #[test]
    fn every_lesson_has_its_words_in_every_language() {
        for lang in Lang::ALL {
            for number in 1..=LESSONS {
                let view = LessonView::of(number).unwrap();
                let key = view.lesson.key;
                for part in ["title", "text", "task", "right"] {
                    let id = format!("lesson-{key}-{part}");
                    assert!(crate::i18n::has(lang, &id), "{id} in {lang:?}");
                }
                let needs_wrong = view
                    .lesson
                    .choices()
                    .iter()
                    .any(|fact| matches!(fact, Fact::WhitePoints(_) | Fact::Won(..)));
                if needs_wrong {
                    let id = format!("lesson-{key}-wrong");
                    assert!(crate::i18n::has(lang, &id), "{id} in {lang:?}");
                }
                for label in view.choices(lang) {
                    assert!(!label.is_empty() && label.chars().count() <= 80, "{label}");
                }
            }
        }
        let title = LessonView::of(2).unwrap().title(Lang::En);
        assert_eq!(title, "Lesson 2 of 8 — Islands");
    }

    /// A lesson's title is drawn whole over its board, not cut with "…", in every language.
    #[test]
    fn every_lessons_title_fits_its_board() {
        for lang in Lang::ALL {
            for number in 1..=LESSONS {
                let view = LessonView::of(number).unwrap();
                let title = view.title(lang);
                assert!(
                    super::super::title_fits(&view.position, Sides::Colours, &title, lang),
                    "lesson {number} ({lang:?}): {title:?}"
                );
            }
        }
    }

    /// What choosing `fact` claims, in every form a learner could read it: the move's
    /// notation and its words ("swap", "échange"), the points counted, who won and why.
    fn claims(lang: Lang, fact: Fact) -> Vec<String> {
        match fact {
            Fact::Illegal(text) | Fact::Legal(text) => {
                let mv: Move = text.parse().unwrap();
                vec![text.to_string(), crate::i18n::move_words(lang, mv)]
            }
            Fact::WhitePoints(points) => vec![crate::i18n::count(lang, "points", points)],
            Fact::Won(..) => vec![label(lang, fact)],
        }
    }

    /// A question answered by its own picture teaches nothing: no choice's claim, the right
    /// one above all, is in the words under the lesson's board or in its text board.
    #[test]
    fn no_lesson_prints_a_choices_claim_on_its_board() {
        let plain = |_: Option<Color>, text: &str| text.to_string();
        for lang in Lang::ALL {
            for number in 1..=LESSONS {
                let view = LessonView::of(number).unwrap();
                let caption = view.caption(lang).to_lowercase();
                let board = view.diagram(lang, &plain).to_lowercase();
                for fact in view.lesson.choices() {
                    for claim in claims(lang, *fact) {
                        let claim = claim.to_lowercase();
                        assert!(
                            !caption.contains(&claim),
                            "lesson {number} ({lang:?}): {claim:?} in the caption:\n{caption}"
                        );
                        assert!(
                            !board.contains(&claim),
                            "lesson {number} ({lang:?}): {claim:?} on the text board:\n{board}"
                        );
                    }
                }
            }
        }
        // What the question does not ask stays: the islands under lesson 7, Red's turn under
        // lesson 5, the points under lesson 8 (it asks who wins).
        let scoring = LessonView::of(7).unwrap().caption(Lang::En);
        assert!(scoring.contains("3 islands · 1 bridge"), "{scoring}");
        let pie = LessonView::of(5).unwrap().caption(Lang::En);
        assert!(pie.ends_with("Move 1: c3 d4 · Red to move"), "{pie}");
        let tiebreaks = LessonView::of(8).unwrap().diagram(Lang::En, &plain);
        assert!(
            tiebreaks.contains("3 points, 3 islands, 0 bridges"),
            "{tiebreaks}"
        );
    }

    /// The same right answer twice at once (a double click): one moves the learner on, the
    /// other is told the lesson they are at now, not the one both read.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_double_click_names_the_lesson_the_learner_is_at_after_it() {
        let dir = tempfile::tempdir().unwrap();
        let service = open(&dir).await;
        let who = alice();
        // Several times: which click reads first is the scheduler's choice.
        for _ in 0..8 {
            service.start_lesson(&who, 3).await.unwrap();
            let right = Answer::Choice(1);
            let (one, two) = tokio::join!(
                service.answer_lesson(&who, Some(3), right),
                service.answer_lesson(&who, Some(3), right),
            );
            let (moved, refused) = match (one, two) {
                (Ok(moved), Err(refused)) | (Err(refused), Ok(moved)) => (moved, refused),
                other => panic!("not one of each: {other:?}"),
            };
            assert!(
                matches!(moved, Answered::Right { number: 3, .. }),
                "{moved:?}"
            );
            assert!(
                matches!(refused, ServiceError::LessonAnswered(4)),
                "{refused:?}"
            );
        }
    }

    #[tokio::test]
    async fn answers_move_the_learner_on_once_and_progress_survives_a_restart() {
        let dir = tempfile::tempdir().unwrap();
        let service = open(&dir).await;
        let who = alice();
        assert_eq!(number(&service.learning(&who).await.unwrap()), Some(1));
        assert!(service.lesson_wants_move(who.id()).await.unwrap());

        // A wrong move: the engine's refusal, in the learner's language; then the answer.
        let same = Answer::Move("c3 c3".parse().unwrap());
        let wrong = service.answer_lesson(&who, None, same).await.unwrap();
        let text = wrong.text(Lang::En);
        assert!(
            text.contains("not both on c3") && text.contains("Try again"),
            "{text}"
        );
        let told = service.answer_lesson(&who, None, same).await.unwrap();
        assert!(told.text(Lang::En).contains("The answer: **c3 d4**"));
        assert!(matches!(
            service.answer_lesson(&who, None, Answer::Choice(0)).await,
            Err(ServiceError::LessonWantsMove)
        ));

        let right = Answer::Move("a1 b2".parse().unwrap());
        let moved = service.answer_lesson(&who, Some(1), right).await.unwrap();
        let Answered::Right { next, .. } = &moved else {
            panic!("{moved:?}");
        };
        assert_eq!(number(next), Some(2));
        assert!(moved.text(Lang::De).starts_with("✅ Richtig!"));
        assert!(moved.png(Lang::En).unwrap().starts_with(b"\x89PNG"));
        assert!(matches!(
            service.answer_lesson(&who, Some(1), right).await,
            Err(ServiceError::LessonAnswered(2))
        ));
        service.close().await;

        let service = open(&dir).await;
        assert_eq!(number(&service.learning(&who).await.unwrap()), Some(2));
        service.start_lesson(&who, 8).await.unwrap();
        assert!(!service.lesson_wants_move(who.id()).await.unwrap());
        assert!(matches!(
            service
                .answer_lesson(&who, None, Answer::Move(Move::Pass))
                .await,
            Err(ServiceError::LessonWantsChoice)
        ));
        let wrong = service
            .answer_lesson(&who, Some(8), Answer::Choice(0))
            .await;
        assert!(wrong.unwrap().text(Lang::Fr).contains("Compare d'abord"));
        let last = service
            .answer_lesson(&who, Some(8), Answer::Choice(1))
            .await;
        assert!(matches!(
            last.unwrap(),
            Answered::Right {
                next: Learning::Finished,
                ..
            }
        ));
        assert!(matches!(
            service.learning(&who).await.unwrap(),
            Learning::Finished
        ));
        assert!(matches!(
            service.answer_lesson(&who, None, Answer::Choice(1)).await,
            Err(ServiceError::NoLesson)
        ));
        assert!(matches!(
            service.start_lesson(&who, 9).await,
            Err(ServiceError::UnknownLesson(9))
        ));
        let again = service.start_lesson(&who, 1).await.unwrap();
        assert_eq!(again.number, 1);
        assert!(again.png(Lang::En).starts_with(b"\x89PNG"));
    }
}

/// The lessons' boards as players see them, kept in `docs/lessons/` to be looked at: each
/// stored picture shows what its lesson draws now (`UPDATE_GOLDEN=1` rewrites them).
#[cfg(test)]
mod boards {
    use super::*;

    #[test]
    fn the_lessons_boards_in_docs_are_the_ones_drawn() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/lessons");
        for number in 1..=lesson_book::LESSONS {
            let view = LessonView::of(number).expect("every lesson exists");
            let png = view.png(Lang::En);
            let path = dir.join(format!("lesson-{number}.png"));
            if std::env::var_os("UPDATE_GOLDEN").is_some() {
                std::fs::create_dir_all(&dir).expect("docs/ is writable");
                std::fs::write(&path, &png).expect("docs/lessons is writable");
            }
            let stored = image::open(&path)
                .unwrap_or_else(|e| panic!("{}: {e} (UPDATE_GOLDEN=1 makes it)", path.display()))
                .to_rgb8();
            let drawn = image::load_from_memory(&png).expect("a PNG").to_rgb8();
            assert!(
                stored == drawn,
                "lesson {number}'s board changed: {}",
                path.display()
            );
        }
    }
}
