//! Running the lab's binary, and the product's `ponte` beside it, with piped input.

#![allow(dead_code)]

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// `ponte-lab` with `args`, its input and output piped.
pub fn lab(args: &[&str]) -> Command {
    piped(Command::new(env!("CARGO_BIN_EXE_ponte-lab")), args)
}

/// The product's `ponte` with `args`, built beside `ponte-lab` (`cargo test` at the root builds
/// both; `cargo test -p ponte-lab` alone needs `cargo build --bin ponte` first).
pub fn ponte(args: &[&str]) -> Command {
    let path: PathBuf = PathBuf::from(env!("CARGO_BIN_EXE_ponte-lab"))
        .with_file_name(format!("ponte{}", std::env::consts::EXE_SUFFIX));
    assert!(
        path.exists(),
        "{} is not built: run `cargo build --bin ponte` (or `cargo test` at the root)",
        path.display()
    );
    let mut command = piped(Command::new(path), args);
    command.env_remove("DATABASE_URL");
    command
}

fn piped(mut command: Command, args: &[&str]) -> Command {
    command
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

/// Runs `command` with `input` on its standard input and waits for it.
pub fn run_with_input(mut command: Command, input: &str) -> Output {
    let mut child = command.spawn().unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}
