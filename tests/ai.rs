//! The AI: every move it returns is legal, in every kind of position; the same seed and playout
//! budget give the same move; budgets are kept (counted, never timed); `ponte ai` on records.

mod common;

use fastrand::Rng;
use ponte::ai::{self, Budget, Level, Player};
use ponte::game::{Game, Move, Supply, Variant, playout};

fn playouts(n: u64) -> Budget {
    Budget {
        playouts: Some(n),
        ..Budget::default()
    }
}

/// A position reached by random moves, stopped at a random ply (sometimes at the end), at the
/// pie choice one time in ten, and one time in four at Red's last turn after White's pass when
/// the game gets there.
fn random_position(variant: Variant, rng: &mut Rng) -> Game {
    let mut game = Game::new(variant);
    let stop = match rng.u32(0..10) {
        0 => 1,
        _ => rng.u32(0..200),
    };
    let at_last_turn = rng.u32(0..4) == 0;
    while game.plies() < stop && !(at_last_turn && game.is_last_turn()) {
        let Some(mv) = playout::random_move(&game, rng) else {
            break;
        };
        game.play(mv).unwrap();
    }
    game
}

#[test]
fn every_move_the_ai_returns_is_legal() {
    let mut rng = Rng::with_seed(11);
    let variants = [
        Variant::boxed(12).unwrap(),
        Variant::boxed(10).unwrap(),
        Variant::unlimited(6).unwrap(),
        Variant::unlimited(16).unwrap(),
        // Supplies that run out early: passes, and bridges refused for want of planks.
        Variant::new(8, Supply::Limited(6), Supply::Limited(2)).unwrap(),
        Variant::new(16, Supply::Limited(4), Supply::Limited(1)).unwrap(),
        Variant::new(7, Supply::Limited(10), Supply::Unlimited).unwrap(),
    ];
    let players = [
        Player::Level(Level::Easy),
        Player::Level(Level::Hard),
        Player::Baseline { random_moves: 0 },
    ];
    let (mut last_turns, mut pie_choices, mut bridged_or_passed) = (0, 0, false);
    for round in 0..1_500 {
        let variant = variants[round % variants.len()];
        let game = random_position(variant, &mut rng);
        let player = players[round % players.len()];
        let decision = ai::choose(&game, player, playouts(2), round as u64);
        let Some(decision) = decision else {
            assert!(game.is_over(), "no move in a game that goes on");
            continue;
        };
        assert_eq!(
            game.check(decision.best),
            Ok(()),
            "{:?} played {} in\n{game:?}",
            player,
            decision.best
        );
        last_turns += usize::from(game.is_last_turn());
        pie_choices += usize::from(game.plies() == 1);
        bridged_or_passed |= matches!(decision.best, Move::Pass | Move::Bridge(..));
    }
    // The kinds of turns the rules single out did come up.
    assert!(
        last_turns > 0 && pie_choices > 0,
        "{last_turns} {pie_choices}"
    );
    assert!(
        bridged_or_passed,
        "neither a pass nor a bridge was ever chosen"
    );
    // The pie choice, made on purpose.
    let mut opened = Game::default();
    opened.play("c3 d4".parse().unwrap()).unwrap();
    let mv = ai::best_move(&opened, Player::Level(Level::Easy), playouts(20), 1).unwrap();
    assert!(mv == Move::Swap || matches!(mv, Move::Place(..)), "{mv}");
}

#[test]
fn the_same_seed_and_budget_give_the_same_move() {
    let mut rng = Rng::with_seed(5);
    for _ in 0..4 {
        let game = random_position(Variant::boxed(10).unwrap(), &mut rng);
        if game.is_over() {
            continue;
        }
        let baseline = Player::Baseline { random_moves: 400 };
        let first = ai::choose(&game, baseline, baseline.budget(None), 9).unwrap();
        let again = ai::choose(&game, baseline, baseline.budget(None), 9).unwrap();
        assert_eq!(first, again);
        for level in Level::ALL {
            let player = Player::Level(level);
            let first = ai::choose(&game, player, playouts(40), 9).unwrap();
            let again = ai::choose(&game, player, playouts(40), 9).unwrap();
            assert_eq!(first, again, "{level}");
        }
    }
}

#[test]
fn budgets_in_playouts_and_random_moves_are_kept() {
    let game = Game::new(Variant::boxed(10).unwrap());
    let decision = ai::choose(&game, Player::Level(Level::Medium), playouts(7), 3).unwrap();
    assert_eq!(decision.playouts, 7);
    let player = Player::Baseline { random_moves: 500 };
    let decision = ai::choose(&game, player, player.budget(None), 3).unwrap();
    // It stops after the playout that reaches the budget: one game's worth above it at most.
    assert!(decision.random_moves >= 500, "{decision:?}");
    assert!(decision.random_moves < 500 + 200, "{decision:?}");
}

#[test]
fn a_budget_in_random_moves_runs_out_when_every_step_ends_the_game() {
    // Two tiles each: after White's pass, Red's last turn is a bridge or a pass, and a
    // playout after either makes no move at all.
    let variant = Variant::new(8, Supply::Limited(2), Supply::Limited(3)).unwrap();
    let mut game = Game::new(variant);
    for mv in ["a1 a2", "c3 e3", "pass"] {
        game.play(mv.parse().unwrap()).unwrap();
    }
    assert!(game.is_last_turn());
    let budget = Budget {
        random_moves: Some(100),
        ..Budget::default()
    };
    for player in [
        Player::Baseline { random_moves: 100 },
        Player::Level(Level::Hard),
    ] {
        let decision = ai::choose(&game, player, budget, 1).unwrap();
        assert!(
            matches!(decision.best, Move::Bridge(..) | Move::Pass),
            "{decision:?}"
        );
        assert_eq!(decision.random_moves, 100, "one counted a playout");
    }
}

#[test]
fn a_finished_game_has_no_move() {
    let mut game = Game::default();
    game.play(Move::Resign(None)).unwrap();
    assert_eq!(
        ai::choose(&game, Player::Level(Level::Hard), playouts(1), 1),
        None
    );
}

#[test]
fn ponte_ai_prints_a_legal_move_or_says_the_game_is_over() {
    let output = common::run_with_input(
        common::ponte(&["ai", "-", "--level", "easy", "--seed", "4"]),
        "# a record\nc3 d4\n",
    );
    assert!(output.status.success(), "{output:?}");
    let printed = String::from_utf8(output.stdout).unwrap();
    let mv: Move = printed.trim().parse().unwrap();
    let mut game = Game::default();
    game.play("c3 d4".parse().unwrap()).unwrap();
    assert_eq!(game.check(mv), Ok(()), "{mv}");

    let over = common::run_with_input(common::ponte(&["ai", "-"]), "c3 d4\nresign\n");
    assert_eq!(over.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&over.stderr).contains("over"));
}
