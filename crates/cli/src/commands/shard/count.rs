//! Packing counts in shards: `wurfel count PUZZLE` cut into tasks of the engine's search tree
//! (balanced by random-probe estimates), each shard a run of tasks, merged exactly.

use super::files::{host, write_file, PlanDir, VERSION};
use super::job::{MergeTo, ShardJob};
use super::joined::{merge_results, print_merged};
use super::plan_args::PlanArgs;
use super::task::{already_done, run_and_report, stats_map, stats_of};
use crate::hiargs::Packing;
use crate::output::fmt_int;
use crate::present::count::{render, Summary};
use crate::report::SolutionJson;
use crate::{note, outln, progress};
use anyhow::{bail, Context, Result};
use std::collections::BTreeMap;
use std::time::Instant;
use wurfel_cover::{CutOptions, SearchOptions, Tree};
use wurfel_pack::checkpoint::Fingerprint;
use wurfel_pack::count::{CountRequest, Tasks};
use wurfel_pack::{Convention, Counts, Prepared, Want};
use wurfel_shard::{assign_contiguous, Job, Merged, Plan, ShardResult, ShardSpec, SolutionsFile};

/// A packing count: the puzzle is the plan's (`D/puzzle.toml`), prepared by `run` and `merge`.
pub struct CountJob {
    /// Keep the solutions distinct under this convention.
    keep: Option<Convention>,
}

impl CountJob {
    /// The job `shard plan PUZZLE` makes.
    pub fn new(keep: Option<Convention>) -> CountJob {
        CountJob { keep }
    }

    /// The job of a plan (its problem hash is checked when the puzzle is prepared).
    pub fn of_plan(plan: &Plan) -> Result<CountJob> {
        let keep = match plan.job.options.get("keep_solutions") {
            Some(k) => Some(
                Convention::ALL
                    .into_iter()
                    .find(|c| c.key() == k)
                    .with_context(|| {
                        format!("the plan keeps solutions under `{k}`, unknown here")
                    })?,
            ),
            None => None,
        };
        Ok(CountJob { keep })
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
                threads: run.threads,
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
        tree.check_cut(&cut.tasks).map_err(|e| {
            anyhow::anyhow!("internal error: the cut is not a cut of the tree: {e}")
        })?;
        let specs: Vec<ShardSpec> = assign_contiguous(&cut.nodes, shards)
            .into_iter()
            .map(|r| ShardSpec {
                tasks: cut.tasks[r.clone()].to_vec(),
                estimated_nodes: cut.nodes[r].iter().sum::<f64>().round() as u64,
            })
            .collect();
        let mut options = BTreeMap::new();
        if let Some(c) = self.keep {
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

    fn run(&self, dir: &PlanDir, plan: &Plan, index: usize, threads: usize) -> Result<()> {
        if already_done(dir, plan, index) {
            return Ok(());
        }
        let prep = dir.prepared(plan)?;
        run_and_report(dir, plan, index, || {
            search(dir, plan, index, &prep, self.keep, threads)
        })
    }

    fn merge(&self, dir: &PlanDir, plan: &Plan, to: &MergeTo<'_>) -> Result<()> {
        let prep = dir.prepared(plan)?;
        // Shards check their own tasks only; whether all of them together are the whole
        // search, each part once, is checked here (a node expansion per task prefix).
        Tree::new(prep.problem())?
            .check_cut(&plan.all_tasks())
            .map_err(|e| {
                anyhow::anyhow!("the plan's tasks are not a cut of the search tree: {e}")
            })?;
        let (results, merged) = merge_results(dir, plan, to.shown)?;
        let text = render_pack(&prep, &merged, &results, to.json)?;
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

/// Searches the shard's tasks; `None` if interrupted.
fn search(
    dir: &PlanDir,
    plan: &Plan,
    index: usize,
    prep: &wurfel_pack::Prepared,
    keep: Option<Convention>,
    threads: usize,
) -> Result<Option<ShardResult>> {
    let tasks = &plan.shards[index].tasks;
    let bar = progress::bar(true);
    let callback = progress::callback(&bar);
    let opts = SearchOptions {
        min_tasks: 1,
        ..progress::search_options(threads, &callback)
    };
    let request = CountRequest {
        tasks: Tasks::Only(tasks),
        want: keep.map_or(Want::Count, Want::List),
        ..CountRequest::all()
    };
    let mut lines = String::new();
    let start = Instant::now();
    let outcome = prep.count_with(&opts, &request, |_, out, _| {
        for s in &out.solutions {
            lines.push_str(&serde_json::to_string(&SolutionJson::new(prep, s))?);
            lines.push('\n');
        }
        Ok(())
    })?;
    bar.finish_and_clear();
    if !outcome.report.complete {
        return Ok(None);
    }
    let (counts, stats) = (outcome.progress.counts, outcome.stats);
    let millis = start.elapsed().as_millis() as u64;
    let solutions = match keep {
        Some(_) => {
            let name = PlanDir::solutions_name(index);
            write_file(&dir.solutions_file(index), lines.as_bytes())?;
            Some(SolutionsFile::of(&name, lines.as_bytes()))
        }
        None => None,
    };
    let counts = BTreeMap::from([
        ("raw".to_string(), counts.raw),
        ("rotations".to_string(), counts.rotations),
        (
            "rotations_reflections".to_string(),
            counts.rotations_reflections,
        ),
    ]);
    let result = ShardResult::new(
        plan,
        index,
        counts,
        stats_map(&stats),
        millis,
        threads,
        host(),
        solutions,
    );
    write_file(&dir.result_file(index), result.to_text().as_bytes())?;
    Ok(Some(result))
}

/// A packing count's merged result, as `count` prints it.
fn render_pack(
    prep: &Prepared,
    merged: &Merged,
    results: &[ShardResult],
    json: bool,
) -> Result<String> {
    let get = |k: &str| merged.counts.get(k).copied().unwrap_or(0);
    let summary = Summary {
        counts: Counts {
            raw: get("raw"),
            rotations: get("rotations"),
            rotations_reflections: get("rotations_reflections"),
        },
        complete: true,
        stats: stats_of(&merged.stats),
        seconds: merged.millis as f64 / 1000.0,
        threads: results.iter().map(|r| r.threads).max().unwrap_or(1),
        // Shards count assemblies only.
        disassembly: None,
    };
    render(prep, &summary, json)
}
