//! Every example of the rule texts (examples 1–9, the five island shapes, the scoring example)
//! and every rule of RULES.md, on positions drawn as text pictures.

use ponte::game::{
    Board, Bridge, Cell, Color, Game, IllegalMove, Move, Outcome, Supply, Tiebreak, Variant,
    network_points, score, tally,
};

const WHITE: Color = Color::White;
const RED: Color = Color::Red;

fn cell(name: &str) -> Cell {
    name.parse().unwrap()
}

fn board(picture: &str) -> Board {
    Board::from_picture(8, picture).unwrap()
}

fn place(board: &Board, color: Color, cells: &str) -> Result<(), IllegalMove> {
    let (a, b) = cells.split_once(' ').unwrap();
    board.check_placement(color, cell(a), cell(b))
}

fn build(board: &mut Board, color: Color, bridge: &str) -> Result<(), IllegalMove> {
    let (a, b) = bridge.split_once('-').unwrap();
    let bridge = board.check_bridge(color, cell(a), cell(b))?;
    board.build(color, bridge);
    Ok(())
}

fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

/// A game from a record's moves, each of which must be legal.
fn game(size: u8, moves: &[&str]) -> Game {
    let mut game = Game::new(Variant::unlimited(size).unwrap());
    for text in moves {
        game.play(mv(text))
            .unwrap_or_else(|e| panic!("{text} is illegal: {e}"));
    }
    game
}

#[test]
fn example_1_distance_rule_maintained() {
    // An island, sandbanks kept a cell away, and two sandbanks touching at a corner.
    let b = board(
        "
        . . . . . .
        . . . . . .
        . . r . . .
        . . . . w .
        W W . w . .
        W W . w . .",
    );
    assert_eq!(b.islands(WHITE).len(), 4);
    // The sandbank e3 touches the sandbank d2 diagonally: allowed, and it may grow away from it.
    assert_eq!(place(&b, WHITE, "e4 h6"), Ok(()));
    // Red's tile beside White's island breaks nothing.
    assert_eq!(place(&b, RED, "c3 c2"), Ok(()));
}

#[test]
fn example_2_no_island_from_two_sandbanks_that_would_touch_a_tile() {
    // Sandbanks a2-b2 and d2; c2 would make the island a2-d2, which touches e3 diagonally.
    let b = board(
        "
        . . . . . .
        . . . . . .
        . . . . w .
        w w . w . .
        . . . . . .",
    );
    assert_eq!(
        place(&b, WHITE, "c2 h8").unwrap_err().to_string(),
        "the island a2, b2, c2, d2 would touch your tile at e3 diagonally"
    );
    // The rule texts' picture: the new island would touch an existing island at a corner.
    let b = board(
        "
        . . . . . .
        . . . . W W
        . . . . W W
        . w w . . .
        . . . . . .",
    );
    assert!(matches!(
        place(&b, WHITE, "d2 d1"),
        Err(IllegalMove::IslandTouchesDiagonally { .. })
    ));
    assert_eq!(
        place(&b, WHITE, "d2 h8").unwrap_err().to_string(),
        "the island e3, f3, e4, f4 would touch your tile at d2 diagonally"
    );
}

#[test]
fn example_3_an_island_can_be_formed_here() {
    let mut b = board(
        "
        . . . . . .
        . . . . . .
        . . . . . .
        w w . w . .
        . . . . . .",
    );
    assert_eq!(place(&b, WHITE, "c2 h8"), Ok(()));
    b.place(WHITE, cell("c2"), cell("h8"));
    assert_eq!(b.islands(WHITE).len(), 4);
    assert_eq!(score(&b, WHITE).points, 1);
}

#[test]
fn example_4_extending_a_sandbank_next_to_another_diagonally() {
    let b = board(
        "
        . . . . . .
        . . . . . .
        . . w . . .
        w w . . . .",
    );
    // c2 becomes c2-c3-c4, still touching the sandbank a1-b1 at the corner b1/c2.
    assert_eq!(place(&b, WHITE, "c3 c4"), Ok(()));
    // But completing either into an island next to the other is not allowed.
    assert!(matches!(
        place(&b, WHITE, "c3 c4").and_then(|()| {
            let mut b = b.clone();
            b.place(WHITE, cell("c3"), cell("c4"));
            place(&b, WHITE, "c5 h8")
        }),
        Err(IllegalMove::IslandTouchesDiagonally { .. })
    ));
}

