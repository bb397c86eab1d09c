//! Packing puzzles: fit polycube pieces into a target shape.
//!
//! - [`model`]: the puzzle model ([`Puzzle`], [`Piece`], [`Convention`]);
//! - [`placements`]: the target's bounding box and every placement of every piece;
//! - [`symmetry`]: the target's symmetries acting on placements and solutions;
//! - [`solver`]: symmetry breaking, the engine problem, exact counts under each convention;
//! - [`output`]: layered text and JSON.

pub mod model;
pub mod output;
pub mod placements;
pub mod solver;
pub mod symmetry;

pub use model::{Convention, Piece, Published, Puzzle};
pub use solver::{Counts, PrepareError, Prepared, TaskOutput, Want};
