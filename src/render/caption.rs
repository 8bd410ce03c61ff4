//! The caption panel under the board: both players with their points, islands, bridges and
//! tiles left, the supply, and whose turn it is or how the game ended.

use ab_glyph::{Font, FontRef};
use image::RgbImage;
use imageproc::drawing::draw_antialiased_polygon_mut;
use imageproc::pixelops::interpolate;
use imageproc::point::Point;

use super::palette::*;
use super::{
    BOLD, LINE, Layout, Picture, REGULAR, SMALLEST_TEXT, edge, fill, fill_rect, measure, rect,
    write,
};
use crate::game::{Color, Game, Move, Supply};
use crate::i18n::{Hidden, Lang, color_name, count, move_words, with_color};
use crate::tr;

/// The shared pool of bridges, when there is one: the supply a player plans the end with
/// (each player's tiles are on their own line).
fn pool_text(game: &Game, lang: Lang) -> Option<String> {
    match (game.variant().bridges(), game.bridges_left()) {
        (Supply::Limited(pool), Some(left)) => {
            Some(tr!(lang, "caption-bridges-left", left = left, pool = pool))
        }
        _ => None,
    }
}

/// The width of the bridges left, drawn at the title's right.
fn pool_width(pool: Option<&str>) -> i32 {
    pool.map_or(0, |p| measure(&REGULAR, SMALLEST_TEXT, p).0)
}

/// The pixels the title has: the panel's width less its margins and the bridges left.
fn title_room(layout: &Layout, pool_width: i32) -> i32 {
    let margin = 20;
    layout.width as i32 - 2 * margin - pool_width - 24
}

/// Whether `picture`'s title is drawn whole; a title too long for its board's panel is cut
/// with "…".
pub fn title_fits(picture: &Picture) -> bool {
    let layout = Layout::new(picture.game.board().size());
    let pool = pool_text(picture.game, picture.lang);
    measure(&BOLD, SMALLEST_TEXT, picture.title).0
        <= title_room(&layout, pool_width(pool.as_deref()))
}

/// `text` cut (with "…") to fit in `room` pixels at `size`.
fn cut_to_fit(font: &FontRef, size: f32, text: &str, room: i32) -> String {
    if measure(font, size, text).0 <= room {
        return text.to_string();
    }
    let chars: Vec<char> = text.chars().collect();
    (0..chars.len())
        .rev()
        .map(|n| format!("{}…", chars[..n].iter().collect::<String>().trim_end()))
        .find(|cut| measure(font, size, cut).0 <= room)
        .unwrap_or_default()
}

/// `text` in at most `lines` lines of `room` pixels at `size`, broken between words; the last
/// line is cut when the words do not fit.
fn wrap(font: &FontRef, size: f32, text: &str, room: i32, lines: usize) -> Vec<String> {
    let mut wrapped: Vec<String> = Vec::new();
    let mut words = text.split(' ').peekable();
    while let Some(word) = words.next() {
        if wrapped.len() == lines {
            break;
        }
        let mut line = word.to_string();
        while let Some(next) = words.peek() {
            let longer = format!("{line} {next}");
            if measure(font, size, &longer).0 > room {
                break;
            }
            line = longer;
            words.next();
        }
        if wrapped.len() + 1 == lines {
            let rest: Vec<&str> = words.by_ref().collect();
            if !rest.is_empty() {
                line = format!("{line} {}", rest.join(" "));
            }
        }
        wrapped.push(cut_to_fit(font, size, &line, room));
    }
    wrapped
}

/// A player's figures, as many as fit in `room`: points (unless hidden), islands, bridges,
/// tiles left (the tiebreaks in their order, the supply last).
fn figures(game: &Game, color: Color, lang: Lang, room: i32, hidden: Hidden) -> Vec<String> {
    let score = game.score(color);
    let points = (!hidden.points).then(|| count(lang, "points", score.points));
    let mut parts: Vec<String> = points.into_iter().collect();
    parts.extend([
        count(lang, "islands", score.islands),
        count(lang, "bridges", score.bridges),
    ]);
    if let Some(left) = game.tiles_left(color) {
        parts.push(tr!(lang, "caption-tiles-left", n = left));
    }
    while parts.len() > 1 && measure(&REGULAR, SMALLEST_TEXT, &parts.join(" · ")).0 > room {
        // The supply goes first when room is short, then the bridges, then the islands.
        parts.pop();
    }
    parts
}

