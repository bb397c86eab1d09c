//! Where an output path leads, and an output opened there: the rules every file a user names
//! for writing follows (the `wurfel` binary's `--out`, `--render`, `--export`, checkpoints).
//!
//! - A regular file (or a new one) is written through the atomic writer ([`AtomicFile`]): an
//!   exclusive temporary file in the target's directory, synced, renamed over the target; a
//!   reader sees the old file or the whole new one.
//! - A symlink is resolved and the file it points to is written (the link stays a link).
//! - FIFOs, character devices, sockets and `-` are streamed to, never replaced; so are this
//!   process's own descriptors (`/dev/stdout`, `/dev/stderr`, `/dev/fd/N`, `/proc/self/fd/N`),
//!   whatever they lead to: `--out /dev/stdout > f` writes to standard output, which the
//!   shell has opened on `f`.
//! - An output dropped without [`Output::commit`] leaves a regular file's target untouched and
//!   its temporary removed.
//!
//! Errors are `io::Error`s of the failing call's kind whose message names the path as the
//! user gave it (`shown`).

use crate::write::{parent_dir, AtomicFile};
use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// Where an output path leads, decided before anything is written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Dest {
    /// This process's standard output.
    Stdout,
    /// A FIFO, device, socket or one of this process's descriptors: opened and written in
    /// place (appending, so a descriptor open on a file keeps what is there).
    Stream(PathBuf),
    /// A regular file (existing or not), replaced atomically.
    File(PathBuf),
}

/// Links followed at most (as the kernel's `ELOOP` limit).
const MAX_LINKS: usize = 40;

/// `message` about `path` as an error of `kind`.
fn error(kind: io::ErrorKind, message: String) -> io::Error {
    io::Error::new(kind, message)
}

/// `e` with `context` before its own message.
fn context(e: io::Error, context: impl std::fmt::Display) -> io::Error {
    error(e.kind(), format!("{context}: {e}"))
}

impl Dest {
    /// Where `path` leads (`-`: standard output): refused when it names a directory or its
    /// directory does not exist.
    pub fn of(path: &Path) -> io::Result<Dest> {
        let shown = path.display();
        if path.as_os_str() == "-" {
            return Ok(Dest::Stdout);
        }
        if path.file_name().is_none() || path.as_os_str().to_string_lossy().ends_with('/') {
            return Err(error(
                io::ErrorKind::InvalidInput,
                format!("cannot write {shown}: it names a directory, not a file"),
            ));
        }
        let resolved = resolve_links(path)
            .map_err(|e| context(e, format_args!("cannot write {shown}: cannot resolve it")))?;
        Ok(match own_descriptor(&resolved) {
            Some(1) => Dest::Stdout,
            Some(_) => Dest::Stream(resolved),
            None => Self::resolved(path, resolved)?,
        })
    }

    /// Where the resolved path `resolved` (not one of our descriptors) leads.
    fn resolved(path: &Path, resolved: PathBuf) -> io::Result<Dest> {
        let shown = path.display();
        Ok(match std::fs::metadata(&resolved) {
            Ok(m) if m.is_dir() => {
                return Err(error(
                    io::ErrorKind::IsADirectory,
                    format!("cannot write {shown}: it is a directory"),
                ))
            }
            Ok(m) if m.is_file() => Dest::File(resolved),
            Ok(_) => Dest::Stream(resolved),
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                let dir = parent_dir(&resolved);
                match std::fs::metadata(dir) {
                    Ok(m) if m.is_dir() => Dest::File(resolved),
                    Ok(_) => {
                        return Err(error(
                            io::ErrorKind::NotADirectory,
                            format!("cannot write {shown}: {} is not a directory", dir.display()),
                        ))
                    }
                    Err(e) => {
                        return Err(context(
                            e,
                            format_args!("cannot write {shown}: no directory {}", dir.display()),
                        ))
                    }
                }
            }
            Err(e) => return Err(context(e, format_args!("cannot write {shown}"))),
        })
    }

    /// Whether a file can be created beside a regular file's target (a directory we may not
    /// write to fails now, not after a long computation); `shown` names it.
    pub fn probe(&self, shown: &Path) -> io::Result<()> {
        if let Dest::File(p) = self {
            let beside = format_args!(
                "cannot write {}: cannot create a file beside it",
                shown.display()
            );
            drop(AtomicFile::probe(p).map_err(|e| context(e, beside))?);
        }
        Ok(())
    }

    /// Opens the output (`shown` names it in errors); standard output is written through
    /// `stdout`. Nothing is visible at a regular file's path until [`Output::commit`].
    pub fn open(&self, shown: &Path, stdout: Box<dyn Write + Send>) -> io::Result<Output> {
        let sink = match self {
            Dest::Stdout => Sink::Stdout(stdout),
            Dest::Stream(p) => Sink::Stream(BufWriter::new(
                OpenOptions::new()
                    .append(true)
                    .open(p)
                    .map_err(|e| context(e, format_args!("cannot open {}", shown.display())))?,
            )),
            Dest::File(p) => Sink::File(BufWriter::new(AtomicFile::create(p).map_err(|e| {
                context(
                    e,
                    format_args!("cannot create a file next to {}", shown.display()),
                )
            })?)),
        };
        Ok(Output {
            shown: shown.to_path_buf(),
            sink: Some(sink),
        })
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
    Stdout(Box<dyn Write + Send>),
    Stream(BufWriter<File>),
    File(BufWriter<AtomicFile>),
}

