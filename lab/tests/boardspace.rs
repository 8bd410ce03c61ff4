//! `boardspace`, Boardspace's Dumbot rebuilt: its random moves against distributions counted
//! by hand (chi-square), its reward, and its budget accounting (moves counted, never time).

use std::collections::HashMap;

use fastrand::Rng;
use ponte::ai::{Budget, Position, Step};
use ponte::game::{Bitboard, Cell, Color, Game, Move, Supply, Variant};
use ponte_lab::boardspace::{self, Draws, Seat, search_step};
use ponte_lab::players::{self as ai, Player};

fn cell(name: &str) -> Cell {
    name.parse().unwrap()
}

/// `variant`'s game after `moves`.
fn game(variant: Variant, moves: &[&str]) -> Game {
    let mut game = Game::new(variant);
    for mv in moves {
        game.play(mv.parse().unwrap()).unwrap();
    }
    game
}

/// What a random move starts with: the swap, a pass, a bridge, or the first tile's cell.
fn first_step(mv: Move) -> String {
    match mv {
        Move::Place(first, _) => first.to_string(),
        other => other.to_string(),
    }
}

/// Asserts that `draws` outcomes counted in `seen` fit the probabilities `wanted`: nothing
/// unwanted seen, and a chi-square statistic within six standard deviations of its
/// distribution (the seeds are fixed, so the test is deterministic; a wrong weight is far off).
fn assert_fits(wanted: &HashMap<String, f64>, seen: &HashMap<String, u32>, draws: u32) {
    let total: f64 = wanted.values().sum();
    assert!(
        (total - 1.0).abs() < 1e-9,
        "the wanted distribution sums to {total}"
    );
    for key in seen.keys() {
        assert!(
            wanted.contains_key(key),
            "{key} drawn, never wanted: {seen:?}"
        );
    }
    let chi_square: f64 = wanted
        .iter()
        .map(|(key, p)| {
            let expected = p * f64::from(draws);
            (f64::from(seen.get(key).copied().unwrap_or(0)) - expected).powi(2) / expected
        })
        .sum();
    let freedom = (wanted.len().max(2) - 1) as f64;
    let threshold = freedom + 6.0 * (2.0 * freedom).sqrt();
    assert!(
        chi_square < threshold,
        "chi-square {chi_square:.1} over {threshold:.1}: {seen:?}"
    );
}

/// Counts the first steps of `draws` random moves in `game`, each from the lists `lists`
/// gives, checking that each move is legal and counts as Boardspace counts it.
fn draw_first_steps(
    game: &Game,
    draws: u32,
    seed: u64,
    lists: impl Fn() -> Draws,
) -> (HashMap<String, u32>, Vec<Move>) {
    let mut rng = Rng::with_seed(seed);
    let (mut seen, mut moves) = (HashMap::new(), Vec::new());
    for _ in 0..draws {
        let (mv, count) = lists().random_move(game, &mut rng).unwrap();
        assert_eq!(game.check(mv), Ok(()), "{mv}");
        let wanted_count = if matches!(mv, Move::Place(..)) { 2 } else { 1 };
        assert_eq!(
            count, wanted_count,
            "{mv} is {wanted_count} of Boardspace's moves"
        );
        *seen.entry(first_step(mv)).or_default() += 1;
        moves.push(mv);
    }
    (seen, moves)
}

fn uniform(keys: impl IntoIterator<Item = String>) -> HashMap<String, f64> {
    let keys: Vec<String> = keys.into_iter().collect();
    let p = 1.0 / keys.len() as f64;
    keys.into_iter().map(|k| (k, p)).collect()
}

fn free_cells(game: &Game) -> Vec<String> {
    game.board().free().iter().map(|c| c.to_string()).collect()
}

/// Red's first turn after White's opening: the swap is "number 99" of 99 (`PlayOrSwap`,
/// `cells − 1` in general), and every other draw a placement starting on any free cell, all
/// of them legal for Red's first tile: 98 cells and the swap on 10×10, 34 and the swap on 6×6,
/// each outcome equally likely.
#[test]
fn red_swaps_one_time_in_cells_minus_one() {
    for (variant, outcomes) in [
        (Variant::boxed(10).unwrap(), 99),
        (Variant::unlimited(6).unwrap(), 35),
    ] {
        let opened = game(variant, &["a1 c1"]);
        let mut wanted = free_cells(&opened);
        wanted.push("swap".to_owned());
        assert_eq!(wanted.len(), outcomes);
        let draws = 200 * outcomes as u32;
        let (seen, _) = draw_first_steps(&opened, draws, 3, Draws::new);
        assert_fits(&uniform(wanted), &seen, draws);
    }
}

