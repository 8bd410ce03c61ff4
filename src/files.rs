//! Files written whole: every file the program writes (pictures, GIFs, charts, backups) is
//! written under a temporary name in the same folder, synced, then renamed over its name, so a
//! write that fails halfway (a full disk, a kill) leaves no cut-off file and keeps the file that
//! was there.
//!
//! What is at the path decides where the bytes go, as for any Unix tool's output: a symbolic
//! link is followed (to the end of its chain) and the file it leads to is the one replaced, so
//! the link stays a link; a link that leads nowhere creates the file it names, as the shell's
//! `>` does. A device or a named pipe (`/dev/null`, `/dev/stdout`, a FIFO) is written through
//! as a stream, never replaced: renaming a file over `/dev/null` would leave the machine without
//! one. A folder or a socket is refused.

use std::io::{ErrorKind, Write};
use std::path::{Path, PathBuf};

/// How many symbolic links a path may go through, as Linux's limit (past it: a loop).
const MAX_LINKS: usize = 40;

/// Writes `bytes` to `path`: a regular file (or none yet) is replaced whole or not at all, the
/// file at the end of a symbolic link is, and a device or a pipe is written through.
///
/// # Errors
/// When `path` is a folder or a socket, its links go round in a loop, or it cannot be written;
/// a file replaced is then as it was.
pub fn write_whole(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    match Destination::of(path)? {
        Destination::File(file) => {
            let partial = Partial::beside(&file)?;
            // A new file, never one put at the partial's name (a link would be followed).
            std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(partial.path())?
                .write_all(bytes)?;
            partial.finish()
        }
        Destination::Stream(stream) => {
            // Neither created nor truncated: it is there, and a device has nothing to cut.
            let mut open = std::fs::OpenOptions::new().write(true).open(stream)?;
            open.write_all(bytes)?;
            open.flush()
        }
        Destination::StandardOutput => {
            let mut out = std::io::stdout().lock();
            out.write_all(bytes)?;
            out.flush()
        }
        Destination::StandardError => {
            let mut out = std::io::stderr().lock();
            out.write_all(bytes)?;
            out.flush()
        }
    }
}

/// Where the bytes written to a path go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Destination {
    /// A regular file, or none yet: replaced whole by a file renamed over it. The path is the
    /// one at the end of the symbolic links given.
    File(PathBuf),
    /// A device or a named pipe, at the end of the links given: written through as a stream.
    Stream(PathBuf),
    /// `/dev/stdout` (or `/proc/self/fd/1`, `/dev/fd/1`): the process's own standard output,
    /// whatever it is (a pipe, a terminal, a file opened to append), as `-` is.
    StandardOutput,
    /// `/dev/stderr` and its other names: the process's own standard error.
    StandardError,
}

impl Destination {
    /// What `path` leads to, following its symbolic links.
    ///
    /// # Errors
    /// A folder, a socket, a loop of links; a path that cannot be looked at.
    pub fn of(path: &Path) -> std::io::Result<Destination> {
        // A descriptor the process already holds is written to as it is: renaming a file over
        // the file it leads to would cut what the shell appends there, and a pipe's
        // `/proc/self/fd/1` leads to no file at all (`pipe:[N]`).
        match open_descriptor(path)? {
            Some(1) => return Ok(Destination::StandardOutput),
            Some(2) => return Ok(Destination::StandardError),
            Some(_) => return Ok(Destination::Stream(path.to_path_buf())),
            None => {}
        }
        let end = follow_links(path)?;
        let meta = match std::fs::symlink_metadata(&end) {
            Ok(meta) => meta,
            Err(e) if nothing_there(&e) => return Ok(Destination::File(end)),
            Err(e) => return Err(e),
        };
        let kind = meta.file_type();
        if kind.is_file() {
            return Ok(Destination::File(end));
        }
        if kind.is_dir() {
            return Err(std::io::Error::new(
                ErrorKind::IsADirectory,
                "it is a folder, not a file",
            ));
        }
        if is_stream(kind) {
            return Ok(Destination::Stream(end));
        }
        Err(std::io::Error::other(
            "it is neither a file nor a device or a pipe (a socket?)",
        ))
    }
}

fn nothing_there(error: &std::io::Error) -> bool {
    matches!(error.kind(), ErrorKind::NotFound | ErrorKind::NotADirectory)
}

