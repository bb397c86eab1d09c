//! Packing puzzles: fit polycube pieces into a target shape.
//!
//! - [`model`]: the puzzle model ([`Puzzle`], [`Piece`], [`Convention`]);
//! - [`file`]: the TOML puzzle format ([`parse_puzzle`], [`to_toml`]), checked table by table;
//! - [`source`]: a puzzle by catalog id or file path ([`load()`]), files read with a
//!   size limit (`wurfel_files::read_bounded`);
//! - [`burrtools`]: BurrTools `.xmpuzzle` files, read and written;
//! - [`catalog`]: the built-in puzzles, embedded TOML files with their published counts;
//! - [`colors`]: constraint colours carried along with shapes (orientations, mirror images);
//! - [`placements`]: the target's bounding box and every placement of every piece;
//! - [`symmetry`]: the target's symmetries acting on placements and solutions;
//! - [`memory`]: what preparing and searching a puzzle takes in memory, known beforehand;
//! - [`limits`]: what a search refuses before it starts (disassembly of too many pieces), and
//!   its error type;
//! - [`solver`]: symmetry breaking, the engine problem, exact counts under each convention;
//! - [`frontier`]: exact counts by dynamic programming over the filled/empty boundary, for
//!   long boxes and many identical pieces (counts of any size);
//! - [`output`]: layered text and JSON;
//! - [`checkpoint`]: resumable counts with validated, fingerprinted checkpoints;
//! - [`disassembly`]: whether an assembly comes apart by sliding pieces, its level and plan;
//! - [`assembly`]: an order in which a person can build an assembly, one piece at a time.

pub mod assembly;
pub mod burrtools;
pub mod catalog;
pub mod checkpoint;
pub mod colors;
pub mod count;
pub mod disassembly;
pub mod file;
pub mod frontier;
pub mod grid;
pub mod limits;
pub mod memory;
pub mod model;
pub mod output;
pub mod placements;
pub mod solver;
pub mod source;
pub mod symmetry;
mod task_output;

pub use file::{parse_puzzle, to_toml, PuzzleFileError};
pub use limits::SearchError;
pub use memory::PuzzleMemory;
pub use model::{
    check_volume, equal_shapes_warning, merge_or_warn, Convention, Piece, Published, Puzzle,
    VolumeMismatch,
};
pub use solver::{Counts, DisassemblyCounts, Listed, PrepareError, Prepared, TaskOutput, Want};
pub use source::{load, load_with, LoadError, LoadOptions, Loaded};
