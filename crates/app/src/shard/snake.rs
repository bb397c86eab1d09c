//! Snake jobs in shards: `snake count` and `snake survey` cut into tasks, run and merged.
//!
//! A task is the cell path of a canonical prefix (see `wurfel_snake::Problem::cut`). Every run
//! and the merge rebuild the job from the plan, check its problem hash (chain and box), and
//! check that the plan's tasks are exactly the cut this wurfel makes, so an edited plan is
//! refused rather than counted. Shards report summable tallies; the counts (which halve sums
//! for palindromes) are made once, from the merged tallies.

use super::{Computed, Kind, VERSION};
use crate::context::Context;
use crate::error::AppError;
use std::collections::BTreeMap;
use std::time::Instant;
use wurfel_shard::{assign_contiguous, Job, Merged, Plan, ShardSpec, SolutionsFile};
use wurfel_snake::input::{parse_box, resolve, Named};
use wurfel_snake::{
    check_survey_cut, survey_cut, survey_tasks, Board, CountTally, Counts, PatternTally, Survey,
    SurveyTally,
};

/// The largest box a survey enumerates.
pub const SURVEY_MAX_CELLS: usize = 27;

/// Checks that a survey of `board` is within reach.
pub fn check_survey_box(board: &Board) -> Result<(), AppError> {
    if board.cells() > SURVEY_MAX_CELLS {
        return Err(AppError::input(format!(
            "a survey of the {} box is out of reach: it enumerates every Hamiltonian path, and \
             boxes above {SURVEY_MAX_CELLS} cells have far too many (4x4x4 has about 2.8e16)",
            board
        )));
    }
    if board.cells() < 2 {
        return Err(AppError::input(
            "a chain needs at least 2 cubes, so the box needs at least 2 cells",
        ));
    }
    Ok(())
}

/// A snake job, rebuilt from a plan or a request.
pub enum SnakeJob {
    /// A chain in its box.
    Count(Named),
    /// A box to survey.
    Survey(Board),
}

/// A snake job's merged answer.
pub enum SnakeMerged {
    /// The chain's foldings.
    Count(Counts),
    /// The box's survey.
    Survey(Survey),
}

fn input(e: &dyn std::error::Error) -> AppError {
    AppError::from_input(e)
}

impl SnakeJob {
    /// `shard plan --snake CHAIN [--box B]`.
    pub fn count(chain: &str, board: Option<&str>) -> Result<SnakeJob, AppError> {
        Ok(SnakeJob::Count(
            resolve(chain, board).map_err(|e| input(&e))?,
        ))
    }

    /// `shard plan --snake-survey BOX`.
    pub fn survey(board: &str) -> Result<SnakeJob, AppError> {
        Ok(SnakeJob::Survey(parse_box(board).map_err(|e| input(&e))?))
    }

    /// The job of a plan, checked against the plan's problem hash.
    pub fn of_plan(plan: &Plan) -> Result<SnakeJob, AppError> {
        let job = match Kind::of(plan)? {
            Kind::SnakeCount => {
                let board = plan.job.options.get("box").map(String::as_str);
                SnakeJob::count(&plan.job.puzzle, board)?
            }
            Kind::SnakeSurvey => {
                let job = SnakeJob::survey(&plan.job.puzzle)?;
                if let SnakeJob::Survey(b) = &job {
                    check_survey_box(b)?;
                }
                job
            }
            Kind::Count | Kind::FrontierCount | Kind::RevengeAnalyse => {
                return Err(AppError::input("internal error: not a snake job"))
            }
        };
        if job.problem_hash() != plan.problem {
            return Err(AppError::input(format!(
                "the plan's problem hash is not that of {}: the plan was made for another \
                 problem (or by a wurfel that reads `{}` differently)",
                job.describe(),
                plan.job.puzzle
            )));
        }
        Ok(job)
    }

    fn kind(&self) -> Kind {
        match self {
            SnakeJob::Count(_) => Kind::SnakeCount,
            SnakeJob::Survey(_) => Kind::SnakeSurvey,
        }
    }

