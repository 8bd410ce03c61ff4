//! Where `ponte render`, `gif` and `analyse -o PATH` write, by what PATH is: a symbolic link
//! stays a link and the file it leads to gets the picture (created when it leads nowhere); a
//! named pipe or a device is written through as a stream and stays what it was; `-` is standard
//! output; a folder is refused with a clear message. Nothing here writes to the machine's
//! `/dev/null` (see `files`' tests for how it is classified): a fault must not be able to
//! replace it.

mod common;

use std::io::Read;
use std::os::unix::fs::{FileTypeExt, symlink};
use std::path::{Path, PathBuf};
use std::process::Output;

const RECORD: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/middle.txt");
const PNG: &[u8] = b"\x89PNG\r\n\x1a\n";
const GIF: &[u8] = b"GIF89a";

/// Each command that writes a picture, with `-o OUT`, and how its bytes start.
fn commands(out: &str) -> [(Vec<&str>, &'static [u8]); 3] {
    [
        (vec!["render", RECORD, "-o", out], PNG),
        (vec!["gif", RECORD, "-o", out, "--delay-ms", "20"], GIF),
        (vec!["analyse", RECORD, "--playouts", "5", "-o", out], PNG),
    ]
}

fn run(args: &[&str]) -> Output {
    common::ponte(args).output().unwrap()
}

fn said(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn is_link(path: &Path) -> bool {
    std::fs::symlink_metadata(path)
        .unwrap()
        .file_type()
        .is_symlink()
}

#[test]
fn a_link_stays_a_link_and_the_file_it_leads_to_gets_the_picture() {
    let dir = tempfile::tempdir().unwrap();
    let pictures = dir.path().join("pictures");
    std::fs::create_dir(&pictures).unwrap();
    let file = pictures.join("latest");
    // out -> pictures/step (relative) -> latest (relative to pictures/)
    symlink("pictures/step", dir.path().join("out")).unwrap();
    symlink("latest", pictures.join("step")).unwrap();
    let out = dir.path().join("out");
    for (args, magic) in commands(out.to_str().unwrap()) {
        std::fs::write(&file, b"yesterday's").unwrap();
        let output = run(&args);
        assert!(output.status.success(), "{args:?}: {}", said(&output));
        assert!(is_link(&out), "{args:?}: the link is still a link");
        assert!(is_link(&pictures.join("step")), "{args:?}");
        let written = std::fs::read(&file).unwrap();
        assert!(written.starts_with(magic), "{args:?}");
        assert_eq!(
            common::file_names(&pictures),
            ["latest", "step"],
            "{args:?}"
        );
    }

    // A link that leads nowhere: the file it names is created.
    std::fs::remove_file(&file).unwrap();
    let output = run(&["render", RECORD, "-o", out.to_str().unwrap()]);
    assert!(output.status.success(), "{}", said(&output));
    assert!(is_link(&out));
    assert!(std::fs::read(&file).unwrap().starts_with(PNG));
}

/// Reads everything written into the named pipe at `path` while `command` runs, and what it
/// exited with. A writer of the test's own holds the pipe open until the command has ended, so
/// the reader never sees its end too early (the command not yet there) nor waits for ever (a
/// command that never opens the pipe).
fn read_pipe_while(path: &Path, args: &[&str]) -> (Output, Vec<u8>) {
    // On Linux, opening a pipe for reading and writing never waits.
    let keeper = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(path)
        .unwrap();
    let mut reader = std::fs::File::open(path).unwrap();
    let reading = std::thread::spawn(move || {
        let mut bytes = Vec::new();
        reader.read_to_end(&mut bytes).unwrap();
        bytes
    });
    let output = run(args);
    drop(keeper);
    (output, reading.join().unwrap())
}

#[test]
fn a_named_pipe_gets_the_bytes_as_a_stream_and_stays_a_pipe() {
    let dir = tempfile::tempdir().unwrap();
    let pipe = dir.path().join("pipe");
    let made = std::process::Command::new("mkfifo")
        .arg(&pipe)
        .status()
        .unwrap();
    assert!(made.success());
    for (args, magic) in commands(pipe.to_str().unwrap()) {
        let (output, bytes) = read_pipe_while(&pipe, &args);
        assert!(output.status.success(), "{args:?}: {}", said(&output));
        assert!(bytes.starts_with(magic), "{args:?}: {} bytes", bytes.len());
        let kind = std::fs::symlink_metadata(&pipe).unwrap().file_type();
        assert!(kind.is_fifo(), "{args:?}: still a pipe");
        assert_eq!(
            common::file_names(dir.path()),
            ["pipe"],
            "{args:?}: nothing beside it"
        );
    }
    // The same through a link of its own.
    symlink("pipe", dir.path().join("link")).unwrap();
    let link = dir.path().join("link");
    let (output, bytes) = read_pipe_while(&pipe, &["render", RECORD, "-o", link.to_str().unwrap()]);
    assert!(output.status.success(), "{}", said(&output));
    assert!(bytes.starts_with(PNG));
    assert!(is_link(&link));
}

/// A device node of the test's own (the null device's numbers: 1, 3), so that a command that
/// replaced it would replace only that node. Made only where the test may (as root, on a file
/// system that allows devices); elsewhere the pipe's test stands for it.
fn own_null_device(dir: &Path) -> Option<PathBuf> {
    let node = dir.join("null");
    let made = std::process::Command::new("mknod")
        .args([node.to_str().unwrap(), "c", "1", "3"])
        .stderr(std::process::Stdio::null())
        .status()
        .ok()?;
    let usable = made.success() && std::fs::OpenOptions::new().write(true).open(&node).is_ok();
    if usable {
        Some(node)
    } else {
        eprintln!("no device node of its own here: the device's case is left to the pipe");
        None
    }
}

#[test]
fn a_device_is_written_through_and_stays_a_device() {
    let dir = tempfile::tempdir().unwrap();
    let Some(null) = own_null_device(dir.path()) else {
        return;
    };
    for (args, _) in commands(null.to_str().unwrap()) {
        let output = run(&args);
        assert!(output.status.success(), "{args:?}: {}", said(&output));
        let kind = std::fs::symlink_metadata(&null).unwrap().file_type();
        assert!(kind.is_char_device(), "{args:?}: still a device");
        assert_eq!(common::file_names(dir.path()), ["null"], "{args:?}");
    }
}

#[test]
fn a_dash_writes_to_standard_output() {
    let dir = tempfile::tempdir().unwrap();
    for (args, magic) in commands("-") {
        let output = common::ponte(&args)
            .current_dir(dir.path())
            .output()
            .unwrap();
        assert!(output.status.success(), "{args:?}: {}", said(&output));
        assert!(output.stdout.starts_with(magic), "{args:?}");
        assert_eq!(
            common::file_names(dir.path()),
            Vec::<String>::new(),
            "no file named -"
        );
    }
    // The analysis's table goes to standard error then, leaving the chart alone on standard
    // output: its last bytes are the PNG's end.
    let output = run(&["analyse", RECORD, "--playouts", "5", "-o", "-"]);
    assert!(output.stdout.ends_with(b"IEND\xaeB`\x82"));
    assert!(said(&output).contains("White"), "{}", said(&output));
}

#[test]
fn a_folder_is_refused_clearly_and_left_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("pictures");
    std::fs::create_dir(&folder).unwrap();
    symlink("pictures", dir.path().join("link")).unwrap();
    for out in [folder.clone(), dir.path().join("link")] {
        for (args, _) in commands(out.to_str().unwrap()) {
            let output = run(&args);
            assert_eq!(output.status.code(), Some(2), "{args:?}");
            let said = said(&output);
            assert!(
                said.contains(&format!(
                    "writing {}: it is a folder, not a file",
                    out.display()
                )),
                "{args:?}: {said}"
            );
            assert_eq!(
                common::file_names(&folder),
                Vec::<String>::new(),
                "{args:?}"
            );
        }
    }
    assert!(is_link(&dir.path().join("link")));
    assert_eq!(common::file_names(dir.path()), ["link", "pictures"]);
}

/// `/dev/stdout` and its other names are the process's own standard output, whatever it is: a
/// pipe gets the bytes, and a file the shell opened to append keeps what it had before them.
#[test]
fn dev_stdout_is_the_standard_output_a_pipe_or_a_file_appended_to() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("log.txt");
    for name in ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"] {
        let output = run(&["render", RECORD, "-o", name]);
        assert!(output.status.success(), "{name}: {}", said(&output));
        assert!(output.stdout.starts_with(PNG), "{name}");

        std::fs::write(&log, "header\n").unwrap();
        let appended = std::fs::OpenOptions::new().append(true).open(&log).unwrap();
        let output = common::ponte(&["render", RECORD, "-o", name])
            .stdout(appended)
            .output()
            .unwrap();
        assert!(output.status.success(), "{name}: {}", said(&output));
        let bytes = std::fs::read(&log).unwrap();
        assert!(bytes.starts_with(b"header\n\x89PNG"), "{name}");
        assert_eq!(common::file_names(dir.path()), ["log.txt"], "{name}");
    }
}

