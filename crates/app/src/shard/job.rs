//! [`ShardJob`]: every kind of job a plan holds, rebuilt from the plan — the one place that
//! knows them all — and the operations on a plan directory: [`plan`], [`run`] (one shard),
//! [`status`] and [`merge`]. Each takes a request and a [`Context`] and returns data; the front
//! end prints it.

use super::analyse::{AnalyseJob, AnalyseMerged, AnalysePlanned};
use super::count::{self, CutRequest};
use super::dir::PlanDir;
use super::frontier::Slices;
use super::snake::{SnakeJob, SnakeMerged};
use super::{balance, Kind};
use crate::context::Context;
use crate::error::AppError;
use crate::Ready;
use wurfel_pack::frontier::FrontierReport;
use wurfel_pack::{Convention, Puzzle};
use wurfel_present::count::Summary;
use wurfel_shard::{index_ranges, Merged, Observed, Plan, ShardResult, Status};

/// A plan's job, rebuilt from it and checked against its problem hash (cheaply: what a job
/// needs to search, e.g. a packing's placements, is built by `run` and `merge`).
pub enum ShardJob {
    /// A packing count over tasks of the search tree, keeping solutions under a convention.
    Count { keep: Option<Convention> },
    /// A frontier count over slices of the middle boundary.
    Frontier(Slices),
    /// A snake count or survey.
    Snake(SnakeJob),
    /// A 4x4x4 stage analysis, depth by depth.
    Analyse(AnalyseJob),
}

impl ShardJob {
    /// The job of `plan`.
    pub fn of_plan(plan: &Plan) -> Result<ShardJob, AppError> {
        Ok(match Kind::of(plan)? {
            Kind::Count => ShardJob::Count {
                keep: count::keep_of(plan)?,
            },
            Kind::FrontierCount => ShardJob::Frontier(Slices::of_plan(plan)?),
            Kind::SnakeCount | Kind::SnakeSurvey => ShardJob::Snake(SnakeJob::of_plan(plan)?),
            Kind::RevengeAnalyse => ShardJob::Analyse(AnalyseJob::of_plan(plan)?),
        })
    }

    /// Whether a run stops when the context's cancel flag is set (snake shards run to the
    /// end: a front end lets a signal end them at once).
    pub fn stops_on_cancel(&self) -> bool {
        !matches!(self, ShardJob::Snake(_))
    }
}

/// What to plan.
pub enum PlanRequest<'a> {
    /// A packing count cut into tasks of the search tree.
    Count {
        puzzle: &'a Puzzle,
        ready: &'a Ready,
        cut: CutRequest,
    },
    /// A frontier count cut into slices.
    Frontier {
        puzzle: &'a Puzzle,
        ready: &'a Ready,
        slices: &'a Slices,
        shards: usize,
    },
    /// A snake count or survey (`puzzle`: the chain or box as the user named it).
    Snake {
        job: &'a SnakeJob,
        puzzle: &'a str,
        shards: usize,
        oversplit: usize,
    },
    /// A stage analysis.
    Analyse { job: &'a AnalyseJob, shards: usize },
}

/// A plan written, for people.
pub enum Planned {
    Count {
        name: String,
        tasks: usize,
        probes: u64,
        /// The search's estimated nodes, all shards together.
        estimated: f64,
        /// The largest shard's estimate over the mean.
        largest: f64,
    },
    Frontier {
        name: String,
        slices: usize,
    },
    Snake {
        what: String,
        tasks: usize,
    },
    Analyse(AnalysePlanned),
}

/// Refuses a directory that holds a plan already.
pub fn check_new(dir: &PlanDir) -> Result<(), AppError> {
    if dir.has_plan() {
        return Err(AppError::input(format!(
            "{} already holds a shard plan: choose another directory (or remove it to plan anew)",
            dir.shown()
        )));
    }
    Ok(())
}