#[test]
fn example_5_no_group_of_five() {
    let b = board(
        "
        . . . . . .
        w w w . w .",
    );
    assert_eq!(
        place(&b, WHITE, "d1 h8").unwrap_err(),
        IllegalMove::GroupTooLarge {
            cell: cell("d1"),
            size: 5
        }
    );
    assert_eq!(
        place(&b, WHITE, "d1 h8").unwrap_err().to_string(),
        "that makes a group of 5 tiles at d1; a group may have at most 4"
    );
    // Two new tiles growing one sandbank past four.
    let b = board("w w . . . .");
    assert!(matches!(
        place(&b, WHITE, "c1 d1").and_then(|()| place(&board("w w w w"), WHITE, "e1 h8")),
        Err(IllegalMove::GroupTooLarge { size: 5, .. })
    ));
    assert!(matches!(
        board("w w . .").check_placement(WHITE, cell("c1"), cell("c2")),
        Ok(())
    ));
    assert!(matches!(
        board("w w w .").check_placement(WHITE, cell("d1"), cell("d2")),
        Err(IllegalMove::GroupTooLarge { size: 5, .. })
    ));
}

#[test]
fn example_6_colours_touch_freely() {
    // Red completes an island wrapped around White's island, touching it on sides and corners.
    let b = board(
        "
        . . . . . .
        . . . . . .
        W W r . . .
        W W r . . .",
    );
    assert_eq!(place(&b, RED, "c3 b3"), Ok(()));
    let mut b = b;
    b.place(RED, cell("c3"), cell("b3"));
    assert_eq!(b.islands(RED).len(), 4);
    assert_eq!(b.islands(WHITE).len(), 4);
    // White may put tiles right next to Red's island, though not next to its own.
    assert_eq!(place(&b, WHITE, "d1 d4"), Ok(()));
    assert!(matches!(
        place(&b, WHITE, "a3 h8"),
        Err(IllegalMove::GroupTooLarge { size: 5, .. })
    ));
}

#[test]
fn example_7_three_kinds_of_bridge() {
    let mut b = board(
        "
        . . . . . . . .
        . . . . . . . .
        w . w . . . . .
        . . . . . . . .
        w . . . w . . .
        . . . . . . w .
        . . . . . . . .
        w . w . . . . .",
    );
    build(&mut b, WHITE, "a1-c1").unwrap(); // straight
    build(&mut b, WHITE, "a4-c6").unwrap(); // diagonal
    build(&mut b, WHITE, "e4-g3").unwrap(); // knight
    assert_eq!(
        b.blocked(),
        ["b1", "b5", "f4", "f3"].iter().map(|n| cell(n)).collect()
    );
    assert_eq!(b.bridges().len(), 3);
}

#[test]
fn example_8_one_bridge_per_tile_and_none_over_a_tile() {
    let mut b = board(
        "
        . . . . . . . .
        w . w . . . . .
        . . . . . . . .
        w . w . w r w .",
    );
    build(&mut b, WHITE, "a1-c1").unwrap();
    assert_eq!(
        build(&mut b, WHITE, "c1-c3").unwrap_err().to_string(),
        "the tile on c1 already carries the bridge a1-c1"
    );
    assert_eq!(
        build(&mut b, WHITE, "a3-a1").unwrap_err(),
        IllegalMove::AlreadyBridged {
            cell: cell("a1"),
            bridge: Bridge::between(cell("a1"), cell("c1")).unwrap()
        }
    );
    assert_eq!(
        build(&mut b, WHITE, "e1-g1").unwrap_err().to_string(),
        "the bridge e1-g1 would pass over the red tile on f1"
    );
    assert_eq!(build(&mut b, WHITE, "a3-c3"), Ok(()));
}

#[test]
fn example_9_blocked_cells_take_no_tiles() {
    let mut b = board(
        "
        . . . . . .
        . . . . . .
        w . . . . .
        . . w . . .
        . . . . . .
        w . w . w .",
    );
    build(&mut b, WHITE, "a1-c1").unwrap(); // blocks b1
    build(&mut b, WHITE, "c3-a4").unwrap(); // knight: blocks b3 and b4
    build(&mut b, WHITE, "e1-c3").unwrap_err(); // c3 already carries a bridge
    assert_eq!(b.blocked().len(), 3);
    for (blocked, bridge) in [("b1", "a1-c1"), ("b3", "c3-a4"), ("b4", "c3-a4")] {
        for color in [WHITE, RED] {
            let error = place(&b, color, &format!("{blocked} f6")).unwrap_err();
            assert_eq!(
                error.to_string(),
                format!("{blocked} is under the bridge {bridge}")
            );
        }
    }
    // A blocked cell stays empty for good, and a bridge may pass over it again.
    let mut b = board(
        "
        . . . . . .
        . . . . . .
        w . w . . .
        . . . . . .
        w . w . . .",
    );
    build(&mut b, WHITE, "a1-c3").unwrap();
    assert_eq!(
        build(&mut b, WHITE, "c1-a3").unwrap_err().to_string(),
        "the bridge c1-a3 would cross the bridge a1-c3"
    );
}

