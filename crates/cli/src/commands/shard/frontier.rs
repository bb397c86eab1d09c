//! Frontier counts in shards: `wurfel count PUZZLE --method frontier --layers --slices N` with
//! each slice of the middle boundary counted by its own shard (the job is
//! `wurfel_app::shard::frontier`); this module writes the plan and results and prints what
//! `count --method frontier` prints.

use super::files::{write_file, PlanDir};
use super::job::{MergeTo, ShardJob};
use super::joined::{merge_results, print_merged};
use super::plan_args::PlanArgs;
use super::task::{already_done, run_and_report, save};
use crate::commands::count_frontier::{render_json, render_text};
use crate::hiargs::Packing;
use crate::output::fmt_int;
use crate::{note, outln, progress};
use anyhow::{bail, Context, Result};
use wurfel_app::shard::frontier::Slices;
use wurfel_shard::Plan;

/// A frontier count cut into slices.
pub(crate) struct FrontierJob(pub Slices);

impl ShardJob for FrontierJob {
    fn plan(&self, args: &PlanArgs, dir: &PlanDir) -> Result<()> {
        let Some(puzzle) = &args.puzzle else {
            bail!("which puzzle? --method frontier counts a packing puzzle");
        };
        let slices = self.0.slices();
        let shards = args.shards.map_or(slices, |s| s as usize);
        // Refused before the puzzle is read.
        self.0.check_shards(shards)?;
        let run = Packing::of(puzzle, &args.problem, args.merge, args.threads)?;
        for f in [dir.puzzle_file(), dir.plan_file()] {
            crate::inputs::check_output(&f, &f, true)?;
        }
        let prep = run.prepare()?;
        let plan = self.0.plan(&run.puzzle, &prep, shards)?;
        std::fs::create_dir_all(&dir.dir)
            .with_context(|| format!("cannot create directory {}", dir.dir.display()))?;
        dir.make_dirs()?;
        write_file(
            &dir.puzzle_file(),
            wurfel_pack::file::to_toml(&run.puzzle).as_bytes(),
        )?;
        write_file(&dir.plan_file(), plan.to_text().as_bytes())?;
        outln!(
            "{}: the frontier count in {} slices, {} shards, in {}",
            run.puzzle.name,
            slices,
            fmt_int(shards as u64),
            dir.dir.display()
        );
        note!(
            "each shard walks the layers before the middle boundary, then its slices of it to \
             the end; next: `wurfel shard emit {0} --to slurm` (or parallel, k8s), or \
             `wurfel shard run {0} --index I`",
            dir.dir.display()
        );
        Ok(())
    }

    fn run(&self, dir: &PlanDir, plan: &Plan, index: usize, threads: usize) -> Result<()> {
        if already_done(dir, plan, index) {
            return Ok(());
        }
        run_and_report(dir, plan, index, || {
            let prep = dir.prepared(plan)?;
            let reporter = progress::Reporter::new(true);
            progress::cancellation();
            let ctx = crate::hiargs::context(threads, &reporter);
            let computed = self.0.run(&ctx, &prep, plan, index)?;
            drop(reporter);
            computed
                .map(|c| save(dir, plan, index, threads, &c))
                .transpose()
        })
    }

    fn merge(&self, dir: &PlanDir, plan: &Plan, to: &MergeTo<'_>) -> Result<()> {
        if to.solutions.is_some() {
            bail!("frontier shards keep no solutions (--solutions is for search counts)");
        }
        let prep = dir.prepared(plan)?;
        let (results, merged) = merge_results(dir, plan, to.shown)?;
        self.0.check_merged(&merged)?;
        let mut shares = Vec::with_capacity(results.len());
        for r in &results {
            let Some(f) = &r.solutions else {
                bail!("shard {}'s result names no tallies file", r.index);
            };
            // `merge_results` checked the file against its hash.
            let path = to.shown.join("results").join(&f.file);
            let text = std::fs::read_to_string(&path)
                .with_context(|| format!("cannot read {}", path.display()))?;
            shares.push((path.display().to_string(), text));
        }
        let report = self
            .0
            .merge(&prep, &shares, &to.shown.display().to_string())?;
        let seconds = merged.millis as f64 / 1000.0;
        let threads = results.iter().map(|r| r.threads).max().unwrap_or(1);
        let text = if to.json {
            render_json(&prep, &report, None, seconds, threads)?
        } else {
            render_text(&prep, &report, seconds, threads)?
        };
        print_merged(to, plan, &merged, &text, || Ok(()))
    }
}
