//! Packing puzzles: fit polycube pieces into a target shape.
//!
//! - [`model`]: the puzzle model ([`Puzzle`], [`Piece`], [`Convention`]);
//! - [`file`]: the TOML puzzle format ([`parse_puzzle`], [`load`] by catalog id or path);
//! - [`catalog`]: the built-in puzzles, embedded TOML files with their published counts;
//! - [`placements`]: the target's bounding box and every placement of every piece;
//! - [`symmetry`]: the target's symmetries acting on placements and solutions;
//! - [`solver`]: symmetry breaking, the engine problem, exact counts under each convention;
//! - [`output`]: layered text and JSON;
//! - [`checkpoint`]: resumable counts with validated, fingerprinted checkpoints;
//! - [`read`]: reading user files with a size limit.

pub mod catalog;
pub mod checkpoint;
pub mod file;
pub mod model;
pub mod output;
pub mod placements;
pub mod read;
pub mod solver;
pub mod symmetry;

pub use file::{load, parse_puzzle, to_toml, LoadError, PuzzleFileError};
pub use model::{Convention, Piece, Published, Puzzle};
pub use solver::{Counts, PrepareError, Prepared, TaskOutput, Want};
