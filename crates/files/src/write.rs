//! The one atomic writer: a reader of the target sees the old file or the whole new one.
//!
//! - The new contents go to an exclusive temporary file in the target's directory (created with
//!   `O_EXCL` by `tempfile`, under an unpredictable name, so a planted symlink cannot redirect
//!   it), named `.NAME.wurfel-PID-XXXXXX.tmp`; then it is synced and renamed over the target,
//!   and the directory is synced.
//! - A new file gets the usual mode (0666 less the umask); a replaced file keeps its own mode.
//! - Temporary files alive in this process are registered: [`remove_temporaries`] (called by
//!   a signal handler) removes them; a dropped, uncommitted [`AtomicFile`] removes its own; one
//!   left behind by a SIGKILL is recognised by its dead process id and removed by the next
//!   write of the same target.
//!
//! The target path is used as given: callers resolve symlinks they mean to write through.

use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// Temporary files alive in this process, for a signal handler to remove.
static TEMPS: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn temps() -> std::sync::MutexGuard<'static, Vec<PathBuf>> {
    match TEMPS.lock() {
        Ok(t) => t,
        Err(poisoned) => poisoned.into_inner(),
    }
}

/// Removes every temporary file of this process (for a SIGINT/SIGTERM handler about to exit).
pub fn remove_temporaries() {
    for t in temps().iter() {
        let _ = std::fs::remove_file(t);
    }
}

/// The directory holding `p` (`.` for a bare name).
pub fn parent_dir(p: &Path) -> &Path {
    p.parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

/// `.NAME.wurfel-`: the start of every temporary file name for `NAME`.
fn temp_prefix(target: &Path) -> String {
    let name = target.file_name().unwrap_or_default().to_string_lossy();
    format!(".{name}.wurfel-")
}

/// Whether `name` is the name of one of wurfel's temporary files (of any target).
pub fn is_temporary_name(name: &str) -> bool {
    name.starts_with('.') && name.contains(".wurfel-") && name.ends_with(".tmp")
}

/// Removes temporary files for `target` left by processes that no longer exist (SIGKILL).
pub fn remove_stale_temporaries(target: &Path) {
    let prefix = temp_prefix(target);
    let Ok(entries) = std::fs::read_dir(parent_dir(target)) else {
        return;
    };
    for e in entries.flatten() {
        let name = e.file_name();
        let Some(rest) = name
            .to_str()
            .and_then(|n| n.strip_prefix(&prefix))
            .filter(|r| r.ends_with(".tmp"))
        else {
            continue;
        };
        let Some(pid) = rest.split('-').next().and_then(|p| p.parse::<u32>().ok()) else {
            continue;
        };
        if pid != std::process::id() && !process_exists(pid) {
            let _ = std::fs::remove_file(e.path());
        }
    }
}

/// Whether process `pid` exists; `true` when that cannot be told (no `/proc`), to be safe.
fn process_exists(pid: u32) -> bool {
    let proc = Path::new("/proc");
    !proc.join("self").exists() || proc.join(pid.to_string()).exists()
}

/// A file being written atomically over `target`; see the module documentation.
#[derive(Debug)]
pub struct AtomicFile {
    /// `None` once committed.
    tmp: Option<tempfile::NamedTempFile>,
    target: PathBuf,
}

impl AtomicFile {
    /// Starts writing `target` (removing stale temporaries of dead processes first).
    pub fn create(target: &Path) -> io::Result<AtomicFile> {
        remove_stale_temporaries(target);
        let tmp = Self::probe(target)?;
        temps().push(tmp.path().to_path_buf());
        Ok(AtomicFile {
            tmp: Some(tmp),
            target: target.to_path_buf(),
        })
    }

    /// Creates (and, when dropped, removes) a temporary file beside `target`: whether
    /// `target` can be written, found out before a long computation.
    pub fn probe(target: &Path) -> io::Result<tempfile::NamedTempFile> {
        let prefix = format!("{}{}-", temp_prefix(target), std::process::id());
        let mut builder = tempfile::Builder::new();
        builder.prefix(&prefix).suffix(".tmp");
        {
            use std::os::unix::fs::PermissionsExt;
            // A new file gets the usual mode (0666 less the umask), not tempfile's 0600.
            builder.permissions(std::fs::Permissions::from_mode(0o666));
        }
        let tmp = builder.tempfile_in(parent_dir(target))?;
        if let Ok(m) = std::fs::metadata(target) {
            tmp.as_file().set_permissions(m.permissions())?;
        }
        Ok(tmp)
    }

    /// The temporary file (e.g. to size and map it).
    pub fn file(&self) -> &File {
        self.tmp.as_ref().expect("not committed").as_file()
    }

    /// The target.
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// Syncs the temporary file and renames it over the target.
    pub fn commit(self) -> io::Result<()> {
        let target = self.target.clone();
        self.commit_as(&target)
    }

    /// Like [`AtomicFile::commit`], but renames the file to `path` instead (e.g. the
    /// `.partial` file of an interrupted run), leaving the target untouched.
    pub fn commit_as(mut self, path: &Path) -> io::Result<()> {
        let tmp = self.tmp.take().expect("committed once");
        let tmp_path = tmp.path().to_path_buf();
        let result = tmp
            .as_file()
            .sync_all()
            .and_then(|()| tmp.persist(path).map(drop).map_err(|e| e.error));
        unregister(&tmp_path);
        result?;
        // The rename is durable once the directory is synced; not every file system can.
        if let Ok(dir) = File::open(parent_dir(path)) {
            let _ = dir.sync_all();
        }
        Ok(())
    }
}

fn unregister(path: &Path) {
    temps().retain(|p| p != path);
}

impl Write for AtomicFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.tmp.as_mut().expect("not committed").write(buf)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.tmp.as_mut().expect("not committed").flush()
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        // `NamedTempFile` removes itself when dropped; forget it in the registry.
        if let Some(tmp) = &self.tmp {
            unregister(tmp.path());
        }
    }
}

