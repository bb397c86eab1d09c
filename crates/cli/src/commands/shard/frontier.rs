//! Frontier counts in shards: `wurfel count PUZZLE --method frontier --layers --slices N` with
//! each slice of the middle boundary counted by its own shard, merged exactly.
//!
//! A task is one slice (`[j]`, of `0..N`); a shard counts a contiguous range of them in one
//! run (the layers before the cut are walked once per shard). Its result holds the number of
//! slices it counted and the transitions it made; every run's fixed points (the raw count and
//! one per symmetry, exact integers of any size) and statistics go to a tallies file beside
//! it, sealed by its SHA-256 in the result. The merge adds the shares and applies Burnside's
//! lemma (`wurfel_pack::frontier::merge_slices`), so it prints what `count --method frontier`
//! prints.

use super::files::{host, write_file, PlanDir, VERSION};
use super::job::{Kind, MergeTo, ShardJob};
use super::joined::{merge_results, print_merged};
use super::plan_args::PlanArgs;
use super::task::{already_done, run_and_report};
use crate::commands::count_frontier::{render_json, render_text};
use crate::hiargs::Packing;
use crate::output::fmt_int;
use crate::{note, outln, progress};
use anyhow::{bail, Context, Result};
use num_bigint::BigUint;
use std::collections::BTreeMap;
use std::time::Instant;
use wurfel_pack::checkpoint::Fingerprint;
use wurfel_pack::frontier::{self, FrontierError, FrontierOptions, FrontierReport, RunStats};
use wurfel_pack::Prepared;
use wurfel_shard::{assign_contiguous, Job, Plan, ShardResult, ShardSpec, SolutionsFile};

/// The most slices (the state table is kept in 256 parts; a slice is a range of them).
pub const MAX_SLICES: usize = 256;

/// A frontier count cut into `slices` slices.
pub struct FrontierJob {
    slices: usize,
}

impl FrontierJob {
    /// The job `shard plan PUZZLE --method frontier --layers --slices N` makes.
    pub fn new(slices: usize) -> Result<FrontierJob> {
        if !(1..=MAX_SLICES).contains(&slices) {
            bail!("--slices must be 1 to {MAX_SLICES}, not {slices}");
        }
        Ok(FrontierJob { slices })
    }

    /// The job of a plan; its tasks must be the slices `[0]`, `[1]`, ... in order.
    pub fn of_plan(plan: &Plan) -> Result<FrontierJob> {
        let slices = plan
            .job
            .options
            .get("slices")
            .and_then(|s| s.parse::<usize>().ok())
            .context("the plan names no number of slices")?;
        let job = FrontierJob::new(slices)?;
        let want: Vec<Vec<u32>> = (0..slices as u32).map(|j| vec![j]).collect();
        if plan.all_tasks() != want || plan.shards.iter().any(|s| s.tasks.is_empty()) {
            bail!(
                "the plan's tasks are not the slices 0 to {} once each, at least one per shard",
                slices - 1
            );
        }
        Ok(job)
    }

    /// The counter's options (without the slice of a shard): what the shares and the merge
    /// must agree on.
    fn options(&self) -> FrontierOptions<'static> {
        FrontierOptions {
            layers: true,
            canonical: true,
            slices: self.slices,
            ..Default::default()
        }
    }

    /// Counts shard `index`'s slices; `None` if interrupted.
    fn count(
        &self,
        dir: &PlanDir,
        plan: &Plan,
        index: usize,
        threads: usize,
    ) -> Result<Option<ShardResult>> {
        let prep = dir.prepared(plan)?;
        let tasks = &plan.shards[index].tasks;
        let (a, b) = (tasks[0][0] as usize, tasks[tasks.len() - 1][0] as usize + 1);
        let bar = progress::spinner(true);
        let tick = |p: &frontier::FrontierProgress| {
            bar.set_message(format!(
                "slices {a}..{b}: {}",
                crate::progress::frontier_line(p)
            ));
        };
        let opts = FrontierOptions {
            slice: Some((a, b)),
            threads,
            max_bytes: crate::memory::limit_bytes(),
            cancel: Some(progress::cancellation()),
            progress: Some(&tick),
            ..self.options()
        };
        let start = Instant::now();
        let report = frontier::count(&prep, &opts);
        bar.finish_and_clear();
        let report = match report {
            Ok(r) => r,
            Err(FrontierError::Cancelled) => return Ok(None),
            Err(e) => return Err(e.into()),
        };
        let millis = start.elapsed().as_millis() as u64;
        let text = runs_text(&report.runs)?;
        let name = PlanDir::tallies_name(index);
        write_file(&dir.dir.join("results").join(&name), text.as_bytes())?;
        let counts = BTreeMap::from([("slices".to_string(), (b - a) as u64)]);
        let transitions = report.runs.iter().filter(|r| r.same_as.is_none());
        let stats = BTreeMap::from([(
            "transitions".to_string(),
            transitions.map(|r| r.transitions).sum(),
        )]);
        let side = Some(SolutionsFile::of(&name, text.as_bytes()));
        let result = ShardResult::new(plan, index, counts, stats, millis, threads, host(), side);
        write_file(&dir.result_file(index), result.to_text().as_bytes())?;
        Ok(Some(result))
    }
}

