//! The wurfel exact-cover engine.
//!
//! It knows rows and columns only: a [`Problem`] lists the columns to cover, the rows (each a
//! set of columns belonging to a group), and each group's capacity. [`search`] finds covers
//! and hands each one, as the list of chosen row indices, to a [`Visitor`].
//!
//! How it searches:
//! - rows are bitboards ([`Bits`]) of a width chosen for the problem (one `u64` up to 64
//!   columns, up to 64 words);
//! - at each node it branches on the empty column with the fewest fitting rows (counted with
//!   an early cut-off), so dead ends and forced moves are found at once;
//! - with a [`Problem::grid`], empty regions that no sub-multiset of the remaining groups can
//!   fill (by size) are pruned;
//! - the tree is cut into tasks (prefixes) at shallow depth, independently of the number of
//!   threads; tasks run on worker threads and are delivered to the caller **in task order**, so
//!   every result (first solution, first N, counts) is identical for any thread count;
//! - tasks can be skipped (to resume an interrupted run) and the whole search can be cancelled.
//!
//! Each cover is found exactly once: branching on a column picks the one row covering it.

mod bits;
mod problem;
mod search;
mod stats;
mod task_plan;

pub use bits::Bits;
pub use problem::{Branching, Problem, ProblemError, Row};
pub use stats::Stats;
pub use task_plan::{task_plan, ENGINE_VERSION};

use search::{Choice, Compiled};
use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// The most columns a problem may have.
pub const MAX_COLUMNS: usize = 64 * 64;

/// Receives covers. Return `ControlFlow::Break` to end the current task early.
pub trait Visitor: Send {
    /// Called with the row indices of one cover (in the order they were placed).
    fn solution(&mut self, rows: &[u32]) -> ControlFlow<()>;
}

impl<F: FnMut(&[u32]) -> ControlFlow<()> + Send> Visitor for F {
    fn solution(&mut self, rows: &[u32]) -> ControlFlow<()> {
        self(rows)
    }
}

/// Progress of a running search, reported on the calling thread.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// Tasks delivered so far (including skipped ones).
    pub tasks_done: usize,
    /// All tasks.
    pub tasks_total: usize,
    /// Statistics of the delivered tasks.
    pub stats: Stats,
    /// Time since the search started.
    pub elapsed: Duration,
}

/// How to search.
pub struct SearchOptions<'a> {
    /// Worker threads (at least 1).
    pub threads: usize,
    /// Set from outside (e.g. Ctrl-C) to stop; tasks not finished are not delivered.
    pub cancel: Option<&'a AtomicBool>,
    /// Tasks to skip (already done in an earlier, interrupted run).
    pub skip: &'a (dyn Fn(usize) -> bool + Sync),
    /// Split the tree into at least this many tasks (when it has that many nodes near the root).
    pub min_tasks: usize,
    /// Called after each delivered task and every few hundred milliseconds.
    pub progress: Option<&'a (dyn Fn(&Progress) + Sync)>,
    /// Give up on each task after this many nodes; a task cut short is still delivered (with
    /// what it found, in search order) and has `stats.budget_cuts == 1`. Used to find some
    /// solutions fast without being stuck in one barren subtree: see [`search_first`].
    pub node_budget: Option<u64>,
}

impl Default for SearchOptions<'_> {
    fn default() -> Self {
        SearchOptions {
            threads: 1,
            cancel: None,
            skip: &|_| false,
            min_tasks: 512,
            progress: None,
            node_budget: None,
        }
    }
}

/// How a search ended.
#[derive(Clone, Copy, Debug, Default)]
pub struct SearchReport {
    /// Statistics over all delivered tasks.
    pub stats: Stats,
    /// Number of tasks the tree was cut into.
    pub tasks_total: usize,
    /// Tasks delivered or skipped.
    pub tasks_done: usize,
    /// True when every task was delivered or skipped (not cancelled, not stopped by `done`).
    pub complete: bool,
}

