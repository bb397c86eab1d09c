//! The shards' results of a job computed in one round, read, checked and joined exactly, and
//! the merged output printed as the single-machine command prints it.

use super::files::PlanDir;
use super::job::MergeTo;
use crate::{note, outln};
use anyhow::{Context, Result};
use std::path::Path;
use wurfel_shard::{Merged, Plan, ShardResult};

/// Every shard's result of a job computed in one round, read and checked, and their exact
/// merge (every shard exactly once, of this plan, the same count names, checked sums).
pub(crate) fn merge_results(
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
pub(crate) fn print_merged(
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
