//! The five-stage solver: stages in sequence, one-time rotations between them, and a final
//! check of every solution by applying it.

use super::setup::setup_name;
use super::stage::{Stage, TableEvent};
use crate::cube::{Cube, Move};
use crate::methods::{verify, Method, Options, Phase, Solution, SolveError};
use crate::notation::Line;
use crate::notation::{self, Step};
use crate::store::Store;
use crate::symmetry::{all_rotations, rotated, Rot};
use crate::toolkit::cache;
use crate::toolkit::ida::Meter;

/// Worst cases of the five stages in STM (Norskog's analysis; stage 2 with l and r quarter turns).
pub const STAGE_BOUNDS: [usize; 5] = [11, 16, 14, 17, 19];

/// What each stage achieves (the goal is computed: the positions the next stage's moves solve).
pub(crate) const STAGE_GOALS: [&str; 5] = [
    "into stage 2's space (solvable with its moves)",
    "into stage 3's space (solvable with its moves)",
    "into stage 4's space (solvable with its moves)",
    "into stage 5's space (half turns only)",
    "solved",
];

/// The work budget of the default settings, in positions visited by the stages' IDA*
/// searches ([`crate::toolkit::ida::Meter`]): the same on every machine, unlike the former
/// 700 ms. Measured on the bench's 100 positions (`revenge bench --method five-stage`):
/// 2,000,000 gave 51.55 STM on average, 3,000,000 51.23, 4,000,000 51.03, 6,000,000 and
/// 20,000,000 both 51.01 (max 58), the figure the 700 ms budget gave on an idle machine: the
/// combination search runs to its end on every one of them.
pub(crate) const DEFAULT_BUDGET: u64 = 6_000_000;

/// How hard to look for a shorter total than one optimal solution per stage.
#[derive(Clone, Debug)]
pub struct Tuning {
    /// Partial solutions kept after each stage (ranked by length so far plus a lower bound
    /// on the next stage).
    pub beam: [usize; 5],
    /// Stage solutions tried from each partial solution.
    pub per_stage: [usize; 5],
    /// Also try stage solutions this many turns longer than optimal.
    pub extra: [usize; 5],
    /// After this much work (positions visited), continue with one optimal solution per stage.
    pub budget: u64,
}

impl Tuning {
    /// One optimal solution per stage, nothing else (Norskog's program).
    pub fn single() -> Tuning {
        Tuning {
            beam: [1; 5],
            per_stage: [1; 5],
            extra: [0; 5],
            budget: 0,
        }
    }

    /// The settings for the common options: [`Tuning::single`], else the defaults with the
    /// work budget multiplied by the effort.
    pub fn for_options(o: &Options) -> Tuning {
        if o.single {
            return Tuning::single();
        }
        let d = Tuning::default();
        Tuning {
            budget: o.scale(d.budget),
            ..d
        }
    }
}

