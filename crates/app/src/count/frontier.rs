//! A count by the frontier counter (`wurfel_pack::frontier`): dynamic programming over the
//! boundary between the filled and the empty part, held to the memory budget, resumable from
//! its own checkpoints.

use super::request::{CheckpointStore, CountRequest};
use crate::context::{Context, Event};
use crate::error::{AppError, Kind};
use crate::prepare::Ready;
use std::sync::Mutex;
use std::time::Instant;
use wurfel_pack::frontier::{
    self, FrontierError, FrontierOptions, FrontierReport, Resume, Snapshot,
};
use wurfel_pack::Prepared;
use wurfel_present::numbers::fmt_int;
use wurfel_present::report::{
    ExactInt, FrontierCountJson, FrontierJson, FrontierRunJson, PublishedJson,
};

/// Where the last checkpoint saved is: run, cell, cells.
type Saved = (usize, usize, usize);

/// Counts `ready` with the frontier counter. Cancelled, it is an error (no partial counts: each
/// solution is counted at the last cell) saying where its checkpoint stands.
pub fn count(
    ctx: &Context<'_>,
    ready: &Ready,
    req: &CountRequest,
    store: Option<&dyn CheckpointStore>,
) -> Result<FrontierReport, AppError> {
    let prep = &ready.prep;
    let mode = FrontierOptions {
        layers: req.layers,
        canonical: req.layers,
        slices: usize::from(req.slices),
        ..Default::default()
    };
    let resume = match store {
        Some(s) => load(ctx, prep, &mode, s)?,
        None => None,
    };
    // Only a checkpoint needs the fingerprint, and it plans the search's tasks (a search
    // state: a count held to the frontier counter's memory must not pay for it).
    let fingerprint = match store {
        Some(_) => Some(frontier::fingerprint(prep, &mode).map_err(AppError::input)?),
        None => None,
    };
    let started = Instant::now();
    let last: Mutex<(Instant, Option<Saved>)> = Mutex::new((started, None));
    let save = |s: &Snapshot<'_>| -> Result<(), String> {
        let (Some(store), Some(fingerprint)) = (store, &fingerprint) else {
            return Ok(());
        };
        let mut last = last.lock().map_err(|_| "a saving thread panicked")?;
        let end = s.position() == s.positions();
        if last.1.is_some() && !end && last.0.elapsed() < store.interval() {
            return Ok(());
        }
        store
            .save(&mut |w| s.write(&prep.puzzle.id, fingerprint, w))
            .map_err(|e| format!("cannot write {}: {e}", store.name()))?;
        if s.position() > 0 {
            // A line per save: where a long count is, even without a terminal.
            ctx.note(&format!(
                "checkpoint: run {}, cell {} of {}, {} boundary states ({:.0} s)",
                s.run() + 1,
                s.position(),
                s.positions(),
                fmt_int(s.states() as u64),
                started.elapsed().as_secs_f64()
            ));
        }
        *last = (Instant::now(), Some((s.run(), s.position(), s.positions())));
        Ok(())
    };
    let tick = |p: &frontier::FrontierProgress| ctx.sink.event(Event::Frontier(p));
    let opts = FrontierOptions {
        // What the process already holds counts against the budget: its peak resident size
        // is what the budget bounds.
        max_bytes: ctx
            .budget
            .available_beside(crate::budget::system::resident()),
        cancel: Some(ctx.cancel),
        progress: Some(&tick),
        threads: ctx.threads,
        checkpoint: store.map(|_| &save as _),
        ..mode
    };
    let result = frontier::count_from(prep, &opts, resume);
    ctx.sink.event(Event::Done);
    match result {
        Ok(r) => Ok(r),
        Err(FrontierError::Cancelled) => {
            let saved = last.lock().ok().and_then(|l| l.1);
            Err(AppError::cancelled(match (store, saved) {
                (Some(s), Some((run, cell, cells))) => format!(
                    "interrupted: no partial counts (each solution is counted at the last \
                     cell); progress saved to {} (run {}, cell {cell} of {cells}): run the same \
                     command again to resume",
                    s.name(),
                    run + 1
                ),
                _ => "interrupted: the frontier method has no partial counts".to_string(),
            }))
        }
        Err(e @ (FrontierError::TooMuchMemory { .. } | FrontierError::OutOfMemory { .. })) => {
            Err(AppError::new(Kind::Memory, e.to_string()))
        }
        Err(e) => Err(AppError::from_input(&e)),
    }
}

/// The checkpoint in `store`, if there is one, checked against `prep`.
fn load(
    ctx: &Context<'_>,
    prep: &Prepared,
    mode: &FrontierOptions<'_>,
    store: &dyn CheckpointStore,
) -> Result<Option<Resume>, AppError> {
    let shown = store.name();
    let Some(mut reader) = store
        .open()
        .map_err(|e| AppError::io(format!("cannot read checkpoint {shown}: {e}")))?
    else {
        return Ok(None);
    };
    let r = frontier::read_checkpoint(prep, mode, &mut reader).map_err(|e| {
        AppError::input(format!(
            "checkpoint {shown} refused (remove it to count from the start): {e}"
        ))
    })?;
    ctx.note(&format!(
        "resuming from {shown}: run {}, cell {} of {}, {} boundary states",
        r.run() + 1,
        r.position(),
        r.positions(),
        fmt_int(r.states() as u64)
    ));
    Ok(Some(r))
}

/// What `count --json` shows of a frontier count (`auto`: why `auto` chose it).
pub fn json<'a>(
    prep: &'a Prepared,
    r: &'a FrontierReport,
    auto: Option<String>,
    seconds: f64,
    threads: usize,
) -> FrontierCountJson<'a> {
    let p = &prep.puzzle;
    let [raw, rotations, rotations_reflections] = wurfel_present::count::frontier_counts(r);
    FrontierCountJson {
        puzzle: &p.id,
        name: &p.name,
        published: p
            .published
            .iter()
            .map(|x| PublishedJson {
                convention: x.convention.key(),
                count: x.count,
                source: &x.source,
                matches: Some(r.get(x.convention).is_some_and(|n| *n == x.count.into())),
            })
            .collect(),
        raw: ExactInt(raw),
        rotations: ExactInt(rotations),
        rotations_reflections: ExactInt(rotations_reflections),
        complete: true,
        seconds,
        threads,
        target_rotations: prep.symmetry.rotations.len(),
        target_reflections: prep.symmetry.target_reflections,
        mirror_closed: prep.symmetry.mirror_closed,
        method: "frontier",
        by_method: FrontierJson {
            auto,
            peak_states: r.peak_states(),
            peak_bytes: r.peak_bytes(),
            runs: r.runs.iter().map(FrontierRunJson::from).collect(),
        },
    }
}
