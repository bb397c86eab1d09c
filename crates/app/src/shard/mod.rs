//! The shard jobs: one count cut into shards that any cluster engine runs, merged exactly.
//! Every operation on a plan is here, for every front end: [`plan`], [`run`] one shard,
//! [`status`], [`merge`] and [`emit`] job scripts; each takes a request (and a [`Context`]) and
//! returns data, never printing. The plan directory ([`PlanDir`], named by the front end) is
//! read, written, marked and locked through `wurfel_files::Dir`.
//!
//! - [`job`]: [`ShardJob`], every kind of job, and the operations;
//! - [`count`]: a packing count, tasks of the search tree balanced by random probes;
//! - [`frontier`]: a frontier count, slices of the middle layer boundary;
//! - [`snake`]: a snake count or survey, tasks of canonical prefixes;
//! - [`analyse`]: a 4x4x4 stage analysis, each depth an array of byte ranges, then a join;
//! - [`dir`]: the plan directory's files; [`emit`]: the job scripts.
//!
//! [`Context`]: crate::Context
//!
//! A shard's work is a [`Computed`]: its summable counts and statistics, and the text of its
//! side file (kept solutions, tallies) when it has one.

pub mod analyse;
pub mod count;
pub mod dir;
pub mod emit;
pub mod frontier;
pub mod job;
mod kind;
pub mod snake;
#[cfg(test)]
mod tests;

pub use dir::PlanDir;
pub use job::{
    check_new, merge, plan, run, status, JobStatus, Merge, MergedJob, PlanRequest, Planned, Ran,
    Rounds, ShardJob,
};
pub use kind::Kind;

use std::collections::BTreeMap;
use wurfel_cover::Stats;
use wurfel_shard::{shard_name, Plan, ShardResult, SolutionsFile};

/// The version that plans are bound to (a plan's tasks mean what this wurfel makes them mean).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// What one shard computed, before it is written.
pub struct Computed {
    /// Summable counts by name.
    pub counts: BTreeMap<String, u64>,
    /// Summable statistics by name.
    pub stats: BTreeMap<String, u64>,
    /// The side file (its name in `results/`, its text), sealed by the result.
    pub side: Option<(String, String)>,
    /// Wall-clock milliseconds of the work.
    pub millis: u64,
}

impl Computed {
    /// The shard's result document (its side file, if any, sealed by its hash).
    pub fn result(&self, plan: &Plan, index: usize, threads: usize, host: String) -> ShardResult {
        let side = self
            .side
            .as_ref()
            .map(|(name, text)| SolutionsFile::of(name, text.as_bytes()));
        ShardResult::new(
            plan,
            index,
            self.counts.clone(),
            self.stats.clone(),
            self.millis,
            threads,
            host,
            side,
        )
    }
}

/// The name of shard `index`'s kept solutions (in `results/`, beside its result).
pub fn solutions_name(index: usize) -> String {
    format!("{}.solutions.jsonl", shard_name(index))
}

/// The name of shard `index`'s tallies (a survey's per-snake tallies, a frontier share's runs).
pub fn tallies_name(index: usize) -> String {
    format!("{}.tallies.jsonl", shard_name(index))
}

/// A shard's counts for people: a packing count's three conventions in their usual order,
/// other jobs' tallies by name.
pub fn counts_line(counts: &BTreeMap<String, u64>) -> String {
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

/// The slowest shard's and the mean shard's time, for the merge's closing note: (seconds of
/// shard time in all, slowest, mean, max/mean).
pub fn balance(plan: &Plan, merged: &wurfel_shard::Merged) -> (f64, f64, f64, f64) {
    let mean = merged.millis as f64 / plan.shards.len() as f64;
    (
        merged.millis as f64 / 1000.0,
        merged.max_millis as f64 / 1000.0,
        mean / 1000.0,
        if mean > 0.0 {
            merged.max_millis as f64 / mean
        } else {
            1.0
        },
    )
}
