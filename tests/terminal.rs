//! `ponte` on a terminal: a pseudo-terminal stands in for the person. `ponte local` reads with
//! a line editor (the Up arrow brings the last line back; Ctrl-D, Ctrl-C and SIGTERM end the
//! session cleanly and give the terminal back as it was), and the long commands draw a
//! progress bar on standard error — only there: their standard output is the same as when
//! nothing is a terminal, and then standard error has nothing at all, or for the lab's `arena`
//! the line it has always had.

#![cfg(unix)]

mod common;

use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tempfile::TempDir;

const RECORD: &str = "tests/golden/middle.txt";

/// A pseudo-terminal: what the program writes on it is collected from the other side, and
/// what is written there is typed on it.
struct Terminal {
    keys: File,
    screen: Arc<Mutex<Vec<u8>>>,
    /// The program's side, held until the program has it.
    side: Option<OwnedFd>,
}

impl Terminal {
    fn new() -> Terminal {
        let (mut master, mut slave) = (0, 0);
        let mut size = libc::winsize {
            ws_row: 24,
            ws_col: 120,
            ws_xpixel: 0,
            ws_ypixel: 0,
        };
        // SAFETY: openpty fills both descriptors when it returns 0; they are owned here.
        let (master, slave) = unsafe {
            let opened = libc::openpty(
                &mut master,
                &mut slave,
                std::ptr::null_mut(),
                std::ptr::null_mut(),
                &raw mut size,
            );
            assert_eq!(opened, 0, "{}", std::io::Error::last_os_error());
            (File::from_raw_fd(master), OwnedFd::from_raw_fd(slave))
        };
        let screen = Arc::new(Mutex::new(Vec::new()));
        let mut output = master.try_clone().unwrap();
        let collected = screen.clone();
        // Reads until every descriptor of the program's side is closed (EIO).
        std::thread::spawn(move || {
            let mut buffer = [0; 4096];
            while let Ok(n @ 1..) = output.read(&mut buffer) {
                collected.lock().unwrap().extend_from_slice(&buffer[..n]);
            }
        });
        Terminal {
            keys: master,
            screen,
            side: Some(slave),
        }
    }

    /// The terminal's side as a standard stream of a program.
    fn stdio(&self) -> Stdio {
        Stdio::from(self.side.as_ref().unwrap().try_clone().unwrap())
    }

    /// Closes this test's copy of the program's side once the program has its own.
    fn handed_over(&mut self) {
        self.side = None;
    }

    fn screen(&self) -> String {
        String::from_utf8_lossy(&self.screen.lock().unwrap()).into_owned()
    }

    /// Waits until the screen shows `text` `times` times.
    fn wait_for(&self, text: &str, times: usize) {
        self.wait_until(&format!("{text:?} ×{times}"), |screen| {
            screen.matches(text).count() >= times
        });
    }

    /// Waits for the prompt after the last `text` shown.
    fn prompt_after(&self, text: &str) {
        self.wait_until(&format!("the prompt after {text:?}"), |screen| {
            screen
                .rfind(text)
                .is_some_and(|at| screen[at..].contains("> "))
        });
    }