/// Every word the caption panel of `picture` draws, without what `hidden` leaves out, a line
/// each: the title, the bridges left, each player with all their figures (the panel may cut
/// some for room), and the status. What a test reads the panel by.
pub fn caption_text(picture: &Picture, hidden: Hidden) -> String {
    let game = picture.game;
    let mut lines = vec![picture.title.to_string()];
    lines.extend(pool_text(game, picture.lang));
    for color in Color::BOTH {
        let name = match color {
            Color::White => picture.white,
            Color::Red => picture.red,
        };
        let figures = figures(game, color, picture.lang, i32::MAX, hidden);
        lines.push(format!("{} {}", shorten(name, 22), figures.join(" · ")));
    }
    lines.push(status_text(picture, hidden));
    lines.join("\n")
}

/// The title and the bridges left; a line per player, with the turn arrow, their colour,
/// name and figures; whose turn it is or how the game ended, on up to two lines. Every text
/// at [`SMALLEST_TEXT`] or larger, for a picture shown 360 px wide on a phone.
pub(super) fn draw_panel(image: &mut RgbImage, layout: &Layout, picture: &Picture, hidden: Hidden) {
    let game = picture.game;
    let line = LINE as i32;
    let top = layout.panel_top() as i32 + 4;
    let margin = 20;
    let right = layout.width as i32 - margin;
    let size = SMALLEST_TEXT;

    let pool = pool_text(game, picture.lang);
    let pool_width = pool_width(pool.as_deref());
    if let Some(pool) = &pool {
        write(
            image,
            (right - pool_width, top),
            size,
            &REGULAR,
            FRAME_DIM,
            pool,
        );
    }
    let title = cut_to_fit(&BOLD, size, picture.title, title_room(layout, pool_width));
    write(image, (margin, top), size, &BOLD, FRAME_DIM, &title);

    let swatch = margin + 26;
    let name_left = swatch + 46;
    let rows = Color::BOTH.map(|color| {
        let name = match color {
            Color::White => picture.white,
            Color::Red => picture.red,
        };
        let name = cut_to_fit(&BOLD, size, &shorten(name, 22), 330);
        let room = right - (name_left + measure(&BOLD, size, &name).0 + 28);
        let parts = figures(game, color, picture.lang, room, hidden);
        (color, name, parts)
    });
    // Both lines show the same figures, so they read as a table.
    let shown = rows
        .iter()
        .map(|(_, _, parts)| parts.len())
        .min()
        .unwrap_or(0);
    for (i, (color, name, parts)) in rows.into_iter().enumerate() {
        let y = top + line * (1 + i as i32);
        // No turn once the game is over, on time or aborted too.
        if picture.ending.is_none() && game.to_move() == Some(color) {
            let tip = [
                Point::new(margin, y + 10),
                Point::new(margin + 18, y + 24),
                Point::new(margin, y + 38),
            ];
            draw_antialiased_polygon_mut(image, &tip, HIGHLIGHT, interpolate);
        }
        fill_rect(
            image,
            rect(i64::from(swatch), i64::from(y + 7), 34, 34),
            edge(color),
        );
        fill_rect(
            image,
            rect(i64::from(swatch) + 4, i64::from(y + 11), 26, 26),
            fill(color),
        );
        write(image, (name_left, y), size, &BOLD, FRAME_TEXT, &name);
        let stats = parts[..shown].join(" · ");
        let (w, _) = measure(&REGULAR, size, &stats);
        write(image, (right - w, y), size, &REGULAR, FRAME_TEXT, &stats);
    }

    let status = status_text(picture, hidden);
    for (i, text) in wrap(&BOLD, size, &status, right - margin, 2)
        .iter()
        .enumerate()
    {
        let y = top + line * (3 + i as i32);
        write(image, (margin, y), size, &BOLD, HIGHLIGHT, text);
    }
}

/// A player's name as the caption shows it (cut short, without glyphs the font lacks), for
/// callers that write the names into a caption's sentence themselves.
pub fn caption_name(name: &str) -> String {
    shorten(name, 22)
}

