//! Every file wurfel writes goes through here: one atomic writer.
//!
//! - A regular file (or a new one) is written to an exclusive temporary file in the target's
//!   directory (created with `O_EXCL` by `tempfile`, so a planted symlink cannot redirect it),
//!   synced, and renamed over the target: a reader sees the old file or the whole new one.
//! - A symlink is resolved and the file it points to is written (the link stays a link).
//! - FIFOs, character devices, sockets, `-` and `/dev/stdout` are streamed to, never replaced.
//! - Temporary files are named `.NAME.wurfel-PID-XXXXXX.tmp`. They are removed when a write
//!   fails or is abandoned (drop), and on SIGINT/SIGTERM by the signal handler (see
//!   [`crate::progress`]); one left behind by a SIGKILL is recognised (its process is gone) and
//!   removed by the next run that writes the same file.
//!
//! [`OutputPath::check`] validates a path before any search starts.

use anyhow::{bail, Context, Result};
use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// Temporary files alive in this process, for the signal handler to remove.
static TEMPS: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// Removes every temporary file of this process (called on SIGINT/SIGTERM before exiting).
pub fn remove_temporaries() {
    let temps = match TEMPS.lock() {
        Ok(t) => t,
        Err(poisoned) => poisoned.into_inner(),
    };
    for t in temps.iter() {
        let _ = std::fs::remove_file(t);
    }
}

fn register(path: &Path) {
    if let Ok(mut t) = TEMPS.lock() {
        t.push(path.to_path_buf());
    }
}

fn unregister(path: &Path) {
    if let Ok(mut t) = TEMPS.lock() {
        t.retain(|p| p != path);
    }
}

/// Where an output path leads, decided before anything is written.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Dest {
    /// This process's standard output.
    Stdout,
    /// A FIFO, device or socket: opened and written in place.
    Stream(PathBuf),
    /// A regular file (existing or not), replaced atomically.
    File(PathBuf),
}

/// A validated output path.
#[derive(Clone, Debug)]
pub struct OutputPath {
    /// As the user gave it (for messages).
    shown: PathBuf,
    dest: Dest,
}

/// Links followed at most (as the kernel's `ELOOP` limit).
const MAX_LINKS: usize = 40;

impl OutputPath {
    /// Resolves `path` and checks that it can be written: not a directory, its directory
    /// exists. Call before any long computation.
    pub fn check(path: &Path) -> Result<OutputPath> {
        let shown = path.to_path_buf();
        if path.as_os_str() == "-" {
            return Ok(OutputPath {
                shown,
                dest: Dest::Stdout,
            });
        }
        let resolved = resolve_links(path)
            .with_context(|| format!("cannot write {}: cannot resolve it", path.display()))?;
        let dest = match std::fs::metadata(&resolved) {
            Ok(m) if m.is_dir() => bail!("cannot write {}: it is a directory", path.display()),
            Ok(m) if m.is_file() => Dest::File(resolved),
            Ok(_) => Dest::Stream(resolved),
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                let dir = parent_dir(&resolved);
                match std::fs::metadata(dir) {
                    Ok(m) if m.is_dir() => Dest::File(resolved),
                    Ok(_) => bail!(
                        "cannot write {}: {} is not a directory",
                        path.display(),
                        dir.display()
                    ),
                    Err(e) => {
                        return Err(e).with_context(|| {
                            format!(
                                "cannot write {}: no directory {}",
                                path.display(),
                                dir.display()
                            )
                        })
                    }
                }
            }
            Err(e) => return Err(e).with_context(|| format!("cannot write {}", path.display())),
        };
        if let Dest::File(p) = &dest {
            // Probe: a directory we may not write to fails now, not after the search.
            drop(temp_file_for(p).with_context(|| {
                format!(
                    "cannot write {}: cannot create a file beside it",
                    path.display()
                )
            })?);
        }
        Ok(OutputPath { shown, dest })
    }

    /// Standard output.
    pub fn stdout() -> OutputPath {
        OutputPath {
            shown: PathBuf::from("standard output"),
            dest: Dest::Stdout,
        }
    }

    /// The path as given.
    pub fn shown(&self) -> &Path {
        &self.shown
    }

    /// Whether the output replaces a regular file (rather than streaming).
    pub fn is_file(&self) -> bool {
        matches!(self.dest, Dest::File(_))
    }

    /// Opens the output; nothing is visible at a regular file's path until
    /// [`OutputFile::commit`].
    pub fn create(&self) -> Result<OutputFile> {
        let shown = self.shown.clone();
        let sink = match &self.dest {
            Dest::Stdout => Sink::Stdout(io::stdout()),
            Dest::Stream(p) => Sink::Stream(BufWriter::new(
                OpenOptions::new()
                    .write(true)
                    .open(p)
                    .with_context(|| format!("cannot open {}", shown.display()))?,
            )),
            Dest::File(p) => {
                remove_stale_temporaries(p);
                let tmp = temp_file_for(p)
                    .with_context(|| format!("cannot create a file next to {}", shown.display()))?;
                register(tmp.path());
                Sink::File {
                    tmp: BufWriter::new(tmp),
                    target: p.clone(),
                }
            }
        };
        Ok(OutputFile {
            shown,
            sink: Some(sink),
        })
    }

    /// Writes `bytes` as the whole output.
    pub fn write_all(&self, bytes: &[u8]) -> Result<()> {
        let mut f = self.create()?;
        f.write_all(bytes)
            .with_context(|| format!("cannot write {}", self.shown.display()))?;
        f.commit()
    }
}

