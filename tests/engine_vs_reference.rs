//! The fast engine against the brute-force reference checker (`tests/reference/`), written
//! from RULES.md alone, on thousands of random positions and moves: legality of placements,
//! bridges, swaps and passes, the legal-move queries, every cell, the supply and the scores.

mod reference;

use std::collections::BTreeSet;

use fastrand::Rng;
use ponte::game::{Cell, Color, Game, Move, Outcome, Supply, Variant, playout, tally};
use reference::{RefCell, RefColor, RefEnd, RefGame, RefMove};

fn to_ref_cell(cell: Cell) -> RefCell {
    (cell.col(), cell.row())
}

fn to_ref_color(color: Color) -> RefColor {
    match color {
        Color::White => RefColor::White,
        Color::Red => RefColor::Red,
    }
}

fn to_ref_move(mv: Move) -> RefMove {
    match mv {
        Move::Place(a, b) => RefMove::Place(to_ref_cell(a), to_ref_cell(b)),
        Move::Bridge(a, b) => RefMove::Bridge(to_ref_cell(a), to_ref_cell(b)),
        Move::Swap => RefMove::Swap,
        Move::Pass => RefMove::Pass,
        Move::Resign(color) => RefMove::Resign(color.map(to_ref_color)),
    }
}

fn pair(a: RefCell, b: RefCell) -> (RefCell, RefCell) {
    let key = |c: RefCell| (c.1, c.0);
    if key(a) <= key(b) { (a, b) } else { (b, a) }
}

fn supply(limit: Option<u32>) -> Supply {
    limit.map_or(Supply::Unlimited, |n| Supply::Limited(n as u16))
}

fn random_variant(rng: &mut Rng) -> (Variant, RefGame) {
    let size = rng.u8(6..=9);
    let tiles = rng.bool().then(|| rng.u32(2..=30));
    let bridges = rng.bool().then(|| rng.u32(0..=8));
    let variant = Variant::new(size, supply(tiles), supply(bridges)).unwrap();
    (variant, RefGame::new(size, tiles, bridges))
}

/// Everything observable about a position must agree.
fn compare_positions(game: &Game, reference: &RefGame, context: &str) {
    assert_eq!(
        game.to_move().map(to_ref_color),
        reference.to_move(),
        "{context}: to move"
    );
    assert_eq!(game.is_over(), reference.is_over(), "{context}: over");
    assert_eq!(game.swapped(), reference.swapped(), "{context}: swapped");
    let size = game.variant().size();
    let board = game.board();
    for col in 0..size {
        for row in 0..size {
            let cell = Cell::new(col, row);
            let ours = board.tile(cell).map(to_ref_color);
            assert_eq!(ours, reference.tile((col, row)), "{context}: tile {cell}");
            let blocked = board.blocked().contains(cell);
            assert_eq!(
                blocked,
                reference.is_blocked((col, row)),
                "{context}: blocked {cell}"
            );
        }
    }
    for color in Color::BOTH {
        let ours = game.score(color);
        let theirs = reference.score(to_ref_color(color));
        assert_eq!(
            (ours.points, ours.islands, ours.bridges, ours.tiles),
            (theirs.points, theirs.islands, theirs.bridges, theirs.tiles),
            "{context}: score of {color}"
        );
        assert_eq!(
            ours.networks.iter().map(|n| n.points).sum::<u32>(),
            ours.points,
            "{context}: networks add up"
        );
        assert_eq!(
            tally(board, color),
            ours.tally(),
            "{context}: the lean tally of {color}"
        );
        assert_eq!(
            game.tiles_left(color).map(u32::from),
            reference.tiles_left(to_ref_color(color)),
            "{context}: tiles left"
        );
    }
    assert_eq!(
        game.bridges_left().map(u32::from),
        reference.bridges_left(),
        "{context}: pool"
    );
    if let Some(outcome) = game.outcome() {
        assert_eq!(
            Some(outcome.winner().map(to_ref_color)),
            reference.winner(),
            "{context}: winner"
        );
        let end = match outcome {
            Outcome::Score { .. } => RefEnd::Score,
            Outcome::Resignation { .. } => RefEnd::Resign,
        };
        assert_eq!(Some(end), reference.end(), "{context}: end");
    }
    // A game ended by the score keeps the tallies it was judged by, the full score's numbers;
    // no other game has them.
    let judged = matches!(game.outcome(), Some(Outcome::Score { .. }));
    let kept = Color::BOTH.map(|color| game.score(color).tally());
    assert_eq!(
        game.final_tallies(),
        judged.then_some(kept),
        "{context}: final tallies"
    );
}

