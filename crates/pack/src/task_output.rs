//! What one task of the search hands back: its counts under the three conventions and, in a
//! listing, its solutions (each with its separation when the listing takes them apart).

use crate::disassembly::{DisassemblyCounts, Separation};
use crate::Convention;

/// Solution counts under the three conventions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Target held fixed.
    pub raw: u64,
    /// Up to the target's rotations.
    pub rotations: u64,
    /// Up to all its isometries (mirror images merged only when they are solutions).
    pub rotations_reflections: u64,
}

impl Counts {
    /// The count under `c`.
    pub fn get(&self, c: Convention) -> u64 {
        match c {
            Convention::Raw => self.raw,
            Convention::Rotations => self.rotations,
            Convention::RotationsReflections => self.rotations_reflections,
        }
    }
}

impl std::ops::AddAssign for Counts {
    fn add_assign(&mut self, o: Counts) {
        self.raw += o.raw;
        self.rotations += o.rotations;
        self.rotations_reflections += o.rotations_reflections;
    }
}

/// What to collect from the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Want {
    /// Only counts.
    Count,
    /// Counts and the solutions distinct under a convention.
    List(Convention),
}

/// The result of one task of the search.
#[derive(Clone, Debug, Default)]
pub struct TaskOutput {
    /// Counts contributed by this task.
    pub counts: Counts,
    /// Listed solutions (sorted placement ids), when asked for.
    pub solutions: Vec<Vec<u32>>,
    /// A listing's with `disassemble`: how each of `solutions` comes apart, in step.
    pub separations: Vec<Option<Separation>>,
    /// Disassembly counts, when asked for.
    pub disassembly: DisassemblyCounts,
}

impl TaskOutput {
    /// The listed solutions, each with its separation under `disassemble`.
    pub fn listed(self) -> Vec<Listed> {
        let mut seps = self.separations.into_iter();
        self.solutions
            .into_iter()
            .map(|s| (s, seps.next().flatten()))
            .collect()
    }
}

/// A listed solution and, in a listing with `disassemble`, how it comes apart.
pub type Listed = (Vec<u32>, Option<Separation>);