    /// The job in words (`chain … in the 3x3x3 box`).
    pub fn describe(&self) -> String {
        match self {
            SnakeJob::Count(Named {
                name: Some(name),
                problem,
            }) => format!("{name} in the {} box", problem.board()),
            SnakeJob::Count(n) => format!(
                "chain {} in the {} box",
                n.problem.chain(),
                n.problem.board()
            ),
            SnakeJob::Survey(b) => format!("the survey of the {b} box"),
        }
    }

    /// SHA-256 of what identifies the problem: the kind, the chain (segment notation) and the
    /// box. The wurfel version, which fixes the meaning of tasks, is checked by the plan.
    pub fn problem_hash(&self) -> String {
        let text = match self {
            SnakeJob::Count(n) => format!(
                "wurfel {}\nchain {}\nbox {}\n",
                self.kind().key(),
                n.problem.chain(),
                n.problem.board()
            ),
            SnakeJob::Survey(b) => format!("wurfel {}\nbox {b}\n", self.kind().key()),
        };
        wurfel_files::sha256_hex(text.as_bytes())
    }

    /// Checks that the plan's tasks, all shards together, are exactly the cut of this job.
    fn check_plan(&self, plan: &Plan) -> Result<(), AppError> {
        let tasks = plan.all_tasks();
        let checked = match self {
            SnakeJob::Count(n) => n.problem.check_cut(&tasks),
            SnakeJob::Survey(b) => check_survey_cut(b, &tasks),
        };
        checked.map_err(|e| {
            AppError::input(format!(
                "the plan's tasks were edited or damaged: {}",
                crate::error::chain(&e)
            ))
        })
    }

    /// The plan of this job in `shards` shards: cut into at least `shards * oversplit` tasks,
    /// dealt out in order; with the number of tasks.
    pub fn plan(
        &self,
        puzzle: &str,
        shards: usize,
        oversplit: usize,
    ) -> Result<(Plan, usize), AppError> {
        if let SnakeJob::Survey(b) = self {
            check_survey_box(b)?;
        }
        let min_tasks = shards.saturating_mul(oversplit);
        let tasks = match self {
            SnakeJob::Count(n) => n.problem.cut(min_tasks),
            SnakeJob::Survey(b) => survey_cut(b, min_tasks),
        };
        if tasks.len() < shards {
            return Err(AppError::input(format!(
                "{} splits into only {} tasks: use --shards {} or fewer",
                self.describe(),
                tasks.len(),
                tasks.len().max(1)
            )));
        }
        // Balance by task count: snake subtrees are small and there is no estimator for them
        // yet; oversplitting evens out their differences.
        let equal = vec![1.0; tasks.len()];
        let specs: Vec<ShardSpec> = assign_contiguous(&equal, shards)
            .into_iter()
            .map(|r| ShardSpec {
                tasks: tasks[r].to_vec(),
                estimated_nodes: 0,
            })
            .collect();
        let mut options = BTreeMap::new();
        if let SnakeJob::Count(n) = self {
            options.insert("box".to_string(), n.problem.board().to_string());
        }
        let spec = Job {
            kind: self.kind().key().to_string(),
            puzzle: puzzle.to_string(),
            options,
        };
        let plan = Plan::new(VERSION, spec, self.problem_hash(), 0, 0, specs);
        Ok((plan, tasks.len()))
    }

