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

pub mod search;
pub mod setup;
pub mod solver;
pub mod spec;
pub mod stage;
pub mod tables;

pub use solver::{Solver, Tuning, DEFAULT_BUDGET, STAGE_BOUNDS, STAGE_GOALS};
pub use stage::{Stage, TableEvent};
