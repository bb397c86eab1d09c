//! The one counting loop: the search's task outputs summed, in task order, with checked
//! arithmetic. `count`, `count --disassemble`, resumable counts ([`crate::checkpoint`]), a
//! shard's tasks (`wurfel shard run`) and the web server all count through
//! [`Prepared::count_with`]; what differs between them is the request (which tasks, what to
//! collect, where a resumed count starts) and the hook that sees each task's output (saving a
//! checkpoint, keeping listed solutions). Threads, progress and cancellation stay in the
//! engine's [`SearchOptions`].

use crate::limits::SearchError;
use crate::solver::{Counts, DisassemblyCounts, Prepared, TaskOutput, Want};
use std::fmt;
use std::ops::ControlFlow;
use wurfel_cover::{ProblemError, SearchOptions, SearchReport, Stats};

/// Which tasks of the search a count covers.
#[derive(Clone, Copy, Debug)]
pub enum Tasks<'a> {
    /// The engine's own task plan, all of it (tasks the options skip count nothing).
    All,
    /// These task prefixes only: a cut of the search tree, or part of one (a shard).
    Only(&'a [Vec<u32>]),
}

/// What to count and collect.
#[derive(Clone, Copy, Debug)]
pub struct CountRequest<'a> {
    /// The tasks searched.
    pub tasks: Tasks<'a>,
    /// Counts only, or counts and the solutions distinct under a convention.
    pub want: Want,
    /// Also analyse every rotation class for disassembly (see [`TaskOutput::disassembly`]).
    pub disassemble: bool,
    /// Where the count starts: tasks `0..start.next_task` already counted (a resumed count,
    /// whose options skip those tasks), or the default, nothing counted.
    pub start: CountProgress,
}

impl CountRequest<'_> {
    /// Every task, counts only, from the start.
    pub fn all() -> CountRequest<'static> {
        CountRequest {
            tasks: Tasks::All,
            want: Want::Count,
            disassemble: false,
            start: CountProgress::default(),
        }
    }
}

/// Progress of a count: tasks `0..next_task` of a plan of `tasks_total` tasks are counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CountProgress {
    /// Tasks in the plan.
    pub tasks_total: usize,
    /// The first task not yet counted.
    pub next_task: usize,
    /// Counts of tasks `0..next_task`.
    pub counts: Counts,
}

/// How a count ended.
#[derive(Clone, Debug)]
pub struct CountOutcome {
    /// Counts of every task counted (in this run and, for a resumed count, before it).
    pub progress: CountProgress,
    /// Disassembly counts (zero unless asked for).
    pub disassembly: DisassemblyCounts,
    /// Statistics of this run's tasks.
    pub stats: Stats,
    /// The engine's report of this run.
    pub report: SearchReport,
}

impl CountOutcome {
    /// True when every task is counted.
    pub fn complete(&self) -> bool {
        self.progress.next_task == self.progress.tasks_total
    }
}

/// Why a count stopped with an error.
#[derive(Debug)]
pub enum CountError {
    /// The engine refused the problem or the tasks.
    Engine(ProblemError),
    /// A count does not fit in 64 bits.
    Overflow,
    /// The caller's hook failed (e.g. a checkpoint could not be saved).
    Hook(Box<dyn std::error::Error + Send + Sync>),
    /// The search refused the request before starting (disassembly of too many pieces), or an
    /// analysis failed in a listing.
    Refused(SearchError),
}

impl fmt::Display for CountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CountError::Engine(e) => write!(f, "{e}"),
            CountError::Overflow => write!(f, "a count does not fit in 64 bits"),
            CountError::Hook(e) => write!(f, "{e}"),
            CountError::Refused(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for CountError {}

/// `a + b`, or `None` when a count overflows.
pub fn checked_add(a: Counts, b: Counts) -> Option<Counts> {
    Some(Counts {
        raw: a.raw.checked_add(b.raw)?,
        rotations: a.rotations.checked_add(b.rotations)?,
        rotations_reflections: a
            .rotations_reflections
            .checked_add(b.rotations_reflections)?,
    })
}

/// What a hook returns: an error stops the count.
pub type HookResult = Result<(), Box<dyn std::error::Error + Send + Sync>>;

impl Prepared {
    /// Counts all solutions (see [`Prepared::count_with`] for everything else a count does).
    pub fn count(&self, threads: usize) -> Counts {
        let opts = SearchOptions {
            threads,
            ..Default::default()
        };
        // The problem was validated in `new()`; an overflow of u64 is out of reach here.
        self.count_with(&opts, &CountRequest::all(), |_, _, _| Ok(()))
            .expect("validated in new()")
            .progress
            .counts
    }

    /// Counts as `request` says. `each` sees every task's output in task order (the same for
    /// any thread count) with the progress including it; an error from it stops the count.
    /// Counts are summed with checked arithmetic: an overflow is an error, never a wrapped
    /// total. An interrupted search (through `opts.cancel`) returns what was counted.
    pub fn count_with<F>(
        &self,
        opts: &SearchOptions<'_>,
        request: &CountRequest<'_>,
        mut each: F,
    ) -> Result<CountOutcome, CountError>
    where
        F: FnMut(usize, &TaskOutput, &CountProgress) -> HookResult,
    {
        let mut progress = request.start;
        let mut disassembly = DisassemblyCounts::default();
        let mut stats = Stats::default();
        let mut failure = None;
        let done = |i: usize, out: TaskOutput, st: Stats| {
            let Some(sum) = checked_add(progress.counts, out.counts) else {
                failure = Some(CountError::Overflow);
                return ControlFlow::Break(());
            };
            // Tasks arrive in order, so `next_task` is the first task not counted.
            progress.counts = sum;
            progress.next_task = i + 1;
            disassembly += out.disassembly;
            stats += st;
            match each(i, &out, &progress) {
                Ok(()) => ControlFlow::Continue(()),
                Err(e) => {
                    failure = Some(CountError::Hook(e));
                    ControlFlow::Break(())
                }
            }
        };
        let report = match request.tasks {
            Tasks::All => self.run_with(opts, request.want, request.disassemble, None, done),
            Tasks::Only(tasks) => {
                self.run_tasks(tasks, opts, request.want, request.disassemble, done)
            }
        }
        .map_err(|e| match e {
            SearchError::Engine(e) => CountError::Engine(e),
            e => CountError::Refused(e),
        })?;
        if let Some(e) = failure {
            return Err(e);
        }
        progress.tasks_total = report.tasks_total;
        if report.complete {
            progress.next_task = report.tasks_total;
        }
        Ok(CountOutcome {
            progress,
            disassembly,
            stats,
            report,
        })
    }
}