    /// Runs shard `index` of `plan` (a survey's per-snake tallies are its side file).
    pub fn run(&self, ctx: &Context<'_>, plan: &Plan, index: usize) -> Result<Computed, AppError> {
        self.check_plan(plan)?;
        let tasks = &plan.shards[index].tasks;
        let start = Instant::now();
        let (counts, stats, side) = match self {
            SnakeJob::Count(n) => {
                let (tally, st) = n
                    .problem
                    .run_tasks(tasks, ctx.threads)
                    .map_err(|e| input(&e))?;
                let stats = BTreeMap::from([
                    ("nodes".to_string(), st.nodes),
                    ("leaves".to_string(), st.leaves),
                ]);
                (tally.to_map(), stats, None)
            }
            SnakeJob::Survey(b) => {
                let t = survey_tasks(b, tasks, ctx.threads).map_err(|e| input(&e))?;
                let counts = BTreeMap::from([
                    ("directed_paths".to_string(), t.directed_paths),
                    ("path_classes".to_string(), t.path_classes),
                ]);
                let stats = BTreeMap::from([("tasks".to_string(), tasks.len() as u64)]);
                let side = (super::tallies_name(index), tallies_text(&t)?);
                (counts, stats, Some(side))
            }
        };
        Ok(Computed {
            counts,
            stats,
            side,
            millis: start.elapsed().as_millis() as u64,
        })
    }

    /// The merged answer of `plan`; `read` gives a survey shard's tallies file (its name for
    /// messages and its bytes, already checked against its hash).
    pub fn merge(
        &self,
        plan: &Plan,
        merged: &Merged,
        mut read: impl FnMut(&SolutionsFile) -> Result<(String, Vec<u8>), AppError>,
    ) -> Result<SnakeMerged, AppError> {
        // The merge recomputes nothing from the tasks, but refusing an edited plan here too
        // costs little.
        self.check_plan(plan)?;
        match self {
            SnakeJob::Count(n) => {
                let tally = CountTally::from_map(&merged.counts).map_err(|e| input(&e))?;
                Ok(SnakeMerged::Count(
                    tally.counts(n.problem.chain().is_palindrome()),
                ))
            }
            SnakeJob::Survey(b) => {
                let get = |k: &str| {
                    merged
                        .counts
                        .get(k)
                        .copied()
                        .ok_or_else(|| AppError::input(format!("the shards report no `{k}`")))
                };
                let mut total = SurveyTally {
                    directed_paths: get("directed_paths")?,
                    path_classes: get("path_classes")?,
                    ..SurveyTally::default()
                };
                if merged.solutions.len() != plan.shards.len() {
                    return Err(AppError::input(
                        "a survey shard's result names no tallies file",
                    ));
                }
                for f in &merged.solutions {
                    let (name, bytes) = read(f)?;
                    let part = parse_tallies(&bytes)
                        .map_err(|e| AppError::input(format!("cannot read {name}: {e}")))?;
                    total
                        .merge(&part)
                        .ok_or_else(|| AppError::input("a survey tally does not fit in 64 bits"))?;
                }
                Ok(SnakeMerged::Survey(total.summary(b)))
            }
        }
    }
}

/// One line of a survey shard's tallies file.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct TallyLine {
    pattern: u64,
    classes: u64,
    fixed: u64,
}

/// A survey shard's per-snake tallies, one JSON line per corner pattern in pattern order.
fn tallies_text(t: &SurveyTally) -> Result<String, AppError> {
    let mut out = String::new();
    for (&pattern, p) in &t.patterns {
        let line = TallyLine {
            pattern,
            classes: p.classes,
            fixed: p.fixed,
        };
        let json = serde_json::to_string(&line)
            .map_err(|e| AppError::io(format!("cannot encode a tally: {e}")))?;
        out.push_str(&json);
        out.push('\n');
    }
    Ok(out)
}

/// The inverse of [`tallies_text`] (its path counts left at zero); a pattern twice is an error.
fn parse_tallies(bytes: &[u8]) -> Result<SurveyTally, String> {
    let text = std::str::from_utf8(bytes).map_err(|e| format!("not text: {e}"))?;
    let mut t = SurveyTally::default();
    for (i, line) in text.lines().enumerate() {
        let l: TallyLine =
            serde_json::from_str(line).map_err(|e| format!("line {}: {e}", i + 1))?;
        let tally = PatternTally {
            classes: l.classes,
            fixed: l.fixed,
        };
        if t.patterns.insert(l.pattern, tally).is_some() {
            return Err(format!("line {}: pattern {} again", i + 1, l.pattern));
        }
    }
    Ok(t)
}
