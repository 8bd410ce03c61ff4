//! What a move does for the side that makes it, read from the positions before and after it:
//! the islands it completes, the islands a bridge joins and the points that adds, the room it
//! takes from the opponent's sandbanks, the sandbank it grows. A hint says it in words a
//! beginner understands; these are the facts it says.

use super::bitboard::Bitboard;
use super::board::Board;
use super::cell::{Cell, Color};
use super::error::IllegalMove;
use super::game::Game;
use super::moves::Move;

/// The main thing a move does for its mover, the most telling first: points before blocks,
/// blocks before growth.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Completes `islands` islands (the first at its lowest cell `at`), adding `points`.
    IslandMade {
        at: Cell,
        islands: u32,
        points: u32,
    },
    /// A bridge that joins islands into one network, adding `points` (a network of n islands
    /// scores 1 + 2 + … + n).
    IslandsJoined {
        points: u32,
    },
    /// A bridge between groups that adds no points yet: islands made later on both sides score
    /// together.
    GroupsLinked,
    /// Leaves the opponent's sandbank (at its lowest cell `sandbank`) no room to become an
    /// island.
    IslandStopped {
        sandbank: Cell,
    },
    /// Takes `cell`, into which the opponent's sandbank at `sandbank` could have grown.
    CellTaken {
        cell: Cell,
        sandbank: Cell,
    },
    /// Grows the mover's sandbank (at its lowest cell `at`) to `tiles` tiles.
    SandbankGrown {
        at: Cell,
        tiles: u32,
    },
    /// Starts `sandbanks` new sandbanks (one or two), free to grow.
    NewSandbanks {
        sandbanks: u32,
    },
    /// The pie rule: the mover takes over White and its tiles.
    Swap,
    /// No move of two tiles is left, and no bridge gains anything.
    Pass,
    Resign,
}

/// What `mv` does for the side to move in `before`.
///
/// # Errors
/// The engine's reason when `mv` is not legal there.
pub fn effect(before: &Game, mv: Move) -> Result<Effect, IllegalMove> {
    before.check(mv)?;
    let Some(mover) = before.to_move() else {
        return Err(IllegalMove::GameOver);
    };
    let mut after = before.clone();
    after.apply(mv);
    let gained = after
        .score(mover)
        .points
        .saturating_sub(before.score(mover).points);
    Ok(match mv {
        Move::Place(a, b) => placed(before.board(), after.board(), mover, [a, b], gained),
        Move::Bridge(..) if gained > 0 => Effect::IslandsJoined { points: gained },
        Move::Bridge(..) => Effect::GroupsLinked,
        Move::Swap => Effect::Swap,
        Move::Pass => Effect::Pass,
        Move::Resign(_) => Effect::Resign,
    })
}

/// What placing `cells` did for `mover`, who gained `gained` points by it.
fn placed(before: &Board, after: &Board, mover: Color, cells: [Cell; 2], gained: u32) -> Effect {
    let made = after.islands(mover) & !before.islands(mover);
    if let Some(at) = made.first() {
        return Effect::IslandMade {
            at,
            islands: made.len() / 4,
            points: gained,
        };
    }
    let opponent = mover.other();
    let near = cells
        .iter()
        .fold(Bitboard::EMPTY, |near, &cell| near | Bitboard::single(cell))
        .grow_orthogonal();
    let mut taken = None;
    for sandbank in sandbanks(before, opponent) {
        if !can_become_island(before, opponent, sandbank) {
            continue;
        }
        let lowest = sandbank.first().unwrap_or(cells[0]);
        if !can_become_island(after, opponent, sandbank) {
            return Effect::IslandStopped { sandbank: lowest };
        }
        if taken.is_none() && !(sandbank & near).is_empty() {
            let cell = cells
                .into_iter()
                .find(|&cell| !(sandbank & Bitboard::single(cell).grow_orthogonal()).is_empty())
                .unwrap_or(cells[0]);
            taken = Some(Effect::CellTaken {
                cell,
                sandbank: lowest,
            });
        }
    }
    if let Some(taken) = taken {
        return taken;
    }
    let grown = cells
        .into_iter()
        .map(|cell| after.group(cell))
        .filter(|group| !(*group & before.tiles(mover)).is_empty())
        .max_by_key(|group| group.len());
    match grown {
        Some(group) => Effect::SandbankGrown {
            at: group.first().unwrap_or(cells[0]),
            tiles: group.len(),
        },
        None => Effect::NewSandbanks {
            sandbanks: if after.group(cells[0]).contains(cells[1]) {
                1
            } else {
                2
            },
        },
    }
}

/// `color`'s sandbanks on `board` (its groups of fewer than four tiles).
fn sandbanks(board: &Board, color: Color) -> Vec<Bitboard> {
    let mut left = board.tiles(color) & !board.islands(color);
    let mut groups = Vec::new();
    while let Some(cell) = left.first() {
        let group = board.group(cell);
        left &= !group;
        groups.push(group);
    }
    groups
}

