//! What a move does for the side that makes it, read from the positions before and after it:
//! the islands it completes, the islands a bridge joins and the points that adds, the room it
//! takes from the opponent's sandbanks, the sandbank it grows. A hint says it in words a
//! beginner understands; these are the facts it says, each one the engine's: a sandbank said
//! to be one tile from an island has a legal placement that makes it one ([`island_ways`]),
//! one said to have no room left has none.

use super::bitboard::Bitboard;
use super::board::Board;
use super::cell::{Cell, Color};
use super::error::IllegalMove;
use super::game::Game;
use super::moves::Move;
use super::reach::{island_ways, room_ways};

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
    /// A bridge between two networks that adds no points yet: islands made later on both
    /// sides score together.
    GroupsLinked,
    /// A bridge that adds no points and links nothing new for later (its groups are joined
    /// already, or the game ends with it): one more bridge, the last tiebreak.
    BridgeAdded,
    /// Leaves the opponent's sandbank (at its lowest cell `sandbank`) no way to become an
    /// island.
    IslandStopped {
        sandbank: Cell,
    },
    /// Takes `cell`, beside the opponent's sandbank at `sandbank`, which some way of that
    /// sandbank to an island needed; it still has others.
    CellTaken {
        cell: Cell,
        sandbank: Cell,
    },
    /// Grows the mover's sandbank (at its lowest cell `at`) to `tiles` tiles, from which `left`
    /// more tiles, placed on the mover's next turn, make an island (and no fewer do).
    SandbankGrown {
        at: Cell,
        tiles: u32,
        left: u32,
    },
    /// Starts `sandbanks` new sandbanks (one or two) that can still become islands.
    NewSandbanks {
        sandbanks: u32,
    },
    /// Two tiles of which no island can come any more: no group they are in can become one,
    /// or the game is over.
    NoIsland,
    /// The pie rule: the mover takes over White and its tiles.
    Swap,
    /// No move of two tiles is left; `bridge_scores`: some bridge would add points.
    Pass {
        bridge_scores: bool,
    },
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
        Move::Place(a, b) => placed(before, &after, mover, [a, b], gained),
        Move::Bridge(..) if gained > 0 => Effect::IslandsJoined { points: gained },
        Move::Bridge(a, b) if after.is_over() || linked(before.board(), mover, a).contains(b) => {
            Effect::BridgeAdded
        }
        Move::Bridge(..) => Effect::GroupsLinked,
        Move::Swap => Effect::Swap,
        Move::Pass => Effect::Pass {
            bridge_scores: bridge_scores(before, mover),
        },
        Move::Resign(_) => Effect::Resign,
    })
}

/// The tiles of `color` joined to `cell`'s group by its bridges, through other groups too.
fn linked(board: &Board, color: Color, cell: Cell) -> Bitboard {
    let mut network = board.group(cell);
    loop {
        let before = network;
        for &(owner, bridge) in board.bridges() {
            let [a, b] = bridge.ends();
            if owner == color && network.contains(a) != network.contains(b) {
                network |= board.group(a) | board.group(b);
            }
        }
        if network == before {
            return network;
        }
    }
}

/// Whether some bridge `mover`, to move in `game`, could build would add points.
fn bridge_scores(game: &Game, mover: Color) -> bool {
    let points = game.score(mover).points;
    game.legal_bridges().into_iter().any(|bridge| {
        let [a, b] = bridge.ends();
        let mut built = game.clone();
        built.apply(Move::Bridge(a, b));
        built.score(mover).points > points
    })
}

/// What placing `cells` did for `mover`, who gained `gained` points by it.
fn placed(before: &Game, after: &Game, mover: Color, cells: [Cell; 2], gained: u32) -> Effect {
    let (board, later) = (before.board(), after.board());
    let made = later.islands(mover) & !board.islands(mover);
    if let Some(at) = made.first() {
        return Effect::IslandMade {
            at,
            islands: made.len() / 4,
            points: gained,
        };
    }
    // Once the game is over, neither side places another tile: no sandbank grows.
    if after.is_over() {
        return Effect::NoIsland;
    }
    if let Some(blocked) = blocked(before, after, mover, cells) {
        return blocked;
    }
    let ways = |group: Bitboard| island_ways(later, mover, group, after.tiles_left(mover));
    let groups = cells.map(|cell| later.group(cell));
    // The fewest tiles that make it an island: its first way's.
    let grown = groups
        .into_iter()
        .filter(|group| !(*group & board.tiles(mover)).is_empty())
        .filter_map(|group| Some((group, ways(group).next()?.len())))
        .max_by_key(|(group, _)| group.len());
    if let Some((group, left)) = grown {
        return Effect::SandbankGrown {
            at: group.first().unwrap_or(cells[0]),
            tiles: group.len(),
            left,
        };
    }
    let new = |group: &Bitboard| (*group & board.tiles(mover)).is_empty();
    let has_room = |group: &Bitboard| new(group) && ways(*group).next().is_some();
    let sandbanks = match groups {
        [a, b] if a == b => u32::from(has_room(&a)),
        groups => groups.iter().filter(|group| has_room(group)).count() as u32,
    };
    if sandbanks > 0 {
        Effect::NewSandbanks { sandbanks }
    } else {
        Effect::NoIsland
    }
}