#[test]
fn the_five_island_shapes_in_every_orientation_score_as_islands() {
    // I, O, T, L, S and their rotations and mirror images: the 19 fixed tetrominoes.
    let shapes: [&[(u8, u8)]; 5] = [
        &[(0, 0), (1, 0), (2, 0), (3, 0)],
        &[(0, 0), (1, 0), (0, 1), (1, 1)],
        &[(0, 0), (1, 0), (2, 0), (1, 1)],
        &[(0, 0), (0, 1), (0, 2), (1, 0)],
        &[(0, 0), (1, 0), (1, 1), (2, 1)],
    ];
    let mut seen = std::collections::HashSet::new();
    for shape in shapes {
        for turn in 0..4 {
            for mirror in [false, true] {
                let cells: Vec<(i32, i32)> = shape
                    .iter()
                    .map(|&(x, y)| {
                        let (x, y) = (i32::from(x), i32::from(y));
                        let (x, y) = if mirror { (-x, y) } else { (x, y) };
                        (0..turn).fold((x, y), |(x, y), _| (-y, x))
                    })
                    .collect();
                let min_x = cells.iter().map(|c| c.0).min().unwrap();
                let min_y = cells.iter().map(|c| c.1).min().unwrap();
                let mut normalised: Vec<(u8, u8)> = cells
                    .iter()
                    .map(|(x, y)| ((x - min_x) as u8 + 1, (y - min_y) as u8 + 1))
                    .collect();
                normalised.sort();
                if !seen.insert(normalised.clone()) {
                    continue;
                }
                // Build it with two legal placements from an empty board.
                let mut game = Game::new(Variant::unlimited(8).unwrap());
                let tiles: Vec<Cell> = normalised.iter().map(|&(x, y)| Cell::new(x, y)).collect();
                game.play(Move::Place(tiles[0], tiles[1])).unwrap();
                game.play(mv("h8 h6")).unwrap();
                game.play(Move::Place(tiles[2], tiles[3])).unwrap();
                let white = game.score(WHITE);
                assert_eq!((white.islands, white.points), (1, 1), "{tiles:?}");
            }
        }
    }
    assert_eq!(seen.len(), 19);
}

#[test]
fn the_scoring_example() {
    // White: four islands joined by three bridges: 10 points. Red: two islands joined through a
    // sandbank (3 points) and two single islands (1 + 1): 5 points.
    let mut b = Board::from_picture(
        12,
        "
        . . . . . . . . . . . .
        W W . W W . . . . . . .
        W W . W W . . . . . . .
        . . . . . . . . . . . .
        W W . W W . . . . . . .
        W W . W W . . . . . . .
        . . . . . . . . . . . .
        R R R R . r . R R R R .
        . . . . . . . . . . . .
        . . . . . . . . . . . .
        R R . . . . . . R R . .
        R R . . . . . . R R . .",
    )
    .unwrap();
    for bridge in ["a8-a10", "b11-d11", "e10-e8"] {
        build(&mut b, WHITE, bridge).unwrap();
    }
    build(&mut b, RED, "d5-f5").unwrap();
    // f5 carries a bridge already: the sandbank needs a second tile to pass the link on.
    assert!(matches!(
        build(&mut b, RED, "f5-h5"),
        Err(IllegalMove::AlreadyBridged { .. })
    ));
    b.place(RED, cell("f6"), cell("l12"));
    build(&mut b, RED, "f6-h5").unwrap();
    let white = score(&b, WHITE);
    assert_eq!((white.points, white.islands, white.bridges), (10, 4, 3));
    assert_eq!(white.networks.len(), 1);
    let red = score(&b, RED);
    assert_eq!((red.points, red.islands, red.bridges), (5, 4, 2));
    // The lean tally the AI's playouts are judged by counts the same.
    let lean = |color| {
        let t = tally(&b, color);
        (t.points, t.islands, t.bridges)
    };
    assert_eq!((lean(WHITE), lean(RED)), ((10, 4, 3), (5, 4, 2)));
    assert_eq!((white.tiles, red.tiles), (16, 19));
    assert_eq!(
        red.networks.iter().map(|n| n.points).collect::<Vec<_>>(),
        [3, 1, 1]
    );
    assert_eq!(red.networks[0].islands, [cell("a5"), cell("h5")]);
}