/// Whether `color`'s sandbank `group` could still grow into an island on `board`: tiles
/// placed on free cells beside it (joining other sandbanks on the way, if it comes to that)
/// make four tiles that touch no other tile of `color`, not even diagonally, each tile legal
/// when placed.
pub fn can_become_island(board: &Board, color: Color, group: Bitboard) -> bool {
    // No tile of a colour may touch that colour's islands, diagonals included.
    let room = board.free() & !board.islands(color).grow_all();
    grows_to_island(board.tiles(color), room, group)
}

/// Whether `land`, a group of the tiles `own` and of cells added from `room`, can become an
/// island by adding more cells from `room`.
fn grows_to_island(own: Bitboard, room: Bitboard, land: Bitboard) -> bool {
    match land.len() {
        4 => (land.grow_all() & own & !land).is_empty(),
        5.. => false,
        _ => (land.grow_orthogonal() & room & !land).iter().any(|cell| {
            let added = land | Bitboard::single(cell);
            grows_to_island(own, room, added.flood(own | added))
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Variant;

    /// The game after `moves`, on an 8×8 board with unlimited supply.
    fn after(moves: &[&str]) -> Game {
        let mut game = Game::new(Variant::unlimited(8).unwrap());
        for mv in moves {
            game.play(mv.parse().unwrap()).unwrap();
        }
        game
    }

    fn of(game: &Game, mv: &str) -> Effect {
        effect(game, mv.parse().unwrap()).unwrap()
    }

    fn cell(name: &str) -> Cell {
        name.parse().unwrap()
    }

    #[test]
    fn completing_an_island_names_it_and_its_point() {
        // White: a1 a2, then a3 a4 makes an island of four.
        let game = after(&["a1 a2", "h8 h7"]);
        assert_eq!(
            of(&game, "a3 a4"),
            Effect::IslandMade {
                at: cell("a1"),
                islands: 1,
                points: 1
            }
        );
    }

    #[test]
    fn a_bridge_joining_two_islands_adds_the_networks_points() {
        // Two white islands, a1-a4 and c1-c4, a bridge a1-c1 between them: 1 + 1 becomes 3.
        let game = after(&[
            "a1 a2", "h8 h7", "a3 a4", "h5 h4", "c1 c2", "f8 f7", "c3 c4", "f5 f4",
        ]);
        assert_eq!(of(&game, "a1-c1"), Effect::IslandsJoined { points: 1 });
        // A bridge between two sandbanks adds nothing yet.
        let game = after(&["a1 a3", "h8 h6"]);
        assert_eq!(of(&game, "a1-a3"), Effect::GroupsLinked);
    }

    /// Red's a1 a2 fenced in the corner by White's a3 and b1 grows only through b2.
    const FENCED: [&str; 4] = ["a3 b1", "a1 a2", "h8 h6", "h1 h3"];

    #[test]
    fn a_tile_that_leaves_a_sandbank_no_room_stops_its_island() {
        assert_eq!(
            of(&after(&FENCED), "b2 e5"),
            Effect::IslandStopped {
                sandbank: cell("a1")
            }
        );
    }

    #[test]
    fn a_tile_beside_a_sandbank_with_room_left_takes_a_cell_from_it() {
        let game = after(&["h8 h6", "d4 d5"]);
        assert_eq!(
            of(&game, "d6 a1"),
            Effect::CellTaken {
                cell: cell("d6"),
                sandbank: cell("d4")
            }
        );
    }

    #[test]
    fn growing_or_starting_land_is_said_last() {
        let game = after(&["a1 a3", "h8 h6"]);
        assert_eq!(
            of(&game, "a2 f1"),
            Effect::SandbankGrown {
                at: cell("a1"),
                tiles: 3
            }
        );
        assert_eq!(of(&game, "c1 f1"), Effect::NewSandbanks { sandbanks: 2 });
        assert_eq!(of(&game, "e1 f1"), Effect::NewSandbanks { sandbanks: 1 });
        assert_eq!(of(&after(&["d4 e5"]), "swap"), Effect::Swap);
    }

    #[test]
    fn an_illegal_move_has_no_effect_but_the_engines_reason() {
        let game = after(&["a1 a2"]);
        assert!(effect(&game, "a1 b1".parse().unwrap()).is_err());
    }

    #[test]
    fn a_sandbank_can_become_an_island_through_free_cells_and_other_sandbanks_only() {
        let a1 = Bitboard::single(cell("a1"));
        let fenced = after(&FENCED);
        let red = Bitboard::single(cell("a2")) | a1;
        assert!(can_become_island(fenced.board(), Color::Red, red));
        let mut closed = fenced;
        closed.play("b2 e5".parse().unwrap()).unwrap();
        assert!(!can_become_island(closed.board(), Color::Red, red));
        // a1 touches b2 diagonally, yet a2 joins them: a1 a2 b2 and one more is an island.
        let diagonal = after(&["a1 b2"]);
        assert!(can_become_island(diagonal.board(), Color::White, a1));
    }
}
