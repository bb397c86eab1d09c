//! Every file wurfel writes goes through here, onto the one atomic writer
//! (`wurfel_files::AtomicFile`).
//!
//! - A regular file (or a new one) is written to an exclusive temporary file in the target's
//!   directory (`.NAME.wurfel-PID-XXXXXX.tmp`, created with `O_EXCL` under an unpredictable
//!   name, so a planted symlink cannot redirect it), synced, and renamed over the target: a
//!   reader sees the old file or the whole new one.
//! - A symlink is resolved and the file it points to is written (the link stays a link).
//! - FIFOs, character devices, sockets and `-` are streamed to, never replaced; so are this
//!   process's own descriptors (`/dev/stdout`, `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N`),
//!   whatever they lead to: `--out /dev/stdout > f` writes to standard output, which the
//!   shell has opened on `f`.
//! - No output may replace a file the command reads ([`crate::inputs`]): refused in
//!   [`OutputPath::check`], before any work, and again when the file is created.
//! - Temporary files are removed when a write fails or is abandoned (drop), and on
//!   SIGINT/SIGTERM by the signal handler (`wurfel_files::remove_temporaries`, see
//!   [`crate::progress`]); one left behind by a SIGKILL is recognised (its process is gone) and
//!   removed by the next run that writes the same file.
//!
//! [`OutputPath::check`] validates a path before any search starts.

use crate::inputs;
use anyhow::{bail, Context, Result};
use std::fs::OpenOptions;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use wurfel_files::write::parent_dir;
use wurfel_files::AtomicFile;

/// Where an output path leads, decided before anything is written.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Dest {
    /// This process's standard output.
    Stdout,
    /// A FIFO, device, socket or one of this process's descriptors: opened and written in
    /// place (appending, so a descriptor open on a file keeps what is there).
    Stream(PathBuf),
    /// A regular file (existing or not), replaced atomically.
    File(PathBuf),
}

/// A validated output path.
#[derive(Clone, Debug)]
pub(crate) struct OutputPath {
    /// As the user gave it (for messages).
    shown: PathBuf,
    dest: Dest,
    /// A state file the command itself keeps in a directory it reads (a shard's result in
    /// its plan directory): only the files it reads are protected from it.
    own: bool,
}

/// Links followed at most (as the kernel's `ELOOP` limit).
const MAX_LINKS: usize = 40;

impl OutputPath {
    /// Resolves `path` and checks that it can be written: not a directory, its directory
    /// exists, it is no file or directory the command reads. Call before any long
    /// computation (and after the inputs are known: [`crate::inputs`]).
    pub(crate) fn check(path: &Path) -> Result<OutputPath> {
        Self::check_as(path, false)
    }

    /// [`OutputPath::check`] for a file the command keeps in a directory it reads (results,
    /// markers and scripts in a shard plan directory): refused only when it is a file the
    /// command reads.
    pub(crate) fn own(path: &Path) -> Result<OutputPath> {
        Self::check_as(path, true)
    }

    fn check_as(path: &Path, own: bool) -> Result<OutputPath> {
        let shown = path.to_path_buf();
        if path.as_os_str() == "-" {
            return Ok(OutputPath {
                shown,
                dest: Dest::Stdout,
                own,
            });
        }
        if path.file_name().is_none() || path.as_os_str().to_string_lossy().ends_with('/') {
            bail!(
                "cannot write {}: it names a directory, not a file",
                path.display()
            );
        }
        let resolved = resolve_links(path)
            .with_context(|| format!("cannot write {}: cannot resolve it", path.display()))?;
        let dest = match own_descriptor(&resolved) {
            Some(1) => Dest::Stdout,
            Some(_) => Dest::Stream(resolved),
            None => Self::dest_of(path, resolved)?,
        };
        let out = OutputPath { shown, dest, own };
        out.check_inputs()?;
        if let Dest::File(p) = &out.dest {
            // Probe: a directory we may not write to fails now, not after the search.
            drop(AtomicFile::probe(p).with_context(|| {
                format!(
                    "cannot write {}: cannot create a file beside it",
                    path.display()
                )
            })?);
        }
        Ok(out)
    }

