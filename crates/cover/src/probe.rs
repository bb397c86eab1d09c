//! The size of a search before running it: Knuth's random probes (D. E. Knuth, "Estimating the
//! efficiency of backtrack programs", Mathematics of Computation 29 (1975) 121–136), stratified
//! over a cut of the tree.
//!
//! Each probe below a task walks one random path (`tree.rs`) and yields an unbiased estimate
//! of that task's nodes and weighted covers. Probing every task of a cut separately and adding
//! the per-task means (stratified sampling) is unbiased too, and removes the largest part of
//! the variance: the top of the tree is counted exactly instead of being sampled. A pilot round
//! finds where the spread is; the estimate comes from a second round that probes every task
//! and puts its extra probes there (Neyman allocation). The interval is mean ± 1.96 standard errors, from the sample variance.
//! Heavy-tailed trees can still fool any such interval; more probes make that less likely.

use crate::sample::{Rng, Sample};
use crate::tree::{Tree, Weight};
use crate::ProblemError;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

/// An estimate with its 95% interval.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Interval {
    /// The point estimate.
    pub estimate: f64,
    /// Lower end (never below 0).
    pub low: f64,
    /// Upper end.
    pub high: f64,
}

impl Interval {
    fn of(mean: f64, var: f64) -> Interval {
        let half = 1.96 * var.sqrt();
        Interval {
            estimate: mean,
            low: (mean - half).max(0.0),
            high: mean + half,
        }
    }
}

/// How to estimate.
pub struct EstimateOptions<'a> {
    /// Probes in all (at least four per task are always taken: two in each round).
    pub probes: u64,
    /// Seed of the random walks: the same seed gives the same estimate, for any thread count.
    pub seed: u64,
    /// Search each probe's subtree exhaustively once at most this many units (pieces) are
    /// left to place: slower probes, far less spread in the estimate of covers.
    pub exhaust: u32,
    /// Worker threads.
    pub threads: usize,
    /// Set from outside to stop early; the estimate then uses the probes taken so far.
    pub cancel: Option<&'a AtomicBool>,
    /// Called with (probes taken, probes planned) now and then.
    pub progress: Option<&'a (dyn Fn(u64, u64) + Sync)>,
}

/// The result of [`Tree::estimate`].
#[derive(Clone, Debug, Default)]
pub struct Estimate {
    /// Probes taken (pilot included).
    pub probes: u64,
    /// Nodes the search of the tasks visits (as [`crate::Stats::nodes`] counts them).
    pub nodes: Interval,
    /// Covers, each weighted as the caller's weight says.
    pub covers: Interval,
    /// Per task, what its probes found.
    pub tasks: Vec<Sample>,
    /// False when stopped from outside before all planned probes were taken.
    pub complete: bool,
}

impl Estimate {
    fn from_samples(tasks: Vec<Sample>, complete: bool) -> Estimate {
        let (mut n, mut nv, mut c, mut cv) = (0.0, 0.0, 0.0, 0.0);
        for s in &tasks {
            n += s.mean_nodes();
            nv += Sample::var_of_mean(s.nodes, s.nodes_sq, s.probes);
            c += s.mean_covers();
            cv += Sample::var_of_mean(s.covers, s.covers_sq, s.probes);
        }
        Estimate {
            probes: tasks.iter().map(|s| s.probes).sum(),
            nodes: Interval::of(n, nv),
            covers: Interval::of(c, cv),
            tasks,
            complete,
        }
    }
}

impl Tree {
    /// Estimates the nodes and the weighted covers of searching `tasks` (e.g. the engine's own
    /// task plan, [`crate::task_plan`]) by stratified random probes. Deterministic for a given
    /// seed and probe count, whatever the number of threads.
    pub fn estimate(
        &self,
        tasks: &[Vec<u32>],
        opts: &EstimateOptions<'_>,
        weight: &Weight<'_>,
    ) -> Result<Estimate, ProblemError> {
        let n = tasks.len();
        if n == 0 {
            return Ok(Estimate {
                complete: true,
                ..Default::default()
            });
        }
        // Round 0, the pilot: a fifth of the probes evenly (at least 2 per task). It only
        // decides where round 1 probes: reusing its samples in the estimate would bias it low,
        // since a task whose pilot missed its heavy tail would get few probes and keep its low
        // mean. Its first 2 probes per task are never cancelled (every task needs a sample for
        // an estimate to mean anything); the rest of it and round 1 stop on `opts.cancel`.
        let pilot_each = (opts.probes / 5 / n as u64).max(2);
        let main_each = (opts.probes * 2 / 5 / n as u64).max(2);
        let planned = opts.probes.max((pilot_each + main_each) * n as u64);
        let mut pilot = self.probe_round(tasks, &vec![2; n], 0, opts, None, weight, planned, 0)?;
        let more = vec![pilot_each - 2; n];
        let first: u64 = 2 * n as u64;
        let rest = self.probe_round(tasks, &more, 2, opts, opts.cancel, weight, planned, first)?;
        for (p, r) in pilot.iter_mut().zip(&rest) {
            p.merge(r);
        }
        let taken: u64 = pilot.iter().map(|s| s.probes).sum();
        // Round 1: at least `main_each` per task, and the rest where the pilot saw the spread
        // (Neyman allocation; nodes and covers weigh alike).
        let rest = planned.saturating_sub(taken + main_each * n as u64) as f64;
        let sn: f64 = pilot.iter().map(Sample::sd_nodes).sum();
        let sc: f64 = pilot.iter().map(Sample::sd_covers).sum();
        let share = |s: &Sample| match (sn > 0.0, sc > 0.0) {
            (true, true) => (s.sd_nodes() / sn + s.sd_covers() / sc) / 2.0,
            (true, false) => s.sd_nodes() / sn,
            (false, true) => s.sd_covers() / sc,
            (false, false) => 1.0 / n as f64,
        };
        let probes: Vec<u64> = pilot
            .iter()
            .map(|s| main_each + (share(s) * rest).floor() as u64)
            .collect();
        let mut main =
            self.probe_round(tasks, &probes, 1, opts, opts.cancel, weight, planned, taken)?;
        let cancelled = opts.cancel.is_some_and(|c| c.load(Ordering::Relaxed));
        let main_taken: u64 = main.iter().map(|s| s.probes).sum();
        // Stopped early: the tasks round 1 did not reach keep their pilot samples.
        for (m, p) in main.iter_mut().zip(&pilot) {
            if m.probes == 0 {
                *m = *p;
            }
        }
        let mut e = Estimate::from_samples(main, !cancelled);
        e.probes = taken + main_taken;
        Ok(e)
    }

