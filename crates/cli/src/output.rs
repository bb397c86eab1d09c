//! Shared output helpers: atomic file writes and progress bars.

use anyhow::{Context, Result};
use std::io::Write;
use std::path::Path;

/// Writes `bytes` to `path` atomically: a temporary file in the same directory, then a rename,
/// so a reader never sees a half-written file and an interrupted run leaves the old file intact.
#[allow(dead_code)]
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<()> {
    let mut w = AtomicWriter::create(path)?;
    w.write_all(bytes)
        .with_context(|| format!("cannot write {}", path.display()))?;
    w.commit()
}

/// A file written under a temporary name and renamed into place by [`AtomicWriter::commit`];
/// dropped without commit, the temporary file is removed and the target is untouched.
pub struct AtomicWriter {
    tmp: std::path::PathBuf,
    target: std::path::PathBuf,
    file: Option<std::io::BufWriter<std::fs::File>>,
}

impl AtomicWriter {
    /// Opens a temporary file next to `path`.
    pub fn create(path: &Path) -> Result<AtomicWriter> {
        let dir = path
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        let name = path
            .file_name()
            .with_context(|| format!("{} is not a file name", path.display()))?;
        let tmp = dir.join(format!(
            ".{}.tmp{}",
            name.to_string_lossy(),
            std::process::id()
        ));
        let file = std::fs::File::create(&tmp)
            .with_context(|| format!("cannot create {}", tmp.display()))?;
        Ok(AtomicWriter {
            tmp,
            target: path.to_path_buf(),
            file: Some(std::io::BufWriter::new(file)),
        })
    }

    /// Flushes, syncs and renames into place.
    pub fn commit(mut self) -> Result<()> {
        let file = self.file.take().expect("not committed twice");
        let file = file
            .into_inner()
            .map_err(|e| e.into_error())
            .with_context(|| format!("cannot write {}", self.tmp.display()))?;
        file.sync_all().ok();
        std::fs::rename(&self.tmp, &self.target)
            .with_context(|| format!("cannot write {}", self.target.display()))?;
        Ok(())
    }
}

impl Write for AtomicWriter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.file.as_mut().expect("open").write(buf)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.file.as_mut().expect("open").flush()
    }
}

impl Drop for AtomicWriter {
    fn drop(&mut self) {
        if self.file.is_some() {
            let _ = std::fs::remove_file(&self.tmp);
        }
    }
}

/// `1234567` as `1,234,567`.
pub fn fmt_int(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}
