//! The rules engine's typed values in words: colours, counts and why a move is illegal.

use super::Lang;
use crate::game::{Color, Game, IllegalMove, Move, Score, Supply, Variant, painted_grid};
use crate::tr;

/// A colour as a word in a sentence: "white", "Weiß", "blanc".
pub fn color_name(lang: Lang, color: Color) -> String {
    tr!(lang, "color", color = color.to_string())
}

/// A colour named as a side, where it begins a sentence or a line: "White", "Weiß".
pub fn side_name(lang: Lang, color: Color) -> String {
    let name = color_name(lang, color);
    let mut chars = name.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// How long is left until a deadline `millis` away (none: 0), in whole minutes: "2 d 3 h 5 min".
pub fn time_left(lang: Lang, millis: i64) -> String {
    let minutes = millis.max(0) / 60_000;
    tr!(
        lang,
        "time-left",
        days = minutes / (24 * 60),
        hours = minutes / 60 % 24,
        minutes = minutes % 60
    )
}

/// A player with their colour: "alice (white)", "alice (Weiß)".
pub fn with_color(lang: Lang, name: &str, color: Color) -> String {
    tr!(
        lang,
        "player-color",
        name = name,
        color = color_name(lang, color)
    )
}

/// "1 point", "3 Inseln", "0 pont": `noun` is `points`, `islands`, `bridges` or `tiles`.
pub fn count(lang: Lang, noun: &str, n: u32) -> String {
    super::text(lang, &format!("count-{noun}"), &{
        let mut args = super::Args::new();
        args.set("n", n);
        args
    })
}

/// A side's score as the end of a game explains it: "7 points, 4 islands, 3 bridges — 3
/// islands (c3, f6, h2) = 6 points; 1 island (a1) = 1 point", the networks that scored.
pub fn score_words(lang: Lang, score: &Score) -> String {
    format!(
        "{}, {}, {} — {}",
        count(lang, "points", score.points),
        count(lang, "islands", score.islands),
        count(lang, "bridges", score.bridges),
        networks_words(lang, score)
    )
}

/// The networks that scored, each with its islands and points.
fn networks_words(lang: Lang, score: &Score) -> String {
    if score.networks.is_empty() {
        return tr!(lang, "networks-none");
    }
    score
        .networks
        .iter()
        .map(|n| {
            let cells: Vec<String> = n.islands.iter().map(|c| c.to_string()).collect();
            format!(
                "{} ({}) = {}",
                count(lang, "islands", n.islands.len() as u32),
                cells.join(", "),
                count(lang, "points", n.points)
            )
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// A board size and supply: "12×12, 60 tiles each, 22 bridges", "10×10, unlimited supply".
pub fn variant_words(lang: Lang, variant: Variant) -> String {
    let size = variant.size();
    let amount = |supply: Supply| match supply {
        Supply::Limited(n) => n.to_string(),
        Supply::Unlimited => "∞".to_string(),
    };
    let supply = match (variant.tiles(), variant.bridges()) {
        (Supply::Unlimited, Supply::Unlimited) => tr!(lang, "supply-unlimited"),
        (tiles, bridges) => tr!(
            lang,
            "supply-limited",
            tiles = amount(tiles),
            bridges = amount(bridges)
        ),
    };
    format!("{size}×{size}, {supply}")
}

/// The board as text ([`grid`]) with its legend: each side's bridges, the last move, the
/// scores and what is left of the supplies.
pub fn diagram(lang: Lang, game: &Game) -> String {
    painted_diagram(lang, game, &|_, text| text.to_string())
}

/// What a board's words leave out (its picture's caption, its text legend) because a lesson's
/// question asks it: a picture that printed the answer would teach nothing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hidden {
    /// The players' points.
    pub points: bool,
    /// What the side to move may do, beyond whose turn it is (the pie rule's "swap, or place
    /// two red tiles").
    pub options: bool,
}

/// [`diagram`] with its board's tiles and bridges passed through `paint` ([`painted_grid`]).
pub fn painted_diagram(
    lang: Lang,
    game: &Game,
    paint: &dyn Fn(Option<Color>, &str) -> String,
) -> String {
    painted_diagram_hiding(lang, game, paint, Hidden::default())
}

/// [`painted_diagram`] without what `hidden` leaves out.
pub fn painted_diagram_hiding(
    lang: Lang,
    game: &Game,
    paint: &dyn Fn(Option<Color>, &str) -> String,
    hidden: Hidden,
) -> String {
    let mut out = painted_grid(game, paint);
    let board = game.board();
    // Colours padded to one width, so the score lines line up.
    let width = Color::BOTH
        .map(|c| color_name(lang, c).chars().count())
        .into_iter()
        .max()
        .unwrap_or(0);
    let padded = |color: Color| format!("{:<width$}", color_name(lang, color));
    for color in Color::BOTH {
        let bridges: Vec<String> = board
            .bridges()
            .iter()
            .filter(|(owner, _)| *owner == color)
            .map(|(_, bridge)| bridge.to_string())
            .collect();
        if !bridges.is_empty() {
            let line = tr!(
                lang,
                "diagram-bridges",
                color = color_name(lang, color),
                bridges = bridges.join(" ")
            );
            out.push_str(&line);
            out.push('\n');
        }
    }
    if let Some(mv) = game.last_move() {
        let line = tr!(
            lang,
            "diagram-last-move",
            move = move_words(lang, mv),
            number = game.plies()
        );
        out.push_str(&line);
        out.push('\n');
    }
    for color in Color::BOTH {
        let score = game.score(color);
        let figures = [
            (!hidden.points).then(|| count(lang, "points", score.points)),
            Some(count(lang, "islands", score.islands)),
            Some(count(lang, "bridges", score.bridges)),
            Some(count(lang, "tiles", score.tiles)),
        ];
        let figures: Vec<String> = figures.into_iter().flatten().collect();
        out.push_str(&tr!(
            lang,
            "diagram-score",
            color = padded(color),
            figures = figures.join(", ")
        ));
        if let Some(left) = game.tiles_left(color) {
            out.push_str(&tr!(lang, "diagram-tiles-left", left = left));
        }
        out.push('\n');
    }
    if let Some(left) = game.bridges_left() {
        out.push_str(&tr!(lang, "diagram-bridges-left", left = left));
        out.push('\n');
    }
    out
}

/// A move as the log writes it, in a sentence's words where it has them ("pass", "swap").
pub fn move_words(lang: Lang, mv: Move) -> String {
    match mv {
        Move::Pass => tr!(lang, "move-pass"),
        Move::Swap => tr!(lang, "move-swap"),
        other => other.to_string(),
    }
}

/// Why the rules refuse a move, for the player who tried it.
pub fn illegal_move(lang: Lang, error: &IllegalMove) -> String {
    let cell = |c: &dyn ToString| c.to_string();
    match error {
        IllegalMove::GameOver => tr!(lang, "illegal-game-over"),
        IllegalMove::OffBoard { cell, size } => {
            tr!(lang, "illegal-off-board", cell = cell, size = *size)
        }
        IllegalMove::SameCell(c) => tr!(lang, "illegal-same-cell", cell = cell(c)),
        IllegalMove::BridgeToItself(c) => tr!(lang, "illegal-bridge-to-itself", cell = cell(c)),
        IllegalMove::Occupied { cell: c, owner } => tr!(
            lang,
            "illegal-occupied",
            cell = cell(c),
            owner = owner.to_string()
        ),
        IllegalMove::UnderBridge { cell: c, bridge } => tr!(
            lang,
            "illegal-under-bridge",
            cell = cell(c),
            bridge = bridge.to_string()
        ),
        IllegalMove::NotEnoughTiles { left } => {
            tr!(lang, "illegal-not-enough-tiles", left = *left)
        }
        IllegalMove::GroupTooLarge { cell: c, size } => tr!(
            lang,
            "illegal-group-too-large",
            cell = cell(c),
            size = *size
        ),
        IllegalMove::IslandTouchesDiagonally { island, tile } => tr!(
            lang,
            "illegal-island-touches-diagonally",
            island = island.to_string(),
            tile = cell(tile)
        ),
        IllegalMove::NotYourTile { cell: c, color } => tr!(
            lang,
            "illegal-not-your-tile",
            cell = cell(c),
            color = color.to_string()
        ),
        IllegalMove::NotABridge { a, b } => {
            tr!(lang, "illegal-not-a-bridge", a = cell(a), b = cell(b))
        }
        IllegalMove::AlreadyBridged { cell: c, bridge } => tr!(
            lang,
            "illegal-already-bridged",
            cell = cell(c),
            bridge = bridge.to_string()
        ),
        IllegalMove::OverTile {
            bridge,
            cell: c,
            owner,
        } => tr!(
            lang,
            "illegal-over-tile",
            bridge = bridge.to_string(),
            cell = cell(c),
            owner = owner.to_string()
        ),
        IllegalMove::Crossing { bridge, other } => tr!(
            lang,
            "illegal-crossing",
            bridge = bridge.to_string(),
            other = other.to_string()
        ),
        IllegalMove::NoBridgesLeft { pool } => tr!(lang, "illegal-no-bridges-left", pool = *pool),
        IllegalMove::SwapNotNow => tr!(lang, "illegal-swap-not-now"),
        IllegalMove::MayNotPass { a, b } => {
            tr!(lang, "illegal-may-not-pass", a = cell(a), b = cell(b))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Bridge, Cell, CellList};

    fn cell(text: &str) -> Cell {
        text.parse().unwrap()
    }

    /// The English words are the engine's own messages (its `Display`, used where no language
    /// is chosen, like `ponte replay`).
    #[test]
    fn english_reasons_match_the_engines_own_words() {
        let bridge = Bridge::between(cell("c3"), cell("e4")).unwrap();
        let other = Bridge::between(cell("d3"), cell("d5")).unwrap();
        let errors = [
            IllegalMove::GameOver,
            IllegalMove::OffBoard {
                cell: "m13".into(),
                size: 12,
            },
            IllegalMove::SameCell(cell("c3")),
            IllegalMove::BridgeToItself(cell("c3")),
            IllegalMove::Occupied {
                cell: cell("c3"),
                owner: Color::Red,
            },
            IllegalMove::UnderBridge {
                cell: cell("d4"),
                bridge,
            },
            IllegalMove::NotEnoughTiles { left: 1 },
            IllegalMove::NotEnoughTiles { left: 0 },
            IllegalMove::GroupTooLarge {
                cell: cell("c3"),
                size: 5,
            },
            IllegalMove::IslandTouchesDiagonally {
                island: CellList(vec![cell("c3"), cell("c4"), cell("d4"), cell("d5")]),
                tile: cell("e6"),
            },
            IllegalMove::NotYourTile {
                cell: cell("c3"),
                color: Color::White,
            },
            IllegalMove::NotABridge {
                a: cell("c3"),
                b: cell("h8"),
            },
            IllegalMove::AlreadyBridged {
                cell: cell("c3"),
                bridge,
            },
            IllegalMove::OverTile {
                bridge,
                cell: cell("d4"),
                owner: Color::White,
            },
            IllegalMove::Crossing { bridge, other },
            IllegalMove::NoBridgesLeft { pool: 22 },
            IllegalMove::SwapNotNow,
            IllegalMove::MayNotPass {
                a: cell("a1"),
                b: cell("c1"),
            },
        ];
        for error in &errors {
            assert_eq!(illegal_move(Lang::En, error), error.to_string());
            for lang in [Lang::De, Lang::Fr] {
                let words = illegal_move(lang, error);
                assert_ne!(words, error.to_string(), "{lang}: {words}");
                assert!(!words.contains('{'), "{lang}: {words}");
            }
        }
        assert!(illegal_move(Lang::De, &errors[4]).contains("c3"));
    }
}
