//! Backups of the live database: a consistent copy (see `store::backup`) written whole (see
//! `files`), so a backup that fails halfway (a full disk, a kill) never leaves a cut-off file
//! under the destination's name.
//!
//! A backup never harms what it copies: the database is opened read-only (never created or
//! migrated), and a destination that is the database itself, however spelled, or one of the
//! files SQLite keeps beside it, is refused even with `force` — renaming a copy over the file a
//! running bot has open, beside its write-ahead log, corrupts the database.
//!
//! A destination that is a symbolic link gets the copy in the file it leads to (created when
//! the link leads nowhere), and stays a link. A device or a named pipe is refused: `VACUUM
//! INTO` writes a database file, reading back and rewriting its pages, which a stream cannot
//! take, and a copy streamed out of a temporary file could be cut off unseen.

use std::fs::Metadata;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};

use crate::files::Partial;
use crate::store::{Copied, CopyError, Source, StoreError, database_file};

/// The files SQLite keeps beside a database, named after it.
const BESIDE: [&str; 3] = ["-wal", "-shm", "-journal"];

/// Why a backup was not made. Nothing was written then: an older backup under the
/// destination's name stays as it was.
#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    #[error("the database {0} does not exist")]
    NoDatabase(PathBuf),
    #[error("{0} is not a ponte database")]
    NotPonte(PathBuf),
    #[error("cannot open the database {0}: {1}")]
    CannotOpen(PathBuf, String),
    #[error("{dest} is the database {database}: a backup must go elsewhere")]
    IsTheDatabase { dest: PathBuf, database: PathBuf },
    #[error("{0} is a folder: name the backup's file")]
    Folder(PathBuf),
    #[error("{0} is not a regular file: a backup is a database file, never a device or a pipe")]
    NotAFile(PathBuf),
    #[error("`-` would be the standard output, which is no file: name the backup's file")]
    StandardOutput,
    #[error("{0} is not a folder")]
    NotAFolder(PathBuf),
    #[error("the folder {0} does not exist")]
    NoFolder(PathBuf),
    #[error("cannot create a file in {0}")]
    CannotCreate(PathBuf),
    #[error("no room left on the disk for the backup in {0}")]
    Full(PathBuf),
    #[error("{0} exists already (--force replaces it)")]
    Exists(PathBuf),
    #[error("cannot write the backup: {0}")]
    Io(std::io::Error),
    #[error("cannot copy the database: {0}")]
    Store(#[from] StoreError),
}

/// Backs the database at `url` up to `dest`, or the file its symbolic links lead to (replacing
/// a file there only with `force`), and returns what the copy holds.
///
/// # Errors
/// The database does not exist or is no ponte database; `dest` is the database or a file
/// beside it, a folder or another file that is not a regular one, or exists without `force`;
/// its folder is missing, cannot be written or has no room left; database failures.
#[tracing::instrument]
pub async fn backup(url: &str, dest: &Path, force: bool) -> Result<Copied, BackupError> {
    // Where the other commands write to the standard output; SQLite copies only into a file.
    if dest == Path::new("-") {
        return Err(BackupError::StandardOutput);
    }
    let database = database_file(url)?;
    match std::fs::metadata(&database) {
        Ok(meta) if meta.is_file() => {}
        Ok(_) => return Err(BackupError::NotPonte(database)),
        Err(e) if e.kind() == ErrorKind::NotFound => {
            return Err(BackupError::NoDatabase(database));
        }
        Err(e) => return Err(BackupError::CannotOpen(database, e.to_string())),
    }
    // The file written: the one at the end of DEST's links, so that a link stays a link.
    let target = crate::files::follow_links(dest).map_err(BackupError::Io)?;
    let folder = folder_of(&target)?;
    // Both the name given and the file it leads to: SQLite opens the files beside the
    // database by name, through any link.
    refuse_the_database(&database, dest, &folder_of(dest)?)?;
    refuse_the_database(&database, &target, &folder)?;
    if !force && std::fs::symlink_metadata(&target).is_ok() {
        return Err(BackupError::Exists(target));
    }

    let source = Source::open(url).await.map_err(|e| match e {
        CopyError::NotPonte => BackupError::NotPonte(database.clone()),
        other => BackupError::CannotOpen(database.clone(), other.to_string()),
    })?;
    let partial = Partial::beside(&target).map_err(|e| written(e, &folder))?;
    let copied = source
        .copy_into(partial.path())
        .await
        .map_err(|e| copy_failed(e, &folder))?;
    partial.finish().map_err(|e| written(e, &folder))?;
    Ok(copied)
}

