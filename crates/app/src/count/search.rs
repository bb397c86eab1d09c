//! A count by the backtracking search: every task once, or resumed from a checkpoint and saved
//! as it goes (what a checkpoint means, and when one is trusted, is `wurfel_pack::checkpoint`'s
//! business; the store keeps the bytes).

use super::request::{CheckpointStore, Counted};
use crate::context::{Context, Event};
use crate::error::AppError;
use crate::prepare::Ready;
use std::io::Read;
use std::time::Instant;
use wurfel_pack::checkpoint::{count_resumable, Checkpoint, Fingerprint};
use wurfel_pack::count::{CountOutcome, CountProgress, CountRequest};
use wurfel_pack::source::MAX_FILE_BYTES;
use wurfel_pack::Prepared;
use wurfel_present::count::Summary;

/// Counts by the search (with `disassemble`, every rotation class is analysed for
/// disassembly: no checkpoints then).
pub fn count(
    ctx: &Context<'_>,
    ready: &Ready,
    disassemble: bool,
    store: Option<&dyn CheckpointStore>,
) -> Result<Counted, AppError> {
    let prep = &ready.prep;
    let start = Instant::now();
    let report = |p: &wurfel_cover::Progress| ctx.sink.event(Event::Search(p));
    let opts = ctx.search_options(&report);
    let outcome = match store {
        Some(store) => resumable(ctx, prep, &opts, store),
        None => {
            // Without a checkpoint nothing needs the fingerprint: a SHA-256 over the problem
            // and a second planning of the tree (about 2% of a count of pentominoes 6x10).
            let request = CountRequest {
                disassemble,
                ..CountRequest::all()
            };
            prep.count_with(&opts, &request, |_, _, _| Ok(()))
                .map_err(|e| AppError::from_input(&e))
        }
    };
    ctx.sink.event(Event::Done);
    let outcome = outcome?;
    if let Some(e) = &outcome.disassembly.failed {
        return Err(AppError::input(e.to_string()));
    }
    if !outcome.complete() {
        if let Some(s) = store {
            ctx.note(&format!(
                "progress saved to {}; run the same command again to resume",
                s.name()
            ));
        }
    }
    Ok(Counted::Search(Summary {
        counts: outcome.progress.counts,
        complete: outcome.complete(),
        stats: outcome.stats,
        seconds: start.elapsed().as_secs_f64(),
        threads: ctx.threads,
        disassembly: disassemble.then_some(outcome.disassembly),
    }))
}

/// Counts, resuming from and saving to `store`.
fn resumable(
    ctx: &Context<'_>,
    prep: &Prepared,
    opts: &wurfel_cover::SearchOptions<'_>,
    store: &dyn CheckpointStore,
) -> Result<CountOutcome, AppError> {
    let fp = Fingerprint::of(prep).map_err(|e| AppError::from_input(&e))?;
    let start = load(prep, &fp, store)?;
    if let Some(p) = &start {
        ctx.note(&format!(
            "resuming from {}: {} of {} tasks already counted",
            store.name(),
            p.next_task,
            p.tasks_total
        ));
    }
    count_resumable(prep, &fp, opts, start, store.interval(), |p| {
        let text = Checkpoint::new(&prep.puzzle.id, &fp, p).to_text();
        store
            .save(&mut |w| w.write_all(text.as_bytes()))
            .map_err(|e| format!("cannot write {}: {e}", store.name()).into())
    })
    .map_err(|e| AppError::io(crate::error::chain(&e)))
}

/// The validated progress saved in `store`, if there is one.
fn load(
    prep: &Prepared,
    fp: &Fingerprint,
    store: &dyn CheckpointStore,
) -> Result<Option<CountProgress>, AppError> {
    let shown = store.name();
    let cannot = |e: std::io::Error| AppError::io(format!("cannot read checkpoint {shown}: {e}"));
    let Some(reader) = store.open().map_err(cannot)? else {
        return Ok(None);
    };
    let mut bytes = Vec::new();
    reader
        .take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(cannot)?;
    let refused = |why: String| {
        AppError::input(format!(
            "checkpoint {shown} refused (remove it to count from the start): {why}"
        ))
    };
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(refused(format!("larger than {MAX_FILE_BYTES} bytes")));
    }
    let text = String::from_utf8(bytes).map_err(|_| refused("it is not UTF-8 text".into()))?;
    Checkpoint::parse(&text, prep, fp).map(Some).map_err(|e| {
        AppError::input(format!(
            "checkpoint {shown} refused (remove it to count from the start): {}",
            crate::error::chain(&e)
        ))
    })
}
