//! The methods that solve a 4x4x4: one [`Method`] names them (as the CLI and the server spell
//! them), one [`Solver`] trait runs them: a cube and one [`Options`] shape in, one
//! [`Solution`] (its phases as data) or one [`SolveError`] out.
//!
//! - [`five_stage`]: Norskog's five stages, each optimal in slice turns (STM), large tables;
//! - [`reduction`]: centres, edge pairing, then a 3x3x3, searched in outer block turns (OBTM),
//!   small tables.
//!
//! Both budget their extra searching by work (positions visited), never by time, so a
//! position's solution is the same on every machine and in every run.

pub(crate) mod five_stage;
pub(crate) mod reduction;

use crate::cube::{Cube, Move, Rotation};
use crate::notation::Line;
use crate::notation::Step;

/// How hard a method looks for a shorter total than its first solution.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Options {
    /// One solution per phase or stage, no search for a shorter total (fastest, longest).
    pub single: bool,
    /// Multiplies the method's default work budgets (1 = the defaults; ignored when `single`).
    pub effort: f64,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            single: false,
            effort: 1.0,
        }
    }
}

impl Options {
    /// One solution per phase or stage.
    pub fn single() -> Options {
        Options {
            single: true,
            effort: 1.0,
        }
    }

    /// `budget` scaled by the effort (what each method's work budgets go through).
    pub(crate) fn scale(&self, budget: u64) -> u64 {
        (budget as f64 * self.effort).round() as u64
    }
}

/// One phase (reduction) or stage (five-stage) of a solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Phase {
    /// 1-based, in order.
    pub number: usize,
    /// What the phase or stage achieves.
    pub goal: &'static str,
    /// Whole-cube rotation applied before the phase (five-stage only; empty for none).
    pub rotation: Vec<Rotation>,
    /// The phase's turns in the frame it was searched in (after `rotation`).
    pub searched: Vec<Move>,
    /// The same turns in the frame of the original position.
    pub moves: Vec<Move>,
}

/// A complete solution, checked by applying its printed form to the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    pub phases: Vec<Phase>,
    /// Every turn in the original frame and the rotation restoring the standard orientation.
    pub line: Line,
    /// Everything in order as the phases went, rotations between them included.
    pub steps: Vec<Step>,
    /// The searches' work, in the units the method's budgets count.
    pub work: u64,
}

impl Solution {
    /// Length in single-slice turns.
    pub fn stm(&self) -> usize {
        self.line.stm()
    }
    /// Length in outer block turns.
    pub fn obtm(&self) -> usize {
        self.line.obtm()
    }
    /// The whole solution in WCA notation (a final rotation, free in every metric, last).
    pub fn wca(&self) -> String {
        self.line.wca()
    }
    /// The whole solution in Norskog's single-slice notation.
    pub fn slice_notation(&self) -> String {
        self.line.slice_notation()
    }
}

/// Why a position could not be solved (each an internal error: every legal position has a
/// solution).
#[derive(Debug, thiserror::Error)]
pub enum SolveError {
    #[error("stage {0}: the position is not in the stage's space (internal error)")]
    Domain(usize),
    #[error("stage {0}: no solution within the stage's bound (internal error)")]
    Bound(usize),
    #[error("reduction phase {0}: no solution found (internal error)")]
    NotFound(usize),
    #[error("the solution does not solve the cube (internal error)")]
    Verify,
}

/// A way to solve the cube, by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Method {
    /// Norskog's five stages, each optimal in slice turns (large tables).
    FiveStage,
    /// Centres, edge pairing, then a 3x3x3, searched in outer block turns (small tables).
    Reduction,
}

impl Method {
    /// Both methods, in the order benches list them.
    pub const ALL: [Method; 2] = [Method::FiveStage, Method::Reduction];

    /// The method's name as the CLI and the server spell it.
    pub fn name(self) -> &'static str {
        match self {
            Method::FiveStage => "five-stage",
            Method::Reduction => "reduction",
        }
    }

    /// What the method's parts are called (`stage` or `phase`).
    pub fn part(self) -> &'static str {
        match self {
            Method::FiveStage => "stage",
            Method::Reduction => "phase",
        }
    }
}

impl std::fmt::Display for Method {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Method {
    type Err = String;
    fn from_str(s: &str) -> Result<Method, String> {
        Method::ALL
            .into_iter()
            .find(|m| m.name() == s)
            .ok_or_else(|| format!("unknown method `{s}`: use reduction or five-stage"))
    }
}

/// A method's solver, its tables loaded.
pub trait Solver: Sync {
    /// Which method it is.
    fn method(&self) -> Method;
    /// Solves `cube`; the solution is checked before it is returned.
    fn solve(&self, cube: &Cube, opts: &Options) -> Result<Solution, SolveError>;
}

/// The solution's text checked against the position: the WCA form applied to `cube` must
/// solve it (never trust a solution unchecked).
pub(crate) fn verify(cube: &Cube, sol: &Solution) -> Result<(), SolveError> {
    let mut check = *cube;
    let parsed = crate::notation::parse(&sol.wca(), crate::notation::Notation::Wca)
        .map_err(|_| SolveError::Verify)?;
    crate::notation::apply_steps(&mut check, &parsed);
    if check.is_solved() {
        Ok(())
    } else {
        Err(SolveError::Verify)
    }
}
