//! The reduction solver: many candidate solutions of each phase, ranked by length so far plus
//! a lower bound on what follows, the shortest total kept; every result checked by applying
//! its printed form to the cube.

use super::centres::{Phase1, Phase2};
use super::edges::Phase3;
use super::moves::{apply, to_slices, Turn};
use super::search::{solutions, solutions_between, Phase};
use super::table::TableStore;
use super::three::TwoPhase;
use crate::cube::{Cube, Move};
use crate::notation;
use std::time::{Duration, Instant};

/// Names of the phases, in order.
pub const PHASE_NAMES: [&str; 4] = [
    "R and L centres",
    "all centres to their faces, wing parity",
    "centres solved, edges paired",
    "3x3x3",
];

/// How hard to look for a shorter total.
#[derive(Clone, Debug)]
pub struct Options {
    /// Phase 1 solutions tried (shortest first).
    pub phase1: usize,
    /// Phase 1 + 2 combinations wanted at least (then the next total length is not tried).
    pub phase2: usize,
    /// Phase 1 + 2 combinations given to phase 3 (best first by length plus phase 3 bound).
    pub phase3: usize,
    /// Beam width of the phase 3 search (multiplied by 4 while nothing is found).
    pub phase3_nodes: u64,
    /// Phase 1-3 combinations given to the 3x3x3 solver.
    pub phase4: usize,
    /// Soft time limit: after it, each phase takes its best candidate so far.
    pub budget: Duration,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            phase1: 30,
            phase2: 4,
            phase3: 4,
            phase3_nodes: 2_000,
            phase4: 8,
            budget: Duration::from_millis(250),
        }
    }
}

impl Options {
    /// One candidate per phase: fastest, longest.
    pub fn single() -> Options {
        Options {
            phase1: 1,
            phase2: 1,
            phase3: 1,
            phase3_nodes: 2_000,
            phase4: 1,
            budget: Duration::from_millis(0),
        }
    }
}

/// A complete solution.
#[derive(Clone, Debug)]
pub struct Solution {
    /// Block turns of each phase.
    pub phases: Vec<Vec<Turn>>,
    /// Everything as single-slice turns.
    pub moves: Vec<Move>,
}

impl Solution {
    pub fn stm(&self) -> usize {
        notation::stm(&self.moves)
    }
    pub fn obtm(&self) -> usize {
        notation::obtm(&self.moves)
    }
    pub fn wca(&self) -> String {
        notation::to_wca(&self.moves)
    }
    pub fn slice_notation(&self) -> String {
        notation::to_slice(&self.moves)
    }
}

/// Why a position could not be solved.
#[derive(Debug, thiserror::Error)]
pub enum SolveError {
    #[error("reduction phase {0}: no solution found (internal error)")]
    NotFound(usize),
    #[error("the solution does not solve the cube (internal error)")]
    Verify,
}

/// The four phases with their tables.
pub struct Reduction {
    p1: Phase1,
    p2: Phase2,
    p3: Phase3,
    p4: TwoPhase,
}

#[derive(Clone)]
struct Partial {
    cube: Cube,
    phases: Vec<Vec<Turn>>,
    len: usize,
    score: usize,
}

fn after(c: &Cube, ts: &[Turn]) -> Cube {
    let mut x = *c;
    for &t in ts {
        apply(&mut x, t);
    }
    x
}

/// Longest phase solutions looked at (no phase needs more; they only bound the searches).
const MAX_LEN: [usize; 4] = [12, 16, 30, 24];

impl Reduction {
    /// Loads or builds every table (cached through `store`).
    pub fn new(store: &TableStore) -> Reduction {
        Reduction {
            p1: Phase1::new(store),
            p2: Phase2::new(store),
            p3: {
                let mut p3 = Phase3::new(store);
                p3.weight = 8;
                p3
            },
            p4: TwoPhase::new(store),
        }
    }

    /// Bytes of distance tables held.
    pub fn table_bytes(&self) -> usize {
        self.p1.bytes() + self.p2.bytes() + self.p3.bytes() + self.p4.bytes()
    }

    /// One phase 3 solution for each phase 1+2 candidate worth it, within `budget` nodes each.
    fn phase3(
        &self,
        p12: &[Partial],
        budget: u64,
        late: &dyn Fn() -> bool,
        p123: &mut Vec<Partial>,
    ) -> Result<(), SolveError> {
        let mut best3 = usize::MAX;
        for p in p12 {
            if p.score >= best3 + 2 && !p123.is_empty() {
                continue;
            }
            let s3 = self.p3.start(&p.cube).ok_or(SolveError::NotFound(3))?;
            if let Some(t) = self.p3.beam(&s3, budget as usize, MAX_LEN[2]) {
                let c3 = after(&p.cube, &t);
                let len = p.len + t.len();
                let three = self.p4.reader.read(&c3).ok_or(SolveError::NotFound(3))?;
                let score = len + self.p4.lower_bound(&three) as usize;
                best3 = best3.min(len);
                let mut phases = p.phases.clone();
                phases.push(t);
                p123.push(Partial {
                    cube: c3,
                    phases,
                    len,
                    score,
                });
            }
            if late() && !p123.is_empty() {
                break;
            }
        }
        Ok(())
    }

