//! `ponte local` driven through its standard input, and killed with SIGKILL in the middle of a
//! stream of moves: no acknowledged move may be lost.

mod common;

use std::io::{BufRead, BufReader};
use std::process::Command;

use fastrand::Rng;
use ponte::game::{Game, Move, Supply, Variant, playout};
use ponte::service::{
    Actor, AiTerms, ChallengeOptions, GameId, Level, Opener, Player, PlayerId, Service, Venue,
};

fn local(database: &str, pictures: Option<&std::path::Path>) -> Command {
    let mut command = common::ponte(&["local", "--database", database]);
    // English whatever the machine's language (`--lang` defaults to it).
    command.env("LC_ALL", "C.UTF-8");
    match pictures {
        Some(dir) => command.arg("--pictures").arg(dir),
        None => command.arg("--no-pictures"),
    };
    command
}

/// `ponte local` on `database` whose bot searches `playouts` a move: quick, and the same on
/// every machine.
fn against_the_bot(database: &str, playouts: &str) -> Command {
    let mut command = local(database, None);
    command.env("PONTE_AI_PLAYOUTS", playouts);
    command
}

/// A database with one game of alice and bob on 6×6 in which White has four tiles and Red
/// one: the tiles run out within a few moves.
async fn few_tiles_game() -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let database = common::database_url(&dir);
    let service = Service::open(&database).await.unwrap();
    let alice = Player::new(PlayerId::of_terminal("alice"), "alice");
    let bob = Player::new(PlayerId::of_terminal("bob"), "bob");
    let options = ChallengeOptions {
        variant: Variant::new(6, Supply::Limited(4), Supply::Limited(1)).unwrap(),
        ..ChallengeOptions::default()
    };
    common::start_game(&service, &alice, &bob, options, Venue::default()).await;
    service.close().await;
    (dir, database)
}

fn run_session(database: &str, pictures: &std::path::Path, input: &str) -> String {
    let output = common::run_with_input(local(database, Some(pictures)), input);
    common::stdout_of_success(output)
}

/// `--lang de`: the whole session in German, the engine's reasons and the picture included.
#[test]
fn a_game_in_german() {
    let dir = tempfile::tempdir().unwrap();
    let database = common::database_url(&dir);
    let mut command = local(&database, Some(dir.path()));
    command.args(["--lang", "de"]);
    let input = "\
play alice bob size 6
c3 d4
c3 e5
d5 e4
board
as alice resign
yes
";
    let output = common::run_with_input(command, input);
    assert!(output.status.success());
    let out = String::from_utf8(output.stdout).unwrap();
    for german in [
        "Partie #1 beginnt: alice setzt die ersten beiden weißen Steine, dann behält bob Rot oder tauscht (6×6, unbegrenzter Vorrat)",
        "alice (Weiß) spielt c3 d4",
        "bob (Rot) ist am Zug (swap, um zu tauschen und Weiß zu übernehmen, oder zwei rote Steine setzen)",
        "Fehler: auf c3 liegt schon ein weißer Stein",
        "bob (Rot) spielt d5 e4",
        "Weiß  0 Punkte, 0 Inseln, 0 Brücken, 2 Steine",
        "Partie vorbei: bob (Rot) gewinnt durch Aufgabe",
    ] {
        assert!(out.contains(german), "missing {german:?} in:\n{out}");
    }
    assert!(!out.contains("to move") && !out.contains("error:"), "{out}");
    // The picture is written (its caption's language is tested in tests/render.rs).
    let png = std::fs::read(dir.path().join("game-1.png")).unwrap();
    assert!(png.starts_with(b"\x89PNG"));
}

