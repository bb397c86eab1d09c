//! The five-stage solver: stages in sequence, one-time rotations between them, and a final
//! check of every solution by applying it.

use crate::cube::{Cube, Move, Rotation};
use crate::notation::{self, Step};
use crate::stage::{all_rotations, Rot, Stage, TableEvent};
use std::path::Path;

/// Worst cases of the five stages in STM (Norskog's analysis; stage 2 with l and r quarter turns).
pub const STAGE_BOUNDS: [usize; 5] = [11, 16, 14, 17, 19];

/// How hard to look for a shorter total than one optimal solution per stage.
#[derive(Clone, Debug)]
pub struct Options {
    /// Partial solutions kept after each stage (ranked by length so far plus a lower bound
    /// on the next stage).
    pub beam: [usize; 5],
    /// Stage solutions tried from each partial solution.
    pub per_stage: [usize; 5],
    /// Also try stage solutions this many turns longer than optimal.
    pub extra: [usize; 5],
    /// After this long, continue with one optimal solution per stage.
    pub budget: std::time::Duration,
}

impl Options {
    /// One optimal solution per stage, nothing else (Norskog's program).
    pub fn single() -> Options {
        Options {
            beam: [1; 5],
            per_stage: [1; 5],
            extra: [0; 5],
            budget: std::time::Duration::from_secs(0),
        }
    }
}

impl Default for Options {
    fn default() -> Options {
        Options {
            beam: [16, 6, 2, 1, 1],
            per_stage: [40, 8, 4, 1, 1],
            extra: [1, 0, 0, 0, 0],
            budget: std::time::Duration::from_millis(700),
        }
    }
}

#[derive(Clone)]
struct Partial {
    cube: Cube,
    steps: Vec<Step>,
    stages: Vec<StageSolution>,
    len: usize,
}

/// One stage of a solution.
#[derive(Clone, Debug)]
pub struct StageSolution {
    pub number: usize,
    /// Whole-cube rotation applied before the stage (empty for none).
    pub rotation: Rot,
    /// The stage's turns, in the frame after `rotation`.
    pub moves: Vec<Move>,
    /// The same turns in the frame of the original position.
    pub moves_original: Vec<Move>,
}

/// A complete solution.
#[derive(Clone, Debug)]
pub struct Solution {
    pub stages: Vec<StageSolution>,
    /// Everything in order, rotations included.
    pub steps: Vec<Step>,
    /// All turns in the original frame.
    pub moves: Vec<Move>,
    /// Rotation that brings the solved cube back to the standard orientation at the end.
    pub final_rotation: Vec<Rotation>,
}

impl Solution {
    /// Length in single-slice turns.
    pub fn stm(&self) -> usize {
        notation::stm(&self.moves)
    }
    /// Length in outer block turns.
    pub fn obtm(&self) -> usize {
        notation::obtm(&self.moves)
    }
    /// The whole solution in WCA notation, no rotation in the middle (a final rotation, free in
    /// every metric, restores the standard orientation).
    pub fn wca(&self) -> String {
        let mut s = notation::to_wca(&self.moves);
        for r in &self.final_rotation {
            let n = r.name();
            if !n.is_empty() {
                if !s.is_empty() {
                    s.push(' ');
                }
                s.push_str(&n);
            }
        }
        s
    }
    /// The whole solution in Norskog's single-slice notation (original frame).
    pub fn slice_notation(&self) -> String {
        notation::to_slice(&self.moves)
    }
}

/// The five stages with their tables.
pub struct Solver {
    pub stages: Vec<Stage>,
    rotations: Vec<Rot>,
    /// Seconds spent in each stage by the last call to `solve` (diagnostics).
    times: std::sync::Mutex<[f64; 5]>,
}

/// Why a position could not be solved.
#[derive(Debug, thiserror::Error)]
pub enum SolveError {
    #[error("stage {0}: the position is not in the stage's space (internal error)")]
    Domain(usize),
    #[error("stage {0}: no solution within the stage's bound (internal error)")]
    Bound(usize),
    #[error("the solution does not solve the cube (internal error)")]
    Verify,
}

