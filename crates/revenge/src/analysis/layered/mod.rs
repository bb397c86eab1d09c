//! Breadth-first analysis over a symmetry-reduced space ([`Space`]): 2 bits per entry in
//! memory-mapped files, one file per completed depth, resumable after a kill at any moment.
//!
//! Entry states: [`UNSEEN`], [`DONE`] (reached at an earlier depth, or not a position: a
//! non-canonical entry or padding) and [`FRONTIER`] (reached at the depth the file is for).
//! Depth `d + 1` is computed from the file of depth `d` alone, into a new file:
//!
//! - *pull* ([`pull_range`]): each unseen entry of a range looks for a neighbour on the
//!   frontier. The output range depends only on the previous file, so ranges can be computed
//!   by different workers (or machines) that never write the same bytes;
//! - *push* ([`push_range`], while the frontier is small): each frontier entry of a range lists
//!   its unseen neighbours; merging the lists ([`apply_push`], again by output ranges) gives
//!   the new frontier.
//!
//! On disk ([`Analysis`], in `dir.rs`), a directory holds `space.json` (which space this is),
//! `depth-DD.bits` and `depth-DD.json` (rows up to `DD` and the table's checksum, sealed:
//! [`Checkpoint`], in `state.rs`). A depth's JSON is written last (atomically), so a file
//! without it is unfinished work, discarded on resume; older depths are deleted only after the
//! newer one is complete. A kill loses at most the depth under way. The JSON is believed only
//! when its seal holds and its rows agree with the table ([`census`]).

use crate::analysis::reduced::{Space, Tally};
use rayon::prelude::*;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};

mod dir;
mod state;

pub use dir::{Analysis, Event, Progress, RunError};
pub use state::Checkpoint;
#[cfg(test)]
pub(crate) use state::{census, parse_space, sealed_space};

pub(crate) const UNSEEN: u8 = 0;
pub(crate) const DONE: u8 = 1;
pub(crate) const FRONTIER: u8 = 2;

/// Layout version of the table files (in `space.json`; the depth JSON has its own version).
const FORMAT: u32 = 1;
/// Bytes (4 entries each) per unit of parallel work.
const CHUNK: usize = 1 << 14;
/// Bytes of the next table per unit of merging push lists.
const MERGE_CHUNK: usize = 1 << 22;

/// State of entry `e`.
#[inline]
pub(crate) fn entry(bytes: &[u8], e: u64) -> u8 {
    (bytes[(e >> 2) as usize] >> ((e & 3) * 2)) & 3
}

#[inline]
fn set(bytes: &mut [u8], e: u64, v: u8) {
    let (i, sh) = ((e >> 2) as usize, (e & 3) * 2);
    bytes[i] = (bytes[i] & !(3 << sh)) | v << sh;
}

/// Bytes of a table of `len` entries.
pub fn table_bytes(len: u64) -> usize {
    len.div_ceil(4) as usize
}

/// Depth 0 for the bytes `out` (starting at byte `first`): non-canonical entries and padding
/// are [`DONE`], every other entry [`UNSEEN`] (the goals are set afterwards). Returns the
/// number of unseen entries.
pub(crate) fn init_range(space: &Space, first: usize, out: &mut [u8]) -> u64 {
    let len = space.len();
    let mut unseen = 0;
    for (i, o) in out.iter_mut().enumerate() {
        let mut b = 0u8;
        for q in 0..4u64 {
            let e = (first + i) as u64 * 4 + q;
            let v = if e < len && space.weight(e).is_some() {
                unseen += 1;
                UNSEEN
            } else {
                DONE
            };
            b |= v << (2 * q);
        }
        *o = b;
    }
    unseen
}

/// One pull step for the bytes `out` (starting at byte `first`) of the next depth's table,
/// from the whole previous table `prev`: a pure function of `prev`, so any partition of the
/// table into ranges gives the same result. Returns what the new frontier in the range holds.
pub(crate) fn pull_range(space: &Space, prev: &[u8], first: usize, out: &mut [u8]) -> Tally {
    let mut t = Tally::default();
    for (i, o) in out.iter_mut().enumerate() {
        let old = prev[first + i];
        let mut b = 0u8;
        for q in 0..4u64 {
            let v = (old >> (2 * q)) & 3;
            let nv = if v == UNSEEN {
                let e = (first + i) as u64 * 4 + q;
                if space.any_neighbour(e, |x| entry(prev, x) == FRONTIER) {
                    t += space.weight(e).expect("unseen entries are canonical");
                    FRONTIER
                } else {
                    UNSEEN
                }
            } else {
                DONE
            };
            b |= nv << (2 * q);
        }
        *o = b;
    }
    t
}