/// An open output: see [`Dest::open`]. Dropped without [`Output::commit`], a regular file's
/// target is untouched and the temporary file removed.
pub struct Output {
    shown: PathBuf,
    /// `None` once finished.
    sink: Option<Sink>,
}

impl Output {
    /// Finishes the output: flush, and for a regular file sync and rename into place.
    pub fn commit(self) -> io::Result<()> {
        let shown = self.shown.clone();
        self.finish(None)
            .map_err(|e| context(e, format_args!("cannot write {}", shown.display())))
    }

    /// Like [`Output::commit`] but into `TARGET.partial` instead (the target stays
    /// untouched): where the partial results of an interrupted run go. Returns that path, or
    /// `None` when the output is a stream (then what was written is already there).
    pub fn commit_partial(self) -> io::Result<Option<PathBuf>> {
        let Some(Sink::File(f)) = &self.sink else {
            self.commit()?;
            return Ok(None);
        };
        let mut name = f.get_ref().target().as_os_str().to_owned();
        name.push(".partial");
        let partial = PathBuf::from(name);
        self.finish(Some(&partial))
            .map_err(|e| context(e, format_args!("cannot write {}", partial.display())))?;
        Ok(Some(partial))
    }

    fn finish(mut self, divert: Option<&Path>) -> io::Result<()> {
        match self.sink.take().expect("finished once") {
            Sink::Stdout(mut s) => s.flush(),
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

    fn sink(&mut self) -> &mut dyn Write {
        match self.sink.as_mut().expect("not finished") {
            Sink::Stdout(s) => s,
            Sink::Stream(w) => w,
            Sink::File(w) => w,
        }
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.sink().write(buf)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.sink().flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::symlink;

    fn write(path: &Path, text: &str) -> io::Result<()> {
        let dest = Dest::of(path)?;
        let mut out = dest.open(path, Box::new(io::sink()))?;
        out.write_all(text.as_bytes())?;
        out.commit()
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
        let open = || {
            Dest::of(&f)
                .unwrap()
                .open(&f, Box::new(io::sink()))
                .unwrap()
        };
        let mut out = open();
        out.write_all(b"partial").unwrap();
        assert_eq!(leftovers(dir.path()).len(), 1);
        drop(out);
        assert_eq!(std::fs::read_to_string(&f).unwrap(), "old");
        assert!(leftovers(dir.path()).is_empty());
        // Diverted to a `.partial` file, the target is untouched too.
        let mut out = open();
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
        assert_eq!(Dest::of(Path::new("/dev/stdout")).unwrap(), Dest::Stdout);
        assert_eq!(own_descriptor(Path::new("/dev/fd/1")), Some(1));
        assert_eq!(own_descriptor(Path::new("/proc/self/fd/7")), Some(7));
        let pid = format!("/proc/{}/fd/2", std::process::id());
        assert_eq!(own_descriptor(Path::new(&pid)), Some(2));
        assert_eq!(own_descriptor(Path::new("/proc/1/fd/2")), None);
        let dir = tempfile::tempdir().unwrap();
        let slash = format!("{}/d.png/", dir.path().display());
        let err = Dest::of(Path::new(&slash)).unwrap_err().to_string();
        assert!(err.contains("names a directory"), "{err}");
    }

    #[test]
    fn directories_and_missing_parents_are_refused_before_writing() {
        let dir = tempfile::tempdir().unwrap();
        let err = Dest::of(dir.path()).unwrap_err().to_string();
        assert!(err.contains("is a directory"), "{err}");
        let err = Dest::of(&dir.path().join("no/such/file"))
            .unwrap_err()
            .to_string();
        assert!(err.contains("no directory"), "{err}");
    }
}