fn rotate(c: &mut Cube, rot: &Rot) {
    for &q in rot {
        c.rotate(q);
    }
}

impl Solver {
    /// Sets up coordinates and goals of all stages (seconds; no tables yet). The stages are
    /// independent and built side by side.
    pub fn new() -> Solver {
        use rayon::prelude::*;
        Solver {
            stages: (1..=5).into_par_iter().map(Stage::new).collect(),
            rotations: all_rotations(),
            times: std::sync::Mutex::new([0.0; 5]),
        }
    }

    /// The solver of [`Solver::new`] with each stage's coordinates, move tables and goals
    /// read from `dir` when a valid copy is there, else built and stored there
    /// ([`crate::setup`]): milliseconds instead of seconds. Distance tables still come from
    /// [`Solver::ensure_tables`].
    pub fn cached(dir: &Path, report: &(dyn Fn(&str, usize, TableEvent) + Sync)) -> Solver {
        use rayon::prelude::*;
        Solver {
            stages: (1..=5)
                .into_par_iter()
                .map(|k| Stage::cached(k, dir, report))
                .collect(),
            ..Solver::new_without_stages()
        }
    }

    /// The solver with everything read from `dir`, building nothing (seconds to minutes and
    /// gigabytes): an error naming the first stage file or table that is missing or invalid.
    pub fn load_cached(dir: &Path) -> Result<Solver, String> {
        let mut stages = Vec::new();
        for k in 1..=5 {
            let describe = |name: &str, e: crate::cache::LoadError| match e {
                crate::cache::LoadError::Missing => format!("{name} is not in {}", dir.display()),
                crate::cache::LoadError::Invalid(why) => format!("{name}: {why}"),
            };
            let mut stage = Stage::load_cached(k, dir)
                .map_err(|e| describe(&crate::setup::setup_name(k), e))?;
            stage
                .load_tables(dir)
                .map_err(|(name, e)| describe(&name, e))?;
            stages.push(stage);
        }
        Ok(Solver {
            stages,
            ..Solver::new_without_stages()
        })
    }

    /// A solver whose distance tables have at most `max` entries each (see
    /// [`Stage::with_table_limit`]): megabytes instead of gigabytes, for tests and small
    /// machines; every stage solution is still optimal, only found more slowly.
    pub fn with_table_limit(max: usize) -> Solver {
        Solver {
            stages: (1..=5)
                .map(|k| Stage::new(k).with_table_limit(max))
                .collect(),
            ..Solver::new_without_stages()
        }
    }

    fn new_without_stages() -> Solver {
        Solver {
            stages: Vec::new(),
            rotations: all_rotations(),
            times: std::sync::Mutex::new([0.0; 5]),
        }
    }

    /// Loads or builds every distance table.
    pub fn ensure_tables(
        &mut self,
        dir: &Path,
        threads: usize,
        report: &(dyn Fn(&str, usize, TableEvent) + Sync),
    ) -> Result<(), String> {
        for s in &mut self.stages {
            s.ensure_tables(dir, threads, report)?;
        }
        Ok(())
    }

    /// Seconds spent in each stage by the last solve.
    pub fn last_times(&self) -> [f64; 5] {
        self.times.lock().map(|t| *t).unwrap_or_default()
    }

    /// The rotation that brings `c` into the start space of stage `k` (identity preferred).
    fn normalise(&self, k: usize, c: &Cube) -> Option<Rot> {
        if k == 1 {
            return Some(vec![]);
        }
        let prev = &self.stages[k - 2];
        self.rotations.iter().find_map(|rot| {
            let mut x = *c;
            rotate(&mut x, rot);
            let ids = prev.ids(&x)?;
            (prev.goals[0].contains(&ids) && self.stages[k - 1].ids(&x).is_some())
                .then(|| rot.clone())
        })
    }

    /// Solves `cube` with one optimal solution per stage.
    pub fn solve(&self, cube: &Cube) -> Result<Solution, SolveError> {
        self.solve_with(cube, &Options::single())
    }