    fn wait_until(&self, what: &str, shown: impl Fn(&str) -> bool) {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if shown(&screen) {
                return;
            }
            assert!(
                start.elapsed() < Duration::from_secs(60),
                "{what} never shown:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    fn type_keys(&mut self, keys: &str) {
        self.keys.write_all(keys.as_bytes()).unwrap();
        self.keys.flush().unwrap();
    }
}

/// The program's exit, waited for at most a minute.
fn exit_of(child: &mut Child) -> ExitStatus {
    let start = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status;
        }
        if start.elapsed() > Duration::from_secs(60) {
            child.kill().unwrap();
            panic!("still running after a minute");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// `ponte local` with all three streams on `terminal`, in English.
fn local_on(terminal: &mut Terminal, database: &str) -> Child {
    let mut command = Command::new(env!("CARGO_BIN_EXE_ponte"));
    command
        .args(["local", "--database", database, "--no-pictures"])
        .env_remove("DATABASE_URL")
        .env("LC_ALL", "C.UTF-8")
        .env("TERM", "xterm")
        .env("USER", "kim")
        .env("LOGNAME", "kim")
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .stdin(terminal.stdio())
        .stdout(terminal.stdio())
        .stderr(terminal.stdio());
    let child = command.spawn().unwrap();
    terminal.handed_over();
    child
}

/// `ponte local` on a terminal of its own and a new database: what every session test starts.
fn session() -> (TempDir, Terminal, Child) {
    let dir = tempfile::tempdir().unwrap();
    let database = common::database_url(&dir);
    let mut terminal = Terminal::new();
    let child = local_on(&mut terminal, &database);
    (dir, terminal, child)
}

/// Starts a game of alice and bob on 6×6 and waits until alice is asked for her move.
fn alice_and_bob_play(terminal: &mut Terminal) {
    terminal.type_keys("play alice bob size 6\r");
    terminal.prompt_after("alice (white) to move");
}

/// The session closed its database on the way out: no write-ahead log is left beside it.
fn database_closed(dir: &TempDir) {
    assert!(
        !dir.path().join("ponte.db-wal").exists(),
        "the database closed"
    );
}

/// The welcome says who plays (the system user) and points someone new at `learn`; while
/// `hard` thinks a spinner says so and for how long at most, on the terminal only.
#[test]
fn the_welcome_names_the_player_and_learn_and_the_ai_thinks_aloud() {
    let (_dir, mut terminal, mut child) = session();
    terminal.prompt_after("`help` lists every command");
    let welcome = terminal.screen();
    for said in [
        "you play as kim",
        "New to the game? Type `learn`: 8 short lessons",
    ] {
        assert!(welcome.contains(said), "{said:?} not in:\n{welcome}");
    }
    terminal.type_keys("play kim ai:hard size 6\r");
    terminal.prompt_after("kim (white) to move");
    terminal.type_keys("c3 d4\r");
    terminal.wait_for("ponte (hard) is thinking, at most 2 s", 1);
    terminal.prompt_after("ponte (red) plays");
    terminal.type_keys("\x04");
    assert!(exit_of(&mut child).success());
}

/// The settings of the terminal that matter to a person typing: line by line, echoed, with
/// Ctrl-C as a signal.
fn typing_mode(fd: &impl AsRawFd) -> (bool, bool, bool) {
    let mut mode = std::mem::MaybeUninit::<libc::termios>::uninit();
    // SAFETY: read only when tcgetattr filled it.
    let mode = unsafe {
        assert_eq!(libc::tcgetattr(fd.as_raw_fd(), mode.as_mut_ptr()), 0);
        mode.assume_init()
    };
    let on = |flag| mode.c_lflag & flag != 0;
    (on(libc::ICANON), on(libc::ECHO), on(libc::ISIG))
}

#[test]
fn the_up_arrow_brings_back_the_last_line_and_ctrl_d_ends_the_session() {
    let (dir, mut terminal, mut child) = session();
    terminal.prompt_after("ponte local");
    alice_and_bob_play(&mut terminal);
    // An empty line: nothing said, the prompt again.
    terminal.type_keys("\r");
    terminal.wait_until("two prompts", |screen| {
        let at = screen.rfind("alice (white) to move").unwrap();
        screen[at..].matches("> ").count() >= 2
    });
    terminal.type_keys("as alice games\r");
    let listed = "#1: alice (white) vs bob (red)";
    terminal.prompt_after(listed);
    terminal.type_keys("\x1b[A\r");
    terminal.wait_for(listed, 2);
    terminal.prompt_after(listed);
    terminal.type_keys("\x04");
    let status = exit_of(&mut child);
    assert!(status.success(), "{status:?}\n{}", terminal.screen());
    let screen = terminal.screen();
    assert!(!screen.contains("error"), "{screen}");
    database_closed(&dir);
}

/// On a terminal the board's tiles are coloured: White black on bright white.
#[test]
fn the_board_is_coloured_on_a_terminal() {
    let (_dir, mut terminal, mut child) = session();
    terminal.prompt_after("ponte local");
    alice_and_bob_play(&mut terminal);
    terminal.type_keys("c3 d4\r");
    terminal.prompt_after("bob (red) to move");
    terminal.wait_for("\x1b[30m\x1b[107mw\x1b[0m", 2);
    terminal.type_keys("\x04");
    assert!(exit_of(&mut child).success());
}

#[test]
fn ctrl_c_in_the_line_editor_ends_the_session_cleanly() {
    let (dir, mut terminal, mut child) = session();
    terminal.prompt_after("ponte local");
    alice_and_bob_play(&mut terminal);
    terminal.type_keys("c3 d");
    terminal.type_keys("\x03");
    let status = exit_of(&mut child);
    assert!(status.success(), "{status:?}\n{}", terminal.screen());
    database_closed(&dir);
}

/// SIGTERM while the line editor waits (the terminal in its raw mode) ends the session as the
/// end of input does, and gives the terminal back as it found it.
#[test]
fn sigterm_while_the_editor_waits_gives_the_terminal_back() {
    let dir = tempfile::tempdir().unwrap();
    let database = common::database_url(&dir);
    let mut terminal = Terminal::new();
    let side = terminal.side.as_ref().unwrap().try_clone().unwrap();
    let before = typing_mode(&side);
    assert_eq!(before, (true, true, true));
    let mut child = local_on(&mut terminal, &database);
    terminal.prompt_after("ponte local");
    let start = Instant::now();
    while typing_mode(&side) == before {
        assert!(start.elapsed() < Duration::from_secs(10), "no raw mode");
        std::thread::sleep(Duration::from_millis(10));
    }
    let pid = child.id().to_string();
    let sent = Command::new("kill").args(["-TERM", &pid]).status().unwrap();
    assert!(sent.success());
    let status = exit_of(&mut child);
    assert_eq!(status.code(), Some(0), "{status:?}");
    assert_eq!(typing_mode(&side), before, "the terminal as it was");
    database_closed(&dir);
}

/// A command run twice: with standard error on a terminal, then piped.
struct Runs {
    /// The first run's standard output and what its terminal showed.
    stdout: Vec<u8>,
    screen: String,
    /// The second run's.
    piped_stdout: Vec<u8>,
    piped_stderr: Vec<u8>,
}

/// `ponte analyse` or `gif` with `args`, run both ways.
fn both_ways(args: &[&str]) -> Runs {
    both_ways_of(|| common::ponte(args))
}

/// The lab's binary, `ponte-lab`, with `args`: built beside `ponte` by `cargo test` at the
/// root (the workspace's default members), which is how its terminal behaviour is tested here.
fn lab(args: &[&str]) -> Command {
    let path = std::path::PathBuf::from(env!("CARGO_BIN_EXE_ponte"))
        .with_file_name(format!("ponte-lab{}", std::env::consts::EXE_SUFFIX));
    assert!(
        path.exists(),
        "{} is not built: run `cargo build -p ponte-lab` (or `cargo test` at the root)",
        path.display()
    );
    let mut command = Command::new(path);
    command
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

/// The command `make` makes, run both ways.
fn both_ways_of(make: impl Fn() -> Command) -> Runs {
    let mut terminal = Terminal::new();
    let mut command = make();
    command.env("TERM", "xterm").stderr(terminal.stdio());
    let child = command.spawn().unwrap();
    terminal.handed_over();
    let on_terminal = child.wait_with_output().unwrap();
    assert!(on_terminal.status.success(), "{on_terminal:?}");
    let piped = make().env("TERM", "xterm").output().unwrap();
    assert!(piped.status.success(), "{piped:?}");
    // The bar is cleared as the work ends: wait for that to reach the screen.
    terminal.wait_for("\x1b[2K", 1);
    Runs {
        stdout: on_terminal.stdout,
        screen: terminal.screen(),
        piped_stdout: piped.stdout,
        piped_stderr: piped.stderr,
    }
}

#[test]
fn ponte_analyse_shows_its_progress_on_a_terminal_only() {
    let runs = both_ways(&["analyse", RECORD, "--playouts", "100"]);
    let screen = &runs.screen;
    assert!(screen.contains("/16 positions analysed, "), "{screen:?}");
    assert!(screen.contains(" left"), "{screen:?}");
    assert_eq!(runs.stdout, runs.piped_stdout, "the same results");
    assert!(String::from_utf8_lossy(&runs.stdout).contains("White"));
    let stderr = String::from_utf8_lossy(&runs.piped_stderr);
    assert!(stderr.is_empty(), "{stderr}");
}

#[test]
fn ponte_gif_shows_its_progress_on_a_terminal_only() {
    let dir = tempfile::tempdir().unwrap();
    let gif = dir.path().join("game.gif");
    let runs = both_ways(&["gif", RECORD, "-o", gif.to_str().unwrap()]);
    let screen = &runs.screen;
    assert!(screen.contains("/16 frames drawn, "), "{screen:?}");
    let stderr = String::from_utf8_lossy(&runs.piped_stderr);
    assert!(stderr.is_empty(), "{stderr}");
}

#[test]
fn ponte_lab_arena_shows_a_bar_on_a_terminal_and_its_line_in_a_log() {
    let args = [
        "arena",
        "easy:playouts=2",
        "easy:playouts=2",
        "--games",
        "2",
        "--size",
        "6",
        "--threads",
        "1",
    ];
    let runs = both_ways_of(|| lab(&args));
    let screen = &runs.screen;
    assert!(screen.contains("game 1/2: "), "{screen:?}");
    assert!(screen.contains(" drawn, "), "{screen:?}");
    let report = |out: &[u8]| {
        let text = String::from_utf8_lossy(out).into_owned();
        // The time it took differs from run to run.
        text.lines()
            .filter(|line| !line.contains(" ms") && !line.starts_with("took"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(report(&runs.stdout), report(&runs.piped_stdout));
    let stderr = String::from_utf8_lossy(&runs.piped_stderr);
    assert!(stderr.starts_with("\rgame 1/2: "), "{stderr:?}");
    assert!(stderr.contains(" drawn \rgame 2/2: "), "{stderr:?}");
    assert!(stderr.ends_with(" drawn \n"), "{stderr:?}");
}