impl ShardJob for FrontierJob {
    fn plan(&self, args: &PlanArgs, dir: &PlanDir) -> Result<()> {
        let Some(puzzle) = &args.puzzle else {
            bail!("which puzzle? --method frontier counts a packing puzzle");
        };
        let shards = args.shards.map_or(self.slices, |s| s as usize);
        if shards > self.slices {
            bail!(
                "{shards} shards for {} slices: a shard counts one slice or more (use --shards \
                 {} or fewer, or more --slices)",
                self.slices,
                self.slices
            );
        }
        let run = Packing::of(puzzle, &args.problem, args.merge, args.threads)?;
        for f in [dir.puzzle_file(), dir.plan_file()] {
            crate::inputs::check_output(&f, &f, true)?;
        }
        let prep = run.prepare()?;
        // The counter refuses a puzzle it cannot count (a state too wide) at once: better now
        // than on every node.
        check_countable(&prep)?;
        let slices: Vec<Vec<u32>> = (0..self.slices as u32).map(|j| vec![j]).collect();
        let specs: Vec<ShardSpec> = assign_contiguous(&vec![1.0; self.slices], shards)
            .into_iter()
            .map(|r| ShardSpec {
                tasks: slices[r].to_vec(),
                estimated_nodes: 0,
            })
            .collect();
        let options = BTreeMap::from([("slices".to_string(), self.slices.to_string())]);
        let job = Job {
            kind: Kind::FrontierCount.key().to_string(),
            puzzle: run.puzzle.id.clone(),
            options,
        };
        let plan = Plan::new(VERSION, job, Fingerprint::of(&prep)?.hex, 0, 0, specs);
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
            self.slices,
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
        run_and_report(dir, plan, index, || self.count(dir, plan, index, threads))
    }

    fn merge(&self, dir: &PlanDir, plan: &Plan, to: &MergeTo<'_>) -> Result<()> {
        if to.solutions.is_some() {
            bail!("frontier shards keep no solutions (--solutions is for search counts)");
        }
        let prep = dir.prepared(plan)?;
        let (results, merged) = merge_results(dir, plan, to.shown)?;
        if merged.counts.get("slices") != Some(&(self.slices as u64)) {
            bail!(
                "the shards did not count each of the {} slices once",
                self.slices
            );
        }
        let mut shares = Vec::with_capacity(results.len());
        for r in &results {
            let Some(f) = &r.solutions else {
                bail!("shard {}'s result names no tallies file", r.index);
            };
            // `merge_results` checked the file against its hash.
            let path = to.shown.join("results").join(&f.file);
            let text = std::fs::read_to_string(&path)
                .with_context(|| format!("cannot read {}", path.display()))?;
            let runs =
                parse_runs(&text).with_context(|| format!("cannot read {}", path.display()))?;
            shares.push(FrontierReport {
                raw: runs.first().map(|r| r.fixed.clone()).unwrap_or_default(),
                rotations: None,
                rotations_reflections: None,
                runs,
            });
        }
        let report = frontier::merge_slices(&prep, &self.options(), &shares)
            .map_err(|e| anyhow::anyhow!("cannot merge {}: {e}", to.shown.display()))?;
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

/// Refuses a puzzle whose states the counter cannot hold, by a probe of one transition.
fn check_countable(prep: &Prepared) -> Result<()> {
    let probe = FrontierOptions {
        max_transitions: 0,
        classes: false,
        ..Default::default()
    };
    match frontier::count(prep, &probe) {
        Ok(_) | Err(FrontierError::Budget { .. }) => Ok(()),
        Err(e) => Err(e.into()),
    }
}

/// One line of a shard's tallies file: one run of the counter, its share of the fixed points
/// (decimal digits: any size) and its statistics.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct RunLine {
    symmetry: String,
    fixed: String,
    same_as: Option<usize>,
    order: String,
    window: u32,
    state_bits: u32,
    items: usize,
    positions: usize,
    peak_states: usize,
    peak_bytes: usize,
    transitions: u64,
    layer_states: Vec<usize>,
}

/// The runs as JSON lines, in run order.
fn runs_text(runs: &[RunStats]) -> Result<String> {
    let mut out = String::new();
    for r in runs {
        let line = RunLine {
            symmetry: r.symmetry.clone(),
            fixed: r.fixed.to_string(),
            same_as: r.same_as,
            order: r.order.clone(),
            window: r.window,
            state_bits: r.state_bits,
            items: r.items,
            positions: r.positions,
            peak_states: r.peak_states,
            peak_bytes: r.peak_bytes,
            transitions: r.transitions,
            layer_states: r.layer_states.clone(),
        };
        out.push_str(&serde_json::to_string(&line)?);
        out.push('\n');
    }
    Ok(out)
}

/// The inverse of [`runs_text`].
fn parse_runs(text: &str) -> Result<Vec<RunStats>> {
    let mut runs = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let l: RunLine = serde_json::from_str(line).with_context(|| format!("line {}", i + 1))?;
        let fixed: BigUint = l
            .fixed
            .parse()
            .map_err(|_| anyhow::anyhow!("line {}: `{}` is not a count", i + 1, l.fixed))?;
        runs.push(RunStats {
            symmetry: l.symmetry,
            order: l.order,
            window: l.window,
            state_bits: l.state_bits,
            items: l.items,
            positions: l.positions,
            layer_states: l.layer_states,
            peak_states: l.peak_states,
            peak_bytes: l.peak_bytes,
            transitions: l.transitions,
            fixed,
            same_as: l.same_as,
        });
    }
    Ok(runs)
}