/// The advice after a challenge to anyone works: `as NAME accept` starts the game; the
/// challenger cannot accept it, and nobody can decline it.
#[test]
fn a_challenge_to_anyone_is_accepted_as_the_advice_says() {
    let dir = tempfile::tempdir().unwrap();
    let database = common::database_url(&dir);
    let input =
        "as alice challenge open size 6\nas alice accept\nas erin decline\nas erin accept\n";
    let output = common::run_with_input(local(&database, None), input);
    let out = String::from_utf8(output.stdout).unwrap();
    assert!(out.contains("answer with `as NAME accept`"), "{out}");
    assert!(out.contains("alice has no challenge to accept"), "{out}");
    assert!(out.contains("erin has no challenge to decline"), "{out}");
    assert!(
        out.contains(
            "game #1 started: alice opens with White's first two tiles, then erin keeps Red"
        ),
        "{out}"
    );
}

/// A turn against the bot shows the board once: after the bot's reply, not also before it.
#[test]
fn a_turn_against_the_bot_shows_one_board() {
    let dir = tempfile::tempdir().unwrap();
    let database = common::database_url(&dir);
    let command = against_the_bot(&database, "30");
    let output = common::run_with_input(command, "play alice ai:easy size 6\nc3 d4\n");
    let out = String::from_utf8(output.stdout).unwrap();
    let turn = out.split("alice (white) plays c3 d4").nth(1).unwrap();
    assert!(turn.contains("ponte (red) plays"), "{out}");
    assert_eq!(turn.matches("last move:").count(), 1, "{out}");
    assert_eq!(
        turn.matches("     a b c d e f").count(),
        2,
        "one board: {out}"
    );
}

/// A game where the bot is to move when the terminal starts (it was stopped, or killed, while
/// the bot thought): the bot moves by itself at once, and a typed move goes to the human, never
/// to the bot.
#[tokio::test]
async fn the_bots_waiting_turn_is_played_at_start_and_no_move_is_typed_for_it() {
    let dir = tempfile::tempdir().unwrap();
    let database = common::database_url(&dir);
    let service = Service::open(&database).await.unwrap();
    let alice = Player::new(PlayerId::of_terminal("alice"), "alice");
    let bot = Player::new(PlayerId::of_terminal("ponte"), "ponte");
    let terms = AiTerms {
        level: Level::Easy,
        options: ChallengeOptions {
            variant: Variant::new(6, Supply::Unlimited, Supply::Unlimited).unwrap(),
            ..ChallengeOptions::default()
        },
        venue: Venue::default(),
        opener: Opener::Ai,
    };
    let game = service
        .start_ai_game(&Actor::member(alice.clone(), None), &bot, terms, None)
        .await
        .unwrap();
    assert_eq!(game.to_move().unwrap().1.id, bot.id, "the bot is to move");
    service.close().await;

    let command = against_the_bot(&database, "30");
    let output = common::run_with_input(command, "game #1\nc3 d4\n");
    let out = String::from_utf8(output.stdout).unwrap();
    let first = out
        .find("ponte (white) plays")
        .expect("the bot moved at start");
    let typed = out
        .find("alice (red) plays c3 d4")
        .expect("alice's move played");
    assert!(first < typed, "{out}");
    assert!(!out.contains("ponte (white) plays c3 d4"), "{out}");
}

/// SIGTERM ends a terminal session as the end of input does: exit 0, the database closed with
/// no `-wal` left, the move played before it saved.
#[test]
fn sigterm_ends_the_session_cleanly() {
    use std::io::Write;
    let dir = tempfile::tempdir().unwrap();
    let database = common::database_url(&dir);
    let mut child = local(&database, None).spawn().unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"play alice bob size 6\nc3 d4\n").unwrap();
    stdin.flush().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    while !line.starts_with("saved: move 1") {
        line.clear();
        assert!(
            stdout.read_line(&mut line).unwrap() > 0,
            "the session ended early"
        );
    }
    let pid = child.id().to_string();
    let sent = Command::new("kill").args(["-TERM", &pid]).status().unwrap();
    assert!(sent.success());
    let status = child.wait().unwrap();
    drop(stdin);
    assert_eq!(status.code(), Some(0), "{status:?}");
    let file = dir.path().join("ponte.db-wal");
    assert!(!file.exists(), "the write-ahead log is checkpointed away");
}