#[test]
fn triangular_points() {
    let table: Vec<u32> = (1..=12).map(network_points).collect();
    assert_eq!(table, [1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66, 78]);
}

#[test]
fn parallel_knights_share_a_blocked_cell_but_crossings_are_illegal() {
    let mut b = board(
        "
        . . . . . .
        . . w . . .
        w . w . . .
        w . . . . .",
    );
    build(&mut b, WHITE, "a1-c2").unwrap();
    assert_eq!(build(&mut b, WHITE, "a2-c3"), Ok(()));
    assert_eq!(b.blocked().len(), 3); // b1, b2 (twice), b3

    // Diagonal bridges crossing at a cell corner, blocking different cells.
    let mut c = board(
        "
        . r w . . .
        . . . . . .
        w . . r . .",
    );
    build(&mut c, WHITE, "a1-c3").unwrap();
    assert_eq!(
        build(&mut c, RED, "d1-b3").unwrap_err().to_string(),
        "the bridge d1-b3 would cross the bridge a1-c3"
    );
}

#[test]
fn swap_keeps_red_to_move() {
    let mut g = game(12, &["f6 g7"]);
    assert_eq!(g.to_move(), Some(RED));
    g.play(Move::Swap).unwrap();
    assert!(g.swapped());
    assert_eq!(g.to_move(), Some(RED));
    assert_eq!(g.plies(), 2);
    assert_eq!(g.play(Move::Swap), Err(IllegalMove::SwapNotNow));
    g.play(mv("c3 d4")).unwrap();
    assert_eq!(g.to_move(), Some(WHITE));
    assert_eq!(g.board().tiles(RED).len(), 2);
    // Swap is only the second move.
    assert_eq!(
        Game::default().play(Move::Swap),
        Err(IllegalMove::SwapNotNow)
    );
    let mut g = game(12, &["f6 g7", "c3 d4"]);
    assert_eq!(g.play(Move::Swap), Err(IllegalMove::SwapNotNow));
}

#[test]
fn placements_need_free_distinct_cells_on_the_board() {
    let mut g = game(12, &["f6 g7"]);
    assert_eq!(
        g.play(mv("f6 a1")).unwrap_err().to_string(),
        "f6 is already taken by a white tile"
    );
    assert_eq!(
        g.play(mv("m1 a1")).unwrap_err().to_string(),
        "m1 is off the 12×12 board"
    );
    assert_eq!(
        g.play(mv("a1 a1")).unwrap_err().to_string(),
        "the two tiles must go on two different cells, not both on a1"
    );
    assert_eq!(g.plies(), 1);
    assert_eq!(g.board().tiles(RED).len(), 0);
}

#[test]
fn bridges_need_own_tiles_a_bridge_apart() {
    let mut g = game(12, &["a1 c1", "e1 g1"]);
    assert_eq!(
        g.play(mv("e1-g1")).unwrap_err().to_string(),
        "there is no white tile on e1 to carry a bridge"
    );
    assert_eq!(
        g.play(mv("a1-a1")).unwrap_err().to_string(),
        "a bridge needs two different tiles, not a1 twice"
    );
    assert!(matches!(
        g.play(mv("a1-d1")),
        Err(IllegalMove::NotABridge { .. })
    ));
    g.play(mv("c1-a1")).unwrap();
    assert_eq!(
        g.board().bridges(),
        &[(WHITE, Bridge::between(cell("a1"), cell("c1")).unwrap())]
    );
}

#[test]
fn limited_supply_of_tiles_and_bridges() {
    let variant = Variant::new(8, Supply::Limited(3), Supply::Limited(1)).unwrap();
    let mut g = Game::new(variant);
    for text in ["a1 c1", "a8 c8", "a1-c1"] {
        g.play(mv(text)).unwrap();
    }
    assert_eq!(g.tiles_left(WHITE), Some(1));
    assert_eq!(g.bridges_left(), Some(0));
    assert_eq!(
        g.play(mv("a8-c8")).unwrap_err().to_string(),
        "no bridge is left: the pool of 1 is used up"
    );
    g.play(mv("e5 f7")).unwrap_err(); // red has 1 left: e5 f7 takes 2
    g.play(mv("e8 f1")).unwrap_err();
    assert_eq!(
        g.play(mv("e5 g6")).unwrap_err(),
        IllegalMove::NotEnoughTiles { left: 1 }
    );
    assert!(!g.can_place_two() && !g.can_bridge() && g.must_pass());
    // Red passes while it cannot place two: the game ends at once.
    g.play(Move::Pass).unwrap();
    assert!(g.is_over());
}

