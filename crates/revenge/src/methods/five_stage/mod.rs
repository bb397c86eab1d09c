//! Norskog's five-stage method: each stage optimal for its move set in the slice turn metric
//! (seed 003).
//!
//! - [`spec`]: what each stage is (move set, coordinates, projections, rotations);
//! - [`stage`]: a stage ready to search (coordinates, computed goals, tables);
//! - [`search`]: a stage seen by the toolkit's IDA* (its coordinate tuple as one state, its
//!   work counted in the stages' unit);
//! - [`tables`]: each stage's distance tables, built or loaded;
//! - [`setup`]: each stage's coordinates, move tables and goals cached in one word file;
//! - [`solver`]: the stages in sequence, several stage solutions combined within a work
//!   budget, the result checked.

pub(crate) mod search;
pub(crate) mod setup;
pub(crate) mod solver;
pub(crate) mod spec;
pub(crate) mod stage;
pub(crate) mod tables;

pub use solver::{Solver, Tuning, STAGE_BOUNDS};
pub use stage::{Stage, TableEvent};
