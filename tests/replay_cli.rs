//! `ponte replay` as a user runs it: the real binary, records on standard input or in a file.

mod common;

use fastrand::Rng;
use ponte::game::{Color, Game, Record, Variant, playout};
use serde_json::{Value, json};

struct Run {
    status: i32,
    stdout: String,
    stderr: String,
}

fn replay(record: &str, args: &[&str]) -> Run {
    let mut command = common::ponte(&["replay"]);
    command.args(args);
    let output = common::run_with_input(command, record);
    Run {
        status: output.status.code().unwrap(),
        stdout: String::from_utf8(output.stdout).unwrap(),
        stderr: String::from_utf8(output.stderr).unwrap(),
    }
}

fn replay_json(record: &str) -> (i32, Value) {
    let run = replay(record, &["--json"]);
    assert_eq!(
        run.stdout.lines().count(),
        1,
        "exactly one JSON line: {}",
        run.stdout
    );
    (run.status, serde_json::from_str(&run.stdout).unwrap())
}

#[test]
fn a_played_out_game_reports_the_final_position() {
    let record = "\
# A tiny game: each side has four tiles and builds one island.
size 6
tiles 4
bridges 1

a1 b1
f6 e6   # red
a2 b2
f5 e5
pass    # white is out of tiles
pass
";
    let (status, report) = replay_json(record);
    assert_eq!(status, 0);
    assert_eq!(
        report,
        json!({
            "size": 6, "moves": 6, "status": "finished", "to_move": null,
            "white": {"points": 1, "islands": 1, "bridges": 0, "tiles": 4},
            "red": {"points": 1, "islands": 1, "bridges": 0, "tiles": 4},
            "winner": "draw", "end": "score", "error": null
        })
    );
}

#[test]
fn ongoing_games_swaps_and_resignations() {
    let (status, report) = replay_json("f6 g7\nswap\nc3 d4\n");
    assert_eq!(status, 0);
    assert_eq!(report["moves"], 3);
    assert_eq!(report["status"], "ongoing");
    assert_eq!(report["to_move"], "white");
    assert_eq!(report["size"], 12);
    assert_eq!(report["winner"], Value::Null);

    let (status, report) = replay_json("f6 g7\nc3 d4\nresign red\n");
    assert_eq!(status, 0);
    assert_eq!(report["winner"], "white");
    assert_eq!(report["end"], "resign");
    assert_eq!(report["to_move"], Value::Null);

    let (_, report) = replay_json("");
    assert_eq!(report["moves"], 0);
    assert_eq!(report["to_move"], "white");
}

#[test]
fn random_records_replay_to_the_engines_result() {
    let mut rng = Rng::with_seed(11);
    for size in [6, 10, 12, 16] {
        let variant = Variant::boxed(size).unwrap();
        let mut game = Game::new(variant);
        let mut moves = Vec::new();
        while let Some(mv) = playout::random_move(&game, &mut rng) {
            game.play(mv).unwrap();
            moves.push(mv);
        }
        let text = Record::new(variant, moves).to_string();
        let (status, report) = replay_json(&text);
        assert_eq!(status, 0, "{text}");
        assert_eq!(report["moves"], game.plies());
        assert_eq!(report["status"], "finished");
        let winner = game.outcome().unwrap().winner().map_or("draw", Color::name);
        assert_eq!(report["winner"], winner);
        for color in Color::BOTH {
            let score = game.score(color);
            assert_eq!(report[color.name()]["points"], score.points);
            assert_eq!(report[color.name()]["islands"], score.islands);
            assert_eq!(report[color.name()]["bridges"], score.bridges);
            assert_eq!(report[color.name()]["tiles"], score.tiles);
        }
    }
}

