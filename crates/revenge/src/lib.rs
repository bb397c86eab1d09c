//! The 4x4x4 cube (Rubik's Revenge) and Norskog's five-stage solver.
//!
//! - [`cube`]: the cubie-level state (8 corners, 24 wings, 24 centres of indistinguishable
//!   colours), the 36 single-slice turns, whole-cube rotations, the 96-facelet form.
//! - [`notation`]: WCA/SiGN and Norskog's single-slice notation, STM and OBTM.
//! - [`coord`], [`prune`], [`cache`], [`setup`]: coordinates with move tables, 4-bit distance
//!   tables built by breadth-first search, their on-disk cache, and each stage's coordinates,
//!   move tables and goals cached there too (so a solver starts in milliseconds).
//! - [`stage`]: the five stages (move sets, computed goals, IDA*); [`solver`] runs them in
//!   sequence; [`analyse`] reproduces Norskog's distance tables.

pub mod analyse;
pub mod cache;
pub mod coord;
pub mod cube;
pub mod layered;
pub mod notation;
pub mod prune;
pub mod reduced;
pub mod reduction;
pub mod setup;
pub mod solver;
pub mod stage;
pub mod stickers;
pub mod symmetry;
pub mod tables;

pub use cube::{Cube, FaceletError, Move, Rotation};
pub use notation::{Notation, NotationError, Step};
pub use solver::{Options, Solution, Solver};
