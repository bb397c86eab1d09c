//! Frontier counts in shards: `count PUZZLE --method frontier --layers --slices N` with each
//! slice of the middle boundary counted by its own shard, merged exactly.
//!
//! A task is one slice (`[j]`, of `0..N`); a shard counts a contiguous range of them in one
//! run (the layers before the cut are walked once per shard). Its result holds the number of
//! slices it counted and the transitions it made; every run's fixed points (the raw count and
//! one per symmetry, exact integers of any size) and statistics go to a tallies file beside
//! it, sealed by its SHA-256 in the result. The merge adds the shares and applies Burnside's
//! lemma (`wurfel_pack::frontier::merge_slices`), so it gives what `count --method frontier`
//! gives.

use super::{Computed, Kind, VERSION};
use crate::context::{Context, Event};
use crate::error::AppError;
use num_bigint::BigUint;
use std::collections::BTreeMap;
use std::time::Instant;
use wurfel_pack::frontier::{self, FrontierError, FrontierOptions, FrontierReport, RunStats};
use wurfel_pack::{Prepared, Puzzle};
use wurfel_shard::{assign_contiguous, Job, Merged, Plan, ShardSpec};

/// The most slices (the state table is kept in 256 parts; a slice is a range of them).
pub const MAX_SLICES: usize = 256;

/// A frontier count cut into `slices` slices.
pub struct Slices {
    slices: usize,
}

impl Slices {
    /// The job `shard plan PUZZLE --method frontier --layers --slices N` makes.
    pub fn new(slices: usize) -> Result<Slices, AppError> {
        if !(1..=MAX_SLICES).contains(&slices) {
            return Err(AppError::input(format!(
                "--slices must be 1 to {MAX_SLICES}, not {slices}"
            )));
        }
        Ok(Slices { slices })
    }

    /// The number of slices.
    pub fn slices(&self) -> usize {
        self.slices
    }