/// The folder `dest` would be written in, which must exist.
fn folder_of(dest: &Path) -> Result<PathBuf, BackupError> {
    let folder = match dest.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent.to_path_buf(),
        _ => PathBuf::from("."),
    };
    match std::fs::metadata(&folder) {
        Ok(meta) if meta.is_dir() => Ok(folder),
        Ok(_) => Err(BackupError::NotAFolder(folder)),
        Err(e) if e.kind() == ErrorKind::NotFound => Err(BackupError::NoFolder(folder)),
        Err(e) => Err(BackupError::Io(e)),
    }
}

/// Refuses a `dest` that is `database` or a file SQLite keeps beside it, whether it exists yet
/// or not and however it is spelled (another path, a symbolic or a hard link), and one that
/// exists but is not a regular file (a folder, a device).
fn refuse_the_database(database: &Path, dest: &Path, folder: &Path) -> Result<(), BackupError> {
    // SQLite names the files beside a database after the file a symbolic link leads to.
    let resolved = std::fs::canonicalize(database).unwrap_or_else(|_| database.to_path_buf());
    let mut guarded = Vec::new();
    for base in [database, resolved.as_path()] {
        guarded.push(base.to_path_buf());
        for suffix in BESIDE {
            let mut name = base.as_os_str().to_owned();
            name.push(suffix);
            guarded.push(PathBuf::from(name));
        }
    }
    let is_the_database = |database: &Path| BackupError::IsTheDatabase {
        dest: dest.to_path_buf(),
        database: database.to_path_buf(),
    };
    let dest_meta = std::fs::metadata(dest).ok();
    let dest_folder = std::fs::metadata(folder).ok();
    for path in &guarded {
        // The same file, whatever its name: the same inode on the same device.
        if let (Some(dest), Ok(guarded)) = (&dest_meta, std::fs::metadata(path))
            && same_file(dest, &guarded)
        {
            return Err(is_the_database(path));
        }
        // The same name in the same folder: a file SQLite will open once it exists.
        let guarded_folder = path
            .parent()
            .map(|p| {
                if p.as_os_str().is_empty() {
                    Path::new(".")
                } else {
                    p
                }
            })
            .and_then(|p| std::fs::metadata(p).ok());
        if let (Some(a), Some(b)) = (&dest_folder, &guarded_folder)
            && same_file(a, b)
            && dest.file_name().is_some()
            && dest.file_name() == path.file_name()
        {
            return Err(is_the_database(path));
        }
    }
    match dest_meta {
        Some(meta) if meta.is_dir() => Err(BackupError::Folder(dest.to_path_buf())),
        Some(meta) if !meta.is_file() => Err(BackupError::NotAFile(dest.to_path_buf())),
        _ if dest.file_name().is_none() => Err(BackupError::Folder(dest.to_path_buf())),
        _ => Ok(()),
    }
}

#[cfg(unix)]
fn same_file(a: &Metadata, b: &Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    a.dev() == b.dev() && a.ino() == b.ino()
}

#[cfg(not(unix))]
fn same_file(_: &Metadata, _: &Metadata) -> bool {
    false
}

/// A failure of the copy, named after what failed.
fn copy_failed(error: CopyError, folder: &Path) -> BackupError {
    match error {
        CopyError::Full => BackupError::Full(folder.to_path_buf()),
        CopyError::CannotCreate => BackupError::CannotCreate(folder.to_path_buf()),
        CopyError::Store(e) => BackupError::Store(e),
        // Only the database opened can be no ponte database, never its copy.
        CopyError::NotPonte => BackupError::Store(StoreError::Impossible("the copy".into())),
    }
}

/// A failure to write or rename the copy's file in `folder`, named after what failed.
fn written(error: std::io::Error, folder: &Path) -> BackupError {
    match error.kind() {
        ErrorKind::StorageFull => BackupError::Full(folder.to_path_buf()),
        ErrorKind::PermissionDenied | ErrorKind::ReadOnlyFilesystem => {
            BackupError::CannotCreate(folder.to_path_buf())
        }
        _ => BackupError::Io(error),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn a_full_disk_is_named_with_its_folder() {
        let full = std::io::Error::from_raw_os_error(libc::ENOSPC);
        let said = written(full, Path::new("/var/backups")).to_string();
        assert_eq!(
            said,
            "no room left on the disk for the backup in /var/backups"
        );
        let said = copy_failed(CopyError::Full, Path::new("/var/backups")).to_string();
        assert_eq!(
            said,
            "no room left on the disk for the backup in /var/backups"
        );
    }
}