/// Follows symlinks (relative ones from their own directory) to the path that would be written.
fn resolve_links(path: &Path) -> io::Result<PathBuf> {
    let mut p = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        match std::fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                // `/dev/stdout`, `/dev/fd/N` and `/proc/*/fd/N` lead to open descriptors whose
                // link text is not a path to write (e.g. `pipe:[123]`): stream to them as named.
                if p.starts_with("/proc") || p.starts_with("/dev/fd") {
                    return Ok(p);
                }
                let target = std::fs::read_link(&p)?;
                p = parent_dir(&p).join(target);
            }
            _ => return Ok(p),
        }
    }
    Err(io::Error::other("too many levels of symbolic links"))
}

fn parent_dir(p: &Path) -> &Path {
    p.parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

/// `.NAME.wurfel-PID-`: the start of every temporary file name for `NAME`.
fn temp_prefix(target: &Path) -> String {
    let name = target.file_name().unwrap_or_default().to_string_lossy();
    format!(".{name}.wurfel-")
}

fn temp_file_for(target: &Path) -> io::Result<tempfile::NamedTempFile> {
    let prefix = format!("{}{}-", temp_prefix(target), std::process::id());
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        // A new file gets the usual mode (0666 less the umask), not tempfile's 0600.
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let tmp = builder.tempfile_in(parent_dir(target))?;
    // A replaced file keeps its own mode.
    if let Ok(m) = std::fs::metadata(target) {
        tmp.as_file().set_permissions(m.permissions())?;
    }
    Ok(tmp)
}

/// Removes temporary files for `target` left by processes that no longer exist (SIGKILL).
fn remove_stale_temporaries(target: &Path) {
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

enum Sink {
    Stdout(io::Stdout),
    Stream(BufWriter<File>),
    File {
        tmp: BufWriter<tempfile::NamedTempFile>,
        target: PathBuf,
    },
}

/// An open output: see [`OutputPath::create`]. Dropped without [`OutputFile::commit`], a
/// regular file's target is untouched and the temporary file removed.
pub struct OutputFile {
    shown: PathBuf,
    /// `None` once finished.
    sink: Option<Sink>,
}

impl OutputFile {
    /// Finishes the output: flush, and for a regular file sync and rename into place.
    pub fn commit(self) -> Result<()> {
        let shown = self.shown.clone();
        self.finish(None)
            .with_context(|| format!("cannot write {}", shown.display()))
    }

    /// Like [`OutputFile::commit`] but into `TARGET.partial` instead (the target stays
    /// untouched): where the partial results of an interrupted run go. Returns that path, or
    /// `None` when the output is a stream (then what was written is already there).
    pub fn commit_partial(self) -> Result<Option<PathBuf>> {
        let Some(Sink::File { target, .. }) = &self.sink else {
            self.commit()?;
            return Ok(None);
        };
        let mut name = target.as_os_str().to_owned();
        name.push(".partial");
        let partial = PathBuf::from(name);
        self.finish(Some(&partial))
            .with_context(|| format!("cannot write {}", partial.display()))?;
        Ok(Some(partial))
    }

    fn finish(mut self, divert: Option<&Path>) -> io::Result<()> {
        match self.sink.take().expect("finished once") {
            Sink::Stdout(mut s) => s.flush(),
            Sink::Stream(mut w) => w.flush(),
            Sink::File { tmp, target } => {
                let tmp = tmp.into_inner().map_err(|e| e.into_error())?;
                let tmp_path = tmp.path().to_path_buf();
                let result = tmp.as_file().sync_all().and_then(|()| {
                    tmp.persist(divert.unwrap_or(&target))
                        .map(drop)
                        .map_err(|e| e.error)
                });
                unregister(&tmp_path);
                result
            }
        }
    }
}

impl Write for OutputFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self.sink.as_mut().expect("not finished") {
            Sink::Stdout(s) => s.write(buf),
            Sink::Stream(w) => w.write(buf),
            Sink::File { tmp, .. } => tmp.write(buf),
        }
    }
    fn flush(&mut self) -> io::Result<()> {
        match self.sink.as_mut().expect("not finished") {
            Sink::Stdout(s) => s.flush(),
            Sink::Stream(w) => w.flush(),
            Sink::File { tmp, .. } => tmp.flush(),
        }
    }
}

