//! `wurfel shard plan`: the flags checked and turned into a request, the plan made by
//! `wurfel_app::shard::plan`, and what it says printed.

use super::plan_args::{PlanArgs, ShardMethod};
use super::{check_dir_name, plan_dir};
use crate::exit::Usage;
use crate::hiargs::Packing;
use crate::output::fmt_int;
use crate::{note, outln, progress};
use anyhow::{bail, Result};
use wurfel_app::shard::analyse::AnalyseJob;
use wurfel_app::shard::count::CutRequest;
use wurfel_app::shard::frontier::Slices;
use wurfel_app::shard::snake::SnakeJob;
use wurfel_app::shard::{PlanRequest, Planned};

/// `wurfel shard plan`.
pub(crate) fn plan(args: PlanArgs) -> Result<()> {
    check_dir_name(&args.dir)?;
    let dir = plan_dir(&args.dir);
    wurfel_app::shard::check_new(&dir)?;
    check_flags(&args)?;
    let shards = args.shards.map(|s| s as usize);
    let reporter = progress::Reporter::new(true);
    let ctx = crate::hiargs::context(crate::hiargs::threads(args.threads), &reporter);
    let snake = match (&args.snake, &args.snake_survey) {
        (Some(chain), _) => Some((SnakeJob::count(chain, args.board.as_deref())?, chain)),
        (None, Some(b)) => Some((SnakeJob::survey(b)?, b)),
        (None, None) => None,
    };
    let planned = if let Some((job, puzzle)) = &snake {
        let request = PlanRequest::Snake {
            job,
            puzzle,
            shards: shards.unwrap_or(1),
            oversplit: args.oversplit as usize,
        };
        wurfel_app::shard::plan(&ctx, &dir, request)?
    } else if let Some(stage) = args.revenge_stage {
        let job = AnalyseJob::new(usize::from(stage), args.variant.as_deref(), args.max_depth)?;
        let request = PlanRequest::Analyse {
            job: &job,
            shards: shards.unwrap_or(1),
        };
        wurfel_app::shard::plan(&ctx, &dir, request)?
    } else {
        let Some(puzzle) = &args.puzzle else {
            bail!("which puzzle? give a puzzle, --snake CHAIN or --snake-survey BOX");
        };
        // Refused before the puzzle is read.
        let slices = match args.slices {
            Some(n) => Some(Slices::new(usize::from(n))?),
            None => None,
        };
        let frontier_shards = slices.as_ref().map(|s| shards.unwrap_or(s.slices()));
        if let (Some(s), Some(n)) = (&slices, frontier_shards) {
            s.check_shards(n)?;
        }
        let run = Packing::of(puzzle, &args.problem, args.merge, args.threads)?;
        // The plan's files may not replace the puzzle (`shard plan D/puzzle.toml --dir D`):
        // refused now, before the tree is cut.
        for f in [dir.puzzle_file(), dir.plan_file()] {
            crate::inputs::check_output(&f, &f, true)?;
        }
        let ready = run.prepare()?;
        let (puzzle, ready) = (&run.puzzle, &ready);
        let request = match (&slices, frontier_shards) {
            (Some(slices), Some(shards)) => PlanRequest::Frontier {
                puzzle,
                ready,
                slices,
                shards,
            },
            _ => PlanRequest::Count {
                puzzle,
                ready,
                cut: CutRequest {
                    shards: shards.unwrap_or(1),
                    oversplit: args.oversplit as usize,
                    probes_per_task: args.probes_per_task,
                    seed: args.seed,
                    keep: args.keep_solutions,
                },
            },
        };
        wurfel_app::shard::plan(&ctx, &dir, request)?
    };
    drop(reporter);
    say(&planned, shards, &dir.path().display().to_string())
}

/// Refuses flags that do not go together (clap cannot say all of it).
fn check_flags(args: &PlanArgs) -> Result<()> {
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
    let other = args.snake.is_some() || args.snake_survey.is_some() || args.revenge_stage.is_some();
    if packing_only && other {
        bail!("--keep-solutions, --merge-equal-shapes and --problem are for packing puzzles only");
    }
    if (args.layers || args.slices.is_some()) && args.method != ShardMethod::Frontier {
        bail!("--layers and --slices are options of --method frontier");
    }
    if args.method == ShardMethod::Frontier {
        if other || args.keep_solutions.is_some() {
            bail!(
                "--method frontier counts a packing puzzle's solutions without keeping them (no \
                 --snake, --snake-survey, --revenge-stage or --keep-solutions)"
            );
        }
        if args.slices.is_none() || !args.layers {
            bail!(
                "--method frontier is cut into shards by slices of a layer boundary: give \
                 --layers --slices N"
            );
        }
        if args.puzzle.is_none() {
            bail!("which puzzle? --method frontier counts a packing puzzle");
        }
    } else if args.shards.is_none() {
        return Err(Usage("how many shards? give --shards N".into()).into());
    }
    Ok(())
}

/// Prints what the plan is and what comes next.
fn say(planned: &Planned, shards: Option<usize>, dir: &str) -> Result<()> {
    let n = shards.unwrap_or(1);
    let next = format!(
        "`wurfel shard emit {dir} --to slurm` (or parallel, k8s), or `wurfel shard run {dir} \
         --index I`"
    );
    match planned {
        Planned::Count {
            name,
            tasks,
            probes,
            estimated,
            largest,
        } => {
            outln!(
                "{name}: {} shards over {} tasks in {dir} ({} probes); estimated {} nodes, \
                 largest shard {largest:.2}x the mean",
                fmt_int(n as u64),
                fmt_int(*tasks as u64),
                fmt_int(*probes),
                fmt_int(estimated.round() as u64),
            );
            note!("next: {next}");
        }
        Planned::Frontier { name, slices } => {
            let n = shards.unwrap_or(*slices);
            outln!(
                "{name}: the frontier count in {slices} slices, {} shards, in {dir}",
                fmt_int(n as u64)
            );
            note!(
                "each shard walks the layers before the middle boundary, then its slices of it \
                 to the end; next: {next}"
            );
        }
        Planned::Snake { what, tasks } => {
            outln!(
                "{what}: {} shards over {} tasks in {dir} (balanced by task count)",
                fmt_int(n as u64),
                fmt_int(*tasks as u64)
            );
            note!("next: {next}");
        }
        Planned::Analyse(a) => {
            outln!(
                "{}: {} entries, {} bytes per depth; {} shards of about {} bytes each, in {dir}",
                a.name,
                fmt_int(a.entries),
                fmt_int(a.bytes as u64),
                fmt_int(n as u64),
                fmt_int(a.bytes.div_ceil(n) as u64)
            );
            note!(
                "every depth is one array of the {n} shards, then `wurfel shard merge {dir}` \
                 joins it; `wurfel shard emit {dir} --to slurm` (or parallel) writes a driver \
                 that loops over the depths"
            );
        }
    }
    Ok(())
}