    /// The job of a plan; its tasks must be the slices `[0]`, `[1]`, ... in order.
    pub fn of_plan(plan: &Plan) -> Result<Slices, AppError> {
        let slices = plan
            .job
            .options
            .get("slices")
            .and_then(|s| s.parse::<usize>().ok())
            .ok_or_else(|| AppError::input("the plan names no number of slices"))?;
        let job = Slices::new(slices)?;
        let want: Vec<Vec<u32>> = (0..slices as u32).map(|j| vec![j]).collect();
        if plan.all_tasks() != want || plan.shards.iter().any(|s| s.tasks.is_empty()) {
            return Err(AppError::input(format!(
                "the plan's tasks are not the slices 0 to {} once each, at least one per shard",
                slices - 1
            )));
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

    /// Refuses more shards than slices.
    pub fn check_shards(&self, shards: usize) -> Result<(), AppError> {
        if shards > self.slices {
            return Err(AppError::input(format!(
                "{shards} shards for {} slices: a shard counts one slice or more (use --shards \
                 {} or fewer, or more --slices)",
                self.slices, self.slices
            )));
        }
        Ok(())
    }

    /// The plan of `puzzle` (prepared as `prep`) in `shards` shards of whole slices; the
    /// counter refuses a puzzle it cannot count (a state too wide) now rather than on every
    /// node.
    pub fn plan(&self, puzzle: &Puzzle, prep: &Prepared, shards: usize) -> Result<Plan, AppError> {
        self.check_shards(shards)?;
        check_countable(prep)?;
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
            puzzle: puzzle.id.clone(),
            options,
        };
        let problem = super::count::problem_hash(prep)?;
        Ok(Plan::new(VERSION, job, problem, 0, 0, specs))
    }

    /// Counts shard `index`'s slices; `None` if cancelled. The side file holds the runs'
    /// shares ([`runs_text`]).
    pub fn run(
        &self,
        ctx: &Context<'_>,
        prep: &Prepared,
        plan: &Plan,
        index: usize,
    ) -> Result<Option<Computed>, AppError> {
        let tasks = &plan.shards[index].tasks;
        let (a, b) = (tasks[0][0] as usize, tasks[tasks.len() - 1][0] as usize + 1);
        let tick = |p: &frontier::FrontierProgress| ctx.sink.event(Event::Frontier(p));
        let opts = FrontierOptions {
            slice: Some((a, b)),
            threads: ctx.threads,
            max_bytes: ctx.budget.available(),
            cancel: Some(ctx.cancel),
            progress: Some(&tick),
            ..self.options()
        };
        let start = Instant::now();
        let report = frontier::count(prep, &opts);
        ctx.sink.event(Event::Done);
        let report = match report {
            Ok(r) => r,
            Err(FrontierError::Cancelled) => return Ok(None),
            Err(e) => return Err(AppError::from_input(&e)),
        };
        let millis = start.elapsed().as_millis() as u64;
        let counts = BTreeMap::from([("slices".to_string(), (b - a) as u64)]);
        let transitions = report.runs.iter().filter(|r| r.same_as.is_none());
        let stats = BTreeMap::from([(
            "transitions".to_string(),
            transitions.map(|r| r.transitions).sum(),
        )]);
        Ok(Some(Computed {
            counts,
            stats,
            side: Some((super::tallies_name(index), runs_text(&report.runs)?)),
            millis,
        }))
    }

    /// Checks that the merged results counted every slice once.
    pub fn check_merged(&self, merged: &Merged) -> Result<(), AppError> {
        if merged.counts.get("slices") != Some(&(self.slices as u64)) {
            return Err(AppError::input(format!(
                "the shards did not count each of the {} slices once",
                self.slices
            )));
        }
        Ok(())
    }

    /// The count from the shards' shares (each a tallies file, named for messages, and its
    /// text, checked against its hash by the merge of the results), by Burnside's lemma;
    /// `shown` names the plan in messages.
    pub fn merge(
        &self,
        prep: &Prepared,
        shares: &[(String, String)],
        shown: &str,
    ) -> Result<FrontierReport, AppError> {
        let mut reports = Vec::with_capacity(shares.len());
        for (name, text) in shares {
            let runs = parse_runs(text)
                .map_err(|e| AppError::input(format!("cannot read {name}: {e}")))?;
            reports.push(FrontierReport {
                raw: runs.first().map(|r| r.fixed.clone()).unwrap_or_default(),
                rotations: None,
                rotations_reflections: None,
                runs,
            });
        }
        frontier::merge_slices(prep, &self.options(), &reports)
            .map_err(|e| AppError::input(format!("cannot merge {shown}: {e}")))
    }
}

/// Refuses a puzzle whose states the counter cannot hold, by a probe of one transition.
fn check_countable(prep: &Prepared) -> Result<(), AppError> {
    let probe = FrontierOptions {
        max_transitions: 0,
        classes: false,
        ..Default::default()
    };
    match frontier::count(prep, &probe) {
        Ok(_) | Err(FrontierError::Budget { .. }) => Ok(()),
        Err(e) => Err(AppError::from_input(&e)),
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
fn runs_text(runs: &[RunStats]) -> Result<String, AppError> {
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
        let json = serde_json::to_string(&line)
            .map_err(|e| AppError::io(format!("cannot encode a run: {e}")))?;
        out.push_str(&json);
        out.push('\n');
    }
    Ok(out)
}

/// The inverse of [`runs_text`].
fn parse_runs(text: &str) -> Result<Vec<RunStats>, String> {
    let mut runs = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let l: RunLine = serde_json::from_str(line).map_err(|e| format!("line {}: {e}", i + 1))?;
        let fixed: BigUint = l
            .fixed
            .parse()
            .map_err(|_| format!("line {}: `{}` is not a count", i + 1, l.fixed))?;
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
