//! Loading a puzzle by catalog id or file path, with "did you mean" suggestions.
//!
//! Apart from the catalog and the file format so that neither imports the other: the catalog
//! parses its embedded files with [`crate::file`], and this module tries the catalog first.

use crate::catalog;
use crate::file::{parse_puzzle, PuzzleFileError};
use crate::model::Puzzle;
use std::fmt;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

/// Why [`load`] failed.
#[derive(Debug)]
pub enum LoadError {
    /// The file was read but is not a valid puzzle.
    File(PuzzleFileError),
    /// The file could not be read.
    Read {
        /// The path as given.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// Neither a catalog id nor an existing file.
    NotFound {
        /// What was asked for.
        name: String,
        /// Catalog ids close to it (may be empty).
        suggestions: Vec<String>,
    },
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::File(e) => e.fmt(f),
            LoadError::Read { path, source } => {
                write!(f, "cannot read {}: {source}", path.display())
            }
            LoadError::NotFound { name, suggestions } => {
                write!(f, "`{name}` is neither a built-in puzzle nor a file")?;
                if suggestions.is_empty() {
                    write!(f, "; built-in puzzles: {}", catalog::ids().join(", "))
                } else {
                    let s: Vec<String> = suggestions.iter().map(|s| format!("`{s}`")).collect();
                    write!(f, "; did you mean {}?", s.join(" or "))
                }
            }
        }
    }
}

/// The messages already include their cause (file position, I/O error), so `source()` is
/// empty: error reporters that print the chain (`{:#}`) would otherwise say it twice.
impl std::error::Error for LoadError {}

impl From<PuzzleFileError> for LoadError {
    fn from(e: PuzzleFileError) -> Self {
        LoadError::File(e)
    }
}

/// A built-in puzzle by id, else the TOML file at that path.
pub fn load(name_or_path: &str) -> Result<Puzzle, LoadError> {
    if let Some(p) = catalog::get(name_or_path) {
        return Ok(p);
    }
    let path = Path::new(name_or_path);
    let looks_like_path = path.exists()
        || name_or_path.contains('/')
        || name_or_path.contains('\\')
        || name_or_path.contains('.');
    if !looks_like_path {
        return Err(LoadError::NotFound {
            name: name_or_path.to_string(),
            suggestions: close_ids(name_or_path),
        });
    }
    let text = read_text_bounded(path, MAX_FILE_BYTES).map_err(|source| LoadError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    Ok(parse_puzzle(&text, name_or_path)?)
}

/// Catalog ids within a small edit distance of `name`, or containing it.
fn close_ids(name: &str) -> Vec<String> {
    let lower = name.to_lowercase();
    let mut scored: Vec<(usize, &str)> = catalog::ids()
        .into_iter()
        .filter_map(|id| {
            let d = strsim::levenshtein(&lower, id);
            let near = d <= 2.max(id.len() / 4);
            (near || (lower.len() >= 3 && id.contains(&lower))).then_some((d, id))
        })
        .collect();
    scored.sort();
    scored
        .into_iter()
        .take(5)
        .map(|(_, id)| id.into())
        .collect()
}

/// The largest puzzle (or checkpoint) file read: far above any puzzle within the format's
/// limits (4,096 target cells), far below what could hurt.
pub const MAX_FILE_BYTES: u64 = 1 << 20;

/// The text of the regular file at `path`, refused (before reading) when it is not a regular
/// file or is larger than `max` bytes; also stops at `max` bytes should it grow while read.
pub fn read_text_bounded(path: &Path, max: u64) -> io::Result<String> {
    let meta = std::fs::metadata(path)?;
    if !meta.is_file() {
        let what = if meta.is_dir() {
            "a directory"
        } else {
            "not a regular file (a device, FIFO or socket)"
        };
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("it is {what}"),
        ));
    }
    let too_big = || {
        io::Error::new(
            io::ErrorKind::InvalidData,
            format!("it is larger than the limit of {max} bytes"),
        )
    };
    if meta.len() > max {
        return Err(too_big());
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    std::fs::File::open(path)?
        .take(max + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max {
        return Err(too_big());
    }
    String::from_utf8(bytes)
        .map_err(|_| io::Error::new(io::ErrorKind::InvalidData, "it is not UTF-8 text"))
}

#[cfg(test)]
mod bounded_read_tests {
    use super::*;

    #[test]
    fn refuses_devices_directories_and_large_files() {
        let err = read_text_bounded(Path::new("/dev/zero"), 100).unwrap_err();
        assert!(err.to_string().contains("not a regular file"), "{err}");
        let dir = std::env::temp_dir();
        assert!(read_text_bounded(&dir, 100)
            .unwrap_err()
            .to_string()
            .contains("directory"));
        let path = dir.join(format!("wurfel-read-test-{}", std::process::id()));
        std::fs::write(&path, "x".repeat(101)).unwrap();
        let err = read_text_bounded(&path, 100).unwrap_err();
        assert!(err.to_string().contains("larger than the limit"), "{err}");
        assert_eq!(read_text_bounded(&path, 101).unwrap().len(), 101);
        std::fs::write(&path, [0xff, 0xfe]).unwrap();
        assert!(read_text_bounded(&path, 100).is_err());
        std::fs::remove_file(&path).unwrap();
    }
}