/// White's four lone tiles a1, c1, a3, c3 on 6×6: every one of the 28 free cells takes a
/// White tile (no group would pass 3 tiles, no island exists), and six bridges are legal
/// (a1-c1, a3-c3, a1-a3, c1-c3 and the two diagonals over b2). With fresh lists a tile and a
/// bridge weigh the same (Dumbot's bridge weight 1): 34 outcomes, each 1/34. The second
/// tile goes to any partner of the first alike (checked against the engine's listing).
#[test]
fn tiles_and_bridges_weigh_by_their_counts() {
    const DRAWS: u32 = 34 * 300;
    let position = game(
        Variant::unlimited(6).unwrap(),
        &["a1 c1", "f6 f4", "a3 c3", "d6 d4"],
    );
    let bridges = ["a1-c1", "a3-c3", "a1-a3", "c1-c3", "a1-c3", "c1-a3"].map(|b| {
        let mv: Move = b.parse().unwrap();
        mv.to_string()
    });
    let mut wanted = free_cells(&position);
    assert_eq!(wanted.len(), 28);
    wanted.extend(bridges);
    let wanted = uniform(wanted);
    let (seen, moves) = draw_first_steps(&position, DRAWS, 5, Draws::new);
    assert_fits(&wanted, &seen, DRAWS);

    let mut seconds_wanted: HashMap<String, f64> = HashMap::new();
    let firsts = position.legal_first_cells();
    let placements = f64::from(firsts.len()) / 34.0;
    for first in firsts {
        let partners = position.legal_second_cells(first);
        for second in partners {
            *seconds_wanted.entry(second.to_string()).or_default() +=
                1.0 / 28.0 / f64::from(partners.len());
        }
    }
    let mut seconds = HashMap::new();
    for mv in &moves {
        if let Move::Place(_, second) = mv {
            *seconds.entry(second.to_string()).or_default() += 1;
        }
    }
    let placed = (f64::from(DRAWS) * placements).round() as u32;
    let placed_seen: u32 = seconds.values().sum();
    assert!(
        placed_seen.abs_diff(placed) < 300,
        "{placed_seen} placements"
    );
    assert_fits(&seconds_wanted, &seconds, placed_seen);
}

/// The same position with White's tiles used up (four each): no tile can be drawn, so a
/// bridge is drawn from the six and one extra slot, the pass: seven outcomes, each 1/7, a
/// pass although bridges are legal.
#[test]
fn without_a_tile_the_pass_is_one_more_slot_beside_the_bridges() {
    const DRAWS: u32 = 7 * 600;
    let variant = Variant::new(6, Supply::Limited(4), Supply::Unlimited).unwrap();
    let position = game(variant, &["a1 c1", "f6 f4", "a3 c3", "d6 d4"]);
    assert_eq!(position.tiles_left(Color::White), Some(0));
    let mut wanted: Vec<String> = ["a1-c1", "a3-c3", "a1-a3", "c1-c3", "a1-c3", "c1-a3"]
        .map(|b| b.parse::<Move>().unwrap().to_string())
        .into();
    wanted.push("pass".to_owned());
    let (seen, _) = draw_first_steps(&position, DRAWS, 7, Draws::new);
    assert_fits(&uniform(wanted), &seen, DRAWS);
}

/// The weight of tiles is the length of the tile list *after* the draw struck its dead cells,
/// which may still hold some ("approximate count of tile moves"). White's list holds a1 and
/// c1 (occupied: dead) and b2 and e2 (legal). The draw finds a legal cell first with
/// probability 1/2 (the list keeps 4), after striking one dead cell with 1/2 × 2/3 = 1/3
/// (3 left) and after both with 1/6 (2 left); against six bridges a tile is chosen with
/// probability 1/2 × 4/10 + 1/3 × 3/9 + 1/6 × 2/8 = 127/360, so b2 and e2 start a placement
/// with 127/720 each and each bridge is drawn with 233/2160. The second tile too comes from
/// the list: the placement is b2 e2 or e2 b2.
#[test]
fn the_tile_weight_is_the_list_left_after_striking_dead_cells() {
    const DRAWS: u32 = 20_000;
    let position = game(
        Variant::unlimited(6).unwrap(),
        &["a1 c1", "f6 f4", "a3 c3", "d6 d4"],
    );
    let list: Bitboard = ["a1", "c1", "b2", "e2"].map(cell).into_iter().collect();
    let mut wanted: HashMap<String, f64> =
        ["b2", "e2"].map(|c| (c.to_owned(), 127.0 / 720.0)).into();
    for bridge in ["a1-c1", "a3-c3", "a1-a3", "c1-c3", "a1-c3", "c1-a3"] {
        let bridge = bridge.parse::<Move>().unwrap().to_string();
        wanted.insert(bridge, 233.0 / 2160.0);
    }
    let (seen, moves) =
        draw_first_steps(&position, DRAWS, 9, || Draws::with_lists(Some(list), None));
    assert_fits(&wanted, &seen, DRAWS);
    for mv in moves {
        if let Move::Place(a, b) = mv {
            let pair = [a.to_string(), b.to_string()];
            assert!(pair == ["b2", "e2"] || pair == ["e2", "b2"], "{mv}");
        }
    }
}