/// `help` explains the board's symbols, `rules` prints the rules, and a mistyped command is
/// answered with the nearest one.
#[test]
fn help_rules_and_a_mistyped_command() {
    let dir = tempfile::tempdir().unwrap();
    let database = common::database_url(&dir);
    let output = common::run_with_input(local(&database, None), "help\nrules\nbaord\n");
    let out = String::from_utf8(output.stdout).unwrap();
    assert!(out.contains("w W white tiles (W: in an island)"), "{out}");
    assert!(
        out.contains("Ponte del Diavolo — build islands and join them with bridges."),
        "{out}"
    );
    assert!(!out.contains("**"), "{out}");
    // The terminal's commands and board, not Discord's.
    for discord in ["/place", "/bridge", "/pass", "◆", "paler"] {
        assert!(!out.contains(discord), "{discord} in:\n{out}");
    }
    for terminal in [
        "`play alice ai:easy`: alice opens",
        "`play ai:easy alice`: the bot opens",
        "in `play A B`, A",
        "(`c3-e4` or `bridge c3 e4`)",
        "island (W or R on the board); 1–3 tiles are a sandbank (w or r)",
        "may bridge or `pass`",
    ] {
        assert!(out.contains(terminal), "missing {terminal:?} in:\n{out}");
    }
    assert!(
        out.contains("error: \"baord\" is not a command (help lists them): did you mean board?"),
        "{out}"
    );
}

