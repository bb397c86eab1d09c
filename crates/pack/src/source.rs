//! Loading a puzzle by catalog id or file path, with "did you mean" suggestions.
//!
//! Apart from the catalog and the file format so that neither imports the other: the catalog
//! parses its embedded files with [`crate::file`], and this module tries the catalog first.

use crate::burrtools::{self, BurrError};
use crate::catalog;
use crate::file::{parse_puzzle, PuzzleFileError};
use crate::model::Puzzle;
use std::fmt;
use std::io;
use std::path::{Path, PathBuf};

/// Why [`load`] failed.
#[derive(Debug)]
pub enum LoadError {
    /// The file was read but is not a valid puzzle.
    File(PuzzleFileError),
    /// A BurrTools file that cannot be read as a puzzle.
    Burr(BurrError),
    /// `--problem` was given for something that is not a BurrTools file.
    ProblemNotApplicable {
        /// What was asked for.
        name: String,
    },
    /// The file could not be read.
    Read {
        /// The path as given.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// Not a catalog id (where only catalog ids are accepted: [`builtin`]).
    NotBuiltIn {
        /// What was asked for.
        name: String,
        /// Catalog ids close to it (may be empty).
        suggestions: Vec<String>,
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
            LoadError::Burr(e) => e.fmt(f),
            LoadError::ProblemNotApplicable { name } => write!(
                f,
                "`{name}` is not a BurrTools file: choosing a problem applies only to .xmpuzzle files"
            ),
            LoadError::Read { path, source } => {
                write!(f, "cannot read {}: {source}", path.display())
            }
            LoadError::NotBuiltIn { name, suggestions } => {
                write!(f, "`{name}` is not a built-in puzzle")?;
                suggest(f, suggestions)
            }
            LoadError::NotFound { name, suggestions } => {
                write!(f, "`{name}` is neither a built-in puzzle nor a file")?;
                suggest(f, suggestions)
            }
        }
    }
}

/// "; did you mean ...?" or the list of built-in puzzles.
fn suggest(f: &mut fmt::Formatter<'_>, suggestions: &[String]) -> fmt::Result {
    if suggestions.is_empty() {
        write!(f, "; built-in puzzles: {}", catalog::ids().join(", "))
    } else {
        let s: Vec<String> = suggestions.iter().map(|s| format!("`{s}`")).collect();
        write!(f, "; did you mean {}?", s.join(" or "))
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

/// How to load: which problem of a BurrTools file (a 1-based number or a name; the first when
/// `None`).
#[derive(Clone, Debug, Default)]
pub struct LoadOptions {
    /// The problem to read from a `.xmpuzzle` file.
    pub problem: Option<String>,
}

/// A loaded puzzle and notes on what the reader skipped (to show the user as warnings).
#[derive(Clone, Debug)]
pub struct Loaded {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Skipped features, problem choice, and the like.
    pub notes: Vec<String>,
    /// The counts a BurrTools file stored for this problem, when BurrTools solved it to the
    /// end (`count --check-stored` compares them with wurfel's).
    pub stored: Option<burrtools::Stored>,
}

/// A built-in puzzle by id, else the TOML file at that path.
pub fn load(name_or_path: &str) -> Result<Puzzle, LoadError> {
    Ok(load_with(name_or_path, &LoadOptions::default())?.puzzle)
}

/// A built-in puzzle by id, else the puzzle file at that path: a BurrTools `.xmpuzzle` (by its
/// content: gzip or XML) or TOML.
pub fn load_with(name_or_path: &str, opts: &LoadOptions) -> Result<Loaded, LoadError> {
    if let Some(p) = catalog::get(name_or_path) {
        if opts.problem.is_some() {
            return Err(LoadError::ProblemNotApplicable {
                name: name_or_path.to_string(),
            });
        }
        return Ok(Loaded {
            puzzle: p,
            notes: Vec::new(),
            stored: None,
        });
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
    // Compressed BurrTools files may hold stored solutions, so the raw read allows more than
    // a TOML file may have; the TOML text is held to its own limit below.
    let read_err = |source| LoadError::Read {
        path: path.to_path_buf(),
        source,
    };
    let bytes = wurfel_files::read_bounded(path, burrtools::MAX_XML_BYTES).map_err(read_err)?;
    from_bytes(&bytes, name_or_path, opts)
}

/// A puzzle from the bytes of a puzzle file (`origin` names it in messages, and its extension
/// `.xmpuzzle` says it should be BurrTools'): BurrTools `.xmpuzzle` by its content (gzip or
/// XML), else TOML, each held to the same limits as a file [`load_with`] reads.
pub fn from_bytes(bytes: &[u8], origin: &str, opts: &LoadOptions) -> Result<Loaded, LoadError> {
    let read_err = |source| LoadError::Read {
        path: PathBuf::from(origin),
        source,
    };
    if bytes.len() as u64 > burrtools::MAX_XML_BYTES {
        return Err(read_err(too_big(burrtools::MAX_XML_BYTES)));
    }
    if burrtools::looks_like_xmpuzzle(bytes) {
        let r = burrtools::read_xmpuzzle(bytes, origin, opts.problem.as_deref())
            .map_err(LoadError::Burr)?;
        return Ok(Loaded {
            puzzle: r.puzzle,
            notes: r.notes,
            stored: r.stored,
        });
    }
    // Named as a BurrTools file but neither gzip nor XML (empty, truncated to nothing, another
    // format): say so, rather than report what TOML misses in it.
    let named_burr = Path::new(origin)
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("xmpuzzle"));
    if named_burr {
        let what = if bytes.trim_ascii().is_empty() {
            "it is empty"
        } else {
            "it is neither gzip-compressed nor XML"
        };
        return Err(LoadError::Burr(BurrError {
            message: format!("{origin}: not a BurrTools .xmpuzzle file: {what}"),
        }));
    }
    if opts.problem.is_some() {
        return Err(LoadError::ProblemNotApplicable {
            name: origin.to_string(),
        });
    }
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(read_err(too_big(MAX_FILE_BYTES)));
    }
    if bytes.trim_ascii().is_empty() {
        return Err(read_err(io::Error::new(
            io::ErrorKind::InvalidData,
            "it is empty",
        )));
    }
    let text = std::str::from_utf8(bytes).map_err(|_| {
        read_err(io::Error::new(
            io::ErrorKind::InvalidData,
            "it is not UTF-8 text",
        ))
    })?;
    Ok(Loaded {
        puzzle: parse_puzzle(text, origin)?,
        notes: Vec::new(),
        stored: None,
    })
}

/// A built-in puzzle by id; an unknown id is an error with the ids close to it.
pub fn builtin(id: &str) -> Result<Puzzle, LoadError> {
    catalog::get(id).ok_or_else(|| LoadError::NotBuiltIn {
        name: id.to_string(),
        suggestions: close_ids(id),
    })
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

fn too_big(max: u64) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!("it is larger than the limit of {max} bytes"),
    )
}
