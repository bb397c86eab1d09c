//! `wurfel shard run`: one shard, idempotent, its result whole or absent
//! (`wurfel_app::shard::run`); this module finds the index and prints the shard's line.

use super::plan_dir;
use crate::exit::{Stop, Usage};
use crate::hiargs::Threads;
use crate::{note, outln, progress};
use anyhow::{Context, Result};
use std::path::PathBuf;
use wurfel_app::shard::{counts_line, Ran, ShardJob};
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
    let dir = plan_dir(&args.dir);
    let plan = dir.plan()?;
    let index = shard_index(&args, &plan)?;
    let job = ShardJob::of_plan(&plan)?;
    let reporter = progress::Reporter::new(true);
    if job.stops_on_cancel() {
        progress::cancellation();
    }
    let ctx = crate::hiargs::context(crate::hiargs::threads(args.threads), &reporter);
    let ran = wurfel_app::shard::run(&ctx, &dir, (&plan, &job), index, &host())?;
    drop(reporter);
    let n = plan.shards.len();
    match ran {
        Ran::Nothing => {}
        Ran::Done(r) => outln!(
            "shard {index} of {n}: {} in {:.2} s",
            counts_line(&r.counts),
            r.millis as f64 / 1000.0
        ),
        Ran::Part { depth, result: r } => {
            let c = |k: &str| r.counts.get(k).copied().unwrap_or(0);
            let how = match (depth, c("pull")) {
                (0, _) => "start",
                (_, 1) => "pull",
                _ => "push",
            };
            outln!(
                "shard {index} of {n}, depth {depth} ({how}): bytes {}..{}: {} positions, {} \
                 unique in {:.2} s",
                c("first_byte"),
                c("end_byte"),
                c("positions"),
                c("unique"),
                r.millis as f64 / 1000.0
            );
        }
        Ran::Interrupted => {
            let what = match job {
                ShardJob::Analyse(_) => "part",
                _ => "result",
            };
            note!("shard {index} interrupted: no {what} written; run it again");
            return Err(Stop::Interrupted.into());
        }
    }
    Ok(())
}

/// This machine's name, for people reading status.
fn host() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .or_else(|_| std::fs::read_to_string("/etc/hostname"))
        .map(|s| s.trim().to_string())
        .ok()
        .filter(|s| !s.is_empty())
        .or_else(|| std::env::var("HOSTNAME").ok())
        .unwrap_or_else(|| "unknown".to_string())
}
