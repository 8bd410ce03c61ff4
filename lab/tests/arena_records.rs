//! `ponte-lab arena --records FILE` as a user runs it: the real binary keeps a match in one
//! file, its header saying what ran where, then each game's record as it ends; `ponte replay
//! --game` replays one of them; the same command started again plays only the games still
//! missing.

mod common;

use std::path::Path;
use std::process::Output;

use ponte::game::Record;

fn ponte(args: &[&str]) -> Output {
    common::run_with_input(common::ponte(args), "")
}

fn arena(file: &Path, games: &str, seed: &str, threads: &str) -> Output {
    common::run_with_input(
        common::lab(&[
            "arena",
            "easy:playouts=2",
            "medium:playouts=3",
            "--games",
            games,
            "--size",
            "6",
            "--seed",
            seed,
            "--threads",
            threads,
            "--records",
            file.to_str().unwrap(),
        ]),
        "",
    )
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The header's value for `key`.
fn header<'a>(file: &'a str, key: &str) -> &'a str {
    file.lines()
        .take_while(|line| !line.is_empty())
        .find_map(|line| line.strip_prefix(&format!("# {key}: ")))
        .unwrap_or_else(|| panic!("no {key} in the header:\n{file}"))
}

/// The games of a match file by number: the result line's winner and the record.
fn games(file: &str) -> Vec<(usize, String, String)> {
    let mut games = Vec::new();
    let mut lines = file.lines();
    while let Some(line) = lines.next() {
        let Some(result) = line.strip_prefix("# result: game ") else {
            continue;
        };
        let words: Vec<&str> = result.split(' ').collect();
        let number: usize = words[0].parse().unwrap();
        let record: String = lines
            .by_ref()
            .take_while(|line| *line != format!("# end of game {number}"))
            .map(|line| format!("{line}\n"))
            .collect();
        games.push((number, words[2].to_owned(), record));
    }
    games.sort();
    games
}

#[test]
fn a_match_is_kept_in_one_file_with_its_machine_and_every_game() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("match.txt");
    let run = arena(&path, "4", "7", "2");
    assert!(run.status.success(), "{}", text(&run.stderr));
    let file = std::fs::read_to_string(&path).unwrap();

    assert_eq!(
        file.lines().next(),
        Some(
            "# arena: easy:playouts=2 against medium:playouts=3, 6×6 with unlimited supply, seed 7"
        )
    );
    assert_eq!(header(&file, "games"), "4");
    assert_eq!(header(&file, "threads"), "2");
    let command = header(&file, "command");
    assert!(
        command.ends_with(&format!(
            " arena easy:playouts=2 medium:playouts=3 --games 4 --size 6 --seed 7 --threads 2 \
             --records {}",
            path.display()
        )),
        "{command}"
    );
    assert!(!header(&file, "commit").is_empty());
    let date = header(&file, "date");
    assert!(date.starts_with("20") && date.ends_with(" UTC"), "{date}");
    let machine = header(&file, "machine");
    let cores = std::thread::available_parallelism().unwrap().get();
    assert!(
        machine.contains(&format!(", {cores} cores, load at start: ")),
        "{machine}"
    );
    if let Ok(cpuinfo) = std::fs::read_to_string("/proc/cpuinfo") {
        let model = cpuinfo
            .lines()
            .find_map(|line| line.strip_prefix("model name"))
            .and_then(|rest| rest.split_once(':'))
            .map(|(_, model)| model.trim())
            .unwrap();
        assert!(machine.starts_with(&format!("{model}, ")), "{machine}");
        let load = machine.rsplit_once("load at start: ").unwrap().1;
        assert_eq!(load.split(' ').count(), 3, "{load}");
        assert!(load.split(' ').all(|l| l.parse::<f64>().is_ok()), "{load}");
    }

    // The four games, whole and as the tally counted them; the same match on one thread
    // plays the same games move for move.
    let saved = games(&file);
    assert_eq!(saved.iter().map(|g| g.0).collect::<Vec<_>>(), [1, 2, 3, 4]);
    let won = saved.iter().filter(|g| g.1 == "0").count();
    let lost = saved.iter().filter(|g| g.1 == "1").count();
    let report = text(&run.stdout);
    assert!(
        report.contains(&format!(": 4 games, {won} won, {lost} lost, ")),
        "{report}"
    );
    let again = dir.path().join("again.txt");
    assert!(arena(&again, "4", "7", "1").status.success());
    assert_eq!(games(&std::fs::read_to_string(&again).unwrap()), saved);

    // Each game replays on its own, with the file's line numbers.
    for (number, _, record) in &saved {
        let moves = record.parse::<Record>().unwrap().moves.len();
        let run = ponte(&[
            "replay",
            "--json",
            "--game",
            &number.to_string(),
            path.to_str().unwrap(),
        ]);
        assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
        let report: serde_json::Value = serde_json::from_slice(&run.stdout).unwrap();
        assert_eq!(report["status"], "finished");
        assert_eq!(report["moves"], moves);
    }
    let run = ponte(&["replay", path.to_str().unwrap()]);
    assert_eq!(run.status.code(), Some(2));
    assert!(
        text(&run.stderr)
            .contains("a match of `ponte-lab arena`, 4 games: choose one with --game N"),
        "{}",
        text(&run.stderr)
    );
    let run = ponte(&["replay", "--game", "9", path.to_str().unwrap()]);
    assert_eq!(run.status.code(), Some(2));
    assert!(text(&run.stderr).contains("no game 9"));

    // A game's record as the arena wrote it in a folder of one file a game (the match's line,
    // the result, the record) still replays as it is, and is no match's file to go on with.
    let first_game = file
        .lines()
        .skip_while(|l| !l.starts_with("# result: game 1 "));
    let single = format!(
        "{}\n{}",
        file.lines().next().unwrap(),
        first_game
            .take_while(|l| !l.starts_with("# end of game"))
            .map(|l| format!("{l}\n"))
            .collect::<String>()
    );
    let old = dir.path().join("game-0001.txt");
    std::fs::write(&old, &single).unwrap();
    let run = ponte(&["replay", "--json", old.to_str().unwrap()]);
    assert_eq!(run.status.code(), Some(0), "{}", text(&run.stderr));
    assert!(text(&run.stdout).contains("\"status\":\"finished\""));
    let run = arena(&old, "4", "7", "1");
    assert_eq!(run.status.code(), Some(2));
    assert!(text(&run.stderr).contains("is not a match's record file"));
    assert_eq!(std::fs::read_to_string(&old).unwrap(), single);

    // The same command with a game more plays that game only, after a note of what runs it.
    let run = arena(&path, "5", "7", "1");
    assert!(run.status.success(), "{}", text(&run.stderr));
    assert!(text(&run.stdout).contains(": 5 games, "));
    let resumed = std::fs::read_to_string(&path).unwrap();
    assert!(
        resumed.starts_with(&file),
        "the games saved stay as they were"
    );
    let added = &resumed[file.len()..];
    assert!(added.starts_with("\n# resumed: 20"), "{added}");
    assert!(
        added.contains("\n# games: 5\n# threads: 1\n# command: "),
        "{added}"
    );
    assert_eq!(games(&resumed).len(), 5);

    // Another match on the file is refused, and the file stays as it is.
    let run = arena(&path, "5", "8", "1");
    assert_eq!(run.status.code(), Some(2));
    assert!(
        text(&run.stderr).contains("holds another match"),
        "{}",
        text(&run.stderr)
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), resumed);
}
