//! `wurfel shard merge`: every shard exactly once, summed exactly, printed as `count` prints.

use super::files::PlanDir;
use super::job::MergeTo;
use super::jobs;
use crate::args::Json;
use crate::output::OutputPath;
use anyhow::Result;
use std::path::PathBuf;

/// Arguments of `wurfel shard merge`.
#[derive(clap::Args, Debug)]
pub(crate) struct MergeArgs {
    /// The plan directory.
    dir: PathBuf,
    #[command(flatten)]
    json: Json,
    /// Write the output to FILE (atomically) instead of standard output.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
    /// Join the shards' kept solutions, in search order, into FILE (one JSON object per line).
    #[arg(long, value_name = "FILE")]
    solutions: Option<PathBuf>,
}

/// `wurfel shard merge`.
pub(crate) fn merge(args: MergeArgs) -> Result<()> {
    // The plan directory first: no output may replace the plan or a shard's state.
    let dir = PlanDir::new(&args.dir);
    let out = args.out.as_deref().map(OutputPath::check).transpose()?;
    let solutions = args
        .solutions
        .as_deref()
        .map(OutputPath::check)
        .transpose()?;
    let plan = dir.plan()?;
    let to = MergeTo {
        shown: &args.dir,
        json: args.json.json,
        out: out.as_ref(),
        solutions: solutions.as_ref(),
    };
    jobs::of_plan(&plan)?.merge(&dir, &plan, &to)
}
