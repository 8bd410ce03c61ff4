//! Backups of the live database: a consistent copy (see `store::backup`) written under a
//! temporary name beside the destination, synced, then renamed over it, so a backup that fails
//! halfway (a full disk, a kill) never leaves a cut-off file under the destination's name.

use std::path::{Path, PathBuf};

use super::Service;
use crate::store::{Copied, StoreError};

/// Why a backup was not made.
#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    #[error("{0} exists already (--force replaces it)")]
    Exists(PathBuf),
    #[error("cannot write the backup: {0}")]
    Io(#[from] std::io::Error),
    #[error("cannot copy the database: {0}")]
    Store(#[from] StoreError),
}

impl Service {
    /// Backs the database up to `dest` (replacing a file there only with `force`) and returns
    /// what the copy holds.
    ///
    /// # Errors
    /// `dest` exists without `force`; its folder cannot be written; database failures. Nothing
    /// is left under `dest`'s name then (an older backup there stays as it was).
    #[tracing::instrument(skip(self))]
    pub async fn backup(&self, dest: &Path, force: bool) -> Result<Copied, BackupError> {
        if dest.exists() && !force {
            return Err(BackupError::Exists(dest.to_path_buf()));
        }
        let name = dest
            .file_name()
            .ok_or_else(|| std::io::Error::other("the destination names no file"))?;
        let partial = dest.with_file_name(format!(
            ".{}.partial-{}",
            name.to_string_lossy(),
            std::process::id()
        ));
        // A partial copy left by a killed backup of this same process id is stale.
        let _ = std::fs::remove_file(&partial);
        let copied = match self.store.copy_into(&partial).await {
            Ok(copied) => copied,
            Err(error) => {
                let _ = std::fs::remove_file(&partial);
                return Err(error.into());
            }
        };
        let finished = (|| {
            std::fs::File::open(&partial)?.sync_all()?;
            std::fs::rename(&partial, dest)?;
            // The rename itself is durable once the folder is synced.
            let folder = dest.parent().filter(|p| !p.as_os_str().is_empty());
            std::fs::File::open(folder.unwrap_or(Path::new(".")))?.sync_all()
        })();
        if let Err(error) = finished {
            let _ = std::fs::remove_file(&partial);
            return Err(error.into());
        }
        Ok(copied)
    }
}
