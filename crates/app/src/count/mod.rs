//! `count`: every solution counted under every convention, by the backtracking search, the
//! frontier counter, or — the default — `auto`, which estimates both and takes the frontier
//! counter when its work is far below the search's (80 L-trominoes in 2x2x60: 1.2e36 solutions,
//! the search would run for ever, the frontier counter answers in 0.07 s).
//!
//! A count stopped early (cancelled) is a [`Counted`] whose summary is not complete: every
//! front end must show it as a lower bound, never as a plain number. The frontier counter has
//! no partial counts (each solution is counted at the last cell): cancelled, it is an error of
//! kind `Cancelled`.

mod frontier;
mod request;
mod search;
pub mod stored;

use crate::context::{Context, Event};
use crate::error::AppError;
use crate::prepare::Ready;
use std::io::{self, BufRead};
use std::time::Instant;
use wurfel_pack::frontier::{auto, FrontierError};
use wurfel_pack::Prepared;

pub use frontier::json as frontier_json;
pub use request::{check, CheckpointStore, CountRequest, Counted, Method};

impl Counted {
    /// The JSON object `count --json` prints and `POST /api/v1/count` answers (one line, no
    /// newline).
    pub fn to_json(&self, prep: &Prepared) -> Result<String, AppError> {
        let json = match self {
            Counted::Search(s) => {
                serde_json::to_string(&wurfel_present::report::CountJson::new(prep, s))
            }
            Counted::Frontier {
                report,
                auto,
                seconds,
                threads,
            } => serde_json::to_string(&frontier::json(
                prep,
                report,
                auto.clone(),
                *seconds,
                *threads,
            )),
        };
        json.map_err(|e| AppError::io(format!("cannot encode the count: {e}")))
    }
}

/// Counts `ready`'s puzzle as `req` says, resuming from and saving to `store` when given.
pub fn count(
    ctx: &Context<'_>,
    ready: &Ready,
    req: &CountRequest,
    store: Option<&dyn CheckpointStore>,
) -> Result<Counted, AppError> {
    check(req, store.is_some())?;
    let start = Instant::now();
    let (frontier, reason) = choose(ctx, ready, req, store)?;
    if !frontier {
        return search::count(ctx, ready, req.disassemble, store);
    }
    let report = frontier::count(ctx, ready, req, store)?;
    Ok(Counted::Frontier {
        report,
        auto: reason,
        seconds: start.elapsed().as_secs_f64(),
        threads: ctx.threads,
    })
}

/// Whether to count with the frontier counter, and why when `auto` chose it.
fn choose(
    ctx: &Context<'_>,
    ready: &Ready,
    req: &CountRequest,
    store: Option<&dyn CheckpointStore>,
) -> Result<(bool, Option<String>), AppError> {
    match req.method {
        Method::Search => return Ok((false, None)),
        Method::Frontier => return Ok((true, None)),
        Method::Auto if req.layers => return Ok((true, None)),
        Method::Auto if req.disassemble => return Ok((false, None)),
        Method::Auto => {}
    }
    // Resuming: the method whose checkpoint is there (anything but the frontier counter's is
    // left to the search's reader, which says what is wrong with it).
    if let Some(s) = store {
        let cannot =
            |e: io::Error| AppError::io(format!("cannot read checkpoint {}: {e}", s.name()));
        if let Some(mut r) = s.open().map_err(cannot)? {
            let head = r.fill_buf().map_err(cannot)?;
            let head = String::from_utf8_lossy(&head[..head.len().min(200)]).into_owned();
            let frontier = head.contains(wurfel_pack::frontier::CHECKPOINT_FORMAT);
            ctx.note(&format!(
                "method: {} (resuming its checkpoint {})",
                if frontier { "frontier" } else { "search" },
                s.name()
            ));
            return Ok((frontier, None));
        }
    }
    ctx.sink
        .event(Event::Stage("auto: estimating the work of both methods"));
    let choice = auto::choose(ready, ctx.budget.available(), ctx.threads, Some(ctx.cancel));
    ctx.sink.event(Event::Done);
    let choice = match choice {
        Ok(c) => c,
        // Stopped while choosing: the search, which stops at once and reports (and saves)
        // what it has, nothing yet.
        Err(FrontierError::Cancelled) => return Ok((false, None)),
        Err(e) => return Err(AppError::from_input(&e)),
    };
    let why = choice.explain();
    ctx.note(&format!("method: {why}"));
    Ok((choice.frontier, choice.frontier.then_some(why)))
}
