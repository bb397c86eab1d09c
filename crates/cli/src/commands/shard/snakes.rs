//! Snake jobs in shards: `snake count` and `snake survey` cut into tasks, run and merged (the
//! job is `wurfel_app::shard::snake`); this module writes the plan and results and prints what
//! `snake count` / `snake survey` print.

use super::files::{write_file, PlanDir};
use super::job::{MergeTo, ShardJob};
use super::joined::{merge_results, print_merged};
use super::plan_args::PlanArgs;
use super::task::{already_done, run_and_report, save};
use crate::output::fmt_int;
use crate::present::snake::{render_count, render_survey};
use crate::{note, outln};
use anyhow::{bail, Context, Result};
use wurfel_app::shard::snake::{SnakeJob, SnakeMerged};
use wurfel_app::AppError;
use wurfel_shard::Plan;

impl ShardJob for SnakeJob {
    fn plan(&self, args: &PlanArgs, dir: &PlanDir) -> Result<()> {
        let puzzle = match self {
            SnakeJob::Count(_) => args.snake.clone().unwrap_or_default(),
            SnakeJob::Survey(b) => b.to_string(),
        };
        let shards = args.shards.unwrap_or(1) as usize;
        let (plan, tasks) = SnakeJob::plan(self, &puzzle, shards, args.oversplit as usize)?;
        std::fs::create_dir_all(&dir.dir)
            .with_context(|| format!("cannot create directory {}", dir.dir.display()))?;
        dir.make_dirs()?;
        write_file(&dir.plan_file(), plan.to_text().as_bytes())?;
        outln!(
            "{}: {} shards over {} tasks in {} (balanced by task count)",
            self.describe(),
            fmt_int(shards as u64),
            fmt_int(tasks as u64),
            dir.dir.display()
        );
        note!(
            "next: `wurfel shard emit {0} --to slurm` (or parallel, k8s), or `wurfel shard run {0} --index I`",
            dir.dir.display()
        );
        Ok(())
    }

    fn run(&self, dir: &PlanDir, plan: &Plan, index: usize, threads: usize) -> Result<()> {
        if already_done(dir, plan, index) {
            return Ok(());
        }
        run_and_report(dir, plan, index, || {
            let ctx = crate::hiargs::context(threads, &wurfel_app::Silent);
            let computed = SnakeJob::run(self, &ctx, plan, index)?;
            save(dir, plan, index, threads, &computed).map(Some)
        })
    }

    fn merge(&self, dir: &PlanDir, plan: &Plan, to: &MergeTo<'_>) -> Result<()> {
        if to.solutions.is_some() {
            bail!("snake shards keep no solutions (--solutions is for packing counts)");
        }
        let (_, merged) = merge_results(dir, plan, to.shown)?;
        let read = |f: &wurfel_shard::SolutionsFile| {
            let path = to.shown.join("results").join(&f.file);
            let shown = path.display().to_string();
            let bytes = std::fs::read(&path)
                .map_err(|e| AppError::io(format!("cannot read {shown}: {e}")))?;
            if !f.matches(&bytes) {
                return Err(AppError::input(format!("{shown} was changed or damaged")));
            }
            Ok((shown, bytes))
        };
        let secs = merged.millis as f64 / 1000.0;
        let text = match SnakeJob::merge(self, plan, &merged, read)? {
            SnakeMerged::Count(c) => {
                let SnakeJob::Count(n) = self else {
                    bail!("internal error: a count merged from a survey");
                };
                render_count(n, &c, secs, to.json, true)?
            }
            SnakeMerged::Survey(s) => render_survey(&s, secs, to.json, true, true)?,
        };
        print_merged(to, plan, &merged, &text, || Ok(()))
    }
}