/// Cuts the job of `req` into shards and writes the plan (and the puzzle of a packing job)
/// into `dir`.
pub fn plan(ctx: &Context<'_>, dir: &PlanDir, req: PlanRequest<'_>) -> Result<Planned, AppError> {
    check_new(dir)?;
    let toml = |p: &Puzzle| wurfel_pack::file::to_toml(p);
    match req {
        PlanRequest::Count { puzzle, ready, cut } => {
            let made = count::plan(ctx, puzzle, ready, &cut)?;
            dir.write_plan(&made.plan, Some(&toml(puzzle)))?;
            let est: Vec<f64> = made
                .plan
                .shards
                .iter()
                .map(|s| s.estimated_nodes as f64)
                .collect();
            let total: f64 = est.iter().sum();
            let max = est.iter().cloned().fold(0.0, f64::max);
            let mean = total / cut.shards as f64;
            Ok(Planned::Count {
                name: puzzle.name.clone(),
                tasks: made.tasks,
                probes: made.probes,
                estimated: total,
                largest: if total > 0.0 { max / mean } else { 1.0 },
            })
        }
        PlanRequest::Frontier {
            puzzle,
            ready,
            slices,
            shards,
        } => {
            let plan = slices.plan(puzzle, ready, shards)?;
            dir.write_plan(&plan, Some(&toml(puzzle)))?;
            Ok(Planned::Frontier {
                name: puzzle.name.clone(),
                slices: slices.slices(),
            })
        }
        PlanRequest::Snake {
            job,
            puzzle,
            shards,
            oversplit,
        } => {
            let (plan, tasks) = job.plan(puzzle, shards, oversplit)?;
            dir.write_plan(&plan, None)?;
            Ok(Planned::Snake {
                what: job.describe(),
                tasks,
            })
        }
        PlanRequest::Analyse { job, shards } => Ok(Planned::Analyse(job.plan(dir, shards)?)),
    }
}

/// What a run of one shard did.
pub enum Ran {
    /// Nothing: a valid result was there already, or the analysis is complete (a note said
    /// which).
    Nothing,
    /// The shard's result, written.
    Done(ShardResult),
    /// An analysis shard's part of depth `depth`, written.
    Part { depth: u32, result: ShardResult },
    /// Interrupted: nothing written.
    Interrupted,
}

/// Runs shard `index` of `plan` (its job `job`): idempotent (a valid result is kept), under
/// the shard's lock (a second run of the same shard refuses), marked while it runs and when
/// it fails, its result written whole or not at all. `host` names this machine in the markers
/// and the result.
pub fn run(
    ctx: &Context<'_>,
    dir: &PlanDir,
    (plan, job): (&Plan, &ShardJob),
    index: usize,
    host: &str,
) -> Result<Ran, AppError> {
    // Held until this run ends: a resubmission while the first still runs, or two engines,
    // refuse instead of doing the work twice.
    let _lock = dir.lock_shard(index)?;
    if let ShardJob::Analyse(a) = job {
        return a.run(ctx, dir, plan, index, host);
    }
    if already_done(ctx, dir, plan, index) {
        return Ok(Ran::Nothing);
    }
    let save = |c: Option<super::Computed>| {
        c.map(|c| dir.save(plan, index, ctx.threads, host, &c))
            .transpose()
    };
    let done = match job {
        ShardJob::Count { keep } => {
            let prep = dir.prepared(ctx, plan)?;
            dir.attempt(index, host, || {
                save(count::run(ctx, &prep, plan, index, *keep)?)
            })?
        }
        ShardJob::Frontier(s) => dir.attempt(index, host, || {
            let prep = dir.prepared(ctx, plan)?;
            save(s.run(ctx, &prep, plan, index)?)
        })?,
        ShardJob::Snake(s) => dir.attempt(index, host, || save(Some(s.run(ctx, plan, index)?)))?,
        ShardJob::Analyse(_) => unreachable!("run above"),
    };
    Ok(done.map_or(Ran::Interrupted, Ran::Done))
}