/// Each record's last line is illegal; the report shows the position before it.
#[test]
fn every_kind_of_illegal_line_stops_the_replay() {
    let cases: &[(&str, &str)] = &[
        ("c3 e5\nc3 d4", "c3 is already taken by a white tile"),
        ("c3 e5\nm1 d4", "m1 is off the 12×12 board"),
        ("c3 e5\nq1 d4", "q1 is off the 12×12 board"),
        ("size 8\nc3 e5\nc3-c0", "c0 is off the 8×8 board"),
        (
            "c3 e5\nd4 d4",
            "the two tiles must go on two different cells, not both on d4",
        ),
        (
            "a1 c1\nh8 h9\na1-c1\nj9 j10\nb1 f6",
            "b1 is under the bridge a1-c1",
        ),
        (
            "a1 a2\nh8 h9\na3 a4\nj9 j10\na5 f6",
            "that makes a group of 5 tiles at a5; a group may have at most 4",
        ),
        (
            "a1 a2\nh8 h9\na3 a4\nj9 j10\nb5 f6",
            "the island a1, a2, a3, a4 would touch your tile at b5 diagonally",
        ),
        (
            "a1 c1\nh8 h10\nh8-h10",
            "there is no white tile on h8 to carry a bridge",
        ),
        (
            "a1 d1\nh8 h9\na1-d1",
            "a1 and d1 are not a bridge apart: a bridge spans two cells in a row, column or diagonal, or a knight's move",
        ),
        (
            "a1 c1\nh8 h9\na1-c1\nj9 j10\ne1 l12\nk12 k10\nc1-e1",
            "the tile on c1 already carries the bridge a1-c1",
        ),
        (
            "a1 c1\nb1 h9\na1-c1",
            "the bridge a1-c1 would pass over the red tile on b1",
        ),
        (
            "a1 c3\nc1 a3\na1-c3\nc1-a3",
            "the bridge c1-a3 would cross the bridge a1-c3",
        ),
        (
            "bridges 1\na1 c1\nh8 j8\na1-c1\nh8-j8",
            "no bridge is left: the pool of 1 is used up",
        ),
        (
            "tiles 3\na1 c1\nh8 j8\ne5 f7",
            "you have 1 tile left, so you cannot place two",
        ),
        (
            "c3 e5\nf6 g7\nswap",
            "swap is only allowed as the second move, right after White's first two tiles",
        ),
        (
            "swap",
            "swap is only allowed as the second move, right after White's first two tiles",
        ),
        ("resign\nc3 e5", "the game is over"),
    ];
    for (record, reason) in cases {
        let lines: Vec<&str> = record.lines().collect();
        let last = lines.len();
        let (status, report) = replay_json(record);
        assert_eq!(status, 1, "{record}");
        assert_eq!(report["error"]["line"], last, "{record}");
        assert_eq!(report["error"]["move"], lines[last - 1], "{record}");
        assert_eq!(report["error"]["reason"], *reason, "{record}");
        let applied = lines
            .iter()
            .filter(|l| {
                !["size", "tiles", "bridges"]
                    .iter()
                    .any(|h| l.starts_with(h))
            })
            .count()
            - 1;
        assert_eq!(report["moves"], applied, "{record}");
    }
    // A pass while two tiles fit names two cells that do.
    let (status, report) = replay_json("c3 e5\npass");
    assert_eq!(status, 1);
    let reason = report["error"]["reason"].as_str().unwrap();
    assert!(
        reason.starts_with("you can still place two tiles (for example "),
        "{reason}"
    );
}

#[test]
fn the_first_problem_decides_the_exit_status() {
    // An illegal move before a malformed line: the replay stopped at the illegal one.
    let (status, report) = replay_json("c3 e5\nc3 d4\nhello\n");
    assert_eq!(status, 1);
    assert_eq!(report["error"]["line"], 2);
    let run = replay("c3 e5\nhello\nc3 d4\n", &["--json"]);
    assert_eq!(run.status, 2);
    assert!(run.stderr.starts_with("line 2: \"hello\" is not a move"));
    // After the end nothing is legal, whatever cells it names.
    let (status, report) = replay_json("resign\nq1 a1\n");
    assert_eq!(status, 1);
    assert_eq!(report["error"]["reason"], "the game is over");
    // A byte-order mark is not part of the first line.
    let (status, report) = replay_json("\u{feff}size 8\nc3 e5\n");
    assert_eq!(status, 0);
    assert_eq!(report["size"], 8);
}

#[test]
fn line_numbers_count_headers_comments_and_blank_lines() {
    let record = "# a comment\nsize 8\n\nc3 e5   # white\n\n   \nc3 d4\n";
    let (status, report) = replay_json(record);
    assert_eq!(status, 1);
    assert_eq!(report["error"]["line"], 7);
    assert_eq!(report["error"]["move"], "c3 d4");
    assert_eq!(report["size"], 8);
    assert_eq!(report["moves"], 1);
    assert_eq!(report["to_move"], "red");
    assert_eq!(report["white"]["tiles"], 2);
}

