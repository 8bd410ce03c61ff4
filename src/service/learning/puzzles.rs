//! Puzzles served and answered: a puzzle chosen for a player (one they have not answered, from
//! their own server's games first, then from the built-in set, the nearest their rating), and
//! their answer, judged against the moves accepted when the puzzle was made, so that answering
//! never searches. A player and a puzzle each have a Glicko-2 rating (the `skillratings` crate,
//! as for games): an answer is a game between them that the player wins when right. A player
//! has one puzzle rating everywhere: the built-in puzzles, each with one rating, are served in
//! every server and in direct messages, so their players are measured on one scale. Only a
//! player's first answer to a puzzle is rated; it is saved in one transaction with both new
//! ratings, so a double click or a restart between counts it once.
//!
//! A puzzle from a server's game is served in that server only: never in another, never in a
//! direct message.

use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};

use super::{Sides, titled_board};
use crate::ai::analysis::same_move;
use crate::game::Puzzle;
use crate::game::{Effect, Game, Move, effect};
use crate::i18n::Hidden;
use crate::ids::{GuildId, PuzzleId};
use crate::service::{Actor, Lang, Result, Service, ServiceError};
use crate::store::{
    AnswerRow, Answered, NewAnswer, PuzzleRatingRow, Rated, ServedPuzzle, StoredRating,
};
use crate::tr;

/// A puzzle as a player is shown it: the position, the choices, its rating and theirs.
#[derive(Clone, Debug)]
pub struct PuzzleView {
    pub id: PuzzleId,
    pub puzzle: Puzzle,
    /// The server whose game it comes from; `None` for the built-in set.
    pub guild: Option<GuildId>,
    /// The puzzle's rating.
    pub rating: f64,
    /// The player's puzzle rating (their start before their first puzzle).
    pub player_rating: f64,
    /// Their earlier answer to it, if they gave one (a second changes nothing).
    pub answered: Option<AnswerRow>,
}

/// How a player picks their answer: the `n`th choice shown (from 0), or a move typed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    Nth(usize),
    Move(Move),
}

/// A rating before and after an answer.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingChange {
    pub before: f64,
    pub after: f64,
}

/// An answer judged: the puzzle, the move chosen, whether it is accepted, and the player's
/// rating change (`None` when they had answered the puzzle before: nothing changed).
#[derive(Clone, Debug)]
pub struct PuzzleAnswer {
    pub view: PuzzleView,
    pub chosen: Move,
    pub correct: bool,
    pub change: Option<RatingChange>,
    /// What the best move does for the mover, as a hint says it (`None` should the engine
    /// refuse it, which a puzzle that holds together never has).
    pub why: Option<Effect>,
}

/// The rating and deviation a player's puzzle rating starts at: Glicko-2's own.
fn start() -> StoredRating {
    let start = Glicko2Rating::new();
    StoredRating {
        rating: start.rating,
        deviation: start.deviation,
        volatility: start.volatility,
    }
}

fn glicko(rating: StoredRating) -> Glicko2Rating {
    Glicko2Rating {
        rating: rating.rating,
        deviation: rating.deviation,
        volatility: rating.volatility,
    }
}

fn stored(rating: Glicko2Rating) -> StoredRating {
    StoredRating {
        rating: rating.rating,
        deviation: rating.deviation,
        volatility: rating.volatility,
    }
}

/// Both ratings after an answer: a game the player wins when right, the puzzle when wrong.
pub fn after_answer(player: Option<StoredRating>, puzzle: StoredRating, correct: bool) -> Rated {
    let player_before = player.unwrap_or_else(start);
    let outcome = if correct {
        Outcomes::WIN
    } else {
        Outcomes::LOSS
    };
    let (player_after, puzzle_after) = glicko2(
        &glicko(player_before),
        &glicko(puzzle),
        &outcome,
        &Glicko2Config::new(),
    );
    Rated {
        player_before,
        player_after: stored(player_after),
        puzzle_after: stored(puzzle_after),
    }
}

/// The puzzle rating of a player who has answered none.
pub(super) fn start_rating() -> f64 {
    start().rating
}

/// A rating as players read it: a whole number.
fn whole(rating: f64) -> i64 {
    rating.round() as i64
}