/// The legal-move queries against the reference's exhaustive lists.
fn compare_legal_moves(game: &Game, reference: &RefGame, context: &str) {
    let expected: BTreeSet<_> = reference.legal_placements().into_iter().collect();
    let mut listed = BTreeSet::new();
    for first in game.legal_first_cells() {
        let seconds = game.legal_second_cells(first);
        assert!(
            !seconds.is_empty(),
            "{context}: first cell {first} has no second"
        );
        for second in seconds {
            listed.insert(pair(to_ref_cell(first), to_ref_cell(second)));
        }
    }
    assert_eq!(listed, expected, "{context}: legal placements");
    assert_eq!(
        game.can_place_two(),
        reference.can_place_two(),
        "{context}: can place two"
    );
    assert_eq!(
        game.can_place_two(),
        !expected.is_empty(),
        "{context}: pairs exist"
    );

    let expected: BTreeSet<_> = reference.legal_bridges().into_iter().collect();
    let listed: BTreeSet<_> = game
        .legal_bridges()
        .into_iter()
        .map(|bridge| {
            let [a, b] = bridge.ends().map(to_ref_cell);
            pair(a, b)
        })
        .collect();
    assert_eq!(listed, expected, "{context}: legal bridges");
    assert_eq!(
        game.can_bridge(),
        !expected.is_empty(),
        "{context}: can bridge"
    );
    if let Some(color) = game.to_move() {
        for from in game.board().tiles(color) {
            for to in game.legal_bridge_ends(from) {
                let (a, b) = pair(to_ref_cell(from), to_ref_cell(to));
                assert!(
                    expected.contains(&(a, b)),
                    "{context}: bridge end {from}-{to}"
                );
            }
        }
    }
    for mv in [Move::Pass, Move::Swap] {
        assert_eq!(
            game.is_legal(mv),
            reference.is_legal(to_ref_move(mv)),
            "{context}: {mv}"
        );
    }
    assert_eq!(
        game.must_pass(),
        reference.to_move().is_some()
            && !reference.can_place_two()
            && reference.legal_bridges().is_empty(),
        "{context}: must pass"
    );
}

fn random_cell(rng: &mut Rng, size: u8) -> Cell {
    // Now and then a cell off this board, to test that too.
    let limit = if rng.u8(0..20) == 0 { 16 } else { size };
    Cell::new(rng.u8(0..limit), rng.u8(0..limit))
}

/// A move that is often illegal: random cells, random bridges near own tiles, passes, swaps.
fn random_attempt(game: &Game, rng: &mut Rng) -> Move {
    let size = game.variant().size();
    match rng.u8(0..10) {
        0..=3 => Move::Place(random_cell(rng, size), random_cell(rng, size)),
        4..=6 => {
            let own = game.board().tiles(game.to_move().unwrap_or(Color::White));
            let from = match own.len() {
                0 => random_cell(rng, size),
                n => own.nth(rng.u32(0..n)).unwrap(),
            };
            let to = Cell::on_board(
                i32::from(from.col()) + rng.i32(-2..=2),
                i32::from(from.row()) + rng.i32(-2..=2),
                size,
            )
            .unwrap_or(from);
            Move::Bridge(from, to)
        }
        7 => Move::Pass,
        8 => Move::Swap,
        _ => Move::Resign(None),
    }
}