#[test]
fn malformed_records_exit_2_with_a_message() {
    for (record, message) in [
        ("hello", "line 1: \"hello\" is not a move"),
        ("c3 e5\nc3", "line 2: \"c3\" is not a move"),
        ("c3 e5\nc3 e5 f6", "line 2: \"c3 e5 f6\" is not a move"),
        ("c3 e5\nz-a1", "line 2: \"z-a1\" is not a move"),
        ("c3 e5\nhello\nq1 d4", "line 2: \"hello\" is not a move"),
        (
            "c3 e5\nsize 10",
            "line 2: the header \"size 10\" must come before the first move",
        ),
        (
            "size 5",
            "line 1: the size must be a number from 6 to 16, not \"5\"",
        ),
        (
            "size 17",
            "line 1: the size must be a number from 6 to 16, not \"17\"",
        ),
        (
            "tiles lots",
            "line 1: tiles must be a number or \"unlimited\", not \"lots\"",
        ),
        ("bridges", "line 1: \"bridges\" needs exactly one value"),
        ("resign blue", "line 1: \"resign blue\" is not a move"),
        ("size 10\nsize 8", "line 2: size was already set on line 1"),
    ] {
        for json in [true, false] {
            let args: &[&str] = if json { &["--json"] } else { &[] };
            let run = replay(record, args);
            assert_eq!(run.status, 2, "{record}");
            assert_eq!(run.stdout, "", "{record}");
            assert!(run.stderr.starts_with(message), "{record}: {}", run.stderr);
        }
    }
}

#[test]
fn text_output_shows_the_board_and_the_facts() {
    let run = replay("size 6\nc3 e5\nd4 f6\n", &[]);
    assert_eq!(run.status, 0);
    let expected_board = [
        "     a b c d e f",
        "  6  . . . . .[r]6",
        "  5  . . . . w . 5",
        "  4  . . .[r]. . 4",
        "  3  . . w . . . 3",
        "  2  . . . . . . 2",
        "  1  . . . . . . 1",
        "     a b c d e f",
        "",
    ]
    .join("\n");
    assert!(run.stdout.starts_with(&expected_board), "{}", run.stdout);
    assert!(run.stdout.contains("last move: d4 f6 (move 2)"));
    assert!(run.stdout.contains("white to move"));
    // Side by side, the last move's tiles share a bracket.
    let run = replay("size 6\nc3 d3\n", &[]);
    assert!(
        run.stdout.contains("  3  . .[w|w]. . 3\n"),
        "{}",
        run.stdout
    );
    let run = replay("c3 e5\nc3 e5\n", &[]);
    assert_eq!(run.status, 1);
    assert!(
        run.stdout
            .contains("stopped at line 2 (c3 e5): c3 is already taken by a white tile")
    );
}

#[test]
fn records_are_read_from_a_file_too() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.txt");
    std::fs::write(&path, "c3 e5\nd4 f6\n").unwrap();
    let run = replay("", &[path.to_str().unwrap(), "--json"]);
    assert_eq!(run.status, 0);
    assert!(run.stdout.contains("\"moves\":2"));
    let run = replay("", &[dir.path().join("missing.txt").to_str().unwrap()]);
    assert_eq!(run.status, 2);
    assert!(run.stderr.contains("missing.txt"));
}

/// The text board counts as the picture does: one point, one island.
#[test]
fn the_text_board_says_one_in_the_singular() {
    let run = replay("size 6\na1 a2\nf6 f5\nb1 b2\n", &[]);
    assert_eq!(run.status, 0, "{}", run.stderr);
    assert!(
        run.stdout
            .contains("white  1 point, 1 island, 0 bridges, 4 tiles"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("red    0 points, 0 islands, 0 bridges, 2 tiles")
    );
}

/// The board's size takes the article it is read with: "an 8×8", "a 6×6".
#[test]
fn the_board_size_takes_its_article() {
    let run = replay("size 8\nc3 e5\n", &[]);
    assert!(
        run.stdout.contains("1 move applied on an 8×8 board"),
        "{}",
        run.stdout
    );
    let run = replay("size 6\nc3 e5\n", &[]);
    assert!(
        run.stdout.contains("1 move applied on a 6×6 board"),
        "{}",
        run.stdout
    );
}