/// The striking itself, from that list: the list only ever loses cells; a draw that ends in
/// a bridge keeps b2 and e2 (the tile draw struck only dead cells), one that ends in a
/// placement keeps its second tile's cell (drawn legal); Red's list is not made for White.
#[test]
fn a_draw_strikes_only_the_dead_cells_it_meets() {
    let position = game(
        Variant::unlimited(6).unwrap(),
        &["a1 c1", "f6 f4", "a3 c3", "d6 d4"],
    );
    let list: Bitboard = ["a1", "c1", "b2", "e2"].map(cell).into_iter().collect();
    let mut rng = Rng::with_seed(1);
    let (mut placements, mut bridges) = (0, 0);
    for _ in 0..500 {
        let mut draws = Draws::with_lists(Some(list), None);
        let (mv, _) = draws.random_move(&position, &mut rng).unwrap();
        let after = draws.list(Color::White).unwrap();
        assert!((after & !list).is_empty(), "the list only shrinks");
        match mv {
            Move::Place(_, second) => {
                placements += 1;
                assert!(after.contains(second), "{mv}");
            }
            Move::Bridge(..) => {
                bridges += 1;
                assert!(after.contains(cell("b2")) && after.contains(cell("e2")));
            }
            other => panic!("{other}"),
        }
        assert_eq!(draws.list(Color::Red), None);
    }
    assert!(placements > 100 && bridges > 100);
}

/// `PontePlay.NormalizedScore` on a finished game counted by hand: Red's last-turn bridge wins
/// on the bridge tiebreak (0 points and 0 islands each, 1 bridge to 0), Δ = 1 in
/// Boardspace's extended score, so the win is worth 1 + 1/5,000,000 − 0.06; a pass instead
/// draws, worth 0.
#[test]
fn the_reward_is_boardspaces_normalized_score() {
    let variant = Variant::new(8, Supply::Limited(2), Supply::Limited(3)).unwrap();
    let bridged = game(variant, &["a1 a2", "c3 e3", "pass", "c3-e3"]);
    assert_eq!(boardspace::extended_score(&bridged, Color::Red), 1);
    assert_eq!(boardspace::extended_score(&bridged, Color::White), 0);
    let won = 1.0 + 1.0 / 5_000_000.0 - 0.06;
    assert!((boardspace::reward(&bridged, Seat::Second) - won).abs() < 1e-12);
    assert!((boardspace::reward(&bridged, Seat::First) + won).abs() < 1e-12);
    let drawn = game(variant, &["a1 a2", "c3 e3", "pass", "pass"]);
    assert_eq!(boardspace::reward(&drawn, Seat::First), 0.0);
    // Who is who: the swap hands White to the second player.
    assert_eq!(Seat::of(Color::White, false), Seat::First);
    assert_eq!(Seat::of(Color::White, true), Seat::Second);
    assert_eq!(Seat::of(Color::Red, true), Seat::First);
}

fn moves_budget(moves: u64) -> Budget {
    Budget {
        random_moves: Some(moves),
        ..Budget::default()
    }
}

/// The budget counts every move a step's search makes, in playouts and down the tree (a tile
/// is one), and the search stops after the simulation that reaches it.
#[test]
fn a_steps_budget_counts_random_and_tree_moves() {
    let opened = Position::new(game(Variant::boxed(10).unwrap(), &["e5 f6", "d4 g7"]));
    for (budget, seed) in [(5_000, 1), (20_000, 2)] {
        let search = search_step(&opened, moves_budget(budget), &mut Rng::with_seed(seed));
        assert_eq!(
            search.counted(),
            search.random_moves + search.tree_moves + search.empty_simulations
        );
        assert!(search.counted() >= budget, "{search:?}");
        // One simulation is less than a whole game (80 tiles, 15 bridges) and its tree moves.
        assert!(search.counted() < budget + 200, "{search:?}");
        assert!(search.tree_moves >= search.simulations, "{search:?}");
        assert!(search.random_moves > search.tree_moves, "{search:?}");
        assert_eq!(search.empty_simulations, 0);
    }
}

