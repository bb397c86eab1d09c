//! `wurfel shard`: one count cut into shards that any cluster engine runs, merged exactly.
//! The job is a packing count (`count`), a snake count (`snake-count`) or a snake survey
//! (`snake-survey`), or a 4x4x4 stage analysis (`revenge-analyse`, computed depth by depth:
//! see `analyse`); see [`job::Kind`].
//!
//! The contract (formats, checks, merging, job scripts) is `wurfel_shard`'s; this module is the
//! plan directory on disk and the commands:
//!
//! ```text
//! D/plan.json                  the plan (sealed: checksum, wurfel version, problem hash)
//! D/puzzle.toml                the puzzle, as loaded when planning (the plan is self-contained;
//!                              snake jobs have none: the chain and box are in the plan)
//! D/results/shard-000017.json  one shard's result, written atomically (and its solutions, or a
//!                              survey's per-snake tallies, shard-000017.tallies.jsonl)
//! D/running/shard-000017.json  a run started here (host, pid); removed when it ends
//! D/running/shard-000017.lock  locked while a run of the shard is under way: a second run of
//!                              the same shard refuses
//! D/failed/shard-000017.json   a run that failed, with its error
//! D/logs/                      the cluster engine's logs (Slurm output files)
//! ```
//!
//! Nothing else is shared between the machines: a shard needs the plan directory only.

mod analyse;
mod count;
mod emit;
mod files;
mod frontier;
mod job;
mod jobs;
mod joined;
mod merge;
mod plan;
mod plan_args;
mod run;
mod snakes;
mod status;
mod task;

use anyhow::Result;

/// Arguments of `wurfel shard`.
#[derive(clap::Args, Debug)]
pub(crate) struct ShardArgs {
    #[command(subcommand)]
    command: ShardCommand,
}

#[derive(clap::Subcommand, Debug)]
enum ShardCommand {
    /// Cut a count into shards (balanced by random-probe estimates) and write the plan; or a
    /// snake count (--snake CHAIN) or survey (--snake-survey BOX), or a 4x4x4 stage analysis
    /// (--revenge-stage S).
    Plan(plan::PlanArgs),
    /// Run one shard (its index from --index, SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX).
    Run(run::RunArgs),
    /// Show which shards are done, running (or killed), failed or missing.
    Status(status::StatusArgs),
    /// Check that every shard is done exactly once and print the count, as `count` (or
    /// `snake count`, `snake survey`) does; for an analysis, join the depth under way and
    /// print the rows so far, as `revenge analyse` does.
    Merge(merge::MergeArgs),
    /// Write a job script: a Slurm job array, a GNU parallel script or a Kubernetes Job.
    Emit(emit::EmitArgs),
}

/// `wurfel shard`.
pub(crate) fn run(args: ShardArgs) -> Result<()> {
    match args.command {
        ShardCommand::Plan(a) => plan::plan(a),
        ShardCommand::Run(a) => run::run(a),
        ShardCommand::Status(a) => status::status(a),
        ShardCommand::Merge(a) => merge::merge(a),
        ShardCommand::Emit(a) => emit::emit(a),
    }
}