/// Writes `bytes` as the whole new contents of `path`, atomically.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut f = AtomicFile::create(path)?;
    f.write_all(bytes)?;
    f.commit()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn leftovers(dir: &Path) -> Vec<String> {
        std::fs::read_dir(dir)
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| is_temporary_name(n))
            .collect()
    }

    #[test]
    fn replaces_whole_keeps_mode_and_leaves_nothing() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("out.txt");
        write_atomic(&f, b"one").unwrap();
        std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o640)).unwrap();
        write_atomic(&f, b"two").unwrap();
        assert_eq!(std::fs::read_to_string(&f).unwrap(), "two");
        let mode = std::fs::metadata(&f).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o640);
        assert!(leftovers(dir.path()).is_empty());
    }

    #[test]
    fn temporary_names_are_unpredictable_and_planted_links_ignored() {
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("state.json");
        let victim = dir.path().join("victim");
        std::fs::write(&victim, "keep").unwrap();
        // Links at the names a predictable writer would use.
        for name in ["state.tmp", "state.json.tmp", ".state.json.tmp"] {
            std::os::unix::fs::symlink(&victim, dir.path().join(name)).unwrap();
        }
        let a = AtomicFile::create(&f).unwrap();
        let b = AtomicFile::create(&f).unwrap();
        assert_ne!(
            a.tmp.as_ref().unwrap().path(),
            b.tmp.as_ref().unwrap().path()
        );
        drop((a, b));
        write_atomic(&f, b"new").unwrap();
        assert_eq!(std::fs::read_to_string(&victim).unwrap(), "keep");
        assert_eq!(std::fs::read_to_string(&f).unwrap(), "new");
    }

    #[test]
    fn abandoned_and_stale_temporaries_are_removed() {
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("keep.txt");
        std::fs::write(&f, "old").unwrap();
        let mut out = AtomicFile::create(&f).unwrap();
        out.write_all(b"partial").unwrap();
        assert_eq!(leftovers(dir.path()).len(), 1);
        drop(out);
        assert_eq!(std::fs::read_to_string(&f).unwrap(), "old");
        assert!(leftovers(dir.path()).is_empty());
        // No process has a pid this large (the kernel's limit is 2^22).
        let stale = dir.path().join(".keep.txt.wurfel-99999999-abcdef.tmp");
        let other = dir.path().join(".g.txt.wurfel-99999999-abcdef.tmp");
        std::fs::write(&stale, "x").unwrap();
        std::fs::write(&other, "x").unwrap();
        write_atomic(&f, b"new").unwrap();
        assert!(!stale.exists());
        assert!(other.exists(), "only temporaries of the file written");
        // Diverted: the target stays.
        let mut out = AtomicFile::create(&f).unwrap();
        out.write_all(b"some").unwrap();
        out.commit_as(&dir.path().join("keep.txt.partial")).unwrap();
        assert_eq!(std::fs::read_to_string(&f).unwrap(), "new");
    }
}