/// A placement is two steps, each its own search with the whole budget.
#[test]
fn a_placement_is_two_searches_each_with_the_budget() {
    let empty = Game::new(Variant::boxed(10).unwrap());
    let player = Player::Boardspace { moves: 4_000 };
    let decision = ai::choose(&empty, player, player.budget(None), 3).unwrap();
    assert!(matches!(decision.best, Move::Place(..)), "{decision:?}");
    assert!(decision.random_moves >= 8_000, "{decision:?}");
    assert!(decision.random_moves < 8_000 + 400, "{decision:?}");
    assert_eq!(empty.check(decision.best), Ok(()));
}

/// Red's last turn with no tiles left: a bridge c3-e3 wins (one bridge to none), a pass
/// draws. A step that ends the game is marked with its value; the winning one becomes the
/// root's only child and the search ends: at most two simulations of one tree move each,
/// whatever the budget.
#[test]
fn a_proven_win_ends_the_search() {
    let variant = Variant::new(8, Supply::Limited(2), Supply::Limited(3)).unwrap();
    let last_turn = Position::new(game(variant, &["a1 a2", "c3 e3", "pass"]));
    for seed in 0..8 {
        let search = search_step(
            &last_turn,
            moves_budget(1_000_000),
            &mut Rng::with_seed(seed),
        );
        assert_eq!(
            search.step,
            Step::Bridge(cell("c3"), cell("e3")),
            "{search:?}"
        );
        assert!(search.simulations <= 2, "{search:?}");
        assert_eq!(search.tree_moves, search.simulations);
        assert_eq!(search.random_moves, 0);
    }
}

/// Red's last turn, no tiles left, against White's island: six bridges and the pass, all
/// losing (White 1 point to 0). Each of seven simulations takes a new step, finds the game
/// lost and drops it; the eighth finds nothing left and decides on the first child. Counted:
/// 7 tree moves and one empty simulation, whatever the budget.
#[test]
fn when_every_step_loses_the_search_drops_them_and_decides() {
    let variant = Variant::new(6, Supply::Limited(4), Supply::Unlimited).unwrap();
    let lost = game(variant, &["a1 a2", "f6 f4", "a3 a4", "d6 d4", "pass"]);
    assert!(lost.is_last_turn());
    let lost = Position::new(lost);
    assert_eq!(lost.steps().len(), 7);
    for seed in 0..4 {
        let search = search_step(&lost, moves_budget(1_000_000), &mut Rng::with_seed(seed));
        assert!(lost.steps().contains(&search.step));
        assert_eq!(
            (
                search.simulations,
                search.tree_moves,
                search.random_moves,
                search.empty_simulations
            ),
            (8, 7, 0, 1),
            "{search:?}"
        );
        assert_eq!(search.counted(), 8);
    }
}

/// Red's last turn, Red ahead on bridges whatever it does: the first simulation's step wins.
/// A first tile wins through the early-win rule (a playout of one random move, the second
/// tile by the same player, that wins): one simulation, one tree move, one random move.
#[test]
fn an_immediate_win_below_a_first_tile_ends_the_search() {
    let variant = Variant::new(6, Supply::Limited(4), Supply::Unlimited).unwrap();
    let ahead = game(variant, &["a1 a2", "f6 f4", "a4 a5", "f6-f4", "pass"]);
    assert!(ahead.is_last_turn());
    let ahead = Position::new(ahead);
    let mut tiles = 0;
    for seed in 0..6 {
        let search = search_step(&ahead, moves_budget(1_000_000), &mut Rng::with_seed(seed));
        assert_eq!(search.simulations, 1, "{search:?}");
        if let Step::Tile(_) = search.step {
            tiles += 1;
            assert_eq!(
                (search.tree_moves, search.random_moves),
                (1, 1),
                "{search:?}"
            );
        }
    }
    assert!(tiles > 0);
}

/// The same seed and budget give the same move; a game of Dumbot's playouts from every size's
/// empty board ends, every move legal (the engine checks each in debug builds).
#[test]
fn playouts_end_on_every_size_and_searches_repeat() {
    let mut rng = Rng::with_seed(4);
    for size in 6..=16 {
        for variant in [
            Variant::unlimited(size).unwrap(),
            Variant::new(size, Supply::Limited(20), Supply::Limited(4)).unwrap(),
        ] {
            for _ in 0..5 {
                let mut played = Game::new(variant);
                let moves = boardspace::playout(&mut played, &mut rng);
                assert!(played.is_over());
                assert!(moves > 0);
            }
        }
    }
    let opened = Position::new(game(Variant::boxed(10).unwrap(), &["c3 d4"]));
    let once = search_step(&opened, moves_budget(3_000), &mut Rng::with_seed(8));
    let again = search_step(&opened, moves_budget(3_000), &mut Rng::with_seed(8));
    assert_eq!(once, again);
}
