//! One shard's work, as every job runs it: idempotent (a valid result is kept), marked while
//! it runs and when it fails, and reported in one line.

use super::files::{host, write_file, PlanDir};
use crate::exit::Stop;
use crate::{note, outln};
use anyhow::Result;
use wurfel_app::shard::{counts_line, Computed};
use wurfel_shard::{Plan, ShardResult};

/// True when shard `index` of a job computed in one round has a valid result (said on
/// stderr); a refused one is replaced by the run.
pub(crate) fn already_done(dir: &PlanDir, plan: &Plan, index: usize) -> bool {
    if !dir.result_file(index).exists() {
        return false;
    }
    match dir.result(plan, index) {
        Ok(_) => {
            note!("shard {index} is already done (its result is valid): nothing to do");
            true
        }
        Err(e) => {
            note!("shard {index}: replacing a refused result ({e:#})");
            false
        }
    }
}

/// Runs `work` (which writes shard `index`'s result) under [`attempt`] and prints its line.
pub(crate) fn run_and_report(
    dir: &PlanDir,
    plan: &Plan,
    index: usize,
    work: impl FnOnce() -> Result<Option<ShardResult>>,
) -> Result<()> {
    match attempt(dir, index, work)? {
        Some(r) => {
            outln!(
                "shard {index} of {}: {} in {:.2} s",
                plan.shards.len(),
                counts_line(&r.counts),
                r.millis as f64 / 1000.0
            );
            Ok(())
        }
        None => {
            note!("shard {index} interrupted: no result written; run it again");
            Err(Stop::Interrupted.into())
        }
    }
}

/// Runs `work` with the shard's marker files: `running/` while it runs, `failed/` (with the
/// error) if it fails, neither once it succeeded.
pub(crate) fn attempt(
    dir: &PlanDir,
    index: usize,
    work: impl FnOnce() -> Result<Option<ShardResult>>,
) -> Result<Option<ShardResult>> {
    // A plan directory copied to a node may hold only plan.json and the puzzle.
    dir.make_dirs()?;
    let marker = dir.running_file(index);
    let started = serde_json::json!({"host": host(), "pid": std::process::id()});
    write_file(&marker, format!("{started}\n").as_bytes())?;
    let outcome = work();
    // The marker says "started, no result yet"; it goes whatever happened.
    let _ = std::fs::remove_file(&marker);
    match &outcome {
        Ok(Some(_)) => {
            let _ = std::fs::remove_file(dir.failed_file(index));
        }
        Ok(None) => {}
        Err(e) => {
            let failed = serde_json::json!({"host": host(), "error": format!("{e:#}")});
            let _ = write_file(&dir.failed_file(index), format!("{failed}\n").as_bytes());
        }
    }
    outcome
}

/// Writes a shard's computed work: its side file (if any), then its result, each atomically;
/// the result, written last, is what says the shard is done.
pub(crate) fn save(
    dir: &PlanDir,
    plan: &Plan,
    index: usize,
    threads: usize,
    c: &Computed,
) -> Result<ShardResult> {
    if let Some((name, text)) = &c.side {
        write_file(&dir.dir.join("results").join(name), text.as_bytes())?;
    }
    let result = c.result(plan, index, threads, host());
    write_file(&dir.result_file(index), result.to_text().as_bytes())?;
    Ok(result)
}
