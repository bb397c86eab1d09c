//! Scheduling: the tree is cut into tasks (`plan`), tasks run on worker threads and are handed
//! back in task order (`run`), and `limited` runs budgeted rounds of tasks until enough items
//! are found. Everything here depends only on the problem and the options, never on timing or
//! on the number of threads, so every result is the same for any thread count.

use crate::problem::ProblemError;
use crate::search::{Choice, Compiled, State, NO_STOP};
use crate::{Progress, SearchOptions, SearchReport, Stats, Visitor};
use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Budgeted rounds over the engine's tasks (behind [`search_limited`] and
/// [`search_rounds`]): every task not yet searched to the end runs with a node budget, four
/// times larger each round; a task cut by its budget resumes where it stopped in the next round
/// (not restarted), so the rounds together visit each node about once and deliver each cover
/// once. `done(round, task, visitor, stats)` gets each task after each round it ran in, in task
/// order within a round; `Break` stops. Runs until no task is cut, `done` stops or `cancel` is
/// set; `complete` is true when every task was searched to the end (and not cancelled).
///
/// [`search_limited`]: crate::search_limited
/// [`search_rounds`]: crate::search_rounds
pub(crate) fn rounds<const W: usize, V, M, D>(
    c: &Compiled<W>,
    opts: &SearchOptions<'_>,
    make: M,
    mut done: D,
) -> Result<SearchReport, ProblemError>
where
    V: Visitor,
    M: Fn(usize) -> V + Sync,
    D: FnMut(usize, usize, V, Stats) -> ControlFlow<()>,
{
    let tasks = plan(c, opts.min_tasks.max(1))?;
    // Per task: None = searched to the end (or skipped); Some(path) = cut there.
    let mut cut: Vec<Option<Vec<u32>>> = (0..tasks.len())
        .map(|i| (!(opts.skip)(i)).then(Vec::new))
        .collect();
    let mut budget: u64 = opts.node_budget.unwrap_or(1 << 12).max(1);
    let mut stats = Stats::default();
    for round in 0.. {
        // Progress over all rounds: the statistics of earlier rounds added in.
        let before = stats;
        let progress = |p: &Progress| {
            if let Some(f) = opts.progress {
                let mut q = *p;
                q.stats += before;
                f(&q);
            }
        };
        let round_opts = SearchOptions {
            threads: opts.threads,
            cancel: opts.cancel,
            skip: &|i| cut[i].is_none(),
            min_tasks: opts.min_tasks,
            progress: Some(&progress),
            node_budget: Some(budget),
        };
        let resume = |i: usize| cut[i].clone();
        let mut cuts: Vec<(usize, Option<Vec<u32>>)> = Vec::new();
        let mut stopped = false;
        let rep = run(c, &tasks, &round_opts, &resume, &make, |i, v, st, path| {
            cuts.push((i, (st.budget_cuts > 0).then(|| path.unwrap_or_default())));
            let flow = done(round, i, v, st);
            stopped = flow.is_break();
            flow
        })?;
        stats += rep.stats;
        for (i, path) in cuts {
            cut[i] = path;
        }
        let any_cut = cut.iter().any(Option::is_some);
        let cancelled = opts.cancel.is_some_and(|c| c.load(Ordering::Relaxed));
        if stopped || !any_cut || cancelled {
            return Ok(SearchReport {
                stats,
                complete: !any_cut && !cancelled,
                ..rep
            });
        }
        budget = budget.saturating_mul(4);
    }
    unreachable!("the rounds end when no task is cut")
}