#[cfg(unix)]
fn is_stream(kind: std::fs::FileType) -> bool {
    use std::os::unix::fs::FileTypeExt;
    kind.is_fifo() || kind.is_char_device() || kind.is_block_device()
}

#[cfg(not(unix))]
fn is_stream(_: std::fs::FileType) -> bool {
    false
}

/// A folder of the user's own under the shared temporary folder (`/tmp/ponte-<uid>`), made
/// when missing, readable by its owner only: nobody else can put a link or a pipe where the
/// terminal writes its pictures.
///
/// # Errors
/// When it cannot be made, or what is there is not a folder (a link, say), is another user's,
/// or is open to others.
#[cfg(unix)]
pub fn private_temp_folder() -> std::io::Result<PathBuf> {
    use std::os::unix::fs::{DirBuilderExt, MetadataExt, PermissionsExt};
    // SAFETY: geteuid has no preconditions and cannot fail.
    let user = unsafe { libc::geteuid() };
    let folder = std::env::temp_dir().join(format!("ponte-{user}"));
    match std::fs::DirBuilder::new().mode(0o700).create(&folder) {
        Err(e) if e.kind() != ErrorKind::AlreadyExists => return Err(e),
        _ => {}
    }
    let meta = std::fs::symlink_metadata(&folder)?;
    let refuse = |why: &str| {
        Err(std::io::Error::other(format!(
            "{} {why}: not used for pictures (name a folder with --pictures)",
            folder.display()
        )))
    };
    if !meta.file_type().is_dir() {
        return refuse("is not a folder");
    }
    if meta.uid() != user {
        return refuse("belongs to another user");
    }
    if meta.permissions().mode() & 0o077 != 0 {
        return refuse("is open to other users");
    }
    Ok(folder)
}

/// The folder for the terminal's pictures under the temporary folder.
///
/// # Errors
/// None here: only the Unix folder is checked.
#[cfg(not(unix))]
pub fn private_temp_folder() -> std::io::Result<PathBuf> {
    Ok(std::env::temp_dir().join("ponte"))
}

/// The number of the open descriptor `path` names through its links (`/dev/stdout` ->
/// `/proc/self/fd/1`, `/dev/fd/N`, `/proc/<this process>/fd/N`), if it names one.
///
/// # Errors
/// More than 40 links (a loop); a link that cannot be read.
fn open_descriptor(path: &Path) -> std::io::Result<Option<u32>> {
    let own = std::process::id().to_string();
    let mut path = path.to_path_buf();
    for _ in 0..=MAX_LINKS {
        let parts: Vec<String> = path
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect();
        let number = match parts.iter().map(String::as_str).collect::<Vec<_>>()[..] {
            ["/", "dev", "fd", n] => Some(n),
            ["/", "proc", who, "fd", n] if who == "self" || who == "thread-self" || who == own => {
                Some(n)
            }
            _ => None,
        };
        if let Some(n) = number.and_then(|n| n.parse().ok()) {
            return Ok(Some(n));
        }
        match std::fs::symlink_metadata(&path) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let target = std::fs::read_link(&path)?;
                path = match path.parent() {
                    Some(folder) => folder.join(target),
                    None => target,
                };
            }
            _ => return Ok(None),
        }
    }
    Err(std::io::Error::other(
        "its symbolic links go round in a loop",
    ))
}

/// The path at the end of `path`'s symbolic links (`path` itself when it is none): it may not
/// exist, when the last link leads nowhere.
///
/// # Errors
/// More than 40 links (a loop); a link that cannot be read.
pub fn follow_links(path: &Path) -> std::io::Result<PathBuf> {
    let mut path = path.to_path_buf();
    for _ in 0..=MAX_LINKS {
        match std::fs::symlink_metadata(&path) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let target = std::fs::read_link(&path)?;
                // A relative target is read from the link's folder; an absolute one replaces
                // the path when joined.
                path = match path.parent() {
                    Some(folder) => folder.join(target),
                    None => target,
                };
            }
            Ok(_) => return Ok(path),
            // Nothing there (or a folder in the path is missing or a file): the write says so.
            Err(e) if nothing_there(&e) => return Ok(path),
            Err(e) => return Err(e),
        }
    }
    Err(std::io::Error::other(
        "its symbolic links go round in a loop",
    ))
}

/// A file being written under a hidden name beside its destination: [`Partial::finish`] makes
/// it the destination; dropped unfinished (a failure on the way), it is removed.
pub struct Partial {
    path: PathBuf,
    destination: PathBuf,
    finished: bool,
}

