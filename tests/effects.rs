//! Every fact a hint says of a move ([`Effect`]) checked on random positions by a brute force
//! written here from the rules and the engine's public API alone (a placement's legality, the
//! board after it, the score): a sandbank said to be one tile from an island is made one by a
//! legal placement found by trying every set of cells near it; one said to have no room left
//! has no such set; points said to be gained are the score's difference.

use std::collections::BTreeMap;

use fastrand::Rng;
use ponte::game::{Board, Cell, Color, Effect, Game, Move, Supply, Variant, effect, playout};

/// The cells of a board of `size`.
fn all_cells(size: u8) -> impl Iterator<Item = Cell> {
    (0..size).flat_map(move |row| (0..size).map(move |col| Cell::new(col, row)))
}

fn orthogonal(a: Cell, b: Cell) -> bool {
    a.col().abs_diff(b.col()) + a.row().abs_diff(b.row()) == 1
}

/// The lowest cell of `cells` in the board's order (rows from the bottom, then columns).
fn lowest(cells: &[Cell]) -> Option<Cell> {
    cells.iter().copied().min_by_key(|c| (c.row(), c.col()))
}

/// The cells side by side with `cell` on a board of `size`.
fn neighbours(cell: Cell, size: u8) -> impl Iterator<Item = Cell> {
    let (col, row) = (i32::from(cell.col()), i32::from(cell.row()));
    [(-1, 0), (1, 0), (0, -1), (0, 1)]
        .into_iter()
        .filter_map(move |(dx, dy)| Cell::on_board(col + dx, row + dy, size))
}

/// The cells joined to `start` side by side through `member`.
fn flood(start: Cell, size: u8, member: &dyn Fn(Cell) -> bool) -> Vec<Cell> {
    let mut found = vec![start];
    let mut next = 0;
    while next < found.len() {
        let cell = found[next];
        next += 1;
        for other in neighbours(cell, size) {
            if member(other) && !found.contains(&other) {
                found.push(other);
            }
        }
    }
    found
}

/// `color`'s group of tiles at `cell`.
fn group(board: &Board, color: Color, cell: Cell) -> Vec<Cell> {
    flood(cell, board.size(), &|c| board.tile(c) == Some(color))
}

/// `color`'s tiles joined to `cell` by side-by-side contact and by its bridges.
fn network(board: &Board, color: Color, cell: Cell) -> Vec<Cell> {
    let mut found = group(board, color, cell);
    loop {
        let mut grown = false;
        for (owner, bridge) in board.bridges() {
            let [a, b] = bridge.ends();
            if *owner == color && found.contains(&a) != found.contains(&b) {
                let far = if found.contains(&a) { b } else { a };
                found.extend(group(board, color, far));
                grown = true;
            }
        }
        if !grown {
            return found;
        }
    }
}

/// Every way `color` can make its sandbank `sandbank` part of an island on `board` by placing
/// tiles alone, with `tiles_left`: the new tiles each way puts into the island. Tries every set
/// of empty cells within three steps of the sandbank small enough to make four tiles with it
/// (and whatever own tiles it joins), placed two a turn through the engine; an odd set's last
/// tile goes with any cell the engine accepts beside it that stays out of the island.
fn brute_ways(
    board: &Board,
    color: Color,
    sandbank: &[Cell],
    tiles_left: Option<u16>,
) -> Vec<Vec<Cell>> {
    let size = board.size();
    let free = |c: Cell| board.tile(c).is_none() && !board.blocked().contains(c);
    let steps = |c: Cell| {
        sandbank
            .iter()
            .map(|s| s.col().abs_diff(c.col()) + s.row().abs_diff(c.row()))
            .min()
            .unwrap_or(u8::MAX)
    };
    let near: Vec<Cell> = all_cells(size)
        .filter(|&c| free(c) && steps(c) <= 3)
        .collect();
    let mut ways = Vec::new();
    let most = 4usize.saturating_sub(sandbank.len());
    let mut chosen = Vec::new();
    subsets(&near, 0, most, &mut chosen, &mut |new: &[Cell]| {
        let island = flood(sandbank[0], size, &|c| {
            board.tile(c) == Some(color) || new.contains(&c)
        });
        if island.len() != 4 || !new.iter().all(|c| island.contains(c)) {
            return;
        }
        let turns = new.len().div_ceil(2) as u16;
        if tiles_left.is_some_and(|left| left < 2 * turns) {
            return;
        }
        if placeable(board, color, new, sandbank[0]) {
            ways.push(new.to_vec());
        }
    });
    ways
}

