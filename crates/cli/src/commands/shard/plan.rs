//! `wurfel shard plan`.

use super::analyse::AnalyseJob;
use super::count::CountJob;
use super::files::{check_dir_name, PlanDir};
use super::frontier::FrontierJob;
use super::job::ShardJob;
use crate::exit::Usage;
use anyhow::{bail, Result};
use wurfel_app::shard::frontier::Slices;
use wurfel_app::shard::snake::SnakeJob;

pub(crate) use super::plan_args::PlanArgs;
use super::plan_args::ShardMethod;

/// `wurfel shard plan`.
pub(crate) fn plan(args: PlanArgs) -> Result<()> {
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
    let packing_only = args.keep_solutions.is_some()
        || args.merge.merge_equal_shapes
        || args.problem.problem.is_some();
    let snake = args.snake.is_some() || args.snake_survey.is_some();
    if packing_only && (snake || args.revenge_stage.is_some()) {
        bail!("--keep-solutions, --merge-equal-shapes and --problem are for packing puzzles only");
    }
    if (args.layers || args.slices.is_some()) && args.method != ShardMethod::Frontier {
        bail!("--layers and --slices are options of --method frontier");
    }
    if args.method == ShardMethod::Frontier {
        return frontier_plan(&args, &dir, snake || args.revenge_stage.is_some());
    }
    if args.shards.is_none() {
        return Err(Usage("how many shards? give --shards N".into()).into());
    }
    let job: Box<dyn ShardJob> = if snake {
        Box::new(snake_job(&args)?)
    } else if let Some(stage) = args.revenge_stage {
        Box::new(AnalyseJob::new(
            usize::from(stage),
            args.variant.as_deref(),
            args.max_depth,
        )?)
    } else {
        Box::new(CountJob::new(args.keep_solutions))
    };
    job.plan(&args, &dir)
}

/// `shard plan PUZZLE --method frontier --layers --slices N [--shards S]`.
fn frontier_plan(args: &PlanArgs, dir: &PlanDir, other_job: bool) -> Result<()> {
    if other_job || args.keep_solutions.is_some() {
        bail!(
            "--method frontier counts a packing puzzle's solutions without keeping them (no \
             --snake, --snake-survey, --revenge-stage or --keep-solutions)"
        );
    }
    let Some(slices) = args.slices.filter(|_| args.layers) else {
        bail!(
            "--method frontier is cut into shards by slices of a layer boundary: give --layers \
             --slices N"
        );
    };
    FrontierJob(Slices::new(usize::from(slices))?).plan(args, dir)
}

/// The job of `shard plan --snake CHAIN [--box B]` or `--snake-survey BOX`.
fn snake_job(args: &PlanArgs) -> Result<SnakeJob> {
    match (&args.snake, &args.snake_survey) {
        (Some(chain), _) => Ok(SnakeJob::count(chain, args.board.as_deref())?),
        (None, Some(b)) => Ok(SnakeJob::survey(b)?),
        (None, None) => bail!("internal error: not a snake plan"),
    }
}
