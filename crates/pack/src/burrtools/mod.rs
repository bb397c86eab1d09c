//! BurrTools puzzle files (`.xmpuzzle`, BurrTools 0.6.x): gzip-compressed XML holding shapes
//! on a voxel grid and problems that name a result shape and the pieces with their counts.
//!
//! Only what wurfel can count exactly is accepted: the cube grid, fixed and variable voxels in
//! the result shape (variable ones become the target's optional cells), exact piece counts and
//! ranges (`min`/`max`), colour constraints (a colour number after a voxel's state, 0 neutral;
//! the problem's `<bitmap>` pairs, colours numbered from 0 there, from 1 in wurfel; ignored, as
//! BurrTools does, when the file defines no `<colors>`; the display colours of `<colors>` are
//! kept, see `palette`) and piece groups (the `group`
//! attribute, or `<group>` elements splitting the copies among groups). Anything else (other
//! grids, variable voxels in pieces) is refused with a message
//! naming the feature, never read into a puzzle with a different count.
//! Stored solutions are skipped and reported as a note; a solved problem's stored counts are
//! kept ([`Read::stored`]) for [`check_stored`]. The reader works on bytes, the caller
//! reads the file.

mod palette;
mod reader;
mod stored;
mod writer;

pub use reader::{problem_names, read_xmpuzzle, Read};
pub use stored::{check_stored, Comparison, Stored, StoredError};
pub use writer::write_xmpuzzle;

use std::fmt;

/// At most this many bytes of XML are decompressed: a hostile file cannot exhaust memory.
pub const MAX_XML_BYTES: u64 = 64 << 20;

/// Why a `.xmpuzzle` file cannot be read as a wurfel puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BurrError {
    /// What went wrong, naming the file.
    pub message: String,
}

impl fmt::Display for BurrError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for BurrError {}

/// Whether `bytes` look like a BurrTools file (gzip or plain XML) rather than TOML.
pub fn looks_like_xmpuzzle(bytes: &[u8]) -> bool {
    bytes.starts_with(&[0x1f, 0x8b]) || bytes.trim_ascii_start().starts_with(b"<")
}

#[cfg(test)]
mod tests;
