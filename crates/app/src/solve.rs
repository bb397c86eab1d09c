//! `solve`: the first solution, the first N, or all of them (with `disassemble`, only those
//! that come apart, each with its separation), handed to the caller in order as found. The
//! command line writes each as it comes (a file or standard output, text or JSON lines), the
//! server collects them into one JSON array; both get the same solutions in the same order.

use crate::context::{Context, Event};
use crate::error::AppError;
use crate::prepare::Ready;
use std::ops::ControlFlow;
use wurfel_cover::{SearchReport, Stats};
use wurfel_pack::disassembly::Separation;
use wurfel_pack::Convention;

/// What to list.
#[derive(Clone, Copy, Debug)]
pub struct SolveRequest {
    /// Which solutions count as distinct.
    pub distinct: Convention,
    /// Only solutions that come apart, each with its separation.
    pub disassemble: bool,
    /// At most this many (at least 1); `None`: every one, streamed from the budgeted rounds.
    pub limit: Option<usize>,
}

/// How the search went: complete means exhaustive (fewer than the limit exist, or exactly the
/// ones listed), false when it was cancelled.
pub struct Solved {
    pub report: SearchReport,
    pub stats: Stats,
    /// Solutions handed out.
    pub found: u64,
}

/// Lists `ready`'s solutions as `req` says, each (with its separation under `disassemble`) to
/// `emit`, which may stop the listing. Refused before any search: a limit of 0, and with
/// `disassemble` a puzzle whose solutions may have more pieces than the analysis handles.
pub fn solve(
    ctx: &Context<'_>,
    ready: &Ready,
    req: &SolveRequest,
    mut emit: impl FnMut(Vec<u32>, Option<Separation>) -> ControlFlow<()>,
) -> Result<Solved, AppError> {
    if req.limit == Some(0) {
        return Err(AppError::usage(
            "the limit must be at least 1 (all lists every solution)",
        ));
    }
    let prep = &ready.prep;
    prep.check_disassemble(req.disassemble)
        .map_err(|e| AppError::from_input(&e))?;
    let report = |p: &wurfel_cover::Progress| ctx.sink.event(Event::Search(p));
    let opts = ctx.search_options(&report);
    let mut found = 0u64;
    let mut stats = Stats::default();
    // Listed solutions come apart (the search skips the others) and come with the separation
    // the search's filter found: each is taken apart once.
    let mut give = |(s, sep): wurfel_pack::Listed| {
        found += 1;
        emit(s, sep)
    };
    let searched = match req.limit {
        // Every solution, streamed from the budgeted rounds as found: the first ones come as
        // fast as with a limit (plain search order would hold them until the first task is
        // searched to the end, which can take minutes), and the list is still complete.
        None => prep.list_with(&opts, req.distinct, req.disassemble, |_, out, st| {
            stats += st;
            for l in out.listed() {
                give(l)?;
            }
            ControlFlow::Continue(())
        }),
        // A few: budgeted rounds, so one barren subtree cannot hold up the answer.
        Some(n) => prep
            .find_with(&opts, req.distinct, req.disassemble, n)
            .map(|(sols, report)| {
                stats = report.stats;
                for l in sols {
                    if give(l).is_break() {
                        break;
                    }
                }
                report
            }),
    };
    ctx.sink.event(Event::Done);
    let report = searched.map_err(|e| AppError::from_input(&e))?;
    Ok(Solved {
        report,
        stats,
        found,
    })
}