/// True when shard `index` of a job computed in one round has a valid result (a note says
/// so); a refused one is replaced by the run.
fn already_done(ctx: &Context<'_>, dir: &PlanDir, plan: &Plan, index: usize) -> bool {
    if !dir.has_result(index) {
        return false;
    }
    match dir.result(plan, index) {
        Ok(_) => {
            ctx.note(&format!(
                "shard {index} is already done (its result is valid): nothing to do"
            ));
            true
        }
        Err(e) => {
            ctx.note(&format!("shard {index}: replacing a refused result ({e})"));
            false
        }
    }
}

/// An analysis' progress over its depths (jobs in one round have none).
pub struct Rounds {
    /// The depth the shards compute now; `None` when the analysis is complete.
    pub depth: Option<u32>,
    /// Rows joined so far.
    pub rows: usize,
}

/// Where a plan's shards stand.
pub struct JobStatus {
    /// Each shard as found on disk.
    pub observed: Vec<Observed>,
    /// The shards by state.
    pub status: Status,
    /// Jobs computed in rounds (analyses): where they stand.
    pub rounds: Option<Rounds>,
}

impl JobStatus {
    /// `shard status --json`: the shards by state (`not_done` as a Slurm `--array` list), each
    /// shard, and an analysis' depth under way (or `complete`).
    pub fn to_json(&self, plan: &Plan, dir: &str) -> serde_json::Value {
        let st = &self.status;
        let each: Vec<serde_json::Value> = self
            .observed
            .iter()
            .enumerate()
            .map(|(i, o)| {
                let mut v = serde_json::to_value(o).expect("plain data");
                v["index"] = i.into();
                v
            })
            .collect();
        let mut report = serde_json::json!({
            "dir": dir,
            "shards": plan.shards.len(),
            "done": st.done.len(),
            "started": st.started.len(),
            "failed": st.failed.len(),
            "missing": st.missing.len(),
            "not_done": index_ranges(&st.not_done()),
            "each": each,
        });
        if let Some(r) = &self.rounds {
            report["depth"] = r.depth.map_or("complete".into(), serde_json::Value::from);
        }
        report
    }
}

/// Each shard's result, running, failed or missing marker. Status reads only the shards'
/// files, so it works for job kinds this wurfel cannot run (or a plan whose problem it
/// refuses); a job in rounds needs its own state read.
pub fn status(dir: &PlanDir, plan: &Plan) -> Result<JobStatus, AppError> {
    match ShardJob::of_plan(plan) {
        Ok(ShardJob::Analyse(a)) => a.status(dir, plan),
        Err(e) if Kind::of(plan).is_ok_and(Kind::in_rounds) => Err(e),
        _ => {
            let observed: Vec<Observed> = (0..plan.shards.len())
                .map(|i| dir.observe(plan, i))
                .collect();
            Ok(JobStatus {
                status: Status::of(&observed),
                observed,
                rounds: None,
            })
        }
    }
}

/// A merged job, as the single-machine command shows it.
pub enum MergedJob {
    /// `count`'s summary, and the shards' kept solutions joined (when asked for).
    Count {
        ready: Box<Ready>,
        summary: Summary,
        solutions: Option<Vec<u8>>,
    },
    /// `count --method frontier`'s report.
    Frontier {
        ready: Box<Ready>,
        report: Box<FrontierReport>,
        seconds: f64,
        threads: usize,
    },
    /// `snake count`'s or `snake survey`'s answer.
    Snake {
        job: Box<SnakeJob>,
        merged: Box<SnakeMerged>,
        seconds: f64,
    },
    /// An analysis' rows so far (the depth under way joined first when it is whole).
    Analyse(AnalyseMerged),
}

/// The merge of a plan's shards.
pub struct Merge {
    pub job: MergedJob,
    /// Jobs in one round: (seconds of shard time in all, slowest shard, mean, max/mean).
    pub balance: Option<(f64, f64, f64, f64)>,
}