/// Searches `problem`. For each task, `make(task)` builds a visitor that receives that task's
/// covers; finished visitors are handed to `done(task, visitor, stats)` on the calling thread in
/// task order. `done` returning `Break` stops the search.
pub fn search<V, M, D>(
    problem: &Problem,
    opts: &SearchOptions<'_>,
    make: M,
    done: D,
) -> Result<SearchReport, ProblemError>
where
    V: Visitor,
    M: Fn(usize) -> V + Sync,
    D: FnMut(usize, V, Stats) -> ControlFlow<()>,
{
    problem.validate()?;
    macro_rules! dispatch {
        ($($w:literal),*) => {
            $(if problem.columns <= 64 * $w {
                let c = Compiled::<$w>::new(problem);
                let tasks = plan(&c, opts.min_tasks.max(1));
                let mut done = done;
                return Ok(run(&c, &tasks, opts, &|_| None, make, |i, v, st, _| {
                    done(i, v, st)
                }));
            })*
        };
    }
    dispatch!(1, 2, 3, 4, 8, 16, 32, 64);
    unreachable!("validate() bounds the number of columns")
}

/// Counts all covers with the given number of threads.
pub fn count(problem: &Problem, threads: usize) -> Result<u64, ProblemError> {
    let mut total = 0;
    let opts = SearchOptions {
        threads,
        ..Default::default()
    };
    search(
        problem,
        &opts,
        |_| 0u64,
        |_, n: u64, _| {
            total += n;
            ControlFlow::Continue(())
        },
    )?;
    Ok(total)
}

impl Visitor for u64 {
    fn solution(&mut self, _: &[u32]) -> ControlFlow<()> {
        *self += 1;
        ControlFlow::Continue(())
    }
}

/// Finds up to `limit` items quickly: every task is searched with a node budget (4,096 nodes at
/// first, or `opts.node_budget`; four times more each round) until one round yields `limit` items in task order, or
/// no task was cut short (the search was then exhaustive). This is a deterministic form of
/// restarts: a depth-first search can spend minutes in one barren subtree near the root (54
/// T-tetracubes in 6x6x6) while a sibling task holds a solution a few thousand nodes deep.
/// Rounds cost at most about 4/3 of one exhaustive search, so proving that fewer than `limit`
/// items exist stays affordable.
///
/// `make(task)` builds a visitor; `items(visitor)` returns what it found, in search order.
/// The result is the same for any number of threads. The report's statistics cover all
/// rounds; `complete` is true when the last round searched every task to the end.
pub fn search_limited<V, T, M, X>(
    problem: &Problem,
    opts: &SearchOptions<'_>,
    limit: usize,
    make: M,
    items: X,
) -> Result<(Vec<T>, SearchReport), ProblemError>
where
    V: Visitor,
    M: Fn(usize) -> V + Sync,
    X: FnMut(V) -> Vec<T>,
{
    problem.validate()?;
    macro_rules! dispatch {
        ($($w:literal),*) => {
            $(if problem.columns <= 64 * $w {
                let c = Compiled::<$w>::new(problem);
                return Ok(limited(&c, opts, limit, make, items));
            })*
        };
    }
    dispatch!(1, 2, 3, 4, 8, 16, 32, 64);
    unreachable!("validate() bounds the number of columns")
}

