//! `wurfel shard run`: one shard, idempotent, its result whole or absent.

use super::analyse::AnalyseJob;
use super::files::{host, write_file, PlanDir};
use super::job::Kind;
use super::snakes::SnakeJob;
use crate::args::Threads;
use crate::exit::{Stop, Usage};
use crate::report::SolutionJson;
use crate::{note, outln, progress};
use anyhow::{Context, Result};
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Instant;
use wurfel_cover::{SearchOptions, Stats};
use wurfel_pack::count::{CountRequest, Tasks};
use wurfel_pack::{Convention, Want};
use wurfel_shard::{Observed, Plan, ShardResult, SolutionsFile};

/// Arguments of `wurfel shard run`.
#[derive(clap::Args, Debug)]
pub struct RunArgs {
    /// The plan directory.
    dir: PathBuf,
    /// The shard to run (default: $SLURM_ARRAY_TASK_ID, else $JOB_COMPLETION_INDEX).
    #[arg(long, value_name = "I")]
    index: Option<usize>,
    #[command(flatten)]
    threads: Threads,
}

/// The environment variables that name a shard, in the order they are tried.
const INDEX_VARS: [&str; 2] = ["SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX"];

fn shard_index(args: &RunArgs, plan: &Plan) -> Result<usize> {
    let index = match args.index {
        Some(i) => i,
        None => {
            let Some((var, value)) = INDEX_VARS
                .iter()
                .find_map(|v| std::env::var(v).ok().map(|x| (*v, x)))
            else {
                return Err(Usage(format!(
                    "which shard? give --index I, or run under a job array that sets {}",
                    INDEX_VARS.join(" or ")
                ))
                .into());
            };
            value
                .trim()
                .parse()
                .with_context(|| format!("${var} is `{value}`, not a shard index"))?
        }
    };
    if index >= plan.shards.len() {
        return Err(Usage(format!(
            "shard {index} is not in the plan: it has shards 0 to {}",
            plan.shards.len() - 1
        ))
        .into());
    }
    Ok(index)
}

/// `wurfel shard run`.
pub fn run(args: RunArgs) -> Result<()> {
    let dir = PlanDir::new(&args.dir);
    let plan = dir.plan()?;
    let index = shard_index(&args, &plan)?;
    // Held until this run ends: a second run of the same shard (a resubmission while the
    // first still runs, two engines) refuses instead of doing the work twice.
    let _lock = dir.lock_shard(index)?;
    if Kind::of(&plan)? == Kind::RevengeAnalyse {
        return run_analyse(&dir, &plan, index, args.threads.get());
    }
    if dir.result_file(index).exists() {
        match dir.result(&plan, index) {
            Ok(_) => {
                note!("shard {index} is already done (its result is valid): nothing to do");
                return Ok(());
            }
            Err(e) => note!("shard {index}: replacing a refused result ({e:#})"),
        }
    }
    let threads = args.threads.get();
    let outcome = match Kind::of(&plan)? {
        Kind::Count => {
            let prep = dir.prepared(&plan)?;
            let keep = match plan.job.options.get("keep_solutions") {
                Some(k) => Some(
                    Convention::ALL
                        .into_iter()
                        .find(|c| c.key() == k)
                        .with_context(|| {
                            format!("the plan keeps solutions under `{k}`, unknown here")
                        })?,
                ),
                None => None,
            };
            attempt(&dir, index, || {
                search(&dir, &plan, index, &prep, keep, threads)
            })
        }
        Kind::RevengeAnalyse => unreachable!("analyses return above"),
        Kind::SnakeCount | Kind::SnakeSurvey => {
            let job = SnakeJob::of_plan(&plan)?;
            attempt(&dir, index, || {
                job.run(&dir, &plan, index, threads).map(Some)
            })
        }
    };
    match outcome {
        Ok(Some(r)) => {
            outln!(
                "shard {index} of {}: {} in {:.2} s",
                plan.shards.len(),
                counts_line(&r.counts),
                r.millis as f64 / 1000.0
            );
            Ok(())
        }
        Ok(None) => {
            note!("shard {index} interrupted: no result written; run it again");
            Err(Stop::Interrupted.into())
        }
        Err(e) => Err(e),
    }
}