/// Every shard's result checked and joined exactly (each shard once, of this plan, the same
/// count names, checked sums); with `solutions`, the kept solutions joined in search order.
pub fn merge(
    ctx: &Context<'_>,
    dir: &PlanDir,
    (plan, job): (&Plan, ShardJob),
    solutions: bool,
) -> Result<Merge, AppError> {
    let keeps = matches!(job, ShardJob::Count { keep: Some(_) });
    if solutions && !keeps {
        return Err(AppError::input(match job {
            ShardJob::Count { .. } => {
                "the plan kept no solutions (plan with --keep-solutions CONVENTION)"
            }
            ShardJob::Frontier(_) => {
                "frontier shards keep no solutions (--solutions is for search counts)"
            }
            ShardJob::Snake(_) => {
                "snake shards keep no solutions (--solutions is for packing counts)"
            }
            ShardJob::Analyse(_) => {
                "an analysis keeps no solutions (--solutions is for packing counts)"
            }
        }));
    }
    if let ShardJob::Analyse(a) = &job {
        let rows = a.merge(ctx, dir, plan)?;
        return Ok(Merge {
            job: MergedJob::Analyse(rows),
            balance: None,
        });
    }
    // A packing job's puzzle is checked and prepared before its results are read.
    let prep = match job {
        ShardJob::Count { .. } | ShardJob::Frontier(_) => Some(dir.prepared(ctx, plan)?),
        _ => None,
    };
    if let (ShardJob::Count { .. }, Some(prep)) = (&job, &prep) {
        // Shards check their own tasks only; whether all of them together are the whole
        // search, each part once, is checked here.
        count::check_whole(prep, plan)?;
    }
    let (results, merged) = merge_results(dir, plan)?;
    let seconds = merged.millis as f64 / 1000.0;
    let threads = results.iter().map(|r| r.threads).max().unwrap_or(1);
    let out = match (job, prep) {
        (ShardJob::Count { .. }, Some(ready)) => {
            let solutions = match solutions {
                true => Some(joined_sides(dir, &merged)?),
                false => None,
            };
            MergedJob::Count {
                summary: count::summary(&merged, &results),
                ready: Box::new(ready),
                solutions,
            }
        }
        (ShardJob::Frontier(s), Some(ready)) => {
            s.check_merged(&merged)?;
            let mut shares = Vec::with_capacity(results.len());
            for r in &results {
                let Some(f) = &r.solutions else {
                    return Err(AppError::input(format!(
                        "shard {}'s result names no tallies file",
                        r.index
                    )));
                };
                let (name, bytes) = dir.side(f)?;
                shares.push((name, String::from_utf8_lossy(&bytes).into_owned()));
            }
            let report = s.merge(&ready, &shares, &dir.shown())?;
            MergedJob::Frontier {
                ready: Box::new(ready),
                report: Box::new(report),
                seconds,
                threads,
            }
        }
        (ShardJob::Snake(s), _) => MergedJob::Snake {
            merged: Box::new(s.merge(plan, &merged, |f| dir.side(f))?),
            job: Box::new(s),
            seconds,
        },
        _ => {
            return Err(AppError::internal(
                "internal error: a job without its puzzle",
            ))
        }
    };
    Ok(Merge {
        job: out,
        balance: Some(balance(plan, &merged)),
    })
}

/// Every shard's result of a job computed in one round, read and checked, and their exact
/// merge.
fn merge_results(dir: &PlanDir, plan: &Plan) -> Result<(Vec<ShardResult>, Merged), AppError> {
    let results = (0..plan.shards.len())
        .filter(|&i| dir.has_result(i))
        .map(|i| {
            dir.result(plan, i)
                .map_err(|e| AppError::new(e.kind, format!("shard {i}: {e}")))
        })
        .collect::<Result<Vec<_>, _>>()?;
    let merged = wurfel_shard::merge(plan, &results).map_err(|e| {
        AppError::input(format!(
            "cannot merge {0}: {e} (see `wurfel shard status {0}`)",
            dir.shown()
        ))
    })?;
    Ok((results, merged))
}

/// The shards' kept solutions, joined in shard order (each file checked against its hash).
fn joined_sides(dir: &PlanDir, merged: &Merged) -> Result<Vec<u8>, AppError> {
    let mut all = Vec::new();
    for f in &merged.solutions {
        all.extend(dir.side(f)?.1);
    }
    Ok(all)
}