    /// Where the resolved path `resolved` (not one of our descriptors) leads.
    fn dest_of(path: &Path, resolved: PathBuf) -> Result<Dest> {
        Ok(match std::fs::metadata(&resolved) {
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
        })
    }

    /// Refuses an output that would replace (or write into) something the command reads.
    fn check_inputs(&self) -> Result<()> {
        match &self.dest {
            Dest::Stdout => Ok(()),
            Dest::Stream(p) | Dest::File(p) => inputs::check_output(&self.shown, p, self.own),
        }
    }

    /// Standard output.
    pub(crate) fn stdout() -> OutputPath {
        OutputPath {
            shown: PathBuf::from("standard output"),
            dest: Dest::Stdout,
            own: false,
        }
    }

    /// The path as given.
    pub(crate) fn shown(&self) -> &Path {
        &self.shown
    }

    /// Whether the output replaces a regular file (rather than streaming).
    pub(crate) fn is_file(&self) -> bool {
        matches!(self.dest, Dest::File(_))
    }

    /// Opens the output; nothing is visible at a regular file's path until
    /// [`OutputFile::commit`].
    /// Standard output gets text (`--out -`: listings, tables, JSON lines), so its control
    /// characters are escaped ([`crate::terminal`]); files and other streams get the bytes.
    pub(crate) fn create(&self) -> Result<OutputFile> {
        self.open(true)
    }

    /// `escape`: text for standard output, escaped there; else bytes (pictures, meshes, whole
    /// files), written as they are wherever they go.
    fn open(&self, escape: bool) -> Result<OutputFile> {
        // Inputs found after the check (none should be) are protected all the same.
        self.check_inputs()?;
        let shown = self.shown.clone();
        let sink = match &self.dest {
            Dest::Stdout if escape => Sink::Stdout(crate::terminal::stdout()),
            Dest::Stdout => Sink::Raw(io::stdout()),
            Dest::Stream(p) => Sink::Stream(BufWriter::new(
                OpenOptions::new()
                    .append(true)
                    .open(p)
                    .with_context(|| format!("cannot open {}", shown.display()))?,
            )),
            Dest::File(p) => Sink::File(BufWriter::new(
                AtomicFile::create(p)
                    .with_context(|| format!("cannot create a file next to {}", shown.display()))?,
            )),
        };
        Ok(OutputFile {
            shown,
            sink: Some(sink),
        })
    }

    /// Writes `bytes` as the whole output.
    pub(crate) fn write_all(&self, bytes: &[u8]) -> Result<()> {
        let mut f = self.open(false)?;
        f.write_all(bytes)
            .with_context(|| format!("cannot write {}", self.shown.display()))?;
        f.commit()
    }
}

/// The descriptor number when `path` names one of this process's open descriptors
/// (`/dev/stdout` = 1, `/dev/stderr` = 2, `/dev/fd/N`, `/proc/self/fd/N`, `/proc/PID/fd/N` with
/// our own PID): written in place, never replaced by a file beside it.
fn own_descriptor(path: &Path) -> Option<u32> {
    let s = path.to_str()?;
    match s {
        "/dev/stdout" => return Some(1),
        "/dev/stderr" => return Some(2),
        _ => {}
    }
    let pid = format!("/proc/{}/fd/", std::process::id());
    let n = s
        .strip_prefix("/dev/fd/")
        .or_else(|| s.strip_prefix("/proc/self/fd/"))
        .or_else(|| s.strip_prefix(pid.as_str()))?;
    n.parse().ok()
}

