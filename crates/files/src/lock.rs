//! Exclusive locks on lock files, for work two processes must not do at once (one analysis
//! state directory, one shard index).
//!
//! The lock file is opened without truncating it and without following a symlink
//! (`O_NOFOLLOW`), so a link planted at its name cannot make wurfel create or truncate a file
//! elsewhere, and with `O_NONBLOCK`, so a FIFO there cannot block; it must be a regular file.
//! The lock is `flock`-style (fs4), released when the [`Lock`] is dropped or the process dies.

use std::fs::{File, OpenOptions};
use std::io;
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;

/// A held lock; dropping it releases the lock (the file stays).
#[derive(Debug)]
pub struct Lock {
    _file: File,
}

/// Takes the exclusive lock on the file at `path` (created if missing): `None` when another
/// process holds it.
pub fn try_lock(path: &Path) -> io::Result<Option<Lock>> {
    let file = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .mode(0o644)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
        .open(path)
        .map_err(|e| {
            if e.raw_os_error() == Some(libc::ELOOP) {
                io::Error::new(
                    io::ErrorKind::InvalidInput,
                    format!(
                        "the lock file {} is a symbolic link (refused)",
                        path.display()
                    ),
                )
            } else {
                e
            }
        })?;
    if !file.metadata()?.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("the lock file {} is not a regular file", path.display()),
        ));
    }
    if fs4::fs_std::FileExt::try_lock_exclusive(&file)? {
        Ok(Some(Lock { _file: file }))
    } else {
        Ok(None)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_holder_at_a_time_and_no_redirection() {
        let _no_fork = crate::FORK_GUARD.lock().unwrap_or_else(|e| e.into_inner());
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("lock");
        let held = try_lock(&p).unwrap().expect("free");
        assert!(try_lock(&p).unwrap().is_none(), "held elsewhere");
        drop(held);
        assert!(try_lock(&p).unwrap().is_some(), "released");
        // A symlink at the lock's name is refused, its target untouched.
        let victim = dir.path().join("victim");
        std::fs::write(&victim, "keep").unwrap();
        let link = dir.path().join("lock2");
        std::os::unix::fs::symlink(&victim, &link).unwrap();
        let err = try_lock(&link).unwrap_err();
        assert!(err.to_string().contains("symbolic link"), "{err}");
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep");
        // A directory is refused.
        assert!(try_lock(dir.path()).is_err());
    }
}
