//! How a sandbank can still become an island: every set of cells whose tiles would make it
//! one, each placeable by its colour alone, two tiles a turn, within its supply. What a hint
//! says of a sandbank ("one more tile makes an island", "it can never become an island now")
//! is read from these.

use super::bitboard::Bitboard;
use super::board::Board;
use super::cell::Color;

/// The ways `color`'s sandbank `group` on `board` can still become an island by `color`'s
/// placements alone (the other side's moves aside), with `tiles_left` tiles (`None`:
/// unlimited): each the set of new tiles that joins it into an island of four, touching no
/// other tile of `color`, not even diagonally. Each is placeable: two tiles a turn, the last
/// turn's second tile, when the set is odd, on some other legal cell, and the turns' tiles
/// within the supply. Fewest tiles first; each checked only when asked for, so that whether
/// there is one costs the first.
pub fn island_ways(
    board: &Board,
    color: Color,
    group: Bitboard,
    tiles_left: Option<u16>,
) -> impl Iterator<Item = Bitboard> {
    let mut ways = room_ways(board, color, group);
    ways.sort_by_key(|way| way.len());
    ways.into_iter().filter(move |&way| {
        let turns = way.len().div_ceil(2);
        tiles_left.is_none_or(|left| u32::from(left) >= 2 * turns) && placeable(board, color, way)
    })
}

/// The sets of free cells that would make `group` an island, placing aside: a quick look at
/// the room around it. None for an island.
pub(super) fn room_ways(board: &Board, color: Color, group: Bitboard) -> Vec<Bitboard> {
    if group.is_empty() || !(group & board.islands(color)).is_empty() {
        return Vec::new();
    }
    // No tile of a colour may touch that colour's islands, diagonals included.
    let room = board.free() & !board.islands(color).grow_all();
    let mut ways = Vec::new();
    grow(board.tiles(color), room, group, Bitboard::EMPTY, &mut ways);
    ways
}

/// Collects into `ways` the sets of cells from `room` (with `added` already among them) that
/// make `land`, a group of the tiles `own` and of the cells added, an island.
fn grow(own: Bitboard, room: Bitboard, land: Bitboard, added: Bitboard, ways: &mut Vec<Bitboard>) {
    match land.len() {
        4 => {
            if (land.grow_all() & own & !land).is_empty() && !ways.contains(&added) {
                ways.push(added);
            }
        }
        5.. => {}
        _ => {
            for cell in land.grow_orthogonal() & room & !land {
                let added = added | Bitboard::single(cell);
                grow(own, room, (land | added).flood(own | added), added, ways);
            }
        }
    }
}

/// Whether `color` can place the tiles `way`, two a turn: the whole set keeps the group rules
/// (so does every part of it, since the rules only get harder as tiles are added), and when
/// it is odd, the last tile has a partner somewhere.
fn placeable(board: &Board, color: Color, way: Bitboard) -> bool {
    let cells: Vec<_> = way.iter().collect();
    match cells[..] {
        [last] => !board.second_tile_cells(color, last).is_empty(),
        [a, b] => board.placement_fits(color, a, b),
        [a, b, last] => {
            if !board.placement_fits(color, a, b) {
                return false;
            }
            let mut placed = board.clone();
            placed.place(color, a, b);
            !placed.second_tile_cells(color, last).is_empty()
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Cell, Game, Variant};

    fn board(moves: &[&str]) -> Board {
        let mut game = Game::new(Variant::unlimited(8).unwrap());
        for mv in moves {
            game.play(mv.parse().unwrap()).unwrap();
        }
        game.board().clone()
    }

    fn ways(board: &Board, color: Color, group: Bitboard, left: Option<u16>) -> Vec<Bitboard> {
        island_ways(board, color, group, left).collect()
    }

    fn cells(names: &[&str]) -> Bitboard {
        names.iter().fold(Bitboard::EMPTY, |set, name| {
            set | Bitboard::single(name.parse::<Cell>().unwrap())
        })
    }

    #[test]
    fn a_sandbank_fenced_in_a_corner_grows_only_through_its_one_free_side() {
        // Red's a1 a2, White's a3 and b1: only b2 and then b3 or c2 lead out.
        let fenced = board(&["a3 b1", "a1 a2", "h8 h6", "h1 h3"]);
        let found = ways(&fenced, Color::Red, cells(&["a1", "a2"]), None);
        assert_eq!(found.len(), 2, "{found:?}");
        assert!(found.contains(&cells(&["b2", "b3"])) && found.contains(&cells(&["b2", "c2"])));
        assert!(ways(&fenced, Color::Red, cells(&["a1", "a2"]), Some(1)).is_empty());
        let closed = board(&["a3 b1", "a1 a2", "h8 h6", "h1 h3", "b2 e5"]);
        assert!(ways(&closed, Color::Red, cells(&["a1", "a2"]), None).is_empty());
    }

    #[test]
    fn other_sandbanks_join_on_the_way_and_a_diagonal_neighbour_can_be_one_of_them() {
        // a1 touches b2 diagonally, yet a2 joins them: a1 a2 b2 and one more is an island.
        let diagonal = board(&["a1 b2"]);
        let found = ways(&diagonal, Color::White, cells(&["a1"]), None);
        assert!(found.contains(&cells(&["a2", "b3"])), "{found:?}");
        assert!(found.contains(&cells(&["b1", "c2"])), "{found:?}");
        // Every way takes in b2, since both cells beside a1 touch it.
        assert!(found.iter().all(|way| way.len() == 2), "{found:?}");
    }

    #[test]
    fn an_island_has_no_way_and_an_odd_way_needs_a_second_cell() {
        let island = board(&["a1 a2", "h8 h7", "a3 a4"]);
        assert!(ways(&island, Color::White, cells(&["a1"]), None).is_empty());
        // Red everywhere but on a4, which completes White's a1–a3: the tile there has no
        // partner, so no way; with f6 free too, a4 and f6 is one.
        let full = "r r r r r r
                    r r r r r r
                    . r r r r r
                    w r r r r r
                    w r r r r r
                    w r r r r r";
        let sandbank = cells(&["a1", "a2", "a3"]);
        let one_free = Board::from_picture(6, full).unwrap();
        assert!(ways(&one_free, Color::White, sandbank, None).is_empty());
        let two_free = Board::from_picture(6, &full.replacen("r r r r r r", "r r r r r .", 1));
        let found = ways(&two_free.unwrap(), Color::White, sandbank, None);
        assert_eq!(found, [cells(&["a4"])]);
    }
}
