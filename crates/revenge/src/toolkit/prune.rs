//! Distance tables over products of coordinates: breadth-first search with 4-bit entries,
//! split over rayon's threads, switching from pushing the frontier to pulling into unvisited
//! entries once the frontier is large (then most unvisited positions find a parent after a
//! few moves).

use crate::toolkit::coord::Coord;
use crate::toolkit::words::Bytes;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicU8, Ordering};

/// Value of a nibble that has not been reached.
pub const UNSEEN: u8 = 0xF;

/// A table of 4-bit distances indexed by a mixed-radix product of coordinate ids.
pub struct NibbleTable {
    pub len: usize,
    pub data: Bytes,
}

impl NibbleTable {
    /// Distance of entry `i`.
    #[inline]
    pub fn get(&self, i: usize) -> u8 {
        (self.data[i >> 1] >> ((i & 1) * 4)) & 0xF
    }
}

/// Progress reports from a build: (depth just finished, positions at that depth); depth
/// `u32::MAX` reports that the table was capped at 14 (deeper entries read 14).
pub type DepthCallback<'a> = &'a (dyn Fn(u32, u64) + Sync);

/// Breadth-first search over the product of `coords` (ids combined with the first coordinate
/// most significant) from `sources`, using all moves of the coordinates' move tables. Returns the
/// table and the number of positions at each depth.
///
/// With `exact_counts` false the table is a distance table capped at 14 (deeper entries read
/// 14, a lower bound); with it true, the search runs to the end and entries hold distances
/// modulo 15 (for analyses, which only need the counts).
///
/// Once `stop` is set the search ends within a chunk of rows: the counts then hold the depths
/// completed before it (the table is of no use).
pub fn bfs(
    coords: &[&Coord],
    sources: &[usize],
    threads: usize,
    exact_counts: bool,
    on_depth: DepthCallback<'_>,
    stop: Option<&AtomicBool>,
) -> Result<(NibbleTable, Vec<u64>), String> {
    let stopped = || stop.is_some_and(|s| s.load(Ordering::Relaxed));
    let sizes: Vec<usize> = coords.iter().map(|c| c.size).collect();
    let len: usize = sizes.iter().product();
    let nmoves = coords[0].nmoves;
    let cells: Vec<AtomicU8> = (0..len.div_ceil(2)).map(|_| AtomicU8::new(0xFF)).collect();
    let get = |i: usize| -> u8 { (cells[i >> 1].load(Ordering::Relaxed) >> ((i & 1) * 4)) & 0xF };
    // Sets an unseen nibble to `v`; true when this call changed it.
    let set = |i: usize, v: u8| -> bool {
        let shift = (i & 1) * 4;
        let clear = (!v & 0xF) << shift;
        let old = cells[i >> 1].fetch_and(!clear, Ordering::Relaxed);
        (old >> shift) & 0xF == UNSEEN
    };
    let mut counts = vec![0u64];
    for &s in sources {
        if set(s, 0) {
            counts[0] += 1;
        }
    }
    on_depth(0, counts[0]);
    let mut seen = counts[0];
    // Rows: all coordinates but the last; a row's entries are contiguous, so for one row and
    // one move the neighbours of a whole row fall into one other row (cache friendly).
    let nc = sizes.len();
    let last = coords[nc - 1];
    let width = sizes[nc - 1];
    let rows = len / width;
    // Transposed move table of the last coordinate: inner[m][i] = step(i, m).
    let inner: Vec<Vec<u32>> = (0..nmoves)
        .map(|m| (0..width as u32).map(|i| last.step(i, m)).collect())
        .collect();
    let row_ids = |mut r: usize, out: &mut [u32]| {
        for k in (0..nc - 1).rev() {
            out[k] = (r % sizes[k]) as u32;
            r /= sizes[k];
        }
    };
    let row_step = |ids: &[u32], m: usize| -> usize {
        let mut r = 0usize;
        for k in 0..nc - 1 {
            r = r * sizes[k] + coords[k].step(ids[k], m) as usize;
        }
        r
    };
    let chunk = rows.div_ceil(threads.max(1) * 64).max(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()
        .map_err(|e| format!("cannot start {threads} threads: {e}"))?;
    // Depth of the frontier; entries store depth mod 15 when `exact_counts` (15 = unseen).
    let mut depth: u32 = 0;
    let mut truncated = false;
    while seen < len as u64 {
        if depth >= 14 && !exact_counts {
            // Entries are 4 bits and 15 means unseen: everything not reached yet is at least
            // 14 away, and 14 is an admissible (lower-bound) value for it.
            for c in cells.iter() {
                let v = c.load(Ordering::Relaxed);
                let lo = if v & 0xF == UNSEEN { 14 } else { v & 0xF };
                let hi = if v >> 4 == UNSEEN { 14 } else { v >> 4 };
                c.store(lo | hi << 4, Ordering::Relaxed);
            }
            truncated = true;
            break;
        }
        let frontier = *counts.last().expect("depth 0 exists");
        if frontier == 0 {
            break;
        }
        let pull = frontier > (len as u64 - seen) / 4;
        // Stored values of the frontier and of the next layer. Modulo 15, a frontier value
        // also matches entries 15 layers older: pushing from those finds only seen entries, and
        // an unseen entry cannot neighbour them (it would have been reached long ago), so the
        // counts stay exact.
        let (cur, nxt) = ((depth % 15) as u8, ((depth + 1) % 15) as u8);
        let n: u64 = pool.install(|| {
            (0..rows)
                .into_par_iter()
                .step_by(chunk)
                .map_init(
                    || (vec![0u32; nc], Vec::<u32>::with_capacity(width)),
                    |(ids, pending), lo| {
                        let mut mine = 0u64;
                        if stopped() {
                            return 0;
                        }
                        for r in lo..(lo + chunk).min(rows) {
                            let base = r * width;
                            pending.clear();
                            let want = if pull { UNSEEN } else { cur };
                            for i in 0..width {
                                if get(base + i) == want {
                                    pending.push(i as u32);
                                }
                            }
                            if pending.is_empty() {
                                continue;
                            }
                            row_ids(r, ids);
                            for (m, col) in inner.iter().enumerate() {
                                let nb = row_step(ids, m) * width;
                                if pull {
                                    pending.retain(|&i| {
                                        if get(nb + col[i as usize] as usize) == cur {
                                            if set(base + i as usize, nxt) {
                                                mine += 1;
                                            }
                                            false
                                        } else {
                                            true
                                        }
                                    });
                                    if pending.is_empty() {
                                        break;
                                    }
                                } else {
                                    for &i in pending.iter() {
                                        let j = nb + col[i as usize] as usize;
                                        if get(j) == UNSEEN && set(j, nxt) {
                                            mine += 1;
                                        }
                                    }
                                }
                            }
                        }
                        mine
                    },
                )
                .sum()
        });
        depth += 1;
        if n == 0 || stopped() {
            break;
        }
        counts.push(n);
        seen += n;
        on_depth(depth, n);
    }
    if truncated {
        on_depth(u32::MAX, 0);
    }
    let data = cells.into_iter().map(|c| c.into_inner()).collect();
    Ok((
        NibbleTable {
            len,
            data: Bytes::Owned(data),
        },
        counts,
    ))
}
