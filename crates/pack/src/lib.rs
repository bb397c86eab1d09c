//! Packing puzzles: fit polycube pieces into a target shape.
//!
//! - [`model`]: the puzzle model ([`Puzzle`], [`Piece`], [`Convention`]);

pub mod model;

pub use model::{Convention, Piece, Published, Puzzle};