/// The previous table's bytes with the frontier retired ([`FRONTIER`] becomes [`DONE`]): the
/// starting point of a push step.
pub(crate) fn retire_range(prev: &[u8], out: &mut [u8]) {
    for (o, &b) in out.iter_mut().zip(prev) {
        // A 2-bit value v becomes v | (v >> 1) & 1 ... i.e. 2 -> 1, others unchanged.
        let hi = b & 0xAA;
        *o = (b & !hi) | (hi >> 1);
    }
}

/// One push step for the bytes `first..first + count` of the previous table: the unseen
/// entries in `keep` next to its frontier entries, sorted, without repeats.
pub(crate) fn push_range(
    space: &Space,
    prev: &[u8],
    first: usize,
    count: usize,
    keep: &Range<u64>,
) -> Vec<u64> {
    let mut out = Vec::new();
    for i in first..first + count {
        let b = prev[i];
        if b & 0xAA == 0 {
            continue;
        }
        for q in 0..4u64 {
            if (b >> (2 * q)) & 3 == FRONTIER {
                space.any_neighbour(i as u64 * 4 + q, |x| {
                    if keep.contains(&x) && entry(prev, x) == UNSEEN {
                        out.push(x);
                    }
                    false
                });
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// Merges push steps' lists (each sorted) into the bytes `out` (starting at byte `first`) of
/// the next table (already [`retire_range`]d): each range takes the listed entries that fall
/// in it, so ranges are merged independently.
pub(crate) fn apply_push(space: &Space, first: usize, out: &mut [u8], lists: &[Vec<u64>]) -> Tally {
    let lo = first as u64 * 4;
    let hi = lo + out.len() as u64 * 4;
    let mut t = Tally::default();
    for l in lists {
        let a = l.partition_point(|&x| x < lo);
        let b = l.partition_point(|&x| x < hi);
        for &x in &l[a..b] {
            if entry(out, x - lo) == UNSEEN {
                set(out, x - lo, FRONTIER);
                t += space.weight(x).expect("unseen entries are canonical");
            }
        }
    }
    t
}

/// Unseen entries in `bytes`: the canonical entries not reached yet (non-canonical entries and
/// padding are [`DONE`]).
pub(crate) fn count_unseen(bytes: &[u8]) -> u64 {
    bytes
        .par_chunks(1 << 20)
        .map(|c| {
            c.iter()
                // A 2-bit field is UNSEEN when both of its bits are clear.
                .map(|&b| u64::from((!(b | b >> 1) & 0x55).count_ones()))
                .sum::<u64>()
        })
        .sum()
}

/// Ranges of a table given to different workers start on multiples of this many bytes (a
/// cache line: ranges written by threads of one machine never share one).
const RANGE_ALIGN: usize = 64;

/// The bytes of a table of `nbytes` that worker `index` of `workers` computes: consecutive,
/// about equal ranges covering the table once (empty when there are more workers than
/// 64-byte lines).
pub fn shard_range(nbytes: usize, workers: usize, index: usize) -> Range<usize> {
    let lines = nbytes.div_ceil(RANGE_ALIGN) as u128;
    let at = |i: usize| {
        let line = (lines * i as u128 / workers.max(1) as u128) as usize;
        (line * RANGE_ALIGN).min(nbytes)
    };
    at(index)..at(index + 1)
}

/// Whether the depth after `cp` is pulled (rather than pushed) when `workers` machines share
/// it. A pull step's cost (every unseen entry looks at its neighbours) is divided among the
/// workers; a push step's (every frontier entry lists its neighbours) is not, as each worker
/// expands the whole frontier and keeps what falls in its range. So pull is chosen once the
/// frontier times the workers reaches `pull_ratio` of the unseen entries. A function of the
/// checkpoint alone: every worker of a depth makes the same choice, and both choices give the
/// same table.
pub fn choose_pull(cp: &Checkpoint, pull_ratio: f64, workers: usize) -> bool {
    let frontier = cp.rows.last().map_or(0, |r| r.unique);
    frontier as f64 * workers.max(1) as f64 >= cp.unseen as f64 * pull_ratio
}

/// What one range of a new depth's table holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RangeTally {
    /// The new frontier.
    pub row: Tally,
    /// Canonical entries still unseen.
    pub unseen: u64,
}

/// Computes the bytes `first..first + out.len()` of a depth's table: depth 0 when `prev` is
/// `None`, else the depth after the table `prev`, by pull or push ([`choose_pull`]). Both are
/// pure functions of `prev`, so any split of the table into ranges, computed anywhere, gives
/// the same table. Parallel (rayon); `progress(done, total)` is called between batches and
/// `None` returned if `stop` is set.
pub fn step_range(
    space: &Space,
    prev: Option<&[u8]>,
    pull: bool,
    first: usize,
    out: &mut [u8],
    stop: &AtomicBool,
    progress: &dyn Fn(usize, usize),
) -> Option<RangeTally> {
    let sp = space;
    let len = out.len();
    // Work goes in batches so progress and interruption are seen between them.
    let batch = CHUNK * 64 * rayon::current_num_threads().max(1);
    let mut row = Tally::default();
    let Some(prev) = prev else {
        let mut unseen = 0u64;
        // Depth 0 of a large space takes as long as a step: in batches too.
        for (b, o) in out.chunks_mut(batch).enumerate() {
            if stop.load(Ordering::Relaxed) {
                return None;
            }
            let base = first + b * batch;
            unseen += o
                .par_chunks_mut(CHUNK)
                .enumerate()
                .map(|(k, o)| init_range(sp, base + k * CHUNK, o))
                .sum::<u64>();
            progress(base - first + o.len(), len);
        }
        let (lo, hi) = (first as u64 * 4, (first + out.len()) as u64 * 4);
        for &g in sp.goals.iter().filter(|&&g| (lo..hi).contains(&g)) {
            if entry(out, g - lo) == UNSEEN {
                set(out, g - lo, FRONTIER);
                row += sp.weight(g).expect("goal entries are canonical");
            }
        }
        progress(out.len(), out.len());
        return Some(RangeTally {
            row,
            unseen: unseen - row.unique,
        });
    };
    if pull {
        for (b, o) in out.chunks_mut(batch).enumerate() {
            if stop.load(Ordering::Relaxed) {
                return None;
            }
            let base = first + b * batch;
            let parts: Vec<Tally> = o
                .par_chunks_mut(CHUNK)
                .enumerate()
                .map(|(k, o)| pull_range(sp, prev, base + k * CHUNK, o))
                .collect();
            for p in parts {
                row += p;
            }
            progress(base - first + o.len(), len);
        }
    } else {
        out.par_chunks_mut(CHUNK)
            .zip(prev[first..first + len].par_chunks(CHUNK))
            .for_each(|(o, p)| retire_range(p, o));
        // The whole frontier is expanded; only the neighbours inside `out` are kept.
        let nbytes = prev.len();
        let keep = first as u64 * 4..(first + len) as u64 * 4;
        let mut at = 0;
        while at < nbytes {
            if stop.load(Ordering::Relaxed) {
                return None;
            }
            let end = (at + batch).min(nbytes);
            let lists: Vec<Vec<u64>> = (at..end)
                .into_par_iter()
                .step_by(CHUNK)
                .map(|i| push_range(sp, prev, i, CHUNK.min(end - i), &keep))
                .collect();
            let parts: Vec<Tally> = out
                .par_chunks_mut(MERGE_CHUNK)
                .enumerate()
                .map(|(k, o)| apply_push(sp, first + k * MERGE_CHUNK, o, &lists))
                .collect();
            for p in parts {
                row += p;
            }
            at = end;
            progress(at, nbytes);
        }
    }
    Some(RangeTally {
        row,
        unseen: count_unseen(out),
    })
}

/// FNV-1a of the chunks' FNV-1a checksums (parallel, and fixed by the table alone).
pub(crate) fn checksum(data: &[u8]) -> u64 {
    let parts: Vec<u64> = data
        .par_chunks(1 << 22)
        .map(crate::toolkit::cache::checksum)
        .collect();
    parts.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &w| {
        (h ^ w).wrapping_mul(0x0000_0100_0000_01b3)
    })
}