/// The rounds of [`search_limited`]. A task cut by its budget is resumed where it stopped in
/// the next round (not restarted), so the rounds together visit each node about once; a task
/// searched to the end is not run again and keeps what it found.
fn limited<const W: usize, V, T, M, X>(
    c: &Compiled<W>,
    opts: &SearchOptions<'_>,
    limit: usize,
    make: M,
    mut items: X,
) -> (Vec<T>, SearchReport)
where
    V: Visitor,
    M: Fn(usize) -> V + Sync,
    X: FnMut(V) -> Vec<T>,
{
    let tasks = plan(c, opts.min_tasks.max(1));
    let n = tasks.len();
    let mut found: Vec<Vec<T>> = (0..n).map(|_| Vec::new()).collect();
    // Per task: None = searched to the end (or skipped); Some(path) = cut there.
    let mut cut: Vec<Option<Vec<u32>>> = vec![Some(Vec::new()); n];
    for (i, slot) in cut.iter_mut().enumerate() {
        if (opts.skip)(i) {
            *slot = None;
        }
    }
    let mut budget: u64 = opts.node_budget.unwrap_or(1 << 12).max(1);
    let mut stats = Stats::default();
    loop {
        let round = SearchOptions {
            threads: opts.threads,
            cancel: opts.cancel,
            skip: &|i| cut[i].is_none(),
            min_tasks: opts.min_tasks,
            progress: opts.progress,
            node_budget: Some(budget),
        };
        let resume = |i: usize| cut[i].clone();
        // Items in task order up to the task just delivered (tasks not run this round are
        // finished ones, whose items are final).
        let mut results: Vec<(usize, Vec<T>, Option<Vec<u32>>)> = Vec::new();
        let mut counted = 0usize;
        let mut upto = 0usize;
        let found_ref = &found;
        let rep = run(c, &tasks, &round, &resume, &make, |i, v, st, path| {
            while upto < i {
                counted += found_ref[upto].len();
                upto += 1;
            }
            let new = items(v);
            counted += found_ref[i].len() + new.len();
            upto = i + 1;
            results.push((
                i,
                new,
                (st.budget_cuts > 0).then(|| path.unwrap_or_default()),
            ));
            if counted >= limit {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        });
        stats += rep.stats;
        for (i, new, path) in results {
            found[i].extend(new);
            cut[i] = path;
        }
        let total: usize = found.iter().map(Vec::len).sum();
        let any_cut = cut.iter().any(Option::is_some);
        let cancelled = opts.cancel.is_some_and(|c| c.load(Ordering::Relaxed));
        if total >= limit || !any_cut || cancelled {
            let all: Vec<T> = found.into_iter().flatten().take(limit).collect();
            let report = SearchReport {
                stats,
                complete: !any_cut && !cancelled,
                ..rep
            };
            return (all, report);
        }
        budget = budget.saturating_mul(4);
    }
}

/// The first cover in search order, if any.
pub fn first(problem: &Problem) -> Result<Option<Vec<u32>>, ProblemError> {
    let mut found = None;
    search(
        problem,
        &SearchOptions::default(),
        |_| FirstVisitor(None),
        |_, v: FirstVisitor, _| match v.0 {
            Some(rows) => {
                found = Some(rows);
                ControlFlow::Break(())
            }
            None => ControlFlow::Continue(()),
        },
    )?;
    Ok(found)
}

struct FirstVisitor(Option<Vec<u32>>);

impl Visitor for FirstVisitor {
    fn solution(&mut self, rows: &[u32]) -> ControlFlow<()> {
        self.0 = Some(rows.to_vec());
        ControlFlow::Break(())
    }
}

/// Cuts the tree into task prefixes, breadth-first, keeping depth-first order.
fn plan<const W: usize>(c: &Compiled<W>, min_tasks: usize) -> Vec<Vec<u32>> {
    let never = AtomicBool::new(false);
    let stop = [&never];
    let mut frontier: Vec<Vec<u32>> = vec![Vec::new()];
    let mut buf = Vec::new();
    for _depth in 0..6 {
        if frontier.len() >= min_tasks {
            break;
        }
        let mut next = Vec::with_capacity(frontier.len() * 8);
        let mut grew = false;
        for prefix in frontier {
            let Some(mut st) = c.state(&prefix, &stop) else {
                continue;
            };
            match c.choose(&mut st) {
                Choice::Complete => next.push(prefix),
                Choice::Dead => {}
                choice => {
                    c.branch_rows(&st, &choice, &mut buf);
                    grew |= buf.len() != 1;
                    for &r in &buf {
                        let mut p = prefix.clone();
                        p.push(r);
                        next.push(p);
                    }
                }
            }
        }
        frontier = next;
        if !grew && frontier.iter().all(|p| p.is_empty()) {
            break;
        }
    }
    frontier
}

struct TaskResult<V> {
    index: usize,
    visitor: V,
    stats: Stats,
    finished: bool,
    cut: Option<Vec<u32>>,
}

/// Runs `tasks` on worker threads and delivers them in order to `done(task, visitor, stats,
/// cut)`, where `cut` is where a task stopped by the node budget was cut (see
/// `State::resume_at`; `resume(task)` gives the path to continue an earlier cut task from).
fn run<const W: usize, V, M, D>(
    c: &Compiled<W>,
    tasks: &[Vec<u32>],
    opts: &SearchOptions<'_>,
    resume: &(dyn Fn(usize) -> Option<Vec<u32>> + Sync),
    make: M,
    mut done: D,
) -> SearchReport
where
    V: Visitor,
    M: Fn(usize) -> V + Sync,
    D: FnMut(usize, V, Stats, Option<Vec<u32>>) -> ControlFlow<()>,
{
    let start = Instant::now();
    let total = tasks.len();
    let halt = AtomicBool::new(false);
    let never = AtomicBool::new(false);
    let cancel = opts.cancel.unwrap_or(&never);
    let next = AtomicUsize::new(0);
    let mut report = SearchReport {
        tasks_total: total,
        ..Default::default()
    };
    let threads = opts.threads.max(1).min(total.max(1));
    let (tx, rx) = mpsc::channel::<TaskResult<V>>();

    let worker = |tx: mpsc::Sender<TaskResult<V>>| {
        let stop = [&halt, cancel];
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            if i >= total || stop.iter().any(|s| s.load(Ordering::Relaxed)) {
                break;
            }
            if (opts.skip)(i) {
                continue;
            }
            let mut visitor = make(i);
            let (stats, finished, cut) = match c.state(&tasks[i], &stop) {
                Some(mut st) => {
                    if let Some(b) = opts.node_budget {
                        st.set_budget(b);
                    }
                    if let Some(path) = resume(i) {
                        st.resume_at(path);
                    }
                    let _ = c.dfs(&mut st, &mut visitor);
                    let cut = (st.stats.budget_cuts > 0).then(|| std::mem::take(&mut st.cut_path));
                    (st.stats, !st.was_stopped(), cut)
                }
                None => (Stats::default(), true, None),
            };
            if tx
                .send(TaskResult {
                    index: i,
                    visitor,
                    stats,
                    finished,
                    cut,
                })
                .is_err()
            {
                break;
            }
        }
    };

    std::thread::scope(|s| {
        for _ in 0..threads {
            let tx = tx.clone();
            std::thread::Builder::new()
                .stack_size(64 << 20)
                .spawn_scoped(s, || worker(tx))
                .expect("spawn worker thread");
        }
        drop(tx);
        let mut pending: BTreeMap<usize, TaskResult<V>> = BTreeMap::new();
        let mut deliver = 0usize;
        let mut stopped = false;
        let mut last_tick = Instant::now();
        let mut disconnected = false;
        loop {
            // Deliver everything that is next in order (skipped tasks count as delivered).
            loop {
                if deliver < total && (opts.skip)(deliver) {
                    deliver += 1;
                    report.tasks_done += 1;
                    continue;
                }
                let Some(r) = pending.remove(&deliver) else {
                    break;
                };
                if !r.finished || stopped {
                    stopped = true;
                    break;
                }
                report.stats += r.stats;
                report.tasks_done += 1;
                deliver += 1;
                if done(r.index, r.visitor, r.stats, r.cut).is_break() {
                    stopped = true;
                    halt.store(true, Ordering::Relaxed);
                    break;
                }
            }
            if let Some(p) = opts.progress {
                if last_tick.elapsed() > Duration::from_millis(100) || deliver == total {
                    last_tick = Instant::now();
                    p(&Progress {
                        tasks_done: report.tasks_done,
                        tasks_total: total,
                        stats: report.stats,
                        elapsed: start.elapsed(),
                    });
                }
            }
            if deliver == total || stopped || disconnected {
                break;
            }
            match rx.recv_timeout(Duration::from_millis(250)) {
                Ok(r) => {
                    pending.insert(r.index, r);
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                // All workers are gone: deliver what is in order, then stop.
                Err(mpsc::RecvTimeoutError::Disconnected) => disconnected = true,
            }
        }
        halt.store(true, Ordering::Relaxed);
        report.complete = deliver == total && !stopped;
    });
    report
}

#[cfg(test)]
mod tests;