/// What placing `cells` took from the opponent's sandbanks: the last way of one to an island
/// (the first such), else a cell beside one that a way of it needed.
fn blocked(before: &Game, after: &Game, mover: Color, cells: [Cell; 2]) -> Option<Effect> {
    let opponent = mover.other();
    let left = before.tiles_left(opponent);
    let [a, b] = cells.map(Bitboard::single);
    let mut taken = None;
    for sandbank in sandbanks(before.board(), opponent) {
        // A sandbank none of whose ways the tiles stand in is left as it was.
        let room = room_ways(before.board(), opponent, sandbank);
        if room.iter().all(|way| (*way & (a | b)).is_empty()) {
            continue;
        }
        let could: Vec<Bitboard> = island_ways(before.board(), opponent, sandbank, left).collect();
        if could.is_empty() {
            continue;
        }
        let lowest = sandbank.first().unwrap_or(cells[0]);
        if island_ways(after.board(), opponent, sandbank, left)
            .next()
            .is_none()
        {
            return Some(Effect::IslandStopped { sandbank: lowest });
        }
        let beside = sandbank.grow_orthogonal();
        let needed = cells
            .into_iter()
            .find(|&cell| beside.contains(cell) && could.iter().any(|way| way.contains(cell)));
        if let (None, Some(cell)) = (taken, needed) {
            taken = Some(Effect::CellTaken {
                cell,
                sandbank: lowest,
            });
        }
    }
    taken
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Supply, Variant};

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

    #[test]
    fn a_bridge_between_groups_already_joined_only_adds_a_bridge() {
        // a1 a2 and c1 c2, joined by a1-c1: a2-c2 joins nothing new.
        let game = after(&["a1 a2", "h8 h7", "c1 c2", "h5 h4"]);
        assert_eq!(of(&game, "a1-c1"), Effect::GroupsLinked);
        let mut linked = game;
        for mv in ["a1-c1", "f8 f7"] {
            linked.play(mv.parse().unwrap()).unwrap();
        }
        assert_eq!(of(&linked, "a2-c2"), Effect::BridgeAdded);
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
                tiles: 3,
                left: 1
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

    /// White's a1 a2 beside Red's island b1–b4, White's island b5–c6 above: a4 touches it
    /// diagonally, so a1–a3 could never be completed. Red's island f8–h7 walls in h8.
    const WALLED: [&str; 8] = [
        "a1 a2", "b1 b2", "b5 c5", "b3 b4", "b6 c6", "f8 g8", "e1 e3", "g7 h7",
    ];

    #[test]
    fn a_sandbank_grown_where_no_tile_can_complete_it_is_not_said_to_grow() {
        let game = after(&WALLED);
        // d8 starts a sandbank with room: that is what the move does.
        assert_eq!(of(&game, "a3 d8"), Effect::NewSandbanks { sandbanks: 1 });
        // h8 has no room either: nothing of the move can become an island.
        assert_eq!(of(&game, "a3 h8"), Effect::NoIsland);
        // Beside a1–a2 in the open, the growth is said with the one tile left.
        let open = after(&["a1 a2", "h8 h7"]);
        let grown = Effect::SandbankGrown {
            at: cell("a1"),
            tiles: 3,
            left: 1,
        };
        assert_eq!(of(&open, "b1 e5"), grown);
    }

    #[test]
    fn what_is_placed_or_bridged_on_the_last_turn_builds_nothing_for_later() {
        // Five tiles each on 6×6: White, with one left, passes; Red's turn is the last.
        let variant = Variant::new(6, Supply::Limited(5), Supply::Unlimited).unwrap();
        let mut game = Game::new(variant);
        for mv in ["a1 b1", "f1 f3", "e5 e6", "f1-f3", "pass"] {
            game.play(mv.parse().unwrap()).unwrap();
        }
        assert_eq!(of(&game, "c3 c4"), Effect::NoIsland);
        // A bridge between two sandbanks then links nothing that could score later.
        let mut bridged = Game::new(variant);
        for mv in ["a1 b1", "f1 f3", "e5 e6", "c3 c4", "pass"] {
            bridged.play(mv.parse().unwrap()).unwrap();
        }
        assert_eq!(of(&bridged, "f1-f3"), Effect::BridgeAdded);
    }

    #[test]
    fn a_pass_says_whether_a_bridge_would_have_scored() {
        // Nine tiles each on 6×6: White has one left and two islands a bridge apart.
        let variant = Variant::new(6, Supply::Limited(9), Supply::Unlimited).unwrap();
        let mut game = Game::new(variant);
        let moves = [
            "a1 a2", "f6 f5", "b1 b2", "f3 f2", "d1 d2", "d6 c6", "e1 e2", "a6 a5",
        ];
        for mv in moves {
            game.play(mv.parse().unwrap()).unwrap();
        }
        assert_eq!(
            of(&game, "pass"),
            Effect::Pass {
                bridge_scores: true
            }
        );
        for mv in ["b1-d1", "f5-f3"] {
            game.play(mv.parse().unwrap()).unwrap();
        }
        // b2-d2 joins what b1-d1 has joined already.
        assert_eq!(
            of(&game, "pass"),
            Effect::Pass {
                bridge_scores: false
            }
        );
    }
}
