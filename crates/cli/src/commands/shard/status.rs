//! `wurfel shard status`.

use super::files::PlanDir;
use crate::args::Json;
use crate::outln;
use anyhow::Result;
use std::path::PathBuf;
use wurfel_shard::{index_ranges, Observed, Status};

/// Arguments of `wurfel shard status`.
#[derive(clap::Args, Debug)]
pub struct StatusArgs {
    /// The plan directory.
    dir: PathBuf,
    #[command(flatten)]
    json: Json,
    /// Print only the shards without a valid result, as Slurm's --array list (`0-3,7`; an
    /// empty line when all are done): what a resubmission must run.
    #[arg(long, conflicts_with = "json")]
    not_done: bool,
}

/// `wurfel shard status`.
pub fn status(args: StatusArgs) -> Result<()> {
    let dir = PlanDir::new(&args.dir);
    let plan = dir.plan()?;
    let observed: Vec<Observed> = (0..plan.shards.len())
        .map(|i| dir.observe(&plan, i))
        .collect();
    let st = Status::of(&observed);
    if args.not_done {
        outln!("{}", index_ranges(&st.not_done()));
        return Ok(());
    }
    if args.json.json {
        let shards: Vec<serde_json::Value> = observed
            .iter()
            .enumerate()
            .map(|(i, o)| {
                let mut v = serde_json::to_value(o).expect("plain data");
                v["index"] = i.into();
                v
            })
            .collect();
        let report = serde_json::json!({
            "dir": args.dir.display().to_string(),
            "shards": plan.shards.len(),
            "done": st.done.len(),
            "started": st.started.len(),
            "failed": st.failed.len(),
            "missing": st.missing.len(),
            "not_done": index_ranges(&st.not_done()),
            "each": shards,
        });
        outln!("{report}");
        return Ok(());
    }
    outln!(
        "{}: {} shards of `{} {}`: {} done, {} started without a result (running or killed), \
         {} failed, {} not started",
        args.dir.display(),
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
