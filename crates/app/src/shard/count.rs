//! Packing counts in shards: `count PUZZLE` cut into tasks of the engine's search tree
//! (balanced by random-probe estimates), each shard a run of tasks, merged exactly.

use super::{stats_map, stats_of, Computed, VERSION};
use crate::context::{Context, Event};
use crate::error::AppError;
use std::collections::BTreeMap;
use std::time::Instant;
use wurfel_cover::{CutOptions, SearchOptions, Tree};
use wurfel_pack::checkpoint::Fingerprint;
use wurfel_pack::count::{CountRequest, Tasks};
use wurfel_pack::{Convention, Counts, Prepared, Puzzle, Want};
use wurfel_present::count::Summary;
use wurfel_present::report::SolutionJson;
use wurfel_shard::{assign_contiguous, Job, Merged, Plan, ShardResult, ShardSpec};

/// The convention a plan keeps solutions under (`None`: it keeps none).
pub fn keep_of(plan: &Plan) -> Result<Option<Convention>, AppError> {
    let Some(k) = plan.job.options.get("keep_solutions") else {
        return Ok(None);
    };
    match Convention::ALL.into_iter().find(|c| c.key() == k) {
        Some(c) => Ok(Some(c)),
        None => Err(AppError::input(format!(
            "the plan keeps solutions under `{k}`, unknown here"
        ))),
    }
}

/// How to cut a count into shards.
pub struct CutRequest {
    /// Shards (job array tasks).
    pub shards: usize,
    /// Tasks per shard to cut before balancing.
    pub oversplit: usize,
    /// Random probes per task when estimating task sizes.
    pub probes_per_task: u64,
    /// Seed of the probes.
    pub seed: u64,
    /// Keep the solutions distinct under this convention in every shard.
    pub keep: Option<Convention>,
}

/// A plan cut from the search tree.
pub struct Cut {
    pub plan: Plan,
    /// Tasks in all.
    pub tasks: usize,
    /// Random probes made to balance them.
    pub probes: u64,
}

/// Cuts the search of `puzzle` (prepared as `prep`) into `req.shards` shards of whole tasks,
/// balanced by their estimated nodes; the cut is checked to be a cut of the tree.
pub fn plan(
    ctx: &Context<'_>,
    puzzle: &Puzzle,
    prep: &Prepared,
    req: &CutRequest,
) -> Result<Cut, AppError> {
    let tree = Tree::new(prep.problem()).map_err(|e| AppError::from_input(&e))?;
    ctx.sink
        .event(Event::Stage("cutting the search tree into tasks"));
    let tick = |n: usize| {
        let line = format!("cutting the search tree: {n} tasks");
        ctx.sink.event(Event::Stage(&line));
    };
    let pieces = req.shards.saturating_mul(req.oversplit);
    let weight = |rows: &[u32]| prep.cover_weight(rows);
    let cut = tree
        .cut(
            &CutOptions {
                pieces,
                max_tasks: pieces.saturating_mul(32).clamp(1 << 12, 1 << 24),
                probes_per_task: req.probes_per_task,
                seed: req.seed,
                threads: ctx.threads,
                progress: Some(&tick),
            },
            &weight,
        )
        .map_err(|e| AppError::from_input(&e))?;
    ctx.sink.event(Event::Done);
    if cut.tasks.len() < req.shards {
        return Err(AppError::input(format!(
            "the search of {} splits into only {} tasks: use --shards {} or fewer",
            puzzle.id,
            cut.tasks.len(),
            cut.tasks.len()
        )));
    }
    // The cut is the engine's to make; checking it here costs little and means a plan never
    // leaves out or repeats part of the search.
    tree.check_cut(&cut.tasks).map_err(|e| {
        AppError::input(format!(
            "internal error: the cut is not a cut of the tree: {e}"
        ))
    })?;
    let specs: Vec<ShardSpec> = assign_contiguous(&cut.nodes, req.shards)
        .into_iter()
        .map(|r| ShardSpec {
            tasks: cut.tasks[r.clone()].to_vec(),
            estimated_nodes: cut.nodes[r].iter().sum::<f64>().round() as u64,
        })
        .collect();
    let mut options = BTreeMap::new();
    if let Some(c) = req.keep {
        options.insert("keep_solutions".to_string(), c.key().to_string());
    }
    let job = Job {
        kind: "count".to_string(),
        puzzle: puzzle.id.clone(),
        options,
    };
    let problem = problem_hash(prep)?;
    let plan = Plan::new(VERSION, job, problem, cut.probes, req.seed, specs);
    Ok(Cut {
        plan,
        tasks: cut.tasks.len(),
        probes: cut.probes,
    })
}

/// The hash that binds a plan to its problem (the puzzle prepared, its task plan).
pub fn problem_hash(prep: &Prepared) -> Result<String, AppError> {
    Ok(Fingerprint::of(prep)
        .map_err(|e| AppError::from_input(&e))?
        .hex)
}

/// Searches shard `index`'s tasks; `None` if cancelled. With `keep`, the side file holds the
/// solutions found, one JSON object per line in search order.
pub fn run(
    ctx: &Context<'_>,
    prep: &Prepared,
    plan: &Plan,
    index: usize,
    keep: Option<Convention>,
) -> Result<Option<Computed>, AppError> {
    let tasks = &plan.shards[index].tasks;
    let report = |p: &wurfel_cover::Progress| ctx.sink.event(Event::Search(p));
    let opts = SearchOptions {
        min_tasks: 1,
        ..ctx.search_options(&report)
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
    });
    ctx.sink.event(Event::Done);
    let outcome = outcome.map_err(|e| AppError::from_input(&e))?;
    if !outcome.report.complete {
        return Ok(None);
    }
    let (counts, stats) = (outcome.progress.counts, outcome.stats);
    let counts = BTreeMap::from([
        ("raw".to_string(), counts.raw),
        ("rotations".to_string(), counts.rotations),
        (
            "rotations_reflections".to_string(),
            counts.rotations_reflections,
        ),
    ]);
    Ok(Some(Computed {
        counts,
        stats: stats_map(&stats),
        side: keep.map(|_| (super::solutions_name(index), lines)),
        millis: start.elapsed().as_millis() as u64,
    }))
}

/// Checks that the plan's tasks, all shards together, are the whole search, each part once
/// (a node expansion per task prefix): shards check only their own.
pub fn check_whole(prep: &Prepared, plan: &Plan) -> Result<(), AppError> {
    Tree::new(prep.problem())
        .map_err(|e| AppError::from_input(&e))?
        .check_cut(&plan.all_tasks())
        .map_err(|e| {
            AppError::input(format!(
                "the plan's tasks are not a cut of the search tree: {e}"
            ))
        })
}

/// The merged count, as `count` summarises a whole search.
pub fn summary(merged: &Merged, results: &[ShardResult]) -> Summary {
    let get = |k: &str| merged.counts.get(k).copied().unwrap_or(0);
    Summary {
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
    }
}
