//! `wurfel shard`: one count cut into shards that any cluster engine runs, merged exactly.
//! The job is a packing count (search or frontier), a snake count or survey, or a 4x4x4 stage
//! analysis (computed depth by depth); every operation is `wurfel_app::shard`'s (the plan
//! directory's layout is in `wurfel_app::shard::dir`). This module turns the flags into
//! requests and prints what comes back.

mod emit;
mod merge;
mod plan;
mod plan_args;
mod run;
mod status;

use crate::exit::Usage;
use anyhow::{Context, Result};
use std::path::Path;
use wurfel_app::shard::{dir::STATE_DIRS, PlanDir};

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
    Plan(plan_args::PlanArgs),
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

/// The plan directory `dir`. What the commands read in it is registered as input: no output
/// may replace the plan, its puzzle or a file of the shards' state but the app's own writes;
/// the rest (`merged.json`, scripts, logs) is output.
fn plan_dir(dir: &Path) -> PlanDir {
    let d = PlanDir::new(dir);
    crate::inputs::state(&d.plan_file(), "the shard plan");
    crate::inputs::state(&d.puzzle_file(), "the shard plan's puzzle");
    for sub in STATE_DIRS {
        crate::inputs::state(&dir.join(sub), "the shards' state");
    }
    d
}

/// Refuses a plan directory whose absolute path the job scripts could not carry: not UTF-8, or
/// holding a control character (a newline in a path would end a comment or a command in every
/// emitted script). A usage error, before anything is created.
fn check_dir_name(dir: &Path) -> Result<()> {
    let abs = if dir.is_absolute() {
        dir.to_path_buf()
    } else {
        std::env::current_dir()
            .context("cannot find the current directory")?
            .join(dir)
    };
    let Some(text) = abs.to_str() else {
        return Err(Usage(format!(
            "the plan directory {} is not UTF-8: job scripts could not name it",
            abs.display()
        ))
        .into());
    };
    wurfel_shard::check_text("the plan directory", text).map_err(|e| Usage(e).into())
}
