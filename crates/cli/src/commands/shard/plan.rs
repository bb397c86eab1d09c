//! `wurfel shard plan`.

use super::files::{check_dir_name, write_file, PlanDir, VERSION};
use super::snakes::SnakeJob;
use crate::args::{MergeEqualShapes, Problem, Threads};
use crate::commands::pack::{load, parse_convention, prepare};
use crate::commands::snake::{parse_box, resolve};
use crate::output::fmt_int;
use crate::{note, outln, progress};
use anyhow::{bail, Context, Result};
use std::collections::BTreeMap;
use std::path::PathBuf;
use wurfel_cover::{CutOptions, Tree};
use wurfel_pack::checkpoint::Fingerprint;
use wurfel_pack::Convention;
use wurfel_shard::{assign_contiguous, Job, Plan, ShardSpec};

/// Arguments of `wurfel shard plan`.
#[derive(clap::Args, Debug)]
pub struct PlanArgs {
    /// Built-in puzzle id (see `wurfel list`) or a puzzle file (.toml or BurrTools .xmpuzzle).
    #[arg(required_unless_present_any = ["snake", "snake_survey", "revenge_stage"])]
    puzzle: Option<String>,
    /// Plan `wurfel snake count CHAIN` instead: a built-in snake or a chain, as that command
    /// takes it (shards are balanced by task count).
    #[arg(long, value_name = "CHAIN", conflicts_with_all = ["puzzle", "snake_survey"])]
    snake: Option<String>,
    /// The box of --snake: a side (`3`) or dimensions (`2x2x3`); default from the cube count.
    #[arg(long = "box", value_name = "N|XxYxZ", requires = "snake")]
    board: Option<String>,
    /// Plan `wurfel snake survey --box BOX` instead (shards are balanced by task count).
    #[arg(long, value_name = "BOX", conflicts_with = "puzzle")]
    snake_survey: Option<String>,
    /// Plan `wurfel revenge analyse --stage S` (2, 3 or 5) instead: every depth is one array of
    /// the shards, each computing a range of the depth's table, then a join (`shard merge`).
    #[arg(long, value_name = "S", conflicts_with_all = ["puzzle", "snake", "snake_survey"],
          value_parser = clap::value_parser!(u8).range(2..=5))]
    revenge_stage: Option<u8>,
    /// With --revenge-stage: analyse a small variant of the stage (as `revenge analyse
    /// --variant`: `centres` of stage 3, `wings` of stage 5).
    #[arg(long, value_name = "NAME", requires = "revenge_stage")]
    variant: Option<String>,
    /// With --revenge-stage: stop after this depth (as `revenge analyse --max-depth`).
    #[arg(long, value_name = "D", requires = "revenge_stage")]
    max_depth: Option<u32>,
    #[command(flatten)]
    problem: Problem,
    #[command(flatten)]
    merge: MergeEqualShapes,
    /// Number of shards (job array tasks), 1 to 1,000,000.
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    shards: u32,
    /// The plan directory to create (it must not hold a plan yet).
    #[arg(long, value_name = "DIR")]
    dir: PathBuf,
    /// Cut the tree into about this many tasks per shard before balancing (more: better
    /// balance, a longer plan).
    #[arg(long, value_name = "K", default_value_t = 8,
          value_parser = clap::value_parser!(u32).range(1..=1000))]
    oversplit: u32,
    /// Random probes per task when estimating task sizes.
    #[arg(long, value_name = "N", default_value_t = 24,
          value_parser = clap::value_parser!(u64).range(2..=1_000_000))]
    probes_per_task: u64,
    /// Seed of the random probes (the same seed gives the same plan).
    #[arg(long, value_name = "N", default_value_t = 1)]
    seed: u64,
    /// Keep the solutions distinct under this convention in every shard (raw, rotations,
    /// rotations_reflections); `shard merge --solutions FILE` joins them.
    #[arg(long, value_name = "CONVENTION", value_parser = parse_convention)]
    keep_solutions: Option<Convention>,
    #[command(flatten)]
    threads: Threads,
}

