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
    let partial = Partial::beside(path)?;
    std::fs::File::create(partial.path())?.write_all(bytes)?;
    partial.finish()
}

/// A file being written under a hidden name beside its destination: [`Partial::finish`] makes
/// it the destination; dropped unfinished (a failure on the way), it is removed.
pub struct Partial {
    path: PathBuf,
    destination: PathBuf,
    finished: bool,
}

impl Partial {
    /// A partial file for `destination`, unique to this process (a stale one left by a killed
    /// process of the same id is removed).
    ///
    /// # Errors
    /// When `destination` names no file.
    pub fn beside(destination: &Path) -> std::io::Result<Partial> {
        let name = destination.file_name().ok_or_else(|| {
            std::io::Error::other(format!("{} names no file", destination.display()))
        })?;
        let path = destination.with_file_name(format!(
            ".{}.partial-{}",
            name.to_string_lossy(),
            std::process::id()
        ));
        let _ = std::fs::remove_file(&path);
        Ok(Partial {
            path,
            destination: destination.to_path_buf(),
            finished: false,
        })
    }

    /// Where to write.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Syncs the file, renames it over the destination and syncs the folder, so the new file
    /// is there for good.
    ///
    /// # Errors
    /// When the file cannot be synced or renamed; the destination is then as it was.
    pub fn finish(mut self) -> std::io::Result<()> {
        std::fs::File::open(&self.path)?.sync_all()?;
        std::fs::rename(&self.path, &self.destination)?;
        self.finished = true;
        let folder = self
            .destination
            .parent()
            .filter(|p| !p.as_os_str().is_empty());
        std::fs::File::open(folder.unwrap_or(Path::new(".")))?.sync_all()
    }
}

impl Drop for Partial {
    fn drop(&mut self) {
        if !self.finished {
            let _ = std::fs::remove_file(&self.path);
        }
    }
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
