//! Backups of the live database: a consistent copy (see `store::backup`) written whole (see
//! `files`), so a backup that fails halfway (a full disk, a kill) never leaves a cut-off file
//! under the destination's name.

use std::path::{Path, PathBuf};

use super::Service;
use crate::files::Partial;
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
        let partial = Partial::beside(dest)?;
        let copied = self.store.copy_into(partial.path()).await?;
        partial.finish()?;
        Ok(copied)
    }
}
