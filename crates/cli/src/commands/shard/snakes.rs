//! Snake jobs in shards: `snake count` and `snake survey` cut into tasks, run and merged.
//!
//! A task is the cell path of a canonical prefix (see `wurfel_snake::Problem::cut`). Every run
//! and the merge rebuild the job from the plan, check its problem hash (chain and box), and
//! check that the plan's tasks are exactly the cut this wurfel makes, so an edited plan is
//! refused rather than counted. Shards report summable tallies; the counts (which halve sums
//! for palindromes) are made once, from the merged tallies.

use super::files::{host, write_file, PlanDir, VERSION};
use super::job::{Kind, MergeTo, ShardJob};
use super::joined::{merge_results, print_merged};
use super::plan_args::PlanArgs;
use super::task::{already_done, run_and_report};
use crate::commands::snake::{parse_box, resolve, Named};
use crate::commands::snake_survey::check_survey_box;
use crate::output::fmt_int;
use crate::present::snake::{render_count, render_survey};
use crate::{note, outln};
use anyhow::{bail, Context, Result};
use std::collections::BTreeMap;
use std::path::Path;
use std::time::Instant;
use wurfel_shard::{assign_contiguous, Job, Merged, Plan, ShardResult, ShardSpec, SolutionsFile};
use wurfel_snake::{
    check_survey_cut, survey_cut, survey_tasks, Board, CountTally, PatternTally, SurveyTally,
};

/// A snake job, rebuilt from a plan or the command line.
pub enum SnakeJob {
    /// A chain in its box.
    Count(Named),
    /// A box to survey.
    Survey(Board),
}

impl SnakeJob {
    /// The job of a plan, checked against the plan's problem hash.
    pub fn of_plan(plan: &Plan) -> Result<SnakeJob> {
        let job = match Kind::of(plan)? {
            Kind::SnakeCount => {
                let board = plan.job.options.get("box").map(String::as_str);
                SnakeJob::Count(resolve(&plan.job.puzzle, board)?)
            }
            Kind::SnakeSurvey => {
                let board = parse_box(&plan.job.puzzle)?;
                check_survey_box(&board)?;
                SnakeJob::Survey(board)
            }
            Kind::Count | Kind::FrontierCount | Kind::RevengeAnalyse => {
                bail!("internal error: not a snake job")
            }
        };
        if job.problem_hash() != plan.problem {
            bail!(
                "the plan's problem hash is not that of {}: the plan was made for another \
                 problem (or by a wurfel that reads `{}` differently)",
                job.describe(),
                plan.job.puzzle
            );
        }
        Ok(job)
    }

    fn kind(&self) -> Kind {
        match self {
            SnakeJob::Count(_) => Kind::SnakeCount,
            SnakeJob::Survey(_) => Kind::SnakeSurvey,
        }
    }

    fn describe(&self) -> String {
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

    fn cut(&self, min_tasks: usize) -> Vec<Vec<u32>> {
        match self {
            SnakeJob::Count(n) => n.problem.cut(min_tasks),
            SnakeJob::Survey(b) => survey_cut(b, min_tasks),
        }
    }

    /// Checks that the plan's tasks, all shards together, are exactly the cut of this job.
    fn check_plan(&self, plan: &Plan) -> Result<()> {
        let tasks = plan.all_tasks();
        let checked = match self {
            SnakeJob::Count(n) => n.problem.check_cut(&tasks),
            SnakeJob::Survey(b) => check_survey_cut(b, &tasks),
        };
        checked.context("the plan's tasks were edited or damaged")
    }

    /// Runs shard `index` of `plan` and writes its result (and a survey's tallies file).
    fn run_shard(
        &self,
        dir: &PlanDir,
        plan: &Plan,
        index: usize,
        threads: usize,
    ) -> Result<ShardResult> {
        self.check_plan(plan)?;
        let tasks = &plan.shards[index].tasks;
        let start = Instant::now();
        let (counts, stats, side) = match self {
            SnakeJob::Count(n) => {
                let (tally, st) = n.problem.run_tasks(tasks, threads)?;
                let stats = BTreeMap::from([
                    ("nodes".to_string(), st.nodes),
                    ("leaves".to_string(), st.leaves),
                ]);
                (tally.to_map(), stats, None)
            }
            SnakeJob::Survey(b) => {
                let t = survey_tasks(b, tasks, threads)?;
                let counts = BTreeMap::from([
                    ("directed_paths".to_string(), t.directed_paths),
                    ("path_classes".to_string(), t.path_classes),
                ]);
                let stats = BTreeMap::from([("tasks".to_string(), tasks.len() as u64)]);
                (counts, stats, Some(tallies_text(&t)?))
            }
        };
        let millis = start.elapsed().as_millis() as u64;
        let side = match side {
            Some(text) => {
                let name = PlanDir::tallies_name(index);
                write_file(&dir.dir.join("results").join(&name), text.as_bytes())?;
                Some(SolutionsFile::of(&name, text.as_bytes()))
            }
            None => None,
        };
        let result = ShardResult::new(plan, index, counts, stats, millis, threads, host(), side);
        write_file(&dir.result_file(index), result.to_text().as_bytes())?;
        Ok(result)
    }

    /// The merged results of `plan` as `wurfel snake count` / `snake survey` print them.
    fn render(&self, dir: &Path, plan: &Plan, merged: &Merged, json: bool) -> Result<String> {
        // The merge recomputes nothing from the tasks, but refusing an edited plan here too
        // costs little.
        self.check_plan(plan)?;
        let secs = merged.millis as f64 / 1000.0;
        match self {
            SnakeJob::Count(n) => {
                let tally = CountTally::from_map(&merged.counts)?;
                let c = tally.counts(n.problem.chain().is_palindrome());
                render_count(n, &c, secs, json, true)
            }
            SnakeJob::Survey(b) => {
                let get = |k: &str| {
                    merged
                        .counts
                        .get(k)
                        .copied()
                        .with_context(|| format!("the shards report no `{k}`"))
                };
                let mut total = SurveyTally {
                    directed_paths: get("directed_paths")?,
                    path_classes: get("path_classes")?,
                    ..SurveyTally::default()
                };
                if merged.solutions.len() != plan.shards.len() {
                    bail!("a survey shard's result names no tallies file");
                }
                for f in &merged.solutions {
                    let path = dir.join("results").join(&f.file);
                    let bytes = std::fs::read(&path)
                        .with_context(|| format!("cannot read {}", path.display()))?;
                    if !f.matches(&bytes) {
                        bail!("{} was changed or damaged", path.display());
                    }
                    let part = parse_tallies(&bytes)
                        .with_context(|| format!("cannot read {}", path.display()))?;
                    total
                        .merge(&part)
                        .context("a survey tally does not fit in 64 bits")?;
                }
                render_survey(&total.summary(b), secs, json, true, true)
            }
        }
    }
}

impl ShardJob for SnakeJob {
    fn plan(&self, args: &PlanArgs, dir: &PlanDir) -> Result<()> {
        let puzzle = match self {
            SnakeJob::Count(_) => args.snake.clone().unwrap_or_default(),
            SnakeJob::Survey(b) => b.to_string(),
        };
        plan(
            self,
            &puzzle,
            args.shards.unwrap_or(1) as usize,
            args.oversplit as usize,
            dir,
        )
    }

