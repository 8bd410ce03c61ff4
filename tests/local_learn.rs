//! `learn` in `ponte local`: a lesson on the text board with its words and picture; a wrong
//! answer gets its reason, a right one moves on (a move typed alone, or a choice's number);
//! `learn` again (and in the next run of the terminal) resumes where the player is; a game,
//! once current, takes the moves typed alone, and `learn` with a move still answers the lesson.
//! Nobody needs to be named first: the terminal's player is the system user, or the one
//! player the terminal knows.

mod common;

/// Runs the terminal on `database` with `input`; what it printed.
fn run(database: &str, pictures: &std::path::Path, input: &str) -> String {
    run_as("kim", database, pictures, input)
}

/// [`run`] with `user` as the system user's name.
fn run_as(user: &str, database: &str, pictures: &std::path::Path, input: &str) -> String {
    let mut command = common::ponte(&["local", "--database", database]);
    command
        .env("LC_ALL", "C.UTF-8")
        .env("USER", user)
        .env("LOGNAME", user)
        .arg("--pictures")
        .arg(pictures);
    let output = common::run_with_input(command, input);
    common::stdout_of_success(output)
}

/// `said` in order in `out`; the rest of `out` after the last.
fn in_order<'a>(out: &'a str, said: &[&str]) -> &'a str {
    let mut rest = out;
    for line in said {
        let at = rest
            .find(line)
            .unwrap_or_else(|| panic!("{line:?} not (in order) in:\n{out}"));
        rest = &rest[at + line.len()..];
    }
    rest
}

#[test]
fn lessons_in_the_terminal_are_shown_answered_and_resumed() {
    let dir = tempfile::tempdir().unwrap();
    let database = common::database_url(&dir);
    let input = "\
as alice learn
pass
c3 d4
learn
learn 3
1
2
learn 9
learn sideways
";
    let out = run(&database, dir.path(), input);
    in_order(
        &out,
        &[
            "Lesson 1 of 8 — Placing tiles",
            "A single tile is never a move.",
            "Type your move as in a game (c3 d4, b1-d1, pass).",
            "lesson-1.png",
            "❌ Not quite: That move is not allowed: you can still place two tiles",
            "✅ Right! Your two tiles are on the board",
            "lesson-1-answer.png\n\n",
            "Lesson 2 of 8 — Islands",
            "lesson-2.png",
            // `learn` again: where alice is.
            "Lesson 2 of 8 — Islands",
            "Lesson 3 of 8 — The distance rule",
            "Type the number of your answer:\n  1) e2 e3\n  2) d4 f4\n  3) a5 b5",
            "❌ Not quite: e2 e3 is a legal move here. Try again.",
            "✅ Right! That move is not allowed: the island b2, c2, b3, c3 would touch",
            "Lesson 4 of 8 — Bridges",
            "error: there is no lesson 9: the lessons are numbered 1 to 8",
            "error: usage: learn | learn 3 | learn again | learn c3 d4",
        ],
    );
    // A choice has no board after it.
    assert!(!dir.path().join("lesson-3-answer.png").exists());
    for picture in ["lesson-1.png", "lesson-1-answer.png", "lesson-3.png"] {
        let bytes = std::fs::read(dir.path().join(picture)).unwrap();
        assert!(bytes.starts_with(b"\x89PNG"), "{picture}");
    }

    // The next run resumes at lesson 4; a game, once current, takes a move typed alone.
    let input = "\
as alice learn
learn again
play alice bob size 6
learn
c3 d4
learn c3 d4
2
";
    let out = run(&database, dir.path(), input);
    let rest = in_order(
        &out,
        &[
            "Lesson 4 of 8 — Bridges",
            "Lesson 1 of 8 — Placing tiles",
            "game #1 started",
            "Lesson 1 of 8 — Placing tiles",
            "Game #1 is current: a move typed alone is played there.",
            "alice (white) plays c3 d4",
            "✅ Right! Your two tiles are on the board",
            "Lesson 2 of 8 — Islands",
            "error: this lesson asks for a move, not a choice",
        ],
    );
    assert!(!rest.contains("Lesson"), "{rest}");
}

/// On a fresh database `learn`, a move answering it, `puzzle` and `hint` need no `as NAME`:
/// the system user plays. Started again under another system user, the terminal's one known
/// player is taken up where they were; with two known, the system user plays.
#[test]
fn learn_puzzle_and_hint_need_no_name_first() {
    let dir = tempfile::tempdir().unwrap();
    let database = common::database_url(&dir);
    let input = "learn\nc3 d4\npuzzle\nsolve a\nplay kim ai:easy size 6\nhint\n";
    let out = run(&database, dir.path(), input);
    let rest = in_order(
        &out,
        &[
            "Lesson 1 of 8 — Placing tiles",
            "✅ Right! Your two tiles are on the board",
            "Lesson 2 of 8 — Islands",
            "🧩 Puzzle #",
            "Your puzzle rating: 1500 → ",
            "game #1 started",
            "💡 Hint for game #1: ",
        ],
    );
    assert!(!out.contains("error"), "{out}");
    assert!(!rest.contains("Lesson"), "{rest}");

    // Another system user, and kim the only player the terminal knows (the bot aside).
    let out = run_as("lou", &database, dir.path(), "learn\n");
    in_order(&out, &["Lesson 2 of 8 — Islands"]);
    // Two known (max moves on to lesson 2): lou, the system user, starts at the first lesson,
    // and is known the next time.
    let input = "as max learn\nlearn c3 d4\nas lou\nlearn\n";
    let out = run_as("lou", &database, dir.path(), input);
    let rest = in_order(&out, &["Lesson 2 of 8", "you are now lou", "Lesson 1 of 8"]);
    assert!(!rest.contains("Lesson 2"), "{out}");
    let out = run_as("lou", &database, dir.path(), "learn\n");
    in_order(&out, &["Lesson 1 of 8"]);
}