impl Default for Tuning {
    fn default() -> Tuning {
        Tuning {
            beam: [16, 6, 2, 1, 1],
            per_stage: [40, 8, 4, 1, 1],
            extra: [1, 0, 0, 0, 0],
            budget: DEFAULT_BUDGET,
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

/// One stage of a solution in the making.
#[derive(Clone, Debug)]
struct StageSolution {
    number: usize,
    /// Whole-cube rotation applied before the stage (empty for none).
    rotation: Rot,
    /// The stage's turns, in the frame after `rotation`.
    moves: Vec<Move>,
}

/// The five stages with their tables.
pub struct Solver {
    pub stages: Vec<Stage>,
    rotations: Vec<Rot>,
    /// Seconds spent in each stage by the last call to `solve` (diagnostics).
    times: std::sync::Mutex<[f64; 5]>,
}

fn rotate(c: &mut Cube, rot: &Rot) {
    *c = rotated(c, rot);
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
    /// read from `store` when a valid copy is there, else built and stored there
    /// (the five stages' `setup` file): milliseconds instead of seconds. Distance tables still come from
    /// [`Solver::ensure_tables`].
    pub fn cached(store: &dyn Store, report: &(dyn Fn(&str, usize, TableEvent) + Sync)) -> Solver {
        use rayon::prelude::*;
        Solver {
            stages: (1..=5)
                .into_par_iter()
                .map(|k| Stage::cached(k, store, report))
                .collect(),
            ..Solver::new_without_stages()
        }
    }

    /// The solver with everything read from `store`, building nothing (seconds to minutes and
    /// gigabytes): an error naming the first stage file or table that is missing or invalid.
    pub fn load_cached(store: &dyn Store) -> Result<Solver, String> {
        let mut stages = Vec::new();
        for k in 1..=5 {
            let describe = |name: &str, e: cache::LoadError| match e {
                cache::LoadError::Missing => format!("{name} is not in {}", store.location()),
                cache::LoadError::Invalid(why) => format!("{name}: {why}"),
            };
            let mut stage =
                Stage::load_cached(k, store).map_err(|e| describe(&setup_name(k), e))?;
            stage
                .load_tables(store)
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
        store: &dyn Store,
        threads: usize,
        report: &(dyn Fn(&str, usize, TableEvent) + Sync),
    ) -> Result<(), String> {
        for s in &mut self.stages {
            s.ensure_tables(store, threads, report)?;
        }
        Ok(())
    }

    /// Reads every cached file of the solver in `store` whole and checks it (checksums, not only
    /// the header): each distance table, then each stage's coordinates, move tables and goals.
    /// The error names the file and what is wrong with it.
    pub fn verify_cache(&self, store: &dyn Store) -> Result<(), String> {
        let why = |e| match e {
            cache::LoadError::Missing => "missing".to_string(),
            cache::LoadError::Invalid(w) => w,
        };
        for s in &self.stages {
            for p in &s.projections {
                cache::verify(store, &p.name, p.len())
                    .map_err(|e| format!("table {}: {}", p.name, why(e)))?;
            }
            let name = setup_name(s.number);
            cache::verify_words(store, &name).map_err(|e| format!("{name}: {}", why(e)))?;
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

    /// The solution of the best partial solution after stage 5: the rotation that restores the
    /// standard orientation, the turns in the original frame split back into stages.
    fn complete(&self, best: Partial, work: u64) -> Result<Solution, SolveError> {
        let (cur, mut steps, stages) = (best.cube, best.steps, best.stages);
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
        let phases = stages
            .into_iter()
            .map(|s| {
                let original = moves[at..at + s.moves.len()].to_vec();
                at += s.moves.len();
                Phase {
                    number: s.number,
                    goal: STAGE_GOALS[s.number - 1],
                    rotation: s.rotation,
                    searched: s.moves,
                    moves: original,
                }
            })
            .collect();
        let sol = Solution {
            phases,
            line: Line {
                moves,
                final_rotation,
            },
            steps,
            work,
        };
        Ok(sol)
    }

    /// The `beam` most promising of `next` (after stage `k`), ranked by length so far plus a
    /// lower bound on the next stage; one of each position.
    fn keep_best(&self, k: usize, next: Vec<Partial>, beam: usize) -> Vec<Partial> {
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
        for (_, _, p) in scored {
            if kept.len() >= beam {
                break;
            }
            if !kept.iter().any(|q| q.cube == p.cube) {
                kept.push(p);
            }
        }
        kept
    }

    /// Solves `cube`: every stage optimal for its move set; with `opts`, several stage
    /// solutions are combined and the shortest total kept.
    pub fn solve_with(&self, cube: &Cube, opts: &Tuning) -> Result<Solution, SolveError> {
        let meter = Meter::default();
        let mut partials = vec![Partial {
            cube: *cube,
            steps: Vec::new(),
            stages: Vec::new(),
            len: 0,
        }];
        for k in 1..=5 {
            let late = meter.spent() > opts.budget;
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
                let sols = stage.solve_many(&ids, STAGE_BOUNDS[k - 1], extra, per, &meter);
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
                    });
                    next.push(Partial {
                        cube: c,
                        steps,
                        stages,
                        len,
                    });
                }
                if meter.spent() > opts.budget && !next.is_empty() && k > 1 {
                    break;
                }
            }
            if k < 5 {
                let beam = if meter.spent() > opts.budget {
                    1
                } else {
                    opts.beam[k - 1]
                };
                partials = self.keep_best(k, next, beam);
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
        let sol = self.complete(best, meter.spent())?;
        verify(cube, &sol)?;
        Ok(sol)
    }
}

impl crate::methods::Solver for Solver {
    fn method(&self) -> Method {
        Method::FiveStage
    }
    fn solve(&self, cube: &Cube, opts: &Options) -> Result<Solution, SolveError> {
        self.solve_with(cube, &Tuning::for_options(opts))
    }
}

impl Default for Solver {
    fn default() -> Self {
        Self::new()
    }
}
