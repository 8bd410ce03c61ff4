//! What the command line writes: files whole or not at all (the old file kept when the disk
//! refuses the new one), a closed output pipe ends the program quietly, and a budget of 0 is
//! refused.

mod common;

use std::io::Read;
use std::process::{Command, Stdio};

const RECORD: &str = "tests/golden/finished.txt";

/// `ponte` with `args`, allowed to write files of at most `blocks` × 512 bytes (a full disk as
/// the program meets it: the write fails with EFBIG, its signal ignored).
fn ponte_with_file_limit(blocks: u32, args: &[&str]) -> Command {
    let mut command = Command::new("sh");
    command
        .arg("-c")
        .arg(format!(
            "ulimit -f {blocks}; trap '' XFSZ; exec \"$0\" \"$@\""
        ))
        .arg(env!("CARGO_BIN_EXE_ponte"))
        .args(args)
        .env_remove("DATABASE_URL")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

#[test]
fn a_picture_the_disk_refuses_leaves_the_old_file_and_nothing_beside_it() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("board.png");
    std::fs::write(&out, b"the picture of yesterday").unwrap();
    let output = ponte_with_file_limit(8, &["render", RECORD, "-o", out.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert_eq!(std::fs::read(&out).unwrap(), b"the picture of yesterday");
    let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(names.len(), 1, "no partial file left");

    // With room, the same command replaces it whole.
    let output = ponte_with_file_limit(100_000, &["render", RECORD, "-o", out.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let png = std::fs::read(&out).unwrap();
    assert_eq!(&png[1..4], b"PNG");
}

#[test]
fn a_reader_that_stops_early_ends_the_program_quietly() {
    let mut child = common::ponte(&["analyse", RECORD, "--playouts", "20"])
        .spawn()
        .unwrap();
    // The reader goes away before the table is printed.
    drop(child.stdout.take());
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    let status = child.wait().unwrap();
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert_ne!(status.code(), Some(101), "{stderr}");
}

#[test]
fn a_budget_of_nothing_is_refused() {
    for args in [
        &["analyse", RECORD, "--playouts", "0"][..],
        &["ai", RECORD, "--think-ms", "0"][..],
    ] {
        let output = common::ponte(args).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let said = String::from_utf8_lossy(&output.stderr);
        assert!(said.contains("0 is not in 1.."), "{args:?}: {said}");
    }
}
