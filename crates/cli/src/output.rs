//! Every file wurfel writes goes through here, onto `wurfel_files::Dest` (where a path leads:
//! a regular file replaced atomically, a stream, standard output; symlinks followed; this
//! process's own descriptors streamed to) and the atomic writer behind it. What is the
//! binary's own:
//!
//! - No output may replace a file the command reads ([`crate::inputs`]): refused in
//!   [`OutputPath::check`], before any work, and again when the file is created.
//! - Standard output gets text with its control characters escaped ([`crate::terminal`]).
//! - Temporary files are removed when a write fails or is abandoned (drop), and on
//!   SIGINT/SIGTERM by the signal handler (`wurfel_files::remove_temporaries`, see
//!   [`crate::progress`]); one left behind by a SIGKILL is recognised (its process is gone) and
//!   removed by the next run that writes the same file.

use crate::inputs;
use anyhow::Result;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use wurfel_files::Dest;

/// An open output: see [`OutputPath::create`].
pub(crate) type OutputFile = wurfel_files::Output;

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
        let out = OutputPath {
            shown: path.to_path_buf(),
            dest: Dest::of(path)?,
            own,
        };
        out.check_inputs()?;
        out.dest.probe(path)?;
        Ok(out)
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
        self.open(Box::new(crate::terminal::stdout()))
    }

    fn open(&self, stdout: Box<dyn Write + Send>) -> Result<OutputFile> {
        // Inputs found after the check (none should be) are protected all the same.
        self.check_inputs()?;
        Ok(self.dest.open(&self.shown, stdout)?)
    }

    /// Writes `bytes` (pictures, meshes, whole files) as the whole output, as they are
    /// wherever they go.
    pub(crate) fn write_all(&self, bytes: &[u8]) -> Result<()> {
        let mut f = self.open(Box::new(io::stdout()))?;
        f.write_all(bytes).map_err(|e| {
            io::Error::new(
                e.kind(),
                format!("cannot write {}: {e}", self.shown.display()),
            )
        })?;
        Ok(f.commit()?)
    }
}

pub(crate) use wurfel_present::numbers::fmt_int;
