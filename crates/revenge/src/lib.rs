//! The 4x4x4 cube (Rubik's Revenge): the puzzle, a toolkit of searches and tables, two methods
//! that solve it, and the analysis of Norskog's five stages.
//!
//! - The puzzle: [`cube`] (cubies, the 36 single-slice turns, whole-cube rotations, the
//!   96-facelet form), [`notation`] (WCA/SiGN and Norskog's single-slice notation), [`metric`]
//!   (STM and OBTM lengths, written once), [`stickers`] (stickers by colour), [`symmetry`]
//!   (conjugation by the cube's symmetries, whole-cube rotations as turn sequences).
//! - [`toolkit`]: coordinates with move tables, 4-bit distance tables by breadth-first search,
//!   IDA* with its work counted, the table files.
//! - [`methods`]: [`methods::five_stage`] and [`methods::reduction`] behind one [`Method`]
//!   trait ([`Options`] in, [`Solution`] out).
//! - [`analysis`]: Norskog's distance tables reproduced, reduced spaces, the resumable
//!   layered analysis.
//!
//! The items below are what the binary and the server use; the modules stay public for the
//! crate's own tests, examples and benchmarks.

pub mod analysis;
pub mod cube;
pub mod methods;
pub mod metric;
pub mod notation;
pub mod stickers;
pub mod store;
pub mod symmetry;
pub mod toolkit;

pub use cube::{Cube, FaceletError, Move, Rotation, FACE_CHARS};
pub use methods::five_stage::spec::stage2_seed_moves;
pub use methods::five_stage::{Solver as FiveStage, Stage, TableEvent, Tuning as FiveStageTuning};
pub use methods::reduction::{
    table::TableStore as ReductionTables, Reduction, Tuning as ReductionTuning,
};
pub use methods::{Method, Options, Phase, Solution, SolveError};
pub use notation::Line;
pub use notation::{Notation, NotationError, Step};
pub use symmetry::{all_rotations, same_up_to_rotation};
