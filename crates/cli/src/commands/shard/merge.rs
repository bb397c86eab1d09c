//! `wurfel shard merge`: every shard exactly once, summed exactly
//! (`wurfel_app::shard::merge`), printed as the single-machine command prints it.

use super::plan_dir;
use crate::args::Json;
use crate::commands::count_frontier::{render_json, render_text};
use crate::output::OutputPath;
use crate::present::analysis::reduced_text;
use crate::present::count::render;
use crate::present::snake::{render_count, render_survey};
use crate::{note, outln, progress};
use anyhow::Result;
use std::path::PathBuf;
use wurfel_app::shard::snake::{SnakeJob, SnakeMerged};
use wurfel_app::shard::{MergedJob, ShardJob};

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
    let dir = plan_dir(&args.dir);
    let out = args.out.as_deref().map(OutputPath::check).transpose()?;
    let solutions_to = args
        .solutions
        .as_deref()
        .map(OutputPath::check)
        .transpose()?;
    let plan = dir.plan()?;
    let job = ShardJob::of_plan(&plan)?;
    let reporter = progress::Reporter::new(true);
    let ctx = crate::hiargs::context(1, &reporter);
    let merged = wurfel_app::shard::merge(&ctx, &dir, (&plan, job), solutions_to.is_some())?;
    drop(reporter);
    let json = args.json.json;
    let mut next = None;
    let (text, solutions) = match merged.job {
        MergedJob::Count {
            ready,
            summary,
            solutions,
        } => (render(&ready, &summary, json)?, solutions),
        MergedJob::Frontier {
            ready,
            report,
            seconds,
            threads,
        } => {
            let text = if json {
                render_json(&ready, &report, None, seconds, threads)?
            } else {
                render_text(&ready, &report, seconds, threads)?
            };
            (text, None)
        }
        MergedJob::Snake {
            job,
            merged,
            seconds,
        } => {
            let text = match (&*job, &*merged) {
                (SnakeJob::Count(n), SnakeMerged::Count(c)) => {
                    render_count(n, c, seconds, json, true)?
                }
                (_, SnakeMerged::Survey(s)) => render_survey(s, seconds, json, true, true)?,
                _ => anyhow::bail!("internal error: a count merged from a survey"),
            };
            (text, None)
        }
        MergedJob::Analyse(a) => {
            let how = format!(
                "{:.1} s of shard time in {} shards per depth",
                a.seconds,
                plan.shards.len()
            );
            let text = reduced_text(
                a.stage,
                a.variant.as_deref(),
                a.symmetries,
                &a.rows,
                a.complete,
                &how,
                json,
            )?;
            next = a.next;
            (format!("{}\n", text.trim_end_matches('\n')), None)
        }
    };
    match &out {
        Some(o) => o.write_all(text.as_bytes())?,
        None => outln!("{}", text.trim_end_matches('\n')),
    }
    if let (Some(o), Some(bytes)) = (&solutions_to, solutions) {
        o.write_all(&bytes)?;
    }
    if let Some(d) = next {
        note!(
            "depth {d} is next: run its shards (`wurfel shard run {} --index I`), then merge",
            args.dir.display()
        );
    }
    if let Some((all, slowest, mean, ratio)) = merged.balance {
        note!(
            "merged {} shards: {all:.1} s of shard time in all, slowest shard {slowest:.2} s, \
             mean {mean:.2} s (max/mean {ratio:.2})",
            plan.shards.len()
        );
    }
    Ok(())
}