/// Calls `each` with every subset of `cells[from..]` added to `chosen`, of 1 to `most` cells.
fn subsets(
    cells: &[Cell],
    from: usize,
    most: usize,
    chosen: &mut Vec<Cell>,
    each: &mut dyn FnMut(&[Cell]),
) {
    for i in from..cells.len() {
        chosen.push(cells[i]);
        each(chosen);
        if chosen.len() < most {
            subsets(cells, i + 1, most, chosen, each);
        }
        chosen.pop();
    }
}

/// Whether the engine lets `color` place `new`, two a turn (an odd last one with some partner
/// outside the island), and `at`'s group is then an island of the engine's.
fn placeable(board: &Board, color: Color, new: &[Cell], at: Cell) -> bool {
    let mut placed = board.clone();
    for pair in new.chunks_exact(2) {
        if placed.check_placement(color, pair[0], pair[1]).is_err() {
            return false;
        }
        placed.place(color, pair[0], pair[1]);
    }
    let island = |board: &Board| board.islands(color).contains(at);
    let [last] = new.chunks_exact(2).remainder() else {
        return island(&placed);
    };
    all_cells(board.size()).any(|partner| {
        if placed.check_placement(color, *last, partner).is_err() {
            return false;
        }
        let mut done = placed.clone();
        done.place(color, *last, partner);
        island(&done) && !group(&done, color, at).contains(&partner)
    })
}

/// The name of an effect's kind, to count how often each was checked.
fn kind(effect: Effect) -> &'static str {
    match effect {
        Effect::IslandMade { .. } => "island made",
        Effect::IslandsJoined { .. } => "islands joined",
        Effect::GroupsLinked => "groups linked",
        Effect::BridgeAdded => "bridge added",
        Effect::IslandStopped { .. } => "island stopped",
        Effect::CellTaken { .. } => "cell taken",
        Effect::SandbankGrown { .. } => "sandbank grown",
        Effect::NewSandbanks { .. } => "new sandbanks",
        Effect::NoIsland => "no island",
        Effect::Swap => "swap",
        Effect::Pass { .. } => "pass",
        Effect::Resign => "resign",
    }
}