/// A name cut to `max` characters, without characters the font cannot draw (emoji would show
/// as empty boxes).
fn shorten(name: &str, max: usize) -> String {
    let drawable: Vec<char> = name.chars().filter(|c| BOLD.glyph_id(*c).0 != 0).collect();
    let name: String = drawable.iter().collect::<String>().trim().to_string();
    if name.chars().count() <= max {
        name
    } else {
        let kept: String = name.chars().take(max - 1).collect();
        format!("{kept}…")
    }
}

/// A player with their colour, "alice (white)"; a player named after the colour (the rules
/// picture's "White") is not named twice.
fn who(lang: Lang, name: &str, color: Color) -> String {
    if name.to_lowercase() == color_name(lang, color).to_lowercase() {
        name.to_string()
    } else {
        with_color(lang, name, color)
    }
}

/// Whose turn it is (with the pie rule's choice, unless `hidden` leaves it out) and what
/// happened last, or how the game ended.
fn status_text(picture: &Picture, hidden: Hidden) -> String {
    let (game, lang) = (picture.game, picture.lang);
    let name = |color: Color| {
        let name = caption_name(match color {
            Color::White => picture.white,
            Color::Red => picture.red,
        });
        who(lang, &name, color)
    };
    // The move just played with its number, before the rest: a replay's frames are these
    // pictures too, its last frame included.
    let moved = game.last_move().map(|mv| {
        tr!(
            lang,
            "caption-move",
            number = game.plies(),
            move = move_words(lang, mv)
        )
    });
    if let Some(ending) = picture.ending {
        let over = tr!(lang, "caption-game-over", ending = ending);
        return moved.map_or(over.clone(), |moved| format!("{moved} · {over}"));
    }
    if game.is_over() {
        return tr!(lang, "caption-game-over-plain");
    }
    let Some(color) = game.to_move() else {
        return String::new();
    };
    let mut parts: Vec<String> = moved.into_iter().collect();
    parts.push(
        if !hidden.options && game.plies() == 1 && game.is_legal(Move::Swap) {
            tr!(lang, "caption-to-move-pie", who = name(color))
        } else if game.is_last_turn() {
            tr!(lang, "caption-last-turn", who = name(color))
        } else {
            tr!(lang, "caption-to-move", who = name(color))
        },
    );
    parts.join(" · ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn picture<'a>(game: &'a Game, white: &'a str, ending: Option<&'a str>) -> Picture<'a> {
        Picture {
            game,
            white,
            red: "Red",
            title: "Rules",
            ending,
            lang: Lang::En,
        }
    }

    fn status_text_of(picture: &Picture) -> String {
        status_text(picture, Hidden::default())
    }

    #[test]
    fn players_named_after_their_colour_are_not_named_twice() {
        let game = Game::default();
        assert_eq!(
            status_text_of(&picture(&game, "White", None)),
            "White to move"
        );
        assert_eq!(
            status_text_of(&picture(&game, "alice", None)),
            "alice (white) to move"
        );
        assert_eq!(who(Lang::En, "Red", Color::Red), "Red");
        assert_eq!(who(Lang::En, "bob", Color::Red), "bob (red)");
        assert_eq!(who(Lang::De, "Rot", Color::Red), "Rot");
        assert_eq!(who(Lang::De, "bob", Color::Red), "bob (Rot)");
        let pie = {
            let mut game = Game::default();
            game.play("c3 d4".parse().unwrap()).unwrap();
            game
        };
        let german = Picture {
            lang: Lang::De,
            red: "Rot",
            ..picture(&pie, "alice", None)
        };
        assert_eq!(
            status_text_of(&german),
            "Zug 1: c3 d4 · Rot am Zug: tauschen oder zwei rote Steine setzen"
        );
    }

    /// The turn arrow: highlight pixels in the panel's left margin, where it points at a
    /// player.
    fn arrow_pixels(picture: &Picture) -> usize {
        let image = super::super::render(picture);
        let panel_top = image.height() - super::super::PANEL;
        image
            .enumerate_pixels()
            .filter(|(x, y, p)| {
                let rows = panel_top + LINE..panel_top + 3 * LINE;
                *x < 20 + 19 && rows.contains(y) && **p == HIGHLIGHT
            })
            .count()
    }

    #[test]
    fn a_game_that_ended_without_a_move_shows_no_turn() {
        let game = Game::default();
        assert!(arrow_pixels(&picture(&game, "alice", None)) > 0);
        assert_eq!(arrow_pixels(&picture(&game, "alice", Some("aborted"))), 0);
    }
}