/// Moves as a list: `c3 d5, e4-f6`.
fn listed(moves: &[Move]) -> String {
    moves
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

impl PuzzleView {
    /// The picture's title: "Puzzle #12 · White to move · rated 1540".
    pub fn title(&self, lang: Lang) -> String {
        tr!(
            lang,
            "puzzle-title",
            id = self.id,
            color = self.puzzle.mover().to_string(),
            rating = whole(self.rating)
        )
    }

    /// The title drawn over the board: "Puzzle #12", short enough for the caption of every
    /// board, whose last line says who is to move (the rating is in [`PuzzleView::text`]
    /// beside the picture).
    pub fn picture_title(&self, lang: Lang) -> String {
        picture_title(lang, self.id)
    }

    /// What to find, in one line.
    pub fn task(&self, lang: Lang) -> String {
        let color = self.puzzle.mover().to_string();
        let mut text = match self.puzzle.played {
            Some(_) => tr!(lang, "puzzle-task-game", color = color.as_str()),
            None => tr!(lang, "puzzle-task", color = color.as_str()),
        };
        if let Some(earlier) = &self.answered {
            let note = tr!(
                lang,
                "puzzle-answered-before",
                answer = &earlier.answer,
                correct = crate::i18n::yes_no(earlier.correct)
            );
            text = format!("{text}\n{note}");
        }
        text
    }

    /// The title and what to find, as the text beside the picture.
    pub fn text(&self, lang: Lang) -> String {
        format!("🧩 **{}**\n{}", self.title(lang), self.task(lang))
    }

    /// The choices, in the order shown.
    pub fn choices(&self) -> &[Move] {
        &self.puzzle.candidates
    }

    /// The puzzle's position (PNG bytes). Takes a few milliseconds: call it off the async
    /// threads.
    pub fn png(&self, lang: Lang) -> Vec<u8> {
        let game = self.puzzle.game();
        picture(&game, &self.picture_title(lang), lang)
    }

    /// The move `choice` names: the `n`th choice, or a move typed that is one of them (a
    /// placement's tiles or a bridge's ends in either order).
    ///
    /// # Errors
    /// [`ServiceError::NotAChoice`] for a number past the choices or a move none of them is.
    pub fn chosen(&self, choice: Choice) -> Result<Move> {
        let found = match choice {
            Choice::Nth(n) => self.choices().get(n).copied(),
            Choice::Move(mv) => self.choices().iter().copied().find(|&c| same_move(c, mv)),
        };
        found.ok_or_else(|| ServiceError::NotAChoice(listed(self.choices())))
    }
}

/// The title over a puzzle's board.
fn picture_title(lang: Lang, id: PuzzleId) -> String {
    tr!(lang, "puzzle-picture-title", id = id)
}

/// A puzzle position drawn with `title`; the players' names are the colours'.
fn picture(game: &Game, title: &str, lang: Lang) -> Vec<u8> {
    titled_board(game, Sides::Colours, title, lang, Hidden::default())
}

impl PuzzleAnswer {
    /// Right or wrong, the accepted moves, the best line, why the best move is best, and the
    /// rating change.
    pub fn text(&self, lang: Lang) -> String {
        let puzzle = &self.view.puzzle;
        let verdict = match (self.correct, puzzle.played) {
            (true, _) => tr!(lang, "puzzle-right", move = self.chosen.to_string()),
            (false, Some(played)) if same_move(played, self.chosen) => {
                tr!(lang, "puzzle-wrong-played", move = self.chosen.to_string())
            }
            (false, _) => tr!(lang, "puzzle-wrong", move = self.chosen.to_string()),
        };
        let accepted = tr!(
            lang,
            "puzzle-accepted",
            count = puzzle.accepted.len(),
            moves = listed(&puzzle.accepted)
        );
        let mut line = tr!(lang, "puzzle-best-line", moves = listed(&puzzle.best_line));
        if let (Some(effect), Some(&best)) = (self.why, puzzle.best_line.first()) {
            let why = super::hints::why(lang, best, effect, puzzle.mover());
            line = format!("{line}\n{}", tr!(lang, "puzzle-why", why = why));
        }
        let rating = match self.change {
            Some(change) => tr!(
                lang,
                "puzzle-rating-change",
                before = whole(change.before),
                after = whole(change.after),
                change = format!("{:+}", whole(change.after) - whole(change.before))
            ),
            None => tr!(
                lang,
                "puzzle-rating-unchanged",
                id = self.view.id,
                rating = whole(self.view.player_rating)
            ),
        };
        format!("{verdict}\n{accepted}\n{line}\n{rating}")
    }

    /// The puzzle's position after the best move (its last move).
    pub fn after(&self) -> Game {
        let mut game = self.view.puzzle.game();
        if let Some(&best) = self.view.puzzle.best_line.first() {
            // Checked when the puzzle was made; a move that does not play leaves the position.
            let _ = game.play(best);
        }
        game
    }

    /// The best move played on the puzzle's position, highlighted as a last move is (PNG
    /// bytes); the rest of the line is in the text. Call it off the async threads.
    pub fn png(&self, lang: Lang) -> Vec<u8> {
        let title = tr!(lang, "puzzle-answer-caption", id = self.view.id);
        picture(&self.after(), &title, lang)
    }
}

impl Service {
    /// `asker`'s puzzle rating and how many puzzles they solved and failed.
    ///
    /// # Errors
    /// Database failures.
    pub async fn puzzle_rating(&self, asker: &Actor) -> Result<Option<PuzzleRatingRow>> {
        Ok(self.store.puzzle_rating(asker.id()).await?)
    }

    /// A puzzle for `asker` (see the module's text and `puzzle_choice`); `None` when none is
    /// left for them.
    ///
    /// # Errors
    /// Database failures.
    #[tracing::instrument(skip(self))]
    pub async fn next_puzzle(&self, asker: &Actor) -> Result<Option<PuzzleView>> {
        let rating = self.store.puzzle_rating(asker.id()).await?;
        let player_rating = rating.map_or_else(start, |r| r.rating).rating;
        let Some(id) = self
            .choose_puzzle(asker.id(), asker.guild, player_rating)
            .await?
        else {
            return Ok(None);
        };
        let served = self.store.served_puzzle(id).await?;
        Ok(served.map(|served| view(served, player_rating, None)))
    }

    /// Puzzle `id` for `asker`, with their earlier answer if they gave one.
    ///
    /// # Errors
    /// [`ServiceError::UnknownPuzzle`] for a puzzle that is none, or another server's;
    /// database failures.
    #[tracing::instrument(skip(self))]
    pub async fn puzzle(&self, id: PuzzleId, asker: &Actor) -> Result<PuzzleView> {
        let served = match self.store.served_puzzle(id).await? {
            Some(served) if served.guild_id.is_none() || served.guild_id == asker.guild => served,
            _ => return Err(ServiceError::UnknownPuzzle(id)),
        };
        let rating = self.store.puzzle_rating(asker.id()).await?;
        let player_rating = rating.map_or_else(start, |r| r.rating).rating;
        let answered = self.store.puzzle_answer(asker.id(), id).await?;
        Ok(view(served, player_rating, answered))
    }

    /// `asker`'s answer to puzzle `id`: right when the move chosen is accepted. Their first
    /// answer moves their rating and the puzzle's, in one transaction with it; a later one
    /// changes nothing and says so.
    ///
    /// # Errors
    /// [`ServiceError::UnknownPuzzle`]; [`ServiceError::NotAChoice`] for a choice that is
    /// none of the puzzle's (nothing is written then); database failures.
    #[tracing::instrument(skip(self))]
    pub async fn answer_puzzle(
        &self,
        id: PuzzleId,
        asker: &Actor,
        choice: Choice,
    ) -> Result<PuzzleAnswer> {
        let view = self.puzzle(id, asker).await?;
        let chosen = view.chosen(choice)?;
        let correct = view.puzzle.is_accepted(chosen);
        let now = self.now();
        let player = &asker.player;
        self.store
            .upsert_player(player.id, &player.name, now)
            .await?;
        let answer = NewAnswer {
            player: player.id,
            puzzle: id,
            answer: chosen,
            correct,
            guild: asker.guild,
            now,
        };
        let answered = self
            .store
            .save_puzzle_answer(&answer, |player, puzzle| {
                after_answer(player, puzzle, correct)
            })
            .await?;
        let (change, view) = match answered {
            Answered::Saved(rated) => {
                metrics::counter!(crate::service::telemetry::PUZZLES_ANSWERED).increment(1);
                let change = RatingChange {
                    before: rated.player_before.rating,
                    after: rated.player_after.rating,
                };
                let view = PuzzleView {
                    rating: rated.puzzle_after.rating,
                    player_rating: rated.player_after.rating,
                    ..view
                };
                (Some(change), view)
            }
            // Their rating as the first answer left it: a double click's second answer was
            // shown the puzzle before the first was saved.
            Answered::Already { first, now } => (
                None,
                PuzzleView {
                    answered: Some(first),
                    player_rating: now.rating,
                    ..view
                },
            ),
        };
        let why = view
            .puzzle
            .best_line
            .first()
            .and_then(|&best| effect(&view.puzzle.game(), best).ok());
        Ok(PuzzleAnswer {
            view,
            chosen,
            correct,
            change,
            why,
        })
    }
}

fn view(served: ServedPuzzle, player_rating: f64, answered: Option<AnswerRow>) -> PuzzleView {
    PuzzleView {
        id: served.id,
        puzzle: served.puzzle,
        guild: served.guild_id,
        rating: served.rating.rating,
        player_rating,
        answered,
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::game::Variant;
    use crate::service::{ManualClock, Player, PlayerId};
    use crate::store::test_support::puzzle;

    const START: i64 = 1_700_000_000_000;
    const GUILD: GuildId = GuildId::from_snowflake(7);
    const OTHER_GUILD: GuildId = GuildId::from_snowflake(8);

    fn alice(guild: Option<GuildId>) -> Actor {
        Actor::member(Player::new(PlayerId::new(1001), "alice"), guild)
    }

    async fn open(dir: &tempfile::TempDir) -> Service {
        let url = format!("sqlite://{}", dir.path().join("ponte.db").display());
        Service::open_with_clock(&url, Arc::new(ManualClock::new(START)))
            .await
            .unwrap()
    }

    async fn keep(service: &Service, n: usize, guild: Option<GuildId>) -> PuzzleId {
        service
            .store
            .insert_puzzle(&puzzle(n), None, guild, START)
            .await
            .unwrap()
            .unwrap()
    }

    #[test]
    fn a_right_answer_raises_the_player_and_lowers_the_puzzle() {
        let puzzle = start();
        let right = after_answer(None, puzzle, true);
        assert_eq!(right.player_before, start());
        assert!(right.player_after.rating > 1500.0 && right.puzzle_after.rating < 1500.0);
        let wrong = after_answer(Some(right.player_after), puzzle, false);
        assert!(wrong.player_after.rating < right.player_after.rating);
        assert!(wrong.puzzle_after.rating > 1500.0);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_same_answer_clicked_twice_at_once_is_rated_once() {
        let dir = tempfile::tempdir().unwrap();
        let service = open(&dir).await;
        let id = keep(&service, 0, Some(GUILD)).await;
        let asker = alice(Some(GUILD));
        let (one, two) = tokio::join!(
            service.answer_puzzle(id, &asker, Choice::Nth(1)),
            service.answer_puzzle(id, &asker, Choice::Nth(1)),
        );
        let (one, two) = (one.unwrap(), two.unwrap());
        assert!(one.correct && two.correct);
        let changes: Vec<_> = [&one, &two].iter().filter_map(|a| a.change).collect();
        assert_eq!(changes.len(), 1, "rated once: {changes:?}");
        let expected = after_answer(None, start(), true);
        assert_eq!(changes[0].after, expected.player_after.rating);
        let rating = service.puzzle_rating(&asker).await.unwrap().unwrap();
        assert_eq!((rating.solved, rating.failed), (1, 0));
        assert_eq!(rating.rating, expected.player_after);
        let view = service.puzzle(id, &asker).await.unwrap();
        assert_eq!(
            view.rating, expected.puzzle_after.rating,
            "the puzzle moved once"
        );
        // Both replies say the rating the first answer made, the second's "stays" too.
        for answer in [&one, &two] {
            assert_eq!(answer.view.player_rating, expected.player_after.rating);
        }
    }

    #[tokio::test]
    async fn an_answer_after_a_restart_says_it_was_answered_and_changes_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let service = open(&dir).await;
        let id = keep(&service, 0, None).await;
        let asker = alice(None);
        let first = service
            .answer_puzzle(id, &asker, Choice::Move("h3 h1".parse().unwrap()))
            .await
            .unwrap();
        assert!(
            !first.correct,
            "the move played in the game, its tiles in either order"
        );
        assert_eq!(first.chosen, "h1 h3".parse().unwrap());
        let change = first.change.expect("rated");
        assert!(change.after < change.before);
        let text = first.text(Lang::En);
        assert!(text.contains("g2 g4, f1 f3"), "{text}");
        service.close().await;

        let service = open(&dir).await;
        let again = service
            .answer_puzzle(id, &asker, Choice::Nth(1))
            .await
            .unwrap();
        assert!(again.correct);
        assert_eq!(again.change, None, "nothing changes");
        assert_eq!(again.view.player_rating, change.after);
        let earlier = again.view.answered.clone().expect("the first answer");
        assert_eq!((earlier.answer.as_str(), earlier.correct), ("h1 h3", false));
        let rating = service.puzzle_rating(&asker).await.unwrap().unwrap();
        assert_eq!((rating.solved, rating.failed), (0, 1));
        for lang in Lang::ALL {
            let text = again.text(lang);
            assert!(
                text.contains("#1") && text.contains(&whole(change.after).to_string()),
                "{lang}: {text}"
            );
        }
    }

    #[tokio::test]
    async fn a_puzzle_is_served_in_its_own_server_only_and_a_choice_must_be_one_of_its() {
        let dir = tempfile::tempdir().unwrap();
        let service = open(&dir).await;
        let own = keep(&service, 0, Some(GUILD)).await;
        let built_in = keep(&service, 1, None).await;
        let elsewhere = keep(&service, 2, Some(OTHER_GUILD)).await;

        let here = alice(Some(GUILD));
        assert_eq!(service.next_puzzle(&here).await.unwrap().unwrap().id, own);
        let dm = alice(None);
        assert_eq!(
            service.next_puzzle(&dm).await.unwrap().unwrap().id,
            built_in
        );
        for (asker, id) in [(&here, elsewhere), (&dm, own), (&dm, elsewhere)] {
            assert!(matches!(
                service.puzzle(id, asker).await,
                Err(ServiceError::UnknownPuzzle(_))
            ));
            assert!(matches!(
                service.answer_puzzle(id, asker, Choice::Nth(0)).await,
                Err(ServiceError::UnknownPuzzle(_))
            ));
        }

        // Not a choice: refused with the choices, nothing written.
        for choice in [Choice::Nth(3), Choice::Move("a9 a10".parse().unwrap())] {
            let error = service.answer_puzzle(own, &here, choice).await.unwrap_err();
            assert!(matches!(&error, ServiceError::NotAChoice(c) if c == "h1 h3, g2 g4, f1 f3"));
            assert!(error.words(Lang::En).contains("h1 h3, g2 g4, f1 f3"));
        }
        assert!(service.puzzle_rating(&here).await.unwrap().is_none());

        // Answered: the next is the built-in one, then none.
        service
            .answer_puzzle(own, &here, Choice::Nth(2))
            .await
            .unwrap();
        assert_eq!(
            service.next_puzzle(&here).await.unwrap().unwrap().id,
            built_in
        );
        service
            .answer_puzzle(built_in, &here, Choice::Nth(0))
            .await
            .unwrap();
        assert!(service.next_puzzle(&here).await.unwrap().is_none());
    }

    /// The titles over a puzzle's board are drawn whole, not cut with "…", on every board a
    /// puzzle can be on, with its bridges left beside them, in every language.
    #[test]
    fn a_puzzles_picture_titles_fit_their_board() {
        let id: PuzzleId = "12345".parse().unwrap();
        for lang in Lang::ALL {
            for size in [8, 10, 12] {
                for variant in [Variant::boxed(size), Variant::unlimited(size)] {
                    let game = Game::new(variant.unwrap());
                    let titles = [
                        picture_title(lang, id),
                        tr!(lang, "puzzle-answer-caption", id = id),
                    ];
                    for title in titles {
                        assert!(
                            super::super::title_fits(&game, Sides::Colours, &title, lang),
                            "{lang:?}, {size}×{size}: {title:?}"
                        );
                    }
                }
            }
        }
    }

    #[tokio::test]
    async fn a_puzzle_and_its_answer_are_shown_in_every_language() {
        let dir = tempfile::tempdir().unwrap();
        let service = open(&dir).await;
        let id = keep(&service, 0, None).await;
        let view = service.next_puzzle(&alice(None)).await.unwrap().unwrap();
        assert_eq!(
            view.title(Lang::En),
            format!("Puzzle #{id} · Red to move · rated 1500")
        );
        assert!(view.png(Lang::En).starts_with(b"\x89PNG"));
        let answer = service
            .answer_puzzle(id, &alice(None), Choice::Nth(1))
            .await
            .unwrap();
        assert!(answer.png(Lang::En).starts_with(b"\x89PNG"));
        for lang in Lang::ALL {
            for text in [view.text(lang), answer.text(lang)] {
                assert!(
                    !text.contains('{') && !text.contains("puzzle-"),
                    "{lang}: {text}"
                );
                assert!(
                    text.contains(&format!("#{id}")) || text.contains("g2 g4"),
                    "{lang}: {text}"
                );
            }
        }
    }
}