/// Checks what `effect` says of `mv` in `before` by brute force; panics with the position when
/// it is not so.
fn verify(before: &Game, mv: Move, effect: Effect) {
    let mover = before.to_move().expect("a game going on");
    let opponent = mover.other();
    let mut after = before.clone();
    after.play(mv).expect("a legal move");
    let (board, later) = (before.board(), after.board());
    let gained = i64::from(after.score(mover).points) - i64::from(before.score(mover).points);
    let said = format!(
        "{mv} said to be {effect:?} in\n{}",
        ponte::game::grid(before)
    );
    let placed = match mv {
        Move::Place(a, b) => vec![a, b],
        _ => Vec::new(),
    };
    let sandbank_before = |at: Cell| {
        let tiles = group(board, opponent, at);
        assert_eq!(board.tile(at), Some(opponent), "{said}");
        assert!(tiles.len() < 4 && lowest(&tiles) == Some(at), "{said}");
        tiles
    };
    let ways = |board: &Board, color: Color, tiles: &[Cell], game: &Game| {
        brute_ways(board, color, tiles, game.tiles_left(color))
    };
    match effect {
        Effect::IslandMade {
            at,
            islands,
            points,
        } => {
            let mut made: Vec<Vec<Cell>> = placed
                .iter()
                .map(|&c| group(later, mover, c))
                .filter(|g| g.len() == 4)
                .collect();
            made.dedup_by(|a, b| a.contains(&b[0]));
            assert_eq!(made.len() as u32, islands, "{said}");
            assert_eq!(lowest(&made.concat()), Some(at), "{said}");
            assert!(points > 0 && i64::from(points) == gained, "{said}");
        }
        Effect::IslandsJoined { .. } | Effect::GroupsLinked | Effect::BridgeAdded => {
            let Move::Bridge(a, b) = mv else {
                panic!("not a bridge: {said}");
            };
            let joined = network(board, mover, a).contains(&b);
            let has_island = |end: Cell| {
                let tiles = network(board, mover, end);
                tiles.iter().any(|&t| group(board, mover, t).len() == 4)
            };
            match effect {
                Effect::IslandsJoined { points } => {
                    assert!(!joined && has_island(a) && has_island(b), "{said}");
                    assert!(points > 0 && i64::from(points) == gained, "{said}");
                }
                Effect::GroupsLinked => {
                    assert!(!joined && gained == 0 && !after.is_over(), "{said}");
                }
                _ => assert!((joined || after.is_over()) && gained == 0, "{said}"),
            }
        }
        Effect::IslandStopped { sandbank } => {
            let tiles = sandbank_before(sandbank);
            assert!(!after.is_over(), "{said}");
            assert!(!ways(board, opponent, &tiles, before).is_empty(), "{said}");
            assert!(ways(later, opponent, &tiles, &after).is_empty(), "{said}");
        }
        Effect::CellTaken { cell, sandbank } => {
            let tiles = sandbank_before(sandbank);
            assert!(placed.contains(&cell), "{said}");
            assert!(tiles.iter().any(|&t| orthogonal(t, cell)), "{said}");
            let could = ways(board, opponent, &tiles, before);
            assert!(could.iter().any(|way| way.contains(&cell)), "{said}");
            assert!(!ways(later, opponent, &tiles, &after).is_empty(), "{said}");
        }
        Effect::SandbankGrown { at, tiles, left } => {
            let grown = group(later, mover, at);
            assert!(
                lowest(&grown) == Some(at) && grown.len() as u32 == tiles,
                "{said}"
            );
            assert!(
                tiles < 4 && placed.iter().any(|c| grown.contains(c)),
                "{said}"
            );
            assert!(
                grown.iter().any(|&c| board.tile(c) == Some(mover)),
                "{said}"
            );
            assert!(!after.is_over(), "{said}");
            let fewest = ways(later, mover, &grown, &after)
                .iter()
                .map(Vec::len)
                .min();
            // One turn places two tiles: "one more tile" or "two more tiles" is the next turn.
            assert_eq!(fewest, Some(left as usize), "{said}");
            assert!(left <= 2, "{said}");
        }
        Effect::NewSandbanks { sandbanks } => {
            assert!(!after.is_over(), "{said}");
            let mut new: Vec<Vec<Cell>> = placed
                .iter()
                .map(|&c| group(later, mover, c))
                .filter(|g| g.iter().all(|&c| board.tile(c).is_none()))
                .collect();
            new.dedup_by(|a, b| a.contains(&b[0]));
            let with_room = new
                .iter()
                .filter(|g| !ways(later, mover, g, &after).is_empty())
                .count();
            assert!(sandbanks > 0 && with_room as u32 == sandbanks, "{said}");
        }
        Effect::NoIsland => {
            assert!(!placed.is_empty(), "{said}");
            if !after.is_over() {
                for &cell in &placed {
                    let tiles = group(later, mover, cell);
                    assert!(tiles.len() < 4, "{said}");
                    assert!(ways(later, mover, &tiles, &after).is_empty(), "{said}");
                }
            }
        }
        Effect::Swap => assert_eq!(mv, Move::Swap, "{said}"),
        Effect::Pass { bridge_scores } => {
            assert!(mv == Move::Pass && !before.can_place_two(), "{said}");
            let points = before.score(mover).points;
            let scores = before.legal_bridges().into_iter().any(|bridge| {
                let [a, b] = bridge.ends();
                let mut built = before.clone();
                built.play(Move::Bridge(a, b)).expect("a legal bridge");
                built.score(mover).points > points
            });
            assert_eq!(scores, bridge_scores, "{said}");
        }
        Effect::Resign => assert!(matches!(mv, Move::Resign(_)), "{said}"),
    }
}

