//! The arguments of `wurfel shard plan`.

use crate::args::{MergeEqualShapes, Problem};
use crate::commands::pack::parse_convention;
use crate::hiargs::Threads;
use std::path::PathBuf;
use wurfel_pack::Convention;

/// Arguments of `wurfel shard plan`.
#[derive(clap::Args, Debug)]
pub(crate) struct PlanArgs {
    /// Built-in puzzle id (see `wurfel list`) or a puzzle file (.toml or BurrTools .xmpuzzle).
    #[arg(required_unless_present_any = ["snake", "snake_survey", "revenge_stage"])]
    pub(super) puzzle: Option<String>,
    /// Plan `wurfel snake count CHAIN` instead: a built-in snake or a chain, as that command
    /// takes it (shards are balanced by task count).
    #[arg(long, value_name = "CHAIN", conflicts_with_all = ["puzzle", "snake_survey"])]
    pub(super) snake: Option<String>,
    /// The box of --snake: a side (`3`) or dimensions (`2x2x3`); default from the cube count.
    #[arg(long = "box", value_name = "N|XxYxZ", requires = "snake")]
    pub(super) board: Option<String>,
    /// Plan `wurfel snake survey --box BOX` instead (shards are balanced by task count).
    #[arg(long, value_name = "BOX", conflicts_with = "puzzle")]
    pub(super) snake_survey: Option<String>,
    /// Plan `wurfel revenge analyse --stage S` (2, 3 or 5) instead: every depth is one array of
    /// the shards, each computing a range of the depth's table, then a join (`shard merge`).
    #[arg(long, value_name = "S", conflicts_with_all = ["puzzle", "snake", "snake_survey"],
          value_parser = clap::value_parser!(u8).range(2..=5))]
    pub(super) revenge_stage: Option<u8>,
    /// With --revenge-stage: analyse a small variant of the stage (as `revenge analyse
    /// --variant`: `centres` of stage 3, `wings` of stage 5).
    #[arg(long, value_name = "NAME", requires = "revenge_stage")]
    pub(super) variant: Option<String>,
    /// With --revenge-stage: stop after this depth (as `revenge analyse --max-depth`).
    #[arg(long, value_name = "D", requires = "revenge_stage")]
    pub(super) max_depth: Option<u32>,
    #[command(flatten)]
    pub(super) problem: Problem,
    #[command(flatten)]
    pub(super) merge: MergeEqualShapes,
    /// Number of shards (job array tasks), 1 to 1,000,000 (with --method frontier: at most
    /// the slices; default: one shard per slice).
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub(super) shards: Option<u32>,
    /// How the shards count a packing puzzle: `search` (tasks of the search tree) or
    /// `frontier` (with --layers and --slices: slices of the frontier method's middle
    /// boundary, see docs/FRONTIER.md).
    #[arg(long, value_enum, default_value_t = ShardMethod::Search)]
    pub(super) method: ShardMethod,
    /// With --method frontier: a layer at a time (as `count --layers`; the only way the
    /// frontier method is cut into slices).
    #[arg(long)]
    pub(super) layers: bool,
    /// With --method frontier --layers: cut the table after the middle layer boundary into N
    /// slices by a hash of the state (1 to 256); every shard walks the layers before it, then
    /// its slices to the end.
    #[arg(long, value_name = "N", requires = "layers",
          value_parser = clap::value_parser!(u16).range(1..=256))]
    pub(super) slices: Option<u16>,
    /// The plan directory to create (it must not hold a plan yet).
    #[arg(long, value_name = "DIR")]
    pub(super) dir: PathBuf,
    /// Cut the tree into about this many tasks per shard before balancing (more: better
    /// balance, a longer plan).
    #[arg(long, value_name = "K", default_value_t = 8,
          value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub(super) oversplit: u32,
    /// Random probes per task when estimating task sizes.
    #[arg(long, value_name = "N", default_value_t = 24,
          value_parser = clap::value_parser!(u64).range(2..=1_000_000))]
    pub(super) probes_per_task: u64,
    /// Seed of the random probes (the same seed gives the same plan).
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub(super) seed: u64,
    /// Keep the solutions distinct under this convention in every shard (raw, rotations,
    /// rotations_reflections); `shard merge --solutions FILE` joins them.
    #[arg(long, value_name = "CONVENTION", value_parser = parse_convention)]
    pub(super) keep_solutions: Option<Convention>,
    #[command(flatten)]
    pub(super) threads: Threads,
}

/// How a plan counts a packing puzzle. Not `count`'s `auto`: a plan commits to one method, so
/// its shards and its merge agree on it.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ShardMethod {
    /// Tasks of the backtracking search tree.
    Search,
    /// Slices of the frontier method's middle layer boundary (with --layers --slices N).
    Frontier,
}
