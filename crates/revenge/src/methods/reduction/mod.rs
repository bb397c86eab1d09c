//! A reduction solver in the outer block turn metric (outer or wide turn = 1, inner slice
//! alone = 2), in the style of Chen Shuang's three-phase reduction:
//!
//! 1. [`centres`] phase 1: the R and L centres onto the R and L faces (all 36 block turns), in
//!    each of the nine [`frame`]s (so any colour pair onto any pair of faces);
//! 2. [`centres`] phase 2: the other centres onto their pair of faces, the R/L split into one
//!    phase 3 can finish, an even wing permutation; kept only when the edges are separated;
//! 3. [`edges`]: centres solved and edges paired with half wide turns, optimally (the exact
//!    [`pairing`] table);
//! 4. [`three`]: the reduced cube as a 3x3x3 ([`cube3`]), Kociemba's two phases.
//!
//! [`solver`] combines many candidate solutions of each phase within a work budget.

pub(crate) mod centres;
pub(crate) mod cube3;
pub(crate) mod edges;
pub(crate) mod frame;
pub(crate) mod moves;
pub(crate) mod pairing;
pub(crate) mod search;
pub(crate) mod separation;
pub(crate) mod solver;
pub(crate) mod sym3;
pub(crate) mod table;
pub(crate) mod three;
pub(crate) mod walk;
pub(crate) mod wings;

pub use solver::{Reduction, Tuning};

#[cfg(test)]
mod tests;
#[cfg(test)]
mod three_bench;
