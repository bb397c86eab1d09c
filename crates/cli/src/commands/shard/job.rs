//! [`ShardJob`]: what `shard plan`, `run`, `status` and `merge` ask of a job. The commands
//! know no kind; each kind ([`Kind`]) is one implementation (`count`, `frontier`, `snakes`,
//! `analyse`), found by `jobs::of_plan`.

use super::files::PlanDir;
use super::plan_args::PlanArgs;
use crate::output::OutputPath;
use anyhow::Result;
use std::path::Path;
pub(crate) use wurfel_app::shard::Kind;
use wurfel_shard::{Observed, Plan, Status};

/// Where `shard merge` sends what it prints.
pub(crate) struct MergeTo<'a> {
    /// The plan directory as the user named it (in messages).
    pub(crate) shown: &'a Path,
    /// One JSON object instead of text.
    pub(crate) json: bool,
    /// `--out FILE`, else standard output.
    pub(crate) out: Option<&'a OutputPath>,
    /// `--solutions FILE`: the shards' kept solutions, joined (packing counts only).
    pub(crate) solutions: Option<&'a OutputPath>,
}

/// An analysis' progress over its depths, for `shard status` (jobs in one round have none).
pub(crate) struct Rounds {
    /// The depth the shards compute now; `None` when the analysis is complete.
    pub(crate) depth: Option<u32>,
    /// Rows joined so far.
    pub(crate) rows: usize,
}

/// What `shard status` shows.
pub(crate) struct JobStatus {
    /// Each shard as found on disk.
    pub(crate) observed: Vec<Observed>,
    /// The shards by state.
    pub(crate) status: Status,
    /// Jobs computed in rounds (analyses): where they stand.
    pub(crate) rounds: Option<Rounds>,
}

impl JobStatus {
    /// Each shard's result, running, failed or missing marker: the status of any job computed
    /// in one round (and of kinds this wurfel cannot run).
    pub(crate) fn of_files(dir: &PlanDir, plan: &Plan) -> JobStatus {
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
pub(crate) trait ShardJob {
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
