//! One shard's work, as every job runs it: idempotent (a valid result is kept), marked while
//! it runs and when it fails, and reported in one line; the engine's statistics by name.

use super::files::{host, write_file, PlanDir};
use crate::exit::Stop;
use crate::{note, outln};
use anyhow::Result;
use std::collections::BTreeMap;
use wurfel_cover::Stats;
use wurfel_shard::{Plan, ShardResult};

/// True when shard `index` of a job computed in one round has a valid result (said on
/// stderr); a refused one is replaced by the run.
pub fn already_done(dir: &PlanDir, plan: &Plan, index: usize) -> bool {
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
pub fn run_and_report(
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
pub fn attempt(
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

/// A shard's counts for people: a packing count's three conventions in their usual order,
/// other jobs' tallies by name.
fn counts_line(counts: &BTreeMap<String, u64>) -> String {
    let pack = ["raw", "rotations", "rotations_reflections"];
    let names: Vec<&str> = if pack.iter().all(|k| counts.contains_key(*k)) {
        pack.to_vec()
    } else {
        counts.keys().map(String::as_str).collect()
    };
    names
        .iter()
        .map(|k| format!("{k} {}", counts.get(*k).copied().unwrap_or(0)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The engine's statistics by name (summed by the merge), named as `count --json` names them.
pub fn stats_map(s: &Stats) -> BTreeMap<String, u64> {
    s.named()
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect()
}

/// The inverse of [`stats_map`].
pub fn stats_of(m: &BTreeMap<String, u64>) -> Stats {
    Stats::from_named(|k| m.get(k).copied().unwrap_or(0))
}
