//! `ponte` on a terminal: a pseudo-terminal stands in for the person. The long commands draw a
//! progress bar on standard error — only there: their standard output is the same as when
//! nothing is a terminal, and then standard error has nothing at all, or for `arena` the line
//! it has always had.

#![cfg(unix)]

mod common;

use std::fs::File;
use std::io::Read;
use std::os::fd::{FromRawFd, OwnedFd};
use std::process::Stdio;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const RECORD: &str = "tests/golden/middle.txt";

/// A pseudo-terminal: what the program writes on it is collected from the other side.
struct Terminal {
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
        let mut output = master;
        let collected = screen.clone();
        // Reads until every descriptor of the program's side is closed (EIO).
        std::thread::spawn(move || {
            let mut buffer = [0; 4096];
            while let Ok(n @ 1..) = output.read(&mut buffer) {
                collected.lock().unwrap().extend_from_slice(&buffer[..n]);
            }
        });
        Terminal {
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

/// `ponte analyse`, `gif` or `arena` with `args`, run both ways.
fn both_ways(args: &[&str]) -> Runs {
    let mut terminal = Terminal::new();
    let mut command = common::ponte(args);
    command.env("TERM", "xterm").stderr(terminal.stdio());
    let child = command.spawn().unwrap();
    terminal.handed_over();
    let on_terminal = child.wait_with_output().unwrap();
    assert!(on_terminal.status.success(), "{on_terminal:?}");
    let piped = common::ponte(args).env("TERM", "xterm").output().unwrap();
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
fn ponte_arena_shows_a_bar_on_a_terminal_and_its_line_in_a_log() {
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
    let runs = both_ways(&args);
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
