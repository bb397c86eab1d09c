//! `estimate`: how big a count will be before running it — Knuth's random probes over the
//! engine's own tree (same branching, pruning and task plan as `count`), with 95% intervals,
//! and the CPU time that means on this machine (the engine's speed measured for `calibrate`
//! seconds).

use crate::context::{Context, Event};
use crate::error::AppError;
use crate::prepare::Ready;
use std::time::{Duration, Instant};
use wurfel_cover::{task_plan, EstimateOptions, Interval, SearchOptions, Tree};
use wurfel_present::numbers::fmt_int;
use wurfel_present::report::EstimateJson;

/// Probes when none are asked for (at least [`PROBES_PER_TASK`] per task).
pub const DEFAULT_PROBES: u64 = 50_000;
/// The fewest probes per task: fewer say nothing about a task.
pub const PROBES_PER_TASK: u64 = 4;

/// What to estimate with.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EstimateRequest {
    /// Random probes (default: [`DEFAULT_PROBES`], or more for many tasks).
    pub probes: Option<u64>,
    pub seed: u64,
    /// Levels below which a probe counts exhaustively.
    pub exhaust_last: u32,
    /// Seconds of measuring the engine's speed, 0.05 to 3600.
    pub calibrate: f64,
}

impl Default for EstimateRequest {
    fn default() -> Self {
        EstimateRequest {
            probes: None,
            seed: 1,
            exhaust_last: 8,
            calibrate: 1.0,
        }
    }
}

/// An estimate and what it rests on.
pub struct Estimated {
    pub estimate: wurfel_cover::Estimate,
    /// Tasks of the plan the probes sampled.
    pub tasks: usize,
    pub seed: u64,
    /// Nodes per CPU second of one thread, as measured.
    pub nodes_per_second: f64,
}

impl Estimated {
    /// Whether every planned probe was taken and the speed measured in full.
    pub fn complete(&self) -> bool {
        self.estimate.complete
    }

    /// The CPU time of one thread the count would take.
    pub fn cpu_seconds(&self) -> Interval {
        let (e, rate) = (&self.estimate.nodes, self.nodes_per_second);
        // No nodes take no time, whatever the speed (a puzzle with a piece that fits nowhere
        // measures none: 0 / 0 would print NaN).
        let time = |n: f64| if n == 0.0 { 0.0 } else { n / rate };
        Interval {
            estimate: time(e.estimate),
            low: time(e.low),
            high: time(e.high),
        }
    }

    /// The JSON object of `estimate --json` and `POST /api/v1/estimate`.
    pub fn to_json(&self, ready: &Ready) -> Result<String, AppError> {
        let j = EstimateJson::new(
            &ready.puzzle,
            &self.estimate,
            self.tasks,
            self.seed,
            self.nodes_per_second,
        );
        serde_json::to_string(&j).map_err(|e| AppError::io(format!("cannot encode: {e}")))
    }
}

/// Refuses what no estimate can be made with.
pub fn check(req: &EstimateRequest) -> Result<(), AppError> {
    if req
        .probes
        .is_some_and(|p| !(1..=1_000_000_000_000).contains(&p))
    {
        return Err(AppError::usage("--probes must be 1 to 10^12"));
    }
    if !(0.05..=3600.0).contains(&req.calibrate) {
        return Err(AppError::usage(
            "--calibrate is a number of seconds from 0.05 to 3600",
        ));
    }
    Ok(())
}

/// Estimates a count of `ready`. Cancelled, the probes taken so far (not complete).
pub fn estimate(
    ctx: &Context<'_>,
    ready: &Ready,
    req: &EstimateRequest,
) -> Result<Estimated, AppError> {
    check(req)?;
    let problem = ready.problem();
    let bad = |e: wurfel_cover::ProblemError| AppError::from_input(&e);
    let tasks = task_plan(problem, SearchOptions::default().min_tasks).map_err(bad)?;
    let probes = probes(req.probes, &ready.puzzle.id, tasks.len())?;
    let tree = Tree::new(problem).map_err(bad)?;
    let tick = |done: u64, planned: u64| ctx.sink.event(Event::Probes { done, planned });
    let weight = |rows: &[u32]| ready.cover_weight(rows);
    let mut est = tree
        .estimate(
            &tasks,
            &EstimateOptions {
                probes,
                seed: req.seed,
                exhaust: req.exhaust_last,
                threads: ctx.threads,
                cancel: Some(ctx.cancel),
                progress: Some(&tick),
            },
            &weight,
        )
        .map_err(bad)?;
    ctx.sink.event(Event::Stage("measuring search speed"));
    // Cancelled already: a short measurement still gives the CPU time its scale; cancelled
    // while measuring: the measurement stops there.
    let (measure, stop) = if ctx.cancelled() {
        (Duration::from_millis(100), None)
    } else {
        (Duration::from_secs_f64(req.calibrate), Some(ctx.cancel))
    };
    let rate = tree
        .nodes_per_second(&tasks, measure, &cpu_clock(), stop)
        .map_err(bad)?;
    ctx.sink.event(Event::Done);
    // Cancelled while measuring: the probes are whole, but the CPU time rests on a cut
    // measurement and stopping was asked for, so the estimate says it is not complete.
    est.complete &= !ctx.cancelled();
    Ok(Estimated {
        estimate: est,
        tasks: tasks.len(),
        seed: req.seed,
        nodes_per_second: rate,
    })
}

fn probes(requested: Option<u64>, id: &str, tasks: usize) -> Result<u64, AppError> {
    let least = PROBES_PER_TASK * tasks as u64;
    match requested {
        Some(p) if p < least => Err(AppError::usage(format!(
            "--probes {p} is too few for {}: each of its {} tasks needs at least \
             {PROBES_PER_TASK} probes, {} in all",
            id,
            fmt_int(tasks as u64),
            fmt_int(least)
        ))),
        Some(p) => Ok(p),
        None => Ok(DEFAULT_PROBES.max(least)),
    }
}

/// This thread's CPU time (other work on the machine, or other jobs of a server, do not slow
/// the measurement), else wall-clock time.
fn cpu_clock() -> Box<dyn Fn() -> Duration> {
    if cpu_time::ThreadTime::try_now().is_ok() {
        Box::new(|| {
            cpu_time::ThreadTime::try_now()
                .map(|t| t.as_duration())
                .unwrap_or_default()
        })
    } else {
        let start = Instant::now();
        Box::new(move || start.elapsed())
    }
}
