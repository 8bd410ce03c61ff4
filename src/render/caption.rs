//! The caption panel under the board: both players with their points, islands, bridges and
//! tiles left, the supply, and whose turn it is or how the game ended.

use ab_glyph::{Font, FontRef};
use image::{Rgb, RgbImage};
use imageproc::drawing::draw_antialiased_polygon_mut;
use imageproc::pixelops::interpolate;
use imageproc::point::Point;

use super::palette::*;
use super::{BOLD, Layout, Picture, REGULAR, edge, fill, fill_rect, measure, rect, write};
use crate::game::{Color, Game, Move, Supply};
use crate::i18n::{Lang, color_name, count, move_words, with_color};
use crate::tr;

fn supply_text(game: &Game, lang: Lang) -> String {
    let variant = game.variant();
    let bridges = match (variant.bridges(), game.bridges_left()) {
        (Supply::Limited(pool), Some(left)) => {
            tr!(lang, "caption-bridges-left", left = left, pool = pool)
        }
        _ => tr!(lang, "caption-bridges-unlimited"),
    };
    let tiles = match variant.tiles() {
        Supply::Limited(n) => tr!(lang, "caption-tiles-each", n = n),
        Supply::Unlimited => tr!(lang, "caption-tiles-unlimited"),
    };
    let size = variant.size();
    format!("{size}×{size} · {tiles} · {bridges}")
}

/// Writes `text` at `size` pixels, or smaller until it fits in `room` pixels.
fn write_fitted(
    image: &mut RgbImage,
    at: (i32, i32),
    room: i32,
    size: f32,
    font: &FontRef,
    color: Rgb<u8>,
    text: &str,
) {
    let mut size = size;
    while size > 11.0 && measure(font, size, text).0 > room {
        size -= 1.0;
    }
    write(image, at, size, font, color, text);
}

/// One line per player, then the state of play.
pub(super) fn draw_panel(image: &mut RgbImage, layout: &Layout, picture: &Picture) {
    let game = picture.game;
    let top = layout.panel_top() as i32;
    let margin = 24;
    let right = layout.width as i32 - margin;

    write_fitted(
        image,
        (margin, top),
        330,
        24.0,
        &BOLD,
        FRAME_TEXT,
        picture.title,
    );
    let supply = supply_text(game, picture.lang);
    let (w, _) = measure(&REGULAR, 17.0, &supply);
    write(
        image,
        (right - w, top + 5),
        17.0,
        &REGULAR,
        FRAME_DIM,
        &supply,
    );

    for (i, color) in Color::BOTH.into_iter().enumerate() {
        let y = top + 40 + i as i32 * 38;
        let name = match color {
            Color::White => picture.white,
            Color::Red => picture.red,
        };
        // No turn once the game is over, on time or aborted too.
        if picture.ending.is_none() && game.to_move() == Some(color) {
            let tip = [
                Point::new(margin, y + 4),
                Point::new(margin + 14, y + 14),
                Point::new(margin, y + 24),
            ];
            draw_antialiased_polygon_mut(image, &tip, HIGHLIGHT, interpolate);
        }
        let swatch = margin + 24;
        fill_rect(
            image,
            rect(i64::from(swatch), i64::from(y + 2), 26, 26),
            edge(color),
        );
        fill_rect(
            image,
            rect(i64::from(swatch) + 3, i64::from(y + 5), 20, 20),
            fill(color),
        );
        let label = who(picture.lang, &shorten(name, 22), color);
        write(image, (swatch + 38, y + 2), 21.0, &BOLD, FRAME_TEXT, &label);
        let score = game.score(color);
        let lang = picture.lang;
        let mut stats = format!(
            "{} · {} · {}",
            count(lang, "points", score.points),
            count(lang, "islands", score.islands),
            count(lang, "bridges", score.bridges)
        );
        if let Some(left) = game.tiles_left(color) {
            stats.push_str(" · ");
            stats.push_str(&tr!(lang, "caption-tiles-left", n = left));
        }
        let (w, _) = measure(&REGULAR, 18.0, &stats);
        write(
            image,
            (right - w, y + 4),
            18.0,
            &REGULAR,
            FRAME_TEXT,
            &stats,
        );
    }

    let status = status_text(picture);
    write_fitted(
        image,
        (margin, top + 124),
        right - margin,
        20.0,
        &BOLD,
        HIGHLIGHT,
        &status,
    );
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

/// Whose turn it is and what happened last, or how the game ended.
fn status_text(picture: &Picture) -> String {
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
    parts.push(if game.plies() == 1 && game.is_legal(Move::Swap) {
        tr!(lang, "caption-to-move-pie", who = name(color))
    } else if game.is_last_turn() {
        tr!(lang, "caption-last-turn", who = name(color))
    } else {
        tr!(lang, "caption-to-move", who = name(color))
    });
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

    #[test]
    fn players_named_after_their_colour_are_not_named_twice() {
        let game = Game::default();
        assert_eq!(status_text(&picture(&game, "White", None)), "White to move");
        assert_eq!(
            status_text(&picture(&game, "alice", None)),
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
            status_text(&german),
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
                let rows = panel_top + 40..panel_top + 40 + 2 * 38;
                *x < 24 + 15 && rows.contains(y) && **p == HIGHLIGHT
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