/// A placement beside one of `color`'s sandbanks (its own, to grow it, or the opponent's, to
/// take its room), with a legal second tile, if there is one: the moves hints are about.
fn beside_sandbank(game: &Game, color: Color, rng: &mut Rng) -> Option<Move> {
    let board = game.board();
    let sandbank_tiles: Vec<Cell> = all_cells(board.size())
        .filter(|&c| board.tile(c) == Some(color) && !board.islands(color).contains(c))
        .collect();
    let tile = *sandbank_tiles.get(rng.usize(0..sandbank_tiles.len().max(1)))?;
    let firsts = game.legal_first_cells();
    let beside: Vec<Cell> = firsts.iter().filter(|&c| orthogonal(c, tile)).collect();
    let first = *beside.get(rng.usize(0..beside.len().max(1)))?;
    let seconds: Vec<Cell> = game.legal_second_cells(first).iter().collect();
    // Often a second tile beside the first too, so that sandbanks grow by two.
    let close: Vec<Cell> = seconds
        .iter()
        .copied()
        .filter(|&c| orthogonal(c, first) || orthogonal(c, tile))
        .collect();
    let pool = if !close.is_empty() && rng.bool() {
        close
    } else {
        seconds
    };
    let second = *pool.get(rng.usize(0..pool.len().max(1)))?;
    Some(Move::Place(first, second))
}

/// The moves whose effects are checked in `game`: a random move, placements beside each side's
/// sandbanks, a random legal bridge and one that scores, and a pass or a swap where they are
/// legal.
fn candidates(game: &Game, rng: &mut Rng) -> Vec<Move> {
    let mover = game.to_move().expect("a game going on");
    let mut moves: Vec<Move> = playout::random_move(game, rng).into_iter().collect();
    moves.extend(beside_sandbank(game, mover, rng));
    moves.extend(beside_sandbank(game, mover.other(), rng));
    let bridges: Vec<Move> = game
        .legal_bridges()
        .into_iter()
        .map(|bridge| {
            let [a, b] = bridge.ends();
            Move::Bridge(a, b)
        })
        .collect();
    moves.extend(bridges.get(rng.usize(0..bridges.len().max(1))));
    let points = game.score(mover).points;
    moves.extend(bridges.into_iter().find(|&bridge| {
        let mut built = game.clone();
        built.play(bridge).is_ok() && built.score(mover).points > points
    }));
    for special in [Move::Pass, Move::Swap] {
        if game.is_legal(special) {
            moves.push(special);
        }
    }
    moves
}

#[test]
fn every_effect_said_of_a_move_is_true_on_random_positions() {
    let mut rng = Rng::with_seed(0xef_fec7);
    let mut checked: BTreeMap<&str, u32> = BTreeMap::new();
    for game_number in 0..60 {
        let size = [6, 7, 8][game_number % 3];
        // Some games with few tiles, so that supplies run out; bridges limited in some.
        let tiles = match game_number % 4 {
            0 => Supply::Limited(rng.u16(6..16)),
            _ => Supply::Unlimited,
        };
        let bridges = match game_number % 5 {
            0 => Supply::Limited(rng.u16(1..4)),
            _ => Supply::Unlimited,
        };
        let mut game = Game::new(Variant::new(size, tiles, bridges).unwrap());
        while !game.is_over() {
            for mv in candidates(&game, &mut rng) {
                let said = effect(&game, mv).expect("a legal move has an effect");
                verify(&game, mv, said);
                *checked.entry(kind(said)).or_default() += 1;
            }
            let Some(mv) = playout::random_move(&game, &mut rng) else {
                break;
            };
            game.play(mv).unwrap();
        }
    }
    // Every kind of fact but resigning (nothing to check) came up, often.
    for name in [
        "island made",
        "islands joined",
        "groups linked",
        "bridge added",
        "island stopped",
        "cell taken",
        "sandbank grown",
        "new sandbanks",
        "no island",
        "swap",
        "pass",
    ] {
        let times = checked.get(name).copied().unwrap_or(0);
        assert!(times >= 10, "{name} checked {times} times: {checked:?}");
    }
}
