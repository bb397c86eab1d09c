//! The 4x4x4 cube (Rubik's Revenge): the puzzle, two methods that solve it, and the analysis
//! of Norskog's five stages.
//!
//! Outside this crate only the facade below is visible; the modules behind it (the cubie
//! model, the toolkit of coordinates, distance tables and IDA*, each method's phases and
//! tables) are private, so they can change without touching the binary or the server.
//!
//! - The puzzle: [`Cube`] (cubies, the 36 single-slice turns as [`Move`]s, whole-cube
//!   [`Rotation`]s, the 96-facelet form), [`notation`] (WCA/SiGN and Norskog's single-slice
//!   notation, the STM and OBTM lengths), [`stickers`] (a position given by colours),
//!   [`all_rotations`] and [`same_up_to_rotation`].
//! - The methods: one [`Method`] names them, one [`Solver`] trait runs them ([`Options`] in,
//!   a [`Solution`] of [`Phase`]s or a [`SolveError`] out), implemented by [`FiveStage`] (Norskog's five stages; each [`Stage`],
//!   its tables reported by [`TableEvent`]s) and [`Reduction`] (its tables in
//!   [`ReductionTables`]).
//! - Storage: the crate never sees a path; it names its large files in a [`Store`] the caller
//!   gives (implemented for `wurfel_files::Dir`; [`MemoryStore`] for tests).
//! - [`analysis`]: Norskog's distance tables reproduced, reduced spaces, the resumable
//!   layered analysis, in one namespace.

// Everything not re-exported here stays `pub(crate)` at most, so the facade cannot widen by
// accident (test builds are exempt: the unit tests' helpers, among them the sticker
// simulator they share with the integration tests, are `pub` in private modules).
#![cfg_attr(not(test), warn(unreachable_pub))]

pub mod analysis;
mod cube;
mod methods;
mod metric;
pub mod notation;
pub mod stickers;
mod store;
mod symmetry;
mod toolkit;

pub use cube::{Cube, FaceletError, Move, Rotation, FACE_CHARS};
pub use methods::five_stage::spec::stage2_seed_moves;
pub use methods::five_stage::{
    Solver as FiveStage, Stage, TableEvent, Tuning as FiveStageTuning,
    STAGE_BOUNDS as FIVE_STAGE_BOUNDS,
};
pub use methods::reduction::{
    table::TableStore as ReductionTables, Reduction, Tuning as ReductionTuning,
};
pub use methods::{Method, Options, Phase, Solution, SolveError, Solver};
pub use notation::{Line, Notation, NotationError, Step};
pub use store::{Blob, MemoryStore, NewFile, Store};
pub use symmetry::{all_rotations, same_up_to_rotation};
pub use toolkit::prune::NibbleTable;
