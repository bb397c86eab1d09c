//! The shard contract: how a computation too large for one machine is cut into shards that a
//! cluster engine (Slurm job arrays, GNU parallel, Kubernetes Indexed Jobs) runs anywhere, and
//! merged back exactly.
//!
//! - A [`Plan`] names the job (what to compute: a puzzle and options, interpreted by the
//!   caller), a content hash of the compiled problem, the version of wurfel that made it, and
//!   per shard its tasks (opaque prefixes of the job's search tree) with their estimated size.
//! - Each shard's run writes one [`ShardResult`]: its counts by name, nodes and time, bound to
//!   the plan by the plan's checksum.
//! - [`merge`] accepts the results only if every shard is present exactly once, for this plan,
//!   and sums the counts with overflow checks.
//!
//! Plans and results are sealed with a SHA-256 checksum over their contents (wurfel's one rule
//! for sealed files, `wurfel_files::sealed`), so a damaged or edited file is refused, never
//! believed. Nothing here touches files or knows puzzles: the
//! caller decides where the plan directory is and how a task is searched.

mod assign;
mod emit;
mod plan;
mod result;
mod status;

pub use assign::assign_contiguous;
pub use emit::{check_text, emit_k8s, emit_parallel, emit_slurm, sh_quote, Emit, SlurmScripts};
pub use plan::{Job, Plan, PlanError, ShardSpec, PLAN_FORMAT, PLAN_VERSION};
pub use result::{merge, Merged, ShardResult, SolutionsFile, RESULT_FORMAT, RESULT_VERSION};
pub use status::{index_ranges, Observed, Status};

/// The name of a shard's files: `shard-000017` (six digits keep `ls` in shard order for up to
/// a million shards).
pub fn shard_name(index: usize) -> String {
    format!("shard-{index:06}")
}
