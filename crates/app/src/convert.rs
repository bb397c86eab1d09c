//! `wurfel convert` and `POST /api/v1/convert`: a puzzle written as wurfel's TOML or BurrTools'
//! `.xmpuzzle` (gzip-compressed XML).

use crate::error::AppError;
use crate::picture::extension;
use std::path::Path;
use wurfel_pack::Puzzle;

/// A puzzle file's format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Toml,
    Xmpuzzle,
}

impl Format {
    /// The format named by `key` (`toml`, `xmpuzzle`: a file's extension).
    pub fn from_key(key: &str) -> Option<Format> {
        match key {
            "toml" => Some(Format::Toml),
            "xmpuzzle" => Some(Format::Xmpuzzle),
            _ => None,
        }
    }

    /// The format named by `path`'s extension.
    pub fn of(path: &Path) -> Result<Format, AppError> {
        Format::from_key(&extension(path)).ok_or_else(|| {
            AppError::input(format!(
                "cannot tell the format of {}: name it .toml or .xmpuzzle",
                path.display()
            ))
        })
    }
}

/// A puzzle converted: the file's bytes, and how many published counts the format had no
/// place for (BurrTools files keep none).
pub struct Converted {
    pub bytes: Vec<u8>,
    pub dropped_published: usize,
}

/// `puzzle` as a file of `format`.
pub fn convert(puzzle: &Puzzle, format: Format) -> Converted {
    match format {
        Format::Toml => Converted {
            bytes: wurfel_pack::to_toml(puzzle).into_bytes(),
            dropped_published: 0,
        },
        Format::Xmpuzzle => Converted {
            bytes: wurfel_pack::burrtools::write_xmpuzzle(puzzle),
            dropped_published: puzzle.published.len(),
        },
    }
}