    pub fn solve(&self, cube: &Cube) -> Result<Solution, SolveError> {
        self.solve_with(cube, &Options::default())
    }

    pub fn solve_with(&self, cube: &Cube, opts: &Options) -> Result<Solution, SolveError> {
        let start = Instant::now();
        let late = || start.elapsed() > opts.budget;
        // Phase 1: the shortest solutions, then longer ones.
        let mut p1s: Vec<(Vec<Turn>, Cube, <Phase2 as Phase>::State)> = Vec::new();
        let mut nodes = 3_000_000u64;
        let s1 = self.p1.start(cube);
        let min1 = self.p1.bound(&s1) as usize;
        solutions(&self.p1, s1, MAX_LEN[0], &mut nodes, &mut |p| {
            let c1 = after(cube, p);
            let s2 = self.p2.start(&c1);
            p1s.push((p.to_vec(), c1, s2));
            p1s.len() >= opts.phase1.max(1) && p.len() > min1
        });
        if p1s.is_empty() {
            return Err(SolveError::NotFound(1));
        }
        // Phase 2 by total length of phases 1 and 2, over all phase 1 solutions, keeping those
        // phase 3 can take (edges separated, parities right: about one in a thousand).
        let mut p12: Vec<Partial> = Vec::new();
        let lo = p1s
            .iter()
            .map(|(p, _, s2)| p.len() + self.p2.bound(s2) as usize)
            .min()
            .unwrap_or(0);
        let mut nodes = 2_000_000u64;
        'total: for total in lo..=MAX_LEN[0] + MAX_LEN[1] {
            for (p1, c1, s2) in &p1s {
                if total < p1.len() || total - p1.len() > MAX_LEN[1] {
                    continue;
                }
                let len2 = total - p1.len();
                solutions_between(&self.p2, *s2, len2, len2, &mut nodes, &mut |p2| {
                    let c2 = after(c1, p2);
                    if let Some(s3) = self.p3.start(&c2) {
                        let b = self.p3.bound(&s3);
                        if b != u8::MAX {
                            p12.push(Partial {
                                cube: c2,
                                phases: vec![p1.clone(), p2.to_vec()],
                                len: total,
                                score: total + b as usize,
                            });
                        }
                    }
                    false
                });
                if nodes == 0 {
                    break 'total;
                }
            }
            if p12.len() >= opts.phase2.max(1) && (late() || p12.len() >= opts.phase3) {
                break;
            }
        }
        if p12.is_empty() {
            return Err(SolveError::NotFound(2));
        }

        p12.sort_by_key(|p| (p.score, p.len));
        p12.truncate(opts.phase3.max(1));
        // Phase 3: one optimal solution for each.
        let mut p123: Vec<Partial> = Vec::new();
        // Budgets grow until some candidate gets through (a few positions need more).
        let mut budget = opts.phase3_nodes;
        while p123.is_empty() && budget <= opts.phase3_nodes << 4 {
            self.phase3(&p12, budget, &late, &mut p123)?;

            budget *= 4;
        }
        if p123.is_empty() {
            return Err(SolveError::NotFound(3));
        }
        p123.sort_by_key(|p| (p.score, p.len));
        p123.truncate(opts.phase4.max(1));
        // The 3x3x3: each candidate may only beat the best total so far.
        let mut best: Option<(usize, Vec<Vec<Turn>>)> = None;
        for p in &p123 {
            let limit = best.as_ref().map_or(MAX_LEN[3] + p.len, |b| b.0 - 1);
            if p.score > limit {
                continue;
            }
            let three = self
                .p4
                .reader
                .read(&p.cube)
                .ok_or(SolveError::NotFound(4))?;
            let mut nodes = if best.is_none() { 5_000_000 } else { 300_000 };
            if let Some(t) = self.p4.solve(&three, limit - p.len, &mut nodes) {
                let total = p.len + t.len();
                let mut phases = p.phases.clone();
                phases.push(t);
                best = Some((total, phases));
            }
            if late() && best.is_some() {
                break;
            }
        }
        let (_, phases) = best.ok_or(SolveError::NotFound(4))?;
        let moves: Vec<Move> = phases.iter().flat_map(|p| to_slices(p)).collect();
        let sol = Solution { phases, moves };
        // Never trust a solution unchecked: apply its printed form to the original cube.
        let mut check = *cube;
        let parsed =
            notation::parse(&sol.wca(), notation::Notation::Wca).map_err(|_| SolveError::Verify)?;
        notation::apply_steps(&mut check, &parsed);
        if !check.is_solved() {
            return Err(SolveError::Verify);
        }
        Ok(sol)
    }
}
