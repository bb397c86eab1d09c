//! The kinds of job a plan can hold, as its `job.kind` names them, and [`ShardJob`]: what
//! `shard plan`, `run`, `status` and `merge` ask of a job. The commands know no kind; each
//! kind is one implementation (`count`, `frontier`, `snakes`, `analyse`).

use super::files::PlanDir;
use super::plan::PlanArgs;
use crate::output::OutputPath;
use anyhow::{bail, Result};
use std::path::Path;
use wurfel_shard::{Observed, Plan, Status};

/// What a plan's shards compute.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `wurfel count PUZZLE`: a packing puzzle's solutions.
    Count,
    /// `wurfel count PUZZLE --method frontier --layers --slices N`: the same, slice by slice.
    FrontierCount,
    /// `wurfel snake count CHAIN`: a chain's foldings into its box.
    SnakeCount,
    /// `wurfel snake survey --box B`: every chain that folds into a box.
    SnakeSurvey,
    /// `wurfel revenge analyse --stage S`: a 4x4x4 stage's distance table, depth by depth.
    RevengeAnalyse,
}

impl Kind {
    const ALL: [Kind; 5] = [
        Kind::Count,
        Kind::FrontierCount,
        Kind::SnakeCount,
        Kind::SnakeSurvey,
        Kind::RevengeAnalyse,
    ];

    /// The name in plan files.
    pub fn key(self) -> &'static str {
        match self {
            Kind::Count => "count",
            Kind::FrontierCount => super::frontier::KIND,
            Kind::SnakeCount => "snake-count",
            Kind::SnakeSurvey => "snake-survey",
            Kind::RevengeAnalyse => "revenge-analyse",
        }
    }

    /// True for jobs computed in rounds (an analysis, depth by depth), whose status is more
    /// than their shards' files.
    pub fn in_rounds(self) -> bool {
        self == Kind::RevengeAnalyse
    }

    /// The kind of `plan`'s job; an error for a kind this wurfel does not run.
    pub fn of(plan: &Plan) -> Result<Kind> {
        match Kind::ALL.into_iter().find(|k| k.key() == plan.job.kind) {
            Some(k) => Ok(k),
            None => bail!(
                "this wurfel cannot run `{}` shards (it runs {})",
                plan.job.kind,
                Kind::ALL.map(|k| format!("`{}`", k.key())).join(", ")
            ),
        }
    }
}

/// The job of `plan`, rebuilt from it and checked against its problem hash (cheaply: what a
/// job needs to search, e.g. a packing's placements, is built by `run` and `merge`).
pub fn of_plan(plan: &Plan) -> Result<Box<dyn ShardJob>> {
    Ok(match Kind::of(plan)? {
        Kind::Count => Box::new(super::count::CountJob::of_plan(plan)?),
        Kind::FrontierCount => Box::new(super::frontier::FrontierJob::of_plan(plan)?),
        Kind::SnakeCount | Kind::SnakeSurvey => Box::new(super::snakes::SnakeJob::of_plan(plan)?),
        Kind::RevengeAnalyse => Box::new(super::analyse::AnalyseJob::of_plan(plan)?),
    })
}

/// Where `shard merge` sends what it prints.
pub struct MergeTo<'a> {
    /// The plan directory as the user named it (in messages).
    pub shown: &'a Path,
    /// One JSON object instead of text.
    pub json: bool,
    /// `--out FILE`, else standard output.
    pub out: Option<&'a OutputPath>,
    /// `--solutions FILE`: the shards' kept solutions, joined (packing counts only).
    pub solutions: Option<&'a OutputPath>,
}

/// An analysis' progress over its depths, for `shard status` (jobs in one round have none).
pub struct Rounds {
    /// The depth the shards compute now; `None` when the analysis is complete.
    pub depth: Option<u32>,
    /// Rows joined so far.
    pub rows: usize,
}

/// What `shard status` shows.
pub struct JobStatus {
    /// Each shard as found on disk.
    pub observed: Vec<Observed>,
    /// The shards by state.
    pub status: Status,
    /// Jobs computed in rounds (analyses): where they stand.
    pub rounds: Option<Rounds>,
}

impl JobStatus {
    /// Each shard's result, running, failed or missing marker: the status of any job computed
    /// in one round (and of kinds this wurfel cannot run).
    pub fn of_files(dir: &PlanDir, plan: &Plan) -> JobStatus {
        let observed: Vec<Observed> = (0..plan.shards.len())
            .map(|i| dir.observe(plan, i))
            .collect();
        let status = Status::of(&observed);
        JobStatus {
            observed,
            status,
            rounds: None,
        }
    }
}

/// A job cut into shards: one implementation per [`Kind`].
pub trait ShardJob {
    /// `shard plan`: cuts the job into `args`'s shards and writes the plan (and what the
    /// shards need besides) into `dir`.
    fn plan(&self, args: &PlanArgs, dir: &PlanDir) -> Result<()>;
    /// `shard run`: computes shard `index` of `plan` and writes its result, whole or not at
    /// all (nothing when a valid result is already there); prints one line.
    fn run(&self, dir: &PlanDir, plan: &Plan, index: usize, threads: usize) -> Result<()>;
    /// `shard status`: what is on disk for each shard.
    fn status(&self, dir: &PlanDir, plan: &Plan) -> Result<JobStatus> {
        Ok(JobStatus::of_files(dir, plan))
    }
    /// `shard merge`: every shard's result checked and joined, printed as the single-machine
    /// command prints it.
    fn merge(&self, dir: &PlanDir, plan: &Plan, to: &MergeTo<'_>) -> Result<()>;
}
