//! Loading a puzzle by catalog id or file path, with "did you mean" suggestions.
//!
//! Apart from the catalog and the file format so that neither imports the other: the catalog
//! parses its embedded files with [`crate::file`], and this module tries the catalog first.

use crate::catalog;
use crate::file::{parse_puzzle, PuzzleFileError};
use crate::model::Puzzle;
use std::fmt;
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
    let text = std::fs::read_to_string(path).map_err(|source| LoadError::Read {
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