/// Shard `index` of the analysis' depth under way (nothing when its part is valid or the
/// analysis is complete).
fn run_analyse(dir: &PlanDir, plan: &Plan, index: usize, threads: usize) -> Result<()> {
    let job = AnalyseJob::of_plan(plan)?;
    let next = job.next(dir)?;
    let Some(depth) = next.depth else {
        note!("the analysis is complete: nothing to do (`wurfel shard merge` prints it)");
        return Ok(());
    };
    match job.observe(dir, plan, &next, index) {
        Observed::Done => {
            note!("shard {index} of depth {depth} is already done (its part is valid)");
            return Ok(());
        }
        Observed::Failed { why } if why.starts_with("part refused") => {
            note!("shard {index} of depth {depth}: replacing a refused part ({why})")
        }
        _ => {}
    }
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build_global()
        .ok();
    match attempt(dir, index, || job.run(dir, plan, &next, index, threads))? {
        Some(r) => {
            let c = |k: &str| r.counts.get(k).copied().unwrap_or(0);
            outln!(
                "shard {index} of {}, depth {depth} ({}): bytes {}..{}: {} positions, {} unique in {:.2} s",
                plan.shards.len(),
                if depth == 0 { "start" } else if c("pull") == 1 { "pull" } else { "push" },
                c("first_byte"),
                c("end_byte"),
                c("positions"),
                c("unique"),
                r.millis as f64 / 1000.0
            );
            Ok(())
        }
        None => {
            note!("shard {index} interrupted: no part written; run it again");
            Err(Stop::Interrupted.into())
        }
    }
}

/// Runs `work` with the shard's marker files: `running/` while it runs, `failed/` (with the
/// error) if it fails, neither once it succeeded.
fn attempt(
    dir: &PlanDir,
    index: usize,
    work: impl FnOnce() -> Result<Option<ShardResult>>,
) -> Result<Option<ShardResult>> {
    // A plan directory copied to a node may hold only plan.json and the puzzle.
    dir.make_dirs()?;
    let marker = dir.running_file(index);
    let started = serde_json::json!({"host": host(), "pid": std::process::id()});
    write_file(&marker, format!("{started}\n").as_bytes())?;
    let outcome = work();
    // The marker says "started, no result yet"; it goes whatever happened.
    let _ = std::fs::remove_file(&marker);
    match &outcome {
        Ok(Some(_)) => {
            let _ = std::fs::remove_file(dir.failed_file(index));
        }
        Ok(None) => {}
        Err(e) => {
            let failed = serde_json::json!({"host": host(), "error": format!("{e:#}")});
            let _ = write_file(&dir.failed_file(index), format!("{failed}\n").as_bytes());
        }
    }
    outcome
}

/// A shard's counts for people: a packing count's three conventions in their usual order,
/// other jobs' tallies by name.
fn counts_line(counts: &BTreeMap<String, u64>) -> String {
    let pack = ["raw", "rotations", "rotations_reflections"];
    let names: Vec<&str> = if pack.iter().all(|k| counts.contains_key(*k)) {
        pack.to_vec()
    } else {
        counts.keys().map(String::as_str).collect()
    };
    names
        .iter()
        .map(|k| format!("{k} {}", counts.get(*k).copied().unwrap_or(0)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Searches the shard's tasks; `None` if interrupted.
fn search(
    dir: &PlanDir,
    plan: &Plan,
    index: usize,
    prep: &wurfel_pack::Prepared,
    keep: Option<Convention>,
    threads: usize,
) -> Result<Option<ShardResult>> {
    let tasks = &plan.shards[index].tasks;
    let bar = progress::bar(true);
    let callback = progress::callback(&bar);
    let opts = SearchOptions {
        min_tasks: 1,
        ..progress::search_options(threads, &callback)
    };
    let request = CountRequest {
        tasks: Tasks::Only(tasks),
        want: keep.map_or(Want::Count, Want::List),
        ..CountRequest::all()
    };
    let mut lines = String::new();
    let start = Instant::now();
    let outcome = prep.count_with(&opts, &request, |_, out, _| {
        for s in &out.solutions {
            lines.push_str(&serde_json::to_string(&SolutionJson::new(prep, s))?);
            lines.push('\n');
        }
        Ok(())
    })?;
    bar.finish_and_clear();
    if !outcome.report.complete {
        return Ok(None);
    }
    let (counts, stats) = (outcome.progress.counts, outcome.stats);
    let millis = start.elapsed().as_millis() as u64;
    let solutions = match keep {
        Some(_) => {
            let name = PlanDir::solutions_name(index);
            write_file(&dir.solutions_file(index), lines.as_bytes())?;
            Some(SolutionsFile::of(&name, lines.as_bytes()))
        }
        None => None,
    };
    let counts = BTreeMap::from([
        ("raw".to_string(), counts.raw),
        ("rotations".to_string(), counts.rotations),
        (
            "rotations_reflections".to_string(),
            counts.rotations_reflections,
        ),
    ]);
    let result = ShardResult::new(
        plan,
        index,
        counts,
        stats_map(&stats),
        millis,
        threads,
        host(),
        solutions,
    );
    write_file(&dir.result_file(index), result.to_text().as_bytes())?;
    Ok(Some(result))
}

/// The engine's statistics by name (summed by the merge), named as `count --json` names them.
pub fn stats_map(s: &Stats) -> BTreeMap<String, u64> {
    s.named()
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect()
}

/// The inverse of [`stats_map`].
pub fn stats_of(m: &BTreeMap<String, u64>) -> Stats {
    Stats::from_named(|k| m.get(k).copied().unwrap_or(0))
}