#[test]
fn passing_is_only_for_a_player_who_cannot_place_two_tiles() {
    let mut g = game(6, &["a1 c1"]);
    let error = g.play(Move::Pass).unwrap_err();
    assert!(
        error
            .to_string()
            .starts_with("you can still place two tiles (for example ")
    );
    assert!(error.to_string().ends_with("so you may not pass"));
}

#[test]
fn white_pass_gives_red_exactly_one_more_turn() {
    // White has no tiles left; Red still has plenty.
    let variant = Variant::new(8, Supply::Limited(2), Supply::Unlimited).unwrap();
    let mut g = Game::new(variant);
    // Each side has only two tiles: White's second turn is a pass, Red's reply ends it.
    g.play(mv("a1 h8")).unwrap();
    g.play(mv("d4 e5")).unwrap();
    assert!(g.must_pass());
    g.play(Move::Pass).unwrap();
    assert!(g.is_last_turn());
    assert_eq!(g.to_move(), Some(RED));
    assert!(!g.is_over());
    g.play(Move::Pass).unwrap();
    assert!(g.is_over());
    assert_eq!(g.to_move(), None);

    // Out of tiles, White passes though it could still bridge; Red's last turn is a bridge.
    let variant = Variant::new(8, Supply::Limited(4), Supply::Unlimited).unwrap();
    let mut g = Game::new(variant);
    for text in ["a1 c1", "a8 c8", "e1 g1", "e8 g8", "a1-c1", "a8-c8"] {
        g.play(mv(text)).unwrap();
    }
    assert!(g.can_bridge() && !g.can_place_two() && !g.must_pass());
    g.play(Move::Pass).unwrap();
    assert!(g.is_last_turn());
    g.play(mv("e8-g8")).unwrap();
    assert!(g.is_over());
    assert_eq!(
        g.outcome(),
        Some(Outcome::Score {
            winner: Some(RED),
            decided_by: Tiebreak::Bridges
        })
    );
    assert_eq!(g.play(Move::Pass), Err(IllegalMove::GameOver));
}

#[test]
fn resign_at_any_time_by_either_side() {
    let mut g = Game::default();
    g.play(Move::Resign(None)).unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Resignation { winner: RED }));
    let mut g = game(12, &["a1 c1", "e5 f7"]);
    g.play(Move::Resign(Some(RED))).unwrap();
    assert_eq!(g.outcome(), Some(Outcome::Resignation { winner: WHITE }));
    assert_eq!(g.play(Move::Resign(None)), Err(IllegalMove::GameOver));
}

#[test]
fn tiebreaks_points_then_islands_then_bridges() {
    use ponte::game::{Score, judge};
    let side = |points, islands, bridges| Score {
        points,
        islands,
        bridges,
        ..Score::default()
    };
    assert_eq!(
        judge(&side(3, 2, 0), &side(1, 5, 9)),
        (Some(WHITE), Tiebreak::Points)
    );
    assert_eq!(
        judge(&side(3, 2, 0), &side(3, 3, 0)),
        (Some(RED), Tiebreak::Islands)
    );
    assert_eq!(
        judge(&side(3, 3, 2), &side(3, 3, 1)),
        (Some(WHITE), Tiebreak::Bridges)
    );
    assert_eq!(
        judge(&side(3, 3, 1), &side(3, 3, 1)),
        (None, Tiebreak::Draw)
    );
}

/// The scoring example of the project's rules document (`docs/RULES.md`, drawn from
/// `assets/examples/scoring.txt`) is a legal game scoring what the document says.
#[test]
fn the_scoring_example_of_the_rules_document() {
    let record: ponte::game::Record = include_str!("../assets/examples/scoring.txt")
        .parse()
        .unwrap();
    let replay = record.replay();
    assert!(replay.error.is_none(), "{:?}", replay.error);
    let white = score(replay.game.board(), WHITE);
    let red = score(replay.game.board(), RED);
    assert_eq!((white.points, white.islands, white.bridges), (10, 4, 3));
    assert_eq!((red.points, red.islands, red.bridges), (5, 4, 2));
    assert_eq!(
        red.networks.iter().map(|n| n.points).collect::<Vec<_>>(),
        [3, 1, 1]
    );
}