    fn run(&self, dir: &PlanDir, plan: &Plan, index: usize, threads: usize) -> Result<()> {
        if already_done(dir, plan, index) {
            return Ok(());
        }
        run_and_report(dir, plan, index, || {
            self.run_shard(dir, plan, index, threads).map(Some)
        })
    }

    fn merge(&self, dir: &PlanDir, plan: &Plan, to: &MergeTo<'_>) -> Result<()> {
        if to.solutions.is_some() {
            bail!("snake shards keep no solutions (--solutions is for packing counts)");
        }
        let (_, merged) = merge_results(dir, plan, to.shown)?;
        let text = self.render(to.shown, plan, &merged, to.json)?;
        print_merged(to, plan, &merged, &text, || Ok(()))
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
fn tallies_text(t: &SurveyTally) -> Result<String> {
    let mut out = String::new();
    for (&pattern, p) in &t.patterns {
        let line = TallyLine {
            pattern,
            classes: p.classes,
            fixed: p.fixed,
        };
        out.push_str(&serde_json::to_string(&line)?);
        out.push('\n');
    }
    Ok(out)
}

/// The inverse of [`tallies_text`] (its path counts left at zero); a pattern twice is an error.
fn parse_tallies(bytes: &[u8]) -> Result<SurveyTally> {
    let text = std::str::from_utf8(bytes).context("not text")?;
    let mut t = SurveyTally::default();
    for (i, line) in text.lines().enumerate() {
        let l: TallyLine = serde_json::from_str(line).with_context(|| format!("line {}", i + 1))?;
        let tally = PatternTally {
            classes: l.classes,
            fixed: l.fixed,
        };
        if t.patterns.insert(l.pattern, tally).is_some() {
            bail!("line {}: pattern {} again", i + 1, l.pattern);
        }
    }
    Ok(t)
}

/// `wurfel shard plan --snake CHAIN [--box B]` or `--snake-survey B`: the job cut into at least
/// `shards * oversplit` tasks, dealt out in order.
fn plan(
    job: &SnakeJob,
    puzzle: &str,
    shards: usize,
    oversplit: usize,
    dir: &PlanDir,
) -> Result<()> {
    if let SnakeJob::Survey(b) = job {
        check_survey_box(b)?;
    }
    let tasks = job.cut(shards.saturating_mul(oversplit));
    if tasks.len() < shards {
        bail!(
            "{} splits into only {} tasks: use --shards {} or fewer",
            job.describe(),
            tasks.len(),
            tasks.len().max(1)
        );
    }
    // Balance by task count: snake subtrees are small and there is no estimator for them yet;
    // oversplitting evens out their differences.
    let equal = vec![1.0; tasks.len()];
    let specs: Vec<ShardSpec> = assign_contiguous(&equal, shards)
        .into_iter()
        .map(|r| ShardSpec {
            tasks: tasks[r].to_vec(),
            estimated_nodes: 0,
        })
        .collect();
    let mut options = BTreeMap::new();
    if let SnakeJob::Count(n) = job {
        options.insert("box".to_string(), n.problem.board().to_string());
    }
    let spec = Job {
        kind: job.kind().key().to_string(),
        puzzle: puzzle.to_string(),
        options,
    };
    let plan = Plan::new(VERSION, spec, job.problem_hash(), 0, 0, specs);
    std::fs::create_dir_all(&dir.dir)
        .with_context(|| format!("cannot create directory {}", dir.dir.display()))?;
    dir.make_dirs()?;
    write_file(&dir.plan_file(), plan.to_text().as_bytes())?;
    outln!(
        "{}: {} shards over {} tasks in {} (balanced by task count)",
        job.describe(),
        fmt_int(shards as u64),
        fmt_int(tasks.len() as u64),
        dir.dir.display()
    );
    note!(
        "next: `wurfel shard emit {0} --to slurm` (or parallel, k8s), or `wurfel shard run {0} --index I`",
        dir.dir.display()
    );
    Ok(())
}
