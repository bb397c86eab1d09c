//! Chain puzzles (snake cubes): a string of unit cubes, each joint straight or turning, to be
//! folded into a box.
//!
//! - [`Chain`] parses both notations (segment lengths with shared end cubes, `3,2,2,3,...`, and
//!   one letter per cube, `ESCC...`) and knows its reversal;
//! - [`Board`] is the box as a 64-bit board (up to 4x4x4) with its symmetry group as cell
//!   permutations;
//! - [`Problem`] folds a chain by depth-first search over segments, visiting only canonical
//!   embeddings (the lexicographically least cell sequence of each symmetry class), pruned by
//!   the colour argument and a dead-end test, and counts under every convention ([`Counts`]);
//! - [`survey()`] enumerates every Hamiltonian path of a small box and groups them by chain;
//! - [`catalog`] holds well-known chains with their published figures;
//! - [`Problem::cut`], [`Problem::run_tasks`], [`survey_cut`] and [`survey_tasks`] cut a count or
//!   a survey into tasks (cell paths of prefixes, checked when run) whose tallies
//!   ([`CountTally`], [`SurveyTally`]) add up across machines.
//!
//! Counting conventions (see [`Counts`]): `embeddings` (box fixed, chain read from its first
//! end), `rotations`, `isometries`, and for palindromes `rotations_reversal` and
//! `isometries_reversal`. All are orbit counts computed from exact stabilizers.

mod board;
pub mod catalog;
mod chain;
mod folding;
pub mod input;
mod pool;
mod shard;
mod solve;
mod survey;

pub use board::{Board, BoxError, DIRECTIONS, DIRECTION_LETTERS};
pub use chain::{Chain, ChainError};
pub use folding::Folding;
pub use shard::{check_survey_cut, survey_cut, survey_tasks, TaskError};
pub use solve::{Cancel, CountTally, Counts, Problem, Pruning, SnakeError, Stats};
pub use survey::{survey, survey_until, PatternTally, Survey, SurveyEntry, SurveyTally};
