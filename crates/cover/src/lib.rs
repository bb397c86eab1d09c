//! The wurfel exact-cover engine.
//!
//! It knows rows and columns only: a [`Problem`] lists the columns to cover, the rows (each a
//! set of columns belonging to a group), and each group's capacity. [`search`] finds covers
//! and hands each one, as the list of chosen row indices, to a [`Visitor`].
//!
//! How it searches (`search.rs`):
//! - rows are bitboards ([`Bits`]) of a width chosen for the problem (one `u64` up to 64
//!   columns, up to 64 words);
//! - every node keeps, per group, the list of its rows that still fit; placing a row filters
//!   the lists branch-free and counts, in a bit-sliced counter, how many fitting rows cover each
//!   cell, so a dead end (a cell or a group with no fitting row) is found when the row is
//!   placed, and the branching column — the empty column with the fewest fitting rows, or a
//!   group with fewer places — is read off the counter without rescanning the board;
//! - with a [`Problem::grid`], a placement that leaves an empty region that no sub-multiset of
//!   the remaining groups can fill (by size) is rejected before filtering (`region.rs`).
//!
//! How the work is scheduled (`schedule.rs`):
//! - the tree is cut into tasks (prefixes) at shallow depth, independently of the number of
//!   threads; tasks run on worker threads and are delivered to the caller **in task order**, so
//!   every result (first solution, first N, counts) is identical for any thread count;
//! - tasks can be skipped (to resume an interrupted run) and the whole search can be cancelled;
//! - [`search_limited`] runs the tasks in budgeted rounds to find a few covers fast, and
//!   [`search_rounds`] streams every cover from the same rounds.
//!
//! Each cover is found exactly once: branching on a column picks the one row covering it, and
//! branching on a group is allowed only when one unit of it is left.

mod bits;
mod candidates;
mod counter;
mod covering;
mod filter;
mod memory;
mod problem;
mod region;
mod renumber;
mod schedule;
mod search;
mod span;
mod stats;

pub use bits::Bits;
pub use cut::{Cut, CutOptions};
pub use memory::SearchMemory;
pub use probe::{Estimate, EstimateOptions, Interval};
pub use problem::{try_room, try_vec, Branching, Problem, ProblemError, Row};
pub use sample::Sample;
pub use stats::Stats;
pub use task_plan::{task_plan, ENGINE_VERSION};
pub use tree::{Node, Tree, Weight};

use schedule::{limited, plan, rounds, run};
use search::Compiled;
use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// Validates `problem`, compiles it for the narrowest board width that holds it, and returns
/// `Ok(body)` with the compiled problem bound to `c` (the width is a const generic, so the hot
/// loops are straight-line word operations).
macro_rules! with_compiled {
    ($problem:expr, $c:ident => $body:expr) => {{
        let p: &Problem = $problem;
        p.validate()?;
        with_compiled!(@widths p, $c, $body, 1, 2, 3, 4, 8, 16, 32, 64)
    }};
    (@widths $p:ident, $c:ident, $body:expr, $($w:literal),*) => {{
        $(if $p.columns <= 64 * $w {
            let $c = Compiled::<$w>::new($p)?;
            return Ok($body);
        })*
        unreachable!("validate() bounds the number of columns")
    }};
}

// After the macro: these modules compile problems with it.
mod cut;
mod probe;
mod sample;
mod task_plan;
mod tree;

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
    /// Statistics of the delivered tasks (`stats.solutions` counts engine covers, not a
    /// caller's solutions under symmetry: see [`Stats::solutions`]).
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
    /// solutions fast without being stuck in one barren subtree: see [`search_limited`].
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
    let mut done = done;
    with_compiled!(problem, c => {
        let tasks = plan(&c, opts.min_tasks.max(1))?;
        run(&c, &tasks, opts, &|_| None, make, |i, v, st, _| done(i, v, st))?
    })
}

/// Searches the given tasks instead of the engine's own plan: prefixes that form a cut of the
/// tree (see [`Tree::cut`], [`Tree::check_cut`]), e.g. one shard of a larger search. Task `i`
/// of `tasks` is task `i` for `make`, `done` and `opts.skip`. A prefix that is not a node of
/// the tree yields nothing.
pub fn search_tasks<V, M, D>(
    problem: &Problem,
    tasks: &[Vec<u32>],
    opts: &SearchOptions<'_>,
    make: M,
    done: D,
) -> Result<SearchReport, ProblemError>
where
    V: Visitor,
    M: Fn(usize) -> V + Sync,
    D: FnMut(usize, V, Stats) -> ControlFlow<()>,
{
    let mut done = done;
    with_compiled!(problem, c => run(&c, tasks, opts, &|_| None, make, |i, v, st, _| done(i, v, st))?)
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
/// first, or `opts.node_budget`; four times more each round) until one round yields `limit`
/// items in task order, or no task was cut short (the search was then exhaustive). This is a
/// deterministic form of restarts: a depth-first search can spend minutes in one barren subtree
/// near the root (54 T-tetracubes in 6x6x6) while a sibling task holds a solution a few
/// thousand nodes deep. A task cut by its budget resumes where it stopped in the next round,
/// so all rounds together visit each node about once (plus one descent to the cut per round):
/// proving that fewer than `limit` items exist costs about one exhaustive search.
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
    with_compiled!(problem, c => limited(&c, opts, limit, make, items)?)
}

/// Every cover, streamed as soon as it is found: the budgeted rounds of [`search_limited`] run
/// until the search is exhaustive, and `done(task, visitor, stats)` gets each task's visitor
/// after every round the task ran in (in task order within a round; a task's covers over the
/// rounds in search order). Every cover is delivered exactly once, so counts stay exact, and
/// the order is the same for any number of threads; but it is not the plain search order: the
/// first covers come as fast as with `search_limited` (the first is its first), where
/// [`search`] delivers nothing until the first task is searched to the end. `done` returning
/// `Break` stops the search; the report's statistics cover all rounds.
pub fn search_rounds<V, M, D>(
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
    let mut done = done;
    with_compiled!(problem, c => rounds(&c, opts, make, |_, i, v, st| done(i, v, st))?)
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

#[cfg(test)]
mod test_rng;
#[cfg(test)]
mod tests;
