//! `wurfel shard run`: one shard, idempotent, its result whole or absent.

use super::files::PlanDir;
use super::jobs;
use crate::exit::Usage;
use crate::hiargs::Threads;
use anyhow::{Context, Result};
use std::path::PathBuf;
use wurfel_shard::Plan;

/// Arguments of `wurfel shard run`.
#[derive(clap::Args, Debug)]
pub(crate) struct RunArgs {
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
pub(crate) fn run(args: RunArgs) -> Result<()> {
    let dir = PlanDir::new(&args.dir);
    let plan = dir.plan()?;
    let index = shard_index(&args, &plan)?;
    let job = jobs::of_plan(&plan)?;
    // Held until this run ends: a second run of the same shard (a resubmission while the
    // first still runs, two engines) refuses instead of doing the work twice.
    let _lock = dir.lock_shard(index)?;
    job.run(&dir, &plan, index, crate::hiargs::threads(args.threads))
}