#[test]
fn random_games_agree_with_the_reference_move_by_move() {
    let mut rng = Rng::with_seed(0x5eed_0001);
    let mut finished = 0;
    for game_number in 0..120 {
        let (variant, mut reference) = random_variant(&mut rng);
        let mut game = Game::new(variant);
        for ply in 0..200 {
            let context = format!("game {game_number} ply {ply} {variant:?}");
            compare_positions(&game, &reference, &context);
            if game.is_over() {
                finished += 1;
                break;
            }
            compare_legal_moves(&game, &reference, &context);
            // Several attempts that may be illegal: both sides must agree, and a rejected
            // move must leave the game untouched.
            for _ in 0..6 {
                let attempt = random_attempt(&game, &mut rng);
                if attempt == Move::Resign(None) {
                    continue;
                }
                let before = game.clone();
                let ours = game.check(attempt);
                let theirs = reference.is_legal(to_ref_move(attempt));
                assert_eq!(ours.is_ok(), theirs, "{context}: {attempt} gave {ours:?}");
                if ours.is_err() {
                    assert!(game.play(attempt).is_err());
                    assert_eq!(
                        game, before,
                        "{context}: a rejected {attempt} changed the game"
                    );
                }
            }
            // Then a legal move, now and then a resignation.
            let mv = if rng.u16(0..400) == 0 {
                Move::Resign(
                    rng.bool()
                        .then(|| if rng.bool() { Color::White } else { Color::Red }),
                )
            } else {
                playout::random_move(&game, &mut rng).unwrap()
            };
            game.play(mv)
                .unwrap_or_else(|e| panic!("{context}: {mv}: {e}"));
            assert!(
                reference.play(to_ref_move(mv)),
                "{context}: reference rejects {mv}"
            );
        }
        assert!(game.is_over(), "game {game_number} did not end");
    }
    assert_eq!(finished, 120);
}

#[test]
fn every_pair_of_cells_agrees_on_small_boards() {
    // Exhaustive placement and bridge legality on positions along random 6×6 and 7×7 games.
    let mut rng = Rng::with_seed(0x5eed_0002);
    for game_number in 0..30 {
        let size = 6 + (game_number % 2) as u8;
        let mut game = Game::new(Variant::unlimited(size).unwrap());
        let mut reference = RefGame::new(size, None, None);
        while !game.is_over() {
            let cells: Vec<Cell> = (0..size)
                .flat_map(|row| (0..size).map(move |col| Cell::new(col, row)))
                .collect();
            for (i, &a) in cells.iter().enumerate() {
                for &b in &cells[i..] {
                    if let Some(color) = game.to_move() {
                        assert_eq!(
                            game.board().placement_fits(color, a, b),
                            reference.is_legal(to_ref_move(Move::Place(a, b))),
                            "game {game_number} ply {}: placement_fits {a} {b}",
                            game.plies()
                        );
                    }
                    for mv in [Move::Place(a, b), Move::Bridge(a, b)] {
                        assert_eq!(
                            game.is_legal(mv),
                            reference.is_legal(to_ref_move(mv)),
                            "game {game_number} ply {}: {mv}",
                            game.plies()
                        );
                    }
                }
            }
            let mv = playout::random_move(&game, &mut rng).unwrap();
            game.play(mv).unwrap();
            assert!(reference.play(to_ref_move(mv)));
        }
        compare_positions(&game, &reference, &format!("game {game_number} end"));
    }
}

#[test]
fn random_games_on_every_size_end_and_score_alike() {
    // Bigger boards, whole games by the playout generator, compared at the end and at a few
    // positions along the way.
    let mut rng = Rng::with_seed(0x5eed_0003);
    for size in 6..=16u8 {
        for round in 0..3 {
            let variant = match round {
                0 => Variant::boxed(size).unwrap(),
                _ => Variant::unlimited(size).unwrap(),
            };
            let limit = |s: Supply| match s {
                Supply::Limited(n) => Some(u32::from(n)),
                Supply::Unlimited => None,
            };
            let mut reference =
                RefGame::new(size, limit(variant.tiles()), limit(variant.bridges()));
            let mut game = Game::new(variant);
            while let Some(mv) = playout::random_move(&game, &mut rng) {
                game.play(mv).unwrap();
                assert!(reference.play(to_ref_move(mv)), "size {size}: {mv}");
                if game.plies().is_multiple_of(16) || game.must_pass() {
                    compare_positions(&game, &reference, &format!("size {size}"));
                    assert_eq!(game.can_place_two(), reference.can_place_two());
                }
            }
            compare_positions(&game, &reference, &format!("size {size} end"));
        }
    }
}