/// Runs `ponte local` with `tmp` as the temporary folder and no `--pictures`; its output.
fn local_in(tmp: &Path) -> Output {
    let database = format!("sqlite://{}", tmp.join("p.db").display());
    let mut command = common::ponte(&["local", "--database", &database]);
    command.env("TMPDIR", tmp).env("USER", "kim");
    let mut child = command.spawn().unwrap();
    use std::io::Write;
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"play alice bob size 6\n").unwrap();
    drop(stdin);
    child.wait_with_output().unwrap()
}

/// The terminal's pictures go to a folder of the user's own under the shared temporary
/// folder, readable by nobody else; a link, a folder of someone else's or one open to others
/// at that name is refused, and nothing is written through it.
#[test]
fn the_terminals_pictures_go_to_a_folder_only_its_user_can_reach() {
    use std::os::unix::fs::{MetadataExt, PermissionsExt};
    let tmp = tempfile::tempdir().unwrap();
    let user = std::fs::metadata(tmp.path()).unwrap().uid();
    let own = tmp.path().join(format!("ponte-{user}"));
    let output = local_in(tmp.path());
    assert!(output.status.success(), "{}", said(&output));
    let meta = std::fs::symlink_metadata(&own).unwrap();
    assert!(meta.is_dir());
    assert_eq!(meta.permissions().mode() & 0o777, 0o700);
    assert!(
        std::fs::read(own.join("game-1.png"))
            .unwrap()
            .starts_with(PNG)
    );

    // A link planted at the name (by another user, in a shared /tmp): refused, and the folder
    // it leads to gets nothing.
    let tmp = tempfile::tempdir().unwrap();
    let elsewhere = tmp.path().join("elsewhere");
    std::fs::create_dir(&elsewhere).unwrap();
    symlink(&elsewhere, tmp.path().join(format!("ponte-{user}"))).unwrap();
    let output = local_in(tmp.path());
    assert_eq!(output.status.code(), Some(2), "{}", said(&output));
    assert!(
        said(&output).contains("is not a folder"),
        "{}",
        said(&output)
    );
    assert_eq!(common::file_names(&elsewhere), Vec::<String>::new());

    // A folder open to others: refused as well.
    let tmp = tempfile::tempdir().unwrap();
    let open = tmp.path().join(format!("ponte-{user}"));
    std::fs::create_dir(&open).unwrap();
    std::fs::set_permissions(&open, std::fs::Permissions::from_mode(0o777)).unwrap();
    let output = local_in(tmp.path());
    assert_eq!(output.status.code(), Some(2), "{}", said(&output));
    assert!(
        said(&output).contains("open to other users"),
        "{}",
        said(&output)
    );
    assert_eq!(common::file_names(&open), Vec::<String>::new());
}