impl Partial {
    /// A partial file for `destination` (a regular file or none: see [`Destination::of`]),
    /// unique to this process (a stale one left by a killed process of the same id is
    /// removed).
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
    /// When the file cannot be synced or renamed, or the destination is no longer a regular
    /// file or none (a link, a device or a folder put there since it was chosen): the
    /// destination is then as it was.
    pub fn finish(mut self) -> std::io::Result<()> {
        std::fs::File::open(&self.path)?.sync_all()?;
        // Checked again just before the rename: only a regular file is ever replaced.
        match std::fs::symlink_metadata(&self.destination) {
            Ok(meta) if !meta.file_type().is_file() => {
                return Err(std::io::Error::other(
                    "it is no longer a regular file; left as it is",
                ));
            }
            Err(e) if e.kind() != ErrorKind::NotFound => return Err(e),
            _ => {}
        }
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

    #[cfg(unix)]
    #[test]
    fn a_link_is_followed_to_the_file_it_leads_to_which_is_replaced_and_the_links_stay() {
        use std::os::unix::fs::symlink;
        let dir = tempfile::tempdir().unwrap();
        let (here, there) = (dir.path().join("here"), dir.path().join("there"));
        std::fs::create_dir_all(&here).unwrap();
        std::fs::create_dir_all(&there).unwrap();
        std::fs::write(there.join("board.png"), b"old").unwrap();
        // here/first -> ../there/second (relative to its folder) -> board.png (relative too).
        symlink("../there/second", here.join("first")).unwrap();
        symlink("board.png", there.join("second")).unwrap();
        let end = follow_links(&here.join("first")).unwrap();
        assert_eq!(end, here.join("../there/board.png"));
        write_whole(&here.join("first"), b"new").unwrap();
        assert_eq!(std::fs::read(there.join("board.png")).unwrap(), b"new");
        for link in [here.join("first"), there.join("second")] {
            let meta = std::fs::symlink_metadata(&link).unwrap();
            assert!(meta.file_type().is_symlink(), "{}", link.display());
        }
        let mut names: Vec<_> = std::fs::read_dir(&there)
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        assert_eq!(names, ["board.png", "second"], "nothing left beside it");

        // A link that leads nowhere: the file it names is created, the link kept.
        symlink(there.join("new.png"), here.join("dangling")).unwrap();
        write_whole(&here.join("dangling"), b"made").unwrap();
        assert_eq!(std::fs::read(there.join("new.png")).unwrap(), b"made");
        let meta = std::fs::symlink_metadata(here.join("dangling")).unwrap();
        assert!(meta.file_type().is_symlink());
    }

    #[cfg(unix)]
    #[test]
    fn a_device_is_a_stream_and_a_folder_a_socket_or_a_loop_of_links_is_refused() {
        use std::os::unix::fs::symlink;
        // Only looked at, never written: a fault here must not be able to replace the
        // machine's /dev/null.
        let null = Path::new("/dev/null");
        assert_eq!(
            Destination::of(null).unwrap(),
            Destination::Stream(null.into())
        );
        let dir = tempfile::tempdir().unwrap();
        symlink(null, dir.path().join("null")).unwrap();
        assert_eq!(
            Destination::of(&dir.path().join("null")).unwrap(),
            Destination::Stream(null.into())
        );

        symlink(dir.path(), dir.path().join("folder")).unwrap();
        for folder in [dir.path().to_path_buf(), dir.path().join("folder")] {
            let refused = write_whole(&folder, b"x").unwrap_err();
            assert_eq!(refused.kind(), ErrorKind::IsADirectory);
            assert_eq!(refused.to_string(), "it is a folder, not a file");
        }
        symlink("b", dir.path().join("a")).unwrap();
        symlink("a", dir.path().join("b")).unwrap();
        let refused = write_whole(&dir.path().join("a"), b"x").unwrap_err();
        assert_eq!(refused.to_string(), "its symbolic links go round in a loop");
        let socket = dir.path().join("socket");
        let _listener = std::os::unix::net::UnixListener::bind(&socket).unwrap();
        let refused = write_whole(&socket, b"x").unwrap_err();
        assert!(refused.to_string().contains("socket"), "{refused}");
        assert!(std::fs::symlink_metadata(&socket).is_ok());
        assert!(
            std::fs::symlink_metadata(dir.path().join("a"))
                .unwrap()
                .is_symlink()
        );
    }
}
