//! `hint` in `ponte local`: against the bot, the board after the move it would play for the
//! player, with why, and its picture; counted, and the count said at the end; refused with the
//! reason to someone not playing and in a rated game between people.

mod common;

#[test]
fn hints_against_the_bot_in_the_terminal_are_shown_counted_and_refused_between_people() {
    let dir = tempfile::tempdir().unwrap();
    let database = common::database_url(&dir);
    let mut command = common::ponte(&["local", "--database", &database]);
    command
        .env("LC_ALL", "C.UTF-8")
        .arg("--pictures")
        .arg(dir.path());
    let input = "\
play alice ai:easy size 6
hint
as bob hint
as alice c3 d4
hint
play carol dave size 6
hint
game #1
as alice resign
yes
";
    let output = common::run_with_input(command, input);
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let out = String::from_utf8(output.stdout).unwrap();
    for said in [
        "💡 Hint for game #1: ",
        "Hints are counted: this is hint 1 in this game.",
        "error: you are not playing in game #1",
        "Hints are counted: this is hint 2 in this game.",
        "error: game #2 is rated: hints are only given in unrated games against the bot",
        "game over: ",
        "💡 2 hints taken",
    ] {
        assert!(out.contains(said), "{said:?} not in:\n{out}");
    }
    let picture = dir.path().join("game-1-hint.png");
    assert!(std::fs::read(&picture).unwrap().starts_with(b"\x89PNG"));
}
