//! Norskog's distance tables of the five stages, reproduced and extended, in one namespace:
//!
//! - the stages' tables (stages 1 and 4 by Burnside, stages 2, 3 and 5 as reduced spaces), the
//!   rows the seed prints: [`Row`], [`first_depths`], [`stage1_unique`], [`stage_unique`],
//!   [`reduced_space`], [`sparse_first_depths`];
//! - a stage's positions up to its symmetries as dense indices: [`Space`] (built from
//!   [`Part`]s), its counts [`Tally`];
//! - the resumable breadth-first analysis over a reduced space, depth by depth: [`Analysis`]
//!   (its [`Event`]s, [`Progress`], [`RunError`], sealed [`Checkpoint`]s), and the pieces a
//!   cluster shard computes a byte range of a depth with ([`step_range`], [`shard_range`],
//!   [`choose_pull`], [`table_bytes`], [`RangeTally`]).

mod layered;
mod reduced;
mod stages;
#[cfg(test)]
mod tests;

pub use layered::{
    choose_pull, shard_range, step_range, table_bytes, Analysis, Checkpoint, Event, Progress,
    RangeTally, RunError,
};
pub use reduced::{Part, Prims, Space, Tally, MAX_PRIMS};
pub use stages::{
    first_depths, first_depths_seed_convention, reduced_space, sparse_first_depths, stage1_unique,
    stage_space, stage_unique, Row, VARIANTS,
};
