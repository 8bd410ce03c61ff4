//! `ponte local` through its standard input, at the ends of a game and around it: a game the
//! score decided is explained (the networks that scored, how play came to its end); a
//! resignation is asked and confirmed, and only for the player's own colour; the AI says it is
//! thinking and for how long at most; a vacation for a name nobody plays under is refused.

mod common;

use fastrand::Rng;
use ponte::game::{Color, Game, Move, Variant, playout};

fn local(database: &str) -> std::process::Command {
    let mut command = common::ponte(&["local", "--database", database, "--no-pictures"]);
    command.env("LC_ALL", "C.UTF-8");
    command
}

fn run(database: &str, input: &str) -> String {
    let output = common::run_with_input(local(database), input);
    common::stdout_of_success(output)
}

/// A random 6×6 game to its end; whether White passed just before Red's last move.
fn random_game(seed: u64) -> (Game, Vec<Move>, bool) {
    let mut rng = Rng::with_seed(seed);
    let mut game = Game::new(Variant::boxed(6).unwrap());
    let mut moves = Vec::new();
    while let Some(mv) = playout::random_move(&game, &mut rng) {
        game.play(mv).unwrap();
        moves.push(mv);
    }
    let after_pass = moves.len() >= 2 && moves[moves.len() - 2] == Move::Pass;
    (game, moves, after_pass)
}

/// "1 point", "6 points".
fn points(n: u32) -> String {
    if n == 1 {
        "1 point".to_string()
    } else {
        format!("{n} points")
    }
}

#[test]
fn a_game_the_score_decided_is_explained_with_its_networks_and_its_last_turn() {
    for after_pass in [true, false] {
        let (game, moves, _) = (0..)
            .map(random_game)
            .find(|(_, _, ended)| *ended == after_pass)
            .unwrap();
        let dir = tempfile::tempdir().unwrap();
        let database = common::database_url(&dir);
        // Passes are played by the service for a player with no other move: none is typed.
        let mut input = String::from("play alice bob size 6\n");
        for mv in moves.iter().filter(|mv| **mv != Move::Pass) {
            input.push_str(&format!("{mv}\n"));
        }
        let out = run(&database, &input);
        let end = &out[out.find("game over: ").unwrap_or_else(|| panic!("{out}"))..];
        let swapped = game.swapped();
        let name = |color: Color| match (color, swapped) {
            (Color::White, false) | (Color::Red, true) => "alice",
            _ => "bob",
        };
        for color in Color::BOTH {
            let score = game.score(color);
            let side = format!("{} ({color}): {}, ", name(color), points(score.points));
            assert!(end.contains(&side), "{side:?} not in:\n{end}");
            for network in &score.networks {
                let cells: Vec<String> = network.islands.iter().map(|c| c.to_string()).collect();
                let scored = format!("({}) = {}", cells.join(", "), points(network.points));
                assert!(end.contains(&scored), "{scored:?} not in:\n{end}");
            }
        }
        let (white, red) = (name(Color::White), name(Color::Red));
        let how = if after_pass {
            format!("{white} (white) passed, so {red} (red) had the last turn (")
        } else {
            format!("{red} (red) passed, which ends the game at once")
        };
        assert!(end.contains(&how), "{how:?} not in:\n{end}");
    }
}

#[test]
fn a_resignation_is_confirmed_and_only_for_the_players_own_colour() {
    let dir = tempfile::tempdir().unwrap();
    let database = common::database_url(&dir);
    let input = "\
play alice bob size 6
c3 d4
as alice resign red
resign white
resign red
no
board
as bob resign
yes
";
    let out = run(&database, input);
    let mut rest = out.as_str();
    for said in [
        "error: alice (white) cannot resign for red: `resign` gives up your own side only",
        // Hot seat: bob is to move.
        "error: bob (red) cannot resign for white",
        "Resign game #1 as bob (red)? Type `yes` to confirm; anything else keeps the game going.",
        "not resigned: game #1 goes on",
        "bob (red) to move",
        "Resign game #1 as bob (red)?",
        "bob (red) resigns",
        "game over: alice (white) wins, by resignation",
    ] {
        let at = rest
            .find(said)
            .unwrap_or_else(|| panic!("{said:?} not (in order) in:\n{out}"));
        rest = &rest[at + said.len()..];
    }
    assert_eq!(out.matches("resigns").count(), 1, "{out}");
}

/// `hard` thinks for up to two seconds: a log says so before the wait, once a move; `easy`'s
/// few milliseconds go unsaid.
#[test]
fn the_ai_says_it_is_thinking_and_for_how_long_at_most() {
    let dir = tempfile::tempdir().unwrap();
    let database = common::database_url(&dir);
    let out = run(&database, "play alice ai:hard size 6\nc3 d4\n");
    let thinking = "ponte (hard) is thinking, at most 2 s\n";
    let at = out.find(thinking).unwrap_or_else(|| panic!("{out}"));
    assert!(out[at..].contains("ponte (red) plays"), "{out}");
    assert_eq!(out.matches(thinking).count(), 1, "{out}");

    let dir = tempfile::tempdir().unwrap();
    let database = common::database_url(&dir);
    let out = run(&database, "play alice ai:easy size 6\nc3 d4\n");
    assert!(out.contains("ponte (red) plays"), "{out}");
    assert!(!out.contains("thinking"), "{out}");
}

#[test]
fn a_vacation_for_a_name_nobody_plays_under_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let database = common::database_url(&dir);
    let out = run(
        &database,
        "vacation zed 2\nplay alice bob size 6\nvacation alice 2\n",
    );
    assert!(
        out.contains("error: nobody called zed has played here"),
        "{out}"
    );
    assert!(out.contains("alice is on vacation until "), "{out}");
    assert!(!out.contains("zed is on vacation"), "{out}");
}