    /// Takes `probes[i]` probes below `tasks[i]`, on `opts.threads` threads. A worker the
    /// system refuses (its thread, or the memory of a search state) drops out; the tasks it
    /// held are probed afterwards on this thread, with the state `Tree::new` reserved. Each
    /// task's probes depend only on the seed, the task and the round, so the samples are the
    /// same either way.
    #[allow(clippy::too_many_arguments)]
    fn probe_round(
        &self,
        tasks: &[Vec<u32>],
        probes: &[u64],
        round: u32,
        opts: &EstimateOptions<'_>,
        cancel: Option<&AtomicBool>,
        weight: &Weight<'_>,
        planned: u64,
        before: u64,
    ) -> Result<Vec<Sample>, ProblemError> {
        let out = Mutex::new(vec![Sample::default(); tasks.len()]);
        let next = AtomicUsize::new(0);
        let taken = AtomicU64::new(before);
        let stopped = || cancel.is_some_and(|c| c.load(Ordering::Relaxed));
        let task = |i: usize| -> Result<(), ProblemError> {
            let mut rng = Rng::new(opts.seed, i, round);
            // In chunks, so that a stop request is heard within a few probes.
            let mut sample = Sample::default();
            let mut left = probes[i];
            // The one walk below a task without a choice on the way: every other probe is
            // the same walk, so it is walked once (a line of N unit cubes: a walk costs
            // O(N^2), and there are probes/64 chunks).
            let mut only: Option<(f64, f64)> = None;
            while left > 0 && !stopped() {
                let k = left.min(64);
                let part = match only {
                    Some((nodes, covers)) => {
                        let mut part = Sample::default();
                        for _ in 0..k {
                            part.add(nodes, covers);
                        }
                        part
                    }
                    None => {
                        let (part, single) =
                            self.walk
                                .probe(&tasks[i], k, opts.exhaust, &mut rng, weight)?;
                        only = single;
                        part
                    }
                };
                sample.merge(&part);
                left -= k;
            }
            out.lock().unwrap_or_else(PoisonError::into_inner)[i] = sample;
            let t = taken.fetch_add(sample.probes, Ordering::Relaxed) + sample.probes;
            if let Some(p) = opts.progress {
                p(t, planned);
            }
            Ok(())
        };
        let dropped = Mutex::new(Vec::new());
        let worker = || loop {
            if stopped() {
                break;
            }
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= tasks.len() {
                break;
            }
            if probes[i] > 0 && task(i).is_err() {
                dropped
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .push(i);
                break;
            }
        };
        std::thread::scope(|s| {
            for _ in 0..opts.threads.clamp(1, tasks.len().max(1)) {
                // The exhaustive search near the leaves recurses once per piece placed, as
                // the search's workers do: the same stack as theirs (a line of 4,096 unit
                // cubes overflowed the default 2 MiB).
                let started = std::thread::Builder::new()
                    .stack_size(crate::schedule::WORKER_STACK)
                    .spawn_scoped(s, worker);
                if started.is_err() {
                    break;
                }
            }
        });
        // What the workers dropped or never reached (none started, or all dropped out), here,
        // after they gave their states back: a refusal now is the estimate's error.
        let mut left = dropped.into_inner().unwrap_or_else(PoisonError::into_inner);
        left.sort_unstable();
        for i in left {
            task(i)?;
        }
        while !stopped() {
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= tasks.len() {
                break;
            }
            if probes[i] > 0 {
                task(i)?;
            }
        }
        Ok(out.into_inner().unwrap_or_else(PoisonError::into_inner))
    }
}