    /// Solves `cube`: every stage optimal for its move set; with `opts`, several stage
    /// solutions are combined and the shortest total kept.
    pub fn solve_with(&self, cube: &Cube, opts: &Options) -> Result<Solution, SolveError> {
        let start = std::time::Instant::now();
        let mut partials = vec![Partial {
            cube: *cube,
            steps: Vec::new(),
            stages: Vec::new(),
            len: 0,
        }];
        for k in 1..=5 {
            let late = start.elapsed() > opts.budget;
            let (per, extra) = if late {
                (1, 0)
            } else {
                (opts.per_stage[k - 1], opts.extra[k - 1])
            };
            let stage = &self.stages[k - 1];
            let t = std::time::Instant::now();
            let mut next: Vec<Partial> = Vec::new();
            for p in &partials {
                let rot = self.normalise(k, &p.cube).ok_or(SolveError::Domain(k))?;
                let mut cur = p.cube;
                rotate(&mut cur, &rot);
                let ids = stage.ids(&cur).ok_or(SolveError::Domain(k))?;
                let sols = stage.solve_many(&ids, STAGE_BOUNDS[k - 1], extra, per);
                if sols.is_empty() {
                    return Err(SolveError::Bound(k));
                }
                for moves in sols {
                    let mut c = cur;
                    c.apply_all(&moves);
                    let mut steps = p.steps.clone();
                    steps.extend(rot.iter().map(|&q| Step::Rotate(q)));
                    steps.extend(moves.iter().map(|&m| Step::Turn(m)));
                    let mut stages = p.stages.clone();
                    let len = p.len + notation::stm(&moves);
                    stages.push(StageSolution {
                        number: k,
                        rotation: rot.clone(),
                        moves,
                        moves_original: Vec::new(),
                    });
                    next.push(Partial {
                        cube: c,
                        steps,
                        stages,
                        len,
                    });
                }
                if start.elapsed() > opts.budget && !next.is_empty() && k > 1 {
                    break;
                }
            }
            if k < 5 {
                // Rank by length so far plus a lower bound on the next stage.
                let mut scored: Vec<(usize, usize, Partial)> = next
                    .into_iter()
                    .map(|p| {
                        let lb = self
                            .normalise(k + 1, &p.cube)
                            .and_then(|rot| {
                                let mut c = p.cube;
                                rotate(&mut c, &rot);
                                self.stages[k].ids(&c)
                            })
                            .map_or(0, |ids| self.stages[k].lower_bound(&ids));
                        (p.len + lb, p.len, p)
                    })
                    .collect();
                scored.sort_by_key(|(s, l, _)| (*s, *l));
                let mut kept: Vec<Partial> = Vec::new();
                let beam = if start.elapsed() > opts.budget {
                    1
                } else {
                    opts.beam[k - 1]
                };
                for (_, _, p) in scored {
                    if kept.len() >= beam {
                        break;
                    }
                    if !kept.iter().any(|q| q.cube == p.cube) {
                        kept.push(p);
                    }
                }
                partials = kept;
            } else {
                partials = next;
            }
            if let Ok(mut times) = self.times.lock() {
                times[k - 1] = t.elapsed().as_secs_f64();
            }
        }
        let best = partials
            .into_iter()
            .min_by_key(|p| {
                let (moves, _) = notation::unrotate(&p.steps);
                (notation::stm(&moves), notation::obtm(&moves))
            })
            .ok_or(SolveError::Bound(5))?;
        let (cur, mut steps, mut stages) = (best.cube, best.steps, best.stages);
        let last = self
            .rotations
            .iter()
            .find(|rot| {
                let mut x = cur;
                rotate(&mut x, rot);
                x.is_solved()
            })
            .ok_or(SolveError::Verify)?
            .clone();
        steps.extend(last.iter().map(|&q| Step::Rotate(q)));
        let (moves, final_rotation) = notation::unrotate(&steps);
        // Split the original-frame turns back into stages (unrotate maps turns one to one).
        let mut at = 0;
        for s in &mut stages {
            s.moves_original = moves[at..at + s.moves.len()].to_vec();
            at += s.moves.len();
        }
        let sol = Solution {
            stages,
            steps,
            moves,
            final_rotation,
        };
        // Never trust a solution unchecked: apply the WCA text to the original cube.
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

impl Default for Solver {
    fn default() -> Self {
        Self::new()
    }
}