/// Blank lines (spaces, tabs, a CRLF file's carriage returns) are passed over without a word,
/// and a key that arrives as an escape sequence (the Up arrow read without the line editor)
/// is quoted back as what it is, never as an empty `""`. Piped input has no prompt and no
/// line editor: standard error stays empty.
#[test]
fn blank_lines_are_quiet_and_a_stray_key_is_quoted_visibly() {
    let dir = tempfile::tempdir().unwrap();
    let database = common::database_url(&dir);
    let input = "play alice bob size 6\n\n   \n\t\n\r\n\x1b[A\nc3 d4\r\n";
    let output = common::run_with_input(local(&database, None), input);
    assert!(output.status.success());
    let out = String::from_utf8(output.stdout).unwrap();
    let errors: Vec<&str> = out.lines().filter(|l| l.starts_with("error")).collect();
    assert_eq!(
        errors,
        ["error: \"\\u{1b}[a\" is not a command (help lists them)"],
        "{out}"
    );
    assert!(!out.contains("\"\""), "{out}");
    assert!(!out.contains("> "), "no prompt when piped: {out}");
    assert!(out.contains("saved: move 1 of game #1"), "{out}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.is_empty(), "{stderr}");
}

/// The word the prompt offers for the swap is the one the terminal takes, in every language.
#[test]
fn the_swap_offered_in_the_prompt_is_taken_in_every_language() {
    for lang in ["en", "de", "fr"] {
        let dir = tempfile::tempdir().unwrap();
        let database = common::database_url(&dir);
        let mut command = local(&database, None);
        command.args(["--lang", lang]);
        let output = common::run_with_input(command, "play alice bob size 6\nc3 d4\nswap\n");
        let out = String::from_utf8(output.stdout).unwrap();
        let prompt = out
            .lines()
            .find(|line| line.contains("bob") && line.contains("swap"))
            .unwrap_or_else(|| panic!("{lang}: no prompt offering swap in:\n{out}"));
        assert!(
            !prompt.contains("tauschen,") && !prompt.contains("(échanger"),
            "{prompt}"
        );
        let played = [
            "swaps: takes White",
            "tauscht und übernimmt Weiß",
            "échange et prend Blanc",
        ];
        assert!(
            played.iter().any(|p| out.contains(p)),
            "{lang}: the swap was not played:\n{out}"
        );
    }
}

#[test]
fn a_session_plays_a_game_and_rejects_bad_input() {
    let dir = tempfile::tempdir().unwrap();
    let database = common::database_url(&dir);
    let input = "\
help
place c3 d4
as alice challenge bob size 6 unlimited
as carol accept #1
as carol accept
as bob accept
as bob c3 d4
place c3 d4
c3 e4
swap
as bob d4 d5
as alice b2 b3
nonsense
e5 e6
as alice b4 b5
a6 f1
as alice b1 c6
games
record
as bob resign
yes
as alice c6 d6
quit
as alice e1 f1
";
    let pictures = dir.path().join("pictures");
    let out = run_session(&database, &pictures, input);
    let expect = |text: &str| assert!(out.contains(text), "missing {text:?} in:\n{out}");
    expect("play NAME NAME");
    expect("error: no current game");
    expect("challenge #1: alice challenges bob to 6×6, unlimited supply");
    expect("error: this challenge is for bob");
    expect("error: carol has no challenge to accept");
    expect("game #1 started: alice opens with White's first two tiles");
    expect("error: it is not your turn: alice is to move");
    expect("alice (white) plays c3 d4\nsaved: move 1 of game #1");
    expect("error: c3 is already taken by a white tile");
    expect("bob (red) swaps: takes White");
    expect("game #1: bob is White, alice is Red");
    expect("alice (red) plays b2 b3");
    // An unknown word is no move: it is said to be no command (the nearest one when close).
    expect("error: \"nonsense\" is not a command (help lists them)");
    expect("bob (white) plays e5 e6");
    expect("alice (red) plays b4 b5");
    expect("error: that makes a group of 5 tiles at b1; a group may have at most 4");
    expect("#1: bob (white) vs alice (red), move 7, your turn");
    expect("size 6\nc3 d4\nswap\nb2 b3\ne5 e6\nb4 b5\na6 f1\n");
    expect("bob (white) resigns");
    expect("game over: alice (red) wins, by resignation");
    expect("error: game #1 is over");
    // Every move wrote the game's picture.
    let png = pictures.join("game-1.png");
    expect(&format!("picture: {}", png.display()));
    let picture = image::open(&png).unwrap();
    assert_eq!(picture.width(), ponte::render::WIDTH);
    assert!(!out.contains("e1 f1"), "input after quit was read");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_mid_stream_loses_no_acknowledged_move() {
    let dir = tempfile::tempdir().unwrap();
    let database = common::database_url(&dir);

    // A whole random game, fed to the local mode as fast as it will read.
    let mut rng = Rng::with_seed(17);
    let mut game = Game::new(Variant::default());
    let mut moves: Vec<Move> = Vec::new();
    while let Some(mv) = playout::random_move(&game, &mut rng) {
        game.play(mv).unwrap();
        moves.push(mv);
    }
    let mut input = String::from("play alice bob\n");
    for mv in &moves {
        input.push_str(&format!("{mv}\n"));
    }

    let (mut child, feeder) = common::spawn_with_input(local(&database, None), input);
    let stdout = BufReader::new(child.stdout.take().unwrap());
    let mut acknowledged = 0;
    for line in stdout.lines() {
        let line = line.unwrap();
        if let Some(rest) = line.strip_prefix("saved: move ") {
            acknowledged = rest.split(' ').next().unwrap().parse().unwrap();
            if acknowledged >= 25 {
                child.kill().unwrap(); // SIGKILL
                break;
            }
        }
    }
    child.wait().unwrap();
    // The process is killed before it reads everything: a broken pipe then is expected.
    let _ = feeder.join().unwrap();
    assert!(acknowledged >= 25, "the game ended too soon");

    let service = Service::open(&database).await.unwrap();
    let games = service
        .active_games(PlayerId::of_terminal("alice"))
        .await
        .unwrap();
    let stored = if games.is_empty() {
        service.game(GameId::try_from(1).unwrap()).await.unwrap()
    } else {
        games[0].clone()
    };
    assert!(stored.moves.len() >= acknowledged as usize);
    // The log is a prefix of what was sent (forced passes aside), and replays.
    let logged: Vec<Move> = stored
        .moves
        .iter()
        .filter(|m| !m.forced)
        .map(|m| m.mv)
        .collect();
    assert_eq!(logged[..], moves[..logged.len()]);
    let replay = stored.record().replay();
    assert!(replay.error.is_none());
    assert_eq!(replay.game, stored.game);
}

#[test]
fn every_time_per_move_is_range_checked() {
    let dir = tempfile::tempdir().unwrap();
    let database = common::database_url(&dir);
    let input = "\
as alice challenge bob time inf
as alice challenge bob time NaN
as alice challenge bob time 1e15
as alice challenge bob time 2e14
as alice challenge bob time 1e14
as alice challenge bob time 31
as alice challenge bob time 0
as alice challenge bob time 0.0001
as alice challenge bob time -1
as alice challenge bob time 30
quit
";
    let pictures = dir.path().join("pictures");
    let out = run_session(&database, &pictures, input);
    let refusals = out
        .matches("time is the days per move, from a minute (0.0007) to 30")
        .count();
    assert_eq!(refusals, 9, "{out}");
    assert!(!out.contains("CHECK"), "{out}");
    assert_eq!(
        out.matches("challenge #").count(),
        1,
        "only the last one is made: {out}"
    );
}

#[tokio::test]
async fn a_game_against_the_bot_in_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let database = common::database_url(&dir);
    let session = |input: &str| {
        let command = against_the_bot(&database, "20");
        let output = common::run_with_input(command, input);
        common::stdout_of_success(output)
    };
    // The bot opens: its first move comes with the start.
    let out = session("play ai:easy alice size 6 unlimited\nquit\n");
    assert!(out.contains("ponte (white) plays"), "{out}");
    assert!(session("play ai:expert alice\nquit\n").contains("not a level"));
    assert!(session("play ai:easy ai:hard\nquit\n").contains("cannot play itself"));

    let alice = PlayerId::of_terminal("alice");
    let mut rng = Rng::with_seed(8);
    for _ in 0..60 {
        let service = Service::open(&database).await.unwrap();
        let game = service.game(GameId::try_from(1).unwrap()).await.unwrap();
        service.close().await;
        if game.is_over() {
            assert!(!game.rated, "games against the bot are unrated");
            return;
        }
        assert_eq!(game.to_move().unwrap().1.id, alice, "the bot answered");
        let mv = loop {
            let mv = playout::random_move(&game.game, &mut rng).unwrap();
            if mv != Move::Swap {
                break mv;
            }
        };
        let out = session(&format!("game #1\nas alice {mv}\nquit\n"));
        assert!(
            out.contains(&format!("alice (red) plays {mv}")) || !matches!(mv, Move::Place(..)),
            "{out}"
        );
    }
    panic!("the game against the bot did not end");
}

/// `replay` writes the game's GIF beside its pictures; `analyse` prints the turning points and
/// writes the chart; a game still being played is refused.
#[test]
fn a_finished_game_is_replayed_and_analysed_in_the_terminal() {
    let dir = tempfile::tempdir().unwrap();
    let database = common::database_url(&dir);
    let mut command = local(&database, Some(dir.path()));
    command.env("PONTE_AI_PLAYOUTS", "30");
    let input = "\
play alice bob size 6
c3 d4
analyse
d5 e4
as alice resign
yes
replay
analyse
analyse
analyse #7
play carol dave size 6
analyse #1
";
    let output = common::run_with_input(command, input);
    assert!(output.status.success());
    // Standard error is no terminal here: no progress bar while the analysis runs.
    assert!(output.stderr.is_empty(), "{output:?}");
    let out = String::from_utf8(output.stdout).unwrap();
    assert!(out.contains("error: game #1 is not over yet"), "{out}");
    // A number is honoured: no game #7, and game #1 analysed while game #2 is the current one.
    assert!(out.contains("error: there is no game #7"), "{out}");
    let gif = std::fs::read(dir.path().join("game-1.gif")).unwrap();
    let mut decoder = gif::DecodeOptions::new().read_info(gif.as_slice()).unwrap();
    let mut frames = 0;
    while decoder.read_next_frame().unwrap().is_some() {
        frames += 1;
    }
    assert_eq!(frames, 4, "the start and three moves");
    let summaries =
        out.matches("as the AI sees them").count() + out.matches("a steady game").count();
    assert_eq!(summaries, 3, "{out}");
    let chart = std::fs::read(dir.path().join("game-1-analysis.png")).unwrap();
    assert!(image::load_from_memory(&chart).is_ok());
}

/// `vacation NAME DAYS` stops the clocks of NAME's games where they are to move, `back NAME`
/// starts them again; wrong uses are answered and change nothing.
#[tokio::test]
async fn a_player_goes_on_vacation_and_comes_back() {
    let dir = tempfile::tempdir().unwrap();
    let database = common::database_url(&dir);
    let first = "play alice bob time 3\nas alice games\nvacation alice 5\nvacation alice 2\n\
                 vacation bob 40\nvacation bob\nboard\ngames\n";
    let output = common::run_with_input(local(&database, None), first);
    let out = String::from_utf8(output.stdout).unwrap();
    // A timed game shows its time left on the board and in the games, and then the vacation.
    let left = "(2 d 23 h left)";
    assert_eq!(out.matches(left).count(), 2, "{out}");
    assert!(
        out.contains("alice (white) to move\ntime runs out "),
        "{out}"
    );
    assert!(out.contains(", your turn; time runs out "), "{out}");
    assert_eq!(
        out.matches(": the clock stands still\n").count(),
        2,
        "on the board and in the games: {out}"
    );
    assert!(
        out.contains(", your turn; alice is on vacation until "),
        "{out}"
    );
    assert!(out.contains("alice is on vacation until "), "{out}");
    assert!(out.contains("(25 days left this year)"), "{out}");
    // Refusals in the terminal's words: the player's name, and `back NAME`.
    assert!(out.contains("error: alice is on vacation until "), "{out}");
    assert!(
        out.contains(" already: `back alice` brings them back"),
        "{out}"
    );
    assert!(
        out.contains("error: ask for 1 to 30 days: bob has that many left this year"),
        "{out}"
    );
    assert!(!out.contains("/vacation") && !out.contains("You "), "{out}");
    assert!(out.contains("error: usage: vacation NAME DAYS"), "{out}");
    let service = Service::open(&database).await.unwrap();
    let game = service.game(GameId::try_from(1).unwrap()).await.unwrap();
    assert_eq!(game.deadline_at, None, "alice's clock stands still");
    assert!(game.away_until.is_some());
    service.close().await;

    let output = common::run_with_input(local(&database, None), "back alice\nback alice\n");
    let out = String::from_utf8(output.stdout).unwrap();
    assert!(
        out.contains("alice is back: their clocks run again (29 days left this year)"),
        "{out}"
    );
    assert!(out.contains("error: alice is not on vacation"), "{out}");
    let service = Service::open(&database).await.unwrap();
    let game = service.game(GameId::try_from(1).unwrap()).await.unwrap();
    assert!(game.deadline_at.is_some() && game.away_until.is_none());
    service.close().await;
}

/// The verb says what kind of move follows: `bridge a1 a3` and `bridge a1-a3` build a bridge,
/// as on Discord; a move of another kind after a verb is refused, names the verb that plays it,
/// and changes nothing.
#[test]
fn the_verb_is_the_move() {
    let dir = tempfile::tempdir().unwrap();
    let database = common::database_url(&dir);
    let input = "\
play alice bob size 6
a1 a3
bridge a1 a3
place c1 c3
place a1-a3
bridge a1 a3
bridge c1-c3
bridge e1
place e1 e3 e5
record
";
    let out = run_session(&database, &dir.path().join("pictures"), input);
    let expect = |text: &str| assert!(out.contains(text), "missing {text:?} in:\n{out}");
    // Red's own tiles are not White's: `bridge a1 a3` is a bridge, whoever's turn it is.
    expect("error: there is no red tile on a1 to carry a bridge");
    expect("bob (red) plays c1 c3");
    expect(
        "error: `place` needs two cells for two tiles, like `place c3 d4`: \
         to build the bridge a1-a3, type `bridge a1-a3`",
    );
    expect("alice (white) plays a1-a3");
    expect("bob (red) plays c1-c3");
    expect(
        "error: `bridge` needs the two ends of a bridge, like `bridge c3-e4` or `bridge c3 e4`\n",
    );
    expect("error: `place` needs two cells for two tiles, like `place c3 d4`\n");
    expect("size 6\na1 a3\nc1 c3\na1-a3\nc1-c3\n");
}

/// Two tiles refused when no two tiles fit any more: the refusal says so and points to `pass`.
#[tokio::test]
async fn a_player_who_cannot_place_two_tiles_is_pointed_to_pass() {
    let (_dir, database) = few_tiles_game().await;
    let moves = "game #1\na1 c1\nf6 d6\na1 b1\na3 c3\nf4 d4\nb5 b6\npass\n";
    let out =
        String::from_utf8(common::run_with_input(local(&database, None), moves).stdout).unwrap();
    // While two tiles still fit, a refusal is only the rule's.
    assert!(
        out.contains("error: a1 is already taken by a white tile\n"),
        "{out}"
    );
    assert_eq!(out.matches("`pass`").count(), 1, "{out}");
    assert!(
        out.contains(
            "error: you have 0 tiles left, so you cannot place two: no two tiles fit on the \
             board any more, so build a bridge or `pass`"
        ),
        "{out}"
    );
    assert!(out.contains("alice (white) passes"), "{out}");
}

/// When White passes, the terminal says that Red has the last turn, in every language.
#[tokio::test]
async fn the_last_turn_is_said() {
    // Four tiles each: White, out of tiles but with a bridge it may build, passes.
    let moves = "a1 c1\nf6 d6\na3 c3\nf4 d4\npass\n";
    for (lang, said) in [
        (
            "en",
            "bob (red) to move: White has passed, this is the last turn",
        ),
        (
            "de",
            "bob (Rot) ist am Zug: Weiß hat gepasst, das ist der letzte Zug",
        ),
        (
            "fr",
            "à bob (rouge) de jouer : Blanc a passé, c’est le dernier tour",
        ),
    ] {
        let (_dir, database) = few_tiles_game().await;
        let mut command = local(&database, None);
        command.args(["--lang", lang]);
        let output = common::run_with_input(command, &format!("game #1\n{moves}"));
        let out = String::from_utf8(output.stdout).unwrap();
        assert_eq!(out.matches(said).count(), 1, "{lang}: {out}");
    }
}

/// Started again, the terminal goes on with the game that was current, while it is being
/// played; a finished one is not taken up again, and the error lists the games still going on.
#[test]
fn a_restart_resumes_the_current_game() {
    let dir = tempfile::tempdir().unwrap();
    let database = common::database_url(&dir);
    let session = |input: &str| {
        let output = common::run_with_input(local(&database, None), input);
        assert!(output.status.success(), "{output:?}");
        String::from_utf8(output.stdout).unwrap()
    };
    session("play alice bob size 6\nc3 d4\nplay carol dave size 6\ngame #1\n");
    let out = session("e5 e6\n");
    assert!(
        out.starts_with("game #1 goes on where it stood: `board` shows it"),
        "{out}"
    );
    assert!(out.contains("bob (red) plays e5 e6"), "{out}");
    assert!(!out.contains("no current game"), "{out}");
    let out = session("board\nas bob resign\nyes\n");
    assert!(out.contains("game #1: alice is White, bob is Red"), "{out}");
    // Game #2 is still going on: the error lists it, to be taken up.
    let out = session("board\n");
    assert_eq!(
        out,
        "error: no current game: `game #ID` takes up one of these\n\
         #2: carol (white) vs dave (red), move 1, carol to move\n"
    );
    let out = session("game #2\nas dave resign\nyes\nboard\n");
    assert!(
        out.contains("game #2: carol is White, dave is Red"),
        "{out}"
    );
    let out = session("board\n");
    assert_eq!(
        out,
        "error: no current game: `play NAME NAME`, `accept` or `game #ID`\n"
    );
}

/// Bridges are drawn between their ends on the board, in their slopes; White's and Red's
/// tiles and bridges are coloured where colours are wanted (CLICOLOR_FORCE here, a terminal
/// otherwise) and plain when piped or with NO_COLOR.
#[test]
fn bridges_are_drawn_and_coloured_only_where_colours_are_wanted() {
    let dir = tempfile::tempdir().unwrap();
    let database = common::database_url(&dir);
    // White: a row's bridge c3-e3 and a knight's g1-h3; Red: a column's b5-b7.
    let input = "play alice bob size 8\nc3 e3\nb5 b7\ng1 h3\nf7 h8\nc3-e3\nb5-b7\ng1-h3\nboard\n";
    let run = |env: &[(&str, &str)]| {
        let mut command = local(&database, None);
        command.env_remove("NO_COLOR").env_remove("CLICOLOR_FORCE");
        command.envs(env.iter().copied());
        let output = common::run_with_input(command, input);
        assert!(output.status.success(), "{output:?}");
        std::fs::remove_file(dir.path().join("ponte.db")).unwrap();
        String::from_utf8(output.stdout).unwrap()
    };
    let plain = run(&[]);
    let board = plain.rsplit("board\n").next().unwrap_or(&plain);
    for drawn in [
        "  3  . . w───w . .[w]3",
        "  6  . │ . . . . . . 6",
        "  2  . . . . . . ╱ ╱ 2",
    ] {
        assert!(plain.contains(drawn), "missing {drawn:?} in:\n{board}");
    }
    assert!(!plain.contains('\x1b'), "{plain}");
    assert!(!run(&[("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")]).contains('\x1b'));
    let coloured = run(&[("CLICOLOR_FORCE", "1")]);
    // White black on bright white, Red bright white on red.
    assert!(
        coloured.contains("\x1b[30m\x1b[107mw\x1b[0m"),
        "{coloured:?}"
    );
    assert!(
        coloured.contains("\x1b[1m\x1b[97m\x1b[41m│\x1b[0m"),
        "{coloured:?}"
    );
    assert_eq!(anstream::adapter::strip_str(&coloured).to_string(), plain);
}

/// `rematch`: the same two again with the loser opening — as a challenge between people, at
/// once against the bot — as `rules` says.
#[test]
fn a_rematch_is_opened_by_the_loser() {
    let dir = tempfile::tempdir().unwrap();
    let database = common::database_url(&dir);
    let input = "\
rules
play alice bob size 6
as alice rematch
c3 d4
as alice resign
yes
as alice rematch
as bob accept
";
    let out = run_session(&database, &dir.path().join("pictures"), input);
    let expect = |text: &str| assert!(out.contains(text), "missing {text:?} in:\n{out}");
    expect("in a `rematch`, the loser");
    expect("error: game #1 is not over yet");
    expect("challenge #2: alice challenges bob to 6×6");
    expect("game #2 started: alice opens with White's first two tiles");
}
