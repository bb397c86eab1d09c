//! `wurfel shard merge`: every shard exactly once, summed exactly, printed as `count` prints.

use super::files::PlanDir;
use super::job::{self, MergeTo};
use crate::args::Json;
use crate::output::OutputPath;
use crate::{note, outln};
use anyhow::{Context, Result};
use std::path::{Path, PathBuf};
use wurfel_shard::{Merged, Plan, ShardResult};

/// Arguments of `wurfel shard merge`.
#[derive(clap::Args, Debug)]
pub struct MergeArgs {
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
pub fn merge(args: MergeArgs) -> Result<()> {
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
    job::of_plan(&plan)?.merge(&dir, &plan, &to)
}

/// Every shard's result of a job computed in one round, read and checked, and their exact
/// merge (every shard exactly once, of this plan, the same count names, checked sums).
pub fn merge_results(
    dir: &PlanDir,
    plan: &Plan,
    shown: &Path,
) -> Result<(Vec<ShardResult>, Merged)> {
    let results = (0..plan.shards.len())
        .filter(|&i| dir.result_file(i).exists())
        .map(|i| dir.result(plan, i).with_context(|| format!("shard {i}")))
        .collect::<Result<Vec<_>>>()?;
    let merged = wurfel_shard::merge(plan, &results).map_err(|e| {
        anyhow::anyhow!(
            "cannot merge {}: {e} (see `wurfel shard status {}`)",
            shown.display(),
            shown.display()
        )
    })?;
    Ok((results, merged))
}

/// Prints (or writes) a merged job's `text`, runs `then` (the side outputs), then says how the
/// shards' times compared.
pub fn print_merged(
    to: &MergeTo<'_>,
    plan: &Plan,
    merged: &Merged,
    text: &str,
    then: impl FnOnce() -> Result<()>,
) -> Result<()> {
    match to.out {
        Some(o) => o.write_all(text.as_bytes())?,
        None => outln!("{}", text.trim_end_matches('\n')),
    }
    then()?;
    let mean = merged.millis as f64 / plan.shards.len() as f64;
    note!(
        "merged {} shards: {:.1} s of shard time in all, slowest shard {:.2} s, mean {:.2} s (max/mean {:.2})",
        plan.shards.len(),
        merged.millis as f64 / 1000.0,
        merged.max_millis as f64 / 1000.0,
        mean / 1000.0,
        if mean > 0.0 { merged.max_millis as f64 / mean } else { 1.0 }
    );
    Ok(())
}