/// The rounds of [`search_limited`]: until the items found, counted in task order up to the
/// task just delivered, reach `limit` (tasks not run in a round are finished ones, whose items
/// are final). The items are returned in task order, each task's in search order.
///
/// [`search_limited`]: crate::search_limited
pub(crate) fn limited<const W: usize, V, T, M, X>(
    c: &Compiled<W>,
    opts: &SearchOptions<'_>,
    limit: usize,
    make: M,
    mut items: X,
) -> Result<(Vec<T>, SearchReport), ProblemError>
where
    V: Visitor,
    M: Fn(usize) -> V + Sync,
    X: FnMut(V) -> Vec<T>,
{
    let mut found: Vec<Vec<T>> = Vec::new();
    let (mut this_round, mut counted, mut upto) = (usize::MAX, 0usize, 0usize);
    let report = rounds(c, opts, make, |round, i, v, _| {
        if round != this_round {
            (this_round, counted, upto) = (round, 0, 0);
        }
        if found.len() <= i {
            found.resize_with(i + 1, Vec::new);
        }
        while upto < i {
            counted += found[upto].len();
            upto += 1;
        }
        found[i].extend(items(v));
        counted += found[i].len();
        upto = i + 1;
        if counted >= limit {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    })?;
    Ok((found.into_iter().flatten().take(limit).collect(), report))
}

/// Cuts the tree into task prefixes, breadth-first, keeping depth-first order.
/// The stack of every thread that searches: the depth-first search recurses once per piece
/// placed (at most one per column, 4,096), a few hundred bytes to a few KiB a level.
pub(crate) const WORKER_STACK: usize = 64 << 20;

pub(crate) fn plan<const W: usize>(
    c: &Compiled<W>,
    min_tasks: usize,
) -> Result<Vec<Vec<u32>>, ProblemError> {
    let mut frontier: Vec<Vec<u32>> = vec![Vec::new()];
    let mut buf = Vec::new();
    // The first state of a search: a system that refuses its stacks refuses the search here,
    // before anything is searched.
    let mut st = c.root_state(NO_STOP)?;
    for _depth in 0..6 {
        if frontier.len() >= min_tasks {
            break;
        }
        let mut next = Vec::with_capacity(frontier.len() * 8);
        let mut grew = false;
        for prefix in frontier {
            if !c.restart(&mut st, &prefix) {
                continue;
            }
            match c.choose(&mut st) {
                Choice::Complete | Choice::Finish => next.push(prefix),
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
    Ok(frontier)
}

struct TaskResult<V> {
    index: usize,
    visitor: V,
    stats: Stats,
    finished: bool,
    cut: Option<Vec<u32>>,
}

/// What the workers of one `run` share.
struct Shared<'a, const W: usize, M> {
    c: &'a Compiled<W>,
    tasks: &'a [Vec<u32>],
    opts: &'a SearchOptions<'a>,
    resume: &'a (dyn Fn(usize) -> Option<Vec<u32>> + Sync),
    make: M,
    /// Set when the caller needs no more tasks.
    halt: AtomicBool,
    /// Workers that got their state's memory, and the refusal of the last that did not.
    searching: AtomicUsize,
    refused: std::sync::Mutex<Option<ProblemError>>,
    /// The next task to take.
    next: AtomicUsize,
}

impl<const W: usize, M> Shared<'_, W, M> {
    /// One worker: takes tasks in order until none is left or the search stops, and sends each
    /// one's result (skipped tasks send nothing).
    fn work<V: Visitor>(&self, cancel: &AtomicBool, tx: mpsc::Sender<TaskResult<V>>)
    where
        M: Fn(usize) -> V,
    {
        let stop = [&self.halt, cancel];
        // One state for all the tasks of this worker (see `Compiled::restart`), made before it
        // takes any: a worker the system refuses its memory leaves the tasks to the others.
        let mut st = match self.c.root_state(&stop) {
            Ok(st) => st,
            Err(e) => {
                *self.refused.lock().unwrap_or_else(|p| p.into_inner()) = Some(e);
                return;
            }
        };
        self.searching.fetch_add(1, Ordering::Relaxed);
        loop {
            let i = self.next.fetch_add(1, Ordering::Relaxed);
            if i >= self.tasks.len() || stop.iter().any(|s| s.load(Ordering::Relaxed)) {
                break;
            }
            if (self.opts.skip)(i) {
                continue;
            }
            let result = self.task(i, &mut st);
            if tx.send(result).is_err() {
                break;
            }
        }
    }

    /// Searches task `i` (within its budget, from where it was cut if it was).
    fn task<'s, V: Visitor>(&self, i: usize, st: &mut State<'s, W>) -> TaskResult<V>
    where
        M: Fn(usize) -> V,
    {
        let mut visitor = (self.make)(i);
        let (stats, finished, cut) = if self.c.restart(st, &self.tasks[i]) {
            if let Some(b) = self.opts.node_budget {
                st.set_budget(b);
            }
            if let Some(path) = (self.resume)(i) {
                st.resume_at(path);
            }
            let _ = self.c.dfs(st, &mut visitor);
            let cut = (st.stats.budget_cuts > 0).then(|| std::mem::take(&mut st.cut_path));
            (st.stats, !st.was_stopped(), cut)
        } else {
            (Stats::default(), true, None)
        };
        TaskResult {
            index: i,
            visitor,
            stats,
            finished,
            cut,
        }
    }
}

/// Runs `tasks` on worker threads and delivers them in order to `done(task, visitor, stats,
/// cut)`, where `cut` is where a task stopped by the node budget was cut (see
/// `State::resume_at`; `resume(task)` gives the path to continue an earlier cut task from).
pub(crate) fn run<const W: usize, V, M, D>(
    c: &Compiled<W>,
    tasks: &[Vec<u32>],
    opts: &SearchOptions<'_>,
    resume: &(dyn Fn(usize) -> Option<Vec<u32>> + Sync),
    make: M,
    done: D,
) -> Result<SearchReport, ProblemError>
where
    V: Visitor,
    M: Fn(usize) -> V + Sync,
    D: FnMut(usize, V, Stats, Option<Vec<u32>>) -> ControlFlow<()>,
{
    let start = Instant::now();
    let shared = Shared {
        c,
        tasks,
        opts,
        resume,
        make,
        halt: AtomicBool::new(false),
        next: AtomicUsize::new(0),
        searching: AtomicUsize::new(0),
        refused: std::sync::Mutex::new(None),
    };
    let never = AtomicBool::new(false);
    let cancel = opts.cancel.unwrap_or(&never);
    let threads = opts.threads.max(1).min(tasks.len().max(1));
    let (tx, rx) = mpsc::channel::<TaskResult<V>>();
    let report = std::thread::scope(|s| {
        // A worker the system refuses to start (thread or memory limits) is not an error: the
        // others share its tasks. With none at all, this thread runs every task before
        // delivering (the channel is unbounded), so the answer never depends on the threads.
        let mut spawned = 0;
        for _ in 0..threads {
            let tx = tx.clone();
            let shared = &shared;
            let started = std::thread::Builder::new()
                .stack_size(WORKER_STACK)
                .spawn_scoped(s, move || shared.work(cancel, tx));
            if started.is_err() {
                break;
            }
            spawned += 1;
        }
        if spawned == 0 {
            shared.work(cancel, tx.clone());
        }
        drop(tx);
        let report = deliver(start, tasks.len(), opts, &rx, done, &shared.halt);
        shared.halt.store(true, Ordering::Relaxed);
        report
    });
    // No worker could search: the system refused every one its state, before any task ran.
    match shared
        .refused
        .into_inner()
        .unwrap_or_else(|p| p.into_inner())
    {
        Some(e) if shared.searching.into_inner() == 0 => Err(e),
        _ => Ok(report),
    }
}

/// The shortest and longest waits of `deliver` between looks for results.
const MIN_NAP: Duration = Duration::from_micros(200);
const MAX_NAP: Duration = Duration::from_millis(20);

/// Receives the workers' results and hands them to `done` in task order (skipped tasks count
/// as delivered), reporting progress; stops at the first task not finished, when `done`
/// breaks (then sets `halt`) or when every worker is gone.
fn deliver<V, D>(
    start: Instant,
    total: usize,
    opts: &SearchOptions<'_>,
    rx: &mpsc::Receiver<TaskResult<V>>,
    mut done: D,
    halt: &AtomicBool,
) -> SearchReport
where
    D: FnMut(usize, V, Stats, Option<Vec<u32>>) -> ControlFlow<()>,
{
    let mut report = SearchReport {
        tasks_total: total,
        ..Default::default()
    };
    let mut pending: BTreeMap<usize, TaskResult<V>> = BTreeMap::new();
    let mut next = 0usize;
    let mut stopped = false;
    let mut last_tick = Instant::now();
    let mut disconnected = false;
    let mut nap = MIN_NAP;
    loop {
        // Deliver everything that is next in order.
        loop {
            if next < total && (opts.skip)(next) {
                next += 1;
                report.tasks_done += 1;
                continue;
            }
            let Some(r) = pending.remove(&next) else {
                break;
            };
            if !r.finished || stopped {
                stopped = true;
                break;
            }
            report.stats += r.stats;
            report.tasks_done += 1;
            next += 1;
            if done(r.index, r.visitor, r.stats, r.cut).is_break() {
                stopped = true;
                halt.store(true, Ordering::Relaxed);
                break;
            }
        }
        if let Some(p) = opts.progress {
            if last_tick.elapsed() > Duration::from_millis(100) || next == total {
                last_tick = Instant::now();
                p(&Progress {
                    tasks_done: report.tasks_done,
                    tasks_total: total,
                    stats: report.stats,
                    elapsed: start.elapsed(),
                });
            }
        }
        if next == total || stopped || disconnected {
            break;
        }
        // Poll rather than wait in `recv`: a worker's send then wakes nobody. Waiting made
        // every task's result a futex wake and two context switches (with one worker, about
        // 15% of the CPU time of counting pentominoes 6x10, 6,618 tasks in 0.1 s). The nap
        // doubles while nothing comes, up to `MAX_NAP`, so a long task costs few wake-ups.
        let mut got = false;
        loop {
            match rx.try_recv() {
                Ok(r) => {
                    pending.insert(r.index, r);
                    got = true;
                }
                Err(mpsc::TryRecvError::Empty) => break,
                // All workers are gone: deliver what is in order, then stop.
                Err(mpsc::TryRecvError::Disconnected) => {
                    disconnected = true;
                    break;
                }
            }
        }
        if got {
            nap = MIN_NAP;
        } else if !disconnected {
            std::thread::sleep(nap);
            nap = (nap * 2).min(MAX_NAP);
        }
    }
    report.complete = next == total && !stopped;
    report
}
