//! Files written whole: every file the program writes (pictures, GIFs, charts) is written
//! under a temporary name in the same folder, synced, then renamed over its name, so a write
//! that fails halfway (a full disk, a kill) leaves no cut-off file and keeps the file that was
//! there.

use std::io::Write;
use std::path::{Path, PathBuf};

/// Writes `bytes` as the file at `path`, whole or not at all.
///
/// # Errors
/// When the folder cannot be written; the file at `path` is then as it was.
pub fn write_whole(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let partial = partial_name(path)?;
    let written = (|| {
        let mut file = std::fs::File::create(&partial)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        std::fs::rename(&partial, path)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&partial);
    }
    written
}

/// A hidden name beside `path`, unique to this process.
fn partial_name(path: &Path) -> std::io::Result<PathBuf> {
    let name = path
        .file_name()
        .ok_or_else(|| std::io::Error::other(format!("{} names no file", path.display())))?;
    Ok(path.with_file_name(format!(
        ".{}.partial-{}",
        name.to_string_lossy(),
        std::process::id()
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_replaced_whole_and_nothing_is_left_beside_it() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("board.png");
        write_whole(&path, b"first").unwrap();
        write_whole(&path, b"second").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"second");
        let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(names.len(), 1);
        // A folder that does not exist: an error, and nothing written.
        let nowhere = dir.path().join("missing").join("board.png");
        assert!(write_whole(&nowhere, b"x").is_err());
    }
}