/// `wurfel shard plan`.
pub fn plan(args: PlanArgs) -> Result<()> {
    check_dir_name(&args.dir)?;
    let dir = PlanDir::new(&args.dir);
    if dir.plan_file().exists() {
        bail!(
            "{} already holds a shard plan: choose another directory (or remove it to plan anew)",
            args.dir.display()
        );
    }
    if args.revenge_stage.is_none() && (args.variant.is_some() || args.max_depth.is_some()) {
        bail!("--variant and --max-depth are for analyses (with --revenge-stage S)");
    }
    // clap leaves `requires = "snake"` unchecked next to the optional positional, so say it here.
    if args.board.is_some() && args.snake.is_none() {
        bail!("--box is the box of --snake CHAIN (a survey takes its box as --snake-survey BOX)");
    }
    if args.snake.is_some() || args.snake_survey.is_some() {
        return plan_snake(&args, &dir);
    }
    if let Some(stage) = args.revenge_stage {
        if args.keep_solutions.is_some()
            || args.merge.merge_equal_shapes
            || args.problem.problem.is_some()
        {
            bail!(
                "--keep-solutions, --merge-equal-shapes and --problem are for packing puzzles only"
            );
        }
        return super::analyse::plan(
            usize::from(stage),
            args.variant.as_deref(),
            args.max_depth,
            args.shards as usize,
            &dir,
        );
    }
    let Some(puzzle) = &args.puzzle else {
        bail!("which puzzle? give a puzzle, --snake CHAIN or --snake-survey BOX");
    };
    let puzzle = load(puzzle, &args.problem, args.merge)?;
    // The plan's files may not replace the puzzle (`shard plan D/puzzle.toml --dir D`):
    // refused now, before the tree is cut.
    for f in [dir.puzzle_file(), dir.plan_file()] {
        crate::inputs::check_output(&f, &f, true)?;
    }
    let prep = prepare(&puzzle, args.threads.get())?;
    let shards = args.shards as usize;
    let tree = Tree::new(prep.problem())?;
    let spinner = progress::spinner(true);
    spinner.set_message("cutting the search tree into tasks");
    let tick = |n: usize| spinner.set_message(format!("cutting the search tree: {n} tasks"));
    let pieces = shards.saturating_mul(args.oversplit as usize);
    let weight = |rows: &[u32]| prep.cover_weight(rows);
    let cut = tree.cut(
        &CutOptions {
            pieces,
            max_tasks: pieces.saturating_mul(32).clamp(1 << 12, 1 << 24),
            probes_per_task: args.probes_per_task,
            seed: args.seed,
            threads: args.threads.get(),
            progress: Some(&tick),
        },
        &weight,
    );
    spinner.finish_and_clear();
    if cut.tasks.len() < shards {
        bail!(
            "the search of {} splits into only {} tasks: use --shards {} or fewer",
            puzzle.id,
            cut.tasks.len(),
            cut.tasks.len()
        );
    }
    // The cut is the engine's to make; checking it here costs little and means a plan never
    // leaves out or repeats part of the search.
    tree.check_cut(&cut.tasks)
        .map_err(|e| anyhow::anyhow!("internal error: the cut is not a cut of the tree: {e}"))?;
    let specs: Vec<ShardSpec> = assign_contiguous(&cut.nodes, shards)
        .into_iter()
        .map(|r| ShardSpec {
            tasks: cut.tasks[r.clone()].to_vec(),
            estimated_nodes: cut.nodes[r].iter().sum::<f64>().round() as u64,
        })
        .collect();
    let mut options = BTreeMap::new();
    if let Some(c) = args.keep_solutions {
        options.insert("keep_solutions".to_string(), c.key().to_string());
    }
    let job = Job {
        kind: "count".to_string(),
        puzzle: puzzle.id.clone(),
        options,
    };
    let problem = Fingerprint::of(&prep)?.hex;
    let plan = Plan::new(VERSION, job, problem, cut.probes, args.seed, specs);
    std::fs::create_dir_all(&args.dir)
        .with_context(|| format!("cannot create directory {}", args.dir.display()))?;
    dir.make_dirs()?;
    write_file(
        &dir.puzzle_file(),
        wurfel_pack::file::to_toml(&puzzle).as_bytes(),
    )?;
    write_file(&dir.plan_file(), plan.to_text().as_bytes())?;
    let est: Vec<f64> = plan
        .shards
        .iter()
        .map(|s| s.estimated_nodes as f64)
        .collect();
    let total: f64 = est.iter().sum();
    let max = est.iter().cloned().fold(0.0, f64::max);
    outln!(
        "{}: {} shards over {} tasks in {} ({} probes); estimated {} nodes, largest shard {:.2}x the mean",
        puzzle.name,
        fmt_int(shards as u64),
        fmt_int(cut.tasks.len() as u64),
        args.dir.display(),
        fmt_int(cut.probes),
        fmt_int(total.round() as u64),
        if total > 0.0 { max / (total / shards as f64) } else { 1.0 }
    );
    note!(
        "next: `wurfel shard emit {0} --to slurm` (or parallel, k8s), or `wurfel shard run {0} --index I`",
        args.dir.display()
    );
    Ok(())
}

/// `wurfel shard plan --snake CHAIN` or `--snake-survey BOX`.
fn plan_snake(args: &PlanArgs, dir: &PlanDir) -> Result<()> {
    if args.keep_solutions.is_some()
        || args.merge.merge_equal_shapes
        || args.problem.problem.is_some()
    {
        bail!("--keep-solutions, --merge-equal-shapes and --problem are for packing puzzles only");
    }
    let (job, puzzle) = match (&args.snake, &args.snake_survey) {
        (Some(chain), _) => (
            SnakeJob::Count(resolve(chain, args.board.as_deref())?),
            chain.clone(),
        ),
        (None, Some(b)) => {
            let board = parse_box(b)?;
            let name = board.to_string();
            (SnakeJob::Survey(board), name)
        }
        (None, None) => bail!("internal error: not a snake plan"),
    };
    let shards = args.shards as usize;
    super::snakes::plan(job, &puzzle, shards, args.oversplit as usize, dir)
}