impl Drop for OutputFile {
    fn drop(&mut self) {
        // `NamedTempFile` removes itself when dropped; forget it in the signal registry.
        if let Some(Sink::File { tmp, .. }) = &self.sink {
            unregister(tmp.get_ref().path());
        }
    }
}

/// `1234567` as `1,234,567`.
pub fn fmt_int(n: u64) -> String {
    fmt_digits(&n.to_string())
}

/// A decimal integer of any size (its digits) with thousands separators.
pub fn fmt_digits(s: &str) -> String {
    let mut out = String::new();
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    fn write(path: &Path, text: &str) -> Result<()> {
        OutputPath::check(path)?.write_all(text.as_bytes())
    }

    fn leftovers(dir: &Path) -> Vec<String> {
        std::fs::read_dir(dir)
            .unwrap()
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| n.contains(".wurfel-"))
            .collect()
    }

    #[test]
    fn replaces_a_file_whole_and_keeps_its_mode() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("out.txt");
        write(&f, "one").unwrap();
        std::fs::set_permissions(&f, std::fs::Permissions::from_mode(0o640)).unwrap();
        write(&f, "two").unwrap();
        assert_eq!(std::fs::read_to_string(&f).unwrap(), "two");
        let mode = std::fs::metadata(&f).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o640);
        assert!(leftovers(dir.path()).is_empty());
    }

    #[test]
    fn writes_through_symlinks_including_dangling_ones() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.txt");
        let link = dir.path().join("link.txt");
        std::fs::write(&real, "old").unwrap();
        symlink("real.txt", &link).unwrap();
        write(&link, "new").unwrap();
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(std::fs::read_to_string(&real).unwrap(), "new");
        let dangling = dir.path().join("dangling");
        symlink("made.txt", &dangling).unwrap();
        write(&dangling, "made").unwrap();
        assert_eq!(
            std::fs::read_to_string(dir.path().join("made.txt")).unwrap(),
            "made"
        );
    }

    #[test]
    fn abandoned_writes_leave_the_target_and_no_temporary() {
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("keep.txt");
        std::fs::write(&f, "old").unwrap();
        let mut out = OutputPath::check(&f).unwrap().create().unwrap();
        out.write_all(b"partial").unwrap();
        assert_eq!(leftovers(dir.path()).len(), 1);
        drop(out);
        assert_eq!(std::fs::read_to_string(&f).unwrap(), "old");
        assert!(leftovers(dir.path()).is_empty());
        // Diverted to a `.partial` file, the target is untouched too.
        let mut out = OutputPath::check(&f).unwrap().create().unwrap();
        out.write_all(b"some").unwrap();
        let partial = dir.path().join("keep.txt.partial");
        assert_eq!(out.commit_partial().unwrap(), Some(partial.clone()));
        assert_eq!(std::fs::read_to_string(&f).unwrap(), "old");
        assert_eq!(std::fs::read_to_string(&partial).unwrap(), "some");
    }

    #[test]
    fn stale_temporaries_of_dead_processes_are_removed() {
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("f.txt");
        // No process has a pid this large (the kernel's limit is 2^22).
        let stale = dir.path().join(".f.txt.wurfel-99999999-abcdef.tmp");
        let other = dir.path().join(".g.txt.wurfel-99999999-abcdef.tmp");
        std::fs::write(&stale, "x").unwrap();
        std::fs::write(&other, "x").unwrap();
        write(&f, "new").unwrap();
        assert!(!stale.exists());
        assert!(
            other.exists(),
            "only temporaries of the file written are touched"
        );
    }

    #[test]
    fn directories_and_missing_parents_are_refused_before_writing() {
        let dir = tempfile::tempdir().unwrap();
        let err = OutputPath::check(dir.path()).unwrap_err().to_string();
        assert!(err.contains("is a directory"), "{err}");
        let err = OutputPath::check(&dir.path().join("no/such/file"))
            .unwrap_err()
            .to_string();
        assert!(err.contains("no directory"), "{err}");
    }
}
