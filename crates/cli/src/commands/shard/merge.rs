//! `wurfel shard merge`: every shard exactly once, summed exactly, printed as `count` prints.

use super::files::PlanDir;
use super::job::Kind;
use super::run::stats_of;
use super::snakes::SnakeJob;
use crate::args::Json;
use crate::output::OutputPath;
use crate::present::count::{render, Summary};
use crate::{note, outln};
use anyhow::{Context, Result};
use std::path::PathBuf;
use wurfel_cover::Tree;
use wurfel_pack::Counts;
use wurfel_pack::Prepared;
use wurfel_shard::{Merged, ShardResult};

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
    let sol_out = args
        .solutions
        .as_deref()
        .map(OutputPath::check)
        .transpose()?;
    let plan = dir.plan()?;
    let kind = Kind::of(&plan)?;
    if kind == Kind::RevengeAnalyse {
        if sol_out.is_some() {
            anyhow::bail!("an analysis keeps no solutions (--solutions is for packing counts)");
        }
        let job = super::analyse::AnalyseJob::of_plan(&plan)?;
        return job.merge(&dir, &plan, args.json.json, out.as_ref());
    }
    let job = match kind {
        Kind::Count => {
            let prep = dir.prepared(&plan)?;
            // Shards check their own tasks only; whether all of them together are the whole
            // search, each part once, is checked here (a node expansion per task prefix).
            Tree::new(prep.problem())?
                .check_cut(&plan.all_tasks())
                .map_err(|e| {
                    anyhow::anyhow!("the plan's tasks are not a cut of the search tree: {e}")
                })?;
            Job::Pack(prep)
        }
        Kind::RevengeAnalyse => unreachable!("analyses return above"),
        Kind::SnakeCount | Kind::SnakeSurvey => {
            if sol_out.is_some() {
                anyhow::bail!("snake shards keep no solutions (--solutions is for packing counts)");
            }
            Job::Snake(SnakeJob::of_plan(&plan)?)
        }
    };
    let results = (0..plan.shards.len())
        .filter(|&i| dir.result_file(i).exists())
        .map(|i| dir.result(&plan, i).with_context(|| format!("shard {i}")))
        .collect::<Result<Vec<_>>>()?;
    let merged = wurfel_shard::merge(&plan, &results).map_err(|e| {
        anyhow::anyhow!(
            "cannot merge {}: {e} (see `wurfel shard status {}`)",
            args.dir.display(),
            args.dir.display()
        )
    })?;
    let text = match &job {
        Job::Pack(prep) => render_pack(prep, &merged, &results, args.json.json)?,
        Job::Snake(snake) => snake.render(&args.dir, &plan, &merged, args.json.json)?,
    };
    match &out {
        Some(o) => o.write_all(text.as_bytes())?,
        None => outln!("{}", text.trim_end_matches('\n')),
    }
    if let Some(o) = sol_out {
        if merged.solutions.is_empty() && !plan.job.options.contains_key("keep_solutions") {
            anyhow::bail!("the plan kept no solutions (plan with --keep-solutions CONVENTION)");
        }
        let mut all = Vec::new();
        for s in &merged.solutions {
            let path = args.dir.join("results").join(&s.file);
            all.extend(
                std::fs::read(&path).with_context(|| format!("cannot read {}", path.display()))?,
            );
        }
        o.write_all(&all)?;
    }
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

/// What the merge prints for (one per process, so its size does not matter).
#[allow(clippy::large_enum_variant)]
enum Job {
    Pack(Prepared),
    Snake(SnakeJob),
}

/// A packing count's merged result, as `count` prints it.
fn render_pack(
    prep: &Prepared,
    merged: &Merged,
    results: &[ShardResult],
    json: bool,
) -> Result<String> {
    let get = |k: &str| merged.counts.get(k).copied().unwrap_or(0);
    let summary = Summary {
        counts: Counts {
            raw: get("raw"),
            rotations: get("rotations"),
            rotations_reflections: get("rotations_reflections"),
        },
        complete: true,
        stats: stats_of(&merged.stats),
        seconds: merged.millis as f64 / 1000.0,
        threads: results.iter().map(|r| r.threads).max().unwrap_or(1),
        // Shards count assemblies only.
        disassembly: None,
    };
    render(prep, &summary, json)
}
