//! Snake cubes: `snake solve` (the foldings, one per physically different one, handed out as
//! found) and `snake count` (every convention's count), once for the command line and the
//! server; the built-in snakes counted (`catalog`: `snake list`, the web app's catalog) and a
//! survey of every chain in a box (`survey`).

use crate::context::{Context, Event};
use crate::error::AppError;
use std::ops::ControlFlow;
use std::time::Instant;
use wurfel_present::report::SnakeEntryJson;
use wurfel_snake::{
    catalog, survey_until, Board, CountTally, Counts, Folding, Problem, Pruning, Survey,
};

/// How a listing of foldings went.
pub struct Listed {
    /// Foldings handed out.
    pub found: usize,
    /// More than the limit exist (one more was found and not handed out).
    pub more: bool,
    /// Stopped by the cancel flag before the end (the list is partial).
    pub interrupted: bool,
    pub seconds: f64,
}

/// Hands `p`'s foldings to `emit` in order, at most `limit` (`None`: all), until `emit` stops
/// or the context is cancelled; one more than asked for tells whether the list is complete.
pub fn solve(
    ctx: &Context<'_>,
    p: &Problem,
    limit: Option<usize>,
    mut emit: impl FnMut(Folding) -> ControlFlow<()>,
) -> Result<Listed, AppError> {
    if limit == Some(0) {
        return Err(AppError::usage(
            "the limit must be at least 1 (all lists every solution)",
        ));
    }
    let start = Instant::now();
    let mut found = 0;
    let mut more = false;
    let exhausted = p.for_each_solution(Some(ctx.cancel), |f| {
        if limit.is_some_and(|l| found >= l) {
            more = true;
            return ControlFlow::Break(());
        }
        found += 1;
        emit(f)
    });
    Ok(Listed {
        found,
        more,
        interrupted: !exhausted && !more && ctx.cancelled(),
        seconds: start.elapsed().as_secs_f64(),
    })
}

/// A count of foldings: complete, or (cancelled) each figure a lower bound.
pub struct Counted {
    pub counts: Counts,
    pub complete: bool,
    pub seconds: f64,
}

/// Tasks per round between progress reports, per thread.
const TASKS_PER_THREAD: usize = 8;

/// Counts `p`'s foldings under every convention on `ctx.threads` workers. The search is cut into
/// tasks (as `shard plan --snake` cuts it) run a few rounds at a time, for progress between
/// rounds; the tallies are sums, so the counts are those of one search. A cancel stops it
/// mid-task: the counts so far, not complete.
pub fn count(ctx: &Context<'_>, p: &Problem) -> Result<Counted, AppError> {
    let start = Instant::now();
    let threads = ctx.threads.max(1);
    let tasks = p.cut(64 * threads);
    let mut tally = CountTally::default();
    let mut stats = wurfel_cover::Stats::default();
    let mut complete = true;
    let round = TASKS_PER_THREAD * threads;
    let report = |done: usize, stats: wurfel_cover::Stats| {
        ctx.sink.event(Event::Search(&wurfel_cover::Progress {
            tasks_done: done,
            tasks_total: tasks.len(),
            stats,
            elapsed: start.elapsed(),
        }))
    };
    // A round of a long count may take minutes: say at once how many tasks there are.
    report(0, stats);
    for (i, chunk) in tasks.chunks(round).enumerate() {
        if ctx.cancelled() {
            complete = false;
            break;
        }
        let (t, st, done) = p
            .run_tasks_until(chunk, threads, Some(ctx.cancel))
            .map_err(|e| AppError::from_input(&e))?;
        tally.merge(&t);
        stats.nodes += st.nodes;
        stats.solutions += st.leaves;
        report(i * round + chunk.len(), stats);
        if !done {
            complete = false;
            break;
        }
    }
    ctx.sink.event(Event::Done);
    Ok(Counted {
        counts: tally.counts(p.chain().is_palindrome()),
        complete,
        seconds: start.elapsed().as_secs_f64(),
    })
}

/// A built-in snake counted now.
pub struct CatalogRow {
    pub entry: &'static catalog::Entry,
    pub problem: Problem,
    pub counts: Counts,
}

impl CatalogRow {
    /// The row as `snake list --json` prints it and the web app's snake catalog has it.
    pub fn to_json(&self) -> SnakeEntryJson {
        SnakeEntryJson::new(self.entry, &self.problem, &self.counts)
    }
}

/// `snake list` and the web app's snake catalog: the built-in snakes counted in catalog order
/// on `ctx.threads` workers, each handed to `emit` once counted, until `emit` stops or a count
/// is cancelled (that snake is left out: its figures would be lower bounds, not the
/// catalog's). Returns how many were handed out.
pub fn catalog(
    ctx: &Context<'_>,
    mut emit: impl FnMut(CatalogRow) -> ControlFlow<()>,
) -> Result<usize, AppError> {
    for (i, entry) in catalog::CATALOG.iter().enumerate() {
        let problem =
            Problem::auto(entry.chain(), Some(entry.side)).map_err(|e| AppError::from_input(&e))?;
        let (counts, _, complete) =
            problem.count_until(Pruning::default(), ctx.threads, Some(ctx.cancel));
        if !complete {
            return Ok(i);
        }
        let row = CatalogRow {
            entry,
            problem,
            counts,
        };
        if emit(row).is_break() {
            return Ok(i + 1);
        }
    }
    Ok(catalog::CATALOG.len())
}

/// `snake survey`: every chain that folds into `board` (at most 27 cells), counted; `false`
/// when cancelled (then every figure is a lower bound).
pub fn survey(ctx: &Context<'_>, board: &Board) -> Result<(Survey, bool), AppError> {
    crate::shard::snake::check_survey_box(board)?;
    Ok(survey_until(board, ctx.threads, Some(ctx.cancel)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicBool;

    /// A listing stopped by the cancel flag leaves the snake in hand out; otherwise every
    /// snake is listed, each row equal to its own count.
    #[test]
    fn a_cancelled_catalog_stops_and_leaves_the_count_in_hand_out() {
        let budget = crate::Budget::new(None, "test");
        for threads in [1, 2] {
            for (stop, want) in [(true, 0), (false, catalog::CATALOG.len())] {
                let cancel = AtomicBool::new(stop);
                let ctx = Context {
                    threads,
                    budget: &budget,
                    cancel: &cancel,
                    sink: &crate::Silent,
                };
                let mut rows = Vec::new();
                let done = super::catalog(&ctx, |r| {
                    rows.push(r);
                    ControlFlow::Continue(())
                })
                .unwrap();
                assert_eq!((done, rows.len()), (want, want));
                for (e, row) in catalog::CATALOG.iter().zip(&rows) {
                    let p = Problem::auto(e.chain(), Some(e.side)).unwrap();
                    let (c, _) = p.count_with(Pruning::default(), 1);
                    assert_eq!(row.entry.id, e.id);
                    assert_eq!(row.counts, c);
                }
            }
        }
    }
}
