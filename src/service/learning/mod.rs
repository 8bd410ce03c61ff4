//! The learning wing: what a player meets to learn the game rather than to play it. Each
//! feature is a use case of its own (an `impl Service` block) beside the pure content or rule
//! it serves:
//!
//! - `lessons`: a player going through the lessons (where they are, their answers judged);
//!   `lesson_book`: the eight lessons themselves, pure data checked by the engine.
//! - `puzzles`: a puzzle served and answered (ratings of players and puzzles);
//!   `puzzle_choice`: the one rule of which puzzle is served; `puzzle_making`: puzzles cut
//!   from finished games in the background.
//! - `daily_puzzles`: a server's puzzle of the day, posted through the outbox.
//! - `hints`: the bot's move for a player in an unrated game against it, with the line of why
//!   that puzzle answers share.
//!
//! Every board the wing shows is a position under a title ([`titled_board`]), sent privately
//! by the front ends. A new learning feature is a use case here (its words in the `.ftl`
//! files, its rows in the store), its view re-exported by `service`, and a command in each
//! front end; `docs/architecture.md` ("Where a learning feature goes") lists the files.

mod daily_puzzles;
mod hints;
mod lesson_book;
mod lessons;
mod puzzle_choice;
mod puzzle_making;
mod puzzles;

pub use daily_puzzles::{DAILY_PUZZLE_HOUR, DailyPuzzle, next_daily_puzzle_at};
pub use hints::Hint;
pub use lesson_book::{Answer as LessonAnswer, LESSONS};
pub use lessons::{Answered, Learning, LessonView};
pub use puzzle_making::{built_in_puzzles, retired_puzzles};
pub use puzzles::{Choice, PuzzleAnswer, PuzzleView, RatingChange};

use crate::game::{Color, Game};
use crate::i18n::{Hidden, Lang, side_name};
use crate::render::{Picture, caption_text, render_png_hiding};

/// Who the two sides of a learning board are called: the colours ("White", "Red") in a
/// lesson or puzzle, where nobody plays, or the players of a game.
#[derive(Clone, Copy)]
pub(super) enum Sides<'a> {
    Colours,
    Players { white: &'a str, red: &'a str },
}

/// A learning board (PNG bytes): `game` under `title`, with no ending (a lesson, a puzzle or a
/// hint is one moment of a game), its caption leaving out what a question asks (`hidden`).
/// Takes a few milliseconds: call it off the async threads.
pub(super) fn titled_board(
    game: &Game,
    sides: Sides,
    title: &str,
    lang: Lang,
    hidden: Hidden,
) -> Vec<u8> {
    with_picture(game, sides, title, lang, |picture| {
        render_png_hiding(picture, hidden)
    })
}

/// The words of [`titled_board`]'s caption, a line each.
pub(super) fn titled_caption(
    game: &Game,
    sides: Sides,
    title: &str,
    lang: Lang,
    hidden: Hidden,
) -> String {
    with_picture(game, sides, title, lang, |picture| {
        caption_text(picture, hidden)
    })
}

/// Whether [`titled_board`]'s title is drawn whole, not cut with "…".
#[cfg(test)]
fn title_fits(game: &Game, sides: Sides, title: &str, lang: Lang) -> bool {
    with_picture(game, sides, title, lang, crate::render::title_fits)
}

fn with_picture<T>(
    game: &Game,
    sides: Sides,
    title: &str,
    lang: Lang,
    draw: impl FnOnce(&Picture) -> T,
) -> T {
    let colours;
    let (white, red) = match sides {
        Sides::Players { white, red } => (white, red),
        Sides::Colours => {
            colours = [Color::White, Color::Red].map(|color| side_name(lang, color));
            (colours[0].as_str(), colours[1].as_str())
        }
    };
    draw(&Picture {
        game,
        white,
        red,
        title,
        ending: None,
        lang,
    })
}
