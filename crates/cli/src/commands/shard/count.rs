//! Packing counts in shards: `wurfel count PUZZLE` cut into tasks of the engine's search tree
//! (balanced by random-probe estimates), each shard a run of tasks, merged exactly.

use super::files::{write_file, PlanDir};
use super::job::{MergeTo, ShardJob};
use super::joined::{merge_results, print_merged};
use super::plan_args::PlanArgs;
use super::task::{already_done, run_and_report, save};
use crate::hiargs::Packing;
use crate::output::fmt_int;
use crate::present::count::render;
use crate::{note, outln, progress};
use anyhow::{bail, Context, Result};
use wurfel_app::shard::count::{self as job, CutRequest};
use wurfel_pack::Convention;
use wurfel_shard::Plan;

/// A packing count: the puzzle is the plan's (`D/puzzle.toml`), prepared by `run` and `merge`.
pub(crate) struct CountJob {
    /// Keep the solutions distinct under this convention.
    keep: Option<Convention>,
}

impl CountJob {
    /// The job `shard plan PUZZLE` makes.
    pub(crate) fn new(keep: Option<Convention>) -> CountJob {
        CountJob { keep }
    }

    /// The job of a plan (its problem hash is checked when the puzzle is prepared).
    pub(crate) fn of_plan(plan: &Plan) -> Result<CountJob> {
        Ok(CountJob {
            keep: job::keep_of(plan)?,
        })
    }
}

impl ShardJob for CountJob {
    fn plan(&self, args: &PlanArgs, dir: &PlanDir) -> Result<()> {
        let Some(puzzle) = &args.puzzle else {
            bail!("which puzzle? give a puzzle, --snake CHAIN or --snake-survey BOX");
        };
        let run = Packing::of(puzzle, &args.problem, args.merge, args.threads)?;
        let puzzle = &run.puzzle;
        // The plan's files may not replace the puzzle (`shard plan D/puzzle.toml --dir D`):
        // refused now, before the tree is cut.
        for f in [dir.puzzle_file(), dir.plan_file()] {
            crate::inputs::check_output(&f, &f, true)?;
        }
        let prep = run.prepare()?;
        let shards = args.shards.unwrap_or(1) as usize;
        let request = CutRequest {
            shards,
            oversplit: args.oversplit as usize,
            probes_per_task: args.probes_per_task,
            seed: args.seed,
            keep: self.keep,
        };
        let reporter = progress::Reporter::new(true);
        let cut = job::plan(&run.context(&reporter), puzzle, &prep, &request)?;
        drop(reporter);
        let plan = cut.plan;
        std::fs::create_dir_all(&args.dir)
            .with_context(|| format!("cannot create directory {}", args.dir.display()))?;
        dir.make_dirs()?;
        write_file(
            &dir.puzzle_file(),
            wurfel_pack::file::to_toml(puzzle).as_bytes(),
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
            fmt_int(cut.tasks as u64),
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

    fn run(&self, dir: &PlanDir, plan: &Plan, index: usize, threads: usize) -> Result<()> {
        if already_done(dir, plan, index) {
            return Ok(());
        }
        let prep = dir.prepared(plan)?;
        run_and_report(dir, plan, index, || {
            let reporter = progress::Reporter::new(true);
            progress::cancellation();
            let ctx = crate::hiargs::context(threads, &reporter);
            let computed = job::run(&ctx, &prep, plan, index, self.keep)?;
            drop(reporter);
            computed
                .map(|c| save(dir, plan, index, threads, &c))
                .transpose()
        })
    }

    fn merge(&self, dir: &PlanDir, plan: &Plan, to: &MergeTo<'_>) -> Result<()> {
        let prep = dir.prepared(plan)?;
        // Shards check their own tasks only; whether all of them together are the whole
        // search, each part once, is checked here.
        job::check_whole(&prep, plan)?;
        let (results, merged) = merge_results(dir, plan, to.shown)?;
        let text = render(&prep, &job::summary(&merged, &results), to.json)?;
        print_merged(to, plan, &merged, &text, || {
            let Some(o) = to.solutions else {
                return Ok(());
            };
            if merged.solutions.is_empty() && self.keep.is_none() {
                bail!("the plan kept no solutions (plan with --keep-solutions CONVENTION)");
            }
            let mut all = Vec::new();
            for s in &merged.solutions {
                let path = to.shown.join("results").join(&s.file);
                all.extend(
                    std::fs::read(&path)
                        .with_context(|| format!("cannot read {}", path.display()))?,
                );
            }
            o.write_all(&all)
        })
    }
}
