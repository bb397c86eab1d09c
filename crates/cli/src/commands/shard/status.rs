//! `wurfel shard status`: where a plan's shards stand (`wurfel_app::shard::status`), printed.

use super::plan_dir;
use crate::args::Json;
use crate::exit::Usage;
use crate::outln;
use anyhow::Result;
use std::path::PathBuf;
use wurfel_shard::{index_ranges, Observed};

/// Arguments of `wurfel shard status`.
#[derive(clap::Args, Debug)]
pub(crate) struct StatusArgs {
    /// The plan directory.
    dir: PathBuf,
    #[command(flatten)]
    json: Json,
    /// Print only the shards without a valid result, as Slurm's --array list (`0-3,7`; an
    /// empty line when all are done): what a resubmission must run.
    #[arg(long, conflicts_with = "json")]
    not_done: bool,
    /// Analyses: print only the depth the shards compute now, or `complete` (what a driver
    /// looping over the depths asks).
    #[arg(long, conflicts_with_all = ["json", "not_done"])]
    next_depth: bool,
}

/// `wurfel shard status`.
pub(crate) fn status(args: StatusArgs) -> Result<()> {
    let dir = plan_dir(&args.dir);
    let plan = dir.plan()?;
    let js = wurfel_app::shard::status(&dir, &plan)?;
    let (observed, st) = (&js.observed, &js.status);
    let shown = args.dir.display();
    if args.next_depth {
        let Some(rounds) = &js.rounds else {
            return Err(Usage("--next-depth is for analyses (plan --revenge-stage)".into()).into());
        };
        match rounds.depth {
            Some(d) => outln!("{d}"),
            None => outln!("complete"),
        }
        return Ok(());
    }
    if args.not_done {
        outln!("{}", index_ranges(&st.not_done()));
        return Ok(());
    }
    if args.json.json {
        outln!("{}", js.to_json(&plan, &shown.to_string()));
        return Ok(());
    }
    if let Some(r) = &js.rounds {
        let rows = r.rows;
        match r.depth {
            Some(d) => {
                outln!("{shown}: depth {d} under way ({rows} rows joined so far); its parts:")
            }
            None => outln!(
                "{shown}: the analysis is complete ({rows} rows): `wurfel shard merge` prints it"
            ),
        }
    }
    outln!(
        "{shown}: {} shards of `{} {}`: {} done, {} started without a result (running or \
         killed), {} failed, {} not started",
        plan.shards.len(),
        plan.job.kind,
        plan.job.puzzle,
        st.done.len(),
        st.started.len(),
        st.failed.len(),
        st.missing.len()
    );
    for (i, o) in observed.iter().enumerate() {
        match o {
            Observed::Started { by } => outln!("  shard {i}: started by {by}, no result yet"),
            Observed::Failed { why } => outln!("  shard {i}: failed: {why}"),
            Observed::Done | Observed::Missing => {}
        }
    }
    if !st.missing.is_empty() {
        outln!("  not started: {}", index_ranges(&st.missing));
    }
    Ok(())
}