/// Follows symlinks (relative ones from their own directory) to the path that would be written.
fn resolve_links(path: &Path) -> io::Result<PathBuf> {
    let mut p = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        // `/dev/stdout`, `/dev/fd/N` and `/proc/*/fd/N` lead to open descriptors whose link
        // text is not a path to write (e.g. `pipe:[123]`): stream to them as named.
        if own_descriptor(&p).is_some() || p.starts_with("/proc") {
            return Ok(p);
        }
        match std::fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let target = std::fs::read_link(&p)?;
                p = parent_dir(&p).join(target);
            }
            _ => return Ok(p),
        }
    }
    Err(io::Error::other("too many levels of symbolic links"))
}

enum Sink {
    Stdout(crate::terminal::Safe<io::Stdout>),
    Raw(io::Stdout),
    Stream(BufWriter<std::fs::File>),
    File(BufWriter<AtomicFile>),
}

/// An open output: see [`OutputPath::create`]. Dropped without [`OutputFile::commit`], a
/// regular file's target is untouched and the temporary file removed.
pub(crate) struct OutputFile {
    shown: PathBuf,
    /// `None` once finished.
    sink: Option<Sink>,
}

impl OutputFile {
    /// Finishes the output: flush, and for a regular file sync and rename into place.
    pub(crate) fn commit(self) -> Result<()> {
        let shown = self.shown.clone();
        self.finish(None)
            .with_context(|| format!("cannot write {}", shown.display()))
    }

    /// Like [`OutputFile::commit`] but into `TARGET.partial` instead (the target stays
    /// untouched): where the partial results of an interrupted run go. Returns that path, or
    /// `None` when the output is a stream (then what was written is already there).
    pub(crate) fn commit_partial(self) -> Result<Option<PathBuf>> {
        let Some(Sink::File(f)) = &self.sink else {
            self.commit()?;
            return Ok(None);
        };
        let mut name = f.get_ref().target().as_os_str().to_owned();
        name.push(".partial");
        let partial = PathBuf::from(name);
        self.finish(Some(&partial))
            .with_context(|| format!("cannot write {}", partial.display()))?;
        Ok(Some(partial))
    }

    fn finish(mut self, divert: Option<&Path>) -> io::Result<()> {
        match self.sink.take().expect("finished once") {
            Sink::Stdout(mut s) => s.flush(),
            Sink::Raw(mut s) => s.flush(),
            Sink::Stream(mut w) => w.flush(),
            Sink::File(w) => {
                let f = w.into_inner().map_err(|e| e.into_error())?;
                match divert {
                    Some(p) => f.commit_as(p),
                    None => f.commit(),
                }
            }
        }
    }
}

impl Write for OutputFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self.sink.as_mut().expect("not finished") {
            Sink::Stdout(s) => s.write(buf),
            Sink::Raw(s) => s.write(buf),
            Sink::Stream(w) => w.write(buf),
            Sink::File(w) => w.write(buf),
        }
    }
    fn flush(&mut self) -> io::Result<()> {
        match self.sink.as_mut().expect("not finished") {
            Sink::Stdout(s) => s.flush(),
            Sink::Raw(s) => s.flush(),
            Sink::Stream(w) => w.flush(),
            Sink::File(w) => w.flush(),
        }
    }
}

pub(crate) use wurfel_present::numbers::fmt_int;

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
    fn own_descriptors_are_streams_and_trailing_slashes_are_refused() {
        assert_eq!(
            OutputPath::check(Path::new("/dev/stdout")).unwrap().dest,
            Dest::Stdout
        );
        assert_eq!(own_descriptor(Path::new("/dev/fd/1")), Some(1));
        assert_eq!(own_descriptor(Path::new("/proc/self/fd/7")), Some(7));
        let pid = format!("/proc/{}/fd/2", std::process::id());
        assert_eq!(own_descriptor(Path::new(&pid)), Some(2));
        assert_eq!(own_descriptor(Path::new("/proc/1/fd/2")), None);
        let dir = tempfile::tempdir().unwrap();
        let slash = format!("{}/d.png/", dir.path().display());
        let err = OutputPath::check(Path::new(&slash))
            .unwrap_err()
            .to_string();
        assert!(err.contains("names a directory"), "{err}");
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
