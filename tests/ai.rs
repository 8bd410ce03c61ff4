//! `ponte ai` on records: it prints a legal move, or says the game is over.

mod common;

use ponte::game::{Game, Move};

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
